#!/usr/bin/python3
# The GPU pipeline checked against the C++ engine, its first implementation
# (docs/TEACHER.md): move generation, encoding and inference, rollouts. Runs in seconds
# on the CPU; exit status 1 on any difference, with what differed.
#   tools/gpu/check.py --nard-cli PATH [--positions N] [--only movegen|encoding|rollout|data|bench|train]
#       [--device cpu|cuda]   (on the lent machine: the same checks on the GPU)
import argparse
import functools
import gzip
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

try:
    import torch
except ImportError:
    sys.exit(f"FAIL: PyTorch is not importable by {sys.executable}"
             " (Debian: apt-get install --no-install-recommends python3-torch)")

import board
import encoding
import engine
import groups as stored_groups
import movegen
import nets
import rollout

COMBOS = [("standard", "modern"), ("standard", "traditional"), ("nackgammon", "modern"), ("nackgammon", "traditional"),
          ("longnard", "modern")]


def sample_positions(cli, variant, rules, count, seed, stride=8):
    """Half from random play, half from the beginner level's self-play (net-like positions);
    every stride-th of a longer run, so that races and bear-offs come too."""
    ids = engine.positions(cli, variant, rules, (count - count // 2) * stride, seed)[::stride]
    ids += engine.positions(cli, variant, rules, count // 2 * stride, seed + 1, level="beginner")[::stride]
    return list(dict.fromkeys(ids))  # distinct, in order


def synthetic_positions(count, seed):
    """Random boards weighted towards the rules' corners: checkers on the bar, crowded home
    boards (closed boards to enter, bear-offs with larger dice, hits at home), some off."""
    rng = random.Random(seed)
    weights = [0] + [4] * 6 + [1] * 12 + [3] * 6  # points 0..24
    out = []
    for _ in range(count):
        me, them = [0] * 26, [0] * 26
        for who, side in ((0, me), (1, them)):
            side[board.BAR] = rng.choice([0, 0, 0, 1, 2])
            side[board.OFF] = rng.randint(0, 8) if rng.random() < 0.3 else 0
            # The opponent only where the side on roll has nothing (my p is its 25 - p).
            free = [w if who == 0 or p == 0 or me[25 - p] == 0 else 0 for p, w in enumerate(weights)]
            for _ in range(15 - side[board.BAR] - side[board.OFF]):
                side[rng.choices(range(25), weights=free)[0]] += 1
        out.append([me, them])
    return board.position_ids(torch.tensor(out, dtype=torch.int8))


# Positions for rules that random ones rarely reach: one checker that can play either die of
# 65 but not both (the higher must be played), the rest stuck on the 1 point.
EDGE_POSITIONS = ["4P8DABj/PwAEAA"]


def check_movegen(cli, count, seed, dev):
    failures = 0
    for variant, rules in COMBOS:
        # Long Nard's six-block rule binds rarely: three times the positions (they are cheap).
        ids = sample_positions(cli, variant, rules, count * (3 if variant == "longnard" else 1), seed)
        if variant != "longnard":  # (the synthetic boards are laid out for opposed play)
            ids += synthetic_positions(count // 2, seed) + EDGE_POSITIONS
        cmds = [f"moves --variant {variant} --rules {rules} --position {pid} --dice {a}{b}"
                for pid in ids for a, b in engine.ROLLS]
        want = [{board.key_of_id(line.split("\t")[0]) for line in ans} for ans in engine.batch(cli, cmds)]
        boards = board.parse_ids(ids, variant).repeat_interleave(len(engine.ROLLS), 0)
        dice = torch.tensor(engine.ROLLS).repeat(len(ids), 1)
        start = time.time()
        plays = movegen.generate(boards.to(dev), dice.to(dev), rules == "traditional", variant)
        took = time.time() - start
        got = [set() for _ in cmds]
        for owner, key in zip(plays.owner.tolist(), board.position_keys(plays.boards.cpu())):
            got[owner].add(key)
        bad = [i for i in range(len(cmds)) if got[i] != want[i]]
        results = sum(len(w) for w in want)
        print(f"movegen {variant} {rules}: {len(ids)} positions x 21 rolls, {results} results, "
              f"{len(bad)} differ ({took:.2f} s)")
        for i in bad[:5]:
            extra = sorted(board.id_of_key(k) for k in got[i] - want[i])
            missing = sorted(board.id_of_key(k) for k in want[i] - got[i])
            print(f"  {cmds[i]}: extra {extra[:4]} missing {missing[:4]}")
        failures += len(bad)
    return failures


def check_encoding(cli, count, seed, nets_dir, bearoff, dev):
    """Inputs and 0-ply chances of random and self-play positions against `nard-cli encode`."""
    failures = 0
    for variant in ("standard", "nackgammon", "longnard"):
        ids = sample_positions(cli, variant, "modern", count, seed + 7)
        long = variant == "longnard"
        answers = engine.batch(cli, [f"encode --variant {variant} --position {pid}" for pid in ids])
        want_x = torch.zeros((len(ids), encoding.LONG_INPUTS if long else encoding.INPUTS))
        want_p, want_c = torch.zeros((len(ids), 5)), []
        for i, (line,) in enumerate(answers):
            cls, inputs, chances = line.split("\t")
            want_c.append(["contact", "race", "bearoff"].index(cls))
            for item in inputs.split():
                k, v = item.split(":")
                want_x[i, int(k)] = float(v)
            want_p[i] = torch.tensor([float(v) for v in chances.split()])
        boards = board.parse_ids(ids, variant)
        ev = nets.Evaluator(variant, nets_dir, bearoff, dev)
        on = boards.to(dev)
        x, p, cls = encoding.encode(on, long=long).cpu(), ev(on).cpu(), encoding.classify(on, long).cpu()
        dx = (x - want_x).abs().amax(1)
        dp = (p - want_p).abs().amax(1)
        bad = ((dx > 1e-5) | (dp > 1e-5) | (cls != torch.tensor(want_c))).nonzero(as_tuple=True)[0].tolist()
        kinds = torch.bincount(cls, minlength=3).tolist()
        print(f"encoding {variant}: {len(ids)} positions ({kinds[0]} contact, {kinds[1]} race, "
              f"{kinds[2]} bear-off), largest input difference {dx.max():.2e}, chances {dp.max():.2e}, "
              f"{len(bad)} differ")
        for i in bad[:5]:
            worst = int((x[i] - want_x[i]).abs().argmax())
            print(f"  {ids[i]}: input {worst} {x[i, worst]:.7g} (engine {want_x[i, worst]:.7g}); "
                  f"chances {p[i].tolist()} (engine {want_p[i].tolist()})")
        failures += len(bad)
    return failures


# (position, trials, truncation, exact): truncated after 1 turn with luck, every trial is
# the 1-ply value; after 2 turns, 36 trials give exactly the 2-ply value (rollout.h), so
# both programs must agree to the engine's printed digits. The others agree statistically.
ROLLOUTS = [
    ("standard", "modern", "bObEASiw58QAWA", 36, 1, True),  # middle game (the engine's tests)
    ("standard", "modern", "bObEASiw58QAWA", 36, 2, True),
    ("nackgammon", "traditional", "kz4AYC1wb4cASA", 36, 2, True),  # no backgammons counted
    ("longnard", "modern", "oIihqzgC3KShOA", 36, 2, True),  # (rules ignored: its own)
    ("standard", "modern", "bObEASiw58QAWA", 36, 3, False),
    ("standard", "modern", "293BAADvcTwAAA", 72, 0, False),  # a race of 59 against 62 pips, to the end
]
NAMES = engine.ROLLOUT_NAMES


def check_rollout(cli, nets_dir, bearoff, seed, dev):
    """Our rollouts against `nard-cli rollout` (0-ply, luck + stratified dice)."""
    failures = 0
    for variant, rules, pid, trials, cut, exact in ROLLOUTS:
        ev = nets.Evaluator(variant, nets_dir, bearoff, dev)
        roller = rollout.Roller(ev, traditional=rules == "traditional", device=dev)
        cmd = f"rollout --variant {variant} --rules {rules} --position {pid} --trials {trials} --seed {seed}"
        (lines,) = engine.batch(cli, [cmd + (f" --truncate {cut}" if cut else "")])
        theirs = {}
        for line in lines:
            name, _, rest = line.partition("\t")
            if name in NAMES:
                value, _, err = rest.partition(" +- ")
                theirs[name] = (float(value), float(err))
        start = time.time()
        mean, se = rollout.summary(roller.run(board.parse_ids([pid], variant), trials, seed, truncate=cut))
        took = time.time() - start
        worst, bad = 0.0, []
        for k, name in enumerate(NAMES):
            t_mean, t_se = theirs[name]
            gap = abs(float(mean[0, k]) - t_mean)
            # nard-cli prints 4 decimals; statistically, 4 combined standard errors.
            allowed = 1e-4 + (0 if exact else 4 * (float(se[0, k]) ** 2 + t_se**2) ** 0.5)
            worst = max(worst, gap / allowed)
            if gap > allowed:
                bad.append(f"{name} {float(mean[0, k]):.4f} +- {float(se[0, k]):.4f} (engine {t_mean:.4f} +- {t_se:.4f})")
        kind = "exact" if exact else "within 4 s.e."
        print(f"rollout {variant} {rules} {pid} {trials} trials, truncated after {cut or 'none'}: equity "
              f"{float(mean[0, 5]):+.4f} +- {float(se[0, 5]):.4f}, engine {theirs['equity'][0]:+.4f} +- "
              f"{theirs['equity'][1]:.4f}; {kind}, worst gap {worst:.2f} of the allowed ({took:.1f} s)")
        for b in bad:
            print("  differs:", b)
        failures += len(bad)
    return failures


def check_dice(nets_dir, bearoff, seed, dev):
    """The dice of rollout.Dice and Roller.run: stratified (every 36^t trials see each
    sequence of t first rolls once), a function of (the root's seed, trial, turn) alone,
    so that roots given one seed share their dice (common random numbers) whatever rides
    in their batch, and make_data.py gives the results of one roll one seed."""
    problems = []
    d = rollout.Dice(torch.tensor([seed, seed + 1, seed]), 3, dev)
    trial = torch.arange(36**3, device=dev)

    def rolls(root):
        """Per turn 0-5, each trial's roll of root `root` as one number (6 x die1 + die2)."""
        out = []
        for t in range(6):
            r = d.roll(t, torch.full_like(trial, root), trial)
            out.append(r[:, 0] * 6 + r[:, 1])
        return out
    code = [rolls(root) for root in range(3)]
    for t in range(3):
        seen = torch.stack(code[0][:t + 1], 1)[:36 ** (t + 1)]  # the first t + 1 rolls of the first 36^(t+1) trials
        if len(torch.unique(seen, dim=0)) != 36 ** (t + 1):
            problems.append(f"turn {t} not stratified")
    if not all(torch.equal(a, b) for a, b in zip(code[0], code[2])):
        problems.append("one seed, other dice")
    if sum(torch.equal(a, b) for a, b in zip(code[0], code[1])) > 0:
        problems.append("two seeds, the same dice on some turn")
    # Roller.run: a root's trials are the same alone and beside another root of its seed;
    # a root given another seed gets other trials.
    ev = nets.Evaluator("standard", nets_dir, bearoff, dev)
    roller = rollout.Roller(ev, traditional=False, device=dev)
    a, b = "4HPwATDgc/ABMA", "bObEASiw58QAWA"
    # Truncated after 6 turns: with luck the last turn's dice cancel, so turns 3 and 4, after
    # the stratified ones, are what the trials show.
    alone = roller.run(board.parse_ids([a], "standard"), 36, 7, truncate=6)
    pair = roller.run(board.parse_ids([b, a, a], "standard"), 36, [7, 7, 8], truncate=6)
    if not torch.allclose(alone[0], pair[1], atol=1e-6):
        problems.append(f"a root's trials changed with its batch (by {float((alone[0] - pair[1]).abs().max()):.2g})")
    if torch.allclose(pair[1], pair[2], atol=1e-3):
        problems.append("another seed gave the same trials")
    # make_data.py: the members of a group share their roll's seed; other positions have their own.
    import make_data
    seeds = make_data.dice_seeds(["p", "q", "r", "s"], [("x:31", ["p", "r"])], seed)
    if not (seeds[0] == seeds[2] and len(set(seeds[1:])) == 3):
        problems.append(f"make_data.dice_seeds: {seeds}")
    print(f"dice: stratified over 3 turns, one seed one set of dice, a root's trials whatever its batch: "
          f"{len(problems)} problems")
    for p in problems:
        print("  " + p)
    return len(problems)


def check_data(cli, nets_dir, seed, dev):
    """make_data.py end to end, with either roller."""
    return sum(check_data_with(cli, nets_dir, seed, dev, roller) for roller in ("python", "engine"))


def check_data_with(cli, nets_dir, seed, dev, roller):
    """Rolled out after one turn with luck, each position's row must be its exact 1-ply
    value, which `nard-cli rollout --truncate 1` gives too."""
    out = tempfile.mkdtemp()
    here = os.path.dirname(os.path.abspath(__file__))
    subprocess.run([sys.executable, os.path.join(here, "make_data.py"), "--nard-cli", cli, "--out", out,
                    "--nets", nets_dir, "--positions", "6", "--pool", "600", "--trials", "36", "--truncate", "1",
                    "--pick-seconds", "0", "--seconds", "100", "--seed", str(seed), "--jobs", "1",
                    "--threads", "1", "--device", dev, "--alternatives", "0.5", "--roller", roller],
                   check=True, capture_output=True)
    (name,) = [f for f in os.listdir(out) if f.endswith(".tsv.gz")]
    with gzip.open(os.path.join(out, name), "rt") as f:
        lines = f.read().splitlines()
    rows = [line.split("\t") for line in lines if not line.startswith("#")]
    cmds = [f"rollout --variant standard --rules modern --position {r[0]} --trials 36 --seed 1 --truncate 1" for r in rows]
    # Half of them after the leading plays of rolls (--alternatives 0.5; no disagreements
    # with no time to pick them).
    alts = sum(r[1] == "alternative" for r in rows)
    failures = 0 if len(rows) == 6 and lines[0].startswith("# variant standard") and alts == 3 else 1
    # Its groups, beside it: each checked against its roll as train.py reads them, the same as
    # replaying the pool with these nets, and holding the alternatives (a roll's leading plays).
    groups_path = stored_groups.path_for(os.path.join(out, name))
    written = stored_groups.read(groups_path, "standard")
    replayed = subprocess.run([sys.executable, os.path.join(here, "groups.py"), "--data", os.path.join(out, name),
                               "--player", "intermediate", "--nard-cli", cli], capture_output=True, text=True)
    grouped = {m for _, members in written for m in members}
    if (not written or replayed.returncode != 0 or stored_groups.read(groups_path, "standard") != written
            or any(r[1] == "alternative" and r[0] not in grouped for r in rows)):
        failures += 1
        print(f"  groups: {written} ({replayed.stderr.strip()})")
    for row, answer in zip(rows, engine.batch(cli, cmds)):
        theirs = {n: float(v.partition(" +- ")[0]) for n, _, v in (a.partition("\t") for a in answer)
                  if n in NAMES}
        ours = [float(v) for v in row[2:]]
        gap = max(abs(ours[k] - theirs[n]) for k, n in enumerate(NAMES))
        if gap > 1e-4 or max(ours[6:]) > 1e-4 or row[1] not in ("disagree", "alternative", "contact", "crashed", "backgame", "race"):
            failures += 1
            print(f"  {row[0]}: {row[1:]} (engine {theirs})")
    print(f"data ({roller} roller): make_data.py wrote {len(rows)} positions ({alts} alternatives, "
          f"{len(written)} groups), each its 1-ply value as the engine's: {failures} differ")
    return failures


def check_data_stop(cli, nets_dir, seed, dev):
    """make_data.py asked to stop once rolling has begun (SIGINT to its whole process group,
    as a terminal's Ctrl-C sends it) ends after the batch in hand with exit 0: the rows so
    far written, the groups cut to them, the stop in its log. Batches of one full-length
    rollout each, so that the signal lands well before the twelve are done."""
    out = tempfile.mkdtemp()
    here = os.path.dirname(os.path.abspath(__file__))
    proc = subprocess.Popen([sys.executable, os.path.join(here, "make_data.py"), "--nard-cli", cli, "--out", out,
                             "--nets", nets_dir, "--positions", "12", "--pool", "600", "--trials", "36",
                             "--games", "36", "--truncate", "0", "--pick-seconds", "0", "--seconds", "300",
                             "--seed", str(seed), "--jobs", "1", "--threads", "1", "--device", dev,
                             "--alternatives", "0.5", "--roller", "engine"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    lines = []
    for line in proc.stdout:
        lines.append(line)
        if "stops after the batch in hand" in line:
            os.killpg(proc.pid, signal.SIGINT)
    status = proc.wait()
    (name,) = [f for f in os.listdir(out) if f.endswith(".tsv.gz")]
    with gzip.open(os.path.join(out, name), "rt") as f:
        ids = [line.split("\t")[0] for line in f if not line.startswith("#")]
    grouped = {m for _, members in stored_groups.read(stored_groups.path_for(os.path.join(out, name)), "standard")
               for m in members}
    said = any(f"asked to (SIGINT), with {len(ids)} positions rolled out" in line for line in lines)
    # Half are a roll's leading plays, so the picks have groups to cut.
    picked = sum(int(line.split("] ")[1].split()[0]) for line in lines if "groups of the picked positions" in line)
    ok = status == 0 and 1 <= len(ids) < 12 and said and picked > 0 and grouped <= set(ids)
    print(f"data stopped by SIGINT: exit {status}, {len(ids)} of 12 positions kept, the {picked} groups "
          f"of the picks cut to them: "
          f"{'yes' if grouped <= set(ids) else 'NO'}, said so: {'yes' if said else 'NO'}")
    if not ok:
        print("  " + "  ".join(lines[-12:]))
    return 0 if ok else 1


def check_workers(cli, seed):
    """engine.Workers (long-lived batch processes taking a command at a time) must answer
    as one-shot batches do, in the commands' order, and raise on a command's error."""
    ids = engine.positions(cli, "standard", "modern", 12, seed, level="beginner")
    cmds = [f"rollout --variant standard --rules modern --position {pid} --trials 4 --seed {i} --truncate 2 --threads 1"
            for i, pid in enumerate(ids)] + [f"moves --variant standard --position {pid} --dice 31" for pid in ids]
    untimed = lambda answers: [[line for line in a if not line.startswith("time\t")] for a in answers]
    with engine.Workers(cli, 2) as workers:
        got = workers.ask(cmds)
        again = workers.ask(cmds[::-1])
        try:
            workers.ask(["rollout --variant standard --position nonsense"])
            refused = False
        except RuntimeError as e:
            refused = "nonsense" in str(e)
    want = untimed(engine.batch(cli, cmds))
    failures = (untimed(got) != want) + (untimed(again) != want[::-1]) + (not refused)
    print(f"workers: {len(cmds)} commands on 2 long-lived processes, twice, as one-shot batches answer: "
          f"{'yes' if failures == 0 else 'NO'}; an error raised: {'yes' if refused else 'NO'}")
    return failures


def check_bench(cli, nets_dir, seed, dev):
    """make_benchmark.py and bench_error.py end to end, with either roller."""
    return sum(check_bench_with(cli, nets_dir, seed, dev, roller) for roller in ("python", "engine"))


def check_bench_with(cli, nets_dir, seed, dev, roller):
    """Truncated after one turn over the 36 stratified rolls, each candidate's rollout is its
    exact 1-ply value, which `nard-cli rollout --truncate 1` of the position after it must
    give too (for the engine roller this checks the change of side and the sign); the 1-ply
    player (joined to the candidates by --also) then never loses equity, and the 0-ply
    player's play (the first candidate) is never outside the set."""
    out = os.path.join(tempfile.mkdtemp(), "bench.tsv.gz")
    here = os.path.dirname(os.path.abspath(__file__))
    subprocess.run([sys.executable, os.path.join(here, "make_benchmark.py"), "--nard-cli", cli, "--out", out,
                    "--nets", nets_dir, "--positions", "3", "--candidates", "2", "--also", "net:1:0",
                    "--trials", "36", "--truncate", "1", "--vr", "off" if roller == "python" else "on",
                    "--seed", str(seed), "--jobs", "1", "--device", dev, "--roller", roller], check=True, capture_output=True)
    with gzip.open(out, "rt") as f:
        rows = [line.rstrip("\n").split("\t") for line in f if not line.startswith("#")]
    cands = [c.split(":") for r in rows for c in r[2:]]
    after = board.position_ids(board.flipped(board.parse_ids([c[0] for c in cands], "standard")))
    cmds = [f"rollout --variant standard --rules modern --position {a} --trials 36 --seed 1 --truncate 1" for a in after]
    failures = 0 if len(rows) == 3 and all(len(r) >= 4 for r in rows) else 1
    for c, answer in zip(cands, engine.batch(cli, cmds)):
        theirs = -float(dict(a.split("\t") for a in answer)["equity"].partition(" +- ")[0])
        if abs(float(c[1]) - theirs) > 1e-4:
            failures += 1
            print(f"  {c}: engine {theirs}")
    for r in rows:  # best first
        eqs = [float(c.split(":")[1]) for c in r[2:]]
        failures += eqs != sorted(eqs, reverse=True)
    score = subprocess.run([sys.executable, os.path.join(here, "bench_error.py"), "--nard-cli", cli, "--bench", out,
                            "--players", "net:1:0,net:0:0"], check=True, capture_output=True, text=True).stdout
    lines = score.splitlines()
    if not (lines[1].startswith("net:1:0: error rate 0.00 +- 0.00") and lines[1].endswith(" 0 outside")
            and " 0 outside;" in lines[2]):
        failures += 1
        print(score)
    print(f"bench ({roller} roller): {len(rows)} positions, {len(cands)} candidates, each its 1-ply value as the engine's, "
          f"the 1-ply player without loss: {failures} failures")
    return failures


def engine_chances(cli, variant, ids, nets_dir):
    """[N, 5]: the 0-ply chances `nard-cli encode` gives each position with the nets of the
    folder nets_dir (NARD_NETS_DIR)."""
    text = "".join(f"encode --variant {variant} --position {pid}\n" for pid in ids)
    out = subprocess.run([cli, "batch"], input=text, capture_output=True, text=True, check=True,
                         env=dict(os.environ, NARD_NETS_DIR=nets_dir)).stdout
    return torch.tensor([[float(v) for v in line.split("\t")[2].split()] for line in out.splitlines() if line != "."])


def check_race_data(cli, seed, tmp):
    """train.py --race-data: of a Nackgammon file, a Standard fit takes the race positions of
    the training buckets that its own data lacks, and nothing else; a file whose races another
    net values (Standard's own, for Standard or Long Nard) is refused. "ok" or what went wrong."""
    import argparse

    import train
    from rollout_targets import bucket

    ids = sample_positions(cli, "nackgammon", "modern", 400, seed + 5)
    cls = encoding.classify(board.parse_ids(ids, "nackgammon")).tolist()
    races = [p for p, c in zip(ids, cls) if c == 1]
    trained = [p for p in races if bucket(p) > 1]
    held = [p for p in races if bucket(p) <= 1]
    contact = [p for p, c in zip(ids, cls) if c == 0][:3]
    if len(trained) < 3 or not held or not contact:
        return f"too few positions to check ({len(trained)} trainable races, {len(held)} held out)"
    row = [0.5, 0.1, 0.0, 0.1, 0.0, 0.0] + [0.01] * 6
    def data_file(name, variant, pids):
        path = os.path.join(tmp, name)
        with gzip.open(path, "wt") as f:
            f.write(f"# variant {variant} rules modern trials 36 truncate 0 seed {seed} nets x 0-ply stratified\n")
            for pid in pids:
                f.write("\t".join([pid, "race"] + [f"{v:.5f}" for v in row]) + "\n")
        return path
    nack = data_file("nack.tsv.gz", "nackgammon", trained + held + contact)
    own = {trained[0]: "already in --data"}
    got = train.race_rows(argparse.Namespace(variant="standard", race_data=nack), dict(own))
    if sorted(got) != sorted(trained[1:]):
        return f"took {len(got)} positions, not the {len(trained) - 1} trainable races"
    for variant, path in (("standard", data_file("std.tsv.gz", "standard", trained)), ("longnard", nack),
                          ("nackgammon", nack)):
        try:
            train.race_rows(argparse.Namespace(variant=variant, race_data=path), {})
            return f"--variant {variant} took {os.path.basename(path)}'s races"
        except SystemExit:
            pass
    return "ok"


def groups_refused(path, rows):
    """Whether train.py refuses the data file's groups (none beside it, or a wrong one)."""
    import train

    try:
        train.groups_of([path], rows, "standard")
        return False
    except SystemExit:
        return True


def fit_end_to_end(cli, nets_dir, pool, results, seed, tmp):
    """train.py fit, by the difference loss alone, on a data file of two results of one roll
    whose rollouts say the first is 0.4 better for the side on roll than the nets think,
    relative to the second: how far the written nets, as the engine evaluates them, moved
    that difference (most of 0.4 if learnt; 0 when the file, the groups or the writing are
    broken)."""
    from rollout_targets import bucket

    ev = nets.Evaluator("standard", nets_dir, None, "cpu")
    # A roll whose results train: both in training buckets, and the roll's own position not
    # in bucket 1, whose groups are the validation groups (never trained on).
    for k in range(len(pool)):
        two = results(k)[:2]
        if (len(two) == 2 and all(bucket(p) > 1 for p in two) and bucket(pool[k][0]) != 1
                and (encoding.classify(board.parse_ids(two, "standard")) == 0).all()):
            break
    else:
        return 0.0
    with torch.no_grad():
        base = ev(board.parse_ids(two, "standard"))
    path = os.path.join(tmp, "fit.tsv.gz")
    with gzip.open(path, "wt") as f:
        f.write(f"# variant standard rules modern trials 36 truncate 0 seed {seed} nets x 0-ply stratified pool 40\n")
        for pid, c, shift in zip(two, base.tolist(), (0.1, -0.1)):
            c[0] += shift
            eq = nets.equity(torch.tensor([c]), True).item()
            f.write("\t".join([pid, "alternative"] + [f"{v:.5f}" for v in c + [eq] + [0.01] * 6]) + "\n")
    stored_groups.write(stored_groups.path_for(path), [(f"{pool[k][0]}:{pool[k][1]}", sorted(two))], "the check")
    out = os.path.join(tmp, "fitted")
    here = os.path.dirname(os.path.abspath(__file__))
    subprocess.run([sys.executable, os.path.join(here, "train.py"), "fit", "--data", path, "--out", out,
                    "--nard-cli", cli, "--init", nets_dir, "--anchors", "0", "--rollout-weight", "0", "--anchor-groups", "10", "--epochs", "40",
                    "--diff-weight", "10", "--lr", "3e-3"], check=True, capture_output=True)
    if sorted(os.listdir(out)) != sorted(f for f in os.listdir(nets_dir) if f.endswith(".nnet")):
        return 0.0
    after = engine_chances(cli, "standard", two, out)
    gap = lambda p: (nets.equity(p, True)[0] - nets.equity(p, True)[1]).item()  # noqa: E731
    return gap(after) - gap(base)


def changed_net(cli, nets_dir, seed, variant, tmp, bearoff_path):
    """The variant's trained nets changed at random and written as train.py writes them,
    beside the others: (the largest gap between train.Batch's chances and `nard-cli encode`'s
    with NARD_NETS_DIR there, how far the engine's chances moved, positions per class)."""
    import train

    model = train.models(nets_dir, variant)
    torch.manual_seed(seed)
    with torch.no_grad():
        for net in {id(n): n for n in model.values() if n.w1.requires_grad}.values():
            net.w1.add_(torch.randn_like(net.w1) * 0.05)
            net.b2.add_(0.3)
    out = os.path.join(tmp, f"nets-{variant}")
    os.makedirs(out)
    for f in os.listdir(nets_dir):
        shutil.copyfile(os.path.join(nets_dir, f), os.path.join(out, f))
    train.save(model, variant, out, lambda classes: 7)
    # Long Nard's races are rare in self-play (none in 60 positions taken every 8th).
    count, stride = (100, 16) if variant == "longnard" else (60, 8)
    ids = sample_positions(cli, variant, "modern", count, seed + 3, stride)
    data = train.Batch(ids, variant, nets.BearoffDb(bearoff_path, "cpu"))
    with torch.no_grad():
        ours = nets.sanitized(data.chances(model, torch.arange(len(ids))))
    theirs = engine_chances(cli, variant, ids, out)
    base = nets.Evaluator(variant, nets_dir, bearoff_path, "cpu")(board.parse_ids(ids, variant))
    return ((ours - theirs).abs().max().item(), (theirs - base).abs().max().item(),
            torch.bincount(data.cls, minlength=3).tolist())


def widened_net(cli, nets_dir, seed, tmp, bearoff_path):
    """Standard's contact net widened by 8 hidden units (train.py fit --contact-hidden) and
    written: (the largest gap between the engine's chances with it and with the shipped
    nets, the hidden units the written file has)."""
    import train

    model = train.models(nets_dir, "standard")
    model[0].widen(model[0].w1.shape[1] + 8, torch.Generator().manual_seed(seed))
    out = os.path.join(tmp, "nets-widened")
    os.makedirs(out)
    for f in os.listdir(nets_dir):
        shutil.copyfile(os.path.join(nets_dir, f), os.path.join(out, f))
    train.save(model, "standard", out, lambda classes: 7)
    ids = sample_positions(cli, "standard", "modern", 60, seed + 5, 8)
    base = engine_chances(cli, "standard", ids, nets_dir)
    wide = engine_chances(cli, "standard", ids, out)
    return (wide - base).abs().max().item(), train.Net(os.path.join(out, "standard-contact.nnet")).w1.shape[1]


def check_train(cli, nets_dir, seed):
    """train.py: a net read and written unchanged is the same file byte for byte; a changed
    net, written with the others, is what the engine evaluates (`nard-cli encode` with
    NARD_NETS_DIR), in Standard, Nackgammon and Long Nard; a widened net values as before;
    the groups replayed from a data file's pool are exactly the rolls with two or more
    rolled-out results; the choice loss of a hand-made case; and the difference
    loss, trained alone, learns the targets' differences within groups; --race-data takes
    Nackgammon's races for Standard's race net and nothing else."""
    import train

    failures = 0
    tmp = tempfile.mkdtemp()
    src = os.path.join(nets_dir, "standard-contact.nnet")
    net = train.Net(src)
    net.save(os.path.join(tmp, "same.nnet"), net.games)
    same = open(src, "rb").read() == open(os.path.join(tmp, "same.nnet"), "rb").read()
    failures += not same
    # A changed net through the engine, in each variant the trainer knows.
    bearoff_path = os.path.join(tmp, "bearoff.f32")
    engine.bearoff(cli, bearoff_path)
    changed = {v: changed_net(cli, nets_dir, seed, v, tmp, bearoff_path) for v in train.TRAINED}
    for gap, moved_by, kinds in changed.values():
        failures += not (gap < 1e-5 and moved_by > 0.01 and kinds[0] and kinds[1])
    # Widening keeps the net's function: the engine reads the wider file and values alike.
    widen_gap, widened_to = widened_net(cli, nets_dir, seed, tmp, bearoff_path)
    failures += not (widen_gap < 1e-5 and widened_to == net.w1.shape[1] + 8)
    # For the difference loss below: Standard's nets, on positions of each class.
    model = train.models(nets_dir, "standard")
    ids = sample_positions(cli, "standard", "modern", 60, seed + 3)
    data = train.Batch(ids, "standard", nets.BearoffDb(bearoff_path, "cpu"))
    # Groups from a pool of 40 self-play rolls: the data holds two results of one roll (the
    # first with two or more), one result of a later roll (no group), and a position that no
    # roll of the pool makes. Which rolls qualify depends on the shipped nets' self-play, so
    # they are looked for rather than fixed.
    pool = engine.positions(cli, "standard", "modern", 40, seed, "intermediate", dice=True)
    @functools.lru_cache(maxsize=None)  # the search below and fit_end_to_end ask a roll more than once
    def results(k):
        return sorted(set(stored_groups.results([pool[k]], "standard")[0]))
    k_two = next((k for k in range(len(pool)) if len(results(k)) >= 2), 0)
    k_one = next((k for k in range(k_two + 1, len(pool))
                  if results(k) and set(results(k)).isdisjoint(results(k_two))), k_two)
    grouped, single = results(k_two), results(k_one)
    rows = {pid: None for pid in grouped[:2] + single[:1] + ["4HPwATDgc/ABMA"]}
    path = os.path.join(tmp, "d.tsv.gz")
    with gzip.open(path, "wt") as f:
        f.write(f"# variant standard rules modern trials 36 truncate 0 seed {seed} nets x 0-ply stratified pool 40\n")
    refused = groups_refused(path, rows)  # no groups file yet
    stored_groups.write(stored_groups.path_for(path), stored_groups.find(pool, rows, "standard"), "the check")
    groups = train.groups_of([path], rows, "standard")
    want = [(f"{pool[k_two][0]}:{pool[k_two][1]}", grouped[:2])] if len(grouped) >= 2 and k_one != k_two else []
    # A groups file whose member is no result of its roll (another data set's, say) is refused.
    stored_groups.write(stored_groups.path_for(path), [(want[0][0] if want else "x:11", [grouped[0], single[0]])], "bad")
    refused = refused and groups_refused(path, rows)
    failures += groups != want or not want or not refused
    race_seen = check_race_data(cli, seed, tmp)
    failures += race_seen != "ok"
    moved = fit_end_to_end(cli, nets_dir, pool, results, seed, tmp)
    failures += not moved > 0.1
    # Choice loss: the lowest prediction is chosen (the opponent on roll: least for it).
    owner = torch.tensor([0, 0, 0, 1, 1])
    lost = train.choice_loss(torch.tensor([0.3, 0.1, 0.2, 0.5, 0.5]), torch.tensor([0.0, 0.4, 0.1, 0.2, 0.3]),
                             owner, 2)
    failures += not torch.allclose(lost, torch.tensor([0.4, 0.0]))
    failures += not torch.equal(train.centred(torch.tensor([1.0, 2, 3, 10, 20]), owner, 2),
                                torch.tensor([-1.0, 0, 1, -5, 5]))
    # The difference loss alone: targets that reorder each group's members.
    x = torch.arange(len(ids))[data.cls < 2][:24]
    owner = torch.arange(len(x)) // 4
    with torch.no_grad():
        e0 = nets.equity(data.chances(model, x), True)
    target = e0 + torch.tensor([0.1, -0.1, 0.05, -0.05] * 6)
    def centred_mse():
        e = nets.equity(data.chances(model, x), True)
        return (train.centred(e, owner, 6) - train.centred(target, owner, 6)).pow(2).mean()
    before = centred_mse().item()
    opt = torch.optim.Adam([p for n in model.values() for p in n.parameters()], lr=3e-3)
    for _ in range(60):
        opt.zero_grad()
        loss = centred_mse()
        loss.backward()
        opt.step()
    after = centred_mse().item()
    failures += not after < before / 4
    seen = "; ".join(f"{v} within {g:.1e} ({k[0]} contact, {k[1]} race, {k[2]} bear-off)" for v, (g, _, k) in changed.items())
    print(f"train: round trip {'the same bytes' if same else 'DIFFERENT bytes'}; a changed net as the engine evaluates it: "
          f"{seen}; widened to {widened_to} hidden units, the engine's chances within {widen_gap:.1e}; "
          f"{len(groups)} group read back, wrong or missing groups files refused; --race-data: {race_seen}; fitted to a difference of +0.4, moved {moved:+.3f}; difference loss {before:.5f} -> {after:.6f}: {failures} failures")
    return failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nard-cli", required=True)
    ap.add_argument("--positions", type=int, default=300, help="per variant and rule set")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", choices=["movegen", "encoding", "rollout", "data", "bench", "train"])
    ap.add_argument("--nets", default="assets/nets", help="folder of the .nnet files")
    ap.add_argument("--device", default="cpu", help="cpu, or cuda on the lent machine")
    args = ap.parse_args()
    torch.set_num_threads(1)
    failures = 0
    if args.only in (None, "movegen"):
        failures += check_movegen(args.nard_cli, args.positions, args.seed, args.device)
    if args.only in (None, "encoding", "rollout"):
        bearoff = os.path.join(tempfile.mkdtemp(), "bearoff.f32")
        engine.bearoff(args.nard_cli, bearoff)
    if args.only in (None, "encoding"):
        failures += check_encoding(args.nard_cli, args.positions, args.seed, args.nets, bearoff, args.device)
    if args.only in (None, "rollout"):
        failures += check_rollout(args.nard_cli, args.nets, bearoff, args.seed, args.device)
        failures += check_dice(args.nets, bearoff, args.seed, args.device)
    if args.only in (None, "data"):
        failures += check_workers(args.nard_cli, args.seed)
        failures += check_data(args.nard_cli, args.nets, args.seed, args.device)
        failures += check_data_stop(args.nard_cli, args.nets, args.seed, args.device)
    if args.only in (None, "bench"):
        failures += check_bench(args.nard_cli, args.nets, args.seed, args.device)
    if args.only in (None, "train"):
        failures += check_train(args.nard_cli, args.nets, args.seed)
    print("FAIL" if failures else "ok")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
