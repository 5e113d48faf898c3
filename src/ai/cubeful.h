// Cube decisions by search, the way GNU Backgammon's n-ply cubeful evaluation makes them.
//
// The Janowski model of cube.h judges a position from its cubeless chances alone; it
// cannot see that a double is about to lose its market, or that the opponent will soon
// redouble. Searching finds it: for each of the 21 rolls the player on roll makes its
// best play (cubeless, 0-ply, as Search::onRoll), and at the resulting position the
// opponent makes its own best cube decision, judged the same way one ply less deep; at
// the leaves the Janowski model turns the evaluator's chances into cubeful values. Each
// value is carried for every cube state the decisions can reach (no double; double and
// take; and the opponent's redoubles below), so one walk over the tree serves them all.
//
// The root's 21 rolls are worked through a few at a time (step), so a host with one
// thread spreads the search over frames; one root roll of a 2-ply search is one move
// generation and evaluation per roll below it (about a millisecond natively).
#pragma once
#include <vector>

#include "cube.h"
#include "search.h"

namespace nard::ai {

class CubefulSearch {
 public:
  explicit CubefulSearch(Search& search);

  // Starts the decision for the player on roll at `pos` (before rolling) with cube state
  // `s`, looking `plies` rolls ahead (0: the Janowski model on the evaluator's chances).
  void start(const Position& pos, const CubeState& s, Scoring scoring, int plies);
  // Works until about `budgetMs` have passed or the answer is ready; at least one root
  // roll per call. Returns done().
  bool step(double budgetMs);
  bool done() const { return done_; }
  const CubeDecision& decision() const { return decision_; }
  // The cubeless chances of the player on roll that came with it, for charts: 0-ply when
  // plies is 0, else one ply (Search::onRoll(pos, 1): the mean of the best plays' chances).
  const Probabilities& cubeless() const { return cubeless_; }

  // A cube state below the root: its value and owner (-1 centred, 0 the player on roll
  // at that node, 1 the other), the score seen from the player on roll.
  struct Node {
    int value = 1;
    int owner = -1;
  };

 private:
  void rootRoll(int index);
  void finish();
  // Values, for the player on roll at `pos`, of playing on without doubling now (playOn)
  // or of the best cube action now (best), one per node.
  void playOn(const Position& pos, int plies, const MatchScore& score, const std::vector<Node>& nodes,
              std::vector<float>& out);
  void best(const Position& pos, int plies, const MatchScore& score, const std::vector<Node>& nodes,
            std::vector<float>& out);
  // The values of a roll's outcome for the player who rolled: its best play's result.
  // `chances`, where given, receives the roller's cubeless 0-ply chances after that play.
  void afterRoll(const Position& pos, Dice dice, int plies, const MatchScore& score, const std::vector<Node>& nodes,
                 std::vector<float>& out, Probabilities* chances = nullptr);

  CubeState stateAt(const Node& n, const MatchScore& score) const;
  bool mayDouble(const Node& n, const MatchScore& score) const;
  float flip(float v, const MatchScore& score) const { return score.money() ? -v : 1.f - v; }

  Search& search_;
  Scoring scoring_;
  Position root_;
  CubeState rootState_;
  int plies_ = 0;
  int next_ = 0;           // next root roll (index into kAllRolls)
  float sum_[2] = {};      // weighted sums at the root: no double, double/take
  float chances_[kOutputs] = {};  // ... and of the cubeless chances
  Probabilities cubeless_;
  bool done_ = true;
  CubeDecision decision_;
  std::vector<PlayList> scratch_;  // one list per depth
};

// Whether the player on roll may double in cube state `s`: not when the opponent owns the
// cube, not beyond a cube of 64, not in a match's Crawford game, not with a dead cube.
bool mayDoubleNow(const CubeState& s);

// GNU Backgammon's 0-ply cubeful value of a position for the player on roll, before
// rolling, from its cubeless chances `p` (position class `c`) in cube state `s`: the better
// of playing on and doubling (the opponent answering as well as it can) where it may
// double, else playing on; the Janowski model of cube.h. Points times the cube's value in
// money play, match-winning chance in a match. What a cubeful chequer-play evaluation
// gives each play's result, the opponent being on roll there.
float cubefulValue(const Probabilities& p, PosClass c, const CubeState& s, Scoring scoring);

// The whole search at once (CLI, duels, tests).
CubeDecision cubefulDecision(Search& search, const Position& pos, const CubeState& s, Scoring scoring, int plies);

}  // namespace nard::ai
