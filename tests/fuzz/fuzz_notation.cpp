// Fuzz: move notation against positions reached by play. A play found must be legal.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/notation.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 3) return 0;
  const nard::VariantSpec& v = nard::spec(static_cast<nard::Variant>(data[0] % nard::kVariantCount));
  nard::Rng rng(data[1]);
  nard::Position pos = nard::startPosition(v);
  nard::PlayList list;
  for (int i = 0; i < data[2] % 40; ++i) {  // wander a little from the start
    nard::generatePlays(pos, rng.roll(), nard::cubelessPolicy(v, nard::Rules::Modern), list);
    if (!list.empty()) pos = list[rng.below(static_cast<int>(list.size()))].result;
    pos = pos.me()[nard::kOff] == v.checkers ? nard::startPosition(v) : pos.flipped();
  }
  nard::generatePlays(pos, rng.roll(), nard::cubelessPolicy(v, nard::Rules::Traditional), list);
  std::string text(reinterpret_cast<const char*>(data + 3), size - 3);
  std::string error;
  auto play = nard::findPlay(list, pos, text, &error);
  if (!play) {
    if (error.empty()) std::abort();
    return 0;
  }
  bool listed = false;
  for (const nard::Play& p : list) listed |= p.result == play->result;
  if (!listed) std::abort();
  return 0;
}
