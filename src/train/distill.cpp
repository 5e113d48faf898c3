#include "distill.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <mutex>
#include <ostream>
#include <thread>

#include "ai/bearoff.h"
#include "ai/encoding.h"
#include "ai/nets.h"
#include "ai/rollout.h"
#include "ai/search.h"
#include "engine/ids.h"
#include "engine/movegen.h"
#include "td_trainer.h"

namespace nard::train {

using namespace nard::ai;

namespace {

constexpr char kMagic[] = "NARDDST1";

const NetLibrary* netsFor(const std::string& dir, std::string* error) {
  return dir.empty() ? &shippedNets() : netsFromDir(dir, error);
}

// One game of noisy 0-ply self-play; each position met (and the result of one random other
// play per turn) becomes a record with its searched chances.
void playGame(const TargetsConfig& c, const NetLibrary& lib, std::uint64_t seed, std::vector<DistillRecord>& out) {
  Family fam;
  familyOf(c.family, fam);
  Rng rng(seed);
  const VariantSpec& v = spec(rng.below(1000) < c.nackgammonShare * 1000 ? fam.alternate : fam.variant);
  const RulePolicy rules = cubelessPolicy(v, Rules::Modern);
  NetEvaluator ev(v, lib.forVariant(v.id));
  Search search(rules, ev);
  auto record = [&](const Position& p) {
    if (classify(p, v) == PosClass::Bearoff) return;
    if (c.rolloutTrials <= 0) {
      out.push_back({v.id, static_cast<std::uint8_t>(c.plies), p, search.onRoll(p, c.plies)});
      return;
    }
    RolloutSettings rs;  // the 0-ply player, no noise, one thread (games run in parallel)
    rs.trials = c.rolloutTrials;
    rs.truncateTurns = c.truncate;
    rs.seed = mix(seed, out.size() + 1);
    RolloutResult r;
    if (rollout(rules, p, rs, r, nullptr, lib)) out.push_back({v.id, 0, p, r.probabilities()});
  };
  Position pos = startPosition(v);
  PlayList plays;
  bool first = true;
  for (int turn = 0; turn < 3000; ++turn) {
    Dice d = rng.roll();
    // The first roll follows the opening rule: after a one-die opening the dice can be a double.
    while (first && rules.opening == Opening::TwoSingleDice && d.isDouble()) d = rng.roll();
    first = false;
    record(pos);
    generatePlays(pos, d, rules, plays);
    if (plays.empty()) {
      pos = pos.flipped();
      continue;
    }
    const int n = static_cast<int>(plays.size());
    int best = 0;
    float bestEq = -1e9f;
    for (int i = 0; i < n; ++i) {
      float e = search.moneyEquity(search.afterPlay(plays[i].result, 0));
      if (e > bestEq) bestEq = e, best = i;
    }
    const int other = rng.below(n);
    if (other != best && !finished(plays[other].result, v)) record(plays[other].result.flipped());
    const int chosen = rng.below(1000) < c.explore * 1000 ? other : best;
    if (finished(plays[chosen].result, v)) return;
    pos = plays[chosen].result.flipped();
  }
}

std::uint16_t fraction(float x) { return static_cast<std::uint16_t>(std::lround(std::clamp(x, 0.f, 1.f) * 65535.f)); }

}  // namespace

void appendRecord(const DistillRecord& r, std::string& out) {
  const std::string id = positionId(r.position);
  out.append(id);
  out.push_back(static_cast<char>(r.variant));
  out.push_back(static_cast<char>(r.plies));
  for (float x : r.target.asArray()) {
    std::uint16_t f = fraction(x);
    out.push_back(static_cast<char>(f & 0xff));
    out.push_back(static_cast<char>(f >> 8));
  }
}

bool readRecords(const std::string& path, std::vector<DistillRecord>& out, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) return *error = path + ": cannot read", false;
  if (bytes.compare(0, 8, kMagic) != 0) return *error = path + ": not a NARDDST1 file", false;
  if ((bytes.size() - 8) % kDistillRecordBytes != 0) return *error = path + ": truncated record", false;
  const std::size_t n = (bytes.size() - 8) / kDistillRecordBytes;
  out.reserve(out.size() + n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto* b = reinterpret_cast<const std::uint8_t*>(bytes.data() + 8 + i * kDistillRecordBytes);
    DistillRecord r;
    if (b[14] > static_cast<int>(Variant::LongNard)) return *error = path + ": bad variant in record " + std::to_string(i), false;
    r.variant = static_cast<Variant>(b[14]);
    r.plies = b[15];
    std::string why;
    auto pos = parsePositionId(std::string_view(reinterpret_cast<const char*>(b), 14), spec(r.variant), &why);
    if (!pos) return *error = path + ": record " + std::to_string(i) + ": " + why, false;
    r.position = *pos;
    float p[5];
    for (int k = 0; k < 5; ++k) p[k] = static_cast<float>(b[16 + 2 * k] | (b[17 + 2 * k] << 8)) / 65535.f;
    r.target = Probabilities::fromArray(p);
    out.push_back(r);
  }
  return true;
}

bool makeTargets(const TargetsConfig& c, std::ostream& log, std::string* error) {
  Family fam;
  if (!familyOf(c.family, fam)) return *error = "unknown net family '" + c.family + "'", false;
  if (c.threads < 1 || c.threads > 256) return *error = "--threads must be 1..256", false;
  if (c.plies < 1 || c.plies > 2) return *error = "--plies must be 1 or 2", false;
  if (c.rolloutTrials < 0) return *error = "--rollout must be 0 (a search) or a number of trials", false;
  if (c.rolloutTrials > 0 && (c.truncate < 1 || c.truncate > kMaxTruncateTurns))
    return *error = "--truncate must be 1.." + std::to_string(kMaxTruncateTurns), false;
  const NetLibrary* lib = netsFor(c.netsDir, error);
  if (!lib) return false;
  std::ofstream out(c.out, std::ios::binary | std::ios::trunc);
  if (!out) return *error = "cannot write " + c.out, false;
  out.write(kMagic, 8);
  BearoffDb::instance();

  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  std::atomic<std::int64_t> next{0};
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::map<std::int64_t, std::string> pending;  // finished games waiting for earlier ones
  std::int64_t written = 0, records = 0;
  double lastLog = 0;

  auto work = [&] {
    std::vector<DistillRecord> recs;
    while (!stop) {
      const std::int64_t g = next++;
      if (g >= c.games) break;
      recs.clear();
      playGame(c, *lib, mix(c.seed, static_cast<std::uint64_t>(g)), recs);
      std::string bytes;
      for (const auto& r : recs) appendRecord(r, bytes);
      std::lock_guard<std::mutex> lock(mutex);
      pending[g] = std::move(bytes);
      for (auto it = pending.begin(); it != pending.end() && it->first == written; it = pending.erase(it)) {
        out.write(it->second.data(), static_cast<std::streamsize>(it->second.size()));
        records += static_cast<std::int64_t>(it->second.size()) / kDistillRecordBytes;
        ++written;
      }
      if (c.seconds > 0 && elapsed() >= c.seconds) stop = true;
      if (elapsed() - lastLog >= 30) {
        lastLog = elapsed();
        log << "games " << written << " records " << records << " time " << std::fixed << std::setprecision(0)
            << lastLog << " s\n" << std::flush;
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < c.threads; ++t) pool.emplace_back(work);
  for (auto& t : pool) t.join();
  // A worker stops only between games, so every game taken was finished and written: the
  // file holds exactly games 0..written-1.
  log << "done: games " << written << " records " << records << " in " << std::fixed << std::setprecision(1)
      << elapsed() << " s -> " << c.out << '\n';
  return static_cast<bool>(out.flush());
}

namespace {

struct Example {
  Inputs in;
  Probabilities target;
};

struct Split {
  std::vector<const DistillRecord*> train, test;
};

// Mean |equity error| (backgammons counted) and |win error| of a net over records.
std::pair<double, double> measure(const Mlp& net, const std::vector<const DistillRecord*>& recs) {
  double eq = 0, win = 0;
  Inputs in;
  for (const DistillRecord* r : recs) {
    const VariantSpec& v = spec(r->variant);
    encode(r->position, v, in);
    Probabilities y = net.forward(in);
    eq += std::fabs(equity(y, Scoring{true}) - equity(r->target, Scoring{true}));
    win += std::fabs(y.win - r->target.win);
  }
  const double n = std::max<std::size_t>(1, recs.size());
  return {eq / n, win / n};
}

}  // namespace

bool fitNets(const FitConfig& c, std::ostream& log, std::string* error) {
  Family fam;
  if (!familyOf(c.family, fam)) return *error = "unknown net family '" + c.family + "'", false;
  if (c.threads < 1 || c.threads > 256) return *error = "--threads must be 1..256", false;
  if (c.hidden % 4 != 0 || c.hidden < 0 || c.hidden > 512) return *error = "--hidden must be a multiple of 4, at most 512", false;
  std::vector<DistillRecord> records;
  for (const auto& path : c.data)
    if (!readRecords(path, records, error)) return false;
  log << "records " << records.size() << '\n';

  NetLibrary lib;
  if (c.initDir.empty()) {
    lib = shippedNets();
    for (NetId id : fam.nets) {
      Mlp& m = lib.nets[static_cast<int>(id)];
      if (c.hidden > 0) m = Mlp(m.inputs(), c.hidden), m.randomize(mix(c.seed, 100 + static_cast<int>(id)));
      else m = freshNet(id, mix(c.seed, 100 + static_cast<int>(id)));
      m.gamesTrained = 0;
    }
  } else {
    const NetLibrary* init = netsFromDir(c.initDir, error);
    if (!init) return false;
    lib = *init;
  }

  // Each record goes to the net that answers its position; a fixed share is held out.
  std::map<NetId, Split> splits;
  Rng pick(mix(c.seed, 7));
  for (const DistillRecord& r : records) {
    const VariantSpec& v = spec(r.variant);
    PosClass cls = classify(r.position, v);
    if (cls == PosClass::Bearoff) continue;
    NetId id = cls == PosClass::Race ? raceNet(v.id) : contactNet(v.id);
    if (std::find(fam.nets.begin(), fam.nets.end(), id) == fam.nets.end()) continue;
    Split& s = splits[id];
    (pick.below(1000000) < c.holdout * 1000000 ? s.test : s.train).push_back(&r);
  }

  for (auto& entry : splits) {
    const NetId id = entry.first;  // no structured binding: lambdas below use these (clang 14)
    Split& split = entry.second;
    Mlp& net = lib.nets[static_cast<int>(id)];
    auto [eq0, win0] = measure(net, split.test);
    log << netFileName(id) << ": train " << split.train.size() << " held out " << split.test.size()
        << std::fixed << std::setprecision(4) << " | before: |equity err| " << eq0 << " |win err| " << win0 << '\n'
        << std::flush;
    const std::int64_t total = static_cast<std::int64_t>(split.train.size()) * c.epochs;
    Rng shuffle(mix(c.seed, 11 + static_cast<int>(id)));
    std::vector<std::uint32_t> order(split.train.size());
    for (int epoch = 0; epoch < c.epochs; ++epoch) {
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::uint32_t>(i);
      for (std::size_t i = order.size(); i > 1; --i)
        std::swap(order[i - 1], order[static_cast<std::size_t>(shuffle.below(static_cast<int>(i)))]);
      std::atomic<std::size_t> cursor{0};
      const std::int64_t base = static_cast<std::int64_t>(split.train.size()) * epoch;
      auto work = [&] {
        Inputs in;
        double err = 0;
        for (;;) {
          const std::size_t from = cursor.fetch_add(256);
          if (from >= order.size()) break;
          const std::size_t to = std::min(order.size(), from + 256);
          const float progress = static_cast<float>(base + static_cast<std::int64_t>(from)) / static_cast<float>(total);
          const float a = c.alpha + (c.alphaEnd - c.alpha) * progress;
          for (std::size_t k = from; k < to; ++k) {
            const DistillRecord& r = *split.train[order[k]];
            encode(r.position, spec(r.variant), in);
            update(net, in, r.target, a, &err);
          }
        }
      };
      std::vector<std::thread> pool;
      for (int t = 1; t < c.threads; ++t) pool.emplace_back(work);
      work();
      for (auto& t : pool) t.join();
      auto [eq, win] = measure(net, split.test);
      log << "  epoch " << epoch + 1 << ": |equity err| " << eq << " |win err| " << win << '\n' << std::flush;
    }
    net.gamesTrained += static_cast<std::int64_t>(split.train.size());
  }

  std::filesystem::create_directories(c.outDir);
  for (int i = 0; i < kNetCount; ++i) {
    const std::string path = c.outDir + "/" + netFileName(static_cast<NetId>(i));
    if (!lib.nets[i].saveFile(path)) return *error = "cannot write " + path, false;
  }
  log << "nets in " << c.outDir << '\n';
  return true;
}

}  // namespace nard::train
