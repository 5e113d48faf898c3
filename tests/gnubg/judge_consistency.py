#!/usr/bin/env python3
"""Checks a run of tools/gnubg_judge.py (its --out file) for what must hold whatever the
players' strength: the counts fit together, every differing position has two different
plays with finite equities in gnubg's range, the mean gain is the mean of those
differences, and a re-judgement with the players exchanged (--rejudge --reverse) reports
exactly the opposite gain with the preferences swapped.

Which player is stronger is not asserted here: that is a benchmark
(docs/BENCHMARKS.md, "gnubg's judgement of the expert"), not a unit test.

With --judge-chooses-b (B is gnubg choosing at the judge's own depth, "gnubg:0" judged at
0 plies) it also asks that some plays differ and that none of B's is judged worse than A's:
B's choice is the judge's best by construction, so a worse one is a chooser that picked
another result than the one it valued.

Usage: judge_consistency.py JUDGE.json --positions N [--variant standard|nackgammon] [--judge-chooses-b]
Exit status: 0 consistent; 1 not (each problem printed); 77 the run was skipped (no gnubg).
"""

import argparse
import json
import math
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
JUDGE = os.path.join(HERE, "..", "..", "tools", "gnubg_judge.py")
SKIP = 77


def rejudged(path, plies, reverse):
    """(B's preferences, A's preferences, B - A per position) as the re-judgement at the run's
    own depth prints them (from the stored equities: no gnubg runs)."""
    args = [sys.executable, JUDGE, "--rejudge", path, "--plies", str(plies)] + (["--reverse"] if reverse else [])
    text = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    prefers = re.search(r"prefers \S+ play (\d+) times, \S+ (\d+) times", text)
    gain = re.search(r"per position: ([+-][0-9.]+) ", text)
    if not prefers or not gain:
        sys.exit("unexpected report of %s:\n%s" % (" ".join(args[1:]), text))
    return int(prefers.group(1)), int(prefers.group(2)), float(gain.group(1))


def problems_of(run, positions, variant, judge_chooses_b=False):
    problems = []
    if judge_chooses_b:
        if run["b"] != "gnubg:%d" % run["plies"]:
            problems.append("B is %s judged at %d plies, not gnubg choosing by the judge" % (run["b"], run["plies"]))
        if not run["differ"]:
            problems.append("no play differs: nothing of B's choosing was judged")
        for d in run["differ"]:
            if d["equityB"] < d["equityA"] - 1e-6:
                problems.append("%s %s: B chose %s (%.4f) over A's %s (%.4f), worse by its own judge"
                                % (d["position"], d["dice"], d["b"], d["equityB"], d["a"], d["equityA"]))
    differ = run["differ"]
    if run.get("variant") != variant:
        problems.append("judged %r, %r asked for" % (run.get("variant"), variant))
    if run["positions"] != positions:
        problems.append("%d positions judged, %d asked for" % (run["positions"], positions))
    if not len(differ) <= run["decisions"] <= run["positions"]:
        problems.append("counts do not fit: %d differ, %d decisions, %d positions"
                        % (len(differ), run["decisions"], run["positions"]))
    for d in differ:
        where = "%s %s" % (d["position"], d["dice"])
        if d["a"] == d["b"] or d["resultA"] == d["resultB"]:
            problems.append("%s: counted as differing, but both chose %s" % (where, d["a"]))
        for key in ("equityA", "equityB"):
            if not (math.isfinite(d[key]) and abs(d[key]) <= 3):
                problems.append("%s: %s %r is no cubeless equity" % (where, key, d[key]))
    mean = sum(d["equityB"] - d["equityA"] for d in differ) / max(1, run["positions"])
    if abs(mean - run["meanGain"]) > 1e-9:
        problems.append("meanGain %r, but the differences average %r" % (run["meanGain"], mean))
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("run")
    ap.add_argument("--positions", type=int, required=True)
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--judge-chooses-b", action="store_true")
    a = ap.parse_args()
    if not os.path.exists(a.run):  # the judging run was skipped (no gnubg)
        print("no judging run at %s" % a.run)
        return SKIP
    with open(a.run) as f:
        run = json.load(f)
    problems = problems_of(run, a.positions, a.variant, a.judge_chooses_b)
    better, worse, gain = rejudged(a.run, run["plies"], False)
    r_better, r_worse, r_gain = rejudged(a.run, run["plies"], True)
    if (r_better, r_worse) != (worse, better):
        problems.append("exchanged players: preferences %d/%d, expected %d/%d" % (r_better, r_worse, worse, better))
    if abs(r_gain + gain) > 1e-5 or abs(gain - run["meanGain"]) > 1e-5:
        problems.append("gain %+.5f, exchanged %+.5f, stored %+.5f" % (gain, r_gain, run["meanGain"]))
    if better + worse > len(run["differ"]):
        problems.append("%d + %d preferences among %d differing plays" % (better, worse, len(run["differ"])))
    for p in problems:
        print("judge_consistency: " + p)
    print("judge_consistency: %d positions, %d with a choice, %d differ (%d/%d preferred), gain %+.5f and %+.5f exchanged: %s"
          % (run["positions"], run["decisions"], len(run["differ"]), better, worse, gain, r_gain,
             "consistent" if not problems else "%d problems" % len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
