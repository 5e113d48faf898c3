// The texts of the page's accessible board (web/a11y.js), listed in a11y_strings.cpp.
#pragma once
#include <string_view>

namespace platform {

// Whether `key` is one of them: nard_api("text") translates these and nothing else.
bool accessibleLabel(std::string_view key);

}  // namespace platform
