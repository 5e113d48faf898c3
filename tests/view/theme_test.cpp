// The side strips' colours (view::StripColors) in every theme: what the strips write and
// draw stands out from the strip under it, by WCAG's contrast ratio (4.5 for text, 3 for
// shapes), over both strip backgrounds.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "view/theme.h"

namespace {

// WCAG 2 relative luminance of an sRGB colour (alpha left out: the strips are nearly opaque).
double luminance(const view::Color& c) {
  auto linear = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

double contrast(const view::Color& a, const view::Color& b) {
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

}  // namespace

TEST_CASE("each theme's side strips are legible") {
  for (const char* name : {"walnut", "ebony"}) {
    CAPTURE(name);
    const view::StripColors& s = view::themeNamed(name).strip;
    for (const view::Color& bg : {s.background, s.backgroundActive}) {
      CHECK(contrast(s.accent, bg) >= 4.5);   // what a side must do, its clock (and outline)
      CHECK(contrast(s.alert, bg) >= 4.5);    // a notice
      // Each side's checker shows, by itself or by its rim.
      CHECK(std::max(contrast(s.discBottom, bg), contrast(s.discBottomRim, bg)) >= 3);
      CHECK(std::max(contrast(s.discTop, bg), contrast(s.discTopRim, bg)) >= 3);
      CHECK(contrast(s.cubeBody, bg) >= 3);
    }
    CHECK(contrast(s.cubeInk, s.cubeBody) >= 4.5);
    CHECK(contrast(s.discBottom, s.discTop) >= 3);   // the two sides apart
    // A notice is not mistaken for the usual status line.
    CHECK(std::abs(s.alert.g - s.accent.g) + std::abs(s.alert.b - s.accent.b) >= 0.2);
  }
  CHECK(&view::themeNamed("") == &view::kWalnutTheme);
}
