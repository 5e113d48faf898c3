#include "ui/catalog.h"

#include "engine/base64.h"
#include "engine/json_reader.h"
#include "engine/utf8.h"

namespace ui {

namespace {

// A printf directive's conversions in order ("%d", "%s"...; "%%" is none): a translation
// must keep the English ones, or vsnprintf would read arguments that are not there.
std::string conversions(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') continue;
    std::size_t j = i + 1;
    while (j < s.size() && std::string_view("-+ #0123456789.lhz").find(s[j]) != std::string_view::npos) ++j;
    if (j < s.size() && s[j] != '%') out += s.substr(i, j - i + 1);
    i = j;
  }
  return out;
}

bool fail(std::string* why, std::string text) {
  if (why) *why = std::move(text);
  return false;
}

// The first Devanagari run of `text` that `shaped` lacks, or "" when it has them all.
std::string unshapedRun(const std::string& text, const std::unordered_map<std::string, std::string>& shaped) {
  const std::u32string s = nard::decodeUtf8(text);
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (!isDevanagari(s[i])) continue;
    const std::size_t end = devanagariRunEnd(s, i);
    std::string run;
    for (std::size_t k = i; k < end; ++k) nard::appendUtf8(run, s[k]);
    if (!shaped.count(run)) return run;
    i = end - 1;
  }
  return {};
}

// The shaped runs: each key one whole run, each value syllables the catalog's fonts draw.
bool parseShaped(const nard::JsonValue& table, Catalog* c, std::string* why) {
  if (!table.isObject()) return fail(why, "the shaped runs are not an object");
  for (const auto& [run, syllables] : table.members()) {
    const std::u32string r = nard::decodeUtf8(run);
    if (r.empty() || !isDevanagari(r[0]) || devanagariRunEnd(r, 0) != r.size())
      return fail(why, "a shaped run is not one Devanagari word: \"" + run.substr(0, 40) + "\"");
    const std::u32string v = syllables.isString() ? nard::decodeUtf8(syllables.asString()) : std::u32string();
    if (v.empty()) return fail(why, "no syllables for the run \"" + run.substr(0, 40) + "\"");
    for (char32_t cp : v) {
      bool drawn = false;
      for (const CatalogFont& f : c->fonts)
        for (std::size_t i = 0; i + 1 < f.ranges.size(); i += 2) drawn |= cp >= f.ranges[i] && cp <= f.ranges[i + 1];
      if (cp < kCatalogSyllablesFirst || cp > kCatalogSyllablesLast || !drawn)
        return fail(why, "a syllable of \"" + run.substr(0, 40) + "\" is not one of the catalog's fonts' syllables");
    }
    c->shaped.emplace(run, syllables.asString());
  }
  return true;
}

}  // namespace

bool parseCatalog(std::string_view json, std::string_view expectedCode, Catalog* out, std::string* why) {
  std::string error;
  const auto root = nard::parseJson(json, &error);
  if (!root) return fail(why, "not a catalog: " + error);
  if (!root->isObject()) return fail(why, "not a catalog: not an object");
  Catalog c;
  c.code = root->stringOr("code");
  if (c.code != expectedCode) return fail(why, "the catalog is of '" + c.code + "', not '" + std::string(expectedCode) + "'");
  const nard::JsonValue* strings = root->member("strings");
  const nard::JsonValue* plurals = root->member("plurals");
  if (!strings || !strings->isObject() || strings->members().empty()) return fail(why, "the catalog has no strings");
  for (const auto& [english, text] : strings->members()) {
    if (!text.isString() || text.asString().empty()) return fail(why, "no text for \"" + english.substr(0, 40) + "\"");
    if (conversions(english) != conversions(text.asString()))
      return fail(why, "the text for \"" + english.substr(0, 40) + "\" changes its % directives");
    c.strings.emplace(english, text.asString());
  }
  if (plurals && !plurals->isObject()) return fail(why, "the plurals are not an object");
  if (plurals)
    for (const auto& [english, forms] : plurals->members()) {
      if (!forms.isArray() || forms.items().empty() || forms.items().size() > 6)
        return fail(why, "the plural forms of \"" + english.substr(0, 40) + "\" are not a list of 1 to 6");
      std::vector<std::string>& list = c.plurals[english];
      for (const nard::JsonValue& f : forms.items()) {
        // The count may be left out of a form ("one point" for 1), never another directive.
        if (!f.isString() || f.asString().empty()) return fail(why, "an empty plural form of \"" + english.substr(0, 40) + "\"");
        const std::string have = conversions(f.asString()), want = conversions(english);
        if (have != want && !(have.empty() && want.size() <= 2))
          return fail(why, "a plural form of \"" + english.substr(0, 40) + "\" changes its % directives");
        list.push_back(f.asString());
      }
    }
  const nard::JsonValue* fonts = root->member("fonts");
  if (fonts && !fonts->isArray()) return fail(why, "the fonts are not a list");
  if (fonts)
    for (const nard::JsonValue& f : fonts->items()) {
      CatalogFont font;
      const nard::JsonValue* ranges = f.member("ranges");
      if (!nard::decodeBase64(f.stringOr("ttf"), &font.ttf) || font.ttf.size() < 12) return fail(why, "a font is not base64 of a font file");
      if (!ranges || !ranges->isArray() || ranges->items().empty() || ranges->items().size() % 2)
        return fail(why, "a font's glyph ranges are not pairs");
      for (const nard::JsonValue& r : ranges->items()) {
        const int v = r.asInt(-1);
        if (!r.isNumber() || v < 0x20 || v > 0xFFFF) return fail(why, "a glyph range is outside 0x20-0xFFFF");
        font.ranges.push_back(static_cast<unsigned short>(v));
      }
      const nard::JsonValue* scale = f.member("scale");
      if (scale && (!scale->isNumber() || scale->asNumber() < 0.5 || scale->asNumber() > 2))
        return fail(why, "a font's scale is not between 0.5 and 2");
      if (scale) font.scale = static_cast<float>(scale->asNumber());
      for (std::size_t i = 0; i < font.ranges.size(); i += 2)
        if (font.ranges[i] > font.ranges[i + 1]) return fail(why, "a glyph range ends before it starts");
      font.ranges.push_back(0);
      c.fonts.push_back(std::move(font));
    }
  // Devanagari is drawn shaped (Hindi): every run of the text needs its syllables, or the
  // game would draw letters its fonts do not have.
  if (const nard::JsonValue* shaped = root->member("shaped"); shaped && !parseShaped(*shaped, &c, why)) return false;
  for (const auto& [english, text] : c.strings)
    if (const std::string run = unshapedRun(text, c.shaped); !run.empty())
      return fail(why, "the Devanagari \"" + run.substr(0, 40) + "\" has no shaped form");
  for (const auto& [english, forms] : c.plurals)
    for (const std::string& f : forms)
      if (const std::string run = unshapedRun(f, c.shaped); !run.empty())
        return fail(why, "the Devanagari \"" + run.substr(0, 40) + "\" has no shaped form");
  *out = std::move(c);
  return true;
}

}  // namespace ui
