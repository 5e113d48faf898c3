#!/usr/bin/python3
# Nets trained on the rolled-out data set with PyTorch (issue 32, docs/TEACHER.md "Training on a
# roll's differences"), on the CPU: a net of this size needs no GPU (an epoch of 49,000
# positions and 12,000 groups in about 5 s on two cores).
#   train.py fit --data A.tsv.gz,B.tsv.gz --out DIR [--init assets/nets] [--anchors 20000]
#       [--rollout-weight 2] [--diff-weight 0] [--anchor-groups 0] [--epochs 30] [--lr 3e-4]
#       [--race-data NACKGAMMON.tsv.gz]
#   train.py score --data A.tsv.gz,B.tsv.gz --nets DIR[,DIR...]
#   (both take --variant standard|nackgammon|longnard; the data must be of that variant)
# Two losses. The cross-entropy of the five chances against each position's rollout is the
# loss `nard-distill fit` minimises (values of whole positions). The *difference* loss is for
# play: the positions after the legal plays of one roll ("a group") are compared with each
# other, each net's equity centred on the group's mean against the rollouts' centred the same
# way, so that what is shared by a roll's results (most of the error generation 2's fit
# removed) costs nothing and what tells them apart is all that counts.
# Groups are stored beside each data file (X.groups.gz, tools/gpu/groups.py): every roll of
# the file's pool of self-play rolls whose results include two or more of its positions.
# That holds the alternatives' groups, the 0-ply/2-ply disagreements' pairs, and any
# coincidence alike.
# Held out: positions in hash buckets 0 and 1 (rollout_targets.py), and every position of a
# group whose roll's position is in bucket 1 (the validation groups `score` ranks on).
# Anchors hold the nets where the rollouts do not speak: --anchors self-play positions with
# the starting nets' own chances (their values), and --anchor-groups self-play rolls whose
# leading results keep the starting nets' own differences (their play). Without the second,
# fits that learnt the data's groups chose worse elsewhere, by gnubg's judgement (docs/TEACHER.md).
import argparse
import math
import os
import shutil
import struct
import sys
import tempfile
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import board  # noqa: E402
import encoding  # noqa: E402
import engine  # noqa: E402
import groups as stored_groups  # noqa: E402
import nets  # noqa: E402
import rollout  # noqa: E402
import rollout_targets  # noqa: E402

# The files each variant's data trains (nets.NET_FILES names the net of each class). Nackgammon's
# races are valued by Standard's race net, which Standard's data trains and Nackgammon's leaves
# alone; Long Nard has one net for contact and races.
TRAINED = {"standard": ("standard-contact.nnet", "standard-race.nnet"),
           "nackgammon": ("nackgammon-contact.nnet",),
           "longnard": ("longnard.nnet",)}


def trained_classes(variant):
    """{file: [classes it values]} of the files the variant's data trains (0 contact, 1 race)."""
    return {f: [c for c, name in enumerate(nets.NET_FILES[variant]) if name == f] for f in TRAINED[variant]}


def models(init, variant):
    """{class: Net} for contact (0) and race (1), read from the folder init; a file that
    serves both classes is one Net, and a file the variant does not train is frozen."""
    by_file = {}
    for f in nets.NET_FILES[variant]:
        if f not in by_file:
            by_file[f] = Net(os.path.join(init, f))
            by_file[f].requires_grad_(f in TRAINED[variant])
    return {c: by_file[f] for c, f in enumerate(nets.NET_FILES[variant])}


def save(model, variant, out, games):
    """The variant's trained nets into the folder out, each file once; games(classes) gives
    the count its header carries."""
    for f, classes in trained_classes(variant).items():
        model[classes[0]].save(os.path.join(out, f), games(classes))


def trained_params(model):
    """The parameters the optimiser moves: each trained net's once."""
    seen = {id(net): net for net in model.values()}
    return [p for net in seen.values() for p in net.parameters() if p.requires_grad]


def log(*a):
    print(f"[{time.strftime('%H:%M:%S')}]", *a, flush=True)


class Net(torch.nn.Module):
    """One .nnet net with gradients: inputs -> hidden (sigmoid) -> 5 (sigmoid), the
    pre-activations clamped to +-40 as mlp.cpp does."""

    def __init__(self, path):
        super().__init__()
        raw = open(path, "rb").read()
        if raw[:8] != b"NARDNET1":
            raise ValueError(f"{path}: not a NARDNET1 file")
        n_in, hidden, outs, self.games = struct.unpack("<4I", raw[8:24])
        w = nets._floats(raw[24:]).clone()
        sizes = [n_in * hidden, hidden, outs * hidden, outs]
        if outs != 5 or len(w) != sum(sizes):
            raise ValueError(f"{path}: unexpected shape {n_in}-{hidden}-{outs}")
        w1, b1, w2, b2 = torch.split(w, sizes)
        self.w1 = torch.nn.Parameter(w1.reshape(n_in, hidden))
        self.b1 = torch.nn.Parameter(b1.clone())
        self.w2 = torch.nn.Parameter(w2.reshape(outs, hidden))
        self.b2 = torch.nn.Parameter(b2.clone())

    def widen(self, hidden, generator):
        """More hidden units, the net's function unchanged: the new units' input weights
        small and random (so that they learn different things), their output weights 0."""
        n_in, old = self.w1.shape
        if hidden < old or hidden % 4:
            raise ValueError(f"--contact-hidden must be a multiple of 4, from the net's {old}")
        with torch.no_grad():
            spread = float(self.w1.std())
            fresh = torch.randn(n_in, hidden - old, generator=generator) * spread * 0.5
            self.w1 = torch.nn.Parameter(torch.cat([self.w1, fresh], 1))
            self.b1 = torch.nn.Parameter(torch.cat([self.b1, torch.zeros(hidden - old)]))
            self.w2 = torch.nn.Parameter(torch.cat([self.w2, torch.zeros(self.w2.shape[0], hidden - old)], 1))

    def forward(self, x):
        h = torch.sigmoid(torch.clamp(x @ self.w1 + self.b1, -40, 40))
        return torch.sigmoid(torch.clamp(h @ self.w2.T + self.b2, -40, 40))

    def save(self, path, games):
        """The NARDNET1 layout of mlp.cpp's serialize(), float for float."""
        head = b"NARDNET1" + struct.pack("<4I", self.w1.shape[0], self.w1.shape[1], 5, min(games, 2**32 - 1))
        with torch.no_grad():
            body = torch.cat([p.detach().reshape(-1).float().cpu() for p in (self.w1, self.b1, self.w2, self.b2)])
        with open(path, "wb") as f:
            f.write(head + body.numpy().tobytes())


def groups_of(paths, rows, variant):
    """[(the roll's position ID + roll, [member IDs])]: each file's groups, read from the
    file beside it (groups.py: the rolls of its pool with two or more of its results), those
    of one roll in two files merged, members not in rows (picked by a run cut short before
    it rolled them out) left out. A data file without its groups file stops the fit:
    training on it without them would silently drop the difference loss's data."""
    found = {}
    for path in paths:
        gpath = stored_groups.path_for(path)
        if not os.path.exists(gpath):
            sys.exit(f"{path}: no groups file {gpath}; make it with tools/gpu/groups.py --data {path} "
                     f"--player intermediate@NETS (NETS: the nets whose self-play made its pool)")
        for key, members in stored_groups.read(gpath, variant):
            found.setdefault(key, set()).update(m for m in members if m in rows)
    return [(key, sorted(m)) for key, m in found.items() if len(m) >= 2]


class Batch:
    """Positions as the nets see them: inputs, class, fixed chances for bear-offs (the
    database), the masks of the gammons a side that has borne off can no longer lose."""

    def __init__(self, ids, variant, bearoff):
        boards = board.parse_ids(ids, variant)
        long = variant == "longnard"
        self.cls = encoding.classify(boards, long)
        self.x = encoding.encode(boards, 15, long)
        self.fixed = torch.zeros((len(ids), 5))
        home = (self.cls == 2).nonzero(as_tuple=True)[0]
        if len(home):
            self.fixed[home] = bearoff.evaluate(boards[home])
        self.mask = nets.gammon_mask(boards)

    def chances(self, model, idx):
        """The five chances of rows idx, with gradients through the nets."""
        cls = self.cls[idx]
        out = self.fixed[idx].clone()
        for c, net in model.items():
            sel = (cls == c).nonzero(as_tuple=True)[0]
            if len(sel):
                out = out.index_put((sel,), net(self.x[idx[sel]]))
        return out * self.mask[idx]


def group_tensors(groups):
    """Groups given as lists of row numbers, as flat tensors: the rows and their groups."""
    rows = [r for members in groups for r in members]
    owner = [g for g, members in enumerate(groups) for _ in members]
    return torch.tensor(rows, dtype=torch.long), torch.tensor(owner, dtype=torch.long)


def centred(values, owner, count):
    """Each value minus the mean of its group."""
    sums = torch.zeros(count, dtype=values.dtype).index_add(0, owner, values)
    sizes = torch.zeros(count, dtype=values.dtype).index_add(0, owner, torch.ones_like(values))
    return values - (sums / sizes)[owner]


def choice_loss(pred, target, owner, count):
    """Per group, what the nets' choice loses by the rollouts: the play whose result is worth
    least to the opponent on roll is chosen; its target minus the best target."""
    best = torch.full((count,), math.inf, dtype=target.dtype).scatter_reduce(0, owner, target, "amin")
    low = torch.full((count,), math.inf, dtype=pred.dtype).scatter_reduce(0, owner, pred, "amin")
    # the first member at the group's lowest prediction
    at_low = (pred == low[owner]).nonzero(as_tuple=True)[0]
    first = torch.full((count,), len(owner), dtype=torch.long).scatter_reduce(0, owner[at_low], at_low, "amin")
    chosen = target[first]
    return chosen - best


def load(args):
    """The data, the groups, and the training and validation split."""
    paths = args.data.split(",")
    for path in paths:  # a Position ID reads as a board of any variant: a wrong one would train silently
        made = variant_of(path)
        if made != args.variant:
            sys.exit(f"{path}: data of {made}, not of --variant {args.variant}")
    rows = rollout_targets.read(paths)
    groups = groups_of(paths, rows, args.variant)
    val_groups = [g for g in groups if rollout_targets.bucket(g[0].split(":")[0]) == 1]
    held = {pid for pid in rows if rollout_targets.bucket(pid) in (0, 1)}
    held |= {m for _, members in val_groups for m in members}
    train_ids = sorted(pid for pid in rows if pid not in held)
    train_set = set(train_ids)
    train_groups = []
    for key, members in groups:
        if rollout_targets.bucket(key.split(":")[0]) != 1:
            kept = [m for m in members if m in train_set]
            if len(kept) >= 2:
                train_groups.append((key, kept))
    if args.race_data:
        extra = race_rows(args, rows)
        rows.update(extra)
        train_ids = sorted(train_ids + list(extra))
    log(f"{len(rows)} rolled-out positions, {len(groups)} groups; training {len(train_ids)} positions "
        f"and {len(train_groups)} groups ({sum(len(m) for _, m in train_groups)} members); "
        f"validation {len(val_groups)} groups")
    return rows, train_ids, train_groups, val_groups


def variant_of(path):
    """The variant a data file's header names (files made before it did: Standard)."""
    return rollout_targets.header(path).get("variant", "standard")


def shares_race_net(variant, other):
    """Whether the other variant's races are valued by a net this variant's data trains
    (Nackgammon's by Standard's race net), so that its race positions can train it."""
    race = nets.NET_FILES[variant][1]
    return other != variant and nets.NET_FILES[other][1] == race and race in TRAINED[variant]


def race_rows(args, rows):
    """{id: row} of the race positions of --race-data (files of another variant whose races
    this variant's race net values) that train it, position by position: no groups (a roll's
    results are replayed in the file's own variant), buckets 0 and 1 held out as always, and
    positions already in --data left to it."""
    paths = args.race_data.split(",")
    for path in paths:
        made = variant_of(path)
        if not shares_race_net(args.variant, made):
            sys.exit(f"{path}: data of {made}, whose races {args.variant}'s race net does not value")
    other = rollout_targets.read(paths)
    ids = sorted(pid for pid in other if pid not in rows and rollout_targets.bucket(pid) not in (0, 1))
    extra = {}
    if ids:
        cls = encoding.classify(board.parse_ids(ids, args.variant), args.variant == "longnard")
        extra = {pid: other[pid] for pid, c in zip(ids, cls.tolist()) if c == 1}
    log(f"{len(extra)} race positions of --race-data ({len(other)} positions read)")
    return extra


def anchor_groups(args, rolled, bearoff_path):
    """Groups that hold the nets' play where the rollouts do not speak: the --anchor-groups
    self-play rolls of --init's nets and their best --anchor-top results (by --init's 0-ply
    equity; the opponent on roll, as the data's positions), each with --init's own chances.
    Anchoring single positions holds the values; play is the order of a roll's results,
    which the difference loss on these keeps. Rolls with a rolled-out result are left out."""
    pool = engine.positions(args.nard_cli, args.variant, "modern", args.anchor_groups, args.anchor_seed + 1,
                            f"intermediate@{args.init}", dice=True)
    ev = nets.Evaluator(args.variant, args.init, bearoff_path, "cpu")
    tops = []
    for i in range(0, len(pool), 2048):
        part = pool[i:i + 2048]
        dice = torch.tensor([[int(d[0]), int(d[1])] for _, d in part])
        ranked = rollout.ranked_results(ev, board.parse_ids([p for p, _ in part], args.variant), dice)
        tops += [[pid for pid, _ in results[:args.anchor_top]] for results in ranked if len(results) >= 2]
    flat = board.position_ids(board.flipped(board.parse_ids([p for top in tops for p in top], args.variant)))
    with torch.no_grad():
        chances = ev(board.parse_ids(flat, args.variant)).tolist()
    out, k = [], 0
    for top in tops:
        members = list(zip(flat[k:k + len(top)], chances[k:k + len(top)]))
        k += len(top)
        if not any(a in rolled for a, _ in members):
            out.append(members)
    log(f"{len(out)} groups of the nets' own play from {len(pool)} self-play rolls")
    return out


def fit(args):
    torch.manual_seed(args.seed)
    bearoff_path = os.path.join(tempfile.mkdtemp(), "bearoff.f32")
    engine.bearoff(args.nard_cli, bearoff_path)
    bearoff = nets.BearoffDb(bearoff_path, "cpu")
    rows, train_ids, train_groups, val_groups = load(args)
    bg = nets.backgammons(args.variant)
    targets = [rollout_targets.consistent(rows[pid][0]) for pid in train_ids]
    weights = [args.rollout_weight] * len(train_ids)
    equities = [rows[pid][1] for pid in train_ids]
    ids = list(train_ids)
    index = {pid: i for i, pid in enumerate(train_ids)}
    groups = [([index[m] for m in members], 1.0) for _, members in train_groups]
    if args.anchors:
        ns = argparse.Namespace(nard_cli=args.nard_cli, variant=args.variant, anchor_seed=args.anchor_seed,
                                nets=args.init)
        extra = rollout_targets.anchors(ns, args.anchors, rows)
        ids += [pid for pid, _ in extra]
        targets += [list(c) for _, c in extra]
        weights += [1.0] * len(extra)
        equities += nets.equity(torch.tensor([c for _, c in extra]), bg).tolist()
    if args.anchor_groups:
        for members in anchor_groups(args, rows, bearoff_path):
            groups.append((list(range(len(ids), len(ids) + len(members))), args.anchor_group_weight))
            ids += [pid for pid, _ in members]
            targets += [c for _, c in members]
            weights += [0.0] * len(members)  # the difference loss only
            equities += nets.equity(torch.tensor([c for _, c in members]), bg).tolist()
    data = Batch(ids, args.variant, bearoff)
    t = torch.tensor(targets, dtype=torch.float32)
    w = torch.tensor(weights, dtype=torch.float32)
    g_rows, g_owner = group_tensors([rs for rs, _ in groups])
    g_weight = torch.tensor([gw for _, gw in groups], dtype=torch.float32)
    g_target = torch.tensor(equities, dtype=torch.float32)[g_rows]
    model = models(args.init, args.variant)
    if args.contact_hidden:
        model[0].widen(args.contact_hidden, torch.Generator().manual_seed(args.seed))
    opt = torch.optim.Adam(trained_params(model), lr=args.lr)
    learns = torch.tensor([model[c].w1.requires_grad for c in (0, 1)] + [False])  # bear-offs: the database
    trainable = (learns[data.cls] & (w > 0)).nonzero(as_tuple=True)[0]  # rows of a trained net
    steps_per_epoch = max(1, math.ceil(len(trainable) / args.batch))
    per_step = max(1, math.ceil(len(groups) / steps_per_epoch)) if groups else 0
    total = steps_per_epoch * args.epochs
    rolled = int((trainable < len(train_ids)).sum())
    log(f"{len(trainable)} positions to learn ({rolled} rolled out, {len(trainable) - rolled} anchors), "
        f"{len(groups)} groups ({len(groups) - len(train_groups)} of the nets' own), "
        f"{steps_per_epoch} steps an epoch, {per_step} groups a step")
    step = 0
    for epoch in range(args.epochs):
        order = trainable[torch.randperm(len(trainable))]
        g_order = torch.randperm(len(groups)) if groups else None
        ce_sum = diff_sum = 0.0
        for s in range(steps_per_epoch):
            for group in opt.param_groups:  # linear decay to a tenth
                group["lr"] = args.lr * (1 - 0.9 * step / total)
            idx = order[s * args.batch:(s + 1) * args.batch]
            loss = torch.zeros(())
            if len(idx):  # none when only the difference loss trains (--rollout-weight 0, no anchors)
                loss = ce = (rollout_targets.cross_entropy(data.chances(model, idx), t[idx]) * w[idx]).sum() / w[idx].sum()
                ce_sum += ce.item()
            if per_step and args.diff_weight > 0:
                pick = g_order[(s * per_step) % len(groups):][:per_step]
                sel = torch.isin(g_owner, pick)
                r, o = g_rows[sel], g_owner[sel]
                gw = g_weight[o]  # each member weighs as its group
                _, o = torch.unique(o, return_inverse=True)
                e = nets.equity(data.chances(model, r), bg)
                d = centred(e, o, int(o.max()) + 1) - centred(g_target[sel], o, int(o.max()) + 1)
                diff = (gw * d.pow(2)).sum() / gw.sum()
                loss = loss + args.diff_weight * diff
                diff_sum += diff.item()
            opt.zero_grad()
            loss.backward()
            opt.step()
            step += 1
        log(f"epoch {epoch + 1}: cross-entropy {ce_sum / steps_per_epoch:.5f}, "
            f"difference {diff_sum / steps_per_epoch:.6f}")
    os.makedirs(args.out, exist_ok=True)
    for f in os.listdir(args.init):
        if f.endswith(".nnet"):
            shutil.copyfile(os.path.join(args.init, f), os.path.join(args.out, f))
    learnt = data.cls[:len(train_ids)]
    save(model, args.variant, args.out,
         lambda classes: model[classes[0]].games + int(sum((learnt == c).sum() for c in classes)))
    log(f"nets in {args.out}")


def score(args):
    """Each nets folder on the validation groups: what its choices lose against the
    rollouts (thousandths of a point, the benchmark set's measure, but on rolled-out
    positions of the data's own rolls), and the mean squared error of the centred equities."""
    bearoff_path = os.path.join(tempfile.mkdtemp(), "bearoff.f32")
    engine.bearoff(args.nard_cli, bearoff_path)
    rows, _, _, val_groups = load(args)
    if not val_groups:
        sys.exit("no validation groups: the data has no roll in hash bucket 1 with two or more rolled-out results")
    members = sorted({m for _, ms in val_groups for m in ms})
    index = {pid: i for i, pid in enumerate(members)}
    g_rows, g_owner = group_tensors([[index[m] for m in ms] for _, ms in val_groups])
    count = len(val_groups)
    target = torch.tensor([rows[members[r]][1] for r in g_rows.tolist()], dtype=torch.float64)
    boards = board.parse_ids(members, args.variant)
    base = None
    for d in args.nets.split(","):
        ev = nets.Evaluator(args.variant, d, bearoff_path, "cpu")
        with torch.no_grad():
            pred = nets.equity(ev(boards), nets.backgammons(args.variant)).double()[g_rows]
        lost = choice_loss(pred, target, g_owner, count) * 1000
        sq = (centred(pred, g_owner, count) - centred(target, g_owner, count)).pow(2)
        half = 1.96 * lost.std().item() / math.sqrt(count)
        base = lost if base is None else base
        print(f"{d}: {count} groups, choice loses {lost.mean().item():.2f} +- {half:.2f} mpts"
              f"{rollout_targets.against(lost, base, 2)}; "
              f"centred mse {sq.mean().item():.5f}")


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fit")
    f.add_argument("--out", required=True)
    f.add_argument("--init", default="assets/nets", help="the nets to start from")
    f.add_argument("--anchors", type=int, default=20000, help="self-play positions valued by --init's nets")
    f.add_argument("--anchor-seed", type=int, default=1001)
    f.add_argument("--anchor-groups", type=int, default=0, help="self-play rolls whose results' order is held")
    f.add_argument("--anchor-top", type=int, default=6, help="results of an anchor roll, best first by --init")
    f.add_argument("--anchor-group-weight", type=float, default=1.0, help="an anchor group's weight (a rolled-out one's: 1)")
    f.add_argument("--rollout-weight", type=float, default=2.0, help="a rolled-out position's weight (an anchor's: 1)")
    f.add_argument("--diff-weight", type=float, default=0.0, help="weight of the difference loss")
    f.add_argument("--race-data", default="", help="comma-separated .tsv.gz files of another variant whose "
                   "races train this variant's race net (Nackgammon's for Standard)")
    f.add_argument("--contact-hidden", type=int, default=0,
                   help="widen the contact net to this many hidden units first (its function unchanged)")
    f.add_argument("--epochs", type=int, default=30)
    f.add_argument("--lr", type=float, default=3e-4)
    f.add_argument("--batch", type=int, default=256)
    f.add_argument("--seed", type=int, default=1)
    s = sub.add_parser("score")
    s.add_argument("--nets", required=True, help="comma-separated nets folders; the first is the baseline")
    s.set_defaults(race_data="")  # load() splits the data alike for both; score ranks --data's groups only
    for p in (f, s):
        p.add_argument("--data", required=True, help="comma-separated .tsv.gz files")
        p.add_argument("--nard-cli", default="build/native-release/nard-cli")
        p.add_argument("--variant", default="standard", choices=sorted(TRAINED))
        p.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    fit(args) if args.cmd == "fit" else score(args)


if __name__ == "__main__":
    main()
