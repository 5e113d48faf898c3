// The dice of a match between friends (docs/FRIEND-PLAY.md): each side's hash chain of
// secret contributions, and the roll derived from both sides' contributions to it.
//
// A side picks a secret 32-byte seed h_0 and computes h_{i+1} = SHA-256(h_i) up to the
// anchor h_N (N = kChainLength), which it commits to before it sees anything of the
// other's. Its contribution to roll k is h_{N-1-k}: anyone holding h_{N-k} checks it with
// one hash, and nobody can compute it from what has been revealed before.
#pragma once
#include <vector>

#include "engine/dice.h"
#include "engine/sha256.h"

namespace app {

// Rolls per match a chain covers (both opening and ordinary rolls). A 7-point match uses
// a few hundred; a side's whole chain costs N hashes once, far under a millisecond.
inline constexpr int kChainLength = 4096;

// The chain h_0 (the seed) .. h_N (the anchor), computed once per match and side.
std::vector<nard::Digest> hashChain(const nard::Digest& seed);
// The contribution to roll k from a chain made by hashChain (k < kChainLength).
inline const nard::Digest& chainReveal(const std::vector<nard::Digest>& chain, int k) {
  return chain[static_cast<std::size_t>(kChainLength - 1 - k)];
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
