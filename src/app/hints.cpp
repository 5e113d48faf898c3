#include "app/hints.h"

#include "engine/notation.h"

namespace app {

std::string hintKey(const nard::Match& m) {
  return m.matchId() + ' ' + m.positionId() + ' ' + std::to_string(m.record().size());
}

void HintTask::preparePlayer(const nard::Match& m) {
  const nard::ai::Level* expert = nard::ai::findLevel("expert");
  const std::string playerKey = std::string(m.variant().key) + '/' + std::string(nard::rulesKey(m.options().rules));
  if (!player_ || playerKey_ != playerKey) {
    player_ = judge_ ? std::make_unique<nard::ai::NetPlayer>(m.policy(), expert->settings, 1, *judge_)
                     : std::make_unique<nard::ai::NetPlayer>(m.policy(), expert->settings, 1);
    playerKey_ = playerKey;
  }
}

bool HintTask::start(const nard::Match& m, int maxLines) {
  thinker_.reset();
  cubeSearch_.reset();
  cube_.reset();
  ready_ = false;
  lines_.clear();
  if (nard::ai::cubeDecisionDue(m)) {
    key_ = hintKey(m);
    preparePlayer(m);
    // The doubler's question in every case: the answer follows from the same values.
    cubeSearch_ = std::make_unique<nard::ai::CubefulSearch>(player_->search());
    cubeSearch_->start(m.position(), nard::ai::cubeQuestion(m), nard::ai::Scoring::of(m.policy()),
                       nard::ai::cubePlies(*player_));
    answering_ = m.phase() != nard::Phase::Rolling;
    return true;
  }
  if (m.phase() != nard::Phase::Moving || !m.staged().empty() || m.legalPlays().empty()) return false;
  key_ = hintKey(m);
  maxLines_ = maxLines;
  plays_ = m.legalPlays();
  pos_ = m.position();
  preparePlayer(m);
  valuer_ = nard::analysis::PlayValuer::of(m);
  nard::ai::aimForScore(*player_, valuer_.cube, valuer_.scoring);
  thinker_ = std::make_unique<nard::ai::Thinker>(player_->search());
  // Every line shown judged at the full depth, so that their equities compare.
  thinker_->startRank(pos_, plays_, nard::ai::hintSettings(nard::ai::findLevel("expert")->settings, maxLines), &noise_);
  return true;
}

bool HintTask::step(double budgetMs) {
  if (ready_ || (!thinker_ && !cubeSearch_)) return ready_;
  if (cubeSearch_) {
    if (!cubeSearch_->step(budgetMs)) return false;
    cube_ = CubeHint{cubeSearch_->decision(), answering_};
    ready_ = true;
    return true;
  }
  if (!thinker_->step(budgetMs)) return false;
  std::vector<nard::ai::RankedPlay> ranked = thinker_->ranked();
  const int deepest = nard::analysis::valueRanked(valuer_, player_->search(), plays_, ranked);
  for (int i = 0; i < deepest && i < maxLines_; ++i) {
    const nard::ai::RankedPlay& r = ranked[static_cast<std::size_t>(i)];
    lines_.push_back({nard::formatPlay(plays_[static_cast<std::size_t>(r.index)]), r.equity, r.probs});
  }
  ready_ = true;
  return true;
}

}  // namespace app
