// bench movegen: legal-play generation over a committed set of positions times all 21
// rolls. A benchmark, not a test: it reports speed and never fails on a number.
// bench signature: what that generation produces, as Stockfish's bench node count: a test
// compares it with tests/data/bench-signature.txt (docs/RELIABILITY.md).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <limits>
#include <ostream>
#include <sstream>
#include <string_view>

#include "engine/ids.h"
#include "engine/movegen.h"
#include "setup.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace nard::cli {
namespace {

// Processor time of this process, in seconds. On a shared machine the wall clock counts the
// time other programs held the processor; this does not. Under node, std::clock() follows
// the wall clock, so node's own process.cpuUsage() is asked instead.
double cpuSeconds() {
#ifdef __EMSCRIPTEN__
  return EM_ASM_DOUBLE({
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  });
#else
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
#endif
}

// The positions of a file of "positionId ..." lines, at most `limit` of them; `option` names
// the option that chooses the file.
bool readPositions(const std::string& file, const char* option, const VariantSpec& v, std::size_t limit,
                   std::vector<Position>& out, std::string& error) {
  std::ifstream in(file);
  if (!in) return error = "cannot read " + file + " (run from the repository root or pass " + option + ")", false;
  for (std::string line; out.size() < limit && std::getline(in, line);) {
    std::istringstream words(line);
    std::string id;
    if (!(words >> id)) continue;
    auto p = parsePositionId(id, v, &error);
    if (!p) return error = file + ": " + error, false;
    out.push_back(*p);
  }
  if (out.empty()) return error = file + " holds no positions", false;
  return true;
}

// FNV-1a, 64 bits: the same on every platform and compiler, unlike std::hash.
struct Fnv1a {
  std::uint64_t value = 0xcbf29ce484222325ull;
  void add(std::string_view bytes) {
    for (unsigned char c : bytes) value = (value ^ c) * 0x100000001b3ull;
  }
};

// Enough positions of each file (openings, contact, races, bear-offs) that any change of a
// rule shows, few enough to run in well under a second.
constexpr std::size_t kSignaturePositions = 200;

// One line per variant and rule set it has (Long Nard has one): the positions, the legal
// results of every roll in all of them, and a hash of each roll's sorted results, so the
// order in which plays are generated does not count but every result does.
int signature(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::string error;
  auto o = Options::parse(args, error);
  if (!o) return fail(err, error);
  const std::string dir = o->get("data", "tests/data");
  if (auto bad = unusedOptions(*o); !bad.empty()) return fail(err, bad);
  long totalPositions = 0, totalResults = 0;
  Fnv1a total;
  PlayList plays;
  std::vector<std::string> ids;
  for (int vi = 0; vi < kVariantCount; ++vi) {
    const VariantSpec& v = spec(static_cast<Variant>(vi));
    std::vector<Position> positions;
    if (!readPositions(dir + "/positions-" + std::string(v.key) + ".txt", "--data", v, kSignaturePositions, positions,
                       error))
      return fail(err, error);
    for (Rules rules : {Rules::Modern, Rules::Traditional}) {
      if (rules == Rules::Traditional && !v.ruleSetApplies) continue;
      const RulePolicy policy = cubelessPolicy(v, rules);
      long results = 0;
      Fnv1a hash;
      for (const Position& p : positions)
        for (const auto& r : kAllRolls) {
          generatePlays(p, r.dice, policy, plays);
          ids.clear();
          for (const Play& play : plays) ids.push_back(positionId(play.result));
          std::sort(ids.begin(), ids.end());
          for (const std::string& id : ids) hash.add(id), hash.add(" ");
          hash.add("\n");  // the end of one roll's results
          results += static_cast<long>(ids.size());
        }
      std::ostringstream line;
      line << v.key << (v.ruleSetApplies ? "/" + std::string(rulesKey(rules)) : "") << " positions "
           << positions.size() << " results " << results << " hash " << std::hex << std::setw(16)
           << std::setfill('0') << hash.value;
      out << line.str() << '\n';
      total.add(line.str());
      totalPositions += static_cast<long>(positions.size());
      totalResults += results;
    }
  }
  out << "total positions " << totalPositions << " results " << totalResults << " hash " << std::hex
      << std::setw(16) << std::setfill('0') << total.value << std::dec << '\n';
  return 0;
}

}  // namespace

int bench(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (!args.empty() && args[0] == "signature") return signature({args.begin() + 1, args.end()}, out, err);
  if (args.empty() || args[0] != "movegen")
    return fail(err, "usage: bench movegen [--variant V] [--rules R] [--file F] [--seconds S] | bench signature [--data DIR]");
  std::string error;
  auto o = Options::parse({args.begin() + 1, args.end()}, error);
  if (!o) return fail(err, error);
  auto s = readSetup(*o, error, false);
  if (!s) return fail(err, error);
  std::string file = o->get("file", "tests/data/positions-" + std::string(s->variant->key) + ".txt");
  const auto seconds = o->real("seconds", 3, 0, 3600, error);  // 0: one round
  if (!seconds) return fail(err, error);
  if (auto bad = unusedOptions(*o); !bad.empty()) return fail(err, bad);

  std::vector<Position> positions;
  if (!readPositions(file, "--file", *s->variant, std::numeric_limits<std::size_t>::max(), positions, error))
    return fail(err, error);

  PlayList plays;
  long cases = 0, generated = 0, rounds = 0;
  auto start = std::chrono::steady_clock::now();
  double cpuStart = cpuSeconds();
  double elapsed = 0;
  do {
    for (const Position& p : positions)
      for (const auto& r : kAllRolls) {
        generatePlays(p, r.dice, s->policy, plays);
        generated += static_cast<long>(plays.size());
        ++cases;
      }
    ++rounds;
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  } while (elapsed < *seconds);
  double cpu = cpuSeconds() - cpuStart;
  out << "variant " << s->variant->key << ", rules " << rulesKey(s->rules) << ": " << positions.size()
      << " positions x 21 rolls x " << rounds << " rounds\n";
  out << std::fixed << std::setprecision(0) << "position+roll cases per second " << cases / elapsed << '\n';
  out << "plays generated per second " << generated / elapsed << '\n';
  out << "position+roll cases per processor-second " << cases / cpu << '\n';
  out << "plays generated per processor-second " << generated / cpu << '\n';
  out << std::setprecision(2) << "processor time / wall time " << cpu / elapsed << '\n';
  out << std::setprecision(2) << "plays per case " << double(generated) / cases << '\n';
  return 0;
}

}  // namespace nard::cli
