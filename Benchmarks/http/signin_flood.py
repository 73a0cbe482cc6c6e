#!/usr/bin/env python3
"""Issue 33's sign-in flood, measured: how much of the CPU can wrong passwords take?

Starts the demo (a release `webapp`, its own database in a temporary directory) twice: first
with `--no-sign-in-limits` (no throttle, hashing as wide as the old unbounded queue: the state
before issue 33), then as served (the sign-in throttle, and PBKDF2 on a pool of half the
cores with a bounded queue). Each time CLIENTS parallel clients from 127.0.0.1 post wrong
passwords for `demo` as fast as the server answers, for DURATION seconds, and the script reads
the server's utime + stime from /proc/PID/stat before and after: the CPU share is that CPU time
÷ (wall time × cores). It prints, per run, the attempts made, the answers by status, the
attempts that were actually checked (422), the CPU share, and then whether the right password
is refused while the account is locked and accepted once `Retry-After` has passed.

    python3 Benchmarks/http/signin_flood.py --binary .build/release/webapp
    make signin-flood                      # the same, after a release build

Loopback only; figures, not assertions (the attack suite asserts the outcomes).
"""
import argparse
import collections
import os
import sys
import tempfile
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import CLOCK_TICKS, HiddenFields, Server, cookies_from, free_port, request  # noqa: E402

SECRET = "signin-flood-secret-signin-flood-secret-0123"


def login_form(port):
    """The login page's cookie header and hidden fields (the CSRF token)."""
    status, headers, body = request(port, "GET", "/welcome/~login")
    if status != 200:
        raise RuntimeError(f"GET /welcome/~login answered {status}")
    parser = HiddenFields()
    parser.feed(body.decode("utf-8", "replace"))
    cookie = "; ".join(f"{k}={v}" for k, v in cookies_from(headers).items())
    return cookie, dict(parser.fields)


def attempt(port, cookie, fields, password):
    form = dict(fields, username="demo", password=password)
    status, headers, _ = request(
        port, "POST", "/welcome/~login",
        {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie}, urllib.parse.urlencode(form))
    retry = next((v for k, v in headers if k.lower() == "retry-after"), None)
    return status, retry


def flood(port, clients, duration):
    """CLIENTS threads posting wrong passwords until the deadline; returns a Counter of statuses."""
    counts = collections.Counter()
    lock = threading.Lock()
    deadline = time.monotonic() + duration

    def client():
        cookie, fields = login_form(port)
        local = collections.Counter()
        while time.monotonic() < deadline:
            status, _ = attempt(port, cookie, fields, "wrong password")
            local[status] += 1
        with lock:
            counts.update(local)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return counts


def run(label, binary, extra, args):
    with tempfile.TemporaryDirectory(prefix="webrouter-signin-flood-") as work:
        env = dict(os.environ, WEBROUTER_SECRET=SECRET, WEBAPP_DATABASE=os.path.join(work, "webapp.sqlite"))
        port = free_port()
        server = Server(label, [binary, "--port", str(port), "--no-access-log"] + extra, port, cwd=args.root, env=env)
        try:
            before = server.cpu_seconds()
            started = time.monotonic()
            counts = flood(port, args.clients, args.duration)
            wall = time.monotonic() - started
            cpu = server.cpu_seconds() - before
            share = cpu / (wall * (os.cpu_count() or 1))
            attempts = sum(counts.values())
            cookie, fields = login_form(port)
            status, retry = attempt(port, cookie, fields, "demo")
            outcome = f"right password straight after: {status}"
            if status == 429 and retry:
                time.sleep(int(retry) + 0.2)
                cookie, fields = login_form(port)
                later, _ = attempt(port, cookie, fields, "demo")
                outcome += f" (Retry-After {retry} s); after waiting: {later}"
            answers = ", ".join(f"{code}: {n}" for code, n in sorted(counts.items()))
            print(f"| {label} | {attempts} | {answers} | {counts.get(422, 0)} | {cpu:.2f} s | {share * 100:.0f} % | {outcome} |")
            sys.stdout.flush()
        finally:
            server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True, help="a release webapp")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--duration", type=float, default=6.0)
    parser.add_argument("--root", default=os.getcwd(), help="the repository root (webapp's working directory)")
    args = parser.parse_args()
    print(f"{args.clients} clients from 127.0.0.1 posting wrong passwords for `demo` for {args.duration:g} s, "
          f"{os.cpu_count()} cores; CPU share = server utime+stime ÷ (wall × cores), clock ticks {CLOCK_TICKS}/s\n")
    print("| webapp | attempts | answers | checked (422) | server CPU | CPU share | the right password |")
    print("|---|---:|---|---:|---:|---:|---|")
    run("before (--no-sign-in-limits)", args.binary, ["--no-sign-in-limits"], args)
    run("after (as served)", args.binary, [], args)


if __name__ == "__main__":
    main()
