#include "view/layout.h"

#include <algorithm>
#include <cmath>

namespace view {

using namespace geom;

namespace {

// Canonical board (units, landscape, home on the right, y down).
constexpr float kLeftX = kFrame;
constexpr float kBarX = kFrame + 6;
constexpr float kRightX = kFrame + 6 + kBarWidth;
constexpr float kTrayX = 2 * kFrame + 12 + kBarWidth;
constexpr float kFieldY = kFrame;
constexpr float kMidY = kFrame + kFieldH * 0.5f;
constexpr float kCubeClear = 0.6f;  // bar checkers leave room for a centred cube

Rect canonicalPoint(int p) {
  if (p <= 6) return {kRightX + 6 - p, kFieldY + kPointH + kGap, 1, kPointH};
  if (p <= 12) return {kLeftX + 12 - p, kFieldY + kPointH + kGap, 1, kPointH};
  if (p <= 18) return {kLeftX + (p - 13), kFieldY, 1, kPointH};
  return {kRightX + (p - 19), kFieldY, 1, kPointH};
}

Vec2 canonicalChecker(int p, int index) {
  Rect r = canonicalPoint(p);
  float off = kChecker * (0.5f + index);
  return {r.x + 0.5f, p <= 12 ? r.y + r.h - off : r.y + off};
}

}  // namespace

Vec2 Layout::map(Vec2 b) const {
  if (!opt.homeOnRight) b.x = kWidth - b.x;
  if (portrait) return {origin.x + (kHeight - b.y) * unit, origin.y + b.x * unitAlong};
  return {origin.x + b.x * unitAlong, origin.y + b.y * unit};
}

Rect Layout::map(Rect b) const {
  Vec2 a = map(Vec2{b.x, b.y}), c = map(Vec2{b.x + b.w, b.y + b.h});
  return {std::min(a.x, c.x), std::min(a.y, c.y), std::abs(c.x - a.x), std::abs(c.y - a.y)};
}

Dir Layout::map(Dir d) const {
  if (!opt.homeOnRight) d = d == Dir::Left ? Dir::Right : d == Dir::Right ? Dir::Left : d;
  if (!portrait) return d;
  switch (d) {  // a quarter turn clockwise
    case Dir::Up: return Dir::Right;
    case Dir::Right: return Dir::Down;
    case Dir::Down: return Dir::Left;
    case Dir::Left: return Dir::Up;
  }
  return d;
}

Vec2 Layout::checkerCentre(int pointNo, int index) const {
  return map(canonicalChecker(pointNo, index));
}

Vec2 Layout::barCheckerCentre(int side, int index) const {
  // The bottom side's hit checkers wait on the upper half, next to where they re-enter.
  float off = kCubeClear + kChecker * (0.5f + index);
  return map(Vec2{kBarX + kBarWidth * 0.5f, side == 0 ? kMidY - off : kMidY + off});
}

Rect Layout::offSlab(int side, int index) const {
  const float inset = 0.1f, w = kTray - 2 * inset;
  float y = side == 0 ? kFieldY + kFieldH - inset - (index + 1) * kSlab
                      : kFieldY + inset + index * kSlab;
  return map(Rect{kTrayX + inset, y, w, kSlab});
}

namespace {

constexpr float kMaxStretch = 1.3f;   // points wider than this would look like another game

// The board's scale in a box of aw x ah CSS pixels: `unit` across it, `along` along its
// length (more than `unit` only when it may stretch).
struct Fit {
  float unit = 0, along = 0;
};

Fit fitBoard(float aw, float ah, bool portrait, bool stretch) {
  const float along = portrait ? ah : aw, across = portrait ? aw : ah;
  Fit f;
  f.unit = std::max(0.0f, std::min(across / kHeight, along / kWidth));
  f.along = stretch ? std::max(f.unit, std::min(along / kWidth, f.unit * kMaxStretch)) : f.unit;
  return f;
}

// Sizes of the strips and buttons, from the strips' line height.
struct StripSizes {
  float gap, stripH, stripW, buttonH;
  explicit StripSizes(float line)
      : gap(std::round(line * 0.4f)), stripH(std::round(line * 3.6f)),   // three lines and padding
        stripW(std::round(line * 8.0f)), buttonH(std::round(line * 1.8f)) {}
};

// One way to place the board (and the strips): what the strips take from the board's
// room, and the board's scale in the rest.
struct Plan {
  StripPlace place = StripPlace::None;
  bool portrait = false;
  float reserveW = 0, reserveH = 0;
  Fit fit;
  bool fits = true;
  float score() const { return fits ? fit.unit * fit.along : -1; }   // the board's area
};

Plan makePlan(StripPlace place, bool portrait, float aw, float ah, const StripSizes& z) {
  Plan p;
  p.place = place;
  p.portrait = portrait;
  switch (place) {
    case StripPlace::None: break;
    case StripPlace::Beside:   // both strips and the buttons between them in one column
      p.reserveW = z.gap + z.stripW;
      p.fits = ah >= 2 * z.stripH + z.buttonH + 2 * z.gap;
      break;
    case StripPlace::AboveBelow: p.reserveH = 2 * (z.stripH + z.gap); break;
    case StripPlace::Across: p.reserveH = z.stripH + z.buttonH + 2 * z.gap; break;
  }
  p.fit = fitBoard(aw - p.reserveW, ah - p.reserveH, portrait, place != StripPlace::None);
  return p;
}

// The plan with the largest board: with strips, the three ways to place them; without,
// the board alone either way round (landscape on a tie).
Plan choosePlan(const LayoutOptions& opt, float aw, float ah) {
  const StripSizes z(opt.stripLine);
  Plan plans[3];
  int n = 0;
  if (opt.stripLine > 0) {
    plans[n++] = makePlan(StripPlace::Beside, false, aw, ah, z);
    plans[n++] = makePlan(StripPlace::AboveBelow, false, aw, ah, z);
    plans[n++] = makePlan(StripPlace::Across, true, aw, ah, z);
  } else {
    plans[n++] = makePlan(StripPlace::None, false, aw, ah, z);
    plans[n++] = makePlan(StripPlace::None, true, aw, ah, z);
  }
  Plan best = plans[0];
  for (int i = 1; i < n; ++i)
    if (plans[i].score() > best.score()) best = plans[i];
  return best;
}

// Places the strips and the buttons' room around the board (l.board set).
void placeStrips(Layout& l, const StripSizes& z) {
  const Rect b = l.board;
  const bool homeRight = l.opt.homeOnRight;
  switch (l.stripPlace) {
    case StripPlace::None: return;
    case StripPlace::Beside: {
      const float x = homeRight ? b.x + b.w + z.gap : b.x - z.gap - z.stripW;
      l.strip[1] = {x, b.y, z.stripW, z.stripH};
      l.strip[0] = {x, b.y + b.h - z.stripH, z.stripW, z.stripH};
      l.actions = {x, b.y + z.stripH + z.gap, z.stripW, b.h - 2 * (z.stripH + z.gap)};
      return;
    }
    case StripPlace::AboveBelow: {
      const float w = std::floor(std::min(z.stripW * 1.25f, (b.w - z.gap) * 0.5f));
      const float x = homeRight ? b.x + b.w - w : b.x;
      l.strip[1] = {x, b.y - z.gap - z.stripH, w, z.stripH};
      l.strip[0] = {x, b.y + b.h + z.gap, w, z.stripH};
      l.actions = {homeRight ? b.x : b.x + w + z.gap, l.strip[0].y, b.w - w - z.gap, z.stripH};
      return;
    }
    case StripPlace::Across: {
      // Both homes are at the bottom edge (home on the right) or the top: the strips go
      // there, the bottom side's (left column of points) on the left. The buttons are
      // always last, at the bottom, where a thumb reaches.
      const float w = std::floor((b.w - z.gap) * 0.5f);
      const float y = homeRight ? b.y + b.h + z.gap : b.y - z.gap - z.stripH;
      l.strip[0] = {b.x, y, w, z.stripH};
      l.strip[1] = {b.x + b.w - w, y, w, z.stripH};
      const float below = homeRight ? y + z.stripH : b.y + b.h;
      l.actions = {b.x, below + z.gap, b.w, z.buttonH};
      return;
    }
  }
}

}  // namespace

Layout computeLayout(const LayoutOptions& opt) {
  Layout l;
  l.opt = opt;
  // The free room: the canvas less the menu bar (which already sits below the safe
  // area's top), a panel, the safe area and a margin.
  const float margin = std::max(4.0f, std::min(opt.cssWidth, opt.cssHeight) * 0.015f);
  const float left = std::max(opt.leftInset, opt.safe.left), right = std::max(opt.rightInset, opt.safe.right);
  const float top = std::max(opt.topInset, opt.safe.top), bottom = std::max(opt.bottomInset, opt.safe.bottom);
  const float aw = std::max(1.0f, opt.cssWidth - left - right - 2 * margin);
  const float ah = std::max(1.0f, opt.cssHeight - top - bottom - 2 * margin);
  const Plan plan = choosePlan(opt, aw, ah);
  l.portrait = plan.portrait;
  l.stripPlace = plan.place;
  // Snap to whole device pixels so edges stay crisp.
  auto snapDown = [&](float v) { return opt.dpr > 0 ? std::max(1.0f, std::floor(v * opt.dpr)) / opt.dpr : v; };
  l.unit = snapDown(plan.fit.unit);
  l.unitAlong = std::max(l.unit, snapDown(plan.fit.along));
  const float bw = l.portrait ? kHeight * l.unit : kWidth * l.unitAlong;
  const float bh = l.portrait ? kWidth * l.unitAlong : kHeight * l.unit;
  auto snap = [&](float v) { return std::round(v * opt.dpr) / opt.dpr; };
  // The board and its strips as one block, centred in the free room.
  const float blockX = left + margin + (aw - bw - plan.reserveW) * 0.5f;
  const float blockY = top + margin + (ah - bh - plan.reserveH) * 0.5f;
  const StripSizes z(opt.stripLine);
  const bool stripsFirstX = plan.place == StripPlace::Beside && !opt.homeOnRight;
  const bool stripsFirstY = plan.place == StripPlace::AboveBelow ||
                            (plan.place == StripPlace::Across && !opt.homeOnRight);
  l.origin = {snap(blockX + (stripsFirstX ? plan.reserveW : 0)),
              snap(blockY + (stripsFirstY ? z.stripH + z.gap : 0))};
  l.checker = kChecker * l.unit;

  l.board = l.map(Rect{0, 0, kWidth, kHeight});
  l.field[0] = l.map(Rect{kLeftX, kFieldY, 6, kFieldH});
  l.field[1] = l.map(Rect{kRightX, kFieldY, 6, kFieldH});
  l.bar = l.map(Rect{kBarX, kFieldY, kBarWidth, kFieldH});
  l.barHalf[0] = l.map(Rect{kBarX, kFieldY, kBarWidth, kFieldH * 0.5f});
  l.barHalf[1] = l.map(Rect{kBarX, kMidY, kBarWidth, kFieldH * 0.5f});
  const float trayH = (kFieldH - kTrayGap) * 0.5f;
  l.tray[0] = l.map(Rect{kTrayX, kFieldY + kFieldH - trayH, kTray, trayH});
  l.tray[1] = l.map(Rect{kTrayX, kFieldY, kTray, trayH});
  for (int p = 1; p <= 24; ++p) {
    l.point[p] = l.map(canonicalPoint(p));
    l.pointDir[p] = l.map(p <= 12 ? Dir::Up : Dir::Down);
  }
  // Dice and cube stay square on a stretched board: placed by their centre.
  auto square = [&](Vec2 centre, float size) {
    const Vec2 c = l.map(centre);
    const float s = size * l.unit;
    return Rect{c.x - s * 0.5f, c.y - s * 0.5f, s, s};
  };
  // Each side rolls in its own home half: bottom on the right half, top on the left.
  for (int side = 0; side < 2; ++side) {
    const float cx = (side == 0 ? kRightX : kLeftX) + 3;
    const float apart = (0.15f + kDie * 0.5f) * l.unit / l.unitAlong;   // the same gap as unstretched
    for (int d = 0; d < 2; ++d) l.dice[side][d] = square(Vec2{cx + (d == 0 ? -apart : apart), kMidY}, kDie);
  }
  const float cubeX = kBarX + kBarWidth * 0.5f;
  const float cubeInset = (0.15f + kCube * 0.5f);
  l.cube[0] = square(Vec2{cubeX, kMidY}, kCube);
  l.cube[1] = square(Vec2{cubeX, kFieldY + kFieldH - cubeInset}, kCube);
  l.cube[2] = square(Vec2{cubeX, kFieldY + cubeInset}, kCube);
  placeStrips(l, z);
  for (Rect& r : l.strip) r = {snap(r.x), snap(r.y), snap(r.w), snap(r.h)};
  l.actions = {snap(l.actions.x), snap(l.actions.y), snap(l.actions.w), snap(l.actions.h)};
  return l;
}

}  // namespace view
