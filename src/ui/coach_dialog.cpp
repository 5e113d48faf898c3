#include "ui/coach_dialog.h"

#include <imgui.h>

#include <iterator>
#include <string>
#include <string_view>

#include "ui/i18n.h"
#include "ui/mirrored_widgets.h"
#include "ui/rtl_text.h"
#include "ui/screen_common.h"

namespace ui {
namespace {

// The thresholds by the mark they start at (app::kCoachThresholds, in the same order).
const char* const kThresholdNames[] = {N_("From doubtful (0.04)"), N_("From bad (0.08)"), N_("From very bad (0.16)")};
static_assert(std::size(kThresholdNames) == std::size(app::kCoachThresholds));

// A mark or a cube action in the current language (logical order); a play's notation as it is.
std::string word(std::string_view key) {
  static const char* const kWords[] = {N_("doubtful"), N_("bad"),  N_("very bad"), N_("double"),
                                       N_("no double"), N_("take"), N_("pass"),     N_("beaver")};
  for (const char* w : kWords)
    if (key == w) return translate(w);
  return std::string(key);
}

// "This play loses 0.123 (bad). Best: 13/7 8/7." in logical order, for textParagraph.
std::string message(const CoachWarning& w) {
  const app::CoachVerdict& v = w.verdict;
  const std::string lost = fmt("%.3f", v.error), best = word(v.best);
  const std::string mark = word(nard::analysis::markKey(v.mark));
  const char* format = nullptr;
  if (w.lesson) format = translate(N_("That play lost %s (%s). Best was: %s."));
  else if (v.action == app::CoachAction::Play) format = translate(N_("This play loses %s (%s). Best: %s."));
  else if (v.action == app::CoachAction::Double) format = translate(N_("This double loses %s (%s). Best: %s."));
  else if (v.action == app::CoachAction::Roll) format = translate(N_("Rolling without doubling loses %s (%s). Best: %s."));
  else if (v.action == app::CoachAction::Take) format = translate(N_("This take loses %s (%s). Best: %s."));
  else if (v.action == app::CoachAction::Pass) format = translate(N_("This pass loses %s (%s). Best: %s."));
  else format = translate(N_("This beaver loses %s (%s). Best: %s."));
  return fmt(format, lost.c_str(), mark.c_str(), best.c_str());
}

}  // namespace

void drawCoachDialog(ScreenState& s, GameController& g, const view::Layout& l) {
  if (!g.active() || !g.coachWarning()) return;
  const CoachWarning& w = *g.coachWarning();
  // No close box: the person answers with one of the buttons.
  if (beginBoardDialog(T("Coach"), "coach", nullptr, l)) {
    textParagraph(message(w), l.board.w * 0.5f);
    if (w.lesson) {
      Row row{buttonWidth(T("OK"))};
      row.next();
      if (namedButton(s.recorded, "coach-ok", T("OK"))) g.coachProceed();
    } else {
      const char* anyway = w.verdict.action == app::CoachAction::Play ? T("Play anyway") : T("Do it anyway");
      Row row{buttonWidth(T("Take it back")), buttonWidth(anyway)};
      row.next();
      if (namedButton(s.recorded, "coach-back", T("Take it back"))) g.coachTakeBack();
      row.next();
      if (namedButton(s.recorded, "coach-proceed", anyway)) g.coachProceed();
    }
  }
  ImGui::End();
}

void coachMenuItems(ScreenState& s) {
  ImGui::Separator();
  menuHeading(T("Coach"));
  if (menuItem(T("Warn before mistakes"), &s.prefs.coach)) s.prefsChanged = true;
  recordItem(s.recorded, "viewCoach");
  for (int i = 0; i < static_cast<int>(std::size(app::kCoachThresholds)); ++i) {
    const float t = app::kCoachThresholds[i];
    if (menuItem(T(kThresholdNames[i]), s.prefs.coachThreshold == t, s.prefs.coach))
      s.prefs.coachThreshold = t, s.prefsChanged = true;
    recordItem(s.recorded, ("viewCoach" + std::to_string(i)).c_str());
  }
}

}  // namespace ui
