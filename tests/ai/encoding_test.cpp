// The hand-made contact features of the Opposed encoding (src/ai/encoding.h), worked out
// by hand on small positions: escapes past a blockade, anchors, contact and outfield pips,
// blots in range and double shots.
#include <doctest/doctest.h>

#include "ai/encoding.h"
#include "sides.h"

using namespace nard;
using namespace nard::ai;
using test_sides::side;

namespace {

const VariantSpec& standard() { return spec(Variant::Standard); }

// The value of feature `f` of `who` (0 = on roll) in the encoding of `p` (0 when absent:
// the encoding lists its non-zero inputs only).
float feature(const Position& p, int who, ContactFeature f) {
  Inputs in;
  encode(p, standard(), in);
  const int want = contactFeatureInput(who, f);
  for (int i = 0; i < in.count; ++i)
    if (in.index[i] == want) return in.value[i];
  return 0.f;
}

}  // namespace

TEST_CASE("a checker behind a full prime cannot escape; one held point in front stops 1-1 only") {
  // Mine: one checker on my 24, the rest home. Theirs: my 18..23 are their 7..2.
  Position primed{{side({{24, 1}, {6, 14}}, 15), side({{2, 2}, {3, 2}, {4, 2}, {5, 2}, {6, 2}, {7, 2}, {13, 3}}, 15)}};
  CHECK(feature(primed, 0, ContactFeature::RearTrapped) == doctest::Approx(1.0));
  CHECK(feature(primed, 0, ContactFeature::Blockade) == doctest::Approx(1.0));
  // Only my 23 (their 2) held: every roll but 1-1 travels in full.
  Position oneAhead{{side({{24, 1}, {6, 14}}, 15), side({{2, 2}, {24, 13}}, 15)}};
  CHECK(feature(oneAhead, 0, ContactFeature::RearTrapped) == doctest::Approx(1.0 / 36));
  // Nothing of theirs within 12 pips in front: nothing trapped. Their midpoint 12 pips in
  // front stops 6-6 only.
  Position open{{side({{24, 1}, {6, 14}}, 15), side({{24, 15}}, 15)}};
  CHECK(feature(open, 0, ContactFeature::RearTrapped) == 0.f);
  Position midpoint{{side({{24, 1}, {6, 14}}, 15), side({{13, 15}}, 15)}};
  CHECK(feature(midpoint, 0, ContactFeature::RearTrapped) == doctest::Approx(1.0 / 36));
  // A checker on the bar against a closed board never enters.
  Position closed{{side({{25, 1}, {6, 14}}, 15), side({{1, 2}, {2, 2}, {3, 2}, {4, 2}, {5, 2}, {6, 2}, {13, 3}}, 15)}};
  CHECK(feature(closed, 0, ContactFeature::RearTrapped) == doctest::Approx(1.0));
}

TEST_CASE("anchors, contact pips and outfield pips") {
  // Mine: anchors on my 20 and 21, three on my 13, the rest home. Their rearmost checker
  // stands on their 20, my 5: everything of mine above my 5 has yet to pass it.
  Position p{{side({{21, 2}, {20, 2}, {13, 3}, {6, 8}}, 15), side({{20, 2}, {6, 13}}, 15)}};
  CHECK(feature(p, 0, ContactFeature::AnchorsBack) == doctest::Approx(2.0 / 3));
  CHECK(feature(p, 0, ContactFeature::AdvancedAnchor) == doctest::Approx(5.0 / 9));  // the midpoint is no anchor
  const int behind = 2 * (21 - 5) + 2 * (20 - 5) + 3 * (13 - 5) + 8 * (6 - 5);
  CHECK(feature(p, 0, ContactFeature::ContactPips) == doctest::Approx(behind / 150.0));
  const int outside = 2 * (21 - 6) + 2 * (20 - 6) + 3 * (13 - 6);
  CHECK(feature(p, 0, ContactFeature::OutfieldPips) == doctest::Approx(outside / 150.0));
  // Their side: the same features of the position seen from them.
  CHECK(feature(p, 1, ContactFeature::OutfieldPips) == doctest::Approx(2 * 14 / 150.0));
  CHECK(feature(p.flipped(), 0, ContactFeature::OutfieldPips) == feature(p, 1, ContactFeature::OutfieldPips));
}

TEST_CASE("blots in range and the chance of a double hit") {
  // My blots on my 20 and my 10 (their 5 and 15), each one pip below one of their two
  // checkers (their 6 and 16); the rest of mine stacked on my 1. Both blots are in direct
  // range. Two hits need two 1s from different checkers or one checker going on from one
  // blot to the other: with 1-1 only (the 11 pips between them are no multiple of a die
  // within three steps of a double).
  Position p{{side({{20, 1}, {10, 1}, {1, 13}}, 15), side({{6, 1}, {16, 1}}, 15)}};
  CHECK(feature(p, 0, ContactFeature::BlotsInRange) == doctest::Approx(2.0 / 3));
  CHECK(feature(p, 0, ContactFeature::DoubleHit) == doctest::Approx(1.0 / 36));
  // One blot: no double hit.
  Position single{{side({{20, 1}, {1, 14}}, 15), side({{6, 1}, {16, 1}}, 15)}};
  CHECK(feature(single, 0, ContactFeature::DoubleHit) == 0.f);
  CHECK(feature(single, 0, ContactFeature::BlotsInRange) == doctest::Approx(1.0 / 3));
  // A checker hitting with one die goes on with the other: blots 2 pips apart, a shooter 3
  // above the upper one and nothing else in range. Rolls with a 3 and a 2 (3-2, 2-3)
  // hit both; no double does (3-3 reaches 3 and 6 above the blots, 2-2 reaches 2 pips
  // from the shooter only, one blot).
  Position chain{{side({{20, 1}, {22, 1}, {1, 13}}, 15), side({{8, 1}}, 15)}};
  CHECK(feature(chain, 0, ContactFeature::DoubleHit) == doctest::Approx(2.0 / 36));
}

TEST_CASE("mobility, spread behind the mean and pips lost to hits (the second feature set)") {
  // My back checker on my 24 with nothing of theirs 12 pips ahead: 36 escapes, 18 pips
  // from home; the rest of mine on my 6 count nothing.
  Position open{{side({{24, 1}, {6, 14}}, 15), side({{24, 15}}, 15)}};
  CHECK(feature(open, 0, ContactFeature::Mobility) == doctest::Approx(18 * 36 / 3600.0));
  // Their midpoint 12 pips ahead stops 6-6.
  Position midpoint{{side({{24, 1}, {6, 14}}, 15), side({{13, 15}}, 15)}};
  CHECK(feature(midpoint, 0, ContactFeature::Mobility) == doctest::Approx(18 * 35 / 3600.0));
  // 15 checkers, 108 pips: mean 7.2; only the checker on 24 lies behind it.
  CHECK(feature(open, 0, ContactFeature::Spread) == doctest::Approx(16.8 * 16.8 / 400.0));
  // One blot on my 20 (their 5), shooters 1 and 11 pips above it: the 11 rolls with a 1 and
  // 5-6 hit it, each costing 5 pips.
  Position single{{side({{20, 1}, {1, 14}}, 15), side({{6, 1}, {16, 1}}, 15)}};
  CHECK(feature(single, 0, ContactFeature::PipLoss) == doctest::Approx(13 * 5 / 36.0 / 12));
  // A second blot on my 10 (their 15), 1 pip below their 16: a 1 now hits it too, and a
  // roll counts its worst hit only (15 pips), not both.
  Position two{{side({{20, 1}, {10, 1}, {1, 13}}, 15), side({{6, 1}, {16, 1}}, 15)}};
  CHECK(feature(two, 0, ContactFeature::PipLoss) == doctest::Approx((11 * 15 + 2 * 5) / 36.0 / 12));
  // No blot: nothing to lose. The same features for the other side read from its view.
  CHECK(feature(open, 1, ContactFeature::PipLoss) == 0.f);
  CHECK(feature(two.flipped(), 1, ContactFeature::PipLoss) == feature(two, 0, ContactFeature::PipLoss));
}
