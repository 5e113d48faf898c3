#include "encoding.h"

#include <algorithm>

#include "engine/dice.h"

namespace nard::ai {
namespace {

constexpr int kOpposedSide = 24 * 4 + 2 + 6;  // points, bar, off, features
constexpr int kLongSide = 24 * 4 + 1 + 6;     // points, off, features

int rearmost(const Side& s) {
  for (int p = kBar; p >= 1; --p)
    if (s[p]) return p;
  return 0;
}

void encodeOpposedSide(const Side& s, const Side& o, int checkers, int base, Inputs& out) {
  for (int p = 1; p <= kPoints; ++p) {
    int n = s[p];
    if (!n) continue;
    int b = base + 4 * (p - 1);
    out.add(b, 1.f);
    if (n >= 2) out.add(b + 1, 1.f);
    if (n >= 3) out.add(b + 2, 1.f);
    if (n > 3) out.add(b + 3, (n - 3) * 0.5f);
  }
  int f = base + 96;
  out.add(f, s[kBar] * 0.5f);
  out.add(f + 1, float(s[kOff]) / checkers);
  out.add(f + 2, pipCount(s) / (10.f * checkers));
  out.add(f + 3, rearmost(s) / 25.f);
  int home = 0, closedAgainst = 0;
  for (int p = 1; p <= kHomeTop; ++p) {
    home += s[p] >= 2;
    closedAgainst += o[p] >= 2;  // the opponent's home board: where s enters from the bar
  }
  out.add(f + 4, home / 6.f);
  out.add(f + 5, std::min(longestRun(s, 2), 6) / 6.f);
  out.add(f + 6, hitChance(s, o));
  out.add(f + 7, closedAgainst / 6.f);
}

void encodeLongSide(const Side& s, const Side& o, int base, Inputs& out) {
  int occupied = 0, blockedSteps = 0;
  for (int p = 1; p <= kPoints; ++p) {
    int n = s[p];
    if (!n) continue;
    ++occupied;
    int b = base + 4 * (p - 1);
    out.add(b, 1.f);
    if (n >= 2) out.add(b + 1, 1.f);
    if (n >= 3) out.add(b + 2, 1.f);
    if (n > 3) out.add(b + 3, (n - 3) * 0.25f);
    // Mobility: how many of the six steps ahead of this checker the opponent holds.
    for (int d = 1; d <= 6 && p - d >= 1; ++d)
      blockedSteps += o[opponentPoint(Geometry::SameDirection, p - d)] > 0;
  }
  int home = 0, start = 0;
  for (int p = 1; p <= kHomeTop; ++p) home += s[p];
  for (int p = 19; p <= kPoints; ++p) start += s[p];
  int f = base + 96;
  out.add(f, s[kOff] / 15.f);
  out.add(f + 1, pipCount(s) / 360.f);
  out.add(f + 2, s[24] / 15.f);
  out.add(f + 3, home / 15.f);
  out.add(f + 4, std::min(longestRun(s, 1), 6) / 6.f);
  out.add(f + 5, start / 15.f);
  out.add(f + 6, occupied ? blockedSteps / (6.f * occupied) : 0.f);
}

}  // namespace

int longestRun(const Side& s, int minCheckers) {
  int best = 0, run = 0;
  for (int p = 1; p <= kPoints; ++p) {
    run = s[p] >= minCheckers ? run + 1 : 0;
    best = std::max(best, run);
  }
  return best;
}

float hitChance(const Side& target, const Side& shooter) {
  // Distances (in the shooter's pips) from some shooter checker to some target blot.
  std::uint32_t reach = 0;
  for (int b = 1; b <= kPoints; ++b) {
    if (target[b] != 1) continue;
    int landing = 25 - b;  // the blot's point in the shooter's numbering
    for (int q = landing + 1; q <= kBar; ++q)
      if (shooter[q] && q - landing <= 24) reach |= 1u << (q - landing);
  }
  if (!reach) return 0.f;
  int hits = 0;
  for (const auto& r : kAllRolls) {
    int a = r.dice.a, b = r.dice.b;
    bool hit = (reach >> a & 1) || (reach >> b & 1) || (reach >> (a + b) & 1);
    if (r.dice.isDouble()) hit = hit || (3 * a <= 24 && (reach >> (3 * a) & 1)) || (4 * a <= 24 && (reach >> (4 * a) & 1));
    if (hit) hits += r.weight;
  }
  return hits / 36.f;
}

PosClass classify(const Position& pos, const VariantSpec& v) {
  const Side& me = pos.me();
  const Side& them = pos.them();
  int rm = rearmost(me), rt = rearmost(them);
  if (rm <= kHomeTop && rt <= kHomeTop) return PosClass::Bearoff;
  if (v.geometry == Geometry::Opposed) return rm + rt > 25 ? PosClass::Contact : PosClass::Race;
  // Same direction: contact while an opponent checker stands ahead of my last checker on
  // my path, or one of mine ahead of theirs on theirs.
  for (int q = 1; q < rm; ++q)
    if (them[opponentPoint(v.geometry, q)]) return PosClass::Contact;
  for (int q = 1; q < rt; ++q)
    if (me[opponentPoint(v.geometry, q)]) return PosClass::Contact;
  return PosClass::Race;
}

int inputCount(Geometry g) { return 2 * (g == Geometry::Opposed ? kOpposedSide : kLongSide); }

void encode(const Position& p, const VariantSpec& v, Inputs& out) {
  out.clear();
  if (v.geometry == Geometry::Opposed) {
    encodeOpposedSide(p.me(), p.them(), v.checkers, 0, out);
    encodeOpposedSide(p.them(), p.me(), v.checkers, kOpposedSide, out);
  } else {
    encodeLongSide(p.me(), p.them(), 0, out);
    encodeLongSide(p.them(), p.me(), kLongSide, out);
  }
}

}  // namespace nard::ai
