// Coach mode through the game controller: a person's bad play or cube action is held with
// a warning under modern rules (taken back or made anyway), followed by a lesson under
// touch-move, and a good one goes through; with the coach off nothing is held at all.
//
// The positions are chosen so that the verdicts are not close: the opening 3-1 played
// 8/7 8/5 instead of making the 5 point (8/5 6/5) loses about 0.5 EMG at the coach's
// level, an early double about 0.5 and passing it about 1.7; the threshold is 0.08.
#include <doctest/doctest.h>

#include "engine/json_writer.h"
#include "engine/notation.h"
#include "ui/board_presenter.h"
#include "ui/game_controller.h"

namespace {

struct Dice {
  std::vector<nard::Dice> rolls;
  std::size_t next = 0;
  nard::Dice operator()() { return rolls.at(next++); }
};

// A computer that needs no nets: the first legal play, never a double, always a take.
struct FirstPlay final : app::Computer {
  std::size_t choosePlay(const nard::Match&, const std::string&) override { return 0; }
  bool wantsToDouble(const nard::Match&, const std::string&) override { return false; }
  Answer answerDouble(const nard::Match&, const std::string&) override { return Answer::Take; }
  bool acceptsResignation(const nard::Match&, const std::string&) override { return false; }
};

struct Table {
  Dice dice;
  ui::GameController g{[this] { return dice(); }};
  view::Layout layout;
  double now = 0;

  Table(nard::Rules rules, int length, std::vector<nard::Dice> rolls, bool computerSecond = false, bool clock = false) {
    dice.rolls = std::move(rolls);
    app::SessionSettings s;
    s.match.rules = rules;
    s.match.matchLength = length;
    s.match.beaver = false;   // the take is then the best answer, not a beaver
    s.match.jacoby = false;
    s.match.clock = clock;
    if (computerSecond) s.seats[1] = app::Seat::Computer;
    g.setComputer(std::make_shared<FirstPlay>());
    g.start(s, 0);
    view::LayoutOptions o;
    o.cssWidth = 1100;
    o.cssHeight = 720;
    layout = view::computeLayout(o);
    g.setLayout(layout);
    g.setAnimationSpeed(0);
  }

  // Moves one of the mover's checkers with two taps (a second apart: not a double tap).
  void move(int from, int to) {
    const int player = g.match().onRoll();
    const view::Vec2 a = layout.point[ui::toScreen(g.match(), player, from)].centre();
    const view::Vec2 b = layout.point[ui::toScreen(g.match(), player, to)].centre();
    g.pointerDown(a, now += 1000);
    g.pointerUp(a, now += 10);
    g.pointerDown(b, now += 1000);
    g.pointerUp(b, now += 10);
  }

  // Frames until the coach's verdict is in.
  void settle() {
    for (int i = 0; i < 100000 && g.coachJudging(); ++i) g.update(now += 16);
    REQUIRE_FALSE(g.coachJudging());
  }

  std::string ui() {
    nard::JsonWriter j;
    ui::writeUiJson(j, g.uiState(now));
    return j.str();
  }
};

const std::string kBad = "8/7 8/5", kBest = "8/5 6/5";

}  // namespace

TEST_CASE("coach off: a bad play is confirmed at once, nothing judged or shown") {
  Table t(nard::Rules::Modern, 5, {{3, 1}});
  CHECK_FALSE(t.g.coachOn());
  REQUIRE(t.g.roll() == "");
  t.move(8, 7);
  t.move(8, 5);
  REQUIRE(t.g.match().stagedComplete());
  const std::size_t events = t.g.match().record().size();
  CHECK(t.g.confirm() == "");
  CHECK(t.g.match().record().size() == events + 1);   // committed within the call
  CHECK(t.g.match().phase() == nard::Phase::Rolling);
  CHECK_FALSE(t.g.coachJudging());
  CHECK_FALSE(t.g.coachWarning());
  CHECK(t.ui().find("\"coach\":null") != std::string::npos);
}

TEST_CASE("coach on, modern rules: a bad staged play is held with a warning") {
  Table t(nard::Rules::Modern, 5, {{3, 1}});
  t.g.setCoach(true, 0.08f);
  REQUIRE(t.g.roll() == "");
  const std::string before = t.g.match().positionId();
  const std::size_t events = t.g.match().record().size();
  t.move(8, 7);
  t.move(8, 5);
  REQUIRE(t.g.match().stagedComplete());
  CHECK(t.g.confirm() == "");
  t.settle();
  REQUIRE(t.g.coachWarning());
  const ui::CoachWarning w = *t.g.coachWarning();
  CHECK_FALSE(w.lesson);
  CHECK(w.verdict.action == app::CoachAction::Play);
  CHECK(w.verdict.chosen == kBad);
  CHECK(w.verdict.best == kBest);
  CHECK(w.verdict.error >= 0.16f);
  CHECK(w.verdict.mark == nard::analysis::Mark::VeryBad);
  CHECK(nard::formatPlay(w.verdict.bestPlay) == kBest);
  // Nothing is committed, and nothing else happens until the person answers.
  CHECK(t.g.match().record().size() == events);
  CHECK(t.g.match().phase() == nard::Phase::Moving);
  CHECK(t.g.confirm() != "");
  CHECK(t.g.undo() != "");
  t.move(6, 5);
  CHECK(t.g.match().staged().size() == 2);
  CHECK(t.g.match().record().size() == events);
  const std::string json = t.ui();
  CHECK(json.find("\"coach\":{\"action\":\"play\",\"error\":0.") != std::string::npos);
  CHECK(json.find("\"mark\":\"very bad\",\"chosen\":\"8/7 8/5\",\"best\":\"8/5 6/5\",\"lesson\":false}") !=
        std::string::npos);

  // Taken back: the position before the play, nothing committed; then a good play goes through.
  CHECK(t.g.coachTakeBack() == "");
  CHECK_FALSE(t.g.coachWarning());
  CHECK(t.g.match().staged().empty());
  CHECK(t.g.match().phase() == nard::Phase::Moving);
  CHECK(t.g.match().positionId() == before);
  CHECK(t.g.match().record().size() == events);
  CHECK(t.g.coachTakeBack() != "");   // nothing more to take back
  t.move(8, 5);
  t.move(6, 5);
  CHECK(t.g.confirm() == "");
  t.settle();
  CHECK_FALSE(t.g.coachWarning());
  REQUIRE(t.g.match().record().size() == events + 1);
  CHECK(t.g.match().phase() == nard::Phase::Rolling);
  CHECK(t.g.match().onRoll() == 1);
}

TEST_CASE("coach on: played anyway, the held play is committed as staged") {
  Table t(nard::Rules::Modern, 5, {{3, 1}});
  t.g.setCoach(true, 0.08f);
  REQUIRE(t.g.roll() == "");
  const std::size_t events = t.g.match().record().size();
  t.move(8, 7);
  t.move(8, 5);
  CHECK(t.g.confirm() == "");
  t.settle();
  REQUIRE(t.g.coachWarning());
  CHECK(t.g.coachProceed() == "");
  CHECK_FALSE(t.g.coachWarning());
  REQUIRE(t.g.match().record().size() == events + 1);
  const nard::Event& e = t.g.match().record().back();
  CHECK(e.kind == nard::EventKind::Play);
  CHECK(e.moves[0].from == 8);
  CHECK(e.moves[0].to == 7);
  CHECK(t.g.match().phase() == nard::Phase::Rolling);
  CHECK(t.g.coachProceed() != "");   // nothing more to answer
}

TEST_CASE("coach on: a good play, staged or typed, goes through without a warning") {
  Table t(nard::Rules::Modern, 5, {{3, 1}, {3, 1}});
  t.g.setCoach(true, 0.08f);
  REQUIRE(t.g.roll() == "");
  t.move(8, 5);
  t.move(6, 5);
  CHECK(t.g.confirm() == "");
  t.settle();
  CHECK_FALSE(t.g.coachWarning());
  CHECK(t.g.match().phase() == nard::Phase::Rolling);
  CHECK(t.ui().find("\"coach\":null") != std::string::npos);
  // The other side's answer with the same roll: typed, as the JavaScript API plays.
  REQUIRE(t.g.roll() == "");
  CHECK(t.g.playText(kBest) == "");
  t.settle();
  CHECK_FALSE(t.g.coachWarning());
  CHECK(t.g.match().onRoll() == 0);
}

TEST_CASE("coach on: a bad typed play is held too, and taken back leaves the turn to play") {
  Table t(nard::Rules::Modern, 5, {{3, 1}});
  t.g.setCoach(true, 0.08f);
  REQUIRE(t.g.roll() == "");
  const std::size_t events = t.g.match().record().size();
  CHECK(t.g.playText(kBad) == "");
  t.settle();
  REQUIRE(t.g.coachWarning());
  CHECK(t.g.coachWarning()->verdict.chosen == kBad);
  CHECK(t.g.match().record().size() == events);
  CHECK(t.g.coachTakeBack() == "");
  CHECK(t.g.match().phase() == nard::Phase::Moving);
  CHECK(t.g.match().record().size() == events);
  // Turning the coach off drops nothing made and holds nothing more.
  t.g.setCoach(false, 0.08f);
  CHECK(t.g.playText(kBad) == "");
  CHECK(t.g.match().record().size() == events + 1);
}

TEST_CASE("coach on, traditional rules: the play is made as touch-move says, then the lesson") {
  // One die each (White's 3 beats Black's 1), then White rolls 3-1; Black is the computer.
  Table t(nard::Rules::Traditional, 3, {{3, 1}, {3, 1}, {6, 5}}, true);
  t.g.setCoach(true, 0.08f);
  REQUIRE(t.g.roll() == "");
  REQUIRE(t.g.roll() == "");
  REQUIRE(t.g.match().phase() == nard::Phase::Moving);
  const std::size_t events = t.g.match().record().size();
  t.move(8, 7);
  t.move(8, 5);
  REQUIRE(t.g.match().record().size() == events + 1);   // committed by the last move
  t.settle();
  REQUIRE(t.g.coachWarning());
  const ui::CoachWarning w = *t.g.coachWarning();
  CHECK(w.lesson);
  CHECK(w.verdict.chosen == kBad);
  CHECK(w.verdict.best == kBest);
  CHECK(w.verdict.error >= 0.16f);
  CHECK(t.ui().find("\"lesson\":true") != std::string::npos);
  CHECK(t.g.coachTakeBack() != "");   // touch-move: a play stays played
  REQUIRE(t.g.coachWarning());
  // The computer waits while the lesson is read ...
  for (int i = 0; i < 100; ++i) t.g.update(t.now += 100);
  CHECK(t.g.match().record().size() == events + 1);
  // ... and goes on once it is.
  CHECK(t.g.coachProceed() == "");
  CHECK_FALSE(t.g.coachWarning());
  for (int i = 0; i < 100 && t.g.match().onRoll() == 1; ++i) t.g.update(t.now += 100);
  CHECK(t.g.match().record().size() > events + 1);
}

TEST_CASE("coach on, traditional rules: a good play brings no lesson") {
  Table t(nard::Rules::Traditional, 3, {{3, 1}, {3, 1}});
  t.g.setCoach(true, 0.08f);
  REQUIRE(t.g.roll() == "");
  REQUIRE(t.g.roll() == "");
  t.move(8, 5);
  t.move(6, 5);
  t.settle();
  CHECK_FALSE(t.g.coachWarning());
  CHECK(t.g.match().onRoll() == 1);
}

TEST_CASE("coach on: a bad double and a wrong pass are held; a right take goes through") {
  Table t(nard::Rules::Modern, 0, {{3, 1}});
  t.g.setCoach(true, 0.08f);
  REQUIRE(t.g.roll() == "");
  REQUIRE(t.g.playText(kBest) == "");
  t.settle();
  REQUIRE(t.g.match().phase() == nard::Phase::Rolling);   // Black, behind, may double
  const std::size_t events = t.g.match().record().size();

  CHECK(t.g.offerDouble() == "");
  t.settle();
  REQUIRE(t.g.coachWarning());
  CHECK(t.g.coachWarning()->verdict.action == app::CoachAction::Double);
  CHECK(t.g.coachWarning()->verdict.chosen == "double");
  CHECK(t.g.coachWarning()->verdict.best == "no double");
  CHECK(t.g.coachWarning()->verdict.error >= 0.16f);
  CHECK(t.g.match().record().size() == events);
  CHECK(t.g.coachTakeBack() == "");
  CHECK(t.g.match().phase() == nard::Phase::Rolling);
  CHECK(t.g.match().cubeValue() == 1);
  CHECK(t.g.match().record().size() == events);

  CHECK(t.g.offerDouble() == "");
  t.settle();
  REQUIRE(t.g.coachWarning());
  CHECK(t.g.coachProceed() == "");
  REQUIRE(t.g.match().phase() == nard::Phase::Doubled);

  CHECK(t.g.pass() == "");
  t.settle();
  REQUIRE(t.g.coachWarning());
  CHECK(t.g.coachWarning()->verdict.action == app::CoachAction::Pass);
  CHECK(t.g.coachWarning()->verdict.best == "take");
  CHECK(t.g.coachWarning()->verdict.error >= 0.16f);
  CHECK(t.ui().find("\"action\":\"pass\"") != std::string::npos);
  CHECK(t.g.coachTakeBack() == "");
  CHECK(t.g.match().phase() == nard::Phase::Doubled);

  CHECK(t.g.take() == "");
  t.settle();
  CHECK_FALSE(t.g.coachWarning());
  CHECK(t.g.match().cubeValue() == 2);
  CHECK(t.g.match().phase() == nard::Phase::Rolling);
}

TEST_CASE("coach on: rolling where doubling was right is held as a missed double") {
  // Both sides play their first legal play until the person on roll, rolling, should
  // have doubled by at least the threshold (random play soon gives someone a big lead).
  std::vector<nard::Dice> rolls;
  nard::Rng rng(7);
  for (int i = 0; i < 6000; ++i) rolls.push_back(rng.roll());
  Table t(nard::Rules::Modern, 0, rolls);
  int rollsJudged = 0;
  bool found = false;
  for (int step = 0; step < 3000 && !found; ++step) {
    const nard::Match& m = t.g.match();
    if (ui::over(m.phase())) {
      REQUIRE(t.g.nextGame() == "");
    } else if (m.phase() == nard::Phase::Moving) {
      t.g.setCoach(false, 0.08f);   // the plays are not what this test is about
      REQUIRE(t.g.playText(nard::formatPlay(m.legalPlays().front())) == "");
    } else {
      REQUIRE((m.phase() == nard::Phase::Opening || m.phase() == nard::Phase::Rolling));
      const bool couldDouble = m.canDouble();
      const std::size_t events = m.record().size();
      t.g.setCoach(true, 0.08f);
      REQUIRE(t.g.roll() == "");
      t.settle();
      rollsJudged += couldDouble;
      if (!t.g.coachWarning()) {
        CHECK(t.g.match().record().size() > events);   // rolled at once, or once judged
        continue;
      }
      found = true;
      REQUIRE(couldDouble);
      const app::CoachVerdict v = t.g.coachWarning()->verdict;
      CHECK(v.action == app::CoachAction::Roll);
      CHECK(v.chosen == "no double");
      CHECK(v.best == "double");
      CHECK(v.error >= 0.08f);
      CHECK(t.ui().find("\"coach\":{\"action\":\"no double\"") != std::string::npos);
      CHECK(t.g.match().record().size() == events);   // the dice are not rolled yet
      // Taken back: still to roll, and the double the coach advised goes through unheld.
      CHECK(t.g.coachTakeBack() == "");
      CHECK(t.g.match().phase() == nard::Phase::Rolling);
      CHECK(t.g.offerDouble() == "");
      t.settle();
      CHECK_FALSE(t.g.coachWarning());
      CHECK(t.g.match().phase() == nard::Phase::Doubled);
    }
  }
  CHECK(found);
  CHECK(rollsJudged > 1);   // most rolls were judged and went through without a word
}

TEST_CASE("coach on: the clock stands still while the coach holds a choice") {
  Table t(nard::Rules::Modern, 5, {{3, 1}}, false, /*clock=*/true);
  t.g.setCoach(true, 0.08f);
  REQUIRE(t.g.roll() == "");
  t.move(8, 7);
  t.move(8, 5);
  CHECK(t.g.confirm() == "");
  t.settle();
  REQUIRE(t.g.coachWarning());
  const int mover = t.g.match().onRoll();
  const std::int64_t bank = t.g.match().clockBankMs(mover), delay = t.g.match().clockDelayMs();
  for (int i = 0; i < 10; ++i) t.g.update(t.now += 10000);   // 100 s with the warning open
  CHECK(t.g.match().clockBankMs(mover) == bank);
  CHECK(t.g.match().clockDelayMs() == delay);
  // Answered: the clock runs again for the player who must act.
  CHECK(t.g.coachTakeBack() == "");
  for (int i = 0; i < 3; ++i) t.g.update(t.now += 10000);
  CHECK(t.g.match().clockDelayMs() + t.g.match().clockBankMs(mover) < delay + bank);
}

TEST_CASE("coach task: a forced play is not judged") {
  // Hyper (three checkers), first legal plays, until a roll with a single legal play.
  nard::MatchOptions o;
  o.variant = nard::Variant::Hyper;
  o.matchLength = 0;
  nard::Match m(o);
  nard::Rng rng(3);
  app::CoachTask coach;
  bool forced = false, choice = false;
  for (int i = 0; i < 5000 && !(forced && choice) && !ui::over(m.phase()); ++i) {
    if (m.phase() == nard::Phase::Opening) REQUIRE(m.rollOpening(rng.roll()) == "");
    else if (m.phase() == nard::Phase::Rolling) REQUIRE(m.roll(rng.roll()) == "");
    if (m.phase() != nard::Phase::Moving) continue;
    const nard::Play p = m.legalPlays().front();
    nard::Match staged = m;
    for (std::size_t k = 0; k < p.count; ++k) REQUIRE(staged.stage(p.moves[k].from, p.moves[k].to) == "");
    REQUIRE(staged.stagedComplete());
    const bool started = coach.startPlay(staged);
    CHECK(started == (m.legalPlays().size() > 1));
    CHECK(coach.running() == started);
    (m.legalPlays().size() > 1 ? choice : forced) = true;
    REQUIRE(m.play(p) == "");
  }
  CHECK(forced);
  CHECK(choice);
}
