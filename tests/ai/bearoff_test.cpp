#include <doctest/doctest.h>

#include "ai/bearoff.h"
#include "ai/evaluator.h"
#include "ai/hyper_race.h"

using namespace nard;
using namespace nard::ai;

namespace {
Side home(std::initializer_list<std::pair<int, int>> stacks, int checkers = 15) {
  Side s{};
  int on = 0;
  for (auto [p, n] : stacks) s[p] = static_cast<std::uint8_t>(n), on += n;
  s[kOff] = static_cast<std::uint8_t>(checkers - on);
  return s;
}
}  // namespace

// First in this binary (doctest runs files and cases in order), so the database every
// later case reads is the one built here a piece at a time, as the browser builds it on
// quiet frames: the values checked below hold for the sliced build.
TEST_CASE("bear-off database: builds a piece at a time") {
  REQUIRE_FALSE(BearoffDb::ready());
  constexpr int kMaxCalls = 100'000;   // about 900 needed: a build that never ends fails, not hangs
  int calls = 1;
  while (calls < kMaxCalls && !BearoffDb::prepare(0.0)) ++calls;   // a zero budget: one piece per call
  REQUIRE(calls < kMaxCalls);
  // Set-up pieces, then 54,264 positions in pieces of 64 (848 pieces), then the copies.
  CHECK(calls > 848);
  CHECK(BearoffDb::ready());
}

TEST_CASE("bear-off database: indices are a bijection onto 0..54263") {
  CHECK(BearoffDb::index(home({})) == 0);
  CHECK(BearoffDb::index(home({{6, 15}})) == BearoffDb::kPositions - 1);
  CHECK(BearoffDb::index(home({{1, 1}})) != BearoffDb::index(home({{2, 1}})));
}

TEST_CASE("bear-off database: simple positions") {
  const BearoffDb& db = BearoffDb::instance();
  int one = BearoffDb::index(home({{1, 1}}));
  CHECK(db.offProbability(one, 1) == doctest::Approx(1.0).epsilon(1e-4));  // any roll bears it off
  CHECK(db.expectedRolls(one) == doctest::Approx(1.0));
  // Two checkers on the 1 point: one roll, always.
  CHECK(db.expectedRolls(BearoffDb::index(home({{1, 2}}))) == doctest::Approx(1.0));
  // A checker on the 6 point misses only when the pips are under 6: 1-1, 2-1, 3-1, 4-1, 3-2.
  int six = BearoffDb::index(home({{6, 1}}));
  CHECK(db.offProbability(six, 1) == doctest::Approx(27.0 / 36).epsilon(1e-3));
  // 15 checkers on the 6 point: 90 pips plus wastage, about 12 rolls.
  float full = db.expectedRolls(BearoffDb::index(home({{6, 15}})));
  CHECK(full > 11.0f);
  CHECK(full < 13.0f);
  // Distributions sum to 1.
  float sum = 0;
  for (int n = 0; n < BearoffDb::kMaxRolls; ++n) sum += db.offProbability(BearoffDb::kPositions - 1, n);
  CHECK(sum == doctest::Approx(1.0).epsilon(1e-3));
}

TEST_CASE("bear-off database: two-sided chances") {
  const BearoffDb& db = BearoffDb::instance();
  Position p{{home({{1, 1}}), home({{6, 3}})}};
  Probabilities r = db.evaluate(p);
  CHECK(r.win == doctest::Approx(1.0).epsilon(1e-3));  // on roll with one checker on the 1 point
  // Gammon: the opponent has borne none off and cannot before I finish.
  Position g{{home({{1, 1}}), home({{6, 15}})}};
  CHECK(db.evaluate(g).winGammon == doctest::Approx(1.0).epsilon(1e-3));
  Position lose{{home({{6, 15}}), home({{1, 1}}, 15)}};
  Probabilities l = db.evaluate(lose);
  CHECK(l.win < 0.01f);
  // Saved only by bearing a checker off at once: any 6, 5-1, 4-2, 3-3, 2-2 = 17/36.
  CHECK(l.loseGammon == doctest::Approx(19.0 / 36).epsilon(1e-3));
}

TEST_CASE("Hyper race database: distributions, and the bear-off database where both apply") {
  const HyperRaceDb& db = HyperRaceDb::instance();
  // Distributions sum to 1 for every goal, from the farthest layout too.
  for (Side s : {home({{24, 3}}, 3), home({{13, 1}, {2, 1}}, 3), home({{19, 2}, {7, 1}}, 3)})
    for (int g = 0; g < HyperRaceDb::kGoals; ++g) {
      float sum = 0;
      for (int n = 0; n < HyperRaceDb::kMaxRolls; ++n) sum += db.probability(s, HyperRaceDb::Goal(g), n);
      CHECK(sum == doctest::Approx(1.0).epsilon(1e-4));
    }
  // 3 checkers on the 24 point: 72 pips, in 3 rolls only with 6-6 three times (24 pips
  // each), never in 2.
  Side far = home({{24, 3}}, 3);
  CHECK(db.probability(far, HyperRaceDb::AllOff, 2) == 0.f);
  CHECK(db.probability(far, HyperRaceDb::AllOff, 3) == doctest::Approx(1.0 / (36 * 36 * 36)).epsilon(1e-3));
  CHECK(db.probability(far, HyperRaceDb::Escaped, 1) > 0.f);  // 6-6 brings all three out
  // In both home boards it agrees with the bear-off database (stored in 16 bits there).
  const BearoffDb& bearoff = BearoffDb::instance();
  for (Position p : {Position{{home({{6, 1}, {2, 1}}, 3), home({{5, 2}, {1, 1}}, 3)}},
                     Position{{home({{4, 3}}, 3), home({{6, 3}}, 3)}},
                     Position{{home({{6, 2}}, 3), home({{3, 1}}, 3)}}}) {
    Probabilities a = db.evaluate(p), b = bearoff.evaluate(p);
    CHECK(a.win == doctest::Approx(b.win).epsilon(2e-3));
    CHECK(a.winGammon == doctest::Approx(b.winGammon).epsilon(2e-3));
    CHECK(a.loseGammon == doctest::Approx(b.loseGammon).epsilon(2e-3));
    CHECK(a.winBackgammon == 0.f);  // nobody is left in the other's home board
  }
  // A race with a backgammon threat: the opponent still has two checkers on my 1 point
  // (its 24) while I bear off my last checker next roll.
  Position bg{{home({{1, 1}}, 3), home({{24, 2}, {8, 1}}, 3)}};
  Probabilities r = db.evaluate(bg);
  CHECK(r.win == doctest::Approx(1.0));
  CHECK(r.winBackgammon == doctest::Approx(1.0));
}
