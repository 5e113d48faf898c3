// The AI as the session's computer: whole games between two computer seats in every
// variant and rule set, legal plays only, cube actions only where the Match allows them,
// the same game whether it thinks in one go or a slice per frame, and resignations.
#include <doctest/doctest.h>

#include "../ai/fake_evaluator.h"
#include "app/ai_computer.h"
#include "engine/notation.h"
#include "helpers.h"

using namespace app;
using app::test::seeded;
using nard::Phase;

namespace {

// Wraps the AI and checks every call against what the Match allows at that moment.
struct Checked : Computer {
  explicit Checked(nard::ai::Evaluator* judge = nullptr) : ai(3, judge) {}
  AiComputer ai;
  int plays = 0, doubles = 0, answers = 0;
  std::size_t choosePlay(const nard::Match& m, const std::string& level) override {
    REQUIRE(m.phase() == Phase::Moving);
    std::size_t i = ai.choosePlay(m, level);
    CHECK(i < m.legalPlays().size());
    ++plays;
    return i;
  }
  bool wantsToDouble(const nard::Match& m, const std::string& level) override {
    bool yes = ai.wantsToDouble(m, level);
    if (yes) {
      CHECK(m.canDouble());
      ++doubles;
    }
    return yes;
  }
  Answer answerDouble(const nard::Match& m, const std::string& level) override {
    REQUIRE((m.phase() == Phase::Doubled || m.phase() == Phase::Beavered));
    Answer a = ai.answerDouble(m, level);
    if (a == Answer::Beaver) CHECK(m.canBeaver());
    ++answers;
    return a;
  }
  bool acceptsResignation(const nard::Match& m, const std::string& level) override {
    return ai.acceptsResignation(m, level);
  }
};

}  // namespace

TEST_CASE("two computer seats play whole matches in every variant and rule set") {
  // On the fake evaluator (tests/ai/fake_evaluator.h): what is checked is what the Match
  // allows, whoever judges; the nets' own games are checked by ai_soak.
  test_fake::PipEvaluator fake;
  int cubeActions = 0;
  for (int vi = 0; vi < nard::kVariantCount; ++vi)
    for (nard::Rules r : {nard::Rules::Modern, nard::Rules::Traditional})
      for (int length : {0, 3}) {  // money play (modern only, else skipped), a 3-point match
        SessionSettings st;
        st.match.variant = static_cast<nard::Variant>(vi);
        st.match.rules = r;
        st.match.matchLength = length;
        if (!nard::Match::validate(st.match).empty()) continue;
        st.seats = {Seat::Computer, Seat::Computer};
        st.levels = {"beginner", "intermediate"};
        CAPTURE(vi);
        CAPTURE(int(r));
        CAPTURE(length);
        Session s(st, seeded(40 + vi * 4 + int(r) * 2 + length));
        auto computer = std::make_shared<Checked>(&fake);
        s.setComputer(computer);
        bool cube = s.match().policy().cube;
        int games = 0, doubled = 0;
        for (int step = 0; step < 20000 && games < 3 && s.match().phase() != Phase::MatchOver; ++step) {
          if (s.match().phase() == Phase::GameOver) {
            REQUIRE(s.nextGame() == "");
            continue;
          }
          REQUIRE(s.computerToAct());
          REQUIRE(s.computerStep());
          REQUIRE(s.match().checkInvariants() == "");
          for (const auto& e : s.takeEvents()) {
            games += e.kind == SessionEvent::Kind::GameOver;
            doubled += e.kind == SessionEvent::Kind::Doubled;
          }
        }
        CHECK(games >= 1);
        CHECK(computer->plays > 10);
        if (!cube) CHECK(doubled + computer->doubles + computer->answers == 0);  // traditional, Long Nard
        CHECK(doubled == computer->doubles);
        cubeActions += computer->doubles + computer->answers;
      }
  MESSAGE(cubeActions);
  CHECK(cubeActions > 0);  // the cube was used where there is one
}

TEST_CASE("no cube decision is ever asked for or offered without a cube") {
  AiComputer ai;
  for (nard::Variant v : {nard::Variant::Standard, nard::Variant::Hyper, nard::Variant::LongNard}) {
    nard::MatchOptions o;
    o.variant = v;
    o.rules = v == nard::Variant::LongNard ? nard::Rules::Modern : nard::Rules::Traditional;
    nard::Match m(o);
    REQUIRE(m.rollOpening(nard::Dice{5, 2}) == "");
    CHECK_FALSE(m.policy().cube);
    CHECK_FALSE(ai.wantsToDouble(m, "expert"));
  }
}

TEST_CASE("thinking a slice per frame gives the same match as thinking in one go") {
  // The levels' searches on the fake evaluator (tests/ai/fake_evaluator.h): the slicing is
  // the same whoever judges the plays, and the fake makes an expert's 2-ply cheap.
  test_fake::PipEvaluator fake;
  struct Case {
    nard::Variant variant;
    const char* level;
    int length;
  };
  for (Case c : {Case{nard::Variant::Hyper, "expert", 0}, Case{nard::Variant::Standard, "intermediate", 3},
                 Case{nard::Variant::LongNard, "advanced", 1}, Case{nard::Variant::Nackgammon, "beginner", 0}}) {
    CAPTURE(int(c.variant));
    SessionSettings st;
    st.match.variant = c.variant;
    st.match.matchLength = c.length;
    st.seats = {Seat::Computer, Seat::Computer};
    st.levels = {c.level, c.level};
    Session oneGo(st, seeded(77)), sliced(st, seeded(77));
    oneGo.setComputer(std::make_shared<AiComputer>(9, &fake));
    sliced.setComputer(std::make_shared<AiComputer>(9, &fake));
    int frames = 0, actions = 0, games = 0;
    for (int step = 0; step < 4000 && oneGo.match().phase() != Phase::MatchOver; ++step) {
      if (oneGo.match().phase() == Phase::GameOver) {
        if (++games == 2) break;  // money play goes on for ever
        REQUIRE(oneGo.nextGame() == "");
        REQUIRE(sliced.nextGame() == "");
        continue;
      }
      REQUIRE(oneGo.computerStep());
      // Budget 0: one unit of work per frame, the finest slicing there is.
      int guard = 0;
      while (!sliced.computerThink(0.0) && ++guard < 10000000) ++frames;
      REQUIRE(guard < 10000000);
      ++actions;
      REQUIRE(sliced.match().record().size() == oneGo.match().record().size());
    }
    CHECK((oneGo.match().phase() == Phase::MatchOver || games == 2));
    CHECK(sliced.save() == oneGo.save());
    CHECK(frames > actions);  // it did think in slices
  }
}

TEST_CASE("a resignation is accepted when it gives at least what the game is worth") {
  SessionSettings st;
  st.match.matchLength = 0;
  st.match.jacoby = false;  // gammons count: a single is not always enough
  st.seats = {Seat::Human, Seat::Computer};
  st.levels = {"intermediate", "advanced"};
  Session s(st, seeded(5));
  s.setComputer(std::make_shared<AiComputer>(1));
  REQUIRE(s.roll() == "");
  // At the start nothing is decided: any resignation gives the computer more than the game.
  int guard = 0;
  while ((s.match().turn() != 0 || s.match().phase() != Phase::Rolling) && ++guard < 1000) {
    if (s.computerToAct()) REQUIRE(s.computerStep());
    else if (s.match().phase() == Phase::Doubled) REQUIRE(s.take() == "");
    else REQUIRE(s.playText(nard::formatPlay(s.match().legalPlays().front())) == "");
  }
  REQUIRE(guard < 1000);
  REQUIRE(s.resign(nard::ResultKind::Single) == "");
  REQUIRE(s.computerStep());
  CHECK(s.match().phase() == Phase::GameOver);

  // A person who always makes the worst play: the computer soon expects a gammon and
  // refuses a single, but takes a backgammon (the most a game can give).
  REQUIRE(s.nextGame() == "");
  nard::ai::NetPlayer judge(s.match().policy(), nard::ai::findLevel("advanced")->settings, 1);
  bool refused = false;
  for (int step = 0; step < 3000 && !refused && s.match().phase() != Phase::GameOver; ++step) {
    const nard::Match& m = s.match();
    if (s.computerToAct()) {
      REQUIRE(s.computerStep());
    } else if (m.phase() == Phase::Moving) {
      auto ranked = judge.search().rank(m.legalPlays(), {0, 0.f});
      REQUIRE(s.playText(nard::formatPlay(m.legalPlays()[ranked.back().index])) == "");
    } else if (m.phase() == Phase::Opening) {
      REQUIRE(s.roll() == "");
    } else if (m.phase() == Phase::Rolling) {
      nard::ai::Probabilities p = nard::ai::cubelessOnRoll(judge, m.position());
      if (p.loseGammon > 0.7f) {
        REQUIRE(s.resign(nard::ResultKind::Single) == "");
        REQUIRE(s.computerStep());
        CHECK(s.match().phase() == Phase::Rolling);  // refused: play on
        refused = true;
        REQUIRE(s.resign(nard::ResultKind::Backgammon) == "");
        REQUIRE(s.computerStep());
        CHECK(s.match().phase() == Phase::GameOver);
      } else {
        REQUIRE(s.roll() == "");
      }
    } else {
      REQUIRE(s.take() == "");
    }
  }
  CHECK(refused);
}
