// Coach mode's policy: a person's checker play or cube action is graded by the judge of
// the post-game analysis (analysis/judge.h, the review's level) before it is committed,
// and one that loses at least the chosen threshold against the best is worth a warning.
// Worked out a slice at a time, like the hints, so the page keeps drawing.
//
//   CoachTask c;
//   c.startPlay(match);                 // the whole play staged, before Confirm
//   while (!c.step(4.0)) drawFrame();
//   if (c.verdict().warn) ask();        // else commit at once
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include "analysis/judge.h"
#include "engine/match.h"

namespace app {

// The thresholds offered, in EMG: the analysis's marks doubtful, bad and very bad.
inline constexpr float kCoachThresholds[] = {0.04f, 0.08f, 0.16f};
inline constexpr float kDefaultCoachThreshold = 0.08f;
// The level that judges: the one the post-game review analyses with, so both agree.
inline constexpr const char* kCoachLevel = "advanced";

// Roll: rolling when the cube could have been turned, i.e. the decision not to double.
enum class CoachAction : std::uint8_t { Play, Double, Roll, Take, Pass, Beaver };
// "play", "double", "no double", "take", "pass", "beaver".
const char* coachActionKey(CoachAction a);

struct CoachVerdict {
  CoachAction action = CoachAction::Play;
  float error = 0;                 // EMG lost against the best (the analysis's error)
  nard::analysis::Mark mark = nard::analysis::Mark::None;
  std::string chosen, best;        // notation, or "double" / "no double" / "take" / "pass" / "beaver"
  nard::Play chosenPlay, bestPlay; // checker plays: for drawing arrows
  bool warn = false;               // error >= the threshold
};

class CoachTask {
 public:
  void setThreshold(float emg) { threshold_ = emg; }
  float threshold() const { return threshold_; }

  // Each start drops the judgement before it and returns false when there is nothing to
  // judge (then nothing runs): a forced play, a play not finished, an action the match
  // does not allow now (the engine then refuses it with its own reason).
  //
  // The play staged in m (Moving, stagedComplete()), before Confirm.
  bool startPlay(const nard::Match& m);
  // A whole play given in notation, before it is made (m Moving; moves staged are replaced).
  bool startPlayText(const nard::Match& m, std::string_view notation);
  // The play of m.record()[event], judged from the match replayed before it: the lesson
  // after a play that touch-move has already committed.
  bool startRecorded(const nard::Match& m, std::size_t event);
  // A cube action about to be made: Double or Roll (no double) while rolling where the
  // player may double; Take, Pass or Beaver when doubled (Take and Pass also answer a beaver).
  bool startCube(const nard::Match& m, CoachAction action);

  // Works for about budgetMs; true once the verdict is ready.
  bool step(double budgetMs);
  bool running() const { return judge_.running(); }
  bool ready() const { return ready_; }
  const CoachVerdict& verdict() const { return verdict_; }
  void cancel();

 private:
  bool startOn(const nard::Match& m, const nard::Play& play);

  nard::analysis::DecisionJudge judge_;
  float threshold_ = kDefaultCoachThreshold;
  CoachAction action_ = CoachAction::Play;
  bool ready_ = false;
  CoachVerdict verdict_;
};

}  // namespace app
