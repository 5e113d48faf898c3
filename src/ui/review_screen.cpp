// The post-game review: the analysis's progress bar, then a panel beside the board (below
// it on a portrait screen) with each player's summary, their worst decisions, a chart of
// the winning chances through the game, stepping buttons, the chosen decision with its
// better alternatives, and the move list; on the board the play made and the best play
// are drawn as arrows. State lives in ReviewState (ui/review_state.h).
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "analysis/analysis.h"
#include "ui/game_screen.h"
#include "ui/i18n.h"
#include "ui/mirrored_widgets.h"
#include "ui/review_board.h"
#include "ui/rtl_text.h"
#include "ui/screen_common.h"
#include "ui/screen_parts.h"

namespace ui {
namespace {

using nard::analysis::Decision;
using nard::analysis::DecisionKind;
using nard::analysis::Mark;

const ImU32 kBestColour = IM_COL32(90, 220, 120, 235);
const ImU32 kPlayedColour = IM_COL32(255, 190, 80, 220);

ImVec4 markColour(Mark m) {
  switch (m) {
    case Mark::None: return ImGui::GetStyleColorVec4(ImGuiCol_Text);
    case Mark::Doubtful: return {1.0f, 0.85f, 0.45f, 1};
    case Mark::Bad: return {1.0f, 0.6f, 0.35f, 1};
    case Mark::VeryBad: return {1.0f, 0.4f, 0.4f, 1};
  }
  return {1, 1, 1, 1};
}

// gnubg's marks after a move: ?! doubtful, ? bad, ?? very bad.
const char* markSymbol(Mark m) {
  switch (m) {
    case Mark::None: return "";
    case Mark::Doubtful: return "?!";
    case Mark::Bad: return "?";
    case Mark::VeryBad: return "??";
  }
  return "";
}

// The rating words of the analysis (analysis/grading.cpp), for the translation table.
[[maybe_unused]] const char* kRatingWords[] = {N_("Supernatural"), N_("World class"), N_("World champion"),
                                               N_("Expert"), N_("Advanced"), N_("Intermediate"),
                                               N_("Casual player"), N_("Beginner"), N_("Awful!"),
                                               N_("Distracted")};

// Seat names the game writes are translated; names from a file are shown as they are.
std::string nameOf(const app::MatchReview& r, int player) {
  const std::string& n = r.analysis().players[player].name;
  if (n == "White" || n == "Black") return translate(n.c_str());
  return n.empty() ? translate(playerName(player)) : n;
}

std::string cubeActionText(const std::string& action) {
  static const char* kActions[] = {N_("double"), N_("no double"), N_("take"), N_("pass"), N_("beaver")};
  for (const char* a : kActions)
    if (action == a) return translate(a);
  return action;
}

// "1-12 White 52: 13/11 24/22*" (logical order; display() it).
std::string decisionLine(const app::MatchReview& r, const Decision& d) {
  std::string s = fmt("%d-%d ", d.game, d.turn) + nameOf(r, d.player);
  // A roll with no legal play is in the list too (the turn passed): said so, not left blank.
  if (d.kind == DecisionKind::Checker)
    return s + fmt(" %d%d: ", d.dice.a, d.dice.b) + (d.chosen.empty() ? translate(N_("no legal move")) : d.chosen);
  return s + ": " + cubeActionText(d.chosen);
}

// ---- the arrows on the board --------------------------------------------------------

void drawArrow(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 colour, float width) {
  const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
  if (len < 1) return;
  const float ux = dx / len, uy = dy / len, head = std::min(width * 3.2f, len * 0.5f);
  const ImVec2 base{b.x - ux * head, b.y - uy * head};
  dl->AddLine(a, base, colour, width);
  dl->AddTriangleFilled(b, {base.x - uy * head * 0.6f, base.y + ux * head * 0.6f},
                        {base.x + uy * head * 0.6f, base.y - ux * head * 0.6f}, colour);
  dl->AddCircleFilled(a, width * 0.9f, colour);
}

void drawArrows(const ReviewState& rs, const view::Layout& l) {
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const float width = std::max(3.0f, l.checker * 0.13f);
  // The best play under the play made, a little wider, so both show where they share a move.
  const std::vector<ReviewArrow> arrows = reviewArrows(*rs.review, rs.selected, l);
  for (const ReviewArrow& a : arrows)
    if (a.best) drawArrow(dl, {a.from.x, a.from.y}, {a.to.x, a.to.y}, kBestColour, width * 1.35f);
  for (const ReviewArrow& a : arrows)
    if (!a.best) drawArrow(dl, {a.from.x, a.from.y}, {a.to.x, a.to.y}, kPlayedColour, width);
}

// ---- the panel's parts --------------------------------------------------------------

void summary(ScreenState& s) {
  const app::MatchReview& r = *s.review.review;
  for (int p = 0; p < 2; ++p) {
    const nard::analysis::PlayerSummary& ps = r.analysis().players[p];
    ImGui::PushID(p);
    textLine(display(nameOf(r, p) + ": " + translate("PR") + fmt(" %.1f ", ps.pr) + "(" +
                     translate(ps.prRating.c_str()) + ")").c_str());
    std::string line = std::string(translate("Checker")) + fmt(" %.1f", ps.checkerErrorRate);
    if (ps.cubeDecisions) line += std::string("  ") + translate("Cube") + fmt(" %.1f", ps.cubeErrorRate);
    line += std::string("  ") + translate("Luck") + fmt(" %+.2f", ps.luckTotal);
    line += fmt("  ??%d ?%d ?!%d", ps.marks.veryBad, ps.marks.bad, ps.marks.doubtful);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    textLine(display(line).c_str());
    ImGui::PopStyleColor();
    // The three costliest decisions, one tap each.
    const std::vector<std::size_t> worst = r.worst(p, 3);
    if (!worst.empty()) {
      std::vector<std::string> labels;
      for (std::size_t i : worst) labels.push_back(display(fmt("%d-%d  %.3f", r.decision(i).game, r.decision(i).turn, -r.decision(i).error)));
      Row row{textWidth(T("Worst")), buttonWidth(labels[0].c_str()), labels.size() > 1 ? buttonWidth(labels[1].c_str()) : 0,
              labels.size() > 2 ? buttonWidth(labels[2].c_str()) : 0};
      row.next();
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(T("Worst"));
      for (std::size_t k = 0; k < worst.size(); ++k) {
        row.next();
        const std::string name = fmt("reviewWorst%d-%zu", p, k + 1);
        ImGui::PushStyleColor(ImGuiCol_Text, markColour(r.decision(worst[k]).mark));
        if (namedButton(s.recorded, name.c_str(), labels[k].c_str())) s.review.select(worst[k]);
        ImGui::PopStyleColor();
      }
    }
    ImGui::PopID();
  }
}

// White's winning chance after each decision of the selected decision's game: a line
// over a shaded band, the 50% line, the game's decisions as ticks, the selection marked.
// A tap on the chart selects the nearest decision.
void chart(ScreenState& s) {
  const app::MatchReview& r = *s.review.review;
  const Decision& sel = r.decision(s.review.selected);
  const std::pair<std::size_t, std::size_t> range = r.gameRange(sel.game);
  const std::size_t first = range.first, end = range.second;
  textLine(display(std::string(translate("Game")) + fmt(" %d: ", sel.game) + translate("winning chances") + " (" +
                   nameOf(r, 0) + ")").c_str());
  const float w = ImGui::GetContentRegionAvail().x, h = std::max(70.0f, ImGui::GetFontSize() * 4.5f);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("chart", {w, h});
  recordItem(s.recorded, "reviewChart");
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(at, {at.x + w, at.y + h}, IM_COL32(20, 14, 10, 200), 4);
  dl->AddLine({at.x, at.y + h * 0.5f}, {at.x + w, at.y + h * 0.5f}, IM_COL32(255, 255, 255, 60));
  const std::size_t n = end - first;
  if (n == 0) return;
  // In Persian time runs from right to left, as the text does.
  const bool rtl = rightToLeft();
  auto xOf = [&](std::size_t i) {
    const float t = n == 1 ? 0.5f : static_cast<float>(i - first) / static_cast<float>(n - 1);
    return at.x + 6 + (rtl ? 1 - t : t) * (w - 12);
  };
  auto yOf = [&](float chance) { return at.y + 4 + (1 - std::clamp(chance, 0.f, 1.f)) * (h - 8); };
  std::vector<ImVec2> line;
  for (std::size_t i = first; i < end; ++i) {
    const ImVec2 p{xOf(i), yOf(r.decision(i).winChance)};
    dl->AddLine({p.x, p.y}, {p.x, at.y + h - 4}, IM_COL32(240, 230, 210, 40));
    if (r.decision(i).mark != Mark::None)
      dl->AddCircleFilled(p, 3.0f, ImGui::ColorConvertFloat4ToU32(markColour(r.decision(i).mark)));
    line.push_back(p);
  }
  dl->AddPolyline(line.data(), static_cast<int>(line.size()), IM_COL32(245, 235, 215, 255), 0, 2.0f);
  const ImVec2 mark{xOf(s.review.selected), yOf(sel.winChance)};
  dl->AddLine({mark.x, at.y}, {mark.x, at.y + h}, IM_COL32(255, 200, 90, 200), 1.5f);
  dl->AddCircleFilled(mark, 4.5f, IM_COL32(255, 200, 90, 255));
  const std::string pct = display(fmt("%.0f%%", sel.winChance * 100));
  dl->AddText({at.x + 6, at.y + 2}, IM_COL32(255, 255, 255, 160), pct.c_str());
  if (ImGui::IsItemClicked()) {
    const float mx = ImGui::GetIO().MousePos.x;
    std::size_t best = first;
    for (std::size_t i = first; i < end; ++i)
      if (std::fabs(xOf(i) - mx) < std::fabs(xOf(best) - mx)) best = i;
    s.review.select(best);
  }
}

void stepping(ScreenState& s) {
  ReviewState& rs = s.review;
  const std::size_t last = rs.review->size() - 1;
  // First, back, forward, last: arrows point the way time runs, mirrored in Persian.
  const bool rtl = rightToLeft();
  const char* labels[4] = {rtl ? ">>" : "<<", rtl ? ">" : "<", rtl ? "<" : ">", rtl ? "<<" : ">>"};
  const float bw = std::max(buttonWidth("<<"), ImGui::GetFontSize() * 2.6f);
  Row row{bw, bw, bw, bw};
  row.next();
  if (namedButton(s.recorded, "reviewFirst", labels[0], {bw, 0})) rs.select(0);
  row.next();
  if (namedButton(s.recorded, "reviewBack", labels[1], {bw, 0}) && rs.selected > 0) rs.select(rs.selected - 1);
  row.next();
  if (namedButton(s.recorded, "reviewForward", labels[2], {bw, 0}) && rs.selected < last) rs.select(rs.selected + 1);
  row.next();
  if (namedButton(s.recorded, "reviewLast", labels[3], {bw, 0})) rs.select(last);
}

void decisionDetail(ScreenState& s) {
  const app::MatchReview& r = *s.review.review;
  const Decision& d = r.decision(s.review.selected);
  textLine(display(decisionLine(r, d)).c_str());
  const bool checker = d.kind == DecisionKind::Checker;
  if (!d.counted && checker && d.alternatives.size() <= 1) {
    textLine(d.chosen.empty() ? T("No legal move") : T("Forced play"));
    return;
  }
  ImGui::PushStyleColor(ImGuiCol_Text, markColour(d.mark));
  std::string verdict = std::string(translate("Played")) + ": " + (checker ? d.chosen : cubeActionText(d.chosen));
  if (d.error > 0) verdict += fmt("  %.3f ", -d.error) + markSymbol(d.mark);
  textLine(display(verdict).c_str());
  ImGui::PopStyleColor();
  if (d.best != d.chosen) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(kBestColour));
    textLine(display(std::string(translate("Best")) + ": " + (checker ? d.best : cubeActionText(d.best))).c_str());
    ImGui::PopStyleColor();
  }
  // The top alternatives with their equities (EMG), as a player compares them.
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  int k = 0;
  for (const auto& alt : d.alternatives) {
    if (++k > 3) break;
    textLine(display(fmt("%d. %+.3f  ", k, alt.equity) + (checker ? alt.text : cubeActionText(alt.text))).c_str());
  }
  ImGui::PopStyleColor();
}

void moveList(ScreenState& s) {
  ReviewState& rs = s.review;
  const app::MatchReview& r = *rs.review;
  // The rest of the panel, but never less than a few lines (the panel scrolls then).
  const float h = std::max(ImGui::GetContentRegionAvail().y, ImGui::GetTextLineHeightWithSpacing() * 6);
  ImGui::BeginChild("moves", {0, h}, true);
  for (std::size_t i = 0; i < r.size(); ++i) {
    const Decision& d = r.decision(i);
    std::string text = decisionLine(r, d);
    if (d.mark != Mark::None) text += std::string("  ") + markSymbol(d.mark);
    ImGui::PushID(static_cast<int>(i));
    ImGui::PushStyleColor(ImGuiCol_Text, markColour(d.mark));
    const std::string shown = display(text);
    const float x = ImGui::GetCursorPosX();
    if (ImGui::Selectable("##move", rs.selected == i)) rs.select(i), rs.scrollToSelected = false;
    if (i < 60) recordItem(s.recorded, fmt("reviewMove%zu", i).c_str());
    ImGui::SameLine(rightToLeft() ? std::max(x, ImGui::GetContentRegionMax().x - textWidth(shown.c_str())) : x);
    ImGui::TextUnformatted(shown.c_str());
    ImGui::PopStyleColor();
    if (rs.selected == i && rs.scrollToSelected) {
      ImGui::SetScrollHereY(0.5f);
      rs.scrollToSelected = false;
    }
    ImGui::PopID();
  }
  ImGui::EndChild();
}

void progressDialog(ScreenState& s, const view::Layout& l) {
  ReviewState& rs = s.review;
  if (!rs.showProgress || !rs.task.running()) return;
  beginPanel("##analysing", boardCentre(l));
  textLine(T("Analysing the match..."));
  const float w = std::min(320.0f, l.board.w * 0.7f);
  ImGui::ProgressBar(rs.task.progress(), {w, 0}, display(fmt("%.0f%%", rs.task.progress() * 100)).c_str());
  recordItem(s.recorded, "analysisProgress");
  Row row{buttonWidth(T("Cancel"))};
  row.next();
  if (namedButton(s.recorded, "analysisCancel", T("Cancel"))) {
    rs.task.cancel();
    rs.showProgress = false;
  }
  ImGui::End();
}

}  // namespace

ReviewInsets reviewInsets(const ScreenState& s, float cssW, float cssH) {
  ReviewInsets in;
  if (!s.review.review) return in;
  if (cssW >= cssH) {
    const float panel = std::clamp(cssW * 0.36f, std::min(300.0f, cssW * 0.5f), 480.0f);
    (rightToLeft() ? in.left : in.right) = panel;
  } else {
    in.bottom = std::round(cssH * 0.46f);
  }
  return in;
}

void drawReview(ScreenState& s, const view::Layout& l) {
  progressDialog(s, l);
  ReviewState& rs = s.review;
  if (!rs.review || rs.review->size() == 0) {
    if (rs.review) rs.review.reset();   // nothing to review (no decision yet): close
    return;
  }
  drawArrows(rs, l);
  const ImVec2 screen = ImGui::GetIO().DisplaySize;
  const ReviewInsets in = reviewInsets(s, screen.x, screen.y);
  const float top = l.opt.topInset;
  ImVec2 pos, size;
  if (in.bottom > 0) pos = {0, screen.y - in.bottom}, size = {screen.x, in.bottom};
  else if (in.left > 0) pos = {0, top}, size = {in.left, screen.y - top};
  else pos = {screen.x - in.right, top}, size = {in.right, screen.y - top};
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::Begin("##review", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus);
  {
    Row row{textWidth(T("Review")), buttonWidth(T("Export .mat")), buttonWidth(T("Close"))};
    row.next();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(T("Review"));
    row.next();
    if (namedButton(s.recorded, "reviewExport", T("Export .mat"))) s.requests.exportReview = true;
    row.next();
    if (namedButton(s.recorded, "reviewClose", T("Close"))) rs.review.reset();
  }
  if (rs.review) {
    if (!rs.title.empty()) textLine(display(rs.title).c_str());
    ImGui::Separator();
    // Stepping and the decision come before the chart, so that on a phone they are on
    // screen without scrolling the panel.
    summary(s);
    ImGui::Separator();
    stepping(s);
    decisionDetail(s);
    chart(s);
    moveList(s);
  }
  ImGui::End();
}

}  // namespace ui
