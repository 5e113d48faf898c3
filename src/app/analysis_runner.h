// Which analysis runs, and what it is for. One at a time, on the review's ReviewTask, a
// slice per frame; besides the review it may owe a history entry both players' PR (the
// entry is stored again when it ends) and an answer to window.nard.analyse(). The last
// review is kept and given again while the record it was made of is unchanged.
//
//   AnalysisRunner runner;
//   if (const MatchReview* r = runner.reviewOf(m)) show(*r);
//   else if (!runner.runs(task, m)) runner.start(task, m, {entry, false});
//   ...every frame: if (auto done = runner.step(task, watched)) store(done->entryJson)...
#pragma once
#include <optional>
#include <string>

#include "app/coach.h"
#include "app/match_history.h"
#include "app/review.h"

namespace app {

class AnalysisRunner {
 public:
  // The review's level (the coach judges with the same, so that both agree).
  explicit AnalysisRunner(std::string level = kCoachLevel) : level_(std::move(level)) {}

  // A slice per frame: more while the person watches the progress bar, less in the
  // background, so the game stays smooth (no frame over 50 ms either way).
  static constexpr double kForegroundSliceMs = 10;
  static constexpr double kBackgroundSliceMs = 4;

  // What an analysis is for, besides the review.
  struct Subject {
    std::optional<HistoryEntry> entry;   // stored again with the PRs once analysed
    bool apiWaiting = false;             // window.nard.analyse() waits for it
  };
  // What an analysis leaves to carry out when it ends.
  struct Done {
    std::optional<MatchReview> review;      // absent: the person cancelled it
    std::optional<std::string> entryJson;   // the subject's entry with both PRs, to store
    bool apiWaiting = false;                // answer window.nard.analyse(): the review, or cancelled
  };

  // Starts over on `match` (what ran before is dropped, its subject with it): "" or why it
  // cannot be analysed (then nothing runs).
  std::string start(ReviewTask& task, RecordedMatch match, Subject subject);
  // After a game's end: the analysis that gives `entry` its PRs, in the background; not
  // while another runs (that one is the person's: the entry keeps no PR until analysed
  // again). True if it started.
  bool startForEntry(ReviewTask& task, HistoryEntry entry);
  // The last review, while `m` is the record it was made of; else null.
  const MatchReview* reviewOf(const RecordedMatch& m) const;
  // True while the analysis running is of `m` as it is now.
  bool runs(const ReviewTask& task, const RecordedMatch& m) const;
  // window.nard.analyse() waits for the analysis running too.
  void answerApiToo() { subject_.apiWaiting = true; }
  // The analysis running owes window.nard.analyse() its answer (a new one started for
  // the same match takes the debt over).
  bool apiWaiting() const { return running_ && subject_.apiWaiting; }

  // Once per frame: a slice of the analysis (`watched`: the person waits for it). Returns
  // what is left to carry out when the analysis has ended (finished, or cancelled on the
  // task by the person), else nullopt.
  std::optional<Done> step(ReviewTask& task, bool watched);

 private:
  std::string level_;
  Subject subject_;
  bool running_ = false;                         // subject_ belongs to the task running
  std::optional<MatchReview> lastReview_;
};

}  // namespace app
