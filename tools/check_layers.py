#!/usr/bin/env python3
"""Fails when a source file includes a header of a layer it may not use.

    tools/check_layers.py [SRC_DIR]        (default: the repository's src/)

The layers are the folders of src/ (README, "Layout"; cmake/Layers.cmake builds the
same table into the include paths). Each may include its own headers and those of the
layers listed for it below, nothing else:

    engine <- ai <- analysis <- app <- ui <- platform
    view (pure geometry) <- ui, render <- platform

Every `#include "folder/file.h"` whose folder is a layer is checked; includes of a file
beside the source ("x.h") and system headers (<x>) are not layers and pass. Prints one
line per violation, "path:line: layer A may not include B/file.h", and exits 1 if there
is any (0 otherwise; 2 when SRC_DIR is missing or a folder is not in the table).
"""
import os
import re
import sys

BELOW = {
    "engine": [],
    "ai": ["engine"],
    "analysis": ["engine", "ai"],
    "app": ["engine", "ai", "analysis"],
    "view": [],
    "ui": ["engine", "ai", "analysis", "app", "view"],
    "render": ["view"],
    "platform": ["engine", "ai", "analysis", "app", "view", "ui", "render"],
    "cli": ["engine", "ai", "analysis"],
    "train": ["engine", "ai"],
}
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"/]+)/([^"]+)"')
SOURCE_EXT = (".h", ".hpp", ".cpp", ".cc", ".inc")


def check(src):
    problems = []
    for layer in sorted(os.listdir(src)):
        folder = os.path.join(src, layer)
        if not os.path.isdir(folder):
            continue
        if layer not in BELOW:
            print(f"{folder}: a folder of src/ that is no layer of tools/check_layers.py: "
                  f"add it to the table (and to cmake/Layers.cmake)")
            sys.exit(2)
        allowed = set(BELOW[layer]) | {layer}
        for root, _, files in os.walk(folder):
            for name in sorted(files):
                if not name.endswith(SOURCE_EXT):
                    continue
                path = os.path.join(root, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if m and m.group(1) in BELOW and m.group(1) not in allowed:
                            rel = os.path.relpath(path, src)
                            problems.append(f"{rel}:{number}: layer {layer} may not include "
                                            f"{m.group(1)}/{m.group(2)}")
    return problems


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "src")
    if not os.path.isdir(src):
        print(f"{src}: no such folder")
        return 2
    problems = check(src)
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} include(s) against the layers (table: tools/check_layers.py)")
        return 1
    print(f"layers: every include in {os.path.normpath(src)} goes down (or stays in its layer)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
