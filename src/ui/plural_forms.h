// The plural form of a count in a language: its .po's Plural-Forms formula, compiled into
// the game by tools/i18n/plural_table.py (the strings travel in fetched catalogs, the
// formulas are code). English's rule for a code without a language file.
#pragma once
#include <string_view>

namespace ui {

int pluralFormFor(std::string_view code, unsigned long n);

}  // namespace ui
