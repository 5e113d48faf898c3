// Legal-play generation for every variant and rule set: checkers on the bar enter first; a
// play uses as many dice as can be used, the larger die when only one can (traditional
// rules instead: the most pips among the plays using the most dice); bearing off once every
// checker is home; Long Nard's head and six-block rules; the traditional hit-and-lift
// restriction. Where the rules left a choice, what the engine chose: docs/RULES-NOTES.md.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "dice.h"
#include "position.h"
#include "ruleset.h"

namespace nard {

// One checker moved by one die, in the mover's numbering: from 25 = the bar, to 0 = off.
struct Move {
  std::int8_t from = 0;
  std::int8_t to = 0;
  bool hit = false;
  std::uint8_t die = 0;  // the die used (differs from from-to when bearing off)
  friend bool operator==(const Move&, const Move&) = default;
};

// A whole turn: up to four moves in the order made, and the position they lead to,
// still seen from the mover (flip it to hand the turn over).
struct Play {
  std::array<Move, 4> moves{};
  std::uint8_t count = 0;
  Position result;
};

using PlayList = std::vector<Play>;

// Fills `out` with every legal play, one per distinct resulting position. An empty list
// means the roll cannot be played at all. `out`'s capacity is reused between calls, so
// a caller on a hot path keeps one list alive.
void generatePlays(const Position& pos, Dice dice, const RulePolicy& rules, PlayList& out);

inline PlayList legalPlays(const Position& pos, Dice dice, const RulePolicy& rules) {
  PlayList out;
  generatePlays(pos, dice, rules, out);
  return out;
}

// Every order of every legal play (results repeat): what a player moving one checker at
// a time may do. A staged sequence of moves is legal while it is a prefix of one of these.
void generateSequences(const Position& pos, Dice dice, const RulePolicy& rules, PlayList& out);

// Long Nard six-block rule: does the player on roll (side 0) hold six consecutive points
// of the opponent's path with no opponent checker ahead of them?
bool sixBlockTrapsOpponent(const Position& p, const VariantSpec& v);

}  // namespace nard
