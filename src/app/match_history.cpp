#include "app/match_history.h"

#include <cctype>
#include <cstdint>
#include <cstdio>

#include "app/session.h"
#include "engine/json_writer.h"
#include "engine/matfile.h"
#include "engine/matimport.h"

namespace app {

std::string historyKey(const RecordedMatch& m) {
  // Byte for byte what the stored entries were keyed with: any change orphans them.
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

std::string importedHistoryKey(const RecordedMatch& m) { return "i-" + historyKey(m).substr(2); }

bool sameRecord(const RecordedMatch& a, const RecordedMatch& b) {
  return a.record.size() == b.record.size() && historyKey(a) == historyKey(b);
}

std::string matFileName(const std::string& key) {
  std::string base = key;
  for (char& c : base)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) c = '-';
  return "takhte-nard-" + base + ".mat";
}

HistoryEntry playedEntry(const Session& s, const std::array<std::string, 2>& names, double date) {
  const nard::Match& m = s.match();
  return {historyKey({m.options(), m.record(), names}), date, m, names, false, s.save(),
          nard::exportMat(m, names[0], names[1])};
}

HistoryEntry importedEntry(const nard::ImportedMatch& im, const std::string& text, double date) {
  const std::array<std::string, 2> names{im.names[0], im.names[1]};
  return {importedHistoryKey({im.options, im.match.record(), names}), date, im.match, names, true, "", text};
}

RecordedMatch recordOf(const HistoryEntry& e) { return {e.match.options(), e.match.record(), e.names}; }

std::string entryJson(const HistoryEntry& e, const nard::analysis::MatchAnalysis* analysis) {
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

std::optional<HistoryEntry> readEntry(const nard::JsonValue& v, double now, std::string* why) {
  const nard::JsonValue* names = v.member("names");
  const auto name = [names](std::size_t p) { return names && names->at(p) ? names->at(p)->asString() : ""; };
  std::optional<nard::Match> full;
  const std::string save = v.stringOr("save"), mat = v.stringOr("mat");
  if (!save.empty()) {
    // The dice are never rolled: the match is only read.
    if (auto session = Session::load(save, [] { return nard::Dice{1, 1}; }, why)) full = session->match();
  } else if (!mat.empty()) {
    if (auto im = nard::importMat(mat, why)) full = std::move(im->match);
  } else {
    *why = v.stringOr("error", "the entry holds no match");
  }
  if (!full) return std::nullopt;
  const nard::JsonValue *date = v.member("date"), *imported = v.member("imported");
  return HistoryEntry{v.stringOr("id"), date && date->isNumber() ? date->asNumber() : now, std::move(*full),
                      {name(0), name(1)}, imported && imported->isBool() && imported->asBool(), save, mat};
}

namespace {

std::optional<HistorySummary> summaryOf(const nard::JsonValue& v) {
  HistorySummary s;
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
  const std::string turn = v.stringOr("friend");
  if (turn == "you" || turn == "friend" || turn == "over") s.friendTurn = turn;
  return s;
}

}  // namespace

std::optional<HistoryList> readHistoryList(const std::string& json, std::string* why) {
  const std::optional<nard::JsonValue> v = nard::parseJson(json, why);
  if (!v || !v->member("entries") || !v->member("entries")->isArray()) return std::nullopt;
  HistoryList list;
  list.skipped = v->member("skipped") ? v->member("skipped")->asInt(0) : 0;
  for (const nard::JsonValue& item : v->member("entries")->items()) {
    if (std::optional<HistorySummary> summary = summaryOf(item)) list.entries.push_back(std::move(*summary));
    else ++list.skipped;
  }
  return list;
}

}  // namespace app
