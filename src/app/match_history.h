// The match history's entries: every match that reaches a game's end, and every imported
// .mat file, is kept in the browser (IndexedDB, through the platform's web_bridge.h) as
// one JSON entry
//   {id, date, variant, rules, length, score: [a, b], names: [a, b], pr: [a|null, b|null],
//    finished, imported, save, mat}
// which web/history.js checks field by field and docs/EMBEDDING.md describes. Entries
// already stored must keep loading: the fields and the ids never change meaning.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "analysis/analysis.h"
#include "app/review.h"
#include "engine/json_reader.h"
#include "engine/match.h"

namespace nard {
struct ImportedMatch;
}

namespace app {

class Session;

// The key a match's entry is stored under: "m-" and 16 hex digits of a 64-bit FNV-1a hash
// of its options and first 24 events. Not gnubg's Match ID (nard::Match::matchId(), the
// state at one point of a match): this one stays the same as the match goes on, across
// reloads and games, so the entry is updated in place; two matches share their opening
// events with a chance too small to matter (random dice).
std::string historyKey(const RecordedMatch& m);
// An imported file's key: "i-" and the same hash, never a played match's.
std::string importedHistoryKey(const RecordedMatch& m);
// The same match at the same point: the record only grows, so equal keys and lengths mean
// equal records.
bool sameRecord(const RecordedMatch& a, const RecordedMatch& b);
// The name a match's .mat download gets: "takhte-nard-<key>.mat", safe on any file system.
std::string matFileName(const std::string& key);

// An entry as it is stored; the PRs are added when the analysis has given them.
struct HistoryEntry {
  std::string id;
  double date = 0;               // ms since 1970
  nard::Match match;             // at the end of its record
  std::array<std::string, 2> names;
  bool imported = false;
  std::string save, mat;         // the game's save text; the .mat text
};

// The entry of the match `s` plays, as it stands now (names: as stored and exported).
HistoryEntry playedEntry(const Session& s, const std::array<std::string, 2>& names, double date);
// The entry of an imported .mat file (`text`: the file).
HistoryEntry importedEntry(const nard::ImportedMatch& im, const std::string& text, double date);
// What a review of the entry's match is made from.
RecordedMatch recordOf(const HistoryEntry& e);
// The entry as stored: JSON, with both players' PR from `analysis`, or nulls without one.
std::string entryJson(const HistoryEntry& e, const nard::analysis::MatchAnalysis* analysis);
// A stored entry read back to review or export it: the match from its save text, else
// from its .mat text (imported matches); a date it lacks is `now`. nullopt and why if the
// entry holds no match that loads.
std::optional<HistoryEntry> readEntry(const nard::JsonValue& v, double now, std::string* why);

// One stored match as the history list shows it (the entry without save and mat).
struct HistorySummary {
  std::string id;
  double date = 0;               // ms since 1970
  std::string variant, rules;    // keys: "standard", "modern", ...
  int length = 0;                // 0 = money play
  std::array<int, 2> score{};
  std::array<std::string, 2> names;
  std::array<std::optional<float>, 2> pr;   // not yet analysed: empty
  bool finished = false, imported = false;
  // A match with a friend (platform/friend_play.h; stored in localStorage, not in the
  // history's database): "you" or "friend" (whose turn it is), "over"; "" for any other.
  std::string friendTurn;
};

struct HistoryList {
  std::vector<HistorySummary> entries;   // newest first, as the page lists them
  int skipped = 0;                       // damaged records left out (by the page or here)
};
// The page's list, {"entries": [summaries], "skipped": n}; nullopt and why if it is not
// one. A summary missing a field is skipped: the page checked it, but a record is never
// trusted.
std::optional<HistoryList> readHistoryList(const std::string& json, std::string* why);

}  // namespace app
