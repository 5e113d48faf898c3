#include "ui/choreographer.h"

#include <algorithm>
#include <cmath>

#include "ui/board_presenter.h"

namespace ui {
namespace {

using view::kBarSpot;
using view::kTraySpot;

int sideIndex(view::ScreenSide s) { return s == view::ScreenSide::Top ? 1 : 0; }
float easeInOut(float t) { return t < 0.5f ? 2 * t * t : 1 - std::pow(-2 * t + 2, 2.0f) * 0.5f; }

}  // namespace

view::Vec2 spotCentre(const view::BoardView& v, const view::Layout& l, view::ScreenSide side,
                        int spot, bool next) {
  const int s = sideIndex(side);
  const int shift = next ? 0 : -1;
  if (spot == kBarSpot) {
    int i = std::clamp(v.bar[s] + shift, 0, view::geom::kMaxBar - 1);
    return l.barCheckerCentre(s, i);
  }
  if (spot == kTraySpot) return l.offSlab(s, std::max(0, v.off[s] + shift)).centre();
  int count = v.points[std::clamp(spot, 1, 24)].count;
  if (next && v.points[spot].owner != side && count == 1) count = 0;   // the blot is hit
  int i = std::clamp(count + shift, 0, view::geom::kMaxStack - 1);
  return l.checkerCentre(std::clamp(spot, 1, 24), i);
}

void Choreographer::animateMoves(const view::BoardView& before, std::vector<CheckerFlight> flights,
                                 double now, double msPerMove) {
  if (flights.empty()) return;
  before_ = before;
  before_.movable.reset();
  before_.destinations.reset();
  before_.selected = 0;
  before_.floating.clear();
  flights_ = std::move(flights);
  movesStart_ = std::max(now, rollUntil_);   // checkers move once the dice have landed
  msPerMove_ = std::max(1.0, msPerMove);
}

void Choreographer::animateRoll(view::ScreenSide owner, int a, int b, double now, double ms, double holdMs) {
  rollOwner_ = owner;
  rollDice_[0] = a;
  rollDice_[1] = b;
  rollStart_ = now;
  rollUntil_ = now + ms;
  holdUntil_ = rollUntil_ + holdMs;
}

bool Choreographer::busy(double now) const {
  if (now < holdUntil_) return true;
  return !flights_.empty() && now < movesStart_ + msPerMove_ * static_cast<double>(flights_.size());
}

view::BoardView Choreographer::frame(const view::BoardView& settled, const view::Layout& l,
                                       double now) const {
  const double movesEnd = movesStart_ + msPerMove_ * static_cast<double>(flights_.size());
  view::BoardView v = settled;
  if (!flights_.empty() && now < movesEnd) {
    v = before_;
    v.dice = settled.dice;
    v.diceOwner = settled.diceOwner;
    v.diceUsed = settled.diceUsed;
    const double t = std::max(0.0, now - movesStart_) / msPerMove_;
    const std::size_t k = std::min(flights_.size() - 1, static_cast<std::size_t>(t));
    for (std::size_t i = 0; i < k; ++i) applyViewMove(v, flights_[i].side, flights_[i].from, flights_[i].to);
    const CheckerFlight& f = flights_[k];
    const view::Vec2 a = spotCentre(v, l, f.side, f.from, false);
    liftChecker(v, f.side, f.from);
    const view::Vec2 b = spotCentre(v, l, f.side, f.to, true);
    const float u = easeInOut(static_cast<float>(std::clamp(t - static_cast<double>(k), 0.0, 1.0)));
    // A low arc, as a hand lifts a checker over the others.
    const float lift = std::sin(u * 3.14159265f) * l.checker * 0.6f;
    v.floating.push_back({a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u - lift, f.side});
  }
  if (now < holdUntil_ && rollOwner_ != view::ScreenSide::None) {
    v.diceOwner = rollOwner_;
    if (now < rollUntil_) {
      // Tumbling: a new face every 60 ms, the dice bouncing towards where they land.
      const int frameNo = static_cast<int>((now - rollStart_) / 60.0);
      const float left = static_cast<float>((rollUntil_ - now) / std::max(1.0, rollUntil_ - rollStart_));
      for (int d = 0; d < 2; ++d) {
        v.dice[d] = static_cast<std::uint8_t>(1 + (frameNo * (d ? 5 : 3) + rollDice_[d] + d) % 6);
        v.diceUsed[d] = false;
        const float phase = static_cast<float>(frameNo) * 1.7f + static_cast<float>(d) * 2.1f;
        v.diceOffset[d] = {std::sin(phase) * l.checker * 0.5f * left,
                           -std::fabs(std::cos(phase)) * l.checker * 0.6f * left};
      }
    } else if (settled.diceOwner == view::ScreenSide::None) {
      v.dice = {static_cast<std::uint8_t>(rollDice_[0]), static_cast<std::uint8_t>(rollDice_[1])};
      v.diceUsed = {true, true};   // shown dimmed: this roll cannot be played
    }
  }
  return v;
}

}  // namespace ui
