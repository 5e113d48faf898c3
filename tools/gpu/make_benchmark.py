#!/usr/bin/python3
# A benchmark set of checker plays (issue 32, item 4; docs/TEACHER.md "A benchmark set"): held-out
# self-play positions with their roll, the leading candidate plays rolled out, so that a net
# is ranked by the equity its choices lose (tools/gpu/bench_error.py) in minutes, as gnubg's
# benchmark databases rank its nets, instead of by a 6,000-game duel.
#   tools/gpu/make_benchmark.py --nard-cli PATH --out FILE.tsv.gz [--positions 500]
#       [--candidates 4] [--also expert] [--trials 108] [--truncate 0] [--vr on] [--seconds 540] [--seed 11]
#       [--roller python|engine]
# Positions: the engine's intermediate-level self-play (seed --seed; the data sets' pools use
# seeds 1, 2), only those whose Position ID falls in hash bucket 0 of rollout_targets.py, the
# bucket no training file gets, so the set stays held out as generations are added. Left
# out: bear-offs (the database is exact), rolls with one legal result, and rolls whose 0-ply
# runner-up trails by more than --max-gap (a clear play tells two nets apart rarely and costs
# as much to roll out).
# Candidates: the --candidates best plays at 0-ply, and the play of --also (a deeper search
# of the engine, `nard-cli best`) if it is not among them. Each is rolled out from the
# position after it (opponent on roll) with luck variance reduction; 108 trials with luck
# have about the variance of 1,700 plain ones (make_data.py --vr: about 16 times less).
# Output: a header, then per position its ID, roll, and per candidate "ID:equity:se" (the
# result seen from the mover, as `nard-cli best` prints it; the mover's equity), best first.
# --roller engine: the C++ engine rolls the candidates out (`nard-cli rollout`, --jobs
# processes), the same rollouts (check.py) at about eight times the Python engine's rate on
# a CPU: a session without a GPU adds to the set this way.
import argparse
import gzip
import os
import sys
import tempfile
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import board  # noqa: E402
import encoding  # noqa: E402
import engine  # noqa: E402
import nets  # noqa: E402
import rollout  # noqa: E402
from rollout_targets import bucket  # noqa: E402


def log(*a):
    print(f"[{time.strftime('%H:%M:%S')}]", *a, flush=True)


def candidates(args, ev, pairs, dev):
    """Per (ID, roll): the result IDs to roll out, 0-ply best first, or None to skip."""
    # On the evaluator's device: a CUDA run failed here once, with the boards left on the CPU.
    boards = board.parse_ids([p for p, _ in pairs], "standard").to(dev)
    dice = torch.tensor([[int(d[0]), int(d[1])] for _, d in pairs], device=dev)
    ranked = rollout.ranked_results(ev, boards, dice)
    extra = {}
    if args.also:
        cmds = [f"best --variant standard --rules modern --position {p} --dice {d} --level {args.also}" for p, d in pairs]
        for i, ans in enumerate(engine.parallel_batch(args.nard_cli, cmds, args.jobs)):
            extra[i] = ans[0].split("\t")[0]
    out = []
    for i in range(len(pairs)):
        mine = ranked[i]
        if len(mine) < 2 or mine[0][1] - mine[1][1] > args.max_gap:
            out.append(None)
            continue
        pick = [pid for pid, _ in mine[:args.candidates]]
        if extra.get(i) and extra[i] not in pick:
            pick.append(extra[i])
        out.append(pick)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nard-cli", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--nets", default="assets/nets", help="the nets that roll out (and rank at 0-ply)")
    ap.add_argument("--positions", type=int, default=500)
    ap.add_argument("--candidates", type=int, default=4, help="best plays at 0-ply rolled out")
    ap.add_argument("--also", default="expert", help="a level whose play joins the candidates ('' for none)")
    ap.add_argument("--max-gap", type=float, default=0.25, help="skip rolls whose 0-ply runner-up trails by more")
    ap.add_argument("--trials", type=int, default=108)
    ap.add_argument("--truncate", type=int, default=0, help="turns before the nets value the rest (0: none)")
    ap.add_argument("--vr", default="on", choices=["on", "off"], help="luck variance reduction")
    ap.add_argument("--seconds", type=float, default=540, help="stop rolling out after this (what is done is kept)")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--device", default="auto")
    ap.add_argument("--games", type=int, default=0, help="games rolled out at once (0: by device)")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--roller", default="python", choices=["python", "engine"],
                    help="who rolls out: this engine (GPU or CPU) or nard-cli's (CPU sessions)")
    args = ap.parse_args()
    if args.roller == "engine" and args.vr == "off":
        ap.error("--vr off (stratified dice without luck) has no match in nard-cli rollout, whose off is plain dice")
    start = time.time()
    torch.set_num_threads(args.threads)
    dev = ("cuda" if torch.cuda.is_available() else "cpu") if args.device == "auto" else args.device
    gpu = dev.startswith("cuda")
    bearoff = os.path.join(tempfile.mkdtemp(), "bearoff.f32")
    engine.bearoff(args.nard_cli, bearoff)
    ev = nets.Evaluator("standard", args.nets, bearoff, dev, rows=1 << (20 if gpu else 15))
    roller = rollout.Roller(ev, traditional=False, device=dev, rows=1 << (16 if gpu else 12))
    # Bucket 0 keeps a tenth: ask for enough self-play to find --positions after the skips.
    pool = engine.positions(args.nard_cli, "standard", "modern", args.positions * 40, args.seed, "intermediate", dice=True)
    start_id = board.position_ids(board.start_position("standard"))[0]
    pool = list(dict.fromkeys((p, d) for p, d in pool if p != start_id and bucket(p) == 0))
    cls = encoding.classify(board.parse_ids([p for p, _ in pool], "standard")).tolist()
    pool = [pd for pd, c in zip(pool, cls) if c < 2]
    rows = []
    for i in range(0, len(pool), 256):
        part = pool[i:i + 256]
        rows += [(p, d, c) for (p, d), c in zip(part, candidates(args, ev, part, dev)) if c]
        if len(rows) >= args.positions:
            break
    rows = rows[:args.positions]
    log(f"{len(rows)} positions from {len(pool)} held-out self-play rolls, "
        f"{sum(len(c) for _, _, c in rows)} candidates")
    games = args.games or (1 << 17 if gpu else 1 << 11)
    per_batch = max(1, games // args.trials)  # candidates (roots) rolled out at once
    if args.roller == "engine":  # a process a candidate: enough of them that no core waits long at a batch's end
        per_batch = max(per_batch, 24 * args.jobs)
    done, written = 0, 0
    with gzip.open(args.out, "wt") as f:
        f.write(f"# benchmark standard modern trials {args.trials} truncate {args.truncate} seed {args.seed} "
                f"candidates {args.candidates} also {args.also or '-'} 0-ply {'luck+' if args.vr == 'on' else ''}stratified "
                f"roller {args.roller}\n")
        rate = None  # candidates rolled out a second, measured on the first (small) batch
        while done < len(rows):
            left = args.seconds - (time.time() - start)
            # As make_data.py: a batch must end before the budget, so it fills half of what is left.
            size = max(1, per_batch // 16) if rate is None else min(per_batch, int(rate * left * 0.5))
            if left <= 0 or size < 1:
                log(f"stopping: {left:.0f} s left")
                break
            part = []
            while done < len(rows) and sum(len(c) for _, _, c in part) + len(rows[done][2]) <= max(size, len(rows[done][2])):
                part.append(rows[done])
                done += 1
            roots = [c for _, _, cs in part for c in cs]
            t0 = time.time()
            # Rolled out from the opponent's side: the mover's equity is the negative.
            after = board.flipped(board.parse_ids(roots, "standard"))
            # A decision's candidates share its dice (common random numbers, as gnubg rolls out
            # a play's candidates): the differences that rank them are what is measured.
            seeds = [rollout.seed_of(f"{args.seed}:{pid}:{d}") for pid, d, cs in part for _ in cs]
            if args.roller == "engine":
                mean, se = engine.rollouts(args.nard_cli, "standard", board.position_ids(after), args.trials,
                                           args.truncate, args.vr, seeds, args.jobs, nets=args.nets)
            else:
                values = roller.run(after.to(dev), args.trials, seeds, truncate=args.truncate, luck=args.vr == "on")
                mean, se = rollout.summary(values)
            k = 0
            for pid, d, cs in part:
                scored = sorted(((c, -mean[k + j, 5].item(), se[k + j, 5].item()) for j, c in enumerate(cs)),
                                key=lambda x: -x[1])
                k += len(cs)
                f.write(f"{pid}\t{d}\t" + "\t".join(f"{c}:{e:.5f}:{s:.5f}" for c, e, s in scored) + "\n")
                written += 1
            rate = len(roots) / (time.time() - t0)
            log(f"{written}/{len(rows)} positions rolled out ({time.time() - start:.0f} s, {rate:.2f} candidates/s)")
    log(f"wrote {written} positions to {args.out}")
    sys.exit(0 if written else 1)


if __name__ == "__main__":
    main()
