#!/usr/bin/env python3
"""Prints the functions portal.h declares, one a line: the WebAssembly module's export list
(scripts/build-wasm), so the module exports exactly the C contract. Its `static inline`
helpers (portal_spring, portal_entity, ...) are the host's own and are left out."""
import re
import sys

text = open(sys.argv[1]).read()
text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
names = []
for declaration in re.finditer(r"^(?!static|#|typedef)[A-Za-z_][\w\s\*]*?\b(portal_\w+)\s*\(", text, flags=re.M):
    if declaration.group(1) not in names:
        names.append(declaration.group(1))
if len(names) < 50:
    sys.exit(f"header-exports.py: only {len(names)} functions found in {sys.argv[1]}")
print("\n".join(names))
