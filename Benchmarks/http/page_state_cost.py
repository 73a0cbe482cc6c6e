#!/usr/bin/env python3
"""What a page costs as HTML and as its JSON page state (issue 30: the reader must be linear in
the page, so JSON costs at most 2x its HTML page). For each webapp build given, pinned to core 0
with one thread, signed in as demo/demo, it sends N keep-alive GETs of each page with a browser's
Accept and then with `Accept: application/json`, and prints the server's CPU time per request
(utime + stime from /proc/PID/stat over the run). Builds are measured interleaved, ROUNDS times;
medians are printed.

    python3 Benchmarks/http/page_state_cost.py BUILD [BUILD ...] [--requests 2000] [--rounds 3] [--callgrind 50] [--keep DIR]

With --callgrind N it also counts, for each build, page and kind, the instructions per request of
N requests under callgrind (after 20 warm-up requests; see run.callgrind_per_request); --keep DIR
keeps each dump as DIR/callgrind.buildB.pageP.KIND for callgrind_annotate --inclusive=yes.
"""

import argparse
import http.client
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402

PAGES = ["/feed/tournament/5/match/12", "/search?q=a"]
ACCEPTS = {"html": "text/html,application/xhtml+xml,*/*;q=0.8", "json": "application/json"}


def cpu_per_request(server, path, accept, cookie, requests):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    headers = {"Accept": accept, "Cookie": cookie}
    for _ in range(20):  # warm the route cache and the allocator
        connection.request("GET", path, headers=headers)
        connection.getresponse().read()
    before = sum(server.cpu_split())
    for _ in range(requests):
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            raise RuntimeError(f"{path} answered {response.status}")
    after = sum(server.cpu_split())
    connection.close()
    return (after - before) / requests * 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("builds", nargs="+")
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--root", default=os.getcwd())
    parser.add_argument("--callgrind", type=int, default=0, help="requests counted under callgrind (0: none)")
    parser.add_argument("--valgrind-shim", help="sigsuspend_shim.so (valgrind 3.19 and Swift's async main)")
    parser.add_argument("--keep", help="a directory to copy each callgrind dump to, for callgrind_annotate --inclusive=yes")
    args = parser.parse_args()
    if args.callgrind:
        count_instructions(args)
    env = dict(os.environ, WEBROUTER_SECRET=run.SECRET)
    servers, cookies = [], []
    try:
        for binary in args.builds:
            port = run.free_port()
            argv = [binary, "--port", str(port), "--public", "Public", "--threads", "1", "--no-access-log"]
            servers.append(run.Server(binary, run.pinned(argv, 0), port, cwd=args.root, env=env))
            cookies.append(run.sign_in(port))
        results = {}
        for round_index in range(args.rounds):
            order = list(range(len(servers)))
            if round_index % 2:
                order.reverse()
            for path in PAGES:
                for kind, accept in ACCEPTS.items():
                    for i in order:
                        us = cpu_per_request(servers[i], path, accept, cookies[i], args.requests)
                        results.setdefault((i, path, kind), []).append(us)
        for i, binary in enumerate(args.builds if args.rounds else []):
            for path in PAGES:
                html = statistics.median(results[(i, path, "html")])
                json = statistics.median(results[(i, path, "json")])
                print(f"{os.path.basename(binary):24} {path:30} HTML {html:7.1f} µs  JSON {json:7.1f} µs  ({json / html:4.1f}x)")
    finally:
        for server in servers:
            server.process.terminate()


def count_instructions(args):
    env = dict(os.environ, WEBROUTER_SECRET=run.SECRET)
    with tempfile.TemporaryDirectory(prefix="webrouter-page-state-") as work:
        for build_index, binary in enumerate(args.builds):
            for page_index, path in enumerate(PAGES):
                counts = {}
                for kind, accept in ACCEPTS.items():
                    probe_port = run.free_port()
                    argv = [binary, "--port", str(probe_port), "--public", "Public", "--threads", "1", "--no-access-log"]
                    probe = run.Server(binary, argv, probe_port, cwd=args.root, env=env)
                    try:
                        cookie = run.sign_in(probe_port)
                    finally:
                        probe.stop()
                    port = run.free_port()
                    argv = [binary, "--port", str(port), "--public", "Public", "--threads", "1", "--no-access-log"]
                    keep = (os.path.join(args.keep, f"callgrind.build{build_index}.page{page_index}.{kind}")
                            if args.keep else None)
                    counts[kind] = run.callgrind_per_request(argv, port, path, cookie, work, env=env, cwd=args.root,
                                                             warmup=20, measured=args.callgrind, accept=accept,
                                                             shim=args.valgrind_shim, keep=keep)["Ir"]
                print(f"{binary} {path:30} "
                      f"HTML {counts['html']:11,.0f} Ir  JSON {counts['json']:11,.0f} Ir  ({counts['json'] / counts['html']:4.2f}x)",
                      flush=True)


if __name__ == "__main__":
    main()
