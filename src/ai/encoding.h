// What the networks see: a position turned into numbers, and the class of position that
// decides which evaluator answers (contact net, race net, or the bear-off database).
#pragma once
#include "engine/position.h"
#include "engine/variant.h"
#include "mlp.h"

namespace nard::ai {

enum class PosClass : std::uint8_t {
  Contact,  // the sides can still hit or block each other
  Race,     // no more contact, but not every checker is home yet
  Bearoff,  // both sides have every checker in their home board: exact database answer
};

PosClass classify(const Position& p, const VariantSpec& v);

// Number of inputs of the encoding for a geometry.
int inputCount(Geometry g);

// TD-Gammon style: 4 units per point per side (1, 2, 3 checkers, and half of the rest),
// bar and borne-off counts, then a few hand-made features per side (pips, blots in
// reach, primes, closed board / blocks). Long Nard has its own layout (no bar, blocks
// instead of hits, stacking). Side 0 (on roll) comes first.
void encode(const Position& p, const VariantSpec& v, Inputs& out);

// The hand-made contact features of the Opposed encoding (after both sides' point blocks),
// per side. An "escape" is a roll whose two dice the checker can travel in full without
// landing on a point the opponent holds (gnubg's definition). The features: how trapped
// its rearmost checker is (1 - its escapes / 36), the opponent's blockade (1 - the fewest
// escapes from any of points 13-24, / 36), its anchors in the opponent's home board / 3,
// its most advanced point held in 16-24 ((25 - point) / 9), the pips it must play to get
// past the opponent's rearmost checker / 150, its pips outside its home board / 150, its
// blots within 6 pips of an opponent checker / 3, and the chance that the opponent hits
// two of its blots.
//
// A second set, appended after the first (run 10; a net of the first set is padded with zero
// weights, so its inputs keep their indices): mobility (each checker outside its home board,
// its escapes x its distance from home, summed / 3600, gnubg's I_MOBILITY), the spread of its
// checkers behind their mean (sum of squared distances / 400: a side whose checkers lag far
// behind the rest has a timing problem, gnubg's I_MOMENT2), and the pips it loses on average
// to the opponent's next roll when its blots are hit (the worst hit per roll, / 12 / 36;
// blocking ignored, as in hitChance).
enum class ContactFeature : int {
  RearTrapped, Blockade, AnchorsBack, AdvancedAnchor, ContactPips, OutfieldPips, BlotsInRange, DoubleHit,
  Mobility, Spread, PipLoss, Count
};
inline constexpr ContactFeature kSecondFeatureSet = ContactFeature::Mobility;
// The input index of feature `f` of side `side` (0 = on roll) in the Opposed encoding.
int contactFeatureInput(int side, ContactFeature f);

// Shared helpers, also used by the heuristic player.
int longestRun(const Side& s, int minCheckers);  // longest row of points holding >= min
// Probability (0..1) that `shooter`, on roll, can hit at least one blot of `target`
// with its next roll (Opposed geometry; blocking of intermediate points ignored).
float hitChance(const Side& target, const Side& shooter);

}  // namespace nard::ai
