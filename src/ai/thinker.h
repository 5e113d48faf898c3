// The search done a slice at a time, for a host with one thread that must keep drawing
// frames while the computer thinks (the browser build has no threads).
//
// A Thinker computes exactly what Search::rank or Search::onRoll computes, with the same
// floating-point operations in the same order, so the answer is identical (tested); the
// recursion over rolls and plies is kept on an explicit stack instead of the C++ stack,
// so the work can stop after any unit and resume later. One unit is one move generation
// or the 0-ply evaluation of at most kChunk plays: well under a millisecond natively.
//
//   Thinker t(player.search());
//   t.startRank(pos, plays, settings, &rng);
//   while (!t.step(8.0)) drawFrame();     // about 8 ms of work per call
//   int best = t.ranked().front().index;
#pragma once
#include <chrono>
#include <vector>

#include "search.h"

namespace nard::ai {

class Thinker {
 public:
  static constexpr int kChunk = 16;  // plays evaluated at 0-ply per unit of work

  explicit Thinker(Search& search);

  // Starts Search::rank(plays, s, noise) (plays non-empty; `plays` and `noise` must
  // stay alive until done). Replaces any unfinished work.
  void startRank(const Position& pos, const PlayList& plays, const SearchSettings& s, Rng* noise);
  // Starts Search::onRoll(pos, plies).
  void startOnRoll(const Position& pos, int plies);

  // Works until about `budgetMs` milliseconds have passed, or the answer is ready; always
  // does at least one unit (so budget 0 does exactly one). Returns done().
  bool step(double budgetMs);
  bool done() const { return done_; }

  const std::vector<RankedPlay>& ranked() const { return ranked_; }  // startRank's answer
  const Probabilities& probabilities() const { return result_; }     // startOnRoll's answer
  std::int64_t units() const { return units_; }                      // work done since start

 private:
  // One pending Search::onRoll(pos, plies) with plies >= 1: the loop over the 21 rolls.
  struct Frame {
    Position pos;
    int plies = 0;
    int roll = 0;           // index into kAllRolls; a frame below the top waits for the one above
    bool scanning = false;  // false: generate the roll's plays next
    int cursor = 0;         // next play to judge at 0-ply
    int best = -1;
    float bestEq = 0;
    Probabilities bestProbs;
    float sum[kOutputs] = {};
    PlayList plays;
  };
  enum class Root { None, Rank, OnRoll };

  void unit();
  void unitRank();
  void unitFrame(Frame& f);
  // Asks for onRoll(pos, plies): answered at once (0 plies, or the game is over) or by a
  // new frame. The answer goes to whoever asked: the frame below, or the root.
  void ask(const Position& pos, int plies);
  void answer(const Probabilities& onRollValue);
  void addRoll(Frame& f, const Probabilities& value);
  void rankAnswer(const Probabilities& moverChances);
  void nextDeep();

  Search& search_;
  Root root_ = Root::None;
  bool done_ = true;
  std::int64_t units_ = 0;
  std::vector<Frame> frames_;  // frames_[0 .. depth_-1] are live; kept for their lists
  int depth_ = 0;
  Probabilities result_;

  // Rank state.
  const PlayList* plays_ = nullptr;
  SearchSettings settings_;
  Rng* noise_ = nullptr;
  std::vector<RankedPlay> ranked_, deep_;
  int cursor_ = 0;    // next play at 0-ply, or next entry of deep_
  int level_ = 0;     // 0 while judging at 0-ply, else the depth being searched
};

}  // namespace nard::ai
