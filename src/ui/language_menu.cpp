#include "ui/language_menu.h"

#include <imgui.h>

#include <cctype>
#include <string>

#include "ui/i18n.h"
#include "ui/mirrored_widgets.h"

namespace ui {

bool languageMenuItems(std::string* langCode, bool* persianDigits, const std::function<void(const char*)>& record) {
  bool changed = false;
  const Language current = language();
  for (const LanguageInfo& l : kLanguages) {
    if (!l.inMenu) continue;
    // "langEn", "langFa", "langRu"...: the item's name for layout().buttons.
    const std::string id = std::string("lang") + static_cast<char>(std::toupper(static_cast<unsigned char>(l.code[0]))) + (l.code + 1);
    const std::string label = display(l.name) + "###" + id;
    if (menuItem(label.c_str(), current == l.language)) {
      setLanguage(l.language);
      changed = true;
    }
    if (record) record(id.c_str());
  }
  bool digits = persianDigits ? *persianDigits : ui::persianDigits();
  if (menuItem(T("Persian digits"), &digits, current == Language::Persian)) {
    setPersianDigits(digits);
    if (persianDigits) *persianDigits = digits;
    changed = true;
  }
  if (record) record("langDigits");
  if (changed && langCode) *langCode = languageCode(language());
  return changed;
}

}  // namespace ui
