#!/usr/bin/python3
"""Builds the UI font: Vazirmatn (npm package `vazirmatn`) cut down to the glyphs the
game can show, as a C++ header for Dear ImGui's atlas.

    tools/make_font.py --font Vazirmatn-Regular.ttf --scan src/ui --scan src/platform \\
        --scan assets/i18n/fa.po --header build/.../ui_font.h [--ttf build/.../ui-font.ttf]

Which glyphs: printable ASCII, the Persian digits, every other character that appears in
the scanned sources and language files (Persian, symbols such as · or …), and,
for each Arabic-script letter among them, all of its Arabic Presentation Forms
(U+FB50-FDFF, U+FE70-FEFF: initial, medial, final, isolated, and the lam-alef
ligatures). FriBidi's shaping (fribidi_shape, FRIBIDI_FLAGS_ARABIC) turns letters into
exactly these forms, and which form depends on the neighbours, so all of a letter's
forms are kept. The build fails if the font lacks one of them.

The subset keeps no OpenType layout tables (ImGui neither substitutes nor positions
glyphs: the text arrives already shaped) and no hinting; it keeps the copyright and
licence names (SIL Open Font License 1.1) inside the file. The header holds the bytes
and ImGui's glyph ranges. Runs with Debian's python3-fonttools (/usr/bin/python3).
"""
import argparse
import io
import os
import re
import sys
import unicodedata

try:
    from fontTools import subset
    from fontTools.ttLib import TTFont
except ImportError:
    sys.exit("make_font.py: fontTools is missing (Debian package python3-fonttools; "
             "run tools/web-deps) - run it with /usr/bin/python3")

PRESENTATION = list(range(0xFB50, 0xFE00)) + list(range(0xFE70, 0xFEFF))
FORM_TAGS = ("<initial>", "<medial>", "<final>", "<isolated>")
# Marks that steer bidi/joining and are removed before drawing (ui/i18n.cpp).
INVISIBLE = set(range(0x200B, 0x2010)) | set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A)) | {0x061C, 0xFEFF}


def scanned_codepoints(paths):
    found = set()
    for base in paths:
        # A folder's C++ sources, or one file named as it is (a language file, .po).
        walk = [(os.path.dirname(base), None, [os.path.basename(base)])] if os.path.isfile(base) else os.walk(base)
        for dirpath, _, files in walk:
            for name in sorted(files):
                if name.endswith((".cpp", ".h", ".po")):
                    with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                        text = f.read()
                    found.update(ord(c) for c in text if ord(c) >= 0xA0)
                    # Characters written as escapes in string literals ("\u2022") count too.
                    found.update(int(h, 16) for h in re.findall(r"\\u([0-9A-Fa-f]{4})", text))
                    found = {c for c in found if c >= 0xA0}
    return found


def presentation_forms(letters):
    """What FriBidi's shaping can make of `letters`: each letter's positional forms, and
    the mandatory lam-alef ligatures (its only ligatures; the optional ones such as
    lam-meem are never formed, so they are not needed)."""
    forms = set()
    for cp in PRESENTATION:
        d = unicodedata.decomposition(chr(cp)).split()
        if len(d) < 2 or d[0] not in FORM_TAGS:
            continue
        parts = [int(x, 16) for x in d[1:]]
        lam_alef = len(parts) == 2 and parts[0] == 0x0644 and parts[1] in (0x0622, 0x0623, 0x0625, 0x0627)
        if (len(parts) == 1 or lam_alef) and all(p in letters for p in parts):
            forms.add(cp)
    return forms


def ranges(codepoints):
    out = []
    for cp in sorted(codepoints):
        if out and out[-1][1] == cp - 1:
            out[-1][1] = cp
        else:
            out.append([cp, cp])
    return out


def subset_bytes(font, codepoints, glyph_names=False):
    """The font cut down to `codepoints` (web_catalog.py cuts the languages' fonts alike);
    glyph_names keeps the glyphs' names (the Devanagari syllables' tests read them)."""
    options = subset.Options()
    options.glyph_names = glyph_names
    options.layout_features = []          # no GSUB/GPOS: text arrives shaped
    options.hinting = False
    options.desubroutinize = True
    options.notdef_outline = True
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]   # keeps copyright and licence
    options.name_languages = [0x0409]
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "DSIG", "STAT", "MVAR", "HVAR", "meta"]
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted(codepoints))
    sub.subset(font)
    buf = io.BytesIO()
    font.save(buf)
    return buf.getvalue()


def write_if_changed(path, text):
    """Rewrites `path` only when its text changes, so that a build recompiles nothing else."""
    old = None
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            old = f.read()
    if old != text:
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def em_share(font):
    """The em's share of the line ImGui sizes a font by (stb_truetype: hhea ascent - descent)."""
    return font["head"].unitsPerEm / (font["hhea"].ascent - font["hhea"].descent)


def size_scale(font, base):
    """What a merged font's pixel size is multiplied by so that its em matches the base's."""
    return round(em_share(base) / em_share(font), 4)


def c_string(text):
    """A C++ literal of `text`'s UTF-8 (octal escapes: never run into a following digit)."""
    return '"' + "".join(c if 0x20 <= ord(c) < 0x7F and c not in '"\\?' else
                         "".join(f"\\{b:03o}" for b in c.encode()) for c in text) + '"'


def shaped_names(items, base):
    """The names written in a script that must be shaped (Devanagari: हिन्दी), shaped by
    HarfBuzz at build time (i18n/devanagari.py) into syllables of the Private Use Area:
    ([(font bytes, code points, scale)], C++ lines of kShapedNames[])."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "i18n"))
    import devanagari
    fonts, entries = [], []
    first = devanagari.NAME_PUA
    for item in items:
        path, _, text = item.partition("=")
        data, table, cps = devanagari.shape([text], first, devanagari.PUA_END, path)
        fonts.append((data, cps, size_scale(TTFont(path), base), os.path.basename(path)))
        entries += [f"  {{{c_string(run)}, {c_string(syl)}}},   // {run}" for run, syl in sorted(table.items())]
        first = max(cps) + 1
    lines = ["// The names' Devanagari runs and their shaped syllables (i18n/devanagari.py).",
             "struct ShapedName { const char* run; const char* syllables; };",
             "inline const ShapedName kShapedNames[] = {"]
    lines += entries or ["  {nullptr, nullptr},"]
    lines += ["};", ""]
    return fonts, lines


def name_fonts(names, have, base, shaped=()):
    """C++ for the small subsets that draw the language menu's names in scripts the UI font
    lacks (Cyrillic, Armenian, Georgian; `shaped`: Devanagari's syllables, made by
    shaped_names): kNameFonts[], merged into the atlas."""
    by_font = {}
    for item in names:
        path, _, text = item.partition("=")
        by_font.setdefault(path, set()).update(ord(c) for c in text if ord(c) > 0x7F and ord(c) not in have)
    lines = ["// The language names' own scripts (Noto, SIL Open Font License 1.1)."]
    entries = []
    subsets = []
    for path, cps in sorted(by_font.items()):
        if cps:
            font = TTFont(path)
            subsets.append((subset_bytes(font, cps), cps, size_scale(font, base), os.path.basename(path)))
    for i, (data, cps, scale, label) in enumerate(subsets + list(shaped)):
        lines.append(f"// {label}: {len(cps)} characters, {len(data)} bytes.")
        lines.append(f"alignas(4) inline const unsigned char kName{i}[] = {{")
        lines += ["  " + ",".join(str(b) for b in data[k:k + 24]) + "," for k in range(0, len(data), 24)]
        lines.append("};")
        lines.append(f"inline const unsigned short kName{i}Ranges[] = {{" +
                     ", ".join(f"0x{a:04X}, 0x{b:04X}" for a, b in ranges(cps)) + ", 0};")
        entries.append(f"  {{kName{i}, sizeof kName{i}, kName{i}Ranges, {scale}f}},")
    lines.append("struct NameFont { const unsigned char* ttf; std::size_t size; const unsigned short* ranges; float scale; };")
    lines.append("inline const NameFont kNameFonts[] = {")
    lines += entries or ["  {nullptr, 0, nullptr, 1},"]
    lines.append("};")
    lines.append("")
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--font", required=True)
    ap.add_argument("--scan", action="append", default=[])
    ap.add_argument("--header", required=True)
    ap.add_argument("--ttf", help="also write the subset font here (for inspection)")
    ap.add_argument("--name", action="append", default=[], metavar="FONT=TEXT",
                    help="a language's name in its own script, with the font its letters come "
                         "from when the UI font lacks them (the language menu lists every name)")
    ap.add_argument("--shaped-name", action="append", default=[], metavar="FONT=TEXT",
                    help="a name in Devanagari: shaped by HarfBuzz into syllables (kShapedNames)")
    args = ap.parse_args()

    font = TTFont(args.font)
    base = TTFont(args.font)   # its metrics, for the fonts merged after it
    cmap = font.getBestCmap()

    wanted = set(range(0x20, 0x7F)) | set(range(0x06F0, 0x06FA))
    # Devanagari is never drawn from its own code points: only as shaped syllables.
    wanted |= {cp for cp in scanned_codepoints(args.scan) - INVISIBLE if not 0x0900 <= cp <= 0x097F}
    letters = {cp for cp in wanted if 0x0600 <= cp <= 0x06FF and unicodedata.category(chr(cp)).startswith("L")}
    forms = presentation_forms(letters)
    missing_forms = sorted(cp for cp in forms | letters if cp not in cmap)
    if missing_forms:
        sys.exit("make_font.py: the font has no glyph for " +
                 ", ".join(f"U+{cp:04X} {unicodedata.name(chr(cp), '?')}" for cp in missing_forms))
    wanted |= forms
    dropped = sorted(cp for cp in wanted if cp not in cmap)
    for cp in dropped:
        print(f"make_font.py: note: U+{cp:04X} {unicodedata.name(chr(cp), '?')} is not in the font; "
              "ImGui will draw '?'", file=sys.stderr)
    wanted = {cp for cp in wanted if cp in cmap}

    data = subset_bytes(font, wanted)
    got = set(TTFont(io.BytesIO(data)).getBestCmap())
    if not wanted <= got:
        sys.exit("make_font.py: the subset lost glyphs: " + ", ".join(f"U+{c:04X}" for c in sorted(wanted - got)))

    if args.ttf:
        os.makedirs(os.path.dirname(os.path.abspath(args.ttf)), exist_ok=True)
        with open(args.ttf, "wb") as f:
            f.write(data)

    lines = [
        "// Generated by tools/make_font.py from the npm package vazirmatn. Do not edit.",
        f"// {os.path.basename(args.font)} subset: {len(wanted)} characters "
        f"({len(forms)} Arabic presentation forms), {len(data)} bytes.",
        "// Vazirmatn: Copyright 2015 The Vazirmatn Project Authors, SIL Open Font License 1.1.",
        "#pragma once",
        "#include <cstddef>",
        "",
        "namespace ui::font {",
        "",
        f"inline constexpr std::size_t kTtfSize = {len(data)};",
        "alignas(4) inline const unsigned char kTtf[kTtfSize] = {",
    ]
    for i in range(0, len(data), 24):
        lines.append("  " + ",".join(str(b) for b in data[i:i + 24]) + ",")
    lines.append("};")
    lines.append("")
    lines.append("// Dear ImGui glyph ranges (pairs of first, last; 0-terminated).")
    lines.append("inline const unsigned short kGlyphRanges[] = {")
    for a, b in ranges(wanted):
        lines.append(f"  0x{a:04X}, 0x{b:04X},")
    lines.append("  0};")
    lines.append(f"inline constexpr int kGlyphCount = {len(wanted)};")
    lines.append("")
    shaped, shaped_lines = shaped_names(args.shaped_name, base)
    lines += name_fonts(args.name, wanted, base, shaped)
    lines += shaped_lines
    lines.append("}  // namespace ui::font")
    text = "\n".join(lines) + "\n"

    write_if_changed(args.header, text)
    print(f"ui font: {len(wanted)} characters, {len(forms)} presentation forms, {len(data)} bytes "
          f"(from {os.path.getsize(args.font)})")


if __name__ == "__main__":
    main()
