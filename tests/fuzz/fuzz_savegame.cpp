// Fuzz: saved-match text (what browser storage holds). Loading either refuses with a
// reason or gives a consistent match that saves back to text that loads to the same.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/savegame.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  auto m = nard::loadMatch(text, &error);
  if (!m) {
    if (error.empty()) std::abort();
    return 0;
  }
  if (!m->checkInvariants().empty()) std::abort();
  std::string again = nard::saveMatch(*m);
  auto m2 = nard::loadMatch(again, &error);
  if (!m2 || nard::saveMatch(*m2) != again || m2->matchId() != m->matchId()) std::abort();
  return 0;
}
