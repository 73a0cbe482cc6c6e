#!/usr/bin/env bash
# Issue 47 (`make bench-compression`): what compressing the demo's pages saves on the wire and
# costs the server; prints the tables (BENCHMARKS.md, "Compression: when it pays"). Builds webapp
# in release, raw_mhd and compressor_cost (libdeflate, brotli, the runtime libzstd), installs wrk
# when missing, then runs compression.py (see there).
#   BENCH_PAGES=/dashboard,/search?q=a BENCH_ROUNDS=3 BENCH_DURATION=4 Benchmarks/http/compression.sh [--no-cpu]
source "$(dirname "$0")/common.sh"
need wrk
need taskset util-linux
need python3
need_pkg libmicrohttpd libmicrohttpd-dev
need_pkg libdeflate libdeflate-dev
need_pkg libbrotlienc libbrotli-dev
install_missing
echo "==> building webapp (release)"
"$SWIFT" build -c release --product webapp
webapp="$("$SWIFT" build -c release --show-bin-path)/webapp"
build_raw_mhd
# libzstd1 (the runtime library) is on every Debian; its four functions are declared in the file.
cc -O2 -Wall -o "$bench_out/compressor_cost" Benchmarks/http/compressor_cost.c -ldeflate -lbrotlienc -l:libzstd.so.1
exec python3 Benchmarks/http/compression.py --webapp "$webapp" --raw "$bench_out/raw_mhd" \
    --cost "$bench_out/compressor_cost" --root "$root" "$@"
