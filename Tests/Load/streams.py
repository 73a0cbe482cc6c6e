#!/usr/bin/env python3
"""Streams at launch scale (issue 47): N concurrent event streams held by the demo, one refresh
signal to all of them, and the pages' latency while they are open.

Starts the demo's release build pinned to core 0 with one server thread (`webapp serve
--threads 1 --live-goal-interval 0 --live-directory DIR`, its own database in a temporary
directory, at the connection limit it derives from the machine), pins itself to core 1, then:

1. times PAGE (the deep link, signed in) REQUESTS times on one keep-alive connection with no
   stream open: p50, p99, max;
2. opens STREAMS event streams (`/_webrouter/events?key=scores`, as the Feed's pages open them)
   from distinct loopback addresses (127.0.0.2, .3, … 127.0.1.2, …: 16 per address, the
   framework's bound per client) and waits until every one has read its `: connected` line;
3. samples the server's RSS and threads from /proc, and its CPU while the streams sit idle for
   IDLE seconds (a heartbeat to all of them included when IDLE > 15);
4. times the same page again with the streams open;
5. sends one refresh signal (a datagram to the instance's socket in DIR, as another instance's
   `app.refresh("scores")` sends it) and measures the time until every stream has read
   `event: refresh` (50 ms of it is the hub's coalescing delay), and the server's CPU for it.

    python3 Tests/Load/streams.py --binary .build/release/webapp          # 10,000 streams
    make bench-streams                                                     # the same, built

Prints figures and, with --check, exits 1 when a target is missed (RSS > 250 MB, the signal > 1 s, page p99
with streams > 2x idle, a stream refused): figures, not a test (LiveEventsTests asserts the
behaviour). Loopback only. Raises its own open-file soft limit to the hard one.
"""
import argparse
import os
import resource
import selectors
import socket
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Benchmarks", "http"))
from run import CLOCK_TICKS, Server, free_port, sign_in  # noqa: E402

SECRET = "live-streams-secret-live-streams-secret-0123"
PER_ADDRESS = 16  # LiveConfiguration.streamsPerClient's default
STREAM_REQUEST = (b"GET /_webrouter/events?key=scores HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  b"Accept: text/event-stream\r\n\r\n")


def proc_status(pid, field):
    with open(f"/proc/{pid}/status") as file:
        for line in file:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def threads(pid):
    return len(os.listdir(f"/proc/{pid}/task"))


def source_address(index):
    """The loopback address stream `index` comes from: 16 streams per address."""
    number = index // PER_ADDRESS
    return f"127.0.{number // 250}.{2 + number % 250}"


def open_streams(port, count, batch=256):
    """Opens `count` streams, `batch` at a time, each read up to its `: connected` line."""
    streams = []
    selector = selectors.DefaultSelector()
    for start in range(0, count, batch):
        pending = {}
        for index in range(start, min(start + batch, count)):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.bind((source_address(index), 0))
            sock.settimeout(10)
            sock.connect(("127.0.0.1", port))
            sock.sendall(STREAM_REQUEST)
            sock.setblocking(False)
            pending[sock] = bytearray()
            selector.register(sock, selectors.EVENT_READ)
        deadline = time.monotonic() + 30
        while pending and time.monotonic() < deadline:
            for key, _ in selector.select(timeout=1):
                sock = key.fileobj
                try:
                    chunk = sock.recv(4096)
                except BlockingIOError:
                    continue
                data = pending[sock]
                data += chunk
                if not chunk or b": connected" in data:
                    status_line = bytes(data.split(b"\r\n", 1)[0])
                    if not chunk or b" 200 " not in status_line:
                        raise RuntimeError(f"stream {len(streams) + 1} refused: {status_line!r}")
                    selector.unregister(sock)
                    del pending[sock]
                    streams.append(sock)
        if pending:
            raise RuntimeError(f"{len(pending)} streams not connected within 30 s")
    selector.close()
    return streams


def drain(streams):
    for sock in streams:
        try:
            while sock.recv(65536):
                pass
        except BlockingIOError:
            pass


def read_response(sock, buffer):
    """Reads one response from `sock` (Content-Length or chunked); returns the status."""
    while b"\r\n\r\n" not in buffer:
        chunk = sock.recv(65536)
        if not chunk:
            raise RuntimeError("the server closed the page's connection")
        buffer += chunk
    head, _, rest = bytes(buffer).partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = None
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    body = bytearray(rest)
    if length is not None:
        while len(body) < length:
            body += sock.recv(65536)
        del buffer[:]
        buffer += body[length:]
    else:
        while not body.endswith(b"0\r\n\r\n"):
            body += sock.recv(65536)
        del buffer[:]
    return status


def page_latency(port, page, cookie, requests):
    """`requests` GETs of `page` in turn on one keep-alive connection: sorted seconds each."""
    request = (f"GET {page} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\n"
               f"Accept: text/html\r\n\r\n").encode()
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=("127.0.9.9", 0))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    buffer = bytearray()
    times = []
    try:
        for number in range(requests + requests // 10):
            started = time.perf_counter()
            sock.sendall(request)
            status = read_response(sock, buffer)
            elapsed = time.perf_counter() - started
            if status != 200:
                raise RuntimeError(f"GET {page} answered {status}")
            if number >= requests // 10:  # the first tenth warms up
                times.append(elapsed)
    finally:
        sock.close()
    return sorted(times)


def percentile(sorted_times, fraction):
    return sorted_times[min(len(sorted_times) - 1, int(len(sorted_times) * fraction))]


def latency_line(times):
    return (f"p50 {percentile(times, 0.5) * 1e6:.0f} µs, p99 {percentile(times, 0.99) * 1e6:.0f} µs, "
            f"max {times[-1] * 1e6:.0f} µs ({len(times)} requests)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--streams", type=int, default=10_000)
    parser.add_argument("--idle", type=float, default=20.0, help="seconds the streams sit idle (CPU sampled)")
    parser.add_argument("--page", default="/feed/tournament/5/match/12")
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--server-core", type=int, default=0)
    parser.add_argument("--client-core", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if args.streams + 64 > hard:
        parser.error(f"{args.streams} streams need {args.streams + 64} open files here; the hard limit is {hard}")
    os.sched_setaffinity(0, {args.client_core})

    with open("/proc/loadavg") as file:
        load_before = file.read().split()[:3]
    with tempfile.TemporaryDirectory(prefix="wr-streams-") as work:
        live = os.path.join(work, "live")
        port = free_port()
        env = dict(os.environ, WEBROUTER_SECRET=SECRET)
        server = Server("webapp", ["taskset", "-c", str(args.server_core), args.binary, "serve",
                                   "--port", str(port), "--no-access-log", "--threads", "1",
                                   "--live-goal-interval", "0", "--live-directory", live,
                                   "--database", os.path.join(work, "webapp.sqlite")],
                        port, cwd=os.getcwd(), env=env)
        pid = server.process.pid
        failures = []
        try:
            cookie = sign_in(port)
            with open(f"/proc/{pid}/limits") as file:
                files = next(line for line in file if line.startswith("Max open files")).split()[3:5]
            idle_times = page_latency(port, args.page, cookie, args.requests)
            rss_before, threads_before = proc_status(pid, "VmRSS"), threads(pid)

            opening = time.monotonic()
            cpu_opening = server.cpu_seconds()
            streams = open_streams(port, args.streams)
            opened_in = time.monotonic() - opening
            cpu_open = server.cpu_seconds() - cpu_opening
            time.sleep(1.0)
            rss_open, threads_open = proc_status(pid, "VmRSS"), threads(pid)

            cpu_start, wall_start = server.cpu_seconds(), time.monotonic()
            time.sleep(args.idle)
            cpu_idle = server.cpu_seconds() - cpu_start
            wall_idle = time.monotonic() - wall_start
            drain(streams)

            open_times = page_latency(port, args.page, cookie, args.requests)
            drain(streams)

            # One refresh signal, as another instance sends it.
            instances = [name for name in os.listdir(live) if name.endswith(".sock")]
            selector = selectors.DefaultSelector()
            for sock in streams:
                selector.register(sock, selectors.EVENT_READ, bytearray())
            sender = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            cpu_signal = server.cpu_seconds()
            started = time.monotonic()
            for name in instances:
                sender.sendto(b"scores", os.path.join(live, name))
            waiting = set(streams)
            while waiting and time.monotonic() - started < 30:
                for key, _ in selector.select(timeout=1):
                    data = key.data
                    try:
                        data += key.fileobj.recv(65536)
                    except BlockingIOError:
                        continue
                    if b"event: refresh" in data and key.fileobj in waiting:
                        waiting.discard(key.fileobj)
                        selector.unregister(key.fileobj)
            reached = time.monotonic() - started
            cpu_fanout = server.cpu_seconds() - cpu_signal
            rss_peak = proc_status(pid, "VmHWM")
            with open("/proc/loadavg") as file:
                load_after = file.read().split()[:3]

            count = args.streams
            per_stream = (rss_open - rss_before) * 1024 / count
            idle_per_stream = cpu_idle / wall_idle / count * 1e6  # µs of CPU per second per stream
            idle_p99, open_p99 = percentile(idle_times, 0.99), percentile(open_times, 0.99)
            print(f"machine: {os.cpu_count()} cores, load average {' '.join(load_before)} before, "
                  f"{' '.join(load_after)} after; server on core {args.server_core} (--threads 1), "
                  f"this client on core {args.client_core}; server's open files {files[0]} (soft) / {files[1]} (hard)")
            print(f"streams held: {count} (opened in {opened_in:.1f} s, {cpu_open / count * 1e6:.0f} µs of server CPU each; "
                  f"refresh reached {count - len(waiting)})")
            print(f"server threads: {threads_before} with no stream, {threads_open} with {count}")
            print(f"RSS: {rss_before / 1024:.1f} MB with no stream, {rss_open / 1024:.1f} MB with {count} "
                  f"({per_stream:.0f} bytes per stream); peak {rss_peak / 1024:.1f} MB")
            print(f"CPU while idle: {cpu_idle:.3f} s over {wall_idle:.1f} s ({100 * cpu_idle / wall_idle:.2f} % of one core, "
                  f"{idle_per_stream:.2f} µs per stream per second)")
            print(f"one refresh signal to all {count} streams: {reached * 1000:.1f} ms "
                  f"(50 ms of it the coalescing delay), {cpu_fanout * 1000:.0f} ms of server CPU "
                  f"({cpu_fanout / count * 1e6:.1f} µs per stream)")
            print(f"GET {args.page}, no stream open:     {latency_line(idle_times)}")
            print(f"GET {args.page}, {count} streams open: {latency_line(open_times)} "
                  f"(p99 {open_p99 / idle_p99:.2f}x idle)")
            if waiting:
                failures.append(f"{len(waiting)} streams did not get the refresh")
            if rss_peak > 250 * 1024:
                failures.append(f"peak RSS {rss_peak / 1024:.1f} MB > 250 MB")
            if reached > 1.0:
                failures.append(f"the refresh took {reached:.2f} s > 1 s")
            if open_p99 > 2 * idle_p99:
                failures.append(f"page p99 with streams {open_p99 / idle_p99:.2f}x idle > 2x")
            for sock in streams:
                sock.close()
        finally:
            server.process.terminate()
            server.process.wait(timeout=30)
        for failure in failures:
            print(f"target missed: {failure}")
        sys.exit(1 if failures and args.check else 0)


if __name__ == "__main__":
    main()
