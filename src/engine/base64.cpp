#include "engine/base64.h"

namespace nard {

int base64Value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

bool decodeBase64(std::string_view text, std::string* out) {
  if (text.size() % 4 != 0) return false;
  std::string bytes;
  bytes.reserve(text.size() / 4 * 3);
  for (std::size_t i = 0; i < text.size(); i += 4) {
    const bool last = i + 4 == text.size();
    const int pad = last ? (text[i + 3] == '=') + (text[i + 2] == '=') : 0;
    if (pad == 1 && text[i + 2] == '=') return false;   // "x=y=" is no padding
    int v[4] = {0, 0, 0, 0};
    for (int k = 0; k < 4 - pad; ++k)
      if ((v[k] = base64Value(text[i + k])) < 0) return false;
    const unsigned n = (unsigned(v[0]) << 18) | (unsigned(v[1]) << 12) | (unsigned(v[2]) << 6) | unsigned(v[3]);
    bytes += static_cast<char>(n >> 16);
    if (pad < 2) bytes += static_cast<char>((n >> 8) & 0xFF);
    if (pad < 1) bytes += static_cast<char>(n & 0xFF);
  }
  *out = std::move(bytes);
  return true;
}

}  // namespace nard
