// .mat import (src/engine/matimport.*): what exportMat writes comes back as the same match,
// files GNU Backgammon wrote import, and bad text is refused with its line, never a crash.
#include <doctest/doctest.h>

#include <cctype>
#include <sstream>

#include "../test_data.h"
#include "engine/matfile.h"
#include "engine/matimport.h"

using namespace nard;

namespace {

// A random match with every kind of action the rules allow: cube actions, beavers,
// resignations accepted and rejected, before and after rolling. Stops after `actions`.
Match randomMatch(const MatchOptions& o, std::uint64_t seed, int actions, int moneyGames = 4) {
  Match m(o);
  Rng rng(seed);
  auto chance = [&](int percent) { return rng.below(100) < percent; };
  int games = 0;
  for (int i = 0; i < actions && m.phase() != Phase::MatchOver; ++i) {
    switch (m.phase()) {
      case Phase::Opening: REQUIRE(m.rollOpening(rng.roll()) == ""); break;
      case Phase::Rolling:
        if (m.canDouble() && chance(8)) REQUIRE(m.offerDouble() == "");
        else if (chance(1)) REQUIRE(m.resign(static_cast<ResultKind>(1 + rng.below(m.policy().backgammons ? 3 : 2))) == "");
        else REQUIRE(m.roll(rng.roll()) == "");
        break;
      case Phase::Moving: {
        const PlayList& plays = m.legalPlays();
        if (chance(1)) REQUIRE(m.resign(ResultKind::Single) == "");
        else REQUIRE(m.play(plays[rng.below(static_cast<int>(plays.size()))]) == "");
        break;
      }
      case Phase::Doubled:
        if (m.canBeaver() && chance(60)) REQUIRE(m.beaver() == "");
        else REQUIRE((chance(70) ? m.take() : m.pass()) == "");
        break;
      case Phase::Beavered: REQUIRE((chance(70) ? m.take() : m.pass()) == ""); break;
      case Phase::Resigning:
        REQUIRE((chance(60) ? m.acceptResignation() : m.rejectResignation()) == "");
        break;
      case Phase::GameOver:
        if (o.matchLength == 0 && ++games >= moneyGames) return m;
        REQUIRE(m.nextGame() == "");
        break;
      case Phase::MatchOver: break;
    }
  }
  return m;
}

std::string boards(const Match& m) {
  std::string s;
  for (int p = 0; p < 2; ++p)
    for (int k = 0; k < kSlots; ++k) s += std::to_string(m.board(p)[k]) + (k + 1 < kSlots ? "," : "|");
  return s;
}

// The record as the .mat format can say it: no opening rolls (their dice show in the first
// roll, or are not written), rejected or unanswered resignations left out, a play by where
// it leads (the order of its moves is not written), an accepted resignation by its score.
std::vector<std::string> asMatSays(const MatchOptions& o, const Record& record) {
  std::vector<std::string> out;
  Match m(o);
  for (std::size_t i = 0; i < record.size(); ++i) {
    const Event& e = record[i];
    const std::string who = std::to_string(e.player);
    bool accepted = e.kind == EventKind::Resign && i + 1 < record.size() && record[i + 1].kind == EventKind::AcceptResign;
    std::string line;
    switch (e.kind) {
      case EventKind::Roll: line = "roll " + who + " " + formatDice(e.dice); break;
      case EventKind::Play: line = "play " + who + " " + formatDice(e.dice); break;
      case EventKind::Double: line = "double " + who; break;
      case EventKind::Take: line = "take " + who; break;
      case EventKind::Pass: line = "pass " + who; break;
      case EventKind::Beaver: line = "beaver " + who; break;
      case EventKind::NextGame: line = "next game"; break;
      default: break;
    }
    REQUIRE(m.apply(e) == "");
    if (accepted) {
      REQUIRE(m.apply(record[++i]) == "");
      line = "resigned " + who + " score " + std::to_string(m.score(0)) + "-" + std::to_string(m.score(1));
    }
    if (e.kind == EventKind::Play) line += " " + boards(m);
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

// The rules two option sets play by are the same.
bool samePlay(const MatchOptions& a, const MatchOptions& b) {
  RulePolicy p = policyFor(a), q = policyFor(b);
  return a.variant == b.variant && a.matchLength == b.matchLength && p.touchMove == q.touchMove &&
         p.cube == q.cube && p.crawford == q.crawford && p.jacoby == q.jacoby && p.beaver == q.beaver &&
         p.backgammons == q.backgammons;
}

std::string replaceAll(const std::string& s, const std::string& from, const std::string& to) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    if (s.compare(i, from.size(), from) == 0) out += to, i += from.size();
    else out += s[i++];
  }
  return out;
}

std::string importError(const std::string& text) {
  std::string error;
  auto im = importMat(text, &error);
  return im ? "" : error;
}

const char* kSmall =
    "; [Site \"Takhte Nard\"]\n"
    "\n"
    " 3 point match\n"
    "\n"
    " Game 1\n"
    " Ann : 0                        Bob : 0\n"
    "  1)                             31: 8/5 6/5\n"
    "  2) 52: 13/11 13/8              Doubles => 2\n"
    "  3)  Takes                      64: 24/18 13/9\n";

}  // namespace

TEST_CASE("every exported match imports back to the same match and exports to the same text") {
  int files = 0, beavers = 0, resigned = 0;
  for (int vi = 0; vi < kVariantCount; ++vi)
    for (Rules rules : {Rules::Modern, Rules::Traditional})
      for (int length : {0, 1, 3})
        for (bool cube : {true, false})
          for (std::uint64_t seed = 1; seed <= 5; ++seed) {
            MatchOptions o;
            o.variant = static_cast<Variant>(vi);
            o.rules = rules;
            o.matchLength = length;
            o.cube = cube;
            o.crawford = seed % 3 != 0;
            o.jacoby = seed % 2 == 0;
            o.beaver = seed % 4 != 1;
            // Whole matches, and some stopped anywhere (a roll, a double, an offer pending).
            int actions = seed <= 3 ? 100000 : 1 + static_cast<int>(Rng(seed * 31 + vi).below(400));
            Match m = randomMatch(o, seed * 1000 + vi * 100 + length * 10 + cube, actions);
            const std::string text = exportMat(m, "Ann Lee", "Bob");
            CAPTURE(text);
            std::string error;
            auto im = importMat(text, &error);
            REQUIRE_MESSAGE(im.has_value(), error);
            CHECK(samePlay(im->options, o));
            CHECK(im->names[0] == "Ann Lee");
            CHECK(im->names[1] == "Bob");
            CHECK(asMatSays(im->options, im->match.record()) == asMatSays(o, m.record()));
            CHECK(exportMat(im->match, im->names[0], im->names[1]) == text);
            CHECK(im->eventLines.size() == im->match.record().size());
            CHECK(im->match.score(0) == m.score(0));
            CHECK(im->match.score(1) == m.score(1));
            CHECK(boards(im->match) == boards(m));
            if (m.record().empty() || m.record().back().kind != EventKind::Resign) {
              CHECK(im->match.phase() == m.phase());
              CHECK(im->match.cubeValue() == m.cubeValue());
              CHECK(im->match.positionId() == m.positionId());
            }
            // The games: their count, the score before each, where they end.
            REQUIRE(im->games.size() == static_cast<std::size_t>(m.gameNumber()));
            CHECK(im->games.back().endEvent == im->match.record().size());
            for (const Event& e : m.record()) {
              beavers += e.kind == EventKind::Beaver;
              resigned += e.kind == EventKind::AcceptResign;
            }
            ++files;
          }
  MESSAGE(files << " matches, " << beavers << " beavers, " << resigned << " resignations");
  CHECK(beavers > 10);
  CHECK(resigned > 20);
}

TEST_CASE("the games of an imported match: scores, results, event ranges and file lines") {
  MatchOptions o;
  o.matchLength = 5;
  Match m = randomMatch(o, 77, 100000);
  REQUIRE(m.phase() == Phase::MatchOver);
  auto im = importMat(exportMat(m, "Ann", "Bob"), nullptr);
  REQUIRE(im);
  int score[2] = {0, 0};
  std::size_t next = 0;
  for (const ImportedGame& g : im->games) {
    CHECK(g.firstEvent == next);
    CHECK(g.score[0] == score[0]);
    CHECK(g.score[1] == score[1]);
    REQUIRE(g.finished);
    score[g.result.winner] += g.result.points;
    next = g.endEvent;
    if (g.number > 1) CHECK(im->match.record()[g.firstEvent].kind == EventKind::NextGame);
  }
  CHECK(score[0] == m.score(0));
  CHECK(score[1] == m.score(1));
  CHECK(im->games.back().result.winner == m.matchWinner());
  // Every event comes from a line at or after its game's " Game N" line, in order.
  for (const ImportedGame& g : im->games)
    for (std::size_t i = g.firstEvent; i < g.endEvent; ++i) {
      CHECK(im->eventLines[i] >= g.line);
      if (i > 0) CHECK(im->eventLines[i] >= im->eventLines[i - 1]);
    }
}

TEST_CASE("a small hand-written file: plays, a double and a take") {
  std::string error;
  auto im = importMat(kSmall, &error);
  REQUIRE_MESSAGE(im, error);
  const Record& r = im->match.record();
  REQUIRE(r.size() == 8);  // opening, play, roll, play, double, take, roll, play
  CHECK(r[0].kind == EventKind::OpeningRoll);
  CHECK(r[0].dice == Dice{1, 3});  // Bob rolled the 3
  CHECK(r[1].kind == EventKind::Play);
  CHECK(r[1].player == 1);
  CHECK(r[4].kind == EventKind::Double);
  CHECK(r[4].player == 1);
  CHECK(r[5].kind == EventKind::Take);
  CHECK(r[5].player == 0);
  CHECK(im->match.cubeValue() == 2);
  CHECK(im->match.cubeOwner() == 0);
  CHECK(im->match.phase() == Phase::Rolling);
  CHECK(im->match.onRoll() == 0);
  CHECK(im->eventLines == std::vector<int>{7, 7, 8, 8, 8, 9, 9, 9});
}

TEST_CASE("other writers' ways: 25 and 0 for bar and off, Cannot Move, no padding, CRLF, a BOM") {
  int dances = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    MatchOptions o;
    o.matchLength = 7;
    Match m = randomMatch(o, seed, 100000);
    const std::string text = exportMat(m, "Ann", "Bob");
    std::string other = "\xEF\xBB\xBF";
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
      // "bar/22" -> "25/22", "6/off" -> "6/0"
      line = replaceAll(replaceAll(line, "bar/", "25/"), "/off", "/0");
      // A roll written without a play: "Cannot Move", keeping the columns where they are.
      for (std::size_t k = 0; (k = line.find(':', k)) != std::string::npos; ++k) {
        bool roll = k >= 2 && std::isdigit(static_cast<unsigned char>(line[k - 1])) && line[k - 2] != ' ';
        if (roll && k + 1 == line.size()) line += " Cannot Move", ++dances;
        else if (roll && line.compare(k + 1, 14, std::string(14, ' ')) == 0) line = line.substr(0, k + 1) + " Cannot Move" + line.substr(k + 13), ++dances;
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();  // no padding
      other += line + "\r\n";
    }
    CAPTURE(other);
    std::string error;
    auto im = importMat(other, &error);
    REQUIRE_MESSAGE(im, error);
    CHECK(asMatSays(im->options, im->match.record()) == asMatSays(o, m.record()));
  }
  CHECK(dances > 5);
}

TEST_CASE("files GNU Backgammon exported import") {
  struct Case {
    const char* file;
    Variant variant;
    int length, games, score0, score1;
  };
  for (const Case& c : {Case{"gnubg-standard-5pt.mat", Variant::Standard, 5, 6, 2, 10},
                        Case{"gnubg-nackgammon-3pt.mat", Variant::Nackgammon, 3, 2, 1, 6},
                        Case{"gnubg-reexport-money.mat", Variant::Standard, 0, 5, 9, 13},
                        Case{"gnubg-reexport-hyper-3pt.mat", Variant::Hyper, 3, 3, 2, 4}}) {
    CAPTURE(c.file);
    std::string text = test_data::readMat(c.file), error;
    REQUIRE_MESSAGE(!text.empty(), "missing " << test_data::path(std::string("mat/") + c.file));
    auto im = importMat(text, &error);
    REQUIRE_MESSAGE(im, error);
    CHECK(im->options.variant == c.variant);
    CHECK(im->options.matchLength == c.length);
    CHECK(im->games.size() == static_cast<std::size_t>(c.games));
    CHECK(im->games.back().finished);
    CHECK(im->match.score(0) == c.score0);
    CHECK(im->match.score(1) == c.score1);
    // What we make of it exports and imports back to the same.
    std::string again = exportMat(im->match, im->names[0], im->names[1]);
    auto back = importMat(again, &error);
    REQUIRE_MESSAGE(back, error);
    CHECK(exportMat(back->match, back->names[0], back->names[1]) == again);
  }
}

TEST_CASE("bad files are refused with the line and the reason") {
  struct Case {
    std::string text, expected;
  };
  const std::string small = kSmall;
  auto replace = [&](const std::string& from, const std::string& to) {
    std::string s = small;
    s.replace(s.find(from), from.size(), to);
    return s;
  };
  for (const Case& c : {
           Case{"", "the file is empty"},
           Case{"hello\n", "line 1: expected the match length"},
           Case{"; just a comment\n", "not a .mat file: no \" N point match\" line"},
           Case{" 100 point match\n Game 1\n", "line 1: match length must be 0"},
           Case{" 99999999999 point match\n", "line 1: the match length must be a whole number"},
           Case{" 3 point match\n", "no games"},
           Case{" 3 point match\n  1) 31: 8/5 6/5\n", "line 2: expected \" Game 1\""},
           Case{" 3 point match\n Game 1\n", "line 2: the file ends before the players"},
           Case{" 3 point match\n Game 2\n Ann : 0  Bob : 0\n", "line 2: expected Game 1"},
           Case{" 3 point match\n Game 1\n Ann 0  Bob 0\n", "line 3: expected the players and the score"},
           Case{" 3 point match\n Game 1\n Ann : 1  Bob : 0\n", "line 3: the score before game 1 is written 1-0"},
           Case{"; [Variation \"Chess\"]\n 3 point match\n", "line 1: unknown variation 'Chess'"},
           Case{"; [Crawford \"Maybe\"]\n 3 point match\n", "line 1: Crawford must be \"On\" or \"Off\""},
           Case{replace("8/5 6/5", "8/4 6/5"), "line 7: Bob's 31 '8/4 6/5': "},
           Case{replace("8/5 6/5", "8/5 6/5 4/3"), "line 7: Bob's 31 '8/5 6/5 4/3': "},
           Case{replace("8/5 6/5", "8/5 6/x"), "line 7: Bob's 31 '8/5 6/x': expected a point"},
           Case{replace("  1)                             31", "  1) 31"), "line 8: Ann's 52, but it is Bob's turn"},
           Case{replace("31: 8/5 6/5", "33: 8/5(2) 6/3(2)"), "line 7: the opening roll 33 cannot be a double"},
           Case{replace("Doubles => 2", "Doubles => 4"), "line 8: Bob offers the cube at 4, but it would go to 2"},
           Case{replace("Doubles => 2", "Doubles => 999999999"), "line 8: expected 'Doubles' => N"},
           Case{replace("Doubles => 2", "Takes"), "line 8: Bob takes, but it is Bob's turn to roll or double"},
           Case{replace(" Takes ", " Drops "), "line 9: game 1 is over (Bob won it), yet the file goes on"},
           Case{replace("Doubles => 2", "Wins 1 point"), "line 8: Bob wins by resignation, but only the player on roll (Bob) may resign"},
           Case{replace("Doubles => 2", "Raccoons => 8"), "line 8: raccoons"},
           Case{replace(" Takes ", " Hello "), "line 9: unrecognised 'Hello'"},
           Case{replace("Doubles => 2", "Hello"), "line 8: Ann's 52 '13/11 13/8 Hello': expected a point"},
           Case{small + "  4) 21:\n                                 Wins 3 points\n",
                "line 11: \"Wins 3 points\" is not a single game, gammon or backgammon at cube 2"},
           Case{replace("13/8   ", "13/8  Takes  "), "line 8: more than two entries on one line"},
           Case{small + " Game 2\n Ann : 0   Bob : 0\n", "line 10: game 1 has no result, yet game 2 begins"},
           Case{small + "  4) 21:\n  5) 33: 6/3(4)\n", "line 10: Ann's 21 has 23 possible plays, but none is written"},
           Case{std::string(" 3 point match\n Game 1\n\0\x01\xff : 0 \x80 : 0\n  1) \xfe\xfd\n", 45),
                "line 4: unrecognised '?" "?'"},
       }) {
    CAPTURE(c.text);
    std::string error = importError(c.text);
    CHECK_MESSAGE(error.find(c.expected) == 0, error);
  }
}

TEST_CASE("a resignation after rolling, and the summary lines after a game ends") {
  std::string text = std::string(kSmall) +
                     "  4) 21:\n"
                     "                                 Wins 2 points\n";
  std::string error;
  auto im = importMat(text, &error);
  REQUIRE_MESSAGE(im, error);
  CHECK(im->match.score(1) == 2);
  CHECK(im->games[0].result.byResign);
  CHECK(im->games[0].result.kind == ResultKind::Single);
  // Ann resigns a gammon (4 at cube 2); a summary for the wrong winner is refused.
  CHECK(importError(std::string(kSmall) + "  4) 21:\n                                 Wins 4 points\n") == "");
  CHECK(importError(std::string(kSmall) + "  4) 21:\n      Wins 2 points\n").find("line 11: Ann wins by resignation") == 0);
  CHECK(importError(std::string(kSmall) + "  4) 21:\n                                 Wins 2 points\n      Wins 2 points\n")
            .find("line 12: the file says Ann wins game 1, but Bob won it") == 0);
}

TEST_CASE("truncated, cut and scrambled files never crash: each imports or says which line") {
  // A money session of two games (a game's end and the next one's header to cut into):
  // every cut imports the rest again, so the cost grows with the square of its length.
  MatchOptions o;
  o.matchLength = 0;
  Match m = randomMatch(o, 5, 100000, 2);
  const std::string text = exportMat(m, "Ann", "Bob");
  Rng rng(9);
  auto check = [](const std::string& t) {
    std::string error;
    auto im = importMat(t, &error);
    if (!im) {
      CHECK_MESSAGE(!error.empty(), t);
      return;
    }
    // Whatever was accepted is a real match: it exports and imports back to the same.
    std::string again = exportMat(im->match, im->names[0], im->names[1]);
    auto back = importMat(again, &error);
    REQUIRE_MESSAGE(back, error << "\n" << again);
    CHECK(exportMat(back->match, back->names[0], back->names[1]) == again);
    CHECK(im->match.checkInvariants() == "");
  };
  for (std::size_t cut = 0; cut <= text.size(); cut += 1 + rng.below(7)) check(text.substr(0, cut));
  for (int i = 0; i < 200; ++i) {
    std::string t = text;
    for (int k = 0, n = 1 + rng.below(4); k < n; ++k) t[rng.below(static_cast<int>(t.size()))] = static_cast<char>(rng.below(256));
    check(t);
  }
  for (int i = 0; i < 50; ++i) {
    std::string t(static_cast<std::size_t>(rng.below(2000)), ' ');
    for (char& c : t) c = static_cast<char>(rng.below(256));
    check(t);
  }
}

TEST_CASE("options the file does not state") {
  // A money session without a Jacoby tag whose scores only add up without the Jacoby rule
  // (a gammon won with the cube in the middle scores 2) was played without it.
  MatchOptions o;
  o.matchLength = 0;
  o.jacoby = false;
  for (std::uint64_t seed = 1; seed < 100; ++seed) {
    Match m = randomMatch(o, seed, 100000, 8);
    std::string text = exportMat(m, "Ann", "Bob"), error;
    auto im = importMat(text, &error);
    REQUIRE_MESSAGE(im, error);
    CHECK(!im->options.jacoby);
    bool gammonAtOne = false;  // in a game before the last, so that a later score shows it
    for (std::size_t g = 0; g + 1 < im->games.size(); ++g)
      gammonAtOne |= im->games[g].result.kind != ResultKind::Single &&
                     im->games[g].result.points == static_cast<int>(im->games[g].result.kind);
    if (!gammonAtOne) continue;
    const std::string tag = "; [Jacoby \"Off\"]\n";
    REQUIRE(text.find(tag) != std::string::npos);
    std::string unstated = text, wrong = text;
    unstated.erase(unstated.find(tag), tag.size());
    wrong.replace(wrong.find(tag), tag.size(), "; [Jacoby \"On\"]\n");
    auto read = importMat(unstated, &error);
    REQUIRE_MESSAGE(read, error);
    CHECK(!read->options.jacoby);
    CHECK(importError(wrong).find("the score before game") != std::string::npos);
    return;
  }
  FAIL("no money session with a gammon at cube 1 among the seeds");
}
