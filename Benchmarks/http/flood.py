#!/usr/bin/env python3
"""Issue 33's connection flood, measured: can one address take the server away from others?

Starts the demo (a release `webapp`) on a loopback port, then from 127.0.0.1 holds IDLE
connections that each sent half a request line and TRICKLE connections that send one more
byte every INTERVAL seconds (and reopens any the server closes, as an attacker would), while a
normal client bound to 127.0.0.2 (all of 127/8 is loopback) asks for /welcome every PROBE
seconds. It prints, for each probe, how many flood connections the server holds open and how
long the normal client waited for its whole answer (or that it got none within TIMEOUT s).

    python3 Benchmarks/http/flood.py --binary .build/release/webapp
    make flood                      # the same, after a release build

Only loopback addresses are used. The soft limit on open files is raised to the hard limit
(the flood needs more than 2,200 descriptors).
"""
import argparse
import errno
import os
import resource
import select
import socket
import subprocess
import sys
import tempfile
import time

ATTACKER = "127.0.0.1"
VISITOR = "127.0.0.2"


def raise_fd_limit(needed):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(needed, soft)
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        sys.exit(f"flood.py: needs {needed} open files, the hard limit allows {soft}")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_server(port, deadline=30.0):
    start = time.monotonic()
    while time.monotonic() - start < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"flood.py: nothing listens on port {port}")


class FloodSocket:
    """One attacker connection: opened without waiting, its first bytes sent once connected."""

    def __init__(self, port, first):
        self.port = port
        self.first = first
        self.sock = None
        self.sent_first = False
        self.reopens = 0
        self.open()

    def open(self):
        if self.sock is not None:
            self.sock.close()
            self.reopens += 1
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setblocking(False)
        self.sock.bind((ATTACKER, 0))
        self.sent_first = False
        code = self.sock.connect_ex(("127.0.0.1", self.port))
        if code not in (0, errno.EINPROGRESS):
            self.sock.close()
            self.sock = None

    def connected(self):
        if self.sock is None:
            return False
        try:
            self.sock.getpeername()
            return self.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0
        except OSError:
            return False

    def closed_by_server(self):
        if self.sock is None:
            return True
        try:
            return self.sock.recv(1, socket.MSG_PEEK) == b""
        except BlockingIOError:
            return False
        except OSError:
            return True

    def send(self, data):
        try:
            self.sock.send(data)
            return True
        except OSError:
            return False

    def tend(self, trickle):
        """Sends the first bytes once connected, one more byte when trickling; reopens a closed one."""
        if self.sock is None:
            self.open()
            return
        if not self.connected():
            return
        if self.closed_by_server():
            self.open()
            return
        if not self.sent_first:
            self.sent_first = self.send(self.first)
        elif trickle:
            self.send(b"x")

    def held(self):
        return self.sock is not None and self.sent_first and self.connected() and not self.closed_by_server()


def visit(port, timeout):
    """The normal client: GET /welcome from 127.0.0.2; (status, seconds) or (None, seconds)."""
    start = time.monotonic()
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            sock.settimeout(timeout)
            sock.bind((VISITOR, 0))
            sock.connect(("127.0.0.1", port))
            sock.sendall(b"GET /welcome HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            reply = b""
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                reply += chunk
        status = int(reply.split(b" ", 2)[1]) if reply.startswith(b"HTTP/") else None
        return status, time.monotonic() - start
    except OSError:
        return None, time.monotonic() - start


def pause(seconds):
    select.select([], [], [], max(seconds, 0))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/webapp", help="the demo's binary")
    parser.add_argument("--public", default="Public", help="its public directory")
    parser.add_argument("--idle", type=int, default=1100, help="idle connections (half a request line)")
    parser.add_argument("--trickle", type=int, default=1100, help="trickling connections")
    parser.add_argument("--interval", type=float, default=10.0, help="seconds between a trickler's bytes")
    parser.add_argument("--duration", type=float, default=40.0, help="seconds the flood is held")
    parser.add_argument("--probe", type=float, default=5.0, help="seconds between the normal client's requests")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds the normal client waits for its answer")
    parser.add_argument("--label", default="", help="a name for this run in the output")
    parser.add_argument("--server-option", action="append", default=[],
                        help="one more option for the demo, e.g. --server-option=--connections-per-client=0")
    options = parser.parse_args()

    raise_fd_limit(options.idle + options.trickle + 200)
    port = free_port()
    scratch = tempfile.TemporaryDirectory(prefix="flood-")
    server = subprocess.Popen(
        [options.binary, "--host", "127.0.0.1", "--port", str(port), "--public", options.public, "--no-access-log",
         "--database", os.path.join(scratch.name, "webapp.sqlite")] + options.server_option,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_server(port)
        baseline = visit(port, options.timeout)
        idle = [FloodSocket(port, b"GET /wel") for _ in range(options.idle)]
        trickle = [FloodSocket(port, b"GET /") for _ in range(options.trickle)]
        # Let the connects complete and the first bytes go out.
        settle = time.monotonic() + 2
        while time.monotonic() < settle:
            for flood in idle + trickle:
                if not flood.sent_first:
                    flood.tend(trickle=False)
            pause(0.2)

        label = f" [{options.label}]" if options.label else ""
        print(f"flood{label}: {options.binary} on 127.0.0.1:{port}; {options.idle} idle and {options.trickle} "
              f"trickling connections from {ATTACKER} (one byte per {options.interval:g} s, closed ones reopened); "
              f"GET /welcome from {VISITOR} every {options.probe:g} s, waiting at most {options.timeout:g} s")
        print(f"  before the flood: {baseline[0]} in {baseline[1] * 1000:.1f} ms")
        print(f"  {'t (s)':>6} {'idle held':>10} {'trickle held':>13} {'GET /welcome':>14}")
        start = time.monotonic()
        next_trickle = start + options.interval
        next_probe = start
        results = []
        while True:
            now = time.monotonic()
            if now >= next_trickle:
                for flood in idle:
                    flood.tend(trickle=False)
                for flood in trickle:
                    flood.tend(trickle=True)
                next_trickle += options.interval
            if now >= next_probe:
                held_idle = sum(flood.held() for flood in idle)
                held_trickle = sum(flood.held() for flood in trickle)
                status, seconds = visit(port, options.timeout)
                results.append((status, seconds))
                answer = f"{status} in {seconds * 1000:.0f} ms" if status else f"none in {seconds:.1f} s"
                print(f"  {now - start:6.1f} {held_idle:10d} {held_trickle:13d} {answer:>14}", flush=True)
                next_probe += options.probe
                if now - start >= options.duration:
                    break
            pause(min(next_trickle, next_probe) - time.monotonic())

        answered = [seconds for status, seconds in results if status == 200]
        reopened = sum(flood.reopens for flood in idle + trickle)
        worst = f"{max(answered) * 1000:.0f} ms" if answered else "-"
        print(f"  summary{label}: {len(answered)} of {len(results)} probes answered 200, slowest {worst}; "
              f"the attacker reopened {reopened} closed connections")
        return 0 if len(answered) == len(results) and max(answered) < 1.0 else 1
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
        scratch.cleanup()


if __name__ == "__main__":
    sys.exit(main())
