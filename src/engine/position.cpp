#include "position.h"

#include <cstring>

namespace nard {

Position startPosition(const VariantSpec& v) { return Position{{v.start, v.start}}; }

int pipCount(const Side& s) {
  int pips = 0;
  for (int p = 1; p <= kBar; ++p) pips += p * s[p];
  return pips;
}

int checkersOnBoard(const Side& s) {
  int n = 0;
  for (int p = 1; p <= kBar; ++p) n += s[p];
  return n;
}

int checkerTotal(const Side& s) { return checkersOnBoard(s) + s[kOff]; }

std::string validatePosition(const Position& pos, const VariantSpec& v) {
  for (int who = 0; who < 2; ++who) {
    const char* name = who == 0 ? "player on roll" : "opponent";
    int total = checkerTotal(pos.side[who]);
    if (total != v.checkers)
      return std::string(name) + " has " + std::to_string(total) + " checkers; " +
             std::string(v.name) + " uses " + std::to_string(v.checkers);
    if (pos.side[who][kBar] != 0 && !v.hitting)
      return std::string(name) + " has checkers on the bar, but " + std::string(v.name) +
             " has no hitting";
    if (checkersOnBoard(pos.side[who]) == 0 && checkersOnBoard(pos.side[1 - who]) == 0)
      return "both players have borne off every checker";
  }
  for (int p = 1; p <= kPoints; ++p) {
    int q = opponentPoint(v.geometry, p);
    if (pos.me()[p] && pos.them()[q])
      return "both players have checkers on the same point (point " + std::to_string(p) +
             " of the player on roll)";
  }
  return {};
}

std::uint64_t hashPosition(const Position& p) {
  // Eight bytes at a time with a multiply-rotate mix: this runs once per generated play.
  static_assert(sizeof(p.side) == 52);
  std::uint64_t words[7] = {};
  std::memcpy(words, p.side.data(), sizeof(p.side));
  std::uint64_t h = 0x9e3779b97f4a7c15ull;
  for (std::uint64_t w : words) {
    h ^= w * 0xbf58476d1ce4e5b9ull;
    h = (h << 27 | h >> 37) * 0x94d049bb133111ebull;
  }
  return h ^ (h >> 31);
}

}  // namespace nard
