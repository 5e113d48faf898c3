// The languages' codes (URL, preferences, the browser's list) and the fetched catalogs'
// checks (ui/catalog.h): a catalog that is cut short, altered or of another language is
// refused with its reason, and nothing of it is kept.
#include <doctest/doctest.h>

#include <string>

#include "engine/base64.h"
#include "ui/catalog.h"
#include "ui/language.h"

using ui::Language;

TEST_CASE("every language's code reads back, and nothing else does") {
  for (const ui::LanguageInfo& l : ui::kLanguages) {
    Language got = Language::English;
    CHECK(ui::parseLanguageCode(l.code, &got));
    CHECK(got == l.language);
    CHECK(std::string(ui::languageCode(l.language)) == l.code);
  }
  Language untouched = Language::Russian;
  for (const char* bad : {"", "de", "RU", "ru-RU", "hi-IN", "fa ", "e"}) CHECK_FALSE(ui::parseLanguageCode(bad, &untouched));
  CHECK(untouched == Language::Russian);
  CHECK(ui::languageInfo(Language::Arabic).rightToLeft);
  CHECK(ui::languageInfo(Language::Persian).rightToLeft);
  CHECK_FALSE(ui::languageInfo(Language::Georgian).rightToLeft);
}

TEST_CASE("the browser's languages: the first one the game speaks") {
  CHECK(ui::languageForLocale("ru-RU,ru,en-US") == Language::Russian);
  CHECK(ui::languageForLocale("de-DE, hy-AM, en") == Language::Armenian);
  CHECK(ui::languageForLocale("fa-IR") == Language::Persian);
  CHECK(ui::languageForLocale("ka") == Language::Georgian);
  CHECK(ui::languageForLocale("az-Latn-AZ") == Language::Azerbaijani);
  CHECK(ui::languageForLocale("ar_EG") == Language::Arabic);
  CHECK(ui::languageForLocale("tr") == Language::Turkish);
  CHECK(ui::languageForLocale("hi-IN,de") == Language::Hindi);
  CHECK_FALSE(ui::languageInfo(Language::Hindi).rightToLeft);
  CHECK(std::string(ui::languageInfo(Language::Hindi).name) == "\u0939\u093F\u0928\u094D\u0926\u0940");   // हिन्दी
  CHECK(ui::languageForLocale("") == Language::English);
  CHECK(ui::languageForLocale(",,,") == Language::English);
  CHECK(ui::languageForLocale("rus") == Language::English);        // a three-letter code is another language
  CHECK(ui::languageForLocale("qps,ru") == Language::Russian);     // the pseudo-locales only by ?lang=
}

TEST_CASE("base64 as RFC 4648 writes it") {
  std::string out;
  CHECK(nard::decodeBase64("", &out));
  CHECK(out.empty());
  CHECK(nard::decodeBase64("Zm9vYmFy", &out));
  CHECK(out == "foobar");
  CHECK(nard::decodeBase64("Zm9vYg==", &out));
  CHECK(out == "foob");
  CHECK(nard::decodeBase64("Zm9vYmE=", &out));
  CHECK(out == "fooba");
  out = "kept";
  for (const char* bad : {"Zm9", "Zm9v!mFy", "Zg=v", "Z===", "Zm9vYmFy\n"}) CHECK_FALSE(nard::decodeBase64(bad, &out));
  CHECK(out == "kept");
}

namespace {

const char* const kGood = R"({"code":"ru","strings":{"Roll":"Бросить","Match to %d points":"Матч до %d очков"},
  "plurals":{"Match to %d point":["Матч до %d очка","Матч до %d очков","Матч до %d очков"]},
  "fonts":[{"ttf":"AAEAAAALAIAAAwAwT1MvMg==","scale":0.87,"ranges":[1040,1103]}]})";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("a fetched catalog is read whole") {
  ui::Catalog c;
  std::string why;
  REQUIRE(ui::parseCatalog(kGood, "ru", &c, &why));
  CHECK(c.code == "ru");
  CHECK(c.strings.at("Roll") == "Бросить");
  REQUIRE(c.plurals.at("Match to %d point").size() == 3);
  CHECK(c.plurals.at("Match to %d point")[1] == "Матч до %d очков");
  REQUIRE(c.fonts.size() == 1);
  CHECK(c.fonts[0].ttf.size() == 16);
  CHECK(c.fonts[0].scale == doctest::Approx(0.87));
  CHECK(c.fonts[0].ranges == std::vector<unsigned short>{1040, 1103, 0});
}

TEST_CASE("a bad catalog is refused with its reason, and nothing of it is kept") {
  const std::string good = kGood;
  struct Case { std::string text; const char* reason; };
  const Case cases[] = {
      {good.substr(0, good.size() / 2), "not a catalog"},
      {"", "not a catalog"},
      {"[1,2]", "not an object"},
      {replaced(good, R"("code":"ru")", R"("code":"tr")"), "of 'tr', not 'ru'"},
      {replaced(good, R"("strings":{"Roll":"Бросить","Match to %d points":"Матч до %d очков"})", R"("strings":{})"), "no strings"},
      {replaced(good, "\"Бросить\"", "\"\""), "no text for"},
      {replaced(good, "\"Матч до %d очков\"}", "\"Матч до %s очков\"}"), "% directives"},
      {replaced(good, "[\"Матч до %d очка\",", "[\"Матч до %n очка\","), "% directives"},
      {replaced(good, "\"Матч до %d очка\",", ""), ""},   // two forms: still a list (the formula picks)
      {replaced(good, "AAEAAAALAIAAAwAwT1MvMg==", "AAEA*AALAIAAAwAwT1MvMg=="), "not base64"},
      {replaced(good, "[1040,1103]", "[1040]"), "not pairs"},
      {replaced(good, "[1040,1103]", "[1103,1040]"), "ends before"},
      {replaced(good, "[1040,1103]", "[0,70000]"), "outside"},
      {replaced(good, "0.87", "40"), "scale"},
  };
  for (const Case& k : cases) {
    CAPTURE(k.text);
    ui::Catalog c;
    c.code = "untouched";
    std::string why;
    const bool ok = ui::parseCatalog(k.text, "ru", &c, &why);
    if (std::string(k.reason).empty()) {
      CHECK(ok);
      continue;
    }
    CHECK_FALSE(ok);
    CHECK(why.find(k.reason) != std::string::npos);
    CHECK(c.code == "untouched");
  }
}

namespace {

// Hindi as web_catalog.py writes it: the strings logical, each Devanagari run's syllables
// (Private Use Area) in "shaped", drawn by the catalog's font (its ranges hold them).
const char* const kHindi = R"({"code":"hi","strings":{"Roll":"फेंकें","Match to %d points":"%d अंकों का मैच"},
  "plurals":{"Match to %d point":["%d अंक का मैच","%d अंकों का मैच"]},
  "fonts":[{"ttf":"AAEAAAALAIAAAwAwT1MvMg==","scale":0.83,"ranges":[57344,57360]}],
  "shaped":{"फेंकें":"\uE000\uE001","अंकों":"\uE002\uE003","अंक":"\uE002\uE004","का":"\uE005","मैच":"\uE006\uE007"}})";

}  // namespace

TEST_CASE("Hindi: every Devanagari run of the text comes with its shaped syllables") {
  ui::Catalog c;
  std::string why;
  REQUIRE_MESSAGE(ui::parseCatalog(kHindi, "hi", &c, &why), why);
  CHECK(c.strings.at("Roll") == "फेंकें");   // logical, for the page and screen readers
  CHECK(c.shaped.at("फेंकें") == "\uE000\uE001");
  CHECK(c.shaped.size() == 5);

  const std::string good = kHindi;
  struct Case { std::string text; const char* reason; };
  const Case cases[] = {
      {replaced(good, R"("का":"\uE005",)", ""), "\"का\" has no shaped form"},                 // a run left out
      {replaced(good, R"("मैच":"\uE006\uE007")", R"("मैच":"\uE006\uE0FF")"), "not one of the catalog's fonts' syllables"},
      {replaced(good, R"("मैच":"\uE006\uE007")", R"("मैच":"\uF000")"), "not one of the catalog's fonts' syllables"},   // the names' block
      {replaced(good, R"("मैच":"\uE006\uE007")", R"("मैच":"मैच")"), "not one of the catalog's fonts' syllables"},
      {replaced(good, R"("मैच":"\uE006\uE007")", R"("मैच":"")"), "no syllables"},
      {replaced(good, R"("मैच":"\uE006\uE007")", R"("मैच":7)"), "no syllables"},
      {replaced(good, R"("मैच":)", R"("मैच मैच":)"), "not one Devanagari word"},
      {replaced(good, R"("मैच":)", R"("x":)"), "not one Devanagari word"},
      {replaced(good, R"("मैच":)", R"("\u200Dमैच":)"), "not one Devanagari word"},
      {replaced(good, R"("shaped":{"फेंकें")", R"("shaped":7,"x":{"फेंकें")"), "not an object"},
  };
  for (const Case& k : cases) {
    CAPTURE(k.text);
    ui::Catalog bad;
    bad.code = "untouched";
    CHECK_FALSE(ui::parseCatalog(k.text, "hi", &bad, &why));
    CHECK(why.find(k.reason) != std::string::npos);
    CHECK(bad.code == "untouched");
  }
  // Without its table, Devanagari text is refused: the game has no glyphs for its letters.
  const std::size_t at = good.find(",\n  \"shaped\"");
  REQUIRE(at != std::string::npos);
  CHECK_FALSE(ui::parseCatalog(good.substr(0, at) + "}", "hi", &c, &why));
  CHECK(why.find("has no shaped form") != std::string::npos);
}
