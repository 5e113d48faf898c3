#include "met.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "nets.h"

namespace nard::ai {

MatchEquityTable::MatchEquityTable() {
  std::istringstream in(embeddedAsset("met/kazaross-xg2.txt"));
  std::string word;
  while (in >> word) {
    if (word[0] == '#') {
      std::getline(in, word);
    } else if (word == "length") {
      in >> n_;
    } else if (word == "pre") {
      pre_.resize(n_ * n_);
      for (float& f : pre_) in >> f;
    } else if (word == "post") {
      post_.resize(n_);
      for (float& f : post_) in >> f;
    }
  }
  if (!in.eof() || n_ < 2 || post_.size() != static_cast<std::size_t>(n_))
    throw std::runtime_error("match equity table missing or malformed");
}

const MatchEquityTable& MatchEquityTable::instance() {
  static const MatchEquityTable t;
  return t;
}

float MatchEquityTable::mwc(int a, int b, bool postCrawford) const {
  if (a <= 0) return 1.f;
  if (b <= 0) return 0.f;
  a = std::min(a, n_);
  b = std::min(b, n_);
  if (postCrawford && a == 1 && b > 1) return 1.f - post_[b - 1];
  if (postCrawford && b == 1 && a > 1) return post_[a - 1];
  return pre_[(a - 1) * n_ + (b - 1)];
}

float matchWinningChance(const Probabilities& p, const MatchScore& s, int cube, Scoring scoring) {
  const auto& met = MatchEquityTable::instance();
  bool post = s.postCrawford || s.crawfordGame;
  auto after = [&](int mine, int theirs) { return met.mwc(s.myAway - mine, s.oppAway - theirs, post); };
  float wbg = scoring.backgammons ? p.winBackgammon : 0.f;
  float lbg = scoring.backgammons ? p.loseBackgammon : 0.f;
  float lose = 1.f - p.win;
  return (p.win - p.winGammon) * after(cube, 0) + (p.winGammon - wbg) * after(2 * cube, 0) +
         wbg * after(3 * cube, 0) + (lose - p.loseGammon) * after(0, cube) +
         (p.loseGammon - lbg) * after(0, 2 * cube) + lbg * after(0, 3 * cube);
}

}  // namespace nard::ai
