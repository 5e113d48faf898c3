#include "app/analysis_runner.h"

namespace app {

std::string AnalysisRunner::start(ReviewTask& task, RecordedMatch match, Subject subject) {
  const std::string why = task.start(std::move(match), level_);
  running_ = why.empty();
  subject_ = running_ ? std::move(subject) : Subject{};
  return why;
}

bool AnalysisRunner::startForEntry(ReviewTask& task, HistoryEntry entry) {
  if (task.running()) return false;
  RecordedMatch match = recordOf(entry);
  return start(task, std::move(match), {std::move(entry), false}).empty();
}

const MatchReview* AnalysisRunner::reviewOf(const RecordedMatch& m) const {
  return lastReview_ && sameRecord(lastReview_->match(), m) ? &*lastReview_ : nullptr;
}

bool AnalysisRunner::runs(const ReviewTask& task, const RecordedMatch& m) const {
  return running_ && task.running() && sameRecord(task.subject(), m);
}

std::optional<AnalysisRunner::Done> AnalysisRunner::step(ReviewTask& task, bool watched) {
  if (!task.running()) {
    if (!running_) return std::nullopt;
    // Cancelled by the person: whoever waited for it hears so.
    Done cancelled{std::nullopt, std::nullopt, subject_.apiWaiting};
    running_ = false;
    subject_ = {};
    return cancelled;
  }
  if (!task.step(watched ? kForegroundSliceMs : kBackgroundSliceMs)) return std::nullopt;
  std::optional<MatchReview> review = task.take();
  if (!review) return std::nullopt;
  Done done{review, std::nullopt, subject_.apiWaiting};
  if (subject_.entry) done.entryJson = entryJson(*subject_.entry, &review->analysis());
  lastReview_ = std::move(review);
  running_ = false;
  subject_ = {};
  return done;
}

}  // namespace app
