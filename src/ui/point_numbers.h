// Point numbers (View menu, on by default): 1..24 on the frame beside the points, in the
// numbering of the player whose view the board takes (view/point_labels.h says whose
// and where), with Persian digits in Persian. Drawn on ImGui's background list, over
// the board and under every window; a change of numbers is a change of ImGui's picture,
// so the partial redraw (view/damage.h) repaints it like any other.
#pragma once
#include <string>
#include <vector>

#include "view/layout.h"
#include "view/point_labels.h"

namespace ui {

struct ScreenState;
class GameController;

struct PointNumber {
  int point = 0;      // screen point 1..24
  int number = 0;     // what it shows
  std::string text;   // as drawn (Persian digits in Persian)
  view::Rect rect;    // where, CSS pixels (the digits are centred in it)
};

// The viewer (0 bottom, 1 top) whose numbering the board shows now, or -1 when it shows
// none (the option is off, or there is neither a game nor a review).
int pointNumberViewer(const ScreenState& s, const GameController& g);
// What the board shows now; empty when pointNumberViewer() is -1.
std::vector<PointNumber> pointNumbers(const ScreenState& s, const GameController& g, const view::Layout& l);
void drawPointNumbers(const ScreenState& s, const GameController& g, const view::Layout& l);

}  // namespace ui
