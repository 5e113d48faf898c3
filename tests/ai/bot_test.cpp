// One way for a bot to act in a Match (ai/bot.h): what decide() asks the bot's mind in
// each phase and which action it makes of the answer, and the rule by which a bot answers
// a resignation.
#include <doctest/doctest.h>

#include <ostream>

#include "ai/bot.h"

using namespace nard;
using namespace nard::ai;

namespace nard::ai {
// For doctest's messages: the action by name.
std::ostream& operator<<(std::ostream& o, BotMove m) { return o << nameOf(m); }
}  // namespace nard::ai

namespace {

// A mind that gives the same answers whatever the position, and counts the questions.
struct Stubborn final : BotMind {
  int playIndex = 0;
  CubeAction answer = CubeAction::Double;
  bool accept = true;
  int plays = 0, cubes = 0, resignations = 0;
  int play(const Match&) override { return ++plays, playIndex; }
  CubeAction cube(const Match&) override { return ++cubes, answer; }
  bool acceptsResignation(const Match&) override { return ++resignations, accept; }
};

MatchOptions money() {
  MatchOptions o;
  o.matchLength = 0;  // Standard, modern: cube, Jacoby and beavers
  return o;
}

// The match after the opening 3-1 (player 0's) has been played: player 1 to roll.
Match afterOpening(const MatchOptions& o) {
  Match m(o);
  REQUIRE(m.rollOpening(Dice{3, 1}) == "");
  REQUIRE(m.play(m.legalPlays().front()) == "");
  REQUIRE(m.phase() == Phase::Rolling);
  return m;
}

BotMove step(Match& m, BotMind& mind, Rng& dice) {
  const Acted a = act(m, mind, dice);
  CHECK(a.refused == "");
  return a.action.move;
}

}  // namespace

TEST_CASE("bot: the opening roll, then a play; an index out of range plays the first") {
  Match m(money());
  Stubborn mind;
  mind.playIndex = 999;
  Rng dice(1);
  CHECK(step(m, mind, dice) == BotMove::OpeningRoll);
  CHECK(mind.plays + mind.cubes == 0);
  REQUIRE(m.phase() == Phase::Moving);  // the modern opening roll is played at once
  const int mover = m.onRoll();
  const Side expected = m.legalPlays().front().result.me();
  const Acted a = act(m, mind, dice);
  CHECK(a.action.move == BotMove::Play);
  CHECK(a.action.play == 0);
  CHECK(m.board(mover) == expected);
}

TEST_CASE("bot: a double where the Match allows one, a beaver only where beavers are played") {
  Stubborn mind;  // always doubles, and beavers any double
  mind.answer = CubeAction::Beaver;
  Rng dice(2);
  Match m = afterOpening(money());
  // Centred cube: player 1 is asked, and its Beaver is no double.
  CHECK(step(m, mind, dice) == BotMove::Roll);
  CHECK(mind.cubes == 1);

  m = afterOpening(money());
  mind.answer = CubeAction::Double;
  CHECK(step(m, mind, dice) == BotMove::Double);
  mind.answer = CubeAction::Beaver;
  CHECK(step(m, mind, dice) == BotMove::Beaver);  // player 0 beavers: cube 4, player 0's
  mind.answer = CubeAction::Double;               // anything but a pass accepts the beaver
  CHECK(step(m, mind, dice) == BotMove::AcceptBeaver);
  CHECK(m.cubeValue() == 4);
  CHECK(m.cubeOwner() == 0);
  // Player 1 may not double a cube player 0 owns: it rolls, unasked.
  const int asked = mind.cubes;
  CHECK(step(m, mind, dice) == BotMove::Roll);
  CHECK(mind.cubes == asked);

  MatchOptions noBeaver = money();
  noBeaver.beaver = false;
  m = afterOpening(noBeaver);
  REQUIRE(step(m, mind, dice) == BotMove::Double);
  mind.answer = CubeAction::Beaver;
  CHECK(step(m, mind, dice) == BotMove::Take);  // no beavers here: the beaver is a take
  CHECK(m.cubeOwner() == 0);
}

TEST_CASE("bot: a pass ends the game, a refused beaver too") {
  Stubborn mind;
  Rng dice(3);
  Match m = afterOpening(money());
  REQUIRE(step(m, mind, dice) == BotMove::Double);
  mind.answer = CubeAction::Pass;
  CHECK(step(m, mind, dice) == BotMove::Pass);
  CHECK(m.phase() == Phase::GameOver);
  CHECK(m.lastResult().winner == 1);
  CHECK(step(m, mind, dice) == BotMove::NextGame);

  m = afterOpening(money());
  mind.answer = CubeAction::Double;
  REQUIRE(step(m, mind, dice) == BotMove::Double);
  mind.answer = CubeAction::Beaver;
  REQUIRE(step(m, mind, dice) == BotMove::Beaver);
  mind.answer = CubeAction::Pass;
  CHECK(step(m, mind, dice) == BotMove::RefuseBeaver);
  CHECK(m.lastResult().winner == 0);  // the doubler loses the beavered cube of 2
  CHECK(m.lastResult().points == 2);
}

TEST_CASE("bot: no cube question at all without a cube, in every variant") {
  for (int vi = 0; vi < kVariantCount; ++vi) {
    MatchOptions o;
    o.variant = static_cast<Variant>(vi);
    o.rules = Rules::Traditional;
    o.matchLength = 1;
    CAPTURE(vi);
    Match m(o);
    Stubborn mind;  // wants to double all the time
    Rng dice(4 + vi);
    for (int i = 0; i < 5000 && m.phase() != Phase::MatchOver; ++i) REQUIRE(act(m, mind, dice).refused == "");
    CHECK(m.phase() == Phase::MatchOver);
    CHECK(mind.cubes == 0);
    CHECK(mind.plays > 10);
    const Acted over = act(m, mind, dice);
    CHECK(over.action.move == BotMove::None);
    CHECK(over.refused != "");
  }
}

TEST_CASE("bot: a resignation is accepted or rejected as the mind says") {
  Stubborn mind;
  Rng dice(5);
  MatchOptions o = money();
  o.jacoby = false;  // the gammon resigned counts two
  Match m = afterOpening(o);
  REQUIRE(m.resign(ResultKind::Single) == "");
  mind.accept = false;
  CHECK(step(m, mind, dice) == BotMove::RejectResignation);
  CHECK(m.phase() == Phase::Rolling);
  REQUIRE(m.resign(ResultKind::Gammon) == "");
  mind.accept = true;
  CHECK(step(m, mind, dice) == BotMove::AcceptResignation);
  CHECK(m.lastResult().byResign);
  CHECK(m.lastResult().points == 2);
  CHECK(mind.resignations == 2);
}

TEST_CASE("bot: a resignation is worth accepting when it gives what playing on is worth") {
  MatchOptions o = money();
  o.jacoby = false;
  const Probabilities trailing{0.3f, 0.f, 0.f, 0.f, 0.f};       // the resigner's: -0.4 a game
  const Probabilities gammoned{0.f, 0.f, 0.f, 0.5f, 0.f};       // -1.5: a single is not enough
  const Probabilities backgammoned{0.f, 0.f, 0.f, 1.f, 1.f};    // -3: only a backgammon is
  Match m = afterOpening(o);
  REQUIRE(m.resign(ResultKind::Single) == "");
  CHECK(worthAccepting(m, trailing));
  CHECK(worthAccepting(m, Probabilities{0.f, 0.f, 0.f, 0.f, 0.f}));  // a sure single loss: the same
  CHECK_FALSE(worthAccepting(m, gammoned));
  REQUIRE(m.rejectResignation() == "");
  REQUIRE(m.resign(ResultKind::Gammon) == "");
  CHECK(worthAccepting(m, gammoned));
  CHECK_FALSE(worthAccepting(m, backgammoned));
  REQUIRE(m.rejectResignation() == "");
  REQUIRE(m.resign(ResultKind::Backgammon) == "");
  CHECK(worthAccepting(m, backgammoned));

  // Jacoby with the cube centred: gammons count for nothing, a single is always enough.
  m = afterOpening(money());
  REQUIRE(m.resign(ResultKind::Single) == "");
  CHECK(worthAccepting(m, backgammoned));

  // Match play, by match-winning chance: a single is enough against a sure single loss, not
  // against a sure gammon.
  MatchOptions match;
  match.matchLength = 5;
  m = afterOpening(match);
  REQUIRE(m.resign(ResultKind::Single) == "");
  CHECK(worthAccepting(m, Probabilities{0.f, 0.f, 0.f, 0.f, 0.f}));
  CHECK_FALSE(worthAccepting(m, Probabilities{0.f, 0.f, 0.f, 1.f, 0.f}));
}
