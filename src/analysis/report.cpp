#include "analysis/report.h"

#include <cstdio>

#include "engine/json_writer.h"

namespace nard::analysis {
namespace {

void writeMarks(JsonWriter& j, const MarkCounts& m) {
  j.beginObject().key("doubtful").value(m.doubtful).key("bad").value(m.bad).key("veryBad").value(m.veryBad).endObject();
}

void writePlayer(JsonWriter& j, const PlayerSummary& p) {
  j.beginObject();
  j.key("name").value(p.name);
  j.key("unforcedMoves").value(p.unforcedMoves).key("forcedMoves").value(p.forcedMoves);
  j.key("checkerErrorTotal").value(p.checkerErrorTotal, 4).key("checkerErrorRate").value(p.checkerErrorRate, 2);
  j.key("cubeDecisions").value(p.cubeDecisions);
  j.key("cubeErrorTotal").value(p.cubeErrorTotal, 4).key("cubeErrorRate").value(p.cubeErrorRate, 2);
  j.key("errorRate").value(p.errorRate, 2).key("pr").value(p.pr, 2);
  j.key("rating").value(p.rating).key("prRating").value(p.prRating);
  j.key("marks");
  writeMarks(j, p.marks);
  j.key("checkerMarks");
  writeMarks(j, p.checkerMarks);
  j.key("cubeMarks");
  writeMarks(j, p.cubeMarks);
  j.key("xgErrors").value(p.xgErrors).key("xgBlunders").value(p.xgBlunders);
  j.key("missedDoubles").value(p.missedDoubles).key("wrongDoubles").value(p.wrongDoubles);
  j.key("wrongTakes").value(p.wrongTakes).key("wrongPasses").value(p.wrongPasses);
  j.key("rolls").value(p.rolls).key("luckTotal").value(p.luckTotal, 4).key("luckRate").value(p.luckRate, 2);
  j.endObject();
}

void writeMoves(JsonWriter& j, const Play& p) {
  j.beginArray();
  for (int i = 0; i < p.count; ++i) j.beginArray().value(int(p.moves[i].from)).value(int(p.moves[i].to)).endArray();
  j.endArray();
}

void writeDecision(JsonWriter& j, const Decision& d) {
  j.beginObject();
  j.key("kind").value(kindKey(d.kind)).key("player").value(d.player).key("game").value(d.game);
  j.key("turn").value(d.turn).key("event").value(static_cast<unsigned long>(d.event));
  j.key("positionId").value(d.positionId).key("matchId").value(d.matchId);
  if (d.kind == DecisionKind::Checker) j.key("dice").value(formatDice(d.dice));
  j.key("chosen").value(d.chosen).key("best").value(d.best);
  j.key("equityChosen").value(d.equityChosen, 4).key("equityBest").value(d.equityBest, 4);
  j.key("error").value(d.error, 4);
  if (d.errorMwc > 0) j.key("errorMwc").value(d.errorMwc, 5);
  j.key("counted").value(d.counted).key("mark").value(markKey(d.mark));
  j.key("luck").value(d.luck, 4).key("winChance").value(d.winChance, 4);
  if (d.kind == DecisionKind::Checker && !d.chosen.empty()) {
    j.key("chosenMoves");
    writeMoves(j, d.chosenPlay);
    j.key("bestMoves");
    writeMoves(j, d.bestPlay);
  }
  j.key("alternatives").beginArray();
  for (const Alternative& a : d.alternatives)
    j.beginObject().key("choice").value(a.text).key("equity").value(a.equity, 4).endObject();
  j.endArray();
  j.endObject();
}

}  // namespace

const char* kindKey(DecisionKind k) {
  switch (k) {
    case DecisionKind::Checker: return "checker";
    case DecisionKind::Double: return "double";
    case DecisionKind::Answer: return "answer";
  }
  return "";
}

std::string toJson(const MatchAnalysis& a, bool withDecisions) {
  JsonWriter j;
  j.beginObject();
  j.key("variant").value(a.variant).key("rules").value(a.rules).key("matchLength").value(a.matchLength);
  j.key("level").value(a.level);
  j.key("players").beginArray();
  for (const PlayerSummary& p : a.players) writePlayer(j, p);
  j.endArray();
  j.key("games").beginArray();
  for (const GameSummary& g : a.games) {
    j.beginObject().key("number").value(g.number).key("winner").value(g.winner).key("points").value(g.points);
    j.key("scoreBefore").beginArray().value(g.scoreBefore[0]).value(g.scoreBefore[1]).endArray().endObject();
  }
  j.endArray();
  if (withDecisions) {
    j.key("decisions").beginArray();
    for (const Decision& d : a.decisions) writeDecision(j, d);
    j.endArray();
  }
  j.endObject();
  return j.str();
}

std::string toText(const MatchAnalysis& a) {
  std::string out;
  char line[160];
  std::snprintf(line, sizeof line, "%s, %s rules, %s; judged by the %s level\n\n", a.variant.c_str(), a.rules.c_str(),
                a.matchLength ? (std::to_string(a.matchLength) + "-point match").c_str() : "money play", a.level.c_str());
  out += line;
  std::snprintf(line, sizeof line, "%-28s %14s %14s\n", "", a.players[0].name.substr(0, 14).c_str(),
                a.players[1].name.substr(0, 14).c_str());
  out += line;
  auto row = [&](const char* label, auto get, const char* fmt) {
    char cells[2][32];
    for (int p = 0; p < 2; ++p) std::snprintf(cells[p], sizeof cells[p], fmt, get(a.players[p]));
    std::snprintf(line, sizeof line, "%-28s %14s %14s\n", label, cells[0], cells[1]);
    out += line;
  };
  using P = const PlayerSummary&;
  row("Unforced moves", [](P p) { return p.unforcedMoves; }, "%d");
  row("Checker error rate (mEMG)", [](P p) { return double(p.checkerErrorRate); }, "%.1f");
  row("Checker error total (EMG)", [](P p) { return double(p.checkerErrorTotal); }, "%.3f");
  row("Cube decisions", [](P p) { return p.cubeDecisions; }, "%d");
  row("Cube error rate (mEMG)", [](P p) { return double(p.cubeErrorRate); }, "%.1f");
  row("Doubtful", [](P p) { return p.marks.doubtful; }, "%d");
  row("Bad", [](P p) { return p.marks.bad; }, "%d");
  row("Very bad", [](P p) { return p.marks.veryBad; }, "%d");
  row("Error rate (mEMG)", [](P p) { return double(p.errorRate); }, "%.1f");
  row("Performance Rating (PR)", [](P p) { return double(p.pr); }, "%.1f");
  row("Luck (mEMG per roll)", [](P p) { return double(p.luckRate); }, "%+.1f");
  row("Rating", [](P p) { return p.rating.c_str(); }, "%s");
  return out;
}

}  // namespace nard::analysis
