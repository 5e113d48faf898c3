// The match history's entries (src/app/match_history.h): the keys they are stored under
// (the same as the entries users already keep in IndexedDB), the JSON written, the list
// and the entries read back from the page.
#include <doctest/doctest.h>

#include <set>

#include "app/match_history.h"
#include "app/session.h"
#include "engine/json_writer.h"
#include "engine/matfile.h"
#include "engine/matimport.h"

namespace {

// A record made up field by field: the key hashes the fields, legal or not. Values run
// over every event kind, both players, 0 to 4 moves, and a move to -1 (the hash keeps the
// low byte).
app::RecordedMatch sample(int events) {
  app::RecordedMatch m;
  m.options.variant = nard::Variant::Nackgammon;
  m.options.rules = nard::Rules::Traditional;
  m.options.matchLength = 7;
  m.names = {"Ann", "Bob"};
  for (int i = 0; i < events; ++i) {
    nard::Event e{static_cast<nard::EventKind>(i % 12)};
    e.player = static_cast<std::int8_t>(i % 2);
    e.dice = {static_cast<std::uint8_t>(1 + i % 6), static_cast<std::uint8_t>(1 + i * 5 % 6)};
    e.count = static_cast<std::uint8_t>(i % 5);
    for (int k = 0; k < e.count; ++k)
      e.moves[k] = {static_cast<std::int8_t>(25 - k - i % 7), static_cast<std::int8_t>(k - 1 + i % 3)};
    m.record.push_back(e);
  }
  return m;
}

// A session after the opening 3-1 (8/5 6/5) and one more roll, not yet played.
app::Session opened() {
  app::SessionSettings st;
  app::Session s(st, [] { return nard::Dice{3, 1}; });
  REQUIRE(s.roll() == "");
  REQUIRE(s.playText("8/5 6/5") == "");
  REQUIRE(s.roll() == "");
  return s;
}

nard::JsonValue parsed(const std::string& json) {
  std::string why;
  std::optional<nard::JsonValue> v = nard::parseJson(json, &why);
  REQUIRE_MESSAGE(v, why);
  return *v;
}

}  // namespace

TEST_CASE("history keys are the ones stored entries were keyed with") {
  // Written by the code that stored them (platform/match_library.cpp as of 16f8cd0): a
  // different key would leave a user's entries unfound, and stored twice.
  CHECK(app::historyKey(sample(0)) == "m-a09e2d4f35ad31e6");
  CHECK(app::historyKey(sample(1)) == "m-6138aa673182a374");
  CHECK(app::historyKey(sample(5)) == "m-ef7fadf9554b4237");
  CHECK(app::historyKey(sample(30)) == "m-b4ec90a4f9d9ce42");
  CHECK(app::historyKey(app::RecordedMatch{}) == "m-a944484f3a92579a");
  CHECK(app::importedHistoryKey(sample(5)) == "i-ef7fadf9554b4237");
}

TEST_CASE("a match keeps its key as it goes on; options and opening events change it") {
  const app::RecordedMatch base = sample(24);
  CHECK(app::historyKey(sample(30)) == app::historyKey(base));   // only the first 24 events count
  CHECK(app::historyKey(sample(23)) != app::historyKey(base));
  app::RecordedMatch other = base;
  other.names = {"Cy", "Di"};
  CHECK(app::historyKey(other) == app::historyKey(base));   // names are not the match
  other.options.rules = nard::Rules::Modern;
  CHECK(app::historyKey(other) != app::historyKey(base));
  other = base;
  other.options.matchLength = 9;
  CHECK(app::historyKey(other) != app::historyKey(base));
  other = base;
  other.record[3].moves[0].to = 2;
  CHECK(app::historyKey(other) != app::historyKey(base));

  CHECK(app::sameRecord(sample(30), sample(30)));
  CHECK_FALSE(app::sameRecord(sample(30), base));   // same key, longer record
  other = sample(30);
  other.record[29].dice.a = 2;   // past the 24 events the key hashes, same length
  // Equal: one match's record only grows, so two of its states never differ only there.
  CHECK(app::sameRecord(other, sample(30)));
  other.record[3].dice.a = 6;
  CHECK_FALSE(app::sameRecord(other, sample(30)));
}

TEST_CASE("a .mat download's name is safe on any file system") {
  CHECK(app::matFileName("m-00ff") == "takhte-nard-m-00ff.mat");
  CHECK(app::matFileName("i_a/b c.\xc3\xa9") == "takhte-nard-i_a-b-c---.mat");
}

TEST_CASE("an entry is stored with every field the page checks, PRs once analysed") {
  const app::Session s = opened();
  const app::HistoryEntry e = app::playedEntry(s, {"White", "Black"}, 1700000000123.0);
  CHECK(e.id == app::historyKey({s.match().options(), s.match().record(), {"White", "Black"}}));
  CHECK(e.id == app::historyKey(app::recordOf(e)));
  CHECK_FALSE(e.imported);

  const nard::JsonValue v = parsed(app::entryJson(e, nullptr));
  // web/history.js refuses an entry without each of these, and keeps no other.
  std::set<std::string> fields;
  for (const auto& [name, value] : v.members()) fields.insert(name);
  CHECK(fields == std::set<std::string>{"id", "date", "variant", "rules", "length", "score", "names", "pr",
                                        "finished", "imported", "save", "mat"});
  CHECK(v.stringOr("id") == e.id);
  CHECK(v.member("date")->asNumber() == 1700000000123.0);
  CHECK(v.stringOr("variant") == "standard");
  CHECK(v.stringOr("rules") == "modern");
  CHECK(v.member("length")->asInt() == 5);
  CHECK(v.member("score")->at(0)->asInt() == 0);
  CHECK(v.member("score")->at(1)->asInt() == 0);
  CHECK(v.member("names")->at(1)->asString() == "Black");
  CHECK(v.member("pr")->at(0)->isNull());
  CHECK(v.member("pr")->at(1)->isNull());
  CHECK_FALSE(v.member("finished")->asBool());
  CHECK_FALSE(v.member("imported")->asBool());
  CHECK(v.stringOr("save") == s.save());
  CHECK(v.stringOr("mat") == nard::exportMat(s.match(), "White", "Black"));

  nard::analysis::MatchAnalysis a;
  a.players[0].pr = 4.567f;
  a.players[1].pr = 12.0f;
  const std::string withPr = app::entryJson(e, &a);
  CHECK(withPr.find(R"("pr":[4.57,12.00])") != std::string::npos);
}

TEST_CASE("the history list reads the page's summaries and skips damaged ones") {
  const app::Session s = opened();
  const app::HistoryEntry e = app::playedEntry(s, {"White", "Black"}, 1700000000000.0);
  nard::analysis::MatchAnalysis a;
  a.players[0].pr = 3.5f;
  a.players[1].pr = 7.25f;
  const std::string json = R"({"entries":[)" + app::entryJson(e, &a) + R"(,{"id":"x","date":1},)" +
                           app::entryJson(e, nullptr) + R"(],"skipped":2})";
  std::string why;
  const std::optional<app::HistoryList> list = app::readHistoryList(json, &why);
  REQUIRE_MESSAGE(list, why);
  CHECK(list->skipped == 3);
  REQUIRE(list->entries.size() == 2);
  const app::HistorySummary& h = list->entries[0];
  CHECK(h.id == e.id);
  CHECK(h.date == 1700000000000.0);
  CHECK(h.variant == "standard");
  CHECK(h.rules == "modern");
  CHECK(h.length == 5);
  CHECK(h.score == std::array<int, 2>{0, 0});
  CHECK(h.names == std::array<std::string, 2>{"White", "Black"});
  REQUIRE(h.pr[0]);
  CHECK(*h.pr[0] == doctest::Approx(3.5f));
  CHECK(*h.pr[1] == doctest::Approx(7.25f));
  CHECK_FALSE(h.finished);
  CHECK_FALSE(h.imported);
  CHECK_FALSE(list->entries[1].pr[0]);   // not analysed yet

  CHECK_FALSE(app::readHistoryList("{\"entries\":", &why));
  CHECK_FALSE(why.empty());
  CHECK_FALSE(app::readHistoryList(R"({"skipped":0})", &why));
}

TEST_CASE("a friend match's summary says whose turn it is; any other value is no friend match") {
  const auto read = [](const std::string& turn) {
    const std::string json = R"({"entries":[{"id":"f-0123456789abcdef","date":5,"variant":"standard","rules":"modern",)"
                             R"("length":3,"score":[1,0],"names":["White","Black"],"pr":[null,null],"finished":false,)"
                             R"("imported":false)" + turn + "}]}";
    std::string why;
    const std::optional<app::HistoryList> list = app::readHistoryList(json, &why);
    REQUIRE_MESSAGE(list, why);
    REQUIRE(list->entries.size() == 1);
    return list->entries[0].friendTurn;
  };
  CHECK(read(R"(,"friend":"you")") == "you");
  CHECK(read(R"(,"friend":"friend")") == "friend");
  CHECK(read(R"(,"friend":"over")") == "over");
  CHECK(read("").empty());                           // an ordinary entry
  CHECK(read(R"(,"friend":"everyone")").empty());    // not one of the three: shown as no friend match
  CHECK(read(R"(,"friend":7)").empty());
}

TEST_CASE("an entry read back gives its match: from the save text, else from the .mat text") {
  const app::Session s = opened();
  const app::HistoryEntry played = app::playedEntry(s, {"White", "Black"}, 1700000000000.0);
  std::string why;
  std::optional<app::HistoryEntry> back = app::readEntry(parsed(app::entryJson(played, nullptr)), 5.0, &why);
  REQUIRE_MESSAGE(back, why);
  CHECK(back->id == played.id);
  CHECK(back->date == 1700000000000.0);
  CHECK(back->names == played.names);
  CHECK_FALSE(back->imported);
  CHECK(back->save == played.save);
  CHECK(back->match.positionId() == s.match().positionId());
  CHECK(back->match.matchId() == s.match().matchId());
  CHECK(app::historyKey(app::recordOf(*back)) == played.id);   // stored again under the same key

  // An imported file: only its .mat text.
  const std::string text = nard::exportMat(s.match(), "Ann", "Bob");
  std::optional<nard::ImportedMatch> im = nard::importMat(text, &why);
  REQUIRE_MESSAGE(im, why);
  const app::HistoryEntry imported = app::importedEntry(*im, text, 1700000000000.0);
  CHECK(imported.id == app::importedHistoryKey({im->options, im->match.record(), {"Ann", "Bob"}}));
  CHECK(imported.imported);
  CHECK(imported.save.empty());
  CHECK(imported.mat == text);
  back = app::readEntry(parsed(app::entryJson(imported, nullptr)), 5.0, &why);
  REQUIRE_MESSAGE(back, why);
  CHECK(back->imported);
  CHECK(back->names == std::array<std::string, 2>{"Ann", "Bob"});
  CHECK(back->match.record().size() == im->match.record().size());
  CHECK(back->match.positionId() == im->match.positionId());

  // No match: why.
  CHECK_FALSE(app::readEntry(parsed(R"({"id":"m-1","names":["a","b"],"save":"","mat":""})"), 5.0, &why));
  CHECK(why == "the entry holds no match");
  CHECK_FALSE(app::readEntry(parsed(R"({"id":"m-1","error":"not found"})"), 5.0, &why));
  CHECK(why == "not found");
  CHECK_FALSE(app::readEntry(parsed(R"({"id":"m-1","save":"nard-session 1\ngarbage"})"), 5.0, &why));
  CHECK_FALSE(why.empty());
  // No date: now; no names: empty.
  nard::JsonWriter j;
  j.beginObject().key("id").value("m-2").key("mat").value(text).endObject();
  back = app::readEntry(parsed(j.str()), 5.0, &why);
  REQUIRE_MESSAGE(back, why);
  CHECK(back->date == 5.0);
  CHECK(back->id == "m-2");
  CHECK(back->names == std::array<std::string, 2>{"", ""});
}
