#include "platform/match_library.h"

#include <chrono>

#include "analysis/report.h"
#include "engine/json_reader.h"
#include "engine/json_writer.h"
#include "engine/matfile.h"
#include "engine/matimport.h"
#include "platform/web_bridge.h"
#include "ui/i18n.h"

namespace platform {
namespace {

// A slice of analysis per frame: more while the person watches the progress bar, less
// in the background, so the game stays smooth (no frame over 50 ms either way).
constexpr double kForegroundSliceMs = 10;
constexpr double kBackgroundSliceMs = 4;

double nowMs() {
  using namespace std::chrono;
  return static_cast<double>(duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count());
}

app::RecordedMatch currentMatch(const ui::GameController& g) {
  return {g.match().options(), g.match().record(), {"White", "Black"}};
}

// A stable id for a match: its options and first events. The same match keeps its id
// across reloads and games (its entry is updated); two matches share opening events with
// a chance too small to matter (random dice).
std::string matchId(const app::RecordedMatch& m) {
  std::uint64_t h = 1469598103934665603ull;
  auto mix = [&](int v) { h = (h ^ static_cast<std::uint64_t>(v & 0xff)) * 1099511628211ull; };
  mix(static_cast<int>(m.options.variant));
  mix(static_cast<int>(m.options.rules));
  mix(m.options.matchLength);
  for (std::size_t i = 0; i < m.record.size() && i < 24; ++i) {
    const nard::Event& e = m.record[i];
    mix(static_cast<int>(e.kind)), mix(e.player), mix(e.dice.a), mix(e.dice.b), mix(e.count);
    for (int k = 0; k < e.count; ++k) mix(e.moves[k].from), mix(e.moves[k].to);
  }
  char buf[24];
  std::snprintf(buf, sizeof buf, "m-%016llx", static_cast<unsigned long long>(h));
  return buf;
}

// A match's title in the review: "Ann 3 - 5 Bob".
std::string titleOf(const std::array<std::string, 2>& names, const nard::Match& m) {
  return names[0] + " " + std::to_string(m.score(0)) + " - " + std::to_string(m.score(1)) + " " + names[1];
}

std::optional<ui::HistorySummary> summaryOf(const nard::JsonValue& v) {
  ui::HistorySummary s;
  const nard::JsonValue *date = v.member("date"), *score = v.member("score"), *names = v.member("names"),
                        *pr = v.member("pr"), *length = v.member("length");
  s.id = v.stringOr("id");
  if (s.id.empty() || !date || !date->isNumber() || !score || !names || !pr || !length) return std::nullopt;
  s.date = date->asNumber();
  s.variant = v.stringOr("variant");
  s.rules = v.stringOr("rules");
  s.length = length->asInt(-1);
  for (int p = 0; p < 2; ++p) {
    const nard::JsonValue *sc = score->at(p), *n = names->at(p), *r = pr->at(p);
    if (!sc || !n || !n->isString() || !r) return std::nullopt;
    s.score[p] = sc->asInt(-1);
    s.names[p] = n->asString();
    if (r->isNumber()) s.pr[p] = static_cast<float>(r->asNumber());
  }
  const nard::JsonValue *finished = v.member("finished"), *imported = v.member("imported");
  s.finished = finished && finished->isBool() && finished->asBool();
  s.imported = imported && imported->isBool() && imported->asBool();
  return s;
}

// The same match at the same point: the record only grows, so equal ids and lengths
// mean equal records.
bool sameMatch(const app::RecordedMatch& a, const app::RecordedMatch& b) {
  return a.record.size() == b.record.size() && matchId(a) == matchId(b);
}

std::string safeFileName(std::string base) {
  for (char& c : base)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) c = '-';
  return "takhte-nard-" + base + ".mat";
}

}  // namespace

// The entry as IndexedDB keeps it, with the PRs when the analysis has given them.
std::string MatchLibrary::entryJson(const StoredEntry& e, const nard::analysis::MatchAnalysis* analysis) {
  const nard::Match& m = e.match;
  nard::JsonWriter j;
  j.beginObject();
  j.key("id").value(e.id).key("date").value(static_cast<long long>(e.date));
  j.key("variant").value(std::string(nard::spec(m.options().variant).key));
  j.key("rules").value(std::string(nard::rulesKey(m.options().rules)));
  j.key("length").value(m.options().matchLength);
  j.key("score").beginArray().value(m.score(0)).value(m.score(1)).endArray();
  j.key("names").beginArray().value(e.names[0]).value(e.names[1]).endArray();
  j.key("pr").beginArray();
  for (int p = 0; p < 2; ++p) analysis ? j.value(analysis->players[p].pr, 2) : j.null();
  j.endArray();
  j.key("finished").value(m.phase() == nard::Phase::MatchOver);
  j.key("imported").value(e.imported);
  j.key("save").value(e.save).key("mat").value(e.mat);
  j.endObject();
  return j.str();
}

void MatchLibrary::analyse(ui::ScreenState& s, app::RecordedMatch match, Subject subject, bool show,
                           std::string title) {
  const std::string why = s.review.task.start(std::move(match));
  if (!why.empty()) {
    analysing_ = false;
    if (subject.apiWaiting) rejectAnalysis(why);
    if (show) s.announcement.show(ui::display(std::string(ui::translate("Cannot analyse")) + ": " + why), now_, 6000);
    return;
  }
  subject_ = std::move(subject);
  analysing_ = true;
  s.review.showProgress = show;
  s.review.title = std::move(title);
}

void MatchLibrary::finished(ui::ScreenState& s, app::MatchReview review) {
  analysing_ = false;
  if (subject_.entry) historyPut(entryJson(*subject_.entry, &review.analysis()));
  if (subject_.apiWaiting) resolveAnalysis(nard::analysis::toJson(review.analysis(), true));
  lastReview_ = review;
  if (s.review.showProgress) {
    s.review.showProgress = false;
    s.review.review = std::move(review);
    s.review.select(0);
  }
  subject_ = {};
}

void MatchLibrary::storeCurrent(ui::ScreenState& s, const ui::GameController& g) {
  const app::RecordedMatch m = currentMatch(g);
  Subject subject;
  subject.entry = StoredEntry{matchId(m), nowMs(), g.match(), m.names, false, g.session().save(),
                              nard::exportMat(g.match(), m.names[0], m.names[1])};
  historyPut(entryJson(*subject.entry, nullptr));
  // The PRs come with the analysis, in the background unless one is already running
  // (that one is the person's; the entry keeps "no PR" until analysed again).
  if (!s.review.task.running()) analyse(s, m, std::move(subject), false, {});
}

void MatchLibrary::onEvent(const app::SessionEvent& e, ui::ScreenState& s, ui::GameController& g) {
  if (e.kind == app::SessionEvent::Kind::GameOver && g.active()) storeCurrent(s, g);
}

std::string MatchLibrary::analyseForApi(ui::ScreenState& s, ui::GameController& g) {
  if (!g.active() || g.match().record().empty()) return "there is no match to analyse yet";
  const app::RecordedMatch m = currentMatch(g);
  if (lastReview_ && sameMatch(lastReview_->match(), m)) {
    resolveAnalysis(nard::analysis::toJson(lastReview_->analysis(), true));
    return {};
  }
  if (analysing_ && s.review.task.running() && sameMatch(s.review.task.subject(), m)) {
    subject_.apiWaiting = true;
    return {};
  }
  Subject subject;
  subject.apiWaiting = true;
  analyse(s, m, std::move(subject), false, {});
  return {};
}

void MatchLibrary::carryOut(ui::ScreenState& s, ui::GameController& g, double now) {
  ui::PageRequests& r = s.requests;
  if (r.analyse && g.active() && !g.match().record().empty()) {
    const app::RecordedMatch m = currentMatch(g);
    const std::string title = std::string(ui::translate("White")) + " " + std::to_string(g.match().score(0)) + " - " +
                              std::to_string(g.match().score(1)) + " " + ui::translate("Black");
    if (lastReview_ && sameMatch(lastReview_->match(), m)) {
      s.review.review = lastReview_;
      s.review.title = title;
      s.review.select(0);
    } else if (analysing_ && s.review.task.running() && sameMatch(s.review.task.subject(), m)) {
      s.review.showProgress = true;   // the background analysis of this very match: watch it
      s.review.title = title;
    } else {
      Subject subject;
      subject.apiWaiting = subject_.apiWaiting && analysing_;
      analyse(s, m, std::move(subject), true, title);
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
      downloadText(safeFileName(matchId(m)), nard::exportMat(*full, m.names[0], m.names[1]));
    else
      s.announcement.show(ui::display(why), now, 5000);
  }
  r = {};
}

void MatchLibrary::frame(ui::ScreenState& s, ui::GameController& g, double now) {
  now_ = now;
  carryOut(s, g, now);
  if (!s.review.task.running()) {
    // Cancelled by the person: whoever waited for it hears so.
    if (analysing_ && subject_.apiWaiting) rejectAnalysis("the analysis was cancelled");
    if (analysing_) analysing_ = false, subject_ = {};
    return;
  }
  if (s.review.task.step(s.review.showProgress ? kForegroundSliceMs : kBackgroundSliceMs))
    if (std::optional<app::MatchReview> review = s.review.task.take()) finished(s, std::move(*review));
}

std::string MatchLibrary::historyList(const std::string& json, ui::ScreenState& s) {
  std::string why;
  const std::optional<nard::JsonValue> v = nard::parseJson(json, &why);
  s.history.loading = false;
  if (!v || !v->member("entries") || !v->member("entries")->isArray()) return "history list: " + why;
  s.history.entries.clear();
  s.history.skipped = v->member("skipped") ? v->member("skipped")->asInt(0) : 0;
  for (const nard::JsonValue& item : v->member("entries")->items()) {
    if (std::optional<ui::HistorySummary> summary = summaryOf(item)) s.history.entries.push_back(std::move(*summary));
    else ++s.history.skipped;   // the page checked it; still, never trust a record
  }
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
  // The record: the game's own save text, else the .mat text (imported matches).
  std::optional<nard::Match> full;
  const std::array<std::string, 2> names{v->member("names") && v->member("names")->at(0) ? v->member("names")->at(0)->asString() : "",
                                         v->member("names") && v->member("names")->at(1) ? v->member("names")->at(1)->asString() : ""};
  if (!v->stringOr("save").empty()) {
    if (auto session = app::Session::load(v->stringOr("save"), [] { return nard::Dice{1, 1}; }, &why))
      full = session->match();
  } else if (!v->stringOr("mat").empty()) {
    if (auto im = nard::importMat(v->stringOr("mat"), &why)) full = std::move(im->match);
  } else {
    why = v->stringOr("error", "the entry holds no match");
  }
  if (!full) {
    s.announcement.show(ui::display(std::string(ui::translate("This stored match is damaged and cannot be opened")) +
                                    " (" + why.substr(0, 80) + ")"),
                        now, 6000);
    return "history entry " + id + ": " + why;
  }
  if (forExport) {
    downloadText(safeFileName(id), nard::exportMat(*full, names[0], names[1]));
    return {};
  }
  // Written back with the new PRs when the analysis is done (same id and date).
  const nard::JsonValue* date = v->member("date");
  const nard::JsonValue* imported = v->member("imported");
  Subject subject;
  subject.entry = StoredEntry{id, date && date->isNumber() ? date->asNumber() : nowMs(), *full, names,
                              imported && imported->isBool() && imported->asBool(), v->stringOr("save"),
                              v->stringOr("mat")};
  s.history.open = false;
  const std::string title = titleOf(names, *full);
  analyse(s, {full->options(), full->record(), names}, std::move(subject), true, title);
  return {};
}

std::string MatchLibrary::importMat(const std::string& text, ui::ScreenState& s, double now) {
  std::string why;
  std::optional<nard::ImportedMatch> im = nard::importMat(text, &why);
  if (!im) {
    s.announcement.show(ui::display(std::string(ui::translate("The file could not be imported")) + ": " +
                                    why.substr(0, 100)),
                        now, 8000);
    return why;
  }
  const std::array<std::string, 2> names{im->names[0], im->names[1]};
  app::RecordedMatch m{im->options, im->match.record(), names};
  Subject subject;
  subject.entry = StoredEntry{"i-" + matchId(m).substr(2), nowMs(), im->match, names, true, "", text};
  historyPut(entryJson(*subject.entry, nullptr));
  s.history.open = false;
  analyse(s, std::move(m), std::move(subject), true, titleOf(names, im->match));
  return {};
}

}  // namespace platform
