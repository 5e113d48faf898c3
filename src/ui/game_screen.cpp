#include "ui/game_screen.h"

#include <imgui.h>

#include <cstdio>

#include "engine/movegen.h"
#include "app/hints.h"
#include "engine/notation.h"
#include "ui/i18n.h"
#include "ui/language_menu.h"
#include "ui/rules_help.h"

namespace ui {
namespace {

constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                         ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                         ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;
constexpr ImGuiWindowFlags kDialogFlags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                          ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove;

bool over(nard::Phase p) { return p == nard::Phase::GameOver || p == nard::Phase::MatchOver; }

void recordItem(ScreenState& s, const char* name) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  s.buttons[name] = render::Rect{a.x, a.y, b.x - a.x, b.y - a.y};
}

// A button that is also recorded for window.nard.layout().
bool namedButton(ScreenState& s, const char* name, const char* label, ImVec2 size = {0, 0}) {
  ImGui::PushID(name);
  const bool pressed = ImGui::Button(label, size);
  ImGui::PopID();
  // A window's first frame is laid out before its size is known (and not shown), so
  // its buttons are not where they will be: publish them from the next frame on.
  if (!ImGui::IsWindowAppearing()) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    s.buttons[name] = render::Rect{a.x, a.y, b.x - a.x, b.y - a.y};
  }
  return pressed;
}

std::string fmt(const char* format, ...) __attribute__((format(printf, 1, 2)));
std::string fmt(const char* format, ...) {
  char buf[256];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buf, sizeof buf, format, args);
  va_end(args);
  return buf;
}

std::string seatName(const GameController& g, int player) {
  std::string n = T(playerName(player));
  if (g.session().settings().seats[player] == app::Seat::Computer) n += std::string(" (") + T("Computer") + ")";
  return n;
}

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

// Where the buttons of the side to act sit: over the middle of its dice.
ImVec2 actionAnchor(const render::Layout& l, int player) {
  const render::Rect& a = l.dice[player][0];
  const render::Rect& b = l.dice[player][1];
  return {(a.x + b.x + b.w) * 0.5f, a.y + a.h * 0.5f};
}

void beginPanel(const char* id, ImVec2 at, ImVec2 pivot = {0.5f, 0.5f}) {
  ImGui::SetNextWindowPos(at, ImGuiCond_Always, pivot);
  ImGui::SetNextWindowBgAlpha(0.78f);
  ImGui::Begin(id, nullptr, kPanelFlags);
}

void actionButtons(ScreenState& s, GameController& g, const render::Layout& l, double now) {
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
      if (namedButton(s, "roll", T("Roll"), {w, 0})) g.roll();
      if (canDouble) {
        ImGui::SameLine();
        if (namedButton(s, "double", T("Double"), {w, 0})) g.offerDouble();
      }
      ImGui::End();
      break;
    }
    case nard::Phase::Moving:
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
      if (namedButton(s, "undo", T("Undo"), {w, 0})) g.undo();
      ImGui::SameLine();
      ImGui::BeginDisabled(!m.stagedComplete());
      if (namedButton(s, "confirm", T("Confirm"), {w, 0})) g.confirm();
      ImGui::EndDisabled();
      ImGui::End();
      break;
    case nard::Phase::Doubled:
    case nard::Phase::Beavered: {
      beginPanel("##cube", {l.board.x + l.board.w * 0.5f, l.board.y + l.board.h * 0.5f});
      const int to = m.cubeValue() * 2;
      if (m.phase() == nard::Phase::Doubled)
        ImGui::TextUnformatted(display(seatName(g, 1 - t) + " " + T("doubles to") + " " + std::to_string(to)).c_str());
      else
        ImGui::TextUnformatted(display(seatName(g, 1 - t) + " " + T("beavers: the cube goes to") + " " + std::to_string(m.cubeValue() * 2)).c_str());
      if (namedButton(s, "take", T("Take"), {w, 0})) g.take();
      ImGui::SameLine();
      if (namedButton(s, "pass", T("Pass"), {w, 0})) g.pass();
      if (m.phase() == nard::Phase::Doubled && m.canBeaver()) {
        ImGui::SameLine();
        if (namedButton(s, "beaver", T("Beaver"), {w, 0})) g.beaver();
      }
      ImGui::End();
      break;
    }
    case nard::Phase::Resigning: {
      beginPanel("##resign", {l.board.x + l.board.w * 0.5f, l.board.y + l.board.h * 0.5f});
      ImGui::TextUnformatted(display(seatName(g, 1 - t) + " " + T("offers to resign") + ": " +
                                     resultName(m, nard::ResultKind(m.resignationOffered()))).c_str());
      if (namedButton(s, "accept", T("Accept"), {w, 0})) g.acceptResignation();
      ImGui::SameLine();
      if (namedButton(s, "reject", T("Reject"), {w, 0})) g.rejectResignation();
      ImGui::End();
      break;
    }
    default: break;
  }
}

void gameOverPanel(ScreenState& s, GameController& g, const render::Layout& l, double now) {
  const nard::Match& m = g.match();
  if (!over(m.phase()) || g.animating(now)) return;
  beginPanel("##over", {l.board.x + l.board.w * 0.5f, l.board.y + l.board.h * 0.5f});
  const nard::GameResult& r = m.lastResult();
  ImGui::TextUnformatted(display(seatName(g, r.winner) + " " + T("wins") + ": " + resultName(m, r.kind) +
                                 (r.byPass ? std::string(" (") + T("cube passed") + ")" : "") +
                                 (r.byResign ? std::string(" (") + T("resigned") + ")" : "") +
                                 (r.byTimeout ? std::string(" (") + T("on time") + ")" : "")).c_str());
  ImGui::TextUnformatted(display(std::string(T("Points")) + ": " + std::to_string(r.points)).c_str());
  ImGui::TextUnformatted(display(std::string(T("Score")) + ": " + T(playerName(0)) + " " + std::to_string(m.score(0)) +
                                 "  " + T(playerName(1)) + " " + std::to_string(m.score(1))).c_str());
  if (m.phase() == nard::Phase::MatchOver) {
    ImGui::Separator();
    ImGui::TextUnformatted(display(seatName(g, m.matchWinner()) + " " + T("wins the match")).c_str());
    if (namedButton(s, "newMatch", T("New match"))) s.showNewGame = true;
  } else if (namedButton(s, "nextGame", T("Next game"))) {
    g.nextGame();
  }
  ImGui::End();
}

void newGameDialog(ScreenState& s, GameController& g, const render::Layout& l, double now) {
  if (!s.showNewGame) return;
  ImGui::SetNextWindowPos({l.board.x + l.board.w * 0.5f, l.board.y + l.board.h * 0.5f}, ImGuiCond_Always, {0.5f, 0.5f});
  if (!ImGui::Begin(T("New game"), &s.showNewGame, kDialogFlags)) {
    ImGui::End();
    return;
  }
  nard::MatchOptions& o = s.draft.match;
  ImGui::TextUnformatted(T("Variant"));
  for (nard::Variant v : {nard::Variant::Standard, nard::Variant::Nackgammon, nard::Variant::Hyper, nard::Variant::LongNard}) {
    ImGui::SameLine();
    const std::string name = std::string("variant-") + std::string(nard::spec(v).key);
    ImGui::PushID(name.c_str());
    if (ImGui::RadioButton(T(variantName(v)), o.variant == v)) o.variant = v;
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    s.buttons[name] = {a.x, a.y, b.x - a.x, b.y - a.y};
    ImGui::PopID();
  }
  const nard::VariantSpec& vs = nard::spec(o.variant);
  if (vs.ruleSetApplies) {
    ImGui::TextUnformatted(T("Rules"));
    ImGui::SameLine();
    if (ImGui::RadioButton(T("Modern"), o.rules == nard::Rules::Modern)) o.rules = nard::Rules::Modern;
    ImGui::SameLine();
    if (ImGui::RadioButton(T("Traditional"), o.rules == nard::Rules::Traditional)) o.rules = nard::Rules::Traditional;
  }
  const bool modern = vs.ruleSetApplies && o.rules == nard::Rules::Modern;
  int length = o.matchLength;
  ImGui::TextUnformatted(T("Match length"));
  ImGui::SameLine();
  ImGui::SetNextItemWidth(l.checker * 3.5f);
  if (ImGui::InputInt("##length", &length, 1, 2)) o.matchLength = std::clamp(length, 0, 25);
  ImGui::SameLine();
  ImGui::TextDisabled("%s", o.matchLength == 0 ? (modern ? T("money game") : T("no limit")) : T("points"));
  if (modern) {
    ImGui::Checkbox(T("Doubling cube"), &o.cube);
    ImGui::BeginDisabled(!o.cube);
    if (o.matchLength > 0) ImGui::Checkbox(T("Crawford rule"), &o.crawford);
    else {
      ImGui::Checkbox(T("Jacoby rule"), &o.jacoby);
      ImGui::SameLine();
      ImGui::Checkbox(T("Beavers"), &o.beaver);
    }
    ImGui::EndDisabled();
    ImGui::Checkbox(T("Clock"), &o.clock);
  }
  static const char* kLevels[] = {"beginner", "intermediate", "advanced", "expert"};
  static const char* kLevelNames[] = {"Beginner", "Intermediate", "Advanced", "Expert"};
  for (int p = 0; p < 2; ++p) {
    ImGui::PushID(p);
    ImGui::TextUnformatted(T(playerName(p)));
    ImGui::SameLine(l.checker * 2.5f);
    bool computer = s.draft.seats[p] == app::Seat::Computer;
    if (ImGui::RadioButton(T("Human"), !computer)) s.draft.seats[p] = app::Seat::Human;
    ImGui::SameLine();
    if (ImGui::RadioButton(T("Computer"), computer)) s.draft.seats[p] = app::Seat::Computer;
    if (s.draft.seats[p] == app::Seat::Computer) {
      ImGui::SameLine();
      ImGui::SetNextItemWidth(l.checker * 4.0f);
      int current = 1;
      for (int i = 0; i < 4; ++i)
        if (s.draft.levels[p] == kLevels[i]) current = i;
      if (ImGui::BeginCombo("##level", T(kLevelNames[current]))) {
        for (int i = 0; i < 4; ++i)
          if (ImGui::Selectable(T(kLevelNames[i]), i == current)) s.draft.levels[p] = kLevels[i];
        ImGui::EndCombo();
      }
    }
    ImGui::PopID();
  }
  const std::string why = nard::Match::validate(o);
  if (!why.empty()) ImGui::TextColored({1, 0.5f, 0.4f, 1}, "%s", why.c_str());
  ImGui::BeginDisabled(!why.empty());
  if (namedButton(s, "start", T("Start"))) {
    g.start(s.draft, now);
    s.prefs.lastGame = s.draft;
    s.prefsChanged = true;
    s.showNewGame = false;
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (namedButton(s, "cancel", T("Cancel"))) s.showNewGame = false;
  ImGui::End();
}

void resignDialog(ScreenState& s, GameController& g, const render::Layout& l) {
  if (!s.showResign) return;
  const nard::Match& m = g.match();
  ImGui::SetNextWindowPos({l.board.x + l.board.w * 0.5f, l.board.y + l.board.h * 0.5f}, ImGuiCond_Always, {0.5f, 0.5f});
  if (ImGui::Begin(T("Resign"), &s.showResign, kDialogFlags)) {
    ImGui::TextUnformatted(T("Offer to lose"));
    const int most = m.policy().backgammons ? 3 : 2;
    for (int k = 1; k <= most; ++k) {
      const std::string name = "resign" + std::to_string(k);
      if (namedButton(s, name.c_str(), resultName(m, nard::ResultKind(k)))) {
        g.resign(nard::ResultKind(k));
        s.showResign = false;
      }
      if (k < most) ImGui::SameLine();
    }
  }
  ImGui::End();
}

// Playing with real dice: the player types what they rolled; the record marks it.
void manualDiceDialog(ScreenState& s, GameController& g, const render::Layout& l) {
  if (!s.showManualDice) return;
  ImGui::SetNextWindowPos({l.board.x + l.board.w * 0.5f, l.board.y + l.board.h * 0.5f}, ImGuiCond_Always, {0.5f, 0.5f});
  if (ImGui::Begin(T("Enter dice"), &s.showManualDice, kDialogFlags)) {
    const bool opening = g.match().phase() == nard::Phase::Opening;
    ImGui::TextUnformatted(opening ? T("Opening roll: White's die, Black's die") : T("The dice you rolled"));
    for (int d = 0; d < 2; ++d) {
      ImGui::PushID(d);
      for (int face = 1; face <= 6; ++face) {
        if (face > 1) ImGui::SameLine();
        const std::string name = "die" + std::to_string(d) + "-" + std::to_string(face);
        ImGui::PushStyleColor(ImGuiCol_Button, s.manualDice[d] == face ? ImVec4(0.75f, 0.5f, 0.2f, 1) : ImGui::GetStyleColorVec4(ImGuiCol_Button));
        if (namedButton(s, name.c_str(), std::to_string(face).c_str(), {l.checker * 0.8f, 0})) s.manualDice[d] = face;
        ImGui::PopStyleColor();
      }
      ImGui::PopID();
    }
    ImGui::TextDisabled("%s", T("Marked in the match record as entered by hand"));
    if (namedButton(s, "manualRoll", T("Use these dice"))) {
      const std::string err = g.rollManual(s.manualDice[0], s.manualDice[1]);
      if (err.empty()) s.showManualDice = false;
    }
  }
  ImGui::End();
}

}  // namespace

const char* playerName(int player) { return player == 0 ? "White" : "Black"; }

const char* variantName(nard::Variant v) {
  switch (v) {
    case nard::Variant::Standard: return "Standard";
    case nard::Variant::Nackgammon: return "Nackgammon";
    case nard::Variant::Hyper: return "Hyper";
    case nard::Variant::LongNard: return "Long Nard";
  }
  return "";
}

const char* resultName(const nard::Match& m, nard::ResultKind k) {
  // Iranian players and Long Nard call the double win "mars".
  const bool mars = !m.variant().ruleSetApplies || m.options().rules == nard::Rules::Traditional;
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

// The score line: variant, score, pips, cube, clock, whose turn, passing messages.
// `wrap` puts each part on the same line only while it fits (narrow phone screens).
void drawInfo(ScreenState& s, GameController& g, double now, bool wrap) {
  auto sep = [&] {
    if (wrap) return;
    ImGui::TextDisabled("|");
  };
  auto text = [&](const std::string& t, const ImVec4* colour = nullptr) {
    if (colour) ImGui::PushStyleColor(ImGuiCol_Text, *colour);
    if (wrap) ImGui::TextWrapped("%s", t.c_str());
    else ImGui::TextUnformatted(t.c_str());
    if (colour) ImGui::PopStyleColor();
  };
  const ImVec4 gold{1.0f, 0.85f, 0.45f, 1}, red{1.0f, 0.55f, 0.45f, 1};
  const nard::Match& m = g.match();
  std::string line = std::string(T(variantName(m.options().variant)));
  if (m.variant().ruleSetApplies) line += std::string(" · ") + (m.options().rules == nard::Rules::Modern ? T("Modern") : T("Traditional"));
  line += "  " + std::string(T(playerName(0))) + " " + std::to_string(m.score(0)) + " - " + std::to_string(m.score(1)) +
          " " + T(playerName(1));
  line += m.options().matchLength ? "  (" + std::string(T("to")) + " " + std::to_string(m.options().matchLength) + ")"
                                  : "  (" + std::string(T("money game")) + ")";
  if (m.crawfordGame()) line += std::string("  ") + T("Crawford");
  const nard::Position pos = m.position();
  const int me = m.onRoll();
  line += std::string("  ") + T("Pips") + " " + std::to_string(nard::pipCount(pos.side[me == 0 ? 0 : 1])) + " - " +
          std::to_string(nard::pipCount(pos.side[me == 0 ? 1 : 0]));
  if (m.policy().cube) line += std::string("  ") + T("Cube") + " " + std::to_string(m.cubeValue());
  if (m.policy().clock) line += "  " + clockText(m.clockBankMs(0)) + " / " + clockText(m.clockBankMs(1));
  text(display(line));
  sep();
  text(statusText(g));
  if (g.computerThinking()) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", T("thinking..."));
  }
  if (now < s.announcementUntil) {
    sep();
    text(s.announcement, &gold);
  } else if (!g.notice().empty()) {
    sep();
    text(g.notice(), &red);
  }
}

float drawTopBar(ScreenState& s, GameController& g, double now) {
  s.buttons.clear();
  float height = 0;
  if (!ImGui::BeginMainMenuBar()) return 0;
  const bool narrow = ImGui::GetIO().DisplaySize.x < 760;
  if (!s.embed) {
    if (ImGui::BeginMenu(T("Game"))) {
      if (ImGui::MenuItem(T("New game..."))) {
        s.draft = g.active() ? g.session().settings() : s.prefs.lastGame;
        s.showNewGame = true;
      }
      const bool canResign = g.active() && g.humanMustAct() &&
                             (g.match().phase() == nard::Phase::Rolling || g.match().phase() == nard::Phase::Moving);
      if (ImGui::MenuItem(T("Resign..."), nullptr, false, canResign)) s.showResign = true;
      recordItem(s, "menuResign");
      const bool canRoll = g.active() && g.humanMustAct() &&
                           (g.match().phase() == nard::Phase::Rolling || g.match().phase() == nard::Phase::Opening);
      if (ImGui::MenuItem(T("Enter dice..."), nullptr, false, canRoll)) s.showManualDice = true;
      recordItem(s, "menuManualDice");
      ImGui::EndMenu();
    }
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    s.buttons["menuGame"] = {a.x, a.y, b.x - a.x, b.y - a.y};
    if (ImGui::BeginMenu(T("View"))) {
      if (ImGui::MenuItem(T("Home on the right"), nullptr, &s.prefs.homeOnRight)) s.prefsChanged = true;
      recordItem(s, "viewHomeOnRight");
      if (ImGui::MenuItem(T("Show legal moves"), nullptr, &s.prefs.highlights)) s.prefsChanged = true;
      if (ImGui::BeginMenu(T("Theme"))) {
        if (ImGui::MenuItem(T("Walnut"), nullptr, s.prefs.theme == "walnut")) s.prefs.theme = "walnut", s.prefsChanged = true;
        if (ImGui::MenuItem(T("Ebony"), nullptr, s.prefs.theme == "ebony")) s.prefs.theme = "ebony", s.prefsChanged = true;
        ImGui::EndMenu();
      }
      if (ImGui::BeginMenu(T("Animation speed"))) {
        static const char* kSpeeds[] = {"Off", "Slow", "Normal", "Fast"};
        for (int i = 0; i < 4; ++i)
          if (ImGui::MenuItem(T(kSpeeds[i]), nullptr, s.prefs.animationSpeed == i)) s.prefs.animationSpeed = i, s.prefsChanged = true;
        ImGui::EndMenu();
      }
      if (ImGui::MenuItem(T("Sound"), nullptr, &s.prefs.sound)) s.prefsChanged = true;
      ImGui::EndMenu();
    }
    recordItem(s, "menuView");
    if (ImGui::BeginMenu(T("Language"))) {
      if (languageMenuItems(&s.prefs.lang, &s.prefs.persianDigits, [&](const char* n) { recordItem(s, n); }))
        s.prefsChanged = true;
      ImGui::EndMenu();
    }
    recordItem(s, "menuLanguage");
    if (ImGui::BeginMenu(T("Help"))) {
      if (ImGui::MenuItem(T("Rules"))) s.showRules = true;
      recordItem(s, "helpRules");
      ImGui::EndMenu();
    }
    recordItem(s, "menuHelp");
    if (!narrow) ImGui::TextDisabled("|");
  }
  if (g.active() && !narrow) drawInfo(s, g, now, false);
  height = ImGui::GetWindowSize().y;
  ImGui::EndMainMenuBar();
  if (g.active() && narrow) {
    // Phones: the score line gets a strip of its own under the menus.
    ImGui::SetNextWindowPos({0, height});
    ImGui::SetNextWindowSize({ImGui::GetIO().DisplaySize.x, 0});
    ImGui::SetNextWindowBgAlpha(0.85f);
    ImGui::Begin("##info", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                        ImGuiWindowFlags_NoNav | ImGuiWindowFlags_AlwaysAutoResize);
    drawInfo(s, g, now, true);
    height += ImGui::GetWindowSize().y;
    ImGui::End();
  }
  return height;
}

void drawGameUi(ScreenState& s, GameController& g, const render::Layout& l, double now) {
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
