#include "platform/match_library.h"

#include <chrono>

#include "analysis/report.h"
#include "engine/json_reader.h"
#include "engine/matfile.h"
#include "engine/matimport.h"
#include "platform/web_bridge.h"
#include "ui/i18n.h"

namespace platform {
namespace {

// The names a played match is stored and exported with.
const std::array<std::string, 2> kPlayedNames{"White", "Black"};

double nowMs() {
  using namespace std::chrono;
  return static_cast<double>(duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count());
}

app::RecordedMatch currentMatch(const ui::GameController& g) {
  return {g.match().options(), g.match().record(), kPlayedNames};
}

// A match's title in the review: "Ann 3 - 5 Bob".
std::string titleOf(const std::array<std::string, 2>& names, const nard::Match& m) {
  return names[0] + " " + std::to_string(m.score(0)) + " - " + std::to_string(m.score(1)) + " " + names[1];
}

}  // namespace

void MatchLibrary::analyse(ui::ScreenState& s, app::RecordedMatch match, app::AnalysisRunner::Subject subject,
                           bool show, std::string title) {
  const bool apiWaiting = subject.apiWaiting;
  const std::string why = runner_.start(s.review.task, std::move(match), std::move(subject));
  if (!why.empty()) {
    if (apiWaiting) rejectAnalysis(why);
    if (show) s.announcement.notice(std::string(ui::translate("Cannot analyse")) + ": " + why, now_, 6000);
    return;
  }
  s.review.showProgress = show;
  s.review.title = std::move(title);
}

void MatchLibrary::finished(ui::ScreenState& s, app::AnalysisRunner::Done done) {
  if (done.entryJson) historyPut(*done.entryJson);
  if (!done.review) {
    if (done.apiWaiting) rejectAnalysis("the analysis was cancelled");
    return;
  }
  if (done.apiWaiting) resolveAnalysis(nard::analysis::toJson(done.review->analysis(), true));
  if (s.review.showProgress) {
    s.review.showProgress = false;
    s.review.review = std::move(done.review);
    s.review.select(0);
  }
}

void MatchLibrary::storeCurrent(ui::ScreenState& s, const ui::GameController& g) {
  app::HistoryEntry entry = app::playedEntry(g.session(), kPlayedNames, nowMs());
  historyPut(app::entryJson(entry, nullptr));
  if (runner_.startForEntry(s.review.task, std::move(entry))) {
    s.review.showProgress = false;
    s.review.title.clear();
  }
}

void MatchLibrary::onEvent(const app::SessionEvent& e, ui::ScreenState& s, ui::GameController& g) {
  if (e.kind == app::SessionEvent::Kind::GameOver && g.active()) storeCurrent(s, g);
}

std::string MatchLibrary::analyseForApi(ui::ScreenState& s, ui::GameController& g) {
  if (!g.active() || g.match().record().empty()) return "there is no match to analyse yet";
  const app::RecordedMatch m = currentMatch(g);
  if (const app::MatchReview* r = runner_.reviewOf(m)) resolveAnalysis(nard::analysis::toJson(r->analysis(), true));
  else if (runner_.runs(s.review.task, m)) runner_.answerApiToo();
  else analyse(s, m, {std::nullopt, true}, false, {});
  return {};
}

std::string MatchLibrary::openForApi(const std::string& id, ui::ScreenState& s) {
  // The history's own bound on ids (web/history.js): anything else names no entry.
  if (id.empty() || id.size() > 200) return "openHistory: the id of a stored match";
  if (!entryForApi_.empty()) return "openHistory: a stored match is already being opened";
  entryForApi_ = id;
  s.requests.openEntry = id;
  return {};
}

void MatchLibrary::review(ui::ScreenState& s, app::RecordedMatch m, bool apiWaiting) {
  std::string why;
  const auto full = nard::Match::replay(m.options, m.record, m.record.size(), &why);
  const std::string title = full ? titleOf(m.names, *full) : std::string();
  analyse(s, std::move(m), {std::nullopt, apiWaiting}, true, title);
}

void MatchLibrary::carryOut(ui::ScreenState& s, ui::GameController& g, double now) {
  ui::PageRequests& r = s.requests;
  if (r.analyse && g.active() && !g.match().record().empty()) {
    const app::RecordedMatch m = currentMatch(g);
    const std::string title = std::string(ui::translate("White")) + " " + std::to_string(g.match().score(0)) + " - " +
                              std::to_string(g.match().score(1)) + " " + ui::translate("Black");
    if (const app::MatchReview* reviewed = runner_.reviewOf(m)) {
      s.review.review = *reviewed;
      s.review.title = title;
      s.review.select(0);
    } else if (runner_.runs(s.review.task, m)) {
      s.review.showProgress = true;   // the background analysis of this very match: watch it
      s.review.title = title;
    } else {
      analyse(s, m, {std::nullopt, runner_.apiWaiting()}, true, title);
    }
  }
  if (r.listHistory) s.history.loading = true, historyRequestList();
  if (!r.openEntry.empty()) entryForExport_[r.openEntry] = false, historyRequestEntry(r.openEntry);
  if (!r.exportEntry.empty()) entryForExport_[r.exportEntry] = true, historyRequestEntry(r.exportEntry);
  if (!r.removeEntry.empty()) historyRemove(r.removeEntry);
  if (r.importFile) pickTextFile();
  if (r.exportReview && s.review.review) {
    const app::RecordedMatch& m = s.review.review->match();
    std::string why;
    if (auto full = nard::Match::replay(m.options, m.record, m.record.size(), &why))
      downloadText(app::matFileName(app::historyKey(m)), nard::exportMat(*full, m.names[0], m.names[1]));
    else
      s.announcement.notice(why, now, 5000);
  }
  r = {};
}

void MatchLibrary::frame(ui::ScreenState& s, ui::GameController& g, double now) {
  now_ = now;
  carryOut(s, g, now);
  if (std::optional<app::AnalysisRunner::Done> done = runner_.step(s.review.task, s.review.showProgress))
    finished(s, std::move(*done));
}

std::string MatchLibrary::historyList(const std::string& json, ui::ScreenState& s) {
  std::string why;
  std::optional<app::HistoryList> list = app::readHistoryList(json, &why);
  s.history.loading = false;
  if (!list) return "history list: " + why;
  s.history.entries = std::move(list->entries);
  s.history.skipped = list->skipped;
  return {};
}

std::string MatchLibrary::historyEntry(const std::string& json, ui::ScreenState& s, double now) {
  std::string why;
  const std::optional<nard::JsonValue> v = nard::parseJson(json, &why);
  const std::string id = v ? v->stringOr("id") : "";
  const auto purpose = entryForExport_.find(id);
  if (!v || purpose == entryForExport_.end()) return "history entry: not asked for";
  const bool forExport = purpose->second;
  entryForExport_.erase(purpose);
  const bool apiWaiting = !forExport && id == entryForApi_;
  if (apiWaiting) entryForApi_.clear();
  std::optional<app::HistoryEntry> entry = app::readEntry(*v, nowMs(), &why);
  if (!entry) {
    s.announcement.notice(std::string(ui::translate("This stored match is damaged and cannot be opened")) +
                                    " (" + why.substr(0, 80) + ")",
                        now, 6000);
    if (apiWaiting) rejectAnalysis("this stored match is damaged and cannot be opened (" + why.substr(0, 80) + ")");
    return "history entry " + id + ": " + why;
  }
  if (forExport) {
    downloadText(app::matFileName(id), nard::exportMat(entry->match, entry->names[0], entry->names[1]));
    return {};
  }
  // Written back with the new PRs when the analysis is done (same id and date).
  s.history.open = false;
  const std::string title = titleOf(entry->names, entry->match);
  app::RecordedMatch m = app::recordOf(*entry);
  analyse(s, std::move(m), {std::move(entry), apiWaiting}, true, title);
  return {};
}

std::string MatchLibrary::importMat(const std::string& text, ui::ScreenState& s, double now) {
  std::string why;
  std::optional<nard::ImportedMatch> im = nard::importMat(text, &why);
  if (!im) {
    s.announcement.notice(std::string(ui::translate("The file could not be imported")) + ": " +
                                    why.substr(0, 100),
                        now, 8000);
    return why;
  }
  app::HistoryEntry entry = app::importedEntry(*im, text, nowMs());
  historyPut(app::entryJson(entry, nullptr));
  s.history.open = false;
  const std::string title = titleOf(entry.names, entry.match);
  app::RecordedMatch m = app::recordOf(entry);
  analyse(s, std::move(m), {std::move(entry), false}, true, title);
  return {};
}

}  // namespace platform
