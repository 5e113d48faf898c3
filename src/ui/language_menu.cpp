#include "ui/language_menu.h"

#include <imgui.h>

#include "ui/i18n.h"
#include "ui/mirrored_widgets.h"

namespace ui {

bool languageMenuItems(std::string* langCode, bool* persianDigits, const std::function<void(const char*)>& record) {
  bool changed = false;
  const Language current = language();
  if (menuItem("English", current == Language::English)) {
    setLanguage(Language::English);
    changed = true;
  }
  if (record) record("langEn");
  static const std::string persian = display("\u0641\u0627\u0631\u0633\u06CC");   // فارسی
  if (menuItem((persian + "###langFa").c_str(), current == Language::Persian)) {
    setLanguage(Language::Persian);
    changed = true;
  }
  if (record) record("langFa");
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
