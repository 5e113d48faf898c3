// Test helpers: positions written the way the rules' examples describe them (each side's
// points in its own numbering; "a black blot on 3" stands on the mover's point 3).
#pragma once
#include <algorithm>
#include <initializer_list>
#include <set>
#include <string>
#include <utility>

#include "engine/movegen.h"
#include "engine/notation.h"

namespace nard::test {

using Stacks = std::initializer_list<std::pair<int, int>>;

// `mine`: the mover's checkers in its own numbering (25 = bar). `theirs`: the opponent's
// checkers placed on the MOVER's points (as in "a black blot on 3"); 25 = their bar.
// Every other checker of either side counts as borne off.
inline Position board(const VariantSpec& v, Stacks mine, Stacks theirs) {
  Position p;
  int n = 0;
  for (auto [point, count] : mine) p.me()[point] = static_cast<std::uint8_t>(count), n += count;
  p.me()[kOff] = static_cast<std::uint8_t>(v.checkers - n);
  n = 0;
  for (auto [point, count] : theirs) {
    int q = point == kBar ? kBar : opponentPoint(v.geometry, point);
    p.them()[q] = static_cast<std::uint8_t>(count);
    n += count;
  }
  p.them()[kOff] = static_cast<std::uint8_t>(v.checkers - n);
  return p;
}

inline Dice dice(int a, int b) { return Dice{static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)}; }

// The legal plays as a set of notation strings (one per distinct result).
inline std::set<std::string> plays(const Position& p, Dice d, Rules r, Variant v = Variant::Standard) {
  std::set<std::string> out;
  for (const Play& play : legalPlays(p, d, cubelessPolicy(spec(v), r))) out.insert(formatPlay(play));
  return out;
}

// Is the play written `text` legal? (Judged by result, as players mean it.)
inline bool legal(const Position& p, Dice d, Rules r, const std::string& text, Variant v = Variant::Standard) {
  std::string error;
  return findPlay(legalPlays(p, d, cubelessPolicy(spec(v), r)), p, text, &error).has_value();
}

}  // namespace nard::test
