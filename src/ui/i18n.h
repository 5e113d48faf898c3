// Every string the player reads goes through T(): the key is the English text, so UI
// code stays readable and a missing translation falls back to English. For Persian the
// returned text is already shaped (joined letters, lam-alef) and in visual order (right
// to left, numbers left to right), ready for ImGui, which draws glyphs left to right.
// Shaping and ordering are FriBidi's (fribidi_shape with FRIBIDI_FLAGS_ARABIC gives
// Arabic presentation forms; the embedded Vazirmatn subset holds them, see fonts.cpp).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "ui/catalog.h"
#include "ui/language.h"

// Marks a literal for translation where it is stored for a later T(name) call, so that
// tools/check_strings.py sees it: static const char* kSpeeds[] = {N_("Off"), ...}.
#define N_(english) english

namespace ui {

void setLanguage(Language lang);
Language language();
// Called with the language when setLanguage changes it, and for the first call in any
// case: the platform layer tells the page (<html lang dir>, read by screen readers, the
// loading screen and the browser tests). ui itself knows nothing of the browser.
void setLanguageListener(void (*listener)(Language lang));
bool rightToLeft();                 // mirror menus and dialogs (Persian, Arabic)
// A fetched language (not built in) whose catalog has not arrived: until it does, T()
// gives English. The platform fetches it when the language is chosen.
bool catalogNeeded(Language lang);
// Makes `lang` speak its catalog (checked by parseCatalog); false if it already has one.
bool installCatalog(Language lang, Catalog catalog);
void setPersianDigits(bool on);     // ۰۱۲… instead of 0 1 2 in Persian text
bool persianDigits();

// The display form of an English UI string in the current language. The pointer stays
// valid for the page's lifetime (one cached copy per language and digit setting).
const char* T(const char* english);
// Display form of text built at run time (e.g. with numbers formatted in). The pieces
// may be T() results: display() recognises them and puts the whole line in order once,
// so display(std::string(T("White")) + ": " + T("to roll")) reads right in Persian.
std::string display(std::string_view text);
// printf-style: translates the format (logically), formats, then display()s the result:
// Tf("Match to %d points", 5). Never pass a T() result as a printf format.
std::string Tf(const char* englishFormat, ...) __attribute__((format(printf, 1, 2)));
// The same for a text with a count: the language's plural form for `count` (English: the
// singular for 1, else the plural; Persian and the others: their .po's Plural-Forms rule),
// then formatted with the arguments, which usually hold the count again:
// Tnf("Match to %d point", "Match to %d points", n, n).
std::string Tnf(const char* englishSingular, const char* englishPlural, unsigned long count, ...)
    __attribute__((format(printf, 2, 4)));
// The translation in logical order, unshaped (English if there is none): for building
// longer text that is passed to display() or displayLines() afterwards.
const char* translate(const char* english);

// Breaks logical text into display lines no wider than maxWidth (as measured by
// `width` on display forms), each ready to draw; '\n' starts a new paragraph. Lines of
// right-to-left text are meant to be right-aligned (see rightToLeft()).
std::vector<std::string> displayLines(std::string_view text, float maxWidth,
                                      float (*width)(std::string_view displayText));

}  // namespace ui
