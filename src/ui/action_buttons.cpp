// The buttons of the person who must act. Rolling and moving: in the room the layout
// keeps for them off the board (view::Layout::actions: at the bottom on a phone held
// upright, between the strips beside a landscape board), so they never cover a checker;
// without that room (no strips), beside the mover's dice. Answering a double or a
// resignation: over the board's middle, where no checker can move then.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "app/hints.h"
#include "ui/i18n.h"
#include "ui/mirrored_widgets.h"
#include "ui/rtl_text.h"
#include "ui/screen_common.h"
#include "ui/screen_parts.h"
#include "ui/side_strip.h"

namespace ui {
namespace {

// What every set of buttons needs to know.
struct Actions {
  RecordedItems& items;
  GameController& g;
  const view::Layout& l;
  int side;      // who acts (White for the opening roll)
  ImVec2 at;     // where the buttons' panel is centred
  float width;   // of one button
};

// Where the buttons of a side sit: over the middle of its dice.
ImVec2 diceCentre(const view::Layout& l, int player) {
  const view::Rect& a = l.dice[player][0];
  const view::Rect& b = l.dice[player][1];
  return {(a.x + b.x + b.w) * 0.5f, a.y + a.h * 0.5f};
}

bool actionButton(const Actions& a, const char* name, const char* label) {
  return namedButton(a.items, name, label, {a.width, 0});
}

// One button of a set: recorded as `name`; the primary one (roll, confirm) stands out.
struct Choice {
  const char* name;
  const char* label;
  bool enabled = true;
  bool primary = false;
};

// How n buttons sit in the room: side by side, unless a label would not fit its button;
// then in fewer columns and more rows (the narrow room between the strips of a landscape
// board, with three Persian labels), the buttons no lower than a finger needs. Failing
// that, one row with each button as wide as its label and a share of what is left (a long
// word beside short ones: Armenian's Կրկնապատկել beside Գցել, on a 360 px phone); nothing
// fitting, side by side as they are (fits false).
struct Grid {
  int cols = 1, rows = 1;
  float w = 0, h = 0;
  std::vector<float> widths;   // the one row's buttons, when they are not all w wide
  bool fits = true;
};
Grid gridFor(const view::Rect& room, const std::vector<float>& labels, float line, float gap) {
  const int n = static_cast<int>(labels.size());
  const float widest = labels.empty() ? 0 : *std::max_element(labels.begin(), labels.end());
  const float most = std::round(line * 6.5f), tallest = std::round(line * 1.8f), lowest = std::round(line * 1.3f);
  auto grid = [&](int cols) {
    Grid g{cols, (n + cols - 1) / cols};
    g.w = std::min(std::floor((room.w - static_cast<float>(cols - 1) * gap) / static_cast<float>(cols)), most);
    g.h = std::min(tallest, std::floor((room.h - static_cast<float>(g.rows - 1) * gap) / static_cast<float>(g.rows)));
    return g;
  };
  for (int cols = n; cols >= 1; --cols) {
    const Grid g = grid(cols);
    if (widest <= g.w && g.h >= lowest) return g;
  }
  Grid g = grid(n);
  g.h = std::min(room.h, tallest);
  float total = static_cast<float>(n - 1) * gap;
  for (float w : labels) total += w;
  const float row = std::min(room.w, static_cast<float>(n) * most + static_cast<float>(n - 1) * gap);
  g.fits = total <= row;
  if (g.fits)
    for (float w : labels) g.widths.push_back(std::floor(w + (row - total) / static_cast<float>(n)));
  return g;
}

// The buttons in the room keep less padding beside their labels than ImGui's (8 px): three
// side by side on a 360 px phone, they need the room for the labels of longer languages.
float roomPadding(const view::Layout& l) { return std::round(l.opt.stripLine * 0.17f); }

// A set of buttons in reading order (from the right in Persian); returns the index of the
// one pressed, or -1. `id` names the window: one window per set, since an auto-sized
// window takes its new size a frame late and a reused one would jump when the set changes.
int buttonSet(const Actions& a, const char* id, const std::vector<Choice>& choices) {
  const view::Rect& room = a.l.actions;
  const bool inRoom = room.w > 0 && room.h > 0;
  const float line = inRoom ? a.l.opt.stripLine : ImGui::GetTextLineHeight();
  const float gap = std::round(line * 0.4f);
  const int n = static_cast<int>(choices.size());
  std::vector<float> labels;
  for (const Choice& c : choices) labels.push_back(actionLabelWidth(a.l, ImGui::CalcTextSize(c.label).x));
  const Grid grid = inRoom ? gridFor(room, labels, line, gap) : Grid{n, 1, a.width, 0};
  if (inRoom) {
    // A see-through window over the whole room, the buttons centred in it.
    ImGui::SetNextWindowPos({room.x, room.y});
    ImGui::SetNextWindowSize({room.w, room.h});
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {0, 0});
    ImGui::Begin(id, nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                                  ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                  ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove);
    ImGui::PopStyleVar();
    ImGui::SetWindowFontScale(stripFontScale(a.l));
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, {roomPadding(a.l), ImGui::GetStyle().FramePadding.y});
  } else {
    beginPanel(id, a.at);
  }
  Row row{a.width, n > 1 ? a.width : 0, n > 2 ? a.width : 0};   // used only beside the dice
  const float h = grid.h;
  const float y0 = std::floor((room.h - static_cast<float>(grid.rows) * h - static_cast<float>(grid.rows - 1) * gap) * 0.5f);
  float rowW = static_cast<float>(n - 1) * gap;   // the one row of uneven buttons
  for (float bw : grid.widths) rowW += bw;
  float x = (room.w - rowW) * 0.5f;
  int pressed = -1;
  for (int i = 0; i < n; ++i) {
    const Choice& c = choices[static_cast<std::size_t>(i)];
    float w = grid.w;
    if (inRoom && !grid.widths.empty()) {
      w = grid.widths[static_cast<std::size_t>(i)];
      ImGui::SetCursorPos({rightToLeft() ? room.w - x - w : x, y0});
      x += w + gap;
    } else if (inRoom) {
      const int rowIndex = i / grid.cols, column = i % grid.cols;
      const float inLine = static_cast<float>(std::min(grid.cols, n - rowIndex * grid.cols));
      const float at = (room.w - inLine * w - (inLine - 1) * gap) * 0.5f + static_cast<float>(column) * (w + gap);
      ImGui::SetCursorPos({rightToLeft() ? room.w - at - w : at, y0 + static_cast<float>(rowIndex) * (h + gap)});
    } else {
      row.next();
    }
    if (c.primary) ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.66f, 0.42f, 0.16f, 0.95f));
    ImGui::BeginDisabled(!c.enabled);
    if (namedButton(a.items, c.name, c.label, {w, h})) pressed = i;
    ImGui::EndDisabled();
    if (c.primary) ImGui::PopStyleColor();
  }
  if (inRoom) ImGui::PopStyleVar();
  ImGui::End();
  return pressed;
}

// The cube hint: the three values as the expert's cube search has them, and the best action.
void cubeHintPanel(const Actions& a, ImVec2 at) {
  const std::optional<app::CubeHint> hint = a.g.cubeHint();
  if (!hint) return;
  const nard::ai::CubeDecision& d = hint->decision;
  // Money: points per game at the cube's value; a match: the doubler's match-winning chance.
  auto value = [&](float v) { return d.match ? fmt("%.1f%%", v * 100.0f) : fmt("%+.3f", v); };
  beginPanel("##cubeHint", at);
  ImGui::SetWindowFontScale(stripFontScale(a.l));
  ImGui::TextDisabled("%s", display(d.match ? T("The cube (expert, cubeful match-winning chance)")
                                            : T("The cube (expert, cubeful equity)")).c_str());
  textLine(display(std::string(T("No double")) + "   " + value(d.noDouble)).c_str());
  textLine(display(std::string(T("Double, take")) + "   " + value(d.doubleTake)).c_str());
  textLine(display(std::string(T("Double, pass")) + "   " + value(d.doublePass)).c_str());
  const char* first = d.double_ ? T("Double") : d.tooGood ? T("Too good to double") : T("No double");
  const char* answer = d.beaver ? T("beaver") : d.take ? T("take") : T("pass");
  textLine(display(std::string(T("Best")) + ": " + first + ", " + answer).c_str());
  ImGui::End();
}

void rollButtons(const Actions& a) {
  const nard::Match& m = a.g.match();
  const bool canDouble = m.phase() == nard::Phase::Rolling && m.canDouble();
  std::vector<Choice> set{{"roll", T("Roll"), true, true}};
  if (canDouble) {
    const bool thinking = a.g.hintThinking();
    set.push_back({"double", T("Double")});
    set.push_back({"hint", thinking ? T("Thinking...") : T("Hint"), !thinking});
  }
  const int pressed = buttonSet(a, canDouble ? "##actions-roll-double" : "##actions-roll", set);
  if (pressed == 0) a.g.roll();
  if (pressed == 1) a.g.offerDouble();
  if (pressed == 2) a.g.requestHint();
  if (canDouble) cubeHintPanel(a, diceCentre(a.l, 1 - a.side));
}

// Before the first move: a hint, and its answer once worked out, in the empty middle of
// the other half of the board.
void hintButton(const Actions& a) {
  const bool thinking = a.g.hintThinking();
  if (buttonSet(a, "##actions-hint", {{"hint", thinking ? T("Thinking...") : T("Hint"), !thinking}}) == 0)
    a.g.requestHint();
  const std::vector<app::HintLine> lines = a.g.hintLines();
  if (lines.empty()) return;
  beginPanel("##hintLines", diceCentre(a.l, 1 - a.side));
  ImGui::TextDisabled("%s", T("Best plays (expert, cubeless equity)"));
  for (std::size_t i = 0; i < lines.size(); ++i)
    ImGui::Text("%zu. %-20s %+.3f   %s %.1f%%", i + 1, lines[i].play.c_str(), lines[i].equity, T("win"),
                lines[i].chances.win * 100.0f);
  ImGui::End();
}

// Modern rules: staged moves wait for Confirm and can be taken back.
void confirmButtons(const Actions& a) {
  const nard::Match& m = a.g.match();
  const int pressed = buttonSet(a, "##actions-confirm",
                                {{"undo", T("Undo")}, {"confirm", T("Confirm"), m.stagedComplete(), true}});
  if (pressed == 0) a.g.undo();
  if (pressed == 1) a.g.confirm();
}

void moveButtons(const Actions& a) {
  const nard::Match& m = a.g.match();
  if (a.g.humanToMove() < 0) return;
  if (m.staged().empty() && m.legalPlays().size() > 1) hintButton(a);
  else if (!m.policy().touchMove && !m.staged().empty()) confirmButtons(a);
}

void cubeAnswer(const Actions& a) {
  const nard::Match& m = a.g.match();
  beginPanel("##cube", boardCentre(a.l));
  ImGui::SetWindowFontScale(stripFontScale(a.l));
  const std::string doubler = seatName(a.g, 1 - a.side);
  const std::string to = std::to_string(m.cubeValue() * 2);
  if (m.phase() == nard::Phase::Doubled) textLine(display(doubler + " " + T("doubles to") + " " + to).c_str());
  else textLine(display(doubler + " " + T("beavers: the cube goes to") + " " + to).c_str());
  const bool beaver = m.phase() == nard::Phase::Doubled && m.canBeaver();
  Row row{a.width, a.width, beaver ? a.width : 0};
  row.next();
  if (actionButton(a, "take", T("Take"))) a.g.take();
  row.next();
  if (actionButton(a, "pass", T("Pass"))) a.g.pass();
  if (beaver) {
    row.next();
    if (actionButton(a, "beaver", T("Beaver"))) a.g.beaver();
  }
  const bool thinking = a.g.hintThinking();
  ImGui::BeginDisabled(thinking);
  if (actionButton(a, "hint", thinking ? T("Thinking...") : T("Hint"))) a.g.requestHint();
  ImGui::EndDisabled();
  ImGui::End();
  cubeHintPanel(a, diceCentre(a.l, 1 - a.side));
}

void resignationAnswer(const Actions& a) {
  const nard::Match& m = a.g.match();
  beginPanel("##resign", boardCentre(a.l));
  ImGui::SetWindowFontScale(stripFontScale(a.l));
  textLine(display(seatName(a.g, 1 - a.side) + " " + T("offers to resign") + ": " +
                   resultName(m, nard::ResultKind(m.resignationOffered()))).c_str());
  Row row{a.width, a.width};
  row.next();
  if (actionButton(a, "accept", T("Accept"))) a.g.acceptResignation();
  row.next();
  if (actionButton(a, "reject", T("Reject"))) a.g.rejectResignation();
  ImGui::End();
}

}  // namespace

float actionLabelWidth(const view::Layout& l, float widest) {
  return widest * stripFontScale(l) + 2 * roomPadding(l);
}

bool actionLabelsFit(const view::Layout& l, const std::vector<float>& labelWidths) {
  const float line = l.opt.stripLine;
  return gridFor(l.actions, labelWidths, line, std::round(line * 0.4f)).fits;
}

float answerButtonWidth(const view::Layout& l) {
  // Wide enough for the longest label at the strips' text size (Russian's Отказаться), and
  // three of them side by side still fit a 360 px phone (tests/ui/text_fit_test.cpp).
  return std::max(l.checker * 1.9f, (l.opt.stripLine > 0 ? l.opt.stripLine : 21.0f) * 4.4f);
}

void drawActionButtons(ScreenState& s, GameController& g, const view::Layout& l, double now) {
  const nard::Match& m = g.match();
  if (!g.humanMustAct() || over(m.phase()) || g.animating(now)) return;
  const int side = m.phase() == nard::Phase::Opening ? 0 : m.turn();
  ImVec2 at = diceCentre(l, side);
  // While moving, the buttons keep clear of the dice, towards the mover's edge.
  if (m.phase() == nard::Phase::Moving) at.y += l.checker * 1.2f * (side == 0 ? 1 : -1);
  const Actions a{s.recorded, g, l, side, at, answerButtonWidth(l)};
  switch (m.phase()) {
    case nard::Phase::Opening:
    case nard::Phase::Rolling: rollButtons(a); break;
    case nard::Phase::Moving: moveButtons(a); break;
    case nard::Phase::Doubled:
    case nard::Phase::Beavered: cubeAnswer(a); break;
    case nard::Phase::Resigning: resignationAnswer(a); break;
    default: break;
  }
}

}  // namespace ui
