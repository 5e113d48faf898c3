// Fuzz: Match IDs from any bytes; a valid one must encode back to the same text (up to
// the order of the dice) and decode to the same key.
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/ids.h"

namespace {

// Set bits of a base64 text (only valid IDs get here).
int setBits(const std::string& base64) {
  static const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  int n = 0;
  for (char c : base64) n += std::popcount(static_cast<unsigned>(alphabet.find(c)));
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string id(reinterpret_cast<const char*>(data), size);
  std::string error;
  auto k = nard::parseMatchId(id, &error);
  if (!k) {
    if (error.empty()) std::abort();
    return 0;
  }
  // One state, one ID: the same text again, except that dice written lower first come back
  // higher first (gnubg reads both orders but writes only that one). Swapping the two dice
  // fields keeps the number of set bits, so no other bit can have been dropped or added.
  std::string again = nard::matchId(*k);
  if (again != id && (k->dice.a == k->dice.b || setBits(again) != setBits(id))) std::abort();
  auto back = nard::parseMatchId(again, &error);
  if (!back || !(*back == *k)) std::abort();
  return 0;
}
