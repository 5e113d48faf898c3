// The text of a .mat file, read without judging the match: the header's tags and length,
// the game lines, the entries on them (see matimport.h for the format, matimport.cpp for
// the replay that judges what they say).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dice.h"
#include "ruleset.h"

namespace nard::mattext {

struct Line {
  int number;  // 1-based
  std::string_view text;
};

// The lines of `text` (a leading byte-order mark dropped, "\r\n" kept as white space).
std::vector<Line> splitLines(std::string_view text);

std::string_view trim(std::string_view s);
bool comment(std::string_view line);  // ';' or '#' first
std::string quote(std::string_view s);  // 'text' for messages: short, printable

struct Header {
  MatchOptions options;                    // from the tags and the length line
  bool crawfordStated = false, jacobyStated = false;
  std::string tagNames[2];                 // `; [Player 1 "..."]`, `; [Player 2 "..."]`
  std::size_t body = 0;                    // index of the first line after " N point match"
};
// The tags up to " N point match"; nullopt and "line N: why" in `error`.
std::optional<Header> readHeader(const std::vector<Line>& lines, std::string& error);

enum class EntryKind : std::uint8_t { Roll, Double, Beaver, Take, Drop, Wins };

struct Entry {
  EntryKind kind = EntryKind::Roll;
  int column = 0;         // 0 left (player 0), 1 right
  std::size_t at = 0;     // where it starts in the line
  Dice dice{};            // Roll
  std::string play;       // Roll: the play as written, "" when none
  int value = 0;          // Double, Beaver: the cube offered; Wins: the points
};

// The entries of a game line: after the move number's ')' if there is one; "" or why not.
std::string readEntries(std::string_view line, std::vector<Entry>& out);

// " Game 12" -> 12; nullopt if the line is not a game's first.
std::optional<int> gameLine(std::string_view s);

// " Ann Lee : 3                   Bob : 1" -> names and scores; "" or why not.
std::string readScoreLine(std::string_view s, std::string names[2], int score[2]);

}  // namespace nard::mattext
