#!/usr/bin/python3
"""Writes a pseudo-locale's language file from the template, so that layout problems show
up in English-reading screenshots before a translator meets them (issue 29):

    tools/i18n/pseudo_po.py --pot assets/i18n/nard.pot --out build/.../qps.po

qps: every letter accented (Ŧĥé ŕúĺéš), the text 40% longer (the length German or Russian
often needs) and bracketed, so a cut end shows: "[Ŕóĺĺ ~~]". Printf directives (%d, %.1f,
%%), {placeholders}, line breaks and the game's notation (24/18, 6/off) stay as they are,
or the game could not fill them in. qpm: the same, read right to left (the
game mirrors its layout for it, as for Persian and Arabic: src/ui/language.h marks it right
to left, and FriBidi lays the Latin runs out from the right), to find what does not mirror.
The text of both is the same: the direction is the language's, not the file's.
The game offers neither in its menu; ?lang=qps and ?lang=qpm show them.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ACCENTED = dict(zip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                    "áƀçďéƒĝĥíĵķĺɱñóƥʠŕšŧúṽŵẋýžÁƁÇĎÉƑĜĤÍĴĶĹṀÑÓƤǪŔŠŦÚṼŴẊÝŽ"))
# What the game fills in or parses: kept whole.
KEEP = re.compile(r"%[-+ #0-9.lhz]*[a-zA-Z%]|\{[a-z_]+\}|\\n|[0-9]+(?:/[0-9a-z*]+)+|bar/[0-9]+")


def pseudo(text):
    out, at = [], 0
    for m in KEEP.finditer(text):
        out.append("".join(ACCENTED.get(c, c) for c in text[at:m.start()]))
        out.append(m.group(0))
        at = m.end()
    out.append("".join(ACCENTED.get(c, c) for c in text[at:]))
    body = "".join(out)
    pad = "~" * max(1, round(len(text) * 0.4))
    return f"[{body} {pad}]"


def quote(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\\\\n", "\\n") + '"'


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pot", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        filled = os.path.join(tmp, "en.po")   # msgen: each msgstr its msgid, plural forms too
        subprocess.run(["msgen", "-o", filled, args.pot], check=True)
        lines = open(filled, encoding="utf-8").read().split("\n")
    out = []
    # Rewrite each msgstr (and msgstr[n]) line group: join its pieces, transform, write one line.
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r'^(msgstr(?:\[\d+\])?) "(.*)"$', line)
        if not m:
            out.append(line)
            i += 1
            continue
        key, text = m.group(1), m.group(2)
        i += 1
        while i < len(lines) and lines[i].startswith('"'):
            text += lines[i][1:-1]
            i += 1
        if text == "" or (out and out[-1] == 'msgid ""' and key == "msgstr"):
            # The header: a plain Plural-Forms of two, and UTF-8.
            out.append(f'{key} "Content-Type: text/plain; charset=UTF-8\\n"')
            out.append('"Plural-Forms: nplurals=2; plural=(n != 1);\\n"')
            continue
        raw = text.encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
        out.append(f"{key} {quote(pseudo(raw))}")
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
