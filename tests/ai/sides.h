// Building a side of a test position: {point, checkers} stacks, the rest borne off.
#pragma once
#include <initializer_list>
#include <utility>

#include "engine/position.h"

namespace test_sides {

inline nard::Side side(std::initializer_list<std::pair<int, int>> stacks, int checkers) {
  nard::Side s{};
  int on = 0;
  for (auto [p, n] : stacks) s[p] = static_cast<std::uint8_t>(n), on += n;
  s[nard::kOff] = static_cast<std::uint8_t>(checkers - on);
  return s;
}

}  // namespace test_sides
