#include "ui/i18n.h"

// English only for now: the Persian table, shaping and bidi ordering come with the
// languages work (issue 5), behind this same interface.
namespace ui {
namespace {
Language g_language = Language::English;
bool g_persianDigits = false;
}  // namespace

void setLanguage(Language lang) { g_language = lang; }
Language language() { return g_language; }
bool rightToLeft() { return g_language == Language::Persian; }
void setPersianDigits(bool on) { g_persianDigits = on; }
const char* T(const char* english) { return english; }
std::string display(std::string_view logicalText) { return std::string(logicalText); }

}  // namespace ui
