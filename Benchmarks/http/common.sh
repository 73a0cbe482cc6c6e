# Sourced by the benchmark scripts (run.sh, fortunes.sh, ab_database.sh): strict mode, the
# repository root as working directory, $SWIFT, installing what is missing with apt-get, and the
# C helpers they build into .build/bench.
#   source "$(dirname "$0")/common.sh"
#   need wrk; need cc gcc; need_pkg libmicrohttpd libmicrohttpd-dev; install_missing
#   build_raw_mhd; build_preload sigsuspend_shim
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
SWIFT="${SWIFT:-swift}"
bench_out="$root/.build/bench"
apt_get() { if [ "$(id -u)" = 0 ]; then apt-get "$@"; else sudo apt-get "$@"; fi; }

missing=()
# need COMMAND [PACKAGE]: installs PACKAGE (default: COMMAND) unless COMMAND is on PATH or in /usr/sbin.
need() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] || missing+=("${2:-$1}"); }
# need_file PATH PACKAGE: installs PACKAGE unless PATH is executable.
need_file() { [ -x "$1" ] || missing+=("$2"); }
# need_pkg MODULE PACKAGE: installs pkg-config and PACKAGE unless pkg-config knows MODULE.
need_pkg() {
    if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists "$1"; then missing+=(pkg-config "$2"); fi
}
install_missing() {
    if [ ${#missing[@]} -gt 0 ]; then
        echo "==> installing ${missing[*]} with apt-get"
        apt_get update -qq
        DEBIAN_FRONTEND=noninteractive apt_get install -y -qq "${missing[@]}"
    fi
}

# The raw C libmicrohttpd server every HTTP benchmark compares against: $bench_out/raw_mhd.
build_raw_mhd() {
    mkdir -p "$bench_out"
    # shellcheck disable=SC2046
    cc -O2 -Wall -o "$bench_out/raw_mhd" Benchmarks/http/raw_mhd.c $(pkg-config --cflags --libs libmicrohttpd)
}

# build_preload NAME: Benchmarks/http/NAME.c as $bench_out/NAME.so (malloc_count counts
# allocations; sigsuspend_shim lets valgrind run Swift's async main).
build_preload() {
    mkdir -p "$bench_out"
    cc -O2 -Wall -shared -fPIC -o "$bench_out/$1.so" "Benchmarks/http/$1.c"
}
