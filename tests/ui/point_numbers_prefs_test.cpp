// The point-numbers preference (View menu): on for a new player, a stored "off" is
// remembered, and preferences stored before the option existed read it as on.
#include <doctest/doctest.h>

#include "ui/preferences.h"

TEST_CASE("point numbers are on by default and a stored choice is remembered") {
  std::vector<std::string> notices;
  CHECK(ui::parsePreferences("", &notices).pointNumbers);
  ui::Preferences p;
  p.pointNumbers = false;
  const std::string text = ui::formatPreferences(p);
  CHECK(text.find("\npointNumbers=0\n") != std::string::npos);
  CHECK_FALSE(ui::parsePreferences(text, &notices).pointNumbers);
  p.pointNumbers = true;
  CHECK(ui::parsePreferences(ui::formatPreferences(p), &notices).pointNumbers);
  CHECK(notices.empty());
}

TEST_CASE("preferences stored before point numbers existed read them as on") {
  std::vector<std::string> notices;
  const ui::Preferences old = ui::parsePreferences("nard-prefs 1\nlang=fa\nhighlights=0\n", &notices);
  CHECK(old.pointNumbers);
  CHECK_FALSE(old.highlights);
  CHECK(notices.empty());
  // A damaged value falls back to the default (on), with a notice.
  CHECK(ui::parsePreferences("nard-prefs 1\npointNumbers=maybe\n", &notices).pointNumbers);
  CHECK(notices.size() == 1);
}
