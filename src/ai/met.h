// Match equity table: the chance of winning the match from a score, read from the
// Kazaross-XG2 table shipped as data (assets/met/kazaross-xg2.txt, converted from the
// table in Debian's gnubg package by tools/met_convert.py).
#pragma once
#include <vector>

#include "probabilities.h"

namespace nard::ai {

class MatchEquityTable {
 public:
  static const MatchEquityTable& instance();

  // Match-winning chance of a player `myAway` points from victory against one `oppAway`
  // away. `postCrawford`: the Crawford game has been played (used when either is 1 away).
  // Scores past the end of the table use its last row/column.
  float mwc(int myAway, int oppAway, bool postCrawford) const;
  int length() const { return n_; }

 private:
  MatchEquityTable();
  int n_ = 0;
  std::vector<float> pre_, post_;
};

// The score as the player on roll sees it.
struct MatchScore {
  int myAway = 0, oppAway = 0;  // 0 = money play
  bool crawfordGame = false;    // this game is the Crawford game (no cube)
  bool postCrawford = false;    // the Crawford game was played earlier
  bool money() const { return myAway == 0; }
};

// Cubeless match-winning chance of a game with chances `p` played for `cube` points.
// After this game the next one is post-Crawford if someone is then 1 away and this game
// was the Crawford game or later.
float matchWinningChance(const Probabilities& p, const MatchScore& s, int cube, Scoring scoring);

}  // namespace nard::ai
