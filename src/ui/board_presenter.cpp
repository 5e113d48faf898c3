#include "ui/board_presenter.h"

#include <algorithm>

namespace ui {
namespace {

using view::kBarSpot;
using view::kTraySpot;
using view::ScreenSide;

int sideIndex(ScreenSide s) { return s == ScreenSide::Top ? 1 : 0; }

// Which dice the staged moves have used. A bear-off may use a die larger than the pips
// it travels, so a move takes the exact die if it is free, else the smallest larger one.
std::array<bool, 2> usedDice(const nard::Match& m) {
  std::array<bool, 2> used{};
  const nard::Dice d = m.dice();
  const auto& staged = m.staged();
  if (d.isDouble()) {
    const int n = static_cast<int>(staged.size());
    used = {n >= 4, n >= 2};   // four moves on two dice: each die stands for two
    return used;
  }
  const int die[2] = {d.a, d.b};
  for (const nard::Move& mv : staged) {
    const int need = mv.die ? mv.die : mv.from - mv.to;
    int pick = -1;
    for (int i = 0; i < 2; ++i)
      if (!used[i] && die[i] == need) pick = i;
    for (int i = 0; pick < 0 && i < 2; ++i)
      if (!used[i] && die[i] > need && (pick < 0 || die[i] < die[pick])) pick = i;
    if (pick >= 0) used[pick] = true;
  }
  return used;
}

}  // namespace

ScreenSide screenSide(int player) { return player == 0 ? ScreenSide::Bottom : ScreenSide::Top; }

int toScreen(const nard::Match& m, int player, int ownSpot) {
  if (ownSpot == nard::kBar) return kBarSpot;
  if (ownSpot == 0) return kTraySpot;
  return player == 0 ? ownSpot : nard::opponentPoint(m.variant().geometry, ownSpot);
}

int toOwn(const nard::Match& m, int player, int screenSpot) {
  if (screenSpot == kBarSpot) return nard::kBar;
  if (screenSpot == kTraySpot) return 0;
  if (screenSpot < 1 || screenSpot > 24) return -1;
  // opponentPoint is its own inverse for both geometries.
  return player == 0 ? screenSpot : nard::opponentPoint(m.variant().geometry, screenSpot);
}

view::BoardView presentBoard(const nard::Match& m) {
  view::BoardView v;
  v.checkersPerSide = m.variant().checkers;
  const nard::Position pos = m.position();   // side[0] = on roll, staged moves applied
  for (int s = 0; s < 2; ++s) {
    const int player = s == 0 ? m.onRoll() : 1 - m.onRoll();
    const nard::Side& side = pos.side[s];
    const ScreenSide screen = screenSide(player);
    for (int p = 1; p <= 24; ++p) {
      if (!side[p]) continue;
      view::PointView& pv = v.points[toScreen(m, player, p)];
      pv.count = side[p];
      pv.owner = screen;
    }
    v.bar[sideIndex(screen)] = side[nard::kBar];
    v.off[sideIndex(screen)] = side[0];
  }
  if (m.phase() == nard::Phase::Moving) {
    v.diceOwner = screenSide(m.onRoll());
    v.dice = {m.dice().a, m.dice().b};
    v.diceUsed = usedDice(m);
  }
  v.cubeEnabled = m.policy().cube;
  v.cubeValue = m.cubeValue();
  v.cubeOwner = m.cubeOwner() < 0 ? ScreenSide::None : screenSide(m.cubeOwner());
  return v;
}

void addHighlights(const nard::Match& m, int player, int selectedScreenSpot, view::BoardView& v) {
  v.highlightSide = screenSide(player);
  if (m.phase() != nard::Phase::Moving || m.onRoll() != player) return;
  for (int from : m.movableFrom()) v.movable.set(toScreen(m, player, from));
  if (!selectedScreenSpot) return;
  const int from = toOwn(m, player, selectedScreenSpot);
  const std::vector<int> to = m.destinations(from);
  if (to.empty()) return;
  v.selected = selectedScreenSpot;
  for (int d : to) v.destinations.set(toScreen(m, player, d));
}

void liftChecker(view::BoardView& v, ScreenSide side, int spot) {
  const int s = sideIndex(side);
  if (spot == kBarSpot) {
    if (v.bar[s]) --v.bar[s];
  } else if (spot == kTraySpot) {
    if (v.off[s]) --v.off[s];
  } else if (spot >= 1 && spot <= 24 && v.points[spot].count && v.points[spot].owner == side) {
    if (--v.points[spot].count == 0) v.points[spot].owner = ScreenSide::None;
  }
}

void applyViewMove(view::BoardView& v, ScreenSide side, int fromSpot, int toSpot) {
  liftChecker(v, side, fromSpot);
  const int s = sideIndex(side);
  if (toSpot == kTraySpot) {
    ++v.off[s];
    return;
  }
  if (toSpot < 1 || toSpot > 24) return;
  view::PointView& pv = v.points[toSpot];
  if (pv.owner != side && pv.owner != ScreenSide::None && pv.count == 1) {
    ++v.bar[1 - s];   // hit
    pv.count = 0;
  }
  pv.owner = side;
  ++pv.count;
}

}  // namespace ui
