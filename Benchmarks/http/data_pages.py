#!/usr/bin/env python3
"""A page that reads one record and a page that writes one, on SQLite and on PostgreSQL (issue 42;
`make bench-data`, BENCHMARKS.md "Reading and writing a record").

Starts a PostgreSQL 15 cluster of its own (fortunes.Postgres: initdb and pg_ctl as the `postgres`
user, fsync off, on core 1 beside wrk) and two instances of the demo, `webapp serve --database
FILE.sqlite` and `webapp serve --database postgres://…`, each `taskset -c 0 --threads 1
--no-access-log --live-goal-interval 0`, and raw C libmicrohttpd (raw_mhd.c with RAW_STATUS and
RAW_HEADERS) sending the bytes webapp sent: status, header lines (but Date and Connection) and body.
Both webapps are signed in as demo/demo through the login form; every request carries that
session's cookies and the headers Chromium sends (run.CHROMIUM_HEADERS: Accept-Encoding: gzip,
deflate, br, zstd, so the page comes back gzipped).

- read: GET /dashboard, which reads the signed-in account's profile row (and checks the session
  against the database, its answer kept 2 s as served); 200, gzipped.
- write: POST /dashboard/~edit/confirm with `_action=save` (the profile flow's Save, its draft
  "display name: Bench Writer" in the session cookie): one write transaction updating the
  profile row, answered 303 See Other to /dashboard with the draft dropped from the session. What
  a browser's Save costs is this POST plus the read page it is sent to.

In each of ROUNDS rounds (the order rotates) wrk -t1 -c8 runs DURATION seconds per server and
page on core 1; reported per server and page are the medians of server CPU µs/request (utime +
stime from /proc/PID/stat ÷ requests), req/s, and PostgreSQL's CPU µs/request (postmaster and
backends), and webapp's CPU over raw C's.

    python3 Benchmarks/http/data_pages.py --webapp BIN --raw BIN [--rounds 3] [--duration 4]
"""

import argparse
import datetime
import html.parser
import os
import statistics
import subprocess
import sys
import tempfile
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fortunes  # noqa: E402  (the PostgreSQL cluster)
import run  # noqa: E402  (Server, free_port, request, sign_in, run_wrk, CHROMIUM_HEADERS)

READ, WRITE = "/dashboard", "/dashboard/~edit/confirm"
DISPLAY_NAME = "Bench Writer"


class Forms(html.parser.HTMLParser):
    """Every form of a page: its action and its hidden fields."""

    def __init__(self):
        super().__init__()
        self.forms = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "form":
            self.forms.append({"action": attributes.get("action", ""), "fields": {}})
        elif tag == "input" and self.forms and attributes.get("type") == "hidden" and "name" in attributes:
            self.forms[-1]["fields"][attributes["name"]] = attributes.get("value", "")


def form(port, path, cookie, action):
    status, headers, body = run.request(port, "GET", path, {"Cookie": cookie})
    if status != 200:
        raise RuntimeError(f"GET {path} answered {status}")
    parser = Forms()
    parser.feed(body.decode("utf-8", "replace"))
    for candidate in parser.forms:
        if candidate["fields"].get("_action") == action:
            return candidate["action"] or path, candidate["fields"]
    raise RuntimeError(f"no form with _action={action} on {path}")


def merged(cookie, headers):
    jar = dict(pair.split("=", 1) for pair in cookie.split("; "))
    jar.update(run.cookies_from(headers))
    return "; ".join(f"{k}={v}" for k, v in jar.items())


def prepare(port):
    """Signs in; returns (the read page's cookie, the write's cookie, the write's URL and body)."""
    cookie = run.sign_in(port)
    _, headers, _ = run.request(port, "GET", READ, {"Cookie": cookie})
    read_cookie = merged(cookie, headers)  # a returning visitor's: no Set-Cookie any more
    # The flow's first step keeps the draft (a new display name) in the session cookie.
    action, fields = form(port, "/dashboard/~edit/name", read_cookie, "save-name")
    fields["display_name"] = DISPLAY_NAME
    status, headers, _ = run.request(port, "POST", action, {
        "Cookie": read_cookie, "Content-Type": "application/x-www-form-urlencoded",
        "Origin": f"http://127.0.0.1:{port}"}, urllib.parse.urlencode(fields))
    if status != 303:
        raise RuntimeError(f"the name step answered {status}")
    write_cookie = merged(read_cookie, headers)
    action, fields = form(port, WRITE, write_cookie, "save")
    return read_cookie, write_cookie, action, urllib.parse.urlencode(fields)


def wrk_post_script(work, name, body):
    """A wrk script that POSTs `body` as a form (the cookie and Chromium's headers come with -H)."""
    path = os.path.join(work, f"post-{name}.lua")
    with open(path, "w") as file:
        file.write(f'wrk.method = "POST"\nwrk.body = "{body}"\n'
                   'wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"\n')
    return path


def chromium_headers(port, post):
    headers = [(n, v) for n, v in run.CHROMIUM_HEADERS if not (post and n == "Sec-Fetch-User")]
    if post:  # what Chromium adds to a form's POST
        headers += [("Origin", f"http://127.0.0.1:{port}"), ("Cache-Control", "max-age=0"), ("Sec-Fetch-User", "?1")]
    return headers


def answer(port, method, path, cookie, body=None, post=False):
    """The exact answer (status, header lines, body) of one request as wrk sends it."""
    headers = {"Cookie": cookie, **dict(chromium_headers(port, post))}
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    return run.request(port, method, path, headers, body)


def wrk(port, path, cookie, duration, script=None, post=False):
    headers = chromium_headers(port, post)
    extra = [argument for name, value in headers for argument in ("-H", f"{name}: {value}")]
    argv = ["taskset", "-c", "1", "wrk", "-t1", "-c8", "-d", f"{duration}s", "-H", f"Cookie: {cookie}"] + extra
    if script:
        argv += ["-s", script]
    output = subprocess.run(argv + [f"http://127.0.0.1:{port}{path}"], capture_output=True, text=True, check=True).stdout
    requests = int(run.WRK_REQUESTS.search(output).group(1))
    rate = float(run.WRK_RATE.search(output).group(1))
    errors = run.WRK_ERRORS.search(output)
    return requests, rate, errors.group(0) if errors else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--webapp", required=True, help="webapp built with the PostgreSQL trait")
    parser.add_argument("--raw", required=True, help="raw_mhd built from raw_mhd.c")
    parser.add_argument("--root", default=os.getcwd())
    parser.add_argument("--rounds", type=int, default=int(os.environ.get("BENCH_ROUNDS", "3")))
    parser.add_argument("--duration", type=int, default=int(os.environ.get("BENCH_DURATION", "4")))
    parser.add_argument("--stores", default=os.environ.get("BENCH_STORES", "SQLite,PostgreSQL"),
                        help="SQLite, PostgreSQL or both (a build without the PostgreSQL trait: SQLite)")
    args = parser.parse_args()
    args.stores = [s.strip() for s in args.stores.split(",") if s.strip()]
    started = datetime.datetime.now(datetime.timezone.utc)
    load_before = os.getloadavg()
    env = dict(os.environ, WEBROUTER_SECRET=run.SECRET)
    servers, pages, postgres = {}, {}, None
    with tempfile.TemporaryDirectory(prefix="webrouter-data-") as work:
        try:
            databases = {"SQLite": os.path.join(work, "webapp.sqlite")}
            if "PostgreSQL" in args.stores:
                postgres = fortunes.Postgres(work, core=1)
                postgres.psql("CREATE DATABASE webapp;\n")
                databases["PostgreSQL"] = f"postgres://postgres@127.0.0.1:{postgres.port}/webapp?sslmode=disable"
            for store, database in databases.items():
                port = run.free_port()
                argv = [args.webapp, "serve", "--port", str(port), "--public", "Public", "--threads", "1", "--no-access-log",
                        "--connections-per-client", "0", "--live-goal-interval", "0", "--database", database]
                servers[f"webapp, {store}"] = run.Server(f"webapp, {store}", run.pinned(argv, 0), port, cwd=args.root,
                                                         env=env, timeout=60)
            for name, server in servers.items():
                read_cookie, write_cookie, action, body = prepare(server.port)
                script = wrk_post_script(work, name.replace(", ", "-"), body)
                read = answer(server.port, "GET", READ, read_cookie)
                write = answer(server.port, "POST", action, write_cookie, body, post=True)
                if read[0] != 200 or dict((k.lower(), v) for k, v in read[1]).get("content-encoding") != "gzip":
                    raise RuntimeError(f"{name}: GET {READ} answered {read[0]} {read[1]}")
                if write[0] != 303:
                    raise RuntimeError(f"{name}: POST {action} answered {write[0]}")
                pages[name] = {"read": (READ, read_cookie, None, read), "write": (action, write_cookie, script, write)}
                print(f"{name}: read {len(read[2])} B ({read[0]}), write answers {write[0]} "
                      f"to {dict(write[1]).get('Location')} with {len(write[2])} B", file=sys.stderr)
            # The write landed: the profile holds the draft's name.
            for name in pages:
                status, _, page = run.request(servers[name].port, "GET", READ, {"Cookie": pages[name]["read"][1]})
                if DISPLAY_NAME not in page.decode("utf-8", "replace"):
                    raise RuntimeError(f"{name}: the dashboard does not show the saved display name")
            # Raw C sends what the SQLite instance sent: the read page and the 303.
            for kind in ("read", "write"):
                status, headers, body = pages["webapp, SQLite"][kind][3]
                with open(os.path.join(work, f"{kind}.body"), "wb") as file:
                    file.write(body)
                with open(os.path.join(work, f"{kind}.headers"), "w") as file:
                    file.writelines(f"{k}: {v}\n" for k, v in headers)
                port = run.free_port()
                raw_env = dict(env, RAW_STATUS=str(status), RAW_HEADERS=os.path.join(work, f"{kind}.headers"))
                servers[f"raw C, {kind}"] = run.Server(f"raw C, {kind}", run.pinned(
                    [args.raw, str(port), os.path.join(work, f"{kind}.body"), "1"], 0), port, env=raw_env)
                got = run.request(port, "GET" if kind == "read" else "POST", "/", {}, None if kind == "read" else "x=1")
                if got[0] != status or got[2] != body:
                    raise RuntimeError(f"raw C answered {got[0]} with {len(got[2])} B, not {status} with {len(body)} B")
            results = {}
            measured = [(n, k) for n in servers if n.startswith("webapp") for k in ("read", "write")]
            measured += [("raw C, read", "read"), ("raw C, write", "write")]
            for round_index in range(args.rounds):
                order = measured[round_index % len(measured):] + measured[:round_index % len(measured)]
                for name, kind in order:
                    server = servers[name]
                    if name.startswith("raw C"):
                        path, cookie, script = "/", "x=1", (wrk_post_script(work, "raw", "x=1") if kind == "write" else None)
                    else:
                        path, cookie, script, _ = pages[name][kind]
                    cpu, pg = server.cpu_seconds(), (postgres.cpu_seconds() if postgres else 0)
                    requests, rate, errors = wrk(server.port, path, cookie, args.duration, script, post=kind == "write")
                    n = max(requests, 1)
                    cpu_us = (server.cpu_seconds() - cpu) / n * 1e6
                    pg_us = ((postgres.cpu_seconds() if postgres else 0) - pg) / n * 1e6
                    if errors and "Non-2xx" in errors and kind == "write":
                        errors = None  # every 303 is a "non-2xx" to wrk
                    if errors:
                        print(f"    {name} {kind}: {errors}", file=sys.stderr)
                    results.setdefault((name, kind), []).append((cpu_us, rate, pg_us))
                    print(f"round {round_index + 1} {kind:5} {name:20} {cpu_us:7.1f} µs CPU/req {rate:9.0f} req/s "
                          f"PostgreSQL {pg_us:6.1f} µs/req", file=sys.stderr)
        finally:
            for server in servers.values():
                server.stop()
            if postgres:
                postgres.stop()
    print(report(results, pages, args, started, load_before, os.getloadavg()))


def report(results, pages, args, started, load_before, load_after):
    def median(name, kind, index):
        return statistics.median(r[index] for r in results[(name, kind)])

    sqlite = pages["webapp, SQLite"]
    lines = [f"Measured {started:%Y-%m-%d %H:%M} UTC by `make bench-data` (Benchmarks/http/data_pages.py): "
             f"{args.rounds} rotated rounds of {args.duration} s per server and page, medians; load average "
             f"{load_before[0]:.1f} before, {load_after[0]:.1f} after.", "",
             "| page | server | server CPU µs/req | each round | req/s | PostgreSQL CPU µs/req | ÷ raw C |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for kind, label in (("read", f"read: GET `{READ}` ({len(sqlite['read'][3][2]):,} B gzip)"),
                        ("write", f"write: POST `{sqlite['write'][0]}` → 303 ({len(sqlite['write'][3][2]):,} B)")):
        raw = median(f"raw C, {kind}", kind, 0)
        for name in [n for n in ("webapp, SQLite", "webapp, PostgreSQL") if n in pages] + [f"raw C, {kind}"]:
            cpu = median(name, kind, 0)
            each = ", ".join(f"{r[0]:.1f}" for r in results[(name, kind)])
            pg = f"{median(name, kind, 2):.1f}" if name == "webapp, PostgreSQL" else ""
            ratio = f"{cpu / raw:.1f}×" if not name.startswith("raw") else ""
            lines.append(f"| {label} | {name.replace(f', {kind}', '')} | {cpu:.1f} | {each} | {median(name, kind, 1):,.0f} | "
                         f"{pg} | {ratio} |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
