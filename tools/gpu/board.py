# Positions as tensors, and GNU Backgammon's Position ID (src/engine/ids.cpp) both ways.
#
# A batch of positions is an int8 tensor [N, 2, 26]: side 0 is the player on roll, side 1
# the opponent, each in its own numbering as in src/engine/position.h (slot 0 = borne off,
# 1..24 = points, 25 = bar). int8 keeps a batch of millions of games small on a GPU.
# tools/gpu needs PyTorch and the standard library only (the lent machine may lack numpy).
import base64

import torch

OFF, BAR, HOME_TOP, SLOTS = 0, 25, 6, 26

# Checkers per side and start layout (point: count) of the variants this pipeline plays.
VARIANTS = {
    "standard": {"checkers": 15, "start": {24: 2, 13: 5, 8: 3, 6: 5}},
    "nackgammon": {"checkers": 15, "start": {24: 2, 23: 2, 13: 4, 8: 3, 6: 4}},
    "longnard": {"checkers": 15, "start": {24: 15}},  # move generation only, so far
}


def start_position(variant):
    side = [0] * SLOTS
    for point, n in VARIANTS[variant]["start"].items():
        side[point] = n
    return torch.tensor([[side, side]], dtype=torch.int8)


def flipped(boards):
    """The same positions with the other player on roll."""
    return boards.flip(1)


def pip_counts(boards):
    """[N, 2] pips still to travel (a checker on point p needs p pips, on the bar 25)."""
    return (boards.long() * torch.arange(SLOTS, device=boards.device)).sum(-1)


# Position ID: for the player NOT on roll, then the player on roll, for points 1..24 and the
# bar, as many 1-bits as checkers and then a 0-bit; 80 bits, bit k = bit k % 8 of byte k / 8.
def position_keys(boards):
    """The 10 bytes of each position's ID (a bytes object per row): cheap to compare."""
    b = boards.to("cpu").long()
    counts = torch.cat([b[:, 1, 1:26], b[:, 0, 1:26]], 1)  # [N, 50] in ID order
    zeros = torch.cumsum(counts + 1, 1) - 1  # index of each slot's closing 0-bit
    bits = torch.arange(80)[None, :] < zeros[:, -1:]
    rows = torch.arange(len(b)).repeat_interleave(50)
    bits[rows, zeros.reshape(-1)] = False
    packed = (bits.view(-1, 10, 8).long() << torch.arange(8)).sum(2)
    return [bytes(row) for row in packed.tolist()]


def key_of_id(pid):
    return base64.b64decode(pid + "==")


def id_of_key(key):
    return base64.b64encode(key).decode()[:14]


def position_ids(boards):
    return [id_of_key(k) for k in position_keys(boards)]


def parse_ids(ids, variant):
    """Position IDs -> int8 tensor [N, 2, 26], borne-off counts filled in."""
    checkers = VARIANTS[variant]["checkers"]
    out = [[[0] * SLOTS, [0] * SLOTS] for _ in ids]
    for i, pid in enumerate(ids):
        raw = int.from_bytes(key_of_id(pid), "little")
        k = 0
        for who in (1, 0):
            for point in range(1, 26):
                n = 0
                while raw >> k & 1:
                    n, k = n + 1, k + 1
                k += 1
                out[i][who][point] = n
        for side in out[i]:
            side[OFF] = checkers - sum(side)
    return torch.tensor(out, dtype=torch.int8).view(len(ids), 2, SLOTS)
