#include "ui/i18n.h"

#include <fribidi.h>

#include <algorithm>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <unordered_map>
#include <utility>

#include "engine/utf8.h"

#include "ui/plural_forms.h"
#include "ui/strings_fa.h"
#include "ui_font.h"   // kShapedNames: the language menu's shaped names (tools/make_font.py)

namespace ui {
namespace {

Language g_language = Language::English;
bool g_persianDigits = false;
void (*g_languageListener)(Language) = nullptr;

// The fetched languages' catalogs, each installed once and never changed afterwards: the
// pointers translate() hands out point into them.
std::unordered_map<int, Catalog> g_catalogs;
const Catalog* loadedCatalog() {
  auto it = g_catalogs.find(static_cast<int>(g_language));
  return it == g_catalogs.end() ? nullptr : &it->second;
}

// ---- UTF-8 ---------------------------------------------------------------------------

std::u32string decode(std::string_view s) { return nard::decodeUtf8(s); }

void append(std::string& out, char32_t cp) { nard::appendUtf8(out, cp); }

// ---- character classes -----------------------------------------------------------------

bool isRtlLetter(char32_t c) {   // Hebrew, Arabic and their presentation forms
  return (c >= 0x0590 && c <= 0x08FF) || (c >= 0xFB1D && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFF);
}
bool isPresentationForm(char32_t c) { return (c >= 0xFB50 && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFC); }
bool isDigit(char32_t c) { return (c >= '0' && c <= '9') || (c >= 0x06F0 && c <= 0x06F9); }
bool isLatin(char32_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
// Marks that steer the algorithm or joining but have no glyph: removed after shaping.
bool isInvisible(char32_t c) {
  return (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) ||
         c == 0x061C || c == 0xFEFF;
}
// Characters of a "technical" token that reads left to right even inside Persian: dice
// 5-3, moves 24/18 bar/22* 6/off 8/5(2), times 1:05.
bool isTokenChar(char32_t c) {
  return isDigit(c) || isLatin(c) || c == '/' || c == '*' || c == ':' || c == '-' || c == '.' || c == '(' ||
         c == ')' || c == '%' || c == '+';
}

constexpr char32_t kLRI = 0x2066, kPDI = 0x2069;

// Wraps each technical token that holds a digit and a separator in a left-to-right
// isolate, so "5-3" is not read as 3-5 next to Persian letters (a lone '-' between two
// Arabic-context numbers would otherwise be a neutral that takes the Persian direction).
std::u32string isolateTokens(const std::u32string& s) {
  std::u32string out;
  out.reserve(s.size() + 8);
  std::size_t i = 0;
  while (i < s.size()) {
    if (!isTokenChar(s[i])) {
      out += s[i++];
      continue;
    }
    std::size_t j = i;
    while (j < s.size() && isTokenChar(s[j])) ++j;
    // Brackets and full stops at the ends belong to the sentence, not to the token.
    std::size_t a = i, b = j;
    auto count = [&](char32_t c) { return std::count(s.begin() + a, s.begin() + b, c); };
    while (a < b && (s[a] == '(' ) && count('(') > count(')')) ++a;
    while (a < b && (s[b - 1] == '.' || s[b - 1] == ':' || (s[b - 1] == ')' && count(')') > count('(')))) --b;
    // A plain decimal (127.9) needs no isolate: the algorithm keeps it whole, and as an
    // isolate (a neutral) it would leave the Latin text before it ("Ann Lee: PR 127.9"
    // read as "127.9 Ann Lee: PR").
    // A file's extension (.mat) is a token too, or its dot would follow it.
    bool digit = false, joiner = false, extension = b - a >= 2 && s[a] == '.';
    for (std::size_t k = a; k < b; ++k) {
      digit |= isDigit(s[k]);
      joiner |= !isDigit(s[k]) && s[k] != '.';
      extension &= k == a || isLatin(s[k]);
    }
    out.append(s, i, a - i);
    if ((digit && joiner && b - a >= 2) || extension) {
      out += kLRI;
      out.append(s, a, b - a);
      out += kPDI;
    } else {
      out.append(s, a, b - a);
    }
    out.append(s, b, j - b);
    i = j;
  }
  return out;
}

// Logical -> visual with FriBidi: bidi levels (base direction right to left for Persian,
// from the text itself otherwise), Arabic joining and shaping into presentation forms
// with the lam-alef ligatures, mirroring of brackets, reordering of the line.
std::string shapeAndOrder(std::u32string text, bool rtlBase) {
  const FriBidiStrIndex n = static_cast<FriBidiStrIndex>(text.size());
  std::vector<FriBidiChar> str(text.begin(), text.end());
  std::vector<FriBidiCharType> types(n);
  std::vector<FriBidiBracketType> brackets(n);
  std::vector<FriBidiLevel> levels(n);
  std::vector<FriBidiArabicProp> arabic(n);
  fribidi_get_bidi_types(str.data(), n, types.data());
  fribidi_get_bracket_types(str.data(), n, types.data(), brackets.data());
  FriBidiParType base = rtlBase ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_ON;
  if (!fribidi_get_par_embedding_levels_ex(types.data(), brackets.data(), n, &base, levels.data()))
    return {};
  fribidi_get_joining_types(str.data(), n, arabic.data());
  fribidi_join_arabic(types.data(), n, levels.data(), arabic.data());
  const FriBidiFlags flags = FRIBIDI_FLAGS_DEFAULT | FRIBIDI_FLAGS_ARABIC;
  fribidi_shape(flags, levels.data(), n, arabic.data(), str.data());
  if (!fribidi_reorder_line(flags, types.data(), n, 0, base, levels.data(), str.data(), nullptr)) return {};
  std::string out;
  out.reserve(text.size() * 2);
  for (FriBidiChar c : str)
    if (!isInvisible(c)) append(out, c);
  return out;
}

// ---- Devanagari ----------------------------------------------------------------------

// Hindi is shaped at build time (tools/i18n/devanagari.py: HarfBuzz): each Devanagari run
// becomes its syllables, Private Use Area code points whose composite glyphs hold the
// conjuncts, the reordered i-matra and the placed marks. Here each run is swapped for its
// syllables: the current catalog's, else the language menu's names'. A run found in
// neither is left as it is (text the catalog does not hold, such as a player's name).
std::u32string shapeDevanagari(const std::u32string& s) {
  const Catalog* c = loadedCatalog();
  std::u32string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    if (!isDevanagari(s[i])) {
      out += s[i++];
      continue;
    }
    const std::size_t end = devanagariRunEnd(s, i);
    std::string run;
    for (std::size_t k = i; k < end; ++k) append(run, s[k]);
    const char* syllables = nullptr;
    if (c)
      if (auto it = c->shaped.find(run); it != c->shaped.end()) syllables = it->second.c_str();
    for (const font::ShapedName& n : font::kShapedNames)
      if (!syllables && n.run && run == n.run) syllables = n.syllables;
    if (syllables)
      out += decode(syllables);
    else
      out.append(s, i, end - i);
    i = end;
  }
  return out;
}

// ---- the Persian table and the caches ---------------------------------------------------

const std::unordered_map<std::string_view, const char*>& persianTable() {
  static const auto table = [] {
    std::unordered_map<std::string_view, const char*> t;
    for (std::size_t i = 0; i < kPersianStringCount; ++i) t.emplace(kPersianStrings[i].english, kPersianStrings[i].persian);
    return t;
  }();
  return table;
}

// T() results, one map per language, digit setting and arrival of a catalog (until its
// catalog arrives a fetched language shows English); a node's string never moves, and no
// map is ever dropped, so the pointers handed out stay valid.
std::unordered_map<int, std::unordered_map<std::string, std::string>> g_tCaches;
std::unordered_map<std::string, std::string>& tCache() {
  const int key = static_cast<int>(g_language) * 4 + (g_persianDigits ? 2 : 0) + (loadedCatalog() ? 1 : 0);
  return g_tCaches[key];
}
// Display forms T() has produced -> their logical text, longest first, for display().
std::vector<std::pair<std::string, std::string>> g_fragments;
bool g_fragmentsSorted = true;
// display() results for the current language and digits (UI lines repeat every frame).
std::unordered_map<std::string, std::string> g_displayCache;

bool persianActive() { return g_language == Language::Persian; }
// Right to left once the language's text is there (a fetched one shows English until then).
bool rtlActive() { return languageInfo(g_language).rightToLeft && (languageInfo(g_language).builtIn || loadedCatalog()); }

// display() without the cache.
std::string displayNow(std::string_view text) {
  std::u32string s = decode(text);
  bool rtl = false, shaped = false, devanagari = false;
  for (char32_t c : s) {
    rtl |= isRtlLetter(c);
    shaped |= isPresentationForm(c);
    devanagari |= isDevanagari(c);
  }
  if (shaped) {
    // The text holds pieces that are already display forms (T() results): put their
    // logical text back, so the whole line is ordered once.
    if (!g_fragmentsSorted) {
      std::stable_sort(g_fragments.begin(), g_fragments.end(),
                       [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
      g_fragmentsSorted = true;
    }
    std::string t(text);
    for (const auto& [visual, logical] : g_fragments) {
      for (std::size_t at = t.find(visual); at != std::string::npos; at = t.find(visual, at + logical.size()))
        t.replace(at, visual.size(), logical);
    }
    s = decode(t);
  }
  if (devanagari) {
    // Runs become their syllables; text with nothing right to left needs no other step.
    s = shapeDevanagari(s);
    if (!rtl && !rtlActive()) {
      std::string out;
      for (char32_t c : s) append(out, c);
      return out;
    }
  }
  if (!rtlActive()) {
    if (!rtl) return std::string(text);
    return shapeAndOrder(std::move(s), false);
  }
  if (persianActive() && g_persianDigits)
    for (char32_t& c : s)
      if (c >= '0' && c <= '9') c = 0x06F0 + (c - '0');
  return shapeAndOrder(isolateTokens(s), true);
}

void languageChanged() {
  g_displayCache.clear();
  if (g_languageListener) g_languageListener(g_language);
}

}  // namespace

void setLanguage(Language lang) {
  static bool announced = false;   // the page hears the first choice, English too
  if (lang == g_language && announced) return;
  announced = true;
  g_language = lang;
  languageChanged();
}
Language language() { return g_language; }
void setLanguageListener(void (*listener)(Language)) { g_languageListener = listener; }
bool rightToLeft() { return rtlActive(); }
void setPersianDigits(bool on) {
  if (on == g_persianDigits) return;
  g_persianDigits = on;
  g_displayCache.clear();
}
bool persianDigits() { return g_persianDigits; }

bool catalogNeeded(Language lang) {
  return !languageInfo(lang).builtIn && g_catalogs.find(static_cast<int>(lang)) == g_catalogs.end();
}

bool installCatalog(Language lang, Catalog catalog) {
  if (!catalogNeeded(lang)) return false;
  g_catalogs.emplace(static_cast<int>(lang), std::move(catalog));
  if (lang == g_language) languageChanged();   // new text, and the page's <html lang dir>
  return true;
}

const char* translate(const char* english) {
  if (!english || g_language == Language::English) return english;
  if (persianActive()) {
    const auto& table = persianTable();
    auto it = table.find(english);
    return it == table.end() ? english : it->second;
  }
  const Catalog* c = loadedCatalog();
  if (!c) return english;
  auto it = c->strings.find(english);
  return it == c->strings.end() ? english : it->second.c_str();
}

const char* T(const char* english) {
  if (!english || g_language == Language::English) return english;
  auto& cache = tCache();
  auto it = cache.find(english);
  if (it != cache.end()) return it->second.c_str();
  const char* logical = translate(english);
  std::string visual = displayNow(logical);
  if (visual != logical) {
    g_fragments.emplace_back(visual, logical);
    g_fragmentsSorted = false;
  }
  return cache.emplace(english, std::move(visual)).first->second.c_str();
}

std::string display(std::string_view text) {
  bool ascii = true;
  for (char c : text) ascii &= static_cast<unsigned char>(c) < 0x80;
  if (!rtlActive() && ascii) return std::string(text);
  std::string key(text);
  auto it = g_displayCache.find(key);
  if (it != g_displayCache.end()) return it->second;
  if (g_displayCache.size() > 4096) g_displayCache.clear();   // lines with clocks in them
  std::string visual = displayNow(text);
  g_displayCache.emplace(std::move(key), visual);
  return visual;
}

namespace {

// A translated printf format filled in, in display form (Tf, Tnf).
std::string displayFormatted(const char* format, va_list args) {
  char buf[512];
  std::vsnprintf(buf, sizeof buf, format, args);
  return display(buf);
}

}  // namespace

std::string Tf(const char* englishFormat, ...) {
  va_list args;
  va_start(args, englishFormat);
  std::string out = displayFormatted(translate(englishFormat), args);
  va_end(args);
  return out;
}

namespace {

// The translated format for a count, or nullptr where the language has none.
const char* pluralFormat(const char* singular, unsigned long count) {
  if (const Catalog* c = loadedCatalog()) {
    const auto it = c->plurals.find(singular);
    if (it == c->plurals.end()) return nullptr;
    const int form = pluralFormFor(c->code, count);
    return form >= 0 && form < static_cast<int>(it->second.size()) ? it->second[form].c_str() : nullptr;
  }
  if (!persianActive()) return nullptr;
  static const auto table = [] {
    std::unordered_map<std::string_view, const PluralTranslation*> t;
    for (std::size_t i = 0; i < kPersianPluralCount; ++i) t.emplace(kPersianPlurals[i].english, &kPersianPlurals[i]);
    return t;
  }();
  const auto it = table.find(singular);
  if (it == table.end()) return nullptr;
  const int form = persianPluralForm(count);
  return form >= 0 && form < it->second->count ? it->second->forms[form] : nullptr;
}

}  // namespace

std::string Tnf(const char* englishSingular, const char* englishPlural, unsigned long count, ...) {
  const char* format = pluralFormat(englishSingular, count);
  if (!format) format = count == 1 ? englishSingular : englishPlural;
  va_list args;
  va_start(args, count);
  std::string out = displayFormatted(format, args);
  va_end(args);
  return out;
}

std::vector<std::string> displayLines(std::string_view text, float maxWidth,
                                      float (*width)(std::string_view displayText)) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view paragraph = text.substr(start, end - start);
    std::string line;
    std::size_t w = 0;
    while (w < paragraph.size()) {
      while (w < paragraph.size() && paragraph[w] == ' ') ++w;
      if (w >= paragraph.size()) break;
      std::size_t e = paragraph.find(' ', w);
      if (e == std::string_view::npos) e = paragraph.size();
      const std::string_view word = paragraph.substr(w, e - w);
      w = e;
      std::string candidate = line.empty() ? std::string(word) : line + " " + std::string(word);
      if (!line.empty() && width(displayNow(candidate)) > maxWidth) {
        lines.push_back(displayNow(line));
        line = std::string(word);
      } else {
        line = std::move(candidate);
      }
    }
    lines.push_back(displayNow(line));
    start = end + 1;
  }
  return lines;
}

}  // namespace ui
