// Fuzz: the page's URL parameters (location.search). Whatever the query, the result holds
// only valid values: a game that validates (or the base, untouched), a known language and
// theme, a parent origin that is a real origin; each thing dropped gives a warning.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/match.h"
#include "engine/savegame.h"
#include "ui/language.h"
#include "ui/preferences.h"

namespace {

nard::MatchOptions base(std::uint8_t which) {
  nard::MatchOptions o;  // standard modern 5
  if (which % 3 == 1) o.variant = nard::Variant::LongNard, o.rules = nard::Rules::Traditional, o.matchLength = 3;
  if (which % 3 == 2) o.variant = nard::Variant::Hyper, o.matchLength = 0;
  if (!nard::Match::validate(o).empty()) std::abort();
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const nard::MatchOptions b = base(data[0]);
  const std::string query(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::vector<std::string> warnings;
  const ui::UrlParams u = ui::parseUrlParams(query, b, &warnings);
  ui::Language known;
  if (!(u.lang.empty() || ui::parseLanguageCode(u.lang, &known))) std::abort();   // a language of ui/language.h
  if (!(u.theme.empty() || u.theme == "walnut" || u.theme == "ebony")) std::abort();
  if (!u.parentOrigin.empty() && !ui::isValidOrigin(u.parentOrigin)) std::abort();
  if (!nard::Match::validate(u.game).empty()) std::abort();
  if (!u.hasGame && nard::formatOptions(u.game) != nard::formatOptions(b)) std::abort();
  for (const std::string& w : warnings)
    if (w.empty() || w.size() > 200) std::abort();
  // Only the parameters the URL may set can differ from the base.
  nard::MatchOptions g = u.game;
  g.variant = b.variant, g.rules = b.rules, g.matchLength = b.matchLength;
  if (nard::formatOptions(g) != nard::formatOptions(b)) std::abort();
  // A query with no '&'-separated part that could be one of ours leaves everything alone.
  if (query.find('=') == std::string::npos && (u.hasGame || u.embed || !u.lang.empty())) std::abort();
  return 0;
}
