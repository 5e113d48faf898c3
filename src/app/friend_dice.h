// The dice of a match between friends (docs/FRIEND-PLAY.md): each side's hash chain of
// secret contributions, and the roll derived from both sides' contributions to it.
//
// A side picks a secret 32-byte seed h_0 and computes h_{i+1} = SHA-256(h_i) up to the
// anchor h_N (N = 2^chainLog2), which it commits to before it sees anything of the
// other's. Its contribution to roll k is h_{N-1-k}: anyone holding h_{N-k} checks it with
// one hash, and nobody can compute it from what has been revealed before.
#pragma once
#include <vector>

#include "engine/dice.h"
#include "engine/sha256.h"

namespace app {

// A chain covers N = 2^chainLog2 rolls (opening rolls included); the invitation names
// chainLog2, 12 (4,096 rolls, far more than a 7-point match's few hundred) unless a test
// asks for short chains. Before a chain runs out each side commits to its next one,
// halfway through (docs/FRIEND-PLAY.md, "Long sessions"), so a money session never ends
// for want of dice. A chain costs N hashes once per side and chain.
inline constexpr int kDefaultChainLog2 = 12, kMinChainLog2 = 2, kMaxChainLog2 = 16;

// The seed of a side's chain number `epoch`: the seed itself for the first, then
// SHA-256 of a label, the number and the seed (one secret gives every chain).
nard::Digest epochSeed(const nard::Digest& seed, int epoch);
// The chain h_0 (its seed) .. h_N (the anchor).
std::vector<nard::Digest> hashChain(const nard::Digest& seed, int length);
// The contribution to the roll at `position` (0 .. N-1) within a chain: h_{N-1-position}.
inline const nard::Digest& chainReveal(const std::vector<nard::Digest>& chain, int position) {
  return chain[chain.size() - 2 - static_cast<std::size_t>(position)];
}
// Whether `reveal` is the next link down from `previous` (the anchor or the last reveal).
bool revealFollows(const nard::Digest& reveal, const nard::Digest& previous);

// The roll k from player 0's and player 1's contributions: SHA-256 of both and k, read a
// byte at a time with rejection sampling (a byte below 252 = 7 x 36 gives byte % 36; an
// unlucky digest is hashed again), so each of the 36 outcomes is exactly equally likely.
// An opening roll draws from the 30 outcomes with two different dice (a byte below 240):
// the same chances as "a tie rolls again", without another exchange of messages.
// Opening: dice.a is player 0's die, dice.b player 1's (Match::rollOpening's order).
nard::Dice deriveRoll(int k, const nard::Digest& reveal0, const nard::Digest& reveal1, bool opening);

}  // namespace app
