// Coach mode on the screen (GameController::coachWarning): the warning before a play or
// cube action is made, the lesson after a play touch-move has made, and the View menu's
// items that turn the coach on and choose when it speaks. Web only, like the other
// ImGui parts; not for use outside src/ui.
#pragma once
#include "view/layout.h"
#include "ui/game_controller.h"
#include "ui/game_screen.h"

namespace ui {

// The warning ("coach-back", "coach-proceed") or the lesson ("coach-ok") over the board.
void drawCoachDialog(ScreenState& s, GameController& g, const view::Layout& l);
// Inside the View menu: "Coach" and the three thresholds ("viewCoach", "viewCoach0".."2").
void coachMenuItems(ScreenState& s);

}  // namespace ui
