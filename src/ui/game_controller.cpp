#include "ui/game_controller.h"

#include <algorithm>
#include <chrono>

#include "app/ai_computer.h"
#include "ui/board_presenter.h"
#include "ui/preferences.h"

namespace ui {
namespace {

constexpr double kRollMs = 420;          // dice tumbling
constexpr double kNoMoveHoldMs = 1100;   // an unplayable roll stays in view this long
constexpr double kComputerPauseMs = 450; // between the computer's actions, so they read
constexpr double kThinkSliceMs = 8;      // of AI work per frame: frames stay well under 50 ms
constexpr const char* kAnswerCoach = "answer the coach first: take it back or play anyway";

// The coach's judgement of cube action `a`, started only once the coach is to judge it.
std::function<bool(app::CoachTask&)> judgingCube(const GameController& g, app::CoachAction a) {
  return [&g, a](app::CoachTask& c) { return c.startCube(g.match(), a); };
}

}  // namespace

void GameController::setComputer(std::shared_ptr<app::Computer> c) {
  computer_ = std::move(c);
  if (session_) session_->setComputer(computer_);
}

void GameController::begin(app::Session session, bool shown, double now) {
  session_.emplace(std::move(session));
  session_->setComputer(computer_);
  input_.reset();
  choreo_.cancel();
  recordSeen_ = shown ? match().record().size() : 0;
  stagedShown_ = shown ? match().staged().size() : 0;
  now_ = now;
  nextComputerAt_ = now + kComputerPauseMs;
  lastClock_ = -1;
  notice_.clear();
  coach_.reset();
}

void GameController::start(const app::SessionSettings& settings, double now) {
  begin(app::Session(settings, dice_), false, now);
  for (auto& e : session_->takeEvents()) events_.push_back(e);
  saveNeeded_ = true;
}

bool GameController::restore(std::string_view saved, std::string* error, double now) {
  auto s = app::Session::load(saved, dice_, error);
  if (!s) return false;
  begin(std::move(*s), true, now);
  return true;
}

std::string GameController::act(const std::function<std::string()>& action, bool animateStaged) {
  if (!session_) return "no game is running";
  if (coach_.holds()) return notice_ = kAnswerCoach;
  coach_.dismissLesson();   // a lesson read: the game goes on
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
  std::optional<std::size_t> lesson;  // a person's play touch-move has committed
  for (std::size_t i = recordSeen_; i < r.size(); ++i) {
    const nard::Event& e = r[i];
    if (e.kind == nard::EventKind::Play) {
      if (coach_.on() && m.policy().touchMove && session_->settings().seats[e.player] == app::Seat::Human) lesson = i;
      addMoves(e.player, e.moves.data(), e.count, std::min<std::size_t>(stagedShown_, e.count));
      stagedShown_ = 0;
    } else if (e.kind == nard::EventKind::Roll || e.kind == nard::EventKind::OpeningRoll) {
      const bool playable = m.phase() == nard::Phase::Moving && i + 1 == r.size();
      const int owner = e.kind == nard::EventKind::Roll ? e.player : m.onRoll();
      if (ms > 0)
        choreo_.animateRoll(screenSide(owner), e.dice.a, e.dice.b, now_, kRollMs, playable ? 0 : kNoMoveHoldMs);
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

  for (auto& e : session_->takeEvents()) events_.push_back(e);
  saveNeeded_ = true;
  input_.reset();
  nextComputerAt_ = now_ + kComputerPauseMs;
  if (lesson) coach_.lesson(m, *lesson, kThinkSliceMs);
}

std::string GameController::roll() {
  // Rolling where the cube could be turned is the decision not to double: the coach
  // judges it like a double (a missed double is the commonest cube error).
  if (session_ && match().canDouble())
    return coached(judgingCube(*this, app::CoachAction::Roll), [this] { return session_->roll(); });
  return act([&] { return session_->roll(); });
}
std::string GameController::rollManual(int a, int b) {
  if (a < 1 || a > 6 || b < 1 || b > 6) return "each die must be 1-6";
  return act([&] { return session_->rollManual({static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)}); });
}
std::string GameController::confirm() {
  return coached([&](app::CoachTask& c) { return c.startPlay(match()); }, [this] { return session_->confirm(); });
}
std::string GameController::undo() { return act([&] { return session_->undo(); }); }
std::string GameController::offerDouble() {
  return coached(judgingCube(*this, app::CoachAction::Double), [this] { return session_->offerDouble(); });
}
std::string GameController::take() {
  return coached(judgingCube(*this, app::CoachAction::Take), [this] { return session_->take(); });
}
std::string GameController::pass() {
  return coached(judgingCube(*this, app::CoachAction::Pass), [this] { return session_->pass(); });
}
std::string GameController::beaver() {
  return coached(judgingCube(*this, app::CoachAction::Beaver), [this] { return session_->beaver(); });
}
std::string GameController::resign(nard::ResultKind k) { return act([&] { return session_->resign(k); }); }
std::string GameController::acceptResignation() { return act([&] { return session_->acceptResignation(); }); }
std::string GameController::rejectResignation() { return act([&] { return session_->rejectResignation(); }); }
std::string GameController::nextGame() { return act([&] { return session_->nextGame(); }); }
std::string GameController::playText(std::string_view text) {
  return coached([&](app::CoachTask& c) { return c.startPlayText(match(), text); },
                 [this, t = std::string(text)] { return session_->playText(t); });
}

// ---- coach mode ------------------------------------------------------------------------

std::string GameController::coached(const std::function<bool(app::CoachTask&)>& start, CoachGate::Choice commit) {
  if (!session_) return "no game is running";
  if (coach_.holds()) return notice_ = kAnswerCoach;
  // Under touch-move the play is made as it is staged: its lesson follows (afterChange).
  if (!coach_.on() || !humanMustAct() || match().policy().touchMove || !start(coach_.judge())) return act(commit);
  notice_.clear();
  input_.reset();
  commitCoached(coach_.hold(std::move(commit), app::hintKey(match()), kThinkSliceMs));
  return {};
}

// The choice is made as any other action; why it was refused, if it was, is the notice.
void GameController::commitCoached(const CoachGate::Choice& choice) {
  if (choice) act(choice);
}

std::string GameController::coachTakeBack() {
  if (std::string why = coach_.takeBack(); !why.empty()) return why;
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
  std::string why;
  const CoachGate::Choice choice = coach_.proceed(session_ ? app::hintKey(match()) : std::string(), &why);
  return choice ? act(choice) : why;
}

// Whether this game will use the AI: a computer seat, the coach, or a hint asked before.
// Only then do quiet frames build its databases ahead (a few seconds of one core in the
// browser, every page load): two people at one device, who may never ask for a hint, are
// spared it, and so are their phones' batteries. Whatever needs them later (a first hint,
// the analysis) builds the rest itself.
bool GameController::wantsAi() const {
  const auto& seats = session_->settings().seats;
  return hintAsked_ || coach_.on() || seats[0] == app::Seat::Computer || seats[1] == app::Seat::Computer;
}

void GameController::requestHint() {
  hintAsked_ = true;
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

std::string GameController::moveChecker(int from, int to) {
  if (!session_) return "no game is running";
  if (coach_.holds()) return notice_ = kAnswerCoach;
  if (humanToMove() < 0) return "it is not a person's turn to move";
  return act([&] { return session_->stage(from, to); });
}

void GameController::pointerDown(view::Vec2 p, double now) {
  if (!session_ || choreo_.busy(now) || coach_.holds()) return;
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
  if (m.policy().clock && !over(m.phase()) && m.phase() != nard::Phase::Opening && !coach_.holds()) {
    if (lastClock_ >= 0 && now > lastClock_) {
      session_->elapse(static_cast<std::int64_t>(now - lastClock_));
      for (auto& e : session_->takeEvents()) { events_.push_back(e); saveNeeded_ = true; }
    }
    lastClock_ = now;
  } else {
    lastClock_ = -1;
  }
  if (coach_.holds() && coach_.heldKey() != app::hintKey(m)) coach_.reset();   // the clock ended the game meanwhile
  if (coach_.judging()) {
    commitCoached(coach_.step(kThinkSliceMs));
  } else if (hint_.running()) {
    hint_.step(kThinkSliceMs);
  } else if (!session_->computerToAct() && !choreo_.busy(now) && wantsAi()) {
    // Quiet frames build the AI's databases (bear-off, Hyper race) a slice at a time, so
    // that neither the computer's first decision nor the next hint has to wait for them.
    app::AiComputer::prepare(kThinkSliceMs);
  }
  // The computer thinks a slice per frame (the page has one thread and must keep
  // drawing), once the last animation has played and a short pause has passed, and
  // waits while the coach has a lesson to give.
  thinking_ = false;
  if (session_->computerToAct() && !coach_.busy() && !choreo_.busy(now) && now >= nextComputerAt_) {
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

void GameController::setKeyboardFocus(int viewer, int place) {
  const bool known = (viewer == 0 || viewer == 1) && place >= -1 && place <= 25;
  focusViewer_ = known ? viewer : 0;
  focusPlace_ = known ? place : -2;
}

// The keyboard's focus as the view draws it: a point of the screen, or the bar or tray of a side.
void GameController::showFocus(view::BoardView& v) const {
  if (focusPlace_ >= 1 && focusPlace_ <= 24) {
    v.focused = toScreen(match(), focusViewer_, focusPlace_);
  } else if (focusPlace_ != -2) {
    v.focused = focusPlace_ == 25 ? view::kBarSpot : view::kTraySpot;
    v.focusedSide = screenSide(focusPlace_ == -1 ? 1 - focusViewer_ : focusViewer_);
  }
}

view::BoardView GameController::view(double now, bool highlights) const {
  if (!session_) return {};
  view::BoardView settled = presentBoard(match());
  showFocus(settled);
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

UiState GameController::uiState(double now) const {
  UiState s;
  s.humanToMove = humanToMove();
  if (session_ && s.humanToMove >= 0) {
    view::BoardView v;
    addHighlights(match(), s.humanToMove, input_.selected(), v);
    s.movable = v.movable;
    s.destinations = v.destinations;
    s.selected = v.selected;
  }
  if (session_) {  // just the focus: building the whole view for it cost every state() call
    view::BoardView focus;
    showFocus(focus);
    s.focused = focus.focused;
  }
  s.animating = choreo_.busy(now);
  s.thinking = thinking_;
  s.longestThinkMs = longestThinkMs_;
  s.hint = hintLines();
  s.cubeHint = cubeHint();
  s.coachJudging = coach_.judging();
  s.coach = coach_.warning();
  return s;
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
