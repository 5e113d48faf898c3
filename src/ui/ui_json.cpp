#include "ui/ui_json.h"

#include "engine/json_writer.h"

namespace ui {
namespace {

void spots(nard::JsonWriter& j, const view::SpotSet& set) {
  j.beginArray();
  for (int i = 1; i < static_cast<int>(set.size()); ++i)
    if (set.test(i)) j.value(i);
  j.endArray();
}

}  // namespace

void writeUiJson(nard::JsonWriter& j, const UiState& s) {
  j.beginObject();
  j.key("humanToMove").value(s.humanToMove);
  j.key("movable");
  spots(j, s.movable);
  j.key("selected").value(s.selected);
  j.key("focused").value(s.focused);
  j.key("destinations");
  spots(j, s.destinations);
  j.key("animating").value(s.animating);
  j.key("thinking").value(s.thinking);
  j.key("longestThinkMs").value(static_cast<int>(s.longestThinkMs));
  j.key("hint").beginArray();
  for (const app::HintLine& h : s.hint) {
    j.beginObject().key("play").value(h.play);
    j.key("equity").value(h.equity, 6).key("win").value(h.chances.win, 6).endObject();
  }
  j.endArray();
  j.key("cubeHint");
  if (s.cubeHint) {
    const nard::ai::CubeDecision& d = s.cubeHint->decision;
    j.beginObject().key("noDouble").value(d.noDouble, 6).key("doubleTake").value(d.doubleTake, 6);
    j.key("doublePass").value(d.doublePass, 6).key("match").value(d.match).key("answering").value(s.cubeHint->answering);
    j.key("action").value(nard::ai::describe(d)).endObject();
  } else {
    j.null();
  }
  j.key("coachJudging").value(s.coachJudging);
  j.key("coach");
  if (s.coach) {
    const app::CoachVerdict& c = s.coach->verdict;
    j.beginObject().key("action").value(app::coachActionKey(c.action)).key("error").value(c.error, 6);
    j.key("mark").value(nard::analysis::markKey(c.mark)).key("chosen").value(c.chosen).key("best").value(c.best);
    j.key("lesson").value(s.coach->lesson).endObject();
  } else {
    j.null();
  }
  j.endObject();
}

}  // namespace ui
