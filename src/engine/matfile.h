// Export of a whole match as a Jellyfish ".mat" text file, the plain-text match format that
// GNU Backgammon (`import mat FILE`), eXtreme Gammon and most backgammon servers read.
//
//   ; [Site "Takhte Nard"]
//   ; [Variation "Backgammon"]
//   ; [Crawford "On"]
//
//    5 point match
//
//    Game 1
//    Ann : 0                        Bob : 0
//     1)                             31: 8/5 6/5
//     2) 52: 13/11 24/22*            Doubles => 2
//     3)  Takes                      ...
//                                    Wins 2 points
//
// Player 0 is the left column, player 1 the right one. Moves are written in the mover's own
// numbering (25 = bar, 0 = off: "bar", "off"), exactly as formatPlay() prints them. Money play
// is written as a "0 point match", as GNU Backgammon writes its sessions.
//
// Long Nard has no .mat equivalent: it is written in the same layout under our own header
// `; [Variation "LongNard"]`. GNU Backgammon cannot import such a file (it would read the
// moves as backgammon moves); it is for our own tools and for people reading the record.
// See matfile.cpp for what the format cannot say (rejected resignations, clock, timeouts).
// importMat (matimport.h) reads such a file back into the same match.
#pragma once
#include <string>

#include "match.h"

namespace nard {

// The whole record of `m` (finished or not) as .mat text. Names are cleaned of the characters
// the format reserves (':' separates name and score) and default to "Player 1" / "Player 2".
std::string exportMat(const Match& m, const std::string& player0Name, const std::string& player1Name);

}  // namespace nard
