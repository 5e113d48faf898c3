// Point numbers (View menu): where the number of each point sits on the frame, and which
// number it shows for whom. Pure geometry from a Layout, so the drawing
// (ui/point_numbers.cpp), window.nard.state() and the native tests agree.
#pragma once

#include <array>

#include "view/board_view.h"
#include "view/layout.h"

namespace view {

// How the two players' numberings relate (the engine's nard::Geometry; view sees no
// engine): facing each other (backgammon: my 1 is your 24), or both moving the same way
// round from opposite corners (Long Nard: my 1 is your 13).
enum class Numbering { Opposed, SameDirection };

// The number screen point `screenPoint` (1..24) has for the player sitting at `viewer`:
// that player's own numbering, the one the game's notation ("24/18") uses, so 1 is their
// ace point, the last before bearing off, and 24 where their journey starts.
int pointNumberFor(int screenPoint, ScreenSide viewer, Numbering numbering);

// Whose numbering the board shows; `human` per player (0 bottom, 1 top), `onRoll` the
// player whose turn it is. See the .cpp for why.
ScreenSide pointNumberViewer(std::array<bool, 2> human, int onRoll);

struct PointLabels {
  // [1..24]: the part of the frame beside each point's base, from the board's outer edge
  // to the light inlay around the playing surface. The digits are centred in it.
  std::array<Rect, 25> rect{};
  float fontPx = 0;   // the digits' em size, CSS pixels
};

PointLabels pointLabels(const Layout& l);

}  // namespace view
