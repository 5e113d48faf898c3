// Tiny "--name value" option reader shared by the CLI commands.
#pragma once
#include <map>
#include <set>
#include <optional>
#include <string>
#include <vector>

namespace nard::cli {

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
  // Names given but never asked for: a typo such as --varient must not pass silently.
  std::vector<std::string> unused() const {
    std::vector<std::string> out;
    for (auto& [k, v] : values_)
      if (!used_.count(k)) out.push_back("--" + k);
    return out;
  }

 private:
  std::map<std::string, std::string> values_;
  mutable std::set<std::string> used_;
};

}  // namespace nard::cli
