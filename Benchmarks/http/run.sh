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
source "$(dirname "$0")/common.sh"

need wrk
need nginx
need cc gcc
need python3
need valgrind
need taskset util-linux
need_pkg libmicrohttpd libmicrohttpd-dev
install_missing

echo "==> building webapp (release)"
"$SWIFT" build -c release --product webapp
webapp="$("$SWIFT" build -c release --show-bin-path)/webapp"

bench_bin="$("$SWIFT" build -c release --package-path Benchmarks --show-bin-path)"
for product in HummingbirdServer HummingbirdMustacheServer StoredPageServer; do
    echo "==> building $product (release)"
    "$SWIFT" build -c release --package-path Benchmarks --product "$product"
done

echo "==> building the raw C libmicrohttpd server"
build_raw_mhd
echo "==> building the allocation counter"
build_preload malloc_count
echo "==> building the sigsuspend shim that valgrind needs for Swift's async main"
build_preload sigsuspend_shim

nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
exec python3 Benchmarks/http/run.py --webapp "$webapp" --raw "$bench_out/raw_mhd" --hummingbird "$bench_bin/HummingbirdServer" \
    --stored "$bench_bin/StoredPageServer" --mustache "$bench_bin/HummingbirdMustacheServer" \
    --nginx "$nginx_bin" --malloc-count "$bench_out/malloc_count.so" --valgrind-shim "$bench_out/sigsuspend_shim.so" \
    --root "$root" "$@"
