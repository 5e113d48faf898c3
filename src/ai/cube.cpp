#include "cube.h"

#include <algorithm>

namespace nard::ai {
namespace {

// Janowski's cubeful equity per unit of cube for winning chance p, with W and L the
// average values of the games won and lost, `owner` -1 centred, 0 me, 1 the opponent.
float janowski(float p, float W, float L, int owner, float x) {
  float dead = p * W - (1.f - p) * L;
  float span = W + L + 0.5f;
  float tp = (L - 0.5f) / span, cp = (L + 1.f) / span;
  float live;
  if (owner == 0) {
    live = p < cp ? p * span - L : std::max(1.f, dead);  // I cash, or play on for gammons
  } else if (owner == 1) {
    live = p > tp ? p * span - L - 0.5f : std::min(-1.f, dead);  // they cash me out
  } else {
    live = p <= tp ? std::min(-1.f, dead) : p >= cp ? std::max(1.f, dead) : -1.f + 2.f * (p - tp) / (cp - tp);
  }
  return dead * (1.f - x) + live * x;
}

struct Outcomes {
  float win, lose;             // P(win), P(lose)
  float w[3], l[3];            // P(single), P(gammon), P(backgammon) won / lost (exclusive)
};

Outcomes split(const Probabilities& p, Scoring s, bool gammonsCount) {
  Outcomes o{};
  o.win = std::clamp(p.win, 1e-6f, 1.f - 1e-6f);
  o.lose = 1.f - o.win;
  float wg = gammonsCount ? p.winGammon : 0.f, lg = gammonsCount ? p.loseGammon : 0.f;
  float wb = gammonsCount && s.backgammons ? p.winBackgammon : 0.f;
  float lb = gammonsCount && s.backgammons ? p.loseBackgammon : 0.f;
  o.w[0] = o.win - wg, o.w[1] = wg - wb, o.w[2] = wb;
  o.l[0] = o.lose - lg, o.l[1] = lg - lb, o.l[2] = lb;
  return o;
}

// Cubeful value at cube level `cube` with `owner`: money points, or match-winning chance.
float cubeful(const Outcomes& o, const CubeState& s, int cube, int owner, float x) {
  if (s.score.money()) {
    float W = (o.w[0] + 2 * o.w[1] + 3 * o.w[2]) / o.win;
    float L = (o.l[0] + 2 * o.l[1] + 3 * o.l[2]) / o.lose;
    return cube * janowski(o.win, W, L, owner, x);
  }
  // A cube nobody can turn any more has no value of its own: the Crawford game, a cube
  // owned by a side that cannot gain from doubling (as many points away as the cube's
  // value or fewer: its cube is dead), or a centred one dead for both. The game is then
  // worth its cubeless match-winning chance (at double match point, 2 x win - 1 EMG).
  const bool mineDead = s.score.myAway <= cube, theirsDead = s.score.oppAway <= cube;
  if (s.score.crawfordGame || (owner == 0 && mineDead) || (owner == 1 && theirsDead) ||
      (owner == -1 && mineDead && theirsDead))
    x = 0.f;
  const auto& met = MatchEquityTable::instance();
  bool post = s.score.postCrawford || s.score.crawfordGame;
  float won[3], lost[3];
  for (int k = 0; k < 3; ++k) {
    won[k] = met.mwc(s.score.myAway - (k + 1) * cube, s.score.oppAway, post);
    lost[k] = met.mwc(s.score.myAway, s.score.oppAway - (k + 1) * cube, post);
  }
  // Scale so that a single win is +1 and a single loss -1, apply Janowski, scale back.
  float hi = won[0], lo = lost[0];
  auto scaled = [&](float m) { return -1.f + 2.f * (m - lo) / (hi - lo); };
  float W = 0, L = 0;
  for (int k = 0; k < 3; ++k) W += o.w[k] * scaled(won[k]), L -= o.l[k] * scaled(lost[k]);
  float e = janowski(o.win, W / o.win, L / o.lose, owner, x);
  return lo + (e + 1.f) * 0.5f * (hi - lo);
}

}  // namespace

float cubeEfficiency(PosClass c) { return c == PosClass::Contact ? 0.68f : 0.6f; }

CubeDecision decideCube(const Probabilities& p, PosClass c, const CubeState& s, Scoring scoring) {
  float x = cubeEfficiency(c);
  // Jacoby: while the cube is centred in money play, gammons do not count.
  bool gammonsNow = !(s.score.money() && s.jacoby && s.owner == -1);
  float noDouble = cubeful(split(p, scoring, gammonsNow), s, s.value, s.owner, x);
  float doubleTake = cubeful(split(p, scoring, true), s, 2 * s.value, 1, x);
  return settleCube(noDouble, doubleTake, s);
}

float passValue(const CubeState& s) {
  if (s.score.money()) return static_cast<float>(s.value);
  return MatchEquityTable::instance().mwc(s.score.myAway - s.value, s.score.oppAway,
                                          s.score.postCrawford || s.score.crawfordGame);
}

CubeDecision settleCube(float noDouble, float doubleTake, const CubeState& s) {
  CubeDecision d;
  d.match = !s.score.money();
  d.noDouble = noDouble;
  d.doubleTake = doubleTake;
  d.doublePass = passValue(s);
  d.take = d.doubleTake <= d.doublePass;
  d.beaver = s.beaver && s.score.money() && d.take && d.doubleTake < 0.f;
  const float doubled = afterDouble(d);
  bool mayDouble = s.owner != 1;
  d.double_ = mayDouble && doubled > d.noDouble;
  d.tooGood = mayDouble && !d.double_ && !d.take && d.noDouble >= d.doublePass;
  return d;
}

float afterDouble(const CubeDecision& d) {
  // The opponent answers a double with what is worst for the doubler.
  return std::min(d.doublePass, d.beaver ? 2.f * d.doubleTake : d.doubleTake);
}

float bestCubeValue(const CubeDecision& d) { return d.double_ ? afterDouble(d) : d.noDouble; }

CubeState cubeStateOf(const Match& m) {
  CubeState s;
  int me = m.onRoll();
  s.value = m.cubeValue();
  s.owner = m.cubeOwner() < 0 ? -1 : (m.cubeOwner() == me ? 0 : 1);
  int length = m.options().matchLength;
  if (length > 0) {
    s.score.myAway = length - m.score(me);
    s.score.oppAway = length - m.score(1 - me);
    s.score.crawfordGame = m.crawfordGame();
    s.score.postCrawford = m.policy().crawford && !m.crawfordGame() && (s.score.myAway == 1 || s.score.oppAway == 1);
  }
  s.jacoby = m.policy().jacoby;
  s.beaver = m.policy().beaver;
  return s;
}

std::string describe(const CubeDecision& d) {
  std::string answer = d.beaver ? "beaver" : d.take ? "take" : "pass";
  if (d.double_) return "double, " + answer;
  if (d.tooGood) return "too good to double, pass";
  return "no double, " + answer;
}

}  // namespace nard::ai
