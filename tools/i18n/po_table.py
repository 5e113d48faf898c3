#!/usr/bin/env python3
"""Compiles a language file (assets/i18n/LANG.po) into the C++ table the game embeds.

    tools/i18n/po_table.py --po assets/i18n/fa.po --name Persian --out strings_fa.cpp

writes kPersianStrings[] (English -> translation) and kPersianStringCount, the plural
entries kPersianPlurals[] (English singular -> the language's forms) and
kPersianPluralCount, and persianPluralForm(n): the file's own Plural-Forms formula (C
syntax in every gettext file, so it is compiled as it stands, once its characters are
checked), which picks the form for a count.

The .po is first compiled by GNU gettext's own msgfmt with --check-format (a translation
whose printf directives differ from the English is an error, as it would be in any
gettext project), and the table is read back from the .mo it writes, so the game sees
exactly what gettext would: fuzzy and untranslated entries are left out, and T() falls
back to the English for them. Entries come out sorted by key, so the output depends only
on the translations, not on their order in the file.
"""
import argparse
import gettext
import os
import re
import subprocess
import sys
import tempfile


def gnu_translations(po_path, check=True):
    """(gettext.GNUTranslations of the .po as GNU msgfmt compiles it, None), or (None,
    msgfmt's complaint). check: msgfmt --check-format (printf directives as the English)."""
    with tempfile.TemporaryDirectory() as tmp:
        mo = os.path.join(tmp, "messages.mo")
        run = subprocess.run(["msgfmt", "-o", mo, po_path] + (["--check-format"] if check else []),
                             capture_output=True, text=True)
        if run.returncode != 0:
            return None, run.stderr.strip()
        with open(mo, "rb") as f:
            return gettext.GNUTranslations(f), None


def catalog(po_path):
    """({english: translation}, {singular: [forms]}, plural formula) of a .po, through
    msgfmt --check-format."""
    translations, why = gnu_translations(po_path)
    if translations is None:
        sys.exit(f"{po_path}: msgfmt --check-format failed:\n{why}")
    entries = translations._catalog
    # The header (msgid "") is metadata, not a string of the game.
    table = {k: v for k, v in entries.items() if isinstance(k, str) and k}
    plurals = {}
    for key, text in entries.items():
        if isinstance(key, tuple):
            plurals.setdefault(key[0], {})[key[1]] = text
    plurals = {k: [forms[i] for i in sorted(forms)] for k, forms in plurals.items()}
    header = translations._info.get("plural-forms", "nplurals=2; plural=(n != 1);")
    m = re.search(r"plural\s*=\s*([^;]+)", header)
    formula = m.group(1).strip() if m else "(n != 1)"
    if not re.fullmatch(r"[n0-9%=!<>&|?:() ]+", formula):
        sys.exit(f"{po_path}: a Plural-Forms formula may hold only n, numbers, operators and brackets: {formula!r}")
    return table, plurals, formula


def cpp_literal(text):
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--po", required=True)
    ap.add_argument("--name", required=True, help="the language's name in the symbols, e.g. Persian")
    ap.add_argument("--header", default="ui/strings_fa.h", help="the header that declares them")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    table, plurals, formula = catalog(args.po)
    name = args.name
    lines = [
        f"// Generated from {os.path.basename(args.po)} by tools/i18n/po_table.py: edit the .po, not this.",
        f'#include "{args.header}"',
        "",
        "namespace ui {",
        "",
        f"const Translation k{name}Strings[] = {{",
    ]
    lines += [f"    {{{cpp_literal(k)}, {cpp_literal(table[k])}}}," for k in sorted(table)]
    lines += ["};", f"const std::size_t k{name}StringCount = sizeof k{name}Strings / sizeof k{name}Strings[0];", ""]
    # An empty array is not C++: a table with no plural entries still has one, unused.
    rows = [f"    {{{cpp_literal(k)}, {{{', '.join(cpp_literal(f) for f in plurals[k])}}}, {len(plurals[k])}}},"
            for k in sorted(plurals)] or ['    {"", {}, 0},']
    lines += [f"const PluralTranslation k{name}Plurals[] = {{"] + rows + ["};",
              f"const std::size_t k{name}PluralCount = {len(plurals)};", "",
              f"int {name[0].lower() + name[1:]}PluralForm(unsigned long n) {{ return static_cast<int>({formula}); }}",
              "", "}  // namespace ui", ""]
    text = "\n".join(lines)
    # Rewrite only on change, so that a rebuild does not recompile an unchanged table.
    if os.path.exists(args.out):
        with open(args.out, encoding="utf-8") as f:
            if f.read() == text:
                return 0
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
