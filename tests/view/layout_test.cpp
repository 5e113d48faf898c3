// The board's layout with side strips (view/layout.h) on phones, tablets and desktops:
// the board as large as the screen allows, each side's strip beside its home, the
// action buttons' room off the board (at the bottom on a phone held upright), nothing
// overlapping, no empty band over a tenth of the screen, the safe area kept free; and
// without strips the layout of old (the review, the native tests).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "view/layout.h"

namespace {

using view::Rect;
using view::StripPlace;

bool overlaps(const Rect& a, const Rect& b) {
  return a.x < b.x + b.w - 0.01f && b.x < a.x + a.w - 0.01f && a.y < b.y + b.h - 0.01f && b.y < a.y + a.h - 0.01f;
}

bool inside(const Rect& r, float x0, float y0, float x1, float y1) {
  const float e = 0.01f;
  return r.w > 0 && r.h > 0 && r.x >= x0 - e && r.y >= y0 - e && r.x + r.w <= x1 + e && r.y + r.h <= y1 + e;
}

constexpr float kMenu = 29;   // the menu bar's height

view::Layout phone(float w, float h, bool homeOnRight = true, view::Insets safe = {}) {
  view::LayoutOptions o;
  o.cssWidth = w;
  o.cssHeight = h;
  o.dpr = 3;
  o.safe = safe;
  o.topInset = safe.top + kMenu;
  o.stripLine = std::min(w, h) < 600 ? 24 : 21;
  o.homeOnRight = homeOnRight;
  return view::computeLayout(o);
}

// The largest stretch of the axis (y when `vertical`) that nothing covers: the menu bar,
// the board, the strips and the buttons' room.
float largestGap(const view::Layout& l, bool vertical) {
  std::vector<std::pair<float, float>> used{{0, vertical ? l.opt.topInset : 0}};
  for (const Rect& r : {l.board, l.strip[0], l.strip[1], l.actions})
    used.push_back(vertical ? std::make_pair(r.y, r.y + r.h) : std::make_pair(r.x, r.x + r.w));
  std::sort(used.begin(), used.end());
  float reached = 0, gap = 0;
  for (auto [a, b] : used) {
    gap = std::max(gap, a - reached);
    reached = std::max(reached, b);
  }
  return std::max(gap, (vertical ? l.opt.cssHeight : l.opt.cssWidth) - reached);
}

void checkScreen(float w, float h, bool homeOnRight) {
  const view::Layout l = phone(w, h, homeOnRight);
  const std::string name = std::to_string(int(w)) + "x" + std::to_string(int(h)) + (homeOnRight ? "" : " home left");
  INFO(name);
  REQUIRE(l.stripPlace != StripPlace::None);
  CHECK(l.portrait == (h > w));
  // On a phone the board fills the width (upright) or the height below the menu bar
  // (landscape); on bigger screens the strips may take some of it.
  if (std::min(w, h) < 600) {
    if (l.portrait) CHECK(l.board.w >= w * 0.94f);
    else CHECK(l.board.h >= (h - kMenu) * 0.94f);
  }
  for (const Rect& r : {l.board, l.strip[0], l.strip[1], l.actions}) CHECK(inside(r, 0, kMenu, w, h));
  for (const Rect& r : {l.strip[0], l.strip[1], l.actions}) CHECK_FALSE(overlaps(r, l.board));
  CHECK_FALSE(overlaps(l.strip[0], l.strip[1]));
  CHECK_FALSE(overlaps(l.strip[0], l.actions));
  CHECK_FALSE(overlaps(l.strip[1], l.actions));
  CHECK(largestGap(l, true) <= h * 0.1f);
  CHECK(largestGap(l, false) <= w * 0.1f);
  // Upright: the buttons are the lowest thing on the screen, where a thumb reaches.
  if (l.portrait) CHECK(l.actions.y >= std::max(l.strip[0].y + l.strip[0].h, l.board.y + l.board.h) - 0.01f);
  // Each strip beside its own home: the bottom side's home is points 1-6, the top side's 19-24.
  const Rect home0 = l.point[1], home1 = l.point[24];
  auto distance = [](const Rect& a, const Rect& b) {
    const float dx = std::max({0.0f, a.x - (b.x + b.w), b.x - (a.x + a.w)});
    const float dy = std::max({0.0f, a.y - (b.y + b.h), b.y - (a.y + a.h)});
    return dx + dy;
  };
  CHECK(distance(l.strip[0], home0) < distance(l.strip[1], home0));
  CHECK(distance(l.strip[1], home1) < distance(l.strip[0], home1));
  // Dice stay square on a stretched board, and checkers fit on their points.
  CHECK(l.dice[0][0].w == doctest::Approx(l.dice[0][0].h));
  CHECK(l.unitAlong >= l.unit);
  CHECK(l.unitAlong <= l.unit * 1.31f);
}

}  // namespace

TEST_CASE("phones and tablets: the board fills the screen, strips beside their homes") {
  for (bool homeOnRight : {true, false}) {
    for (auto [w, h] : {std::pair{360.f, 640.f}, {390.f, 844.f}, {430.f, 932.f}, {640.f, 360.f}, {844.f, 390.f},
                        {932.f, 430.f}, {768.f, 1024.f}, {1024.f, 768.f}, {1280.f, 800.f}, {1100.f, 720.f}})
      checkScreen(w, h, homeOnRight);
  }
}

TEST_CASE("upright phone: strips in a row at the homes, buttons at the bottom") {
  const view::Layout l = phone(390, 844);
  CHECK(l.stripPlace == StripPlace::Across);
  CHECK(l.strip[0].x < l.strip[1].x);   // the bottom side's points run down the left
  CHECK(l.strip[0].y > l.board.y + l.board.h);
  CHECK(l.actions.y > 844 * 0.8f);
  const view::Layout left = phone(390, 844, false);   // homes at the top: strips above the board
  CHECK(left.strip[0].y + left.strip[0].h <= left.board.y);
  CHECK(left.actions.y > left.board.y + left.board.h);
}

TEST_CASE("the safe area is kept free") {
  const view::Insets notch{47, 0, 34, 0};
  const view::Layout l = phone(390, 844, true, notch);
  for (const Rect& r : {l.board, l.strip[0], l.strip[1], l.actions}) CHECK(inside(r, 0, 47 + kMenu, 390, 844 - 34));
  const view::Layout side = phone(844, 390, true, {0, 47, 21, 47});
  for (const Rect& r : {side.board, side.strip[0], side.strip[1], side.actions})
    CHECK(inside(r, 47, kMenu, 844 - 47, 390 - 21));
}

TEST_CASE("without strips: the board alone, unstretched, as before") {
  view::LayoutOptions o;
  o.cssWidth = 1280;
  o.cssHeight = 800;
  o.topInset = 30;
  const view::Layout l = view::computeLayout(o);
  CHECK(l.stripPlace == StripPlace::None);
  CHECK(l.unitAlong == l.unit);
  CHECK(l.strip[0].w == 0);
  CHECK(l.actions.w == 0);
  CHECK(l.board.w / l.board.h == doctest::Approx(view::geom::kWidth / view::geom::kHeight));
  // Centred in the room below the menu bar.
  CHECK(l.board.x == doctest::Approx(1280 - l.board.x - l.board.w).epsilon(0.01));
}
