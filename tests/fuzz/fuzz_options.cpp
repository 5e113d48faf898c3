// Fuzz: match options text (saved preferences, URL-derived settings).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/savegame.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  auto o = nard::parseOptions(text, &error);
  if (!o) {
    if (error.empty()) std::abort();
    return 0;
  }
  auto again = nard::parseOptions(nard::formatOptions(*o), &error);
  if (!again || nard::formatOptions(*again) != nard::formatOptions(*o)) std::abort();
  return 0;
}
