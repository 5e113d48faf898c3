// Indexing of every Hyper position (3 checkers a side): a side is 3 checkers on 26 slots
// (off, points 1..24, bar), C(28,3) = 3,276 layouts; a position is the pair, the side on
// roll first. Used by the exact solver (src/train/hyper_solve.cpp) and its checks.
#pragma once
#include <array>
#include <cstdint>

#include "engine/position.h"

namespace nard::ai {

struct HyperTable {
  static constexpr int kSides = 3276;
  static constexpr std::uint32_t kSize = static_cast<std::uint32_t>(kSides) * kSides;

  // Combinatorial number system over the sorted slots a <= b <= c (made strictly
  // increasing as a, b + 1, c + 2): C(a,1) + C(b+1,2) + C(c+2,3).
  static int sideIndex(const Side& s) {
    int slot[3], n = 0;
    for (int i = 0; i < kSlots && n < 3; ++i)
      for (int k = 0; k < s[i] && n < 3; ++k) slot[n++] = i;
    int b = slot[1] + 1, c = slot[2] + 2;
    return slot[0] + b * (b - 1) / 2 + c * (c - 1) * (c - 2) / 6;
  }
  static Side side(int index) {
    static const std::array<Side, kSides> all = [] {
      std::array<Side, kSides> t{};
      for (int a = 0; a < kSlots; ++a)
        for (int b = a; b < kSlots; ++b)
          for (int c = b; c < kSlots; ++c) {
            Side s{};
            ++s[a], ++s[b], ++s[c];
            t[sideIndex(s)] = s;
          }
      return t;
    }();
    return all[index];
  }
  static std::uint32_t index(const Position& p) {
    return static_cast<std::uint32_t>(sideIndex(p.me())) * kSides + static_cast<std::uint32_t>(sideIndex(p.them()));
  }
  static Position position(std::uint32_t i) { return Position{{side(i / kSides), side(i % kSides)}}; }
};

}  // namespace nard::ai
