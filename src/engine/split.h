// Cutting text at a separator character, for the project's line- and field-based text:
// saved matches (engine/savegame.cpp), stored preferences and URL query strings
// (ui/preferences.cpp). Header-only; the pieces point into the caller's text.
#pragma once
#include <string_view>
#include <vector>

namespace nard {

enum class EmptyPieces { Keep, Skip };

// split("a,,b", ',') is {"a", "", "b"}; with EmptyPieces::Skip, {"a", "b"}. Text without
// the separator is one piece; empty text is one empty piece (none when skipping).
inline std::vector<std::string_view> split(std::string_view text, char separator,
                                           EmptyPieces empty = EmptyPieces::Keep) {
  std::vector<std::string_view> pieces;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(separator, start);
    if (end == std::string_view::npos) end = text.size();
    if (end > start || empty == EmptyPieces::Keep) pieces.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return pieces;
}

}  // namespace nard
