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


class StratifiedDice:
    def __init__(self, seed, turns):
        g = torch.Generator().manual_seed(seed * 0x5747A7 % 2**63)
        self.perms = [torch.randperm(36, generator=g) for _ in range(turns)]

    def roll(self, turn, trial):
        block, previous = 1, torch.zeros_like(trial)
        for t, perm in enumerate(self.perms):
            position = ((trial // block) % 36 + previous) % 36
            if t == turn:
                return _OUTCOMES.to(trial.device)[perm.to(trial.device)[position]]
            previous, block = position, block * 36
        raise IndexError(turn)


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
        outputs and equity of the root's side on roll, [P, trials, 6] float64."""
        dev = self.device
        p = len(roots)
        boards = roots.to(dev).repeat_interleave(trials, 0)
        trial = torch.arange(trials, device=dev).repeat(p)
        root_on_roll = torch.ones(len(boards), dtype=torch.bool, device=dev)
        correction = torch.zeros((len(boards), 5), dtype=torch.float64, device=dev)
        result = torch.zeros_like(correction)
        alive = torch.arange(len(boards), device=dev)
        strata = StratifiedDice(seed, stratified_turns)
        gen = torch.Generator(device=dev).manual_seed(seed)
        turn = 0
        while len(alive):
            b = boards[alive]
            if truncate and turn == truncate:  # truncated: the evaluator values the rest
                v = self.ev(b)
                result[alive] = self._root_view(v, root_on_roll[alive]).double()
                break
            if turn < stratified_turns:
                rolled = strata.roll(turn, trial[alive])
            else:
                rolled = torch.randint(1, 7, (len(alive), 2), generator=gen, device=dev)
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
