// Fuzz: .mat match files (nard::importMat). A file is either refused with "line N: ..." (or
// a sentence about the whole file) or gives a consistent match that exports back to text
// that imports to the same match and exports to the same text again.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/matfile.h"
#include "engine/matimport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  auto im = nard::importMat(text, &error);
  if (!im) {
    if (error.empty()) std::abort();
    return 0;
  }
  if (!im->match.checkInvariants().empty() || im->eventLines.size() != im->match.record().size()) std::abort();
  std::string again = nard::exportMat(im->match, im->names[0], im->names[1]);
  auto back = nard::importMat(again, &error);
  if (!back || nard::exportMat(back->match, back->names[0], back->names[1]) != again ||
      back->match.matchId() != im->match.matchId() || back->match.positionId() != im->match.positionId())
    std::abort();
  return 0;
}
