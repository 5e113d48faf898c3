// The duel's bookkeeping (ai/duel.h) with players on a fake evaluator, whose games are
// cheap and fully determined by the dice: duplicate dice, seats swapped, points for p1,
// games counted, the same result for any thread count. How strong the real players are
// is measured by `nard-cli duel` (docs/BENCHMARKS.md), not here.
#include <doctest/doctest.h>

#include <cmath>

#include "ai/duel.h"
#include "fake_evaluator.h"

using namespace nard;
using namespace nard::ai;
using test_fake::FakeNetPlayer;

namespace {

DuelConfig config(Variant v, int games, int threads) {
  DuelConfig c;
  c.variant = v;
  c.games = games;
  c.seed = 7;
  c.threads = threads;
  return c;
}

// Players on the fake evaluator: sign 1 picks its best plays, -1 its worst.
PlayerMaker signs(const RulePolicy& rules, int p1, int p2) {
  return [=](int which) { return std::make_unique<FakeNetPlayer>(rules, which == 0 ? p1 : p2); };
}

}  // namespace

TEST_CASE("duel: the same player in both seats scores nothing, each pair splitting the points") {
  for (Variant v : {Variant::Standard, Variant::LongNard}) {
    CAPTURE(static_cast<int>(v));
    const DuelConfig c = config(v, 9, 1);  // odd: rounded up to five pairs
    const RulePolicy rules = cubelessPolicy(spec(v), c.rules);
    DuelResult r;
    std::string error;
    REQUIRE(runDuel(c, signs(rules, 1, 1), r, &error));
    // Both games of a pair are the same game with the seats swapped: one won, one lost.
    CHECK(r.games == 10);
    CHECK(r.ppg == 0.0);
    CHECK(r.ci95 == 0.0);
    CHECK(r.p1Wins == 5);
    CHECK(r.p1Gammons == r.p2Gammons);
  }
}

TEST_CASE("duel: points per game for p1 are the pairs' games as playGame scores them") {
  const DuelConfig c = config(Variant::Standard, 12, 1);
  const RulePolicy rules = cubelessPolicy(spec(c.variant), c.rules);
  DuelResult r;
  std::string error;
  REQUIRE(runDuel(c, signs(rules, 1, -1), r, &error));
  // The same games again, one by one: p1 first on each pair's dice, then second.
  FakeNetPlayer best(rules, 1), worst(rules, -1);
  double sum = 0;
  int wins = 0, gammons[2] = {0, 0};
  for (int i = 0; i < 6; ++i) {
    const std::uint64_t dice = mixSeed(c.seed, i);
    for (int p1 : {playGame(best, worst, rules, dice), -playGame(worst, best, rules, dice)}) {
      sum += p1;
      wins += p1 > 0;
      gammons[0] += p1 >= 2;
      gammons[1] += p1 <= -2;
    }
  }
  CHECK(r.games == 12);
  CHECK(r.ppg == doctest::Approx(sum / 12));
  CHECK(r.p1Wins == wins);
  CHECK(r.p1Gammons == gammons[0]);
  CHECK(r.p2Gammons == gammons[1]);
  CHECK(std::fabs(r.ppg) > 0.0);  // the two players differ: not every pair splits
  CHECK(best.eval.calls > 0);

  // Seats swapped: the same games from the other side.
  DuelResult swapped;
  REQUIRE(runDuel(c, signs(rules, -1, 1), swapped, &error));
  CHECK(swapped.ppg == doctest::Approx(-r.ppg));
  CHECK(swapped.p1Wins == r.games - r.p1Wins);
  CHECK(swapped.p1Gammons == r.p2Gammons);
}

TEST_CASE("duel: the result does not depend on the number of threads") {
  const RulePolicy rules = cubelessPolicy(spec(Variant::Hyper), Rules::Modern);
  DuelResult one, two;
  std::string error;
  REQUIRE(runDuel(config(Variant::Hyper, 20, 1), signs(rules, 1, -1), one, &error));
  REQUIRE(runDuel(config(Variant::Hyper, 20, 2), signs(rules, 1, -1), two, &error));
  CHECK(one.games == two.games);
  CHECK(one.ppg == two.ppg);
  CHECK(one.ci95 == two.ci95);
  CHECK(one.p1Wins == two.p1Wins);
  CHECK(one.p1Gammons == two.p1Gammons);
}

TEST_CASE("duel: an unknown player name is refused before any game") {
  DuelConfig c = config(Variant::Standard, 2, 1);
  c.p1 = "grandmaster";
  c.p2 = "random";
  DuelResult r;
  std::string error;
  CHECK_FALSE(runDuel(c, r, &error));
  CHECK(error.find("unknown player 'grandmaster'") != std::string::npos);
  // pubeval cannot play Hyper (3 checkers).
  c = config(Variant::Hyper, 2, 1);
  c.p1 = "pubeval";
  c.p2 = "random";
  CHECK_FALSE(runDuel(c, r, &error));
  CHECK(error.find("pubeval") != std::string::npos);
}
