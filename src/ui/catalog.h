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
};

// Parses and checks `json` as the catalog of `expectedCode`; false with the reason in
// *why (and *out untouched) for anything else.
bool parseCatalog(std::string_view json, std::string_view expectedCode, Catalog* out, std::string* why);

}  // namespace ui
