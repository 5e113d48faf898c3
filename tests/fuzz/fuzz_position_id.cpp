// Fuzz: Position IDs from any bytes. A valid ID must round-trip exactly and its position
// must generate plays whose results are valid positions again.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/ids.h"
#include "engine/movegen.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const nard::VariantSpec& v = nard::spec(static_cast<nard::Variant>(data[0] % nard::kVariantCount));
  nard::Dice dice{static_cast<std::uint8_t>(data[1] % 6 + 1), static_cast<std::uint8_t>(data[1] / 6 % 6 + 1)};
  std::string id(reinterpret_cast<const char*>(data + 2), size - 2);
  std::string error;
  auto p = nard::parsePositionId(id, v, &error);
  if (!p) {
    if (error.empty()) std::abort();  // every refusal says why
    return 0;
  }
  if (nard::positionId(*p) != id) std::abort();
  if (p->me()[nard::kOff] == v.checkers || p->them()[nard::kOff] == v.checkers) return 0;  // game over
  for (nard::Rules r : {nard::Rules::Modern, nard::Rules::Traditional})
    for (const nard::Play& play : nard::legalPlays(*p, dice, nard::cubelessPolicy(v, r)))
      if (!nard::validatePosition(play.result, v).empty()) std::abort();
  return 0;
}
