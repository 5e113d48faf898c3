// A small JSON writer for what the game tells the page: window.nard.state(), layout()
// and the events. It puts the commas and colons where they belong and escapes strings,
// so callers only say what goes in:
//   JsonWriter j;
//   j.beginObject().key("dice").beginArray().value(3).value(1).endArray().endObject();
//   j.str() == R"({"dice":[3,1]})"
// Numbers come out as the callers wrote them before this class existed (integers plain,
// decimals with a fixed count of digits), which the browser tests compare byte for byte.
// Header-only, in the lowest layer: the app's state, the analysis and the CLI's JSON
// all come out of it.
#pragma once
#include <cstdio>
#include <string>
#include <string_view>

namespace nard {

class JsonWriter {
 public:
  JsonWriter& beginObject() { return open('{'); }
  JsonWriter& endObject() { return close('}'); }
  JsonWriter& beginArray() { return open('['); }
  JsonWriter& endArray() { return close(']'); }

  // The name of the object member whose value comes next.
  JsonWriter& key(std::string_view name) {
    separate();
    appendString(name);
    out_ += ':';
    afterValue_ = false;
    return *this;
  }

  JsonWriter& value(std::string_view s) {
    separate();
    appendString(s);
    return done();
  }
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b) { return raw(b ? "true" : "false"); }
  JsonWriter& value(int n) { return raw(std::to_string(n)); }
  JsonWriter& value(long n) { return raw(std::to_string(n)); }
  JsonWriter& value(long long n) { return raw(std::to_string(n)); }
  JsonWriter& value(unsigned n) { return raw(std::to_string(n)); }
  JsonWriter& value(unsigned long n) { return raw(std::to_string(n)); }
  JsonWriter& value(unsigned long long n) { return raw(std::to_string(n)); }
  // A number with `decimals` digits after the point ("%.*f").
  JsonWriter& value(double x, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
    return raw(buf);
  }
  JsonWriter& null() { return raw("null"); }

  const std::string& str() const { return out_; }

 private:
  // A value already in JSON form (numbers and literals written above).
  JsonWriter& raw(std::string_view json) {
    separate();
    out_ += json;
    return done();
  }
  JsonWriter& open(char bracket) {
    separate();
    out_ += bracket;
    afterValue_ = false;
    return *this;
  }
  JsonWriter& close(char bracket) {
    out_ += bracket;
    return done();
  }
  JsonWriter& done() {
    afterValue_ = true;
    return *this;
  }
  // A value or key that follows another value in the same object or array.
  void separate() {
    if (afterValue_) out_ += ',';
  }
  void appendString(std::string_view s) {
    out_ += '"';
    for (char c : s) {
      const unsigned char u = static_cast<unsigned char>(c);
      if (c == '"' || c == '\\') {
        out_ += '\\';
        out_ += c;
      } else if (u < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", u);
        out_ += buf;
      } else {
        out_ += c;   // UTF-8 passes through: JSON text is UTF-8
      }
    }
    out_ += '"';
  }

  std::string out_;
  bool afterValue_ = false;   // the last thing written was a value: the next needs a comma
};

}  // namespace nard
