#!/usr/bin/env python3
"""Differential test of legal-move generation: nard-cli against GNU Backgammon.

For positions reached by random legal play (`nard-cli positions`, modern rules) in the
Standard, Nackgammon and Hyper variants, it asks gnubg for every legal play
(gnubg_plays.py, run inside gnubg), turns each gnubg play into a resulting Position ID
with `nard-cli play`, and compares that SET with the set of results of `nard-cli moves`.
A case where the two sets differ, or where `nard-cli play` rejects gnubg's notation,
is printed and makes the test fail. Cases without a legal play must agree too.

Usage:
  differential.py [--cli NARD_CLI] [--gnubg /usr/games/gnubg] [--positions 2100] [--seed 1]
                  [--variants standard,nackgammon,hyper] [--workdir DIR]

Exit status: 0 all agree, 1 mismatches, 2 a tool failed, 77 gnubg is not installed (ctest SKIP).
gnubg is only a reference program driven by a script; none of its code is in this project.
"""

import argparse
import base64
import collections
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
RULES = "modern"  # gnubg plays by the usual (modern) rules only
SKIP = 77


def die(message):
    """A tool failed (not a disagreement): exit status 2."""
    print("ERROR: " + message)
    sys.exit(2)


def default_cli():
    for path in ["build/native-release/nard-cli", "build/native-release/src/cli/nard-cli"]:
        if os.access(path, os.X_OK):
            return path
    return "build/native-release/nard-cli"


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cli", default=os.environ.get("NARD_CLI") or default_cli(),
                   help="nard-cli binary (default: $NARD_CLI, else the native-release build's)")
    p.add_argument("--gnubg", default=os.environ.get("GNUBG", "/usr/games/gnubg"))
    p.add_argument("--positions", type=int, default=2100,
                   help="positions in all, split evenly over the variants (default 2100)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--variants", default="standard,nackgammon,hyper")
    p.add_argument("--workdir", help="keep the case, gnubg and nard-cli files here")
    return p.parse_args()


# ---------------------------------------------------------------------------------------
# Position IDs (gnubg's format: 80 bits, base64; per player 25 runs of ones, one per point
# 1..24 then the bar, each ended by a zero; first the player not on roll, then the mover).

def decode_position_id(pid):
    data = base64.b64decode(pid + "==")
    bits = [(byte >> i) & 1 for byte in data for i in range(8)]
    sides, k = [], 0
    for _ in range(2):
        side = []
        for _ in range(25):
            n = 0
            while bits[k]:
                n, k = n + 1, k + 1
            k += 1
            side.append(n)
        sides.append(side)
    return sides  # [opponent, mover], each [point1..point24, bar]


# ---------------------------------------------------------------------------------------
# Running the two programs.

def nard_cli(cli, *args, stdin=None):
    r = subprocess.run([cli, *args], input=stdin, capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def make_cases(cli, variants, total, seed):
    cases = []
    for i, variant in enumerate(variants):
        count = total // len(variants) + (1 if i < total % len(variants) else 0)
        rc, out, err = nard_cli(cli, "positions", "--variant", variant, "--rules", RULES,
                                "--count", str(count), "--seed", str(seed))
        if rc != 0:
            die("nard-cli positions failed: " + err.strip())
        for line in out.splitlines():
            pid, dice = line.split()
            cases.append((variant, pid, dice))
    return cases


def gnubg_plays(gnubg, cases, workdir):
    """Every legal play gnubg lists for each case, in gnubg's notation."""
    cases_path = os.path.join(workdir, "cases.txt")
    out_path = os.path.join(workdir, "gnubg_plays.txt")
    with open(cases_path, "w") as f:
        f.writelines("%s %s %s\n" % c for c in cases)
    # gnubg 1.07 makes ~/.gnubg on its first start and exits 1 ("File exists") when another
    # one made it first: made here, so that gnubgs started at once on a new machine all run.
    os.makedirs(os.path.join(os.path.expanduser("~"), ".gnubg", "backup"), exist_ok=True)
    env = dict(os.environ, NARD_GNUBG_CASES=cases_path, NARD_GNUBG_OUT=out_path)
    # gnubg prints a board after every `set board`: drop its chatter, keep its errors.
    with open(os.path.join(workdir, "gnubg.log"), "w") as log:
        r = subprocess.run([gnubg, "-t", "-q", "-p", os.path.join(HERE, "gnubg_plays.py")], env=env,
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log)
    with open(out_path) as f:
        lines = f.read().splitlines()
    if r.returncode != 0 or len(lines) != len(cases):
        die("gnubg failed (exit %d, %d answers for %d cases); see %s/gnubg.log"
            % (r.returncode, len(lines), len(cases), workdir))
    answers = []
    for case, line in zip(cases, lines):
        fields = line.split("\t")
        if fields[0] != "ok":
            die("gnubg refused case %s: %s" % (" ".join(case), " ".join(fields[1:])))
        answers.append(fields[1:])
    return answers


def check_batch_quotes(cli):
    """`nard-cli batch` must keep a double-quoted multi-word --move together (it does since
    the batch tokenizer learnt quotes; older binaries split it at the space)."""
    rc, out, _ = nard_cli(cli, "batch", stdin='play --variant standard --rules modern '
                          '--position 4HPwATDgc/ABMA --dice 31 --move "8/5 6/5"\n')
    if rc != 0 or out != "4HPwATCwZ/ABMA\t8/5 6/5\n.\n":
        die("%s batch does not take a quoted --move (answer %r); build a newer nard-cli"
            % (cli, out))


def run_batch(cli, commands, input_path):
    """Answers of `nard-cli batch` to the commands: one list of output lines per command."""
    text = "".join(c + "\n" for c in commands)
    with open(input_path, "w") as f:
        f.write(text)
    rc, out, err = nard_cli(cli, "batch", stdin=text)
    answers, block = [], []
    for line in out.splitlines():
        if line == ".":
            answers.append(block)
            block = []
        else:
            block.append(line)
    if rc != 0 or len(answers) != len(commands):
        die("nard-cli batch failed (exit %d, %d answers for %d commands): %s"
            % (rc, len(answers), len(commands), err.strip()))
    return answers


def setup_args(case):
    variant, pid, dice = case
    return ["--variant", variant, "--rules", RULES, "--position", pid, "--dice", dice]


def our_plays(cli, cases, workdir):
    """[(resulting Position ID, our notation)] for each case, from `nard-cli moves`."""
    commands = [" ".join(["moves"] + setup_args(c)) for c in cases]
    answers = run_batch(cli, commands, os.path.join(workdir, "batch_moves.txt"))
    results = []
    for case, lines in zip(cases, answers):
        if lines and lines[0].startswith("error"):
            die("nard-cli moves failed on %s: %s" % (" ".join(case), lines[0]))
        results.append([tuple(line.split("\t")) for line in lines])
    return results


def gnubg_results(cli, cases, plays, workdir):
    """For each case, [(gnubg play, resulting Position ID or None, error)], via `play` in batch."""
    jobs = [(i, play) for i, ps in enumerate(plays) for play in ps]
    for _, play in jobs:
        if '"' in play:  # batch has no escapes; gnubg notation never holds a quote
            die("gnubg play %r holds a double quote" % play)
    commands = [" ".join(["play"] + setup_args(cases[i]) + ["--move", '"%s"' % play]) for i, play in jobs]
    answers = [lines[0] if lines else "error: no answer"
               for lines in run_batch(cli, commands, os.path.join(workdir, "batch_plays.txt"))]
    results = [[] for _ in cases]
    for (i, play), answer in zip(jobs, answers):
        if answer.startswith("error"):
            results[i].append((play, None, answer))
        else:
            results[i].append((play, answer.split("\t")[0], None))
    return results


# ---------------------------------------------------------------------------------------

def coverage(cases, ours):
    """What kinds of position the sample holds, per variant."""
    stats = collections.defaultdict(collections.Counter)
    for (variant, pid, dice), mine in zip(cases, ours):
        opp, me = decode_position_id(pid)  # me[24] / opp[24]: the bar
        s = stats[variant]
        s["positions"] += 1
        s["mover on bar"] += me[24] > 0
        s["opponent on bar"] += opp[24] > 0
        s["mover bearing off (all home)"] += me[24] == 0 and sum(me[6:24]) == 0
        s["mover has borne off"] += sum(me) < (3 if variant == "hyper" else 15)
        s["doubles"] += dice[0] == dice[1]
        s["no legal play"] += not mine
        s["a play hits"] += any("*" in notation for _, notation in mine)
        s["plays listed"] += len(mine)
    return stats


def main():
    args = parse_args()
    if not (os.path.isfile(args.gnubg) and os.access(args.gnubg, os.X_OK)):
        print("SKIP: gnubg not found at %s" % args.gnubg)
        return SKIP
    if not os.access(args.cli, os.X_OK):
        print("nard-cli not found at %s (use --cli or NARD_CLI)" % args.cli)
        return 2
    variants = args.variants.split(",")
    workdir = args.workdir or tempfile.mkdtemp(prefix="nard-gnubg-")
    os.makedirs(workdir, exist_ok=True)
    start = time.time()

    check_batch_quotes(args.cli)
    cases = make_cases(args.cli, variants, args.positions, args.seed)
    t0 = time.time()
    plays = gnubg_plays(args.gnubg, cases, workdir)
    t_gnubg = time.time() - t0
    ours = our_plays(args.cli, cases, workdir)
    theirs = gnubg_results(args.cli, cases, plays, workdir)

    mismatches = rejected = 0
    for case, mine_list, gnu in zip(cases, ours, theirs):
        bad = [(play, err) for play, pid, err in gnu if pid is None]
        gnu_ids = {pid: play for play, pid, err in gnu if pid is not None}
        mine = dict(mine_list)
        only_gnubg = sorted(set(gnu_ids) - set(mine))
        only_ours = sorted(set(mine) - set(gnu_ids))
        # Both programs list each resulting position once: a repeat is a fault too.
        repeats = len(mine) != len(mine_list) or len(gnu_ids) != len(gnu) - len(bad)
        if not (bad or only_gnubg or only_ours or repeats):
            continue
        mismatches += 1
        rejected += len(bad)
        variant, pid, dice = case
        print("MISMATCH %s %s %s   (nard-cli moves --variant %s --rules %s --position %s --dice %s)"
              % (variant, pid, dice, variant, RULES, pid, dice))
        for play, err in bad:
            print("  gnubg play our `play` rejects: %r  (%s)" % (play, err))
        for p in only_gnubg:
            print("  only in gnubg: %-28s -> %s" % (gnu_ids[p], p))
        for p in only_ours:
            print("  only in ours:  %-28s -> %s" % (mine[p], p))
        if repeats:
            print("  a resulting position listed twice: ours %s, gnubg's %s"
                  % (sorted(mine_list), sorted((pid, play) for play, pid, err in gnu)))

    print("\nseed %d, %d positions, nard-cli %s, gnubg %s" % (args.seed, len(cases), args.cli, args.gnubg))
    for variant, s in coverage(cases, ours).items():
        print("  %-10s " % variant + ", ".join("%s %d" % kv for kv in s.items()))
    print("gnubg %.0f s (%.0f positions/s); total %.0f s; files in %s"
          % (t_gnubg, len(cases) / max(t_gnubg, 1e-9), time.time() - start, workdir))
    if mismatches:
        print("FAIL: %d of %d positions disagree (%d gnubg plays rejected by nard-cli play)"
              % (mismatches, len(cases), rejected))
        return 1
    print("PASS: every position has the same set of legal plays in nard-cli and gnubg")
    if not args.workdir:
        shutil.rmtree(workdir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
