#include "ui/game_screen.h"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ui/coach_dialog.h"
#include "ui/i18n.h"
#include "ui/mirrored_widgets.h"
#include "ui/rtl_text.h"
#include "ui/rules_help.h"
#include "ui/screen_common.h"
#include "ui/screen_parts.h"
#include "ui/side_strip.h"

namespace ui {
namespace {

// How the game was won, the points and the score; then the next game, or a new match.
void gameOverPanel(ScreenState& s, GameController& g, const view::Layout& l, double now) {
  const nard::Match& m = g.match();
  if (!over(m.phase()) || g.animating(now)) return;
  if (s.review.showProgress && s.review.task.running()) return;   // the progress bar is there
  beginPanel("##over", boardCentre(l));
  ImGui::SetWindowFontScale(stripFontScale(l));   // as large as the strips' text on a phone
  const nard::GameResult& r = m.lastResult();
  textLine(display(seatName(g, r.winner) + " " + T("wins") + ": " + resultName(m, r.kind) +
                   (r.byPass ? std::string(" (") + T("cube passed") + ")" : "") +
                   (r.byResign ? std::string(" (") + T("resigned") + ")" : "") +
                   (r.byTimeout ? std::string(" (") + T("on time") + ")" : "")).c_str());
  textLine(display(std::string(T("Points")) + ": " + std::to_string(r.points)).c_str());
  textLine(display(std::string(T("Score")) + ": " + T(playerName(0)) + " " + std::to_string(m.score(0)) +
                   "  " + T(playerName(1)) + " " + std::to_string(m.score(1))).c_str());
  const bool matchOver = m.phase() == nard::Phase::MatchOver;
  if (matchOver) {
    ImGui::Separator();
    textLine(display(seatName(g, m.matchWinner()) + " " + T("wins the match")).c_str());
  }
  const char* next = matchOver ? T("New match") : T("Next game");
  Row row{buttonWidth(T("Analyse")), buttonWidth(next)};
  row.next();
  if (namedButton(s.recorded, "analyse", T("Analyse"))) s.requests.analyse = true;
  row.next();
  if (matchOver) {
    if (namedButton(s.recorded, "newMatch", next)) s.dialogs.newGame = true;
  } else if (namedButton(s.recorded, "nextGame", next)) {
    g.nextGame();
  }
  ImGui::End();
}

// Game > Resign...: what to give up (a gammon or backgammon only where they exist).
void resignDialog(ScreenState& s, GameController& g, const view::Layout& l) {
  if (!s.dialogs.resign) return;
  const nard::Match& m = g.match();
  if (beginBoardDialog(T("Resign"), "resign", &s.dialogs.resign, l)) {
    textLine(T("Offer to lose"));
    const int most = m.policy().backgammons ? 3 : 2;
    const char* names[3] = {resultName(m, nard::ResultKind(1)), resultName(m, nard::ResultKind(2)),
                            most == 3 ? resultName(m, nard::ResultKind(3)) : ""};
    Row row{buttonWidth(names[0]), buttonWidth(names[1]), most == 3 ? buttonWidth(names[2]) : 0};
    for (int k = 1; k <= most; ++k) {
      row.next();
      const std::string name = "resign" + std::to_string(k);
      if (namedButton(s.recorded, name.c_str(), names[k - 1])) {
        g.resign(nard::ResultKind(k));
        s.dialogs.resign = false;
      }
    }
    Row cancel{buttonWidth(T("Cancel"))};
    cancel.next();
    if (namedButton(s.recorded, "resignCancel", T("Cancel"))) s.dialogs.resign = false;
  }
  ImGui::End();
}

// One die's six faces as buttons, the chosen one lit.
void dieFaces(RecordedItems& items, int die, int& chosen, float face) {
  ImGui::PushID(die);
  // Faces run 1 to 6 in reading order: from the right in Persian.
  Row row{face, face, face, face, face, face};
  for (int f = 1; f <= 6; ++f) {
    row.next();
    const std::string name = "die" + std::to_string(die) + "-" + std::to_string(f);
    ImGui::PushStyleColor(ImGuiCol_Button,
                          chosen == f ? ImVec4(0.75f, 0.5f, 0.2f, 1) : ImGui::GetStyleColorVec4(ImGuiCol_Button));
    if (namedButton(items, name.c_str(), display(std::to_string(f)).c_str(), {face, 0})) chosen = f;
    ImGui::PopStyleColor();
  }
  ImGui::PopID();
}

// Playing with real dice: the player types what they rolled; the record marks it.
void manualDiceDialog(ScreenState& s, GameController& g, const view::Layout& l) {
  if (!s.dialogs.manualDice) return;
  if (beginBoardDialog(T("Enter dice"), "enter-dice", &s.dialogs.manualDice, l)) {
    const bool opening = g.match().phase() == nard::Phase::Opening;
    textLine(opening ? T("Opening roll: White's die, Black's die") : T("The dice you rolled"));
    std::array<int, 2>& faces = s.dialogs.manualDiceFaces;
    for (int d = 0; d < 2; ++d) dieFaces(s.recorded, d, faces[d], l.checker * 0.8f);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    textLine(T("Marked in the match record as entered by hand"));
    ImGui::PopStyleColor();
    Row row{buttonWidth(T("Use these dice")), buttonWidth(T("Cancel"))};
    row.next();
    if (namedButton(s.recorded, "manualRoll", T("Use these dice"))) {
      const std::string err = g.rollManual(faces[0], faces[1]);
      if (err.empty()) s.dialogs.manualDice = false;
    }
    row.next();
    if (namedButton(s.recorded, "manualCancel", T("Cancel"))) s.dialogs.manualDice = false;
  }
  ImGui::End();
}

}  // namespace

const char* playerName(int player) { return player == 0 ? "White" : "Black"; }

// The spec's English name (a string literal, so NUL-terminated) is the translation key.
const char* variantName(nard::Variant v) { return nard::spec(v).name.data(); }

const char* resultName(const nard::Match& m, nard::ResultKind k) {
  // Iranian players and Long Nard call the double win "mars": where no backgammon exists.
  const bool mars = !m.policy().backgammons;
  switch (k) {
    case nard::ResultKind::Single: return T("Single game");
    case nard::ResultKind::Gammon: return mars ? T("Mars") : T("Gammon");
    case nard::ResultKind::Backgammon: return T("Backgammon");
  }
  return "";
}

void announce(ScreenState& s, GameController& g, const app::SessionEvent& e, double now) {
  // The strips show the short forms, logical order: each side's own die at the opening,
  // "a tie" and "no move" where the whole line would not fit a phone's strip (the Roll
  // button says what comes next; the page's accessible board reads the whole line).
  if (e.kind == app::SessionEvent::Kind::OpeningRoll) {
    std::string text = std::string(T(playerName(0))) + " " + std::to_string(e.dice.a) + ", " +
                       T(playerName(1)) + " " + std::to_string(e.dice.b) + ": ";
    std::array<std::string, 2> side;
    const int dice[2] = {e.dice.a, e.dice.b};
    for (int p = 0; p < 2; ++p) side[p] = std::string(translate(N_("rolled"))) + " " + std::to_string(dice[p]);
    if (e.dice.a == e.dice.b) {
      text += T("a tie, roll again");
      for (auto& t : side) t += std::string(", ") + translate(N_("a tie"));
    } else {
      text += seatName(g, g.match().onRoll()) + " " + T("starts");
      side[g.match().onRoll()] += std::string(", ") + translate("starts");
    }
    s.announcement.show(display(text), now, 3000, side);
  } else if (e.kind == app::SessionEvent::Kind::NoMove) {
    const std::string dice = fmt("%d-%d", e.dice.a, e.dice.b) + ", ";
    std::array<std::string, 2> side;
    side[e.player] = dice + translate(N_("no move"));
    s.announcement.show(display(seatName(g, e.player) + ": " + dice + translate("no legal move")), now, 2500, side);
  } else if (e.kind == app::SessionEvent::Kind::Timeout) {
    std::array<std::string, 2> side;
    side[e.player] = translate("time is up");
    s.announcement.show(display(seatName(g, e.player) + ": " + T("time is up")), now, 4000, side);
  }
}

void Announcement::notice(std::string logicalText, double now, double forMs) {
  show(display(logicalText), now, forMs);
  logical = std::move(logicalText);
}

namespace {

// Lines, no wider than `maxW`, of a display-form text in one direction (a T() result:
// notice() breaks mixed ones before display). Right to left, the text's first words
// are its rightmost, so the first line is filled from the right end.
std::vector<std::string> wrapDisplayed(const std::string& text, float maxW, bool rtl) {
  std::vector<std::string> words;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    if (end > at) words.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  if (rtl) std::reverse(words.begin(), words.end());
  std::vector<std::string> lines;
  std::string line;
  for (const std::string& w : words) {
    const std::string longer = line.empty() ? w : rtl ? w + " " + line : line + " " + w;
    if (!line.empty() && ImGui::CalcTextSize(longer.c_str()).x > maxW) {
      lines.push_back(line);
      line = w;
    } else {
      line = longer;
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

// A passing message for no side in particular (a file not imported, a language not
// loaded, a friend match not deleted): over the top of the board, above the panels, for
// its time. The strips carry each side's own (announce() above); the page's accessible
// board reads both.
void drawNotice(ScreenState& s, const view::Layout& l, double now) {
  const Announcement& a = s.announcement;
  if (!a.showing(now) || a.text.empty() || !a.side[0].empty() || !a.side[1].empty()) return;
  const view::Rect b = l.board.w > 0 ? l.board : view::Rect{0, 0, ImGui::GetIO().DisplaySize.x, ImGui::GetIO().DisplaySize.y};
  const float pad = ImGui::GetStyle().WindowPadding.x;
  const float maxW = std::max(100.0f, b.w * 0.85f - 2 * pad);
  // Broken into lines once per notice and width, not every frame (a FriBidi pass a word).
  static std::string linesKey;
  static std::vector<std::string> lines;
  const std::string key = a.text + '\x1f' + std::to_string(static_cast<int>(maxW)) + '|' +
                          std::to_string(ImGui::GetFontSize());
  if (key != linesKey) {
    linesKey = key;
    lines = a.logical.empty() ? wrapDisplayed(a.text, maxW, rightToLeft()) : displayLines(a.logical, maxW, textWidth);
  }
  float widest = 0;
  for (const std::string& line : lines) widest = std::max(widest, ImGui::CalcTextSize(line.c_str()).x);
  ImGui::SetNextWindowPos({b.x + b.w * 0.5f, b.y + b.h * 0.1f}, ImGuiCond_Always, {0.5f, 0.0f});
  ImGui::SetNextWindowBgAlpha(0.94f);
  ImGui::Begin("##notice", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav);
  const float left = ImGui::GetCursorPosX();
  for (const std::string& line : lines) {   // centred, line by line
    ImGui::SetCursorPosX(left + (widest - ImGui::CalcTextSize(line.c_str()).x) * 0.5f);
    ImGui::TextUnformatted(line.c_str());
  }
  // Where it is, for window.nard.layout() (the tests see it drawn).
  recordRect(s.recorded, "notice", ImGui::GetWindowPos(),
             {ImGui::GetWindowPos().x + ImGui::GetWindowSize().x, ImGui::GetWindowPos().y + ImGui::GetWindowSize().y});
  ImGui::End();
}

}  // namespace

void drawGameUi(ScreenState& s, GameController& g, const view::Layout& l, double now) {
  // A review takes the board: the game's buttons and panels wait until it closes.
  if (g.active() && !s.review.review) {
    drawSideStrips(s, g, l, now);
    drawActionButtons(s, g, l, now);
    gameOverPanel(s, g, l, now);
    resignDialog(s, g, l);
    manualDiceDialog(s, g, l);
    drawCoachDialog(s, g, l);
  }
  drawReview(s, l);
  drawHistory(s, l);
  drawNewGameDialog(s, g, l, now);
  drawFriendDialog(s, l);
  if (s.dialogs.rules) drawRulesHelp(&s.dialogs.rules);
  drawNotice(s, l, now);
}

}  // namespace ui
