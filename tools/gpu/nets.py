# Our .nnet files (src/ai/mlp.h: "NARDNET1", int32 inputs, hidden, outputs, games, then
# float32 w1 [inputs][hidden], b1, w2 [5][hidden], b2) and the 0-ply evaluator of
# src/ai/evaluator.cpp for a batch: game over, bear-off database, race net, contact net.
import hashlib
import os
import struct
import sys

import torch

import encoding
from board import BAR, OFF

# The nets of each variant (src/ai/nets.cpp): Nackgammon has its own contact net and
# shares Standard's race net.
NET_FILES = {
    "standard": ("standard-contact.nnet", "standard-race.nnet"),
    "nackgammon": ("nackgammon-contact.nnet", "standard-race.nnet"),
    "longnard": ("longnard.nnet", "longnard.nnet"),
}


def folder_hash(folder, variant):
    """The first 16 hex digits of the SHA-256 of the variant's net files in the folder, in
    NET_FILES order: the data sets' headers name the nets that made them by it."""
    return hashlib.sha256(b"".join(open(os.path.join(folder, f), "rb").read()
                                   for f in NET_FILES[variant])).hexdigest()[:16]


class Mlp:
    """inputs -> hidden (sigmoid) -> 5 (sigmoid), pre-activations clamped to +-40 as mlp.cpp."""

    def __init__(self, path, device, half=False):
        raw = open(path, "rb").read()
        if raw[:8] != b"NARDNET1":
            raise ValueError(f"{path}: not a NARDNET1 file")
        n_in, hidden, outs, _ = struct.unpack("<4i", raw[8:24])
        w = _floats(raw[24:])
        sizes = [n_in * hidden, hidden, outs * hidden, outs]
        if outs != 5 or len(w) != sum(sizes):
            raise ValueError(f"{path}: unexpected shape {n_in}-{hidden}-{outs}")
        parts = torch.split(w, sizes)
        dtype = torch.float16 if half else torch.float32
        t = lambda a, shape: a.reshape(shape).to(device=device, dtype=dtype)  # noqa: E731
        self.w1, self.b1 = t(parts[0], (n_in, hidden)), t(parts[1], (hidden,))
        self.w2, self.b2 = t(parts[2], (outs, hidden)).T.contiguous(), t(parts[3], (outs,))
        self.inputs, self.dtype = n_in, dtype
        self.cpu_layer = _onednn_layer(self.w1, self.b1) if str(device) == "cpu" and not half else None

    def __call__(self, x):
        if self.cpu_layer is not None:
            with torch.no_grad():
                pre = self.cpu_layer(x)
        else:
            pre = x.to(self.dtype) @ self.w1 + self.b1
        h = torch.sigmoid(torch.clamp(pre, -40, 40))
        return torch.sigmoid(torch.clamp(h @ self.w2 + self.b2, -40, 40)).float()


def _onednn_layer(w, b):
    """The first layer through oneDNN on the CPU, or None where it is missing. Debian's
    PyTorch multiplies matrices with the generic BLAS (`BLAS_INFO=generic`), about ten
    times slower here than oneDNN, and the first layer was half the time of a rollout on
    the CPU. The sums come in another order: the results differ in the last bits."""
    try:
        import torch.utils.mkldnn

        if not torch.backends.mkldnn.is_available():
            return None
        lin = torch.nn.Linear(w.shape[0], w.shape[1])
        with torch.no_grad():
            lin.weight.copy_(w.T)
            lin.bias.copy_(b)
        layer = torch.utils.mkldnn.to_mkldnn(lin)
        return lambda x: layer(x.to_mkldnn()).to_dense()
    except (ImportError, RuntimeError, AttributeError):
        return None


def _floats(raw):
    """Little-endian float32 bytes as a tensor (the files are written little-endian)."""
    assert sys.byteorder == "little"
    return torch.frombuffer(bytearray(raw), dtype=torch.float32)


class BearoffDb:
    """The engine's one-sided database (`nard-cli bearoff --out FILE`) and its two-sided
    chances (bearoff.cpp BearoffDb::evaluate)."""

    ROLLS = 32

    def __init__(self, path, device):
        t = _floats(open(path, "rb").read()).view(-1, 2, self.ROLLS)
        self.off = t[:, 0].contiguous().to(device)
        self.first = t[:, 1].contiguous().to(device)
        ways = [[1] * 16]  # ways[k][c]: at most c checkers on k points
        for k in range(1, 7):
            ways.append([sum(ways[k - 1][: c + 1]) for c in range(16)])
        # rank()'s inner loop as a table: what c checkers on point k add with `budget`
        # checkers not yet placed on the points above, [6, 16, 16] (one gather a point).
        adds = [[[sum(ways[k - 1][max(budget - v, 0)] for v in range(c)) for c in range(16)]
                 for budget in range(16)] for k in range(1, 7)]
        self.adds = torch.tensor(adds, device=device).view(-1)

    def index(self, side):
        """bearoff.cpp rank(): points 6 down to 1, each checker counting the ways below it."""
        idx = torch.zeros(len(side), dtype=torch.int64, device=side.device)
        budget = torch.full_like(idx, 15)
        for k in range(6, 0, -1):
            c = side[:, k].long()
            idx += self.adds[((k - 1) * 16 + budget) * 16 + c]
            budget -= c
        return idx

    def evaluate(self, boards):
        me, them = self.index(boards[:, 0]), self.index(boards[:, 1])
        pm, pt = self.off[me], self.off[them]
        tail = lambda p: p.flip(1).cumsum(1).flip(1)  # noqa: E731  P(at least n)
        z = torch.zeros((len(me), 1), device=pm.device)
        them_at_least = torch.cat([tail(pt), z], 1)
        them_first = torch.cat([tail(self.first[them]), z], 1)
        me_first = torch.cat([tail(self.first[me]), z], 1)
        n = torch.arange(1, self.ROLLS, device=pm.device)
        win = (pm[:, n] * them_at_least[:, n]).sum(1)
        wg = (pm[:, n] * them_first[:, n]).sum(1) * (boards[:, 1, OFF] == 0)
        lg = (pt[:, n] * me_first[:, (n + 1).clamp(max=self.ROLLS)]).sum(1) * (boards[:, 0, OFF] == 0)
        zero = torch.zeros_like(win)
        return sanitized(torch.stack([win, wg, zero, lg, zero], 1))


def gammon_mask(boards):
    """[N, 5] of 1 and 0: a side that has borne a checker off can no longer lose a gammon,
    so the outputs that say it might are zeroed (evaluator.cpp)."""
    mask = torch.ones((len(boards), 5), device=boards.device)
    mask[:, 1:3] *= (boards[:, 1, OFF] == 0)[:, None]
    mask[:, 3:5] *= (boards[:, 0, OFF] == 0)[:, None]
    return mask


def sanitized(p):
    """Clamped to 0..1, and a gammon no likelier than its win (probabilities.h)."""
    p = p.clamp(0, 1)
    win = p[:, 0]
    wg = torch.minimum(p[:, 1], win)
    wbg = torch.minimum(p[:, 2], wg)
    lg = torch.minimum(p[:, 3], 1 - win)
    lbg = torch.minimum(p[:, 4], lg)
    return torch.stack([win, wg, wbg, lg, lbg], 1)


def invert(p):
    """The same chances seen by the other player."""
    return torch.stack([1 - p[:, 0], p[:, 3], p[:, 4], p[:, 1], p[:, 2]], 1)


def backgammons(variant):
    """Whether the variant's equity counts backgammons (Long Nard's mars is a gammon)."""
    return variant != "longnard"


def equity(p, backgammons):
    """Cubeless money equity; traditional rules count a backgammon as a gammon."""
    e = 2 * p[:, 0] - 1 + p[:, 1] - p[:, 3]
    return e + (p[:, 2] - p[:, 4]) if backgammons else e


def won(boards, checkers=15, backgammons=True):
    """Side 0 (the mover, after its play) has borne off all: its five chances, and a mask.
    Long Nard has no backgammon (`backgammons` False: its mars is a gammon)."""
    done = boards[:, 0, OFF] == checkers
    loser = boards[:, 1]
    gammon = loser[:, OFF] == 0
    bg = gammon & ((loser[:, BAR] > 0) | (loser[:, 19:25] > 0).any(1)) & backgammons  # in the winner's home
    one = torch.ones(len(boards), device=boards.device)
    zero = torch.zeros_like(one)
    return torch.stack([one, gammon.float(), bg.float(), zero, zero], 1), done


class Evaluator:
    """0-ply chances of side 0 (about to roll), as NetEvaluator::evaluate."""

    def __init__(self, variant, nets_dir, bearoff_path, device, half=False, rows=1 << 16, compiled=False):
        self.rows = rows  # positions encoded at once: bounds the memory used
        # torch.compile (PyTorch 2) may fuse the encoding's elementwise chains into a few
        # kernels on a GPU; untried there so far, so asked for (--compile) and dropped for
        # the plain encoding if it fails.
        self.encode = encoding.encode
        if compiled and hasattr(torch, "compile"):
            self.encode = torch.compile(encoding.encode, dynamic=True)
        contact, race = NET_FILES[variant]
        self.contact = Mlp(os.path.join(nets_dir, contact), device, half)
        self.race = Mlp(os.path.join(nets_dir, race), device, half)
        self.bearoff = BearoffDb(bearoff_path, device) if bearoff_path else None
        self.checkers = 15
        self.variant, self.long = variant, variant == "longnard"
        self.backgammons = backgammons(variant)  # the variant's (the rule set may still not count them)

    def net(self, boards, cls):
        try:
            x = self.encode(boards, self.checkers, self.long)
        except Exception as e:  # noqa: BLE001  torch.compile's failures have many types
            if self.encode is encoding.encode:
                raise
            print(f"torch.compile failed ({type(e).__name__}: {e}); the plain encoding instead", file=sys.stderr)
            self.encode = encoding.encode
            x = self.encode(boards, self.checkers, self.long)
        out = torch.empty((len(boards), 5), device=boards.device)
        for c, net in ((0, self.contact), (1, self.race)):
            idx = (cls == c).nonzero(as_tuple=True)[0]
            if len(idx):
                out[idx] = net(x[idx])
        out = sanitized(out)
        return out * gammon_mask(boards)

    def __call__(self, boards):
        if len(boards) > self.rows:
            return torch.cat([self(boards[i:i + self.rows]) for i in range(0, len(boards), self.rows)])
        cls = encoding.classify(boards, self.long)
        if self.bearoff is None:
            cls = torch.where(cls == 2, 1, cls)  # no database: the race net (approximate)
        out = torch.empty((len(boards), 5), device=boards.device)
        netted = (cls < 2).nonzero(as_tuple=True)[0]
        if len(netted):
            out[netted] = self.net(boards[netted], cls[netted])
        home = (cls == 2).nonzero(as_tuple=True)[0]
        if len(home):
            out[home] = self.bearoff.evaluate(boards[home])
        done, over = won(boards.flip(1), self.checkers, self.backgammons)  # the opponent's last play won
        return torch.where(over[:, None], invert(done), out)
