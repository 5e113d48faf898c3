// Hints for the person to move: the best plays with their equities and chances, as the
// "expert" level sees them (cubeless, 1-ply then 2-ply on the best few: the same search
// the computer uses, without its random errors, and every line shown judged at 2-ply). Worked out a slice at a time, like the
// computer's thinking, so the page keeps drawing.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "ai/players.h"
#include "ai/thinker.h"
#include "engine/match.h"

namespace app {

struct HintLine {
  std::string play;            // standard notation
  float equity = 0;            // cubeless, from the mover's side
  nard::ai::Probabilities chances;
};

class HintTask {
 public:
  // Starts the hint for the match as it stands (Moving, nothing staged); false if there
  // is nothing to hint (not moving, or a single legal play: that one is the hint).
  bool start(const nard::Match& m, int maxLines = 5);
  // Works for about budgetMs; true once the lines are ready.
  bool step(double budgetMs);
  bool running() const { return thinker_ && !ready_; }
  bool ready() const { return ready_; }
  // The match state the hint belongs to (matchId + positionId + dice); the UI drops a
  // hint whose state has passed.
  const std::string& stateKey() const { return key_; }
  const std::vector<HintLine>& lines() const { return lines_; }

 private:
  std::unique_ptr<nard::ai::NetPlayer> player_;
  std::unique_ptr<nard::ai::Thinker> thinker_;
  nard::Position pos_;
  nard::PlayList plays_;
  nard::Rng noise_{1};
  std::string key_, playerKey_;
  int maxLines_ = 5;
  bool ready_ = false;
  std::vector<HintLine> lines_;
};

// The key HintTask::stateKey() is compared with.
std::string hintKey(const nard::Match& m);

}  // namespace app
