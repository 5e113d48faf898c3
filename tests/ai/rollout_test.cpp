// Rollouts (src/ai/rollout.h): agreement with the exact bear-off values, the same answer
// for any number of threads, variance reduction that reduces, every variant, bad settings.
#include <doctest/doctest.h>

#include <cmath>

#include "ai/bearoff.h"
#include "ai/rollout.h"
#include "ai/search.h"
#include "engine/ids.h"

using namespace nard;
using namespace nard::ai;

namespace {

RulePolicy policy(Variant v, Rules r = Rules::Modern) { return cubelessPolicy(spec(v), r); }

Position position(const char* id, Variant v = Variant::Standard) {
  std::string error;
  auto p = parsePositionId(id, spec(v), &error);
  REQUIRE_MESSAGE(p.has_value(), error);
  return *p;
}

// truncate > 0: each trial stops before that turn and takes the nets' value there.
RolloutSettings settings(int trials, std::uint64_t seed, bool vr, int threads = 1, int truncate = 0) {
  RolloutSettings s;
  s.trials = trials;
  s.truncateTurns = truncate;
  s.seed = seed;
  s.threads = threads;
  s.luck = vr;
  s.stratifiedTurns = vr ? 3 : 0;
  return s;
}

RolloutResult run(const RulePolicy& rules, const Position& pos, const RolloutSettings& s) {
  RolloutResult r;
  std::string error;
  REQUIRE_MESSAGE(rollout(rules, pos, s, r, &error), error);
  return r;
}

// A middle-game Standard position (after 8 plays of the intermediate level, hits on both sides).
constexpr const char* kMiddleGame = "bObEASiw58QAWA";
// A Hyper middle game (3 checkers a side, one of them on the bar, both sides still to pass
// each other): a whole game costs about a hundredth of a Standard one (fewer plays per
// roll, a smaller net, the race table), so the tests that play trials to the end use it.
// The rollout code is the same for every variant.
constexpr const char* kHyperMiddleGame = "iAQAEAgAQAAAAA";

}  // namespace

TEST_CASE("a bear-off rollout agrees with the exact bear-off database within 3 standard errors") {
  // 3 and 4 checkers on points 1..6, the rest off: no gammons, the database is exact. With
  // luck subtracted the database's own values telescope: the rollout's standard error is
  // then about 1e-7 and only float rounding is left (the 1e-4 below).
  Position pos;
  pos.me()[kOff] = 12, pos.me()[2] = 1, pos.me()[4] = 1, pos.me()[6] = 1;
  pos.them()[1] = 1, pos.them()[3] = 1, pos.them()[5] = 2, pos.them()[kOff] = 11;
  const RulePolicy rules = policy(Variant::Standard);
  const Probabilities exact = BearoffDb::instance().evaluate(pos);
  for (bool vr : {false, true}) {
    CAPTURE(vr);
    RolloutResult r = run(rules, pos, settings(1296, 7, vr));
    MESSAGE("bear-off: exact " << exact.win << ", rollout " << r.mean[0] << " +- " << r.stdErr[0]);
    CHECK(std::abs(r.mean[0] - exact.win) <= 3 * r.stdErr[0] + 1e-4);
    CHECK(std::abs(r.equity - equity(exact, Scoring{true})) <= 3 * r.equityStdErr + 2e-4);
    CHECK(r.mean[1] == doctest::Approx(0.0));  // no gammon is possible
    CHECK(r.mean[3] == doctest::Approx(0.0));
  }
}

TEST_CASE("a rollout gives the same answer, bit for bit, for 1 and 2 threads") {
  // 40 trials are two blocks of 36, one for each thread. Whole games in Hyper (contact,
  // race and the games' ends, as in any variant), and Standard's middle game truncated
  // after 3 turns (its nets at work, at a fraction of the cost of whole games).
  struct Case {
    Variant variant;
    const char* id;
    int truncate;
  };
  for (Case c : {Case{Variant::Hyper, kHyperMiddleGame, 0}, Case{Variant::Standard, kMiddleGame, 3}}) {
    CAPTURE(static_cast<int>(c.variant));
    const RulePolicy rules = policy(c.variant);
    const Position pos = position(c.id, c.variant);
    for (bool vr : {false, true}) {
      CAPTURE(vr);
      RolloutResult one = run(rules, pos, settings(40, 3, vr, 1, c.truncate));
      RolloutResult two = run(rules, pos, settings(40, 3, vr, 2, c.truncate));
      for (int k = 0; k < kOutputs; ++k) {
        CHECK(one.mean[k] == two.mean[k]);
        CHECK(one.stdErr[k] == two.stdErr[k]);
      }
      CHECK(one.equity == two.equity);
      CHECK(one.equityStdErr == two.equityStdErr);
      // Another seed is another rollout.
      if (!vr) CHECK(run(rules, pos, settings(40, 4, vr, 2, c.truncate)).equity != one.equity);
    }
  }
  // After a given roll too (the play is chosen once, then rolled out), to the end.
  const RulePolicy rules = policy(Variant::Hyper);
  RolloutResult a, b;
  int playA = -2, playB = -2;
  std::string error;
  RolloutSettings s = settings(40, 9, true, 1);
  REQUIRE(rolloutAfterRoll(rules, startPosition(spec(Variant::Hyper)), Dice{3, 1}, s, a, &playA, &error));
  s.threads = 2;
  REQUIRE(rolloutAfterRoll(rules, startPosition(spec(Variant::Hyper)), Dice{3, 1}, s, b, &playB, &error));
  CHECK(playA >= 0);
  CHECK(playA == playB);
  CHECK(a.equity == b.equity);
}

TEST_CASE("variance reduction reduces the standard error of a middle-game rollout") {
  // Standard's middle game truncated after 3 turns, at a fraction of the cost of whole
  // games: luck and stratified dice take out most of the spread of those turns' rolls
  // (about a tenth of the plain standard error is left; less than 0.6 is asked).
  const RulePolicy rules = policy(Variant::Standard);
  const Position pos = position(kMiddleGame);
  RolloutResult plain = run(rules, pos, settings(72, 11, false, 2, 3));
  RolloutResult reduced = run(rules, pos, settings(72, 11, true, 2, 3));
  MESSAGE("equity plain " << plain.equity << " +- " << plain.equityStdErr << ", reduced " << reduced.equity << " +- "
                          << reduced.equityStdErr);
  CHECK(reduced.equityStdErr < 0.6 * plain.equityStdErr);
  CHECK(reduced.stdErr[0] < 0.6 * plain.stdErr[0]);
  // Both estimate the same value.
  CHECK(std::abs(reduced.equity - plain.equity) <= 3 * std::hypot(reduced.equityStdErr, plain.equityStdErr));
  // And to the end of the game (Hyper's middle game, where whole games are cheap).
  const RulePolicy hyper = policy(Variant::Hyper);
  const Position hyperPos = position(kHyperMiddleGame, Variant::Hyper);
  plain = run(hyper, hyperPos, settings(72, 11, false, 2));
  reduced = run(hyper, hyperPos, settings(72, 11, true, 2));
  MESSAGE("Hyper, to the end: equity plain " << plain.equity << " +- " << plain.equityStdErr << ", reduced "
                                             << reduced.equity << " +- " << reduced.equityStdErr);
  CHECK(reduced.equityStdErr < 0.6 * plain.equityStdErr);
  CHECK(reduced.stdErr[0] < 0.6 * plain.stdErr[0]);
  CHECK(std::abs(reduced.equity - plain.equity) <= 3 * std::hypot(reduced.equityStdErr, plain.equityStdErr));
}

TEST_CASE("stratified dice: every 36 trials see each first roll once") {
  // A position where the first roll decides the game: the player on roll bears off its
  // last two checkers (on its 1 and 6 points) with a 6 or a double from 2-2 to 5-5, and
  // otherwise the opponent (one checker on its 1 point) wins: P(win) = 15/36 exactly.
  Position pos;
  pos.me()[kOff] = 13, pos.me()[1] = 1, pos.me()[6] = 1;
  pos.them()[kOff] = 14, pos.them()[1] = 1;
  RolloutSettings s = settings(72, 5, false);
  s.stratifiedTurns = 1;
  CHECK(run(policy(Variant::Standard), pos, s).mean[0] == doctest::Approx(15.0 / 36));
}

TEST_CASE("a truncated rollout gives exactly the 1-ply and 2-ply values where the dice allow it") {
  // Truncated after 1 turn with luck subtracted, every trial is worth the average over the
  // rolls of the best play's value: the 1-ply value, with no spread at all. After 2 turns,
  // the first-turn luck leaves the second turn's average, so 36 stratified trials (each
  // first roll once) give the 2-ply value exactly; without luck, 1,296 plain stratified
  // trials (each pair of first rolls once) do.
  const RulePolicy rules = policy(Variant::Standard);
  const Position pos = position(kMiddleGame);
  NetEvaluator ev(spec(Variant::Standard), shippedNets().forVariant(Variant::Standard));
  Search search(rules, ev);
  const Probabilities onePly = search.onRoll(pos, 1), twoPly = search.onRoll(pos, 2);
  auto check = [&](const RolloutResult& r, const Probabilities& want) {
    auto w = want.asArray();
    for (int k = 0; k < kOutputs; ++k) CHECK(std::abs(r.mean[k] - w[k]) <= 2e-5);
    CHECK(std::abs(r.equity - equity(want, Scoring{true})) <= 5e-5);
  };
  RolloutSettings s = settings(36, 3, true);
  s.truncateTurns = 1;
  RolloutResult one = run(rules, pos, s);
  check(one, onePly);
  CHECK(one.equityStdErr < 1e-5);
  s.truncateTurns = 2;
  check(run(rules, pos, s), twoPly);
  s = settings(1296, 3, false);
  s.stratifiedTurns = 2;
  s.truncateTurns = 2;
  RolloutResult plain = run(rules, pos, s);
  check(plain, twoPly);
  CHECK(plain.equityStdErr > 0.001);  // the trials themselves differ: only their mean is exact
  // Deeper truncation still estimates the same game: within the errors of a full rollout.
  // In Hyper's middle game, where rollouts to the end are cheap; most of its games last
  // longer than the 4 turns kept (were none cut, the two would be equal: checked last).
  const RulePolicy hyper = policy(Variant::Hyper);
  const Position hyperPos = position(kHyperMiddleGame, Variant::Hyper);
  RolloutResult truncated = run(hyper, hyperPos, settings(72, 11, true, 2, 4));
  RolloutResult full = run(hyper, hyperPos, settings(72, 11, true, 2));
  MESSAGE("Hyper, truncated after 4 turns " << truncated.equity << " +- " << truncated.equityStdErr << " in "
                                     << truncated.seconds << " s; to the end " << full.equity << " +- "
                                     << full.equityStdErr << " in " << full.seconds << " s");
  CHECK(std::abs(truncated.equity - full.equity) <= 0.1 + 3 * std::hypot(truncated.equityStdErr, full.equityStdErr));
  CHECK(truncated.equity != full.equity);
}

TEST_CASE("every variant and rule set can be rolled out") {
  for (Variant v : {Variant::Standard, Variant::Nackgammon, Variant::Hyper, Variant::LongNard})
    for (Rules r : {Rules::Modern, Rules::Traditional}) {
      CAPTURE(static_cast<int>(v));
      CAPTURE(static_cast<int>(r));
      const RulePolicy rules = policy(v, r);
      // Two whole games each (with luck subtracted: 21 rolls valued every turn): enough to
      // play every variant's games to the end and to have standard errors.
      RolloutSettings s = settings(2, 1, true, 2);
      s.opening = rules.opening == Opening::TwoSingleDice;
      RolloutResult res = run(rules, startPosition(spec(v)), s);
      for (int k = 0; k < kOutputs; ++k) CHECK((std::isfinite(res.mean[k]) && std::isfinite(res.stdErr[k])));
      CHECK(std::abs(res.equity) < 3.5);
      if (!rules.backgammons) CHECK(res.equity == doctest::Approx(2 * res.mean[0] - 1 + res.mean[1] - res.mean[3]));
    }
}

TEST_CASE("bad rollout settings are refused with a reason") {
  const RulePolicy rules = policy(Variant::Standard);
  const Position start = startPosition(spec(Variant::Standard));
  RolloutResult r;
  std::string error;
  CHECK_FALSE(rollout(rules, start, settings(0, 1, true), r, &error));
  CHECK(error.find("trials") != std::string::npos);
  CHECK_FALSE(rollout(rules, start, settings(10, 1, true, 0), r, &error));
  CHECK(error.find("threads") != std::string::npos);
  CHECK_FALSE(rollout(rules, start, settings(10, 1, true, 257), r, &error));
  RolloutSettings deep = settings(10, 1, true);
  deep.play.plies = 4;
  CHECK_FALSE(rollout(rules, start, deep, r, &error));
  CHECK(error.find("plies") != std::string::npos);
  Position over = start;
  over.me() = Side{};
  over.me()[kOff] = 15;
  CHECK_FALSE(rollout(rules, over, settings(10, 1, true), r, &error));
  RolloutSettings cut = settings(10, 1, true);
  cut.truncateTurns = -1;
  CHECK_FALSE(rollout(rules, start, cut, r, &error));
  CHECK(error.find("truncation") != std::string::npos);
  cut.truncateTurns = kMaxTruncateTurns + 1;
  CHECK_FALSE(rollout(rules, start, cut, r, &error));
  CHECK_FALSE(rolloutAfterRoll(rules, start, Dice{7, 1}, settings(10, 1, true), r, nullptr, &error));
}
