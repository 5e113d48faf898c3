// The languages of the game and their codes, as preferences ("nard.prefs": lang=fa), the
// URL (?lang=fa) and the page (<html lang>) write them. Header-only and free of the text
// machinery (i18n.h), so the preference and URL parsers, which native tests run, read
// codes the same way the game does.
//
// English and Persian are built into the game; the others arrive as catalogs fetched
// when a player chooses them (ui/catalog.h, issue 29). Hindi's Devanagari is shaped at
// build time (tools/i18n/devanagari.py), as ImGui cannot form conjuncts or reorder vowel
// signs: its catalog and the menu's name carry the shaped syllables.
#pragma once
#include <string_view>

namespace ui {

enum class Language { English, Persian, Arabic, Azerbaijani, Armenian, Georgian, Russian, Turkish, Hindi, Pseudo, PseudoMirrored };

struct LanguageInfo {
  Language language;
  const char* code;   // BCP 47 primary subtag, also the .po's name: assets/i18n/CODE.po
  const char* name;   // in its own language and script, logical order (the language menu)
  bool rightToLeft;
  bool builtIn;       // its strings are in the game (English, Persian); others are fetched
  bool inMenu = true;  // the pseudo-locales are for developers: ?lang=qps, ?lang=qpm only
};

// In the language menu's order: the built-in two, then by code.
inline constexpr LanguageInfo kLanguages[] = {
    {Language::English, "en", "English", false, true},
    {Language::Persian, "fa", "\u0641\u0627\u0631\u0633\u06CC", true, true},                                   // فارسی
    {Language::Arabic, "ar", "\u0627\u0644\u0639\u0631\u0628\u064A\u0629", true, false},                       // العربية
    {Language::Azerbaijani, "az", "Az\u0259rbaycanca", false, false},                                          // Azərbaycanca
    {Language::Hindi, "hi", "\u0939\u093F\u0928\u094D\u0926\u0940", false, false},                      // हिन्दी
    {Language::Armenian, "hy", "\u0540\u0561\u0575\u0565\u0580\u0565\u0576", false, false},                    // Հայերեն
    {Language::Georgian, "ka", "\u10E5\u10D0\u10E0\u10D7\u10E3\u10DA\u10D8", false, false},                   // ქართული
    {Language::Russian, "ru", "\u0420\u0443\u0441\u0441\u043A\u0438\u0439", false, false},                    // Русский
    {Language::Turkish, "tr", "T\u00FCrk\u00E7e", false, false},                                               // Türkçe
    // Pseudo-locales (tools/i18n/pseudo_po.py): accented, 40% longer, bracketed; the
    // second right to left. Layout problems show in them before a translator meets them.
    {Language::Pseudo, "qps", "[Pseudo]", false, false, false},
    {Language::PseudoMirrored, "qpm", "[Pseudo, mirrored]", true, false, false},
};

inline const LanguageInfo& languageInfo(Language lang) {
  for (const LanguageInfo& l : kLanguages)
    if (l.language == lang) return l;
  return kLanguages[0];
}

inline const char* languageCode(Language lang) { return languageInfo(lang).code; }

// A code of kLanguages into *out; false (and *out untouched) for anything else.
inline bool parseLanguageCode(std::string_view code, Language* out) {
  for (const LanguageInfo& l : kLanguages)
    if (code == l.code) {
      *out = l.language;
      return true;
    }
  return false;
}

// The language a browser asks for: navigator.languages joined by commas ("ru-RU,ru,en-US"),
// or one tag ("fa-IR"). The first tag whose primary subtag the game speaks (in its menu)
// wins; English when none does.
inline Language languageForLocale(std::string_view locales) {
  while (!locales.empty()) {
    const std::size_t comma = locales.find(',');
    std::string_view tag = locales.substr(0, comma);
    while (!tag.empty() && tag.front() == ' ') tag.remove_prefix(1);
    const std::size_t end = tag.find_first_of("-_");
    Language found;
    if (parseLanguageCode(tag.substr(0, end), &found) && languageInfo(found).inMenu) return found;
    if (comma == std::string_view::npos) break;
    locales.remove_prefix(comma + 1);
  }
  return Language::English;
}

}  // namespace ui
