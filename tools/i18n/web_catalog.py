#!/usr/bin/python3
"""Compiles a language file into the catalog the web game fetches when a player chooses
that language (issue 29: only the language the page starts in is loaded with it).

    tools/i18n/web_catalog.py --po assets/i18n/ru.po --code ru --base-font ui-font.ttf \\
        --font NotoSans-Regular.ttf --out build/.../web/i18n/ru.json

The JSON holds:
  code     the language's code, checked by the game against the one it asked for;
  strings  English -> translation, exactly what msgfmt --check-format makes of the .po
           (po_table.catalog: fuzzy and untranslated entries left out);
  plurals  English singular -> the language's forms, in Plural-Forms order (the formula
           itself is compiled into the game: tools/i18n/plural_table.py);
  fonts    [{ttf, ranges}]: font subsets (base64) with the characters of the translations
           that the game's own font (--base-font, tools/make_font.py's subset) lacks, each
           from the first --font that has it: Cyrillic, Armenian, Georgian letters from
           Noto, Arabic letters and their presentation forms or Turkish and Azerbaijani
           letters from Vazirmatn; ranges are Dear ImGui's glyph ranges (first, last, ...),
           scale what the pixel size is multiplied by so that its em matches the UI font's;
  shaped   (with --shape, Hindi) each Devanagari run of the strings, the plural forms and
           the language's name -> its syllables as Private Use Area code points, one
           composite glyph each in a font of its own (devanagari.py: HarfBuzz at build
           time, as ImGui cannot shape). The strings stay logical Unicode: the accessible
           page and screen readers read them; the game draws the shaped form.
Runs with Debian's python3-fonttools (/usr/bin/python3).
"""
import argparse
import base64
import io
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from po_table import catalog  # noqa: E402
import make_font  # noqa: E402  (tools/)
import devanagari  # noqa: E402
from fontTools.ttLib import TTFont  # noqa: E402


def needed_codepoints(texts, base_cmap):
    """The characters of `texts` the base font cannot draw, with every presentation form
    FriBidi may make of their Arabic letters (make_font.presentation_forms)."""
    found = {ord(c) for t in texts for c in t if ord(c) >= 0xA0} - make_font.INVISIBLE
    letters = {cp for cp in found if 0x0600 <= cp <= 0x06FF}
    found |= make_font.presentation_forms(letters)
    return {cp for cp in found if cp not in base_cmap}


def subset_fonts(paths, codepoints, base):
    """[(bytes, codepoints, size scale)]: each character from the first of `paths` that has it."""
    left, out = set(codepoints), []
    for path in paths:
        font = TTFont(path)
        scale = make_font.size_scale(font, base)
        mine = {cp for cp in left if cp in font.getBestCmap()}
        if mine:
            out.append((make_font.subset_bytes(font, mine), mine, scale))
            left -= mine
    if left:
        sys.exit("web_catalog.py: no font has a glyph for " + ", ".join(f"U+{cp:04X}" for cp in sorted(left)[:12]))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--po", required=True)
    ap.add_argument("--code", required=True)
    ap.add_argument("--base-font", required=True, help="the game's embedded font subset (.ttf)")
    ap.add_argument("--font", action="append", required=True, help="where the missing characters come from (in order)")
    ap.add_argument("--shape", metavar="FONT", help="shape the Devanagari runs with HarfBuzz and this font")
    ap.add_argument("--name", default="", help="the language's name in its own script (shaped too)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    table, plurals, _ = catalog(args.po)
    texts = list(table.values()) + [f for forms in plurals.values() for f in forms]
    base = TTFont(args.base_font)
    wanted = needed_codepoints(texts, set(base.getBestCmap()))
    shaped = {}
    if args.shape:
        # Runs are drawn as their syllables: their own characters are never drawn.
        wanted = {cp for cp in wanted if not devanagari.is_devanagari(cp) and cp not in (0x200C, 0x200D)}
    fonts = subset_fonts(args.font, wanted, base)
    if args.shape:
        data, shaped, cps = devanagari.shape(texts + [args.name], devanagari.CATALOG_PUA,
                                             devanagari.NAME_PUA - 1, args.shape)
        fonts.append((data, cps, make_font.size_scale(TTFont(args.shape), base)))
    out = {
        "code": args.code,
        "strings": dict(sorted(table.items())),
        "plurals": dict(sorted(plurals.items())),
        "fonts": [{"ttf": base64.b64encode(data).decode("ascii"), "scale": scale,
                   "ranges": [x for pair in make_font.ranges(cps) for x in pair]} for data, cps, scale in fonts],
    }
    if shaped:
        out["shaped"] = shaped
    text = json.dumps(out, ensure_ascii=False, separators=(",", ":"))
    make_font.write_if_changed(args.out, text)
    print(f"{args.code}: {len(table)} strings, {len(plurals)} plurals, font {len(wanted)} characters "
          f"in {len(fonts)} subsets of {sum(len(d) for d, _, _ in fonts)} bytes{f', {len(shaped)} shaped runs' if shaped else ''}, {len(text.encode())} bytes in all")


if __name__ == "__main__":
    main()
