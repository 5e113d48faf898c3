// Game > New game...: one row per choice, in reading order. The choices start from the
// game in progress (or the last one started) and are kept as the next dialog's start.
#include <imgui.h>

#include <algorithm>

#include "ui/i18n.h"
#include "ui/mirrored_widgets.h"
#include "ui/rtl_text.h"
#include "ui/screen_common.h"
#include "ui/screen_parts.h"

namespace ui {
namespace {

constexpr nard::Variant kVariants[] = {nard::Variant::Standard, nard::Variant::Nackgammon, nard::Variant::Hyper,
                                       nard::Variant::LongNard};
const char* const kLevels[] = {"beginner", "intermediate", "advanced", "expert"};
const char* const kLevelNames[] = {N_("Beginner"), N_("Intermediate"), N_("Advanced"), N_("Expert")};

// A row's label, level with the widgets after it.
void rowLabel(const char* text) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(text);
}

void variantRow(RecordedItems& items, nard::MatchOptions& o) {
  Row row{textWidth(T("Variant")), radioWidth(T(variantName(kVariants[0]))), radioWidth(T(variantName(kVariants[1]))),
          radioWidth(T(variantName(kVariants[2]))), radioWidth(T(variantName(kVariants[3])))};
  row.next();
  rowLabel(T("Variant"));
  for (nard::Variant v : kVariants) {
    row.next();
    const std::string name = std::string("variant-") + std::string(nard::spec(v).key);
    ImGui::PushID(name.c_str());
    if (radioButton(T(variantName(v)), o.variant == v)) o.variant = v;
    recordItem(items, name.c_str());
    ImGui::PopID();
  }
}

// Long Nard has one rule set; the other variants are played traditionally or modern.
void rulesRow(RecordedItems& items, nard::MatchOptions& o) {
  if (!nard::spec(o.variant).ruleSetApplies) return;
  Row row{textWidth(T("Rules")), radioWidth(T("Modern")), radioWidth(T("Traditional"))};
  row.next();
  rowLabel(T("Rules"));
  row.next();
  if (radioButton(T("Modern"), o.rules == nard::Rules::Modern)) o.rules = nard::Rules::Modern;
  recordItem(items, "rules-modern");
  row.next();
  if (radioButton(T("Traditional"), o.rules == nard::Rules::Traditional)) o.rules = nard::Rules::Traditional;
  recordItem(items, "rules-traditional");
}

void matchLengthRow(nard::MatchOptions& o, bool modern, float field) {
  int length = o.matchLength;
  const char* unit = o.matchLength == 0 ? (modern ? T("money game") : T("no limit")) : T("points");
  Row row{textWidth(T("Match length")), field, textWidth(unit)};
  row.next();
  rowLabel(T("Match length"));
  row.next();
  ImGui::SetNextItemWidth(field);
  if (ImGui::InputInt("##length", &length, 1, 2)) o.matchLength = std::clamp(length, 0, 25);
  row.next();
  ImGui::TextDisabled("%s", unit);
}

// Modern rules only: the cube and what goes with it, and the clock.
void modernOptions(RecordedItems& items, nard::MatchOptions& o, bool clock = true) {
  auto check = [&](const char* label, bool* value, const char* name) {
    Row row{checkboxWidth(label)};
    row.next();
    checkbox(label, value);
    recordItem(items, name);
  };
  check(T("Doubling cube"), &o.cube, "cube");
  ImGui::BeginDisabled(!o.cube);
  if (o.matchLength > 0) {
    check(T("Crawford rule"), &o.crawford, "crawford");
  } else {
    Row row{checkboxWidth(T("Jacoby rule")), checkboxWidth(T("Beavers"))};
    row.next();
    checkbox(T("Jacoby rule"), &o.jacoby);
    row.next();
    checkbox(T("Beavers"), &o.beaver);
  }
  ImGui::EndDisabled();
  if (clock) check(T("Clock"), &o.clock, "clock");
}

void levelCombo(std::string& level, float width) {
  ImGui::SetNextItemWidth(width);
  int current = 1;
  for (int i = 0; i < 4; ++i)
    if (level == kLevels[i]) current = i;
  if (ImGui::BeginCombo("##level", T(kLevelNames[current]))) {
    for (int i = 0; i < 4; ++i)
      if (menuItem(T(kLevelNames[i]), i == current)) level = kLevels[i];
    ImGui::EndCombo();
  }
}

// Each side: a person or the computer, and the computer's level.
void seatRows(app::SessionSettings& draft, float levelWidth) {
  const float nameColumn = std::max(textWidth(T(playerName(0))), textWidth(T(playerName(1))));
  for (int p = 0; p < 2; ++p) {
    ImGui::PushID(p);
    const bool computer = draft.seats[p] == app::Seat::Computer;
    Row row{nameColumn, radioWidth(T("Human")), radioWidth(T("Computer")), computer ? levelWidth : 0};
    row.next();
    rowLabel(T(playerName(p)));
    row.next();
    if (radioButton(T("Human"), !computer)) draft.seats[p] = app::Seat::Human;
    row.next();
    if (radioButton(T("Computer"), computer)) draft.seats[p] = app::Seat::Computer;
    if (computer) {
      row.next();
      levelCombo(draft.levels[p], levelWidth);
    }
    ImGui::PopID();
  }
}

// Start (only for settings the engine accepts, else why not) and Cancel.
void startOrCancel(ScreenState& s, GameController& g, double now) {
  const std::string why = nard::Match::validate(s.dialogs.newGameDraft.match);
  if (!why.empty()) ImGui::TextColored({1, 0.5f, 0.4f, 1}, "%s", why.c_str());
  Row row{buttonWidth(T("Start")), buttonWidth(T("Cancel"))};
  row.next();
  ImGui::BeginDisabled(!why.empty());
  if (namedButton(s.recorded, "start", T("Start"))) {
    g.start(s.dialogs.newGameDraft, now);
    s.prefs.lastGame = s.dialogs.newGameDraft;
    s.prefsChanged = true;
    s.dialogs.newGame = false;
  }
  ImGui::EndDisabled();
  row.next();
  if (namedButton(s.recorded, "cancel", T("Cancel"))) s.dialogs.newGame = false;
}

}  // namespace

void drawNewGameDialog(ScreenState& s, GameController& g, const view::Layout& l, double now) {
  if (!s.dialogs.newGame) return;
  if (beginBoardDialog(T("New game"), "new-game", &s.dialogs.newGame, l)) {
    app::SessionSettings& draft = s.dialogs.newGameDraft;
    variantRow(s.recorded, draft.match);
    rulesRow(s.recorded, draft.match);
    const bool modern = nard::policyFor(draft.match).modernOptions;
    matchLengthRow(draft.match, modern, l.checker * 3.5f);
    if (modern) modernOptions(s.recorded, draft.match);
    seatRows(draft, l.checker * 4.0f);
    startOrCancel(s, g, now);
  }
  ImGui::End();
}

// Game > Play a friend...: the match's options (no seats, no clock: each side is a person
// on their own device), then the invitation link, selectable, to send.
void drawFriendDialog(ScreenState& s, const view::Layout& l) {
  if (!s.dialogs.friendPlay) return;
  if (beginBoardDialog(T("Play a friend"), "friend", &s.dialogs.friendPlay, l)) {
    // The window sizes itself to its content: a fixed width for the wrapped text (a
    // phone's board is narrow), broken by textParagraph so right-to-left reads right.
    const float width = std::min(l.board.w * 0.85f, 26 * ImGui::GetFontSize());
    ImGui::Dummy(ImVec2(width, 0));
    if (!s.dialogs.friendLive.empty()) {   // live play (web/friend-live.js): its state
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.55f, 0.9f, 0.6f, 1));
      textParagraph(s.dialogs.friendLive, width);
      ImGui::PopStyleColor();
    }
    if (!s.dialogs.friendNote.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.6f, 0.45f, 1));
      textParagraph(s.dialogs.friendNote, width);
      ImGui::PopStyleColor();
      if (s.dialogs.friendLink.empty()) {
        Row row{buttonWidth(T("Close"))};   // on the reading side's start (right to left too)
        row.next();
        if (namedButton(s.recorded, "close", T("Close"))) s.dialogs.friendPlay = false;
      }
    } else if (s.dialogs.friendLink.empty()) {
      nard::MatchOptions& o = s.dialogs.friendDraft.match;
      variantRow(s.recorded, o);
      rulesRow(s.recorded, o);
      const bool modern = nard::policyFor(o).modernOptions;
      matchLengthRow(o, modern, l.checker * 3.5f);
      if (modern) modernOptions(s.recorded, o, false);
      textParagraph(translate("Your friend opens the link in their browser; each turn ends with a link to send back."), width);
      Row row{buttonWidth(T("Invite")), buttonWidth(T("Cancel"))};
      row.next();
      if (namedButton(s.recorded, "invite", T("Invite"))) s.dialogs.friendAsked = true;
      row.next();
      if (namedButton(s.recorded, "cancel", T("Cancel"))) s.dialogs.friendPlay = false;
    }
    if (!s.dialogs.friendLink.empty()) {
      textParagraph(translate("Send this link to your friend"), width);
      textParagraph(translate("It was copied (on a phone: shared); you can also select it here."), width);
      ImGui::SetNextItemWidth(width);
      ImGui::InputText("##link", s.dialogs.friendLink.data(), s.dialogs.friendLink.size() + 1, ImGuiInputTextFlags_ReadOnly);
      Row row{buttonWidth(T("Close"))};
      row.next();
      if (namedButton(s.recorded, "close", T("Close"))) s.dialogs.friendPlay = false;
    }
  }
  ImGui::End();
}

}  // namespace ui
