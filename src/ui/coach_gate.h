// Coach mode's gate between a person's choice and the session (off by default). A choice
// is held while the coach judges it (app::CoachTask, a slice at a time), then handed back
// to be made, or kept with a warning until the person answers; under touch-move the play
// is made at once and a lesson may follow it. The gate only decides: GameController makes
// every choice it hands back, so each one animates, announces and saves as any other.
//
//   idle --hold--> judging --verdict below the threshold--> idle (the choice handed back)
//                          --verdict at or above it-------> warning --proceed--> idle (handed back)
//                                                                    --takeBack-> idle (dropped)
//   idle --lesson--> judging the recorded play --warn--> lesson --proceed or dismiss--> idle
#pragma once
#include <functional>
#include <optional>
#include <string>

#include "app/coach.h"

namespace ui {

// What the coach says about a person's choice: a warning while the choice is held (modern
// rules), or the lesson once it is made (touch-move: nothing can be taken back).
struct CoachWarning {
  app::CoachVerdict verdict;
  bool lesson = false;
};

class CoachGate {
 public:
  // A held choice: makes it through the session, "" or why the engine refused.
  using Choice = std::function<std::string()>;

  // Off drops a held choice without making it: the person may choose again.
  void set(bool on, float threshold);
  bool on() const { return on_; }
  // The judge a caller starts (startPlay, startCube...) before hold().
  app::CoachTask& judge() { return task_; }
  bool judging() const { return task_.running(); }
  // A choice waits for its verdict or for the person's answer to the warning.
  bool holds() const { return choice_ != nullptr; }
  // The state (app::hintKey) the held choice was made in.
  const std::string& heldKey() const { return key_; }
  const std::optional<CoachWarning>& warning() const { return warning_; }
  // Warning, lesson or judgement under way: the computer waits.
  bool busy() const { return judging() || warning_ || holds(); }

  // Holds `choice` (made in state `key`) for the judgement just started on judge(), and
  // works on it for sliceMs: often the verdict is ready at once, and the choice feels
  // immediate. Returns the choice when it is to be made now, else null.
  Choice hold(Choice choice, std::string key, double sliceMs);
  // The lesson after a play touch-move has committed: m.record()[event].
  void lesson(const nard::Match& m, std::size_t event, double sliceMs);
  // Works on the judgement for sliceMs; returns the held choice once it is to be made.
  Choice step(double sliceMs);

  // The warning's "Take it back": "" once the held choice is dropped (the caller takes
  // back the staged moves), else why not.
  std::string takeBack();
  // The warning's "Play anyway" (returns the held choice, to be made; null if it is not
  // to be made, with *error "" or why), or a lesson's "OK" (it goes away). `keyNow`: the
  // state now; a choice held in another state is dropped ("the game has moved on").
  Choice proceed(const std::string& keyNow, std::string* error);
  // Any other action of the person: a lesson shown has been read.
  void dismissLesson() { warning_.reset(); }
  // Back to idle: no judgement, nothing held, nothing shown.
  void reset();

 private:
  Choice resolve();
  Choice release();

  bool on_ = false;
  app::CoachTask task_;
  Choice choice_;              // held until the verdict and the person's answer
  std::string key_;
  std::optional<CoachWarning> warning_;
};

}  // namespace ui
