#!/usr/bin/env python3
"""Import test of the .mat export (src/engine/matfile.*) into GNU Backgammon.

For each case, nard-make-mat plays a random match through nard::Match (cube actions, beavers
and resignations included where the rules have them) and writes it with nard::exportMat;
gnubg then runs `import mat` on it (gnubg_mat.py, inside gnubg). A case passes when gnubg
prints no warning and its match has the same variation, length, names, number of games, and
per game the same starting score, winner, points and resigned/not, hence the same final score.

Cases: standard modern 7-point with cube, standard traditional 5-point, nackgammon and hyper
5-point with cube, traditional hyper 3-point, money sessions with beavers (Jacoby on), without
Jacoby, and without a cube (gammons count in full), each for --seeds seeds; Long Nard (which gnubg cannot read) is only checked for its layout.

Traditional rules score a backgammon as a gammon; gnubg has no such rule. For a game won by
bearing off against a backgammon position (the driver marks it "bgpos 1") gnubg is expected
to score 3, and to stop reading the file where that count ends the match.

Usage:
  mat_import.py [--make-mat nard-make-mat] [--gnubg /usr/games/gnubg] [--seeds 3] [--workdir DIR]

Exit status: 0 pass, 1 a mismatch or a gnubg warning, 2 a tool failed, 77 gnubg not installed.
gnubg is only a reference program driven by a script; none of its code is in this project.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = 77
NAMES = ("Ann Lee", "Bob")
# Anything gnubg's .mat reader says while importing is a problem: it is silent on success.
PROBLEM = re.compile(r"warning|unrecognised|record found|not a valid|had errors|invalid|illegal|"
                     r"error|traceback|exception|doesn't support", re.I)

#       name                  nard-make-mat arguments                                   gnubg variation
CASES = [
    ("standard-7pt",         "--variant standard --rules modern --length 7",             "Standard"),
    ("traditional-5pt",      "--variant standard --rules traditional --length 5",        "Standard"),
    ("traditional-hyper-3pt", "--variant hyper --rules traditional --length 3",          "Hypergammon3"),
    ("nackgammon-5pt",       "--variant nackgammon --rules modern --length 5",           "Nackgammon"),
    ("hyper-5pt",            "--variant hyper --rules modern --length 5",                "Hypergammon3"),
    ("money-beaver",         "--variant standard --rules modern --length 0 --games 12",  "Standard"),
    ("money-nojacoby-nack",  "--variant nackgammon --length 0 --games 8 --no-jacoby --no-beaver", "Nackgammon"),
    ("money-nocube-hyper",   "--variant hyper --length 0 --games 8 --no-cube",            "Hypergammon3"),
]


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--make-mat", default=os.environ.get("NARD_MAKE_MAT",
                                                        "build/native-release/tests/gnubg/nard-make-mat"))
    p.add_argument("--gnubg", default=os.environ.get("GNUBG", "/usr/games/gnubg"))
    p.add_argument("--seeds", type=int, default=3, help="matches per case (default 3)")
    p.add_argument("--workdir", help="keep the .mat files and gnubg logs here")
    return p.parse_args()


def make_mat(tool, args, seed, path):
    """Plays and exports one match; returns (expected summary, .mat text)."""
    r = subprocess.run([tool] + args.split() + ["--seed", str(seed), "--out", path,
                                               "--names", ",".join(NAMES)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("nard-make-mat %s --seed %d failed (%d): %s" % (args, seed, r.returncode, r.stderr))
    summary = {"games": [], "beavers": 0}
    for line in r.stdout.splitlines():
        f = line.split()
        if f[0] == "game":
            summary["games"].append(dict(zip(f[2::2], f[3::2])))
        elif f[0] == "score":
            summary["score"] = (int(f[1]), int(f[2]))
        elif f[0] == "beavers":
            summary["beavers"] = int(f[1])
    with open(path) as m:
        return summary, m.read()


def gnubg_import(gnubg, path, jacoby):
    # gnubg 1.07 makes ~/.gnubg on its first start and exits 1 ("File exists") when another
    # one made it first: made here, so that gnubgs started at once on a new machine all run.
    os.makedirs(os.path.join(os.path.expanduser("~"), ".gnubg", "backup"), exist_ok=True)
    env = dict(os.environ, NARD_MAT_FILE=path, NARD_MAT_OUT=path + ".json", NARD_MAT_JACOBY=jacoby)
    r = subprocess.run([gnubg, "-t", "-q", "-p", os.path.join(HERE, "gnubg_mat.py")], env=env,
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300)
    with open(path + ".log", "w") as log:
        log.write(r.stdout + r.stderr)
    if r.returncode != 0 or not os.path.exists(path + ".json"):
        sys.exit("gnubg failed on %s (exit %d); see %s.log" % (path, r.returncode, path))
    problems = [l.strip() for l in (r.stdout + r.stderr).splitlines() if PROBLEM.search(l)]
    with open(path + ".json") as f:
        return json.load(f), problems


def compare(ours, theirs, length, variation):
    """Differences between our match and gnubg's import of it, as sentences."""
    diffs = []
    info = theirs["match-info"] or {}
    if info.get("match-length") != length:
        diffs.append("match length %r, expected %d" % (info.get("match-length"), length))
    if info.get("variation") != variation:
        diffs.append("variation %r, expected %r" % (info.get("variation"), variation))
    names = (info.get("X", {}).get("name"), info.get("O", {}).get("name"))
    if names != NAMES:
        diffs.append("players %r, expected %r" % (names, NAMES))
    # What gnubg should make of each game: our result, except that it scores a traditional
    # game won against a backgammon position as 3, and stops reading once that ends the match.
    expected, score = [], [0, 0]
    for mine in ours["games"]:
        winner, points = int(mine["winner"]), int(mine["points"])
        theirs_points = 3 if mine["bgpos"] == "1" else points
        expected.append((score[0], score[1], winner, theirs_points, mine["how"] == "resign"))
        if length and score[winner] + theirs_points >= length:
            break
        score[winner] += points
    games = theirs["games"]
    if len(games) != len(expected):
        diffs.append("%d games, expected %d" % (len(games), len(expected)))
    for i, (want, g) in enumerate(zip(expected, games), 1):
        gi = g["info"]
        got = (gi.get("score-X"), gi.get("score-O"), {"X": 0, "O": 1}.get(gi.get("winner")),
               gi.get("points-won"), gi.get("resigned"))
        if got != want:
            diffs.append("game %d: gnubg has score %s-%s, winner %s, %s points, resigned %s; "
                         "expected %s-%s, winner %s, %s points, resigned %s" % ((i,) + got + want))
    total = [sum(int(g["points"]) for g in ours["games"] if g["winner"] == w) for w in "01"]
    if tuple(total) != ours["score"]:
        diffs.append("summed score %r differs from the driver's %r" % (total, ours["score"]))
    return diffs


def check_long_nard(tool, workdir):
    path = os.path.join(workdir, "longnard-5pt.mat")
    ours, text = make_mat(tool, "--variant longnard --length 5", 1, path)
    want = ['; [Variation "LongNard"]', " 5 point match", " Game %d\n" % len(ours["games"]),
            "and the match"]
    missing = [w for w in want if w not in text]
    if text.count("\n Game ") != len(ours["games"]) or missing:
        return ["longnard-5pt: layout check failed (missing %r); see %s" % (missing, path)]
    print("ok   longnard-5pt seed 1: %d games, %d-%d (layout only: gnubg has no Long Nard)"
          % ((len(ours["games"]),) + ours["score"]))
    return []


def main():
    args = parse_args()
    if not (os.path.isfile(args.gnubg) and os.access(args.gnubg, os.X_OK)):
        print("SKIP: gnubg not found at %s" % args.gnubg)
        return SKIP
    if not os.access(args.make_mat, os.X_OK):
        print("nard-make-mat not found at %s (use --make-mat or NARD_MAKE_MAT)" % args.make_mat)
        return 2
    workdir = args.workdir or tempfile.mkdtemp(prefix="nard-mat-")
    os.makedirs(workdir, exist_ok=True)

    failures = check_long_nard(args.make_mat, workdir)
    for name, make_args, variation in CASES:
        length = int(make_args.split("--length ")[1].split()[0])
        for seed in range(1, args.seeds + 1):
            path = os.path.join(workdir, "%s-%d.mat" % (name, seed))
            ours, text = make_mat(args.make_mat, make_args, seed, path)
            if name.startswith("money") and "nocube" not in name and "Doubles =>" not in text:
                failures.append("%s seed %d: no cube action written; see %s" % (name, seed, path))
            if name == "money-beaver" and "Beavers =>" not in text:
                failures.append("%s seed %d: no beaver written; see %s" % (name, seed, path))
            jacoby = "on" if '; [Jacoby "On"]' in text else "off"
            theirs, problems = gnubg_import(args.gnubg, path, jacoby)
            diffs = ["gnubg said: " + p for p in problems[:5]] + compare(ours, theirs, length, variation)
            if diffs:
                failures.append("%s seed %d (%s):\n    %s" % (name, seed, path, "\n    ".join(diffs)))
                continue
            hows = [g["how"] for g in ours["games"]]
            bgpos = sum(g["bgpos"] == "1" for g in ours["games"])
            print("ok   %-20s seed %d: %2d games, %3d-%-3d %d drops, %d resigns, %d beavers%s" % (
                name, seed, len(hows), ours["score"][0], ours["score"][1], hows.count("pass"),
                hows.count("resign"), ours["beavers"],
                ", %d scored as backgammon by gnubg" % bgpos if bgpos else ""))
    print("files in %s" % workdir)
    if failures:
        print("FAIL:\n  " + "\n  ".join(failures))
        return 1
    print("PASS: gnubg imports every exported match with the same games and score")
    return 0


if __name__ == "__main__":
    sys.exit(main())
