#!/usr/bin/env python3
"""The HTTP benchmark of `make bench`: webapp against a raw C libmicrohttpd server, Hummingbird 2,
nginx and WebRouter's own server, all answering the bytes webapp renders for the page under
test, on loopback. "WebRouter (stored)" is webapp's server without the page: WebRouter's
HTTPServer answering the stored bytes, so webapp's cost splits into the server's and the page's.

For each page, the five servers are started fresh; wrk then runs interleaved A B C D E A B C D E …
(`--rounds` rounds) at each connection count, and the table reports per server the median
req/s, the median p99 latency, the peak RSS (VmHWM) and the server's CPU time per request
(utime + stime from /proc, which varies less than req/s on a shared machine). With
`--malloc-count` (the library built from malloc_count.c), webapp's heap allocations per
request are counted too, on one keep-alive connection: a figure that does not vary at all.

    python3 Benchmarks/http/run.py --webapp PATH --raw PATH --hummingbird PATH --stored PATH [--duration 5]

Environment overrides: BENCH_DURATION, BENCH_ROUNDS, BENCH_CONNECTIONS (e.g. "8,64,256"),
BENCH_PAGES (comma-separated paths), BENCH_OUTPUT (the markdown file to write).
"""

import argparse
import datetime
import html.parser
import http.client
import os
import platform
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
SECRET = "benchmark-secret-benchmark-secret-0123456789"
DEFAULT_PAGES = ["/feed/tournament/5/match/12", "/search/~user/7/team/3", "/search?q=a"]
STORED = "WebRouter (stored)"
SERVERS = ["webapp", "raw C", "Hummingbird", "nginx", STORED]


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port, process, timeout=30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode} before listening on {port}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port} after {timeout}s")


def request(port, method, path, headers=None, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, response.getheaders(), data


def cookies_from(headers):
    jar = {}
    for name, value in headers:
        if name.lower() == "set-cookie":
            pair = value.split(";", 1)[0]
            key, _, val = pair.partition("=")
            jar[key.strip()] = val.strip()
    return jar


class HiddenFields(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.fields = {}

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "input" and attributes.get("type") == "hidden" and "name" in attributes:
            self.fields[attributes["name"]] = attributes.get("value", "")


def sign_in(port):
    """Signs in as demo/demo through the login form; returns the Cookie header value."""
    status, headers, body = request(port, "GET", "/welcome/~login")
    if status != 200:
        raise RuntimeError(f"GET /welcome/~login answered {status}")
    jar = cookies_from(headers)
    parser = HiddenFields()
    parser.feed(body.decode("utf-8", "replace"))
    form = dict(parser.fields)
    form.update(username="demo", password="demo")
    cookie = "; ".join(f"{k}={v}" for k, v in jar.items())
    status, headers, _ = request(
        port, "POST", "/welcome/~login", {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie},
        urllib.parse.urlencode(form))
    jar.update(cookies_from(headers))
    if status != 303 or "wr_session" not in jar:
        raise RuntimeError(f"signing in answered {status} without a session cookie")
    return "; ".join(f"{k}={v}" for k, v in jar.items() if k in ("wr_session", "wr_csrf"))


class Server:
    """One server process and the /proc figures the table needs."""

    def __init__(self, name, argv, port, cwd=None, env=None):
        self.name = name
        self.port = port
        self.process = subprocess.Popen(
            argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        wait_for_port(port, self.process)

    def pids(self):
        """The process and its children (nginx's workers)."""
        pids = [self.process.pid]
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as file:
                        fields = file.read().rsplit(")", 1)[1].split()
                    if int(fields[1]) == self.process.pid:
                        pids.append(int(entry))
                except (OSError, IndexError, ValueError):
                    pass
        return pids

    def cpu_seconds(self):
        total = 0
        for pid in self.pids():
            try:
                with open(f"/proc/{pid}/stat") as file:
                    fields = file.read().rsplit(")", 1)[1].split()
                total += int(fields[11]) + int(fields[12])  # utime, stime
            except (OSError, IndexError, ValueError):
                pass
        return total / CLOCK_TICKS

    def peak_rss_mb(self):
        total = 0
        for pid in self.pids():
            try:
                with open(f"/proc/{pid}/status") as file:
                    match = re.search(r"VmHWM:\s+(\d+) kB", file.read())
                if match:
                    total += int(match.group(1))
            except OSError:
                pass
        return total / 1024

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def nginx_config(directory, port, file_name):
    workers = os.cpu_count() or 1
    return f"""
worker_processes {workers};
daemon off;
master_process on;
pid {directory}/nginx.pid;
error_log {directory}/nginx-error.log warn;
events {{ worker_connections 2048; }}
http {{
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 100000000;
    keepalive_timeout 60s;
    client_body_temp_path {directory}/client_body;
    proxy_temp_path {directory}/proxy;
    fastcgi_temp_path {directory}/fastcgi;
    uwsgi_temp_path {directory}/uwsgi;
    scgi_temp_path {directory}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {directory};
        location / {{
            default_type "text/html; charset=utf-8";
            try_files /{file_name} =404;
        }}
    }}
}}
"""


WRK_REQUESTS = re.compile(r"(\d+) requests in")
WRK_RATE = re.compile(r"Requests/sec:\s+([\d.]+)")
WRK_P99 = re.compile(r"^\s*99%\s+([\d.]+)(us|ms|s)\s*$", re.MULTILINE)
WRK_ERRORS = re.compile(r"Non-2xx or 3xx responses: (\d+)|Socket errors: (.*)")


def run_wrk(port, path, connections, duration, cookie):
    threads = min(2, connections)
    argv = ["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{duration}s", "--latency",
            "-H", f"Cookie: {cookie}", f"http://127.0.0.1:{port}{path}"]
    output = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    requests = int(WRK_REQUESTS.search(output).group(1))
    rate = float(WRK_RATE.search(output).group(1))
    p99 = WRK_P99.search(output)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}
    p99_ms = float(p99.group(1)) * scale[p99.group(2)] if p99 else float("nan")
    errors = WRK_ERRORS.search(output)
    return requests, rate, p99_ms, (errors.group(0) if errors else None)


def count_mallocs(path, args, cookie, work, warmup=300, measured=2000):
    """webapp's heap allocations per request for `path`: a webapp with the counting library
    preloaded serves `warmup` requests, then `measured` more between two readings of its count."""
    count_file = os.path.join(work, "malloc-count")
    port = free_port()
    env = dict(os.environ, WEBROUTER_SECRET=SECRET, LD_PRELOAD=args.malloc_count, MALLOC_COUNT_FILE=count_file)
    server = Server("webapp", [args.webapp, "--port", str(port), "--public", "Public", "--no-access-log"],
                    port, cwd=args.root, env=env)
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

        def serve(count):
            for _ in range(count):
                connection.request("GET", path, headers={"Cookie": cookie})
                response = connection.getresponse()
                response.read()
                if response.status != 200:
                    raise RuntimeError(f"webapp answered {response.status} for {path} while counting mallocs")

        def reading():
            # Let the server finish the last request's bookkeeping, then ask for its count.
            time.sleep(0.2)
            os.kill(server.process.pid, signal.SIGUSR2)
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                try:
                    with open(count_file) as file:
                        text = file.read().strip()
                    if text:
                        os.remove(count_file)
                        return int(text)
                except FileNotFoundError:
                    pass
                time.sleep(0.05)
            raise RuntimeError("webapp wrote no malloc count: is the counting library preloaded?")

        serve(warmup)
        before = reading()
        serve(measured)
        counted = (reading() - before) / measured
        connection.close()
        return counted
    finally:
        server.stop()


def benchmark_page(path, args, cookie, work):
    """Starts the five servers for one page, runs the interleaved rounds, returns the rows."""
    # A browser that has seen the page once sends back what that visit set (the tab-memory
    # cookie), so the measured requests are a returning visitor's steady state.
    status, headers, _ = request(args.webapp_port_probe, "GET", path, {"Cookie": cookie})
    if status != 200:
        raise RuntimeError(f"webapp answered {status} for {path}")
    jar = dict(pair.split("=", 1) for pair in cookie.split("; "))
    jar.update(cookies_from(headers))
    cookie = "; ".join(f"{k}={v}" for k, v in jar.items())
    status, headers, expected = request(args.webapp_port_probe, "GET", path, {"Cookie": cookie})
    if any(name.lower() == "set-cookie" for name, _ in headers):
        raise RuntimeError(f"webapp still sets a cookie on the second visit of {path}")
    if status != 200:
        raise RuntimeError(f"webapp answered {status} for {path}")
    file_name = "page.html"
    with open(os.path.join(work, file_name), "wb") as file:
        file.write(expected)
    mallocs = count_mallocs(path, args, cookie, work) if args.malloc_count else None
    env = dict(os.environ, WEBROUTER_SECRET=SECRET)
    ports = {name: free_port() for name in SERVERS}
    with open(os.path.join(work, "nginx.conf"), "w") as file:
        file.write(nginx_config(work, ports["nginx"], file_name))
    page_file = os.path.join(work, file_name)
    servers = {}
    try:
        servers["webapp"] = Server("webapp", [args.webapp, "--port", str(ports["webapp"]), "--public", "Public",
                                              "--no-access-log"],
                                   ports["webapp"], cwd=args.root, env=env)
        servers["raw C"] = Server("raw C", [args.raw, str(ports["raw C"]), page_file], ports["raw C"])
        servers["Hummingbird"] = Server("Hummingbird", [args.hummingbird, str(ports["Hummingbird"]), page_file],
                                        ports["Hummingbird"])
        servers["nginx"] = Server("nginx", [args.nginx, "-c", os.path.join(work, "nginx.conf"), "-p", work],
                                  ports["nginx"])
        servers[STORED] = Server(STORED, [args.stored, str(ports[STORED]), page_file], ports[STORED])
        for name, server in servers.items():
            status, _, body = request(server.port, "GET", path, {"Cookie": cookie})
            same_size = abs(len(body) - len(expected)) <= 64  # a CSRF token may differ
            if status != 200 or not same_size:
                raise RuntimeError(f"{name} answered {status} with {len(body)} bytes for {path}, not {len(expected)}")
        rows = []
        for connections in args.connections:
            results = {name: [] for name in SERVERS}
            for round_index in range(args.rounds):
                for name in SERVERS:
                    server = servers[name]
                    before = server.cpu_seconds()
                    requests, rate, p99, errors = run_wrk(server.port, path, connections, args.duration, cookie)
                    cpu = server.cpu_seconds() - before
                    if errors:
                        print(f"    {name}: {errors}", file=sys.stderr)
                    results[name].append((rate, p99, cpu / max(requests, 1) * 1e6))
                    print(f"  {path} c={connections} round {round_index + 1} {name:12} {rate:10.0f} req/s "
                          f"p99 {p99:7.2f} ms  {cpu / max(requests, 1) * 1e6:6.1f} µs CPU/req", file=sys.stderr)
            for name in SERVERS:
                rows.append({
                    "page": path, "connections": connections, "server": name,
                    "rate": statistics.median(r[0] for r in results[name]),
                    "p99": statistics.median(r[1] for r in results[name]),
                    "cpu_us": statistics.median(r[2] for r in results[name]),
                    "rss": servers[name].peak_rss_mb(),
                    "bytes": len(expected),
                    "mallocs": mallocs if name == "webapp" else None,
                })
        return rows
    finally:
        for server in servers.values():
            server.stop()


def machine_description():
    model = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo") as file:
            match = re.search(r"^model name\s*:\s*(.+)$", file.read(), re.MULTILINE)
            if match:
                model = match.group(1).strip()
    except OSError:
        pass
    return f"{os.cpu_count()} cores ({model}), {platform.system()} {platform.release()}"


def table(rows):
    by_key = {(r["page"], r["connections"], r["server"]): r for r in rows}
    lines = ["| page | conns | server | req/s (median) | p99 ms | peak RSS MB | CPU µs/req | mallocs/req | vs raw C | vs Hummingbird |",
             "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in rows:
        raw = by_key[(r["page"], r["connections"], "raw C")]
        hb = by_key[(r["page"], r["connections"], "Hummingbird")]
        vs_raw = f"{r['rate'] / raw['rate']:.2f}×" if r["server"] == "webapp" else ""
        vs_hb = f"{r['rate'] / hb['rate']:.2f}×" if r["server"] == "webapp" else ""
        page = f"`{r['page']}` ({r['bytes'] // 1024} KB)"
        mallocs = f"{r['mallocs']:.1f}" if r.get("mallocs") is not None else ""
        lines.append(f"| {page} | {r['connections']} | {r['server']} | {r['rate']:,.0f} | {r['p99']:.2f} | "
                     f"{r['rss']:.1f} | {r['cpu_us']:.1f} | {mallocs} | {vs_raw} | {vs_hb} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--webapp", required=True)
    parser.add_argument("--raw", required=True)
    parser.add_argument("--hummingbird", required=True)
    parser.add_argument("--stored", required=True, help="StoredPageServer: WebRouter's server answering stored bytes")
    parser.add_argument("--nginx", default=shutil.which("nginx") or "/usr/sbin/nginx")
    parser.add_argument("--malloc-count", help="malloc_count.so, to count webapp's allocations per request")
    parser.add_argument("--root", default=os.getcwd(), help="the repository root (webapp's working directory)")
    parser.add_argument("--duration", type=int, default=int(os.environ.get("BENCH_DURATION", "5")))
    parser.add_argument("--rounds", type=int, default=int(os.environ.get("BENCH_ROUNDS", "3")))
    parser.add_argument("--connections", default=os.environ.get("BENCH_CONNECTIONS", "8,64,256"))
    parser.add_argument("--pages", default=os.environ.get("BENCH_PAGES", ",".join(DEFAULT_PAGES)))
    parser.add_argument("--output", default=os.environ.get("BENCH_OUTPUT", "BENCHMARKS.md"))
    args = parser.parse_args()
    args.connections = [int(c) for c in args.connections.split(",") if c]
    pages = [p for p in args.pages.split(",") if p]

    started = datetime.datetime.now()
    rows = []
    with tempfile.TemporaryDirectory(prefix="webrouter-bench-") as work:
        os.chmod(work, 0o755)  # nginx's workers run as an unprivileged user
        # A first webapp instance signs in and renders the pages the others will serve.
        env = dict(os.environ, WEBROUTER_SECRET=SECRET)
        port = free_port()
        probe = Server("webapp", [args.webapp, "--port", str(port), "--public", "Public"], port, cwd=args.root, env=env)
        try:
            cookie = sign_in(port)
            args.webapp_port_probe = port
            pages_html = {}
            for path in pages:
                page_dir = tempfile.mkdtemp(dir=work)
                os.chmod(page_dir, 0o755)
                pages_html[path] = page_dir
            for path in pages:
                print(f"== {path}", file=sys.stderr)
                rows += benchmark_page(path, args, cookie, pages_html[path])
        finally:
            probe.stop()

    elapsed = (datetime.datetime.now() - started).total_seconds()
    headline = []
    for path in pages:
        for connections in args.connections:
            by = {r["server"]: r for r in rows if r["page"] == path and r["connections"] == connections}
            webapp, raw, stored = by["webapp"], by["raw C"], by[STORED]
            headline.append(f"- `{path}` at {connections} connections: webapp {webapp['rate']:,.0f} req/s = "
                            f"{webapp['rate'] / raw['rate']:.2f}× raw C, "
                            f"{webapp['rate'] / by['Hummingbird']['rate']:.2f}× Hummingbird; "
                            f"{webapp['cpu_us']:.1f} µs CPU/request "
                            f"(raw C {raw['cpu_us']:.1f}, {STORED} {stored['cpu_us']:.1f}, so the page takes "
                            f"{webapp['cpu_us'] - stored['cpu_us']:.1f}); "
                            f"{STORED} {stored['rate'] / raw['rate']:.2f}× raw C; "
                            f"peak RSS {webapp['rss']:.1f} MB"
                            + (f"; {webapp['mallocs']:.1f} mallocs/request"
                               if webapp.get('mallocs') is not None else ""))
    report = f"""# Benchmarks

Measured {started:%Y-%m-%d %H:%M} on {machine_description()}, by `make bench`
({args.rounds} interleaved rounds of {args.duration} s per server, wrk on the same cores as the servers;
medians; total {elapsed / 60:.1f} min). Every server answers the same bytes: those webapp rendered for
the page, signed in as `demo`. webapp renders each request; raw C (libmicrohttpd, {os.cpu_count()} threads),
Hummingbird 2, nginx and WebRouter (stored) answer the stored bytes. WebRouter (stored) is webapp's
own server (WebRouter's `HTTPServer`, the same Swift request path and `Task.immediate` handler) with
a handler that returns the stored bytes: webapp's CPU per request minus its figure is the page's
rendering. No server writes an access log (webapp runs with
`--no-access-log`, nginx with `access_log off`, Hummingbird without its logging middleware). Peak RSS is VmHWM (nginx: master and workers);
CPU µs/req is the server's utime + stime over the run divided by the requests served.
mallocs/req counts webapp's heap allocations (its own and libmicrohttpd's) per request, over
2,000 requests on one connection, with `Benchmarks/http/malloc_count.c` preloaded.
Only ratios within one run mean much on a shared machine: differences under ~15 % are noise.

{chr(10).join(headline)}

{table(rows)}
"""
    with open(args.output, "w") as file:
        file.write(report)
    print(report)


if __name__ == "__main__":
    main()
