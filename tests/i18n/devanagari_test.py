#!/usr/bin/python3
"""Hindi's syllables as the game draws them (tools/i18n/devanagari.py): each cluster
HarfBuzz shapes is one composite glyph, its parts where HarfBuzz put them.

    tests/i18n/devanagari_test.py [build/.../i18n/hi.json]

Without an argument it shapes words of assets/i18n/hi.po itself (ctest: i18n_devanagari);
with a catalog it checks that catalog's table and font (tests/web/languages.test.mjs runs
it on the built i18n/hi.json). Each check fails if shaping were skipped: the i-matra
(ि) is typed after its consonant but must be drawn first; a conjunct (न्द) must not show
its virama; every letter of the translations must be inside a syllable.
"""
import base64
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, os.path.join(ROOT, "tools", "i18n"))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import devanagari  # noqa: E402
from po_table import catalog  # noqa: E402

failures = 0


def check(ok, what):
    global failures
    print(("  ok   " if ok else "  FAIL ") + what)
    failures += 0 if ok else 1


def syllable_font(cat):
    """The catalog font that holds the syllables (its ranges start in the PUA)."""
    for f in cat["fonts"]:
        if f["ranges"][0] >= devanagari.CATALOG_PUA:
            return base64.b64decode(f["ttf"])
    return b""


def main():
    table, plurals, _ = catalog(os.path.join(ROOT, "assets", "i18n", "hi.po"))
    texts = list(table.values()) + [f for forms in plurals.values() for f in forms] + ["हिन्दी"]
    if len(sys.argv) > 1:
        with open(sys.argv[1], encoding="utf-8") as f:
            cat = json.load(f)
        ttf, shaped = syllable_font(cat), cat.get("shaped", {})
        check(cat["strings"] == dict(table), "the catalog's strings are hi.po's, logical Unicode")
    else:
        ttf, shaped, _ = devanagari.shape(texts, devanagari.CATALOG_PUA, devanagari.NAME_PUA - 1)
    runs = devanagari.runs(texts)
    check(bool(ttf) and set(runs) <= set(shaped), f"every one of the {len(runs)} Devanagari runs has its syllables")

    def parts(word, i):
        syllables = shaped.get(word, "")
        return devanagari.composite_parts(ttf, ord(syllables[i])) if i < len(syllables) else []

    # खिलाड़ी (player, hi.po): ख then ि in the text; drawn ि first, then ख, as one glyph.
    first = [name for name, _, _ in parts("खिलाड़ी", 0)]
    check(len(shaped.get("खिलाड़ी", "")) == 3, "खिलाड़ी is three syllables: खि ला ड़ी")
    check(len(first) == 2 and first[0].startswith("ivowelsign") and first[1] == "khadeva",
          f"खि is one composite, the i-matra first (reordered): {first}")
    # हिन्दी: हि (reordered), the half form of न, then दी; no virama drawn.
    name = [[p[0] for p in parts("हिन्दी", i)] for i in range(len(shaped.get("हिन्दी", "")))]
    check(len(name) == 3 and name[0][0].startswith("ivowelsign") and name[1] == ["naprehalfdeva"],
          f"हिन्दी: हि reordered, न्द with the half न: {name}")
    viramas = sorted({w for w in shaped for i in range(len(shaped[w]))
                      for p in devanagari.composite_parts(ttf, ord(shaped[w][i])) if "virama" in p[0]})
    check(len(viramas) < len(runs) // 20, f"conjuncts are formed: few runs draw a virama ({len(viramas)}: {viramas[:5]})")
    # A mark above: the anusvara of अंक sits on अ, inside अ's advance (not after it).
    an = devanagari.composite_parts(ttf, ord(shaped["अंक"][0])) if "अंक" in shaped else []
    check(len(an) == 2 and an[1][0].startswith("anusvara"), f"अं is one composite with its anusvara: {an}")
    print("devanagari: FAILED" if failures else "devanagari: all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
