#!/usr/bin/env python3
"""Which of two players chooses better chequer plays, as GNU Backgammon judges them.

Both players (any `nard-cli best --level` name: a level, `net:P:N`, `expert@DIR`; or `gnubg:0`,
gnubg itself at 0 plies, the plain net's yardstick) choose a
play in the same positions (Standard or Nackgammon, modern rules, cubeless money); where their plays
differ, gnubg evaluates both results at the chosen depth (cubeless money equity of the
mover, the opponent on roll). The mean of (B's equity - A's equity) over all positions is
B's gain per decision; since a game's cubeless result is the sum of what each decision
gives up, the gain per decision times the decisions per game estimates the difference in
points per game against any common opponent, without the dice's luck of a duel: a few
thousand positions settle what would take tens of thousands of games. The yardstick is
gnubg's judgement, not the truth: differences smaller than its own errors do not show.

Usage:
  tools/gnubg_judge.py --a expert --b net:3:0 [--positions 2000] [--seed 1]
                       [--variant standard|nackgammon] [--source expert] [--plies 2]
                       [--jobs 2] [--cli build/native-release/nard-cli]
                       [--gnubg /usr/games/gnubg | --gnubg-dir GPK] [--out FILE.json]
  tools/gnubg_judge.py --rejudge FILE.json [--plies P] [--reverse]

The positions come from `nard-cli positions --level SOURCE` (self-play of that level, one
position a turn with its dice; SOURCE advanced/beginner: the advanced level's games against
the beginner); positions with one legal play or none count as decisions where both agree. --jobs runs that many nard-cli and gnubg processes. --out keeps every
differing position with both plays and both equities.

Exit status: 0 done (with --check: B's gain above 0 with its 95% interval); 1 --check and it
is not; 2 bad usage or a tool failed; 77 gnubg not installed. gnubg is a
reference program driven by a script (this file, run by gnubg with -p); none of its code
is in this project.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import threading

try:
    HERE = os.path.dirname(os.path.abspath(__file__))
except NameError:  # gnubg runs this file without __file__: the driver says where it is
    HERE = os.environ.get("NARD_TOOLS_DIR", "tools")
sys.path.insert(0, HERE)
from gnubg_duel import (MARK, Batch, ask_script, decode, driver_or_server, flipped, result_points,  # noqa: E402
                        run_gnubg_script)

SKIP = 77


# --- inside gnubg ------------------------------------------------------------------------

def serve():
    import gnubg  # only exists inside gnubg
    plies = int(os.environ.get("GNUBG_JUDGE_PLIES", "2"))
    # cubeless, deterministic, pruning nets on (gnubg's world-class setting at 2 plies), no noise
    context = gnubg.evalcontext(0, plies, 1, 1, 0.0)
    money = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
    for line in sys.stdin:
        pid = line.strip()
        if not pid:
            continue
        # `pid` is the position after the play, the mover still first: the opponent rolls
        # next, so gnubg evaluates the flipped position and the mover's equity is minus it.
        board = gnubg.positionfromid(flipped(pid))
        sys.stdout.write("%s%.6f\n" % (MARK, -gnubg.evaluate(board, money, context)[5]))
        sys.stdout.flush()


# --- the driver --------------------------------------------------------------------------

class Judge:
    """A long-lived gnubg answering "result ID" lines with the mover's equity."""

    def __init__(self, gnubg, plies, portable=None):
        self.p = run_gnubg_script(gnubg, __file__, {"GNUBG_JUDGE_PLIES": str(plies), "NARD_TOOLS_DIR": HERE},
                                  portable)

    def equity(self, result):
        me, them = decode(result)
        if sum(me[1:]) == 0:  # the play bore off the last checker: the game is won
            return float(result_points(result))
        return float(ask_script(self.p, result))


def gnubg_plies(level):
    """P of a player named "gnubg:P" (gnubg itself at P plies), else None."""
    if level.startswith("gnubg:") and level[6:] in ("0", "1", "2", "3"):
        return int(level[6:])
    return None


def choices(cli, variant, level, positions, gnubg=None, portable=None):
    """The result ID each position's play leads to (None: no choice to make). A position
    may carry a third item, whether it has a choice, known from the first player's pass.
    The player "gnubg:P" is gnubg at P plies choosing among the engine's legal plays (the
    same sets as gnubg's own, tests/gnubg): the result it values best, as gnubg's own
    choice at 0 plies is (at more plies gnubg's move filters would prune first)."""
    batch = Batch(cli)
    plies = gnubg_plies(level)
    judge = Judge(gnubg, plies, portable) if plies is not None else None
    out = []
    for pid, dice, *known in positions:
        def legal():
            return batch.ask("moves --variant %s --rules modern --position %s --dice %s" % (variant, pid, dice))
        plays = None if known else legal()
        if not (known[0] if known else len(plays) >= 2):
            out.append(None)
            continue
        if judge:
            rows = [line.split("\t") for line in plays or legal()]
            out.append(max(rows, key=lambda r: judge.equity(r[0])))
            continue
        answer = batch.ask("best --variant %s --rules modern --position %s --dice %s --level %s"
                           % (variant, pid, dice, level))
        if not answer or answer[0].startswith("error"):
            sys.exit("nard-cli best --level %s failed on %s %s: %s" % (level, pid, dice, answer))
        out.append(answer[0].split("\t"))
    batch.p.stdin.close()
    if judge:
        judge.p.stdin.close()
    return out


def is_race(pid):
    """Whether the sides have passed each other: the mover's furthest-back checker (the bar
    is 25) and the opponent's, each counted from its own side, sum to less than 25."""
    me, them = decode(pid)
    back = lambda side: max((p for p in range(1, 26) if side[p]), default=0)  # noqa: E731
    return back(me) + back(them) < 25


def in_parallel(jobs, items, work):
    """work(part) for `jobs` interleaved parts of items, results back in items' order."""
    parts = [items[j::jobs] for j in range(jobs)]
    results = [None] * jobs

    def run(j):
        try:
            results[j] = work(parts[j])
        except SystemExit as e:  # a thread's exit would be silent: report it, the merge fails below
            print(e, file=sys.stderr)
    threads = [threading.Thread(target=run, args=(j,)) for j in range(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if None in results:
        sys.exit(2)
    merged = [None] * len(items)
    for j in range(jobs):
        merged[j::jobs] = results[j]
    return merged


def rejudge(a):
    """The plays kept by an earlier run's --out, judged again at --plies (at the run's own
    depth gnubg would answer the same: its stored equities are used, no gnubg runs), A and
    B exchanged with --reverse."""
    if not os.path.exists(a.rejudge):  # the run that writes it was skipped (no gnubg)
        print("no earlier run at %s" % a.rejudge, file=sys.stderr)
        sys.exit(SKIP)
    with open(a.rejudge) as f:
        run = json.load(f)
    differ = run["differ"]

    def judge(part):
        j = Judge(a.gnubg, a.plies, a.gnubg_dir)
        out = [(j.equity(d["resultA"]), j.equity(d["resultB"])) for d in part]
        j.p.stdin.close()
        return out
    if a.plies == run["plies"]:
        equities = [(d["equityA"], d["equityB"]) for d in differ]
    else:
        equities = in_parallel(a.jobs, differ, judge)
    names = (run["a"], run["b"])
    if a.reverse:
        equities = [(eb, ea) for ea, eb in equities]
        names = names[::-1]
    n = run["positions"]
    gains = [eb - ea for ea, eb in equities] + [0.0] * (n - len(differ))
    return report(names[0], names[1], a.plies, n, run["decisions"], gains, len(differ))


def report(name_a, name_b, plies, n, decisions, gains, differ):
    mean = sum(gains) / n
    sd = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1))
    better = sum(1 for g in gains if g > 0)
    worse = sum(1 for g in gains if g < 0)
    print("gnubg %d-ply prefers %s's play %d times, %s's %d times (of %d that differ)"
          % (plies, name_b, better, name_a, worse, differ))
    half = 1.96 * sd / math.sqrt(n)
    print("%s - %s, gnubg %d-ply's cubeless money equity per position: %+.5f +- %.5f (95%%); per position "
          "with a choice %+.5f" % (name_b, name_a, plies, mean, half, mean * n / max(1, decisions)))
    return mean - half > 0


def by_kind(positions, chosen, gains):
    """The gain split between contact and race decisions: where a player loses its equity."""
    for kind in ("contact", "race"):
        mine = [g for (pid, _), c, g in zip(positions, chosen, gains)
                if c is not None and is_race(pid) == (kind == "race")]
        if len(mine) < 2:
            continue
        mean = sum(mine) / len(mine)
        sd = math.sqrt(sum((g - mean) ** 2 for g in mine) / (len(mine) - 1))
        print("  %s: %d decisions, %d plays differ, %+.5f +- %.5f per decision (%+.5f of the total per position)"
              % (kind, len(mine), sum(1 for g in mine if g != 0), mean, 1.96 * sd / math.sqrt(len(mine)),
                 sum(mine) / len(positions)))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--a", help="first player (a nard-cli level name, or gnubg:P: gnubg itself at P plies)")
    p.add_argument("--b", help="second player")
    p.add_argument("--positions", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    # gnubg values a board whatever layout the game started from, so Nackgammon's positions
    # are judged as Standard's; Hyper's three checkers and Long Nard's rules are not its game
    p.add_argument("--variant", default="standard", choices=["standard", "nackgammon"],
                   help="the game whose self-play, players and nets are judged")
    p.add_argument("--source", default="expert",
                   help="the level whose self-play gives the positions, or LEVEL/OPPONENT: their games")
    p.add_argument("--plies", type=int, default=2, choices=[0, 1, 2, 3], help="gnubg's depth as the judge")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--cli", default="build/native-release/nard-cli")
    p.add_argument("--gnubg", default="/usr/games/gnubg")
    p.add_argument("--gnubg-dir", default=None, help="an unpacked gnubg-portable folder instead of --gnubg")
    p.add_argument("--out", default=None, help="write the differing positions as JSON")
    p.add_argument("--check", action="store_true", help="exit 1 unless B's gain is above 0 with its 95%% interval")
    p.add_argument("--rejudge", default=None, metavar="FILE.json",
                   help="judge the differing positions of an earlier --out again (at --plies), no new choices")
    p.add_argument("--reverse", action="store_true", help="with --rejudge: report A and B exchanged")
    a = p.parse_args()
    if a.rejudge:
        above = rejudge(a)
        sys.exit(1 if a.check and not above else 0)
    if not a.a or not a.b:
        p.error("--a and --b are required (unless --rejudge)")
    if a.positions < 2 or a.jobs < 1:
        p.error("--positions must be at least 2 and --jobs at least 1")
    if not a.gnubg_dir and not os.path.exists(a.gnubg):
        print("gnubg not installed (%s)" % a.gnubg, file=sys.stderr)
        sys.exit(SKIP)

    level, _, opponent = a.source.partition("/")
    listed = subprocess.run([a.cli, "positions", "--variant", a.variant, "--rules", "modern", "--count",
                             str(a.positions), "--seed", str(a.seed), "--level", level]
                            + (["--opponent", opponent] if opponent else []),
                            capture_output=True, text=True)
    if listed.returncode != 0:
        sys.exit("nard-cli positions failed: " + listed.stderr.strip())
    positions = [tuple(line.split()[:2]) for line in listed.stdout.splitlines() if line.strip()]

    chosen = {a.a: in_parallel(a.jobs, positions,
                               lambda part: choices(a.cli, a.variant, a.a, part, a.gnubg, a.gnubg_dir))}
    known = [(pid, dice, c is not None) for (pid, dice), c in zip(positions, chosen[a.a])]
    chosen[a.b] = in_parallel(a.jobs, known, lambda part: choices(a.cli, a.variant, a.b, part, a.gnubg, a.gnubg_dir))
    differ = [i for i in range(len(positions))
              if chosen[a.a][i] is not None and chosen[a.a][i][0] != chosen[a.b][i][0]]
    decisions = sum(1 for c in chosen[a.a] if c is not None)

    def judge(part):
        j = Judge(a.gnubg, a.plies, a.gnubg_dir)
        out = [(j.equity(chosen[a.a][i][0]), j.equity(chosen[a.b][i][0])) for i in part]
        j.p.stdin.close()
        return out
    equities = in_parallel(a.jobs, differ, judge)

    n = len(positions)
    gains = [0.0] * n
    detail = []
    for i, (ea, eb) in zip(differ, equities):
        gains[i] = eb - ea
        detail.append({"position": positions[i][0], "dice": positions[i][1], "a": chosen[a.a][i][1],
                       "b": chosen[a.b][i][1], "resultA": chosen[a.a][i][0], "resultB": chosen[a.b][i][0],
                       "equityA": ea, "equityB": eb})
    games = "%s's %s games against %s" % (level, a.variant, opponent) if opponent else \
        "%s's %s self-play" % (a.source, a.variant)
    print("positions: %d from %s (seed %d), %d with a choice; plays differ in %d"
          % (n, games, a.seed, decisions, len(differ)))
    above = report(a.a, a.b, a.plies, n, decisions, gains, len(differ))
    by_kind(positions, chosen[a.a], gains)
    if a.out:
        with open(a.out, "w") as f:
            json.dump({"a": a.a, "b": a.b, "variant": a.variant, "plies": a.plies, "positions": n, "decisions": decisions,
                       "meanGain": sum(gains) / n, "differ": detail}, f, indent=1)
    if a.check and not above:
        sys.exit(1)


if __name__ == "__main__":
    driver_or_server(main, serve)
