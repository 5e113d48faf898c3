// Shared vocabulary of the engine: variants, rule sets, board indices.
#pragma once
#include <cstdint>

namespace nard {

// A side's checkers are stored in its own numbering: points 1..24 (it moves from
// high to low), index 25 is the bar, index 0 holds the checkers borne off.
inline constexpr int kPoints = 24;
inline constexpr int kBar = 25;
inline constexpr int kOff = 0;
inline constexpr int kSlots = 26;
inline constexpr int kHomeTop = 6;  // home board = points 1..6

enum class Variant : std::uint8_t { Standard, Nackgammon, Hyper, LongNard };
inline constexpr int kVariantCount = 4;

// Standard, Nackgammon and Hyper are played under one of two rule sets;
// Long Nard has rules of its own (expressed in its VariantSpec).
enum class Rules : std::uint8_t { Modern, Traditional };

// Result of a game, in points before the cube.
enum class ResultKind : std::uint8_t { Single = 1, Gammon = 2, Backgammon = 3 };

}  // namespace nard
