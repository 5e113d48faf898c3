// What the board shows in a review: the match just before the chosen decision, and
// arrows for the play made and the best play, each drawn from where its checker stands
// to where it lands as the moves happen one by one. Pure (no ImGui, no GL): native tests
// cover it; ui/review_screen.cpp draws the arrows.
#pragma once
#include <vector>

#include "app/review.h"
#include "view/board_view.h"
#include "view/layout.h"

namespace ui {

struct ReviewArrow {
  view::Vec2 from, to;     // CSS pixels
  bool best = false;       // the best play's (else the play made)
  int order = 0;           // the move's place in its play, from 0
};

// The board before decision `i`, without highlights.
view::BoardView reviewBoard(const app::MatchReview& r, std::size_t i);
// Arrows for decision `i` when it is a checker play: the play made, and the best play
// when it differs. Empty for cube decisions.
std::vector<ReviewArrow> reviewArrows(const app::MatchReview& r, std::size_t i, const view::Layout& l);

}  // namespace ui
