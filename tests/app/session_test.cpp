// The game session: whole games through it, events, save/load, state JSON, computer seats.
#include <doctest/doctest.h>

#include "app/session.h"
#include "helpers.h"

using namespace app;
using app::test::seeded;
using nard::Phase;

namespace {

// Plays the first legal play, never doubles, always takes, accepts resignations.
struct FirstPlay : Computer {
  std::size_t choosePlay(const nard::Match&, const std::string&) override { return 0; }
  bool wantsToDouble(const nard::Match&, const std::string&) override { return false; }
  Answer answerDouble(const nard::Match&, const std::string&) override { return Answer::Take; }
  bool acceptsResignation(const nard::Match&, const std::string&) override { return true; }
};

// Asks for what the Match may not allow: a double before every roll, a beaver of every
// double, a play beyond the list, and it never accepts a resignation. Counts the questions.
struct Confused : Computer {
  int doubleQuestions = 0;
  std::size_t choosePlay(const nard::Match& m, const std::string&) override { return m.legalPlays().size() + 7; }
  bool wantsToDouble(const nard::Match&, const std::string&) override { return ++doubleQuestions, true; }
  Answer answerDouble(const nard::Match&, const std::string&) override { return Answer::Beaver; }
  bool acceptsResignation(const nard::Match&, const std::string&) override { return false; }
};

// A person who stages the first legal order checker by checker, then confirms.
void humanTurn(Session& s) {
  const nard::Match& m = s.match();
  if (m.phase() == Phase::Opening || m.phase() == Phase::Rolling) {
    REQUIRE(s.roll() == "");
    return;
  }
  REQUIRE(m.phase() == Phase::Moving);
  for (int moves = 0; !m.stagedComplete(); ++moves) {
    REQUIRE(moves < 4);   // a play has at most four moves, and each stage() makes one or more
    auto from = m.movableFrom();
    REQUIRE_FALSE(from.empty());
    auto to = m.destinations(from.front());
    REQUIRE_FALSE(to.empty());
    REQUIRE(s.stage(from.front(), to.front()) == "");
    if (m.phase() != Phase::Moving) return;  // touch-move: the turn ended by itself
  }
  REQUIRE(s.confirm() == "");
}

}  // namespace

TEST_CASE("pass-and-play: a whole match in every variant and rule set, staged checker by checker") {
  for (int vi = 0; vi < nard::kVariantCount; ++vi)
    for (nard::Rules r : {nard::Rules::Modern, nard::Rules::Traditional}) {
      SessionSettings st;
      st.match.variant = static_cast<nard::Variant>(vi);
      st.match.rules = r;
      st.match.matchLength = 3;
      Session s(st, seeded(vi * 2 + int(r)));
      int games = 0, guard = 0;
      bool sawNoMoveOrPlay = false;
      while (s.match().phase() != Phase::MatchOver && ++guard < 20000) {
        if (s.match().phase() == Phase::GameOver) {
          REQUIRE(s.nextGame() == "");
          continue;
        }
        humanTurn(s);
        for (auto& e : s.takeEvents()) {
          sawNoMoveOrPlay |= e.kind == SessionEvent::Kind::Played;
          if (e.kind == SessionEvent::Kind::GameOver) {
            ++games;
            CHECK(e.points >= 1);
          }
        }
      }
      CHECK(s.match().phase() == Phase::MatchOver);
      CHECK(games >= 1);
      CHECK(sawNoMoveOrPlay);
      CHECK(s.match().score(s.match().matchWinner()) >= 3);
    }
}

TEST_CASE("events name the play in notation and announce rolls that cannot be played") {
  SessionSettings st;
  Session s(st, [] { return nard::Dice{3, 1}; });
  auto start = s.takeEvents();
  REQUIRE(start.size() == 1);
  CHECK(start[0].kind == SessionEvent::Kind::GameStarted);
  REQUIRE(s.roll() == "");  // the opening: player 0 rolls 3, player 1 rolls 1
  REQUIRE(s.playText("8/5 6/5") == "");
  auto ev = s.takeEvents();
  REQUIRE(ev.size() == 2);
  CHECK(ev[0].kind == SessionEvent::Kind::OpeningRoll);
  CHECK(ev[1].kind == SessionEvent::Kind::Played);
  CHECK(ev[1].play == "8/5 6/5");
  CHECK(ev[1].player == 0);
}

TEST_CASE("a saved session restores exactly; damaged text is refused") {
  SessionSettings st;
  st.seats = {Seat::Human, Seat::Computer};
  st.levels = {"intermediate", "expert"};
  st.match.clock = true;
  Session s(st, seeded(3));
  s.setComputer(std::make_shared<FirstPlay>());
  for (int i = 0; i < 60 && s.match().phase() != Phase::GameOver; ++i) {
    s.elapse(1500);
    if (s.computerToAct()) REQUIRE(s.computerStep());
    else humanTurn(s);
  }
  std::string text = s.save(), error;
  auto back = Session::load(text, seeded(4), &error);
  REQUIRE_MESSAGE(back.has_value(), error);
  CHECK(back->save() == text);
  CHECK(back->stateJson() == s.stateJson());
  CHECK(back->settings().seats[1] == Seat::Computer);
  CHECK(back->settings().levels[1] == "expert");
  CHECK_FALSE(Session::load("", seeded(1), &error));
  CHECK_FALSE(Session::load("nard-session 1\nseats X H\n", seeded(1), &error));
  CHECK_FALSE(Session::load(text.substr(0, text.size() / 2) + "garbage\n", seeded(1), &error));
}

TEST_CASE("the computer acts only in its own seat, and only legally") {
  SessionSettings st;
  st.seats = {Seat::Computer, Seat::Computer};
  st.match.matchLength = 1;
  Session s(st, seeded(8));
  CHECK(s.computerToAct());  // no computer attached yet: the opening still needs both dice
  s.setComputer(std::make_shared<FirstPlay>());
  int steps = 0;
  while (steps < 100000 && s.computerStep()) ++steps;
  REQUIRE(steps < 100000);   // a one-point match ends long before
  CHECK(steps > 10);
  CHECK(s.match().phase() == Phase::MatchOver);
}

TEST_CASE("a confused computer still acts legally: the bots' rules turn its answers into allowed ones") {
  for (nard::Rules rules : {nard::Rules::Modern, nard::Rules::Traditional}) {
    CAPTURE(int(rules));
    SessionSettings st;
    st.seats = {Seat::Computer, Seat::Computer};
    st.match.rules = rules;
    st.match.matchLength = rules == nard::Rules::Modern ? 0 : 1;  // money: cube and beavers
    Session s(st, seeded(9));
    auto computer = std::make_shared<Confused>();
    s.setComputer(computer);
    int steps = 0, doubles = 0, beavers = 0;
    // Every step must be accepted by the Match: computerStep() is false on a refusal.
    while (steps < 100000 && s.match().phase() != Phase::GameOver && s.match().phase() != Phase::MatchOver) {
      REQUIRE(s.computerStep());
      ++steps;
      for (const auto& e : s.takeEvents()) {
        doubles += e.kind == SessionEvent::Kind::Doubled;
        beavers += e.kind == SessionEvent::Kind::Beavered;
      }
      REQUIRE(s.match().checkInvariants() == "");
    }
    CHECK(steps < 100000);
    if (rules == nard::Rules::Traditional) {
      CHECK(computer->doubleQuestions == 0);  // no cube: never asked
    } else {
      CHECK(doubles > 0);
      CHECK(beavers > 0);
      CHECK(s.match().cubeValue() <= s.match().policy().maxCube);
      CHECK(doubles == computer->doubleQuestions);  // asked only when a double was allowed
    }
  }
}

TEST_CASE("state JSON carries what an embedding page and the tests read") {
  SessionSettings st;
  Session s(st, seeded(5));
  std::string j = s.stateJson();
  for (const char* key : {"\"variant\":\"standard\"", "\"rules\":\"modern\"", "\"phase\":\"opening\"",
                          "\"positionId\":\"4HPwATDgc/ABMA\"", "\"matchId\":", "\"score\":[0,0]",
                          "\"matchLength\":5", "\"cube\":{\"value\":1", "\"legalPlays\":[]", "\"winner\":-1"})
    CHECK_MESSAGE(j.find(key) != std::string::npos, key << " in " << j);
}
