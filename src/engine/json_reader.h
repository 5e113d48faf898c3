// A small JSON reader for what the page hands the game: the match history's entries
// from IndexedDB, which a person (or a broken browser profile) may have altered, so
// anything may arrive. Strict RFC 8259 syntax, a depth limit, no exceptions: a bad text
// gives nullopt and "offset N: why".
//
//   std::string why;
//   auto v = parseJson(R"({"id":"m-1","score":[3,5]})", &why);
//   v->member("score")->at(1)->asInt()  == 5
//   v->member("nope")                    == nullptr
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nard {

class JsonValue {
 public:
  enum class Type : unsigned char { Null, Bool, Number, String, Array, Object };

  Type type() const { return type_; }
  bool isNull() const { return type_ == Type::Null; }
  bool isBool() const { return type_ == Type::Bool; }
  bool isNumber() const { return type_ == Type::Number; }
  bool isString() const { return type_ == Type::String; }
  bool isArray() const { return type_ == Type::Array; }
  bool isObject() const { return type_ == Type::Object; }

  bool asBool() const { return bool_; }
  double asNumber() const { return number_; }
  // The number when it is a whole number within int's range, else `fallback`.
  int asInt(int fallback = 0) const;
  const std::string& asString() const { return string_; }
  const std::vector<JsonValue>& items() const { return items_; }
  const std::map<std::string, JsonValue, std::less<>>& members() const { return members_; }

  // nullptr when this is not an object or has no such member / not an array or the
  // index is out of range.
  const JsonValue* member(std::string_view name) const;
  const JsonValue* at(std::size_t index) const;
  // A member's string, or `fallback` when absent or not a string.
  std::string stringOr(std::string_view name, std::string fallback = {}) const;

 private:
  friend class JsonParser;
  Type type_ = Type::Null;
  bool bool_ = false;
  double number_ = 0;
  std::string string_;
  std::vector<JsonValue> items_;
  std::map<std::string, JsonValue, std::less<>> members_;
};

std::optional<JsonValue> parseJson(std::string_view text, std::string* error);

}  // namespace nard
