// A match opened for review: its record, the analysis of it and, for any decision, the
// match as it stood just before it (the board the review shows). ReviewTask makes one
// from a record a slice at a time, since the browser has one thread and must keep
// drawing while the analysis runs.
//
//   ReviewTask task;
//   task.start({options, record, {"Ann", "Bob"}});
//   while (!task.step(8.0)) drawFrame(task.progress());
//   MatchReview review = *task.take();
//   nard::Match m = review.before(review.worst(0, 3).front());
#pragma once
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/analysis.h"
#include "engine/match.h"

namespace nard::analysis {
class Analyser;
}
namespace nard::ai {
class Evaluator;
}

namespace app {

// What a review is made of: the match's options, its whole record and the names.
struct RecordedMatch {
  nard::MatchOptions options;
  nard::Record record;
  std::array<std::string, 2> names;
};

class MatchReview {
 public:
  MatchReview(RecordedMatch match, nard::analysis::MatchAnalysis analysis);

  const RecordedMatch& match() const { return match_; }
  const nard::analysis::MatchAnalysis& analysis() const { return analysis_; }
  std::size_t size() const { return analysis_.decisions.size(); }
  const nard::analysis::Decision& decision(std::size_t i) const { return analysis_.decisions.at(i); }

  // The match just before decision i: for a checker play its dice are rolled (for a roll
  // that could not be played, the match before that roll), for a double the player is on
  // roll, for an answer the cube has been offered.
  nard::Match before(std::size_t i) const;
  // `player`'s costliest counted decisions (error above zero), worst first, at most n.
  std::vector<std::size_t> worst(int player, std::size_t n) const;
  // The decisions of game `number` (from 1): [first, end) indices.
  std::pair<std::size_t, std::size_t> gameRange(int number) const;

 private:
  RecordedMatch match_;
  nard::analysis::MatchAnalysis analysis_;
  // The last before(): the screen asks for the same decision every frame (board, arrows,
  // state), and each answer is a replay of the record.
  mutable std::optional<std::pair<std::size_t, nard::Match>> lastBefore_;
};

// Analyses a recorded match over many calls, and makes the review of it.
class ReviewTask {
 public:
  ReviewTask();
  ~ReviewTask();
  ReviewTask(ReviewTask&&) noexcept;
  ReviewTask& operator=(ReviewTask&&) noexcept;

  // Starts over on `match`: "" or why it cannot be analysed (bad options or record).
  std::string start(RecordedMatch match, const std::string& level = "advanced");
  bool running() const { return analyser_ != nullptr; }
  // Works for about budgetMs; true once the review is ready (take() it).
  bool step(double budgetMs);
  float progress() const;  // 0..1
  void cancel();
  // The finished review (once), else nullopt.
  std::optional<MatchReview> take();
  // The record the task works on (or last worked on), to tell whether a match has
  // changed since.
  const RecordedMatch& subject() const { return match_; }
  // Tests only: from the next start(), the analysis asks `judge` (not owned; it must
  // outlive the task) instead of the nets (nard::analysis::AnalysisSettings::evaluator).
  void useEvaluator(nard::ai::Evaluator* judge) { judge_ = judge; }

 private:
  nard::ai::Evaluator* judge_ = nullptr;
  RecordedMatch match_;
  std::unique_ptr<nard::analysis::Analyser> analyser_;
  std::optional<MatchReview> ready_;
};

}  // namespace app
