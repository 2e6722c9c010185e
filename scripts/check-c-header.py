#!/usr/bin/env python3
"""Checks that portal.h, the C interface's hand-kept contract, declares exactly the functions the
library exports, with the same types, in the form the Swift compiler writes for them.

Usage: check-c-header.py HAND_KEPT_HEADER GENERATED_HEADER

The generated header is what `swiftc -emit-clang-header-path` writes for Sources/PortalC
(scripts/check-c-interface makes it). Both sides are reduced to one canonical line per function:
name, return type, parameter types — without parameter names, nullability, attributes, and with
the typedefs the Swift compiler spells out (PortalEntity is uint64_t, a PortalWorld pointer is
void *) replaced by what they stand for. Any difference fails with both lines shown.
"""
import re
import sys

ALIASES = {"PortalEntity": "uint64_t", "PortalResult": "PortalResult"}


def canonical_type(text):
    text = re.sub(r"\b(_Nullable|_Nonnull|_Null_unspecified)\b", " ", text)
    text = re.sub(r"\bPortalWorld\b", "void", text)
    tokens = re.findall(r"[A-Za-z_][A-Za-z_0-9]*|\*", text)
    tokens = [ALIASES.get(t, t) for t in tokens]
    # `const T` and `T const` are the same type: move each leading const after its base type.
    out = []
    i = 0
    while i < len(tokens):
        if tokens[i] == "const" and i + 1 < len(tokens) and tokens[i + 1] != "*":
            out += [tokens[i + 1], "const"]
            i += 2
        else:
            out.append(tokens[i])
            i += 1
    # A const on the pointee of a `void *` world handle is not kept by the generated header
    # (the Swift side takes OpaquePointer): compare world handles without it.
    text = " ".join(out).replace("void const *", "void *")
    return text


def split_params(params):
    params = params.strip()
    if params in ("", "void"):
        return []
    depth, current, parts = 0, "", []
    for ch in params:
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        current += ch
    parts.append(current)
    types = []
    for p in parts:
        p = p.strip()
        # Drop the parameter's name: the last identifier, unless the declaration is only a type.
        m = re.match(r"^(.*?[\s\*])([A-Za-z_][A-Za-z_0-9]*)$", p)
        types.append(canonical_type(m.group(1) if m and m.group(1).strip() not in ("", "const") else p))
    return types


def declarations(text, generated):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    result = {}
    pattern = r"SWIFT_EXTERN\s+([^;{]*?)\b(portal_[a-z0-9_]+)\s*\(([^;{]*?)\)[^;{]*;" if generated \
        else r"(?:^|\n)\s*((?!static)[A-Za-z_][^;{}#]*?)\b(portal_[a-z0-9_]+)\s*\(([^;{]*?)\)\s*;"
    for m in re.finditer(pattern, text):
        ret, name, params = m.group(1), m.group(2), m.group(3)
        result[name] = (canonical_type(ret), tuple(split_params(params)))
    return result


def main():
    hand_path, generated_path = sys.argv[1], sys.argv[2]
    hand = declarations(open(hand_path).read(), generated=False)
    generated = declarations(open(generated_path).read(), generated=True)
    problems = []
    for name in sorted(set(hand) | set(generated)):
        if name not in generated:
            problems.append(f"{name}: declared in {hand_path} but not exported by the library")
        elif name not in hand:
            problems.append(f"{name}: exported by the library but not declared in {hand_path}")
        elif hand[name] != generated[name]:
            problems.append(f"{name}: {hand_path} says {hand[name]}, the library {generated[name]}")
    for p in problems:
        print("error:", p)
    if problems:
        return 1
    print(f"portal.h declares the library's {len(hand)} exported functions exactly")
    return 0


if __name__ == "__main__":
    sys.exit(main())
