// Jellyfish .mat import (see matimport.h for what is read and how): the text is read by
// mattext.h, and every entry is replayed through a Match, which judges it.
#include "matimport.h"

#include "mattext.h"
#include "notation.h"

namespace nard {
namespace {

using namespace mattext;

// One reading of the games with one set of options: each entry becomes the Match actions
// it stands for, and the Match refuses what the rules do not allow.
class Reader {
 public:
  Reader(const MatchOptions& options, const std::vector<Line>& lines) : match_(options), lines_(lines) {}

  // Reads the games from lines_[body] on; "" or "line N: why".
  std::string run(std::size_t body);
  ImportedMatch result(const MatchOptions& options, const std::string tagNames[2]) &&;

 private:
  std::string startGame(int number, std::size_t& i);
  void closeGame();
  std::string entry(const Entry& e);
  std::string roll(const Entry& e);
  std::string cube(const Entry& e);
  std::string wins(const Entry& e);
  std::string settlePendingRoll();
  std::string openingWonBy(int player);
  // Notes the file line of the events an action added; passes its answer on.
  std::string did(const std::string& why, int line = 0);
  std::string who(int player) const;
  std::string waitingFor(const std::string& what) const;

  Match match_;
  const std::vector<Line>& lines_;
  int line_ = 0;            // the line being read
  int errorLine_ = 0;       // the line an error is about, if not line_
  int pendingRoll_ = 0;     // line of a roll with legal plays and no play written
  std::string names_[2];
  std::vector<ImportedGame> games_;
  std::vector<int> eventLines_;
};

std::string Reader::did(const std::string& why, int line) {
  eventLines_.resize(match_.record().size(), line ? line : line_);
  return why;
}

std::string Reader::who(int player) const {
  return names_[player].empty() ? "player " + std::to_string(player + 1) : names_[player];
}

std::string Reader::waitingFor(const std::string& what) const {
  switch (match_.phase()) {
    case Phase::Opening: return what + " before the game's opening roll";
    case Phase::Rolling: return what + ", but it is " + who(match_.onRoll()) + "'s turn to roll or double";
    case Phase::Moving: return what + ", but " + who(match_.onRoll()) + " has a roll to play";
    case Phase::Doubled: return what + ", but " + who(match_.turn()) + " must take or drop the double";
    case Phase::Beavered: return what + ", but " + who(match_.turn()) + " must take or drop the beaver";
    case Phase::Resigning: return what + ", but a resignation is waiting for an answer";
    case Phase::GameOver:
    case Phase::MatchOver: break;
  }
  return what + " after the end of game " + std::to_string(match_.gameNumber());
}

std::string Reader::run(std::size_t body) {
  for (std::size_t i = body; i < lines_.size(); ++i) {
    line_ = lines_[i].number;
    errorLine_ = 0;
    std::string_view text = lines_[i].text;
    std::string why;
    if (trim(text).empty() || comment(text)) continue;
    if (auto n = gameLine(text)) {
      why = startGame(*n, i);
    } else if (games_.empty()) {
      why = "expected \" Game 1\", not " + quote(trim(text));
    } else {
      std::vector<Entry> entries;
      why = readEntries(text, entries);
      for (std::size_t e = 0; e < entries.size() && why.empty(); ++e) why = entry(entries[e]);
    }
    if (!why.empty()) return "line " + std::to_string(errorLine_ ? errorLine_ : line_) + ": " + why;
  }
  if (games_.empty()) return "no games: expected \" Game 1\" after the match length";
  closeGame();
  return {};
}

std::string Reader::startGame(int number, std::size_t& i) {
  if (!games_.empty()) {
    if (std::string why = settlePendingRoll(); !why.empty()) return why;
    if (match_.phase() == Phase::MatchOver)
      return "the match was over after game " + std::to_string(match_.gameNumber()) + ", yet game " +
             std::to_string(number) + " follows";
    if (match_.phase() != Phase::GameOver)
      return "game " + std::to_string(match_.gameNumber()) + " has no result, yet game " + std::to_string(number) + " begins";
    closeGame();
    if (std::string why = did(match_.nextGame()); !why.empty()) return why;
  }
  if (number != match_.gameNumber()) return "expected Game " + std::to_string(match_.gameNumber());
  ImportedGame g;
  g.number = number;
  g.line = line_;
  g.score[0] = match_.score(0);
  g.score[1] = match_.score(1);
  g.firstEvent = games_.empty() ? 0 : games_.back().endEvent;  // games 2+ begin with NextGame
  games_.push_back(g);
  // The next line that is not blank names the players and gives the score.
  while (++i < lines_.size() && trim(lines_[i].text).empty()) {
  }
  if (i == lines_.size()) return "the file ends before the players and score of game " + std::to_string(number);
  line_ = lines_[i].number;
  std::string names[2];
  int score[2];
  if (std::string why = readScoreLine(lines_[i].text, names, score); !why.empty()) return why;
  if (names_[0].empty() && names_[1].empty()) names_[0] = names[0], names_[1] = names[1];
  if (score[0] != g.score[0] || score[1] != g.score[1])
    return "the score before game " + std::to_string(number) + " is written " + std::to_string(score[0]) + "-" +
           std::to_string(score[1]) + ", but the games before add up to " + std::to_string(g.score[0]) + "-" +
           std::to_string(g.score[1]);
  return {};
}

void Reader::closeGame() {
  ImportedGame& g = games_.back();
  g.endEvent = match_.record().size();
  g.finished = match_.phase() == Phase::GameOver || match_.phase() == Phase::MatchOver;
  if (g.finished) g.result = match_.lastResult();
}

// A roll written without its play is settled by what comes next: a resignation ("Wins")
// keeps it unplayed; anything else needs the play, which only a forced one may leave out.
std::string Reader::settlePendingRoll() {
  if (!pendingRoll_) return {};
  int line = pendingRoll_;
  pendingRoll_ = 0;
  if (match_.phase() != Phase::Moving) return {};
  if (match_.legalPlays().size() != 1) {
    errorLine_ = line;
    return who(match_.onRoll()) + "'s " + formatDice(match_.dice()) + " has " +
           std::to_string(match_.legalPlays().size()) + " possible plays, but none is written";
  }
  return did(match_.play(match_.legalPlays().front()), line);
}

// The one-die opening of traditional rules and Long Nard is not in the file: it is made up
// so that `player` starts (lowerDieStarts is not in the file either; it is false here).
std::string Reader::openingWonBy(int player) {
  std::string why = did(match_.rollOpening(player == 0 ? Dice{2, 1} : Dice{1, 2}));
  if (why.empty() && (match_.phase() != Phase::Rolling || match_.onRoll() != player)) why = "the opening roll went wrong";
  return why;
}

std::string Reader::entry(const Entry& e) {
  if (e.kind == EntryKind::Wins) return wins(e);
  if (std::string why = settlePendingRoll(); !why.empty()) return why;
  if (match_.phase() == Phase::GameOver || match_.phase() == Phase::MatchOver)
    return "game " + std::to_string(match_.gameNumber()) + " is over (" + who(match_.lastResult().winner) +
           " won it), yet the file goes on";
  if (e.kind == EntryKind::Roll) return roll(e);
  return cube(e);
}

std::string Reader::roll(const Entry& e) {
  const int c = e.column;
  const std::string rollText = who(c) + "'s " + formatDice(e.dice);
  if (match_.phase() == Phase::Opening && match_.policy().opening == Opening::TwoSingleDice) {
    // The winner's first roll is the two single dice, the higher one his.
    if (e.dice.isDouble()) return "the opening roll " + formatDice(e.dice) + " cannot be a double: each player rolls one die";
    auto hi = static_cast<std::uint8_t>(e.dice.high()), lo = static_cast<std::uint8_t>(e.dice.low());
    if (std::string why = did(match_.rollOpening(c == 0 ? Dice{hi, lo} : Dice{lo, hi})); !why.empty()) return why;
  } else {
    if (match_.phase() == Phase::Opening) {
      if (std::string why = openingWonBy(c); !why.empty()) return why;
    }
    if (match_.phase() == Phase::Beavered && match_.turn() == c) {
      // "Beavers": the doubler's next roll is his acceptance of the beaver.
      if (std::string why = did(match_.take()); !why.empty()) return why;
    }
    if (match_.phase() != Phase::Rolling || match_.onRoll() != c) return waitingFor(rollText);
    if (std::string why = did(match_.roll(e.dice)); !why.empty()) return rollText + ": " + why;
  }
  if (match_.phase() != Phase::Moving || match_.onRoll() != c) {  // the roll could not be played
    if (!e.play.empty()) return rollText + " cannot be played, yet the file plays " + quote(e.play);
    return {};
  }
  if (e.play.empty()) {
    pendingRoll_ = line_;
    return {};
  }
  if (std::string why = did(match_.playText(e.play)); !why.empty()) return rollText + " " + quote(e.play) + ": " + why;
  return {};
}

std::string Reader::cube(const Entry& e) {
  const int c = e.column;
  const int value = match_.cubeValue();
  const Phase phase = match_.phase();
  auto offered = [&](int expected) -> std::string {
    if (e.value == expected) return {};
    return who(c) + " offers the cube at " + std::to_string(e.value) + ", but it would go to " + std::to_string(expected);
  };
  switch (e.kind) {
    case EntryKind::Double:
      if (phase == Phase::Rolling && match_.onRoll() == c) {
        if (std::string why = offered(2 * value); !why.empty()) return why;
        if (std::string why = did(match_.offerDouble()); !why.empty()) return who(c) + " doubles: " + why;
        return {};
      }
      if (phase == Phase::Doubled && match_.turn() == c) {  // a beaver, as GNU Backgammon writes it
        if (std::string why = offered(4 * value); !why.empty()) return why;
        if (std::string why = did(match_.beaver()); !why.empty()) return who(c) + " beavers: " + why;
        return {};
      }
      return waitingFor(who(c) + " doubles");
    case EntryKind::Beaver:
      if (phase == Phase::Doubled && match_.turn() == c) {
        if (std::string why = offered(4 * value); !why.empty()) return why;
        if (std::string why = did(match_.beaver()); !why.empty()) return who(c) + " beavers: " + why;
        return {};
      }
      return waitingFor(who(c) + " beavers");
    case EntryKind::Take:
    case EntryKind::Drop: {
      bool take = e.kind == EntryKind::Take;
      if ((phase == Phase::Doubled || phase == Phase::Beavered) && match_.turn() == c)
        return did(take ? match_.take() : match_.pass());
      return waitingFor(who(c) + (take ? " takes" : " drops"));
    }
    default: return "unexpected entry";
  }
}

// "Wins N points": while the game is on, the resignation of the player on roll (accepted);
// after it, the summary of its result.
std::string Reader::wins(const Entry& e) {
  const int winner = e.column, loser = 1 - winner;
  Phase phase = match_.phase();
  if (phase == Phase::GameOver || phase == Phase::MatchOver) {
    pendingRoll_ = 0;
    int actual = match_.lastResult().winner;
    if (actual != winner)
      return "the file says " + who(winner) + " wins game " + std::to_string(match_.gameNumber()) + ", but " +
             who(actual) + " won it";
    return {};
  }
  if (phase == Phase::Opening) {
    if (match_.policy().opening == Opening::TwoSingleDice) return "a game cannot be resigned before its opening roll";
    if (std::string why = openingWonBy(loser); !why.empty()) return why;
    phase = match_.phase();
  }
  if (phase == Phase::Beavered && match_.turn() == loser) {
    // The doubler resigns at the beaver's cube: he accepted it (had he refused, the file would
    // say "Drops"); GNU Backgammon writes no "Takes" there.
    if (std::string why = did(match_.take()); !why.empty()) return why;
    phase = match_.phase();
  }
  if (phase != Phase::Rolling && phase != Phase::Moving) return waitingFor(who(winner) + " wins");
  if (match_.onRoll() != loser)
    return who(winner) + " wins by resignation, but only the player on roll (" + who(match_.onRoll()) + ") may resign";
  if (pendingRoll_ == 0 && phase == Phase::Moving) return who(winner) + " wins, but " + who(loser) + " has a roll to play";
  pendingRoll_ = 0;
  const int cube = match_.cubeValue();
  int kind = e.value % cube == 0 ? e.value / cube : 0;
  if (kind < 1 || kind > 3)
    return "\"Wins " + std::to_string(e.value) + " points\" is not a single game, gammon or backgammon at cube " +
           std::to_string(cube);
  if (std::string why = did(match_.resign(static_cast<ResultKind>(kind))); !why.empty()) return who(loser) + " resigns: " + why;
  return did(match_.acceptResignation());
}

ImportedMatch Reader::result(const MatchOptions& options, const std::string tagNames[2]) && {
  ImportedMatch im{options, {}, std::move(games_), std::move(eventLines_), std::move(match_)};
  for (int p = 0; p < 2; ++p) {
    im.names[p] = !names_[p].empty() ? names_[p] : tagNames[p];
    if (im.names[p].empty()) im.names[p] = p == 0 ? "Player 1" : "Player 2";
  }
  return im;
}

}  // namespace

std::optional<ImportedMatch> importMat(std::string_view text, std::string* error) {
  std::string why;
  std::vector<Line> lines = splitLines(text);
  auto header = readHeader(lines, why);
  if (!header) {
    if (error) *error = why;
    return std::nullopt;
  }
  // Jacoby where no cube is used changes nothing but the Match ID; exportMat writes it "Off".
  if (!policyFor(header->options).cube) header->options.jacoby = false;
  // What the file does not state is on; where Jacoby (money) or Crawford (match) is not
  // stated, a file that replays only without it was played without it.
  std::vector<MatchOptions> tries{header->options};
  MatchOptions other = header->options;
  if (other.matchLength == 0 && !header->jacobyStated) other.jacoby = false, tries.push_back(other);
  if (other.matchLength > 0 && !header->crawfordStated) other.crawford = false, tries.push_back(other);
  std::string firstError;
  for (const MatchOptions& o : tries) {
    Reader reader(o, lines);
    std::string failed = reader.run(header->body);
    if (failed.empty()) return std::move(reader).result(o, header->tagNames);
    if (firstError.empty()) firstError = failed;
  }
  if (error) *error = firstError;
  return std::nullopt;
}

}  // namespace nard
