#!/usr/bin/env python3
"""The HTTP benchmark of `make bench`: webapp against a raw C libmicrohttpd server, Hummingbird 2,
nginx and WebRouter's own server, all answering the bytes webapp renders for the page under
test, on loopback, and (deep link only) Hummingbird 2 + swift-mustache rendering the same page.
"WebRouter (stored)" is webapp's server without the page: WebRouter's HTTPServer answering the
stored bytes, so webapp's cost splits into the server's and the page's.

For each page the servers are started fresh, and wrk runs interleaved A B C D E A B C D E …
(`--rounds` rounds), in two modes (`--mode`, BENCH_MODE: both by default):
- unpinned: servers with one thread per core, wrk -t2, all sharing the cores, at each
  connection count; per server the median req/s, p99 latency, peak RSS (VmHWM) and CPU time
  per request (utime + stime from /proc, which varies less than req/s on a shared machine);
- pinned: each server on core 0 with one thread, wrk -t1 on core 1, CPU µs per request as the
  headline, with the ratios of webapp to each server of the same run; then, for the deep link
  and the list page, instructions and simulated I1/D1/LL misses per request under callgrind
  (`callgrind_per_request`).
With `--malloc-count` (the library built from malloc_count.c), webapp's (and the Mustache
peer's) heap allocations per request are counted too, on one keep-alive connection.

    python3 Benchmarks/http/run.py --webapp PATH --raw PATH --hummingbird PATH --stored PATH \
        [--mustache PATH] [--malloc-count PATH] [--valgrind-shim PATH] [--duration 5]

Environment overrides: BENCH_DURATION, BENCH_ROUNDS, BENCH_CONNECTIONS (e.g. "8,64,256"),
BENCH_PAGES (comma-separated paths), BENCH_OUTPUT (the markdown file to write), BENCH_MODE,
BENCH_PINNED_CONNECTIONS (8), BENCH_PINNED_PAGES, BENCH_CALLGRIND_PAGES (empty: no callgrind),
BENCH_CALLGRIND_SERVERS (names as in the table), BENCH_CALLGRIND_REQUESTS (300),
BENCH_CALLGRIND_LL (size,associativity,line of the simulated last-level cache),
BENCH_SESSION_CHECK_PAGE (the signed-in page on which webapp is compared with its own
`--no-session-check` in pinned mode: what checking the session against the database costs; empty: not measured).
What follows the line KEEP_MARKER in the output file is kept (sections other scripts measured).
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
KEEP_MARKER = "<!-- make bench keeps what follows -->"
SECRET = "benchmark-secret-benchmark-secret-0123456789"
DEFAULT_PAGES = ["/feed/tournament/5/match/12", "/search/~user/7/team/3", "/search?q=a", "/dashboard"]
CALLGRIND_PAGES = ["/feed/tournament/5/match/12", "/search?q=a", "/dashboard"]  # the deep link, the list page, a page that reads a row
# What Chromium 13x sends with a navigation (besides Host, Connection and the cookie): the
# "Chromium's request" rows ask with these, so the page comes back compressed (issue 35).
CHROMIUM_HEADERS = [
    ("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,"
               "application/signed-exchange;v=b3;q=0.7"),
    ("Accept-Encoding", "gzip, deflate, br, zstd"),
    ("Accept-Language", "en-GB,en-US;q=0.9,en;q=0.8"),
    ("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"),
    ("Sec-Fetch-Dest", "document"), ("Sec-Fetch-Mode", "navigate"), ("Sec-Fetch-Site", "same-origin"),
    ("Sec-Fetch-User", "?1"), ("Upgrade-Insecure-Requests", "1"),
]
WRK, CHROMIUM = "wrk's request", "Chromium's request"
BASELINE = "webapp (baseline)"  # --baseline-webapp: another build of webapp, A/B in the same run
STORED_AWAITS = "WebRouter (stored, awaits)"  # the stored server whose handler awaits once (STORED_AWAIT=dispatch)
STORED = "WebRouter (stored)"
MUSTACHE = "Hummingbird+Mustache"
MUSTACHE_PAGE = "/feed/tournament/5/match/12"  # the page its template renders
SERVERS = ["webapp", BASELINE, MUSTACHE, "raw C", "Hummingbird", "nginx", STORED, STORED_AWAITS]
CHROMIUM_SERVERS = ["webapp", BASELINE, "raw C", STORED]  # the compressed rows: raw C sends webapp's gzip bytes
CALLGRIND_SERVERS = ["webapp", BASELINE, MUSTACHE, STORED, STORED_AWAITS, "raw C"]  # counted under callgrind (nginx forks: never)


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

    def __init__(self, name, argv, port, cwd=None, env=None, timeout=30.0):
        self.name = name
        self.port = port
        self.process = subprocess.Popen(
            argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        wait_for_port(port, self.process, timeout)

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

    def cpu_split(self):
        """(utime, stime) in seconds, the process and its children."""
        user = system = 0
        for pid in self.pids():
            try:
                with open(f"/proc/{pid}/stat") as file:
                    fields = file.read().rsplit(")", 1)[1].split()
                user += int(fields[11])
                system += int(fields[12])
            except (OSError, IndexError, ValueError):
                pass
        return user / CLOCK_TICKS, system / CLOCK_TICKS

    def context_switches(self):
        """Voluntary + involuntary context switches of all the process's threads so far."""
        total = 0
        for pid in self.pids():
            try:
                for task in os.listdir(f"/proc/{pid}/task"):
                    with open(f"/proc/{pid}/task/{task}/status") as file:
                        for line in file:
                            if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                                total += int(line.split()[1])
            except (OSError, ValueError):
                pass
        return total

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


def nginx_config(directory, port, file_name, workers=None):
    workers = workers or os.cpu_count() or 1
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


def pinned(argv, core):
    """`argv` run on one CPU core (taskset execs it: the process keeps taskset's pid)."""
    return ["taskset", "-c", str(core)] + list(argv)


def run_wrk(port, path, connections, duration, cookie, threads=None, core=None, headers=()):
    """One wrk run; `threads` defaults to 2 (unpinned), `core` pins wrk to one core; `headers`
    (name, value) pairs are sent besides the cookie (CHROMIUM_HEADERS for Chromium's request)."""
    threads = threads or min(2, connections)
    extra = [argument for name, value in headers for argument in ("-H", f"{name}: {value}")]
    argv = (["taskset", "-c", str(core)] if core is not None else []) + ["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{duration}s", "--latency",
            "-H", f"Cookie: {cookie}"] + extra + [f"http://127.0.0.1:{port}{path}"]
    output = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    requests = int(WRK_REQUESTS.search(output).group(1))
    rate = float(WRK_RATE.search(output).group(1))
    p99 = WRK_P99.search(output)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}
    p99_ms = float(p99.group(1)) * scale[p99.group(2)] if p99 else float("nan")
    errors = WRK_ERRORS.search(output)
    return requests, rate, p99_ms, (errors.group(0) if errors else None)


CALLGRIND_LL = os.environ.get("BENCH_CALLGRIND_LL", "524288,8,64")  # size,associativity,line of the simulated LL
CALLGRIND_EVENTS = re.compile(r"^events:\s*(.+)$", re.MULTILINE)
CALLGRIND_TOTALS = re.compile(r"^(?:summary|totals):\s*(.+)$", re.MULTILINE)


def keep_alive_client(port, path, cookie, what, headers=(), accept=None):
    """A function that sends `count` GETs of `path` on one keep-alive connection, each must answer
    200; `headers` are sent with each, and `accept` as the Accept header when given."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Cookie": cookie, **dict(headers)}
    if accept is not None:
        headers["Accept"] = accept

    def serve(count):
        for _ in range(count):
            connection.request("GET", path, headers=headers)
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                raise RuntimeError(f"{what} answered {response.status} for {path}")
    return serve, connection


def without_debug_info(binary):
    """A copy of `binary` without its DWARF, beside it (so that resource bundles are found): the
    same code, but valgrind 3.19 gives up on the DWARF 5 that clang writes for the C parts of
    some packages ("debuginfo reader: Possibly corrupted debuginfo file"). Symbols stay, so
    callgrind_annotate still names the functions."""
    copy = binary + ".nodebug"
    if not os.path.exists(copy) or os.path.getmtime(copy) < os.path.getmtime(binary):
        subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
    return copy


def callgrind_command(arguments, port, timeout=120):
    """Runs `callgrind_control ARGUMENTS` and waits for it. Valgrind reads the command only when
    the server runs, and an idle server sleeps in epoll_wait: a bare TCP connection, opened and
    closed without a request, wakes it (an accept and a close, nothing of a request's path)."""
    control = subprocess.Popen(["callgrind_control"] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + timeout
    while control.poll() is None:
        if time.monotonic() > deadline:
            control.kill()
            raise RuntimeError(f"callgrind_control {' '.join(arguments)} got no answer")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=2).close()
        except OSError:
            pass
        time.sleep(0.5)
    if control.returncode != 0:
        raise RuntimeError(f"callgrind_control {' '.join(arguments)} failed")


def callgrind_per_request(argv, port, path, cookie, work, env=None, cwd=None, warmup=100, measured=300, shim=None, keep=None,
                          headers=(), accept=None):
    """Instructions and simulated cache misses per request of a server started with `argv` on
    `port`, under `valgrind --tool=callgrind --cache-sim=yes` (cachegrind's cache model: I1 and D1
    as valgrind reads them from the CPU, LL as CALLGRIND_LL, by default 512 KB 8-way, the L2 of
    each core here: this VM reports its L3 as 256 MB direct-mapped, which nothing would miss): after `warmup` requests the counters are zeroed
    (callgrind_control -z), then `measured` requests on one keep-alive connection are counted
    and dumped (callgrind_control -d). Deterministic up to the server's timers; returns a dict
    event -> count per request (Ir, I1mr, ILmr, Dr, D1mr, DLmr, …, plus LLm = ILmr + DLmr + DLmw).
    `shim` (sigsuspend_shim.so) is preloaded so that valgrind 3.19 survives a Swift async main;
    `keep` names a file to copy the dump to (for callgrind_annotate --inclusive=yes); `accept` is
    the requests' Accept header (none when not given)."""
    out = tempfile.mkdtemp(prefix="callgrind-", dir=work)  # a directory of its own: dumps of earlier runs are not taken for this one
    work = out
    out = os.path.join(out, f"callgrind.{port}")
    if shim:
        env = dict(env or os.environ, LD_PRELOAD=shim)
    argv = [without_debug_info(argv[0])] + list(argv[1:])
    vg = ["valgrind", "--tool=callgrind", "--cache-sim=yes", f"--LL={CALLGRIND_LL}",
          f"--callgrind-out-file={out}"] + argv
    server = Server("callgrind", vg, port, cwd=cwd, env=env, timeout=600)
    try:
        serve, connection = keep_alive_client(port, path, cookie, "the server under callgrind", headers, accept)
        serve(warmup)
        pid = str(server.process.pid)
        callgrind_command(["-z", pid], port)
        serve(measured)
        connection.close()
        before = set(os.listdir(work))
        callgrind_command(["-d", pid], port)
        deadline = time.monotonic() + 60
        dumps = []
        while time.monotonic() < deadline and not dumps:
            dumps = sorted(f for f in set(os.listdir(work)) - before if f.startswith(f"callgrind.{port}"))
            time.sleep(0.2)
        if not dumps:
            raise RuntimeError("callgrind wrote no dump")
        time.sleep(0.5)  # let callgrind finish writing
        with open(os.path.join(work, dumps[-1])) as file:
            text = file.read()
        if keep:
            shutil.copyfile(os.path.join(work, dumps[-1]), keep)
        events = CALLGRIND_EVENTS.search(text).group(1).split()
        totals = [int(v) for v in CALLGRIND_TOTALS.search(text).group(1).split()]
        counts = dict(zip(events, totals + [0] * (len(events) - len(totals))))  # trailing zeros are left out
        counts["LLm"] = counts.get("ILmr", 0) + counts.get("DLmr", 0) + counts.get("DLmw", 0)
        return {event: value / measured for event, value in counts.items()}
    finally:
        server.stop()


def count_mallocs(path, args, cookie, work, warmup=300, measured=2000, server="webapp", env=None):
    """A server's heap allocations per request for `path` (webapp's, or the Mustache peer's): one
    with the counting library preloaded serves `warmup` requests, then `measured` more between two
    readings of its count. `env` (default: this process's) is the server's environment."""
    count_file = os.path.join(work, "malloc-count")
    port = free_port()
    env = dict(env or os.environ, WEBROUTER_SECRET=SECRET, LD_PRELOAD=args.malloc_count, MALLOC_COUNT_FILE=count_file)
    server = Server(server, server_argv(server, args, port, os.path.join(work, "page.html")),
                    port, cwd=args.root, env=env)
    try:
        serve, connection = keep_alive_client(port, path, cookie, f"{server.name} (counting mallocs)")

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
            raise RuntimeError(f"{server.name} wrote no malloc count: is the counting library preloaded?")

        serve(warmup)
        before = reading()
        serve(measured)
        counted = (reading() - before) / measured
        connection.close()
        return counted
    finally:
        server.stop()


def prepare_page(path, args, cookie, work):
    """The returning visitor's cookie for `path` and the bytes webapp answers it (stored in
    work/page.html for the servers that answer stored bytes)."""
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
    with open(os.path.join(work, "page.html"), "wb") as file:
        file.write(expected)
    # The bytes Chromium's request gets (gzip), which raw C sends in the compressed rows.
    status, headers, compressed = request(args.webapp_port_probe, "GET", path, {"Cookie": cookie, **dict(CHROMIUM_HEADERS)})
    encoding = dict((name.lower(), value) for name, value in headers).get("content-encoding")
    if status != 200 or encoding != "gzip":
        raise RuntimeError(f"webapp answered {status} with Content-Encoding {encoding} to Chromium's request for {path}")
    with open(os.path.join(work, "page.html.gz"), "wb") as file:
        file.write(compressed)
    return cookie, expected, compressed


def server_names(path, args, variant=WRK):
    """The servers measured on `path`: the Mustache peer renders the deep link only, the stored
    server that awaits takes part on the deep link; Chromium's request goes to CHROMIUM_SERVERS."""
    names = [name for name in SERVERS if name != MUSTACHE or (args.mustache and path == MUSTACHE_PAGE)]
    names = [name for name in names if name != BASELINE or args.baseline_webapp]
    names = [name for name in names if name != STORED_AWAITS or path == MUSTACHE_PAGE]
    names = [name for name in names if not args.servers or name in args.servers]
    return names if variant == WRK else [name for name in names if name in CHROMIUM_SERVERS]


def server_argv(name, args, port, page_file, threads=None):
    """How to start server `name` on `port`; `threads` (pinned mode: 1) sizes its thread pool."""
    t = [] if threads is None else [str(threads)]
    if name in ("webapp", BASELINE):
        # wrk's connections all come from 127.0.0.1: no limit per client address.
        return [args.webapp if name == "webapp" else args.baseline_webapp, "--port", str(port), "--public", "Public", "--no-access-log",
                "--connections-per-client", "0"] + \
            (["--threads", str(threads)] if threads else [])
    if name == "raw C":
        return [args.raw, str(port), page_file] + t
    if name == "Hummingbird":
        return [args.hummingbird, str(port), page_file] + t
    if name == MUSTACHE:
        return [args.mustache, str(port), args.mustache_templates] + t
    if name in (STORED, STORED_AWAITS):
        return [args.stored, str(port), page_file] + t
    raise ValueError(name)


def server_env(name, variant=WRK):
    """The environment of server `name`: the stored server that awaits, raw C sending gzip."""
    env = dict(os.environ, WEBROUTER_SECRET=SECRET)
    if name == STORED_AWAITS:
        env["STORED_AWAIT"] = "dispatch"
    if name == "raw C" and variant == CHROMIUM:
        env["RAW_CONTENT_ENCODING"] = "gzip"
    return env


def start_servers(path, args, cookie, work, expected, names, pin, variant=WRK):
    """Starts `names` for one page (pinned: each on core 0 with one thread, nginx with one
    worker) and checks that each answers the page's bytes (for Chromium's request, gzipped)."""
    page_file = os.path.join(work, "page.html" if variant == WRK else "page.html.gz")
    headers = {"Cookie": cookie, **(dict(CHROMIUM_HEADERS) if variant == CHROMIUM else {})}
    ports = {name: free_port() for name in names}
    if "nginx" in ports:
        with open(os.path.join(work, "nginx.conf"), "w") as file:
            file.write(nginx_config(work, ports["nginx"], "page.html", workers=1 if pin else None))
    servers = {}
    try:
        for name in names:
            if name == "nginx":
                argv = [args.nginx, "-c", os.path.join(work, "nginx.conf"), "-p", work]
            else:
                argv = server_argv(name, args, ports[name], page_file, threads=1 if pin else None)
            servers[name] = Server(name, pinned(argv, 0) if pin else argv, ports[name],
                                   cwd=args.root if name in ("webapp", BASELINE) else None, env=server_env(name, variant))
        for name, server in servers.items():
            if name == BASELINE:  # another build may not take this build's session: it signs in itself
                signed_in = sign_in(server.port)
                _, first, _ = request(server.port, "GET", path, {"Cookie": signed_in})
                jar = dict(pair.split("=", 1) for pair in signed_in.split("; "))
                jar.update(cookies_from(first))
                server.cookie = "; ".join(f"{k}={v}" for k, v in jar.items())
                headers = dict(headers, Cookie=server.cookie)
            status, _, body = request(server.port, "GET", path, headers)
            # A CSRF token may differ (and, gzipped, compress differently; the stored server gzips
            # webapp's plain bytes itself, with its own level).
            same_size = abs(len(body) - len(expected)) <= (64 if variant == WRK else max(256, len(expected) // 8))
            if name == BASELINE:  # another build: its page may have grown or shrunk since
                print(f"  {name} answers {len(body)} bytes for {path} (webapp {len(expected)})", file=sys.stderr)
                same_size = True
            if status != 200 or not same_size:
                raise RuntimeError(f"{name} answered {status} with {len(body)} bytes for {path}, not {len(expected)}")
        return servers
    except BaseException:
        for server in servers.values():
            server.stop()
        raise


def interleaved_rounds(servers, path, connections, args, cookie, pin, label, headers=()):
    """wrk against each server in turn, `args.rounds` times; returns name -> [(req/s, p99 ms, CPU µs/req)]."""
    results = {name: [] for name in servers}
    for round_index in range(args.rounds):
        for name, server in servers.items():
            before = server.cpu_seconds()
            requests, rate, p99, errors = run_wrk(server.port, path, connections, args.duration, getattr(server, "cookie", cookie),
                                                  threads=1 if pin else None, core=1 if pin else None, headers=headers)
            cpu = server.cpu_seconds() - before
            if errors:
                print(f"    {name}: {errors}", file=sys.stderr)
            results[name].append((rate, p99, cpu / max(requests, 1) * 1e6))
            print(f"  {label} {path} c={connections} round {round_index + 1} {name:20} {rate:10.0f} req/s "
                  f"p99 {p99:7.2f} ms  {cpu / max(requests, 1) * 1e6:6.1f} µs CPU/req", file=sys.stderr)
    return results


def rows_from(results, servers, path, connections, expected, mallocs, variant=WRK):
    return [{
        "page": path, "connections": connections, "server": name, "request": variant,
        "rate": statistics.median(r[0] for r in results[name]),
        "p99": statistics.median(r[1] for r in results[name]),
        "cpu_us": statistics.median(r[2] for r in results[name]),
        "rounds_cpu": [r[2] for r in results[name]],
        "rss": servers[name].peak_rss_mb(),
        "bytes": len(expected),
        "mallocs": mallocs.get(name),
    } for name in results]


def benchmark_page(path, args, cookie, work):
    """One page: the unpinned rounds at each connection count, then the pinned rounds, then the
    callgrind counts; returns (unpinned rows, pinned rows, callgrind rows)."""
    cookie, expected, compressed = prepare_page(path, args, cookie, work)
    names = server_names(path, args)
    mallocs = {}
    if args.malloc_count:
        mallocs["webapp"] = count_mallocs(path, args, cookie, work)
        if MUSTACHE in names:
            mallocs[MUSTACHE] = count_mallocs(path, args, cookie, work, server=MUSTACHE)
    unpinned_rows, pinned_rows, callgrind_rows = [], [], []
    if args.mode in ("unpinned", "both") and args.connections:
        servers = start_servers(path, args, cookie, work, expected, names, pin=False)
        try:
            for connections in args.connections:
                results = interleaved_rounds(servers, path, connections, args, cookie, False, "unpinned")
                unpinned_rows += rows_from(results, servers, path, connections, expected, mallocs)
        finally:
            for server in servers.values():
                server.stop()
    if args.mode in ("pinned", "both") and path in args.pinned_pages:
        # wrk's request, then Chromium's (compressed; raw C sending webapp's gzip bytes).
        for variant, body, headers in ((WRK, expected, ()), (CHROMIUM, compressed, CHROMIUM_HEADERS)):
            if variant not in args.variants:
                continue
            servers = start_servers(path, args, cookie, work, body, server_names(path, args, variant), pin=True,
                                    variant=variant)
            try:
                label = "pinned" if variant == WRK else "pinned, Chromium's request,"
                results = interleaved_rounds(servers, path, args.pinned_connections, args, cookie, True, label, headers)
                pinned_rows += rows_from(results, servers, path, args.pinned_connections, body, mallocs, variant)
            finally:
                for server in servers.values():
                    server.stop()
    if args.mode in ("pinned", "both") and path in args.callgrind_pages:
        for variant, body, headers in ((WRK, expected, ()), (CHROMIUM, compressed, CHROMIUM_HEADERS)):
            if variant not in args.variants:
                continue
            page_file = os.path.join(work, "page.html" if variant == WRK else "page.html.gz")
            for name in server_names(path, args, variant):
                if name == "nginx" or name not in args.callgrind_servers:
                    continue  # nginx forks its workers: callgrind would follow the master only
                port = free_port()
                keep = os.path.join(args.callgrind_keep, f"{name}-{path}-{variant}.out".replace("/", "_").replace(" ", "_")
                                    .replace("'", "").replace("?", "_")) if args.callgrind_keep else None
                counts = callgrind_per_request(server_argv(name, args, port, page_file, threads=1), port, path, cookie,
                                               work, env=server_env(name, variant),
                                               cwd=args.root if name in ("webapp", BASELINE) else None,
                                               measured=args.callgrind_requests, shim=args.valgrind_shim, keep=keep,
                                               headers=headers)
                print(f"  callgrind {path} ({variant}) {name:20} {counts['Ir']:12,.0f} Ir/req {counts.get('I1mr', 0):9,.1f} "
                      f"I1 misses {counts['LLm']:8,.1f} LL misses", file=sys.stderr)
                callgrind_rows.append({"page": path, "server": name, "request": variant, "bytes": len(body), **counts})
    return unpinned_rows, pinned_rows, callgrind_rows


SESSION_CHECK = "webapp --no-session-check"
SESSION_EVERY = "webapp --session-check-interval 0"


def session_check_cost(path, args, cookie):
    """What checking the session against the accounts database costs a signed-in page (issue 33):
    webapp as served, and the same binary with `--no-session-check`, each pinned on core 0 with one
    thread, wrk on core 1, interleaved rounds on `path` with the same signed-in cookie. Returns rows."""
    env = dict(os.environ, WEBROUTER_SECRET=SECRET)
    servers = {}
    try:
        for name, extra in (("webapp", []), (SESSION_EVERY, ["--session-check-interval", "0"]),
                            (SESSION_CHECK, ["--no-session-check"])):
            port = free_port()
            argv = server_argv("webapp", args, port, None, threads=1) + extra
            servers[name] = Server(name, pinned(argv, 0), port, cwd=args.root, env=env)
            # A returning visitor: the first visit may set the tab-memory cookie, the next sets none.
            _, headers, _ = request(port, "GET", path, {"Cookie": cookie})
            jar = dict(pair.split("=", 1) for pair in cookie.split("; "))
            jar.update(cookies_from(headers))
            cookie = "; ".join(f"{k}={v}" for k, v in jar.items())
            status, headers, _ = request(port, "GET", path, {"Cookie": cookie})
            if status != 200 or any(h.lower() == "set-cookie" for h, _ in headers):
                raise RuntimeError(f"{name} answered {status} (or set a cookie) for the signed-in {path}")
        results = interleaved_rounds(servers, path, args.pinned_connections, args, cookie, True, "session check")
        return rows_from(results, servers, path, args.pinned_connections, b"", {})
    finally:
        for server in servers.values():
            server.stop()


def session_check_section(rows, args):
    if not rows:
        return ""
    by = {r["server"]: r for r in rows}
    served, every, off = by["webapp"], by[SESSION_EVERY], by[SESSION_CHECK]
    return f"""
## Sessions that end: what the check costs a signed-in page

`{served['page']}` signed in as `demo`: webapp with its session checked against the accounts database
(`SessionRegistry` → one indexed SQLite read) on every request (`--session-check-interval 0`), as
served (the registry's answer reused for 2 s, so wrk's one cookie is read once per 2 s), and with
`--no-session-check`; each on core 0 with one thread, wrk `-t1 -c{args.pinned_connections}` on core 1,
{args.rounds} interleaved rounds of {args.duration} s, medians.

| server | req/s | CPU µs/req | p99 ms |
|---|---:|---:|---:|
| checked on every request | {every['rate']:,.0f} | {every['cpu_us']:.1f} | {every['p99']:.2f} |
| as served (answer kept 2 s) | {served['rate']:,.0f} | {served['cpu_us']:.1f} | {served['p99']:.2f} |
| --no-session-check | {off['rate']:,.0f} | {off['cpu_us']:.1f} | {off['p99']:.2f} |

Checking on every request adds {every['cpu_us'] - off['cpu_us']:.1f} µs of CPU per signed-in page
({(every['cpu_us'] / off['cpu_us'] - 1) * 100:+.1f} %); as served, {served['cpu_us'] - off['cpu_us']:.1f} µs.
"""


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


def pinned_table(rows):
    """The pinned table: per page and server, CPU µs/request first, then how webapp compares."""
    by_key = {(r["page"], r["request"], r["server"]): r for r in rows}
    lines = ["| page | request | server | CPU µs/req (median) | CPU µs/req, each round | req/s (median) | p99 ms | mallocs/req "
             "| webapp's CPU/req ÷ this | webapp's req/s ÷ this |",
             "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in rows:
        webapp = by_key[(r["page"], r["request"], "webapp")]
        page = f"`{r['page']}` ({r['bytes'] / 1024:.1f} KB{' gzip' if r['request'] == CHROMIUM else ''})"
        mallocs = f"{r['mallocs']:.1f}" if r.get("mallocs") is not None else ""
        each = ", ".join(f"{c:.1f}" for c in r["rounds_cpu"])
        vs_cpu = f"{webapp['cpu_us'] / r['cpu_us']:.2f}×" if r["server"] != "webapp" else ""
        vs_rate = f"{webapp['rate'] / r['rate']:.2f}×" if r["server"] != "webapp" else ""
        lines.append(f"| {page} | {r['request']} | {r['server']} | {r['cpu_us']:.1f} | {each} | {r['rate']:,.0f} | {r['p99']:.2f} | "
                     f"{mallocs} | {vs_cpu} | {vs_rate} |")
    return "\n".join(lines)


def callgrind_table(rows):
    lines = ["| page | request | server | instructions/req | I1 misses/req | D1 misses/req | LL misses/req (I + D) |",
             "| --- | --- | --- | ---: | ---: | ---: | ---: |"]
    for r in rows:
        d1 = r.get("D1mr", 0) + r.get("D1mw", 0)
        lines.append(f"| `{r['page']}` | {r.get('request', WRK)} | {r['server']} | {r['Ir']:,.0f} | {r.get('I1mr', 0):,.1f} | {d1:,.1f} | "
                     f"{r['LLm']:,.1f} |")
    return "\n".join(lines)


def pinned_headline(rows, callgrind_rows, pages):
    lines = []
    for path, variant in ((p, v) for p in pages for v in (WRK, CHROMIUM)):
        by = {r["server"]: r for r in rows if r["page"] == path and r["request"] == variant}
        if "webapp" not in by:
            continue
        webapp = by["webapp"]
        peers = [name for name in SERVERS if name in by and name != "webapp"]
        cpu = ", ".join(f"{webapp['cpu_us'] / by[n]['cpu_us']:.2f}× {n} ({by[n]['cpu_us']:.1f})" for n in peers)
        rate = ", ".join(f"{webapp['rate'] / by[n]['rate']:.2f}× {n}" for n in peers)
        line = (f"- `{path}`, {variant}: webapp {webapp['cpu_us']:.1f} µs CPU/request = {cpu}; "
                f"{webapp['rate']:,.0f} req/s = {rate}")
        if STORED in by:
            line += f"; the page (webapp − {STORED}) takes {webapp['cpu_us'] - by[STORED]['cpu_us']:.1f} µs"
        if webapp.get("mallocs") is not None and variant == WRK:
            line += f"; {webapp['mallocs']:.1f} mallocs/request"
        counted = {r["server"]: r for r in callgrind_rows if r["page"] == path and r.get("request", WRK) == variant}
        if "webapp" in counted:
            c = counted["webapp"]
            line += (f"; {c['Ir']:,.0f} instructions, {c.get('I1mr', 0):,.0f} I1 misses and {c['LLm']:,.1f} LL misses "
                     f"per request")
        lines.append(line)
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--webapp", required=True)
    parser.add_argument("--raw", required=True)
    parser.add_argument("--hummingbird", required=True)
    parser.add_argument("--stored", required=True, help="StoredPageServer: WebRouter's server answering stored bytes")
    parser.add_argument("--mustache", help="HummingbirdMustacheServer: Hummingbird 2 + swift-mustache rendering the deep link")
    parser.add_argument("--mustache-templates", help="the folder of its page.mustache "
                        "(default: Benchmarks/Sources/HummingbirdMustacheServer/Templates under --root)")
    parser.add_argument("--nginx", default=shutil.which("nginx") or "/usr/sbin/nginx")
    parser.add_argument("--servers", default=os.environ.get("BENCH_SERVERS", ""),
                        help="only these servers (names as in the tables, comma-separated; webapp always); empty: all")
    parser.add_argument("--baseline-webapp", default=os.environ.get("BENCH_BASELINE_WEBAPP"),
                        help="another webapp build (e.g. main's), measured beside --webapp in the pinned rounds and "
                             "under callgrind as \"webapp (baseline)\"")
    parser.add_argument("--requests", default=os.environ.get("BENCH_REQUESTS", f"wrk,chromium"),
                        help="which requests the pinned rows send: wrk (its bare GET), chromium (Chromium's headers, "
                             "compressed answers), or both")
    parser.add_argument("--callgrind-keep", default=os.environ.get("BENCH_CALLGRIND_KEEP"),
                        help="a folder to keep each callgrind dump in (for callgrind_annotate)")
    parser.add_argument("--malloc-count", help="malloc_count.so, to count webapp's allocations per request")
    parser.add_argument("--root", default=os.getcwd(), help="the repository root (webapp's working directory)")
    parser.add_argument("--mode", choices=["both", "unpinned", "pinned"], default=os.environ.get("BENCH_MODE", "both"),
                        help="the unpinned table, the pinned one (with the callgrind counts), or both")
    parser.add_argument("--duration", type=int, default=int(os.environ.get("BENCH_DURATION", "5")))
    parser.add_argument("--rounds", type=int, default=int(os.environ.get("BENCH_ROUNDS", "3")))
    parser.add_argument("--connections", default=os.environ.get("BENCH_CONNECTIONS", "8,64,256"))
    parser.add_argument("--pages", default=os.environ.get("BENCH_PAGES", ",".join(DEFAULT_PAGES)))
    parser.add_argument("--pinned-connections", type=int, default=int(os.environ.get("BENCH_PINNED_CONNECTIONS", "8")))
    parser.add_argument("--pinned-pages", default=os.environ.get("BENCH_PINNED_PAGES", ",".join(DEFAULT_PAGES)))
    parser.add_argument("--callgrind-pages", default=os.environ.get("BENCH_CALLGRIND_PAGES", ",".join(CALLGRIND_PAGES)),
                        help="pages counted under callgrind in pinned mode (empty: none)")
    parser.add_argument("--callgrind-servers", default=os.environ.get("BENCH_CALLGRIND_SERVERS",
                                                                      ",".join(CALLGRIND_SERVERS)))
    parser.add_argument("--callgrind-requests", type=int, default=int(os.environ.get("BENCH_CALLGRIND_REQUESTS", "300")))
    parser.add_argument("--valgrind-shim", help="sigsuspend_shim.so, preloaded under valgrind (3.19 dies on Swift's async main without it)")
    parser.add_argument("--output", default=os.environ.get("BENCH_OUTPUT", "BENCHMARKS.md"))
    parser.add_argument("--session-check-page", default=os.environ.get("BENCH_SESSION_CHECK_PAGE", DEFAULT_PAGES[0]),
                        help="the signed-in page on which the session check is measured (empty: not measured; pinned mode only)")
    args = parser.parse_args()
    args.connections = [int(c) for c in args.connections.split(",") if c]
    args.servers = [n.strip() for n in args.servers.split(",") if n.strip()]
    if args.servers and "webapp" not in args.servers:
        args.servers.append("webapp")
    args.variants = [{"wrk": WRK, "chromium": CHROMIUM}[v.strip()] for v in args.requests.split(",") if v.strip()]
    if args.callgrind_keep:
        os.makedirs(args.callgrind_keep, exist_ok=True)
    pages = [p for p in args.pages.split(",") if p]
    args.pinned_pages = [p for p in args.pinned_pages.split(",") if p]
    args.callgrind_pages = [p for p in args.callgrind_pages.split(",") if p] if shutil.which("valgrind") else []
    args.callgrind_servers = [n.strip() for n in args.callgrind_servers.split(",") if n.strip()]
    if args.mustache and not args.mustache_templates:
        args.mustache_templates = os.path.join(args.root, "Benchmarks/Sources/HummingbirdMustacheServer/Templates")
    if args.mode != "unpinned" and not shutil.which("taskset"):
        parser.error("the pinned mode needs taskset (util-linux)")
    if (os.cpu_count() or 1) < 2 and args.mode != "unpinned":
        parser.error("the pinned mode needs two cores (server on core 0, wrk on core 1)")

    started = datetime.datetime.now()
    rows, pinned_rows, callgrind_rows, session_rows = [], [], [], []
    with tempfile.TemporaryDirectory(prefix="webrouter-bench-") as work:
        os.chmod(work, 0o755)  # nginx's workers run as an unprivileged user
        # A first webapp instance signs in and renders the pages the others will serve.
        env = dict(os.environ, WEBROUTER_SECRET=SECRET, WEBAPP_DATABASE=os.path.join(work, "webapp.sqlite"))
        os.environ["WEBAPP_DATABASE"] = env["WEBAPP_DATABASE"]  # every webapp of the run shares one database
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
                unpinned, pinned_page, counted = benchmark_page(path, args, cookie, pages_html[path])
                rows += unpinned
                pinned_rows += pinned_page
                callgrind_rows += counted
            if args.session_check_page and args.mode != "unpinned":
                print(f"== session check on {args.session_check_page}", file=sys.stderr)
                session_rows = session_check_cost(args.session_check_page, args, cookie)
        finally:
            probe.stop()

    elapsed = (datetime.datetime.now() - started).total_seconds()
    headline = []
    for path in pages:
        for connections in args.connections:
            by = {r["server"]: r for r in rows if r["page"] == path and r["connections"] == connections}
            if not by:
                continue
            webapp, raw, stored = by["webapp"], by["raw C"], by[STORED]
            headline.append(f"- `{path}` at {connections} connections: webapp {webapp['rate']:,.0f} req/s = "
                            f"{webapp['rate'] / raw['rate']:.2f}× raw C, "
                            f"{webapp['rate'] / by['Hummingbird']['rate']:.2f}× Hummingbird"
                            + (f", {webapp['rate'] / by[MUSTACHE]['rate']:.2f}× {MUSTACHE}" if MUSTACHE in by else "")
                            + f"; {webapp['cpu_us']:.1f} µs CPU/request "
                            f"(raw C {raw['cpu_us']:.1f}, {STORED} {stored['cpu_us']:.1f}, so the page takes "
                            f"{webapp['cpu_us'] - stored['cpu_us']:.1f}"
                            + (f"; {MUSTACHE} {by[MUSTACHE]['cpu_us']:.1f}" if MUSTACHE in by else "")
                            + f"); {STORED} {stored['rate'] / raw['rate']:.2f}× raw C; "
                            f"peak RSS {webapp['rss']:.1f} MB"
                            + (f"; {webapp['mallocs']:.1f} mallocs/request"
                               if webapp.get('mallocs') is not None else ""))
    mustache_note = (f" {MUSTACHE} (Hummingbird 2 with swift-mustache, `Benchmarks/Sources/HummingbirdMustacheServer`) "
                     f"renders the deep link from a Mustache template loaded at start with a context built for each "
                     f"request, as a Hummingbird user would; it takes part on that page only." if args.mustache else "")
    pinned_section = ""
    if pinned_rows or callgrind_rows:
        pinned_section = f"""
## Pinned: server on core 0, wrk on core 1

Each server runs alone on core 0 (`taskset -c 0`) with one thread (webapp `--threads 1`, WebRouter
(stored) and raw C one libmicrohttpd thread, Hummingbird one event loop, nginx one worker), wrk
`-t1 -c{args.pinned_connections}` runs on core 1; {args.rounds} interleaved rounds of {args.duration} s per server,
medians. The headline is the server's CPU time per request (utime + stime from /proc over the
run ÷ requests), which depends far less than req/s on what else the machine runs; the ratios
compare webapp with each server of the same run.{mustache_note}
Instructions and cache misses per request are counted under `valgrind --tool=callgrind
--cache-sim=yes --LL={CALLGRIND_LL}` (cachegrind's cache model: I1 and D1 as valgrind reads them
from this CPU, 32 KB 8-way each; LL simulated as one core's 512 KB 8-way L2, since this VM reports
its L3 as 256 MB direct-mapped; deterministic): the server
(one thread) answers 100 requests, the counters are zeroed, then {args.callgrind_requests} requests on one
keep-alive connection are counted. LL misses are the last-level misses of instruction fetches,
data reads and data writes.

{pinned_headline(pinned_rows, callgrind_rows, pages)}

{pinned_table(pinned_rows) if pinned_rows else ""}

{callgrind_table(callgrind_rows) if callgrind_rows else ""}
"""
    unpinned_section = ""
    if rows:
        unpinned_section = f"""
## Unpinned: servers and wrk share both cores

{args.rounds} interleaved rounds of {args.duration} s per server, wrk -t2 on the same cores as the servers; medians.
Every server uses all cores (raw C: {os.cpu_count()} libmicrohttpd threads).

{chr(10).join(headline)}

{table(rows)}
"""
    report = f"""# Benchmarks

Measured {started:%Y-%m-%d %H:%M} on {machine_description()}, by `make bench`
(total {elapsed / 60:.1f} min). Every server answers the same bytes: those webapp rendered for
the page, signed in as `demo`. webapp renders each request; raw C (libmicrohttpd),
Hummingbird 2, nginx and WebRouter (stored) answer the stored bytes. WebRouter (stored) is webapp's
own server (WebRouter's `HTTPServer`, the same Swift request path and `Task.immediate` handler) with
a handler that returns the stored bytes: webapp's CPU per request minus its figure is the page's
rendering.{mustache_note} No server writes an access log (webapp runs with
`--no-access-log`, nginx with `access_log off`, Hummingbird without its logging middleware). Peak RSS is VmHWM (nginx: master and workers);
CPU µs/req is the server's utime + stime over the run divided by the requests served.
mallocs/req counts webapp's heap allocations (its own and libmicrohttpd's) per request, and
Hummingbird+Mustache's, over 2,000 requests on one connection, with `Benchmarks/http/malloc_count.c` preloaded.
Only ratios within one run mean much on a shared machine: differences under ~15 % are noise.
{pinned_section}{session_check_section(session_rows, args)}{unpinned_section}"""
    # Sections measured by other scripts (ab_database.sh) follow KEEP_MARKER and survive a new run.
    try:
        with open(args.output) as file:
            previous = file.read()
        if KEEP_MARKER in previous:
            report = report.rstrip("\n") + "\n\n" + previous[previous.index(KEEP_MARKER):]
    except FileNotFoundError:
        pass
    with open(args.output, "w") as file:
        file.write(report)
    print(report)


if __name__ == "__main__":
    main()
