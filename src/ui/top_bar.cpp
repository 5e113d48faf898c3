// The menu bar (Game, View, Language, Help) and, after the menus, what the match is. In
// Persian the menus start at the right edge and the match line runs leftwards from them
// (mirrored_widgets). Each side's own numbers are in its strip (side_strip.cpp).
#include <imgui.h>
#include <imgui_internal.h>   // ImGuiViewportP: the menu bar's place inside the safe area

#include <vector>

#include "ui/coach_dialog.h"
#include "ui/game_screen.h"
#include "ui/i18n.h"
#include "ui/language_menu.h"
#include "ui/mirrored_widgets.h"
#include "ui/screen_common.h"

namespace ui {
namespace {

// One piece of the match line, in display form.
struct Segment {
  std::string text;
  ImVec4 colour;
};

// What the whole match is, after the menus: variant and rules, its length, Crawford.
// Everything about one side (pips, score, cube, clock, whose turn) is in its strip
// (side_strip.cpp). A piece that does not fit on a narrow screen is left out.
std::vector<Segment> infoSegments(const GameController& g) {
  const ImVec4 plain = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
  const nard::Match& m = g.match();
  std::vector<Segment> out;
  std::string variant = T(variantName(m.options().variant));
  if (m.variant().ruleSetApplies) variant += std::string(" · ") + (m.options().rules == nard::Rules::Modern ? T("Modern") : T("Traditional"));
  out.push_back({display(variant), plain});
  if (const int length = m.options().matchLength)
    out.push_back({Tnf("Match to %d point", "Match to %d points", length, length), plain});
  else out.push_back({T("money game"), plain});
  if (m.crawfordGame()) out.push_back({T("Crawford"), ImVec4(1.0f, 0.85f, 0.45f, 1)});
  return out;
}

// Lays the pieces out between x = left and x = right (window coordinates) in reading
// order: from the left in English, from the right in Persian. With `wrap` a piece that
// does not fit starts a new line; without, the pieces that do not fit are left out.
void flowSegments(const std::vector<Segment>& segments, float left, float right, bool wrap) {
  const float gap = ImGui::GetStyle().ItemSpacing.x * 2;
  const bool rtl = rightToLeft();
  float used = 0;
  bool lineStarted = false;
  for (const Segment& seg : segments) {
    const float w = ImGui::CalcTextSize(seg.text.c_str()).x;
    const float need = (lineStarted ? gap : 0) + w;
    if (!wrap && !lineStarted && w > right - left) break;   // not even alone: cut at the screen's edge otherwise
    if (lineStarted && used + need > right - left) {
      if (!wrap) break;
      used = 0;
      lineStarted = false;
    } else if (lineStarted) {
      ImGui::SameLine();
    }
    const float at = (lineStarted ? used + gap : 0);
    ImGui::SetCursorPosX(rtl ? std::max(left, right - at - w) : left + at);
    ImGui::PushStyleColor(ImGuiCol_Text, seg.colour);
    ImGui::TextUnformatted(seg.text.c_str());
    ImGui::PopStyleColor();
    used = at + w;
    lineStarted = true;
  }
}

void gameMenu(ScreenState& s, GameController& g) {
  if (menuItem(T("New game..."))) {
    s.dialogs.newGameDraft = g.active() ? g.session().settings() : s.prefs.lastGame;
    s.dialogs.newGame = true;
  }
  recordItem(s.recorded, "menuNewGame");
  if (menuItem(T("Play a friend..."))) {
    s.dialogs.friendDraft = g.active() ? g.session().settings() : s.prefs.lastGame;
    s.dialogs.friendLink.clear();
    s.dialogs.friendNote.clear();
    s.dialogs.friendPlay = true;
  }
  recordItem(s.recorded, "menuFriend");
  const nard::Phase phase = g.match().phase();
  const bool canResign = g.active() && g.humanMustAct() && (phase == nard::Phase::Rolling || phase == nard::Phase::Moving);
  if (menuItem(T("Resign..."), false, canResign)) s.dialogs.resign = true;
  recordItem(s.recorded, "menuResign");
  const bool canRoll = g.active() && g.humanMustAct() && (phase == nard::Phase::Rolling || phase == nard::Phase::Opening);
  if (menuItem(T("Enter dice..."), false, canRoll)) s.dialogs.manualDice = true;
  recordItem(s.recorded, "menuManualDice");
  ImGui::Separator();
  // Analysis of the match so far (a finished game or match most usefully).
  if (menuItem(T("Analyse match"), false, g.active() && !g.match().record().empty())) s.requests.analyse = true;
  recordItem(s.recorded, "menuAnalyse");
  // The Play a friend dialog would show through the history's window: the history replaces
  // it (the link it showed stays in window.nard.friend() and comes back with the next one).
  if (menuItem(T("Match history..."))) s.history.open = true, s.requests.listHistory = true, s.dialogs.friendPlay = false;
  recordItem(s.recorded, "menuHistory");
  if (menuItem(T("Import .mat..."))) s.requests.importFile = true;
  recordItem(s.recorded, "menuImport");
}

void viewMenu(ScreenState& s) {
  if (menuItem(T("Home on the right"), &s.prefs.homeOnRight)) s.prefsChanged = true;
  recordItem(s.recorded, "viewHomeOnRight");
  if (menuItem(T("Show legal moves"), &s.prefs.highlights)) s.prefsChanged = true;
  if (menuItem(T("Point numbers"), &s.prefs.pointNumbers)) s.prefsChanged = true;
  recordItem(s.recorded, "viewPointNumbers");
  if (menuItem(T("Sound"), &s.prefs.sound)) s.prefsChanged = true;
  // Choices in groups rather than submenus: one tap each on a phone.
  ImGui::Separator();
  menuHeading(T("Theme"));
  static const char* kThemes[][2] = {{"walnut", N_("Walnut")}, {"ebony", N_("Ebony")}};
  for (const auto& theme : kThemes)
    if (menuItem(T(theme[1]), s.prefs.theme == theme[0])) s.prefs.theme = theme[0], s.prefsChanged = true;
  ImGui::Separator();
  menuHeading(T("Animation speed"));
  static const char* kSpeeds[] = {N_("Off"), N_("Slow"), N_("Normal"), N_("Fast")};
  for (int i = 0; i < 4; ++i) {
    if (menuItem(T(kSpeeds[i]), s.prefs.animationSpeed == i)) s.prefs.animationSpeed = i, s.prefsChanged = true;
    recordItem(s.recorded, (std::string("viewSpeed") + std::to_string(i)).c_str());
  }
  coachMenuItems(s);
  ImGui::Separator();
  // The page's second, hidden board that screen readers read and keys play (web/a11y.js).
  bool accessible = s.accessibleBoardOn;
  if (menuItem(T("Keyboard and screen reader"), &accessible)) s.requests.accessibleBoard = accessible ? 1 : 0;
  recordItem(s.recorded, "viewAccessible");
}

}  // namespace

float drawTopBar(ScreenState& s, GameController& g) {
  s.recorded.clear();
  // Below a notch and clear of rounded corners: the bar starts inside the safe area
  // (ImGui places the main menu bar in the viewport's work area).
  auto* viewport = static_cast<ImGuiViewportP*>(ImGui::GetMainViewport());
  viewport->BuildWorkOffsetMin = {s.safe.left, s.safe.top};
  viewport->BuildWorkOffsetMax = {-s.safe.right, 0};
  if (!ImGui::BeginMainMenuBar()) return s.safe.top;
  const float pad = ImGui::GetCursorPosX();
  float left = pad, right = ImGui::GetWindowWidth() - pad;
  if (!s.embed) {
    MenuBar bar;
    auto menu = [&](const char* id, const char* label, auto&& items) {
      const bool open = bar.beginMenu(id, label);
      if (open) {
        items();
        bar.endMenu();
      }
      recordRect(s.recorded, id, bar.titleMin(), bar.titleMax());
    };
    menu("menuGame", T("Game"), [&] { gameMenu(s, g); });
    menu("menuView", T("View"), [&] { viewMenu(s); });
    menu("menuLanguage", T("Language"), [&] {
      if (languageMenuItems(&s.prefs.lang, &s.prefs.persianDigits, [&](const char* n) { recordItem(s.recorded, n); }))
        s.prefsChanged = true;
    });
    menu("menuHelp", T("Help"), [&] {
      if (menuItem(T("Rules"))) s.dialogs.rules = true;
      recordItem(s.recorded, "helpRules");
    });
    const float gap = ImGui::GetStyle().ItemSpacing.x * 2;
    if (rightToLeft()) right = bar.trailingEdge() - gap;
    else left = bar.trailingEdge() + gap;
  }
  if (g.active()) {
    ImGui::SameLine();
    flowSegments(infoSegments(g), left, right, false);
  }
  const float bottom = ImGui::GetWindowPos().y + ImGui::GetWindowSize().y;
  ImGui::EndMainMenuBar();
  return bottom;
}

}  // namespace ui
