// Why an action was refused, in the game's language. The engine, the session and the
// platform's API give their reasons in English (scripts and logs read them); the page's
// accessible board (issue 30) says them to the player, translated. Each reason the
// keyboard can meet is an English pattern here, with {named} parts for what varies (a
// point, the typed play, an action): the pattern is the translation's key, and a named
// part that is itself one of the listed phrases ("roll", "a move") is translated too.
#pragma once
#include <string>
#include <string_view>

namespace ui {

// `english` in the language `translate` speaks (its logical, unshaped text); a reason no
// pattern matches comes back as it is. `translate` is ui::translate in the game (tests
// pass their own).
std::string reasonText(std::string_view english, const char* (*translate)(const char*));
// Whether a pattern matches `english` (the tests: every reason the engine gives is listed).
bool knownReason(std::string_view english);

}  // namespace ui
