#!/usr/bin/env bash
# The database's cost per page (issue 25; BENCHMARKS.md, "Database cost per page"): webapp built
# at the commit before the storage merge (830d214^1, accounts in an in-memory actor) against
# webapp built here (accounts in SQLite through GRDB), pinned (server on core 0 with one
# libmicrohttpd thread, wrk -t1 -c8 on core 1), signed in as demo/demo, in interleaved rounds,
# on the deep link, the Dashboard and the Account screen (both read the account's row); then
# instructions and simulated I1/LL misses per request under callgrind for the deep link and the
# Account screen. Prints a markdown table (medians; server CPU µs/request is the figure to read on
# a shared machine, req/s moves with whatever else runs).
#
#   Benchmarks/http/ab_database.sh                         # builds both webapps in release, then measures
#   Benchmarks/http/ab_database.sh OLD_WEBAPP NEW_WEBAPP   # measures two builds already made
#   Benchmarks/http/ab_database.sh OLD NEW --database both --malloc-count .build/bench/malloc_count.so
#                                      # any two builds with SQLite accounts, with mallocs per request
#   BENCH_ROUNDS=3 BENCH_DURATION=5 BENCH_CALLGRIND_REQUESTS=300 BENCH_PAGES=/dashboard BENCH_CALLGRIND_PAGES= …
#
# The "before" build is made in a git worktree at $AB_BEFORE_TREE (default /tmp/webrouter-before-storage);
# remove it afterwards with `git worktree remove`. Needs wrk, taskset and valgrind (apt-get install wrk valgrind).
source "$(dirname "$0")/common.sh"
if [ $# -ge 2 ]; then
    before="$1"; after="$2"; shift 2
else
    base="$(git rev-parse 830d214^1)"
    tree="${AB_BEFORE_TREE:-/tmp/webrouter-before-storage}"
    [ -d "$tree" ] || git worktree add --detach "$tree" "$base"
    echo "==> building webapp at ${base:0:7} (before the storage merge) in $tree"
    (cd "$tree" && "$SWIFT" build -c release --product webapp)
    before="$(cd "$tree" && "$SWIFT" build -c release --show-bin-path)/webapp"
    echo "==> building webapp here ($(git rev-parse --short HEAD))"
    "$SWIFT" build -c release --product webapp
    after="$("$SWIFT" build -c release --show-bin-path)/webapp"
fi
build_preload sigsuspend_shim
build_preload malloc_count   # for --malloc-count
exec python3 Benchmarks/http/ab_database.py --before "$before" --after "$after" --root "$root" \
    --valgrind-shim "$bench_out/sigsuspend_shim.so" "$@"
