#!/usr/bin/python3
# The groups of a rolled-out data set (docs/TEACHER.md "Training on a roll's differences"): the
# self-play rolls of the file's pool with two or more results among its positions, which the
# difference loss of train.py compares. They are stored beside the data file
# (X.tsv.gz -> X.groups.gz) by make_data.py, which knows its pool, rather than found again
# by replaying the pool: a replay is the self-play of whatever nets are built in, and once
# new nets shipped it found 688 of the 9,897 groups of the six Standard files (2026-11-29).
# For a file made before, this makes its groups with the player that played its pool:
#   groups.py --data X.tsv.gz --player intermediate@NETS [--nard-cli build/native-release/nard-cli]
import argparse
import gzip
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import board  # noqa: E402
import engine  # noqa: E402
import movegen  # noqa: E402
import nets  # noqa: E402
import rollout_targets  # noqa: E402

ROWS = 4096  # rolls a movegen batch


def path_for(data_path):
    """X.tsv.gz -> X.groups.gz (not *.tsv.gz, so that globs of data files leave it out)."""
    stem = data_path[:-len(".tsv.gz")] if data_path.endswith(".tsv.gz") else data_path
    return stem + ".groups.gz"


def results(rolls, variant):
    """For each (position ID, roll "43"), the IDs of its legal plays' results as the data
    stores them: the opponent on roll."""
    out = []
    for i in range(0, len(rolls), ROWS):
        part = rolls[i:i + ROWS]
        dice = torch.tensor([[int(d[0]), int(d[1])] for _, d in part])
        plays = movegen.generate(board.parse_ids([p for p, _ in part], variant), dice, False, variant)
        ids = board.position_ids(board.flipped(plays.boards))
        mine = [[] for _ in part]
        for k, owner in enumerate(plays.owner.tolist()):
            mine[owner].append(ids[k])
        out += mine
    return out


def find(pool, positions, variant):
    """[(roll key "ID:43", sorted member IDs)]: each distinct roll of the pool whose legal
    results include two or more of `positions` (a set or dict of IDs)."""
    found = {}
    for (pid, d), res in zip(pool, results(pool, variant)):
        members = sorted({r for r in res if r in positions})
        if len(members) >= 2:
            found.setdefault(f"{pid}:{d}", members)
    return list(found.items())


def write(path, groups, about):
    with gzip.open(path, "wt") as f:
        f.write(f"# groups of {about}\n# roll (position ID:dice)\tmembers (position IDs, the opponent on roll)\n")
        for key, members in groups:
            f.write(key + "\t" + " ".join(members) + "\n")


def read(path, variant):
    """The groups of a .groups.gz file, each checked: a roll key that does not parse, or a
    member that is not a legal result of its roll, stops with the line named (a groups file
    of another data set or variant would train plays that were never choices)."""
    groups = []
    with gzip.open(path, "rt") as f:
        for n, line in enumerate(f, 1):
            if line.startswith("#") or not line.strip():
                continue
            key, _, rest = line.rstrip("\n").partition("\t")
            pid, _, dice = key.partition(":")
            members = rest.split()
            if len(dice) != 2 or not all(c in "123456" for c in dice) or len(members) < 2:
                sys.exit(f"{path}:{n}: not a group ('ID:dice' TAB two or more IDs)")
            groups.append((n, key, (pid, dice), members))
    try:
        legal = results([roll for _, _, roll, _ in groups], variant)
    except ValueError as e:
        sys.exit(f"{path}: {e}")
    for (n, key, _, members), res in zip(groups, legal):
        wrong = set(members) - set(res)
        if wrong:
            sys.exit(f"{path}:{n}: {sorted(wrong)[0]} is not a result of the roll {key} in {variant}")
    return [(key, members) for _, key, _, members in groups]


def main():
    ap = argparse.ArgumentParser(description="write a data file's groups beside it, replaying its pool")
    ap.add_argument("--data", required=True, help="a .tsv.gz data file")
    ap.add_argument("--player", required=True,
                    help="the nard-cli player whose self-play made the file's pool, e.g. intermediate@OLD_NETS")
    ap.add_argument("--nard-cli", default="build/native-release/nard-cli")
    a = ap.parse_args()
    h = rollout_targets.header(a.data)
    variant = h.get("variant", "standard")
    rows = rollout_targets.read([a.data])
    pool = engine.positions(a.nard_cli, variant, "modern", int(h.get("pool", 100000)), int(h["seed"]),
                            a.player, dice=True)
    found = find(pool, rows, variant)
    out = path_for(a.data)
    level, _, folder = a.player.partition("@")
    by = f"{level} with nets {nets.folder_hash(folder, variant)}" if folder else f"{level} (nard-cli's built-in nets)"
    write(out, found, f"{os.path.basename(a.data)}: pool of {len(pool)} rolls, seed {h['seed']}, played by {by}")
    print(f"{out}: {len(found)} groups ({sum(len(m) for _, m in found)} members) of {len(rows)} positions")


if __name__ == "__main__":
    main()
