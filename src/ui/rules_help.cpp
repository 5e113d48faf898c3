#include "ui/rules_help.h"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "ui/i18n.h"
#include "ui/mirrored_widgets.h"
#include "ui/rtl_text.h"

namespace ui {
namespace {

// Each text is its English original marked N_(): the translations are in the language
// files (assets/i18n/*.po), found through translate() and shaped when drawn.
using Text = const char*;

struct RuleSetRow {
  Text topic, traditional, modern;
};

struct Variant {
  const char* name;   // a T() key
  Text setup;
  bool ruleSets;      // the traditional / modern table applies
};

const Variant kVariants[] = {
    {N_("Standard"),
     N_("Each player has 15 checkers: 2 on the 24-point, 5 on the 13-point, 3 on the 8-point and 5 on the "
      "6-point, each counted from the player's own side. The players move in opposite directions, from their "
      "24-point towards their home board (points 1 to 6), and bear off from there."),
     true},
    {N_("Nackgammon"),
     N_("Nackgammon (nack nard) is Standard with another start: 2 checkers on the 24-point, 2 on the 23-point, "
      "4 on the 13-point, 3 on the 8-point and 4 on the 6-point. The extra back checkers make the game longer "
      "and richer in contact. Everything else is as in Standard."),
     true},
    {N_("Hyper"),
     N_("Hyper (hyper nard) is played with only 3 checkers each, on the 24-, 23- and 22-points. Games are short "
      "and every roll counts. Everything else is as in Standard."),
     true},
    {N_("Long Nard"),
     N_("Long Nard (nard boland, gol bahar): all 15 checkers of each player start on one point, the player's "
      "24-point, called the head; the two heads are at diagonally opposite corners. Both players move the same "
      "way round the board, and there is no bar."),
     false},
};

// How to play: the variants with hitting (Standard, Nackgammon, Hyper).
const Text kPlay[] = {
    N_("Roll two dice and move checkers forward by the numbers shown. Each die is a separate move; one checker "
     "may use both if the point in between is open. A double is played four times."),
    N_("A checker may land on any point not held by two or more opposing checkers. Landing on a single opposing "
     "checker (a blot) hits it: it goes to the bar."),
    N_("Checkers on the bar must enter before anything else moves, in the opponent's home board: with a die d "
     "onto your point 25-d. If none can enter, the turn is lost."),
    N_("You must use as many of the dice as you can; if only one of the two can be played, it must be the larger "
     "(traditional rules refine this: see the table)."),
    N_("When all your checkers are in your home board, bear them off: a die removes a checker from its point; a "
     "larger die removes one from the highest point only when no checker stands higher. The first to bear off "
     "all checkers wins."),
};

const RuleSetRow kRuleSets[] = {
    {N_("Who starts"),
     N_("Once per match each player rolls one die; the players agree beforehand whether the higher or the "
      "lower die wins. The winner rolls both dice and plays (a double is possible). Each later game is "
      "started by the winner of the game before."),
     N_("Every game: each player rolls one die; the higher starts and plays those two numbers (never a "
      "double). Ties roll again.")},
    {N_("Results"),
     N_("Single win 1 point; mars (the loser has borne off no checker) 2 points."),
     N_("Single win 1; gammon (mars) 2; backgammon 3: the loser has borne off none and still has a checker "
      "on the bar or in the winner's home board. The cube multiplies the points.")},
    {N_("Doubling cube"),
     N_("No cube."),
     N_("Cube 2 to 64. Before rolling, the owner of the cube (anyone while it is in the middle) may double; "
      "the opponent takes, and owns the cube at twice the value, or passes and loses the current value. No "
      "double when your score plus the cube already reaches the match length.")},
    {N_("Crawford, Jacoby, beaver"),
     N_("None."),
     N_("Crawford: in a match, the first game after a player gets one point short of the match is played "
      "without the cube. Jacoby (money play): gammons and backgammons count only once the cube was turned. "
      "Beaver (money play): a doubled player may at once redouble and keep the cube; the doubler accepts or "
      "refuses.")},
    {N_("Match length"),
     N_("Usually 3 or 5 points (\"3 takhte\", \"5 takhte\")."),
     N_("1, 3, 5, 7, 9, 11, 13... points, or unlimited money play.")},
    {N_("Touch-move"),
     N_("A checker once moved stays moved."),
     N_("Rearrange freely until you confirm the turn; the opponent rolls only after that.")},
    {N_("Clock"),
     N_("None."),
     N_("Optional: a time bank of 2 minutes per match point plus a 12-second delay each turn; the delay is "
      "used first and never accumulates. A player whose bank runs out loses the match.")},
    {N_("Pip burning (khal-sukhtan)"),
     N_("Forbidden. Among the plays that use the most dice you must choose one that moves the most pips "
      "(bearing off from point k counts k). With 6-1 and checkers on 4 and 3: 4/off 3/2, not 4/3 3/off. "
      "With 6-4 and checkers on 7 and 5: 7/1 5/1."),
     N_("Allowed when bearing off, as long as both dice are used when possible: with 6-1, 4/3 3/off is fine; "
      "with 6-4, so is 7/3 5/off.")},
    {N_("Hit and lift in the home board"),
     N_("A checker that hits a blot in your home board and is then alone there may not, in the same turn, "
      "move onto your own checkers or bear off; it may go on to an empty point or hit again. The dice rule "
      "comes first. With 3-2, checkers on 6 and 1, a blot on 3: 6/4 4/1, not 6/3* 3/1."),
     N_("Free: 6/3* 3/1 is fine, and so is hitting and then bearing the same checker off.")},
};

const Text kLongNard[] = {
    N_("Each player rolls one die; the higher starts, plays White, and rolls both dice for the first turn (a "
     "double is possible). Ties roll again."),
    N_("Head rule: only one checker may leave the head each turn. Exception: on a player's first turn, 6-6, "
     "4-4 or 3-3 may take two checkers off the head, because the opponent's head blocks the way."),
    N_("No hitting: a point with any opposing checker on it is closed. Any number of your own checkers may "
     "share a point."),
    N_("Six-block rule: you may not hold six points in a row in front of the opponent unless at least one "
     "opposing checker is already past them. This holds after every single checker move."),
    N_("If the two dice cannot both be played but either can, the larger must be. Once all your checkers are "
     "home, bear off as in Standard."),
    N_("A win scores 1 point, or 2 (mars) if the loser has borne off no checker. There is no cube, and the "
     "traditional and modern rule sets do not apply."),
};

void heading(const char* english) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.98f, 0.82f, 0.45f, 1.0f));
  textLine(T(english));
  ImGui::PopStyleColor();
}

void bullets(const Text* items, int n) {
  for (int i = 0; i < n; ++i) textParagraph(std::string("• ") + translate(items[i]));
}

void ruleSetTable() {
  heading(N_("Traditional and modern rules"));
  const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("rulesets", 3, flags)) return;
  // Read from the reader's side: topic first, then traditional, then modern; in Persian
  // the first column is the rightmost.
  const bool rtl = rightToLeft();
  const float weights[3] = {0.55f, 1.0f, 1.0f};
  for (int c = 0; c < 3; ++c) ImGui::TableSetupColumn(nullptr, 0, weights[rtl ? 2 - c : c]);
  const char* headers[3] = {N_("Topic"), N_("Traditional (Iranian)"), N_("Modern")};
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int c = 0; c < 3; ++c) {
    ImGui::TableSetColumnIndex(rtl ? 2 - c : c);
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.98f, 0.82f, 0.45f, 1.0f));
    textLine(T(headers[c]));
    ImGui::PopStyleColor();
  }
  for (const RuleSetRow& row : kRuleSets) {
    ImGui::TableNextRow();
    const Text cells[3] = {row.topic, row.traditional, row.modern};
    for (int c = 0; c < 3; ++c) {
      ImGui::TableSetColumnIndex(rtl ? 2 - c : c);
      if (c == 0) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.90f, 0.78f, 0.60f, 1.0f));
      textParagraph(translate(cells[c]));
      if (c == 0) ImGui::PopStyleColor();
    }
  }
  ImGui::EndTable();
}

}  // namespace

void drawRulesHelp(bool* open) {
  if (!open || !*open) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const ImVec2 size(std::min(820.0f, vp->WorkSize.x - 16), std::min(640.0f, vp->WorkSize.y - 16));
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
                          ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(size, ImGuiCond_Appearing);
  // The ### part keeps one window (position, size) whatever the title's language.
  const std::string title = std::string(T("Rules of the game")) + "###rules-help";
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.12f, 0.08f, 0.06f, 0.985f));   // text over wood must read
  const bool shown = beginDialog(title.c_str(), open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
  ImGui::PopStyleColor();
  if (!shown) {
    ImGui::End();
    return;
  }
  // One tab per variant, in reading order (Standard first: the rightmost in Persian).
  // Drawn as buttons in a Row, because Dear ImGui's tab bars only grow from the left.
  const int n = static_cast<int>(sizeof kVariants / sizeof kVariants[0]);
  static int selected = 0;
  {
    Row row{buttonWidth(T(kVariants[0].name)), buttonWidth(T(kVariants[1].name)), buttonWidth(T(kVariants[2].name)),
            buttonWidth(T(kVariants[3].name))};
    for (int k = 0; k < n; ++k) {
      row.next();
      const bool active = k == selected;
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(active ? ImGuiCol_TabActive : ImGuiCol_Tab));
      ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::GetStyleColorVec4(ImGuiCol_TabHovered));
      const std::string label = std::string(T(kVariants[k].name)) + "###" + kVariants[k].name;
      if (ImGui::Button(label.c_str())) selected = k;
      ImGui::PopStyleColor(2);
    }
  }
  ImGui::Separator();
  const Variant& v = kVariants[selected];
  ImGui::BeginChild("text");
  heading(N_("Setup"));
  textParagraph(translate(v.setup));
  heading(N_("How to play"));
  if (v.ruleSets) {
    bullets(kPlay, static_cast<int>(sizeof kPlay / sizeof kPlay[0]));
    ruleSetTable();
  } else {
    bullets(kLongNard, static_cast<int>(sizeof kLongNard / sizeof kLongNard[0]));
  }
  // The keys of the accessible board (web/a11y.js says the same text for "?").
  heading(N_("Keyboard and screen reader"));
  textParagraph(translate("Keys: R roll, D double, T take, P pass, C confirm, U undo, H hint, arrows move between "
                          "points, Enter picks up and puts down, A plays the higher die, Z the lower, N types a "
                          "play, L repeats the last announcement"));
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace ui
