// A made-up position that shows every element the board can draw (stacks over five,
// checkers on the bar and borne off, dice, an owned cube, highlights). Stands in for
// the game session until the app layer fills the BoardView from the engine.
#pragma once

#include "render/board_view.h"

namespace ui {

render::BoardView demoPosition();

}  // namespace ui
