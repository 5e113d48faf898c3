// The Persian UI strings: key = the English text the code passes to T(), value = the
// Persian text in logical order (as typed), unshaped. ui::T() shapes and orders it. The
// table is generated at build time from assets/i18n/fa.po (tools/i18n/po_table.py, through
// GNU msgfmt); ctest i18n_catalogs fails when a marked string has no translation there.
#pragma once
#include <cstddef>

namespace ui {

struct Translation {
  const char* english;
  const char* persian;
};

extern const Translation kPersianStrings[];
extern const std::size_t kPersianStringCount;

// A string with a count (Tnf): the language's forms, in the order of its Plural-Forms
// formula (Persian: one, other), keyed by the English singular.
struct PluralTranslation {
  const char* english;
  const char* forms[6];   // gettext allows up to six (Arabic)
  int count;
};
extern const PluralTranslation kPersianPlurals[];
extern const std::size_t kPersianPluralCount;
// Which of the forms a count takes: fa.po's Plural-Forms formula, compiled.
int persianPluralForm(unsigned long n);

}  // namespace ui
