#include "ui/game_screen.h"

#include <imgui.h>

#include <algorithm>

#include "app/hints.h"
#include "engine/notation.h"
#include "ui/i18n.h"
#include "ui/mirrored_widgets.h"
#include "ui/rtl_text.h"
#include "ui/rules_help.h"
#include "ui/screen_common.h"

namespace ui {
namespace {

constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                         ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                         ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;
constexpr ImGuiWindowFlags kDialogFlags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                          ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove;


// Where the buttons of the side to act sit: over the middle of its dice.
ImVec2 actionAnchor(const view::Layout& l, int player) {
  const view::Rect& a = l.dice[player][0];
  const view::Rect& b = l.dice[player][1];
  return {(a.x + b.x + b.w) * 0.5f, a.y + a.h * 0.5f};
}

void beginPanel(const char* id, ImVec2 at, ImVec2 pivot = {0.5f, 0.5f}) {
  ImGui::SetNextWindowPos(at, ImGuiCond_Always, pivot);
  ImGui::SetNextWindowBgAlpha(0.78f);
  ImGui::Begin(id, nullptr, kPanelFlags);
}

void actionButtons(ScreenState& s, GameController& g, const view::Layout& l, double now) {
  const nard::Match& m = g.match();
  if (!g.humanMustAct() || over(m.phase()) || g.animating(now)) return;
  const int t = m.phase() == nard::Phase::Opening ? 0 : m.turn();
  ImVec2 at = actionAnchor(l, t);
  if (m.phase() == nard::Phase::Moving) at.y += l.checker * 1.2f * (t == 0 ? 1 : -1);
  const float w = l.checker * 1.9f;
  switch (m.phase()) {
    case nard::Phase::Opening:
    case nard::Phase::Rolling: {
      // One window per set of buttons: an auto-sized window takes its new size a frame
      // late, so a reused one would jump (and misplace its buttons) when the set changes.
      const bool canDouble = m.phase() == nard::Phase::Rolling && m.canDouble();
      beginPanel(canDouble ? "##actions-roll-double" : "##actions-roll", at);
      Row row{w, canDouble ? w : 0};
      row.next();
      if (namedButton(s, "roll", T("Roll"), {w, 0})) g.roll();
      if (canDouble) {
        row.next();
        if (namedButton(s, "double", T("Double"), {w, 0})) g.offerDouble();
      }
      ImGui::End();
      break;
    }
    case nard::Phase::Moving: {
      if (g.humanToMove() < 0) break;
      if (m.staged().empty() && m.legalPlays().size() > 1) {
        beginPanel("##actions-hint", at);
        // Before the first move: a hint, and its answer once worked out.
        ImGui::BeginDisabled(g.hintThinking());
        if (namedButton(s, "hint", g.hintThinking() ? T("Thinking...") : T("Hint"), {w, 0})) g.requestHint();
        ImGui::EndDisabled();
        ImGui::End();
        // The answer goes in the empty middle of the other half of the board.
        const std::vector<app::HintLine> lines = g.hintLines();
        if (!lines.empty()) {
          beginPanel("##hintLines", actionAnchor(l, 1 - t));
          ImGui::TextDisabled("%s", T("Best plays (expert, cubeless equity)"));
          for (std::size_t i = 0; i < lines.size(); ++i)
            ImGui::Text("%zu. %-20s %+.3f   %s %.1f%%", i + 1, lines[i].play.c_str(), lines[i].equity, T("win"),
                        lines[i].chances.win * 100.0f);
          ImGui::End();
        }
        break;
      }
      if (m.policy().touchMove || m.staged().empty()) break;
      beginPanel("##actions-confirm", at);
      Row row{w, w};
      row.next();
      if (namedButton(s, "undo", T("Undo"), {w, 0})) g.undo();
      row.next();
      ImGui::BeginDisabled(!m.stagedComplete());
      if (namedButton(s, "confirm", T("Confirm"), {w, 0})) g.confirm();
      ImGui::EndDisabled();
      ImGui::End();
      break;
    }
    case nard::Phase::Doubled:
    case nard::Phase::Beavered: {
      beginPanel("##cube", {l.board.x + l.board.w * 0.5f, l.board.y + l.board.h * 0.5f});
      const int to = m.cubeValue() * 2;
      if (m.phase() == nard::Phase::Doubled)
        textLine(display(seatName(g, 1 - t) + " " + T("doubles to") + " " + std::to_string(to)).c_str());
      else
        textLine(display(seatName(g, 1 - t) + " " + T("beavers: the cube goes to") + " " + std::to_string(m.cubeValue() * 2)).c_str());
      const bool beaver = m.phase() == nard::Phase::Doubled && m.canBeaver();
      Row row{w, w, beaver ? w : 0};
      row.next();
      if (namedButton(s, "take", T("Take"), {w, 0})) g.take();
      row.next();
      if (namedButton(s, "pass", T("Pass"), {w, 0})) g.pass();
      if (beaver) {
        row.next();
        if (namedButton(s, "beaver", T("Beaver"), {w, 0})) g.beaver();
      }
      ImGui::End();
      break;
    }
    case nard::Phase::Resigning: {
      beginPanel("##resign", {l.board.x + l.board.w * 0.5f, l.board.y + l.board.h * 0.5f});
      textLine(display(seatName(g, 1 - t) + " " + T("offers to resign") + ": " +
                       resultName(m, nard::ResultKind(m.resignationOffered()))).c_str());
      Row row{w, w};
      row.next();
      if (namedButton(s, "accept", T("Accept"), {w, 0})) g.acceptResignation();
      row.next();
      if (namedButton(s, "reject", T("Reject"), {w, 0})) g.rejectResignation();
      ImGui::End();
      break;
    }
    default: break;
  }
}

void gameOverPanel(ScreenState& s, GameController& g, const view::Layout& l, double now) {
  const nard::Match& m = g.match();
  if (!over(m.phase()) || g.animating(now)) return;
  beginPanel("##over", {l.board.x + l.board.w * 0.5f, l.board.y + l.board.h * 0.5f});
  const nard::GameResult& r = m.lastResult();
  textLine(display(seatName(g, r.winner) + " " + T("wins") + ": " + resultName(m, r.kind) +
                   (r.byPass ? std::string(" (") + T("cube passed") + ")" : "") +
                   (r.byResign ? std::string(" (") + T("resigned") + ")" : "") +
                   (r.byTimeout ? std::string(" (") + T("on time") + ")" : "")).c_str());
  textLine(display(std::string(T("Points")) + ": " + std::to_string(r.points)).c_str());
  textLine(display(std::string(T("Score")) + ": " + T(playerName(0)) + " " + std::to_string(m.score(0)) +
                   "  " + T(playerName(1)) + " " + std::to_string(m.score(1))).c_str());
  if (m.phase() == nard::Phase::MatchOver) {
    ImGui::Separator();
    textLine(display(seatName(g, m.matchWinner()) + " " + T("wins the match")).c_str());
    Row row{buttonWidth(T("New match"))};
    row.next();
    if (namedButton(s, "newMatch", T("New match"))) s.showNewGame = true;
  } else {
    Row row{buttonWidth(T("Next game"))};
    row.next();
    if (namedButton(s, "nextGame", T("Next game"))) g.nextGame();
  }
  ImGui::End();
}

void newGameDialog(ScreenState& s, GameController& g, const view::Layout& l, double now) {
  if (!s.showNewGame) return;
  ImGui::SetNextWindowPos({l.board.x + l.board.w * 0.5f, l.board.y + l.board.h * 0.5f}, ImGuiCond_Always, {0.5f, 0.5f});
  const std::string title = std::string(T("New game")) + "###new-game";
  if (!beginDialog(title.c_str(), &s.showNewGame, kDialogFlags)) {
    ImGui::End();
    return;
  }
  nard::MatchOptions& o = s.draft.match;
  static constexpr nard::Variant kVariants[] = {nard::Variant::Standard, nard::Variant::Nackgammon, nard::Variant::Hyper,
                                                nard::Variant::LongNard};
  {
    Row row{textWidth(T("Variant")), radioWidth(T(variantName(kVariants[0]))), radioWidth(T(variantName(kVariants[1]))),
            radioWidth(T(variantName(kVariants[2]))), radioWidth(T(variantName(kVariants[3])))};
    row.next();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(T("Variant"));
    for (nard::Variant v : kVariants) {
      row.next();
      const std::string name = std::string("variant-") + std::string(nard::spec(v).key);
      ImGui::PushID(name.c_str());
      if (radioButton(T(variantName(v)), o.variant == v)) o.variant = v;
      recordItem(s, name.c_str());
      ImGui::PopID();
    }
  }
  const nard::VariantSpec& vs = nard::spec(o.variant);
  if (vs.ruleSetApplies) {
    Row row{textWidth(T("Rules")), radioWidth(T("Modern")), radioWidth(T("Traditional"))};
    row.next();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(T("Rules"));
    row.next();
    if (radioButton(T("Modern"), o.rules == nard::Rules::Modern)) o.rules = nard::Rules::Modern;
    recordItem(s, "rules-modern");
    row.next();
    if (radioButton(T("Traditional"), o.rules == nard::Rules::Traditional)) o.rules = nard::Rules::Traditional;
    recordItem(s, "rules-traditional");
  }
  const bool modern = nard::policyFor(o).modernOptions;
  {
    int length = o.matchLength;
    const char* unit = o.matchLength == 0 ? (modern ? T("money game") : T("no limit")) : T("points");
    const float field = l.checker * 3.5f;
    Row row{textWidth(T("Match length")), field, textWidth(unit)};
    row.next();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(T("Match length"));
    row.next();
    ImGui::SetNextItemWidth(field);
    if (ImGui::InputInt("##length", &length, 1, 2)) o.matchLength = std::clamp(length, 0, 25);
    row.next();
    ImGui::TextDisabled("%s", unit);
  }
  auto check = [&](const char* label, bool* value, const char* name) {
    Row row{checkboxWidth(label)};
    row.next();
    checkbox(label, value);
    recordItem(s, name);
  };
  if (modern) {
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
    check(T("Clock"), &o.clock, "clock");
  }
  static const char* kLevels[] = {"beginner", "intermediate", "advanced", "expert"};
  static const char* kLevelNames[] = {N_("Beginner"), N_("Intermediate"), N_("Advanced"), N_("Expert")};
  const float nameColumn = std::max(textWidth(T(playerName(0))), textWidth(T(playerName(1))));
  for (int p = 0; p < 2; ++p) {
    ImGui::PushID(p);
    const bool computer = s.draft.seats[p] == app::Seat::Computer;
    const float levelWidth = l.checker * 4.0f;
    Row row{nameColumn, radioWidth(T("Human")), radioWidth(T("Computer")), computer ? levelWidth : 0};
    row.next();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(T(playerName(p)));
    row.next();
    if (radioButton(T("Human"), !computer)) s.draft.seats[p] = app::Seat::Human;
    row.next();
    if (radioButton(T("Computer"), computer)) s.draft.seats[p] = app::Seat::Computer;
    if (computer) {
      row.next();
      ImGui::SetNextItemWidth(levelWidth);
      int current = 1;
      for (int i = 0; i < 4; ++i)
        if (s.draft.levels[p] == kLevels[i]) current = i;
      if (ImGui::BeginCombo("##level", T(kLevelNames[current]))) {
        for (int i = 0; i < 4; ++i)
          if (menuItem(T(kLevelNames[i]), i == current)) s.draft.levels[p] = kLevels[i];
        ImGui::EndCombo();
      }
    }
    ImGui::PopID();
  }
  const std::string why = nard::Match::validate(o);
  if (!why.empty()) ImGui::TextColored({1, 0.5f, 0.4f, 1}, "%s", why.c_str());
  Row row{buttonWidth(T("Start")), buttonWidth(T("Cancel"))};
  row.next();
  ImGui::BeginDisabled(!why.empty());
  if (namedButton(s, "start", T("Start"))) {
    g.start(s.draft, now);
    s.prefs.lastGame = s.draft;
    s.prefsChanged = true;
    s.showNewGame = false;
  }
  ImGui::EndDisabled();
  row.next();
  if (namedButton(s, "cancel", T("Cancel"))) s.showNewGame = false;
  ImGui::End();
}

void resignDialog(ScreenState& s, GameController& g, const view::Layout& l) {
  if (!s.showResign) return;
  const nard::Match& m = g.match();
  ImGui::SetNextWindowPos({l.board.x + l.board.w * 0.5f, l.board.y + l.board.h * 0.5f}, ImGuiCond_Always, {0.5f, 0.5f});
  const std::string title = std::string(T("Resign")) + "###resign";
  if (beginDialog(title.c_str(), &s.showResign, kDialogFlags)) {
    textLine(T("Offer to lose"));
    const int most = m.policy().backgammons ? 3 : 2;
    const char* names[3] = {resultName(m, nard::ResultKind(1)), resultName(m, nard::ResultKind(2)),
                            most == 3 ? resultName(m, nard::ResultKind(3)) : ""};
    Row row{buttonWidth(names[0]), buttonWidth(names[1]), most == 3 ? buttonWidth(names[2]) : 0};
    for (int k = 1; k <= most; ++k) {
      row.next();
      const std::string name = "resign" + std::to_string(k);
      if (namedButton(s, name.c_str(), names[k - 1])) {
        g.resign(nard::ResultKind(k));
        s.showResign = false;
      }
    }
    Row cancel{buttonWidth(T("Cancel"))};
    cancel.next();
    if (namedButton(s, "resignCancel", T("Cancel"))) s.showResign = false;
  }
  ImGui::End();
}

// Playing with real dice: the player types what they rolled; the record marks it.
void manualDiceDialog(ScreenState& s, GameController& g, const view::Layout& l) {
  if (!s.showManualDice) return;
  ImGui::SetNextWindowPos({l.board.x + l.board.w * 0.5f, l.board.y + l.board.h * 0.5f}, ImGuiCond_Always, {0.5f, 0.5f});
  const std::string title = std::string(T("Enter dice")) + "###enter-dice";
  if (beginDialog(title.c_str(), &s.showManualDice, kDialogFlags)) {
    const bool opening = g.match().phase() == nard::Phase::Opening;
    textLine(opening ? T("Opening roll: White's die, Black's die") : T("The dice you rolled"));
    const float face = l.checker * 0.8f;
    for (int d = 0; d < 2; ++d) {
      ImGui::PushID(d);
      // Faces run 1 to 6 in reading order: from the right in Persian.
      Row row{face, face, face, face, face, face};
      for (int f = 1; f <= 6; ++f) {
        row.next();
        const std::string name = "die" + std::to_string(d) + "-" + std::to_string(f);
        ImGui::PushStyleColor(ImGuiCol_Button, s.manualDice[d] == f ? ImVec4(0.75f, 0.5f, 0.2f, 1) : ImGui::GetStyleColorVec4(ImGuiCol_Button));
        if (namedButton(s, name.c_str(), display(std::to_string(f)).c_str(), {face, 0})) s.manualDice[d] = f;
        ImGui::PopStyleColor();
      }
      ImGui::PopID();
    }
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    textLine(T("Marked in the match record as entered by hand"));
    ImGui::PopStyleColor();
    Row row{buttonWidth(T("Use these dice")), buttonWidth(T("Cancel"))};
    row.next();
    if (namedButton(s, "manualRoll", T("Use these dice"))) {
      const std::string err = g.rollManual(s.manualDice[0], s.manualDice[1]);
      if (err.empty()) s.showManualDice = false;
    }
    row.next();
    if (namedButton(s, "manualCancel", T("Cancel"))) s.showManualDice = false;
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
  if (e.kind == app::SessionEvent::Kind::OpeningRoll) {
    std::string text = std::string(T(playerName(0))) + " " + std::to_string(e.dice.a) + ", " +
                       T(playerName(1)) + " " + std::to_string(e.dice.b) + ": ";
    if (e.dice.a == e.dice.b) text += T("a tie, roll again");
    else text += seatName(g, g.match().onRoll()) + " " + T("starts");
    s.announcement = display(text);
    s.announcementUntil = now + 3000;
  } else if (e.kind == app::SessionEvent::Kind::NoMove) {
    s.announcement = display(seatName(g, e.player) + ": " + fmt("%d-%d", e.dice.a, e.dice.b) + ", " + T("no legal move"));
    s.announcementUntil = now + 2500;
  } else if (e.kind == app::SessionEvent::Kind::Timeout) {
    s.announcement = display(seatName(g, e.player) + ": " + T("time is up"));
    s.announcementUntil = now + 4000;
  }
}


void drawGameUi(ScreenState& s, GameController& g, const view::Layout& l, double now) {
  if (g.active()) {
    actionButtons(s, g, l, now);
    gameOverPanel(s, g, l, now);
    resignDialog(s, g, l);
    manualDiceDialog(s, g, l);
  }
  newGameDialog(s, g, l, now);
  if (s.showRules) drawRulesHelp(&s.showRules);
}

}  // namespace ui