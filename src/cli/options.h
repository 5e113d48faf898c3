// Tiny "--name value" option reader shared by the CLI commands, and the one reader of
// their numeric values.
#pragma once
#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nard::cli {

// A whole number in lo..hi written in ASCII digits alone: no sign, space, point or
// exponent, nothing after the digits. nullopt otherwise, or when out of range.
std::optional<std::uint64_t> parseWhole(std::string_view text, std::uint64_t lo, std::uint64_t hi);
// A decimal number in lo..hi (0 <= lo): digits with at most one point between digits,
// such as 3 or 0.25. No sign, exponent, hex, nan or inf.
std::optional<double> parseReal(std::string_view text, double lo, double hi);

// Every seed is a 64-bit whole number; each command that takes --seed reads it alike.
inline constexpr std::uint64_t kMaxSeed = std::numeric_limits<std::uint64_t>::max();

class Options {
 public:
  // Parses args after the command name. Every option takes one value.
  static std::optional<Options> parse(const std::vector<std::string>& args, std::string& error) {
    Options o;
    for (std::size_t i = 0; i < args.size(); ++i) {
      const std::string& a = args[i];
      if (a.rfind("--", 0) != 0 || a.size() < 3) {
        error = "unexpected argument '" + a + "'";
        return std::nullopt;
      }
      if (i + 1 >= args.size()) {
        error = "option " + a + " needs a value";
        return std::nullopt;
      }
      o.values_[a.substr(2)] = args[++i];
    }
    return o;
  }
  std::optional<std::string> get(const std::string& name) const {
    auto it = values_.find(name);
    if (it == values_.end()) return std::nullopt;
    used_.insert(name);
    return it->second;
  }
  std::string get(const std::string& name, const std::string& fallback) const {
    return get(name).value_or(fallback);
  }
  // --name as a whole number in lo..hi (0 <= lo), `fallback` when not given; nullopt and
  // `error` naming the option, the range and the text otherwise.
  template <class T>
  std::optional<T> whole(const std::string& name, T fallback, T lo, T hi, std::string& error) const {
    auto v = wholeValue(name, static_cast<std::uint64_t>(fallback), static_cast<std::uint64_t>(lo),
                        static_cast<std::uint64_t>(hi), error);
    return v ? std::optional<T>(static_cast<T>(*v)) : std::nullopt;
  }
  std::optional<std::uint64_t> seed(std::string& error) const {
    return whole<std::uint64_t>("seed", 1, 0, kMaxSeed, error);
  }
  // --name as a decimal number (parseReal) in lo..hi, `fallback` when not given.
  std::optional<double> real(const std::string& name, double fallback, double lo, double hi, std::string& error) const;
  // Names given but never asked for: a typo such as --varient must not pass silently.
  std::vector<std::string> unused() const {
    std::vector<std::string> out;
    for (auto& [k, v] : values_)
      if (!used_.count(k)) out.push_back("--" + k);
    return out;
  }

 private:
  std::optional<std::uint64_t> wholeValue(const std::string& name, std::uint64_t fallback, std::uint64_t lo,
                                          std::uint64_t hi, std::string& error) const;
  std::map<std::string, std::string> values_;
  mutable std::set<std::string> used_;
};

}  // namespace nard::cli
