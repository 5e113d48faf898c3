// Animations of the board: checkers flying from point to point and dice tumbling. It
// only moves pictures between states the engine has already decided; the settled view
// is always the engine's (board_presenter.h), so an animation can never show a wrong
// final position, only a late one.
#pragma once
#include <vector>

#include "render/board_view.h"
#include "render/layout.h"

namespace ui {

struct CheckerFlight {
  render::Side side;
  int from, to;   // screen spots (1..24, kBar, kOff)
};

class Choreographer {
 public:
  // Shows `flights` one after another, starting from the picture `before`.
  void animateMoves(const render::BoardView& before, std::vector<CheckerFlight> flights,
                    double now, double msPerMove);
  // Dice of `owner` tumble and land on `dice`; if the settled board shows no dice then
  // (the roll could not be played), they stay in view for `holdMs` more.
  void animateRoll(render::Side owner, int a, int b, double now, double ms, double holdMs);
  void cancel() { flights_.clear(); rollUntil_ = holdUntil_ = 0; }
  bool busy(double now) const;

  // The picture for this frame: `settled` once the animations are over.
  render::BoardView frame(const render::BoardView& settled, const render::Layout& l,
                          double now) const;

 private:
  render::BoardView before_;
  std::vector<CheckerFlight> flights_;
  double movesStart_ = 0, msPerMove_ = 1;
  render::Side rollOwner_ = render::Side::None;
  int rollDice_[2] = {0, 0};
  double rollStart_ = 0, rollUntil_ = 0, holdUntil_ = 0;
};

// Where the top checker of `spot` is drawn for `side` (the spot of a checker about to
// leave), or where the next one will go (`next` = true).
render::Vec2 spotCentre(const render::BoardView& v, const render::Layout& l,
                        render::Side side, int spot, bool next);

}  // namespace ui
