// GNU Backgammon's Position ID and Match ID, bit for bit.
//
// Position ID: for the player NOT on roll, then the player on roll, for points 1..24 and
// the bar of its own numbering, as many 1-bits as checkers followed by a 0-bit; the 80
// bits packed little-endian into 10 bytes and written as 14 base64 characters.
// Long Nard positions use the same encoding read with Long Nard geometry.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "dice.h"
#include "position.h"

namespace nard {

std::string positionId(const Position& p);
// Decodes and validates against the variant (checker totals, shared points, ...).
std::optional<Position> parsePositionId(std::string_view id, const VariantSpec& v, std::string* error);

// Everything a Match ID holds. Players are absolute: 0 and 1 (gnubg's order).
struct MatchKey {
  int cubeLog2 = 0;          // cube value = 1 << cubeLog2
  int cubeOwner = -1;        // -1 = centred, else the player who may double
  int onRoll = 0;            // player whose turn it is (the dice owner)
  bool crawford = false;     // this game is the Crawford game
  int gameState = 1;         // 0 none, 1 playing, 2 over, 3 resigned, 4 dropped
  int turn = 0;              // player who must make the next decision
  bool doubled = false;      // a double is being offered
  int resignation = 0;       // 0 none, 1 single, 2 gammon, 3 backgammon
  Dice dice{};               // {0,0} before rolling; the ID holds the higher die first
  int matchLength = 0;       // 0 = money play
  int score[2] = {0, 0};
  // Money play with the Jacoby rule. gnubg (1.07) stores its negation in bit 66 (counting
  // from 0), after the 66 bits its manual documents: set in every match-play ID it writes
  // and in money play without Jacoby. Kept as read, so that every gnubg ID round-trips.
  bool jacoby = true;
  friend bool operator==(const MatchKey&, const MatchKey&) = default;
};

// Writes the dice higher first, as gnubg does whatever order they were rolled in.
std::string matchId(const MatchKey& k);
// Reads gnubg's IDs, including dice written lower first (gnubg accepts those too); the
// key then holds them higher first. Refuses set bits after bit 66 and impossible fields.
std::optional<MatchKey> parseMatchId(std::string_view id, std::string* error);

}  // namespace nard
