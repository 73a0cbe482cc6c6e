#!/usr/bin/env python3
"""What compressing a page saves against what it costs (issue 47; `make bench-compression`,
BENCHMARKS.md "Compression: when it pays").

For each page (signed in as demo/demo, a returning visitor's cookie), from one webapp:
- the exact response bytes (status line and header lines, body) webapp sends to Chromium's
  request (run.CHROMIUM_HEADERS, `Accept-Encoding: gzip, deflate, br, zstd`) and to the same
  request without `Accept-Encoding` (identity);
- the body's size uncompressed, gzip (libdeflate 1, the per-response level; 12, static files),
  br (quality 1, 5, 11) and zstd (1, 3), with each compressor's CPU time per call
  (compressor_cost.c: CLOCK_THREAD_CPUTIME_ID, best of 7 batches);
- whether each fits the first round trip: TCP segments of 1,448 payload bytes (MSS 1,460 minus
  the timestamp option) against the initial congestion window of 10 (RFC 6928: 14,480 bytes),
  and the time to the last byte on two phone profiles (Chrome DevTools' "Slow 4G": 150 ms RTT,
  1.6 Mbit/s down; "Fast 4G": 60 ms RTT, 9 Mbit/s), modelled as round trips of slow start
  (10, 20, 40 … segments a flight) plus the bytes' serialisation at that bandwidth;
- the server's CPU per request (utime + stime from /proc/PID/stat ÷ requests) for Chromium's
  request and the identity one, webapp `taskset -c 0 --threads 1`, wrk -t1 -c8 `taskset -c 1`,
  ROUNDS interleaved rounds of DURATION s, with raw C (raw_mhd.c) sending the same bytes.

    python3 Benchmarks/http/compression.py --webapp BIN --raw BIN --cost BIN [--pages /a,/b] [--rounds 3]
"""

import argparse
import datetime
import math
import os
import socket
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402

PAGES = ["/feed/tournament/5/match/12", "/dashboard", "/search?q=a", "/feed/nowhere"]  # the last: the 404 page, the smallest page
MSS = 1448  # payload bytes of a segment: MSS 1,460 (MTU 1,500) less the 12-byte timestamp option
INITIAL_WINDOW = 10  # segments (RFC 6928; Linux's default initcwnd)
PROFILES = [("Slow 4G", 0.150, 1.6e6), ("Fast 4G", 0.060, 9e6)]  # name, RTT (s), bandwidth down (bit/s)


def exchange(port, path, headers):
    """The response's head (status line and header lines, as sent) and body for one GET."""
    lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}"] + [f"{n}: {v}" for n, v in headers] + ["Connection: close"]
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        data = b""
        while chunk := connection.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return head + b"\r\n\r\n", body


def header_value(head, name):
    for line in head.decode("latin-1").split("\r\n")[1:]:
        key, _, value = line.partition(":")
        if key.strip().lower() == name.lower():
            return value.strip()
    return None


def segments(wire_bytes):
    return math.ceil(wire_bytes / MSS)


def time_to_last_byte(wire_bytes, rtt, bandwidth):
    """Seconds from sending the request to the response's last byte: one round trip per flight of
    slow start (the initial window, then doubling) plus serialising the bytes at `bandwidth`."""
    left, window, flights = segments(wire_bytes), INITIAL_WINDOW, 0
    while left > 0:
        left -= window
        window *= 2
        flights += 1
    return flights * rtt + wire_bytes * 8 / bandwidth


def compressor_costs(cost_binary, bodies, work):
    files = []
    for path, body in bodies.items():
        name = os.path.join(work, f"page-{len(files)}.html")
        with open(name, "wb") as file:
            file.write(body)
        files.append((name, path))
    output = subprocess.run(["taskset", "-c", "0", cost_binary, "-n", "200"] + [f for f, _ in files],
                            capture_output=True, text=True, check=True).stdout
    by_file = dict(files)
    costs = {}
    for line in output.splitlines():
        name, coding, level, size, ns = line.split()
        costs.setdefault(by_file[name], {})[(coding, int(level))] = (int(size), float(ns) / 1000)
    return costs


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--webapp", required=True)
    parser.add_argument("--raw", required=True, help="raw_mhd built from raw_mhd.c")
    parser.add_argument("--cost", required=True, help="compressor_cost built from compressor_cost.c")
    parser.add_argument("--root", default=os.getcwd())
    parser.add_argument("--pages", default=os.environ.get("BENCH_PAGES", ",".join(PAGES)))
    parser.add_argument("--rounds", type=int, default=int(os.environ.get("BENCH_ROUNDS", "3")))
    parser.add_argument("--duration", type=int, default=int(os.environ.get("BENCH_DURATION", "4")))
    parser.add_argument("--no-cpu", action="store_true", help="sizes and compressors only, no wrk runs")
    args = parser.parse_args()
    pages = [p for p in args.pages.split(",") if p]
    started = datetime.datetime.now(datetime.timezone.utc)
    load_before = os.getloadavg()
    chromium = list(run.CHROMIUM_HEADERS)
    identity = [(n, v) for n, v in chromium if n != "Accept-Encoding"]
    env = dict(os.environ, WEBROUTER_SECRET=run.SECRET)
    with tempfile.TemporaryDirectory(prefix="webrouter-compression-") as work:
        env["WEBAPP_DATABASE"] = os.path.join(work, "webapp.sqlite")
        port = run.free_port()
        argv = [args.webapp, "--port", str(port), "--public", "Public", "--threads", "1", "--no-access-log",
                "--connections-per-client", "0", "--live-goal-interval", "0"]
        server = run.Server("webapp", run.pinned(argv, 0), port, cwd=args.root, env=env)
        answers, cookies, cpu = {}, {}, {}
        raws = []
        try:
            signed_in = run.sign_in(port)
            for path in pages:
                _, headers, _ = run.request(port, "GET", path, {"Cookie": signed_in})
                jar = dict(pair.split("=", 1) for pair in signed_in.split("; "))
                jar.update(run.cookies_from(headers))
                cookies[path] = "; ".join(f"{k}={v}" for k, v in jar.items())
                for variant, headers in (("chromium", chromium), ("identity", identity)):
                    head, body = exchange(port, path, [("Cookie", cookies[path])] + headers)
                    if not head.startswith((b"HTTP/1.1 200", b"HTTP/1.1 404")):  # the small page: the 404 page
                        raise RuntimeError(f"{path} answered {head.splitlines()[0]}")
                    answers[(path, variant)] = (head, body)
                print(f"{path}: {len(answers[(path, 'identity')][1]):,} B, to Chromium "
                      f"{len(answers[(path, 'chromium')][1]):,} B {header_value(answers[(path, 'chromium')][0], 'Content-Encoding') or 'identity'}",
                      file=sys.stderr)
            costs = compressor_costs(args.cost, {p: answers[(p, "identity")][1] for p in pages}, work)
            if not args.no_cpu:
                # raw C sends webapp's bytes for each page and variant.
                raw = {}
                for path in pages:
                    for variant in ("chromium", "identity"):
                        head, body = answers[(path, variant)]
                        base = os.path.join(work, f"raw-{len(raw)}")
                        with open(base + ".body", "wb") as file:
                            file.write(body)
                        with open(base + ".headers", "w") as file:
                            file.writelines(line + "\n" for line in head.decode("latin-1").split("\r\n")[1:] if line)
                        raw_port = run.free_port()
                        raw[(path, variant)] = run.Server("raw C", run.pinned([args.raw, str(raw_port), base + ".body", "1"], 0),
                                                          raw_port, env=dict(env, RAW_HEADERS=base + ".headers"))
                        raws.append(raw[(path, variant)])
                for round_index in range(args.rounds):
                    for path in pages:
                        for variant, headers in (("chromium", chromium), ("identity", identity)):
                            for name, target in (("webapp", server), ("raw C", raw[(path, variant)])):
                                before = target.cpu_seconds()
                                requests, rate, _, errors = run.run_wrk(target.port, path, 8, args.duration, cookies[path],
                                                                        threads=1, core=1, headers=headers)
                                used = (target.cpu_seconds() - before) / max(requests, 1) * 1e6
                                if errors:
                                    print(f"    {name} {path} {variant}: {errors}", file=sys.stderr)
                                cpu.setdefault((path, variant, name), []).append(used)
                                print(f"round {round_index + 1} {path:30} {variant:9} {name:7} {used:7.1f} µs CPU/req "
                                      f"{rate:9.0f} req/s", file=sys.stderr)
        finally:
            server.stop()
            for r in raws:
                r.stop()
    print(report(pages, answers, costs, cpu, args, started, load_before, os.getloadavg()))


def report(pages, answers, costs, cpu, args, started, load_before, load_after):
    lines = [f"Measured {started:%Y-%m-%d %H:%M} UTC by `make bench-compression` (Benchmarks/http/compression.py); "
             f"load average {load_before[0]:.1f} before, {load_after[0]:.1f} after.", ""]
    # Bytes and compressor time per call.
    codings = [("gzip", 1), ("gzip", 12), ("br", 1), ("br", 5), ("br", 11), ("zstd", 1), ("zstd", 3)]
    lines += ["Body bytes and the compressor's CPU time per call (µs), per coding and level:", "",
              "| page | identity | " + " | ".join(f"{c} {l}" for c, l in codings) + " |",
              "| --- | ---: | " + " | ".join("---:" for _ in codings) + " |"]
    for path in pages:
        cells = [f"{costs[path][k][0]:,} B, {costs[path][k][1]:.1f} µs" for k in codings]
        lines.append(f"| `{path}` | {costs[path][('identity', 0)][0]:,} B | " + " | ".join(cells) + " |")
    # The wire: head + body, segments, first round trip, time to the last byte.
    lines += ["", "On the wire (status line and headers as webapp sends them, plus the body): segments of "
              f"{MSS:,} B, whether it fits the initial window of {INITIAL_WINDOW} segments ({MSS * INITIAL_WINDOW:,} B), "
              "time to the last byte on each profile:", "",
              "| page | sent as | head B | body B | segments | first round trip | "
              + " | ".join(f"{name} ({rtt * 1000:.0f} ms, {bw / 1e6:g} Mbit/s)" for name, rtt, bw in PROFILES) + " |",
              "| --- | --- | ---: | ---: | ---: | --- | " + " | ".join("---:" for _ in PROFILES) + " |"]
    for path in pages:
        identity_head, identity_body = answers[(path, "identity")]
        chromium_head, chromium_body = answers[(path, "chromium")]
        encoding = header_value(chromium_head, "Content-Encoding") or "identity"
        rows = [("identity", len(identity_head), len(identity_body))]
        if encoding != "identity":
            rows.append((f"{encoding} (as sent)", len(chromium_head), len(chromium_body)))
        else:
            # What gzip level 1 would have sent: the same head plus `Content-Encoding: gzip`.
            rows.append(("gzip 1 (not sent)", len(identity_head) + len("Content-Encoding: gzip\r\n"), costs[path][("gzip", 1)][0]))
        rows.append(("br 5 (estimate)", len(identity_head) + len("Content-Encoding: br\r\n"), costs[path][("br", 5)][0]))
        rows.append(("zstd 3 (estimate)", len(identity_head) + len("Content-Encoding: zstd\r\n"), costs[path][("zstd", 3)][0]))
        for label, head, body in rows:
            wire = head + body
            fits = "yes" if segments(wire) <= INITIAL_WINDOW else f"no ({segments(wire)} segments)"
            times = " | ".join(f"{time_to_last_byte(wire, rtt, bw) * 1000:.0f} ms" for _, rtt, bw in PROFILES)
            lines.append(f"| `{path}` | {label} | {head:,} | {body:,} | {segments(wire)} | {fits} | {times} |")
    if cpu:
        lines += ["", f"Server CPU µs per request, pinned (webapp `--threads 1` on core 0, wrk -t1 -c8 on core 1), "
                  f"{args.rounds} interleaved rounds of {args.duration} s, medians; raw C sends the same bytes:", "",
                  "| page | request | sent as | webapp CPU µs/req | each round | raw C | webapp ÷ raw C |",
                  "| --- | --- | --- | ---: | ---: | ---: | ---: |"]
        for path in pages:
            for variant in ("chromium", "identity"):
                head, body = answers[(path, variant)]
                sent = f"{header_value(head, 'Content-Encoding') or 'identity'}, {len(body):,} B"
                webapp = statistics.median(cpu[(path, variant, "webapp")])
                raw = statistics.median(cpu[(path, variant, "raw C")])
                each = ", ".join(f"{c:.1f}" for c in cpu[(path, variant, "webapp")])
                label = "Chromium's" if variant == "chromium" else "without Accept-Encoding"
                lines.append(f"| `{path}` | {label} | {sent} | {webapp:.1f} | {each} | {raw:.1f} | {webapp / raw:.1f}× |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
