#include "json_reader.h"

#include "utf8.h"

#include <cmath>
#include <cstdlib>
#include <limits>

namespace nard {

int JsonValue::asInt(int fallback) const {
  if (type_ != Type::Number || number_ != std::floor(number_) || number_ < std::numeric_limits<int>::min() ||
      number_ > std::numeric_limits<int>::max())
    return fallback;
  return static_cast<int>(number_);
}

const JsonValue* JsonValue::member(std::string_view name) const {
  if (type_ != Type::Object) return nullptr;
  auto it = members_.find(name);
  return it == members_.end() ? nullptr : &it->second;
}

const JsonValue* JsonValue::at(std::size_t index) const {
  return type_ == Type::Array && index < items_.size() ? &items_[index] : nullptr;
}

std::string JsonValue::stringOr(std::string_view name, std::string fallback) const {
  const JsonValue* v = member(name);
  return v && v->isString() ? v->asString() : fallback;
}

// Recursive descent over the text; every function leaves `error_` set on failure.
class JsonParser {
 public:
  explicit JsonParser(std::string_view text) : s_(text) {}

  std::optional<JsonValue> document(std::string* error) {
    JsonValue v;
    if (value(v, 0)) {
      space();
      if (i_ == s_.size()) return v;
      fail("text after the value");
    }
    if (error) *error = "offset " + std::to_string(i_) + ": " + error_;
    return std::nullopt;
  }

 private:
  static constexpr int kMaxDepth = 64;   // deeper than any entry we write; stops stack abuse

  bool fail(const char* why) {
    if (error_.empty()) error_ = why;
    return false;
  }
  void space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool literal(std::string_view word) {
    if (s_.substr(i_, word.size()) != word) return fail("unknown word");
    i_ += word.size();
    return true;
  }

  bool value(JsonValue& out, int depth) {
    if (depth > kMaxDepth) return fail("nested too deeply");
    space();
    if (i_ >= s_.size()) return fail("unexpected end");
    switch (s_[i_]) {
      case '{': return object(out, depth);
      case '[': return array(out, depth);
      case '"': out.type_ = JsonValue::Type::String; return string(out.string_);
      case 't': out.type_ = JsonValue::Type::Bool; out.bool_ = true; return literal("true");
      case 'f': out.type_ = JsonValue::Type::Bool; return literal("false");
      case 'n': return literal("null");
      default: out.type_ = JsonValue::Type::Number; return number(out.number_);
    }
  }

  bool object(JsonValue& out, int depth) {
    out.type_ = JsonValue::Type::Object;
    ++i_;
    space();
    if (i_ < s_.size() && s_[i_] == '}') return ++i_, true;
    for (;;) {
      space();
      std::string name;
      if (i_ >= s_.size() || s_[i_] != '"') return fail("expected a member name");
      if (!string(name)) return false;
      space();
      if (i_ >= s_.size() || s_[i_] != ':') return fail("expected ':'");
      ++i_;
      JsonValue v;
      if (!value(v, depth + 1)) return false;
      out.members_.insert_or_assign(std::move(name), std::move(v));
      space();
      if (i_ < s_.size() && s_[i_] == ',') { ++i_; continue; }
      if (i_ < s_.size() && s_[i_] == '}') return ++i_, true;
      return fail("expected ',' or '}'");
    }
  }

  bool array(JsonValue& out, int depth) {
    out.type_ = JsonValue::Type::Array;
    ++i_;
    space();
    if (i_ < s_.size() && s_[i_] == ']') return ++i_, true;
    for (;;) {
      JsonValue v;
      if (!value(v, depth + 1)) return false;
      out.items_.push_back(std::move(v));
      space();
      if (i_ < s_.size() && s_[i_] == ',') { ++i_; continue; }
      if (i_ < s_.size() && s_[i_] == ']') return ++i_, true;
      return fail("expected ',' or ']'");
    }
  }

  bool number(double& out) {
    const std::size_t start = i_;
    auto digits = [&] {
      const std::size_t from = i_;
      while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
      return i_ > from;
    };
    if (i_ < s_.size() && s_[i_] == '-') ++i_;
    if (i_ < s_.size() && s_[i_] == '0') ++i_;
    else if (!digits()) return fail("bad number");
    if (i_ < s_.size() && s_[i_] == '.' && (++i_, !digits())) return fail("bad number");
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      if (!digits()) return fail("bad number");
    }
    const std::string text(s_.substr(start, i_ - start));
    out = std::strtod(text.c_str(), nullptr);
    if (!std::isfinite(out)) return fail("number out of range");
    return true;
  }

  bool hex4(unsigned& out) {
    if (i_ + 4 > s_.size()) return fail("bad \\u escape");
    out = 0;
    for (int k = 0; k < 4; ++k) {
      const char c = s_[i_++];
      out <<= 4;
      if (c >= '0' && c <= '9') out |= static_cast<unsigned>(c - '0');
      else if (c >= 'a' && c <= 'f') out |= static_cast<unsigned>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') out |= static_cast<unsigned>(c - 'A' + 10);
      else return fail("bad \\u escape");
    }
    return true;
  }

  bool escape(std::string& out) {
    if (i_ >= s_.size()) return fail("unexpected end");
    const char c = s_[i_++];
    switch (c) {
      case '"': case '\\': case '/': out += c; return true;
      case 'b': out += '\b'; return true;
      case 'f': out += '\f'; return true;
      case 'n': out += '\n'; return true;
      case 'r': out += '\r'; return true;
      case 't': out += '\t'; return true;
      case 'u': break;
      default: return fail("bad escape");
    }
    unsigned cp;
    if (!hex4(cp)) return false;
    if (cp >= 0xD800 && cp < 0xDC00) {   // a surrogate pair makes one code point
      unsigned low;
      if (s_.substr(i_, 2) != "\\u" || (i_ += 2, !hex4(low)) || low < 0xDC00 || low >= 0xE000)
        return fail("lone surrogate");
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    } else if (cp >= 0xDC00 && cp < 0xE000) {
      return fail("lone surrogate");
    }
    appendUtf8(out, static_cast<char32_t>(cp));
    return true;
  }

  bool string(std::string& out) {
    ++i_;   // the opening quote
    for (;;) {
      if (i_ >= s_.size()) return fail("unterminated string");
      const char c = s_[i_++];
      if (c == '"') return true;
      if (c == '\\') {
        if (!escape(out)) return false;
      } else if (static_cast<unsigned char>(c) < 0x20) {
        return fail("control character in a string");
      } else {
        out += c;
      }
    }
  }

  std::string_view s_;
  std::size_t i_ = 0;
  std::string error_;
};

std::optional<JsonValue> parseJson(std::string_view text, std::string* error) {
  return JsonParser(text).document(error);
}

}  // namespace nard
