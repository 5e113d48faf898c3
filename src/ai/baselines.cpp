#include "baselines.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "encoding.h"
#include "nets.h"

namespace nard::ai {

Pubeval::Pubeval() {
  std::istringstream in(embeddedAsset("ai/pubeval-weights.txt"));
  std::array<float, 122>* target = nullptr;
  int n = 0, filled = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    if (line.rfind("contact:", 0) == 0 || line.rfind("race:", 0) == 0) {
      target = line[0] == 'c' ? &contact_ : &race_;
      n = 0;
      continue;
    }
    std::istringstream words(line);
    for (float w; target && words >> w && n < 122;) (*target)[n++] = w, ++filled;
  }
  if (filled != 244) throw std::runtime_error("pubeval weights missing or incomplete");
}

const Pubeval& Pubeval::instance() {
  static const Pubeval p;
  return p;
}

float Pubeval::score(const Position& r, bool contact) const {
  const Side& me = r.me();
  const Side& them = r.them();
  if (me[kOff] == 15) return 1e8f;  // bears off the last checker: wins outright
  const auto& w = contact ? contact_ : race_;
  float s = 0.f;
  for (int j = 1; j <= 24; ++j) {
    int point = 25 - j;  // block j reads the mover's point 25 - j
    int n = me[point] - them[25 - point];
    if (n == 0) continue;
    const float* wj = &w[5 * (j - 1)];
    if (n == -1) s += wj[0];
    if (n == 1) s += wj[1];
    if (n >= 2) s += wj[2];
    if (n == 3) s += wj[3];
    if (n >= 4) s += wj[4] * (n - 3) * 0.5f;
  }
  s += w[120] * them[kBar] * 0.5f;
  s += w[121] * me[kOff] / 15.f;
  return s;
}

namespace {

int stackExcess(const Side& s, int comfortable) {
  int e = 0;
  for (int p = 1; p <= kPoints; ++p) e += std::max(0, s[p] - comfortable);
  return e;
}

float opposedScore(const Position& r, const VariantSpec& v) {
  const Side& me = r.me();
  const Side& them = r.them();
  int myPips = pipCount(me), theirPips = pipCount(them);
  if (classify(r, v) != PosClass::Contact) return -float(myPips) + 3.f * me[kOff];
  int homePoints = 0, outfieldPoints = 0;
  for (int p = 1; p <= 6; ++p) homePoints += me[p] >= 2;
  for (int p = 7; p <= 11; ++p) outfieldPoints += me[p] >= 2;
  float s = 0.15f * (theirPips - myPips);
  s += 1.0f * homePoints + 0.5f * outfieldPoints + 0.6f * std::min(longestRun(me, 2), 6);
  s -= 4.0f * hitChance(me, them);  // my blots the opponent can hit next roll
  s += 2.0f * them[kBar];
  s -= 0.4f * stackExcess(me, 3);
  return s;
}

float longNardScore(const Position& r, const VariantSpec& v) {
  const Side& me = r.me();
  const Side& them = r.them();
  float s = -0.1f * pipCount(me) + 1.0f * me[kOff];
  s += 0.8f * std::min(longestRun(me, 1), 6);
  s -= 0.3f * stackExcess(me, 3);
  // Blocks: steps of the opponent's checkers that land on a point I hold.
  int blocked = 0;
  for (int q = 1; q <= kPoints; ++q) {
    if (!them[q]) continue;
    for (int d = 1; d <= 6 && q - d >= 1; ++d) blocked += me[opponentPoint(v.geometry, q - d)] > 0;
  }
  s += 0.15f * blocked;
  return s;
}

}  // namespace

float heuristicScore(const Position& result, const VariantSpec& v) {
  if (result.me()[kOff] == v.checkers) return 1e8f;
  return v.geometry == Geometry::Opposed ? opposedScore(result, v) : longNardScore(result, v);
}

}  // namespace nard::ai
