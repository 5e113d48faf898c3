// Standard move notation: "24/18 13/11", "bar/22*", "6/off", "8/5(2)", "24/18*/14".
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "movegen.h"

namespace nard {

// Prints a play the way players and GNU Backgammon write it: moves of one checker are
// chained (intermediate points shown only where it hits), equal moves grouped as "(n)",
// highest starting point first. An empty play prints as "" (callers say "no move").
std::string formatPlay(const Play& play);

// Finds the legal play that `text` describes, judged by its effect on the board: "24/14",
// "24/18 18/14" and "24/20/14" all name the play that moves a checker from 24 to 14; a
// '*' chooses between plays that differ only in an intermediate hit. On failure returns
// nullopt and says why in `error` (syntax, no such checker, or not a legal play).
std::optional<Play> findPlay(const PlayList& legal, const Position& before, std::string_view text,
                             std::string* error);

}  // namespace nard
