// Every translation that sits in a widget of fixed width fits it on the smallest phone the
// game supports (360x640 held upright, 640x360 across: tests/web/phone.test.mjs), measured
// as the game measures it: ImGui::CalcTextSize with the game's fonts (the UI font embedded
// in it, and each language's catalog as the build writes it for the page: its font
// subsets, Hindi's shaped syllables), installed the way the page installs them, and the
// widths the screens' own code gives each piece (ui/side_strip.h, ui/screen_parts.h,
// ui/mirrored_widgets.h). Dialog rows and menus grow with their text and wrap, so there a
// single widget must fit the screen. The pseudo-locales are 40% longer on purpose: left out.
#include <doctest/doctest.h>
#include <imgui.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ui/fonts.h"
#include "ui/i18n.h"
#include "ui/mirrored_widgets.h"
#include "ui/screen_parts.h"
#include "ui/side_strip.h"
#include "view/layout.h"

namespace {

struct Screen {
  float w, h;
};
constexpr Screen kPhones[] = {{360, 640}, {640, 360}};

// Installs `lang` (its catalog from the build, NARD_CATALOG_DIR) and builds the atlas at a
// phone's devicePixelRatio, as the game does when a player picks it.
void speak(ui::Language lang) {
  const ui::LanguageInfo& info = ui::languageInfo(lang);
  if (ui::catalogNeeded(lang)) {
    std::ifstream in(std::string(NARD_CATALOG_DIR) + "/" + info.code + ".json", std::ios::binary);
    std::stringstream json;
    json << in.rdbuf();
    ui::Catalog c;
    std::string why;
    REQUIRE_MESSAGE(ui::parseCatalog(json.str(), info.code, &c, &why), info.code << ": " << why);
    ui::addLanguageFonts(c.fonts);
    REQUIRE(ui::installCatalog(lang, std::move(c)));
  }
  ui::setLanguage(lang);
  ui::setupFonts(2.0f);
  ImGui::GetIO().Fonts->Build();
}

// One frame on a phone's screen; the checks run inside a window, as the game's text does.
struct Frame {
  explicit Frame(Screen s) {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = {s.w, s.h};
    io.DeltaTime = 1.0f / 60;
    ImGui::NewFrame();
    ImGui::Begin("##measure");
  }
  ~Frame() {
    ImGui::End();
    ImGui::EndFrame();
  }
};

view::Layout gameLayout(Screen s) {
  view::LayoutOptions o;
  o.cssWidth = s.w;
  o.cssHeight = s.h;
  o.dpr = 2;
  o.topInset = ui::kUiFontPixels + 2 * ImGui::GetStyle().FramePadding.y;   // the menu bar
  o.stripLine = ui::stripLineFor(s.w, s.h);
  return view::computeLayout(o);
}

float width(const std::string& shown) { return ImGui::CalcTextSize(shown.c_str()).x; }

std::string where(Screen s, const char* what, const std::string& text) {
  return std::string(ui::languageCode(ui::language())) + " " + std::to_string(int(s.w)) + "x" +
         std::to_string(int(s.h)) + " " + what + ": \"" + text + "\"";
}

// The strips' lines (side_strip.cpp): the pip count's label whole before the score of a
// match to 7, what a side must do (after the roll while it moves) at the strip's size, and
// the opening's and a passed turn's announcements (game_screen.cpp, announce()) at most
// condensed (ui::kStripCondensedScale). Left out: the prompts whose buttons are on the
// screen at the same time (Confirm or undo, take or pass?) and the clock (an option)
// beside the status (docs/TRANSLATING.md, "Does it fit?").
void checkStrips(Screen s) {
  const view::Layout l = gameLayout(s);
  REQUIRE(l.strip[0].w > 0);
  ImGui::SetWindowFontScale(ui::stripFontScale(l));
  const std::string score = ui::display(std::string(ui::translate("Score")) + " 6/7");
  const ui::StripRoom room =
      ui::stripRoom(l.strip[0], ui::stripCubeWidth(), ui::stripScoreWidth(score.c_str()), 0);
  const std::string pips = std::string(ui::translate("Pips")) + " 360";
  CHECK_MESSAGE(width(ui::display(pips)) <= room.pips,
                where(s, "strip, pips before the score", pips) << " is " << width(ui::display(pips)) << " px, room "
                                                               << room.pips << " (score \"" << score << "\")");
  for (const char* status : {"to roll", "thinking...", "wins", "6-6  to move", "6-6  thinking..."}) {
    std::string logical(status);
    if (logical.rfind("6-6  ", 0) == 0) logical = "6-6  " + std::string(ui::translate(status + 5));
    else logical = ui::translate(status);
    const float w = width(ui::display(logical));
    CHECK_MESSAGE(w <= room.status, where(s, "strip, status", logical) << " is " << w << " px, room "
                                                                                        << room.status);
  }
  const std::string rolled = std::string(ui::translate("rolled")) + " 6, ";
  for (const std::string& logical : {rolled + ui::translate("a tie"), rolled + ui::translate("starts"),
                                     "6-5, " + std::string(ui::translate("no move")),
                                     std::string(ui::translate("time is up"))}) {
    const std::string shown = ui::display(logical);
    const float scale = ui::stripStatusScale(shown.c_str(), room.status);
    CHECK_MESSAGE(width(shown) * scale <= room.status,
                  where(s, "strip, announcement", logical) << " is " << width(shown) << " px, room " << room.status
                                                           << " condensed to " << ui::kStripCondensedScale);
  }
  ImGui::SetWindowFontScale(1);
}

// The buttons of the one who acts (action_buttons.cpp): each set in the room kept for it,
// and the answers to a double or a resignation, one fixed width each.
void checkActionButtons(Screen s) {
  const view::Layout l = gameLayout(s);
  REQUIRE(l.actions.w > 0);
  const std::vector<std::vector<const char*>> sets = {
      {"Roll", "Double", "Hint"}, {"Roll", "Double", "Thinking..."}, {"Hint"}, {"Undo", "Confirm"}};
  for (const auto& set : sets) {
    std::vector<float> labels;
    for (const char* label : set) labels.push_back(ui::actionLabelWidth(l, width(ui::T(label))));
    CHECK_MESSAGE(ui::actionLabelsFit(l, labels),
                  where(s, "action buttons", ui::translate(set[0])) << "...: they need " << labels[0] << (labels.size() > 1 ? "," : "")
                                                                  << (labels.size() > 1 ? labels[1] : 0) << "... px; room "
                                                                  << l.actions.w << "x" << l.actions.h);
  }
  // The answers are ImGui's own buttons in a panel at the strips' text size.
  const float scale = ui::stripFontScale(l), padding = 2 * ImGui::GetStyle().FramePadding.x;
  for (const char* label : {"Take", "Pass", "Beaver", "Hint", "Thinking...", "Accept", "Reject"}) {
    const float need = width(ui::T(label)) * scale + padding;
    CHECK_MESSAGE(need <= ui::answerButtonWidth(l),
                  where(s, "answer button", ui::translate(label)) << " needs " << need << " px of " << ui::answerButtonWidth(l));
  }
}

// The menu bar's four titles on one line (top_bar.cpp), as MenuBar lays them out.
void checkMenuBar(Screen s) {
  ImGui::End();   // the bar is a window of its own
  ImGui::SetNextWindowPos({0, 0});
  REQUIRE(ImGui::BeginMainMenuBar());
  const float pad = ImGui::GetCursorPosX(), right = ImGui::GetWindowWidth() - pad;
  ui::MenuBar bar;
  for (const char* title : {"Game", "View", "Language", "Help"}) bar.beginMenu(title, ui::T(title));
  const float edge = bar.trailingEdge();
  CHECK_MESSAGE((ui::rightToLeft() ? edge >= pad : edge <= right),
                where(s, "menu bar", ui::translate("Language")) << ": the titles end at " << edge);
  ImGui::EndMainMenuBar();
  ImGui::Begin("##measure");
}

// Widgets of menus and dialogs, each of which must fit the screen on its own: their windows
// are as wide as their widest row, and a row that does not fit goes on over more lines.
float screenRoom(Screen s) {
  const ImGuiStyle& style = ImGui::GetStyle();
  return s.w - 2 * style.WindowPadding.x - 2 * style.DisplaySafeAreaPadding.x;
}

void checkMenus(Screen s) {
  const ImGuiStyle& style = ImGui::GetStyle();
  for (const char* item :
       {"New game...", "Play a friend...", "Resign...", "Enter dice...", "Analyse match", "Match history...",
        "Import .mat...", "Home on the right", "Show legal moves", "Point numbers", "Sound", "Theme", "Walnut",
        "Ebony", "Animation speed", "Off", "Slow", "Normal", "Fast", "Coach", "Warn before mistakes",
        "Keyboard and screen reader", "Persian digits", "Rules"}) {
    const float need = width(ui::T(item)) + 2 * style.ItemInnerSpacing.x + ImGui::GetFontSize();
    CHECK_MESSAGE(need <= screenRoom(s), where(s, "menu item", ui::translate(item)) << " needs " << need << " px");
  }
}

void checkDialogs(Screen s) {
  for (const char* radio : {"Standard", "Nackgammon", "Hyper", "Long Nard", "Modern", "Traditional", "Human",
                            "Computer"})
    CHECK_MESSAGE(ui::radioWidth(ui::T(radio)) <= screenRoom(s), where(s, "radio button", ui::translate(radio)));
  for (const char* box : {"Doubling cube", "Crawford rule", "Jacoby rule", "Beavers", "Clock"})
    CHECK_MESSAGE(ui::checkboxWidth(ui::T(box)) <= screenRoom(s), where(s, "check box", ui::translate(box)));
  for (const char* text : {"Variant", "Rules", "Match length", "money game", "no limit", "points", "Review", "Worst"})
    CHECK_MESSAGE(ui::textWidth(ui::T(text)) <= screenRoom(s), where(s, "dialog label", ui::translate(text)));
  for (const char* button : {"Start", "Cancel", "Invite", "Close", "Export .mat", "Use these dice", "Take it back"})
    CHECK_MESSAGE(ui::buttonWidth(ui::T(button)) <= screenRoom(s), where(s, "dialog button", ui::translate(button)));
}

// One ImGui context for the program, with the game's style.
void useImGui() {
  static const bool made = [] {
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    ui::applyStyle();
    return true;
  }();
  (void)made;
}

}  // namespace

TEST_CASE("every language's strings fit their widgets on the smallest phones") {
  useImGui();
  for (const ui::LanguageInfo& info : ui::kLanguages) {
    if (!info.inMenu) continue;
    CAPTURE(info.code);
    speak(info.language);
    for (const Screen s : kPhones) {
      Frame frame(s);
      checkStrips(s);
      checkActionButtons(s);
      checkMenuBar(s);
      checkMenus(s);
      checkDialogs(s);
    }
  }
  ui::setLanguage(ui::Language::English);
}

TEST_CASE("the check measures: a word too long for the strip does not fit") {
  // The same measure on English text made too long: what the check above must catch.
  useImGui();
  speak(ui::Language::English);
  Frame frame(kPhones[0]);
  const view::Layout l = gameLayout(kPhones[0]);
  ImGui::SetWindowFontScale(ui::stripFontScale(l));
  const ui::StripRoom room = ui::stripRoom(l.strip[0], 0, 0, 0);
  CHECK(width("Pips 360") < room.pips);
  CHECK(width("Pipcountingwordthatnophonecanhold 360") > room.pips);
  CHECK_FALSE(ui::actionLabelsFit(l, {l.actions.w + 1}));
  CHECK_FALSE(ui::actionLabelsFit(l, {l.actions.w * 0.4f, l.actions.w * 0.4f, l.actions.w * 0.4f}));
  CHECK(ui::actionLabelsFit(l, {l.actions.w * 0.2f, l.actions.w * 0.45f, l.actions.w * 0.2f}));   // uneven
}
