#!/usr/bin/env python3
"""TechEmpower's Fortunes test on this machine (issue 35; `make fortunes`, BENCHMARKS.md "Fortunes").

Starts a PostgreSQL 15 cluster of its own in a temporary directory (initdb and pg_ctl from
Debian's `postgresql` package, run as the `postgres` user, listening on 127.0.0.1 and a socket
in that directory), creates TechEmpower's `Fortune` table (id integer primary key, message
varchar(2048)) with its 12 rows, among them markup that must be escaped, a Japanese row and
rows with em dashes, then starts four servers answering GET /fortunes:

- WebRouter: Benchmarks/Sources/FortunesWebRouter, a screen that is a bare document, reading
  through PostgresNIO (an await that suspends until its event loop answers);
- WebRouter (libpq): the same binary with FORTUNES_DRIVER=libpq, reading through libpq's
  synchronous API on the request's own libmicrohttpd thread (one connection per thread);
- Hummingbird 2 + PostgresNIO + swift-mustache, written as Hummingbird's own entry is
  (Benchmarks/Sources/FortunesHummingbird);
- raw C libmicrohttpd (raw_mhd.c) sending the expected page's bytes, no database: the floor.

Each server's answer must be exactly the expected page (the rows plus "Additional fortune added
at request time." sorted by message, every message escaped: `& < > " '`), as
`text/html; charset=utf-8`, with a `Date`; the run stops with the difference otherwise, and says
which servers send no `Server` header.

Pinning: each server runs `taskset -c 0` with one libmicrohttpd thread (WebRouter, raw C) or
NIO's group sized to its one core (Hummingbird, and PostgresNIO in both Swift servers); PostgreSQL
(postmaster and backends) and wrk (`-t1 -c8`) share core 1, so the server's core does nothing
else. In each of ROUNDS interleaved rounds (the order rotates), wrk runs DURATION seconds per
server; from /proc/PID/stat, utime + stime of the server over the run divided by the requests
wrk counted gives server CPU µs per request, and the same for PostgreSQL's processes. Reported:
medians of req/s, server CPU µs/request, requests per server CPU-second, PostgreSQL CPU
µs/request, and WebRouter's ratios to Hummingbird and to raw C. With --callgrind, instructions
per request of the two Swift servers under callgrind as well (300 requests on one connection).

    python3 Benchmarks/http/fortunes.py --webrouter BIN --hummingbird BIN --raw BIN \
        [--rounds 3] [--duration 5] [--output BENCHMARKS.md] [--callgrind --valgrind-shim SO]
"""

import argparse
import html
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the benchmark's helpers: Server, free_port, request, callgrind_per_request)

POSTGRES_BIN = os.environ.get("POSTGRES_BIN", "/usr/lib/postgresql/15/bin")

# TechEmpower's Fortune table (toolset/databases/postgres/create-postgres.sql).
FORTUNES = [
    (1, "fortune: No such file or directory"),
    (2, "A computer scientist is someone who fixes things that aren't broken."),
    (3, "After enough decimal places, nobody gives a damn."),
    (4, "A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1"),
    (5, "A computer program does what you tell it to do, not what you want it to do."),
    (6, "Emacs is a nice operating system, but I prefer UNIX. \u2014 Tom Christaensen"),
    (7, "Any program that runs right is obsolete."),
    (8, "A list is only as strong as its weakest link. \u2014 Donald Knuth"),
    (9, "Feature: A bug with seniority."),
    (10, "Computers make very fast, very accurate mistakes."),
    (11, '<script>alert("This should not be displayed in a browser alert box.");</script>'),
    (12, "\u30d5\u30ec\u30fc\u30e0\u30ef\u30fc\u30af\u306e\u30d9\u30f3\u30c1\u30de\u30fc\u30af"),
]
ADDED = (0, "Additional fortune added at request time.")
PATH = "/fortunes"
LIBPQ = "WebRouter (libpq)"  # the same binary reading through libpq on the request's thread (FORTUNES_DRIVER=libpq)
SERVERS = ["WebRouter", LIBPQ, "Hummingbird 2 + Mustache", "raw C"]


def expected_page():
    """The page every server must send, byte for byte."""
    rows = sorted(FORTUNES + [ADDED], key=lambda row: row[1])
    cells = "".join(f"<tr><td>{id}</td><td>{html.escape(message, quote=True).replace('&#x27;', '&#39;')}</td></tr>"
                    for id, message in rows)
    page = ("<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>"
            f"<tr><th>id</th><th>message</th></tr>{cells}</table></body></html>")
    return page.encode("utf-8")


class Postgres:
    """A PostgreSQL cluster in a temporary directory, owned and run by the `postgres` user."""

    def __init__(self, work, core):
        self.directory = os.path.join(work, "postgres")
        os.makedirs(self.directory)
        shutil.chown(self.directory, "postgres", "postgres")
        os.chmod(work, 0o755)
        self.data = os.path.join(self.directory, "data")
        self.port = run.free_port()
        self.as_postgres([f"{POSTGRES_BIN}/initdb", "-D", self.data, "-U", "postgres", "--auth=trust",
                          "-E", "UTF8", "--no-locale"], quiet=True)
        options = (f"-p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1 -c max_connections=200 "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
        self.as_postgres(["taskset", "-c", str(core), f"{POSTGRES_BIN}/pg_ctl", "-D", self.data, "-o", options,
                          "-l", os.path.join(self.directory, "log"), "-w", "start"], quiet=True)
        with open(os.path.join(self.data, "postmaster.pid")) as file:
            self.pid = int(file.readline())

    @staticmethod
    def as_postgres(argv, quiet=False, input=None):
        result = subprocess.run(["runuser", "-u", "postgres", "--"] + argv, input=input, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)} failed:\n{result.stdout}{result.stderr}")
        return result.stdout

    def psql(self, sql, database="postgres"):
        return self.as_postgres([f"{POSTGRES_BIN}/psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", self.directory,
                                 "-p", str(self.port), "-U", "postgres", "-d", database], input=sql)

    def create_fortunes(self):
        self.psql("CREATE ROLE benchmarkdbuser LOGIN PASSWORD 'benchmarkdbpass';\n"
                  "CREATE DATABASE hello_world OWNER benchmarkdbuser ENCODING 'UTF8';\n")
        values = ",\n".join(f"({id}, '{message.replace(chr(39), chr(39) * 2)}')" for id, message in FORTUNES)
        self.psql("CREATE TABLE Fortune (id integer NOT NULL, message varchar(2048) NOT NULL, PRIMARY KEY (id));\n"
                  f"INSERT INTO Fortune (id, message) VALUES\n{values};\n"
                  "ALTER TABLE Fortune OWNER TO benchmarkdbuser;\nANALYZE Fortune;\n", database="hello_world")

    def cpu_seconds(self):
        """utime + stime of the postmaster and its backends so far."""
        total = 0
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as file:
                    fields = file.read().rsplit(")", 1)[1].split()
                if int(entry) == self.pid or int(fields[1]) == self.pid:
                    total += int(fields[11]) + int(fields[12])
            except (OSError, IndexError, ValueError):
                pass
        return total / run.CLOCK_TICKS

    def stop(self):
        subprocess.run(["runuser", "-u", "postgres", "--", f"{POSTGRES_BIN}/pg_ctl", "-D", self.data, "-m", "fast",
                        "-w", "stop"], capture_output=True)


def check(name, port, expected):
    """The server's /fortunes must be the expected page, as UTF-8 HTML, with a Date."""
    status, headers, body = run.request(port, "GET", PATH)
    fields = {key.lower(): value for key, value in headers}
    problems = []
    if status != 200:
        problems.append(f"status {status}")
    if fields.get("content-type", "").replace(" ", "").lower() != "text/html;charset=utf-8":
        problems.append(f"Content-Type {fields.get('content-type')!r}")
    if "date" not in fields:
        problems.append("no Date header")
    if body != expected:
        at = next((i for i, (a, b) in enumerate(zip(body, expected)) if a != b), min(len(body), len(expected)))
        problems.append(f"body differs from the expected page at byte {at}:\n  got      {body[max(at - 60, 0):at + 80]!r}"
                        f"\n  expected {expected[max(at - 60, 0):at + 80]!r}")
    if problems:
        raise SystemExit(f"{name} fails the Fortunes check: " + "; ".join(problems))
    return fields.get("server")


def run_wrk(port, duration, connections, core):
    argv = ["taskset", "-c", str(core), "wrk", "-t1", "-c", str(connections), "-d", f"{duration}s",
            f"http://127.0.0.1:{port}{PATH}"]
    output = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    requests = int(run.WRK_REQUESTS.search(output).group(1))
    rate = float(run.WRK_RATE.search(output).group(1))
    errors = run.WRK_ERRORS.search(output)
    return requests, rate, (errors.group(0) if errors else None)


def report(args, results, counts, server_headers, started):
    medians = {}
    for name in SERVERS:
        rows = results[name]
        cpu = statistics.median(r[0] for r in rows)
        medians[name] = {"cpu": cpu, "rate": statistics.median(r[1] for r in rows),
                         "per_cpu_second": statistics.median(1e6 / r[0] for r in rows),
                         "db": statistics.median(r[2] for r in rows)}
    web, raw, libpq = medians["WebRouter"], medians["raw C"], medians[LIBPQ]
    hb = medians.get("Hummingbird 2 + Mustache")
    lines = [
        "## Fortunes: WebRouter against Hummingbird 2 + Mustache on PostgreSQL",
        "",
        f"Measured {started} by `make fortunes` (Benchmarks/http/fortunes.py): {args.rounds} interleaved rounds of "
        f"{args.duration} s per server, medians. Each server `taskset -c 0` (one libmicrohttpd thread; NIO's group "
        "sized to the one core for Hummingbird and for PostgresNIO), PostgreSQL 15 (its own cluster, 127.0.0.1) and "
        f"`wrk -t1 -c{args.connections}` on core 1. TechEmpower's Fortune table (12 rows); every server's page checked "
        "byte for byte against the same expected HTML first (escaped `<script>`, the Japanese row, the added fortune, "
        "sorted), `text/html; charset=utf-8`. Raw C sends those bytes without a database: the floor. "
        "Time figures depend on what else the machine runs; the ratios, from the same run, are the figures to read.",
        "",
        "| server | req/s | server CPU µs/request | requests per CPU-second | PostgreSQL CPU µs/request | `Server` header |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name in SERVERS:
        m = medians[name]
        header = server_headers.get(name)
        lines.append(f"| {name} | {m['rate']:,.0f} | {m['cpu']:.1f} | {m['per_cpu_second']:,.0f} | "
                     f"{m['db']:.1f} | {('`' + header + '`') if header else 'none'} |")
    lines.append("")
    if hb:
        lines.append(f"- WebRouter ÷ Hummingbird 2 + Mustache, requests per CPU-second: **{web['per_cpu_second'] / hb['per_cpu_second']:.2f}×** "
                     f"(target ≥ 3×); req/s {web['rate'] / hb['rate']:.2f}×.")
        lines.append(f"- WebRouter reading through libpq on the request's thread ÷ Hummingbird 2 + Mustache, requests per "
                     f"CPU-second: **{libpq['per_cpu_second'] / hb['per_cpu_second']:.2f}×**; req/s {libpq['rate'] / hb['rate']:.2f}×.")
    else:
        lines.append("- Hummingbird 2 + Mustache: not measured in this run (no --hummingbird binary).")
    lines += [
        f"- WebRouter's CPU per request ÷ raw C's: **{web['cpu'] / raw['cpu']:.1f}×** "
        f"(raw C answers {raw['per_cpu_second'] / web['per_cpu_second']:.1f}× as many requests per CPU-second); "
        f"through libpq: **{libpq['cpu'] / raw['cpu']:.1f}×**.",
    ]
    if counts:
        lines += ["", "Under callgrind (300 requests on one keep-alive connection after 100 to warm up; instructions "
                  "of the server process, PostgreSQL not included):", "",
                  "| server | instructions/request | I1 misses | LL misses |", "|---|---:|---:|---:|"]
        for name, c in counts.items():
            lines.append(f"| {name} | {c['Ir']:,.0f} | {c.get('I1mr', 0):,.0f} | {c['LLm']:,.1f} |")
    lines += ["", "Per round (server CPU µs/request, req/s):", ""]
    for name in SERVERS:
        lines.append(f"- {name}: " + ", ".join(f"{cpu:.1f} µs / {rate:,.0f}" for cpu, rate, _ in results[name]))
    lines.append("")
    return "\n".join(lines)


def write_section(path, section):
    begin, end = "<!-- fortunes:begin -->", "<!-- fortunes:end -->"
    text = open(path).read() if os.path.exists(path) else "# Benchmarks\n"
    block = f"{begin}\n{section}{end}\n"
    if begin in text and end in text:
        text = text[:text.index(begin)] + block + text[text.index(end) + len(end) + 1:]
    else:
        text = text.rstrip("\n") + "\n\n" + block
    with open(path, "w") as file:
        file.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--webrouter", required=True, help="the FortunesWebRouter binary (release)")
    parser.add_argument("--hummingbird", help="the FortunesHummingbird binary (release); without it, WebRouter and raw C only")
    parser.add_argument("--raw", required=True, help="raw_mhd, built from raw_mhd.c")
    parser.add_argument("--rounds", type=int, default=int(os.environ.get("BENCH_ROUNDS", "3")))
    parser.add_argument("--duration", type=int, default=int(os.environ.get("BENCH_DURATION", "5")))
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--output", default=os.environ.get("BENCH_OUTPUT", "BENCHMARKS.md"),
                        help="the markdown file whose Fortunes section is (re)written; empty: print only")
    parser.add_argument("--callgrind", action="store_true", default=os.environ.get("BENCH_FORTUNES_CALLGRIND") == "1",
                        help="also count instructions per request of the Swift servers under callgrind")
    parser.add_argument("--keep-dumps", default=os.environ.get("BENCH_KEEP_DUMPS"),
                        help="a folder to keep the callgrind dumps in (callgrind_annotate --inclusive=yes FILE)")
    parser.add_argument("--valgrind-shim", help="sigsuspend_shim.so (valgrind 3.19 and Swift's async main)")
    args = parser.parse_args()
    global SERVERS
    if not args.hummingbird:
        SERVERS = [name for name in SERVERS if not name.startswith("Hummingbird")]
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    if args.keep_dumps:
        os.makedirs(args.keep_dumps, exist_ok=True)
    expected = expected_page()

    with tempfile.TemporaryDirectory(prefix="webrouter-fortunes-") as work:
        postgres = Postgres(work, core=1)
        servers = {}
        try:
            postgres.create_fortunes()
            page_file = os.path.join(work, "fortunes.html")
            with open(page_file, "wb") as file:
                file.write(expected)

            def argv(name, port):
                if name in ("WebRouter", LIBPQ):
                    return [args.webrouter, str(port), str(postgres.port), "1"]
                if name == "raw C":
                    return [args.raw, str(port), page_file, "1"]
                return [args.hummingbird, str(port), str(postgres.port)]

            def env(name):
                return dict(os.environ, RAW_SERVER="raw-mhd", **({"FORTUNES_DRIVER": "libpq"} if name == LIBPQ else {}))

            server_headers = {}
            for name in SERVERS:
                port = run.free_port()
                servers[name] = run.Server(name, run.pinned(argv(name, port), 0), port, env=env(name))
                server_headers[name] = check(name, port, expected)
                print(f"{name}: the expected page ({len(expected)} bytes), Server: {server_headers[name]}", file=sys.stderr)
            for name in SERVERS:   # warm up: connections to PostgreSQL, prepared statements
                run_wrk(servers[name].port, 1, args.connections, 1)
            results = {name: [] for name in SERVERS}
            for round_index in range(args.rounds):
                order = SERVERS[round_index % len(SERVERS):] + SERVERS[:round_index % len(SERVERS)]
                for name in order:
                    server = servers[name]
                    cpu, db = server.cpu_seconds(), postgres.cpu_seconds()
                    requests, rate, errors = run_wrk(server.port, args.duration, args.connections, 1)
                    n = max(requests, 1)
                    cpu_us = (server.cpu_seconds() - cpu) / n * 1e6
                    db_us = (postgres.cpu_seconds() - db) / n * 1e6
                    if errors:
                        raise SystemExit(f"{name}: wrk reports {errors}")
                    results[name].append((cpu_us, rate, db_us))
                    print(f"round {round_index + 1} {name:26} {cpu_us:7.1f} µs CPU/req {rate:9.0f} req/s "
                          f"PostgreSQL {db_us:6.1f} µs/req", file=sys.stderr)
            for name in SERVERS:   # still the same page after the load
                check(name, servers[name].port, expected)
        finally:
            for server in servers.values():
                server.stop()

        counts = {}
        try:
            if args.callgrind:
                for name in [n for n in SERVERS if n != "raw C"]:
                    port = run.free_port()
                    counts[name] = run.callgrind_per_request(
                        argv(name, port), port, PATH, "fortunes=1", work, env=env(name), measured=300, shim=args.valgrind_shim,
                        keep=os.path.join(args.keep_dumps, "callgrind." + "".join(c for c in name if c.isalnum())) if args.keep_dumps else None)
                    print(f"callgrind {name}: {counts[name]['Ir']:,.0f} instructions/request", file=sys.stderr)
        finally:
            postgres.stop()

    section = report(args, results, counts, server_headers, started)
    print(section)
    if args.output:
        write_section(args.output, section)


if __name__ == "__main__":
    main()
