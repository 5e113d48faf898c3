#include "ui/board_input.h"

#include <algorithm>
#include <cmath>

#include "ui/board_presenter.h"

namespace ui {
namespace {

constexpr double kDoubleTapMs = 350;
constexpr float kDragStartPx = 6;   // a press that moves less than this is a tap

}  // namespace

int spotAt(const view::Layout& l, view::Vec2 p) {
  for (int i = 1; i <= 24; ++i)
    if (l.point[i].contains(p)) return i;
  if (l.bar.contains(p)) return view::kBarSpot;
  if (l.tray[0].contains(p) || l.tray[1].contains(p)) return view::kTraySpot;
  return 0;
}

int autoDestination(const nard::Match& m, int fromOwn) {
  const std::vector<int> to = m.destinations(fromOwn);
  if (to.empty()) return -1;
  const nard::Dice d = m.dice();
  // Single-die destinations, larger die first; a bear-off with a larger die lands on 0.
  for (int die : {d.high(), d.low()}) {
    const int target = std::max(0, fromOwn - die);
    if (std::find(to.begin(), to.end(), target) != to.end()) return target;
  }
  return *std::max_element(to.begin(), to.end());   // the shortest move the engine allows
}

bool BoardInput::movable(const nard::Match& m, int player, int screenSpot) const {
  if (player < 0 || m.phase() != nard::Phase::Moving || m.onRoll() != player) return false;
  const int own = toOwn(m, player, screenSpot);
  if (own < 1) return false;
  const std::vector<int> from = m.movableFrom();
  return std::find(from.begin(), from.end(), own) != from.end();
}

bool BoardInput::isDestination(const nard::Match& m, int player, int screenSpot) const {
  if (!selected_ || player < 0 || m.phase() != nard::Phase::Moving) return false;
  const std::vector<int> to = m.destinations(toOwn(m, player, selected_));
  return std::find(to.begin(), to.end(), toOwn(m, player, screenSpot)) != to.end();
}

void BoardInput::pointerDown(const nard::Match& m, int player, const view::Layout& l,
                             view::Vec2 p, double /*now*/) {
  pressed_ = true;
  dragging_ = false;
  downAt_ = dragAt_ = p;
  downSpot_ = spotAt(l, p);
  downWasSelected_ = downSpot_ && downSpot_ == selected_;
  // Pressing a movable checker picks it at once, so its destinations light up while
  // the finger is still down (and a drag shows where it may go); unless it is where the
  // checker already picked is going.
  if (downSpot_ && movable(m, player, downSpot_) && !isDestination(m, player, downSpot_)) selected_ = downSpot_;
}

void BoardInput::pointerMove(view::Vec2 p) {
  if (!pressed_) return;
  dragAt_ = p;
  if (!dragging_ && selected_ && selected_ == downSpot_ &&
      std::hypot(p.x - downAt_.x, p.y - downAt_.y) > kDragStartPx)
    dragging_ = true;
}

void BoardInput::pointerUp(const nard::Match& m, int player, const view::Layout& l,
                           view::Vec2 p, double now, const StageFn& stage) {
  if (!pressed_) return;
  pressed_ = false;
  const int spot = spotAt(l, p);
  lastError_.clear();
  auto tryStage = [&](int from, int to, bool dropped) {
    std::string err = stage(from, to, dropped);
    if (!err.empty()) lastError_ = err;
    selected_ = 0;
    lastTapSpot_ = 0;   // a tap that moved a checker does not start a double tap
    return err.empty();
  };

  if (dragging_) {   // drag and drop: onto a destination, else the checker goes back
    dragging_ = false;
    if (spot && spot != selected_) tryStage(selected_, spot, true);
    return;
  }
  if (player < 0 || m.phase() != nard::Phase::Moving) {
    selected_ = 0;
    return;
  }
  // Double tap on a checker: play a die with it.
  const bool doubleTap = spot && spot == lastTapSpot_ && now - lastTapTime_ < kDoubleTapMs;
  lastTapSpot_ = movable(m, player, spot) ? spot : 0;   // only a checker's tap arms a double tap
  lastTapTime_ = now;
  if (doubleTap && movable(m, player, spot)) {
    const int to = autoDestination(m, toOwn(m, player, spot));
    if (to >= 0) tryStage(spot, toScreen(m, player, to), false);
    lastTapSpot_ = 0;
    return;
  }
  if (selected_ && spot && spot != selected_) {
    // Tap-tap: the second tap names the destination, or picks another checker.
    if (!isDestination(m, player, spot) && movable(m, player, spot)) {
      selected_ = spot;
      return;
    }
    tryStage(selected_, spot, false);
    return;
  }
  if (spot && spot == selected_ && downWasSelected_) selected_ = 0;   // tap again: put down
  else if (!spot || !movable(m, player, spot)) selected_ = 0;
}

}  // namespace ui
