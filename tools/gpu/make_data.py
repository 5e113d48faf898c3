#!/usr/bin/python3
# A generation of training data for issue 32: positions picked as gnubg and wildbg picked
# theirs, rolled out by the nets at 0-ply (tools/gpu/rollout.py) on the GPU or the CPU, and
# written as a compressed data set, with its groups beside it (groups.py). Everything
# follows from --seed: a position's dice from (--seed, its roll or ID), see dice_seeds; the
# same device gives the same numbers (another sums floats in another order).
#   tools/gpu/make_data.py --nard-cli PATH --out DIR [--variant standard] [--positions N]
#       [--trials 144] [--truncate 0] [--seconds 480] [--seed 1] [--device auto]
# Picking (docs/TEACHER.md): self-play positions of the engine's
# intermediate level (0-ply, slight noise); those where the 2-ply play (`nard-cli best
# --level expert`, in --jobs processes) differs from the 0-ply one give both resulting
# positions; --alternatives SHARE takes that share of the rest from the leading 0-ply plays
# of self-play rolls (the opponent on roll); the rest is a spread over contact, crashed,
# back games and races. Bear-offs are
# left out (the database is exact), as are the starting position and finished games.
# Ctrl-C or SIGTERM while rolling out stops after the batch in hand and keeps what is done.
import argparse
import atexit
import contextlib
import gzip
import itertools
import math
import os
import random
import shutil
import signal
import sys
import tempfile
import time

import torch

import board
import encoding
import engine
import groups as stored_groups
import nets
import rollout


def log(*a):
    print(f"[{time.strftime('%H:%M:%S')}]", *a, flush=True)


def category(boards, long=False):
    """contact / crashed / backgame / race for each position (bear-offs: None); Long Nard
    only contact / race.

    backgame: the side on roll holds two points in the opponent's home board and trails by
    50 pips or more; crashed: a side in contact with six or more checkers on its 1-3 points
    (a home board spent while contact lasts)."""
    cls = encoding.classify(boards, long)
    pips = board.pip_counts(boards)
    anchors = (boards[:, 0, 19:25] >= 2).sum(1)
    low = boards[:, :, 1:4].long().sum(2).amax(1)
    out = []
    for c, a, p, lo in zip(cls.tolist(), anchors.tolist(), pips.tolist(), low.tolist()):
        if c == 2:
            out.append(None)
        elif c == 1:
            out.append("race")
        elif long:
            out.append("contact")
        elif a >= 2 and p[0] - p[1] >= 50:
            out.append("backgame")
        elif lo >= 6:
            out.append("crashed")
        else:
            out.append("contact")
    return out


def disagreements(args, roller, pool, deadline):
    """Positions after the 0-ply and the 2-ply play of each self-play roll where they differ."""
    found, asked = [], 0
    step = 64 * args.jobs
    while asked < len(pool) and time.time() < deadline and len(found) < args.positions // 2:
        part = pool[asked:asked + step]
        asked += len(part)
        ids = [pid for pid, _ in part]
        dice = torch.tensor([[int(d[0]), int(d[1])] for _, d in part])
        after, _, _ = roller.best_plays(board.parse_ids(ids, args.variant).to(roller.device), dice)
        zero = board.position_ids(after.cpu())
        cmds = [f"best --variant {args.variant} --rules modern --position {pid} --dice {d} --level expert"
                for pid, d in part]
        for z, ans in zip(zero, engine.parallel_batch(args.nard_cli, cmds, args.jobs)):
            two = ans[0].split("\t")[0] if ans else z  # no line: the roll cannot be played
            if two != z:
                found += [z, two]
    log(f"2-ply against 0-ply: {asked} self-play rolls asked, {len(found) // 2} differ")
    return found


def alternatives(args, roller, pool, count, taken):
    """Up to `count` positions after the leading plays of self-play rolls: the --alt-top best
    results at 0-ply of each roll whose runner-up trails by at most --alt-gap, the opponent
    on roll. Play is choosing among a roll's results, so the nets should be taught most
    where those results differ little: values of whole positions teach the differences
    only by the way (docs/TEACHER.md, "Generation 2")."""
    found = []
    for i in range(0, len(pool), 4096):
        if len(found) >= count:
            break
        part = pool[i:i + 4096]
        dice = torch.tensor([[int(d[0]), int(d[1])] for _, d in part], device=roller.device)
        ranked = rollout.ranked_results(roller.ev, board.parse_ids([p for p, _ in part], args.variant)
                                        .to(roller.device), dice)
        for mine in ranked:
            if len(mine) < 2 or mine[0][1] - mine[1][1] > args.alt_gap:
                continue
            found += [pid for pid, _ in mine[:args.alt_top] if pid not in taken]
    found = list(dict.fromkeys(found))[:count]
    return board.position_ids(board.flipped(board.parse_ids(found, args.variant))) if found else []


def pool_rolls(args):
    """The rolls to pick from: --pool rolls of the --pool-source games (LEVEL, its self-play,
    or LEVEL/OPPONENT), the sources' rolls interleaved so that a pick its deadline cuts
    short still draws on every source. Source i plays with seed --seed + i."""
    sources = args.pool_source.split(",")
    parts = []
    for i, source in enumerate(sources):
        level, _, opponent = source.partition("/")
        parts.append(engine.positions(args.nard_cli, args.variant, "modern", args.pool // len(sources),
                                      args.seed + i, level, dice=True, opponent=opponent or None))
    return [row for rows in itertools.zip_longest(*parts) for row in rows if row]


def pick(args, roller, deadline):
    played = pool_rolls(args)
    start_id = board.position_ids(board.start_position(args.variant))[0]
    pool = [(pid, d) for pid, d in played if pid != start_id]
    ids = disagreements(args, roller, pool, deadline)
    # The resulting positions are seen from the mover: the opponent is on roll next.
    ids = board.position_ids(board.flipped(board.parse_ids(ids, args.variant))) if ids else []
    picked = {pid: "disagree" for pid in ids}
    if args.alternatives > 0:
        want = int(max(0, args.positions - len(picked)) * args.alternatives)
        alts = alternatives(args, roller, pool, want, picked)
        log(f"alternatives: {len(alts)} positions after the leading plays of self-play rolls")
        for pid in alts:
            picked.setdefault(pid, "alternative")
    rest = list(dict.fromkeys(pid for pid, _ in pool))
    long = args.variant == "longnard"
    cats = category(board.parse_ids(rest, args.variant), long)
    quota = {"contact": 0.4, "crashed": 0.15, "backgame": 0.15, "race": 0.3}
    room = max(0, args.positions - len(picked))
    for name, share in quota.items():
        some = [pid for pid, c in zip(rest, cats) if c == name and pid not in picked]
        for pid in some[: int(room * share)]:
            picked[pid] = name
    for pid, c in zip(rest, cats):  # top up from any class but bear-offs
        if len(picked) >= args.positions:
            break
        if c and pid not in picked:
            picked[pid] = c
    boards = board.parse_ids(list(picked), args.variant)
    keep = [i for i, c in enumerate(category(boards, long)) if c is not None and boards[i, :, board.OFF].max() < 15]
    ids = interleaved([list(picked)[i] for i in keep][: args.positions], picked, args.seed)
    counts = {}
    for pid in ids:
        counts[picked[pid]] = counts.get(picked[pid], 0) + 1
    log(f"picked {len(ids)} positions: {counts}")
    return ids, [picked[pid] for pid in ids], played


def interleaved(ids, cats, seed):
    """The positions in an order whose every prefix keeps the categories' shares (within
    one position each): a run that its budget stops early still has the whole mix, not
    just the first categories picked. Next is the category furthest behind its share;
    ties go by an order drawn from the seed. Within a category the picking order stays."""
    groups = {}
    for pid in ids:
        groups.setdefault(cats[pid], []).append(pid)
    names = sorted(groups)
    random.Random(seed).shuffle(names)
    taken = dict.fromkeys(names, 0)
    out = []
    for _ in ids:
        name = min((n for n in names if taken[n] < len(groups[n])),
                   key=lambda n: (taken[n] + 1) / len(groups[n]))
        out.append(groups[name][taken[name]])
        taken[name] += 1
    return out


def dice_seeds(ids, groups, seed):
    """Each position's dice seed. The results of one roll (a group: what the difference loss
    compares) share their roll's seed, so they are rolled out with the same dice (common
    random numbers): their difference's variance fell by a quarter with the engine's
    rollouts and by two fifths with the Python engine's (luck on, 36 trials truncated after
    10; docs/TEACHER.md). Every other position has its own. A function of (seed, roll or ID)
    alone: batches and order do not matter."""
    roll_of = {}
    for key, members in groups:
        for pid in members:
            roll_of.setdefault(pid, key)
    return [rollout.seed_of(f"{seed}:{roll_of.get(pid, pid)}") for pid in ids]


def engine_rollouts(args, ids, seeds, workers):
    """The same rollouts by the C++ engine (engine.rollouts, on the run's long-lived
    `workers`): on a CPU it is about eight times the Python engine's rate, which is a GPU
    design (measured 2026-11-28: 113 against 14 trials a second on one core)."""
    return engine.rollouts(args.nard_cli, args.variant, ids, args.trials, args.truncate, args.vr, seeds, args.jobs,
                           nets=args.nets, workers=workers)


def batch_size(rate, left, largest):
    """Positions for the next batch, given the last batch's rate and the seconds left: what
    is left split into equal batches of at most `largest`, so that the run ends on a batch
    as full as the others. (Filling half of what was left each time ended the first GPU
    runs on batches of 2 to 9 positions at a third of the full rate: a GPU wants wide
    batches.) 0.8 of the estimate: the rate still varies with the positions."""
    fit = rate * left * 0.8
    batches = max(1, math.ceil(fit / largest))
    return min(largest, int(fit / batches))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nard-cli", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--variant", default="standard", choices=sorted(nets.NET_FILES))
    ap.add_argument("--nets", default="assets/nets")
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--pool", type=int, default=100000, help="self-play positions to pick from")
    ap.add_argument("--pool-source", default="intermediate",
                    help="whose games the pool is: LEVEL (self-play) or LEVEL/OPPONENT, several "
                         "comma-separated sharing the pool, e.g. intermediate,advanced/beginner")
    ap.add_argument("--trials", type=int, default=144)
    ap.add_argument("--truncate", type=int, default=0, help="turns before the nets value the rest (0: none)")
    ap.add_argument("--vr", default="on", choices=["on", "off"],
                    help="luck variance reduction (off: 21 times less work a turn, about 16 times the variance)")
    ap.add_argument("--seconds", type=float, default=480, help="budget of the whole run")
    ap.add_argument("--pick-seconds", type=float, default=60)
    ap.add_argument("--alternatives", type=float, default=0,
                    help="share of the positions (after the disagreements) taken from the leading plays of rolls")
    ap.add_argument("--alt-top", type=int, default=4, help="leading plays of a roll taken as alternatives")
    ap.add_argument("--alt-gap", type=float, default=0.25, help="skip rolls whose 0-ply runner-up trails by more")
    ap.add_argument("--roller", default="python", choices=["python", "engine"],
                    help="who rolls out: this engine (GPU or CPU) or nard-cli's (CPU sessions)")
    ap.add_argument("--games", type=int, default=0, help="games rolled out at once (0: by device)")
    ap.add_argument("--rows", type=int, default=0, help="(position, roll) rows searched at once (0: by device)")
    ap.add_argument("--eval-rows", type=int, default=0, help="positions evaluated at once (0: by device)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--device", default="auto")
    ap.add_argument("--compile", action="store_true", help="torch.compile the encoding (PyTorch 2, GPU; untried)")
    ap.add_argument("--half", action="store_true", help="fp16 nets (CUDA)")
    ap.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    args = ap.parse_args()
    if args.roller == "engine" and args.vr == "off":
        ap.error("--vr off (stratified dice without luck) has no match in nard-cli rollout, whose off is plain dice")
    start = time.time()
    torch.set_num_threads(args.threads)
    dev = ("cuda" if torch.cuda.is_available() else "cpu") if args.device == "auto" else args.device
    gpu = dev.startswith("cuda")
    log(f"torch {torch.__version__} on {torch.cuda.get_device_name(0) if gpu else 'cpu'}; {args}")
    os.makedirs(args.out, exist_ok=True)
    # The bear-off database is scratch (14 MB, rebuilt in seconds), kept out of --out: the
    # lent machine returns few and small files, and one such file in each of seven process
    # folders made the results too large to come back (2026-11-30).
    scratch = tempfile.mkdtemp(prefix="make_data-")
    atexit.register(shutil.rmtree, scratch, True)
    bearoff = os.path.join(scratch, "bearoff.f32")
    engine.bearoff(args.nard_cli, bearoff)
    # Chunks bound the memory: a (position, roll) row of the move search peaks at about
    # 18 KB and makes about 20 results to evaluate, at about 3 KB each (measured on the
    # CPU, 2026-11-28). On a GPU wider chunks mean fewer launches and fewer waits for the
    # data-dependent sizes (nonzero, unique) per row: 2^19 rows and 2^21 results take
    # about 9 + 6 GB, well within an H100's 80 GB.
    ev = nets.Evaluator(args.variant, args.nets, bearoff, dev, half=args.half,
                        rows=args.eval_rows or 1 << (21 if gpu else 15), compiled=args.compile)
    roller = rollout.Roller(ev, traditional=False, device=dev, rows=args.rows or 1 << (19 if gpu else 12))
    ids, cats, pool = pick(args, roller, start + args.pick_seconds)
    # A batch of games is a few MB; wider batches spread each turn's fixed costs wider.
    games = args.games or (1 << 18 if gpu else 1 << 11)
    per_batch = max(1, games // args.trials)
    name = f"{args.variant}-seed{args.seed}-t{args.trials}-cut{args.truncate}.tsv.gz"
    path = os.path.join(args.out, name)
    net_hash = nets.folder_hash(args.nets, args.variant)
    # The groups of the picked positions (train.py's difference loss), written first so that
    # a run cut short still has them: the pool is this nard-cli's games, which no later
    # nard-cli with other nets replays.
    found = stored_groups.find(pool, set(ids), args.variant)
    about = (f"{name}: pool of {len(pool)} rolls, seed {args.seed}, played by {args.pool_source} "
             "(nard-cli's built-in nets)")
    groups_path = stored_groups.path_for(path)
    stored_groups.write(groups_path, found, about)
    log(f"{len(found)} groups of the picked positions in {groups_path}")
    seeds = dice_seeds(ids, found, args.seed)
    rolling = time.time()
    done, rate = 0, None  # rate: positions rolled out a second, measured on the first batch
    # SIGINT or SIGTERM (Ctrl-C, `kill`, a session running out of time) stops the run after
    # the batch in hand, as a spent budget does: its rows are kept and the groups cut to
    # them. (A KeyboardInterrupt there lost the batch and left the groups of every pick.)
    # A second one ends the process at once, as without this handler (the batch in hand is
    # lost and the file lacks its end). The engine's processes are in a session of their
    # own, so that a terminal's Ctrl-C does not end them in the middle of the batch; they
    # end when their input closes.
    asked_to_stop = []

    def ask_to_stop(number, _frame):
        asked_to_stop.append(signal.Signals(number).name)
        signal.signal(number, signal.SIG_DFL)

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, ask_to_stop)
    engine_workers = (engine.Workers(args.nard_cli, args.jobs, own_session=True) if args.roller == "engine"
                      else contextlib.nullcontext())
    with engine_workers as workers, gzip.open(path, "wt") as f:
        f.write(f"# variant {args.variant} rules modern trials {args.trials} truncate {args.truncate} "
                f"seed {args.seed} nets {net_hash} 0-ply {'luck+' if args.vr == 'on' else ''}stratified "
                f"pool {args.pool} pool-source {args.pool_source} roller {args.roller}\n")
        f.write("# id\tcategory\twin\twin_gammon\twin_bg\tlose_gammon\tlose_bg\tequity\tand a standard error each\n")
        log(f"rolling out {len(ids)} positions; Ctrl-C or SIGTERM stops after the batch in hand")
        while done < len(ids):
            left = args.seconds - (time.time() - start)
            size = max(1, per_batch // 16) if rate is None else batch_size(rate, left, per_batch)
            if size < 1 or left <= 0:
                # rate is None when the budget was spent before the first batch (a slow check)
                log(f"stopping: {left:.0f} s left" + (f", about {rate:.2f} positions a second" if rate else ""))
                break
            t0 = time.time()
            part = ids[done:done + size]
            part_seeds = seeds[done:done + size]
            if args.roller == "engine":
                mean, se = engine_rollouts(args, part, part_seeds, workers)
            else:
                mean, se = rollout.summary(roller.run(board.parse_ids(part, args.variant), args.trials, part_seeds,
                                                      truncate=args.truncate, luck=args.vr == "on"))
            for i, pid in enumerate(part):
                nums = "\t".join(f"{v:.5f}" for v in mean[i].tolist() + se[i].tolist())
                f.write(f"{pid}\t{cats[done + i]}\t{nums}\n")
            done += len(part)
            rate = len(part) / (time.time() - t0)
            log(f"{done}/{len(ids)} positions, {len(part)} x {args.trials} trials at {rate:.2f} positions/s")
            if asked_to_stop:
                log(f"stopping: asked to ({asked_to_stop[0]}), with {done} positions rolled out")
                break
    # The groups again, of the positions rolled out: the budget leaves most picks unrolled.
    rolled = set(ids[:done])
    kept = [(key, [m for m in members if m in rolled]) for key, members in found]
    kept = [(key, members) for key, members in kept if len(members) >= 2]
    stored_groups.write(groups_path, kept, about)
    log(f"{len(kept)} groups of the rolled-out positions in {groups_path}")
    took, spent = time.time() - start, time.time() - rolling
    log(f"rolled out {done} positions x {args.trials} trials in {spent:.1f} s: "
        f"{done / spent:.3f} positions/s, {done * args.trials / spent:.1f} trials/s")
    log(f"wrote {done} positions to {path} in {took:.0f} s")
    sys.exit(0 if done else 1)


if __name__ == "__main__":
    main()
