// Fuzz: a fetched language's catalog (ui/catalog.h), as the page hands it over. Whatever
// the text, parseCatalog either refuses it with a reason and leaves the catalog untouched,
// or gives one the game can draw: every Devanagari run of its text has syllables, and
// every syllable is in the Private Use Area block of catalogs and in one of its fonts.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/utf8.h"
#include "ui/catalog.h"

namespace {

bool drawn(const ui::Catalog& c, char32_t cp) {
  for (const ui::CatalogFont& f : c.fonts)
    for (std::size_t i = 0; i + 1 < f.ranges.size(); i += 2)
      if (cp >= f.ranges[i] && cp <= f.ranges[i + 1]) return true;
  return false;
}

void checkRuns(const ui::Catalog& c, const std::string& text) {
  const std::u32string s = nard::decodeUtf8(text);
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (!ui::isDevanagari(s[i])) continue;
    const std::size_t end = ui::devanagariRunEnd(s, i);
    std::string run;
    for (std::size_t k = i; k < end; ++k) nard::appendUtf8(run, s[k]);
    if (!c.shaped.count(run)) std::abort();   // a run the game could not draw
    i = end - 1;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string json(reinterpret_cast<const char*>(data), size);
  ui::Catalog c;
  c.code = "untouched";
  std::string why;
  if (!ui::parseCatalog(json, "hi", &c, &why)) {
    if (why.empty() || c.code != "untouched") std::abort();
    return 0;
  }
  if (c.code != "hi" || c.strings.empty()) std::abort();
  for (const auto& [english, text] : c.strings) checkRuns(c, text);
  for (const auto& [english, forms] : c.plurals)
    for (const std::string& f : forms) checkRuns(c, f);
  for (const auto& [run, syllables] : c.shaped)
    for (char32_t cp : nard::decodeUtf8(syllables))
      if (cp < ui::kCatalogSyllablesFirst || cp > ui::kCatalogSyllablesLast || !drawn(c, cp)) std::abort();
  for (const ui::CatalogFont& f : c.fonts)
    if (f.ranges.empty() || f.ranges.back() != 0) std::abort();
  return 0;
}
