#include "ui/reasons.h"

#include <algorithm>
#include <iterator>
#include <optional>
#include <vector>

#include "ui/i18n.h"

namespace ui {
namespace {

// The reasons, as the engine (engine/match.cpp, engine/notation.cpp), the game controller
// and the platform's API word them. A change of wording there fails ui_tests' check that
// each reason is known.
const char* const kReasons[] = {
    N_("cannot {action} now: the game is waiting for {what}"),
    N_("a checker moves from a higher to a lower point"),
    N_("that checker cannot move there with this roll"),
    N_("touch-move: under traditional rules a moved checker stays moved"),
    N_("touch-move: finish the play already begun"),
    N_("nothing to undo"),
    N_("the play is not finished: use {count} dice"),
    N_("not a legal play with this roll"),
    N_("there is no doubling cube in this match"),
    N_("no doubling in the Crawford game"),
    N_("the opponent owns the cube"),
    N_("the cube is dead: doubling cannot change this match"),
    N_("a checker moves to a lower point: '{move}' goes the wrong way"),
    N_("expected '/' after point {point} (a move looks like 24/18)"),
    N_("a repeat count is written (2), (3) or (4)"),
    N_("unexpected '{text}' in move"),
    N_("empty move"),
    N_("expected a point 1-24, 'bar' or 'off' at position {n}"),
    N_("no checker to move from {point}"),
    N_("'{play}' is not a legal play with this roll"),
    N_("'{play}' is ambiguous: mark the hits with '*'"),
    N_("no game is running"),
    N_("it is not a person's turn to act"),
    N_("it is not a person's turn to move"),
    N_("move: say from/to, e.g. 13/7, bar/22, 6/off"),
    N_("no hint for this position"),
    N_("answer the coach first: take it back or play anyway"),
};

// The parts of "cannot {action} now: the game is waiting for {what}" (engine/match.cpp's
// wrongPhase): each translated as a phrase of its own.
const char* const kParts[] = {
    N_("roll for the opening"), N_("roll"), N_("move"), N_("undo"), N_("confirm"), N_("play"),
    "double", "take", "pass", "beaver",   // marked in platform/a11y_strings.cpp (the coach's words)
    N_("resign"), N_("accept a resignation"), N_("reject a resignation"), N_("start the next game"),
    N_("the opening roll"), N_("a roll"), N_("a move"), N_("an answer to the double"),
    N_("an answer to the beaver"), N_("an answer to the resignation"), N_("the next game"),
    N_("nothing: the match is over"),
};

// A pattern cut at its {named} parts: literal, name, literal, name, ..., literal.
std::vector<std::string_view> pieces(std::string_view pattern) {
  std::vector<std::string_view> out;
  std::size_t at = 0;
  for (;;) {
    const std::size_t open = pattern.find('{', at);
    const std::size_t close = open == std::string_view::npos ? open : pattern.find('}', open);
    if (close == std::string_view::npos) break;
    out.push_back(pattern.substr(at, open - at));
    out.push_back(pattern.substr(open + 1, close - open - 1));
    at = close + 1;
  }
  out.push_back(pattern.substr(at));
  return out;
}

// The values of the named parts where `text` follows `pattern`, in order; none if not.
std::optional<std::vector<std::string_view>> match(std::string_view pattern, std::string_view text) {
  const std::vector<std::string_view> p = pieces(pattern);
  if (text.substr(0, p[0].size()) != p[0]) return std::nullopt;
  std::size_t at = p[0].size();
  std::vector<std::string_view> values;
  for (std::size_t i = 1; i + 1 < p.size(); i += 2) {
    const std::string_view after = p[i + 1];
    const bool last = i + 2 == p.size();
    // The last part runs to the literal that ends the text; another to the next literal.
    const std::size_t end = last ? (text.size() >= at + after.size() && text.substr(text.size() - after.size()) == after
                                        ? text.size() - after.size() : std::string_view::npos)
                                 : text.find(after, at);
    if (end == std::string_view::npos || end <= at) return std::nullopt;
    values.push_back(text.substr(at, end - at));
    at = end + after.size();
  }
  if (at != text.size()) return std::nullopt;
  return values;
}

const char* const* findReason(std::string_view english, std::vector<std::string_view>* values) {
  for (const char* const& pattern : kReasons) {
    if (auto v = match(pattern, english)) {
      *values = std::move(*v);
      return &pattern;
    }
  }
  return nullptr;
}

}  // namespace

std::string reasonText(std::string_view english, const char* (*translate)(const char*)) {
  std::vector<std::string_view> values;
  const char* const* pattern = findReason(english, &values);
  if (!pattern) return std::string(english);
  const std::vector<std::string_view> names = pieces(*pattern);
  std::string out = translate(*pattern);
  for (std::size_t i = 1, k = 0; i < names.size(); i += 2, ++k) {
    std::string value(values[k]);
    // Only {action} and {what} hold phrases; a point or a typed play is kept as it came.
    const bool phrase = (names[i] == "action" || names[i] == "what") &&
                        std::any_of(std::begin(kParts), std::end(kParts), [&](const char* p) { return value == p; });
    if (phrase) value = translate(value.c_str());
    const std::string hole = "{" + std::string(names[i]) + "}";
    if (const std::size_t at = out.find(hole); at != std::string::npos) out.replace(at, hole.size(), value);
  }
  return out;
}

bool knownReason(std::string_view english) {
  std::vector<std::string_view> values;
  return findReason(english, &values) != nullptr;
}

}  // namespace ui
