// Game > Match history: the matches kept in the browser's database, newest first, each
// with its date, variant, score and both players' PR, to review, export as .mat or
// delete; and a .mat file to import. The list comes from the page (HistoryState); what
// the person asks for goes out as PageRequests.
#include <imgui.h>

#include <ctime>

#include "ui/game_screen.h"
#include "ui/i18n.h"
#include "ui/mirrored_widgets.h"
#include "ui/rtl_text.h"
#include "ui/screen_common.h"
#include "ui/screen_parts.h"

namespace ui {
namespace {

std::string dateText(double msSince1970) {
  const std::time_t t = static_cast<std::time_t>(msSince1970 / 1000);
  std::tm local{};
  if (!localtime_r(&t, &local)) return "?";
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &local);
  return buf;
}

const char* variantNameOf(const std::string& key) {
  const std::optional<nard::Variant> v = nard::parseVariant(key);
  return v ? variantName(*v) : "?";
}

std::string prText(const std::optional<float>& pr) { return pr ? fmt("%.1f", *pr) : std::string("-"); }

// One entry: what it is on the first line, its buttons on the second.
void entry(ScreenState& s, const HistorySummary& e, int index) {
  ImGui::PushID(index);
  std::string what = dateText(e.date) + "  " + translate(variantNameOf(e.variant));
  if (e.imported) what += std::string(" (") + translate("imported") + ")";
  textLine(display(what).c_str());
  // A played match's players are stored as "White" and "Black": translated, as the
  // accessible list does (an imported match's names are not in the catalog: unchanged).
  std::string result = std::string(translate(e.names[0].c_str())) + " " + std::to_string(e.score[0]) + " - " +
                       std::to_string(e.score[1]) + " " + translate(e.names[1].c_str());
  result += e.length ? "  (" + std::string(translate("to")) + " " + std::to_string(e.length) + ")" : "";
  if (!e.finished) result += std::string("  ") + translate("unfinished");
  // A match with a friend (platform/friend_play.h): whose turn it is, or that it was one.
  if (e.friendTurn == "you") result += std::string("  ") + translate(N_("Your turn"));
  else if (e.friendTurn == "friend") result += std::string("  ") + translate(N_("Friend's turn"));
  else if (!e.friendTurn.empty()) result += std::string("  ") + translate(N_("with a friend"));
  result += std::string("  ") + translate("PR") + " " + prText(e.pr[0]) + " / " + prText(e.pr[1]);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  textLine(display(result).c_str());
  ImGui::PopStyleColor();
  Row row{buttonWidth(T("Review")), buttonWidth(T("Export .mat")), buttonWidth(T("Delete"))};
  row.next();
  if (namedButton(s.recorded, fmt("historyReview%d", index).c_str(), T("Review"))) s.requests.openEntry = e.id;
  row.next();
  if (namedButton(s.recorded, fmt("historyExport%d", index).c_str(), T("Export .mat"))) s.requests.exportEntry = e.id;
  row.next();
  if (namedButton(s.recorded, fmt("historyDelete%d", index).c_str(), T("Delete"))) s.requests.removeEntry = e.id;
  ImGui::Separator();
  ImGui::PopID();
}

}  // namespace

void drawHistory(ScreenState& s, const view::Layout& l) {
  HistoryState& h = s.history;
  if (!h.open) return;
  const ImVec2 screen = ImGui::GetIO().DisplaySize;
  const float w = std::min(screen.x - 16, std::max(420.0f, ImGui::GetFontSize() * 26));
  const float maxH = screen.y - l.opt.topInset - 16;
  ImGui::SetNextWindowSizeConstraints({w, 0}, {w, maxH});
  if (beginBoardDialog(T("Match history"), "history", &h.open, l)) {
    Row row{buttonWidth(T("Import .mat...")), buttonWidth(T("Close"))};
    row.next();
    if (namedButton(s.recorded, "historyImport", T("Import .mat..."))) s.requests.importFile = true;
    row.next();
    if (namedButton(s.recorded, "historyClose", T("Close"))) h.open = false;
    if (h.skipped > 0) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.6f, 0.45f, 1));
      textLine(Tnf("%d damaged record was skipped", "%d damaged records were skipped", h.skipped, h.skipped).c_str());
      ImGui::PopStyleColor();
      recordItem(s.recorded, "historySkipped");
    }
    ImGui::Separator();
    if (h.loading && h.entries.empty()) textLine(T("Loading..."));
    else if (h.entries.empty()) textLine(T("No matches yet: finished matches appear here."));
    for (std::size_t i = 0; i < h.entries.size(); ++i) entry(s, h.entries[i], static_cast<int>(i));
  }
  ImGui::End();
}

}  // namespace ui
