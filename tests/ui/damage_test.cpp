// Partial redraws (view/damage.h): what a frame must redraw after a change, on real
// board scenes and on hand-made lists. The browser suite checks the pictures themselves
// (tests/web/smoke.test.mjs: partial redraws equal a whole redraw).
#include <doctest/doctest.h>

#include "view/board_scene.h"
#include "view/damage.h"
#include "view/layout.h"
#include "view/theme.h"

namespace {

using view::Drawn;
using view::PixelBox;

bool contains(const PixelBox& outer, const PixelBox& inner) {
  return outer.x0 <= inner.x0 && outer.y0 <= inner.y0 && outer.x1 >= inner.x1 && outer.y1 >= inner.y1;
}

view::Layout desktop() {
  view::LayoutOptions o;
  o.cssWidth = 1280;
  o.cssHeight = 800;
  o.dpr = 1.5f;
  o.topInset = 28;
  return view::computeLayout(o);
}

std::vector<Drawn> drawnFor(const view::BoardView& v, const view::Layout& l) {
  view::Scene scene;
  view::buildPiecesScene(v, l, view::kWalnutTheme, scene);
  std::vector<Drawn> out;
  view::appendDrawn(scene, out);
  return out;
}

view::BoardView openingView() {
  view::BoardView v;
  auto put = [&](int p, int n, view::ScreenSide s) { v.points[p] = {static_cast<std::uint8_t>(n), s}; };
  put(24, 2, view::ScreenSide::Bottom); put(13, 5, view::ScreenSide::Bottom);
  put(8, 3, view::ScreenSide::Bottom);  put(6, 5, view::ScreenSide::Bottom);
  put(1, 2, view::ScreenSide::Top);     put(12, 5, view::ScreenSide::Top);
  put(17, 3, view::ScreenSide::Top);    put(19, 5, view::ScreenSide::Top);
  return v;
}

}  // namespace

TEST_CASE("an unchanged frame redraws nothing") {
  const view::Layout l = desktop();
  const auto a = drawnFor(openingView(), l), b = drawnFor(openingView(), l);
  PixelBox damage{1, 1, 2, 2};
  REQUIRE(view::damageBetween(a, b, &damage));
  CHECK(damage.empty());
}

TEST_CASE("moving one checker redraws the two stacks it left and joined, not the board") {
  const view::Layout l = desktop();
  view::BoardView before = openingView(), after = openingView();
  after.points[13].count = 4;   // 13/8
  after.points[8].count = 4;
  PixelBox damage;
  REQUIRE(view::damageBetween(drawnFor(before, l), drawnFor(after, l), &damage));
  const float k = l.opt.dpr;
  const view::Vec2 from = l.checkerCentre(13, 4), to = l.checkerCentre(8, 3);
  const float r = l.checker * 0.5f * k;
  CHECK(contains(damage, view::boxAround(from.x * k - r, from.y * k - r, 2 * r, 2 * r)));
  CHECK(contains(damage, view::boxAround(to.x * k - r, to.y * k - r, 2 * r, 2 * r)));
  const long long whole = static_cast<long long>(1280 * 1.5f) * static_cast<long long>(800 * 1.5f);
  CHECK(damage.area() > 0);
  CHECK(damage.area() < whole / 4);   // both stacks sit in one half of the board
}

TEST_CASE("a dragged checker redraws where it was and where it is") {
  const view::Layout l = desktop();
  view::BoardView a = openingView(), b = openingView();
  a.floating.push_back({400, 300, view::ScreenSide::Bottom});
  b.floating.push_back({430, 310, view::ScreenSide::Bottom});
  PixelBox damage;
  REQUIRE(view::damageBetween(drawnFor(a, l), drawnFor(b, l), &damage));
  const float k = l.opt.dpr, r = l.checker * 0.5f * k;
  CHECK(contains(damage, view::boxAround(400 * k - r, 300 * k - r, 2 * r, 2 * r)));
  CHECK(contains(damage, view::boxAround(430 * k - r, 310 * k - r, 2 * r, 2 * r)));
  CHECK(damage.x1 - damage.x0 < 4 * r + 30 * k + 40);   // about one checker wide, plus shadows
}

TEST_CASE("damage covers what appeared and what went, and only that") {
  const std::vector<Drawn> before = {{1, {0, 0, 10, 10}}, {2, {20, 20, 30, 30}}, {3, {50, 50, 60, 60}}};
  const std::vector<Drawn> after = {{1, {0, 0, 10, 10}}, {3, {50, 50, 60, 60}}, {4, {100, 0, 110, 5}}};
  PixelBox damage;
  REQUIRE(view::damageBetween(before, after, &damage));
  CHECK(damage == PixelBox{20, 0, 110, 30});   // 2 went, 4 appeared; 1 and 3 stay
}

TEST_CASE("shared things drawn in another order force a whole redraw") {
  // Two overlapping shapes swapping places change the picture where they overlap,
  // although neither appeared nor went.
  const std::vector<Drawn> before = {{1, {0, 0, 10, 10}}, {2, {5, 5, 15, 15}}};
  const std::vector<Drawn> after = {{2, {5, 5, 15, 15}}, {1, {0, 0, 10, 10}}};
  PixelBox damage;
  CHECK_FALSE(view::damageBetween(before, after, &damage));
}

TEST_CASE("identical shapes are matched one for one") {
  const std::vector<Drawn> before = {{7, {0, 0, 4, 4}}, {7, {0, 0, 4, 4}}};
  const std::vector<Drawn> after = {{7, {0, 0, 4, 4}}};
  PixelBox damage;
  REQUIRE(view::damageBetween(before, after, &damage));
  CHECK(damage == PixelBox{0, 0, 4, 4});   // one of the two went
}

TEST_CASE("pixel boxes") {
  CHECK(view::boxAround(1.5f, 2.25f, 3.0f, 1.0f) == PixelBox{1, 2, 5, 4});
  PixelBox b;
  b.add({5, 5, 6, 6});
  b.add({});
  b.add({0, 8, 2, 9});
  CHECK(b == PixelBox{0, 5, 6, 9});
  CHECK(PixelBox{-3, -3, 2000, 5}.clippedTo(100, 100) == PixelBox{0, 0, 100, 5});
  CHECK(PixelBox{3, 3, 3, 9}.empty());
}
