// Refusal reasons in the game's language (ui/reasons.h, issue 30): every reason the engine
// gives a keyboard player is one of the listed patterns (a change of the engine's wording
// fails here, not silently in Persian), and its varying parts are kept or translated.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "engine/match.h"
#include "ui/reasons.h"

namespace {

// A stand-in language: each known English text in brackets, so that what was translated
// shows, and what was not (a typed play) does not.
const char* bracketed(const char* english) {
  static std::map<std::string, std::string> cache;
  auto [it, added] = cache.try_emplace(english, std::string("[") + english + "]");
  return it->second.c_str();
}

}  // namespace

TEST_CASE("every refusal a keyboard player meets is a known reason") {
  nard::Match m(nard::MatchOptions{});
  std::vector<std::string> reasons;
  auto add = [&](std::string why) { REQUIRE_FALSE(why.empty()); reasons.push_back(why); };
  add(m.roll({3, 1}));            // the opening waits
  add(m.confirm());
  REQUIRE(m.rollOpening({3, 1}).empty());   // White plays 3-1
  add(m.roll({2, 2}));
  add(m.offerDouble());
  add(m.stage(6, 8));
  add(m.stage(3, 1));
  add(m.undo());
  add(m.confirm());
  for (const char* typed : {"24/1", "13/7 8/7*", "8", "8/x", "24/21(5", "6/5!", "", "bar/22", "1/4", "26/20"})
    add(m.playText(typed));
  for (const std::string& why : reasons) {
    INFO(why);
    CHECK(ui::knownReason(why));
    CHECK(ui::reasonText(why, bracketed) != why);
  }
  CHECK_FALSE(ui::knownReason("something new"));
  CHECK(ui::reasonText("something new", bracketed) == "something new");
  // Text from the page may be anything: cut short, empty parts, nothing at all.
  for (const char* odd : {"", "cannot ", "cannot  now: the game is waiting for ", "'' is not a legal play with this roll",
                          "no checker to move from ", "{action}", "'"})
    CHECK(ui::reasonText(odd, bracketed) == odd);
}

TEST_CASE("a reason's parts: phrases translated, typed text and numbers kept") {
  CHECK(ui::reasonText("cannot roll now: the game is waiting for a move", bracketed) ==
        "[cannot [roll] now: the game is waiting for [a move]]");
  CHECK(ui::reasonText("'24/1' is not a legal play with this roll", bracketed) == "['24/1' is not a legal play with this roll]");
  CHECK(ui::reasonText("the play is not finished: use 2 dice", bracketed) == "[the play is not finished: use 2 dice]");
  // A part that is not a listed phrase stays as it came, even if it reads like one.
  CHECK(ui::reasonText("no checker to move from roll", bracketed) == "[no checker to move from roll]");
}
