// Choosing a play: 0-ply (the evaluator on each result), 1-ply and 2-ply (average over the
// opponent's rolls, each answered by its best 0-ply reply), with move filtering between
// plies as GNU Backgammon describes it: only the plays close to the best go deeper.
#pragma once
#include <functional>
#include <vector>

#include "engine/movegen.h"
#include "evaluator.h"

namespace nard::ai {

struct SearchSettings {
  int plies = 0;          // 0, 1, 2 or 3
  float noise = 0.f;      // std. deviation (points) added to each play's equity: weaker levels
  int keep = 8;           // plays kept after 0-ply ...
  float margin = 0.16f;   // ... if within this equity of the best
  int keepDeep = 3;       // plays kept after 1-ply, before 2-ply
  float marginDeep = 0.04f;
  int keepDeepest = 2;    // plays kept after 2-ply, before 3-ply (each costs 21 2-ply searches)
  float marginDeepest = 0.04f;

  // The filter applied after judging at `depth` (>= 1), before going one ply deeper.
  int keepAfter(int depth) const { return depth >= 2 ? keepDeepest : keepDeep; }
  float marginAfter(int depth) const { return depth >= 2 ? marginDeepest : marginDeep; }
};

struct RankedPlay {
  int index = 0;          // into the PlayList given to rank()
  Probabilities probs;    // the mover's chances after the play (cubeless)
  float equity = 0.f;     // the objective (money equity, or match-winning chance)
  int plies = 0;          // depth at which it was judged
};

class Search {
 public:
  // `objective` scores a mover's Probabilities at the root (money equity by default;
  // match play passes match-winning chances). Deeper plies use money equity.
  Search(const RulePolicy& rules, Evaluator& ev);
  void setObjective(std::function<float(const Probabilities&)> f) { objective_ = std::move(f); }

  // A position's legal plays (side[0] on roll) ranked best first. `plays` non-empty; only
  // their results are judged.
  std::vector<RankedPlay> rank(const PlayList& plays, const SearchSettings& s, Rng* noise = nullptr);

  // Chances of the player on roll before rolling, looking `plies` rolls ahead.
  Probabilities onRoll(const Position& pos, int plies);
  // Chances of the mover after a play that led to `result`.
  Probabilities afterPlay(const Position& result, int plies);

  float moneyEquity(const Probabilities& p) const { return equity(p, scoring_); }
  float objective(const Probabilities& p) const { return objective_(p); }
  const VariantSpec& variant() const { return v_; }
  const RulePolicy& rules() const { return rules_; }
  Evaluator& evaluator() { return ev_; }

  // The steps of rank() around its deeper plies, shared with the incremental Thinker
  // (thinker.h) so that both give the same answer.
  static void sortBest(std::vector<RankedPlay>& r);
  static void keepBest(std::vector<RankedPlay>& r, int keep, float margin);  // r sorted
  // Puts the deeper-searched plays first, scores every play by the objective, adds the
  // level's noise and re-sorts the deepest group.
  void finish(std::vector<RankedPlay>& ranked, std::vector<RankedPlay>* deep, const SearchSettings& s,
              Rng* noise) const;

 private:
  RulePolicy rules_;
  const VariantSpec& v_;
  Scoring scoring_;
  Evaluator& ev_;
  std::function<float(const Probabilities&)> objective_;
  std::vector<PlayList> scratch_;  // one list per search depth: no allocation when warm
};

}  // namespace nard::ai
