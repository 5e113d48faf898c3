# Cubeless rollouts of many positions at once, every trial a game of the batch, played by
# the nets at 0-ply (each side makes the play with the best money equity). The variance
# reduction of src/ai/rollout.cpp (docs/AI.md, "Rollouts"):
#  - stratified dice: turn t of trial i rolls perm_t[(digit_t(i) + previous position) % 36],
#    digit_t(i) = (i / 36^t) % 36, so each 36 trials see every first roll once;
#  - luck: before each roll the mover's best play of each of the 21 rolls is valued at 0-ply;
#    the rolled roll's value minus their average is subtracted from the trial's result.
# At 0-ply the rolled roll's best play is the play made, so the 21 rolls' search serves both.
# Optional truncation: the trial stops before the roll of turn T and takes the evaluator's
# value there. Results: the five chances of the side on roll, equity, standard errors.
# The dice are a function of (the root's seed, trial, turn) alone: roots given one seed are
# rolled out with the same dice (common random numbers, as gnubg rolls out a play's
# candidates), whatever their batch or order.
import hashlib

import torch

import board
import engine
import movegen
import nets

_ROLLS = torch.tensor(engine.ROLLS)
_WEIGHTS = torch.tensor([1.0 if a == b else 2.0 for a, b in engine.ROLLS])
_OUTCOMES = torch.tensor([[k // 6 + 1, k % 6 + 1] for k in range(36)])  # as rollout.cpp


def invert_delta(d):
    """A difference of chances seen by the other player (the affine part cancels)."""
    return torch.stack([-d[:, 0], d[:, 3], d[:, 4], d[:, 1], d[:, 2]], 1)


_MASK32 = 0xFFFFFFFF


def _mul32(h, c):
    """(h * c) mod 2^32 for int64 tensors h < 2^32, in halves so that nothing overflows."""
    return (h * (c & 0xFFFF) + (((h * (c >> 16)) & 0xFFFF) << 16)) & _MASK32


def _mix32(h):
    """A bijection of 32-bit values that spreads every input bit over the output (the
    finaliser of the MurmurHash3 family)."""
    h = h ^ (h >> 16)
    h = _mul32(h, 0x85EBCA6B)
    h = h ^ (h >> 13)
    h = _mul32(h, 0xC2B2AE35)
    return h ^ (h >> 16)


def dice_hash(seed, turn, n):
    """A 32-bit value for (seed, turn, n), int64 tensors that broadcast: a counter-based
    generator, so that a trial's dice do not depend on which rows share its batch."""
    h = _mix32((seed & _MASK32) ^ 0x9E3779B9)
    h = _mix32(h ^ (turn & _MASK32))
    return _mix32(h ^ (n & _MASK32))


def seed_of(text):
    """A 31-bit dice seed named by a text (a roll, a Position ID): nard-cli's --seed and
    Roller.run take it."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "little") & 0x7FFFFFFF


class Dice:
    """The dice of trials of roots with seeds `seeds` ([P] int64): the first `turns` turns
    stratified by a permutation of the 36 outcomes per root and turn, the rest drawn."""

    def __init__(self, seeds, turns, device):
        self.seeds, self.turns = seeds.to(device), turns
        outcome = torch.arange(36, device=device)
        turn = torch.arange(turns, device=device)
        keys = dice_hash(self.seeds[:, None, None], turn[None, :, None], outcome[None, None, :])
        # The outcome in the low bits makes the keys distinct: no tie for a sort to break.
        self.perms = (keys * 64 + outcome).argsort(-1)  # [P, turns, 36]

    def roll(self, turn, root, trial):
        """[N, 2] dice of turn `turn` for the rows' roots and trials ([N] int64 each)."""
        outcomes = _OUTCOMES.to(trial.device)
        if turn >= self.turns:
            return outcomes[dice_hash(self.seeds[root], turn, trial) % 36]
        block, previous = 36**turn, torch.zeros_like(trial)
        for t in range(turn):  # where the earlier turns' digits left this trial
            previous = ((trial // 36**t) % 36 + previous) % 36
        position = ((trial // block) % 36 + previous) % 36
        return outcomes[self.perms[root, turn, position]]


def ranked_results(ev, boards, dice, traditional=False):
    """Per row of (boards, dice): its distinct legal results as (Position ID, the mover's
    0-ply cubeless equity), best first, the mover still in the on-roll half of the ID.
    For picking the plays worth rolling out: the benchmark's candidates, the data's
    alternatives."""
    plays = movegen.generate(boards, dice, traditional, ev.variant)
    with torch.no_grad():
        eq = nets.equity(nets.invert(ev(plays.boards.flip(1))), ev.backgammons and not traditional)
    ids = board.position_ids(plays.boards)
    eq = eq.tolist()  # once: an .item() a play would wait on the GPU each time
    rows = [{} for _ in range(len(boards))]
    for k, i in enumerate(plays.owner.tolist()):
        rows[i][ids[k]] = eq[k]
    return [sorted(r.items(), key=lambda x: -x[1]) for r in rows]


class Roller:
    def __init__(self, evaluator, traditional, device, rows=8192):
        self.ev, self.traditional, self.device = evaluator, traditional, device
        self.backgammons = not traditional and evaluator.backgammons  # do they count
        self.rows = rows  # (position, roll) rows searched at once: bounds the memory used
        # What the turns asked for and what was done after merging equal rows and results
        # (tools/gpu/bench.py prints it): (position, roll) rows, legal results, evaluations.
        self.work = dict.fromkeys(["rows asked", "rows searched", "results", "evaluated"], 0)

    def best_plays(self, boards, dice):
        """For each row: the mover's best play's result (the row unchanged if it cannot
        move), its five chances (mover's view) and whether the mover has won."""
        if len(boards) > self.rows:
            parts = [self.best_plays(boards[i:i + self.rows], dice[i:i + self.rows])
                     for i in range(0, len(boards), self.rows)]
            return tuple(torch.cat(x) for x in zip(*parts))
        plays = movegen.generate(boards, dice, self.traditional, self.ev.variant)
        n, dev = len(boards), boards.device
        # The evaluation is most of the work: each distinct result once. Rows of one game
        # share results across rolls (a tenth of them in a middle game), and rows of games
        # that stand alike (the trials of a root in their first turns) all of them.
        first, inv = movegen.distinct(plays.keys)
        self.work["results"] += len(inv)
        self.work["evaluated"] += len(first)
        chances = nets.invert(self.ev(plays.boards[first].flip(1)))[inv]
        eq = nets.equity(chances, self.backgammons)
        best_eq = torch.full((n,), -1e9, device=dev).scatter_reduce(0, plays.owner, eq, "amax")
        pick = torch.where(eq == best_eq[plays.owner], torch.arange(len(eq), device=dev), len(eq))
        first = torch.full((n,), len(eq), device=dev).scatter_reduce(0, plays.owner, pick, "amin")
        moved = first < len(eq)
        idx = first[moved]
        after = boards.clone()
        after[moved] = plays.boards[idx]
        value = torch.empty((n, 5), device=dev)
        value[moved] = chances[idx]
        stuck = (~moved).nonzero(as_tuple=True)[0]
        if len(stuck):  # no play: the turn passes
            value[stuck] = nets.invert(self.ev(boards[stuck].flip(1)))
        _, over = nets.won(after, backgammons=self.ev.backgammons)
        return after, value, over & moved

    def play_turn(self, boards, rolled, luck):
        """One turn of every game: (after, value of the play made, won, luck of the roll).

        Games that stand alike and roll alike play alike: each distinct (position, roll),
        or with luck each distinct position (its 21 rolls), is searched once. All the
        trials of a root share their first turn and, with stratified dice, the trials that
        rolled the same first roll their second."""
        dev = boards.device
        hi, lo = rolled.amax(1), rolled.amin(1)
        r = (hi - 1) * hi // 2 + lo - 1  # index in engine.ROLLS
        key = movegen.position_hash(boards, 0)
        if not luck:
            first, inv = movegen.distinct(key * 21 + r)
            self.work["rows asked"] += len(inv)
            self.work["rows searched"] += len(first)
            after, value, over = self.best_plays(boards[first], rolled[first])
            return after[inv], value[inv], over[inv], None
        first, inv = movegen.distinct(key)
        u = len(first)
        self.work["rows asked"] += 21 * len(inv)
        self.work["rows searched"] += 21 * u
        rolls = _ROLLS.to(dev)
        after, value, over = self.best_plays(boards[first].repeat_interleave(21, 0), rolls.repeat(u, 1))
        value = value.view(u, 21, 5)
        mean = (value * _WEIGHTS.to(dev)[None, :, None]).sum(1) / 36
        row = inv * 21 + r
        return after[row], value.view(-1, 5)[row], over[row], value[inv, r] - mean[inv]

    def run(self, roots, trials, seed, truncate=0, luck=True, stratified_turns=3):
        """Every root [P, 2, 26] rolled out `trials` times as one batch; per trial the five
        outputs and equity of the root's side on roll, [P, trials, 6] float64. `seed`: one
        for every root (all rolled with the same dice), or a sequence of P."""
        dev = self.device
        p = len(roots)
        seeds = torch.as_tensor(seed, dtype=torch.int64).expand(p) if isinstance(seed, int) else \
            torch.as_tensor(list(seed), dtype=torch.int64)
        if len(seeds) != p:
            raise ValueError(f"{len(seeds)} seeds for {p} roots")
        boards = roots.to(dev).repeat_interleave(trials, 0)
        trial = torch.arange(trials, device=dev).repeat(p)
        root = torch.arange(p, device=dev).repeat_interleave(trials)
        root_on_roll = torch.ones(len(boards), dtype=torch.bool, device=dev)
        correction = torch.zeros((len(boards), 5), dtype=torch.float64, device=dev)
        result = torch.zeros_like(correction)
        alive = torch.arange(len(boards), device=dev)
        dice = Dice(seeds, stratified_turns, dev)
        turn = 0
        while len(alive):
            b = boards[alive]
            if truncate and turn == truncate:  # truncated: the evaluator values the rest
                v = self.ev(b)
                result[alive] = self._root_view(v, root_on_roll[alive]).double()
                break
            rolled = dice.roll(turn, root[alive], trial[alive])
            after, value, over, lk = self.play_turn(b, rolled, luck)
            if lk is not None:
                flip = ~root_on_roll[alive]
                lk = torch.where(flip[:, None], invert_delta(lk), lk)
                correction[alive] -= lk.double()
            done = over.nonzero(as_tuple=True)[0]
            if len(done):
                won, _ = nets.won(after[done], backgammons=self.ev.backgammons)
                result[alive[done]] = self._root_view(won, root_on_roll[alive[done]]).double()
            going = (~over).nonzero(as_tuple=True)[0]
            alive = alive[going]
            boards[alive] = after[going].flip(1)
            root_on_roll[alive] = ~root_on_roll[alive]
            turn += 1
        out = result + correction
        eq = 2 * out[:, 0] - 1 + out[:, 1] - out[:, 3]
        if self.backgammons:
            eq = eq + out[:, 2] - out[:, 4]
        return torch.cat([out, eq[:, None]], 1).view(p, trials, 6)

    @staticmethod
    def _root_view(chances, root_on_roll):
        return torch.where(root_on_roll[:, None], chances, nets.invert(chances))


def summary(values):
    """Means and standard errors (sample sd / sqrt(trials)) of [P, trials, 6] values."""
    n = values.shape[1]
    mean = values.mean(1)
    se = values.std(1) / n**0.5 if n > 1 else torch.zeros_like(mean)
    return mean, se
