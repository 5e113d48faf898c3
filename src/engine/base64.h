// Base64 as RFC 4648 writes it (A-Z a-z 0-9 + /): Position IDs (ids.cpp) and the fetched
// languages' fonts (ui/catalog.cpp).
#pragma once
#include <string>
#include <string_view>

namespace nard {

// The 6-bit value of a base64 character, or -1 for any other.
int base64Value(char c);

// Padded base64 without line breaks into bytes; false (and *out untouched) on anything else.
bool decodeBase64(std::string_view text, std::string* out);

}  // namespace nard
