// The parts drawGameUi (game_screen.cpp) is made of that live in files of their own.
// Not for use outside src/ui.
#pragma once
#include <vector>

#include "view/layout.h"
#include "ui/game_controller.h"
#include "ui/game_screen.h"

namespace ui {

// The buttons of the person to act, beside their dice (roll, double, hint, undo and
// confirm), and the answers to a double or a resignation over the board's middle.
void drawActionButtons(ScreenState& s, GameController& g, const view::Layout& l, double now);
// What tests/ui/text_fit_test.cpp measures the buttons' labels against (CSS pixels):
// the width a button needs for a label `text` wide at the UI font's size, at the strips'
// text size; whether buttons needing those widths fit the layout's room for them
// (view::Layout::actions) in one of the ways buttonSet lays them out; the width of each
// answer button (take, pass, accept...).
float actionLabelWidth(const view::Layout& l, float text);
bool actionLabelsFit(const view::Layout& l, const std::vector<float>& labelWidths);
float answerButtonWidth(const view::Layout& l);
// Game > New game...: variant, rules, match length, cube options, the seats.
void drawNewGameDialog(ScreenState& s, GameController& g, const view::Layout& l, double now);
// Game > Play a friend...: the invitation's options, then the link to send.
void drawFriendDialog(ScreenState& s, const view::Layout& l);
// The analysis's progress bar and the review panel with its arrows on the board.
void drawReview(ScreenState& s, const view::Layout& l);
// Game > Match history: the stored matches, to review, export or delete; import a file.
void drawHistory(ScreenState& s, const view::Layout& l);

}  // namespace ui
