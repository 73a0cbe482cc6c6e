#!/usr/bin/env python3
"""Checks that WebRouter's modules keep their direction (`make test` runs it).

The package is a house with floors: C shims at the bottom, WebRouterHTML (the DSL and the
reader, depending on nothing) and WebRouterHTTP (the server, over the C shims) above them,
WebRouter on both, WebRouterTesting and WebRouterStore (app data) on top, the demo `webapp`
beside. A module may use what is below it, never what is beside or above it:

- WebRouterHTML imports nothing of the project: not WebRouterHTTP, WebRouter, WebRouterTesting,
  a C shim or webapp;
- WebRouterHTTP imports none of WebRouterHTML, WebRouter, WebRouterTesting, CGnuTLS or webapp
  (its C shims are CMicroHTTPD, CLibDeflate and CBrotli);
- WebRouter imports none of WebRouterTesting, WebRouterStore, WebRouterAccounts or webapp;
- WebRouterStore imports neither WebRouterTesting nor webapp;
- WebRouterAccounts (accounts an app mounts, over WebRouter) imports neither WebRouterTesting nor webapp.

Both places a direction could change are read: every `import` line of the module's Swift files
under Sources/<module> (all forms: `import X`, `public import X`, `@testable import X`,
`@_exported public import X`, `@preconcurrency import X`, scoped `import struct X.Y`, inside
`#if` blocks too) and the module's target dependencies in Package.swift (a name, a
`.target(name:)`, a `.byName(name:)`, a `.product(name:package:)`). It prints what each
checked module uses of the project and exits 1 listing every import or dependency that points
the wrong way.

Usage: python3 Tests/Docs/check_module_layers.py
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The project's own modules: targets (Swift and C shims) and the demo app.
PROJECT = {
    "WebRouterHTML", "WebRouterHTTP", "WebRouter", "WebRouterTesting", "WebRouterStore", "WebRouterAccounts",
    "CMicroHTTPD", "CGnuTLS", "CLibDeflate", "CBrotli", "webapp",
}

# What each module must not use: everything of the project beside or above it.
FORBIDDEN = {
    "WebRouterHTML": PROJECT - {"WebRouterHTML"},
    "WebRouterHTTP": {"WebRouterHTML", "WebRouter", "WebRouterTesting", "WebRouterStore", "WebRouterAccounts", "CGnuTLS", "webapp"},
    "WebRouter": {"WebRouterTesting", "WebRouterStore", "WebRouterAccounts", "webapp"},
    # App data sits on WebRouter (live keys, broadcasters), beside the testing kit.
    "WebRouterStore": {"WebRouterTesting", "webapp"},
    # Accounts sit on WebRouter, beside WebRouterTesting; the framework never needs them.
    "WebRouterAccounts": {"WebRouterTesting", "webapp"},
}

# One import declaration: attributes, an access level, an optional declaration kind (a scoped
# import), then the module, whose name is all this check needs.
IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+"
    r"(?:(?:struct|class|enum|protocol|typealias|func|var|let|actor)\s+)?"
    r"([A-Za-z_]\w*)"
)
BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.S)

# Package.swift: the start of a target declaration, then inside it its name and dependencies.
TARGET_START = re.compile(r"\.(?:target|executableTarget|testTarget|systemLibrary|macro|plugin)\s*\(")
NAME = re.compile(r'^\s*name\s*:\s*"([^"]+)"')
DEPENDENCY_NAME = re.compile(
    r'\.product\s*\(\s*name\s*:\s*"([^"]+)"\s*,\s*package\s*:\s*"[^"]*"'   # .product(name:package:)
    r'|\.(?:target|byName)\s*\(\s*name\s*:\s*"([^"]+)"'
    r'|"([^"]+)"'                                  # a bare name
)


def imports(source: str) -> list[tuple[int, str]]:
    """The modules `source` imports, with their line numbers (comments ignored)."""
    # Keep line numbers: replace a block comment by as many newlines as it spans.
    source = BLOCK_COMMENT.sub(lambda match: "\n" * match.group(0).count("\n"), source)
    found = []
    for number, line in enumerate(source.splitlines(), start=1):
        line = line.split("//", 1)[0]
        if match := IMPORT.match(line):
            found.append((number, match.group(1)))
    return found


def closing_parenthesis(text: str, start: int) -> int:
    """The index of the `)` that closes the `(` at `start`, skipping string literals."""
    depth, index, in_string = 0, start, False
    while index < len(text):
        char = text[index]
        if in_string:
            if char == "\\":
                index += 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return index
        index += 1
    raise ValueError("unbalanced parentheses in Package.swift")


def bracketed_list(text: str, label: str) -> str:
    """The text inside `label: [ … ]` at the top level of a target declaration, or ""."""
    match = re.search(rf"\b{label}\s*:\s*\[", text)
    if not match:
        return ""
    depth, index = 0, match.end() - 1
    while index < len(text):
        if text[index] == "[":
            depth += 1
        elif text[index] == "]":
            depth -= 1
            if depth == 0:
                return text[match.end():index]
        index += 1
    raise ValueError(f"unbalanced brackets after {label}: in Package.swift")


def target_dependencies(manifest: str) -> dict[str, list[str]]:
    """Each target's dependency names (targets and products alike) from Package.swift."""
    manifest = BLOCK_COMMENT.sub("", manifest)
    manifest = "\n".join(line.split("//", 1)[0] for line in manifest.splitlines())
    targets: dict[str, list[str]] = {}
    position = 0
    # Declarations only: a `.target(name:)` inside a target's dependencies is not one.
    while start := TARGET_START.search(manifest, position):
        opening = start.end() - 1
        closing = closing_parenthesis(manifest, opening)
        position = closing + 1
        body = manifest[opening + 1:closing]
        name = NAME.match(body)
        if not name:
            continue
        names = []
        for match in DEPENDENCY_NAME.finditer(bracketed_list(body, "dependencies")):
            names.append(next(group for group in match.groups() if group))
        targets[name.group(1)] = names
    return targets


def self_check() -> None:
    """The parser sees every form of import, so a forbidden one cannot hide behind syntax."""
    sample = "\n".join([
        "import A",
        "public import B",
        "@testable import C",
        "@_exported public import D",
        "@_exported import struct E.Thing",
        "package import enum F.Kind",
        "@preconcurrency internal import G",
        "#if canImport(H)",
        "  import H",
        "#endif",
        "// import NotThis",
        "/* import NorThis */",
        "let important = 1",
    ])
    seen = [module for _, module in imports(sample)]
    assert seen == list("ABCDEFGH"), f"check_module_layers: the import parser saw {seen}"
    deps = target_dependencies(
        '.target(name: "X", dependencies: ["A", .target(name: "B"), .byName(name: "C"),'
        ' .product(name: "D", package: "d")], path: "x")'
    )
    assert deps == {"X": ["A", "B", "C", "D"]}, f"check_module_layers: the manifest parser saw {deps}"


def main() -> int:
    self_check()
    problems: list[str] = []
    dependencies = target_dependencies((ROOT / "Package.swift").read_text())
    for module, forbidden in FORBIDDEN.items():
        sources = ROOT / "Sources" / module
        if not sources.is_dir():
            problems.append(f"Sources/{module} is missing: the check no longer sees the module")
            continue
        if module not in dependencies:
            problems.append(f"Package.swift: no target named {module}")
        used: set[str] = set()
        for dependency in dependencies.get(module, []):
            if dependency in PROJECT:
                used.add(dependency)
            if dependency in forbidden:
                problems.append(f"Package.swift: {module} depends on {dependency}")
        for file in sorted(sources.rglob("*.swift")):
            for number, imported in imports(file.read_text()):
                if imported in PROJECT and imported != module:
                    used.add(imported)
                if imported in forbidden:
                    problems.append(f"{file.relative_to(ROOT)}:{number}: {module} imports {imported}")
        print(f"{module}: uses {', '.join(sorted(used)) if used else 'nothing of the project'}")

    if problems:
        print(f"\n{len(problems)} import(s) or dependencies against the direction of the modules:")
        for line in problems:
            print(f"  {line}")
        return 1
    print("module layers: WebRouterHTML uses nothing of the project, WebRouterHTTP nothing above it, "
          "WebRouter not the testing kit")
    return 0


if __name__ == "__main__":
    sys.exit(main())
