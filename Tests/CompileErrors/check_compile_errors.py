#!/usr/bin/env python3
"""Checks that the mistakes WebRouter turns into compile-time errors do not compile.

Each Swift file of this folder is typechecked (`swiftc -typecheck`, no build: a few tenths of
a second each) against the WebRouter module of the debug build that `make test` has just made.
A line ending in `// error: <text>` must get an error whose message contains <text> (a trailing
`…` is dropped); any other error or warning fails the check. A file without such lines is a
control and must typecheck cleanly, so the check fails if the unavailable overloads ever catch
the right declaration too.

    python3 Tests/CompileErrors/check_compile_errors.py [bin-path]   # default: swift build --show-bin-path
"""
import glob
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.join(ROOT, "Tests", "CompileErrors")
EXPECTED = re.compile(r"//\s*error:\s*(.*?)\s*…?\s*$")
DIAGNOSTIC = re.compile(r"^(.*?):(\d+):\d+: (error|warning): (.*)$")
PKG_CONFIG = ["libmicrohttpd", "gnutls", "zlib", "libbrotlienc", "libbrotlidec"]


def bin_path():
    if len(sys.argv) > 1:
        return sys.argv[1]
    swift = os.environ.get("SWIFT", "swift")
    return subprocess.run([swift, "build", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()


def compiler_flags(bin_dir):
    """The module search path, and the module maps (plus headers) of the C shims WebRouter imports."""
    flags = ["-I", os.path.join(bin_dir, "Modules")]
    for modulemap in sorted(glob.glob(os.path.join(ROOT, "Sources", "C*", "module.modulemap"))):
        flags += ["-Xcc", "-fmodule-map-file=" + modulemap]
    try:
        cflags = subprocess.run(["pkg-config", "--cflags"] + PKG_CONFIG, check=True,
                                capture_output=True, text=True).stdout
        for flag in shlex.split(cflags):
            flags += ["-Xcc", flag]
    except (OSError, subprocess.CalledProcessError):
        pass
    return flags


def expected_errors(path):
    expected = {}
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            match = EXPECTED.search(line)
            if match:
                expected[number] = match.group(1)
    return expected


def check(path, flags):
    name = os.path.relpath(path, ROOT)
    result = subprocess.run(["swiftc", "-typecheck"] + flags + [path], cwd=ROOT,
                            capture_output=True, text=True)
    output = result.stdout + result.stderr
    found = {}
    for line in output.splitlines():
        match = DIAGNOSTIC.match(line)
        if match and os.path.realpath(os.path.join(ROOT, match.group(1))) == os.path.realpath(path):
            found.setdefault(int(match.group(2)), []).append((match.group(3), match.group(4)))
    expected = expected_errors(path)
    problems = []
    for number, text in sorted(expected.items()):
        errors = [message for kind, message in found.get(number, []) if kind == "error"]
        if not any(text in message for message in errors):
            problems.append(f"{name}:{number}: expected an error containing {text!r}, got {errors or 'none'}")
    for number, diagnostics in sorted(found.items()):
        for kind, message in diagnostics:
            if number not in expected or kind != "error" or expected[number] not in message:
                problems.append(f"{name}:{number}: unexpected {kind}: {message}")
    if not expected and result.returncode != 0 and not problems:
        problems.append(f"{name}: the control does not typecheck:\n{output}")
    if expected and result.returncode == 0:
        problems.append(f"{name}: typechecked, but it must not compile")
    return problems, len(expected)


def main():
    bin_dir = bin_path()
    if not os.path.exists(os.path.join(bin_dir, "Modules", "WebRouter.swiftmodule")):
        sys.exit(f"no WebRouter module in {bin_dir}/Modules: build first (swift build --build-tests)")
    flags = compiler_flags(bin_dir)
    problems, errors, files = [], 0, sorted(glob.glob(os.path.join(HERE, "*.swift")))
    for path in files:
        found, count = check(path, flags)
        problems += found
        errors += count
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"compile errors: {len(files)} files, {errors} expected errors, all as expected")


if __name__ == "__main__":
    main()
