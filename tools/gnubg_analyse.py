#!/usr/bin/env python3
"""Analyses .mat files with GNU Backgammon and reports its match statistics per player.

For each file gnubg (`gnubg -t -q -r`, commands on standard input) imports the match,
analyses it at the chosen depth (`analyse match`) and prints `show statistics match`; this
script parses that table for each player: unforced moves, chequer-play error total and rate,
cube decisions, cube error total and rate, the marks (doubtful / bad / very bad moves; missed
and wrong doubles, wrong takes and passes), luck, gnubg's rating words, the overall error
rate and gnubg's "Snowie error rate". docs/ANALYSIS.md lists the exact gnubg commands and
what each figure means.

Usage:
  tools/gnubg_analyse.py FILE.mat [FILE.mat ...] [--plies 0|1|2] [--jobs N] [--json]
  tools/gnubg_analyse.py --selfplay DIR [--count N] [--length 7] [--seed S] [--noise A,B,...]

--json prints a JSON list, one object per file (see docs/ANALYSIS.md for every key); without
it, a table. Error figures are positive numbers (gnubg prints them negative): EMG (equity
normalised to a one-point cube, in match play converted from match-winning chances), their
rates in mEMG per decision. --selfplay writes gnubg-against-gnubg matches (0-ply players with
evaluation noise taken in turn from --noise) into DIR, for files with realistic error rates.

Exit status: 0 every file analysed; 1 gnubg refused a file (its entry has "error"); 2 bad
usage; 77 gnubg not installed. gnubg is a reference program driven by commands; none of its
code is in this project.
"""

import argparse
import json
import multiprocessing
import os
import re
import subprocess
import sys

SKIP = 77
GNUBG = os.environ.get("GNUBG", "/usr/games/gnubg")
MET = "/usr/share/gnubg/met/Kazaross-XG2.xml"  # Debian's path of gnubg's default match equity table

# Anything gnubg says while importing a file that means it did not take all of it (the .mat
# reader is silent on success).
PROBLEM = re.compile(r"warning|unrecognised|record found|not a valid|had errors|invalid|illegal|"
                     r"error|no such file|cannot|can't|failed|doesn't support|no game in progress", re.I)

RATINGS = ["Awful!", "Beginner", "Casual player", "Intermediate", "Advanced", "Expert",
           "World class", "Supernatural", "N/A", "n/a"]
LUCK_RATINGS = ["Go to bed", "Bad dice, man!", "None", "Good dice, man!", "Go to Las Vegas", "n/a", "N/A"]


# --- the gnubg commands --------------------------------------------------------------------

def settings_commands(plies):
    """The analysis settings, all explicit (gnubg also runs with -r: no user rc files)."""
    cmds = []
    for what in ("chequerplay", "cubedecision"):
        base = "set analysis %s " % what
        cmds += [base + "type evaluation",
                 base + "evaluation plies %d" % plies,
                 base + "evaluation cubeful on",
                 base + "evaluation prune on",
                 base + "evaluation noise 0",
                 base + "evaluation deterministic on"]
    cmds += ["set analysis luckanalysis plies 0",
             "set analysis luckanalysis cubeful on",
             "set analysis luckanalysis prune off",
             "set analysis luckanalysis noise 0",
             # gnubg 1.07's own default move filters (what `show analysis` prints untouched)
             "set analysis movefilter 1 0 0 16 0.32",
             "set analysis movefilter 2 0 0 16 0.32",
             "set analysis movefilter 2 1 -1",
             "set analysis movefilter 3 0 0 16 0.32",
             "set analysis movefilter 3 1 -1",
             "set analysis movefilter 3 2 0 4 0.08",
             "set analysis movefilter 4 0 0 16 0.32",
             "set analysis movefilter 4 1 -1",
             "set analysis movefilter 4 2 0 4 0.08",
             "set analysis movefilter 4 3 -1",
             # gnubg 1.07's default marks, in EMG
             "set analysis threshold doubtful 0.03",
             "set analysis threshold bad 0.06",
             "set analysis threshold verybad 0.12",
             "set analysis threshold lucky 0.3",
             "set analysis threshold verylucky 0.6",
             "set analysis threshold unlucky 0.3",
             "set analysis threshold veryunlucky 0.6",
             "set analysis moves on",
             "set analysis cube on",
             "set analysis luck on",
             "set analysis player 0 analyse on",
             "set analysis player 1 analyse on"]
    return cmds


def mat_header(path):
    """What the .mat file says about itself: length, names, games, tags."""
    info = {"matchLength": None, "names": None, "games": 0, "tags": {}}
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return info
    for m in re.finditer(r'^;\s*\[(\w[\w ]*?)\s+"([^"]*)"\]', text, re.M):
        info["tags"][m.group(1)] = m.group(2)
    m = re.search(r"^\s*(\d+)\s+point match", text, re.M)
    if m:
        info["matchLength"] = int(m.group(1))
    info["games"] = len(re.findall(r"^\s*Game \d+\s*$", text, re.M))
    m = re.search(r"^\s*Game \d+\s*\n\s*(.*?)\s*:\s*-?\d+\s+(.*?)\s*:\s*-?\d+\s*$", text, re.M)
    if m:
        info["names"] = (m.group(1), m.group(2))
    return info


def cube_setting(tags, mode):
    """Whether gnubg should use the cube for this file: its .mat reader takes this from its
    own setting. "auto": off for Takhte Nard's traditional-rules files and for its files
    written without a cube (no Crawford tag in a match, no Beaver tag in a session)."""
    if mode != "auto":
        return mode == "on"
    if tags.get("Rules", "").lower() == "traditional":
        return False
    if tags.get("Site") == "Takhte Nard" and "Crawford" not in tags and "Beaver" not in tags:
        return False
    return True


def quote(path):
    return '"%s"' % path if re.search(r"\s", path) else path


def file_commands(path, plies, header, cube_mode):
    tags = header["tags"]
    cmds = ["set threads 1",
            "set output digits 5",           # totals with 5 decimals, rates with 3
            "set output errorratefactor 1000",  # rates in mEMG (gnubg's default factor)
            "set player 0 human", "set player 1 human"]
    if os.path.isfile(MET):
        cmds.append("set matchequitytable " + MET)  # gnubg 1.07's default, named for the record
    cmds += [  # gnubg's .mat reader takes these from its own settings, not from the file
        "set jacoby %s" % ("off" if tags.get("Jacoby", "On").lower() == "off" else "on"),
        "set beavers %d" % (0 if tags.get("Beaver", "On").lower() == "off" else 3),
        "set cube use %s" % ("on" if cube_setting(tags, cube_mode) else "off"),
        "import mat " + quote(os.path.abspath(path))]
    cmds += settings_commands(plies)
    cmds += ["analyse match", "show statistics match"]
    return cmds


# --- parsing `show statistics match` -------------------------------------------------------

NUM = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)"
ENTRIES = [  # tried in order at each position of a row's values
    ("count_cost", re.compile(r"(\d+)\s*\(\s*(%s)\s*\(\s*(%s)%%?\s*\)\s*\)" % (NUM, NUM))),
    ("value_raw", re.compile(r"(%s)\s*\(\s*(%s)(%%?)\s*\)" % (NUM, NUM))),
    ("interval", re.compile(r"\[\s*(%s)\s*,\s*(%s)\s*\]" % (NUM, NUM))),
    ("number", re.compile(r"(%s)(%%?)" % NUM)),
    ("na", re.compile(r"n/a", re.I)),
]
STATS_HEAD = re.compile(r"^Player {30,}\S", re.M)  # the table's first row: "%-40s %-23s %-23s"
RAW = {"MWC": "mwcPct", "Points": "points"}  # gnubg's un-normalised unit -> key suffix
UNIT_LABEL = re.compile(r"^(.*?)\s+\(?m?EMG \((MWC|Points)\)\)?$")


def parse_values(rest):
    """The entries of a numeric row, left to right (one per player, or fewer)."""
    out, i = [], 0
    while i < len(rest):
        if rest[i].isspace():
            i += 1
            continue
        for kind, rx in ENTRIES:
            m = rx.match(rest, i)
            if m:
                g = m.groups()
                if kind == "count_cost":
                    out.append({"count": int(g[0]), "emg": float(g[1]), "raw": float(g[2])})
                elif kind == "value_raw":
                    out.append({"value": float(g[0]), "raw": float(g[1])})
                elif kind == "interval":
                    out.append({"interval": [float(g[0]), float(g[1])]})
                elif kind == "number":
                    out.append({"value": float(g[0]) if "." in g[0] else int(g[0])})
                else:
                    out.append({"value": None})
                i = m.end()
                break
        else:
            return None  # not a numeric row
    return out


def split_words(rest, vocabulary):
    """Two word cells ("%-23s %-23s"): known words first, else gnubg's fixed columns."""
    cells, s = [], rest.strip()
    while s:
        for w in sorted(vocabulary, key=len, reverse=True):
            if s.startswith(w):
                cells.append(w)
                s = s[len(w):].strip()
                break
        else:
            break
    if s or len(cells) != 2:
        cells = [rest[:23].strip(), rest[24:].strip()]
    return cells


def split_names(rest, names):
    if names:
        a, b = names
        if rest.strip() == (a.ljust(23) + " " + b).strip() or re.fullmatch(
                r"\s*%s\s+%s\s*" % (re.escape(a), re.escape(b)), rest):
            return [a, b]
    return [rest[:23].strip(), rest[24:].strip()]


SECTIONS = {"Chequerplay statistics": "checker", "Luck statistics": "luck",
            "Cube statistics": "cube", "Overall statistics": "overall"}

# (section, label) -> key; count rows and EMG rows handled below
COUNTS = {
    ("checker", "Total moves"): "totalMoves",
    ("checker", "Unforced moves"): "unforcedMoves",
    ("checker", "Unmarked moves"): ("marks", "unmarked"),
    ("checker", "Moves marked doubtful"): ("marks", "doubtful"),
    ("checker", "Moves marked bad"): ("marks", "bad"),
    ("checker", "Moves marked very bad"): ("marks", "veryBad"),
    ("luck", "Rolls marked very lucky"): ("luckMarks", "veryLucky"),
    ("luck", "Rolls marked lucky"): ("luckMarks", "lucky"),
    ("luck", "Rolls unmarked"): ("luckMarks", "unmarked"),
    ("luck", "Rolls marked unlucky"): ("luckMarks", "unlucky"),
    ("luck", "Rolls marked very unlucky"): ("luckMarks", "veryUnlucky"),
    ("cube", "Total cube decisions"): "cubeDecisionsAll",
    ("cube", "Close or actual cube decisions"): "cubeDecisions",
    ("cube", "Doubles"): "doubles",
    ("cube", "Takes"): "takes",
    ("cube", "Passes"): "passes",
}
CUBE_MARKS = {"Missed doubles below CP": "missedDoublesBelowCP",
              "Missed doubles above CP": "missedDoublesAboveCP",
              "Wrong doubles below DP": "wrongDoublesBelowDP",
              "Wrong doubles above TG": "wrongDoublesAboveTG",
              "Wrong takes": "wrongTakes",
              "Wrong passes": "wrongPasses"}
ERRORS = {  # EMG rows: key prefix; "error" rows are made positive
    ("checker", "Error total"): ("checkerErrorTotal", True),
    ("checker", "Error rate"): ("checkerErrorRate", True),
    ("cube", "Error total"): ("cubeErrorTotal", True),
    ("cube", "Error rate"): ("cubeErrorRate", True),
    ("overall", "Error total"): ("errorTotal", True),
    ("overall", "Error rate"): ("errorRate", True),
    ("luck", "Luck total"): ("luckTotal", False),
    ("luck", "Luck rate"): ("luckRate", False),
}
WORDS = {("checker", "Chequerplay rating"): ("checkerRating", RATINGS),
         ("cube", "Cube decision rating"): ("cubeRating", RATINGS),
         ("luck", "Luck rating"): ("luckRating", LUCK_RATINGS),
         ("overall", "Overall rating"): ("rating", RATINGS)}
OVERALL = {"Snowie error rate": "snowieErrorRate",
           "Actual result": "actualResult",
           "Luck adjusted result": "luckAdjustedResult",
           "Luck based FIBS rating diff.": "fibsRatingDiffLuck",
           "Error based abs. FIBS rating": "fibsRatingErrorBased",
           "Chequerplay errors rating loss": "checkerRatingLoss",
           "Cube errors rating loss": "cubeRatingLoss",
           "Advantage (actual) in ppg": "advantagePpg",
           "Advantage (luck adjusted) in ppg": "advantageLuckAdjustedPpg"}


def parse_statistics(output, names=None):
    """The players' figures from gnubg's `show statistics match` output, and the unit of its
    un-normalised figures ("MWC": match-winning chance in %, "Points": cube-weighted)."""
    lines = output.splitlines()
    start = next((i for i, l in enumerate(lines) if STATS_HEAD.match(l)), None)
    if start is None:
        return None, None
    players = [{"name": n, "marks": {}, "luckMarks": {}, "cubeMarks": {}, "cubeMarkErrors": {}}
               for n in split_names(lines[start][41:], names)]
    section, unit, previous = None, None, None
    for line in lines[start + 1:]:
        if line.strip() in SECTIONS:
            section = SECTIONS[line.strip()]
            continue
        if len(line) <= 41 or not line[:41].strip():
            continue
        label, rest = line[:41].strip(), line[41:]
        m = UNIT_LABEL.match(label)
        if m:
            label, unit = m.group(1), m.group(2)
        if (section, label) in WORDS:
            key, vocab = WORDS[(section, label)]
            for p, w in zip(players, split_words(rest, vocab)):
                p[key] = w
            continue
        values = parse_values(rest)
        if values is None:
            continue
        for p, v in zip(players, values):
            if (section, label) in COUNTS:
                key = COUNTS[(section, label)]
                if isinstance(key, tuple):
                    p[key[0]][key[1]] = v.get("value")
                else:
                    p[key] = v.get("value")
            elif section == "cube" and label in CUBE_MARKS:
                key = CUBE_MARKS[label]
                if "count" in v:
                    p["cubeMarks"][key] = v["count"]
                    p["cubeMarkErrors"][key] = {"emg": -v["emg"] + 0.0, RAW[unit]: -v["raw"] + 0.0}
                else:
                    p["cubeMarks"][key] = v.get("value")
                    p["cubeMarkErrors"][key] = {"emg": 0.0, RAW[unit]: 0.0}
            elif (section, label) in ERRORS:
                key, negate = ERRORS[(section, label)]
                sign = -1 if negate else 1
                if v.get("value") is not None:
                    p[key] = sign * v["value"] + 0.0
                if "raw" in v:
                    p[key + RAW[unit][0].upper() + RAW[unit][1:]] = sign * v["raw"] + 0.0
            elif section == "overall" and label in OVERALL:
                key = OVERALL[label]
                if key == "snowieErrorRate" and v.get("value") is not None:
                    p[key] = -v["value"] + 0.0  # its "( +0.000%)" is always zero in gnubg 1.07
                elif "value" in v:
                    p[key] = v["value"]
            elif section == "overall" and label == "95% confidence interval (ppg)" and "interval" in v:
                p[OVERALL.get(previous, "advantagePpg") + "CI"] = v["interval"]
        previous = label
    for p in players:
        cm = p["cubeMarks"]
        p["missedDoubles"] = cm.get("missedDoublesBelowCP", 0) + cm.get("missedDoublesAboveCP", 0)
        p["wrongDoubles"] = cm.get("wrongDoublesBelowDP", 0) + cm.get("wrongDoublesAboveTG", 0)
        p["wrongTakes"] = cm.get("wrongTakes", 0)
        p["wrongPasses"] = cm.get("wrongPasses", 0)
        if "errorRate" in p:
            p["pr"] = round(p["errorRate"] / 2.0, 4)  # derived, not printed by gnubg 1.07
    return [{k: p[k] for k in sorted(p, key=key_order)} for p in players], unit


ORDER = ["name", "unforcedMoves", "totalMoves", "checkerErrorTotal", "checkerErrorRate", "cubeDecisions",
         "cubeDecisionsAll", "cubeErrorTotal", "cubeErrorRate", "errorTotal", "errorRate", "pr",
         "snowieErrorRate", "marks", "missedDoubles", "wrongDoubles", "wrongTakes", "wrongPasses",
         "doubles", "takes", "passes", "cubeMarks", "cubeMarkErrors", "luckTotal", "luckRate", "luckMarks",
         "checkerRating", "cubeRating", "rating", "luckRating"]


def key_order(key):
    return (ORDER.index(key), "") if key in ORDER else (len(ORDER), key)


# --- one file --------------------------------------------------------------------------------

def run_gnubg(commands, timeout, gnubg=GNUBG):
    # gnubg 1.07 makes ~/.gnubg on its first start and exits 1 ("File exists") when another
    # one made it first: made here, so that gnubgs started at once on a new machine all run.
    os.makedirs(os.path.join(os.path.expanduser("~"), ".gnubg", "backup"), exist_ok=True)
    env = dict(os.environ, LC_ALL="C", LANG="C", LANGUAGE="C")
    r = subprocess.run([gnubg, "-t", "-q", "-r"], input="\n".join(commands) + "\n",
                       capture_output=True, text=True, timeout=timeout, env=env, errors="replace")
    return r.returncode, r.stdout, r.stderr


def analyse_file(path, plies=0, gnubg=GNUBG, timeout=3600, cube="auto", log_dir=None):
    """One file's entry: {"file", "matchLength", ..., "players": [...]} or {"file", "error"}."""
    entry = {"file": path}
    if not os.path.isfile(path):
        entry["error"] = "no such file"
        return entry
    header = mat_header(path)
    entry.update({"matchLength": header["matchLength"], "games": header["games"],
                  "variation": header["tags"].get("Variation", "Backgammon"), "plies": plies})
    commands = file_commands(path, plies, header, cube)
    try:
        rc, out, err = run_gnubg(commands, timeout, gnubg)
    except subprocess.TimeoutExpired:
        entry["error"] = "gnubg did not finish within %d s" % timeout
        return entry
    except OSError as e:
        entry["error"] = "cannot run gnubg: %s" % e
        return entry
    if log_dir:
        with open(os.path.join(log_dir, os.path.basename(path) + ".gnubg.log"), "w") as f:
            f.write("\n".join(commands) + "\n---- stdout\n" + out + "\n---- stderr\n" + err)
    head = STATS_HEAD.search(out)
    stats_at = head.start() if head else -1
    # What the import said: all of stderr (empty on success), and on stdout what comes between
    # the reply to `set cube use` (the command before the import) and the reply to the first
    # analysis setting (the command after it).
    before = out if stats_at < 0 else out[:stats_at]
    begin = re.search(r"^Use of the doubling cube is.*$", before, re.M)
    end = re.search(r"^Analysis chequerplay will", before, re.M)
    if begin and end and begin.end() < end.start():
        before = before[begin.end():end.start()]
    problems = []
    for line in err.splitlines() + before.splitlines():
        s = line.strip()
        if PROBLEM.search(s) and s not in problems:
            problems.append(s)
    players, unit = parse_statistics(out, header["names"]) if stats_at >= 0 else (None, None)
    if rc != 0 or problems or not players or "unforcedMoves" not in players[0]:
        why = problems[:3] or (["gnubg exited with status %d" % rc] if rc else ["no statistics in gnubg's output"])
        entry["error"] = "; ".join(why) + (" (%d such lines)" % len(problems) if len(problems) > 3 else "")
        return entry
    moves = sum(p.get("totalMoves") or 0 for p in players)
    rolls = sum(sum(v or 0 for v in p["luckMarks"].values()) for p in players)
    if moves and not rolls:
        # gnubg says nothing when it cannot evaluate a variation (Debian's gnubg has no
        # Hypergammon database): it then leaves every move unanalysed.
        entry["error"] = "gnubg analysed none of the %d moves (no evaluator for %s?)" % (
            moves, entry["variation"])
        return entry
    entry["cube"] = cube_setting(header["tags"], cube)
    entry["rawUnit"] = "MWC %" if unit == "MWC" else "points"
    entry["players"] = players
    return entry


def _analyse_job(job):
    return analyse_file(*job)


def analyse_files(paths, plies=0, jobs=1, gnubg=GNUBG, timeout=3600, cube="auto", log_dir=None):
    """Entries for many files, in order; one gnubg per file, `jobs` at a time."""
    work = [(p, plies, gnubg, timeout, cube, log_dir) for p in paths]
    if jobs <= 1 or len(work) <= 1:
        return [_analyse_job(w) for w in work]
    with multiprocessing.Pool(min(jobs, len(work))) as pool:
        return list(pool.imap(_analyse_job, work))


# --- output ------------------------------------------------------------------------------------

COLUMNS = [  # heading, width, function of (entry, player)
    ("player", 14, lambda e, p: p["name"]),
    ("unf", 4, lambda e, p: "%d" % p.get("unforcedMoves", 0)),
    ("chkEMG", 8, lambda e, p: "%.3f" % p.get("checkerErrorTotal", 0)),
    ("chk mEMG", 8, lambda e, p: "%.1f" % p.get("checkerErrorRate", 0)),
    ("cube", 7, lambda e, p: "%d/%d" % (p.get("cubeDecisions", 0), p.get("cubeDecisionsAll", 0))),
    ("cubeEMG", 8, lambda e, p: "%.3f" % p.get("cubeErrorTotal", 0)),
    ("cube mEMG", 9, lambda e, p: "%.1f" % p.get("cubeErrorRate", 0)),
    ("mEMG", 7, lambda e, p: "%.1f" % p.get("errorRate", 0)),
    ("PR", 6, lambda e, p: "%.1f" % p.get("pr", 0)),
    ("Snowie", 7, lambda e, p: "%.1f" % p.get("snowieErrorRate", 0)),
    ("d/b/vb", 9, lambda e, p: "%d/%d/%d" % tuple(p["marks"].get(k, 0) for k in ("doubtful", "bad", "veryBad"))),
    ("md/wd/wt/wp", 11, lambda e, p: "%d/%d/%d/%d" % (p["missedDoubles"], p["wrongDoubles"],
                                                      p["wrongTakes"], p["wrongPasses"])),
    ("luckEMG", 8, lambda e, p: "%+.3f" % p.get("luckTotal", 0)),
    ("luck m", 7, lambda e, p: "%+.1f" % p.get("luckRate", 0)),
    ("rating", 13, lambda e, p: p.get("rating", "")),
]


def print_table(entries, out=sys.stdout):
    head = "  ".join(h.rjust(w) if i else h.ljust(w) for i, (h, w, _) in enumerate(COLUMNS))
    for e in entries:
        length = e.get("matchLength")
        kind = ("money session" if length == 0 else "%s-point match" % length) if length is not None else "?"
        if "error" in e:
            out.write("%s: ERROR %s\n\n" % (e["file"], e["error"]))
            continue
        out.write("%s  (%s, %d games, %s, %d-ply; EMG totals, mEMG per decision; cube = close/all)\n"
                  % (e["file"], kind, e.get("games") or 0, e.get("variation") or "?", e["plies"]))
        out.write("  " + head + "\n")
        for p in e["players"]:
            cells = [f(e, p) for _, _, f in COLUMNS]
            out.write("  " + "  ".join(c.rjust(w) if i else c[:w].ljust(w)
                                       for i, (c, (_, w, _)) in enumerate(zip(cells, COLUMNS))) + "\n")
        out.write("\n")


# --- gnubg against itself ----------------------------------------------------------------------

def selfplay(out_dir, count, length, seed, noises, games, gnubg=GNUBG, timeout=3600):
    """gnubg 0-ply against gnubg 0-ply with noise, `count` files; returns their paths."""
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for i in range(count):
        a, b = noises[(2 * i) % len(noises)], noises[(2 * i + 1) % len(noises)]
        names = ("gnubg-n%03d" % round(a * 1000), "gnubg-n%03d" % round(b * 1000))
        path = os.path.abspath(os.path.join(out_dir, "gnubg-selfplay-%s-%d.mat"
                                            % ("money" if length == 0 else "%dpt" % length, seed + i)))
        # a match plays through by itself; a session stops after each game (`new game` again)
        cmds = ["set threads 1", "set rng mersenne", "set seed %d" % (seed + i),
                "set automatic game %s" % ("off" if length == 0 else "on")]
        for player, noise in ((0, a), (1, b)):
            cmds.append("set player %d gnubg" % player)
            for what in ("chequerplay", "cubedecision"):
                cmds += ["set player %d %s evaluation plies 0" % (player, what),
                         "set player %d %s evaluation noise %g" % (player, what, noise),
                         "set player %d %s evaluation deterministic on" % (player, what)]
        cmds += ["set defaultnames %s %s" % names,
                 "set player 0 name %s" % names[0], "set player 1 name %s" % names[1]]
        if length == 0:
            cmds += ["new session"] + ["new game"] * (games - 1)
        else:
            cmds += ["new match %d" % length]
        cmds += ["export match mat " + quote(path)]
        if os.path.exists(path):
            os.remove(path)
        rc, out, err = run_gnubg(cmds, timeout, gnubg)
        if rc != 0 or not os.path.exists(path):
            sys.exit("gnubg self-play failed for %s (exit %d):\n%s" % (path, rc, (out + err)[-2000:]))
        paths.append(path)
        print("wrote %s (%s %.3f vs %s %.3f noise)" % (path, names[0], a, names[1], b))
    return paths


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 1)[1])
    p.add_argument("files", nargs="*", metavar="FILE.mat")
    p.add_argument("--plies", type=int, choices=(0, 1, 2), default=0, help="analysis depth (default 0)")
    p.add_argument("--jobs", type=int, default=1, help="gnubg processes at a time (default 1)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--gnubg", default=GNUBG, help="gnubg executable (default %(default)s, or $GNUBG)")
    p.add_argument("--cube", choices=("auto", "on", "off"), default="auto",
                   help="gnubg's `set cube use` before importing (default auto: see docs/ANALYSIS.md)")
    p.add_argument("--timeout", type=int, default=3600, help="seconds per file (default 3600)")
    p.add_argument("--log-dir", help="keep each file's gnubg commands and output here")
    p.add_argument("--print-commands", action="store_true", help="print the gnubg commands for each file and stop")
    p.add_argument("--selfplay", metavar="DIR", help="write gnubg-against-gnubg matches into DIR")
    p.add_argument("--count", type=int, default=3, help="--selfplay: files (default 3)")
    p.add_argument("--length", type=int, default=7, help="--selfplay: match length, 0 = money (default 7)")
    p.add_argument("--games", type=int, default=8, help="--selfplay --length 0: games (default 8)")
    p.add_argument("--seed", type=int, default=1, help="--selfplay: seed of the first file (default 1)")
    p.add_argument("--noise", default="0,0.02,0.005,0.06,0.01,0.04",
                   help="--selfplay: noise of each player in turn, cycled (default %(default)s)")
    a = p.parse_args()
    if not (os.path.isfile(a.gnubg) and os.access(a.gnubg, os.X_OK)):
        print("SKIP: gnubg not found at %s" % a.gnubg, file=sys.stderr)
        return SKIP
    if a.selfplay:
        selfplay(a.selfplay, a.count, a.length, a.seed, [float(x) for x in a.noise.split(",")], a.games,
                 a.gnubg, a.timeout)
        return 0
    if not a.files:
        p.print_usage(sys.stderr)
        return 2
    if a.print_commands:
        for f in a.files:
            print("\n".join(file_commands(f, a.plies, mat_header(f), a.cube)))
        return 0
    if a.log_dir:
        os.makedirs(a.log_dir, exist_ok=True)
    entries = analyse_files(a.files, a.plies, max(1, a.jobs), a.gnubg, a.timeout, a.cube, a.log_dir)
    if a.json:
        json.dump(entries, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        print_table(entries)
    failed = [e for e in entries if "error" in e]
    for e in failed:
        print("gnubg refused %s: %s" % (e["file"], e["error"]), file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
