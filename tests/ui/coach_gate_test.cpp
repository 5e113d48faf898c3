// The coach's gate alone (src/ui/coach_gate.h), without a controller: which choices it
// hands back, keeps with a warning, drops or follows with a lesson. The play judged is
// the one of coach_test.cpp: the opening 3-1 played 8/7 8/5 loses about 0.5 EMG against
// 8/5 6/5, far from the threshold of 0.08 either way.
#include <doctest/doctest.h>

#include "ui/coach_gate.h"

namespace {

constexpr double kSliceMs = 8;
constexpr float kThreshold = 0.08f;

// The match after the opening 3-1, with `play` staged (modern rules: not yet confirmed).
nard::Match staged(const std::vector<std::pair<int, int>>& play) {
  nard::MatchOptions o;
  o.beaver = false;
  o.jacoby = false;
  nard::Match m(o);
  REQUIRE(m.rollOpening({3, 1}) == "");
  for (auto [from, to] : play) REQUIRE(m.stage(from, to) == "");
  REQUIRE(m.stagedComplete());
  return m;
}
const std::vector<std::pair<int, int>> kBad{{8, 7}, {8, 5}}, kBest{{8, 5}, {6, 5}};

// A choice that counts how often it is made.
struct Counted {
  int made = 0;
  ui::CoachGate::Choice choice() {
    return [this] { return ++made, std::string(); };
  }
};

// Holds `c` for the staged play of m and works until the verdict: the choice handed
// back, if any.
ui::CoachGate::Choice judge(ui::CoachGate& gate, const nard::Match& m, Counted& c) {
  REQUIRE(gate.judge().startPlay(m));
  ui::CoachGate::Choice back = gate.hold(c.choice(), "key", kSliceMs);
  for (int i = 0; !back && gate.judging(); ++i) {
    REQUIRE(gate.holds());
    REQUIRE(gate.busy());
    REQUIRE(i < 100000);
    back = gate.step(kSliceMs);
  }
  CHECK_FALSE(gate.judging());
  return back;
}

// A gate holding the bad play under a warning.
struct Warned {
  ui::CoachGate gate;
  Counted c;
  Warned() {
    gate.set(true, kThreshold);
    REQUIRE_FALSE(judge(gate, staged(kBad), c));
    REQUIRE(gate.warning());
  }
};

// The lesson after `play` is confirmed, judged to the end.
void lessonAfter(ui::CoachGate& gate, const std::vector<std::pair<int, int>>& play) {
  nard::Match m = staged(play);
  REQUIRE(m.confirm() == "");
  std::size_t event = m.record().size();
  while (m.record()[--event].kind != nard::EventKind::Play) {
  }
  gate.lesson(m, event, kSliceMs);
  for (int i = 0; gate.judging(); ++i) {
    REQUIRE(i < 100000);
    CHECK_FALSE(gate.step(kSliceMs));   // nothing is held: nothing to hand back
  }
  CHECK_FALSE(gate.holds());
}

}  // namespace

TEST_CASE("coach gate: a choice below the threshold is handed back once") {
  ui::CoachGate gate;
  gate.set(true, kThreshold);
  const nard::Match m = staged(kBest);
  Counted c;
  const ui::CoachGate::Choice back = judge(gate, m, c);
  REQUIRE(back);
  CHECK(c.made == 0);   // the gate only decides: the caller makes it
  CHECK(back() == "");
  CHECK(c.made == 1);
  CHECK_FALSE(gate.holds());
  CHECK_FALSE(gate.warning());
  CHECK_FALSE(gate.busy());
  CHECK_FALSE(gate.step(kSliceMs));   // nothing left to hand back
}

TEST_CASE("coach gate: at or above the threshold the choice is kept with a warning; play anyway") {
  Warned w;
  CHECK_FALSE(w.gate.warning()->lesson);
  CHECK(w.gate.warning()->verdict.action == app::CoachAction::Play);
  CHECK(w.gate.warning()->verdict.chosen == "8/7 8/5");
  CHECK(w.gate.holds());
  CHECK(w.gate.busy());
  CHECK(w.gate.heldKey() == "key");
  std::string error = "x";
  const ui::CoachGate::Choice back = w.gate.proceed("key", &error);
  CHECK(error == "");
  REQUIRE(back);
  back();
  CHECK(w.c.made == 1);
  CHECK_FALSE(w.gate.holds());
  CHECK_FALSE(w.gate.warning());
}

TEST_CASE("coach gate: taken back, the choice is dropped unmade") {
  Warned w;
  CHECK(w.gate.takeBack() == "");
  CHECK_FALSE(w.gate.holds());
  CHECK_FALSE(w.gate.warning());
  CHECK_FALSE(w.gate.busy());
  CHECK(w.gate.takeBack() == "the coach has nothing to take back");
  std::string error;
  CHECK_FALSE(w.gate.proceed("key", &error));
  CHECK(error == "the coach has nothing to go on with");
  CHECK(w.c.made == 0);
}

TEST_CASE("coach gate: a warning answered in another state drops the choice") {
  Warned w;
  std::string error;
  CHECK_FALSE(w.gate.proceed("another key", &error));
  CHECK(error == "the game has moved on");
  CHECK_FALSE(w.gate.holds());
  CHECK_FALSE(w.gate.warning());
  CHECK(w.c.made == 0);
}

TEST_CASE("coach gate: switched off, a held choice is dropped, not made") {
  Warned w;
  w.gate.set(true, 0.5f);   // a new threshold alone changes nothing held
  CHECK(w.gate.holds());
  w.gate.set(false, kThreshold);
  CHECK_FALSE(w.gate.on());
  CHECK_FALSE(w.gate.holds());
  CHECK_FALSE(w.gate.warning());
  CHECK(w.c.made == 0);
}

TEST_CASE("coach gate: before the verdict there is nothing to answer") {
  ui::CoachGate gate;
  gate.set(true, kThreshold);
  const nard::Match m = staged(kBad);
  REQUIRE(gate.judge().startPlay(m));
  Counted c;
  // No time to judge: the choice waits for its verdict.
  CHECK_FALSE(gate.hold(c.choice(), "key", 0));
  REQUIRE(gate.judging());
  CHECK(gate.holds());
  CHECK(gate.takeBack() == "the coach has nothing to take back");
  std::string error;
  CHECK_FALSE(gate.proceed("key", &error));
  CHECK(error == "the coach has nothing to go on with");
  CHECK(gate.holds());
  gate.reset();
  CHECK_FALSE(gate.judging());
  CHECK_FALSE(gate.busy());
  CHECK(c.made == 0);
}

TEST_CASE("coach gate: the lesson after a committed play, only when it lost the threshold") {
  ui::CoachGate gate;
  gate.set(true, kThreshold);
  lessonAfter(gate, kBest);
  CHECK_FALSE(gate.warning());

  lessonAfter(gate, kBad);
  REQUIRE(gate.warning());
  CHECK(gate.warning()->lesson);
  CHECK(gate.busy());   // the computer waits while it is read
  CHECK(gate.takeBack() == "touch-move: under traditional rules a moved checker stays moved");
  CHECK(gate.warning());
  std::string error = "x";
  CHECK_FALSE(gate.proceed("any", &error));   // "OK"
  CHECK(error == "");
  CHECK_FALSE(gate.warning());
}

TEST_CASE("coach gate: a lesson shown goes away with the next action or choice") {
  ui::CoachGate gate;
  gate.set(true, kThreshold);
  lessonAfter(gate, kBad);
  REQUIRE(gate.warning());
  gate.dismissLesson();
  CHECK_FALSE(gate.warning());
  CHECK_FALSE(gate.busy());

  lessonAfter(gate, kBad);
  REQUIRE(gate.warning());
  Counted c;
  CHECK(judge(gate, staged(kBest), c));   // the new choice is judged on its own
  CHECK_FALSE(gate.warning());
}
