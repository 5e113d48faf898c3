// What the player chose and what the page was asked for: preferences kept in browser
// storage (key "nard.prefs") and the URL parameters of the page. Both are parsed here,
// in plain C++, so tests and fuzzers cover them. Bad values are dropped one by one with
// a notice; the rest still loads, and nothing here can fail as a whole.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "app/coach.h"
#include "app/session.h"

namespace ui {

struct Preferences {
  std::string lang;               // "en", "fa", or "" = follow the browser
  std::string theme = "walnut";   // "walnut" or "ebony"
  bool homeOnRight = true;
  int animationSpeed = 2;         // 0 off, 1 slow, 2 normal, 3 fast
  bool sound = true;
  bool persianDigits = false;
  bool highlights = true;
  bool pointNumbers = true;       // numbers beside the points; absent in older stored prefs: on
  bool coach = false;             // warn before a play or cube action that loses at least ...
  float coachThreshold = app::kDefaultCoachThreshold;  // ... this much (EMG), app::kCoachThresholds
  app::SessionSettings lastGame;  // the new-game dialog starts from these
};

inline constexpr std::string_view kPrefsHeader = "nard-prefs 1";
std::string formatPreferences(const Preferences& p);
// Defaults for anything missing or unreadable; `notices` gets one line per value dropped
// (a whole line when the text is not preferences of this version).
Preferences parsePreferences(std::string_view text, std::vector<std::string>* notices);

// Milliseconds a checker takes to fly one move at an animation speed (0: no animation).
double msPerMove(int animationSpeed);

// URL parameters: ?variant=&rules=&length=&lang=&theme=&embed=1&parentOrigin=
struct UrlParams {
  bool hasGame = false;           // variant, rules or length given: start that game
  nard::MatchOptions game;        // lastGame's options with the given ones applied
  std::string lang, theme;        // "" = not given
  bool embed = false;
  std::string parentOrigin;       // "" = send no events
};
// `query` is location.search ("?a=1&b=2" or "a=1&b=2"). Unknown names and bad values are
// ignored with a warning each, for the console.
UrlParams parseUrlParams(std::string_view query, const nard::MatchOptions& base,
                         std::vector<std::string>* warnings);

// An origin as a browser writes it: scheme://host[:port], http or https, nothing else.
bool isValidOrigin(std::string_view origin);

}  // namespace ui

namespace ui {

// A new-game request from the JavaScript API, as URL-style text:
// "variant=hyper&rules=modern&length=3&cube=1&players=human,computer&level=expert".
// Unlike the URL, a bad request is refused as a whole: false and why.
bool parseGameRequest(std::string_view text, const app::SessionSettings& base,
                      app::SessionSettings* out, std::string* error);

}  // namespace ui
