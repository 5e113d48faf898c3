// Animations of the board: checkers flying from point to point and dice tumbling. It
// only moves pictures between states the engine has already decided; the settled view
// is always the engine's (board_presenter.h), so an animation can never show a wrong
// final position, only a late one.
#pragma once
#include <vector>

#include "view/board_view.h"
#include "view/layout.h"

namespace ui {

struct CheckerFlight {
  view::ScreenSide side;
  int from, to;   // screen spots (1..24, kBarSpot, kTraySpot)
};

class Choreographer {
 public:
  // Shows `flights` one after another, starting from the picture `before`.
  void animateMoves(const view::BoardView& before, std::vector<CheckerFlight> flights,
                    double now, double msPerMove);
  // Dice of `owner` tumble and land on `dice`; if the settled board shows no dice then
  // (the roll could not be played), they stay in view for `holdMs` more.
  void animateRoll(view::ScreenSide owner, int a, int b, double now, double ms, double holdMs);
  void cancel() { flights_.clear(); rollUntil_ = holdUntil_ = 0; }
  bool busy(double now) const;

  // The picture for this frame: `settled` once the animations are over.
  view::BoardView frame(const view::BoardView& settled, const view::Layout& l,
                          double now) const;

 private:
  view::BoardView before_;
  std::vector<CheckerFlight> flights_;
  double movesStart_ = 0, msPerMove_ = 1;
  view::ScreenSide rollOwner_ = view::ScreenSide::None;
  int rollDice_[2] = {0, 0};
  double rollStart_ = 0, rollUntil_ = 0, holdUntil_ = 0;
};

// Where the top checker of `spot` is drawn for `side` (the spot of a checker about to
// leave), or where the next one will go (`next` = true).
view::Vec2 spotCentre(const view::BoardView& v, const view::Layout& l,
                        view::ScreenSide side, int spot, bool next);

}  // namespace ui
