#include "variant.h"

namespace nard {
namespace {

constexpr std::array<std::uint8_t, kSlots> layout(std::initializer_list<std::pair<int, int>> stacks) {
  std::array<std::uint8_t, kSlots> a{};
  for (auto [point, count] : stacks) a[point] = static_cast<std::uint8_t>(count);
  return a;
}

// Start layouts, each side in its own numbering (it moves from 24 down to its home, 1..6).
const std::array<VariantSpec, kVariantCount> kSpecs = {{
    {.id = Variant::Standard, .key = "standard", .name = "Standard",
     .matVariation = "Backgammon", .matVariationIsOurs = false, .netFamily = "standard",
     .checkers = 15, .geometry = Geometry::Opposed, .blockAt = 2, .hitting = true,
     .headRule = false, .sixBlockRule = false, .ruleSetApplies = true, .backgammons = true,
     .cube = true, .start = layout({{24, 2}, {13, 5}, {8, 3}, {6, 5}})},
    {.id = Variant::Nackgammon, .key = "nackgammon", .name = "Nackgammon",
     .matVariation = "NackGammon", .matVariationIsOurs = false, .netFamily = "nackgammon",
     .checkers = 15, .geometry = Geometry::Opposed, .blockAt = 2, .hitting = true,
     .headRule = false, .sixBlockRule = false, .ruleSetApplies = true, .backgammons = true,
     .cube = true, .start = layout({{24, 2}, {23, 2}, {13, 4}, {8, 3}, {6, 4}})},
    {.id = Variant::Hyper, .key = "hyper", .name = "Hyper",
     .matVariation = "HyperGammon (3)", .matVariationIsOurs = false, .netFamily = "hyper",
     .checkers = 3, .geometry = Geometry::Opposed, .blockAt = 2, .hitting = true,
     .headRule = false, .sixBlockRule = false, .ruleSetApplies = true, .backgammons = true,
     .cube = true, .start = layout({{24, 1}, {23, 1}, {22, 1}})},
    {.id = Variant::LongNard, .key = "longnard", .name = "Long Nard",
     .matVariation = "LongNard", .matVariationIsOurs = true, .netFamily = "longnard",
     .checkers = 15, .geometry = Geometry::SameDirection, .blockAt = 1, .hitting = false,
     .headRule = true, .sixBlockRule = true, .ruleSetApplies = false, .backgammons = false,
     .cube = false, .start = layout({{24, 15}})},
}};

}  // namespace

const VariantSpec& spec(Variant v) { return kSpecs[static_cast<int>(v)]; }

std::optional<Variant> parseVariant(std::string_view key) {
  for (const auto& s : kSpecs)
    if (s.key == key) return s.id;
  return std::nullopt;
}

std::optional<Rules> parseRules(std::string_view key) {
  if (key == "modern") return Rules::Modern;
  if (key == "traditional") return Rules::Traditional;
  return std::nullopt;
}

std::string_view rulesKey(Rules r) { return r == Rules::Modern ? "modern" : "traditional"; }

}  // namespace nard
