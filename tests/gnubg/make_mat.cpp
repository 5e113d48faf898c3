// nard-make-mat: plays one random match through nard::Match and writes it as a .mat file
// (nard::exportMat), for tests/gnubg/mat_import.py to import into GNU Backgammon.
//
//   nard-make-mat --out FILE [--variant standard|nackgammon|hyper|longnard]
//                 [--rules modern|traditional] [--length N (0 = money)] [--games N (money)]
//                 [--seed S] [--no-cube] [--no-crawford] [--no-jacoby] [--no-beaver]
//                 [--names "Ann Lee,Bob"]
//
// Random legal plays; in modern matches also doubles, takes, passes, beavers and
// resignations (accepted or rejected) now and then. The random player acts through the
// bots' rules (ai::decide, ai::perform); only the resignations, which bots never offer,
// are made here. On stdout, what the match came to:
//   games K / score A B / beavers N / then per game:
//   game K winner W points P kind single|gammon|backgammon how bearoff|pass|resign bgpos 0|1
// "bgpos 1" marks a game won by bearing off with the loser in a backgammon position that
// these rules score as a gammon (traditional rules): GNU Backgammon would score 3.
// Exit status: 0 written, 1 an engine action was refused (a bug), 2 bad arguments.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

#include "ai/bot.h"
#include "engine/matfile.h"

namespace {

// Answers at random: plays uniformly, doubles 3% of the times it may, beavers half the
// doubles it may, else takes 65%; accepts 80% of the beavers and 75% of the resignations.
class RandomMind final : public nard::ai::BotMind {
 public:
  explicit RandomMind(nard::Rng& rng) : rng_(rng) {}
  int play(const nard::Match& m) override { return rng_.below(static_cast<int>(m.legalPlays().size())); }
  nard::ai::CubeAction cube(const nard::Match& m) override {
    using A = nard::ai::CubeAction;
    switch (m.phase()) {
      case nard::Phase::Rolling: return chance(3) ? A::Double : A::None;
      case nard::Phase::Doubled:
        if (m.canBeaver() && chance(50)) return A::Beaver;
        return chance(65) ? A::Take : A::Pass;
      default: return chance(80) ? A::Take : A::Pass;  // Beavered
    }
  }
  bool acceptsResignation(const nard::Match&) override { return chance(75); }

 private:
  bool chance(int percent) { return rng_.below(100) < percent; }
  nard::Rng& rng_;
};

int fail(const std::string& why) {
  std::cerr << "nard-make-mat: " << why << "\n";
  return 2;
}

const char* kindName(nard::ResultKind k) {
  return k == nard::ResultKind::Single ? "single" : k == nard::ResultKind::Gammon ? "gammon" : "backgammon";
}

// Would a backgammon-scoring program call this finished game a backgammon?
bool backgammonPosition(const nard::Match& m, int winner) {
  const nard::Side& loser = m.board(1 - winner);
  if (loser[nard::kOff] > 0 || m.variant().geometry != nard::Geometry::Opposed) return false;
  if (loser[nard::kBar] > 0) return true;
  for (int p = 19; p <= 24; ++p)  // the winner's home board in the loser's numbering
    if (loser[p] > 0) return true;
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  nard::MatchOptions o;
  std::string out, names = "Ann Lee,Bob";
  std::uint64_t seed = 1;
  int moneyGames = 10;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--out") out = value();
    else if (a == "--variant") {
      auto v = nard::parseVariant(value());
      if (!v) return fail("unknown variant");
      o.variant = *v;
    } else if (a == "--rules") {
      auto r = nard::parseRules(value());
      if (!r) return fail("unknown rules");
      o.rules = *r;
    } else if (a == "--length") o.matchLength = std::atoi(value().c_str());
    else if (a == "--games") moneyGames = std::atoi(value().c_str());
    else if (a == "--seed") seed = std::strtoull(value().c_str(), nullptr, 10);
    else if (a == "--names") names = value();
    else if (a == "--no-cube") o.cube = false;
    else if (a == "--no-crawford") o.crawford = false;
    else if (a == "--no-jacoby") o.jacoby = false;
    else if (a == "--no-beaver") o.beaver = false;
    else return fail("unknown argument " + a);
  }
  if (out.empty()) return fail("--out FILE is required");
  if (std::string why = nard::Match::validate(o); !why.empty()) return fail(why);
  std::size_t comma = names.find(',');
  if (comma == std::string::npos) return fail("--names wants \"NAME0,NAME1\"");

  nard::Rng rng(seed);
  nard::Match m(o);
  RandomMind mind(rng);
  auto chance = [&](int percent) { return rng.below(100) < percent; };
  auto rarely = [&](int permille) { return rng.below(1000) < permille; };
  auto check = [&](const std::string& why, const char* action) {
    if (why.empty()) return;
    std::cerr << "nard-make-mat: " << action << " refused: " << why << "\n";
    std::exit(1);
  };
  auto randomKind = [&]() {
    int kinds = m.policy().backgammons ? 3 : 2;
    return static_cast<nard::ResultKind>(1 + rng.below(kinds));
  };

  int beavers = 0, games = 0;
  bool started = false;      // a roll has been made in this game (gnubg ignores earlier resignations)
  bool beaverTaken = false;  // the doubler has just accepted a beaver (exported differently if he resigns)
  std::string summary;
  for (long steps = 0; m.phase() != nard::Phase::MatchOver; ++steps) {
    if (steps > 2000000) return fail("the match did not end");
    if (m.phase() == nard::Phase::Moving) {
      started = true;  // a modern opening roll starts the game too
      if (m.legalPlays().size() > 1 && rarely(1)) {  // resign after rolling (gnubg records a forced play)
        check(m.resign(randomKind()), "resign");
        continue;
      }
    }
    const nard::ai::BotAction a = nard::ai::decide(m, mind);
    if (a.move == nard::ai::BotMove::Roll && started && (rarely(2) || (beaverTaken && chance(10)))) {
      check(m.resign(randomKind()), "resign");  // instead of rolling
      continue;
    }
    check(nard::ai::perform(m, a, [&rng] { return rng.roll(); }), nard::ai::nameOf(a.move));
    switch (a.move) {
      case nard::ai::BotMove::Roll: started = true, beaverTaken = false; break;
      case nard::ai::BotMove::Beaver: ++beavers; break;
      case nard::ai::BotMove::AcceptBeaver: beaverTaken = true; break;
      case nard::ai::BotMove::NextGame: started = beaverTaken = false; break;
      default: break;
    }
    if (a.move != nard::ai::BotMove::NextGame &&
        (m.phase() == nard::Phase::GameOver || m.phase() == nard::Phase::MatchOver)) {
      const nard::GameResult& r = m.lastResult();
      ++games;
      bool bgpos = !r.byPass && !r.byResign && r.kind == nard::ResultKind::Gammon &&
                   !m.policy().backgammons && backgammonPosition(m, r.winner);
      summary += "game " + std::to_string(games) + " winner " + std::to_string(r.winner) + " points " +
                 std::to_string(r.points) + " kind " + kindName(r.kind) + " how " +
                 (r.byPass ? "pass" : r.byResign ? "resign" : "bearoff") + " bgpos " + (bgpos ? "1" : "0") +
                 "\n";
      if (o.matchLength == 0 && games >= moneyGames) break;
    }
  }

  std::ofstream f(out, std::ios::binary);
  f << nard::exportMat(m, names.substr(0, comma), names.substr(comma + 1));
  if (!f) return fail("cannot write " + out);
  std::cout << "games " << games << "\nscore " << m.score(0) << " " << m.score(1) << "\nbeavers " << beavers
            << "\n" << summary;
  return 0;
}
