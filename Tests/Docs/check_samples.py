#!/usr/bin/env python3
"""Checks that every ```swift sample of README.md and of the DocC articles is compiled code.

Each sample's lines must appear, in order and contiguous, in one Swift file that `make test`
compiles: the example packages (Examples/*/Sources, Examples/*/Tests), Tests/DocSamplesTests,
Tests/WebappTests (the demo's tests, which the README shows), Tests/WebRouterAccountsTests (the
accounts article's samples) or Tests/CompileErrors (code that
must not compile, which `make test` typechecks expecting the errors its `// error:` lines name).
Lines are compared with their whitespace normalised (indentation and runs of spaces don't
count) and blank lines ignored, so a sample may be an excerpt of a longer declaration.

- A line `// …` in a sample marks an elision: the parts before and after it are matched
  separately (in the same file, in order).
- `import X` lines must name a module the compiled code has (WebRouter, WebRouterTesting,
  WebRouterStore, WebRouterAccounts, Testing, Foundation, Logging, ArgumentParser, GRDB) or a target that a manifest sample of the same page declares.
- `@main` is skipped: the samples' entry points live in a test target, which has its own.
- A sample that starts with `// swift-tools-version` is a package manifest: it is written to a
  temporary package next to a link named WebRouter to this repository and loaded with
  `swift package describe`, which compiles it and checks its product references.

    python3 Tests/Docs/check_samples.py          # exits 1 naming each sample that is not found
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KNOWN_MODULES = {"WebRouter", "WebRouterTesting", "WebRouterStore", "WebRouterAccounts", "Testing", "Foundation", "Logging", "ArgumentParser", "GRDB"}
ELISION = re.compile(r"^//\s*(…|\.\.\.)$")


def documents():
    yield os.path.join(ROOT, "README.md")
    for base, _, files in os.walk(os.path.join(ROOT, "Sources")):
        if ".docc" in base:
            for name in sorted(files):
                if name.endswith(".md"):
                    yield os.path.join(base, name)


def swift_blocks(path):
    """(first line number, lines) of each ```swift block."""
    blocks, current, start = [], None, 0
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            stripped = line.strip()
            if current is None and stripped == "```swift":
                current, start = [], number + 1
            elif current is not None and stripped == "```":
                blocks.append((start, current))
                current = None
            elif current is not None:
                current.append(line.rstrip("\n"))
    return blocks


def normalise(line):
    return re.sub(r"\s+", " ", line.strip())


def compiled_files():
    roots = [os.path.join(ROOT, "Tests", "DocSamplesTests"), os.path.join(ROOT, "Tests", "WebappTests"),
             os.path.join(ROOT, "Tests", "WebRouterAccountsTests"), os.path.join(ROOT, "Tests", "CompileErrors")]
    examples = os.path.join(ROOT, "Examples")
    for name in sorted(os.listdir(examples)) if os.path.isdir(examples) else []:
        roots += [os.path.join(examples, name, "Sources"), os.path.join(examples, name, "Tests")]
    files = {}
    for root in roots:
        for base, dirs, names in os.walk(root):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for name in names:
                if name.endswith(".swift"):
                    path = os.path.join(base, name)
                    with open(path, encoding="utf-8") as handle:
                        files[path] = [normalise(l) for l in handle if l.strip()]
    return files


def find_in_order(chunks, lines):
    position = 0
    for chunk in chunks:
        found = next((i for i in range(position, len(lines) - len(chunk) + 1)
                      if lines[i:i + len(chunk)] == chunk), None)
        if found is None:
            return False
        position = found + len(chunk)
    return True


def manifest_targets(lines):
    return set(re.findall(r'name:\s*"([^"]+)"', "\n".join(lines)))


def check_manifest(lines):
    """None when the manifest loads, else the error."""
    with tempfile.TemporaryDirectory() as scratch:
        os.symlink(ROOT, os.path.join(scratch, "WebRouter"))
        package = os.path.join(scratch, "Sample")
        os.makedirs(package)
        text = "\n".join(lines) + "\n"
        with open(os.path.join(package, "Package.swift"), "w") as handle:
            handle.write(text)
        for kind, name in re.findall(r'\.(executableTarget|target|testTarget)\(\s*name:\s*"([^"]+)"', text):
            folder = os.path.join(package, "Tests" if kind == "testTarget" else "Sources", name)
            os.makedirs(folder)
            with open(os.path.join(folder, "main.swift" if kind == "executableTarget" else "File.swift"), "w") as handle:
                handle.write("\n")
        result = subprocess.run([os.environ.get("SWIFT", "swift"), "package", "describe"], cwd=package,
                                capture_output=True, text=True)
        return None if result.returncode == 0 else (result.stderr or result.stdout).strip()


def main():
    files = compiled_files()
    failures, checked = [], 0
    for document in documents():
        blocks = swift_blocks(document)
        relative = os.path.relpath(document, ROOT)
        manifests = [lines for _, lines in blocks if lines and lines[0].startswith("// swift-tools-version")]
        own_targets = set().union(*map(manifest_targets, manifests)) if manifests else set()
        for start, lines in blocks:
            checked += 1
            where = f"{relative}:{start}"
            if lines and lines[0].startswith("// swift-tools-version"):
                error = check_manifest(lines)
                if error:
                    failures.append(f"{where}: the manifest does not load:\n{error}")
                continue
            chunks, chunk = [], []
            for line in lines:
                text = normalise(line)
                if not text or text == "@main":
                    continue
                imported = re.fullmatch(r"(?:@testable )?import (\w+)", text)
                if imported:
                    if imported.group(1) not in KNOWN_MODULES | own_targets:
                        failures.append(f"{where}: imports {imported.group(1)}, which no compiled sample has")
                    continue
                if ELISION.match(text):
                    if chunk:
                        chunks.append(chunk)
                    chunk = []
                    continue
                chunk.append(text)
            if chunk:
                chunks.append(chunk)
            if chunks and not any(find_in_order(chunks, body) for body in files.values()):
                first = chunks[0][0] if chunks[0] else ""
                failures.append(f"{where}: this sample is in no compiled Swift file (starts with: {first})")
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"check_samples: {checked} swift samples in README.md and the DocC articles, "
          f"{len(failures)} not compiled")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
