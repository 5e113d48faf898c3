// The post-game analysis (src/analysis): what it grades, what it leaves out, and that its
// numbers mean what they say. Most matches are played and judged on the fake evaluator
// (tests/ai/fake_evaluator.h), so that each value graded, each error and each roll's luck
// can be worked out here from its formula; how the levels compare in strength is measured
// by benchmarks (docs/BENCHMARKS.md), not here.
#include <doctest/doctest.h>

#include <cmath>

#include "../ai/fake_evaluator.h"
#include "ai/bot.h"
#include "analysis/analyser.h"
#include "analysis/report.h"
#include "engine/ids.h"

using namespace nard;
using namespace nard::analysis;
using test_fake::FakeNetPlayer;
using test_fake::PipEvaluator;

namespace {

// A whole match between two bots acting as every bot does (ai::act), the cube used where
// the rules have one (money play: one game).
Match playMatch(const MatchOptions& o, ai::NetPlayer& first, ai::NetPlayer& second, std::uint64_t seed) {
  Match m(o);
  ai::NetPlayer* bots[2] = {&first, &second};
  Rng dice(seed);
  auto over = [&] { return m.phase() == Phase::MatchOver || (o.matchLength == 0 && m.phase() == Phase::GameOver); };
  for (int step = 0; step < 20000 && !over(); ++step) REQUIRE(ai::act(m, *bots[m.turn()], dice).refused == "");
  REQUIRE(over());
  return m;
}

// Two levels on the nets.
Match playLevels(const MatchOptions& o, const char* level0, const char* level1, std::uint64_t seed) {
  const RulePolicy rules = policyFor(o);
  ai::NetPlayer a(rules, ai::findLevel(level0)->settings, seed), b(rules, ai::findLevel(level1)->settings, seed + 1);
  return playMatch(o, a, b, seed);
}

// Player 0 makes the fake evaluator's best plays, player 1 its worst: cheap, and errors known.
Match playFakes(const MatchOptions& o, std::uint64_t seed) {
  FakeNetPlayer best(policyFor(o), 1), worst(policyFor(o), -1);
  return playMatch(o, best.net, worst.net, seed);
}

MatchOptions options(Variant v, Rules r, int length) {
  MatchOptions o;
  o.variant = v;
  o.rules = r;
  o.matchLength = length;
  return o;
}

MatchOptions cubelessMoney() {
  MatchOptions o = options(Variant::Standard, Rules::Modern, 0);
  o.cube = false;  // the measure is the cubeless money equity, the fake's formula as it stands
  return o;
}

MatchAnalysis analyse(const Match& m, const std::string& level = "intermediate", ai::Evaluator* judge = nullptr) {
  std::string error;
  auto a = analyseMatch(m.options(), m.record(), {"first", "second"}, {level, true, judge}, &error);
  REQUIRE_MESSAGE(a.has_value(), error);
  return *a;
}

// What a play is worth to the mover on the fake, in cubeless money equity: the exact
// result where it ends the game, else the fake's chances for the opponent, turned round.
float fakeValue(const Position& result, const VariantSpec& v, ai::Scoring s) {
  if (auto done = ai::finished(result, v)) return ai::equity(*done, s);
  return ai::equity(ai::invert(test_fake::pipChances(result.flipped())), s);
}

// The value of the roller's best play with `dice` (no play: the position as it stands).
float rollValue(const Position& pos, Dice dice, const RulePolicy& rules) {
  PlayList plays;
  generatePlays(pos, dice, rules, plays);
  const ai::Scoring s = ai::Scoring::of(rules);
  if (plays.empty()) return fakeValue(pos, rules.spec(), s);
  float best = -1e9f;
  for (const Play& p : plays) best = std::max(best, fakeValue(p.result, rules.spec(), s));
  return best;
}

Position positionOf(const Decision& d, const VariantSpec& v) {
  auto pos = parsePositionId(d.positionId, v, nullptr);
  REQUIRE(pos.has_value());
  return *pos;
}

}  // namespace

TEST_CASE("every decision is graded against the best, and the best costs nothing") {
  const Match m = playLevels(options(Variant::Standard, Rules::Modern, 3), "beginner", "intermediate", 7);
  const MatchAnalysis a = analyse(m);
  REQUIRE(!a.decisions.empty());
  int checker = 0, cube = 0;
  for (const Decision& d : a.decisions) {
    CAPTURE(d.positionId);
    CHECK(d.error >= 0.f);
    CHECK(d.winChance >= 0.f);
    CHECK(d.winChance <= 1.f);
    if (d.kind == DecisionKind::Checker) {
      ++checker;
      if (d.chosen.empty()) continue;  // a roll that could not be played
      CHECK(d.equityBest >= d.equityChosen - 1e-5f);
      if (d.chosen == d.best) CHECK(d.error == doctest::Approx(0.f).epsilon(1e-6));
      if (!d.counted) CHECK(d.error == 0.f);
      CHECK(d.alternatives.front().text == d.best);
    } else {
      ++cube;
    }
    CHECK(d.mark == (d.counted ? markFor(d.error) : Mark::None));
  }
  CHECK(checker > 20);
  // Summaries add up the decisions.
  for (int p = 0; p < 2; ++p) {
    float total = 0;
    int unforced = 0;
    for (const Decision& d : a.decisions)
      if (d.player == p && d.kind == DecisionKind::Checker && d.counted) total += d.error, ++unforced;
    CHECK(a.players[p].unforcedMoves == unforced);
    CHECK(a.players[p].checkerErrorTotal == doctest::Approx(total).epsilon(1e-4));
    if (unforced) CHECK(a.players[p].checkerErrorRate == doctest::Approx(1000.f * total / unforced).epsilon(1e-4));
  }
  CHECK(a.games.size() >= 1);
  CHECK(a.games.back().winner == m.matchWinner());
}

TEST_CASE("on a known evaluator a play costs what the evaluator says it loses: the best nothing") {
  const Match m = playFakes(cubelessMoney(), 3);
  PipEvaluator fake;
  const MatchAnalysis a = analyse(m, "beginner", &fake);  // 0-ply: every play judged alike
  const VariantSpec& v = m.variant();
  const ai::Scoring s = ai::Scoring::of(m.policy());
  int best = 0, worst = 0;
  for (const Decision& d : a.decisions) {
    if (d.kind != DecisionKind::Checker || d.chosen.empty()) continue;
    CAPTURE(d.positionId);
    PlayList plays;
    generatePlays(positionOf(d, v), d.dice, m.policy(), plays);
    float top = -1e9f, bottom = 1e9f;
    bool ends = false;
    for (const Play& p : plays) {
      top = std::max(top, fakeValue(p.result, v, s));
      bottom = std::min(bottom, fakeValue(p.result, v, s));
      ends = ends || ai::finished(p.result, v);
    }
    const float chosen = fakeValue(d.chosenPlay.result, v, s);
    CHECK(d.equityBest == doctest::Approx(top));
    CHECK(d.equityChosen == doctest::Approx(chosen));
    CHECK(d.error == doctest::Approx(d.counted ? top - chosen : 0.f));
    if (d.player == 0) {
      CHECK(d.error == doctest::Approx(0.f));  // the fake's own best play
      ++best;
    } else if (!ends) {
      CHECK(chosen == doctest::Approx(bottom));  // the fake's worst play, its whole spread lost
      worst += d.error > 0.f;
    }
  }
  CHECK(best > 10);
  CHECK(worst > 10);
  CHECK(a.players[0].checkerErrorTotal == doctest::Approx(0.f));
  CHECK(a.players[1].checkerErrorRate > 0.f);
}

TEST_CASE("a play from the record is judged at the depth of the best, whatever the slices") {
  const Match m = playFakes(options(Variant::Standard, Rules::Modern, 1), 11);
  PipEvaluator fake;  // the slicing is the question, not the evaluator: 1-ply on the fake
  const std::string whole = toJson(analyse(m, "advanced", &fake), true);
  Analyser sliced(m.options(), m.record(), {"first", "second"}, {"advanced", true, &fake});
  REQUIRE(sliced.error() == "");
  float last = 0;
  int steps = 0;
  while (!sliced.step(0.0)) {  // one unit a call
    CHECK(sliced.progress() >= last);
    last = sliced.progress();
    REQUIRE(++steps < 10'000'000);
  }
  CHECK(steps > 100);
  CHECK(toJson(sliced.result(), true) == whole);
}

TEST_CASE("checker plays are judged cubefully where the cube is in play") {
  // The same money games (no cube turned in them) analysed without a cube and with one,
  // Jacoby on: the plays are the same decisions, but with the cube centred under Jacoby
  // gammons count for nothing until someone doubles, and a side that could cash does, so
  // every play's cubeful value lies within one point either way; without a cube the same
  // plays carry their gammons (some games go past a point).
  MatchOptions plain = options(Variant::Standard, Rules::Modern, 0);
  plain.cube = false;
  MatchOptions withCube = plain;
  withCube.cube = true;
  withCube.jacoby = true;
  int compared = 0, beyondAPoint = 0, differ = 0;
  PipEvaluator fake;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Match m = playFakes(plain, seed);
    std::string error;
    const auto cubeless = analyseMatch(plain, m.record(), {"a", "b"}, {"intermediate", true, &fake}, &error);
    const auto cubeful = analyseMatch(withCube, m.record(), {"a", "b"}, {"intermediate", true, &fake}, &error);
    REQUIRE_MESSAGE((cubeless && cubeful), error);
    std::vector<const Decision*> a, b;
    for (const Decision& d : cubeless->decisions)
      if (d.kind == DecisionKind::Checker && d.counted) a.push_back(&d);
    for (const Decision& d : cubeful->decisions)
      if (d.kind == DecisionKind::Checker && d.counted) b.push_back(&d);
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      CHECK(a[i]->chosen == b[i]->chosen);
      CHECK(b[i]->equityChosen >= -1.f - 1e-5f);
      CHECK(b[i]->equityChosen <= 1.f + 1e-5f);
      CHECK(b[i]->equityBest <= 1.f + 1e-5f);
      beyondAPoint += std::fabs(a[i]->equityChosen) > 1.f;
      differ += std::fabs(a[i]->equityChosen - b[i]->equityChosen) > 0.02f;
      ++compared;
    }
  }
  CHECK(compared > 100);
  CHECK(beyondAPoint > 0);
  CHECK(differ > compared / 10);
}

TEST_CASE("every variant and rule set: traditional and Long Nard have no cube decisions") {
  struct Case { Variant v; Rules r; int length; bool cube; };
  for (Case c : {Case{Variant::Standard, Rules::Traditional, 3, false}, Case{Variant::Nackgammon, Rules::Modern, 3, true},
                 Case{Variant::Hyper, Rules::Modern, 0, true}, Case{Variant::Hyper, Rules::Traditional, 3, false},
                 Case{Variant::LongNard, Rules::Modern, 1, false}}) {
    CAPTURE(spec(c.v).key);
    CAPTURE(rulesKey(c.r));
    MatchOptions o = options(c.v, c.r, c.length);
    const MatchAnalysis a = analyse(playFakes(o, 3));  // judged by the variant's nets
    int cube = 0;
    for (const Decision& d : a.decisions) cube += d.kind != DecisionKind::Checker;
    if (!c.cube) CHECK(cube == 0);
    CHECK(a.players[0].unforcedMoves + a.players[0].forcedMoves > 0);
    const std::string json = toJson(a, false);
    CHECK(json.find("\"checkerErrorRate\":") != std::string::npos);
    CHECK(json.find("\"decisions\"") == std::string::npos);
  }
}

TEST_CASE("luck: a roll's luck is its best play's value against the average roll's") {
  const Match m = playFakes(cubelessMoney(), 5);
  PipEvaluator fake;
  const MatchAnalysis a = analyse(m, "beginner", &fake);
  const Record& r = m.record();
  int judged = 0, lucky = 0, unlucky = 0;
  for (const Decision& d : a.decisions) {
    if (d.kind != DecisionKind::Checker) continue;
    CAPTURE(d.positionId);
    // The roll is the event of a roll that could not be played, else the one before the play.
    const std::size_t roll = d.chosen.empty() ? d.event : d.event - 1;
    if (r[roll].kind != EventKind::Roll) {  // the opening roll is nobody's luck
      CHECK(d.luck == 0.f);
      continue;
    }
    const Position pos = positionOf(d, m.variant());
    float mean = 0;
    for (const WeightedRoll& w : kAllRolls) mean += rollValue(pos, w.dice, m.policy()) * w.weight / 36.f;
    const float luck = rollValue(pos, d.dice, m.policy()) - mean;
    CHECK(d.luck == doctest::Approx(luck).epsilon(1e-4));
    ++judged;
    lucky += luck > 0.01f;
    unlucky += luck < -0.01f;
  }
  CHECK(judged > 20);
  CHECK(lucky > 0);
  CHECK(unlucky > 0);
}

TEST_CASE("bad input: an unknown level or a record that does not replay is refused") {
  const Match m = playFakes(options(Variant::Standard, Rules::Modern, 1), 2);
  std::string error;
  CHECK_FALSE(analyseMatch(m.options(), m.record(), {"a", "b"}, {"grandmaster"}, &error));
  CHECK(error.find("unknown level") != std::string::npos);
  Record broken = m.record();
  REQUIRE(broken.size() > 4);
  broken[3].dice = Dice{7, 7};
  broken[3].kind = EventKind::Roll;
  CHECK_FALSE(analyseMatch(m.options(), broken, {"a", "b"}, {"advanced"}, &error));
  CHECK(error.find("does not replay") != std::string::npos);
}
