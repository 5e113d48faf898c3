// The match state machine: openings, touch-move, cube, scoring, Crawford, clock, replay.
#include <doctest/doctest.h>

#include "builders.h"
#include "engine/match.h"

using namespace nard;
using namespace nard::test;

namespace {

MatchOptions modern(int length) {
  MatchOptions o;
  o.matchLength = length;
  return o;
}

MatchOptions traditional(int length) {
  MatchOptions o;
  o.rules = Rules::Traditional;
  o.matchLength = length;
  return o;
}

// Plays the first legal play of whatever is rolled until `m` is back in Rolling.
void playOn(Match& m, Dice d) {
  REQUIRE(m.roll(d) == "");
  if (m.phase() == Phase::Moving) REQUIRE(m.play(m.legalPlays().front()) == "");
}

// Random legal actions until the game ends; checks invariants after every action.
void playGameOut(Match& m, Rng& rng) {
  for (int guard = 0; guard < 10000; ++guard) {
    REQUIRE(m.checkInvariants() == "");
    switch (m.phase()) {
      case Phase::Opening: REQUIRE(m.rollOpening(rng.roll()) == ""); break;
      case Phase::Rolling: REQUIRE(m.roll(rng.roll()) == ""); break;
      case Phase::Moving: {
        const auto& list = m.legalPlays();
        REQUIRE(m.play(list[rng.below(static_cast<int>(list.size()))]) == "");
        break;
      }
      default: return;
    }
  }
  FAIL("game did not end");
}

}  // namespace

TEST_CASE("modern opening: each rolls one die, the higher plays both numbers; ties roll again") {
  Match m(modern(5));
  CHECK(m.phase() == Phase::Opening);
  CHECK(m.rollOpening(Dice{4, 4}) == "");
  CHECK(m.phase() == Phase::Opening);
  CHECK(m.rollOpening(Dice{2, 5}) == "");
  CHECK(m.phase() == Phase::Moving);
  CHECK(m.onRoll() == 1);
  CHECK(m.dice() == Dice{5, 2});
  CHECK(m.roll(Dice{1, 1}) != "");  // cannot roll while moving
}

TEST_CASE("traditional opening: agreed higher or lower die wins, the winner rolls both dice") {
  Match higher(traditional(3));
  CHECK(higher.rollOpening(Dice{2, 5}) == "");
  CHECK(higher.phase() == Phase::Rolling);
  CHECK(higher.onRoll() == 1);
  CHECK(higher.roll(Dice{6, 6}) == "");  // a double is possible on the first play
  CHECK(higher.phase() == Phase::Moving);

  MatchOptions o = traditional(3);
  o.lowerDieStarts = true;
  Match lower(o);
  CHECK(lower.rollOpening(Dice{2, 5}) == "");
  CHECK(lower.onRoll() == 0);
}

TEST_CASE("traditional: later games are started by the previous winner, without an opening roll") {
  Match m(traditional(5));
  Rng rng(3);
  playGameOut(m, rng);
  REQUIRE(m.phase() == Phase::GameOver);
  int winner = m.lastResult().winner;
  CHECK(m.nextGame() == "");
  CHECK(m.phase() == Phase::Rolling);
  CHECK(m.onRoll() == winner);
}

TEST_CASE("modern: every game opens with the one-die roll") {
  Match m(modern(5));
  Rng rng(4);
  playGameOut(m, rng);
  REQUIRE(m.phase() == Phase::GameOver);
  CHECK(m.nextGame() == "");
  CHECK(m.phase() == Phase::Opening);
}

TEST_CASE("undo under modern rules, touch-move under traditional") {
  Match m(modern(5));
  REQUIRE(m.rollOpening(Dice{3, 1}) == "");
  CHECK(m.stage(8, 5) == "");
  CHECK(m.confirm() != "");  // one die still to play
  CHECK(m.undo() == "");
  CHECK(m.staged().empty());
  CHECK(m.stage(8, 5) == "");
  CHECK(m.stage(6, 5) == "");
  CHECK(m.stage(13, 12) != "");  // no dice left
  CHECK(m.confirm() == "");
  CHECK(m.onRoll() == 1);
  CHECK(m.phase() == Phase::Rolling);

  Match t(traditional(3));
  REQUIRE(t.rollOpening(Dice{3, 1}) == "");  // player 0 wins and rolls
  REQUIRE(t.roll(Dice{3, 1}) == "");
  CHECK(t.stage(8, 5) == "");
  CHECK(t.undo().find("touch-move") != std::string::npos);
  CHECK(t.stage(6, 5) == "");  // the play is complete: the turn passes at once
  CHECK(t.onRoll() == 1);
  CHECK(t.phase() == Phase::Rolling);
}

TEST_CASE("staging follows legal plays only, and combined moves use both dice") {
  Match m(modern(5));
  REQUIRE(m.rollOpening(Dice{6, 5}) == "");
  auto dest = m.destinations(24);
  CHECK(std::find(dest.begin(), dest.end(), 13) != dest.end());
  CHECK(m.stage(24, 13) == "");
  CHECK(m.staged().size() == 2);
  CHECK(m.stagedComplete());
  CHECK(m.stage(6, 1) != "");
}

TEST_CASE("cube: double, take, ownership, pass") {
  Match m(modern(7));
  REQUIRE(m.rollOpening(Dice{3, 1}) == "");
  REQUIRE(m.play(m.legalPlays().front()) == "");
  CHECK(m.canDouble());
  CHECK(m.offerDouble() == "");
  CHECK(m.phase() == Phase::Doubled);
  CHECK(m.turn() == 0);
  CHECK(m.beaver() != "");  // no beavers in match play
  CHECK(m.take() == "");
  CHECK(m.cubeValue() == 2);
  CHECK(m.cubeOwner() == 0);
  playOn(m, Dice{2, 1});           // player 1 plays; now player 0 is on roll and owns the cube
  CHECK(m.onRoll() == 0);
  CHECK(m.offerDouble() == "");
  CHECK(m.pass() == "");
  CHECK(m.phase() == Phase::GameOver);
  CHECK(m.lastResult().winner == 0);
  CHECK(m.lastResult().points == 2);
  CHECK(m.score(0) == 2);
}

TEST_CASE("a player cannot double when the opponent owns the cube") {
  Match m(modern(7));
  REQUIRE(m.rollOpening(Dice{3, 1}) == "");
  REQUIRE(m.play(m.legalPlays().front()) == "");
  REQUIRE(m.offerDouble() == "");  // player 1 doubles
  REQUIRE(m.take() == "");         // player 0 owns the cube
  playOn(m, Dice{2, 1});           // player 1 plays
  playOn(m, Dice{2, 1});           // player 0 plays
  CHECK(m.onRoll() == 1);
  CHECK_FALSE(m.canDouble());
  CHECK(m.offerDouble().find("owns") != std::string::npos);
}

TEST_CASE("scoring by resignation: single, gammon, backgammon times the cube") {
  for (int kind = 1; kind <= 3; ++kind) {
    Match m(modern(11));
    REQUIRE(m.rollOpening(Dice{3, 1}) == "");
    REQUIRE(m.play(m.legalPlays().front()) == "");
    REQUIRE(m.offerDouble() == "");
    REQUIRE(m.take() == "");
    playOn(m, Dice{5, 4});  // player 1 plays; player 0 on roll
    REQUIRE(m.resign(static_cast<ResultKind>(kind)) == "");
    CHECK(m.phase() == Phase::Resigning);
    CHECK(m.turn() == 1);
    CHECK(m.acceptResignation() == "");
    CHECK(m.score(1) == 2 * kind);
  }
}

TEST_CASE("a rejected resignation goes on with the game") {
  Match m(modern(5));
  REQUIRE(m.rollOpening(Dice{3, 1}) == "");
  REQUIRE(m.resign(ResultKind::Single) == "");
  CHECK(m.rejectResignation() == "");
  CHECK(m.phase() == Phase::Moving);
}

TEST_CASE("traditional: no cube and no backgammon; mars counts 2") {
  Match m(traditional(5));
  REQUIRE(m.rollOpening(Dice{5, 2}) == "");
  CHECK_FALSE(m.canDouble());
  CHECK(m.offerDouble() != "");
  CHECK(m.resign(ResultKind::Backgammon) != "");
  CHECK(m.resign(ResultKind::Gammon) == "");
  CHECK(m.acceptResignation() == "");
  CHECK(m.score(1) == 2);
}

TEST_CASE("game results are judged from the board as the rules say") {
  for (int vi = 0; vi < kVariantCount; ++vi)
    for (Rules r : {Rules::Modern, Rules::Traditional}) {
      MatchOptions o;
      o.variant = static_cast<Variant>(vi);
      o.rules = r;
      o.matchLength = 0;
      o.cube = false;
      Match m(o);
      Rng rng(100 + vi);
      for (int game = 0; game < 30; ++game) {
        playGameOut(m, rng);
        REQUIRE(m.phase() == Phase::GameOver);
        const GameResult& g = m.lastResult();
        const Side& loser = m.board(1 - g.winner);
        CHECK(m.board(g.winner)[kOff] == m.variant().checkers);
        bool none = loser[kOff] == 0;
        bool back = loser[kBar] > 0;
        for (int p = 19; p <= 24; ++p) back |= loser[p] > 0 && m.variant().geometry == Geometry::Opposed;
        ResultKind want = !none ? ResultKind::Single
                          : m.policy().backgammons && back ? ResultKind::Backgammon
                                                           : ResultKind::Gammon;
        CHECK(g.kind == want);
        CHECK(g.points == static_cast<int>(want));
        REQUIRE(m.nextGame() == "");
      }
    }
}

TEST_CASE("Jacoby: in money play gammons count only after the cube was turned") {
  MatchOptions o = modern(0);
  Match m(o);
  REQUIRE(m.rollOpening(Dice{3, 1}) == "");
  REQUIRE(m.resign(ResultKind::Gammon) == "");
  REQUIRE(m.acceptResignation() == "");
  CHECK(m.score(1) == 1);
}

TEST_CASE("beaver in money play: the doubler may accept or refuse") {
  Match m(modern(0));
  REQUIRE(m.rollOpening(Dice{3, 1}) == "");
  REQUIRE(m.play(m.legalPlays().front()) == "");
  REQUIRE(m.offerDouble() == "");  // player 1 doubles
  CHECK(m.canBeaver());
  CHECK(m.beaver() == "");
  CHECK(m.phase() == Phase::Beavered);
  CHECK(m.turn() == 1);
  CHECK(m.take() == "");
  CHECK(m.cubeValue() == 4);
  CHECK(m.cubeOwner() == 0);
  CHECK(m.onRoll() == 1);

  Match refused(modern(0));
  REQUIRE(refused.rollOpening(Dice{3, 1}) == "");
  REQUIRE(refused.play(refused.legalPlays().front()) == "");
  REQUIRE(refused.offerDouble() == "");
  REQUIRE(refused.beaver() == "");
  CHECK(refused.pass() == "");
  CHECK(refused.score(0) == 2);
}

TEST_CASE("Crawford: no cube in the first game after reaching match point, then it returns") {
  Match m(modern(5));
  REQUIRE(m.rollOpening(Dice{3, 1}) == "");
  REQUIRE(m.play(m.legalPlays().front()) == "");
  REQUIRE(m.offerDouble() == "");
  REQUIRE(m.take() == "");
  playOn(m, Dice{2, 1});
  REQUIRE(m.resign(ResultKind::Gammon) == "");  // player 0 resigns a gammon at 2: 4 points
  REQUIRE(m.acceptResignation() == "");
  REQUIRE(m.score(1) == 4);
  REQUIRE(m.nextGame() == "");
  CHECK(m.crawfordGame());
  REQUIRE(m.rollOpening(Dice{3, 1}) == "");
  REQUIRE(m.play(m.legalPlays().front()) == "");
  CHECK_FALSE(m.canDouble());
  CHECK(m.offerDouble().find("Crawford") != std::string::npos);
  REQUIRE(m.resign(ResultKind::Single) == "");  // player 1 resigns: 4-1
  REQUIRE(m.acceptResignation() == "");
  REQUIRE(m.nextGame() == "");
  CHECK_FALSE(m.crawfordGame());
  REQUIRE(m.rollOpening(Dice{3, 1}) == "");
  REQUIRE(m.play(m.legalPlays().front()) == "");
  CHECK(m.onRoll() == 1);
  CHECK_FALSE(m.canDouble());  // dead cube for the leader: 4 + 1 reaches 5
  playOn(m, Dice{2, 1});
  CHECK(m.onRoll() == 0);
  CHECK(m.canDouble());  // the trailer may double after Crawford
}

TEST_CASE("the match ends when a player reaches the length") {
  Match m(modern(1));
  REQUIRE(m.rollOpening(Dice{3, 1}) == "");
  REQUIRE(m.resign(ResultKind::Single) == "");
  REQUIRE(m.acceptResignation() == "");
  CHECK(m.phase() == Phase::MatchOver);
  CHECK(m.matchWinner() == 1);
  CHECK(m.nextGame() != "");
}

TEST_CASE("clock: the delay is used first, never accumulates, and an empty bank loses the match") {
  MatchOptions o = modern(1);
  o.clock = true;
  o.bankSecondsPerPoint = 60;
  o.delaySeconds = 12;
  Match m(o);
  REQUIRE(m.rollOpening(Dice{3, 1}) == "");
  CHECK_FALSE(m.elapse(5000));
  CHECK(m.clockDelayMs() == 7000);
  CHECK(m.clockBankMs(0) == 60000);
  CHECK_FALSE(m.elapse(10000));  // 7 s of delay, then 3 s of bank
  CHECK(m.clockBankMs(0) == 57000);
  REQUIRE(m.play(m.legalPlays().front()) == "");
  CHECK(m.clockDelayMs() == 12000);  // fresh delay for the next turn, not 12 + leftover
  CHECK(m.elapse(72000));  // 12 s delay + 60 s bank
  CHECK(m.phase() == Phase::MatchOver);
  CHECK(m.matchWinner() == 0);
  CHECK(m.lastResult().byTimeout);
}

TEST_CASE("a recorded match replays to every point") {
  MatchOptions o = modern(5);
  o.clock = true;
  Match m(o);
  Rng rng(11);
  std::vector<std::pair<std::string, std::string>> ids;  // after each event
  for (int steps = 0; m.phase() != Phase::MatchOver; ++steps) {
    REQUIRE(steps < 100000);   // the clock alone ends the match long before
    switch (m.phase()) {
      case Phase::Opening: REQUIRE(m.rollOpening(rng.roll()) == ""); break;
      case Phase::Rolling:
        m.elapse(rng.below(4000));
        if (m.canDouble() && rng.below(20) == 0) REQUIRE(m.offerDouble() == "");
        else REQUIRE(m.roll(rng.roll()) == "");
        break;
      case Phase::Doubled: REQUIRE((rng.below(3) ? m.take() : m.pass()) == ""); break;
      case Phase::Moving: {
        const auto& list = m.legalPlays();
        REQUIRE(m.play(list[rng.below(static_cast<int>(list.size()))]) == "");
        break;
      }
      case Phase::GameOver: REQUIRE(m.nextGame() == ""); break;
      default: FAIL("unexpected phase");
    }
    while (ids.size() < m.record().size()) ids.push_back({m.positionId(), m.matchId()});
  }
  std::string error;
  auto full = Match::replay(o, m.record(), m.record().size(), &error);
  REQUIRE_MESSAGE(full.has_value(), error);
  CHECK(full->matchId() == m.matchId());
  CHECK(full->score(0) == m.score(0));
  CHECK(full->clockBankMs(0) == m.clockBankMs(0));
  for (std::size_t i = 1; i <= m.record().size(); i += 7) {
    auto part = Match::replay(o, m.record(), i, &error);
    REQUIRE(part.has_value());
    CHECK(part->positionId() == ids[i - 1].first);
    CHECK(part->matchId() == ids[i - 1].second);
  }
  Record broken = m.record();
  std::size_t roll = 0;
  while (roll < broken.size() && broken[roll].kind != EventKind::Roll) ++roll;
  REQUIRE(roll < broken.size());
  broken[roll].dice = Dice{9, 9};
  CHECK_FALSE(Match::replay(o, broken, broken.size(), &error).has_value());
  CHECK(error.find("event " + std::to_string(roll + 1)) != std::string::npos);
}
