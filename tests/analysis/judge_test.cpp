// The judge of one decision (src/analysis/judge.h) against the analysis of the whole
// match: the match rebuilt just before a decision, with the play staged as a person would
// stage it, gets from the judge the best, the choice and the error the Analyser gave. Both
// search the fake evaluator (tests/ai/fake_evaluator.h): the agreement is the question,
// and the fake answers at once.
#include <doctest/doctest.h>

#include <cmath>

#include "../ai/fake_evaluator.h"
#include "../ai/sides.h"
#include "../test_data.h"
#include "analysis/analyser.h"
#include "analysis/judge.h"
#include "ai/evaluator.h"
#include "ai/nets.h"
#include "ai/search.h"
#include "engine/matimport.h"

using namespace nard;
using namespace nard::analysis;

namespace {

constexpr const char* kLevel = "advanced";  // the coach's level: 1-ply, filters, the chosen play searched deeper

// The coach's level on the fake evaluator (one for the whole run: it keeps no state).
AnalysisSettings judging() {
  static test_fake::PipEvaluator fake;
  return {kLevel, false, &fake};
}

ImportedMatch importData(const char* name) {
  std::string error;
  auto im = importMat(test_data::readMat(name), &error);
  REQUIRE_MESSAGE(im.has_value(), error);
  return std::move(*im);
}

MatchAnalysis analyse(const MatchOptions& o, const Record& r) {
  std::string error;
  auto a = analyseMatch(o, r, {"first", "second"}, judging(), &error);
  REQUIRE_MESSAGE(a.has_value(), error);
  return *a;
}

Play playOf(const Event& e) {
  Play p;
  p.count = e.count;
  std::copy(e.moves.begin(), e.moves.begin() + e.count, p.moves.begin());
  return p;
}

struct Tally {
  int checker = 0, cube = 0, staged = 0, errors = 0;
};

// Judges decision d again from the match rebuilt before it. Checker plays are staged
// first: all of them under modern rules (the coach judges before Confirm), all but the
// last under touch-move (moved checkers stay moved).
void judgeAgain(const MatchOptions& o, const Record& r, const Decision& d, Tally& t) {
  CAPTURE(d.event);
  CAPTURE(d.positionId);
  std::string why;
  auto m = Match::replay(o, r, d.event, &why);
  REQUIRE_MESSAGE(m.has_value(), why);
  DecisionJudge judge;
  if (d.kind == DecisionKind::Checker) {
    const Event& e = r[d.event];
    REQUIRE(e.kind == EventKind::Play);
    const std::size_t toStage = m->policy().touchMove ? e.count - 1u : e.count;
    for (std::size_t i = 0; i < toStage; ++i) REQUIRE(m->stage(e.moves[i].from, e.moves[i].to) == "");
    if (m->phase() != Phase::Moving) return;  // touch-move finished the turn early: nothing left to judge before
    t.staged += toStage > 0;
    REQUIRE_MESSAGE(judge.startPlay(*m, playOf(e), judging(), &why), why);
    ++t.checker;
  } else {
    REQUIRE_MESSAGE(judge.startCube(*m, d.kind, d.chosen, judging(), &why), why);
    ++t.cube;
  }
  CHECK(judge.running());
  while (!judge.step(2.0)) {
  }
  REQUIRE(judge.ready());
  const Decision& v = judge.verdict();
  CHECK(v.kind == d.kind);
  CHECK(v.player == d.player);
  CHECK(v.game == d.game);
  CHECK(v.event == d.event);
  CHECK(v.positionId == d.positionId);
  CHECK(v.chosen == d.chosen);
  CHECK(v.best == d.best);
  CHECK(std::fabs(v.error - d.error) <= 1e-4f);
  CHECK(std::fabs(v.equityBest - d.equityBest) <= 1e-4f);
  CHECK(v.mark == d.mark);
  CHECK(v.counted == d.counted);
  CHECK(v.alternatives.size() == d.alternatives.size());
  if (d.kind == DecisionKind::Checker) CHECK(v.bestPlay.result == d.bestPlay.result);
  t.errors += d.error > 0.f;
}

void judgeAll(const MatchOptions& o, const Record& r, Tally& t) {
  const MatchAnalysis a = analyse(o, r);
  for (const Decision& d : a.decisions)
    if (!(d.kind == DecisionKind::Checker && d.chosen.empty())) judgeAgain(o, r, d, t);  // not a roll that could not be played
}

}  // namespace

TEST_CASE("judge: every decision of a match play, doubles, takes and passes as the analysis grades them") {
  const ImportedMatch im = importData("gnubg-standard-5pt.mat");
  Tally t;
  judgeAll(im.options, im.match.record(), t);
  CHECK(t.checker > 100);
  CHECK(t.staged == t.checker);
  CHECK(t.cube > 20);
  CHECK(t.errors > 10);  // some choices cost something, so the errors compared are not all zero
}

TEST_CASE("judge: money play with beavers") {
  const ImportedMatch im = importData("gnubg-reexport-money.mat");
  bool beaver = false;
  for (const Event& e : im.match.record()) beaver = beaver || e.kind == EventKind::Beaver;
  REQUIRE(beaver);
  Tally t;
  judgeAll(im.options, im.match.record(), t);
  CHECK(t.cube > 20);
}

TEST_CASE("judge: traditional rules, a play begun under touch-move is judged from before it") {
  MatchOptions o;
  o.rules = Rules::Traditional;
  o.matchLength = 3;
  Match m(o);
  Rng dice(5);
  int plays = 0;
  // Not the best plays: one from the middle of the list, so that errors are made.
  for (int i = 0; i < 2000 && plays < 40; ++i) {
    std::string why;
    switch (m.phase()) {
      case Phase::Opening: why = m.rollOpening(dice.roll()); break;
      case Phase::Rolling: why = m.roll(dice.roll()); break;
      case Phase::Moving: why = m.play(m.legalPlays()[m.legalPlays().size() / 2]), ++plays; break;
      case Phase::GameOver: why = m.nextGame(); break;
      default: FAIL("unexpected phase");
    }
    REQUIRE(why == "");
  }
  Tally t;
  judgeAll(o, m.record(), t);
  CHECK(t.checker > 30);
  CHECK(t.staged > 20);
  CHECK(t.errors > 5);
}

TEST_CASE("judge: refusals") {
  MatchOptions o;
  o.matchLength = 0;
  Match m(o);
  REQUIRE(m.rollOpening({3, 1}) == "");
  REQUIRE(m.phase() == Phase::Moving);
  DecisionJudge judge;
  std::string why;
  Play wrong;  // 24/18 is not a 3-1
  wrong.count = 1;
  wrong.moves[0] = {24, 18, false, 6};
  CHECK_FALSE(judge.startPlay(m, wrong, {kLevel, false}, &why));
  CHECK(why == "not a legal play with this roll");
  CHECK_FALSE(judge.running());
  CHECK(judge.step(1.0));  // idle: nothing to do
  CHECK_FALSE(judge.ready());
  CHECK_FALSE(judge.startPlay(m, m.legalPlays().front(), {"grandmaster", false}, &why));
  CHECK(why == "unknown level 'grandmaster'");
  CHECK_FALSE(judge.startCube(m, DecisionKind::Double, "double", {kLevel, false}, &why));
  CHECK_FALSE(judge.startCube(m, DecisionKind::Answer, "take", {kLevel, false}, &why));
  CHECK(judge.startPlay(m, m.legalPlays().front(), {kLevel, false}, &why));
  judge.cancel();
  CHECK_FALSE(judge.running());
}

TEST_CASE("judge: a play that ends the game scores what the rules give, Jacoby included") {
  // The mover bears off its last checker while the opponent has borne off none and has
  // nothing in the mover's home board: a gammon. Money play with the cube in play.
  const VariantSpec& v = spec(Variant::Standard);
  const Position result{{test_sides::side({}, 15), test_sides::side({{6, 15}}, 15)}};
  const ai::Probabilities gammon{1.f, 1.f, 0.f, 0.f, 0.f};
  ai::NetEvaluator ev(v, ai::shippedNets().forVariant(v.id));
  ai::Search search(cubelessPolicy(v, Rules::Modern), ev);
  PlayValuer valuer;
  valuer.variant = &v;
  valuer.cubeInPlay = true;
  CHECK(valuer.emg(search, result, gammon) == doctest::Approx(2.0));  // no Jacoby: the gammon counts
  valuer.cube.jacoby = true;
  CHECK(valuer.emg(search, result, gammon) == doctest::Approx(1.0));  // cube centred: one point
  valuer.cube.value = 2;
  valuer.cube.owner = 1;
  CHECK(valuer.emg(search, result, gammon) == doctest::Approx(2.0));  // cube turned: gammons count again (per one-point cube)
}
