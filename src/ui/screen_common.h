// Pieces shared by the parts of the game screen (game_screen.cpp: panels and dialogs;
// top_bar.cpp: menus and the score line). Not for use outside src/ui.
#pragma once
#include <imgui.h>

#include <string>

#include "ui/game_screen.h"

namespace ui {

// Publishes the last item's rectangle as layout().buttons[name].
void recordItem(ScreenState& s, const char* name);
void recordRect(ScreenState& s, const char* name, ImVec2 min, ImVec2 max);
// A button that is also recorded for window.nard.layout().
bool namedButton(ScreenState& s, const char* name, const char* label, ImVec2 size = {0, 0});

std::string fmt(const char* format, ...) __attribute__((format(printf, 1, 2)));
// "White", or "Black (Computer)", in the current language.
std::string seatName(const GameController& g, int player);
inline bool over(nard::Phase p) { return p == nard::Phase::GameOver || p == nard::Phase::MatchOver; }

}  // namespace ui
