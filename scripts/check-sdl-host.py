#!/usr/bin/env python3
"""Checks the SDL host's screenshots against the render lists they were drawn from.

Usage: check-sdl-host.py SHOT [SHOT ...]   (each SHOT names SHOT.bmp and SHOT.txt, as
                                            `sdl-host --screenshot TICK:SHOT` writes them)

For every point of a grid over the window, the colour the render list gives there is worked out
independently of the host's drawing code: the items are composited back to front over the
window's clear colour, each covering the points inside its rounded rectangle (corner radius,
mapped through its global 3x3 transform) and inside its clip, at its opacity. Points within two
pixels of an item's or a clip's edge (where antialiasing and rasterisation rules decide) or in a
shadow's reach are skipped. Every remaining point must match the screenshot's pixel within 6 per
channel, and each screenshot must have at least 200 such points.
"""
import struct
import sys

BACKGROUND = (0x10, 0x12, 0x18)
TOLERANCE = 6
MARGIN = 2.0
STEP = 9


def read_bmp(path):
    data = open(path, "rb").read()
    offset = struct.unpack_from("<I", data, 10)[0]
    width, height = struct.unpack_from("<ii", data, 18)
    bpp = struct.unpack_from("<H", data, 28)[0]
    top_down = height < 0
    height = abs(height)
    stride = (width * bpp // 8 + 3) & ~3

    def pixel(x, y):
        row = y if top_down else height - 1 - y
        i = offset + row * stride + x * bpp // 8
        return data[i + 2], data[i + 1], data[i]

    return width, height, pixel


def read_items(path):
    items = []
    for line in open(path):
        f = line.split()
        if not f or f[0] != "item":
            continue
        rgb = int(f[1], 16)
        m = [float(v) for v in f[7:16]]
        clip = None if f[16] == "noclip" else tuple(int(v) for v in f[17:21])
        items.append({"rgb": ((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255), "opacity": float(f[2]),
                      "w": float(f[3]), "h": float(f[4]), "r": float(f[5]), "shadow": float(f[6]), "m": m, "clip": clip})
    return items


def inverse_map(m, x, y):
    """The local point that the row-vector projective matrix m maps to (x, y), or None."""
    m11, m12, m13, m21, m22, m23, m31, m32, m33 = m
    # (u, v, 1) . M = w (x, y, 1): solve the 3x3 linear system for u, v, w.
    a = [[m11 - x * m13, m21 - x * m23], [m12 - y * m13, m22 - y * m23]]
    b = [x * m33 - m31, y * m33 - m32]
    det = a[0][0] * a[1][1] - a[0][1] * a[1][0]
    if abs(det) < 1e-12:
        return None
    u = (b[0] * a[1][1] - a[0][1] * b[1]) / det
    v = (a[0][0] * b[1] - a[1][0] * b[0]) / det
    return u, v


def scale_of(m):
    """How many screen pixels one local point spans, at least (for the edge margin)."""
    sx = (m[0] ** 2 + m[1] ** 2) ** 0.5
    sy = (m[3] ** 2 + m[4] ** 2) ** 0.5
    return max(min(sx, sy), 1e-6)


def signed_distance(item, u, v):
    """Distance from the local point to the rounded rectangle's edge: positive inside."""
    w, h = item["w"], item["h"]
    r = max(0.0, min(item["r"], w / 2, h / 2))
    qx = abs(u - w / 2) - (w / 2 - r)
    qy = abs(v - h / 2) - (h / 2 - r)
    outside = (max(qx, 0) ** 2 + max(qy, 0) ** 2) ** 0.5 + min(max(qx, qy), 0) - r
    return -outside


def expected(items, x, y):
    colour = list(BACKGROUND)
    for item in items:
        local = inverse_map(item["m"], x, y)
        if local is None:
            return None
        d = signed_distance(item, *local) * scale_of(item["m"])
        if abs(d) < MARGIN:
            return None
        if d < 0:
            # Outside the item, but within its shadow's reach (the shadow is the host's own
            # drawing, soft, in the item's local space): not compared.
            if item["shadow"] > 0.5 and -signed_distance(item, *local) < item["shadow"] + MARGIN:
                return None
            continue
        if item["clip"] is not None:
            cx, cy, cw, ch = item["clip"]
            inside = min(x - cx, cx + cw - x, y - cy, cy + ch - y)
            if abs(inside) < MARGIN:
                return None
            if inside < 0:
                continue
        a = round(item["opacity"] * 255) / 255
        colour = [c * (1 - a) + t * a for c, t in zip(colour, item["rgb"])]
    return colour


def main():
    failures = 0
    for shot in sys.argv[1:]:
        width, height, pixel = read_bmp(shot + ".bmp")
        items = read_items(shot + ".txt")
        compared = mismatched = 0
        for y in range(STEP // 2, height, STEP):
            for x in range(STEP // 2, width, STEP):
                want = expected(items, x + 0.5, y + 0.5)
                if want is None:
                    continue
                got = pixel(x, y)
                compared += 1
                if max(abs(g - w) for g, w in zip(got, want)) > TOLERANCE:
                    mismatched += 1
                    if mismatched <= 5:
                        print(f"{shot}: pixel ({x}, {y}) is {got}, the render list gives {tuple(round(c) for c in want)}")
        status = "ok" if mismatched == 0 and compared >= 200 else "FAILED"
        print(f"{shot}: {compared} points compared, {mismatched} differ: {status} ({len(items)} items)")
        failures += status != "ok"
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
