#!/usr/bin/env python3
"""Issue 32's load figures: 1,000 idle event streams held by one server.

Starts the demo (`webapp serve --live-goal-interval 0 --live-directory DIR`, its own database in
a temporary directory), opens STREAMS event streams (`/_webrouter/events?key=scores`, as the
Feed's pages do) from distinct loopback addresses (127.0.0.2, .3, …: 16 per address, the
framework's bound per client), then reports:

- the server's RSS before and with the streams open, and the bytes per stream;
- its CPU share while the streams sit idle for IDLE seconds (a heartbeat included);
- its threads (the same with 1,000 streams as with none: no thread per stream);
- the time from one refresh signal (a datagram to the instance's socket in DIR, as another
  instance's `app.refresh("scores")` sends it) until every stream has read `event: refresh`.

    python3 Benchmarks/http/live_streams.py --binary .build/release/webapp
    make bench                                   # runs it after the HTTP benchmark

Figures, not assertions (LiveEventsTests asserts the behaviour). Loopback only.
"""
import argparse
import os
import resource
import selectors
import socket
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import CLOCK_TICKS, Server, free_port  # noqa: E402

SECRET = "live-streams-secret-live-streams-secret-0123"


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as file:
        for line in file:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def threads(pid):
    return len(os.listdir(f"/proc/{pid}/task"))


def open_stream(port, index):
    source = f"127.0.0.{2 + index // 16}"
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    sock.sendall(b"GET /_webrouter/events?key=scores HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                 b"Accept: text/event-stream\r\n\r\n")
    data = b""
    while b": connected" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            raise RuntimeError(f"stream {index} closed: {data[:200]!r}")
        data += chunk
    status_line = data.split(b"\r\n", 1)[0]
    if b" 200 " not in status_line:
        raise RuntimeError(f"stream {index} refused: {status_line!r}")
    sock.setblocking(False)
    return sock


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--idle", type=float, default=20.0)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, args.streams + 256)), hard))

    with tempfile.TemporaryDirectory(prefix="wr-live-") as work:
        live = os.path.join(work, "live")
        port = free_port()
        env = dict(os.environ, WEBROUTER_SECRET=SECRET)
        server = Server("webapp", [args.binary, "serve", "--port", str(port), "--no-access-log",
                                   "--threads", "2", "--live-goal-interval", "0", "--live-directory", live,
                                   "--database", os.path.join(work, "webapp.sqlite")],
                        port, cwd=os.getcwd(), env=env)
        pid = server.process.pid
        try:
            time.sleep(1.0)
            rss_before, threads_before = rss_kb(pid), threads(pid)
            streams = [open_stream(port, index) for index in range(args.streams)]
            time.sleep(1.0)
            rss_open, threads_open = rss_kb(pid), threads(pid)
            cpu_start, wall_start = server.cpu_seconds(), time.monotonic()
            time.sleep(args.idle)
            cpu = server.cpu_seconds() - cpu_start
            wall = time.monotonic() - wall_start
            # Drain the heartbeats, then signal once, as another instance would.
            for sock in streams:
                try:
                    while sock.recv(65536):
                        pass
                except BlockingIOError:
                    pass
            instance = [name for name in os.listdir(live) if name.endswith(".sock")]
            selector = selectors.DefaultSelector()
            for sock in streams:
                selector.register(sock, selectors.EVENT_READ, bytearray())
            sender = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            started = time.monotonic()
            for name in instance:
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
            print(f"streams held: {args.streams - 0} (refresh reached {args.streams - len(waiting)})")
            print(f"server threads: {threads_before} with no stream, {threads_open} with {args.streams}")
            print(f"RSS: {rss_before / 1024:.1f} MB with no stream, {rss_open / 1024:.1f} MB with {args.streams} "
                  f"({(rss_open - rss_before) * 1024 / args.streams:.0f} bytes per stream)")
            print(f"CPU while idle: {cpu:.3f} s over {wall:.1f} s ({100 * cpu / wall:.2f} % of one core)")
            print(f"one refresh signal to all {args.streams} streams: {reached * 1000:.1f} ms")
            for sock in streams:
                sock.close()
        finally:
            server.process.terminate()
            server.process.wait(timeout=20)


if __name__ == "__main__":
    main()
