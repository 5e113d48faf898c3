// Import of a Jellyfish ".mat" match file: what exportMat (matfile.h) writes and what GNU
// Backgammon writes with `export match mat FILE`. Every roll, play and cube action is
// replayed through a nard::Match, so a play that is not legal, a take without a double or a
// score that does not add up is refused with the line it is on; an imported match is always
// one the engine could have played. (mattext.h reads the text; matimport.cpp replays it.)
//
//   std::string error;
//   auto im = importMat(text, &error);       // error: "line 17: Bob's 52 '13/1': ..."
//   // im->options and im->match.record() replay the match (Match::apply, event by event,
//   // gives the state before each decision); im->games and im->eventLines say where in
//   // the record each game is and which file line each event comes from.
//
// What the file says and how it is read:
//  - `; [Variation "..."]` picks the variant by its VariantSpec::matVariation ("Backgammon"
//    when absent); `; [Rules "Traditional"]` our traditional rules; `; [Crawford "Off"]`,
//    `; [Jacoby "Off"]`, `; [Beaver "Off"]` and `; [Cube "Off"]` switch those off. An option
//    the file does not state is on, as in GNU Backgammon; where Jacoby (money) or Crawford
//    (match) is not stated and the file only replays without it, it is read as off.
//  - " N point match" gives the length (0: money play).
//  - Each " Game N" is followed by the names and the score before it; the score must be the
//    one the earlier games add up to.
//  - An entry belongs to the column it is written in: player 0 is the left one.
//    "52: 13/11 24/22*" (numbers from the mover's side; 25 or bar, 0 or off), "Doubles => 2",
//    "Takes", "Drops", "Beavers => 4" (accepted by the doubler's next roll or resignation), the doubled
//    player's "Doubles => 4" right after a double (a beaver, as GNU Backgammon writes one),
//    "Wins N points": a resignation of the player on roll while the game is on, else the
//    game's summary (its winner is checked, not its points: GNU Backgammon counts gammons
//    there even where the Jacoby rule scores them single).
//  - A roll with no play: one that cannot be played; or one after which the roller resigns
//    (a "Wins" for the opponent follows); or a forced play left unwritten.
//  - The modern opening is the winner's first roll (two different dice, the higher his);
//    the one-die opening of traditional rules and Long Nard is not written: its dice in the
//    record are made up (2-1) so that the right player starts.
// Not in the format, so not imported: opening rolls' ties, rejected resignations (the
// offer too), clock times and a loss on time (the match stays unfinished), and which
// resignation was accepted where the Jacoby rule scores them alike (read as single).
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "match.h"

namespace nard {

struct ImportedGame {
  int number = 1;              // Match::gameNumber(), as in the file's " Game N"
  int line = 0;                // the line of " Game N" (1-based)
  int score[2] = {0, 0};       // before the game
  std::size_t firstEvent = 0;  // the game's events: record[firstEvent, endEvent)
  std::size_t endEvent = 0;
  bool finished = false;       // else the file ends in it
  GameResult result;           // when finished
};

struct ImportedMatch {
  MatchOptions options;
  std::string names[2];             // player 0 (left column), player 1
  std::vector<ImportedGame> games;
  std::vector<int> eventLines;      // the file line each record event comes from
  Match match;                      // the replayed match; match.record() is the whole record
};

// nullopt and "line N: why" (or why the whole text is not a .mat file) in `error`.
// Never throws on bad input.
std::optional<ImportedMatch> importMat(std::string_view text, std::string* error);

}  // namespace nard
