#!/usr/bin/env python3
"""Checks the language files against the template: every string the player reads is
translated in every language the game ships.

    tools/check_strings.py [--quiet] [--lang fa ...] [--po FILE ...]

assets/i18n/nard.pot holds each string the sources mark (T, Tf, translate, N_; made by
tools/i18n/update-pot, and ctest i18n_template fails when it is out of date). For each
assets/i18n/LANG.po (or each --lang named): GNU msgfmt --check-format must accept it
(printf directives match the English, plural forms well formed), and every template
string must have a translation that is neither empty nor fuzzy. Strings of the .po that
the template no longer has are reported too (msgmerge drops them). Exit status 1 when
anything is wrong, listing each problem; 0 otherwise.

A language the game offers (OFFERED) must be complete: a gap there is an error. The other
files are translations on their way into the game: their format must pass, and their gaps
are listed as notes, so that a new string does not fail the build until its translators
have caught up (docs/TRANSLATING.md).
"""
import glob
import gettext
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
I18N = os.path.join(ROOT, "assets", "i18n")
TEMPLATE = os.path.join(I18N, "nard.pot")
sys.path.insert(0, os.path.join(ROOT, "tools", "i18n"))
from po_table import gnu_translations  # noqa: E402  (msgfmt, then gettext reads the .mo)
# The languages the game offers besides English (src/ui/language.h).
OFFERED = {"fa", "ar", "az", "hi", "hy", "ka", "ru", "tr"}
# The form each language's Plural-Forms formula must pick for these counts (gettext's usual
# formulas, from the CLDR plural rules): a formula copied from another language, or one
# that never picks a form, fails here. A language not listed here has no sample yet.
PLURAL_SAMPLES = {
    "fa": {0: 0, 1: 0, 2: 1, 5: 1},          # one: 0 and 1
    "hi": {0: 0, 1: 0, 2: 1, 5: 1},
    "hy": {0: 0, 1: 0, 2: 1, 5: 1},
    "tr": {0: 1, 1: 0, 2: 1, 5: 1},          # one: 1 only
    "az": {0: 1, 1: 0, 2: 1, 5: 1},
    "ka": {0: 1, 1: 0, 2: 1, 5: 1},
    "ru": {1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 12: 2, 14: 2, 21: 0, 22: 1, 25: 2, 101: 0, 111: 2},   # one, few, many
    "ar": {0: 0, 1: 1, 2: 2, 3: 3, 10: 3, 11: 4, 99: 4, 100: 5, 102: 5, 103: 3, 111: 4},   # zero, one, two, few, many, other
}


def compiled(po, check=True):
    """(The .po's {msgid: msgstr} as msgfmt compiles it (fuzzy and empty entries left out),
    its Plural-Forms header), or (None, msgfmt's complaint)."""
    translations, why = gnu_translations(po, check)
    if translations is None:
        return None, why
    catalog = {k: v for k, v in translations._catalog.items() if k}
    return catalog, translations._info.get("plural-forms")


def template_ids():
    """The template's msgids (msgen fills each msgstr with its msgid, so msgfmt keeps all)."""
    with tempfile.TemporaryDirectory() as tmp:
        filled = os.path.join(tmp, "filled.po")
        subprocess.run(["msgen", "-o", filled, TEMPLATE], check=True)
        ids, header = compiled(filled, check=False)
    if ids is None:
        sys.exit(f"{TEMPLATE}: {header}")
    return {k if isinstance(k, str) else k[0] for k in ids}


def plural_mistakes(lang, header):
    """What is wrong with a language's Plural-Forms header, against PLURAL_SAMPLES."""
    m = re.search(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+)", header)
    if not m:
        return [f"no Plural-Forms header ({header!r})"]
    nplurals, formula = int(m.group(1)), m.group(2).strip()
    try:
        pick = gettext.c2py(formula)
    except ValueError as e:
        return [f"Plural-Forms formula {formula!r} does not parse: {e}"]
    mistakes = [f"Plural-Forms picks form {pick(n)} for {n}, outside nplurals={nplurals}"
                for n in range(0, 200) if not 0 <= pick(n) < nplurals][:1]
    for n, form in PLURAL_SAMPLES.get(lang, {}).items():
        if pick(n) != form:
            mistakes.append(f"Plural-Forms picks form {pick(n)} for {n}, the language's rule wants {form} ({formula!r})")
    return mistakes


def main():
    quiet = "--quiet" in sys.argv
    named = lambda flag: [a for i, a in enumerate(sys.argv) if i > 0 and sys.argv[i - 1] == flag]
    files = [os.path.join(I18N, f"{l}.po") for l in named("--lang")] + named("--po")
    files = files or sorted(glob.glob(os.path.join(I18N, "*.po")))
    wanted = template_ids()
    problems = 0
    for po in files:
        name = os.path.relpath(os.path.abspath(po), ROOT)
        catalog, header = compiled(po)
        if catalog is None:
            print(f"{name}: {header}")
            problems += 1
            continue
        wrong = plural_mistakes(os.path.basename(po)[:-3], header or "")
        for m in wrong:
            print(f"{name}: {m}")
        problems += len(wrong)
        have = {k if isinstance(k, str) else k[0] for k in catalog}
        missing = sorted(wanted - have)
        stale = sorted(have - wanted)
        offered = os.path.basename(po)[:-3] in OFFERED or po in named("--po")
        label = "" if offered else " (note: not offered in the game yet)"
        for k in missing:
            print(f"{name}: no translation of {k!r}{label}")
        for k in stale:
            print(f"{name}: {k!r} is no longer in the template (tools/i18n/update-pot, then msgmerge){label}")
        if offered:
            problems += len(missing) + len(stale)
        if not quiet and not missing and not stale:
            print(f"{name}: all {len(wanted)} strings translated")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
