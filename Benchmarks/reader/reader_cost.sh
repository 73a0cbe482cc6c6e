#!/bin/bash
# Instructions per JSON page state of a saved page, parse + read + write only (no server):
#   Benchmarks/reader/reader_cost.sh TREE PAGE.html URL [OUT.json]
# TREE is a checkout (or worktree) of WebRouter. Builds Benchmarks/reader/page_state_harness.swift
# against TREE's WebRouterHTML and PageState sources with swiftc -O in a temporary directory,
# runs it 0 and 100 times under callgrind and prints (difference) / 100; with OUT.json it also
# writes the page state, to compare two trees' bytes with cmp.
set -euo pipefail
tree=$(cd "$1" && pwd); page=$(realpath "$2"); url=$3; out=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swiftc -O -wmo -parse-as-library -module-name WebRouterHTML -package-name webrouter \
    -emit-module -emit-module-path "$work/WebRouterHTML.swiftmodule" \
    -c $(find "$tree/Sources/WebRouterHTML" -name '*.swift') -o "$work/html.o"
(cd "$work" && swiftc -O -wmo -parse-as-library -module-name Harness -package-name webrouter -I "$work" \
    "$tree"/Sources/WebRouter/PageState/*.swift "$tree/Sources/WebRouter/Page/Landmark.swift" \
    "$here/page_state_harness.swift" "$work/html.o" -o "$work/harness")
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/harness" "$page" "$url" "$1" 2>&1 | sed -n 's/.*I *refs: *//p' | tr -d ,; }
none=$(count 0); hundred=$(count 100)
echo "$page $url: $(( (hundred - none) / 100 )) instructions per JSON page state"
if [ -n "$out" ]; then "$work/harness" "$page" "$url" 1 "$out"; fi
