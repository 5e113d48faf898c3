// The JSON the page receives from the game (docs/EMBEDDING.md): window.nard.state(),
// window.nard.layout() and the events sent to boot.js. All of it is written with one
// writer (engine/json_writer.h).
#pragma once
#include <string>

#include "app/session.h"
#include "ui/game_controller.h"
#include "ui/game_screen.h"
#include "ui/recorded_items.h"
#include "view/layout.h"

namespace platform {

// The session's state with the board as the person to move sees it under "ui", the
// review and history screens under "review" and "history", and the passing message
// under "notice"; "{}" before the first game.
std::string stateJson(const ui::GameController& g, const ui::ScreenState& s, const view::Layout& l, double now);
// The board's geometry (points[1..24], points[0] null) and, under "buttons", where this
// frame's named widgets are.
std::string layoutJson(const view::Layout& l, const ui::RecordedItems& buttons);
// One game event, with what a page needs to react to it (the dice, the play, the result).
std::string eventJson(const ui::GameController& g, const app::SessionEvent& e);
// The preferences a page reacts to (sound on or off).
std::string prefsEventJson(bool sound);

}  // namespace platform
