#!/usr/bin/env bash
# The HTTP benchmark behind `make bench`: installs wrk, nginx and valgrind when missing, builds
# webapp, the Hummingbird servers (stored bytes; swift-mustache rendering the deep link),
# WebRouter's stored-page server and the raw C libmicrohttpd server in release, then runs run.py
# from the repository root and writes BENCHMARKS.md there: the pinned table (server on core 0
# with one thread, wrk on core 1; CPU µs/request, req/s, mallocs; callgrind instructions and
# simulated cache misses per request) and the unpinned one.
#   BENCH_DURATION=5 BENCH_ROUNDS=3 BENCH_CONNECTIONS=8,64,256 BENCH_PAGES=/feed,/search?q=a Benchmarks/http/run.sh
#   BENCH_MODE=pinned|unpinned|both  BENCH_PINNED_CONNECTIONS=8  BENCH_PINNED_PAGES=…  BENCH_CALLGRIND_PAGES=… (empty: none)
#   BENCH_CALLGRIND_SERVERS=webapp,raw C  BENCH_CALLGRIND_REQUESTS=300
# A quick run (about 3 minutes after the builds):
#   BENCH_MODE=pinned BENCH_ROUNDS=1 BENCH_DURATION=2 BENCH_PAGES=/feed/tournament/5/match/12 \
#   BENCH_CALLGRIND_SERVERS=webapp BENCH_CALLGRIND_REQUESTS=50 BENCH_OUTPUT=/tmp/bench.md Benchmarks/http/run.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
SWIFT="${SWIFT:-swift}"
apt_get() { if [ "$(id -u)" = 0 ]; then apt-get "$@"; else sudo apt-get "$@"; fi; }

missing=()
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v cc >/dev/null 2>&1 || missing+=(gcc)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
command -v valgrind >/dev/null 2>&1 || missing+=(valgrind)
command -v taskset >/dev/null 2>&1 || missing+=(util-linux)
if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libmicrohttpd; then missing+=(pkg-config libmicrohttpd-dev); fi
if [ ${#missing[@]} -gt 0 ]; then
    echo "==> installing ${missing[*]} with apt-get"
    apt_get update -qq
    DEBIAN_FRONTEND=noninteractive apt_get install -y -qq "${missing[@]}"
fi

echo "==> building webapp (release)"
"$SWIFT" build -c release --product webapp
webapp="$("$SWIFT" build -c release --show-bin-path)/webapp"

bench_bin="$("$SWIFT" build -c release --package-path Benchmarks --show-bin-path)"
for product in HummingbirdServer HummingbirdMustacheServer StoredPageServer; do
    echo "==> building $product (release)"
    "$SWIFT" build -c release --package-path Benchmarks --product "$product"
done

echo "==> building the raw C libmicrohttpd server"
out="$root/.build/bench"
mkdir -p "$out"
# shellcheck disable=SC2046
cc -O2 -Wall -o "$out/raw_mhd" Benchmarks/http/raw_mhd.c $(pkg-config --cflags --libs libmicrohttpd)
echo "==> building the allocation counter"
cc -O2 -Wall -shared -fPIC -o "$out/malloc_count.so" Benchmarks/http/malloc_count.c
echo "==> building the sigsuspend shim that valgrind needs for Swift's async main"
cc -O2 -Wall -shared -fPIC -o "$out/sigsuspend_shim.so" Benchmarks/http/sigsuspend_shim.c

nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
exec python3 Benchmarks/http/run.py --webapp "$webapp" --raw "$out/raw_mhd" --hummingbird "$bench_bin/HummingbirdServer" \
    --stored "$bench_bin/StoredPageServer" --mustache "$bench_bin/HummingbirdMustacheServer" \
    --nginx "$nginx_bin" --malloc-count "$out/malloc_count.so" --valgrind-shim "$out/sigsuspend_shim.so" \
    --root "$root" "$@"
