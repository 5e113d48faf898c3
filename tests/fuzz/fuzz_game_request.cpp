// Fuzz: window.nard.newGame's request text ("variant=hyper&rules=modern&length=3&..."). A
// request is refused as a whole with a reason, or gives settings that validate; those
// settings written as a request parse back to the same.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/match.h"
#include "engine/savegame.h"
#include "ui/preferences.h"

namespace {

bool knownLevel(const std::string& s) {
  for (const char* l : {"beginner", "intermediate", "advanced", "expert", "master"})
    if (s == l) return true;
  return false;
}

std::string text(const app::SessionSettings& s) {
  return nard::formatOptions(s.match) + '|' + (s.seats[0] == app::Seat::Computer ? "C" : "H") +
         (s.seats[1] == app::Seat::Computer ? "C" : "H") + '|' + s.levels[0] + ',' + s.levels[1];
}

std::string request(const app::SessionSettings& s) {
  const nard::MatchOptions& o = s.match;
  std::string r = "variant=" + std::string(nard::spec(o.variant).key) + "&rules=" + std::string(nard::rulesKey(o.rules)) +
                  "&length=" + std::to_string(o.matchLength) + "&cube=" + (o.cube ? "1" : "0") +
                  "&crawford=" + (o.crawford ? "1" : "0") + "&jacoby=" + (o.jacoby ? "1" : "0") +
                  "&beaver=" + (o.beaver ? "1" : "0") + "&clock=" + (o.clock ? "1" : "0") + "&players=" +
                  (s.seats[0] == app::Seat::Computer ? "computer" : "human") + "," +
                  (s.seats[1] == app::Seat::Computer ? "computer" : "human");
  if (s.levels[0] == s.levels[1]) r += "&level=" + s.levels[0];
  return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string req(reinterpret_cast<const char*>(data), size);
  const app::SessionSettings base;
  app::SessionSettings out;
  out.levels = {"untouched", "untouched"};
  const std::string before = text(out);
  std::string error;
  if (!ui::parseGameRequest(req, base, &out, &error)) {
    if (error.empty() || text(out) != before) std::abort();  // refused whole, with a reason
    return 0;
  }
  if (!nard::Match::validate(out.match).empty() || !knownLevel(out.levels[0]) || !knownLevel(out.levels[1]))
    std::abort();
  app::SessionSettings again;
  if (!ui::parseGameRequest(request(out), base, &again, &error) || text(again) != text(out)) std::abort();
  return 0;
}
