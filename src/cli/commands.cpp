#include "commands.h"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <sstream>

#include "ai/bearoff.h"
#include "ai/encoding.h"
#include "ai/evaluator.h"
#include "ai/nets.h"
#include "ai/players.h"
#include "ai_commands.h"
#include "engine/ids.h"
#include "engine/notation.h"
#include "options.h"
#include "setup.h"

namespace nard::cli {
namespace {

int moves(const Options& o, std::ostream& out, std::ostream& err) {
  std::string error;
  auto s = readSetup(o, error, /*needDice=*/true);
  if (!s) return fail(err, error);
  if (auto bad = unusedOptions(o); !bad.empty()) return fail(err, bad);
  PlayList plays;
  generatePlays(s->position, s->dice, s->policy, plays);
  for (const Play& p : plays) out << positionId(p.result) << '\t' << formatPlay(p) << '\n';
  return 0;
}

// Applies one play given in notation; prints the resulting Position ID (mover's view).
int play(const Options& o, std::ostream& out, std::ostream& err) {
  std::string error;
  auto s = readSetup(o, error, /*needDice=*/true);
  if (!s) return fail(err, error);
  auto text = o.get("move");
  if (!text) return fail(err, "--move is required, for example --move \"24/18 13/11\"");
  if (auto bad = unusedOptions(o); !bad.empty()) return fail(err, bad);
  PlayList plays;
  generatePlays(s->position, s->dice, s->policy, plays);
  auto p = findPlay(plays, s->position, *text, &error);
  if (!p) return fail(err, error);
  out << positionId(p->result) << '\t' << formatPlay(*p) << '\n';
  return 0;
}

// Positions reached by random legal play, or by a level's self-play with --level, one
// "positionId dice" line each: test input, the sample of the cube benchmark, the pools of
// the rolled-out data sets. With --opponent the level plays against another player, taking
// turns to open the games: a strong level against a weak one reaches the lopsided positions
// (blitzes, many checkers back, bearing off against an anchor) that self-play rarely does.
int positions(const Options& o, std::ostream& out, std::ostream& err) {
  std::string error;
  auto s = readSetup(o, error, /*needDice=*/false);
  if (!s) return fail(err, error);
  const auto count = o.whole<long>("count", 1000, 1, 1'000'000'000, error);
  if (!count) return fail(err, error);
  const auto seed = o.seed(error);
  if (!seed) return fail(err, error);
  Rng rng(*seed);
  auto levelName = o.get("level");
  auto opponentName = o.get("opponent");
  if (auto bad = unusedOptions(o); !bad.empty()) return fail(err, bad);
  if (opponentName && !levelName) return fail(err, "--opponent needs --level (the player it plays against)");
  // Any net player (a level, net:PLIES:NOISE, and @DIR): a data set's pool of self-play
  // rolls is replayed with the nets that played it, whatever nets are built in now.
  auto makePlayer = [&](const std::string& name, const char* option,
                        std::uint64_t playerSeed) -> std::unique_ptr<ai::NetPlayer> {
    auto spec = ai::netPlayerNamed(name, &error);
    if (!spec) {
      error = std::string(option) + ": " + error;
      return nullptr;
    }
    return std::make_unique<ai::NetPlayer>(s->policy, spec->settings, playerSeed, *spec->nets);
  };
  std::unique_ptr<ai::NetPlayer> players[2];
  if (levelName && !(players[0] = makePlayer(*levelName, "--level", *seed))) return fail(err, error);
  if (opponentName && !(players[1] = makePlayer(*opponentName, "--opponent", *seed + 1))) return fail(err, error);
  PlayList plays;
  Position pos = s->position;
  int mover = 0, opener = 0;  // which of players[] is on roll, and who opened this game
  for (long n = 0; n < *count;) {
    Dice d = rng.roll();
    generatePlays(pos, d, s->policy, plays);
    out << positionId(pos) << ' ' << formatDice(d) << '\n';
    ++n;
    ai::NetPlayer* player = players[1] ? players[mover].get() : players[0].get();
    if (!plays.empty())
      pos = plays[player ? player->choose(pos, d, plays) : rng.below(static_cast<int>(plays.size()))].result;
    bool over = pos.me()[kOff] == s->variant->checkers;
    if (over) mover = opener = 1 - opener;
    else mover = 1 - mover;
    pos = over ? s->position : pos.flipped();
  }
  return 0;
}

// What the nets see of a position and what the evaluator answers: a second implementation
// (tools/gpu) checks its encoding and inference against these. One line: the class, the
// non-zero inputs as index:value, the five chances of the player on roll (shipped nets,
// or the bear-off database for a bear-off).
int encodeCommand(const Options& o, std::ostream& out, std::ostream& err) {
  std::string error;
  auto s = readSetup(o, error, /*needDice=*/false);
  if (!s) return fail(err, error);
  if (auto bad = unusedOptions(o); !bad.empty()) return fail(err, bad);
  const VariantSpec& v = *s->variant;
  static const char* kClass[] = {"contact", "race", "bearoff"};
  ai::Inputs in;
  ai::encode(s->position, v, in);
  ai::NetEvaluator eval(v, ai::shippedNets().forVariant(v.id), /*cacheSlots=*/0);
  const auto chances = eval.evaluate(s->position).asArray();
  char buf[32];
  out << kClass[static_cast<int>(ai::classify(s->position, v))] << '\t';
  for (int k = 0; k < in.count; ++k) {
    std::snprintf(buf, sizeof buf, "%s%d:%.9g", k ? " " : "", in.index[k], in.value[k]);
    out << buf;
  }
  out << '\t';
  for (int k = 0; k < 5; ++k) {
    std::snprintf(buf, sizeof buf, "%s%.9g", k ? " " : "", chances[k]);
    out << buf;
  }
  out << '\n';
  return 0;
}

// The one-sided bear-off database as a file, so that a second implementation (tools/gpu)
// plays and values bear-offs exactly as the engine does: for each index (BearoffDb::index),
// 32 float32 P(n rolls to bear off all) then 32 P(n rolls until the first is off).
int bearoffCommand(const Options& o, std::ostream& out, std::ostream& err) {
  auto path = o.get("out");
  if (!path) return fail(err, "--out FILE is required");
  if (auto bad = unusedOptions(o); !bad.empty()) return fail(err, bad);
  const ai::BearoffDb& db = ai::BearoffDb::instance();
  std::vector<float> table;
  table.reserve(static_cast<std::size_t>(ai::BearoffDb::kPositions) * 2 * ai::BearoffDb::kMaxRolls);
  for (int i = 0; i < ai::BearoffDb::kPositions; ++i) {
    for (int n = 0; n < ai::BearoffDb::kMaxRolls; ++n) table.push_back(db.offProbability(i, n));
    for (int n = 0; n < ai::BearoffDb::kMaxRolls; ++n) table.push_back(db.firstOffProbability(i, n));
  }
  std::ofstream f(*path, std::ios::binary);
  f.write(reinterpret_cast<const char*>(table.data()), static_cast<std::streamsize>(table.size() * sizeof(float)));
  if (!f) return fail(err, "cannot write " + *path);
  out << ai::BearoffDb::kPositions << " positions written to " << *path << '\n';
  return 0;
}

struct Command {
  const char* name;
  const char* usage;
  std::function<int(const Options&, std::ostream&, std::ostream&)> run;
};

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      {"moves", "moves --variant V --rules R --position ID --dice 31   every legal play", moves},
      {"play", "play --variant V --rules R --position ID --dice 31 --move \"24/18 13/11\"   apply a play",
       play},
      {"positions", "positions --variant V --rules R --count N --seed S [--level P [--opponent Q]]   positions from random play, from player P's self-play (a level, net:PLIES:NOISE, @DIR), or from P against Q",
       positions},
      {"bearoff", "bearoff --out FILE   the bear-off database as float32 (tools/gpu reads it)", bearoffCommand},
      {"encode", "encode --variant V --position ID   the nets' inputs (index:value) and the 0-ply chances", encodeCommand},
      {"selfplay", "selfplay --variant V --rules R --games N --seed S   random games, invariants checked",
       selfplay},
      {"best", "best --variant V --rules R --position ID --dice 31 [--level L] [--match-id ID]   the AI's play", best},
      {"hint", "hint --variant V --rules R --position ID --dice 31 [--level L] [--match-id ID] [--top N]   top plays", hint},
      {"cube", "cube --variant V --rules R --position ID [--level L] [--match-id ID]   cube decision for the player on roll", cube},
      {"duel", "duel --variant V --rules R --p1 A --p2 B --games N --seed S [--threads T] [--max-seconds S]   cubeless money duel", duel},
      {"rollout", "rollout --variant V --rules R --position ID [--dice 31] --trials N --seed S [--threads T] [--level L | --plies P] [--vr on|off] [--truncate TURNS]   cubeless rollout, five chances and equity with standard errors", rollout},
      {"aibench", "aibench --variant V --level L --positions N   AI think time and evaluations/s", aibench},
      {"match", "match --variant V --rules R --length N --p1 L --p2 L --seed S [--games N] [--mat OUT.mat]   a whole match between two levels (--length 0: money play, --games N games)", playMatch},
      {"bench", "bench movegen [--variant V] [--rules R] [--seconds S]   move generation speed; bench signature   its results' counts and hashes", nullptr},
  };
  return table;
}

void usage(std::ostream& err) {
  err << "usage: nard-cli COMMAND [--option value ...]\n";
  for (auto& c : commands()) err << "  " << c.usage << '\n';
  err << "  analyse FILE.mat [--level L] [--json] [--no-luck]   every decision graded, per-player error rates and PR\n";
  err << "  batch   read commands (without 'nard-cli') from stdin, one a line (\"double quotes\" keep\n"
         "          spaces: --move \"24/18 13/11\"), answer each then a line '.'\n";
  err << "levels: beginner intermediate advanced expert master; duel players also pubeval heuristic random\n";
  err << "variants: standard nackgammon hyper longnard; rules: modern traditional\n";
}

int dispatch(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty() || args[0] == "help" || args[0] == "--help") {
    usage(err);
    return args.empty() ? 2 : 0;
  }
  std::vector<std::string> rest(args.begin() + 1, args.end());
  if (args[0] == "bench") return bench(rest, out, err);
  if (args[0] == "analyse") return analyse(rest, out, err);
  for (auto& c : commands()) {
    if (args[0] != c.name || !c.run) continue;
    if (rest.size() == 1 && (rest[0] == "--help" || rest[0] == "-h")) {  // the command's own usage
      out << "usage: nard-cli " << c.usage << '\n';
      return 0;
    }
    std::string error;
    auto o = Options::parse(rest, error);
    if (!o) return fail(err, error);
    return c.run(*o, out, err);
  }
  err << "unknown command '" << args[0] << "'\n";
  usage(err);
  return 2;
}

}  // namespace

int runCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  return runCaught(dispatch, args, out, err);
}

int runCaught(const Runner& run, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::string what;
  try {
    return run(args, out, err);
  } catch (const std::exception& e) {
    what = e.what();
  } catch (...) {
    what = "an unknown exception";
  }
  const std::string command = args.empty() ? "nard-cli" : args[0];
  err << command << " failed: " << what << '\n';
  return 2;
}

std::optional<std::vector<std::string>> splitBatchLine(std::string_view line, std::string& error) {
  // The same white space as `std::istream >> word` in the C locale, so that blank lines
  // are the same lines as before quoting existed.
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; };
  std::vector<std::string> words;
  std::size_t i = 0;
  while (true) {
    while (i < line.size() && space(line[i])) ++i;
    if (i == line.size()) return words;
    std::string word;
    while (i < line.size() && !space(line[i])) {
      if (line[i] != '"') {
        word += line[i++];
        continue;
      }
      std::size_t close = line.find('"', i + 1);
      if (close == std::string_view::npos) {
        error = "unterminated double quote (opened at column " + std::to_string(i + 1) + ")";
        return std::nullopt;
      }
      word.append(line.substr(i + 1, close - i - 1));
      i = close + 1;
    }
    words.push_back(std::move(word));
  }
}

int runBatch(std::istream& in, std::ostream& out, const Runner& run) {
  std::string line;
  // The answers go out whenever the input has nothing more waiting, so that a program
  // can keep one batch process and ask it one command at a time (tools/gpu/engine.py's
  // Workers); a whole file of commands is still answered in large writes.
  for (;;) {
    if (in.rdbuf()->in_avail() <= 0) out.flush();
    if (!std::getline(in, line)) break;
    std::string error;
    auto words = splitBatchLine(line, error);
    if (!words) {
      out << "error: " << error << "\n.\n";
      continue;
    }
    std::vector<std::string>& args = *words;
    if (args.empty()) continue;
    std::ostringstream err;
    if (args[0] == "batch") {
      out << "error: batch cannot be nested\n.\n";
      continue;
    }
    int rc = runCaught(run, args, out, err);
    if (rc != 0) {
      std::string message = err.str();
      while (!message.empty() && message.back() == '\n') message.pop_back();
      out << "error: " << message.substr(0, message.find('\n')) << '\n';
    }
    out << ".\n";
  }
  out.flush();
  return 0;
}

}  // namespace nard::cli
