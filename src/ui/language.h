// The languages of the game and their codes, as preferences ("nard.prefs": lang=fa), the
// URL (?lang=fa) and the page (<html lang>) write them. Header-only and free of the
// Persian text machinery (i18n.h), so the preference and URL parsers, which native
// tests run, read codes the same way the game does.
#pragma once
#include <string_view>

namespace ui {

enum class Language { English, Persian };

// "en" / "fa".
inline const char* languageCode(Language lang) { return lang == Language::Persian ? "fa" : "en"; }

// "en" or "fa" into *out; false (and *out untouched) for anything else.
inline bool parseLanguageCode(std::string_view code, Language* out) {
  if (code == "fa") *out = Language::Persian;
  else if (code == "en") *out = Language::English;
  else return false;
  return true;
}

// The language a browser asks for (navigator.language, "fa-IR"): Persian for "fa" and
// its regional forms, English for everything else.
inline Language languageForLocale(std::string_view locale) {
  const bool persian = locale.substr(0, 2) == "fa" && (locale.size() == 2 || locale[2] == '-' || locale[2] == '_');
  return persian ? Language::Persian : Language::English;
}

}  // namespace ui
