// From the engine's match to what the board shows, and back from a spot on the screen to
// the engine's numbering. Player 0 sits at the bottom; screen points are numbered 1..24
// from the bottom player's side (view/board_view.h). Pure: no ImGui, no GL, so native
// tests cover it.
#pragma once
#include "engine/match.h"
#include "view/board_view.h"

namespace ui {

view::ScreenSide screenSide(int player);

// A player's own spot (1..24 points, 25 bar, 0 off) as a screen spot (1..24,
// view::kBarSpot, view::kTraySpot).
int toScreen(const nard::Match& m, int player, int ownSpot);
// A screen spot as the player's own spot; -1 if it means nothing for that player.
int toOwn(const nard::Match& m, int player, int screenSpot);

// Checkers, dice and cube of the match as they stand (staged moves applied), without
// highlights. Dice show while the player on roll is moving.
view::BoardView presentBoard(const nard::Match& m);

// Adds the highlights for `player` when it is that player's move: movable checkers,
// and for a picked `selectedScreenSpot` (0 = none) its legal destinations.
void addHighlights(const nard::Match& m, int player, int selectedScreenSpot, view::BoardView& v);

// Moves one checker on a view, as an animation step shows it (the engine decided it was
// legal): a lone opposing checker on the destination goes to its bar.
void applyViewMove(view::BoardView& v, view::ScreenSide side, int fromSpot, int toSpot);
// Takes a checker of `side` off `spot` (it is shown floating instead).
void liftChecker(view::BoardView& v, view::ScreenSide side, int spot);

}  // namespace ui
