// The Language menu's items, for the caller's menu bar:
//   if (ImGui::BeginMenu(T("Language"))) {
//     if (ui::languageMenuItems(&s.prefs.lang, &s.prefs.persianDigits, [&](const char* n) { recordItem(s.recorded, n); }))
//       s.prefsChanged = true;
//     ImGui::EndMenu();
//   }
#pragma once
#include <functional>
#include <string>

namespace ui {

// Draws every language of ui::kLanguages, each named in itself ("English", "فارسی",
// "Русский"...), and "Persian digits". A choice takes effect at once (setLanguage /
// setPersianDigits; a fetched language shows English until its catalog arrives); the
// function returns true when the player changed something, with *langCode ("en", "ru"...)
// and *persianDigits updated for the caller to store. After each item `record` (if given)
// is called with its name, "langEn", "langFa", "langRu"..., "langDigits", so the caller can publish
// where the item is (window.nard.layout().buttons; the browser tests click them).
bool languageMenuItems(std::string* langCode, bool* persianDigits,
                       const std::function<void(const char*)>& record = {});

}  // namespace ui
