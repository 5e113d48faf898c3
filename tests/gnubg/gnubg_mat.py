# Imports one .mat file into GNU Backgammon and writes what gnubg made of it as JSON.
#
# Runs INSIDE gnubg (it needs gnubg's built-in `gnubg` module):
#     NARD_MAT_FILE=m.mat NARD_MAT_OUT=m.json [NARD_MAT_JACOBY=on|off] \
#         /usr/games/gnubg -t -q -p gnubg_mat.py
#
# gnubg's .mat reader takes the Jacoby rule from gnubg's own setting, not from the file (it
# skips `; [Jacoby ...]`), so the caller passes it. Warnings of the import go to gnubg's
# stdout, which the caller (mat_import.py) reads.
# Output: {"match-info": {...}, "games": [{"info": {...}, "actions": N}, ...]}
#
# This file is the project's own script driving gnubg as a reference program; no gnubg code in it.

import json
import os
import sys

import gnubg


def main():
    mat = os.environ["NARD_MAT_FILE"]
    out = os.environ["NARD_MAT_OUT"]
    gnubg.command("set player 0 human")
    gnubg.command("set player 1 human")
    gnubg.command("set jacoby " + os.environ.get("NARD_MAT_JACOBY", "on"))
    gnubg.command("set cube use on")
    gnubg.command("set beavers 1")
    gnubg.command("import mat " + mat)
    m = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)
    result = {"match-info": m["match-info"] if m else None,
              "games": [{"info": g["info"], "actions": len(g["game"])} for g in (m["games"] if m else [])]}
    with open(out, "w") as f:
        json.dump(result, f, default=str)


try:
    main()
except Exception as e:  # make a failure visible to the driver, which reads the exit status
    sys.stderr.write("gnubg_mat.py: %r\n" % (e,))
    sys.exit(1)
