#!/usr/bin/env python3
"""Checks the public API of WebRouter's five modules (`make api-check`; `make test` runs it).

The modules are WebRouterHTML and WebRouterHTTP (the lower floors, which WebRouter re-exports in
part), WebRouter, WebRouterStore and WebRouterTesting (the products a user names).

It builds the package in debug (unless `--skip-build`), extracts each module's symbol graph
with `swift-symbolgraph-extract` at the `public` access level, prints how many public symbols
each module has, and exits 1 listing every problem it finds:

1. **A public symbol without a doc comment of its own.** Every public type, protocol,
   associated type, type alias, initializer, method, operator, subscript, property, static
   constant and enum case needs a `///` comment (one useful sentence is enough). Members of
   extensions on other modules' types (`extension Int: URLContext`) count as well.

   Exempt: a member that *implements a protocol requirement* and has no comment of its own.
   It inherits the requirement's doc comment (DocC and Quick Help show that one), so writing
   it again would only repeat it: `hash(into:)`, `==`, `description`, `makeIterator()`,
   `render(into:)` of an `HTML` conformance, the witnesses `Int` gets from `URLContext`. The
   script tells them apart by extracting twice, with and without `-skip-inherited-docs`: a
   symbol that only has a comment when inherited docs are allowed is such a witness (or a
   protocol extension's default implementation). The requirements declared in these modules
   are public symbols themselves, so they are checked like everything else; the inherited
   comments cannot be empty. A witness may still have its own comment when it says more
   (defaults, units), and then that comment is shown instead.

   Not exempt: result-builder methods (`HTMLBuilder.buildBlock` …) implement no protocol, so
   they carry a one-line comment each like any other method. Members that come from a
   protocol extension of another module are not extracted (`-skip-synthesized-members`); a
   raw-value enum's implicit `init(rawValue:)` is, and inherits `RawRepresentable`'s comment.

2. **A public type whose name starts with `_`.** The extractor always hides underscored
   symbols (no flag shows them: `-include-spi-symbols` only adds `@_spi` ones), so they are
   found by scanning the sources for `public`/`open` declarations of a struct, enum, class,
   actor, protocol or typealias named `_…`. Only `ALLOWED_UNDERSCORED_TYPES` may exist: the
   framework machinery that `@inlinable` code in the app must reach but a user never names.
   Underscored public *members* (`_edge`, `_decodeForRoute`) are not failures: they belong to
   these machinery protocols and their default implementations; they are listed with `-v`.

3. **A doc comment that links to a type a user cannot see.** A DocC link (``` ``Name`` ```,
   ``` ``Name/member`` ```) whose first component starts with a capital letter must name a
   symbol the module's reader sees (or a module: ``` ``Swift/String`` ```): the module's own
   public symbols, what it re-exports (`@_exported import`: WebRouter re-exports WebRouterHTML
   whole and a few types of WebRouterHTTP), and, for WebRouterTesting, what `import WebRouter`
   gives. A doc comment showing an internal type (`PageRenderer`), or a public type of a lower
   module that WebRouter does not re-export (`HTTPServer`), promises an API that does not exist.
   What a product re-exports appears in its catalog, so those symbols' links are checked against
   what the product shows as well.
   Lower-case links (``` ``value(named:in:)`` ```) are relative to the symbol and not checked.

Usage: python3 Tests/Docs/check_public_api.py [--skip-build] [-v]
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import platform
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Built in this order: each module's symbol graph needs the ones below it.
MODULES = ["WebRouterHTML", "WebRouterHTTP", "WebRouter", "WebRouterStore", "WebRouterTesting", "WebRouterAccounts"]
# The modules a user imports: a doc comment of one of them may link to what the others show
# (WebRouterTesting's docs to WebRouter's types).
PRODUCTS = ["WebRouter", "WebRouterStore", "WebRouterTesting", "WebRouterAccounts"]
BUILD_DIR = ROOT / ".build" / "debug"
OUTPUT_DIR = ROOT / ".build" / "api-check"
# The toolchain: `swift` (or $SWIFT) and the `swift-symbolgraph-extract` beside it.
SWIFT = os.environ.get("SWIFT", "swift")
_swift_path = shutil.which(SWIFT)
EXTRACT = str(Path(_swift_path).parent / "swift-symbolgraph-extract") if _swift_path else "swift-symbolgraph-extract"
if not os.access(EXTRACT, os.X_OK):
    EXTRACT = "swift-symbolgraph-extract"

# Public types that may start with `_`: framework machinery that inlinable code compiled into
# the app (typed links, URL parsing) must see, hidden from documentation and completion.
ALLOWED_UNDERSCORED_TYPES = {
    "_RouteEdgeCarrying",   # Transition's machinery protocol: the route-graph edge of a transition
    "_RouteEdge",           # that edge, as the route table sees it (no public members)
    "_URLContextMachinery", # URLContext's machinery protocol: specialised decoding and printing
}

UNDERSCORED_TYPE = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*"                 # attributes (@frozen, @preconcurrency …)
    r"(?:public|open)\s+(?:(?:final|indirect|nonisolated)\s+)*"
    r"(struct|enum|class|actor|protocol|typealias)\s+(_\w+)"
)
UNDERSCORED_MEMBER = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:(?:static|class|final|mutating|nonisolated|override|weak"
    r"|(?:private|fileprivate|internal)\(set\))\s+)*"
    r"(func|var|let|init|subscript)\s+(_\w+)"
)


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=ROOT, text=True, **kwargs)


def target_triple() -> str:
    """The host triple the debug build used: from the toolchain, else from `uname -m`."""
    try:
        info = run([SWIFT, "-print-target-info"], capture_output=True, check=True).stdout
        return json.loads(info)["target"]["triple"]
    except (OSError, subprocess.CalledProcessError, ValueError, KeyError):
        machine = platform.machine()
        if platform.system() == "Darwin":
            return f"{'arm64' if machine == 'arm64' else machine}-apple-macosx14.0"
        return f"{machine}-unknown-linux-gnu"


def module_map_flags() -> list[str]:
    """`-fmodule-map-file` for every C module the Swift modules may import: the package's own
    system-library targets, the module maps SwiftPM generated for C targets of dependencies
    (in `.build/debug/*.build/`), and the ones the dependencies' checkouts ship."""
    maps: list[str] = []
    maps += sorted(glob.glob(str(ROOT / "Sources" / "C*" / "module.modulemap")))
    maps += sorted(glob.glob(str(BUILD_DIR / "*.build" / "module.modulemap")))
    maps += sorted(glob.glob(str(ROOT / ".build" / "checkouts" / "**" / "module.modulemap"), recursive=True))
    seen_modules: set[str] = set()
    flags: list[str] = []
    for path in maps:
        # Two maps declaring one module make clang fail ("redefinition of module"): keep the first.
        names = re.findall(r"^\s*(?:explicit\s+)?(?:framework\s+)?module\s+(\w+)", Path(path).read_text(errors="replace"), re.M)
        if names and names[0] in seen_modules:
            continue
        seen_modules.update(names[:1])
        flags += ["-Xcc", f"-fmodule-map-file={path}"]
    return flags


def extract(module: str, inherited_docs: bool, flags: list[str]) -> dict[str, dict]:
    """Extracts `module`'s public symbol graph (and the graphs of its extensions to other
    modules' types) and returns its symbols by precise identifier."""
    out = OUTPUT_DIR / ("inherited" if inherited_docs else "own") / module
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    cmd = [
        EXTRACT,
        "-module-name", module,
        "-target", target_triple(),
        "-I", str(BUILD_DIR / "Modules"),
        "-module-cache-path", str(OUTPUT_DIR / "ModuleCache"),
        "-minimum-access-level", "public",
        "-skip-synthesized-members",
        "-output-dir", str(out),
    ] + flags
    if not inherited_docs:
        cmd.append("-skip-inherited-docs")
    result = run(cmd, capture_output=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        sys.exit(f"check_public_api: swift-symbolgraph-extract failed for {module}")
    symbols: dict[str, dict] = {}
    for graph in sorted(out.glob(f"{module}*.symbols.json")):
        for symbol in json.loads(graph.read_text())["symbols"]:
            symbols[symbol["identifier"]["precise"]] = symbol
    return symbols


# Modules whose symbols a doc comment may link to by a module-qualified path (``Swift/String``).
LINKABLE_MODULES = {"Swift", "Foundation", "Logging", "ArgumentParser"} | set(MODULES)
DOC_LINK = re.compile(r"``([^`]+)``")


# `@_exported import WebRouterHTML`, `@_exported public import struct WebRouterHTTP.HTTPRequest`.
REEXPORT = re.compile(
    r"^\s*@_exported\s+(?:(?:public|package|internal)\s+)?import\s+"
    r"(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?(\w+)(?:\.(\w+))?"
)


def reexports(module: str) -> tuple[set[str], set[str]]:
    """What `module`'s sources re-export: whole modules, and single declarations by name."""
    whole, names = set(), set()
    for file in (ROOT / "Sources" / module).rglob("*.swift"):
        for line in file.read_text().splitlines():
            if match := REEXPORT.match(line):
                if match.group(2):
                    names.add(match.group(2))
                else:
                    whole.add(match.group(1))
    return whole, names


def user_view(module: str, own_names: dict[str, set[str]]) -> set[str]:
    """The top-level names `import module` shows: its own public symbols and what it
    re-exports (whole modules recursively)."""
    whole, names = reexports(module)
    view = set(own_names.get(module, set())) | names
    for other in whole:
        if other in own_names and other != module:
            view |= user_view(other, own_names)
    return view


def linkable_names(module: str, own_names: dict[str, set[str]]) -> set[str]:
    """The names a doc comment of `module` may link to: what its reader sees."""
    names = user_view(module, own_names)
    if module in PRODUCTS:
        for product in PRODUCTS:
            names |= user_view(product, own_names)
    return names


def reexported_symbol_count(module: str, graphs: dict[str, tuple[dict, dict]]) -> int:
    """How many public symbols of the other modules `import module` shows through its
    `@_exported` imports (whole modules, or the named declarations and their members)."""
    whole, names = reexports(module)
    count = 0
    for other, (own, _) in graphs.items():
        if other == module:
            continue
        if other in whole:
            count += len(own) + reexported_symbol_count(other, graphs)
        else:
            count += sum(1 for symbol in own.values() if symbol["pathComponents"][0] in names)
    return count


def dangling_links(symbols: dict[str, dict], public_names: set[str]) -> list[str]:
    """Doc-comment links whose first path component is a capitalised name that is neither a
    name the module's reader sees (`public_names`) nor a module."""
    found = []
    for symbol in symbols.values():
        text = "\n".join(line.get("text", "") for line in symbol.get("docComment", {}).get("lines", []))
        for link in DOC_LINK.findall(text):
            first = re.split(r"[/.(]", link, maxsplit=1)[0]
            if first[:1].isupper() and first not in public_names and first not in LINKABLE_MODULES:
                found.append(f"{describe(symbol)} links to ``{link}``")
    return found


def has_doc(symbol: dict) -> bool:
    lines = symbol.get("docComment", {}).get("lines", [])
    return any(line.get("text", "").strip() for line in lines)


def describe(symbol: dict) -> str:
    path = ".".join(symbol["pathComponents"])
    kind = symbol["kind"]["displayName"]
    location = symbol.get("location")
    where = ""
    if location:
        file = location["uri"].removeprefix("file://")
        try:
            file = str(Path(file).resolve().relative_to(ROOT))
        except ValueError:
            pass
        where = f"{file}:{location['position']['line'] + 1}: "
    return f"{where}{kind} {path}"


def underscored_declarations(module: str) -> tuple[list[str], list[str]]:
    """Public `_`-named types and members in the module's sources, by scanning them."""
    types, members = [], []
    for file in sorted((ROOT / "Sources" / module).rglob("*.swift")):
        for number, line in enumerate(file.read_text().splitlines(), start=1):
            where = f"{file.relative_to(ROOT)}:{number}"
            if match := UNDERSCORED_TYPE.match(line):
                types.append((where, match.group(1), match.group(2)))
            elif match := UNDERSCORED_MEMBER.match(line):
                members.append(f"{where}: {match.group(1)} {match.group(2)}")
    return types, members


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-build", action="store_true", help="use the existing debug build")
    parser.add_argument("-v", "--verbose", action="store_true", help="also list exempt symbols")
    args = parser.parse_args()

    if not args.skip_build:
        # The top modules (the others are below them); all traits, so every backend's API is seen.
        for top in ("WebRouterStore", "WebRouterTesting", "WebRouterAccounts"):
            build = run([SWIFT, "build", "--target", top, "--enable-all-traits"])
            if build.returncode != 0:
                return build.returncode

    flags = module_map_flags()
    problems: list[str] = []
    graphs = {module: (extract(module, inherited_docs=False, flags=flags),
                       extract(module, inherited_docs=True, flags=flags)) for module in MODULES}
    own_names = {module: {symbol["pathComponents"][0] for symbol in own.values()}
                 for module, (own, _) in graphs.items()}
    for module in MODULES:
        own, inherited = graphs[module]
        undocumented, witnesses = [], []
        for precise, symbol in own.items():
            if has_doc(symbol):
                continue
            if precise in inherited and has_doc(inherited[precise]):
                witnesses.append(describe(symbol))
            else:
                undocumented.append(describe(symbol))
        underscored_types, underscored_members = underscored_declarations(module)
        # Underscored names the extractor did show (it hides them today): types among them fail too.
        for symbol in own.values():
            if symbol["names"]["title"].startswith("_") and symbol["kind"]["identifier"] in (
                "swift.struct", "swift.enum", "swift.class", "swift.protocol", "swift.typealias"
            ):
                underscored_types.append((describe(symbol), "", symbol["names"]["title"]))
        forbidden = [f"{where}: {kind} {name}".replace(":  ", ": ") for where, kind, name in underscored_types
                     if name not in ALLOWED_UNDERSCORED_TYPES]

        print(f"{module}: {len(own)} public symbols, {len(undocumented)} without a doc comment, "
              f"{len(witnesses)} protocol witnesses inheriting theirs, "
              f"{len(underscored_types)} underscored public types "
              f"({len(forbidden)} not in the allow-list)")
        if reexported := reexported_symbol_count(module, graphs):
            print(f"  `import {module}` shows {len(own) + reexported} "
                  f"({reexported} re-exported from the modules below it)")
        if args.verbose:
            for line in sorted(witnesses):
                print(f"  inherits its doc: {line}")
            for line in underscored_members:
                print(f"  underscored member: {line}")
        problems += [f"no doc comment: {line}" for line in sorted(undocumented)]
        problems += [f"underscored public type not in the allow-list: {line}" for line in forbidden]
        problems += [f"doc comment links to a type that is not public: {line}"
                     for line in sorted(dangling_links(own, linkable_names(module, own_names)))]

    # What a product re-exports is documented in its catalog: its links must resolve there too
    # (ServerConfiguration's docs, shown by WebRouter, cannot link to HTTPServer, which is not).
    for module in PRODUCTS:
        whole, names = reexports(module)
        shown = {precise: symbol for other, (own, _) in graphs.items() if other != module
                 for precise, symbol in own.items()
                 if other in whole or symbol["pathComponents"][0] in names}
        problems += [f"doc comment links to a type that {module} does not show: {line}"
                     for line in sorted(dangling_links(shown, linkable_names(module, own_names)))]

    if problems:
        print(f"\n{len(problems)} public API problem(s):")
        for line in problems:
            print(f"  {line}")
        return 1
    print("public API: every symbol documented, no stray underscored types, no links to hidden types")
    return 0


if __name__ == "__main__":
    sys.exit(main())
