// A language's fetched catalog (issue 29): its strings, its plural forms and the font
// subset with the letters the game's own font lacks. The page fetches i18n/CODE.json when
// a player chooses the language (tools/i18n/web_catalog.py writes it at build time) and
// hands the text to the game, which checks all of it before anything changes: a file that
// is cut short, altered or of another language is refused with the reason, and the game
// stays in the language it had.
#pragma once
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ui {

struct CatalogFont {
  std::string ttf;                      // the font file's bytes
  std::vector<unsigned short> ranges;   // Dear ImGui glyph ranges: first, last, ..., 0
  float scale = 1;                      // its pixel size over the UI font's (the same em)
};

struct Catalog {
  std::string code;
  std::unordered_map<std::string, std::string> strings;                 // English -> translation
  std::unordered_map<std::string, std::vector<std::string>> plurals;   // English singular -> forms
  std::vector<CatalogFont> fonts;
  // Hindi: each Devanagari run of the text -> its syllables, shaped by HarfBuzz at build
  // time as Private Use Area code points, one composite glyph each in the catalog's fonts
  // (tools/i18n/devanagari.py). The strings stay logical: display() draws these instead.
  std::unordered_map<std::string, std::string> shaped;
};

// Devanagari runs, found as tools/i18n/devanagari.py finds them: a Devanagari character,
// then Devanagari characters and joiners (ZWNJ, ZWJ). In practice a word.
inline bool isDevanagari(char32_t c) { return (c >= 0x0900 && c <= 0x097F) || (c >= 0xA8E0 && c <= 0xA8FF); }
inline std::size_t devanagariRunEnd(std::u32string_view s, std::size_t start) {
  std::size_t end = start;
  while (end < s.size() && (isDevanagari(s[end]) || s[end] == 0x200C || s[end] == 0x200D)) ++end;
  return end;
}
// The Private Use Area blocks of shaped syllables: a catalog's, and the language menu's
// names' (ui_font.h), kept apart because both fonts are merged into one atlas.
inline constexpr char32_t kCatalogSyllablesFirst = 0xE000, kCatalogSyllablesLast = 0xEFFF;
inline constexpr char32_t kNameSyllablesFirst = 0xF000, kNameSyllablesLast = 0xF8FF;

// Parses and checks `json` as the catalog of `expectedCode`; false with the reason in
// *why (and *out untouched) for anything else.
bool parseCatalog(std::string_view json, std::string_view expectedCode, Catalog* out, std::string* why);

}  // namespace ui
