#!/usr/bin/env bash
# TechEmpower's Fortunes test behind `make fortunes` (issue 35): builds FortunesWebRouter (run
# twice: PostgresNIO, and libpq on the request's thread), FortunesHummingbird (Benchmarks
# package) and the raw C libmicrohttpd server in release, then
# runs fortunes.py from the repository root, which starts its own PostgreSQL 15 cluster, checks
# every server's page against the expected HTML, measures them pinned and writes the "Fortunes"
# section of BENCHMARKS.md. Needs root (PostgreSQL runs as the `postgres` user through runuser).
#   BENCH_ROUNDS=3 BENCH_DURATION=5 BENCH_FORTUNES_CALLGRIND=1 BENCH_OUTPUT=/tmp/fortunes.md Benchmarks/http/fortunes.sh
source "$(dirname "$0")/common.sh"

need wrk
need_file "${POSTGRES_BIN:-/usr/lib/postgresql/15/bin}/initdb" postgresql
need valgrind
need_pkg libmicrohttpd libmicrohttpd-dev
need_pkg libpq libpq-dev   # FortunesWebRouter's FORTUNES_DRIVER=libpq
install_missing

bench_bin="$("$SWIFT" build -c release --package-path Benchmarks --show-bin-path)"
for product in FortunesWebRouter FortunesHummingbird; do
    echo "==> building $product (release)"
    "$SWIFT" build -c release --package-path Benchmarks --product "$product"
done
echo "==> building the raw C libmicrohttpd server and the sigsuspend shim"
build_raw_mhd
build_preload sigsuspend_shim

exec python3 Benchmarks/http/fortunes.py --webrouter "$bench_bin/FortunesWebRouter" \
    --hummingbird "$bench_bin/FortunesHummingbird" --raw "$bench_out/raw_mhd" --valgrind-shim "$bench_out/sigsuspend_shim.so" "$@"
