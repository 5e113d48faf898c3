// Fuzz: Match IDs from any bytes; a valid one must encode back to the same text.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/ids.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string id(reinterpret_cast<const char*>(data), size);
  std::string error;
  auto k = nard::parseMatchId(id, &error);
  if (!k) {
    if (error.empty()) std::abort();
    return 0;
  }
  if (nard::matchId(*k) != id) std::abort();
  return 0;
}
