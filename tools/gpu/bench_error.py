#!/usr/bin/python3
# Error rates on a benchmark set of tools/gpu/make_benchmark.py (docs/TEACHER.md, "A benchmark
# set"): each player (any `nard-cli best --level`: a level, net:PLIES:NOISE, @DIR for a
# folder of nets) plays every position of the set; its loss there is the best candidate's
# rolled-out equity minus that of its play. The error rate is the mean loss in thousandths
# of a point per decision (gnubg's "mEMG" per move), with a 95% interval; players after the
# first are also compared with it position by position (the same positions, so the paired
# interval is far narrower).
#   tools/gpu/bench_error.py --nard-cli PATH --bench FILE.tsv.gz[,FILE...] --players net:0:0,net:0:0@DIR [--jobs 2]
#       [--extra FILE.tsv.gz]
# A play outside the rolled-out candidates is counted as "outside" and charged the worst
# candidate's loss (it was not in the 0-ply top few nor the deeper level's choice, so most
# likely worse still); with --extra FILE it is rolled out instead, by the engine (`nard-cli
# rollout`, the set's trials and truncation, luck and stratified dice), and charged the
# best candidate's equity minus its own (negative when it beats them all). FILE keeps those
# rollouts for the next run. A changed net plays outside the shipped net's candidates more
# often, so without --extra the set is biased towards the nets that chose them.
import argparse
import gzip
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import board  # noqa: E402
import engine  # noqa: E402
import rollout_targets  # noqa: E402


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


def settings(paths):
    """Trials and truncation of the first file's rollouts (its header line)."""
    h = rollout_targets.header(paths.split(",")[0])
    return int(h["trials"]), int(h["truncate"])


def read_extra(path):
    """{result ID: mover's equity} of the outside plays rolled out before."""
    if not path or not os.path.exists(path):
        return {}
    with gzip.open(path, "rt") as f:
        return {c: float(e) for c, e, _ in (line.split("\t")[0].split(":") for line in f if not line.startswith("#"))}


def roll_out(cli, plays, trials, truncate, jobs):
    """{result ID: (mover's equity, its standard error)}: each result (the mover still on the
    on-roll half, as `nard-cli best` prints it) rolled out with the opponent on roll."""
    after = board.position_ids(board.flipped(board.parse_ids(plays, "standard")))
    cut = f" --truncate {truncate}" if truncate else ""
    cmds = [f"rollout --variant standard --rules modern --position {a} --trials {trials} --seed {i + 1} "
            f"--threads 1{cut}" for i, a in enumerate(after)]
    out = {}
    for play, ans in zip(plays, engine.parallel_batch(cli, cmds, jobs)):
        eq, _, se = dict(a.split("\t") for a in ans)["equity"].partition(" +- ")
        out[play] = (-float(eq), float(se))
    return out


def losses(cli, rows, player, jobs, extra=None, extra_path=None, trials=108, truncate=0):
    """Per position: (loss of the player's play, whether that play was outside the set)."""
    cmds = [f"best --variant standard --rules modern --position {p} --dice {d} --level {player}" for p, d, _ in rows]
    chosen = [ans[0].split("\t")[0] for ans in engine.parallel_batch(cli, cmds, jobs)]
    if extra is not None:
        new = sorted({c for c, (_, _, cands) in zip(chosen, rows) if c not in cands and c not in extra})
        if new:
            got = roll_out(cli, new, trials, truncate, jobs)
            with gzip.open(extra_path, "at") as f:
                for play, (eq, se) in got.items():
                    f.write(f"{play}:{eq:.5f}:{se:.5f}\n")
                    extra[play] = eq
    out = []
    for play, (_, _, cands) in zip(chosen, rows):
        best = max(cands.values())
        if play in cands:
            out.append((best - cands[play], False))
        elif extra is not None:
            out.append((best - extra[play], True))
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
    ap.add_argument("--extra", help="roll out plays outside the set, kept in this .tsv.gz for later runs")
    args = ap.parse_args()
    rows = load(args.bench)
    extra = read_extra(args.extra) if args.extra else None
    trials, truncate = settings(args.bench)
    first = None
    print(f"{len(rows)} positions in {args.bench}")
    for player in args.players.split(","):
        got = losses(args.nard_cli, rows, player, args.jobs, extra, args.extra, trials, truncate)
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
