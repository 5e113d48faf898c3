# The nets' inputs for a batch of positions, equal to src/ai/encoding.cpp's encode() within
# float rounding; docs/AI.md "Nets and inputs" says what each input means. Dense float32 on
# the positions' device: [N, 230] for Standard and Nackgammon, [N, 206] for Long Nard.
import torch

from board import BAR, HOME_TOP, OFF, pip_counts

SIDE = 24 * 4 + 2 + 6  # per side: points, bar, off, features
FIRST_SET, SECOND_SET = 8, 3  # contact features per side, in two sets (encoding.h)
INPUTS = 2 * (SIDE + FIRST_SET + SECOND_SET)
LONG_SIDE = 24 * 4 + 1 + 6  # Long Nard, per side: points, off, features
LONG_INPUTS = 2 * LONG_SIDE

_ROLLS = [(a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(1, a + 1)]


def classify(boards, long=False):
    """0 contact, 1 race, 2 bear-off (both sides home), as encoding.cpp classify(). Long
    Nard: contact while a checker of either side stands ahead of the other's last one."""
    rm, rt = rearmost(boards[:, 0]), rearmost(boards[:, 1])
    bearoff = (rm <= HOME_TOP) & (rt <= HOME_TOP)
    if long:
        contact = _ahead(boards[:, 1], rm) | _ahead(boards[:, 0], rt)
    else:
        contact = rm + rt > 25
    return torch.where(bearoff, 2, torch.where(contact, 0, 1))


def _same_direction(p):
    """Long Nard: my point p is the opponent's p + 12 or p - 12."""
    return torch.where(p <= 12, p + 12, p - 12)


def _ahead(other, rear):
    """Does `other` hold a checker on a point q < rear of the rear side's path?"""
    q = torch.arange(1, 25, device=other.device)
    return ((other[:, _same_direction(q)] > 0) & (q[None] < rear[:, None])).any(1)


def rearmost(side):
    """Highest occupied slot 1..25, 0 when every checker is off."""
    occ = side[:, 1:26] > 0
    return torch.where(occ.any(1), 25 - occ.flip(1).int().argmax(1), 0)


def _longest_run(ok, cap=6):
    """Longest row of True over the points (ok [N, 24]), at most cap (the inputs stop at 6):
    the points as bits, each step keeps the bits that start a row one longer."""
    bits = _bits(ok)
    out = torch.zeros_like(bits)
    for _ in range(cap):
        out += bits != 0
        bits = bits & (bits >> 1)
    return out


def _escape_table():
    """[4096]: the rolls of 36 that escape past the 12 points ahead, by which of them are
    held (bit 12 - d: the point d pips ahead)."""
    out = []
    for pattern in range(1 << 12):
        held = [False] + [bool(pattern >> (12 - d) & 1) for d in range(1, 13)]
        out.append(sum(w for a, b, w in _ROLLS if not held[a + b] and not (held[a] and held[b])))
    return torch.tensor(out)


_ESCAPE_TABLE = _escape_table()
_ESCAPE_TABLES = {}


def _escapes(o):
    """[N, 26]: rolls of 36 with which a checker on s's point x (1..25) travels both dice in
    full without landing on a point o holds (12 pips ahead; a double counts two steps).

    Only the 12 points ahead matter: their pattern (12 bits) looks the answer up in a table
    of 4096, a few operations for all 26 points instead of 21 rounds over the rolls."""
    dev = o.device
    if dev not in _ESCAPE_TABLES:
        _ESCAPE_TABLES[dev] = _ESCAPE_TABLE.to(dev)
    held = (o[:, 1:25].flip(1) >= 2).long() << torch.arange(1, 25, device=dev)  # bit x: s's point x is o's 25 - x
    window = ((held.sum(1)[:, None] << 12) >> torch.arange(26, device=dev)) & 0xFFF  # bit j: point x - 12 + j
    return _ESCAPE_TABLES[dev][window]


# The 21 rolls as tensors (high die first, as _ROLLS), for the shot odds' bit masks.
_HIGH = torch.tensor([a for a, _, _ in _ROLLS])
_LOW = torch.tensor([b for _, b, _ in _ROLLS])
_WAYS = torch.tensor([w for _, _, w in _ROLLS])
_ROLL_TABLES = {}


def _roll_tables(device):
    if device not in _ROLL_TABLES:
        _ROLL_TABLES[device] = (_HIGH.to(device, torch.int32), _LOW.to(device, torch.int32), _WAYS.to(device))
    return _ROLL_TABLES[device]


def _bits(mask):
    """[N, k] bool -> [N] int32 (k < 31), column i as bit i."""
    return (mask.int() << torch.arange(mask.shape[1], device=mask.device, dtype=torch.int32)).sum(1, dtype=torch.int32)


def _popcount(x):
    """Set bits of each non-negative int32 (no popcount in PyTorch)."""
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    x = x + (x >> 8)
    return (x + (x >> 16)) & 0x3F


def _shot_odds(s, o):
    """o's next roll against s's blots, blocking ignored (encoding.cpp shotOdds): the chance
    of hitting one, of hitting two, and the pips s loses on average (worst hit per roll).

    The 24 points are the bits of one int32 (the highest bit used is 29), and the 21 rolls a
    second dimension: about 100 operations on [N, 21] integers rather than 21 rounds of
    about 25 on [N, 24] masks (a fifth of the launches and about half the bytes, which is
    what a GPU spends its time on here). Every sum is of whole numbers, as exact as the C++
    loop."""
    high, low, ways = _roll_tables(s.device)
    double = high == low
    blot = _bits(s[:, 1:25].flip(1) == 1)[:, None]  # bit y - 1: s's point 25 - y holds one checker
    has = _bits(o[:, 1:26] > 0)[:, None]  # bit k - 1: o has a checker on its point k
    lone = _bits(o[:, 1:26] == 1)[:, None]  # ... exactly one
    reach = lambda d: blot & (has >> d)  # noqa: E731  blots with a checker of o d pips above
    ra, rb = reach(high), reach(low)  # [N, 21]
    # Doubles hit from 1 to 4 steps away, and hit two blots when two lie within 3 steps.
    hit = ra | rb | reach(high + low) | torch.where(double, reach(3 * high), 0)
    two_double = (hit & (hit - 1)) != 0
    hit = hit | torch.where(double, reach(4 * high), 0)
    # Non-doubles: one checker hits with one die and goes on to a blot the other die further
    # on, or two checkers hit one blot each: pairs of distinct blots, one in reach of each
    # die, less those where both shots come from the same lone checker (y + high + 1).
    goes_on = ((ra & (blot << low)) | (rb & (blot << high))) != 0
    count = _popcount(reach(torch.arange(7, device=s.device, dtype=torch.int32)))  # [N, 7]: blots in reach of each die
    pairs = count[:, high.long()] * count[:, low.long()] - _popcount(ra & rb)
    same = _popcount((lone >> high) & blot & (blot >> (high - low)))
    two = torch.where(double, two_double, goes_on | (pairs > same))
    any_hit = hit != 0
    _, worst = torch.frexp(hit.float())  # the highest bit's y (0 when none); exact below 2^24
    single = (ways * any_hit).sum(1)
    twice = (ways * (any_hit & two)).sum(1)
    lost = (ways * worst).sum(1)
    return single.float() / 36, twice.float() / 36, lost.float() / 36


def _side(s, o, shots, checkers):
    """A side's 96 point inputs and its 8 features, [N, 104]."""
    sf = s.float()
    pts = sf[:, 1:25]
    four = torch.stack([pts >= 1, pts >= 2, pts >= 3, torch.zeros_like(pts, dtype=torch.bool)], 2).float()
    four[:, :, 3] = torch.clamp(pts - 3, min=0) * 0.5
    return torch.cat([four.reshape(len(s), 96), torch.stack([
        sf[:, BAR] * 0.5,
        sf[:, OFF] / checkers,
        pip_counts(s[:, None])[:, 0].float() / (10.0 * checkers),
        rearmost(s).float() / 25,
        (s[:, 1:7] >= 2).sum(1).float() / 6,
        _longest_run(s[:, 1:25] >= 2).float() / 6,
        shots[0],
        (o[:, 1:7] >= 2).sum(1).float() / 6,
    ], 1)], 1)


def _contact(s, o, shots):
    """A side's contact features: the first set [N, 8] and the second [N, 3]."""
    n, dev = len(s), s.device
    esc = _escapes(o)
    x = torch.arange(26, device=dev)
    rear = rearmost(s)
    rear_esc = esc.gather(1, rear[:, None])[:, 0]
    made = s >= 2
    adv = torch.where(made[:, 16:25], 25 - x[16:25], 0).amax(1)  # the most advanced: lowest point
    their_rear = 25 - rearmost(o)
    sl = s.long()
    behind = (sl * torch.clamp(x[None] - their_rear[:, None], min=0))[:, 1:26].sum(1)
    outside = (sl * torch.clamp(x - HOME_TOP, min=0))[:, 1:26].sum(1)
    blots = s[:, 1:25] == 1  # s's point x; o hits it from o's points 26 - x .. 31 - x
    has = torch.zeros((n, 32), dtype=torch.bool, device=dev)
    has[:, 1:26] = o[:, 1:26] > 0
    theirs = 25 - x[1:25]
    near = torch.zeros_like(blots)
    for k in range(1, 7):
        near |= has[:, theirs + k] & (theirs + k <= BAR)
    mob = (sl * torch.clamp(x - HOME_TOP, min=0) * esc)[:, 1:26].sum(1)
    first = torch.stack([
        torch.where(rear > HOME_TOP, 1 - rear_esc.float() / 36, 0.0),
        1 - esc[:, 13:25].amin(1).float() / 36,
        made[:, 19:25].sum(1).float() / 3,
        adv.float() / 9,
        torch.clamp(behind, max=300).float() / 150,
        torch.clamp(outside, max=300).float() / 150,
        (blots & near).sum(1).float() / 3,
        shots[1],
    ], 1)
    second = torch.stack([
        torch.clamp(mob, max=7200).float() / 3600,
        torch.clamp(_spread(s), max=800) / 400,
        shots[2] / 12,
    ], 1)
    return first, second


def _spread(s):
    """Sum of squared distances behind their mean of the checkers on the board."""
    sf = s[:, 1:26].float()
    x = torch.arange(1, 26, device=s.device, dtype=torch.float32)
    on_board = sf.sum(1)
    mean = (sf * x).sum(1) / torch.clamp(on_board, min=1)
    d = x[None] - mean[:, None]
    return torch.where(d > 0, sf * d * d, torch.zeros_like(sf)).sum(1)


def _long_side(s, o):
    """encoding.cpp encodeLongSide: the points (the last unit (n - 3) / 4), then borne off,
    pips, the head, home, longest row, the first quarter, and mobility."""
    n, dev = len(s), s.device
    sf = s.float()
    pts = sf[:, 1:25]
    four = torch.stack([pts >= 1, pts >= 2, pts >= 3, pts >= 4], 2).float()
    four[:, :, 3] = torch.clamp(pts - 3, min=0) * 0.25
    p = torch.arange(1, 25, device=dev)
    blocked = torch.zeros((n, 24), dtype=torch.int64, device=dev)  # per point, steps ahead held
    for d in range(1, 7):
        ahead = (p - d).clamp(min=1)
        blocked += (o[:, _same_direction(ahead)] > 0) & (p - d >= 1)
    occ = s[:, 1:25] > 0
    occupied = occ.sum(1)
    blocked_steps = (blocked * occ).sum(1)
    return torch.cat([four.reshape(n, 96), torch.stack([
        sf[:, OFF] / 15,
        pip_counts(s[:, None])[:, 0].float() / 360,
        sf[:, 24] / 15,
        sf[:, 1:7].sum(1) / 15,
        _longest_run(occ).float() / 6,
        sf[:, 19:25].sum(1) / 15,
        torch.where(occupied > 0, blocked_steps.float() / (6.0 * occupied.clamp(min=1)), 0.0),
    ], 1)], 1)


def encode(boards, checkers=15, long=False):
    """[N, 230] float32 inputs of positions [N, 2, 26] ([N, 206] for Long Nard), the player
    on roll's side first. Each part is made whole and the parts joined once (writing the
    features a column at a time into the [N, 230] rows touched a cache line or a GPU
    sector per row and column)."""
    me, them = boards[:, 0], boards[:, 1]
    if long:
        return torch.cat([_long_side(me, them), _long_side(them, me)], 1)
    at_me, at_them = _shot_odds(me, them), _shot_odds(them, me)
    (first_me, second_me), (first_them, second_them) = _contact(me, them, at_me), _contact(them, me, at_them)
    return torch.cat([_side(me, them, at_me, checkers), _side(them, me, at_them, checkers),
                      first_me, first_them, second_me, second_them], 1)
