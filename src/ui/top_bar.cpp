// The menu bar (Game, View, Language, Help) and the score line. In Persian the menus
// start at the right edge and the score line runs leftwards from them (mirrored_widgets).
#include <imgui.h>

#include <vector>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "ui/coach_dialog.h"
#include "ui/game_screen.h"
#include "ui/i18n.h"
#include "ui/language_menu.h"
#include "ui/mirrored_widgets.h"
#include "ui/screen_common.h"

namespace ui {
namespace {

std::string clockText(std::int64_t ms) {
  if (ms < 0) ms = 0;
  const long long s = (ms + 999) / 1000;
  return fmt("%lld:%02lld", s / 60, s % 60);
}

// The status line: whose turn and what they must do.
std::string statusText(const GameController& g) {
  const nard::Match& m = g.match();
  const int t = m.turn();
  switch (m.phase()) {
    case nard::Phase::Opening:
      return T("Roll to decide who starts");
    case nard::Phase::Rolling:
      return display(seatName(g, t) + ": " + T("to roll"));
    case nard::Phase::Moving: {
      // The whole line first, then display() once: in Persian the parts are reordered.
      std::string s = seatName(g, m.onRoll()) + ": " + fmt("%d-%d", m.dice().a, m.dice().b);
      if (g.humanToMove() >= 0 && m.legalPlays().size() == 1 && m.staged().empty())
        s += std::string("  ") + T("Forced play") + ": " + nard::formatPlay(m.legalPlays().front());
      else if (g.humanToMove() >= 0 && m.stagedComplete())
        s += std::string("  ") + T("Confirm or undo");
      return display(s);
    }
    case nard::Phase::Doubled:
      return display(seatName(g, t) + ": " + T("take or pass?"));
    case nard::Phase::Beavered:
      return display(seatName(g, t) + ": " + T("accept the beaver?"));
    case nard::Phase::Resigning:
      return display(seatName(g, t) + ": " + T("accept the resignation?"));
    case nard::Phase::GameOver:
    case nard::Phase::MatchOver:
      return display(seatName(g, m.lastResult().winner) + " " + T("wins"));
  }
  return {};
}

// One piece of the score line, in display form.
struct Segment {
  std::string text;
  ImVec4 colour;
};

// The score line's pieces in reading order: variant, score, pips, cube, clock, whose
// turn, passing messages.
std::vector<Segment> infoSegments(const ScreenState& s, const GameController& g, double now) {
  const ImVec4 plain = ImGui::GetStyleColorVec4(ImGuiCol_Text);
  const ImVec4 gold{1.0f, 0.85f, 0.45f, 1}, red{1.0f, 0.55f, 0.45f, 1};
  const nard::Match& m = g.match();
  std::vector<Segment> out;
  std::string variant = T(variantName(m.options().variant));
  if (m.variant().ruleSetApplies) variant += std::string(" · ") + (m.options().rules == nard::Rules::Modern ? T("Modern") : T("Traditional"));
  out.push_back({display(variant), plain});
  std::string score = std::string(T(playerName(0))) + " " + std::to_string(m.score(0)) + " - " + std::to_string(m.score(1)) +
                      " " + T(playerName(1));
  score += m.options().matchLength ? " (" + std::string(T("to")) + " " + std::to_string(m.options().matchLength) + ")"
                                   : " (" + std::string(T("money game")) + ")";
  if (m.crawfordGame()) score += std::string(" ") + T("Crawford");
  out.push_back({display(score), plain});
  const nard::Position pos = m.position();
  const int me = m.onRoll() == 0 ? 0 : 1;
  out.push_back({display(std::string(T("Pips")) + " " + std::to_string(nard::pipCount(pos.side[me])) + " - " +
                         std::to_string(nard::pipCount(pos.side[1 - me]))),
                 plain});
  if (m.policy().cube) out.push_back({display(std::string(T("Cube")) + " " + std::to_string(m.cubeValue())), plain});
  if (m.policy().clock) out.push_back({clockText(m.clockBankMs(0)) + " / " + clockText(m.clockBankMs(1)), plain});
  out.push_back({statusText(g), plain});
  if (g.computerThinking()) out.push_back({T("thinking..."), ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled)});
  if (s.announcement.showing(now)) out.push_back({s.announcement.text, gold});
  else if (!g.notice().empty()) out.push_back({g.notice(), red});
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
  if (menuItem(T("Match history..."))) s.history.open = true, s.requests.listHistory = true;
  recordItem(s.recorded, "menuHistory");
  if (menuItem(T("Import .mat..."))) s.requests.importFile = true;
  recordItem(s.recorded, "menuImport");
}

void viewMenu(ScreenState& s) {
  if (menuItem(T("Home on the right"), &s.prefs.homeOnRight)) s.prefsChanged = true;
  recordItem(s.recorded, "viewHomeOnRight");
  if (menuItem(T("Show legal moves"), &s.prefs.highlights)) s.prefsChanged = true;
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
}

}  // namespace

float drawTopBar(ScreenState& s, GameController& g, double now) {
  s.recorded.clear();
  if (!ImGui::BeginMainMenuBar()) return 0;
  const bool narrow = ImGui::GetIO().DisplaySize.x < 760;
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
  if (g.active() && !narrow) {
    ImGui::SameLine();
    flowSegments(infoSegments(s, g, now), left, right, false);
  }
  float height = ImGui::GetWindowSize().y;
  ImGui::EndMainMenuBar();
  if (g.active() && narrow) {
    // Phones: the score line gets a strip of its own under the menus.
    const float width = ImGui::GetIO().DisplaySize.x;
    ImGui::SetNextWindowPos({0, height});
    ImGui::SetNextWindowSize({width, 0});
    ImGui::SetNextWindowBgAlpha(0.85f);
    ImGui::Begin("##info", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                        ImGuiWindowFlags_NoNav | ImGuiWindowFlags_AlwaysAutoResize);
    const float inner = ImGui::GetCursorPosX();
    flowSegments(infoSegments(s, g, now), inner, width - inner, true);
    height += ImGui::GetWindowSize().y;
    ImGui::End();
  }
  return height;
}

}  // namespace ui
