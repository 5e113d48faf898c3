#!/usr/bin/env python3
"""Compiles a language file (assets/i18n/LANG.po) into the C++ table the game embeds.

    tools/i18n/po_table.py --po assets/i18n/fa.po --symbol kPersianStrings \
        --count kPersianStringCount --out strings_fa.cpp

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
import subprocess
import sys
import tempfile


def catalog(po_path):
    """{english: translation} of a .po, through msgfmt --check-format."""
    with tempfile.TemporaryDirectory() as tmp:
        mo = os.path.join(tmp, "messages.mo")
        run = subprocess.run(["msgfmt", "--check-format", "-o", mo, po_path], capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"{po_path}: msgfmt --check-format failed:\n{run.stderr}")
        with open(mo, "rb") as f:
            entries = gettext.GNUTranslations(f)._catalog
    # The header (msgid "") is metadata, not a string of the game.
    return {k: v for k, v in entries.items() if isinstance(k, str) and k}


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
    ap.add_argument("--symbol", required=True, help="the array's name, e.g. kPersianStrings")
    ap.add_argument("--count", required=True, help="its length's name, e.g. kPersianStringCount")
    ap.add_argument("--header", default="ui/strings_fa.h", help="the header that declares it")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    table = catalog(args.po)
    lines = [
        f"// Generated from {os.path.basename(args.po)} by tools/i18n/po_table.py: edit the .po, not this.",
        f'#include "{args.header}"',
        "",
        "namespace ui {",
        "",
        f"const Translation {args.symbol}[] = {{",
    ]
    lines += [f"    {{{cpp_literal(k)}, {cpp_literal(table[k])}}}," for k in sorted(table)]
    lines += ["};", f"const std::size_t {args.count} = sizeof {args.symbol} / sizeof {args.symbol}[0];", "",
              "}  // namespace ui", ""]
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
