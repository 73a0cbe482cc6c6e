#!/usr/bin/env python3
"""Builds the DocC archives of WebRouter and WebRouterTesting with warnings as errors (`make docs`).

swift-docc-plugin extracts a target's symbol graph without the symbols it re-exports, so the
WebRouter catalog could not name what `import WebRouter` shows from the modules below it
(``HTMLBuilder``, ``FormData``, ``ServerConfiguration`` …): every such link failed. This script
extracts each product's public symbol graph from the debug build itself (as
`check_public_api.py` does), allowing the modules it re-exports
(`-experimental-allowed-reexported-modules`: WebRouterHTML whole, the WebRouterHTTP types
named in Exports.swift, nothing else of that module), then runs `docc convert` on the
module's catalog with `--warnings-as-errors`, so a broken link still fails.

The archives land in .build/plugins/Swift-DocC/outputs/<Module>.doccarchive. Build first
(`swift build --target WebRouterTesting`); `make docs` does.

Usage: python3 Tests/Docs/build_docs.py
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import check_public_api as api  # noqa: E402  (the extractor, its flags and the re-export reader)

OUTPUT = api.ROOT / ".build" / "plugins" / "Swift-DocC" / "outputs"
GRAPHS = api.ROOT / ".build" / "docs-symbol-graphs"
_docc = shutil.which("docc") or str(Path(shutil.which(api.SWIFT) or "swift").parent / "docc")
DOCC = os.environ.get("DOCC", _docc)


def extract(module: str, flags: list[str]) -> Path:
    """`module`'s public symbol graph, with the symbols it re-exports, in a directory of its own."""
    # Every module an `@_exported import` names, whole or one declaration of it: the extractor
    # then keeps, of the latter, only the declarations named.
    allowed = sorted({match.group(1)
                      for file in (api.ROOT / "Sources" / module).rglob("*.swift")
                      for line in file.read_text().splitlines()
                      if (match := api.REEXPORT.match(line))})
    out = GRAPHS / module
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    cmd = [
        api.EXTRACT,
        "-module-name", module,
        "-target", api.target_triple(),
        "-I", str(api.BUILD_DIR / "Modules"),
        "-module-cache-path", str(api.OUTPUT_DIR / "ModuleCache"),
        "-minimum-access-level", "public",
        "-skip-synthesized-members",
        "-output-dir", str(out),
    ] + flags
    if allowed:
        cmd.append("-experimental-allowed-reexported-modules=" + ",".join(allowed))
    result = api.run(cmd, capture_output=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        sys.exit(f"build_docs: swift-symbolgraph-extract failed for {module}")
    return out


def main() -> int:
    flags = api.module_map_flags()
    failed = []
    for module in api.PRODUCTS:
        graphs = extract(module, flags)
        archive = OUTPUT / f"{module}.doccarchive"
        shutil.rmtree(archive, ignore_errors=True)
        archive.parent.mkdir(parents=True, exist_ok=True)
        print(f"Building documentation for '{module}'...", flush=True)
        result = api.run([
            DOCC, "convert", str(api.ROOT / "Sources" / module / f"{module}.docc"),
            "--fallback-display-name", module,
            "--fallback-bundle-identifier", module,
            "--additional-symbol-graph-dir", str(graphs),
            "--output-path", str(archive),
            "--warnings-as-errors",
        ])
        if result.returncode != 0:
            failed.append(module)
        else:
            print(f"Generated documentation archive at: {archive.relative_to(api.ROOT)}")
    if failed:
        print(f"build_docs: DocC failed for {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
