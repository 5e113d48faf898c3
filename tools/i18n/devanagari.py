#!/usr/bin/python3
"""Devanagari (Hindi) shaped at build time, for a UI that draws one glyph per code point.

Dear ImGui draws each code point's glyph at the pen and moves by its advance: it cannot
form Devanagari's conjuncts (न्द), move the i-matra before its consonant (खि) or place
marks above and below. So the build shapes every Devanagari run of the text with
HarfBuzz (`hb-shape`, Debian's libharfbuzz-bin) and Noto Sans Devanagari, and turns each
cluster HarfBuzz makes (a syllable: its glyphs, their offsets and advances) into ONE
TrueType composite glyph whose components sit where HarfBuzz put them. Each composite is
mapped to a code point of the Private Use Area, so the game draws a run as a string of
those code points, one glyph per syllable, placed exactly as HarfBuzz shaped it.

A run is a maximal sequence of Devanagari characters (U+0900-097F, U+A8E0-A8FF) and the
joiners ZWJ/ZWNJ, starting with a Devanagari character: a word, in practice. Spaces,
digits, punctuation and printf directives are outside runs and stay as they are, so a
formatted line (Tf with a number) is shaped run by run, and pieces put together at run
time still find their runs. src/ui/i18n.cpp finds runs by the same rule.

Used by web_catalog.py (a catalog's table run -> PUA text, and its font) and make_font.py
(the language menu's name, हिन्दी, drawn before any catalog is fetched). The two take PUA
code points from different blocks (CATALOG_PUA, NAME_PUA), as both fonts are merged into
one atlas, where the first font with a code point wins. Runs with /usr/bin/python3
(python3-fonttools).
"""
import copy
import json
import os
import re
import subprocess
import sys
import tempfile

from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphComponent

LETTERS = "\u0900-\u097F\uA8E0-\uA8FF"
RUN = re.compile(f"[{LETTERS}][{LETTERS}\u200C\u200D]*")
# Private Use Area blocks (BMP: ImWchar is 16 bits). Nothing else in the game uses the PUA.
CATALOG_PUA = 0xE000   # a fetched catalog's syllables, up to NAME_PUA
NAME_PUA = 0xF000      # the language menu's names (ui_font.h), up to 0xF8FF
PUA_END = 0xF8FF
DEVANAGARI_FONT = "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"


def is_devanagari(cp):
    return 0x0900 <= cp <= 0x097F or 0xA8E0 <= cp <= 0xA8FF


def runs(texts):
    """The distinct Devanagari runs of `texts`, sorted (so that code points are stable)."""
    return sorted({r for t in texts for r in RUN.findall(t)})


def hb_shape(font_path, words):
    """HarfBuzz's glyphs for each of `words`: [[{g, cl, dx, dy, ax, ay}...]...], in font units."""
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
        f.write("\n".join(words) + "\n")
        name = f.name
    try:
        out = subprocess.run(["hb-shape", "--output-format=json", "--no-glyph-names", "--direction=ltr",
                              "--script=deva", "--language=hi", f"--text-file={name}", font_path],
                             capture_output=True, text=True, check=True).stdout
    except FileNotFoundError:
        sys.exit("devanagari.py: hb-shape is missing (Debian package libharfbuzz-bin; run tools/web-deps)")
    except subprocess.CalledProcessError as e:
        sys.exit("devanagari.py: hb-shape failed: " + e.stderr.strip())
    finally:
        os.unlink(name)
    lines = [json.loads(line) for line in out.splitlines() if line.strip()]
    if len(lines) != len(words):
        sys.exit(f"devanagari.py: hb-shape gave {len(lines)} results for {len(words)} runs")
    return lines


def clusters(glyphs, order):
    """A shaped run as its clusters, each (components, advance): components are (glyph name,
    x, y) with x from the cluster's start, as HarfBuzz placed them (mark offsets included)."""
    out = []
    for g in glyphs:
        if g["g"] == 0:
            sys.exit("devanagari.py: the font has no glyph for a character of a run (.notdef)")
        if not out or out[-1][0] != g["cl"]:
            out.append((g["cl"], [], 0))
        cl, comps, pen = out[-1]
        comps.append((order[g["g"]], pen + g["dx"], g["dy"]))
        out[-1] = (cl, comps, pen + g["ax"])
    return [(tuple(comps), advance) for _, comps, advance in out]


def shape(texts, first_pua, last_pua, font_path=DEVANAGARI_FONT):
    """(font bytes, {run: PUA text}, PUA code points) for every Devanagari run of `texts`:
    the font holds one composite glyph per distinct cluster, mapped from first_pua on."""
    import make_font   # tools/: subset_bytes
    words = runs(texts)
    font = TTFont(font_path)
    order = font.getGlyphOrder()
    glyf, hmtx = font["glyf"], font["hmtx"]
    code_of, table = {}, {}
    for word, glyphs in zip(words, hb_shape(font_path, words)):
        text = ""
        for cluster in clusters(glyphs, order):
            if cluster not in code_of:
                code_of[cluster] = first_pua + len(code_of)
                if code_of[cluster] > last_pua:
                    sys.exit(f"devanagari.py: more than {last_pua - first_pua + 1} syllables")
            text += chr(code_of[cluster])
        table[word] = text
    new_order = list(order)
    for (components, advance), cp in code_of.items():
        name = f"nard.syllable.{cp:04X}"
        glyph = Glyph()
        glyph.numberOfContours = -1
        glyph.components = []
        for base, x, y in components:
            c = GlyphComponent()
            c.glyphName, c.x, c.y, c.flags = base, x, y, 0
            glyph.components.append(c)
        glyf.glyphs[name] = glyph
        new_order.append(name)
        glyph.recalcBounds(glyf)
        hmtx.metrics[name] = (advance, getattr(glyph, "xMin", 0))
    font.setGlyphOrder(new_order)
    glyf.glyphOrder = new_order
    for sub in font["cmap"].tables:
        if sub.isUnicode():
            for cluster, cp in code_of.items():
                sub.cmap[cp] = f"nard.syllable.{cp:04X}"
    codepoints = set(code_of.values())
    return make_font.subset_bytes(font, codepoints, glyph_names=True), table, codepoints


def composite_parts(ttf, codepoint):
    """The component glyph names of `codepoint`'s composite in a font made by shape(), in
    drawing order, with their offsets: [(name, x, y)] (the tests' view of a syllable)."""
    import io
    font = TTFont(io.BytesIO(ttf))
    glyph = font["glyf"][font.getBestCmap()[codepoint]]
    return [(c.glyphName, c.x, c.y) for c in glyph.components] if glyph.isComposite() else []


if __name__ == "__main__":
    # tools/i18n/devanagari.py WORD...: how each word is shaped (for a translator's doubt).
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    data, table, cps = shape(sys.argv[1:], CATALOG_PUA, NAME_PUA - 1)
    for word in sys.argv[1:]:
        for r in RUN.findall(word):
            print(r, " ".join(f"U+{ord(c):04X}={[p[0] for p in composite_parts(data, ord(c))]}" for c in table[r]))
