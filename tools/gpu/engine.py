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
    return _checked(commands, answers)


def _checked(commands, answers):
    for c, a in zip(commands, answers):
        if a and a[-1].startswith("error: "):
            raise RuntimeError(f"nard-cli: {c}: {a[-1]}")
    return answers


class Workers:
    """`jobs` long-lived `nard-cli batch` processes, each taking the next command when it has
    answered the last, so that commands of uneven length (a race's rollout ends sooner)
    keep every process busy. A process starts once for a whole run: a start that reaches the
    bear-off database builds it (0.7 s natively), which was a third of a data run's CPU when
    every rollout had its own process (2026-11-30). Use as a context manager."""

    def __init__(self, cli, jobs, own_session=False):
        """own_session: the processes out of the terminal's process group, so that Ctrl-C
        reaches only the caller (which then decides when to close them)."""
        self.procs = [subprocess.Popen([cli, "batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       text=True, bufsize=1, start_new_session=own_session)
                      for _ in range(max(1, jobs))]

    def ask(self, commands):
        """The answers to `commands`, in their order, as batch() gives them (errors raise)."""
        import threading
        from concurrent.futures import ThreadPoolExecutor

        answers = [None] * len(commands)
        todo = iter(enumerate(commands))
        lock = threading.Lock()

        def work(proc):
            while True:
                with lock:
                    i, command = next(todo, (None, None))
                if i is None:
                    return
                proc.stdin.write(command + "\n")
                proc.stdin.flush()
                lines = []
                for line in proc.stdout:
                    if line == ".\n":
                        break
                    lines.append(line.rstrip("\n"))
                else:
                    raise RuntimeError(f"nard-cli batch ended (status {proc.wait()}) before answering: {command}")
                answers[i] = lines

        with ThreadPoolExecutor(len(self.procs)) as pool:
            list(pool.map(work, self.procs))
        return _checked(commands, answers)

    def close(self):
        for proc in self.procs:
            proc.stdin.close()
        for proc in self.procs:
            proc.stdout.close()
            proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def rollouts(cli, variant, ids, trials, truncate, vr, seeds, jobs, nets=None, workers=None):
    """`nard-cli rollout` of each position (side on roll as in the ID), one command a
    position, in `jobs` processes of their own or in the long-lived `workers` (Workers);
    position i gets the seed seeds[i] (positions with one
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
    # A position at a time to each of `jobs` processes (Workers): rollouts vary in length,
    # and with equal shares of the list one process often finished first (2026-11-28).
    if workers is None:
        with Workers(cli, jobs) as own:
            answers = own.ask(cmds)
    else:
        answers = workers.ask(cmds)
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
