// Hints: the best plays, best first, every line judged at the same (full) depth so that
// their equities compare, and a hint only where there is a play to choose.
#include <doctest/doctest.h>

#include <algorithm>

#include "../ai/fake_evaluator.h"
#include "ai/cubeful.h"
#include "app/hints.h"
#include "engine/notation.h"

namespace {

// The fake evaluator's judgement (tests/ai/fake_evaluator.h) with its differences shrunk
// tenfold, so that the opening plays lie as close together as the nets see them: within
// the margins of the hint's search, every line is judged at 2-ply.
class CloseCalls final : public nard::ai::Evaluator {
 public:
  nard::ai::Probabilities evaluate(const nard::Position& p) override {
    ++calls;
    const float win = 0.5f + 0.1f * (test_fake::pipChances(p).win - 0.5f);
    return {win, 0.1f * win, 0.f, 0.1f * (1.f - win), 0.f};
  }
  long calls = 0;
};

}  // namespace

TEST_CASE("hint lines come best first, all at 2-ply, for every opening roll") {
  // The expert's search on a fake evaluator: the order, the number and the notation of the
  // lines are the hint's own work, whatever judges the plays, and a 2-ply search of the
  // fake costs next to nothing.
  CloseCalls fake;
  nard::MatchOptions o;
  o.matchLength = 3;
  int distinct = 0;
  for (int a = 1; a <= 6; ++a) {
    for (int b = 1; b < a; ++b) {   // an opening roll is never a double
      nard::Match m(o);
      REQUIRE(m.rollOpening({static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)}) == "");
      REQUIRE(m.phase() == nard::Phase::Moving);
      app::HintTask h;
      h.useEvaluator(&fake);
      REQUIRE(h.start(m, 5));
      while (!h.step(50.0)) {
      }
      const auto& lines = h.lines();
      CAPTURE(a * 10 + b);
      REQUIRE(lines.size() == std::min<std::size_t>(5, m.legalPlays().size()));
      for (std::size_t i = 1; i < lines.size(); ++i) {
        CHECK(lines[i].equity <= lines[i - 1].equity);
        distinct += lines[i].equity < lines[i - 1].equity;
      }
      for (const auto& l : lines) CHECK(nard::findPlay(m.legalPlays(), m.position(), l.play, nullptr));
    }
  }
  MESSAGE(distinct << " of the neighbouring lines differ");
  CHECK(distinct > 40);  // the order was there to get wrong: most neighbours differ
  CHECK(fake.calls > 0);
}

TEST_CASE("hints aim at the match score: in a 1-point match a play is worth its winning chance only") {
  // Double match point: gammons count for nothing and nobody can double, so each line's
  // value is the winning chance's, 2 x win - 1 EMG (a money equity would add the gammons).
  // On the fake evaluator, whose gammons are a tenth of each side's chances.
  test_fake::PipEvaluator fake;
  nard::MatchOptions o;
  o.matchLength = 1;
  int gammonish = 0;
  for (int a = 2; a <= 6; ++a) {
    nard::Match m(o);
    REQUIRE(m.rollOpening({static_cast<std::uint8_t>(a), 1}) == "");
    app::HintTask h;
    h.useEvaluator(&fake);
    REQUIRE(h.start(m, 3));
    while (!h.step(50.0)) {
    }
    REQUIRE_FALSE(h.lines().empty());
    for (const auto& l : h.lines()) {
      CHECK(l.equity == doctest::Approx(2.f * l.chances.win - 1.f).epsilon(1e-4));
      gammonish += l.chances.winGammon > 0.05f;
    }
  }
  CHECK(gammonish > 0);  // there were gammons to ignore
}

TEST_CASE("no hint while nothing is to be moved") {
  nard::MatchOptions o;
  nard::Match m(o);
  app::HintTask h;
  CHECK_FALSE(h.start(m, 5));   // the opening roll is not rolled yet
  CHECK_FALSE(h.running());
}

TEST_CASE("before a roll where the person may double, and answering a double, the hint is the cube") {
  nard::MatchOptions o;
  o.matchLength = 0;   // money: Jacoby and beavers, as the game's defaults
  nard::Match m(o);
  REQUIRE(m.rollOpening({3, 1}) == "");
  REQUIRE(m.playText("8/5 6/5") == "");
  REQUIRE(m.phase() == nard::Phase::Rolling);
  REQUIRE(m.canDouble());

  app::HintTask h;
  REQUIRE(h.start(m));
  CHECK(h.running());
  while (!h.step(4.0)) {
  }
  REQUIRE(h.cube());
  CHECK(h.lines().empty());
  CHECK_FALSE(h.cube()->answering);
  // The expert's cube search on the same question.
  nard::ai::NetPlayer expert(m.policy(), nard::ai::findLevel("expert")->settings, 1);
  const nard::ai::CubeDecision d = nard::ai::cubefulDecision(
      expert.search(), m.position(), nard::ai::cubeQuestion(m), nard::ai::Scoring::of(m.policy()), nard::ai::cubePlies(expert));
  const nard::ai::CubeDecision& got = h.cube()->decision;
  CHECK(got.noDouble == d.noDouble);
  CHECK(got.doubleTake == d.doubleTake);
  CHECK(got.doublePass == 1.f);
  CHECK_FALSE(got.double_);   // the second roll of a game is no double
  CHECK(got.take);

  // Doubled anyway: the answer's hint has the same values, for the person who answers.
  REQUIRE(m.offerDouble() == "");
  REQUIRE(h.start(m));
  while (!h.step(4.0)) {
  }
  REQUIRE(h.cube());
  CHECK(h.cube()->answering);
  CHECK(h.cube()->decision.doubleTake == d.doubleTake);
  CHECK(h.cube()->decision.take);

  // Taken: the roll that follows (the cube owned by the taker, who is not on roll) has no hint.
  REQUIRE(m.take() == "");
  REQUIRE(m.phase() == nard::Phase::Rolling);
  CHECK_FALSE(m.canDouble());
  CHECK_FALSE(h.start(m));
  CHECK_FALSE(h.cube());
}
