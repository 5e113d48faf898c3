#!/usr/bin/env python3
"""Lists the UI strings that have no Persian translation.

    tools/check_strings.py [--quiet | --verbose]

Every literal passed to T("...") (and to the printf-style ui::Tf("...")) in src/ui
and src/platform is a key of the Persian table src/ui/strings_fa.cpp. Names kept in
arrays and translated through a variable (T(kSpeeds[i])) are checked when written as
N_("Slow") (ui/i18n.h: marks a literal for translation, changes nothing). Exit status 1 when
a key is missing, listing each with the file and line where it is used; 0 otherwise.
--verbose also lists the table's keys that no literal uses (names looked up through
variables, the rules help): a note, not an error.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = [os.path.join(ROOT, "src", d) for d in ("ui", "platform")]
TABLE = os.path.join(ROOT, "src", "ui", "strings_fa.cpp")

STRING = r'"((?:[^"\\\n]|\\.)*)"'
# T("..."), ui::T("..."), Tf("...", ...) (printf style), N_("...") (a name marked for translation)
USE = re.compile(r'(?<![A-Za-z0-9_])(?:T|Tf|N_)\(\s*' + STRING)
ENTRY = re.compile(r'\{\s*' + STRING + r'\s*,\s*' + STRING + r'\s*\}')


ESCAPE = re.compile(r'\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)')


def unescape(s):
    """A C++ string literal's text: \\", \\\\, \\n, \\t and \\uXXXX escapes."""
    def one(m):
        e = m.group(1)
        if e[0] in "uU":
            return chr(int(e[1:], 16))
        return {"n": "\n", "t": "\t"}.get(e, e)
    return ESCAPE.sub(one, s)


def table_keys(path=TABLE):
    keys = {}
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for m in ENTRY.finditer(text):
        key = unescape(m.group(1))
        if key in keys:
            line = text.count("\n", 0, m.start()) + 1
            sys.exit(f"{path}:{line}: duplicate key {key!r}")
        keys[key] = unescape(m.group(2))
    return keys


def used_keys():
    uses = {}
    for base in SOURCES:
        for dirpath, _, files in os.walk(base):
            for name in sorted(files):
                if not name.endswith((".cpp", ".h")) or name.startswith("strings_fa"):
                    continue
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                for m in USE.finditer(text):
                    line = text.count("\n", 0, m.start()) + 1
                    uses.setdefault(unescape(m.group(1)), []).append(
                        f"{os.path.relpath(path, ROOT)}:{line}")
    return uses


def main():
    quiet = "--quiet" in sys.argv
    verbose = "--verbose" in sys.argv
    keys = table_keys()
    uses = used_keys()
    missing = sorted(k for k in uses if k not in keys)
    unused = sorted(k for k in keys if k not in uses)
    if unused and verbose:
        print(f"note: {len(unused)} Persian entries are not used by any T() call "
              "(rules help and names in tables are looked up by variable):")
        for k in unused:
            print(f"  {k!r}")
    if missing:
        print(f"{len(missing)} UI strings have no Persian translation in src/ui/strings_fa.cpp:")
        for k in missing:
            print(f"  {k!r}  ({', '.join(uses[k][:3])})")
        return 1
    if not quiet:
        print(f"all {len(uses)} UI strings have Persian translations ({len(keys)} entries)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
