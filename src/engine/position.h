// The position: a small copyable value seen from the side on roll.
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "variant.h"

namespace nard {

using Side = std::array<std::uint8_t, kSlots>;  // [0]=off, [1..24]=points, [25]=bar

struct Position {
  // side[0] is the player on roll ("me"), side[1] the opponent; each in its own numbering.
  std::array<Side, 2> side{};

  Side& me() { return side[0]; }
  Side& them() { return side[1]; }
  const Side& me() const { return side[0]; }
  const Side& them() const { return side[1]; }

  // The same position with the other player on roll.
  Position flipped() const { return Position{{side[1], side[0]}}; }

  friend bool operator==(const Position&, const Position&) = default;
};

Position startPosition(const VariantSpec& v);

// Pips still to travel: a checker on point p needs p pips, on the bar 25.
int pipCount(const Side& s);
int checkersOnBoard(const Side& s);  // points and bar, not borne off
int checkerTotal(const Side& s);     // including borne off

// Empty string when the position is possible in this variant, else why not:
// wrong checker totals, both sides on one point, a bar in Long Nard, ...
std::string validatePosition(const Position& p, const VariantSpec& v);

// 64-bit hash for deduplication (not stable across versions; never stored).
std::uint64_t hashPosition(const Position& p);

}  // namespace nard
