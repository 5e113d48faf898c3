// The match record: every roll, play, cube and resignation action, in order. Replaying
// it through a fresh Match reproduces every state, so it is also the save format.
#pragma once
#include <cstdint>
#include <vector>

#include "dice.h"
#include "movegen.h"

namespace nard {

enum class EventKind : std::uint8_t {
  OpeningRoll,  // dice.a = player 0's die, dice.b = player 1's
  Roll,         // dice of `player`; `manual` if entered by hand (real dice)
  Play,         // `play` by `player`; a roll that cannot be played has no Play event:
                // the next event is the opponent's
  Double,       // `player` offers the cube
  Take,
  Pass,
  Beaver,       // the doubled `player` redoubles at once, keeping the cube
  Resign,       // `player` offers to resign `value` (1 single, 2 gammon, 3 backgammon)
  AcceptResign,
  RejectResign,
  NextGame,     // start the next game of the match
  Timeout,      // `player`'s time bank ran out
};

struct Event {
  EventKind kind;
  std::int8_t player = 0;
  Dice dice{};
  bool manual = false;
  std::int8_t value = 0;
  std::uint8_t count = 0;          // moves in `moves` (Play)
  std::array<Move, 4> moves{};
  std::int64_t elapsedMs = 0;      // clock time charged before this event
};

using Record = std::vector<Event>;

}  // namespace nard
