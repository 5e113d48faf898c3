#include "ui/game_controller.h"

#include <algorithm>
#include <chrono>

#include "app/ai_computer.h"
#include "engine/json_writer.h"
#include "ui/board_presenter.h"
#include "ui/preferences.h"

namespace ui {
namespace {

constexpr double kRollMs = 420;          // dice tumbling
constexpr double kNoMoveHoldMs = 1100;   // an unplayable roll stays in view this long
constexpr double kComputerPauseMs = 450; // between the computer's actions, so they read
constexpr double kThinkSliceMs = 8;      // of AI work per frame: frames stay well under 50 ms
constexpr const char* kAnswerCoach = "answer the coach first: take it back or play anyway";

}  // namespace

void GameController::setComputer(std::shared_ptr<app::Computer> c) {
  computer_ = std::move(c);
  if (session_) session_->setComputer(computer_);
}

void GameController::start(const app::SessionSettings& settings, double now) {
  session_.emplace(settings, dice_);
  session_->setComputer(computer_);
  input_.reset();
  choreo_.cancel();
  recordSeen_ = stagedShown_ = 0;
  now_ = now;
  nextComputerAt_ = now + kComputerPauseMs;
  lastClock_ = -1;
  notice_.clear();
  resetCoach();
  for (auto& e : session_->takeEvents()) events_.push_back(e);
  saveNeeded_ = true;
}

bool GameController::restore(std::string_view saved, std::string* error, double now) {
  auto s = app::Session::load(saved, dice_, error);
  if (!s) return false;
  session_.emplace(std::move(*s));
  session_->setComputer(computer_);
  input_.reset();
  choreo_.cancel();
  recordSeen_ = match().record().size();
  stagedShown_ = match().staged().size();
  now_ = now;
  nextComputerAt_ = now + kComputerPauseMs;
  lastClock_ = -1;
  notice_.clear();
  resetCoach();
  return true;
}

std::string GameController::act(const std::function<std::string()>& action, bool animateStaged) {
  if (!session_) return "no game is running";
  if (coachHolds()) return notice_ = kAnswerCoach;
  if (coachWarning_) coachWarning_.reset();   // a lesson read: the game goes on
  const view::BoardView before = presentBoard(match());
  std::string err = action();
  notice_ = err;
  if (err.empty()) afterChange(before, animateStaged);
  return err;
}

// Turns what just happened into animations and events: dice tumble for each roll, and
// checkers fly for moves not yet on the screen (a dropped checker is already there).
void GameController::afterChange(const view::BoardView& before, bool animateStaged) {
  const nard::Match& m = match();
  const double ms = msPerMove(animationSpeed_);
  std::vector<CheckerFlight> flights;
  auto addMoves = [&](int player, const nard::Move* moves, std::size_t n, std::size_t skip) {
    for (std::size_t i = skip; i < n; ++i)
      flights.push_back({screenSide(player), toScreen(m, player, moves[i].from), toScreen(m, player, moves[i].to)});
  };

  const nard::Record& r = m.record();
  bool rolled = false;
  std::optional<std::size_t> lesson;  // a person's play touch-move has committed
  for (std::size_t i = recordSeen_; i < r.size(); ++i) {
    const nard::Event& e = r[i];
    if (e.kind == nard::EventKind::Play) {
      if (coachOn_ && m.policy().touchMove && session_->settings().seats[e.player] == app::Seat::Human) lesson = i;
      addMoves(e.player, e.moves.data(), e.count, std::min<std::size_t>(stagedShown_, e.count));
      stagedShown_ = 0;
    } else if (e.kind == nard::EventKind::Roll || e.kind == nard::EventKind::OpeningRoll) {
      const bool playable = m.phase() == nard::Phase::Moving && i + 1 == r.size();
      const int owner = e.kind == nard::EventKind::Roll ? e.player : m.onRoll();
      if (ms > 0)
        choreo_.animateRoll(screenSide(owner), e.dice.a, e.dice.b, now_, kRollMs, playable ? 0 : kNoMoveHoldMs);
      rolled = true;
    }
  }
  recordSeen_ = r.size();
  // Moves staged one by one (a tap, a double tap) fly from where they were.
  if (m.phase() == nard::Phase::Moving && m.staged().size() > stagedShown_) {
    if (animateStaged) addMoves(m.onRoll(), m.staged().data(), m.staged().size(), stagedShown_);
    stagedShown_ = m.staged().size();
  } else if (m.phase() == nard::Phase::Moving) {
    stagedShown_ = m.staged().size();   // undo: the board snaps back
  }
  if (!flights.empty() && ms > 0) choreo_.animateMoves(before, std::move(flights), now_, ms);
  (void)rolled;

  for (auto& e : session_->takeEvents()) events_.push_back(e);
  saveNeeded_ = true;
  input_.reset();
  nextComputerAt_ = now_ + kComputerPauseMs;
  if (lesson && coach_.startRecorded(m, *lesson)) {
    coach_.step(kThinkSliceMs);
    resolveCoach();
  }
}

std::string GameController::roll() {
  // Rolling where the cube could be turned is the decision not to double: the coach
  // judges it like a double (a missed double is the commonest cube error).
  if (session_ && match().canDouble())
    return coached([&] { return coach_.startCube(match(), app::CoachAction::Roll); }, [this] { return session_->roll(); });
  return act([&] { return session_->roll(); });
}
std::string GameController::rollManual(int a, int b) {
  if (a < 1 || a > 6 || b < 1 || b > 6) return "each die must be 1-6";
  return act([&] { return session_->rollManual({static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)}); });
}
std::string GameController::confirm() {
  return coached([&] { return coach_.startPlay(match()); }, [this] { return session_->confirm(); });
}
std::string GameController::undo() { return act([&] { return session_->undo(); }); }
std::string GameController::offerDouble() {
  return coached([&] { return coach_.startCube(match(), app::CoachAction::Double); },
                 [this] { return session_->offerDouble(); });
}
std::string GameController::take() {
  return coached([&] { return coach_.startCube(match(), app::CoachAction::Take); }, [this] { return session_->take(); });
}
std::string GameController::pass() {
  return coached([&] { return coach_.startCube(match(), app::CoachAction::Pass); }, [this] { return session_->pass(); });
}
std::string GameController::beaver() {
  return coached([&] { return coach_.startCube(match(), app::CoachAction::Beaver); },
                 [this] { return session_->beaver(); });
}
std::string GameController::resign(nard::ResultKind k) { return act([&] { return session_->resign(k); }); }
std::string GameController::acceptResignation() { return act([&] { return session_->acceptResignation(); }); }
std::string GameController::rejectResignation() { return act([&] { return session_->rejectResignation(); }); }
std::string GameController::nextGame() { return act([&] { return session_->nextGame(); }); }
std::string GameController::playText(std::string_view text) {
  return coached([&] { return coach_.startPlayText(match(), text); },
                 [this, t = std::string(text)] { return session_->playText(t); });
}

// ---- coach mode ------------------------------------------------------------------------

void GameController::setCoach(bool on, float threshold) {
  coach_.setThreshold(threshold);
  if (on == coachOn_) return;
  coachOn_ = on;
  if (!on) resetCoach();   // a held choice is dropped, not made: the person may choose again
}

void GameController::resetCoach() {
  coach_.cancel();
  coachCommit_ = nullptr;
  coachWarning_.reset();
}

std::string GameController::coached(const std::function<bool()>& start, std::function<std::string()> commit) {
  if (!session_) return "no game is running";
  if (coachHolds()) return notice_ = kAnswerCoach;
  // Under touch-move the play is made as it is staged: its lesson follows (afterChange).
  if (!coachOn_ || !humanMustAct() || match().policy().touchMove || !start()) return act(commit);
  if (coachWarning_) coachWarning_.reset();
  coachCommit_ = std::move(commit);
  coachKey_ = app::hintKey(match());
  notice_.clear();
  input_.reset();
  coach_.step(kThinkSliceMs);   // often the verdict is ready at once, and the choice feels immediate
  resolveCoach();
  return {};
}

// Once the verdict is ready: a held choice is made, or kept with a warning; a lesson shows
// only when the play lost at least the threshold.
void GameController::resolveCoach() {
  if (!coach_.ready()) return;
  const app::CoachVerdict v = coach_.verdict();
  coach_.cancel();
  if (!coachCommit_) {
    if (v.warn) coachWarning_ = CoachWarning{v, true};
    return;
  }
  if (v.warn) coachWarning_ = CoachWarning{v, false};
  else commitHeld();
}

std::string GameController::commitHeld() {
  const std::function<std::string()> commit = std::move(coachCommit_);
  coachCommit_ = nullptr;
  coachWarning_.reset();
  return act(commit);
}

std::string GameController::coachTakeBack() {
  if (!coachWarning_) return "the coach has nothing to take back";
  if (coachWarning_->lesson) return "touch-move: under traditional rules a moved checker stays moved";
  coachCommit_ = nullptr;
  coachWarning_.reset();
  notice_.clear();
  if (match().phase() != nard::Phase::Moving || match().staged().empty()) return {};
  return act([&] {
    std::string err;
    while (!match().staged().empty() && (err = session_->undo()).empty()) {
    }
    return err;
  });
}

std::string GameController::coachProceed() {
  if (!coachWarning_) return "the coach has nothing to go on with";
  if (coachWarning_->lesson || !coachCommit_) {
    coachWarning_.reset();
    return {};
  }
  if (coachKey_ != app::hintKey(match())) {
    resetCoach();
    return "the game has moved on";
  }
  return commitHeld();
}

void GameController::requestHint() {
  if (session_ && humanMustAct()) hint_.start(match());   // the plays, or the cube before a roll or an answer
}

std::optional<app::CubeHint> GameController::cubeHint() const {
  if (!session_ || !hint_.ready() || hint_.stateKey() != app::hintKey(match())) return std::nullopt;
  return hint_.cube();
}

std::vector<app::HintLine> GameController::hintLines() const {
  if (!session_ || !hint_.ready() || hint_.stateKey() != app::hintKey(match())) return {};
  return hint_.lines();
}

int GameController::humanToMove() const {
  if (!session_) return -1;
  const nard::Match& m = match();
  if (m.phase() != nard::Phase::Moving) return -1;
  return session_->settings().seats[m.onRoll()] == app::Seat::Human ? m.onRoll() : -1;
}

bool GameController::humanMustAct() const {
  if (!session_) return false;
  const nard::Match& m = match();
  if (over(m.phase())) return false;
  if (m.phase() == nard::Phase::Opening) return !session_->computerToAct();
  return session_->settings().seats[m.turn()] == app::Seat::Human;
}

void GameController::pointerDown(view::Vec2 p, double now) {
  if (!session_ || choreo_.busy(now) || coachHolds()) return;
  input_.pointerDown(match(), humanToMove(), layout_, p, now);
}

void GameController::pointerMove(view::Vec2 p) { input_.pointerMove(p); }

void GameController::pointerUp(view::Vec2 p, double now) {
  if (!session_) return;
  now_ = now;
  const int player = humanToMove();
  input_.pointerUp(match(), player, layout_, p, now, [&](int from, int to, bool dropped) {
    const int f = toOwn(match(), player, from), t = toOwn(match(), player, to);
    if (f < 0 || t < 0) return std::string("not a place to move to");
    return act([&] { return session_->stage(f, t); }, !dropped);
  });
  if (!input_.lastError().empty()) notice_ = input_.lastError();
}

void GameController::update(double now) {
  now_ = now;
  if (!session_) return;
  const nard::Match& m = match();
  // The clock runs for whoever must act, from the first frame after each action; not
  // while the coach holds a choice (judging it, or warning about it).
  if (m.policy().clock && !over(m.phase()) && m.phase() != nard::Phase::Opening && !coachHolds()) {
    if (lastClock_ >= 0 && now > lastClock_) {
      session_->elapse(static_cast<std::int64_t>(now - lastClock_));
      for (auto& e : session_->takeEvents()) { events_.push_back(e); saveNeeded_ = true; }
    }
    lastClock_ = now;
  } else {
    lastClock_ = -1;
  }
  if (coachHolds() && coachKey_ != app::hintKey(m)) resetCoach();   // the clock ended the game meanwhile
  if (coach_.running()) {
    coach_.step(kThinkSliceMs);
    resolveCoach();
  } else if (hint_.running()) {
    hint_.step(kThinkSliceMs);
  } else if (!session_->computerToAct() && !choreo_.busy(now)) {
    // Quiet frames build the AI's databases (bear-off, Hyper race) a slice at a time, so
    // that neither the computer's first decision nor the first hint has to wait for them.
    app::AiComputer::prepare(kThinkSliceMs);
  }
  // The computer thinks a slice per frame (the page has one thread and must keep
  // drawing), once the last animation has played and a short pause has passed, and
  // waits while the coach has a lesson to give.
  thinking_ = false;
  const bool coachBusy = coach_.running() || coachWarning_ || coachHolds();
  if (session_->computerToAct() && !coachBusy && !choreo_.busy(now) && now >= nextComputerAt_) {
    const view::BoardView before = presentBoard(m);
    const auto t0 = std::chrono::steady_clock::now();
    const bool acted = session_->computerThink(kThinkSliceMs);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    longestThinkMs_ = std::max(longestThinkMs_, ms);   // for the benchmark (state().ui)
    if (acted) {
      notice_.clear();
      afterChange(before, true);
    } else {
      thinking_ = true;
    }
  }
}

view::BoardView GameController::view(double now, bool highlights) const {
  if (!session_) return {};
  view::BoardView settled = presentBoard(match());
  const int player = humanToMove();
  if (player >= 0 && !choreo_.busy(now)) {
    if (highlights) addHighlights(match(), player, input_.selected(), settled);
    else settled.highlightSide = screenSide(player);
    if (input_.dragging()) {
      liftChecker(settled, screenSide(player), input_.selected());
      const view::Vec2 p = input_.dragPoint();
      settled.floating.push_back({p.x, p.y, screenSide(player)});
    }
  }
  return choreo_.frame(settled, layout_, now);
}

void GameController::writeUi(nard::JsonWriter& j, double now) const {
  view::BoardView v;
  const int player = humanToMove();
  if (session_ && player >= 0) addHighlights(match(), player, input_.selected(), v);
  auto spots = [&j](const view::SpotSet& set) {
    j.beginArray();
    for (int i = 1; i < static_cast<int>(set.size()); ++i)
      if (set.test(i)) j.value(i);
    j.endArray();
  };
  j.beginObject();
  j.key("humanToMove").value(player);
  j.key("movable");
  spots(v.movable);
  j.key("selected").value(v.selected);
  j.key("destinations");
  spots(v.destinations);
  j.key("animating").value(choreo_.busy(now));
  j.key("thinking").value(thinking_);
  j.key("longestThinkMs").value(static_cast<int>(longestThinkMs_));
  j.key("hint").beginArray();
  for (const app::HintLine& h : hintLines()) {
    j.beginObject().key("play").value(h.play);
    j.key("equity").value(h.equity, 6).key("win").value(h.chances.win, 6).endObject();
  }
  j.endArray();
  j.key("cubeHint");
  if (const auto c = cubeHint()) {
    const nard::ai::CubeDecision& d = c->decision;
    j.beginObject().key("noDouble").value(d.noDouble, 6).key("doubleTake").value(d.doubleTake, 6);
    j.key("doublePass").value(d.doublePass, 6).key("match").value(d.match).key("answering").value(c->answering);
    j.key("action").value(nard::ai::describe(d)).endObject();
  } else {
    j.null();
  }
  j.key("coachJudging").value(coach_.running());
  j.key("coach");
  if (coachWarning_) {
    const app::CoachVerdict& c = coachWarning_->verdict;
    j.beginObject().key("action").value(app::coachActionKey(c.action)).key("error").value(c.error, 6);
    j.key("mark").value(nard::analysis::markKey(c.mark)).key("chosen").value(c.chosen).key("best").value(c.best);
    j.key("lesson").value(coachWarning_->lesson).endObject();
  } else {
    j.null();
  }
  j.endObject();
}

std::vector<app::SessionEvent> GameController::takeEvents() {
  std::vector<app::SessionEvent> out;
  out.swap(events_);
  return out;
}

bool GameController::takeSaveNeeded() {
  bool s = saveNeeded_;
  saveNeeded_ = false;
  return s;
}

}  // namespace ui
