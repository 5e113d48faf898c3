// The order display() gives mixed text in a right-to-left language (ui/i18n.cpp), natively
// with FriBidi (cmake/NativeUi.cmake): what the review's lines hold in Persian.
#include <doctest/doctest.h>

#include <string>

#include "ui/i18n.h"

TEST_CASE("Persian: Latin text and the decimal after it stay together") {
  ui::setLanguage(ui::Language::Persian);
  // A player's name from a .mat file, then "PR 127.9" and the rating in Persian.
  const std::string shown = ui::display("Ann Lee: PR 127.9 (\u062D\u0648\u0627\u0633)");
  CHECK_MESSAGE(shown.find("Ann Lee: PR 127.9") != std::string::npos, shown);
  // Dice and moves keep their own order beside Persian words (the isolates still work).
  CHECK(ui::display("\u0633\u0641\u06CC\u062F: 5-3").find("5-3") != std::string::npos);
  CHECK(ui::display("\u0634\u0627\u0646\u0633 +0.46").find("+0.46") != std::string::npos);
  // The rules' "point 25-d" (a number and a letter) reads as written.
  const std::string rule = ui::display("\u0628\u0632\u0647\u0631\u0629 d \u0625\u0644\u0649 \u062E\u0627\u0646\u062A\u0643 25-d. \u0648\u0625\u0630\u0627");
  CHECK_MESSAGE(rule.find("25-d") != std::string::npos, rule);
  // "Import .mat...": the extension keeps its dot in front.
  const std::string import = ui::display("\u0641\u0627\u06CC\u0644 .mat\u2026");
  CHECK_MESSAGE(import.find(".mat") != std::string::npos, import);
  ui::setLanguage(ui::Language::English);
}
