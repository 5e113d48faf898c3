# Talking to the C++ engine (nard-cli) for the checks and for picking positions: many
# commands through one `nard-cli batch` process, each answer the lines before a '.'.
import os
import subprocess

# The lines of `nard-cli rollout` that hold the five chances and the equity, in order.
ROLLOUT_NAMES = ["win", "win gammon", "win backgammon", "lose gammon", "lose backgammon", "equity"]
ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]  # the 21 rolls, high die first


def parallel_batch(cli, commands, jobs):
    """batch() over `jobs` processes at once, the answers in the commands' order."""
    from concurrent.futures import ThreadPoolExecutor

    size = max(1, -(-len(commands) // jobs))
    parts = [commands[i:i + size] for i in range(0, len(commands), size)]
    with ThreadPoolExecutor(jobs) as pool:
        return [a for part in pool.map(lambda c: batch(cli, c), parts) for a in part]


def batch(cli, commands):
    """Answers of `cli batch` to each command, as a list of line lists (errors raise)."""
    text = "".join(c + "\n" for c in commands)
    out = subprocess.run([cli, "batch"], input=text, capture_output=True, text=True, check=True).stdout
    answers, cur = [], []
    for line in out.split("\n")[:-1]:
        if line == ".":
            answers.append(cur)
            cur = []
        else:
            cur.append(line)
    if len(answers) != len(commands):
        raise RuntimeError(f"nard-cli batch answered {len(answers)} of {len(commands)} commands")
    for c, a in zip(commands, answers):
        if a and a[-1].startswith("error: "):
            raise RuntimeError(f"nard-cli: {c}: {a[-1]}")
    return answers


def rollouts(cli, variant, ids, trials, truncate, vr, seeds, jobs, nets=None):
    """`nard-cli rollout` of each position (side on roll as in the ID), one command a
    position, in `jobs` processes; position i gets the seed seeds[i] (positions with one
    seed are rolled with the same dice). The 0-ply player of
    the nets in the folder `nets` plays and values the truncated games (None: the nets built
    into nard-cli). Returns the five
    chances and the equity (ROLLOUT_NAMES) and their standard errors, as two [N, 6]
    tensors, in the engine's printed four decimals."""
    import torch

    # A folder's path is one word of a batch line: refused rather than split at a space.
    if nets is not None and any(c.isspace() for c in os.path.abspath(nets)):
        raise ValueError(f"a nets folder without spaces in its path, please: {nets!r}")
    player = f" --level net:0:0@{os.path.abspath(nets)}" if nets is not None else ""
    if len(seeds) != len(ids):
        raise ValueError(f"{len(seeds)} seeds for {len(ids)} positions")
    cmds = [f"rollout --variant {variant} --rules modern --position {pid} --trials {trials} "
            f"--seed {seeds[i]} --truncate {truncate} --threads 1 --vr {vr}{player}" for i, pid in enumerate(ids)]
    mean, se = [], []
    # A process a position, `jobs` at a time: rollouts vary in length (a race ends sooner),
    # and with equal shares of the list one process often finished first (load average 1.6
    # on two cores, 108 trials to the end, 2026-11-28; about 10% more positions a second
    # this way); a process's start is a hundredth of a rollout.
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(jobs) as pool:
        answers = list(pool.map(lambda c: batch(cli, [c])[0], cmds))
    for answer in answers:
        got = {n: v for n, _, v in (a.partition("\t") for a in answer)}
        pairs = [got[n].split(" +- ") for n in ROLLOUT_NAMES]
        mean.append([float(m) for m, _ in pairs])
        se.append([float(s) for _, s in pairs])
    return torch.tensor(mean), torch.tensor(se)


def positions(cli, variant, rules, count, seed, level=None, dice=False, opponent=None):
    """Position IDs from the engine's random play, a level's self-play (--level), or its
    games against an opponent; with dice=True, (ID, roll "31") pairs: the roll the game went
    on with."""
    cmd = [cli, "positions", "--variant", variant, "--rules", rules, "--count", str(count), "--seed", str(seed)]
    if level:
        cmd += ["--level", level]
    if opponent:
        cmd += ["--opponent", opponent]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in out.splitlines()]
    return [(r[0], r[1]) for r in rows] if dice else [r[0] for r in rows]


def bearoff(cli, path):
    """The engine's bear-off database, written to `path` (nets.BearoffDb reads it)."""
    subprocess.run([cli, "bearoff", "--out", path], capture_output=True, check=True)
