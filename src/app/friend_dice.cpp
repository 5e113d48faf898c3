#include "friend_dice.h"

namespace app {

nard::Digest epochSeed(const nard::Digest& seed, int epoch) {
  if (epoch == 0) return seed;
  nard::Sha256 h;
  h.update("nard-friend chain");
  const std::uint8_t number[4] = {static_cast<std::uint8_t>(epoch >> 24), static_cast<std::uint8_t>(epoch >> 16),
                                  static_cast<std::uint8_t>(epoch >> 8), static_cast<std::uint8_t>(epoch)};
  h.update(number, sizeof number);
  h.update(seed);
  return h.finish();
}

std::vector<nard::Digest> hashChain(const nard::Digest& seed, int length) {
  std::vector<nard::Digest> chain(static_cast<std::size_t>(length) + 1);
  chain[0] = seed;
  for (std::size_t i = 1; i < chain.size(); ++i) chain[i] = nard::sha256(chain[i - 1]);
  return chain;
}

bool revealFollows(const nard::Digest& reveal, const nard::Digest& previous) {
  return nard::sha256(reveal) == previous;
}

nard::Dice deriveRoll(int k, const nard::Digest& reveal0, const nard::Digest& reveal1, bool opening) {
  nard::Sha256 h;
  h.update(opening ? "nard-friend opening" : "nard-friend roll");
  const std::uint8_t index[4] = {static_cast<std::uint8_t>(k >> 24), static_cast<std::uint8_t>(k >> 16),
                                 static_cast<std::uint8_t>(k >> 8), static_cast<std::uint8_t>(k)};
  h.update(index, sizeof index);
  h.update(reveal0);
  h.update(reveal1);
  nard::Digest digest = h.finish();
  const int outcomes = opening ? 30 : 36;
  const int limit = 256 / outcomes * outcomes;  // 240 or 252: a multiple of the outcomes
  for (;;) {
    for (std::uint8_t byte : digest) {
      if (byte >= limit) continue;
      int o = byte % outcomes;
      if (!opening) return nard::Dice{static_cast<std::uint8_t>(o / 6 + 1), static_cast<std::uint8_t>(o % 6 + 1)};
      // The 30 ordered pairs without a tie: a in 1..6, b one of the five other numbers.
      int a = o / 5 + 1, b = o % 5 + 1;
      if (b >= a) ++b;
      return nard::Dice{static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)};
    }
    digest = nard::sha256(digest);  // all 32 bytes rejected: chance below 10^-57
  }
}

}  // namespace app
