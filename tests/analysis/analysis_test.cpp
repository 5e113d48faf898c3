// The post-game analysis (src/analysis): what it grades, what it leaves out, and that its
// numbers mean what they say: the best play costs nothing, a weaker level loses more
// equity than a stronger one, and slicing the work changes nothing.
#include <doctest/doctest.h>

#include <cmath>

#include "ai/bot.h"
#include "analysis/analyser.h"
#include "analysis/report.h"

using namespace nard;
using namespace nard::analysis;

namespace {

// A whole match between two computer levels, cube used where the rules have one (money
// play: one game).
Match playMatch(const MatchOptions& o, const char* level0, const char* level1, std::uint64_t seed) {
  Match m(o);
  ai::NetPlayer bots[2] = {ai::NetPlayer(m.policy(), ai::findLevel(level0)->settings, seed),
                           ai::NetPlayer(m.policy(), ai::findLevel(level1)->settings, seed + 1)};
  Rng dice(seed);
  auto over = [&] { return m.phase() == Phase::MatchOver || (o.matchLength == 0 && m.phase() == Phase::GameOver); };
  for (int step = 0; step < 20000 && !over(); ++step) {
    ai::NetPlayer& bot = bots[m.turn()];
    std::string why;
    switch (m.phase()) {
      case Phase::Opening: why = m.rollOpening(dice.roll()); break;
      case Phase::Rolling:
        why = ai::chooseCubeAction(m, bot) == ai::CubeAction::Double ? m.offerDouble() : m.roll(dice.roll());
        break;
      case Phase::Moving: why = m.play(m.legalPlays()[ai::choosePlay(m, bot)]); break;
      case Phase::Doubled:
      case Phase::Beavered: {
        const ai::CubeAction a = ai::chooseCubeAction(m, bot);
        why = a == ai::CubeAction::Beaver ? m.beaver() : a == ai::CubeAction::Take ? m.take() : m.pass();
        break;
      }
      case Phase::Resigning: why = m.rejectResignation(); break;
      case Phase::GameOver: why = m.nextGame(); break;
      case Phase::MatchOver: break;
    }
    REQUIRE(why == "");
  }
  REQUIRE(over());
  return m;
}

MatchOptions options(Variant v, Rules r, int length) {
  MatchOptions o;
  o.variant = v;
  o.rules = r;
  o.matchLength = length;
  return o;
}

MatchAnalysis analyse(const Match& m, const std::string& level = "intermediate") {
  std::string error;
  auto a = analyseMatch(m.options(), m.record(), {"first", "second"}, {level}, &error);
  REQUIRE_MESSAGE(a.has_value(), error);
  return *a;
}

}  // namespace

TEST_CASE("every decision is graded against the best, and the best costs nothing") {
  const Match m = playMatch(options(Variant::Standard, Rules::Modern, 3), "beginner", "intermediate", 7);
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

TEST_CASE("the beginner loses more equity per move than the expert") {
  // Over several matches, so one lucky game cannot decide it.
  float beginner = 0, expert = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const MatchAnalysis a = analyse(playMatch(options(Variant::Standard, Rules::Modern, 3), "beginner", "expert", seed));
    beginner += a.players[0].checkerErrorRate;
    expert += a.players[1].checkerErrorRate;
    CHECK(a.players[0].rating != "");
  }
  CHECK(beginner > 2.f * expert);
  CHECK(beginner > 20.f);  // the beginner's noise costs about 0.03 EMG a move or more
}

TEST_CASE("a play from the record is judged at the depth of the best, whatever the slices") {
  const Match m = playMatch(options(Variant::Standard, Rules::Modern, 1), "intermediate", "beginner", 11);
  const std::string whole = toJson(analyse(m, "advanced"), true);
  Analyser sliced(m.options(), m.record(), {"first", "second"}, {"advanced"});
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
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Match m = playMatch(plain, "beginner", "advanced", seed);
    std::string error;
    const auto cubeless = analyseMatch(plain, m.record(), {"a", "b"}, {"intermediate"}, &error);
    const auto cubeful = analyseMatch(withCube, m.record(), {"a", "b"}, {"intermediate"}, &error);
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
    const MatchAnalysis a = analyse(playMatch(o, "intermediate", "beginner", 3));
    int cube = 0;
    for (const Decision& d : a.decisions) cube += d.kind != DecisionKind::Checker;
    if (!c.cube) CHECK(cube == 0);
    CHECK(a.players[0].unforcedMoves + a.players[0].forcedMoves > 0);
    const std::string json = toJson(a, false);
    CHECK(json.find("\"checkerErrorRate\":") != std::string::npos);
    CHECK(json.find("\"decisions\"") == std::string::npos);
  }
}

TEST_CASE("luck: over many rolls it averages out near zero, and a dance is unlucky") {
  const Match m = playMatch(options(Variant::Standard, Rules::Modern, 5), "expert", "expert", 5);
  const MatchAnalysis a = analyse(m);
  float sum = 0;
  int n = 0;
  for (const Decision& d : a.decisions)
    if (d.kind == DecisionKind::Checker) sum += d.luck, ++n;
  REQUIRE(n > 40);
  CHECK(std::fabs(sum / n) < 0.15f);
  for (const Decision& d : a.decisions)
    if (d.kind == DecisionKind::Checker && d.chosen.empty()) CHECK(d.luck <= 0.05f);  // no move at all
}

TEST_CASE("bad input: an unknown level or a record that does not replay is refused") {
  const Match m = playMatch(options(Variant::Standard, Rules::Modern, 1), "beginner", "beginner", 2);
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
