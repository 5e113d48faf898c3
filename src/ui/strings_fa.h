// The Persian UI strings: key = the English text the code passes to T(), value = the
// Persian text in logical order (as typed), unshaped. ui::T() shapes and orders it.
// tools/check_strings.py fails when a T("...") literal has no entry here.
#pragma once
#include <cstddef>

namespace ui {

struct Translation {
  const char* english;
  const char* persian;
};

extern const Translation kPersianStrings[];
extern const std::size_t kPersianStringCount;

}  // namespace ui
