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
  if (portrait) return {origin.x + (kHeight - b.y) * unit, origin.y + b.x * unit};
  return {origin.x + b.x * unit, origin.y + b.y * unit};
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

Layout computeLayout(const LayoutOptions& opt) {
  Layout l;
  l.opt = opt;
  const float margin = std::max(4.0f, std::min(opt.cssWidth, opt.cssHeight) * 0.015f);
  const float aw = std::max(1.0f, opt.cssWidth - opt.leftInset - opt.rightInset - 2 * margin);
  const float ah = std::max(1.0f, opt.cssHeight - opt.topInset - opt.bottomInset - 2 * margin);
  const float landscapeUnit = std::min(aw / kWidth, ah / kHeight);
  const float portraitUnit = std::min(aw / kHeight, ah / kWidth);
  l.portrait = portraitUnit > landscapeUnit;
  l.unit = l.portrait ? portraitUnit : landscapeUnit;
  // Snap to whole device pixels so edges stay crisp.
  if (opt.dpr > 0) l.unit = std::max(1.0f, std::floor(l.unit * opt.dpr)) / opt.dpr;
  const float bw = (l.portrait ? kHeight : kWidth) * l.unit;
  const float bh = (l.portrait ? kWidth : kHeight) * l.unit;
  auto snap = [&](float v) { return std::round(v * opt.dpr) / opt.dpr; };
  l.origin = {snap(opt.leftInset + (opt.cssWidth - opt.leftInset - opt.rightInset - bw) * 0.5f),
              snap(opt.topInset + margin + (ah - bh) * 0.5f)};
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
  // Each side rolls in its own home half: bottom on the right half, top on the left.
  for (int side = 0; side < 2; ++side) {
    float cx = (side == 0 ? kRightX : kLeftX) + 3;
    for (int d = 0; d < 2; ++d) {
      float x = cx + (d == 0 ? -0.15f - kDie : 0.15f);
      l.dice[side][d] = l.map(Rect{x, kMidY - kDie * 0.5f, kDie, kDie});
    }
  }
  const float cubeX = kBarX + (kBarWidth - kCube) * 0.5f;
  l.cube[0] = l.map(Rect{cubeX, kMidY - kCube * 0.5f, kCube, kCube});
  l.cube[1] = l.map(Rect{cubeX, kFieldY + kFieldH - 0.15f - kCube, kCube, kCube});
  l.cube[2] = l.map(Rect{cubeX, kFieldY + 0.15f, kCube, kCube});
  return l;
}

}  // namespace view
