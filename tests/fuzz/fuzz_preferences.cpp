// Fuzz: the stored preferences (browser storage key "nard.prefs"). Parsing any text never
// throws and always gives valid values (each bad line dropped with a notice); valid
// preferences written back parse to the same, with no notice.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/match.h"
#include "engine/savegame.h"
#include "ui/language.h"
#include "ui/preferences.h"

namespace {

bool knownLevel(const std::string& s) {
  for (const char* l : {"beginner", "intermediate", "advanced", "expert", "master"})
    if (s == l) return true;
  return false;
}

bool valid(const ui::Preferences& p) {
  ui::Language known;   // a language of ui/language.h, or none chosen
  return (p.lang.empty() || ui::parseLanguageCode(p.lang, &known)) && (p.theme == "walnut" || p.theme == "ebony") &&
         p.animationSpeed >= 0 && p.animationSpeed <= 3 && nard::Match::validate(p.lastGame.match).empty() &&
         knownLevel(p.lastGame.levels[0]) && knownLevel(p.lastGame.levels[1]) &&
         (p.lastGame.seats[0] == app::Seat::Human || p.lastGame.seats[0] == app::Seat::Computer) &&
         (p.lastGame.seats[1] == app::Seat::Human || p.lastGame.seats[1] == app::Seat::Computer);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> notices;
  const ui::Preferences p = ui::parsePreferences(text, &notices);  // must not throw
  if (!valid(p)) std::abort();
  for (const std::string& n : notices)
    if (n.empty() || n.size() > 200) std::abort();  // one short line each, for the console
  // What was kept is written back and read again unchanged, without a notice.
  const std::string again = ui::formatPreferences(p);
  std::vector<std::string> none;
  const ui::Preferences q = ui::parsePreferences(again, &none);
  if (!none.empty() || ui::formatPreferences(q) != again) std::abort();
  // No notice only for nothing stored, or for this version's header line first.
  const std::string header(ui::kPrefsHeader);
  if (notices.empty() && !text.empty() &&
      !(text.rfind(header, 0) == 0 && (text.size() == header.size() || text[header.size()] == '\n')))
    std::abort();
  return 0;
}
