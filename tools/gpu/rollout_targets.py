#!/usr/bin/python3
# The rolled-out data set (assets/rollouts/*.tsv.gz) as training targets for `nard-distill
# fit`, and the nets' error on the positions held out (issue 32, docs/TEACHER.md "Nets trained on
# the rollouts").
#   rollout_targets.py write --data A.tsv.gz,B.tsv.gz --out train.bin [--anchors N --nets DIR --nard-cli PATH]
#   rollout_targets.py score --data A.tsv.gz,B.tsv.gz --nets DIR[,DIR...] [--bucket 0]
# Positions are split by a hash of their Position ID into ten buckets, the same on every
# machine and for every later generation: bucket 0 is the test set (never trained on, never
# used to choose settings), bucket 1 the validation set that settings are chosen on; `write`
# leaves both out unless --buckets says otherwise.
# --anchors N adds N self-play positions of the engine's intermediate level with the starting
# nets' own 0-ply chances as targets: a pull back towards the nets that played millions of
# games, so that a few thousand rollouts correct the net rather than overwrite it.
import argparse
import gzip
import hashlib
import math
import os
import struct
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import board  # noqa: E402
import encoding  # noqa: E402
import engine  # noqa: E402
import nets  # noqa: E402

MAGIC = b"NARDDST1"
VARIANTS = {"standard": 0, "nackgammon": 1, "hyper": 2, "longnard": 3}  # engine/types.h


def header(path):
    """The settings in a .tsv.gz file's first line, each word mapped to the word after it
    ('# variant standard ... trials 36 ... seed 3 ... pool N': trials -> 36, seed -> 3), so
    that it reads the data sets' and the benchmark set's headers alike."""
    with gzip.open(path, "rt") as f:
        words = f.readline().lstrip("# ").split()
    return dict(zip(words, words[1:]))


def cross_entropy(p, t):
    """Per row, the five outputs' binary cross-entropy against the target chances."""
    q = p.clamp(1e-6, 1 - 1e-6)
    return -(t * q.log() + (1 - t) * (1 - q).log()).sum(1)


def bucket(pid):
    """0..9 from the Position ID alone (sha256), so the split never depends on file order."""
    return hashlib.sha256(pid.encode()).digest()[0] % 10


def read(paths):
    """{id: (five chances, equity, its standard error)}: the rows of all files; a position in
    two files keeps the lower standard error (the better-measured value)."""
    rows = {}
    for path in paths:
        with gzip.open(path, "rt") as f:
            for line in f:
                if line.startswith("#"):
                    continue
                cols = line.rstrip("\n").split("\t")
                pid, nums = cols[0], [float(x) for x in cols[2:]]
                value = (nums[:5], nums[5], nums[11])
                if pid not in rows or value[2] < rows[pid][2]:
                    rows[pid] = value
    return rows


def record(pid, variant, plies, chances):
    """26 bytes as distill.cpp's appendRecord: ID, variant, depth, chances in 1/65535."""
    fr = [round(min(1.0, max(0.0, x)) * 65535) for x in chances]
    return pid.encode() + bytes([VARIANTS[variant], plies]) + struct.pack("<5H", *fr)


def consistent(chances):
    """A rollout's means can leave 0..1 or have a gammon above its win by noise (luck
    correction): made a valid set of chances the way the nets' outputs are."""
    return nets.sanitized(torch.tensor([chances], dtype=torch.float64))[0].tolist()


def anchors(args, count, rolled):
    """`count` self-play positions of the starting nets (no bear-offs, none of the rolled-out
    ones: the held-out positions must not be pulled anywhere) with their own 0-ply chances.
    The nets play them, not nard-cli's built-in ones, so that a fit is the same whatever
    nets are built in."""
    ids = [pid for pid in dict.fromkeys(pid for pid, _ in engine.positions(
        args.nard_cli, args.variant, "modern", count * 2, args.anchor_seed, f"intermediate@{args.nets}", dice=True))
        if pid not in rolled]
    boards = board.parse_ids(ids, args.variant)
    keep = (encoding.classify(boards, args.variant == "longnard") < 2).nonzero(as_tuple=True)[0][:count]
    ev = nets.Evaluator(args.variant, args.nets, None, "cpu")
    with torch.no_grad():
        values = ev(boards[keep])
    return [(ids[i], v) for i, v in zip(keep.tolist(), values.tolist())]


def write(args):
    rows = read(args.data.split(","))
    want = {int(b) for b in args.buckets.split(",")}
    out = bytearray(MAGIC)
    n = 0
    for pid, (chances, _, _) in sorted(rows.items()):
        if bucket(pid) in want:
            out += record(pid, args.variant, 0, consistent(chances))
            n += 1
    extra = anchors(args, args.anchors, rows) if args.anchors else []
    for pid, chances in extra:
        out += record(pid, args.variant, 0, chances)
    with open(args.out, "wb") as f:
        f.write(out)
    print(f"{n} rolled-out positions (buckets {sorted(want)}) and {len(extra)} anchors -> {args.out}")


def against(values, base, digits):
    """'; against the first MEAN +- HALF': a paired difference with its 95% interval, much
    narrower than the two intervals apart ('' for the first itself)."""
    if values is base:
        return ""
    diff = values - base
    half = 1.96 * diff.std().item() / math.sqrt(len(diff))
    return f"; against the first {diff.mean().item():+.{digits}f} +- {half:.{digits}f}"


def score(args):
    """Per nets folder, on the chosen buckets' contact and race positions (bear-offs are
    exact: left out): mean squared equity error against the rollouts, the rollouts' own mean
    squared standard error (the floor: a net that knew the true values would still show
    it), and the cross-entropy of the five outputs (summed) with the targets' own entropy as
    its floor."""
    rows = read(args.data.split(","))
    want = {int(b) for b in args.bucket.split(",")}
    ids = sorted(pid for pid in rows if bucket(pid) in want)
    boards = board.parse_ids(ids, args.variant)
    cls = encoding.classify(boards, args.variant == "longnard")
    target = torch.tensor([consistent(rows[pid][0]) for pid in ids], dtype=torch.float64)
    eq = torch.tensor([rows[pid][1] for pid in ids], dtype=torch.float64)
    se = torch.tensor([rows[pid][2] for pid in ids], dtype=torch.float64)
    for name, mask in (("contact", cls == 0), ("race", cls == 1)):
        if not mask.any():
            continue
        t = target[mask].clamp(1e-6, 1 - 1e-6)
        floor_ce = cross_entropy(t, t).mean().item()
        print(f"{name}: {int(mask.sum())} positions (buckets {sorted(want)}); rollout s.e. floor: "
              f"mse {se[mask].pow(2).mean().item():.5f} (rms {se[mask].pow(2).mean().sqrt().item():.4f}); "
              f"target entropy {floor_ce:.4f}")
        base = None  # the first folder's squared errors: the others are compared position by position
        for d in args.nets.split(","):
            ev = nets.Evaluator(args.variant, d, None, "cpu")
            with torch.no_grad():
                p = ev(boards[mask]).double()
            err = nets.equity(p, nets.backgammons(args.variant)) - eq[mask]
            ce = cross_entropy(p, t).mean().item()
            n = int(mask.sum())
            # 95% interval of the mse from the spread of the squared errors
            half = 1.96 * err.pow(2).std().item() / math.sqrt(n)
            sq = err.pow(2)
            base = sq if base is None else base
            paired = against(sq, base, 5)
            print(f"  {d}: mse {sq.mean().item():.5f} +- {half:.5f} "
                  f"(rms {sq.mean().sqrt().item():.4f}, mean err {err.mean().item():+.4f}) ce {ce:.4f}{paired}")


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("write")
    w.add_argument("--data", required=True, help="comma-separated .tsv.gz files")
    w.add_argument("--out", required=True)
    w.add_argument("--buckets", default="2,3,4,5,6,7,8,9", help="hash buckets to write (0: test, 1: validation)")
    w.add_argument("--anchors", type=int, default=0, help="self-play positions valued by --nets")
    w.add_argument("--anchor-seed", type=int, default=1001)  # not the seeds of the data sets' pools
    w.add_argument("--nets", default="assets/nets")
    w.add_argument("--nard-cli", default="build/native-release/nard-cli")
    s = sub.add_parser("score")
    s.add_argument("--data", required=True)
    s.add_argument("--nets", required=True, help="comma-separated nets folders")
    s.add_argument("--bucket", default="0")
    w.add_argument("--variant", default="standard", choices=["standard"])  # nard-distill's records: Standard
    s.add_argument("--variant", default="standard", choices=["standard", "nackgammon", "longnard"])
    args = ap.parse_args()
    torch.set_num_threads(1)
    write(args) if args.cmd == "write" else score(args)


if __name__ == "__main__":
    main()
