// The game on the screen: the session, pointer input, animations and the computer's
// pace. Buttons, the JavaScript API and the pointer all act through here, so every path
// animates, announces and saves the same way; coach mode decides through its CoachGate
// (coach_gate.h), and the page reads the board through uiState() (ui_json.h). No ImGui
// or GL: native tests drive it.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/hints.h"
#include "app/session.h"
#include "view/board_view.h"
#include "view/layout.h"
#include "ui/board_input.h"
#include "ui/choreographer.h"
#include "ui/coach_gate.h"
#include "ui/ui_json.h"

namespace ui {

// The game (or the whole match) has ended: results show, and nobody moves.
inline bool over(nard::Phase p) { return p == nard::Phase::GameOver || p == nard::Phase::MatchOver; }

class GameController {
 public:
  explicit GameController(app::DiceSource dice) : dice_(std::move(dice)) {}

  void setComputer(std::shared_ptr<app::Computer> c);
  void start(const app::SessionSettings& settings, double now);
  // Restores a saved session (Session::save); false and why if the text is refused,
  // in which case the current game goes on untouched.
  bool restore(std::string_view saved, std::string* error, double now);
  bool active() const { return session_.has_value(); }
  const app::Session& session() const { return *session_; }
  const nard::Match& match() const { return session_->match(); }

  // --- actions of the person at the board; "" or why the engine refused -------------
  std::string roll();
  std::string rollManual(int a, int b);   // real dice typed in (marked in the record)
  std::string confirm();
  std::string undo();
  std::string offerDouble();
  std::string take();
  std::string pass();
  std::string beaver();
  std::string resign(nard::ResultKind kind);
  std::string acceptResignation();
  std::string rejectResignation();
  std::string nextGame();
  std::string playText(std::string_view text);
  // One checker from `from` to `to` in the mover's own numbering (25 the bar, 0 off), as
  // a drag stages it: the keyboard's way to move (web/a11y.js).
  std::string moveChecker(int from, int to);
  // The accessible board's focus, in `viewer`'s numbering (1..24 points, 25 the bar, 0 the
  // viewer's tray, -1 the other's), shown on the board; a place outside those clears it.
  void setKeyboardFocus(int viewer, int place);

  // --- coach mode (off by default) ---------------------------------------------------
  // On: a person's play (confirm, playText) or cube action (offerDouble, take, pass,
  // beaver) is first graded as the post-game analysis grades it, over a few frames, and
  // the action returns "" at once. Below `threshold` (EMG lost) it is then made; at or
  // above it is held with a warning, or under touch-move made and followed by a lesson.
  // Forced plays are not judged. While a choice is held every other action is refused.
  void setCoach(bool on, float threshold) { coach_.set(on, threshold); }
  bool coachOn() const { return coach_.on(); }
  bool coachJudging() const { return coach_.judging(); }
  const std::optional<CoachWarning>& coachWarning() const { return coach_.warning(); }
  // The warning's "Take it back": the staged moves go back, the cube action is not made.
  std::string coachTakeBack();
  // The warning's "Play anyway": the held choice is made. A lesson's "OK": it goes away.
  std::string coachProceed();

  // Hints: the best plays for the person to move, worked out over the next frames.
  void requestHint();
  bool hintThinking() const { return hint_.running(); }
  // The hint lines if they belong to the position on the board now, else empty.
  std::vector<app::HintLine> hintLines() const;
  // The cube hint if it belongs to the decision on the board now (before a roll where the
  // person may double, or answering a double).
  std::optional<app::CubeHint> cubeHint() const;

  // --- pointer, in CSS pixels of the canvas ------------------------------------------
  void setLayout(const view::Layout& l) { layout_ = l; }
  void pointerDown(view::Vec2 p, double now);
  void pointerMove(view::Vec2 p);
  void pointerUp(view::Vec2 p, double now);

  // Lets the computer act when its turn comes (after animations, with a short pause)
  // and runs the clock. Call once per frame.
  void update(double now);
  // The picture for this frame.
  view::BoardView view(double now, bool highlights) const;
  bool animating(double now) const { return choreo_.busy(now); }

  // The person whose checkers the pointer may move now, or -1.
  int humanToMove() const;
  bool humanMustAct() const;   // a person must act now (roll, move, answer)
  bool computerToAct() const { return session_ && session_->computerToAct(); }
  bool computerThinking() const { return thinking_; }

  void setAnimationSpeed(int speed) { animationSpeed_ = speed; }
  // What happened since the last call (for sounds, announcements, the embedding page).
  std::vector<app::SessionEvent> takeEvents();
  // True once after every change worth saving.
  bool takeSaveNeeded();
  // The board as the person to move sees it, for window.nard.state().ui (writeUiJson).
  UiState uiState(double now) const;
  // The last refusal or notice for the status line; cleared by the next action.
  const std::string& notice() const { return notice_; }

 private:
  void showFocus(view::BoardView& v) const;   // the keyboard's focus (setKeyboardFocus)
  // Both ways a session begins (start, restore). `shown`: its record and staged moves
  // are already on the screen (a restored board), else they animate.
  void begin(app::Session session, bool shown, double now);
  bool wantsAi() const;
  std::string act(const std::function<std::string()>& action, bool animateStaged = true);
  void afterChange(const view::BoardView& before, bool animateStaged);
  // A person's choice under coach mode: judged first when `start` starts a judgement on
  // the coach's judge, else `commit`ted at once (as with the coach off).
  std::string coached(const std::function<bool(app::CoachTask&)>& start, CoachGate::Choice commit);
  // Makes a choice the coach handed back (nothing when it handed back none).
  void commitCoached(const CoachGate::Choice& choice);

  app::DiceSource dice_;
  std::optional<app::Session> session_;
  std::shared_ptr<app::Computer> computer_;
  view::Layout layout_;
  BoardInput input_;
  Choreographer choreo_;
  std::vector<app::SessionEvent> events_;
  std::size_t recordSeen_ = 0;    // record events already animated
  std::size_t stagedShown_ = 0;   // staged moves already on the screen
  double now_ = 0, nextComputerAt_ = 0, lastClock_ = -1;
  int animationSpeed_ = 2;
  bool saveNeeded_ = false;
  bool thinking_ = false;
  bool hintAsked_ = false;      // a hint was asked this page: more will come (wantsAi)
  double longestThinkMs_ = 0;   // the longest slice of computer thinking so far
  app::HintTask hint_;
  std::string notice_;
  CoachGate coach_;
  int focusViewer_ = 0, focusPlace_ = -2;   // setKeyboardFocus; -2 none
};

}  // namespace ui
