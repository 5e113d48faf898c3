#!/usr/bin/env python3
"""Compares nard-cli's match analysis with GNU Backgammon's on the same matches.

Plays N Standard matches with `nard-cli match` (levels paired from beginner, intermediate,
advanced and expert so that error rates spread widely; seeds 1..N), analyses each with
`nard-cli analyse FILE --json --level L` and with GNU Backgammon (tools/gnubg_analyse.py, at
--plies), and prints per player: our chequer-play error rate and gnubg's (mEMG per unforced
move), the difference, our PR and gnubg's (its overall error rate / 2), both unforced-move
counts and both cube figures. Then the summary: the share of players whose error rate is
within max(25% of gnubg's, 2 mEMG) of gnubg's (target >= 90%) and the Pearson correlation
of the two rates over all players (target >= 0.9). The table is also written as Markdown to
OUT/analysis-compare.md.

Usage:
  tools/analysis_compare.py --cli build/native-release/nard-cli [--matches 10] [--length 7]
                            [--plies 0] [--level expert] [--jobs 2] [--out DIR] [--check]
  tools/analysis_compare.py --cli ... --files A.mat B.mat ...   (compare on existing files)

Exit status: 0 done (with --check: both targets met); 1 --check and a target missed;
2 a tool failed or nard-cli lacks `match` / `analyse`; 77 gnubg not installed.
"""

import argparse
import json
import math
import multiprocessing
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gnubg_analyse  # noqa: E402

SKIP = 77
TARGET_SHARE = 0.90
TARGET_R = 0.90
# Level pairs in the order they are used (match i gets PAIRS[(i - 1) % len]): strong against
# weak first, so that even a few matches cover a wide range of error rates.
PAIRS = [("expert", "beginner"), ("advanced", "intermediate"), ("intermediate", "expert"),
         ("beginner", "advanced"), ("expert", "advanced"), ("beginner", "intermediate"),
         ("advanced", "beginner"), ("intermediate", "intermediate"), ("expert", "expert"),
         ("beginner", "beginner")]


class ToolMissing(Exception):
    pass


def run_cli(args, timeout):
    try:
        r = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise RuntimeError("%s did not finish within %d s" % (" ".join(args), timeout))
    if r.returncode != 0:
        if "unknown command" in r.stderr:
            raise ToolMissing("%s has no `%s` command yet (%s)" % (args[0], args[1], r.stderr.strip().splitlines()[0]))
        raise RuntimeError("%s failed (exit %d): %s" % (" ".join(args), r.returncode, r.stderr.strip()[-800:]))
    return r.stdout


def make_match(job):
    cli, seed, length, p1, p2, path, timeout = job
    if os.path.exists(path):
        os.remove(path)
    run_cli([cli, "match", "--variant", "standard", "--rules", "modern", "--length", str(length),
             "--p1", p1, "--p2", p2, "--seed", str(seed), "--mat", path], timeout)
    if not os.path.isfile(path):
        raise RuntimeError("nard-cli match --seed %d wrote no %s" % (seed, path))
    return path


def our_analysis(job):
    cli, path, level, timeout = job
    try:
        out = run_cli([cli, "analyse", path, "--json", "--level", level], timeout)
    except ToolMissing as e:
        return {"file": path, "missing": str(e)}
    except RuntimeError as e:
        return {"file": path, "error": str(e)}
    try:
        data = json.loads(out)
    except ValueError as e:
        return {"file": path, "error": "nard-cli analyse printed no JSON (%s)" % e}
    if isinstance(data, list):  # tolerate a list of one entry per file
        data = data[0] if data else {}
    if not isinstance(data.get("players"), list):
        return {"file": path, "error": "nard-cli analyse: no \"players\" in its JSON"}
    return {"file": path, "players": data["players"]}


def pool_map(fn, jobs, n):
    if n <= 1 or len(jobs) <= 1:
        return [fn(j) for j in jobs]
    with multiprocessing.Pool(min(n, len(jobs))) as pool:
        return list(pool.imap(fn, jobs))


def pearson(xs, ys):
    n = len(xs)
    if n < 2:
        return None
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        return None
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / math.sqrt(sxx * syy)


def num(v, fmt="%.1f"):
    return "-" if v is None else (fmt % v if isinstance(v, float) else str(v))


def build_rows(files, ours, theirs):
    rows, notes = [], []
    for path, o, g in zip(files, ours, theirs):
        name = os.path.basename(path)
        if "error" in g:
            notes.append("%s: gnubg: %s" % (name, g["error"]))
            continue
        if "error" in o:
            notes.append("%s: nard-cli analyse: %s" % (name, o["error"]))
        ops = o.get("players") or [None, None]
        for i, gp in enumerate(g["players"]):
            op = ops[i] if i < len(ops) else None
            if op and op.get("name") and op["name"] != gp["name"]:
                notes.append("%s: player %d is %r for nard-cli, %r for gnubg" % (name, i, op["name"], gp["name"]))
            ocr = float(op["checkerErrorRate"]) if op and op.get("checkerErrorRate") is not None else None
            gcr = gp.get("checkerErrorRate")
            player = gp["name"]
            if len({q["name"] for q in g["players"]}) < len(g["players"]):
                player += " #%d" % (i + 1)  # two players of the same name (e.g. expert-expert)
            row = {"file": name, "player": player, "ours": ocr, "gnubg": gcr,
                   "diff": None if ocr is None else ocr - gcr,
                   "oursPr": op.get("pr") if op else None, "gnubgPr": gp.get("pr"),
                   "oursUnforced": op.get("unforcedMoves") if op else None, "gnubgUnforced": gp.get("unforcedMoves"),
                   "oursCube": op.get("cubeDecisions") if op else None, "gnubgCube": gp.get("cubeDecisions"),
                   "oursCubeRate": op.get("cubeErrorRate") if op else None, "gnubgCubeRate": gp.get("cubeErrorRate")}
            row["within"] = None if ocr is None else abs(ocr - gcr) <= max(0.25 * gcr, 2.0)
            rows.append(row)
    return rows, notes


HEAD = ["file", "player", "ours mEMG", "gnubg mEMG", "diff", "ok", "ours PR", "gnubg PR",
        "unforced ours/gnubg", "cube ours/gnubg", "cube mEMG ours/gnubg"]


def cells(r):
    return [r["file"], r["player"], num(r["ours"]), num(r["gnubg"]), num(r["diff"], "%+.1f"),
            {True: "yes", False: "NO", None: "-"}[r["within"]], num(r["oursPr"]), num(r["gnubgPr"]),
            "%s/%s" % (num(r["oursUnforced"]), num(r["gnubgUnforced"])),
            "%s/%s" % (num(r["oursCube"]), num(r["gnubgCube"])),
            "%s/%s" % (num(r["oursCubeRate"]), num(r["gnubgCubeRate"]))]


def summary(rows):
    both = [r for r in rows if r["ours"] is not None]
    share = sum(r["within"] for r in both) / len(both) if both else None
    r = pearson([x["ours"] for x in both], [x["gnubg"] for x in both])
    return len(both), share, r


def summary_lines(rows, plies, level):
    n, share, r = summary(rows)
    lines = ["players compared: %d (nard-cli --level %s, gnubg %d-ply)" % (n, level, plies)]
    if n:
        lines.append("within max(25%% of gnubg's, 2 mEMG): %d of %d = %.0f%% (target >= %.0f%%)%s"
                     % (round(share * n), n, 100 * share, 100 * TARGET_SHARE, "" if share >= TARGET_SHARE else "  MISSED"))
        lines.append("Pearson correlation of the chequer-play error rates: %s (target >= %.2f)%s"
                     % ("n/a" if r is None else "%.3f" % r, TARGET_R,
                        "" if r is not None and r >= TARGET_R else "  MISSED"))
    return lines


def print_table(rows, out=sys.stdout):
    table = [HEAD] + [cells(r) for r in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(HEAD))]
    for k, row in enumerate(table):
        out.write("  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))) + "\n")
        if k == 0:
            out.write("  ".join("-" * w for w in widths) + "\n")


def write_markdown(path, rows, notes, args, files):
    with open(path, "w") as f:
        f.write("# nard-cli analysis against GNU Backgammon\n\n")
        f.write("%d files, %s; nard-cli `analyse --level %s`; gnubg 1.07 at %d-ply (tools/gnubg_analyse.py). "
                "Error rates in mEMG per unforced move (chequer play) and per counted cube decision; "
                "PR = 500 x EMG per decision (gnubg: its overall error rate / 2). "
                "\"ok\": within max(25%% of gnubg's rate, 2 mEMG).\n\n"
                % (len(files), "Standard, modern rules, %d-point matches" % args.length if not args.files else "given files",
                   args.level, args.plies))
        f.write("| " + " | ".join(HEAD) + " |\n|" + "|".join("---" if i < 2 else "---:" for i in range(len(HEAD))) + "|\n")
        for r in rows:
            f.write("| " + " | ".join(c.replace("|", "\\|") for c in cells(r)) + " |\n")
        f.write("\n" + "\n".join("- " + l for l in summary_lines(rows, args.plies, args.level)) + "\n")
        if notes:
            f.write("\nNotes:\n\n" + "\n".join("- " + n for n in notes) + "\n")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 1)[1])
    p.add_argument("--cli", default="build/native-release/nard-cli", help="nard-cli (default %(default)s)")
    p.add_argument("--gnubg", default=gnubg_analyse.GNUBG)
    p.add_argument("--matches", type=int, default=10, help="matches to play (default 10)")
    p.add_argument("--length", type=int, default=7, help="match length (default 7)")
    p.add_argument("--plies", type=int, choices=(0, 1, 2), default=0, help="gnubg's analysis depth (default 0)")
    p.add_argument("--level", default="expert", help="nard-cli analyse --level (default expert)")
    p.add_argument("--jobs", type=int, default=2, help="processes at a time (default 2)")
    p.add_argument("--out", default="test-output/analysis-compare", help="directory for the .mat files and "
                   "analysis-compare.md (default %(default)s)")
    p.add_argument("--files", nargs="+", metavar="FILE.mat", help="compare on these files instead of playing matches")
    p.add_argument("--timeout", type=int, default=1800, help="seconds per tool run (default 1800)")
    p.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    p.add_argument("--min-share", type=float, default=TARGET_SHARE,
                   help="--check: the share of players within tolerance needed (default 0.90)")
    p.add_argument("--min-r", type=float, default=TARGET_R,
                   help="--check: the correlation needed (default 0.90)")
    args = p.parse_args()
    if not (os.path.isfile(args.gnubg) and os.access(args.gnubg, os.X_OK)):
        print("SKIP: gnubg not found at %s" % args.gnubg)
        return SKIP
    if not os.access(args.cli, os.X_OK):
        print("nard-cli not found at %s (use --cli)" % args.cli, file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    jobs = max(1, args.jobs)
    start = time.time()

    if args.files:
        files = [os.path.abspath(f) for f in args.files]
    else:
        work = []
        for seed in range(1, args.matches + 1):
            p1, p2 = PAIRS[(seed - 1) % len(PAIRS)]
            path = os.path.abspath(os.path.join(args.out, "match-%d-%s-%s.mat" % (seed, p1, p2)))
            work.append((args.cli, seed, args.length, p1, p2, path, args.timeout))
        try:
            files = pool_map(make_match, work, jobs)
        except ToolMissing as e:
            print("%s; cannot play the matches. Give existing files with --files." % e, file=sys.stderr)
            return 2
        except RuntimeError as e:
            print(str(e), file=sys.stderr)
            return 2
        print("played %d matches in %.0f s" % (len(files), time.time() - start), file=sys.stderr)

    ours = pool_map(our_analysis, [(args.cli, f, args.level, args.timeout) for f in files], jobs)
    missing = next((o["missing"] for o in ours if "missing" in o), None)
    theirs = gnubg_analyse.analyse_files(files, args.plies, jobs, args.gnubg, args.timeout)
    print("analysed %d files in %.0f s" % (len(files), time.time() - start), file=sys.stderr)

    rows, notes = build_rows(files, ours, theirs)
    if missing:
        notes.insert(0, missing + ": only gnubg's figures are shown")
    print_table(rows)
    print()
    for line in summary_lines(rows, args.plies, args.level):
        print(line)
    for n in notes:
        print("note: " + n, file=sys.stderr)
    md = os.path.join(args.out, "analysis-compare.md")
    write_markdown(md, rows, notes, args, files)
    print("wrote %s" % md)

    if missing or any("error" in g for g in theirs) or any("error" in o for o in ours):
        return 2
    n, share, r = summary(rows)
    if args.check and (not n or share < args.min_share or r is None or r < args.min_r):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
