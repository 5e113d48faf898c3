// Jellyfish .mat export. The layout follows what GNU Backgammon 1.07 writes and what its
// importer reads (it is the strictest common reader), checked by tests/gnubg/mat_import.py:
//
//  - A game is a run of numbered lines, "%3d) " then player 0's column (28 wide) then
//    player 1's. The reader splits a line in two at the second roll ("52:") or, failing that,
//    at the first double space after column 15, so a column never contains two spaces in a
//    row and the columns are always at least two spaces apart.
//  - An entry goes in the column of the player who acts: "52: 13/8 24/22", "Doubles => 2",
//    "Takes", "Drops", "Beavers => 4". "Wins N points" goes in the winner's column on a line of
//    its own; the reader takes it as a resignation only while the game is still being played,
//    so after a bear-off or a drop it is just the customary summary.
//  - A roll with no move ("66:") is a roll that could not be played, or one after which the
//    roller resigned: the reader tells the two apart by generating the legal plays itself.
//  - A beaver is "Beavers => 4" in the beaverer's column, and its acceptance is not written:
//    the reader takes the doubler's next roll as the take. That is the only way gnubg 1.07
//    reads "Beavers": the word sets a flag that only a successful take at a roll clears, so an
//    explicit "Takes", or a "Drops" (the game ends with the flag set), makes it reject every
//    later roll. A beaver that is refused, or accepted but not followed by the doubler's roll
//    (he resigns), is therefore written as gnubg itself writes a beaver: the doubled player's
//    "Doubles => 4" right after the double, then the doubler's "Takes" or "Drops".
//
//  - Every numbered line is padded to the right column, as gnubg pads it: gnubg 1.07 reads a
//    line shorter than 16 characters past its end, into what is left of the previous line.
//
// What the format cannot say, and so is left out: the opening roll's two single dice (the
// modern opening is written as the winner's first roll, as everyone does; the traditional
// one-die roll decides who starts and is not a move), rejected resignations, clock times, and
// a loss on time (a header comment says so; the game stays unfinished in the file).
// Rule details the format has no line for are header tags: GNU Backgammon ignores Crawford,
// Jacoby and Beaver tags (it applies its own settings) and keeps unknown ones (Rules, and
// Cube "Off" for a modern match without the cube) as comments. matimport.cpp reads them all.
// So gnubg scores a traditional game won against a backgammon position as 3 (we score 2), and
// ignores a resignation made before the game's first roll (the game stays unfinished there).
#include "matfile.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "notation.h"

namespace nard {
namespace {

constexpr int kColumnWidth = 28;  // left column, as gnubg writes it ("%3d) %-27s ")

struct Line {
  bool numbered = true;  // "Wins" lines carry no move number
  std::string column[2];
};

struct Game {
  int number = 1;
  int score[2] = {0, 0};
  std::vector<Line> lines;
  int rollLine = -1, rollPlayer = -1;  // a roll still waiting for its move
  bool over = false;

  // Continues the last line where the player's column is still free and nothing to its right
  // has been written; otherwise starts a new numbered line.
  void add(int player, const std::string& text) {
    rollLine = -1;
    if (player == 1 && !lines.empty() && lines.back().numbered && lines.back().column[1].empty()) {
      lines.back().column[1] = text;
      return;
    }
    Line l;
    l.column[player] = text;
    lines.push_back(l);
  }
  void addRoll(int player, Dice d) {
    add(player, formatDice(d) + ":");
    rollLine = static_cast<int>(lines.size()) - 1;
    rollPlayer = player;
  }
  // The move completes the roll just written; the modern opening has no roll event of its own.
  void addPlay(int player, Dice d, const std::string& play) {
    std::string text = formatDice(d) + ": " + play;
    if (rollLine >= 0 && rollPlayer == player) {
      lines[rollLine].column[player] = text;
      rollLine = -1;
    } else {
      add(player, text);
    }
  }
  void addWins(int winner, int points, bool matchOver) {
    Line l;
    l.numbered = false;
    l.column[winner] = " Wins " + std::to_string(points) + (points == 1 ? " point" : " points") +
                       (matchOver ? " and the match" : "");
    lines.push_back(l);
    rollLine = -1;
    over = true;
  }
};

// ':' separates a name from its score, '"' would end a header value, and a line break a line.
std::string cleanName(const std::string& name, const char* fallback) {
  std::string out;
  for (char c : name) {
    if (c == ':') c = '_';
    if (c == '"') c = '\'';
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;  // no double spaces either
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out.empty() ? fallback : out;
}

// The play as formatPlay() wants it: the moves, and the mover's checkers after them.
Play playOf(const Event& e, const Side& before) {
  Play p;
  p.count = e.count;
  Side side = before;
  for (int i = 0; i < e.count && i < 4; ++i) {
    p.moves[i] = e.moves[i];
    --side[e.moves[i].from];
    ++side[e.moves[i].to];
  }
  p.result.me() = side;
  return p;
}

// One recorded event applied to the shadow match that tells us the state around it.
std::string apply(Match& m, const Event& e) {
  if (e.kind == EventKind::Play && e.count == 0) return {};  // an unplayable roll already passed the turn
  return m.apply(e);
}

std::string renderLine(const Line& l, int number) {
  char prefix[16];
  if (l.numbered)
    std::snprintf(prefix, sizeof prefix, "%3d) ", number);
  else
    std::snprintf(prefix, sizeof prefix, "     ");
  std::string s = prefix + l.column[0];
  // Padded even when nothing follows: see the top of the file.
  std::size_t pad = l.column[0].size() + 2 <= kColumnWidth ? kColumnWidth - l.column[0].size() : 2;
  if (l.numbered || !l.column[1].empty()) s += std::string(pad, ' ');
  return s + l.column[1] + "\n";
}

std::string tag(const char* name, const std::string& value) {
  return std::string("; [") + name + " \"" + value + "\"]\n";
}

}  // namespace

std::string exportMat(const Match& m, const std::string& player0Name, const std::string& player1Name) {
  const MatchOptions& o = m.options();
  const RulePolicy& policy = m.policy();
  const std::string names[2] = {cleanName(player0Name, "Player 1"), cleanName(player1Name, "Player 2")};

  // Walk the record through a shadow match, which knows the board, cube and score at each step.
  Match shadow(o);
  std::vector<Game> games(1);
  int timedOut = -1;
  const Record& record = m.record();
  bool implicitTake = false;  // the beaver now being answered is written "Beavers"
  for (std::size_t i = 0; i < record.size(); ++i) {
    const Event& e = record[i];
    Game& g = games.back();
    const int p = e.player;
    const int cube = shadow.cubeValue();
    const bool answeringBeaver = shadow.phase() == Phase::Beavered;
    std::string playText;
    if (e.kind == EventKind::Play) playText = formatPlay(playOf(e, shadow.board(p)));
    if (e.kind == EventKind::Timeout) {
      timedOut = p;
      break;
    }
    if (!apply(shadow, e).empty()) break;  // cannot happen for a record made by Match

    switch (e.kind) {
      case EventKind::OpeningRoll:  // modern: the winner now plays both single dice as a roll
        if (shadow.phase() == Phase::Moving) g.addRoll(shadow.onRoll(), shadow.dice());
        break;
      case EventKind::Roll: g.addRoll(p, e.dice); break;
      case EventKind::Play: g.addPlay(p, e.dice, playText); break;
      case EventKind::Double: g.add(p, " Doubles => " + std::to_string(2 * cube)); break;
      case EventKind::Beaver:  // see the top of the file
        implicitTake = i + 2 < record.size() && record[i + 1].kind == EventKind::Take &&
                       record[i + 2].kind == EventKind::Roll;
        g.add(p, (implicitTake ? " Beavers => " : " Doubles => ") + std::to_string(4 * cube));
        break;
      case EventKind::Take:
        if (!(answeringBeaver && implicitTake)) g.add(p, " Takes");
        break;
      case EventKind::Pass: g.add(p, " Drops"); break;
      case EventKind::NextGame: {
        Game next;
        next.number = shadow.gameNumber();
        next.score[0] = shadow.score(0);
        next.score[1] = shadow.score(1);
        games.push_back(next);
        break;
      }
      default: break;  // resignation offers and answers: no line of their own
    }
    bool ended = shadow.phase() == Phase::GameOver || shadow.phase() == Phase::MatchOver;
    if (ended && !games.back().over) {
      const GameResult& r = shadow.lastResult();
      games.back().addWins(r.winner, r.points, o.matchLength > 0 && shadow.phase() == Phase::MatchOver);
    }
  }

  std::string out;
  out += tag("Site", "Takhte Nard");
  out += tag("Player 1", names[0]);
  out += tag("Player 2", names[1]);
  const VariantSpec& v = m.variant();
  out += tag("Variation", std::string(v.matVariation));
  if (v.matVariationIsOurs)
    out += "; " + std::string(v.name) + " is Takhte Nard's own variation tag: no other program reads it.\n";
  if (policy.traditionalPlay)
    out += tag("Rules", "Traditional") +
           "; Traditional rules: no doubling cube, backgammons count as gammons.\n";
  // A modern match played without the cube says so (matimport.h reads a cube where not told).
  if (policy.modernOptions && v.cube && !policy.cube) out += tag("Cube", "Off");
  if (policy.cube && o.matchLength > 0) out += tag("Crawford", policy.crawford ? "On" : "Off");
  if (o.matchLength == 0) out += tag("Jacoby", policy.jacoby ? "On" : "Off");  // also without a cube
  if (policy.cube && o.matchLength == 0) out += tag("Beaver", policy.beaver ? "On" : "Off");
  if (timedOut >= 0)
    out += "; " + names[timedOut] + " lost the match on time in game " +
           std::to_string(games.back().number) + ".\n";
  out += "\n " + std::to_string(o.matchLength) + " point match\n";

  for (const Game& g : games) {
    out += "\n Game " + std::to_string(g.number) + "\n";
    std::string left = names[0] + " : " + std::to_string(g.score[0]);
    left.resize(std::max<std::size_t>(left.size() + 1, 31), ' ');
    out += " " + left + names[1] + " : " + std::to_string(g.score[1]) + "\n";
    int number = 0;
    for (const Line& l : g.lines) out += renderLine(l, l.numbered ? ++number : number);
  }
  return out;
}

}  // namespace nard
