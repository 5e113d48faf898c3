#include "platform/api_json.h"

#include "analysis/report.h"
#include "engine/json_writer.h"
#include "ui/point_numbers.h"
#include "ui/review_board.h"
#include "ui/side_strip.h"

namespace platform {
namespace {

using nard::JsonWriter;

const char* kindName(app::SessionEvent::Kind k) {
  using K = app::SessionEvent::Kind;
  switch (k) {
    case K::GameStarted: return "gameStarted";
    case K::OpeningRoll: return "openingRoll";
    case K::Rolled: return "rolled";
    case K::NoMove: return "noMove";
    case K::Played: return "played";
    case K::Doubled: return "doubled";
    case K::Taken: return "taken";
    case K::Passed: return "passed";
    case K::Beavered: return "beavered";
    case K::ResignOffered: return "resignOffered";
    case K::ResignRejected: return "resignRejected";
    case K::GameOver: return "gameOver";
    case K::MatchOver: return "matchOver";
    case K::Timeout: return "timeout";
  }
  return "unknown";
}

// Two decimals: a hundredth of a CSS pixel is finer than any test clicks.
void writeRect(JsonWriter& j, const view::Rect& r) {
  j.beginObject();
  j.key("x").value(r.x, 2).key("y").value(r.y, 2).key("w").value(r.w, 2).key("h").value(r.h, 2);
  j.endObject();
}

void writeBoardGeometry(JsonWriter& j, const view::Layout& l) {
  auto member = [&j](const char* name, const view::Rect& r) {
    j.key(name);
    writeRect(j, r);
  };
  j.key("portrait").value(l.portrait).key("homeOnRight").value(l.opt.homeOnRight);
  member("board", l.board);
  j.key("points").beginArray().null();
  for (int p = 1; p <= 24; ++p) writeRect(j, l.point[p]);
  j.endArray();
  member("bar", l.bar);
  member("barBottom", l.barHalf[0]);
  member("barTop", l.barHalf[1]);
  member("trayBottom", l.tray[0]);
  member("trayTop", l.tray[1]);
  for (int side = 0; side < 2; ++side) {
    j.key(side == 0 ? "diceBottom" : "diceTop").beginArray();
    writeRect(j, l.dice[side][0]);
    writeRect(j, l.dice[side][1]);
    j.endArray();
  }
  j.key("cube").beginObject();
  member("centre", l.cube[0]);
  member("bottom", l.cube[1]);
  member("top", l.cube[2]);
  j.endObject();
  // The room kept free at the edges (menu bar, panel, safe area), and the side strips
  // with their text size, so tests can check the phone layout's geometry.
  const view::LayoutOptions& o = l.opt;
  j.key("insets").beginObject().key("top").value(o.topInset, 2).key("right").value(o.rightInset, 2);
  j.key("bottom").value(o.bottomInset, 2).key("left").value(o.leftInset, 2).endObject();
  j.key("safe").beginObject().key("top").value(o.safe.top, 2).key("right").value(o.safe.right, 2);
  j.key("bottom").value(o.safe.bottom, 2).key("left").value(o.safe.left, 2).endObject();
  static const char* const kPlaces[] = {"none", "beside", "aboveBelow", "across"};
  j.key("stripPlace").value(kPlaces[static_cast<int>(l.stripPlace)]);
  j.key("strips").beginArray();
  if (l.stripPlace != view::StripPlace::None)
    for (const view::Rect& r : l.strip) writeRect(j, r);
  j.endArray();
  member("actions", l.actions);
  j.key("stripText").beginObject().key("lineHeight").value(o.stripLine, 2);
  j.key("fontPx").value(o.stripLine * ui::kEmPerLine, 2).endObject();
}

// What the review shows: enough for a test to check the stepping, the summary and the
// arrows without reading pixels.
void writeReview(JsonWriter& j, const ui::ScreenState& s, const view::Layout& l) {
  const ui::ReviewState& rs = s.review;
  j.beginObject();
  j.key("analysing").value(rs.task.running()).key("progress").value(rs.task.progress(), 3);
  j.key("open").value(rs.review.has_value());
  if (rs.review && rs.review->size() > 0) {
    const app::MatchReview& r = *rs.review;
    j.key("title").value(rs.title).key("decisions").value(r.size()).key("selected").value(rs.selected);
    j.key("players").beginArray();
    for (const auto& p : r.analysis().players) {
      j.beginObject().key("name").value(p.name).key("pr").value(p.pr, 2);
      j.key("checkerErrorRate").value(p.checkerErrorRate, 2).key("rating").value(p.prRating).endObject();
    }
    j.endArray();
    const nard::analysis::Decision& d = r.decision(rs.selected);
    j.key("decision").beginObject();
    j.key("kind").value(nard::analysis::kindKey(d.kind)).key("player").value(d.player);
    j.key("game").value(d.game).key("turn").value(d.turn).key("chosen").value(d.chosen).key("best").value(d.best);
    j.key("error").value(d.error, 4).key("mark").value(nard::analysis::markKey(d.mark)).endObject();
    int played = 0, best = 0;
    for (const ui::ReviewArrow& a : ui::reviewArrows(r, rs.selected, l)) ++(a.best ? best : played);
    j.key("arrows").beginObject().key("played").value(played).key("best").value(best).endObject();
    j.key("worst").beginArray();
    for (int p = 0; p < 2; ++p) {
      j.beginArray();
      for (std::size_t i : r.worst(p, 3)) j.value(i);
      j.endArray();
    }
    j.endArray();
  }
  j.endObject();
}

// Point numbers: whether they show, whose numbering, and each label with its text and
// place, so a browser test can read what the frame says without reading pixels.
void writePointNumbers(JsonWriter& j, const ui::ScreenState& s, const ui::GameController& g, const view::Layout& l) {
  j.key("pointNumbers").beginObject().key("on").value(s.prefs.pointNumbers);
  j.key("viewer").value(ui::pointNumberViewer(s, g)).key("fontPx").value(view::pointLabels(l).fontPx, 2);
  j.key("labels").beginArray();
  for (const ui::PointNumber& n : ui::pointNumbers(s, g, l)) {
    j.beginObject().key("point").value(n.point).key("number").value(n.number).key("text").value(n.text);
    j.key("rect");
    writeRect(j, n.rect);
    j.endObject();
  }
  j.endArray().endObject();
}

// The checkers, for the page's accessible board (web/a11y.js), which reads the game's
// state and never its pixels: sides[player] = [off, points 1..24 in that player's own
// numbering, bar], with staged moves applied, and how the two numberings relate.
void writeBoard(JsonWriter& j, const nard::Match& m) {
  const nard::Position pos = m.position();   // side[0] is the player on roll
  j.key("board").beginObject();
  j.key("numbering").value(m.variant().geometry == nard::Geometry::Opposed ? "opposed" : "same");
  j.key("sides").beginArray();
  for (int player = 0; player < 2; ++player) {
    const nard::Side& side = pos.side[player == m.onRoll() ? 0 : 1];
    j.beginArray();
    for (std::uint8_t n : side) j.value(static_cast<int>(n));
    j.endArray();
  }
  j.endArray();
  j.key("pips").beginArray();
  for (int player = 0; player < 2; ++player) j.value(nard::pipCount(pos.side[player == m.onRoll() ? 0 : 1]));
  j.endArray().endObject();
}

}  // namespace

std::string stateJson(const ui::GameController& g, const ui::ScreenState& s, const view::Layout& l, double now) {
  if (!g.active()) return "{}";
  JsonWriter j;
  j.beginObject();
  g.session().writeState(j);
  j.key("ui");
  ui::writeUiJson(j, g.uiState(now));
  j.key("review");
  writeReview(j, s, l);
  j.key("history").beginObject().key("open").value(s.history.open).key("loading").value(s.history.loading);
  j.key("entries").value(s.history.entries.size()).key("skipped").value(s.history.skipped).endObject();
  j.key("notice").value(s.announcement.showing(now) ? s.announcement.text : std::string());
  writePointNumbers(j, s, g, l);
  writeBoard(j, g.match());
  j.endObject();
  return j.str();
}

std::string layoutJson(const view::Layout& l, const ui::RecordedItems& buttons) {
  JsonWriter j;
  j.beginObject();
  writeBoardGeometry(j, l);
  j.key("buttons").beginObject();
  for (const auto& [name, rect] : buttons) {
    j.key(name);
    writeRect(j, rect);
  }
  j.endObject();
  j.endObject();
  return j.str();
}

std::string eventJson(const ui::GameController& g, const app::SessionEvent& e) {
  using K = app::SessionEvent::Kind;
  const nard::Match& m = g.match();
  JsonWriter j;
  j.beginObject().key("type").value(kindName(e.kind)).key("player").value(e.player);
  if (e.kind == K::Rolled || e.kind == K::OpeningRoll || e.kind == K::NoMove)
    j.key("dice").beginArray().value(e.dice.a).value(e.dice.b).endArray();
  if (e.kind == K::Played) j.key("play").value(e.play).key("hit").value(e.play.find('*') != std::string::npos);
  if (e.kind == K::GameStarted) {
    j.key("variant").value(m.variant().key).key("rules").value(nard::rulesKey(m.options().rules));
    j.key("matchLength").value(m.options().matchLength).key("game").value(m.gameNumber());
  }
  if (e.kind == K::GameOver)
    j.key("winner").value(e.player).key("result").value(app::resultKey(e.result)).key("points").value(e.points);
  if (e.kind == K::MatchOver) j.key("winner").value(e.player);
  if (e.kind == K::GameOver || e.kind == K::MatchOver)
    j.key("score").beginArray().value(m.score(0)).value(m.score(1)).endArray();
  return j.endObject().str();
}

std::string prefsEventJson(bool sound) {
  JsonWriter j;
  j.beginObject().key("type").value("prefs").key("sound").value(sound).endObject();
  return j.str();
}

}  // namespace platform
