#!/usr/bin/env python3
"""Fails when a public declaration in Sources/Portal or Sources/PortalC (the C interface's Swift
half) has no `///` doc comment.

Members that only satisfy a standard-library protocol (==, <, hash(into:), description) take
their documentation from the protocol and are not required to repeat it.
"""
import pathlib
import re
import sys

SOURCES = pathlib.Path(__file__).resolve().parent.parent / "Sources"
ROOTS = [SOURCES / "Portal", SOURCES / "PortalC"]
DECLARATION = re.compile(r"^\s*(@\w+(\([^)]*\))?\s+)*(public|open)\s")
EXEMPT = re.compile(r"static func (==|<)\s*\(|func hash\(into|var description: String")

missing = []
for path in sorted(p for root in ROOTS for p in root.rglob("*.swift")):
    lines = path.read_text().splitlines()
    for number, line in enumerate(lines):
        if not DECLARATION.match(line) or EXEMPT.search(line):
            continue
        if re.match(r"^\s*public (extension|import)\b", line):
            continue
        previous = number - 1
        while previous >= 0 and re.match(r"^\s*@", lines[previous]):
            previous -= 1  # attributes sit between a doc comment and its declaration
        if previous < 0 or not lines[previous].strip().startswith("///"):
            missing.append(f"{path.relative_to(SOURCES.parent)}:{number + 1}: {line.strip()}")

if missing:
    print("public declarations without a doc comment:")
    print("\n".join(missing))
    sys.exit(1)
print("every public declaration has a doc comment")
