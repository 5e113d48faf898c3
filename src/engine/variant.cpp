#include "variant.h"

namespace nard {
namespace {

constexpr std::array<std::uint8_t, kSlots> layout(std::initializer_list<std::pair<int, int>> stacks) {
  std::array<std::uint8_t, kSlots> a{};
  for (auto [point, count] : stacks) a[point] = static_cast<std::uint8_t>(count);
  return a;
}

// Start layouts as in RULES.md ("The four variants"), each side in its own numbering.
const std::array<VariantSpec, kVariantCount> kSpecs = {{
    {Variant::Standard, "standard", "Standard", 15, Geometry::Opposed, 2, true, false, false,
     true, true, true, layout({{24, 2}, {13, 5}, {8, 3}, {6, 5}})},
    {Variant::Nackgammon, "nackgammon", "Nackgammon", 15, Geometry::Opposed, 2, true, false,
     false, true, true, true, layout({{24, 2}, {23, 2}, {13, 4}, {8, 3}, {6, 4}})},
    {Variant::Hyper, "hyper", "Hyper", 3, Geometry::Opposed, 2, true, false, false, true, true,
     true, layout({{24, 1}, {23, 1}, {22, 1}})},
    {Variant::LongNard, "longnard", "Long Nard", 15, Geometry::SameDirection, 1, false, true,
     true, false, false, false, layout({{24, 15}})},
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
