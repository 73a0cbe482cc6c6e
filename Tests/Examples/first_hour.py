#!/usr/bin/env python3
"""A newcomer's first hour, as a check: the README's app built from scratch, outside the repository.

Takes the README's ```swift samples — the package manifest (the block that starts with
`// swift-tools-version`), the app (every block that begins with `import WebRouter` or declares
`makeApp`/`@main`) and its test (the block that imports WebRouterTesting) — writes them into a new
package in a temporary directory next to a link named WebRouter to this repository (the
manifest's `.package(path: "../WebRouter")`), and there:

- builds it and runs its tests (`swift build --build-tests`, `swift test --skip-build`);
- runs the binary's `routes` (the app's tree as the README declares it) and `serve --help`
  (the framework's help, which must not name the demo's domain);
- builds the same app with a tree the framework refuses (two transitions with one name) and
  runs it: the message must name the problem and the exit status must be 1, with no crash
  report or backtrace.

The build directory is kept under the repository's `.build/first-hour` (`--scratch-path`), so a
second run is incremental; the package itself never is inside the repository.

    python3 Tests/Examples/first_hour.py            # exits 1 saying what failed
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SWIFT = os.environ.get("SWIFT", "swift")


def swift_blocks(path):
    blocks, current = [], None
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            stripped = line.strip()
            if current is None and stripped == "```swift":
                current = []
            elif current is not None and stripped == "```":
                blocks.append("".join(current))
                current = None
            elif current is not None:
                current.append(line)
    return blocks


def readme_package():
    blocks = swift_blocks(os.path.join(ROOT, "README.md"))
    manifest = next(b for b in blocks if b.startswith("// swift-tools-version"))
    test = next(b for b in blocks if "import WebRouterTesting" in b)
    app = [b for b in blocks if b is not manifest and b is not test
           and (b.startswith("import WebRouter") or "func makeApp" in b or "@main" in b)]
    if not app:
        sys.exit("first_hour: README.md has no app sample (a block starting with `import WebRouter`)")
    return manifest, "\n".join(app), test


def run(argv, cwd, check=True, **kwargs):
    print("$ " + " ".join(argv), flush=True)
    result = subprocess.run(argv, cwd=cwd, text=True, capture_output=True, **kwargs)
    if check and result.returncode != 0:
        sys.stdout.write(result.stdout)
        sys.stderr.write(result.stderr)
        sys.exit(f"first_hour: `{' '.join(argv)}` failed with status {result.returncode}")
    return result


def main():
    manifest, app, test = readme_package()
    scratch = os.path.join(ROOT, ".build", "first-hour")
    workspace = tempfile.mkdtemp(prefix="webrouter-first-hour-")
    try:
        os.symlink(ROOT, os.path.join(workspace, "WebRouter"))
        package = os.path.join(workspace, "Hello")
        os.makedirs(os.path.join(package, "Sources", "Hello"))
        os.makedirs(os.path.join(package, "Tests", "HelloTests"))
        with open(os.path.join(package, "Package.swift"), "w") as file:
            file.write(manifest)
        with open(os.path.join(package, "Sources", "Hello", "Hello.swift"), "w") as file:
            file.write(app)
        with open(os.path.join(package, "Tests", "HelloTests", "HelloTests.swift"), "w") as file:
            file.write(test)

        swift = [SWIFT]
        run(swift + ["build", "--build-tests", "--scratch-path", scratch], package)
        run(swift + ["test", "--skip-build", "--scratch-path", scratch], package)
        binary = run(swift + ["build", "--show-bin-path", "--scratch-path", scratch], package).stdout.strip()
        hello = os.path.join(binary, "Hello")

        routes = run([hello, "routes"], package).stdout
        if "/greeting/" not in routes:
            sys.exit(f"first_hour: `Hello routes` does not list the greeting's route:\n{routes}")
        usage = run([hello, "serve", "--help"], package).stdout
        if "scores.example" in usage or "--max-body-size" not in usage:
            sys.exit(f"first_hour: `Hello serve --help` names the demo's domain or lacks --max-body-size:\n{usage}")

        # The same app with a tree the framework refuses: a message and status 1, no crash.
        refused = app.replace("var greeting: Push<Home, Greeting>",
                              "var greeting: Push<Home, Greeting>\n    var again: Push<Home, Greeting>", 1)
        refused = refused.replace("Home(greeting: Push(Greeting()))",
                                  "Home(greeting: Push(Greeting()), again: Push(Greeting()).named(\"greeting\"))", 1)
        if refused == app:
            sys.exit("first_hour: could not make the README's app refuse its tree")
        with open(os.path.join(package, "Sources", "Hello", "Hello.swift"), "w") as file:
            file.write(refused)
        run(swift + ["build", "--product", "Hello", "--scratch-path", scratch], package)
        result = run([hello, "routes"], package, check=False)
        said = result.stdout + result.stderr
        if result.returncode != 1 or "The screen tree has" not in said or "Crash" in said or "Backtrace" in said \
                or "Illegal instruction" in said:
            sys.exit(f"first_hour: a refused tree exited {result.returncode}, saying:\n{said}")
        print(f"first_hour: the README's app builds, its test passes, `routes` and `--help` read right, "
              f"and a refused tree says so and exits 1 ({package})")
    finally:
        shutil.rmtree(workspace, ignore_errors=True)


if __name__ == "__main__":
    main()
