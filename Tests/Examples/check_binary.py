#!/usr/bin/env python3
"""Starts an example app's binary from a directory that holds none of its files, as a user
would after copying it elsewhere, and checks that its pages are styled: the stylesheet a page
links answers 200 text/css, cached as immutable.

    python3 Tests/Examples/check_binary.py Examples/Notes/.build/debug/Notes /notes
"""
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request


def main() -> int:
    binary, page_path = os.path.abspath(sys.argv[1]), (sys.argv[2] if len(sys.argv) > 2 else "/")
    with tempfile.TemporaryDirectory() as elsewhere:
        env = dict(os.environ, PORT="0")
        process = subprocess.Popen([binary, "serve", "--port", "0"],
                                   cwd=elsewhere, env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True)
        try:
            base = None
            deadline = time.monotonic() + 30
            seen = []
            while base is None and time.monotonic() < deadline:
                line = process.stdout.readline()
                if not line:
                    break
                seen.append(line)
                match = re.search(r"listening on (http://[^\s]+)", line)
                if match:
                    base = match.group(1).rstrip("/")
            if base is None:
                print("check_binary: the server never said where it listens:\n" + "".join(seen), file=sys.stderr)
                return 1
            # Started without WEBROUTER_SECRET, the app must say that sessions end at every restart.
            if not env.get("WEBROUTER_SECRET") and not any("WEBROUTER_SECRET" in line for line in seen):
                print("check_binary: no warning about WEBROUTER_SECRET at start:\n" + "".join(seen), file=sys.stderr)
                return 1
            with urllib.request.urlopen(base + page_path, timeout=10) as response:
                html = response.read().decode()
            links = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
            if not links:
                print(f"check_binary: GET {page_path} links no stylesheet", file=sys.stderr)
                return 1
            for href in links:
                with urllib.request.urlopen(base + href, timeout=10) as response:
                    kind = response.headers.get("Content-Type", "")
                    cache = response.headers.get("Cache-Control", "")
                    body = response.read()
                    if response.status != 200 or not kind.startswith("text/css") or "immutable" not in cache or not body:
                        print(f"check_binary: {href} → {response.status} {kind!r} {cache!r}, {len(body)} bytes",
                              file=sys.stderr)
                        return 1
                print(f"check_binary: {os.path.basename(binary)} started in {elsewhere}: "
                      f"{href} → 200 {kind}, {cache}, {len(body)} bytes")
            return 0
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()


if __name__ == "__main__":
    sys.exit(main())
