// A variant is data: geometry, checker count, start layout and a few rule hooks.
// Code asks the spec what holds ("can a blot be hit?") instead of testing the variant.
#pragma once
#include <array>
#include <optional>
#include <string_view>

#include "types.h"

namespace nard {

enum class Geometry : std::uint8_t {
  Opposed,        // my point p is the opponent's 25-p; hit checkers go to the bar
  SameDirection,  // Long Nard: my point p is the opponent's p+12 (p<=12) or p-12
};

struct VariantSpec {
  Variant id;
  std::string_view key;   // "standard", "nackgammon", "hyper", "longnard"
  std::string_view name;  // English display name (the UI's translation key)
  std::string_view matVariation;  // the .mat "Variation" tag, spelt as gnubg matches it
  bool matVariationIsOurs;        // no other program reads that tag (the file says so)
  std::string_view netFamily;     // variants of one family share the AI's nets (docs/AI.md)
  int checkers;           // per side
  Geometry geometry;
  int blockAt;            // opponent checkers that close a point (2, or 1 in Long Nard)
  bool hitting;           // a lone opponent checker on the landing point is hit
  bool headRule;          // at most one checker leaves point 24 per turn (Long Nard)
  bool sixBlockRule;      // no six-point prime with every opponent checker behind it
  bool ruleSetApplies;    // traditional/modern choice exists (else its own rules)
  bool backgammons;       // a triple win exists at all (still subject to the rule set)
  bool cube;              // the doubling cube can be used (still subject to the rule set)
  std::array<std::uint8_t, kSlots> start;  // own numbering; index 0/25 unused at start
};

const VariantSpec& spec(Variant v);
std::optional<Variant> parseVariant(std::string_view key);
std::optional<Rules> parseRules(std::string_view key);
std::string_view rulesKey(Rules r);

// The opponent's number for my point p (1..24).
constexpr int opponentPoint(Geometry g, int p) {
  if (g == Geometry::Opposed) return 25 - p;
  return p <= 12 ? p + 12 : p - 12;
}

}  // namespace nard
