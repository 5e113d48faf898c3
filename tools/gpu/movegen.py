# Legal plays for a whole batch of (position, dice) at once, Standard and Nackgammon under
# modern and traditional rules, and Long Nard: the rules of src/engine/movegen.cpp, restated
# for tensors.
#
# The C++ search walks one position depth first. Here a frontier of partial plays advances
# one die at a time for the whole batch: every state tries all 25 sources at once (a mask),
# the legal ones become the next frontier. What the rules need to choose among the results
# (dice used, the die of a one-die play, the traditional hit-and-lift restriction) travels
# with each state, and the rules' filter runs on the results at the end, grouped by a hash.
# The orders searched are the engine's, so its choices where it has any (which order of a
# non-double keeps the traditional restriction) are reproduced, not just the rules.
import warnings

import torch

from board import BAR, HOME_TOP, OFF, SLOTS, pip_counts

warnings.filterwarnings("ignore", message="scatter_reduce")  # beta in torch 1.13, stable since

_SRC = torch.arange(1, 26)  # candidate sources: points 1..24 and the bar


def _hash_weights(device):
    g = torch.Generator().manual_seed(0x6A09E667)
    w = torch.randint(-(2**62), 2**62, (2 * SLOTS + 1,), generator=g, dtype=torch.int64)
    return (w | 1).to(device)


_weights = {}


def position_hash(boards, root):
    """64-bit key of (root, position): equal positions of one root meet, others almost never.

    A board's 52 bytes are read as 13 32-bit words, each times an odd 64-bit weight: a
    quarter of the products of a byte-by-byte sum (move generation hashes every state it
    makes). Two boards that differ in one word never meet (an odd weight times a nonzero
    difference below 2^32 is not 0 modulo 2^64)."""
    dev = boards.device
    if dev not in _weights:
        _weights[dev] = _hash_weights(dev)
    w = _weights[dev]
    words = boards.reshape(len(boards), 2 * SLOTS).contiguous().view(torch.int32).long()
    return (words * w[:2 * SLOTS // 4]).sum(1) + root * w[-1]  # wraps modulo 2^64, as intended


def distinct(keys):
    """(first, inverse): the index of the first row of each distinct key, and each row's
    place among them, so that rows[first][inverse] stands for rows."""
    _, inv = torch.unique(keys, return_inverse=True)
    first = torch.full((int(inv.max()) + 1 if len(inv) else 0,), len(inv), device=keys.device)
    return first.scatter_reduce(0, inv, torch.arange(len(inv), device=keys.device), "amin"), inv


class Rules:
    """What the variant and rule set change (VariantSpec, RulePolicy): Long Nard moves the same
    way round (my point p is the opponent's p +- 12), one checker blocks, nothing is hit, one
    checker a turn leaves the head (point 24) and no six-point block may trap every opponent
    checker; traditional rules keep the most pips and the hit-and-lift restriction."""

    def __init__(self, variant="standard", traditional=False):
        self.long = variant == "longnard"
        self.traditional = traditional and not self.long
        self.block_at = 1 if self.long else 2
        self.hitting = not self.long
        self.head_rule = self.six_block = self.long
        # Orders matter where a rule looks at the steps in between (engine everyOrder_).
        self.every_order = self.traditional or self.six_block


def _opponent_point(p, rules):
    return torch.where(p <= 12, p + 12, p - 12) if rules.long else 25 - p


class States:
    """A frontier of partial plays: positions, their root in the batch, and the rule state."""

    def __init__(self, boards, root, top, restricted, clean, high_first, last_to=None, head=None):
        self.boards, self.root, self.top = boards, root, top  # top: the last move's source
        self.last_to = last_to  # the last move's landing point (0: off)
        self.head = torch.zeros_like(root) if head is None else head  # checkers moved off point 24
        self.restricted, self.clean = restricted, clean  # traditional restriction (bit masks)
        self.high_first = high_first  # the first die played was the higher one

    def take(self, idx):
        return States(self.boards[idx], self.root[idx], self.top[idx], self.restricted[idx],
                      self.clean[idx], self.high_first[idx],
                      None if self.last_to is None else self.last_to[idx], self.head[idx])


def _masks(s, die, rules, head_limit, limit=None):
    """(cand, legal, to, opp) for every state and source 1..25, as engine sources()/target().

    cand: the sources() superset (occupied, bar first, landing open or a bear-off candidate);
    legal: target() agrees (a larger die bears off only from the highest point)."""
    # The counts stay int8 (a frontier holds millions of states on a GPU: int64 copies of
    # both sides were 416 bytes a state); only the landing points index, as int64.
    me, them = s.boards[:, 0], s.boards[:, 1]
    src = _SRC.to(me.device)[None, :]
    to = src - die[:, None]
    opp = them.gather(1, torch.where(to >= 1, _opponent_point(to.clamp(min=1), rules), 0))  # where it lands
    all_home = me[:, HOME_TOP + 1:].sum(1) == 0
    cand = (me[:, 1:26] > 0) & (((to >= 1) & (opp < rules.block_at)) | ((to <= 0) & all_home[:, None]))
    on_bar = me[:, BAR] > 0
    cand &= ~on_bar[:, None] | (src == BAR)
    if limit is not None:
        cand &= src <= limit[:, None]
    home = me[:, 1:HOME_TOP + 1] > 0
    highest = torch.where(home.any(1), HOME_TOP - home.flip(1).int().argmax(1), 0)
    legal = cand & ((to >= 0) | (src == highest[:, None]))
    if rules.head_rule:
        legal &= ~((src == 24) & (s.head >= head_limit[s.root])[:, None])
    return cand, legal, to, opp


def _children(s, mask, to, opp, rules, high_die, die):
    """The states after each (state, source) marked in mask that the rules allow, and the
    state each came from."""
    parent, col = mask.nonzero(as_tuple=True)
    src = col + 1
    dest = to[parent, col].clamp(min=0)
    hit = (dest >= 1) & (opp[parent, col] == 1) & rules.hitting
    nb = s.boards[parent]  # indexing copies: the children are new boards
    k = torch.arange(len(parent), device=nb.device)
    nb[k, 0, src] -= 1
    nb[k, 0, dest] += 1
    nb[k[hit], 1, _opponent_point(dest[hit], rules)] = 0
    nb[k[hit], 1, BAR] += 1
    r, c = s.restricted[parent], s.clean[parent]
    if rules.traditional:
        r, c = _track_restriction(r, c, src, dest, hit, nb[k, 0, dest].long())
    root = s.root[parent]
    first = s.high_first[parent] if die is None else (die[root] == high_die[root])
    out = States(nb, root, src, r, c, first, dest, s.head[parent] + (src == 24))
    if rules.six_block:
        ok = _no_trapping_block(nb).nonzero(as_tuple=True)[0]
        out, parent = out.take(ok), parent[ok]
    return out, parent


def _moved(parent, n):
    """Which of n states have a child."""
    return torch.bincount(parent, minlength=n) > 0


def _no_trapping_block(boards):
    """Long Nard: the mover holds no six consecutive points with every opponent checker
    behind them, or the opponent has borne a checker off (movegen.cpp sixBlockTraps)."""
    me, them = boards[:, 0], boards[:, 1]
    k = torch.arange(1, 25, device=boards.device)  # the opponent's points
    held = me[:, torch.where(k <= 12, k + 12, k - 12)] > 0
    run = held[:, :19].clone()
    for d in range(1, 6):
        run &= held[:, d:19 + d]
    occupied = them[:, 1:26] > 0
    lowest = torch.where(occupied.any(1), occupied.int().argmax(1) + 1, 26)
    traps = (run & (k[None, :19] <= lowest[:, None])).any(1)
    return (them[:, OFF] > 0) | ~traps


def _track_restriction(r, clean, src, dest, hit, now_at_dest):
    """Traditional "hit and lift" (movegen.cpp trackRestriction): a checker that hit in its
    home board and stands alone may not move onto its own checkers or bear off this turn."""
    from_bit, to_bit = torch.ones_like(r) << src, torch.ones_like(r) << dest
    was_restricted = (r & from_bit) != 0
    lifted = was_restricted & ((dest == 0) | (now_at_dest > 1))
    joined = ~was_restricted & ((r & to_bit) != 0)
    new_hit = ~was_restricted & ~joined & hit & (dest <= HOME_TOP) & (now_at_dest == 1)
    moved = r & ~from_bit
    out = torch.where(was_restricted, torch.where(lifted, moved, moved | to_bit), r)
    out = torch.where(joined, r & ~to_bit, out)
    out = torch.where(new_hit, r | to_bit, out)
    return out, clean & ~lifted


def _dedupe(s, rules):
    """Equal partial plays expand alike: keep one (the engine's visited set, for doubles)."""
    if not len(s.root):
        return s
    key = position_hash(s.boards, s.root)
    extra = (s.restricted * 2 + s.clean.long()) * 8 + s.head if rules.every_order else s.top
    first, _ = distinct(key * 1000003 + extra)
    return s.take(first)


class Records:
    """Complete plays found: (state, dice used, whether a one-die play used the higher die)."""

    def __init__(self):
        self.parts = []

    def add(self, s, count, used_high):
        if len(s.boards):
            n = len(s.boards)
            dev = s.boards.device
            self.parts.append((s, torch.full((n,), count, device=dev), used_high.expand(n)))


def _start(boards):
    n, dev = len(boards), boards.device
    z = torch.zeros(n, dtype=torch.int64, device=dev)
    return States(boards, torch.arange(n, device=dev), torch.full((n,), BAR, device=dev), z,
                  torch.ones(n, dtype=torch.bool, device=dev), torch.zeros(n, dtype=torch.bool, device=dev))


def _mixed(s0, a, b, rules, head_limit, rec):
    """Non-doubles: die a then die b, then b then a (engine searchMixed). The second order
    skips the pairs the first already played with two different checkers (and a skipped
    pair still counts as a second move: no one-die play is recorded for it)."""
    high = torch.maximum(a, b)
    dev = s0.boards.device
    src = _SRC.to(dev)[None, :]
    played = torch.zeros((len(s0.boards), 26, 26), dtype=torch.bool, device=dev)
    for order in range(2):
        d1, d2 = (a, b) if order == 0 else (b, a)
        cand, legal, to, opp = _masks(s0, d1[s0.root], rules, head_limit)
        s1, _ = _children(s0, legal, to, opp, rules, high, d1)
        cand2, legal2, to2, opp2 = _masks(s1, d2[s1.root], rules, head_limit)
        skip = torch.zeros_like(cand2)
        if order == 1 and not rules.six_block:  # the six-block rule looks at every order
            # played[root, x, y]: in order 1, x moved first (die a) and then y (die b).
            skip = played[s1.root[:, None], src, s1.top[:, None]]
            skip &= cand2 & (src != s1.last_to[:, None])
            legal2 = legal2 & ~skip
        s2, p2 = _children(s1, legal2, to2, opp2, rules, high, None)
        second = skip.any(1) | _moved(p2, len(s1.root))
        if order == 0:
            played[s1.root[p2], s1.top[p2], s2.top] = True
        rec.add(s2, 2, torch.zeros((), dtype=torch.bool, device=dev))
        lone = s1.take((~second).nonzero(as_tuple=True)[0])
        rec.add(lone, 1, lone.high_first)


def _doubles(s0, die, rules, head_limit, rec):
    """Doubles: up to four moves of one die (engine searchDouble). Modern rules search
    sources from high to low only (a move's source at most the previous one's); traditional
    rules and Long Nard every order, since their rules look at the steps. A state with no move left is a
    play of the dice used so far."""
    s = s0
    for depth in range(4):
        cand, legal, to, opp = _masks(s, die[s.root], rules, head_limit, None if rules.every_order else s.top)
        children, parent = _children(s, legal, to, opp, rules, die, None)  # top: this source
        if depth > 0:
            stuck = s.take((~_moved(parent, len(s.root))).nonzero(as_tuple=True)[0])
            rec.add(stuck, depth, torch.zeros((), dtype=torch.bool, device=s.boards.device))
        s = _dedupe(children, rules)
    rec.add(s, 4, torch.zeros((), dtype=torch.bool, device=s.boards.device))


class Plays:
    """The legal results of a batch: boards [R, 2, 26] (still seen from the mover) and the
    batch row each belongs to, sorted by row. A row without results cannot move."""

    def __init__(self, boards, owner, n, keys):
        self.boards, self.owner, self.n = boards, owner, n
        self.keys = keys  # position_hash(boards, 0): for finding equal results across rows

    def counts(self):
        return torch.bincount(self.owner, minlength=self.n)


def generate(boards, dice, traditional=False, variant="standard"):
    """All legal plays of each (position, dice) row: boards [N, 2, 26] int8, dice [N, 2]."""
    dev = boards.device
    dice = dice.to(dev).long()
    rules = Rules(variant, traditional)
    is_double = dice[:, 0] == dice[:, 1]
    parts = []
    for doubles in (False, True):
        idx = (is_double == doubles).nonzero(as_tuple=True)[0]
        if not len(idx):
            continue
        sub, a, b = boards[idx], dice[idx, 0], dice[idx, 1]
        rec = Records()
        # Long Nard's first turn: 6-6, 4-4 and 3-3 may take two checkers off the head,
        # since one alone is stopped by the opponent's head.
        first_turn = sub[:, 0, 24] == 15
        head_limit = 1 + (first_turn & doubles & ((a == 6) | (a == 4) | (a == 3))).long()
        if doubles:
            _doubles(_start(sub), a, rules, head_limit, rec)
        else:
            _mixed(_start(sub), a, b, rules, head_limit, rec)
        p = _filter(rec, sub, doubles, rules.traditional)
        parts.append((p.boards, idx[p.owner], p.keys))
    out = torch.cat([p[0] for p in parts]) if parts else boards.new_zeros((0, 2, SLOTS))
    owner = torch.cat([p[1] for p in parts]) if parts else torch.zeros(0, dtype=torch.int64, device=dev)
    keys = torch.cat([p[2] for p in parts]) if parts else torch.zeros(0, dtype=torch.int64, device=dev)
    order = torch.argsort(owner, stable=True)
    return Plays(out[order], owner[order], len(boards), keys[order])


def _group_max(values, group, groups):
    out = torch.full((groups,), -1, dtype=torch.int64, device=values.device)
    return out.scatter_reduce(0, group, values.long(), "amax")


def _filter(rec, roots, is_double, traditional):
    """One row per distinct result, then the rules' choice among them (engine filter()):
    the most dice; modern, when only one die can be played, the higher if any play uses it;
    traditional, the most pips and then the plays that keep the restriction, if any does."""
    n, dev = len(roots), roots.device
    if not rec.parts:
        none = torch.zeros(0, dtype=torch.int64, device=dev)
        return Plays(roots.new_zeros((0, 2, SLOTS)), none, n, none)
    boards = torch.cat([p[0].boards for p in rec.parts])
    root = torch.cat([p[0].root for p in rec.parts])
    clean = torch.cat([p[0].clean for p in rec.parts])
    count = torch.cat([p[1] for p in rec.parts])
    high = torch.cat([p[2] for p in rec.parts])
    plain = position_hash(boards, 0)
    first, inv = distinct(plain + root * _weights[dev][-1])  # (root, position)
    g = len(first)
    dice_used = _group_max(count, inv, g)
    at_max = count == dice_used[inv]  # only the longest orders reaching a result count
    g_high = _group_max(high & at_max, inv, g) > 0
    g_clean = _group_max(clean & at_max, inv, g) > 0
    g_root, g_boards = root[first], boards[first]
    keep = dice_used == _group_max(dice_used, g_root, n)[g_root]
    if traditional:
        pips = pip_counts(roots)[g_root, 0] - pip_counts(g_boards)[:, 0]
        best = _group_max(torch.where(keep, pips, -1), g_root, n)
        keep &= pips == best[g_root]
        any_clean = _group_max(g_clean & keep, g_root, n) > 0
        keep &= g_clean | ~any_clean[g_root]
    else:
        one_die = (_group_max(dice_used, g_root, n) == 1) & (not is_double)
        any_high = _group_max(g_high & keep, g_root, n) > 0
        keep &= g_high | ~(one_die & any_high)[g_root]
    idx = keep.nonzero(as_tuple=True)[0]
    # A row's plays in the order of their positions' keys, which the row's place in the
    # batch does not change: the rollout's tie between equal equities (common in bear-offs
    # and won races) goes the same way however the rows were chunked or merged.
    idx = idx[torch.argsort(plain[first[idx]])]
    idx = idx[torch.argsort(g_root[idx], stable=True)]
    return Plays(g_boards[idx], g_root[idx], n, plain[first[idx]])
