// Each level finds a plainly best play, and the cube logic gives textbook answers.
#include <doctest/doctest.h>

#include "ai/bot.h"
#include "sides.h"
#include "engine/notation.h"

using namespace nard;
using namespace nard::ai;
using test_sides::side;

namespace {

std::string chosen(const char* level, const Position& pos, Dice d, const VariantSpec& v, Rules rules) {
  PlayList plays;
  generatePlays(pos, d, cubelessPolicy(v, rules), plays);
  auto player = makePlayer(level, cubelessPolicy(v, rules), 1, nullptr);
  return formatPlay(plays[player->choose(pos, d, plays)]);
}

}  // namespace

TEST_CASE("every level bears off the last two checkers when that wins at once") {
  // The opponent will bear off its last checker next turn: 2-1 must take both off now.
  for (Variant var : {Variant::Standard, Variant::Nackgammon, Variant::Hyper, Variant::LongNard}) {
    const VariantSpec& v = spec(var);
    Position pos{{side({{2, 1}, {1, 1}}, v.checkers), side({{1, 1}}, v.checkers)}};
    REQUIRE(validatePosition(pos, v) == "");
    for (const Level& l : levels()) {
      if (std::string(l.name) == "master") continue;  // as expert, slower
      CAPTURE(v.key);
      CAPTURE(l.name);
      CHECK(chosen(l.name, pos, Dice{2, 1}, v, Rules::Modern) == "2/off 1/off");
    }
  }
}

TEST_CASE("the searching levels hit the opponent's last checker") {
  // The opponent's last checker sits on my 5 point; with 3-1 I can hit it (8/5*, 6/5*) and
  // keep it on the bar behind a strong board, instead of letting it run home.
  const VariantSpec& v = spec(Variant::Standard);
  // Me: points 6, 4, 3, 2 made, spares on 8; opponent: one checker left on my 5 point
  // (its 20 point), 14 borne off.
  Position pos{{side({{8, 3}, {6, 3}, {4, 3}, {3, 3}, {2, 3}}, 15), side({{20, 1}}, 15)}};
  REQUIRE(validatePosition(pos, v) == "");
  for (const char* level : {"advanced", "expert"}) {
    CAPTURE(level);
    std::string play = chosen(level, pos, Dice{3, 1}, v, Rules::Modern);
    CHECK(play.find('*') != std::string::npos);  // it hits
  }
}

TEST_CASE("cube: textbook money decisions") {
  CubeState money;
  Scoring sc{true};
  // 90% gammonless: double, pass.
  CubeDecision d = decideCube({0.9f, 0, 0, 0, 0}, PosClass::Race, money, sc);
  CHECK(d.double_);
  CHECK(!d.take);
  // 70% gammonless in a race: double, take (take point about 22-25%).
  d = decideCube({0.7f, 0, 0, 0, 0}, PosClass::Race, money, sc);
  CHECK(d.double_);
  CHECK(d.take);
  // 50%: no double; the opponent would beaver (and may, in money play with beavers).
  money.beaver = true;
  d = decideCube({0.5f, 0, 0, 0, 0}, PosClass::Contact, money, sc);
  CHECK(!d.double_);
  CHECK(d.beaver);
  // Huge gammon chances: too good to double.
  d = decideCube({0.95f, 0.8f, 0, 0, 0}, PosClass::Contact, money, sc);
  CHECK(!d.double_);
  CHECK(d.tooGood);
  // The opponent owns the cube: never double.
  money.owner = 1;
  d = decideCube({0.9f, 0, 0, 0, 0}, PosClass::Race, money, sc);
  CHECK(!d.double_);
}

TEST_CASE("match equity table and match cube") {
  const auto& met = MatchEquityTable::instance();
  CHECK(met.mwc(1, 1, false) == doctest::Approx(0.5));
  CHECK(met.mwc(2, 1, true) == doctest::Approx(0.48803).epsilon(1e-4));  // post-Crawford trailer
  CHECK(met.mwc(1, 2, false) == doctest::Approx(0.67736).epsilon(1e-4));  // Crawford game leader
  CHECK(met.mwc(3, 5, false) > 0.5f);
  // Symmetry of the pre-Crawford table.
  CHECK(met.mwc(4, 7, false) + met.mwc(7, 4, false) == doctest::Approx(1.0).epsilon(1e-3));
  // 2-away 2-away, cube on 1: a pass leaves me 1-away against 2-away (the Crawford game).
  CubeState s;
  s.score = MatchScore{2, 2, false, false};
  CubeDecision d = decideCube({0.75f, 0, 0, 0, 0}, PosClass::Race, s, Scoring{true});
  CHECK(d.match);
  CHECK(d.doublePass == doctest::Approx(met.mwc(1, 2, false)));
  CHECK(d.double_);  // 75% gammonless at 2-away 2-away is a double
  CHECK(d.noDouble > 0.5f);
}
