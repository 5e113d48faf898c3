#include "app/review.h"

#include <algorithm>

#include "analysis/analyser.h"
#include "app/ai_computer.h"

namespace app {

MatchReview::MatchReview(RecordedMatch match, nard::analysis::MatchAnalysis analysis)
    : match_(std::move(match)), analysis_(std::move(analysis)) {}

nard::Match MatchReview::before(std::size_t i) const {
  if (lastBefore_ && lastBefore_->first == i) return lastBefore_->second;
  // The analysis replayed this very record, so the replay cannot be refused; should it
  // be, the review still shows a board (the match's start) rather than nothing.
  std::string why;
  std::optional<nard::Match> m = nard::Match::replay(match_.options, match_.record, decision(i).event, &why);
  lastBefore_.emplace(i, m ? std::move(*m) : nard::Match(match_.options));
  return lastBefore_->second;
}

std::vector<std::size_t> MatchReview::worst(int player, std::size_t n) const {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < size(); ++i) {
    const nard::analysis::Decision& d = analysis_.decisions[i];
    if (d.player == player && d.counted && d.error > 0) out.push_back(i);
  }
  // Ties keep match order, so the earlier of two equal errors comes first.
  std::stable_sort(out.begin(), out.end(), [&](std::size_t a, std::size_t b) {
    return analysis_.decisions[a].error > analysis_.decisions[b].error;
  });
  if (out.size() > n) out.resize(n);
  return out;
}

std::pair<std::size_t, std::size_t> MatchReview::gameRange(int number) const {
  const auto& ds = analysis_.decisions;
  auto first = std::find_if(ds.begin(), ds.end(), [&](const auto& d) { return d.game >= number; });
  auto end = std::find_if(first, ds.end(), [&](const auto& d) { return d.game > number; });
  return {static_cast<std::size_t>(first - ds.begin()), static_cast<std::size_t>(end - ds.begin())};
}

// ---- ReviewTask ------------------------------------------------------------------------

ReviewTask::ReviewTask() = default;
ReviewTask::~ReviewTask() = default;
ReviewTask::ReviewTask(ReviewTask&&) noexcept = default;
ReviewTask& ReviewTask::operator=(ReviewTask&&) noexcept = default;

std::string ReviewTask::start(RecordedMatch match, const std::string& level) {
  cancel();
  match_ = std::move(match);
  auto analyser = std::make_unique<nard::analysis::Analyser>(match_.options, match_.record, match_.names,
                                                             nard::analysis::AnalysisSettings{level, true, judge_});
  if (!analyser->error().empty()) return analyser->error();
  analyser_ = std::move(analyser);
  return {};
}

bool ReviewTask::step(double budgetMs) {
  if (ready_) return true;
  if (!analyser_) return false;
  // The AI's endgame tables are built in slices after the page loads; an analysis that
  // met a bear-off before they were done would build the rest at once (a quarter of a
  // second in the browser), so they come first, in slices too.
  if (!AiComputer::prepare(budgetMs)) return false;
  if (!analyser_->step(budgetMs)) return false;
  ready_.emplace(match_, analyser_->result());
  analyser_.reset();
  return true;
}

float ReviewTask::progress() const {
  if (ready_) return 1.f;
  return analyser_ ? analyser_->progress() : 0.f;
}

void ReviewTask::cancel() {
  analyser_.reset();
  ready_.reset();
}

std::optional<MatchReview> ReviewTask::take() {
  std::optional<MatchReview> out = std::move(ready_);
  ready_.reset();
  return out;
}

}  // namespace app
