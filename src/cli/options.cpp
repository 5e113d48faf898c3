#include "options.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace nard::cli {
namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

// The bad text as the message quotes it: a pasted megabyte would bury the reason.
std::string quoted(const std::string& text) {
  constexpr std::size_t kShown = 40;
  return "'" + (text.size() > kShown ? text.substr(0, kShown) + "..." : text) + "'";
}

std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

}  // namespace

std::optional<std::uint64_t> parseWhole(std::string_view text, std::uint64_t lo, std::uint64_t hi) {
  // from_chars alone would take a leading '-' for a signed type; unsigned, it takes
  // neither sign, and it stops at the first byte that is not an ASCII digit.
  if (text.empty() || !digit(text.front())) return std::nullopt;
  std::uint64_t v = 0;
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, v);
  if (ec != std::errc() || p != end || v < lo || v > hi) return std::nullopt;
  return v;
}

std::optional<double> parseReal(std::string_view text, double lo, double hi) {
  // The grammar first, so that what reaches the conversion is plain decimal text.
  std::size_t i = 0, point = std::string_view::npos;
  for (; i < text.size(); ++i) {
    if (text[i] == '.' && point == std::string_view::npos && i > 0) point = i;
    else if (!digit(text[i])) return std::nullopt;
  }
  if (text.empty() || point == text.size() - 1) return std::nullopt;
  double v = 0;
#ifdef __cpp_lib_to_chars  // floating-point from_chars; Emscripten's libc++ lacks it
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size()) return std::nullopt;
#else
  v = std::strtod(std::string(text).c_str(), nullptr);  // the C locale: nard-cli never sets one
#endif
  if (!std::isfinite(v) || v < lo || v > hi) return std::nullopt;
  return v;
}

std::optional<std::uint64_t> Options::wholeValue(const std::string& name, std::uint64_t fallback, std::uint64_t lo,
                                                 std::uint64_t hi, std::string& error) const {
  auto text = get(name);
  if (!text) return fallback;
  if (auto v = parseWhole(*text, lo, hi)) return v;
  error = "--" + name + " must be a whole number " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " +
          quoted(*text);
  return std::nullopt;
}

std::optional<double> Options::real(const std::string& name, double fallback, double lo, double hi,
                                    std::string& error) const {
  auto text = get(name);
  if (!text) return fallback;
  if (auto v = parseReal(*text, lo, hi)) return v;
  error = "--" + name + " must be a decimal number " + number(lo) + ".." + number(hi) + ", got " + quoted(*text);
  return std::nullopt;
}

}  // namespace nard::cli
