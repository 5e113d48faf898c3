// Cube decisions by search (src/ai/cubeful.h): exact where the game is decided within the
// search, the same answer however it is sliced, and GNU Backgammon's 2-ply verdicts on
// positions near a double.
#include <doctest/doctest.h>

#include <sstream>

#include "../test_data.h"
#include "ai/bot.h"
#include "sides.h"
#include "engine/ids.h"

using namespace nard;
using namespace nard::ai;
using test_sides::side;

namespace {

// The chance that the player on roll bears off every checker with this roll.
double chanceToFinish(const Position& pos, const RulePolicy& rules) {
  double p = 0;
  PlayList plays;
  for (const WeightedRoll& r : kAllRolls) {
    generatePlays(pos, r.dice, rules, plays);
    bool finishes = false;
    for (const Play& play : plays) finishes |= play.result.me()[kOff] == rules.spec().checkers;
    if (finishes) p += r.weight / 36.0;
  }
  return p;
}

struct Fixture {
  const VariantSpec& v = spec(Variant::Standard);
  RulePolicy rules = cubelessPolicy(v, Rules::Modern);
  NetPlayer player{rules, findLevel("expert")->settings, 1};
  Scoring scoring{true};
};

}  // namespace

TEST_CASE_FIXTURE(Fixture, "cubeful: a last roll is valued exactly at every depth") {
  // Two checkers left against one that will surely come off next turn: the player on roll
  // wins a single game with the rolls that take both off, and loses one otherwise.
  for (auto stacks : {std::initializer_list<std::pair<int, int>>{{4, 1}, {1, 1}}, {{6, 1}, {2, 1}}, {{3, 1}, {1, 1}}}) {
    Position pos{{side(stacks, v.checkers), side({{1, 1}}, v.checkers)}};
    REQUIRE(validatePosition(pos, v) == "");
    const double p = chanceToFinish(pos, rules);
    CAPTURE(p);
    CubeState money;
    money.beaver = false;
    for (int plies : {1, 2}) {
      CAPTURE(plies);
      CubeDecision d = cubefulDecision(player.search(), pos, money, scoring, plies);
      CHECK(d.noDouble == doctest::Approx(2 * p - 1).epsilon(1e-5));
      CHECK(d.doubleTake == doctest::Approx(2 * (2 * p - 1)).epsilon(1e-5));
      CHECK(d.doublePass == 1.f);
      CHECK(d.double_ == (p > 0.5));
      CHECK(d.take == (p <= 0.75));
    }
  }
}

TEST_CASE_FIXTURE(Fixture, "cubeful: 0 plies is the Janowski model on the evaluator's chances") {
  CubeState money;
  for (const char* id : {"4HPwATDgc/ABMA", "s22CAEzs3Q0AEA", "zJ2DATC0zZIBMA"}) {
    Position pos = *parsePositionId(id, v, nullptr);
    CubeDecision a = cubefulDecision(player.search(), pos, money, scoring, 0);
    CubeDecision b = decideCube(player.search().onRoll(pos, 0), classify(pos, v), money, scoring);
    CHECK(a.noDouble == b.noDouble);
    CHECK(a.doubleTake == b.doubleTake);
    CHECK(a.double_ == b.double_);
    CHECK(a.take == b.take);
  }
}

TEST_CASE_FIXTURE(Fixture, "cubeful: the answer does not depend on the slices") {
  CubeState s;
  s.score = MatchScore{3, 5, false, false};  // match play too
  for (const char* id : {"4HPMIwDE55gDIA", "s22CAEzs3Q0AEA"}) {
    Position pos = *parsePositionId(id, v, nullptr);
    CubeDecision whole = cubefulDecision(player.search(), pos, s, scoring, 2);
    CubefulSearch sliced(player.search());
    sliced.start(pos, s, scoring, 2);
    int steps = 0;
    while (!sliced.step(0)) ++steps;
    CHECK(steps == 20);  // one root roll per step at budget 0
    CHECK(sliced.decision().noDouble == whole.noDouble);
    CHECK(sliced.decision().doubleTake == whole.doubleTake);
    CHECK(sliced.decision().match);
    CHECK(sliced.cubeless().win > 0.f);
  }
}

TEST_CASE_FIXTURE(Fixture, "cubeful: gnubg 2-ply's clear verdicts near a double") {
  // Positions of the expert's self-play where gnubg's two decisions are clear by more
  // than 0.08 EMG (tests/data/cube-gnubg-2ply.txt). The cubeless chances put through
  // the Janowski model at the root agreed on 42 of these 53; the search agrees on 48.
  std::istringstream in(test_data::read("cube-gnubg-2ply.txt"));
  REQUIRE(in.good());
  std::string line;
  int positions = 0, agree = 0;
  CubeState money;  // Jacoby and beavers, as the file
  money.jacoby = money.beaver = true;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    std::string id, words;
    float nd = 0, dt = 0, dp = 0;
    f >> id >> nd >> dt >> dp >> words;
    auto pos = parsePositionId(id, v, nullptr);
    REQUIRE(pos);
    const bool gnubgDoubles = std::min(dt, dp) > nd, gnubgTakes = dt <= dp;
    CubeDecision d = cubefulDecision(player.search(), *pos, money, scoring, cubePlies(player));
    ++positions;
    if (d.double_ == gnubgDoubles && d.take == gnubgTakes) ++agree;
    else MESSAGE(id << ": gnubg " << words << ", ours " << describe(d));
  }
  CHECK(positions == 53);
  CHECK(agree >= 45);
}
