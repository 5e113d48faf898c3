// Fuzz: JSON from the page (the match history's IndexedDB entries). Parsing either
// refuses with a reason or gives a tree whose every node can be walked.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/json_reader.h"

namespace {
std::size_t walk(const nard::JsonValue& v) {
  std::size_t n = 1;
  for (const auto& item : v.items()) n += walk(item);
  for (const auto& [name, member] : v.members()) {
    if (v.member(name) != &member) std::abort();
    n += walk(member);
  }
  if (v.isArray() && !v.items().empty() && v.at(v.items().size() - 1) != &v.items().back()) std::abort();
  return n;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  auto v = nard::parseJson(text, &error);
  if (!v) {
    if (error.empty()) std::abort();
    return 0;
  }
  if (walk(*v) > size + 1) std::abort();   // every node stands for at least one byte
  return 0;
}
