// bench movegen: legal-play generation over a committed set of positions times all 21
// rolls. A benchmark, not a test: it reports speed and never fails on a number.
#include <chrono>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <sstream>

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

}  // namespace

int bench(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty() || args[0] != "movegen") return fail(err, "usage: bench movegen [--variant V] [--rules R] [--file F] [--seconds S]");
  std::string error;
  auto o = Options::parse({args.begin() + 1, args.end()}, error);
  if (!o) return fail(err, error);
  auto s = readSetup(*o, error, false);
  if (!s) return fail(err, error);
  std::string file = o->get("file", "tests/data/positions-" + std::string(s->variant->key) + ".txt");
  const auto seconds = o->real("seconds", 3, 0, 3600, error);  // 0: one round
  if (!seconds) return fail(err, error);
  if (auto bad = unusedOptions(*o); !bad.empty()) return fail(err, bad);

  std::ifstream in(file);
  if (!in) return fail(err, "cannot read " + file + " (run from the repository root or pass --file)");
  std::vector<Position> positions;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string id;
    if (!(words >> id)) continue;
    auto p = parsePositionId(id, *s->variant, &error);
    if (!p) return fail(err, file + ": " + error);
    positions.push_back(*p);
  }
  if (positions.empty()) return fail(err, file + " holds no positions");

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
