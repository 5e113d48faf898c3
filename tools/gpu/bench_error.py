#!/usr/bin/python3
# Error rates on a benchmark set of tools/gpu/make_benchmark.py (docs/AI.md, "A benchmark
# set"): each player (any `nard-cli best --level`: a level, net:PLIES:NOISE, @DIR for a
# folder of nets) plays every position of the set; its loss there is the best candidate's
# rolled-out equity minus that of its play. The error rate is the mean loss in thousandths
# of a point per decision (gnubg's "mEMG" per move), with a 95% interval; players after the
# first are also compared with it position by position (the same positions, so the paired
# interval is far narrower).
#   tools/gpu/bench_error.py --nard-cli PATH --bench FILE.tsv.gz[,FILE...] --players net:0:0,net:0:0@DIR [--jobs 2]
# A play outside the rolled-out candidates is charged the worst candidate's loss (it was
# not in the 0-ply top few nor the deeper level's choice, so most likely worse still) and
# counted as "outside": many of them mean the set needs more candidates for that player.
import argparse
import gzip
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engine  # noqa: E402


def load(paths):
    """[(ID, roll, {candidate ID: mover's equity})] of benchmark files (comma-separated; a
    roll of a position in two files, from two commands' seeds, counts once)."""
    rows = {}
    for path in paths.split(","):
        with gzip.open(path, "rt") as f:
            for line in f:
                if line.startswith("#"):
                    continue
                pid, roll, *cands = line.rstrip("\n").split("\t")
                rows.setdefault((pid, roll), {c: float(e) for c, e, _ in (x.split(":") for x in cands)})
    return [(p, r, c) for (p, r), c in rows.items()]


def losses(cli, rows, player, jobs):
    """Per position: (loss of the player's play, whether that play was outside the set)."""
    cmds = [f"best --variant standard --rules modern --position {p} --dice {d} --level {player}" for p, d, _ in rows]
    out = []
    for (_, _, cands), ans in zip(rows, engine.parallel_batch(cli, cmds, jobs)):
        best = max(cands.values())
        chosen = ans[0].split("\t")[0]
        if chosen in cands:
            out.append((best - cands[chosen], False))
        else:
            out.append((best - min(cands.values()), True))
    return out


def interval(xs):
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(n)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nard-cli", required=True)
    ap.add_argument("--bench", required=True)
    ap.add_argument("--players", required=True, help="comma-separated nard-cli levels")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    rows = load(args.bench)
    first = None
    print(f"{len(rows)} positions in {args.bench}")
    for player in args.players.split(","):
        got = losses(args.nard_cli, rows, player, args.jobs)
        ls = [1000 * x for x, _ in got]
        mean, half = interval(ls)
        line = (f"{player}: error rate {mean:.2f} +- {half:.2f} mpts/decision, "
                f"{sum(1 for x in ls if x > 0)} of {len(ls)} not the best, {sum(o for _, o in got)} outside")
        if first is None:
            first = ls
        else:
            d, dh = interval([a - b for a, b in zip(ls, first)])
            line += f"; against the first {d:+.2f} +- {dh:.2f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
