// The parts drawGameUi (game_screen.cpp) is made of that live in files of their own.
// Not for use outside src/ui.
#pragma once
#include "view/layout.h"
#include "ui/game_controller.h"
#include "ui/game_screen.h"

namespace ui {

// The buttons of the person to act, beside their dice (roll, double, hint, undo and
// confirm), and the answers to a double or a resignation over the board's middle.
void drawActionButtons(ScreenState& s, GameController& g, const view::Layout& l, double now);
// Game > New game...: variant, rules, match length, cube options, the seats.
void drawNewGameDialog(ScreenState& s, GameController& g, const view::Layout& l, double now);
// Game > Play a friend...: the invitation's options, then the link to send.
void drawFriendDialog(ScreenState& s, const view::Layout& l);
// The analysis's progress bar and the review panel with its arrows on the board.
void drawReview(ScreenState& s, const view::Layout& l);
// Game > Match history: the stored matches, to review, export or delete; import a file.
void drawHistory(ScreenState& s, const view::Layout& l);

}  // namespace ui
