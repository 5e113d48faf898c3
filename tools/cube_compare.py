#!/usr/bin/env python3
"""Cube decisions of a nard-cli level against GNU Backgammon's, money play (issue 12's cube target).

Positions come from the level's own self-play (`nard-cli positions --level L`, Standard, modern
rules), each judged before the roll with the cube centred, money play with the game's defaults
(Jacoby and beavers on), or with --length L a match to L points, position i at the i-th score of
the pre-Crawford scores (each side 0 .. L-2) in turn. For every position:
  ours:  `nard-cli cube --position ID --level L [--match-id ID]` (the action; values in points or MWC)
  gnubg: cubeful evaluation at --plies (2 = its "world class" cube setting, pruning nets on)
Two decisions per position are compared: double or not (for the player on roll) and take or pass
(for the opponent, beaver counting as take). A decision is "clear" for gnubg when its two
cubeful equities (EMG, normalised as gnubg does in matches) differ by more than --margin (0.02): no double against the doubler's best
after a double, and double/take against double/pass. The target reads: on at least 90% of the
positions whose decisions are clear, both decisions agree. A disagreement's cost is the equity
gnubg says the choice made loses, in EMG.

Usage:
  tools/cube_compare.py --cli build/native-release/nard-cli [--positions 2000] [--seed 1]
                        [--level expert] [--plies 2] [--length 0] [--margin 0.02] [--jobs 2] [--out DIR]

gnubg runs this same file as its script (`gnubg -t -q -p cube_compare.py`), reading a Position ID
and a score and answering with its cubeful equities and the gnubg Match ID of that score, which
nard-cli then reads. gnubg is a reference program driven by commands; none
of its code is in this project. Exit status: 0, 2 when a tool fails, 77 when gnubg is missing.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import threading
import time

MARK = "@@ "  # prefix of the script's answers among gnubg's own output


# --- inside gnubg ------------------------------------------------------------------------

def serve():
    import gnubg  # only exists inside gnubg
    plies = int(os.environ.get("CUBE_COMPARE_PLIES", "2"))
    for command in ("set jacoby on", "set beavers 1", "set cube use on"):
        gnubg.command(command)
    context = gnubg.evalcontext(1, plies, 0, 1, 0.0)  # cubeful, plies, deterministic, prune, noise
    for line in sys.stdin:
        fields = line.split()
        if len(fields) != 4:
            continue
        pid, length, mine, theirs = fields[0], int(fields[1]), int(fields[2]), int(fields[3])
        try:
            # cube 1, centred (-1), player 1 on move, length (0 = money), score (player 0's,
            # player 1's), no Crawford, standard (0)
            cube = gnubg.cubeinfo(1, -1, 1, length, (theirs, mine), 0, 0)
            optimal, no_double, take, drop, _, text = gnubg.cfevaluate(gnubg.positionfromid(pid), cube, context)
            mid = gnubg.matchid(cube, gnubg.posinfo(1, 0, 0, 1, (0, 0)))
            answer = json.dumps({"nd": no_double, "dt": take, "dp": drop, "optimal": optimal, "text": text,
                                 "matchId": mid})
        except Exception as e:  # a position gnubg refuses is reported, not fatal
            answer = json.dumps({"error": str(e)})
        sys.stdout.write(MARK + answer + "\n")
        sys.stdout.flush()


# --- the two programs --------------------------------------------------------------------

class Gnubg:
    def __init__(self, gnubg, plies):
        # gnubg 1.07 makes ~/.gnubg on its first start and exits 1 ("File exists") when another
        # one made it first: made here, so that gnubgs started at once on a new machine all run.
        os.makedirs(os.path.join(os.path.expanduser("~"), ".gnubg", "backup"), exist_ok=True)
        env = dict(os.environ, CUBE_COMPARE_PLIES=str(plies))
        self.p = subprocess.Popen([gnubg, "-t", "-q", "-p", os.path.abspath(__file__)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1, env=env)

    def judge(self, item):
        self.p.stdin.write("%s %d %d %d\n" % (item["pid"], item["length"], item["score"][0], item["score"][1]))
        self.p.stdin.flush()
        for line in self.p.stdout:
            if line.startswith(MARK):
                return json.loads(line[len(MARK):])
        raise RuntimeError("gnubg stopped answering")

    def close(self):
        self.p.stdin.close()
        self.p.wait()


class Ours:
    def __init__(self, cli, level):
        self.level = level
        self.p = subprocess.Popen([cli, "batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def judge(self, item):
        self.p.stdin.write("cube --variant standard --rules modern --position %s --level %s%s\n" % (
            item["pid"], self.level, " --match-id " + item["matchId"] if item["length"] else ""))
        self.p.stdin.flush()
        out = {}
        for line in self.p.stdout:
            line = line.rstrip("\n")
            if line == ".":
                break
            if line.startswith("error"):
                raise RuntimeError("nard-cli: " + line)
            key, _, value = line.partition("\t")
            out[key] = value
        action = out["action"]
        return {"nd": float(out["no double"]), "dt": float(out["double, take"]), "dp": float(out["double, pass"]),
                "double": action.startswith("double"), "take": not action.endswith("pass"), "text": action}

    def close(self):
        self.p.stdin.close()
        self.p.wait()


# --- decisions ---------------------------------------------------------------------------

def gnubg_decisions(g):
    """gnubg's choices from its equities (player on roll's view, per cube 1)."""
    after_double = min(g["dt"], g["dp"])
    return {"double": after_double > g["nd"], "take": g["dt"] <= g["dp"],
            "doubleGap": abs(after_double - g["nd"]), "takeGap": abs(g["dt"] - g["dp"])}


def compare(item, ours, g, margin):
    d = gnubg_decisions(g)
    row = {"pid": item["pid"], "length": item["length"], "score": item["score"], "ours": ours, "gnubg": g, "clear": d["doubleGap"] > margin and d["takeGap"] > margin}
    row["doubleAgrees"] = ours["double"] == d["double"]
    row["takeAgrees"] = ours["take"] == d["take"]
    # What the disagreement costs by gnubg's equities, EMG: for the doubler, then the taker.
    row["doubleCost"] = 0.0 if row["doubleAgrees"] else d["doubleGap"]
    row["takeCost"] = 0.0 if row["takeAgrees"] else d["takeGap"]
    return row


def positions(cli, count, seed, level):
    """Distinct positions of the level's self-play, before the roll (the opening left out)."""
    out = subprocess.run([cli, "positions", "--variant", "standard", "--rules", "modern", "--count", str(count),
                          "--seed", str(seed), "--level", level], check=True, capture_output=True, text=True).stdout
    seen, result = set(), []
    for line in out.splitlines():
        pid = line.split()[0]
        if pid not in seen and pid != "4HPwATDgc/ABMA":
            seen.add(pid)
            result.append(pid)
    return result


def scores(length):
    """The pre-Crawford scores of a match (points won by the player on roll, by the other)."""
    if length == 0:
        return [(0, 0)]
    return [(a, b) for a in range(length - 1) for b in range(length - 1)]


def judge_all(items, make, jobs):
    results = [None] * len(items)
    counter = iter(range(len(items)))
    lock = threading.Lock()
    errors = []

    def work():
        tool = make()
        try:
            while True:
                with lock:
                    i = next(counter, None)
                if i is None:
                    return
                results[i] = tool.judge(items[i])
        except Exception as e:
            errors.append(str(e))
        finally:
            tool.close()

    threads = [threading.Thread(target=work) for _ in range(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise RuntimeError(errors[0])
    return results


def report(rows, args, seconds):
    clear = [r for r in rows if r["clear"]]
    both = [r for r in clear if r["doubleAgrees"] and r["takeAgrees"]]
    dbl = [r for r in clear if r["doubleAgrees"]]
    tk = [r for r in clear if r["takeAgrees"]]
    live = [r for r in clear if r["ours"]["double"] or gnubg_decisions(r["gnubg"])["double"]
            or gnubg_decisions(r["gnubg"])["doubleGap"] < 0.2]
    live_ok = [r for r in live if r["doubleAgrees"] and r["takeAgrees"]]
    wrong = [r for r in clear if not (r["doubleAgrees"] and r["takeAgrees"])]
    cost = sum(r["doubleCost"] + r["takeCost"] for r in wrong)
    pct = lambda a, b: 100.0 * len(a) / max(1, len(b))
    lines = [
        "Cube decisions: nard-cli %s against gnubg %d-ply, %s, cube centred" % (
            args.level, args.plies, "%d-point match, pre-Crawford scores" % args.length if args.length
            else "money play (Jacoby, beavers)"),
        "positions judged: %d (self-play of %s, seed %d); clear for gnubg (both gaps > %.2f): %d" % (
            len(rows), args.level, args.seed, args.margin, len(clear)),
        "both decisions agree: %d of %d = %.1f%% (target >= 90%%)" % (len(both), len(clear), pct(both, clear)),
        "double / no double agrees: %.1f%%; take / pass agrees: %.1f%%" % (pct(dbl, clear), pct(tk, clear)),
        "positions near a double (someone doubles, or gnubg's double gap < 0.2): %d, both agree %.1f%%" % (
            len(live), pct(live_ok, live)),
        "disagreements: %d, cost by gnubg's equities %.3f EMG in all, %.4f per disagreement, %.5f per clear position" % (
            len(wrong), cost, cost / max(1, len(wrong)), cost / max(1, len(clear))),
        "kinds: we double, gnubg not: %d; gnubg doubles, we not: %d; we take, gnubg passes: %d; we pass, gnubg takes: %d" % (
            sum(1 for r in wrong if r["ours"]["double"] and not gnubg_decisions(r["gnubg"])["double"]),
            sum(1 for r in wrong if not r["ours"]["double"] and gnubg_decisions(r["gnubg"])["double"]),
            sum(1 for r in wrong if r["ours"]["take"] and not gnubg_decisions(r["gnubg"])["take"]),
            sum(1 for r in wrong if not r["ours"]["take"] and gnubg_decisions(r["gnubg"])["take"])),
        "time %.0f s" % seconds,
    ]
    return "\n".join(lines), pct(both, clear)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", default="build/native-release/nard-cli")
    ap.add_argument("--gnubg", default="/usr/games/gnubg")
    ap.add_argument("--positions", type=int, default=2000, help="self-play positions drawn (before removing repeats)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="expert")
    ap.add_argument("--plies", type=int, default=2, choices=(0, 1, 2))
    ap.add_argument("--length", type=int, default=0, help="match length (0: money play)")
    ap.add_argument("--margin", type=float, default=0.02)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default="test-output/cube-compare")
    args = ap.parse_args()
    if not shutil.which(args.gnubg) and not os.path.exists(args.gnubg):
        print("gnubg not found at " + args.gnubg, file=sys.stderr)
        return 77
    start = time.time()
    try:
        pids = positions(args.cli, args.positions, args.seed, args.level)
        cycle = scores(args.length)
        items = [{"pid": p, "length": args.length, "score": cycle[i % len(cycle)]} for i, p in enumerate(pids)]
        theirs = judge_all(items, lambda: Gnubg(args.gnubg, args.plies), args.jobs)
        items = [dict(item, matchId=g.get("matchId")) for item, g in zip(items, theirs) if "error" not in g]
        theirs = [g for g in theirs if "error" not in g]
        ours = judge_all(items, lambda: Ours(args.cli, args.level), args.jobs)
    except (RuntimeError, subprocess.CalledProcessError, OSError) as e:
        print("cube_compare: %s" % e, file=sys.stderr)
        return 2
    rows = [compare(item, o, g, args.margin) for item, o, g in zip(items, ours, theirs)]
    text, _ = report(rows, args, time.time() - start)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "cube-compare.json"), "w") as f:
        json.dump(rows, f, indent=1)
    print(text)
    return 0


if __name__ == "__main__":
    try:
        import gnubg  # noqa: F401  (present only when gnubg runs this file)
    except ImportError:
        sys.exit(main())
    else:
        serve()
