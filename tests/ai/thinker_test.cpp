// The search in slices gives exactly the answer of the search in one go: same plays in the
// same order with bit-identical equities, same noise drawn, same onRoll chances. Most
// cases search the fake evaluator (fake_evaluator.h), cheap at any depth: slicing is
// about the search, not about what it asks; one case asks the nets.
#include <doctest/doctest.h>

#include <cstring>

#include "ai/players.h"
#include "ai/thinker.h"
#include "fake_evaluator.h"

using namespace nard;
using namespace nard::ai;
using test_fake::PipEvaluator;

namespace {

// Calls of step() after which a search counts as never finishing (each call does at least
// one unit; the searches here need at most about 5,400): a thinker that never says done
// fails the test instead of hanging it.
constexpr int kMaxSteps = 500'000;

// Positions met in play: a few games of the fake's 0-ply self-play, every 3rd position kept.
std::vector<Position> positionsFromPlay(const VariantSpec& v, int games, std::uint64_t seed) {
  std::vector<Position> out;
  test_fake::FakeNetPlayer p(cubelessPolicy(v, Rules::Modern));
  Rng dice(seed);
  PlayList plays;
  for (int g = 0; g < games; ++g) {
    Position pos = startPosition(v);
    for (int turn = 0; turn < 400; ++turn) {
      generatePlays(pos, dice.roll(), cubelessPolicy(v, Rules::Modern), plays);
      if (plays.empty()) {
        pos = pos.flipped();
        continue;
      }
      const Play& chosen = plays[p.choose(pos, Dice{}, plays)];
      if (finished(chosen.result, v)) break;
      pos = chosen.result.flipped();
      if (turn % 3 == 0) out.push_back(pos);
    }
  }
  return out;
}

bool same(const Probabilities& a, const Probabilities& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void checkSameRanking(const std::vector<RankedPlay>& a, const std::vector<RankedPlay>& b) {
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].index == b[i].index);
    CHECK(a[i].plies == b[i].plies);
    CHECK(std::memcmp(&a[i].equity, &b[i].equity, sizeof(float)) == 0);
    CHECK(same(a[i].probs, b[i].probs));
  }
}

}  // namespace

TEST_CASE("rank in slices of one unit equals rank in one go, noise included") {
  struct Case {
    Variant variant;
    const char* level;
    int positions;
    bool nets;
  };
  for (Case c : {Case{Variant::Standard, "expert", 4, false}, Case{Variant::Standard, "advanced", 20, false},
                 Case{Variant::Hyper, "expert", 20, false}, Case{Variant::Hyper, "beginner", 20, false},
                 Case{Variant::LongNard, "advanced", 12, false}, Case{Variant::Nackgammon, "intermediate", 10, false},
                 Case{Variant::Standard, "advanced", 3, true}}) {
    const VariantSpec& v = spec(c.variant);
    CAPTURE(v.key);
    CAPTURE(c.level);
    CAPTURE(c.nets);
    // Two players with the same seed: one searches in one go, the other in slices.
    const RulePolicy rules = cubelessPolicy(v, Rules::Modern);
    const SearchSettings& s = findLevel(c.level)->settings;
    PipEvaluator fake;
    NetPlayer oneGo = c.nets ? NetPlayer(rules, s, 5) : NetPlayer(rules, s, 5, fake);
    NetPlayer sliced = c.nets ? NetPlayer(rules, s, 5) : NetPlayer(rules, s, 5, fake);
    Thinker t(sliced.search());
    Rng dice(17);
    int checked = 0, multiStep = 0;
    for (const Position& pos : positionsFromPlay(v, 3, 11)) {
      if (checked == c.positions) break;
      PlayList plays;
      generatePlays(pos, dice.roll(), cubelessPolicy(v, Rules::Modern), plays);
      if (plays.size() < 2) continue;
      auto expected = oneGo.rank(pos, plays);
      t.startRank(pos, plays, sliced.settings(), sliced.noiseRng());
      int steps = 1;
      while (steps < kMaxSteps && !t.step(0.0)) ++steps;
      REQUIRE(steps < kMaxSteps);
      CHECK(t.units() == steps);  // budget 0: one unit per call
      multiStep += steps > 1;
      checkSameRanking(t.ranked(), expected);
      ++checked;
    }
    CHECK(checked == c.positions);
    if (findLevel(c.level)->settings.plies > 0) CHECK(multiStep == checked);  // 0-ply may fit one unit
  }
}

TEST_CASE("a 3-ply rank in slices equals rank in one go, and 3 plies keep the narrowest filter") {
  const VariantSpec& v = spec(Variant::Standard);
  SearchSettings s = findLevel("expert")->settings;
  s.plies = 3;  // the third ply judges only keepDeepest plays (each costs 21 2-ply searches)
  PipEvaluator fake;
  NetPlayer oneGo(cubelessPolicy(v, Rules::Modern), s, 5, fake);
  NetPlayer sliced(cubelessPolicy(v, Rules::Modern), s, 5, fake);
  Thinker t(sliced.search());
  Rng dice(23);
  int checked = 0;
  for (const Position& pos : positionsFromPlay(v, 2, 13)) {
    if (checked == 1) break;
    PlayList plays;
    generatePlays(pos, dice.roll(), cubelessPolicy(v, Rules::Modern), plays);
    if (plays.size() < 4) continue;
    auto expected = oneGo.rank(pos, plays);
    int deepest = 0;
    for (const RankedPlay& r : expected) deepest += r.plies == 3;
    CHECK(deepest >= 1);
    CHECK(deepest <= s.keepDeepest);
    t.startRank(pos, plays, sliced.settings(), sliced.noiseRng());
    int steps = 1;
    while (steps < kMaxSteps * 20 && !t.step(0.0)) ++steps;
    REQUIRE(t.done());
    checkSameRanking(t.ranked(), expected);
    ++checked;
  }
  CHECK(checked == 1);
}

TEST_CASE("onRoll in slices equals onRoll in one go at every depth") {
  for (Variant var : {Variant::Standard, Variant::Hyper, Variant::LongNard}) {
    const VariantSpec& v = spec(var);
    CAPTURE(v.key);
    PipEvaluator fake;
    NetPlayer a(cubelessPolicy(v, Rules::Modern), findLevel("expert")->settings, 1, fake);
    NetPlayer b(cubelessPolicy(v, Rules::Modern), findLevel("expert")->settings, 1, fake);
    Thinker t(b.search());
    auto positions = positionsFromPlay(v, 2, 23);
    REQUIRE(positions.size() >= 6);
    for (int plies = 0; plies <= 2; ++plies)
      for (std::size_t i = 0; i < positions.size(); i += positions.size() / 3) {
        Probabilities expected = a.search().onRoll(positions[i], plies);
        t.startOnRoll(positions[i], plies);
        // An uneven budget: the answer must not depend on where the slices end.
        int k = 0;
        for (; k < kMaxSteps && !t.step(k % 3 == 0 ? 0.0 : 0.05); ++k) {
        }
        REQUIRE(k < kMaxSteps);
        CHECK(same(t.probabilities(), expected));
      }
  }
}

TEST_CASE("a new start abandons unfinished work") {
  const VariantSpec& v = spec(Variant::Hyper);
  PipEvaluator fake;
  NetPlayer a(cubelessPolicy(v, Rules::Modern), findLevel("expert")->settings, 1, fake);
  NetPlayer b(cubelessPolicy(v, Rules::Modern), findLevel("expert")->settings, 1, fake);
  Thinker t(b.search());
  Position pos = startPosition(v);
  PlayList plays;
  generatePlays(pos, Dice{3, 1}, cubelessPolicy(v, Rules::Modern), plays);
  t.startOnRoll(pos, 2);
  for (int i = 0; i < 5; ++i) CHECK_FALSE(t.step(0.0));
  t.startRank(pos, plays, b.settings(), b.noiseRng());
  int steps = 0;
  while (steps < kMaxSteps && !t.step(1.0)) ++steps;
  REQUIRE(steps < kMaxSteps);
  checkSameRanking(t.ranked(), a.rank(pos, plays));
}
