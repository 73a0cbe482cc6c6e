#!/usr/bin/env python3
"""Copies an example app's binary into an empty directory and starts the copy from `/`, as a
user would after deploying it elsewhere (an example's data file, named by `<NAME>_DATABASE`, in
that directory), and checks that its pages are styled: every stylesheet
a page links answers 200 text/css, cached as immutable; and, given the example's package
directory, that each stylesheet its Package.swift compiles in (`.embedInCode("x.css")`) is linked
by its content-hashed URL (`/_webrouter/app/x.<hash>.css`) and served compressed.

    python3 Tests/Examples/check_binary.py Examples/Travel/.build/debug/Travel /welcome Examples/Travel
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request


def main() -> int:
    original, page_path = os.path.abspath(sys.argv[1]), (sys.argv[2] if len(sys.argv) > 2 else "/")
    embedded = []
    if len(sys.argv) > 3:
        with open(os.path.join(sys.argv[3], "Package.swift"), encoding="utf-8") as manifest:
            embedded = [os.path.basename(name) for name in re.findall(r'\.embedInCode\("([^"]+\.css)"\)', manifest.read())]
    with tempfile.TemporaryDirectory() as elsewhere:
        # A copy of the binary alone (no build folder, no resource bundle next to it), started from `/`.
        binary = os.path.join(elsewhere, os.path.basename(original))
        shutil.copy2(original, binary)
        env = dict(os.environ, PORT="0")
        # An example that keeps data (Notes: an SQLite file) reads its file's path from
        # <NAME>_DATABASE; it goes in the temporary directory, not in `/`.
        env[os.path.basename(original).upper() + "_DATABASE"] = os.path.join(elsewhere, "data.sqlite")
        process = subprocess.Popen([binary, "serve", "--port", "0"],
                                   cwd="/", env=env, stdout=subprocess.PIPE,
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
            for name in embedded:
                stem, ext = os.path.splitext(name)
                pattern = re.compile(r"/_webrouter/app/" + re.escape(stem) + r"\.[0-9a-f]{16}" + re.escape(ext) + "$")
                own = [href for href in links if pattern.match(href)]
                if not own:
                    print(f"check_binary: GET {page_path} does not link the embedded {name} by its hashed URL: {links}",
                          file=sys.stderr)
                    return 1
                request = urllib.request.Request(base + own[0], headers={"Accept-Encoding": "br"})
                with urllib.request.urlopen(request, timeout=10) as response:
                    coding = response.headers.get("Content-Encoding", "")
                    if response.status != 200 or coding != "br":
                        print(f"check_binary: {own[0]} → {response.status}, Content-Encoding {coding!r}", file=sys.stderr)
                        return 1
                print(f"check_binary: the embedded {name} is linked as {own[0]} and served precompressed (br)")
            for href in links:
                with urllib.request.urlopen(base + href, timeout=10) as response:
                    kind = response.headers.get("Content-Type", "")
                    cache = response.headers.get("Cache-Control", "")
                    body = response.read()
                    if response.status != 200 or not kind.startswith("text/css") or "immutable" not in cache or not body:
                        print(f"check_binary: {href} → {response.status} {kind!r} {cache!r}, {len(body)} bytes",
                              file=sys.stderr)
                        return 1
                print(f"check_binary: a copy of {os.path.basename(binary)} started from /: "
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
