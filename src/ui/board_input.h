// Moving checkers with a pointer (mouse or finger): tap a checker then a destination,
// drag and drop, or double-tap a checker to play a die with it. Spots are screen spots;
// legality comes from the engine through the match (nothing here decides a rule).
#pragma once
#include <functional>
#include <string>

#include "engine/match.h"
#include "view/layout.h"

namespace ui {

// The screen spot under a CSS-pixel point, for the side moving: 1..24, kBarSpot,
// kTraySpot (either tray), 0 for nothing.
int spotAt(const view::Layout& l, view::Vec2 p);

// What a double-tap on `fromOwn` plays: the destination of the larger unused die that
// can move that checker (else the smaller, else the first legal destination); -1 if none.
int autoDestination(const nard::Match& m, int fromOwn);

class BoardInput {
 public:
  // Moves a checker for the player: screen spots in, "" or the engine's refusal out.
  using StageFn = std::function<std::string(int fromScreen, int toScreen, bool dropped)>;

  // `player` is the person allowed to move now (-1: nobody, e.g. the computer's turn).
  void pointerDown(const nard::Match& m, int player, const view::Layout& l, view::Vec2 p, double now);
  void pointerMove(view::Vec2 p);
  void pointerUp(const nard::Match& m, int player, const view::Layout& l, view::Vec2 p,
                 double now, const StageFn& stage);
  void reset() { selected_ = 0; dragging_ = false; pressed_ = false; }

  int selected() const { return selected_; }
  // The checker being dragged: where to draw it (only while dragging()).
  bool dragging() const { return dragging_; }
  view::Vec2 dragPoint() const { return dragAt_; }
  // The message of the last refused move, for the status line ("" if none).
  const std::string& lastError() const { return lastError_; }

 private:
  bool movable(const nard::Match& m, int player, int screenSpot) const;
  bool isDestination(const nard::Match& m, int player, int screenSpot) const;   // of the picked checker

  int selected_ = 0;          // picked screen spot, 0 = none
  bool pressed_ = false, dragging_ = false;
  view::Vec2 downAt_, dragAt_;
  int downSpot_ = 0;
  bool downWasSelected_ = false;
  int lastTapSpot_ = 0;
  double lastTapTime_ = -1e9;
  std::string lastError_;
};

}  // namespace ui
