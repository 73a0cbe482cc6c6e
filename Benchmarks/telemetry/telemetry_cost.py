#!/usr/bin/env python3
"""Instructions per request that metrics and traces add, under callgrind: TelemetryCost answers
the deep link in process N and N + K times in each mode; (Ir(N + K) − Ir(N)) / K is a request's
cost without start-up. Run from Benchmarks/telemetry after `swift build -c release`. As
Benchmarks/http/run.py does, the binary runs without its DWARF (valgrind 3.19 gives up on
clang's DWARF 5) and with ../http/sigsuspend_shim.c preloaded (valgrind 3.19 and Swift's async main).

    python3 telemetry_cost.py [N] [K]
"""
import os
import re
import subprocess
import sys
import tempfile

N = int(sys.argv[1]) if len(sys.argv) > 1 else 200
K = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
HERE = os.path.dirname(os.path.abspath(__file__))
BINARY = os.path.join(HERE, ".build/release/TelemetryCost")
STRIPPED = BINARY + ".nodebug"
SHIM = os.path.join(HERE, ".build/sigsuspend_shim.so")
subprocess.run(["objcopy", "--strip-debug", BINARY, STRIPPED], check=True)
subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", SHIM, os.path.join(HERE, "../http/sigsuspend_shim.c")], check=True)


def instructions(mode, requests):
    with tempfile.NamedTemporaryFile(prefix="callgrind-") as out:
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}", STRIPPED, mode, str(requests)],
                       check=True, capture_output=True, env=dict(os.environ, LD_PRELOAD=SHIM))
        text = open(out.name).read()
    return int(re.search(r"^(?:summary|totals): (\d+)", text, re.M).group(1))


results = {}
for mode in ["none", "noop", "memory"]:
    results[mode] = (instructions(mode, N + K) - instructions(mode, N)) / K
    print(f"{mode:7} {results[mode]:12,.0f} instructions/request", flush=True)
base = results["none"]
for mode in ["noop", "memory"]:
    print(f"{mode} − none: {results[mode] - base:+,.0f} ({(results[mode] - base) / base * 100:+.1f} %)")
