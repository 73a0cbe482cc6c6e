#!/usr/bin/env python3
"""Instructions per request that metrics and traces add, under callgrind: TelemetryCost answers
the deep link in process N and N + K times in each mode; (Ir(N + K) − Ir(N)) / K is a request's
cost without start-up. Run from Benchmarks/telemetry after `swift build -c release`.

    python3 telemetry_cost.py [N] [K]
"""
import re
import subprocess
import sys
import tempfile

N = int(sys.argv[1]) if len(sys.argv) > 1 else 200
K = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
BINARY = ".build/release/TelemetryCost"


def instructions(mode, requests):
    with tempfile.NamedTemporaryFile(prefix="callgrind-") as out:
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}", BINARY, mode, str(requests)],
                       check=True, capture_output=True)
        text = open(out.name).read()
    return int(re.search(r"^(?:summary|totals): (\d+)", text, re.M).group(1))


results = {}
for mode in ["none", "noop", "memory"]:
    results[mode] = (instructions(mode, N + K) - instructions(mode, N)) / K
    print(f"{mode:7} {results[mode]:12,.0f} instructions/request", flush=True)
base = results["none"]
for mode in ["noop", "memory"]:
    print(f"{mode} − none: {results[mode] - base:+,.0f} ({(results[mode] - base) / base * 100:+.1f} %)")
