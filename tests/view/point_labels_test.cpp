// Point numbers (view/point_labels.h): the numbering agrees with the engine's for both
// geometries, the viewpoint follows the person at the board, and the labels sit on the
// frame beside their points, clear of everything else, in every board direction.
#include <doctest/doctest.h>

#include <string>

#include "engine/variant.h"
#include "view/point_labels.h"

namespace {

using view::Numbering;
using view::Rect;
using view::ScreenSide;

bool overlaps(const Rect& a, const Rect& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

bool inside(const Rect& outer, const Rect& r) {
  const float e = 0.01f;
  return r.x >= outer.x - e && r.y >= outer.y - e && r.x + r.w <= outer.x + outer.w + e &&
         r.y + r.h <= outer.y + outer.h + e;
}

view::Layout layoutFor(float w, float h, float top, bool homeOnRight, float dpr = 2) {
  view::LayoutOptions o;
  o.cssWidth = w;
  o.cssHeight = h;
  o.dpr = dpr;
  o.topInset = top;
  o.homeOnRight = homeOnRight;
  return view::computeLayout(o);
}

}  // namespace

TEST_CASE("the bottom player's numbers are the screen's; the top player's are the engine's own") {
  for (int p = 1; p <= 24; ++p) {
    CHECK(view::pointNumberFor(p, ScreenSide::Bottom, Numbering::Opposed) == p);
    CHECK(view::pointNumberFor(p, ScreenSide::Bottom, Numbering::SameDirection) == p);
    // The presenter maps the top player's own point to the screen with opponentPoint
    // (ui/board_presenter.cpp); the label must undo exactly that.
    CHECK(view::pointNumberFor(p, ScreenSide::Top, Numbering::Opposed) ==
          nard::opponentPoint(nard::Geometry::Opposed, p));
    CHECK(view::pointNumberFor(p, ScreenSide::Top, Numbering::SameDirection) ==
          nard::opponentPoint(nard::Geometry::SameDirection, p));
  }
  // Where each side starts shows 24 to that side: standard's back checkers on the bottom
  // player's 1, Long Nard's head on the top left (screen 12).
  CHECK(view::pointNumberFor(1, ScreenSide::Top, Numbering::Opposed) == 24);
  CHECK(view::pointNumberFor(12, ScreenSide::Top, Numbering::SameDirection) == 24);
  CHECK(view::pointNumberFor(24, ScreenSide::Bottom, Numbering::SameDirection) == 24);
}

TEST_CASE("the numbers follow the person at the board") {
  // One person against the computer: always that person's seat.
  CHECK(view::pointNumberViewer({true, false}, 0) == ScreenSide::Bottom);
  CHECK(view::pointNumberViewer({true, false}, 1) == ScreenSide::Bottom);
  CHECK(view::pointNumberViewer({false, true}, 0) == ScreenSide::Top);
  CHECK(view::pointNumberViewer({false, true}, 1) == ScreenSide::Top);
  // Pass and play: whoever's turn it is.
  CHECK(view::pointNumberViewer({true, true}, 0) == ScreenSide::Bottom);
  CHECK(view::pointNumberViewer({true, true}, 1) == ScreenSide::Top);
  // Computer against computer: the bottom player's.
  CHECK(view::pointNumberViewer({false, false}, 1) == ScreenSide::Bottom);
}

TEST_CASE("labels sit on the frame beside their points, clear of the play") {
  struct Screen { float w, h, top; const char* name; };
  const Screen screens[] = {{1280, 800, 28, "desktop"}, {360, 740, 96, "phone portrait"},
                            {390, 844, 96, "phone portrait 390"}, {844, 390, 32, "phone landscape"},
                            {740, 360, 32, "small landscape"}};
  for (const Screen& s : screens) {
    for (bool right : {true, false}) {
      const std::string where = std::string(s.name) + (right ? ", home on the right" : ", home on the left");
      CAPTURE(where);
      const view::Layout l = layoutFor(s.w, s.h, s.top, right);
      const view::PointLabels labels = view::pointLabels(l);
      for (int p = 1; p <= 24; ++p) {
        CAPTURE(p);
        const Rect& r = labels.rect[p];
        CHECK(r.w > 0);
        CHECK(r.h > 0);
        CHECK(inside(l.board, r));
        // Beside its own point: the same span along the row, nothing of the point covered.
        const Rect& pt = l.point[p];
        if (l.portrait) CHECK((r.y == doctest::Approx(pt.y) && r.h == doctest::Approx(pt.h)));
        else CHECK((r.x == doctest::Approx(pt.x) && r.w == doctest::Approx(pt.w)));
        for (int q = 1; q <= 24; ++q) CHECK_FALSE(overlaps(r, l.point[q]));
        for (int q = p + 1; q <= 24; ++q) CHECK_FALSE(overlaps(r, labels.rect[q]));
        for (const Rect& f : l.field) CHECK_FALSE(overlaps(r, f));
        for (const Rect& t : l.tray) CHECK_FALSE(overlaps(r, t));
        CHECK_FALSE(overlaps(r, l.bar));
        for (const auto& side : l.dice)
          for (const Rect& d : side) CHECK_FALSE(overlaps(r, d));
        for (const Rect& c : l.cube) CHECK_FALSE(overlaps(r, c));
        // Deep enough for the digits across the row: their height (0.72 em) in
        // landscape; in portrait two digits side by side (about 1.06 em) may reach over
        // the thin inlay but stay on the frame.
        const float across = l.portrait ? r.w : r.h;
        if (l.portrait) CHECK(1.06f * labels.fontPx <= across + 0.21f * l.unit);
        else CHECK(0.72f * labels.fontPx <= across);
      }
    }
  }
}

TEST_CASE("digits are legible on a phone and restrained on a desktop") {
  CHECK(view::pointLabels(layoutFor(360, 740, 96, true)).fontPx >= 11.0f);
  CHECK(view::pointLabels(layoutFor(844, 390, 32, true)).fontPx >= 11.0f);
  const float desk = view::pointLabels(layoutFor(1280, 800, 28, true)).fontPx;
  CHECK(desk > 14.0f);
  CHECK(desk <= 18.0f);
}
