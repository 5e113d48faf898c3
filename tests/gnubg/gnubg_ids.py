# Prints GNU Backgammon's Match IDs for a set of match set-ups, with their fields decoded,
# and gnubg's Position IDs of the three start positions: material for the engine's ID fixtures.
#
# Runs INSIDE gnubg:   /usr/games/gnubg -t -q -p tests/gnubg/gnubg_ids.py | grep '^|'
# (gnubg prints its own chatter first; the table lines start with '|').
#
# Match ID: 9 bytes, base64 (12 characters). Bits, least significant first in each byte:
#   0-3 log2(cube value)   4-5 cube owner (0, 1; 3 = centred)   6 player on roll (dice owner)
#   7 Crawford game   8-10 game state (0 none, 1 playing, 2 over, 3 resigned, 4 dropped)
#   11 turn (who must act now)   12 double offered   13-14 resignation (0 none, 1-3 single..bg)
#   15-17 die 1   18-20 die 2   21-35 match length (0 = money)   36-50 score of player 0
#   51-65 score of player 1   66 the session is played WITHOUT the Jacoby rule (not in the
#   manual's table; gnubg 1.07 sets it in every match-play ID and reads it back)
# gnubg writes the higher die first, whatever the order the dice were set or rolled in.
# The decoder below is this project's own, written from that published layout; the point of
# printing both the inputs and the decoding is that each row checks itself.
# This file is the project's own script driving gnubg as a reference program; no gnubg code in it.

import base64

import gnubg

FIELDS = [("cube_log2", 4), ("owner", 2), ("on_roll", 1), ("crawford", 1), ("state", 3),
          ("turn", 1), ("doubled", 1), ("resign", 2), ("die1", 3), ("die2", 3),
          ("length", 15), ("score0", 15), ("score1", 15), ("no_jacoby", 1)]


def decode_match_id(mid):
    data = base64.b64decode(mid)
    bits = [(byte >> i) & 1 for byte in data for i in range(8)]
    out, k = {}, 0
    for name, width in FIELDS:
        out[name] = sum(bits[k + i] << i for i in range(width))
        k += width
    return out


def describe(d):
    owner = {0: "player 0", 1: "player 1", 3: "centred"}.get(d["owner"], "?%d" % d["owner"])
    return ("cube %d %s, on roll %d, turn %d, crawford %d, state %d, doubled %d, resign %d, "
            "dice %d-%d, length %d, score %d-%d, no-Jacoby bit %d"
            % (1 << d["cube_log2"], owner, d["on_roll"], d["turn"], d["crawford"], d["state"],
               d["doubled"], d["resign"], d["die1"], d["die2"], d["length"], d["score0"],
               d["score1"], d["no_jacoby"]))


# (description, cube value, owner (-1 centred), player on roll, match length, score (p0, p1),
#  crawford, turn (who acts), resigned, doubled, game state, dice)
SETUPS = [
    ("5-point match, 0-0, player 0 on roll, not rolled", 1, -1, 0, 5, (0, 0), 0, 0, 0, 0, 1, (0, 0)),
    ("5-point match, 0-0, player 1 on roll, rolled 3-1", 1, -1, 1, 5, (0, 0), 0, 1, 0, 0, 1, (3, 1)),
    ("7-point match, 0-0, player 0 on roll, rolled 1-3", 1, -1, 0, 7, (0, 0), 0, 0, 0, 0, 1, (1, 3)),
    ("7-point match, 3-2, player 0 on roll, rolled 6-5", 1, -1, 0, 7, (3, 2), 0, 0, 0, 0, 1, (6, 5)),
    ("7-point match, 2-4, cube 2 owned by player 0, player 1 on roll, not rolled",
     2, 0, 1, 7, (2, 4), 0, 1, 0, 0, 1, (0, 0)),
    ("7-point match, 2-4, cube 2 owned by player 1, player 1 on roll, rolled 5-2",
     2, 1, 1, 7, (2, 4), 0, 1, 0, 0, 1, (5, 2)),
    ("5-point match, 4-2, Crawford game, player 1 on roll, rolled 4-4",
     1, -1, 1, 5, (4, 2), 1, 1, 0, 0, 1, (4, 4)),
    ("5-point match, 4-2, post-Crawford, player 1 on roll, not rolled",
     1, -1, 1, 5, (4, 2), 0, 1, 0, 0, 1, (0, 0)),
    ("money, cube 1 centred, player 0 on roll, not rolled", 1, -1, 0, 0, (0, 0), 0, 0, 0, 0, 1, (0, 0)),
    ("money, player 0 doubles to 2 (player 1 to take or pass)",
     1, -1, 0, 0, (0, 0), 0, 1, 0, 1, 1, (0, 0)),
    ("money, cube 4 owned by player 1, player 1 redoubles (player 0 to act)",
     4, 1, 1, 0, (0, 0), 0, 0, 0, 1, 1, (0, 0)),
    ("7-point match, 1-5, cube 2 owned by player 0, player 0 doubles to 4",
     2, 0, 0, 7, (1, 5), 0, 1, 0, 1, 1, (0, 0)),
    ("money, cube 64 owned by player 0, player 0 on roll, rolled 2-6",
     64, 0, 0, 0, (0, 0), 0, 0, 0, 0, 1, (2, 6)),
    ("money, player 0 offers to resign a gammon (player 1 to act)",
     1, -1, 0, 0, (0, 0), 0, 1, 2, 0, 1, (0, 0)),
    ("25-point match, 24-23, post-Crawford, player 0 on roll, rolled 6-6",
     1, -1, 0, 25, (24, 23), 0, 0, 0, 0, 1, (6, 6)),
    ("money, player 1 on roll, rolled 2-1", 1, -1, 1, 0, (0, 0), 0, 1, 0, 0, 1, (2, 1)),
    ("9-point match, 0-0, player 1 offers to resign a single game (player 0 to act)",
     1, -1, 1, 9, (0, 0), 0, 0, 1, 0, 1, (0, 0)),
    ("money, cube 2 owned by player 0, player 1 offers to resign a backgammon",
     2, 0, 1, 0, (0, 0), 0, 0, 3, 0, 1, (0, 0)),
    ("7-point match, 6-5, game over, player 1 had the roll", 1, -1, 1, 7, (6, 5), 0, 1, 0, 0, 2, (0, 0)),
    ("3-point match, 1-0, game resigned", 1, -1, 0, 3, (1, 0), 0, 0, 0, 0, 3, (0, 0)),
    ("money, cube 2 owned by player 1, game ended by a dropped cube",
     2, 1, 0, 0, (0, 0), 0, 0, 0, 0, 4, (0, 0)),
]


ROWS = []  # printed at the end: gnubg's own messages do not always end their lines


def row(*cells):
    ROWS.append("| " + " | ".join(str(c) for c in cells) + " |")


def main():
    gnubg.command("set player 0 human")
    gnubg.command("set player 1 human")

    row("set-up", "Match ID", "decoded by tests/gnubg/gnubg_ids.py")
    row("---", "---", "---")
    for (what, cube, owner, on_roll, length, score, crawford, turn, resigned, doubled, state,
         dice) in SETUPS:
        ci = gnubg.cubeinfo(cube, owner, on_roll, length, score, crawford, 0)
        pi = gnubg.posinfo(turn, resigned, doubled, state, dice)
        mid = gnubg.matchid(ci, pi)
        row(what, mid, describe(decode_match_id(mid)))

    # The same kind of set-up reached with gnubg's own commands, as a check on the above.
    def after(commands, then=False):
        for c in commands:
            gnubg.command(c)
        mid = gnubg.matchid()
        label = ("(commands) ... then " if then else "(commands) ") + ", ".join(commands)
        row(label, mid, describe(decode_match_id(mid)))

    after(["new match 7", "set score 3 2", "set turn 0", "set dice 6 5"])
    after(["set cube value 2", "set cube owner 1"], then=True)
    after(["new match 5", "set score 4 2", "set crawford on", "set turn 1", "set dice 4 4"])
    after(["new session", "set score 12 3", "set turn 0"])
    after(["double"], then=True)
    after(["take", "set dice 3 1"], then=True)  # gnubg rolls for player 0 after take: set the dice
    after(["set dice 1 3"], then=True)  # set lower first, still written higher first
    # Bit 66, after the documented 66: set when the session is played without Jacoby
    # (and in every match-play ID gnubg writes).
    after(["set jacoby off", "new session", "set turn 1", "set dice 1 2"])
    gnubg.command("set jacoby on")

    row("")
    row("variant", "player on roll", "Position ID", "Match ID (money session)")
    row("---", "---", "---", "---")
    for variation in ["standard", "nackgammon", "3-chequer-hypergammon"]:
        gnubg.command("set variation " + variation)
        gnubg.command("new session")
        for player in (0, 1):
            gnubg.command("set turn %d" % player)
            row(variation, player, gnubg.positionid(), gnubg.matchid())
    print("\n" + "\n".join(ROWS))


main()
