// Fuzz: the saved session (browser storage key "nard.match": seats, levels and the saved
// match). Loading refuses with a reason or gives a session whose match keeps its
// invariants and that saves to text that loads back to the same.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "app/session.h"
#include "engine/dice.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto dice = [] { return nard::Dice{3, 1}; };
  std::string error;
  auto s = app::Session::load(text, dice, &error);
  if (!s) {
    if (error.empty()) std::abort();
    return 0;
  }
  if (!s->match().checkInvariants().empty()) std::abort();
  const std::string again = s->save();
  auto s2 = app::Session::load(again, dice, &error);
  if (!s2 || s2->save() != again || s2->match().matchId() != s->match().matchId() ||
      s2->match().positionId() != s->match().positionId())
    std::abort();
  // The state the page reads is well formed enough to start and end as an object.
  const std::string json = s->stateJson();
  if (json.empty() || json.front() != '{' || json.back() != '}') std::abort();
  return 0;
}
