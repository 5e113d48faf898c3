#!/usr/bin/env python3
"""Draws the app icons: a walnut board with its points and two dice showing 6 and 5
("shesh-besh"), as an SVG and as PNGs, from one list of shapes. No image is downloaded
or copied: the PNGs are rasterised here (supersampled coverage) and written with zlib.

    tools/make_icons.py [--out web/icons]

Writes icon.svg, icon-192.png, icon-512.png (rounded, transparent corners) and
maskable-512.png (full-bleed background, the drawing inside the central 80% safe zone),
as web/manifest.webmanifest lists them. The PNGs are committed; run again after
changing the drawing.
"""
import argparse
import os
import struct
import zlib

SIZE = 512  # design units

WALNUT_DARK = (0x2A, 0x19, 0x10)
FRAME = (0x5A, 0x35, 0x20)
WOOD = (0xC8, 0x95, 0x5C)
RED = (0x8A, 0x25, 0x1D)
CREAM = (0xEF, 0xE2, 0xC4)
DIE = (0xF7, 0xF1, 0xE6)
PIP = (0x2A, 0x19, 0x10)


def design():
    """Shapes in 512-unit coordinates, drawn in order."""
    shapes = []
    # The board: frame, playing field, bar.
    shapes.append(("rect", 56, 88, 400, 336, 28, FRAME))
    shapes.append(("rect", 76, 108, 360, 296, 10, WOOD))
    # Points: six along the top pointing down, six along the bottom pointing up.
    left, width = 76, 360
    w = width / 6
    for i in range(6):
        x = left + i * w
        top_colour = RED if i % 2 == 0 else CREAM
        bottom_colour = CREAM if i % 2 == 0 else RED
        shapes.append(("poly", [(x + 4, 108), (x + w - 4, 108), (x + w / 2, 236)], top_colour))
        shapes.append(("poly", [(x + 4, 404), (x + w - 4, 404), (x + w / 2, 276)], bottom_colour))
    shapes.append(("rect", 246, 108, 20, 296, 0, FRAME))
    # Two dice, 6 and 5, a little apart across the bar.
    for (cx, cy, pips) in ((196, 256, 6), (316, 256, 5)):
        s = 92
        shapes.append(("rect", cx - s / 2 + 4, cy - s / 2 + 6, s, s, 18, (0x3B, 0x24, 0x16)))  # shadow
        shapes.append(("rect", cx - s / 2, cy - s / 2, s, s, 18, DIE))
        d = 24
        spots = {
            5: [(-d, -d), (d, -d), (0, 0), (-d, d), (d, d)],
            6: [(-d, -d), (d, -d), (-d, 0), (d, 0), (-d, d), (d, d)],
        }[pips]
        for (dx, dy) in spots:
            shapes.append(("circle", cx + dx, cy + dy, 9.5, PIP))
    return shapes


# ---- SVG ------------------------------------------------------------------------------

def hexcolour(c):
    return "#%02x%02x%02x" % c


def svg(shapes):
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}">',
           f'<rect width="{SIZE}" height="{SIZE}" rx="96" fill="{hexcolour(WALNUT_DARK)}"/>']
    for s in shapes:
        if s[0] == "rect":
            _, x, y, w, h, r, c = s
            out.append(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{r:g}" fill="{hexcolour(c)}"/>')
        elif s[0] == "poly":
            pts = " ".join(f"{x:g},{y:g}" for x, y in s[1])
            out.append(f'<polygon points="{pts}" fill="{hexcolour(s[2])}"/>')
        else:
            _, cx, cy, r, c = s
            out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{hexcolour(c)}"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ---- raster ---------------------------------------------------------------------------

def inside(shape, x, y):
    kind = shape[0]
    if kind == "rect":
        _, rx, ry, w, h, r, _ = shape
        if x < rx or y < ry or x > rx + w or y > ry + h:
            return False
        cx = min(max(x, rx + r), rx + w - r)
        cy = min(max(y, ry + r), ry + h - r)
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    if kind == "circle":
        _, cx, cy, r, _ = shape
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    pts = shape[1]
    sign = 0
    for i in range(len(pts)):
        (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % len(pts)]
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if cross != 0:
            if sign == 0:
                sign = 1 if cross > 0 else -1
            elif (cross > 0) != (sign > 0):
                return False
    return True


def bbox(shape):
    if shape[0] == "rect":
        return shape[1], shape[2], shape[1] + shape[3], shape[2] + shape[4]
    if shape[0] == "circle":
        return shape[1] - shape[3], shape[2] - shape[3], shape[1] + shape[3], shape[2] + shape[3]
    xs = [p[0] for p in shape[1]]
    ys = [p[1] for p in shape[1]]
    return min(xs), min(ys), max(xs), max(ys)


def colour_of(shape):
    return shape[-1] if shape[0] != "poly" else shape[2]


def rasterise(px, shapes, background, scale, offset, ss=3):
    """RGBA rows. background: ('rounded', r) for a rounded transparent-corner tile, or
    ('full',) for a full-bleed maskable tile. Design units map to pixels by
    p = (u * scale + offset) * px / SIZE."""
    k = px / SIZE
    img = [[(0, 0, 0, 0)] * px for _ in range(px)]
    bg_shape = ("rect", 0, 0, SIZE, SIZE, background[1] if background[0] == "rounded" else 0, WALNUT_DARK)
    layers = [bg_shape] + [transform(s, scale, offset) for s in shapes]
    offs = [(i + 0.5) / ss for i in range(ss)]
    for shape in layers:
        x0, y0, x1, y1 = bbox(shape)
        c = colour_of(shape)
        for py in range(max(0, int(y0 * k)), min(px, int(y1 * k) + 2)):
            row = img[py]
            for pxl in range(max(0, int(x0 * k)), min(px, int(x1 * k) + 2)):
                hits = 0
                for oy in offs:
                    for ox in offs:
                        if inside(shape, (pxl + ox) / k, (py + oy) / k):
                            hits += 1
                if hits:
                    a = hits / (ss * ss)
                    r0, g0, b0, a0 = row[pxl]
                    na = a + a0 / 255 * (1 - a)
                    mix = lambda s, d: round((s * a + d * a0 / 255 * (1 - a)) / na) if na else 0
                    row[pxl] = (mix(c[0], r0), mix(c[1], g0), mix(c[2], b0), round(na * 255))
    return img


def transform(shape, scale, offset):
    f = lambda v: v * scale + offset
    if shape[0] == "rect":
        _, x, y, w, h, r, c = shape
        return ("rect", f(x), f(y), w * scale, h * scale, r * scale, c)
    if shape[0] == "circle":
        _, cx, cy, r, c = shape
        return ("circle", f(cx), f(cy), r * scale, c)
    return ("poly", [(f(x), f(y)) for x, y in shape[1]], shape[2])


def png(rows):
    h, w = len(rows), len(rows[0])
    raw = b"".join(b"\x00" + bytes(v for p in row for v in p) for row in rows)

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                                  "web", "icons"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    shapes = design()
    with open(os.path.join(args.out, "icon.svg"), "w") as f:
        f.write(svg(shapes))
    for name, px, background, scale in (("icon-192.png", 192, ("rounded", 96), 1.0),
                                         ("icon-512.png", 512, ("rounded", 96), 1.0),
                                         ("maskable-512.png", 512, ("full",), 0.8)):
        offset = SIZE * (1 - scale) / 2
        with open(os.path.join(args.out, name), "wb") as f:
            f.write(png(rasterise(px, shapes, background, scale, offset)))
        print(f"{name}: {os.path.getsize(os.path.join(args.out, name))} bytes")


if __name__ == "__main__":
    main()
