// Every string the player reads goes through T(): the key is the English text, so UI
// code stays readable and a missing translation falls back to English. For Persian the
// returned text is already shaped (joined letters, lam-alef) and in visual order (right
// to left, numbers left to right), ready for ImGui, which draws glyphs left to right.
#pragma once
#include <string>
#include <string_view>

namespace ui {

enum class Language { English, Persian };

void setLanguage(Language lang);
Language language();
bool rightToLeft();                 // mirror menus and dialogs
void setPersianDigits(bool on);     // ۰۱۲… instead of 0 1 2 in Persian text

// The display form of an English UI string in the current language. The pointer stays
// valid until the language changes.
const char* T(const char* english);
// Display form of text built at run time (e.g. with numbers formatted in): translate the
// parts with T() first, then pass the whole logical string here.
std::string display(std::string_view logicalText);

}  // namespace ui
