// Hints for the person to act: the best plays with their equities and chances, as the
// "expert" level sees them (1-ply then 2-ply on the best few: the same search the computer
// uses, aimed at the match score, without its random errors; every line shown judged at
// 2-ply), each play valued as the analysis and the coach value it (analysis::PlayValuer:
// cubeful where the cube is in play), so that a hint and the review value a play alike. Worked out a slice at a time, like the
// computer's thinking, so the page keeps drawing. Before a roll where the person may
// double, and when answering a double, the hint is the cube decision instead: no double,
// double/take and double/pass as the expert's cube search values them (ai/cubeful.h).
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "ai/players.h"
#include "ai/thinker.h"
#include "analysis/judge.h"
#include "engine/match.h"

namespace app {

struct HintLine {
  std::string play;            // standard notation
  float equity = 0;            // EMG for the mover (analysis::PlayValuer)
  nard::ai::Probabilities chances;
};

// The cube decision a hint gives, for the player who may double (the doubler also when
// the person answers): values in points per game at the cube's value, or MWC in a match.
struct CubeHint {
  nard::ai::CubeDecision decision;
  bool answering = false;   // the person answers a double (take, pass or beaver)
};

class HintTask {
 public:
  // Starts the hint for the match as it stands: the plays (Moving, nothing staged), or the
  // cube (Rolling where the player may double; Doubled or Beavered). False if there is
  // nothing to hint (a single legal play: that one is the hint; no cube decision).
  bool start(const nard::Match& m, int maxLines = 5);
  // Works for about budgetMs; true once the lines (or the cube hint) are ready.
  bool step(double budgetMs);
  bool running() const { return (thinker_ || cubeSearch_) && !ready_; }
  bool ready() const { return ready_; }
  // The cube hint, when the hint was started where a cube decision is due.
  const std::optional<CubeHint>& cube() const { return cube_; }
  // The match state the hint belongs to (matchId + positionId + dice); the UI drops a
  // hint whose state has passed.
  const std::string& stateKey() const { return key_; }
  const std::vector<HintLine>& lines() const { return lines_; }
  // Tests only: from the next start(), the expert's search asks `judge` (not owned; it
  // must outlive the task) instead of the nets; nullptr: the nets again.
  void useEvaluator(nard::ai::Evaluator* judge) {
    judge_ = judge;
    player_.reset();
  }

 private:
  nard::ai::Evaluator* judge_ = nullptr;
  std::unique_ptr<nard::ai::NetPlayer> player_;
  void preparePlayer(const nard::Match& m);

  std::unique_ptr<nard::ai::Thinker> thinker_;
  std::unique_ptr<nard::ai::CubefulSearch> cubeSearch_;
  std::optional<CubeHint> cube_;
  nard::Position pos_;
  nard::PlayList plays_;
  nard::analysis::PlayValuer valuer_;
  nard::Rng noise_{1};
  std::string key_, playerKey_;
  int maxLines_ = 5;
  bool answering_ = false;
  bool ready_ = false;
  std::vector<HintLine> lines_;
};

// The key HintTask::stateKey() is compared with.
std::string hintKey(const nard::Match& m);

}  // namespace app
