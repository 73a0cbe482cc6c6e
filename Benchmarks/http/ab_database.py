#!/usr/bin/env python3
"""The database's cost per page (issue 25): two webapp builds, "before" (in-memory accounts) and
"after" (accounts in SQLite through GRDB), compared pinned and interleaved. Run by
ab_database.sh, which builds both; see there.

Per round, for each page, both servers answer `wrk -t1 -c8` for DURATION seconds, in the order
A B on odd rounds and B A on even ones. Each server runs `taskset -c 0 webapp --threads 1
--no-access-log` (the "after" build also `--database` on a fresh file), wrk runs on core 1,
both signed in as demo/demo through the login form. Reported per page and build: the medians
of server CPU µs per request (utime + stime from /proc/PID/stat over the run, divided by the
requests wrk counted) and of req/s; then, with --callgrind-pages, instructions and simulated
I1 / LL misses per request under callgrind (see run.callgrind_per_request).

    python3 Benchmarks/http/ab_database.py --before PATH --after PATH [--rounds 3] [--duration 5]

Any two webapp builds compare the same way (issue 24 compared the hot path before and after its
work): `--database both` gives the "before" build a database file too (a build that has the
`--database` option), and `--malloc-count LIB` (malloc_count.so, built from malloc_count.c)
adds heap allocations per request, counted over 2,000 requests as run.py counts them.
"""

import argparse
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the benchmark's helpers)

PAGES = ["/feed/tournament/5/match/12", "/dashboard", "/messages/~settings/account"]


def returning_visitor_cookie(port, path, cookie):
    """The cookie a browser sends on its second visit of `path` (run.py does the same)."""
    status, headers, _ = run.request(port, "GET", path, {"Cookie": cookie})
    if status != 200:
        raise RuntimeError(f"answered {status} for {path}")
    jar = dict(pair.split("=", 1) for pair in cookie.split("; "))
    jar.update(run.cookies_from(headers))
    return "; ".join(f"{k}={v}" for k, v in jar.items())


def webapp_argv(binary, port, database, threads=1):
    argv = [binary, "--port", str(port), "--public", "Public", "--threads", str(threads), "--no-access-log"]
    if database:
        argv += ["--database", database]
    return argv


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", required=True, help="webapp built before the storage merge")
    parser.add_argument("--after", required=True, help="webapp built with the accounts in SQLite")
    parser.add_argument("--root", default=os.getcwd(), help="the repository root (for Public/)")
    parser.add_argument("--rounds", type=int, default=int(os.environ.get("BENCH_ROUNDS", "3")))
    parser.add_argument("--duration", type=int, default=int(os.environ.get("BENCH_DURATION", "5")))
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--pages", default=os.environ.get("BENCH_PAGES", ",".join(PAGES)))
    parser.add_argument("--callgrind-pages", default=os.environ.get("BENCH_CALLGRIND_PAGES", f"{PAGES[0]},{PAGES[2]}"),
                        help="pages counted under callgrind (empty: none)")
    parser.add_argument("--keep-dumps", default=os.environ.get("BENCH_KEEP_DUMPS"),
                        help="a folder to keep the callgrind dumps in (callgrind_annotate --inclusive=yes FILE)")
    parser.add_argument("--valgrind-shim", help="sigsuspend_shim.so (valgrind 3.19 and Swift's async main)")
    parser.add_argument("--callgrind-requests", type=int, default=int(os.environ.get("BENCH_CALLGRIND_REQUESTS", "300")))
    parser.add_argument("--database", choices=["after", "both"], default=os.environ.get("BENCH_AB_DATABASE", "after"),
                        help="which builds get --database on a fresh file (both: two builds with SQLite accounts)")
    parser.add_argument("--malloc-count", default=os.environ.get("BENCH_MALLOC_COUNT"),
                        help="malloc_count.so: also count heap allocations per request for every page")
    args = parser.parse_args()
    pages = [p for p in args.pages.split(",") if p]
    callgrind_pages = [p for p in args.callgrind_pages.split(",") if p]
    builds = {"before": args.before, "after": args.after}
    if args.keep_dumps:
        os.makedirs(args.keep_dumps, exist_ok=True)
    env = dict(os.environ, WEBROUTER_SECRET=run.SECRET)

    with tempfile.TemporaryDirectory(prefix="webrouter-ab-") as work:
        servers, cookies = {}, {}
        try:
            for name, binary in builds.items():
                port = run.free_port()
                database = os.path.join(work, f"{name}.sqlite") if name == "after" or args.database == "both" else None
                servers[name] = run.Server(name, run.pinned(webapp_argv(binary, port, database), 0), port,
                                           cwd=args.root, env=env)
                signed_in = run.sign_in(port)
                cookies[name] = {path: returning_visitor_cookie(port, path, signed_in) for path in pages}
                for path in pages:
                    status, _, body = run.request(port, "GET", path, {"Cookie": cookies[name][path]})
                    if status != 200:
                        raise RuntimeError(f"{name} answered {status} for {path}")
                    print(f"{name} {path}: {len(body)} bytes", file=sys.stderr)
            results = {(name, path): [] for name in builds for path in pages}
            for round_index in range(args.rounds):
                order = list(builds) if round_index % 2 == 0 else list(reversed(builds))
                for path in pages:
                    for name in order:
                        server = servers[name]
                        user, system = server.cpu_split()
                        switches = server.context_switches()
                        requests, rate, _, errors = run.run_wrk(server.port, path, args.connections, args.duration,
                                                                cookies[name][path], threads=1, core=1)
                        user_after, system_after = server.cpu_split()
                        n = max(requests, 1)
                        cpu_us = (user_after - user + system_after - system) / n * 1e6
                        system_us = (system_after - system) / n * 1e6
                        switches = (server.context_switches() - switches) / n
                        if errors:
                            print(f"    {name}: {errors}", file=sys.stderr)
                        results[(name, path)].append((cpu_us, rate, system_us, switches))
                        print(f"round {round_index + 1} {path:32} {name:6} {cpu_us:6.1f} µs CPU/req "
                              f"(kernel {system_us:5.1f}) {rate:9.0f} req/s {switches:5.2f} context switches/req",
                              file=sys.stderr)
        finally:
            for server in servers.values():
                server.stop()

        counts = {}
        if callgrind_pages:
            print(report(args, pages, builds, results, counts), flush=True)  # in case callgrind fails
        for path in callgrind_pages:
            for name, binary in builds.items():
                port = run.free_port()
                database = (os.path.join(work, f"{name}-callgrind.sqlite")
                            if name == "after" or args.database == "both" else None)
                probe = run.Server(name, webapp_argv(binary, port, database), port, cwd=args.root, env=env)
                try:
                    cookie = returning_visitor_cookie(port, path, run.sign_in(port))
                finally:
                    probe.stop()
                port = run.free_port()
                counts[(name, path)] = run.callgrind_per_request(
                    webapp_argv(binary, port, database), port, path, cookie, work, env=env, cwd=args.root,
                    measured=args.callgrind_requests, shim=args.valgrind_shim,
                    keep=os.path.join(args.keep_dumps, f"callgrind.{name}.{path.strip('/').replace('/', '_')}")
                    if args.keep_dumps else None)
                c = counts[(name, path)]
                print(f"callgrind {path:32} {name:6} {c['Ir']:12,.0f} Ir/req {c.get('I1mr', 0):9,.0f} I1 misses "
                      f"{c['LLm']:8,.1f} LL misses", file=sys.stderr)

        mallocs = {}
        if args.malloc_count:
            for path in pages:
                for name, binary in builds.items():
                    mallocs[(name, path)] = count_mallocs(binary, path, args, work, env)
                    print(f"mallocs {path:32} {name:6} {mallocs[(name, path)]:6.1f} per request", file=sys.stderr)

    print()
    print(report(args, pages, builds, results, counts))
    if mallocs:
        print()
        print("| page | build | mallocs/req |")
        print("| --- | --- | ---: |")
        for (name, path), value in mallocs.items():
            print(f"| `{path}` | {name} | {value:.1f} |")


def count_mallocs(binary, path, args, work, env):
    """Heap allocations per request of `binary` for `path` (the returning visitor's cookie), with
    the counting library preloaded: 300 requests of warm-up, then 2,000 counted (run.count_mallocs)."""
    port = run.free_port()
    database = os.path.join(work, f"mallocs-{os.getpid()}-{port}.sqlite")
    probe_argv = webapp_argv(binary, port, database if args.database == "both" or binary == args.after else None)
    probe = run.Server("probe", probe_argv, port, cwd=args.root, env=env)
    try:
        cookie = returning_visitor_cookie(port, path, run.sign_in(port))
    finally:
        probe.stop()
    # run.count_mallocs starts "webapp" from run.server_argv, which reads these fields; the
    # database the probe signed in with is named by the environment.
    settings = argparse.Namespace(webapp=binary, root=args.root, malloc_count=os.path.abspath(args.malloc_count))
    return run.count_mallocs(path, settings, cookie, work, env=dict(env, WEBAPP_DATABASE=database))


def report(args, pages, builds, results, counts):
    lines = [f"{args.rounds} interleaved rounds (A B, then B A) of {args.duration} s per page and build, "
             f"wrk -t1 -c{args.connections} on core 1, webapp --threads 1 on core 0; medians.", "",
             "| page | build | CPU µs/req | of which kernel | req/s | context switches/req | instructions/req "
             "| I1 misses/req | LL misses/req |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for path in pages:
        for name in builds:
            measured = results[(name, path)]
            cpu = f"{statistics.median(r[0] for r in measured):.1f}" if measured else ""
            rate = f"{statistics.median(r[1] for r in measured):,.0f}" if measured else ""
            system = f"{statistics.median(r[2] for r in measured):.1f}" if measured else ""
            switches = f"{statistics.median(r[3] for r in measured):.2f}" if measured else ""
            c = counts.get((name, path))
            cg = (f"{c['Ir']:,.0f} | {c.get('I1mr', 0):,.0f} | {c['LLm']:,.1f}" if c else " |  | ")
            lines.append(f"| `{path}` | {name} | {cpu} | {system} | {rate} | {switches} | {cg} |")
        if results[("before", path)]:
            before = statistics.median(r[0] for r in results[("before", path)])
            after = statistics.median(r[0] for r in results[("after", path)])
            difference = f"{after - before:+.1f}"
        else:
            difference = ""
        extra = ""
        if ("before", path) in counts and ("after", path) in counts:
            extra = f", {counts[('after', path)]['Ir'] - counts[('before', path)]['Ir']:+,.0f} instructions"
        lines.append(f"| `{path}` | after − before | {difference} | | | | {extra.lstrip(', ')} | | |")
    lines.append("")
    lines.append("Per round (CPU µs/req): " + "; ".join(
        f"{path} {name} " + ", ".join(f"{r[0]:.1f}" for r in results[(name, path)])
        for path in pages for name in builds))
    return "\n".join(lines)


if __name__ == "__main__":
    main()
