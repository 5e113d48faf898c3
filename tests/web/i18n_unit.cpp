// Persian text as the game draws it, checked code point by code point: FriBidi's shaping
// (joined letters, lam-alef), right-to-left order with numbers left to right, Persian
// digits, composed lines, line breaking, and that the embedded font holds every glyph
// any translation produces. Built for wasm by cmake/Web.cmake (target i18n_unit)
// and run under node by tests/web/i18n.test.mjs: the same FriBidi the game links.
#include <cstdio>
#include <cstring>
#include <set>
#include <string>

#include "ui/i18n.h"
#include "ui/strings_fa.h"
#include "ui_font.h"

namespace {

int failures = 0;
void check(bool ok, const std::string& what) {
  std::printf("  %s %s\n", ok ? "ok  " : "FAIL", what.c_str());
  if (!ok) ++failures;
}

std::u32string cps(const std::string& s) {   // small UTF-8 decoder for the checks
  std::u32string out;
  for (std::size_t i = 0; i < s.size();) {
    unsigned char c = s[i];
    int n = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
    char32_t cp = n == 0 ? c : c & (0x3F >> n);
    for (int k = 1; k <= n; ++k) cp = (cp << 6) | (s[i + k] & 0x3F);
    out += cp;
    i += n + 1;
  }
  return out;
}

std::string hex(const std::string& s) {
  std::string out;
  char buf[12];
  for (char32_t c : cps(s)) {
    std::snprintf(buf, sizeof buf, "%s%04X", out.empty() ? "" : " ", static_cast<unsigned>(c));
    out += buf;
  }
  return out;
}

bool inFont(char32_t c) {
  for (const unsigned short* r = ui::font::kGlyphRanges; r[0]; r += 2)
    if (c >= r[0] && c <= r[1]) return true;
  return false;
}

float monoWidth(std::string_view s) { return static_cast<float>(cps(std::string(s)).size()); }

}  // namespace

int main() {
  using ui::Language;

  std::puts("English");
  ui::setLanguage(Language::English);
  const char* roll = "Roll";
  check(ui::T(roll) == roll, "T() in English returns its argument itself");
  check(ui::display("White: 5-3") == "White: 5-3", "display() leaves English text alone");
  check(ui::Tf("Match to %d points", 7) == "Match to 7 points", "Tf() formats in English");
  check(ui::Tnf("Match to %d point", "Match to %d points", 1, 1) == "Match to 1 point" &&
            ui::Tnf("Match to %d point", "Match to %d points", 7, 7) == "Match to 7 points",
        "Tnf() in English: the singular for 1, the plural for 7");
  // فارسی: feh initial, alef final, reh isolated (alef does not join forward), seen
  // initial, farsi yeh final; drawn right to left.
  check(hex(ui::display("\u0641\u0627\u0631\u0633\u06CC")) == "FBFD FEB3 FEAD FE8E FED3",
        "Persian inside English UI (a language name) is still shaped and reversed: " +
        hex(ui::display("\u0641\u0627\u0631\u0633\u06CC")));

  std::puts("Persian");
  ui::setLanguage(Language::Persian);
  check(ui::rightToLeft(), "Persian is right to left");
  // تخته نرد: teh initial, khah medial, teh medial, heh final | noon initial, reh final,
  // dal isolated (reh does not join forward) -- drawn right to left.
  check(hex(ui::T("Standard")) == "FEA9 FEAE FEE7 0020 FEEA FE98 FEA8 FE97",
        "T(\"Standard\") = \u062A\u062E\u062A\u0647 \u0646\u0631\u062F shaped, in visual order: " + hex(ui::T("Standard")));
  check(hex(ui::display("\u0644\u0627")) == "FEFB", "lam + alef become the lam-alef ligature");
  check(hex(ui::display("\u06A9\u0644\u0627\u0633")) == "FEB1 FEFC FB90",
        "keheh-lam-alef-seen (class): initial keheh, final lam-alef ligature, isolated seen");
  check(hex(ui::T("Confirm")).find("FE83") != std::string::npos || hex(ui::T("Confirm")).find("FE84") != std::string::npos,
        "alef with hamza (\u062A\u0623\u06CC\u06CC\u062F) is shaped too");

  // A menu item's ellipsis ends the Persian label, so it is drawn at its left end.
  check(cps(ui::T("New game...")).front() == 0x2026,
        "the ellipsis of \"New game...\" is drawn leftmost in Persian: " + hex(ui::T("New game...")));

  const std::string match = ui::Tf("Match to %d points", 11);
  check(match.find("11") != std::string::npos, "numbers stay left to right inside Persian: " + hex(match));
  check(hex(ui::display("\u0633\u0641\u06CC\u062F: 5-3")).rfind("0035 002D 0033") != std::string::npos,
        "dice 5-3 after Persian letters read 5-3, not 3-5");
  check(ui::display("\u062D\u0631\u06A9\u062A 24/18 13/11").find("24/18") != std::string::npos,
        "move notation keeps its order");
  check(ui::display("\u062D\u0631\u06A9\u062A bar/22* 6/off").find("bar/22*") != std::string::npos,
        "bar/22* stays one left-to-right token");

  // The status line: a T() name, then the dice; the dice keep their order.
  const std::string status = ui::display(std::string(ui::T("Black")) + ": 6-1");
  check(status.find("6-1") != std::string::npos, "\"Black: 6-1\" keeps 6-1 in Persian: " + hex(status));

  // The rules' "point 25-d" and the menu's ".mat" read as written (the browser once showed
  // d-25 and mat.; display_order_test checks the same natively with Debian's FriBidi).
  const std::string rule = ui::display("\u062F\u0631 \u062E\u0627\u0646\u0647 25-d \u0634\u0645\u0627.");
  check(rule.find("25-d") != std::string::npos, "\"25-d\" reads 25-d in Persian: " + hex(rule));
  const std::string file = ui::display("\u0641\u0627\u06CC\u0644 .mat\u2026");
  check(file.find(".mat") != std::string::npos, "\".mat\" keeps its dot in front in Persian: " + hex(file));
  ui::setPersianDigits(true);
  const std::string ruleDigits = ui::display("\u062F\u0631 \u062E\u0627\u0646\u0647 25-d \u0634\u0645\u0627.");
  check(ruleDigits.find("\u06F2\u06F5-d") != std::string::npos, "...and reads \u06F2\u06F5-d with Persian digits: " + hex(ruleDigits));
  ui::setPersianDigits(false);

  // A line built from T() pieces reads exactly like the same line written logically.
  const std::string composed = ui::display(std::string(ui::T("White")) + ": " + ui::T("to roll"));
  const std::string logical = ui::display(std::string(ui::translate("White")) + ": " + ui::translate("to roll"));
  check(composed == logical, "display() of T() pieces == display() of the logical line: " + hex(composed));
  check(cps(composed).back() == 0xFEE9 || cps(composed).back() == 0xFEB3,
        "...and the first word (\u0633\u0641\u06CC\u062F, white) is drawn rightmost: " + hex(composed));

  ui::setPersianDigits(true);
  check(ui::persianPluralForm(0) == 0 && ui::persianPluralForm(1) == 0 && ui::persianPluralForm(2) == 1 &&
            ui::persianPluralForm(15) == 1,
        "fa.po's Plural-Forms, compiled: form 0 for 0 and 1, form 1 from 2 on");
  check(ui::Tnf("Match to %d point", "Match to %d points", 15, 15) ==
            ui::display("\u0645\u0633\u0627\u0628\u0642\u0647 15 \u0627\u0645\u062A\u06CC\u0627\u0632\u06CC"),
        "Tnf() in Persian: fa.po's form for 15 (\u0645\u0633\u0627\u0628\u0642\u0647 15 \u0627\u0645\u062A\u06CC\u0627\u0632\u06CC), formatted and shaped");
  const std::string digits = ui::Tnf("Match to %d point", "Match to %d points", 15, 15);
  check(digits.find("\u06F1\u06F5") != std::string::npos, "Persian digits: 15 becomes \u06F1\u06F5, still left to right");
  check(ui::T("Standard") != nullptr && std::strlen(ui::T("Standard")) > 0, "T() works with Persian digits on");
  ui::setPersianDigits(false);

  // Every translation, shaped: only presentation forms (no bare Arabic letters left for
  // the font to draw unjoined), no invisible marks, and every glyph in the font subset.
  std::set<char32_t> missing;
  int bare = 0, invisible = 0;
  for (int digitsOn = 0; digitsOn < 2; ++digitsOn) {
    ui::setPersianDigits(digitsOn != 0);
    for (std::size_t i = 0; i < ui::kPersianStringCount; ++i) {
      for (char32_t c : cps(ui::T(ui::kPersianStrings[i].english))) {
        if (!inFont(c)) missing.insert(c);
        if (c >= 0x0621 && c <= 0x06D3) ++bare;
        if ((c >= 0x200B && c <= 0x200F) || (c >= 0x2066 && c <= 0x2069) || c == 0xFEFF) ++invisible;
      }
    }
  }
  ui::setPersianDigits(false);
  std::string list;
  char buf[16];
  for (char32_t c : missing) std::snprintf(buf, sizeof buf, " U+%04X", static_cast<unsigned>(c)), list += buf;
  check(missing.empty(), "the embedded font has every glyph of every translation" + list);
  check(bare == 0, "every Arabic letter of every translation is a presentation form (" + std::to_string(bare) + " bare)");
  check(invisible == 0, "no zero-width or bidi marks reach the screen");
  std::printf("  (%zu translations, font subset of %d characters, %zu bytes)\n", ui::kPersianStringCount,
              ui::font::kGlyphCount, ui::font::kTtfSize);

  // Line breaking: logical order top to bottom, each line within the width.
  const std::string text = "\u06CC\u06A9 \u062F\u0648 \u0633\u0647 \u0686\u0647\u0627\u0631 \u067E\u0646\u062C \u0634\u0634";
  const auto lines = ui::displayLines(text, 8, monoWidth);
  bool within = true;
  for (const auto& l : lines) within &= monoWidth(l) <= 8;
  check(lines.size() == 3 && within, "six words in lines of 8 characters: 3 lines (" + std::to_string(lines.size()) + ")");
  check(!lines.empty() && lines[0] == ui::display("\u06CC\u06A9 \u062F\u0648 \u0633\u0647"),
        "the first line holds the first words, ordered on their own");

  std::puts("A fetched language: Russian");
  ui::setLanguage(Language::Russian);
  check(ui::catalogNeeded(Language::Russian) && std::strcmp(ui::T("Roll"), "Roll") == 0 && !ui::rightToLeft(),
        "until its catalog arrives, Russian shows English, left to right");
  ui::Catalog ru;
  ru.code = "ru";
  ru.strings["Roll"] = "Бросить";   // Бросить
  ru.plurals["Match to %d point"] = {"Матч до %d очка",    // Матч до %d очка
                                     "Матч до %d очков",  // очков
                                     "Матч до %d очков"};
  check(ui::installCatalog(Language::Russian, ru), "its catalog installs");
  check(!ui::installCatalog(Language::Russian, ru), "once: a second copy is refused (T()'s pointers stay valid)");
  check(std::string(ui::T("Roll")) == "Бросить", "T() speaks it");
  check(std::strcmp(ui::T("Undo"), "Undo") == 0, "a string it lacks stays English");
  // Russian's Plural-Forms (assets/i18n/ru.po): one for 1, 21, 101; few for 2-4, 22; many otherwise.
  const struct { unsigned long n; int form; } counts[] = {{1, 0}, {21, 0}, {101, 0}, {2, 1}, {4, 1}, {22, 1}, {5, 2}, {11, 2}, {12, 2}, {0, 2}};
  for (const auto& c : counts) {
    const std::string got = ui::Tnf("Match to %d point", "Match to %d points", c.n, static_cast<int>(c.n));
    char want[64];
    std::snprintf(want, sizeof want, ru.plurals["Match to %d point"][c.form].c_str(), static_cast<int>(c.n));
    check(got == want, "Russian: " + got);
  }
  ui::setLanguage(Language::Arabic);
  check(!ui::rightToLeft(), "Arabic before its catalog: English, left to right");
  ui::Catalog ar;
  ar.code = "ar";
  ar.strings["Roll"] = "ارم";   // ارم
  ui::installCatalog(Language::Arabic, ar);
  check(ui::rightToLeft(), "Arabic with its catalog: right to left");
  check(hex(ui::T("Roll")) == "FEE1 FEAD FE8D", "Arabic shaped and ordered like Persian (alef, ra, meem: none joins the next): " + hex(ui::T("Roll")));

  std::puts("Hindi: Devanagari runs drawn as their shaped syllables");
  ui::setLanguage(Language::English);
  // The menu's name, before any catalog: the syllables of ui_font.h's name font (F000-),
  // never a Devanagari letter, which no font of the game draws.
  const std::u32string name = cps(ui::display(ui::languageInfo(Language::Hindi).name));
  bool named = !name.empty();
  for (char32_t c : name) {
    bool drawn = false;
    for (const ui::font::NameFont& f : ui::font::kNameFonts)
      for (const unsigned short* r = f.ranges; r && r[0]; r += 2) drawn |= c >= r[0] && c <= r[1];
    named &= drawn && c >= ui::kNameSyllablesFirst && c <= ui::kNameSyllablesLast;
  }
  check(named && name.size() == 3, "the menu's name is three syllables of the names' font: " + hex(ui::display(ui::languageInfo(Language::Hindi).name)));
  ui::setLanguage(Language::Hindi);
  ui::Catalog hi;
  hi.code = "hi";
  hi.strings["Player"] = "खिलाड़ी";                       // खिलाड़ी
  hi.strings["%d points"] = "%d अंक";                    // %d अंक
  hi.strings["Roll"] = "पासा फेंकें";                     // पासा फेंकें
  hi.shaped = {{"खिलाड़ी", "\uE010\uE011\uE012"}, {"अंक", "\uE020"}, {"पासा", "\uE030\uE031"}, {"फेंकें", "\uE032"}};
  check(ui::installCatalog(Language::Hindi, hi), "its catalog installs");
  check(hex(ui::T("Player")) == "E010 E011 E012", "T() draws a word's syllables: " + hex(ui::T("Player")));
  check(std::string(ui::translate("Player")) == "खिलाड़ी", "translate() keeps the logical text (the page, screen readers)");
  check(hex(ui::Tf("%d points", 12)) == "0031 0032 0020 E020", "a number formatted in stays Latin digits: " + hex(ui::Tf("%d points", 12)));
  check(hex(ui::T("Roll")) == "E030 E031 0020 E032", "runs are words: the space stays");
  check(hex(ui::display(std::string(ui::translate("Player")) + ": " + ui::T("Roll"))) == "E010 E011 E012 003A 0020 E030 E031 0020 E032",
        "a line put together from logical and display pieces");
  check(hex(ui::display("मैच")) == "092E 0948 091A", "a run the catalog lacks is left as it is");
  check(!ui::rightToLeft(), "Hindi is left to right");

  ui::setLanguage(Language::English);
  check(ui::T(roll) == roll, "back in English, T() is the English text again");
  std::printf("%s\n", failures ? "i18n unit: FAILED" : "i18n unit: all passed");
  return failures ? 1 : 0;
}
