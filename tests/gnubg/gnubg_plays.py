# Lists every legal play GNU Backgammon finds for a set of cases.
#
# Runs INSIDE gnubg (it needs gnubg's built-in `gnubg` module):
#     NARD_GNUBG_CASES=cases.txt NARD_GNUBG_OUT=plays.txt /usr/games/gnubg -t -q -p gnubg_plays.py
#
# Input  (NARD_GNUBG_CASES): one case a line, "variant positionId dice", e.g.
#        "standard 4HPwATDgc/ABMA 31". The Position ID is gnubg's: the FIRST half of its bits is
#        the player NOT on roll, the second half the player on roll, who plays the dice.
# Output (NARD_GNUBG_OUT): one line per input line, fields separated by TABs:
#        "ok <TAB> play <TAB> play ..."  (just "ok" when gnubg finds no legal play), or
#        "error <TAB> reason" when gnubg did not take the position or the dice.
#
# Variants. gnubg 1.07 selects one with `set variation standard|nackgammon|3-chequer-hypergammon`,
# which takes effect at the next `new session`. Legal-move generation in gnubg does not depend on
# the variation (only the start position, the evaluator and the scoring do), and in the
# 3-chequer-hypergammon variation gnubg evaluates with the database /var/lib/gnubg/hyper3.bd,
# which Debian does not ship (`makehyper` builds it, slowly); without it `hint` silently lists
# nothing. So Hyper positions (3 checkers a side) are set up in the standard variation, which
# lists the same plays: see docs/GNUBG-DIFFERENTIAL.md for the check behind this.
#
# This file is the project's own script driving gnubg as a reference program; no gnubg code in it.

import os
import sys

import gnubg

GNUBG_VARIATION = {
    "standard": "standard",
    "nackgammon": "nackgammon",
    # See above. Where hyper3.bd is installed, NARD_GNUBG_HYPER_VARIATION=3-chequer-hypergammon
    # runs the Hyper cases in gnubg's own hypergammon variation instead.
    "hyper": os.environ.get("NARD_GNUBG_HYPER_VARIATION", "standard"),
}


def main():
    cases_path = os.environ.get("NARD_GNUBG_CASES", "gnubg_cases.txt")
    out_path = os.environ.get("NARD_GNUBG_OUT", "gnubg_plays.txt")

    # Nobody plays automatically; quick 0-ply evaluation: we want the list of plays, not their order.
    gnubg.command("set player 0 human")
    gnubg.command("set player 1 human")
    gnubg.command("set evaluation chequerplay evaluation plies 0")

    current = None
    with open(cases_path) as cases, open(out_path, "w") as out:
        for line in cases:
            fields = line.split()
            if not fields:
                continue
            variant, position_id, dice = fields
            if variant not in GNUBG_VARIATION:
                out.write("error\tunknown variant %s\n" % variant)
                continue
            if GNUBG_VARIATION[variant] != current:
                current = GNUBG_VARIATION[variant]
                gnubg.command("set variation " + current)
                gnubg.command("new session")
            d1, d2 = int(dice[0]), int(dice[1])
            gnubg.command("set board " + position_id)
            gnubg.command("set dice %d %d" % (d1, d2))
            # `set board` and `set dice` only print a message when they refuse: check they took.
            if gnubg.positionid() != position_id:
                out.write("error\tgnubg did not take position %s (it has %s)\n"
                          % (position_id, gnubg.positionid()))
                continue
            if sorted(gnubg.posinfo()["dice"]) != sorted((d1, d2)):
                out.write("error\tgnubg did not take dice %s\n" % dice)
                continue
            plays = [h["move"] for h in gnubg.hint(100000)["hint"]]
            out.write("\t".join(["ok"] + plays) + "\n")
            out.flush()


try:
    main()
except Exception as e:  # make a failure visible to the driver, which reads the exit status
    sys.stderr.write("gnubg_plays.py: %r\n" % (e,))
    sys.exit(1)
