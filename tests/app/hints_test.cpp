// Hints: the best plays, best first, every line judged at the same (full) depth so that
// their equities compare, and a hint only where there is a play to choose.
#include <doctest/doctest.h>

#include <algorithm>

#include "app/hints.h"
#include "engine/notation.h"

TEST_CASE("hint lines come best first, all at 2-ply, for every opening roll") {
  nard::MatchOptions o;
  o.matchLength = 3;
  for (int a = 1; a <= 6; ++a) {
    for (int b = 1; b < a; ++b) {   // an opening roll is never a double
      nard::Match m(o);
      REQUIRE(m.rollOpening({static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)}) == "");
      REQUIRE(m.phase() == nard::Phase::Moving);
      app::HintTask h;
      REQUIRE(h.start(m, 5));
      while (!h.step(50.0)) {
      }
      const auto& lines = h.lines();
      CAPTURE(a * 10 + b);
      REQUIRE(lines.size() == std::min<std::size_t>(5, m.legalPlays().size()));
      for (std::size_t i = 1; i < lines.size(); ++i) CHECK(lines[i].equity <= lines[i - 1].equity);
      for (const auto& l : lines) CHECK(nard::findPlay(m.legalPlays(), m.position(), l.play, nullptr));
    }
  }
}

TEST_CASE("no hint while nothing is to be moved") {
  nard::MatchOptions o;
  nard::Match m(o);
  app::HintTask h;
  CHECK_FALSE(h.start(m, 5));   // the opening roll is not rolled yet
  CHECK_FALSE(h.running());
}
