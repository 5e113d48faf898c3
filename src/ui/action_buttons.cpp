// The buttons of the person who must act: beside their dice while rolling and moving,
// over the board's middle when answering a double or a resignation.
#include <imgui.h>

#include "app/hints.h"
#include "ui/i18n.h"
#include "ui/mirrored_widgets.h"
#include "ui/rtl_text.h"
#include "ui/screen_common.h"
#include "ui/screen_parts.h"

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

void rollButtons(const Actions& a) {
  const nard::Match& m = a.g.match();
  // One window per set of buttons: an auto-sized window takes its new size a frame
  // late, so a reused one would jump (and misplace its buttons) when the set changes.
  const bool canDouble = m.phase() == nard::Phase::Rolling && m.canDouble();
  beginPanel(canDouble ? "##actions-roll-double" : "##actions-roll", a.at);
  Row row{a.width, canDouble ? a.width : 0};
  row.next();
  if (actionButton(a, "roll", T("Roll"))) a.g.roll();
  if (canDouble) {
    row.next();
    if (actionButton(a, "double", T("Double"))) a.g.offerDouble();
  }
  ImGui::End();
}

// Before the first move: a hint, and its answer once worked out, in the empty middle of
// the other half of the board.
void hintButton(const Actions& a) {
  beginPanel("##actions-hint", a.at);
  ImGui::BeginDisabled(a.g.hintThinking());
  if (actionButton(a, "hint", a.g.hintThinking() ? T("Thinking...") : T("Hint"))) a.g.requestHint();
  ImGui::EndDisabled();
  ImGui::End();
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
  beginPanel("##actions-confirm", a.at);
  Row row{a.width, a.width};
  row.next();
  if (actionButton(a, "undo", T("Undo"))) a.g.undo();
  row.next();
  ImGui::BeginDisabled(!m.stagedComplete());
  if (actionButton(a, "confirm", T("Confirm"))) a.g.confirm();
  ImGui::EndDisabled();
  ImGui::End();
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
  ImGui::End();
}

void resignationAnswer(const Actions& a) {
  const nard::Match& m = a.g.match();
  beginPanel("##resign", boardCentre(a.l));
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

void drawActionButtons(ScreenState& s, GameController& g, const view::Layout& l, double now) {
  const nard::Match& m = g.match();
  if (!g.humanMustAct() || over(m.phase()) || g.animating(now)) return;
  const int side = m.phase() == nard::Phase::Opening ? 0 : m.turn();
  ImVec2 at = diceCentre(l, side);
  // While moving, the buttons keep clear of the dice, towards the mover's edge.
  if (m.phase() == nard::Phase::Moving) at.y += l.checker * 1.2f * (side == 0 ? 1 : -1);
  const Actions a{s.recorded, g, l, side, at, l.checker * 1.9f};
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
