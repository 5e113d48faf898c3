#include "ui/side_strip.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "ui/fonts.h"
#include "ui/i18n.h"
#include "ui/rtl_text.h"
#include "ui/screen_common.h"
#include "view/theme.h"

namespace ui {
namespace {

constexpr ImGuiWindowFlags kStripFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                                         ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                         ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove |
                                         ImGuiWindowFlags_NoBringToFrontOnFocus;

ImVec4 vec(const view::Color& c) { return {c.r, c.g, c.b, c.a}; }
ImU32 u32(const view::Color& c) { return ImGui::ColorConvertFloat4ToU32(vec(c)); }

// The computer's levels by their key (app::SessionSettings::levels), for T().
const char* levelName(const std::string& key) {
  static const char* const kLevels[][2] = {{"beginner", N_("Beginner")}, {"intermediate", N_("Intermediate")},
                                           {"advanced", N_("Advanced")},  {"expert", N_("Expert")},
                                           {"master", N_("Master")}};
  for (const auto& level : kLevels)
    if (key == level[0]) return level[1];
  return N_("Computer");
}

std::string clockText(std::int64_t ms) {
  if (ms < 0) ms = 0;
  const long long s = (ms + 999) / 1000;
  return fmt("%lld:%02lld", s / 60, s % 60);
}

// Logical text cut (with an ellipsis) until its display form fits in `width`, then in
// display form. Cut before display(): in Persian the display form is reordered. `kept` (a
// count after its label) follows the cut text whole.
std::string fitted(std::string logical, float width, const std::string& kept = {}) {
  std::string shown = display(logical + kept);
  while (!logical.empty() && ImGui::CalcTextSize(shown.c_str()).x > width) {
    do logical.pop_back();   // whole UTF-8 characters: drop continuation bytes too
    while (!logical.empty() && (static_cast<unsigned char>(logical.back()) & 0xC0) == 0x80);
    if (!logical.empty()) logical.pop_back();
    while (!logical.empty() && logical.back() == ' ') logical.pop_back();
    shown = display(logical + "\xE2\x80\xA6" + kept);
  }
  return shown;
}

// What a side must do now, in logical order; empty when it waits.
std::string statusOf(const GameController& g, int side) {
  const nard::Match& m = g.match();
  const bool computer = g.session().settings().seats[side] == app::Seat::Computer;
  switch (m.phase()) {
    case nard::Phase::Opening: return translate("to roll");
    case nard::Phase::Rolling:
      if (m.turn() != side) return {};
      return computer && g.computerThinking() ? translate("thinking...") : translate("to roll");
    case nard::Phase::Moving: {
      if (m.onRoll() != side) return {};
      std::string s = fmt("%d-%d", m.dice().a, m.dice().b) + "  ";
      if (computer) return s + translate("thinking...");
      if (m.legalPlays().size() == 1 && m.staged().empty())
        return s + translate("Forced play") + ": " + nard::formatPlay(m.legalPlays().front());
      if (m.stagedComplete()) return s + translate("Confirm or undo");
      return s + translate(N_("to move"));
    }
    case nard::Phase::Doubled: return m.turn() == side ? translate("take or pass?") : std::string();
    case nard::Phase::Beavered: return m.turn() == side ? translate("accept the beaver?") : std::string();
    case nard::Phase::Resigning: return m.turn() == side ? translate("accept the resignation?") : std::string();
    case nard::Phase::GameOver:
    case nard::Phase::MatchOver: return m.lastResult().winner == side ? translate("wins") : std::string();
  }
  return {};
}

// Whose turn it is: that strip is outlined.
bool acting(const nard::Match& m, int side) {
  switch (m.phase()) {
    case nard::Phase::Rolling:
    case nard::Phase::Doubled:
    case nard::Phase::Beavered:
    case nard::Phase::Resigning: return m.turn() == side;
    case nard::Phase::Moving: return m.onRoll() == side;
    default: return false;
  }
}

// The checker before the name.
float discSize(float line) { return std::round(line * 0.62f); }

// Draws text pieces at a line of the strip, at its start (reading side) or its end.
class StripText {
 public:
  StripText(const view::Rect& r, float line) : r_(r), line_(line), pad_(std::round(line * 0.35f)) {}
  float inner() const { return r_.w - 2 * pad_; }
  // The x (screen) of a piece `w` wide, `offset` in from the reading-order start or end.
  float x(float w, bool atEnd, float offset = 0) const {
    const bool left = atEnd == rightToLeft();
    return left ? r_.x + pad_ + offset : r_.x + r_.w - pad_ - offset - w;
  }
  float y(int row) const { return r_.y + std::round(line_ * 0.3f) + row * line_; }
  // `scale` below 1 draws the piece condensed, centred on the line (stripStatusScale).
  void put(const std::string& shown, int row, bool atEnd, ImVec4 colour, float offset = 0, float scale = 1) const {
    const float w = ImGui::CalcTextSize(shown.c_str()).x * scale;
    const float size = ImGui::GetFontSize() * scale, dy = (line_ - line_ * scale) * 0.5f;
    ImGui::GetWindowDrawList()->AddText(ImGui::GetFont(), size, {x(w, atEnd, offset), y(row) + dy},
                                        ImGui::GetColorU32(colour), shown.c_str());
  }

 private:
  view::Rect r_;
  float line_, pad_;
};

void drawStrip(const ScreenState& s, const GameController& g, const view::Layout& l, int side, double now) {
  const nard::Match& m = g.match();
  const view::Rect& r = l.strip[side];
  const bool active = acting(m, side);
  const view::StripColors& colours = view::themeNamed(s.prefs.theme).strip;
  const ImVec4 accent = vec(colours.accent);
  ImGui::SetNextWindowPos({r.x, r.y});
  ImGui::SetNextWindowSize({r.w, r.h});
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, std::round(l.opt.stripLine * 0.3f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, active ? 2.0f : 1.0f);
  ImGui::PushStyleColor(ImGuiCol_Border, active ? accent : vec(colours.border));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, vec(active ? colours.backgroundActive : colours.background));
  ImGui::Begin(side == 0 ? "##strip0" : "##strip1", nullptr, kStripFlags);
  ImGui::SetWindowFontScale(stripFontScale(l));
  const float L = ImGui::GetTextLineHeight();
  const StripText t(r, L);
  const ImVec4 plain = ImGui::GetStyleColorVec4(ImGuiCol_Text);
  const ImVec4 dim = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
  ImDrawList* dl = ImGui::GetWindowDrawList();

  // Line 1: a checker of the side's colour, the name (the level for the computer); at the
  // end the cube when this side owns it.
  const float disc = discSize(L);
  const float discX = t.x(disc, false);
  // The dark checker gets a light rim, or it would vanish into the strip.
  const ImVec2 centre{discX + disc * 0.5f, t.y(0) + L * 0.5f};
  dl->AddCircleFilled(centre, disc * 0.5f, u32(side == 0 ? colours.discBottom : colours.discTop));
  dl->AddCircle(centre, disc * 0.5f - 0.75f, u32(side == 0 ? colours.discBottomRim : colours.discTopRim), 0, 1.5f);
  const bool cube = m.policy().cube && m.cubeOwner() == side;
  if (cube) {
    const float cubeW = std::round(L * 0.9f);
    const float cx = t.x(cubeW, true), cy = t.y(0) + (L - cubeW) * 0.5f;
    dl->AddRectFilled({cx, cy}, {cx + cubeW, cy + cubeW}, u32(colours.cubeBody), cubeW * 0.15f);
    const std::string v = std::to_string(m.cubeValue());
    const float vw = ImGui::CalcTextSize(v.c_str()).x;
    dl->AddText({cx + (cubeW - vw) * 0.5f, cy + (cubeW - L) * 0.5f}, u32(colours.cubeInk), v.c_str());
  }
  // Before it, on the friend's strip while live play is on (FriendMark): a dot and a word,
  // the accent's while the friend is online, a ring in the dim text's while waiting for them.
  const float cubeRoom = cube ? stripCubeWidth() : 0;
  float markW = 0;
  if (s.friendMark.side == side && s.friendMark.live != FriendMark::Links) {
    const bool online = s.friendMark.live == FriendMark::Online;
    const std::string word = display(translate(online ? N_("online") : N_("waiting")));
    const float dot = std::round(L * 0.42f), gap = std::round(L * 0.22f);
    const float wordW = ImGui::CalcTextSize(word.c_str()).x;
    t.put(word, 0, true, online ? accent : dim, cubeRoom);
    const ImVec2 c{t.x(dot, true, cubeRoom + wordW + gap) + dot * 0.5f, t.y(0) + L * 0.5f};
    if (online) dl->AddCircleFilled(c, dot * 0.5f, ImGui::GetColorU32(accent));
    else dl->AddCircle(c, dot * 0.5f - 0.75f, ImGui::GetColorU32(dim), 0, 1.5f);
    markW = dot + gap + wordW + L * 0.4f;
  }
  // Line 2: pips, and the score (of how many, in a match). Line 3's clock.
  std::string score = std::string(translate("Score")) + " " + std::to_string(m.score(side));
  if (m.options().matchLength) score += "/" + std::to_string(m.options().matchLength);
  const std::string scoreShown = display(score);
  const std::string clock = m.policy().clock ? clockText(m.clockBankMs(side)) : std::string();
  const StripRoom room = stripRoom(r, cubeRoom, stripScoreWidth(scoreShown.c_str()),
                                   clock.empty() ? 0 : stripClockWidth(clock.c_str()));

  std::string name = translate(playerName(side));
  if (g.session().settings().seats[side] == app::Seat::Computer)
    name += std::string(" (") + translate(levelName(g.session().settings().levels[side])) + ")";
  t.put(fitted(name, room.name - markW), 0, false, plain, disc + L * 0.3f);

  // position() is seen from the side on roll, with its staged moves made.
  const int onRoll = m.onRoll();
  const int pips = onRoll == 0 || onRoll == 1 ? nard::pipCount(m.position().side[side == onRoll ? 0 : 1])
                                              : nard::pipCount(m.board(side));
  t.put(scoreShown, 1, true, plain);
  // A long word for pips is cut short, never the count itself (tests/ui/text_fit_test.cpp
  // checks that no language's word needs it).
  t.put(fitted(translate("Pips"), room.pips, " " + std::to_string(pips)), 1, false, dim);

  // Line 3: what the side must do (or a passing message for it), and its clock.
  if (!clock.empty()) t.put(clock, 2, true, active ? accent : dim);
  std::string status = statusOf(g, side);
  if (s.announcement.showing(now) && !s.announcement.side[side].empty()) status = s.announcement.side[side];
  if (active && g.humanToMove() == side && !g.notice().empty() && !s.announcement.showing(now))
    t.put(g.notice(), 2, false, vec(colours.alert));   // already in display form
  else if (!status.empty()) {
    // A long status (an announcement, a forced play) is drawn condensed rather than cut;
    // only what is too long even so loses its end.
    const float scale = stripStatusScale(display(status).c_str(), room.status);
    t.put(fitted(status, room.status / scale), 2, false, accent, 0, scale);
  }
  ImGui::End();
  ImGui::PopStyleColor(2);
  ImGui::PopStyleVar(2);
}

}  // namespace

float stripCubeWidth() {
  const float L = ImGui::GetTextLineHeight();
  return std::round(L * 0.9f) + L * 0.3f;
}
float stripStatusScale(const char* statusShown, float room) {
  const float w = ImGui::CalcTextSize(statusShown).x;
  return w <= room ? 1.0f : std::max(kStripCondensedScale, room / w);
}
float stripClockWidth(const char* clock) { return ImGui::CalcTextSize(clock).x + ImGui::GetTextLineHeight() * 0.5f; }
// A narrower gap before the score than before the clock: on a phone's strip the pips'
// label needs every pixel (tests/ui/text_fit_test.cpp).
float stripScoreWidth(const char* scoreShown) {
  return ImGui::CalcTextSize(scoreShown).x + ImGui::GetTextLineHeight() * 0.35f;
}

StripRoom stripRoom(const view::Rect& strip, float cubeW, float scoreW, float clockW) {
  const float L = ImGui::GetTextLineHeight();
  const float inner = StripText(strip, L).inner();
  return {inner - discSize(L) - L * 0.3f - cubeW, inner - scoreW, inner - clockW};
}

float stripLineFor(float cssWidth, float cssHeight) {
  return std::min(cssWidth, cssHeight) < 600 ? std::round(kUiFontPixels * 1.15f) : kUiFontPixels;
}

float stripFontScale(const view::Layout& l) {
  return l.opt.stripLine > 0 ? l.opt.stripLine / kUiFontPixels : 1.0f;
}

void drawSideStrips(const ScreenState& s, const GameController& g, const view::Layout& l, double now) {
  if (l.stripPlace == view::StripPlace::None) return;
  for (int side = 0; side < 2; ++side) drawStrip(s, g, l, side, now);
}

}  // namespace ui
