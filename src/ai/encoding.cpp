#include "encoding.h"

#include <algorithm>
#include <array>
#include <bit>

#include "engine/dice.h"

namespace nard::ai {
namespace {

constexpr int kOpposedSide = 24 * 4 + 2 + 6;  // points, bar, off, features
constexpr int kLongSide = 24 * 4 + 1 + 6;     // points, off, features
// Contact features added later (issue 12), after both sides' blocks so that a net trained
// before them is the same net with zero weights on them (nard-distill pad-inputs).
constexpr int kContactFeatures = static_cast<int>(ContactFeature::Count);
constexpr int kFirstSet = static_cast<int>(kSecondFeatureSet);
constexpr int kSecondSet = kContactFeatures - kFirstSet;
constexpr std::uint32_t kPointBits = 0x1FFFFFEu;  // bits 1..24
constexpr std::uint32_t kHomeBits = 0x7Eu;        // bits 1..6

int rearmost(const Side& s) {
  for (int p = kBar; p >= 1; --p)
    if (s[p]) return p;
  return 0;
}

// The rolls (of 36) with which a checker can travel its roll's two dice in full without
// landing on a point the opponent holds, looking 12 pips ahead: the "escapes" of gnubg's
// inputs (a double counts its first two steps). It depends only on which of those 12
// points are held, so it is a table of the 4,096 patterns, indexed with bit 12 - d for the
// point d pips ahead.
const std::array<std::uint8_t, 4096>& escapeTable() {
  static const std::array<std::uint8_t, 4096> table = [] {
    std::array<std::uint8_t, 4096> t{};
    for (int w = 0; w < 4096; ++w) {
      auto held = [&](int d) { return d >= 1 && d <= 12 && (w >> (12 - d) & 1); };
      int escapes = 0;
      for (const auto& r : kAllRolls) {
        const int a = r.dice.a, b = r.dice.b;
        if (!held(a + b) && !(held(a) && held(b))) escapes += r.weight;
      }
      t[static_cast<std::size_t>(w)] = static_cast<std::uint8_t>(escapes);
    }
    return t;
  }();
  return table;
}

// Escaping rolls (of 36) for a checker on s's point `from` (25 = the bar); `held`: bit x set
// where the opponent holds s's point x (SideScan::heldByIt).
int escapes(const std::array<std::uint8_t, 4096>& table, std::uint32_t held, int from) {
  const std::uint64_t window = (static_cast<std::uint64_t>(held) << 12) >> from;  // bit j: point from - 12 + j
  return table[window & 0xFFF];
}

// What the inputs ask of a side's checkers, gathered in one pass over its points: each
// input below reads these masks and sums instead of walking the points again.
struct SideScan {
  std::uint32_t occupied = 0;  // bit x: a checker on the side's point x (25: the bar)
  std::uint32_t made = 0;      // bit x: two or more on x (x = 1..24)
  std::uint32_t heldByIt = 0;  // bit x: two or more on the opponent's point x, i.e. its own 25 - x
  std::uint32_t blotsSeenByIt = 0;  // bit x: a blot on the opponent's point x, i.e. its own 25 - x
  int pips = 0;
  int onBoard = 0;  // checkers on the points and the bar

  explicit SideScan(const Side& s) {
    for (int x = 1; x <= kBar; ++x) {
      const int n = s[x];
      if (!n) continue;
      occupied |= 1u << x;
      pips += x * n;
      onBoard += n;
      if (x == kBar) break;
      if (n >= 2) made |= 1u << x, heldByIt |= 1u << (25 - x);
      else blotsSeenByIt |= 1u << (25 - x);
    }
  }
  int rearmost() const { return occupied ? 31 - std::countl_zero(occupied) : 0; }
};

// The longest row of set bits in a mask (each step keeps the bits whose lower neighbour is set).
int longestRow(std::uint32_t m) {
  int n = 0;
  for (; m; ++n) m &= m >> 1;
  return n;
}

// What o's next roll can do to s's blots, blocking ignored: the chance of hitting at least
// one (what hitChance returns), the chance of hitting two, and the pips s loses on average
// (for each roll the worst hit it allows: a blot on s's point x sent back loses 25 - x
// pips). One pass over the rolls for all three, since the encoding asks for each.
struct ShotOdds {
  float single = 0.f, twice = 0.f, pipLoss = 0.f;
};

ShotOdds shotOdds(const SideScan& s, const SideScan& oScan, const Side& o) {
  // Both sides as bit masks in o's numbering, so that "a checker d pips above" is a shift.
  const std::uint32_t blots = s.blotsSeenByIt;  // bit p: s has a blot on o's point p, which loses p pips if hit
  ShotOdds odds;
  if (!blots) return odds;
  const std::uint32_t occupied = oScan.occupied;  // bit q: o has a checker on its point q (25: the bar)
  const auto hitFrom = [&](int d) { return blots & (occupied >> d); };  // blots with a checker d above
  const bool severalBlots = (blots & (blots - 1)) != 0;
  int single = 0, twice = 0, lost = 0;
  for (const auto& r : kAllRolls) {
    const int a = r.dice.a, b = r.dice.b;
    const std::uint32_t withA = hitFrom(a), withB = hitFrom(b);
    std::uint32_t hit = withA | withB | hitFrom(a + b);
    bool two = false;
    if (r.dice.isDouble()) {
      hit |= hitFrom(3 * a);
      const std::uint32_t withinThree = hit;  // two blots within three steps: a double hits both
      hit |= hitFrom(4 * a);
      two = (withinThree & (withinThree - 1)) != 0;  // two bits or more (popcount is a call without -mpopcnt)
    } else if (severalBlots) {
      // A hit with one die, then on with the other to a blot that far below.
      two = (withA & (blots << b)) || (withB & (blots << a));
      // One die each: two blots, and two checkers to hit them (one checker cannot do both).
      for (std::uint32_t i = withA; i && !two; i &= i - 1)
        for (std::uint32_t j = withB; j && !two; j &= j - 1) {
          const int p = std::countr_zero(i), q = std::countr_zero(j);
          two = p != q && (p + a != q + b || o[p + a] >= 2);
        }
    }
    if (!hit) continue;
    single += r.weight;
    twice += two ? r.weight : 0;
    lost += r.weight * (31 - std::countl_zero(hit));  // the farthest-advanced blot hit loses most
  }
  odds.single = single / 36.f;
  odds.twice = twice / 36.f;
  odds.pipLoss = lost / 36.f;
  return odds;
}

// The sum of squared distances behind their mean of the checkers still on the board.
float spreadBehindMean(const Side& s, const SideScan& scan) {
  if (!scan.onBoard) return 0.f;
  const float mean = static_cast<float>(scan.pips) / static_cast<float>(scan.onBoard);
  float sum = 0.f;
  for (int x = kBar; x > mean; --x)
    if (s[x]) sum += s[x] * (x - mean) * (x - mean);
  return sum;
}

// The raw encoding of s's checkers and a few counts; `shots`: o's shots at s (shotOdds).
void encodeOpposedSide(const Side& s, const SideScan& scan, const SideScan& oScan, const ShotOdds& shots,
                       int checkers, int base, Inputs& out) {
  for (std::uint32_t m = scan.occupied & kPointBits; m; m &= m - 1) {  // the points in order, as the indices go
    const int p = std::countr_zero(m);
    const int n = s[p];
    int b = base + 4 * (p - 1);
    out.add(b, 1.f);
    if (n >= 2) out.add(b + 1, 1.f);
    if (n >= 3) out.add(b + 2, 1.f);
    if (n > 3) out.add(b + 3, (n - 3) * 0.5f);
  }
  int f = base + 96;
  out.add(f, s[kBar] * 0.5f);
  out.add(f + 1, float(s[kOff]) / checkers);
  out.add(f + 2, scan.pips / (10.f * checkers));
  out.add(f + 3, scan.rearmost() / 25.f);
  const int home = std::popcount(scan.made & kHomeBits);
  const int closedAgainst = std::popcount(oScan.made & kHomeBits);  // where s enters from the bar
  out.add(f + 4, home / 6.f);
  out.add(f + 5, std::min(longestRow(scan.made), 6) / 6.f);
  out.add(f + 6, shots.single);
  out.add(f + 7, closedAgainst / 6.f);
}

// What the raw point counts show a net only slowly: how trapped s's back checkers are,
// its anchors, the pips it must still play to get past the opponent (contact's length),
// its timing (pips left outside home), and its blots within the opponent's direct range.
void encodeContactFeatures(const Side& s, const SideScan& scan, const SideScan& oScan, const ShotOdds& shots,
                           int side, Inputs& out) {
  auto put = [&](ContactFeature f, float v) { out.add(contactFeatureInput(side, f), v); };
  const auto& table = escapeTable();
  const int rear = scan.rearmost();
  const std::uint32_t held = oScan.heldByIt;
  put(ContactFeature::RearTrapped, rear > kHomeTop ? 1.f - escapes(table, held, rear) / 36.f : 0.f);
  int minEscapes = 36;
  for (int x = 13; x <= kPoints; ++x) minEscapes = std::min(minEscapes, escapes(table, held, x));
  put(ContactFeature::Blockade, 1.f - minEscapes / 36.f);
  const std::uint32_t backAnchors = scan.made & (0x1FFu << 16);  // points 16..24
  put(ContactFeature::AnchorsBack, std::popcount(backAnchors & (0x3Fu << 19)) / 3.f);
  const int advanced = backAnchors ? 25 - std::countr_zero(backAnchors) : 0;  // the most advanced anchor
  put(ContactFeature::AdvancedAnchor, advanced / 9.f);
  const int theirRear = 25 - oScan.rearmost();  // in s's numbering; s's checkers above it are behind it
  int behind = 0, outside = 0, mobility = 0;
  for (std::uint32_t m = scan.occupied; m; m &= m - 1) {
    const int x = std::countr_zero(m), n = s[x];
    if (x > theirRear) behind += n * (x - theirRear);
    if (x > kHomeTop) {
      outside += n * (x - kHomeTop);
      // gnubg's "mobility": checkers outside home weighted by how far they have to come and
      // how freely they can move
      mobility += n * (x - kHomeTop) * escapes(table, held, x);
    }
  }
  put(ContactFeature::ContactPips, std::min(behind, 300) / 150.f);
  put(ContactFeature::OutfieldPips, std::min(outside, 300) / 150.f);
  int blotsInRange = 0;  // blots with an opponent's checker (or the bar) 1 to 6 pips above, in its numbering
  for (std::uint32_t m = scan.blotsSeenByIt; m; m &= m - 1)
    blotsInRange += ((oScan.occupied >> (std::countr_zero(m) + 1)) & 0x3F) != 0;
  put(ContactFeature::BlotsInRange, blotsInRange / 3.f);
  put(ContactFeature::DoubleHit, shots.twice);
  put(ContactFeature::Mobility, std::min(mobility, 7200) / 3600.f);
  put(ContactFeature::Spread, std::min(spreadBehindMean(s, scan), 800.f) / 400.f);
  put(ContactFeature::PipLoss, shots.pipLoss / 12.f);
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
  return shotOdds(SideScan(target), SideScan(shooter), shooter).single;
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

int contactFeatureInput(int side, ContactFeature f) {
  // Each set holds side 0's features then side 1's; the second set comes after the whole
  // first one, so that padding an older net (new inputs at the end) keeps every index.
  const int i = static_cast<int>(f);
  if (i < kFirstSet) return 2 * kOpposedSide + side * kFirstSet + i;
  return 2 * kOpposedSide + 2 * kFirstSet + side * kSecondSet + (i - kFirstSet);
}

int inputCount(Geometry g) {
  return g == Geometry::Opposed ? 2 * (kOpposedSide + kContactFeatures) : 2 * kLongSide;
}

void encode(const Position& p, const VariantSpec& v, Inputs& out) {
  out.clear();
  if (v.geometry == Geometry::Opposed) {
    const SideScan me(p.me()), them(p.them());
    const ShotOdds atMe = shotOdds(me, them, p.them()), atThem = shotOdds(them, me, p.me());
    encodeOpposedSide(p.me(), me, them, atMe, v.checkers, 0, out);
    encodeOpposedSide(p.them(), them, me, atThem, v.checkers, kOpposedSide, out);
    encodeContactFeatures(p.me(), me, them, atMe, 0, out);
    encodeContactFeatures(p.them(), them, me, atThem, 1, out);
  } else {
    encodeLongSide(p.me(), p.them(), 0, out);
    encodeLongSide(p.them(), p.me(), kLongSide, out);
  }
}

}  // namespace nard::ai
