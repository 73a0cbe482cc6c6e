#!/usr/bin/env bash
# Issue 42 (`make bench-data`): a page that reads one record and a page that writes one, on SQLite
# and on PostgreSQL, against raw C sending the same bytes; prints the table (BENCHMARKS.md,
# "Reading and writing a record"). Builds webapp in release with the PostgreSQL trait, raw_mhd,
# installs wrk and PostgreSQL when missing, then runs data_pages.py (see there). Needs root
# (PostgreSQL runs as `postgres` through runuser).
#   BENCH_ROUNDS=3 BENCH_DURATION=4 Benchmarks/http/data_pages.sh
source "$(dirname "$0")/common.sh"
need wrk
need taskset util-linux
need python3
need_file /usr/lib/postgresql/15/bin/initdb postgresql
need_pkg libmicrohttpd libmicrohttpd-dev
install_missing
echo "==> building webapp (release, with the PostgreSQL trait)"
"$SWIFT" build -c release --product webapp --traits default,PostgreSQL
webapp="$("$SWIFT" build -c release --traits default,PostgreSQL --show-bin-path)/webapp"
build_raw_mhd
exec python3 Benchmarks/http/data_pages.py --webapp "$webapp" --raw "$bench_out/raw_mhd" --root "$root" "$@"
