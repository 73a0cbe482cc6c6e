#!/usr/bin/env bash
# TechEmpower's Fortunes test behind `make fortunes` (issue 35): builds FortunesWebRouter (run
# twice: PostgresNIO, and libpq on the request's thread), FortunesHummingbird (Benchmarks
# package) and the raw C libmicrohttpd server in release, then
# runs fortunes.py from the repository root, which starts its own PostgreSQL 15 cluster, checks
# every server's page against the expected HTML, measures them pinned and writes the "Fortunes"
# section of BENCHMARKS.md. Needs root (PostgreSQL runs as the `postgres` user through runuser).
#   BENCH_ROUNDS=3 BENCH_DURATION=5 BENCH_FORTUNES_CALLGRIND=1 BENCH_OUTPUT=/tmp/fortunes.md Benchmarks/http/fortunes.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
SWIFT="${SWIFT:-swift}"
apt_get() { if [ "$(id -u)" = 0 ]; then apt-get "$@"; else sudo apt-get "$@"; fi; }

missing=()
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
[ -x "${POSTGRES_BIN:-/usr/lib/postgresql/15/bin}/initdb" ] || missing+=(postgresql)
command -v valgrind >/dev/null 2>&1 || missing+=(valgrind)
if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libmicrohttpd; then missing+=(pkg-config libmicrohttpd-dev); fi
pkg-config --exists libpq 2>/dev/null || missing+=(libpq-dev)   # FortunesWebRouter's FORTUNES_DRIVER=libpq
if [ ${#missing[@]} -gt 0 ]; then
    echo "==> installing ${missing[*]} with apt-get"
    apt_get update -qq
    DEBIAN_FRONTEND=noninteractive apt_get install -y -qq "${missing[@]}"
fi

bench_bin="$("$SWIFT" build -c release --package-path Benchmarks --show-bin-path)"
for product in FortunesWebRouter FortunesHummingbird; do
    echo "==> building $product (release)"
    "$SWIFT" build -c release --package-path Benchmarks --product "$product"
done
out="$root/.build/bench"
mkdir -p "$out"
echo "==> building the raw C libmicrohttpd server and the sigsuspend shim"
# shellcheck disable=SC2046
cc -O2 -Wall -o "$out/raw_mhd" Benchmarks/http/raw_mhd.c $(pkg-config --cflags --libs libmicrohttpd)
cc -O2 -Wall -shared -fPIC -o "$out/sigsuspend_shim.so" Benchmarks/http/sigsuspend_shim.c

exec python3 Benchmarks/http/fortunes.py --webrouter "$bench_bin/FortunesWebRouter" \
    --hummingbird "$bench_bin/FortunesHummingbird" --raw "$out/raw_mhd" --valgrind-shim "$out/sigsuspend_shim.so" "$@"
