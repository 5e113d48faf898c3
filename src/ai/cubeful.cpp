#include "cubeful.h"

#include <chrono>

#include "met.h"

namespace nard::ai {
namespace {

constexpr int kMaxCube = 64;  // as RulePolicy::maxCube: no double beyond it

MatchScore flipped(const MatchScore& s) {
  MatchScore f = s;
  f.myAway = s.oppAway;
  f.oppAway = s.myAway;
  return f;
}

// The same cube states seen by the other player.
std::vector<CubefulSearch::Node> flipped(const std::vector<CubefulSearch::Node>& nodes) {
  std::vector<CubefulSearch::Node> f = nodes;
  for (auto& n : f) n.owner = n.owner < 0 ? -1 : 1 - n.owner;
  return f;
}

}  // namespace

CubefulSearch::CubefulSearch(Search& search) : search_(search) {}

CubeState CubefulSearch::stateAt(const Node& n, const MatchScore& score) const {
  CubeState s = rootState_;  // Jacoby and beavers as at the root
  s.value = n.value;
  s.owner = n.owner;
  s.score = score;
  return s;
}

bool mayDoubleNow(const CubeState& s) {
  if (s.owner == 1 || s.value * 2 > kMaxCube) return false;
  // In a match: no cube in the Crawford game, and none for a player whose cube is dead.
  return s.score.money() || (!s.score.crawfordGame && s.score.myAway > s.value);
}

float cubefulValue(const Probabilities& p, PosClass c, const CubeState& s, Scoring scoring) {
  const CubeDecision d = decideCube(p, c, s, scoring);
  return mayDoubleNow(s) ? bestCubeValue(d) : d.noDouble;
}

bool CubefulSearch::mayDouble(const Node& n, const MatchScore& score) const {
  return mayDoubleNow(stateAt(n, score));
}

void CubefulSearch::start(const Position& pos, const CubeState& s, Scoring scoring, int plies) {
  scoring_ = scoring;
  root_ = pos;
  rootState_ = s;
  plies_ = plies;
  next_ = 0;
  sum_[0] = sum_[1] = 0.f;
  for (float& c : chances_) c = 0.f;
  done_ = false;
  if (plies <= 0) {
    cubeless_ = search_.onRoll(pos, 0);
    decision_ = decideCube(cubeless_, classify(pos, search_.variant()), s, scoring_);
    done_ = true;
  }
}

bool CubefulSearch::step(double budgetMs) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  while (!done_) {
    rootRoll(next_++);
    if (next_ == static_cast<int>(kAllRolls.size())) finish();
    if (std::chrono::duration<double, std::milli>(Clock::now() - start).count() >= budgetMs) break;
  }
  return done_;
}

void CubefulSearch::rootRoll(int index) {
  // The two root states: no double (the cube as it is) and double/take (twice the value,
  // the opponent's).
  const std::vector<Node> nodes = {{rootState_.value, rootState_.owner}, {2 * rootState_.value, 1}};
  std::vector<float> values;
  const WeightedRoll& r = kAllRolls[index];
  Probabilities chances;
  afterRoll(root_, r.dice, plies_, rootState_.score, nodes, values, &chances);
  sum_[0] += values[0] * r.weight;
  sum_[1] += values[1] * r.weight;
  const auto a = chances.asArray();
  for (int k = 0; k < kOutputs; ++k) chances_[k] += a[k] * r.weight;
}

void CubefulSearch::finish() {
  decision_ = settleCube(sum_[0] / 36.f, sum_[1] / 36.f, rootState_);
  for (float& c : chances_) c /= 36.f;
  cubeless_ = Probabilities::fromArray(chances_);
  done_ = true;
}

void CubefulSearch::afterRoll(const Position& pos, Dice dice, int plies, const MatchScore& score,
                              const std::vector<Node>& nodes, std::vector<float>& out, Probabilities* chances) {
  if (static_cast<int>(scratch_.size()) <= plies) scratch_.resize(plies + 1);
  PlayList& plays = scratch_[plies];
  generatePlays(pos, dice, search_.rules(), plays);
  Position next = pos.flipped();  // no play: the turn passes
  if (plays.empty()) {
    if (chances) *chances = invert(search_.onRoll(next, 0));
  } else {
    // The best 0-ply play, as Search::onRoll chooses it.
    const Play* bestPlay = &plays.front();
    float bestEq = -1e9f;
    Probabilities bestChances;
    for (const Play& p : plays) {
      Probabilities q = search_.afterPlay(p.result, 0);
      float e = search_.moneyEquity(q);
      if (e > bestEq) bestEq = e, bestPlay = &p, bestChances = q;
    }
    if (chances) *chances = bestChances;
    if (auto over = finished(bestPlay->result, search_.variant())) {
      out.resize(nodes.size());
      for (std::size_t i = 0; i < nodes.size(); ++i) {
        const Node& n = nodes[i];
        if (!score.money()) {
          out[i] = matchWinningChance(*over, score, n.value, scoring_);
          continue;
        }
        Probabilities won = *over;
        if (rootState_.jacoby && n.owner == -1) won.winGammon = won.winBackgammon = 0.f;  // Jacoby
        out[i] = static_cast<float>(n.value) * equity(won, scoring_);
      }
      return;
    }
    next = bestPlay->result.flipped();
  }
  // The opponent's best cube decision at the next position, one ply less deep.
  best(next, plies - 1, flipped(score), flipped(nodes), out);
  for (float& v : out) v = flip(v, score);
}

void CubefulSearch::playOn(const Position& pos, int plies, const MatchScore& score, const std::vector<Node>& nodes,
                           std::vector<float>& out) {
  out.assign(nodes.size(), 0.f);
  if (plies <= 0) {
    const Probabilities p = search_.onRoll(pos, 0);
    const PosClass c = classify(pos, search_.variant());
    for (std::size_t i = 0; i < nodes.size(); ++i) out[i] = decideCube(p, c, stateAt(nodes[i], score), scoring_).noDouble;
    return;
  }
  std::vector<float> values;
  for (const WeightedRoll& r : kAllRolls) {
    afterRoll(pos, r.dice, plies, score, nodes, values);
    for (std::size_t i = 0; i < nodes.size(); ++i) out[i] += values[i] * r.weight;
  }
  for (float& v : out) v /= 36.f;
}

void CubefulSearch::best(const Position& pos, int plies, const MatchScore& score, const std::vector<Node>& nodes,
                         std::vector<float>& out) {
  // Every state the decisions reach: each node as it is, and doubled where it may be.
  std::vector<Node> all = nodes;
  std::vector<int> doubled(nodes.size(), -1);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!mayDouble(nodes[i], score)) continue;
    doubled[i] = static_cast<int>(all.size());
    all.push_back({2 * nodes[i].value, 1});
  }
  std::vector<float> values;
  playOn(pos, plies, score, all, values);
  out.resize(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (doubled[i] < 0) {
      out[i] = values[i];
      continue;
    }
    CubeState s = stateAt(nodes[i], score);
    out[i] = bestCubeValue(settleCube(values[i], values[doubled[i]], s));
  }
}

CubeDecision cubefulDecision(Search& search, const Position& pos, const CubeState& s, Scoring scoring, int plies) {
  CubefulSearch c(search);
  c.start(pos, s, scoring, plies);
  while (!c.step(1e9)) {
  }
  return c.decision();
}

}  // namespace nard::ai
