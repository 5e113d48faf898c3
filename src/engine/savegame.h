// The saved-match text: the match options and its record, one event per line. Loading
// replays every event through a fresh Match, so a saved match is either restored exactly
// or refused with a reason; a damaged save can never produce a broken state.
//
//   nard-save 1
//   options standard modern 5 cube=1 crawford=1 jacoby=1 beaver=1 clock=0 bank=120 delay=12 lower=0
//   O 0 31 0 0 - 0          kind player dice manual value moves elapsedMs
//   P 0 31 0 0 8:5:3,6:5:1 0
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "match.h"

namespace nard {

inline constexpr int kSaveVersion = 1;

std::string saveMatch(const Match& m);
// nullopt and a reason if the text is not a save of this version or does not replay.
std::optional<Match> loadMatch(std::string_view text, std::string* error);

// Options alone, in the same words as the save's "options" line (also used for URLs and
// preferences): "standard modern 5 cube=1 ...". Unknown words are errors.
std::string formatOptions(const MatchOptions& o);
std::optional<MatchOptions> parseOptions(std::string_view text, std::string* error);

}  // namespace nard
