// Everything Dear ImGui draws over the board: the menu bar with the score line, the
// action buttons beside the dice, and the dialogs (new game, cube, resignation, game and
// match over). Every on-screen button is recorded by name so window.nard.layout() can
// tell a test where to click. The menu bar and score line live in top_bar.cpp, the
// panels and dialogs in game_screen.cpp; in Persian both mirror (mirrored_widgets.h).
#pragma once
#include <map>
#include <string>

#include "view/layout.h"
#include "ui/game_controller.h"
#include "ui/preferences.h"

namespace ui {

struct ScreenState {
  Preferences prefs;
  bool embed = false;            // board only: no menus
  bool showNewGame = false, showResign = false, showRules = false, showManualDice = false;
  int manualDice[2] = {1, 1};
  app::SessionSettings draft;    // the new-game dialog's values
  bool prefsChanged = false;     // set when a menu changed a preference
  std::map<std::string, view::Rect> buttons;   // this frame's buttons, CSS pixels
  std::string announcement;      // a passing message (no legal move, ...)
  double announcementUntil = 0;
};

// The menu bar and score line; returns its height in CSS pixels.
float drawTopBar(ScreenState& s, GameController& game, double now);
// Buttons and dialogs over the board.
void drawGameUi(ScreenState& s, GameController& game, const view::Layout& l, double now);
// Shows a passing message for the events a player must notice (no legal move, ...).
void announce(ScreenState& s, GameController& game, const app::SessionEvent& e, double now);

// Display names.
const char* playerName(int player);    // "White" (bottom) or "Black" (top)
const char* variantName(nard::Variant v);
const char* resultName(const nard::Match& m, nard::ResultKind k);

}  // namespace ui
