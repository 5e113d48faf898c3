#include "app/coach.h"

#include <algorithm>
#include <optional>

#include "engine/notation.h"

namespace app {
namespace {

nard::analysis::AnalysisSettings judgeSettings() { return {kCoachLevel, false}; }

}  // namespace

const char* coachActionKey(CoachAction a) {
  switch (a) {
    case CoachAction::Play: return "play";
    case CoachAction::Double: return "double";
    case CoachAction::Roll: return "no double";
    case CoachAction::Take: return "take";
    case CoachAction::Pass: return "pass";
    case CoachAction::Beaver: return "beaver";
  }
  return "";
}

void CoachTask::cancel() {
  judge_.cancel();
  ready_ = false;
}

bool CoachTask::startOn(const nard::Match& m, const nard::Play& play) {
  cancel();
  if (m.legalPlays().size() <= 1) return false;  // forced: nothing to choose, nothing to learn
  action_ = CoachAction::Play;
  return judge_.startPlay(m, play, judgeSettings(), nullptr);
}

bool CoachTask::startPlay(const nard::Match& m) {
  cancel();
  if (!m.stagedComplete()) return false;
  nard::Play p;
  p.count = static_cast<std::uint8_t>(m.staged().size());
  std::copy(m.staged().begin(), m.staged().end(), p.moves.begin());
  return startOn(m, p);
}

bool CoachTask::startPlayText(const nard::Match& m, std::string_view notation) {
  cancel();
  if (m.phase() != nard::Phase::Moving) return false;
  // The notation names a play from the position before the staged moves, which it replaces.
  const std::optional<nard::Match> before = nard::analysis::beforeStaged(m, nullptr);
  if (!before) return false;
  const std::optional<nard::Play> p = nard::findPlay(before->legalPlays(), before->position(), notation, nullptr);
  return p && startOn(*before, *p);
}

bool CoachTask::startRecorded(const nard::Match& m, std::size_t event) {
  cancel();
  const nard::Record& r = m.record();
  if (event >= r.size() || r[event].kind != nard::EventKind::Play) return false;
  const std::optional<nard::Match> before = nard::Match::replay(m.options(), r, event, nullptr);
  if (!before) return false;
  nard::Play p;
  p.count = r[event].count;
  p.moves = r[event].moves;
  return startOn(*before, p);
}

bool CoachTask::startCube(const nard::Match& m, CoachAction action) {
  cancel();
  if (action == CoachAction::Play) return false;
  action_ = action;
  const bool doubling = action == CoachAction::Double || action == CoachAction::Roll;
  const auto kind = doubling ? nard::analysis::DecisionKind::Double : nard::analysis::DecisionKind::Answer;
  return judge_.startCube(m, kind, coachActionKey(action), judgeSettings(), nullptr);
}

bool CoachTask::step(double budgetMs) {
  if (ready_) return true;
  if (!judge_.running() || !judge_.step(budgetMs)) return false;
  const nard::analysis::Decision& d = judge_.verdict();
  verdict_ = {action_, d.error, d.mark, d.chosen, d.best, d.chosenPlay, d.bestPlay, d.error >= threshold_};
  ready_ = true;
  return true;
}

}  // namespace app
