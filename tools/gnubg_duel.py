#!/usr/bin/env python3
"""Duel: a nard-cli level against GNU Backgammon at 0-ply or 2-ply, cubeless money games.

Standard variant, modern rules (backgammons count), duplicate dice: each dice stream is
played twice with the seats swapped, so luck mostly cancels. Prints points per game for
nard-cli's player with the 95% confidence interval over the game pairs.

Usage:
  tools/gnubg_duel.py [--cli build/ai-release/nard-cli] [--gnubg /usr/games/gnubg | --gnubg-dir GPK]
                      [--gnubg-plies 0|2] [--jobs N] [--level expert] [--games 1000] [--seed 1]
                      [--progress 100] [--max-seconds S]

How: nard-cli runs as `nard-cli batch` (one `best` per move of ours); gnubg runs this same
file as its script (`gnubg -t -q -p gnubg_duel.py`), which answers "Position ID, dice"
lines with gnubg's best play (cubeless, at the plies asked: 0-ply is gnubg's "expert",
2-ply with its default move filter and pruning nets its "world class"). Each gnubg play
is applied here and the result checked against the legal results `nard-cli moves` lists.
gnubg is a reference program driven by a script; none of its code is in this project.

--jobs N runs N pairs of processes (one nard-cli batch and one gnubg each); each takes
the next game pair (dice stream `seed`, pair index) from a shared counter, so the pairs
played, and the result, do not depend on N. --gnubg-dir GPK runs a gnubg unpacked from
../shared/tools/gnubg-portable (GPK/bin/gnubg with its own libraries, data and Python).
"""

import argparse
import base64
import math
import os
import random
import subprocess
import sys
import threading
import time

START = "4HPwATDgc/ABMA"  # Standard starting position (gnubg Position ID)
MARK = "@@ "              # prefix of the script's answers among gnubg's own output


# --- inside gnubg ------------------------------------------------------------------------

def serve():
    import gnubg  # only exists inside gnubg
    plies = int(os.environ.get("GNUBG_DUEL_PLIES", "0"))  # set by the driver (Gnubg below)
    commands = ["set player 0 human", "set player 1 human", "set variation standard",
                "set jacoby off", "set cube use off"]
    # `hint` uses the "evaluation" settings: chequer play and, for completeness (the cube
    # is off), cube decisions at the same depth; noiseless, cubeless, pruning nets on as in
    # gnubg's own world-class setting. The move filter stays gnubg's default ("normal").
    for kind in ("chequerplay", "cubedecision"):
        commands += ["set evaluation %s evaluation plies %d" % (kind, plies),
                     "set evaluation %s evaluation prune on" % kind,
                     "set evaluation %s evaluation cubeful off" % kind,
                     "set evaluation %s evaluation noise 0" % kind]
    for command in commands + ["new session"]:
        gnubg.command(command)
    for line in sys.stdin:
        fields = line.split()
        if not fields:
            continue
        pid, dice = fields
        gnubg.command("set board " + pid)
        gnubg.command("set dice %s %s" % (dice[0], dice[1]))
        if gnubg.positionid() != pid:
            answer = "error gnubg did not take position " + pid
        else:
            hints = gnubg.hint(1)["hint"]
            answer = "play " + hints[0]["move"] if hints else "none"
        sys.stdout.write(MARK + answer + "\n")
        sys.stdout.flush()


# --- Position IDs ------------------------------------------------------------------------
# 10 bytes, bits read from the lowest of the first byte: the player NOT on roll, then the
# player on roll; for each, points 1..24 then the bar in its own numbering, each as that
# many 1 bits and a 0.

def decode(pid):
    raw = base64.b64decode(pid + "==")
    bits = [(raw[i // 8] >> (i % 8)) & 1 for i in range(80)]
    sides, k = [], 0
    for _ in range(2):
        side = [0] * 26  # [1..24] points, [25] bar, [0] unused here
        for slot in range(1, 26):
            while bits[k]:
                side[slot] += 1
                k += 1
            k += 1
        sides.append(side)
    return sides[1], sides[0]  # (on roll, opponent)


def encode(me, them):
    bits = []
    for side in (them, me):
        for slot in range(1, 26):
            bits += [1] * side[slot] + [0]
    bits += [0] * (80 - len(bits))
    raw = bytes(sum(bits[8 * j + i] << i for i in range(8)) for j in range(10))
    return base64.b64encode(raw).decode().rstrip("=")


def apply_play(pid, play):
    """The result (mover's view) of gnubg's notation, e.g. "24/18*/13 6/5(2)", "bar/22", "6/off"."""
    me, them = decode(pid)
    for token in play.split():
        count = 1
        if token.endswith(")"):
            token, count = token[:-1].split("(")
            count = int(count)
        points = [25 if p == "bar" else 0 if p == "off" else int(p) for p in token.replace("*", "").split("/")]
        for _ in range(count):
            for a, b in zip(points, points[1:]):
                me[a] -= 1
                if b > 0:
                    if them[25 - b] == 1:  # a blot: hit it
                        them[25 - b] = 0
                        them[25] += 1
                    me[b] += 1
    if min(me) < 0:
        raise ValueError("gnubg play %s does not fit %s" % (play, pid))
    return encode(me, them)


def flipped(pid):
    me, them = decode(pid)
    return encode(them, me)


def result_points(result):
    """Points won by the mover if the play in `result` (mover's view) ends the game, else 0."""
    me, them = decode(result)
    if sum(me[1:]):
        return 0
    if sum(them[1:]) < 15:
        return 1
    backgammon = them[25] > 0 or any(them[25 - p] for p in range(1, 7))
    return 3 if backgammon else 2


# --- the driver --------------------------------------------------------------------------

class Batch:
    """A long-lived `nard-cli batch`: one command a line, answers end with a "." line."""

    def __init__(self, cli):
        self.p = subprocess.Popen([cli, "batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, command):
        self.p.stdin.write(command + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("nard-cli batch ended unexpectedly")
            line = line.rstrip("\n")
            if line == ".":
                return lines
            lines.append(line)


def run_gnubg_script(gnubg, script, env, portable=None):
    """gnubg running `script` (a Python file) on its standard input and output, with `env`
    added to the environment; `portable`: a folder unpacked from
    ../shared/tools/gnubg-portable to run instead of the installed `gnubg`."""
    # gnubg 1.07 makes ~/.gnubg on its first start and exits 1 ("File exists") when another
    # one made it first: made here, so that gnubgs started at once on a new machine all run.
    os.makedirs(os.path.join(os.path.expanduser("~"), ".gnubg", "backup"), exist_ok=True)
    env = dict(os.environ, **env)
    command = [gnubg]
    if portable:
        env.update(PYTHONHOME=os.path.join(portable, "pyh"), LD_LIBRARY_PATH=os.path.join(portable, "lib"))
        command = [os.path.join(portable, "bin", "gnubg"), "-P", os.path.join(portable, "share-gnubg")]
    return subprocess.Popen(command + ["-t", "-q", "-p", os.path.abspath(script)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1, env=env)


def ask_script(p, line):
    """Sends a line to a gnubg running a script of ours; its answer is the next line that
    starts with MARK (gnubg prints its own lines too)."""
    p.stdin.write(line + "\n")
    p.stdin.flush()
    while True:
        out = p.stdout.readline()
        if not out:
            sys.exit("gnubg ended unexpectedly")
        if out.startswith(MARK):
            return out[len(MARK):].strip()


class Gnubg:
    def __init__(self, gnubg, plies, portable=None):
        self.p = run_gnubg_script(gnubg, __file__, {"GNUBG_DUEL_PLIES": str(plies)}, portable)

    def best(self, pid, dice):
        answer = ask_script(self.p, "%s %s" % (pid, dice))
        if answer.startswith("error"):
            sys.exit(answer)
        return None if answer == "none" else answer[len("play "):]


def play_game(rolls, ours_first, batch, gnubg, level):
    """Points for nard-cli's player in one game with this dice stream."""
    pid = START
    setup = "--variant standard --rules modern --position %s --dice %s"
    for turn, dice in enumerate(rolls):
        ours = (turn % 2 == 0) == ours_first
        if ours:
            answer = batch.ask(("best " + setup + " --level %s") % (pid, dice, level))
            if not answer or answer[0].startswith("error"):
                sys.exit("nard-cli best failed on %s %s: %s" % (pid, dice, answer))
            result = answer[0].split("\t")[0]
        else:
            play = gnubg.best(pid, dice)
            legal = {line.split("\t")[0] for line in batch.ask(("moves " + setup) % (pid, dice))}
            result = pid if play is None else apply_play(pid, play)
            if (play is None) != (not legal) or (play is not None and result not in legal):
                sys.exit("gnubg's play %r with %s from %s is not one nard-cli allows" % (play, dice, pid))
        points = result_points(result)
        if points:
            return points if ours else -points
        pid = flipped(result)
    sys.exit("a game did not end")


def dice_stream(seed, pair):
    rng = random.Random(seed * 1000003 + pair)
    rolls = []
    while len(rolls) < 600:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        if rolls or a != b:  # modern opening: the first roll is two different numbers
            rolls.append("%d%d" % (a, b))
    return rolls


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cli", default="build/ai-release/nard-cli")
    p.add_argument("--gnubg", default="/usr/games/gnubg")
    p.add_argument("--gnubg-dir", default=None, help="an unpacked gnubg-portable folder (gpk) instead of --gnubg")
    p.add_argument("--gnubg-plies", type=int, choices=(0, 2), default=0, help="gnubg's evaluation depth")
    p.add_argument("--jobs", type=int, default=1, help="gnubg and nard-cli processes playing in parallel")
    p.add_argument("--level", default="expert")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--progress", type=int, default=0, help="print a line every N games")
    p.add_argument("--max-seconds", type=float, default=0,
                   help="start no new pair after this time; report the pairs played (always pairs 0..k-1)")
    a = p.parse_args()
    if a.jobs < 1 or a.games < 1:
        p.error("--jobs and --games must be at least 1")
    count = (a.games + 1) // 2
    results = [None] * count  # per pair: (points with our first seat, with the second)
    lock = threading.Lock()
    state = {"next": 0, "games": 0, "failure": None}
    start = time.time()

    def worker():
        batch, gnubg = Batch(a.cli), Gnubg(a.gnubg, a.gnubg_plies, a.gnubg_dir)
        try:
            while True:
                with lock:
                    i = state["next"]
                    late = a.max_seconds > 0 and time.time() - start >= a.max_seconds
                    if i >= count or state["failure"] or late:
                        return
                    state["next"] += 1
                rolls = dice_stream(a.seed, i)
                pair = (play_game(rolls, True, batch, gnubg, a.level), play_game(rolls, False, batch, gnubg, a.level))
                with lock:
                    results[i] = pair
                    state["games"] += 2
                    if a.progress and state["games"] % a.progress == 0:
                        report(a, [r for r in results if r], start, sys.stderr)
        except SystemExit as e:  # a worker thread cannot exit the program itself
            with lock:
                state["failure"] = state["failure"] or str(e)
        finally:
            for proc in (batch.p, gnubg.p):
                proc.stdin.close()
                proc.wait()

    threads = [threading.Thread(target=worker) for _ in range(min(a.jobs, count))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if state["failure"]:
        sys.exit(state["failure"])
    results = [r for r in results if r]  # a prefix: every pair started was finished
    if not results:
        sys.exit("no pair of games finished in the time given")
    report(a, results, start, sys.stdout)


def report(a, results, start, out):
    """Points per game over the pairs played (in pair order: the same for any --jobs)."""
    pairs = [(x + y) / 2 for x, y in results]
    wins = sum((x > 0) + (y > 0) for x, y in results)
    games = 2 * len(results)
    n = len(pairs)
    mean = sum(pairs) / n
    var = sum((x - mean) ** 2 for x in pairs) / (n - 1) if n > 1 else 0.0
    out.write("%s vs gnubg %d-ply (standard, cubeless money): %+.3f ppg +- %.3f (95%%), %d games, %s won %.1f%%, "
              "%.0f s, %d job%s\n" % (a.level, a.gnubg_plies, mean, 1.96 * math.sqrt(var / n), games, a.level,
                                     100.0 * wins / games, time.time() - start, a.jobs, "s" if a.jobs > 1 else ""))
    out.flush()


def driver_or_server(main, serve):
    """serve() when gnubg runs the file (its `gnubg` module exists only there), else main()."""
    try:
        import gnubg  # noqa: F401
    except ImportError:
        main()
    else:
        serve()


if __name__ == "__main__":
    driver_or_server(main, serve)
