#!/usr/bin/env python3
"""What a hover-prefetch costs the server (issue 32): the demo's deep link
(/feed/tournament/5/match/12, signed in as demo/demo) requested as a visit and as Chromium's
speculative requests (`Sec-Purpose: prefetch`, and `prefetch;prerender`), with the headers
Chromium sends (its Accept and `Accept-Encoding: gzip, deflate, br, zstd`).

For each kind it prints the server's CPU time per request (utime + stime from /proc/PID/stat
over N keep-alive requests, pinned to core 0 with one thread; median of ROUNDS interleaved
rounds), the bytes on the wire (status line, headers and body), whether the answer sets a
cookie (the tab's memory: a visit may, a prefetch must not) and the access log line's ending
(a prefetch is logged as one, not as a visit). With --callgrind N, the instructions per request
of N requests under callgrind too (repeatable under load).

    python3 Benchmarks/http/prefetch_cost.py --binary .build/release/webapp [--requests 2000] [--rounds 3] [--callgrind 100]
"""
import argparse
import http.client
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402

PATH = "/feed/tournament/5/match/12"
BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
           "Accept-Encoding": "gzip, deflate, br, zstd"}
KINDS = {"visit": {}, "prefetch": {"Sec-Purpose": "prefetch"}, "prerender": {"Sec-Purpose": "prefetch;prerender"}}


def one(port, cookie, extra):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", PATH, headers={"Cookie": cookie, **BROWSER, **extra})
    response = connection.getresponse()
    body = response.read()
    head = f"HTTP/1.1 {response.status} {response.reason}\r\n" + "".join(
        f"{name}: {value}\r\n" for name, value in response.getheaders()) + "\r\n"
    connection.close()
    cookies = [value.split("=", 1)[0] for name, value in response.getheaders() if name.lower() == "set-cookie"]
    return response.status, len(head.encode()) + len(body), cookies, response.getheader("Content-Encoding")


def cpu_per_request(server, cookie, extra, requests):
    serve, connection = run.keep_alive_client(server.port, PATH, cookie, "webapp", headers=tuple({**BROWSER, **extra}.items()))
    serve(20)
    before = sum(server.cpu_split())
    serve(requests)
    after = sum(server.cpu_split())
    connection.close()
    return (after - before) / requests * 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--root", default=os.getcwd())
    parser.add_argument("--callgrind", type=int, default=0)
    parser.add_argument("--valgrind-shim")
    args = parser.parse_args()
    env = dict(os.environ, WEBROUTER_SECRET=run.SECRET)
    with tempfile.TemporaryDirectory(prefix="webrouter-prefetch-") as work:
        env["WEBAPP_DATABASE"] = os.path.join(work, "webapp.sqlite")
        # The access log's lines: one server with its log, one request of each kind.
        port = run.free_port()
        log_path = os.path.join(work, "access.log")
        with open(log_path, "w") as log:
            logged = subprocess.Popen([args.binary, "--port", str(port), "--public", "Public", "--threads", "1",
                                       "--live-goal-interval", "0"],
                                      cwd=args.root, env=env, stdout=subprocess.DEVNULL, stderr=log)
            try:
                run.wait_for_port(port, logged)
                cookie = run.sign_in(port)
                answers = {kind: one(port, cookie, extra) for kind, extra in KINDS.items()}
            finally:
                logged.terminate()
                logged.wait()
        lines = [line.rstrip() for line in open(log_path) if f"GET {PATH.split('?')[0]}" in line]
        for kind, (status, size, cookies, encoding) in answers.items():
            print(f"{kind:10} status {status}  {size:6,} bytes on the wire ({encoding})  sets cookies: {', '.join(cookies) or 'none'}")
        print("access log:")
        for line in lines:
            print("   ", line[-110:])

        port = run.free_port()
        argv = [args.binary, "--port", str(port), "--public", "Public", "--threads", "1", "--no-access-log", "--live-goal-interval", "0"]
        server = run.Server("webapp", run.pinned(argv, 0), port, cwd=args.root, env=env)
        try:
            cookie = run.sign_in(port)
            results = {}
            for round_index in range(args.rounds):
                order = list(KINDS.items())
                if round_index % 2:
                    order.reverse()
                for kind, extra in order:
                    results.setdefault(kind, []).append(cpu_per_request(server, cookie, extra, args.requests))
        finally:
            server.stop()
        for kind in KINDS:
            print(f"{kind:10} {statistics.median(results[kind]):7.1f} µs CPU per request (median of {args.rounds}: "
                  + ", ".join(f"{value:.1f}" for value in results[kind]) + ")")

        if args.callgrind:
            for kind, extra in KINDS.items():
                probe_port = run.free_port()
                probe = run.Server("probe", [args.binary, "--port", str(probe_port), "--public", "Public", "--threads", "1",
                                             "--no-access-log", "--live-goal-interval", "0"], probe_port, cwd=args.root, env=env)
                try:
                    cookie = run.sign_in(probe_port)
                finally:
                    probe.stop()
                port = run.free_port()
                argv = [args.binary, "--port", str(port), "--public", "Public", "--threads", "1", "--no-access-log",
                        "--live-goal-interval", "0"]
                counts = run.callgrind_per_request(argv, port, PATH, cookie, work, env=env, cwd=args.root, warmup=20,
                                                   measured=args.callgrind, shim=args.valgrind_shim,
                                                   headers=tuple({**BROWSER, **extra}.items()))
                print(f"{kind:10} {counts['Ir']:11,.0f} instructions per request (callgrind, {args.callgrind} requests)", flush=True)


if __name__ == "__main__":
    main()
