#include "dice.h"

namespace nard {

const std::array<WeightedRoll, 21> kAllRolls = [] {
  std::array<WeightedRoll, 21> rolls{};
  int i = 0;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= a; ++b)
      rolls[i++] = {Dice{static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)}, a == b ? 1 : 2};
  return rolls;
}();

std::optional<Dice> parseDice(std::string_view text, std::string* error) {
  auto die = [](char c) { return c >= '1' && c <= '6'; };
  bool twoDigits = text.size() == 2 && die(text[0]) && die(text[1]);
  bool separated = text.size() == 3 && die(text[0]) && die(text[2]) &&
                   (text[1] == '-' || text[1] == ' ' || text[1] == ',');
  if (!twoDigits && !separated) {
    if (error) *error = "dice must be two digits 1-6 such as 31 or 3-1, got '" + std::string(text) + "'";
    return std::nullopt;
  }
  return Dice{static_cast<std::uint8_t>(text.front() - '0'), static_cast<std::uint8_t>(text.back() - '0')};
}

std::string formatDice(Dice d) { return {char('0' + d.a), char('0' + d.b)}; }

namespace {
std::uint64_t splitmix(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
}  // namespace

Rng::Rng(std::uint64_t seed) {
  for (auto& w : s_) w = splitmix(seed);
}

std::uint64_t Rng::next() {
  std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

int Rng::below(int n) {
  // Rejection sampling: discard the top sliver that would bias the modulo.
  std::uint64_t limit = ~0ull - (~0ull % static_cast<std::uint64_t>(n));
  std::uint64_t x;
  do x = next();
  while (x >= limit);
  return static_cast<int>(x % static_cast<std::uint64_t>(n));
}

}  // namespace nard
