#include "td_trainer.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <ostream>
#include <thread>

#include "ai/bearoff.h"
#include "ai/evaluator.h"
#include "ai/search.h"
#include "engine/movegen.h"

namespace nard::train {

using namespace nard::ai;

// The gradient of the cross-entropy log-likelihood at the output logits is simply
// target - y.
void update(Mlp& m, const Inputs& in, const Probabilities& target, float alpha, double* absErr) {
  const int H = m.hidden();
  float h[512], e[512];
  Probabilities y = m.forward(in, h);
  auto t = target.asArray(), out = y.asArray();
  float delta[kOutputs];
  for (int k = 0; k < kOutputs; ++k) delta[k] = alpha * (t[k] - out[k]);
  *absErr += std::fabs(t[0] - out[0]);
  for (int j = 0; j < H; ++j) {
    float back = 0.f;
    for (int k = 0; k < kOutputs; ++k) back += delta[k] * m.w2[k * H + j];
    e[j] = back * h[j] * (1.f - h[j]);
    m.b1[j] += e[j];
  }
  for (int k = 0; k < kOutputs; ++k) {
    for (int j = 0; j < H; ++j) m.w2[k * H + j] += delta[k] * h[j];
    m.b2[k] += delta[k];
  }
  for (int n = 0; n < in.count; ++n) {
    float* row = m.w1.data() + static_cast<std::size_t>(in.index[n]) * H;
    float x = in.value[n];
    for (int j = 0; j < H; ++j) row[j] += x * e[j];
  }
}

bool familyOf(const std::string& name, Family& f) {
  if (name == "standard") f = {{NetId::StandardContact, NetId::StandardRace}, Variant::Standard, Variant::Nackgammon};
  // Nackgammon's own contact net; the race net it shares with Standard is trained by the
  // standard family (races after either opening are alike).
  else if (name == "nackgammon") f = {{NetId::NackgammonContact}, Variant::Nackgammon, Variant::Nackgammon};
  else if (name == "hyper") f = {{NetId::Hyper}, Variant::Hyper, Variant::Hyper};
  else if (name == "longnard") f = {{NetId::LongNard}, Variant::LongNard, Variant::LongNard};
  else return false;
  return true;
}

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  std::uint64_t z = a * 0x9e3779b97f4a7c15ull + b + 0x632be59bd9b4e019ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

namespace {

struct State {
  PosClass cls;
  Inputs in;
  Probabilities after;  // the mover's chances after its play (or the final result)
};

// One worker's game: plays it greedily at 0-ply with frozen nets, then adds its gradients.
class Worker {
 public:
  Worker(NetLibrary& lib, const Family& fam) : lib_(lib), fam_(fam) {}
  double absErr = 0;
  std::int64_t states = 0;

  void playGame(const TrainConfig& c, std::uint64_t gameSeed, float alpha) {
    Rng rng(gameSeed);
    const VariantSpec& v = spec(rng.below(1000) < c.nackgammonShare * 1000 ? fam_.alternate : fam_.variant);
    NetEvaluator ev(v, lib_.forVariant(v.id), /*cacheSlots=*/0);
    const RulePolicy policy = cubelessPolicy(v, Rules::Modern);
    Search search(policy, ev);
    Position pos = startPosition(v);
    traj_.clear();
    bool first = true;
    for (int ply = 0; ply < 3000; ++ply) {
      Dice d = rng.roll();
      // The first roll follows the opening rule: after a one-die opening the dice can be a double.
      while (first && policy.opening == Opening::TwoSingleDice && d.isDouble()) d = rng.roll();
      first = false;
      State& s = traj_.emplace_back();
      s.cls = classify(pos, v);
      if (s.cls != PosClass::Bearoff) encode(pos, v, s.in);
      generatePlays(pos, d, policy, plays_);
      if (plays_.empty()) {
        s.after = search.afterPlay(pos, 0);
        pos = pos.flipped();
        continue;
      }
      int best = 0;
      float bestEq = -1e9f;
      for (int i = 0; i < static_cast<int>(plays_.size()); ++i) {
        Probabilities p = search.afterPlay(plays_[i].result, 0);
        float e = search.moneyEquity(p);
        if (e > bestEq) bestEq = e, best = i, s.after = p;
      }
      if (finished(plays_[best].result, v)) {
        learn(c, v, alpha);
        return;
      }
      pos = plays_[best].result.flipped();
    }
    // A game this long is a bug or a stalemate of weights; learn nothing from it.
  }

 private:
  void learn(const TrainConfig& c, const VariantSpec& v, float alpha) {
    Probabilities g = traj_.back().after;
    for (int t = static_cast<int>(traj_.size()) - 1; t >= 0; --t) {
      const State& s = traj_[t];
      if (t < static_cast<int>(traj_.size()) - 1) {
        auto a = s.after.asArray(), next = invert(g).asArray();
        float mix[kOutputs];
        for (int k = 0; k < kOutputs; ++k) mix[k] = (1.f - c.lambda) * a[k] + c.lambda * next[k];
        g = Probabilities::fromArray(mix);
      }
      if (s.cls == PosClass::Bearoff) continue;
      NetId id = s.cls == PosClass::Race ? raceNet(v.id) : contactNet(v.id);
      if (!fam_.trains(id)) continue;  // plays along, frozen
      update(lib_.nets[static_cast<int>(id)], s.in, g, alpha, &absErr);
      ++states;
    }
  }

  NetLibrary& lib_;
  const Family& fam_;
  std::vector<State> traj_;
  PlayList plays_;
};

bool saveNets(const NetLibrary& lib, const Family& fam, const std::string& dir) {
  std::filesystem::create_directories(dir);
  for (NetId id : fam.nets) {
    std::string path = dir + "/" + netFileName(id);
    if (!lib.nets[static_cast<int>(id)].saveFile(path + ".tmp")) return false;
    std::filesystem::rename(path + ".tmp", path);
  }
  return true;
}

}  // namespace

namespace {
// Copies `from`'s hidden units into `to` from unit `first` on (same inputs), their output
// weights scaled by `outScale`; the rest of `to` is left as it is.
void placeUnits(const ai::Mlp& from, ai::Mlp& to, int first, float outScale) {
  const int H = from.hidden(), T = to.hidden();
  for (int i = 0; i < from.inputs(); ++i)
    std::copy_n(from.w1.begin() + static_cast<std::ptrdiff_t>(i) * H, H,
                to.w1.begin() + static_cast<std::ptrdiff_t>(i) * T + first);
  std::copy(from.b1.begin(), from.b1.end(), to.b1.begin() + first);
  for (int o = 0; o < ai::kOutputs; ++o)
    for (int h = 0; h < H; ++h) to.w2[o * T + first + h] = from.w2[o * H + h] * outScale;
}
}  // namespace

ai::Mlp widened(const ai::Mlp& net, int hidden, std::uint64_t seed) {
  ai::Mlp wide(net.inputs(), hidden);
  wide.randomize(seed);  // the new units' input weights and biases; the old ones are placed over them
  std::fill(wide.w2.begin(), wide.w2.end(), 0.f);  // the new units start silent
  placeUnits(net, wide, 0, 1.f);
  wide.b2 = net.b2;
  wide.gamesTrained = net.gamesTrained;
  return wide;
}

ai::Mlp padded(const ai::Mlp& net, int inputs) {
  ai::Mlp out(inputs, net.hidden());  // weights zero
  std::copy(net.w1.begin(), net.w1.end(), out.w1.begin());  // input-major: the old inputs come first
  out.b1 = net.b1;
  out.w2 = net.w2;
  out.b2 = net.b2;
  out.gamesTrained = net.gamesTrained;
  return out;
}

bool padNets(const std::string& fromDir, const std::string& outDir, std::ostream& log, std::string* error) {
  std::filesystem::create_directories(outDir);
  for (int i = 0; i < ai::kNetCount; ++i) {
    const NetId id = static_cast<NetId>(i);
    const std::string from = fromDir + "/" + netFileName(id), to = outDir + "/" + netFileName(id);
    Mlp net;
    if (!net.loadFile(from, error)) return false;
    const int want = ai::netInputCount(id);
    if (net.inputs() > want) {
      *error = from + ": " + std::to_string(net.inputs()) + " inputs, more than the encoding's " + std::to_string(want);
      return false;
    }
    log << netFileName(id) << ": " << net.inputs() << " -> " << want << " inputs\n";
    if (!padded(net, want).saveFile(to)) {
      *error = "cannot write " + to;
      return false;
    }
  }
  return true;
}

ai::Mlp merged(const std::vector<ai::Mlp>& nets) {
  int hidden = 0;
  for (const ai::Mlp& n : nets) hidden += n.hidden();
  ai::Mlp out(nets.front().inputs(), hidden);
  const float share = 1.f / static_cast<float>(nets.size());
  int first = 0;  // the first hidden unit of the current net in `out`
  for (const ai::Mlp& n : nets) {
    placeUnits(n, out, first, share);
    for (int o = 0; o < ai::kOutputs; ++o) out.b2[o] += n.b2[o] * share;
    out.gamesTrained = std::max(out.gamesTrained, n.gamesTrained);
    first += n.hidden();
  }
  return out;
}

bool mergeNets(const std::string& family, const std::vector<std::string>& dirs, const std::string& outDir,
               std::ostream& log, std::string* error) {
  Family fam;
  if (!familyOf(family, fam)) {
    *error = "unknown net family '" + family + "' (standard, nackgammon, hyper, longnard)";
    return false;
  }
  NetLibrary lib;
  for (NetId id : fam.nets) {
    std::vector<Mlp> nets(dirs.size());
    int hidden = 0;
    for (std::size_t d = 0; d < dirs.size(); ++d) {
      if (!loadNet(id, dirs[d] + "/" + netFileName(id), nets[d], error)) return false;
      hidden += nets[d].hidden();
    }
    if (hidden > 512) {
      *error = std::string(netFileName(id)) + ": " + std::to_string(hidden) + " hidden units together, at most 512";
      return false;
    }
    lib.nets[static_cast<int>(id)] = merged(nets);
    log << netFileName(id) << ": " << dirs.size() << " nets, " << hidden << " hidden units\n";
  }
  if (!saveNets(lib, fam, outDir)) {
    *error = "cannot write nets to " + outDir;
    return false;
  }
  return true;
}

bool train(const TrainConfig& c, std::ostream& log, TrainReport* report, std::string* error) {
  Family fam;
  if (!familyOf(c.family, fam)) {
    *error = "unknown net family '" + c.family + "' (standard, nackgammon, hyper, longnard)";
    return false;
  }
  if (c.threads < 1 || c.threads > 256) {
    *error = "--threads must be 1..256";
    return false;
  }
  NetLibrary lib;
  for (int i = 0; i < kNetCount; ++i) lib.nets[i] = freshNet(static_cast<NetId>(i), mix(c.seed, 100 + i));
  for (NetId id : fam.nets) {
    auto& net = lib.nets[static_cast<int>(id)];
    if (!c.initDir.empty() && !loadNet(id, c.initDir + "/" + netFileName(id), net, error)) return false;
  }
  // Nets the family's games use without training them (Nackgammon's race net) start as
  // shipped, or as in --init's folder when it has them.
  for (Variant v : {fam.variant, fam.alternate})
    for (NetId id : {contactNet(v), raceNet(v)}) {
      if (fam.trains(id)) continue;
      auto& net = lib.nets[static_cast<int>(id)];
      const std::string path = c.initDir + "/" + netFileName(id);
      if (c.initDir.empty() || !std::filesystem::exists(path)) net = shippedNets().nets[static_cast<int>(id)];
      else if (!loadNet(id, path, net, error)) return false;
    }
  if (c.contactHidden > 0) {
    auto& net = lib.nets[static_cast<int>(fam.nets.front())];
    if (c.contactHidden < net.hidden() || c.contactHidden % 4 != 0 || c.contactHidden > 512) {
      *error = "--contact-hidden must be a multiple of 4, from the net's " + std::to_string(net.hidden()) + " to 512";
      return false;
    }
    net = widened(net, c.contactHidden, mix(c.seed, 999));
  }
  BearoffDb::instance();  // build it before the clock matters

  using Clock = std::chrono::steady_clock;
  auto start = Clock::now(), lastSave = start, lastLog = start;
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  std::atomic<std::int64_t> nextGame{0}, gamesDone{0};
  std::atomic<bool> stop{false};
  std::atomic<double> errSum{0}, errStates{0};

  auto work = [&](int t) {
    Worker w(lib, fam);
    while (!stop) {
      std::int64_t g = nextGame++;
      if (g >= c.games) break;
      double progress = static_cast<double>(g) / c.games;
      if (c.seconds > 0) progress = std::max(progress, elapsed() / c.seconds);
      float alpha = c.alpha + (c.alphaEnd - c.alpha) * static_cast<float>(std::min(1.0, progress));
      w.playGame(c, mix(c.seed, static_cast<std::uint64_t>(g)), alpha);
      ++gamesDone;
      errSum += w.absErr, errStates += static_cast<double>(w.states);
      w.absErr = 0, w.states = 0;
      if (c.seconds > 0 && elapsed() >= c.seconds) stop = true;
      if (t != 0) continue;
      // Thread 0 reports and saves checkpoints.
      auto now = Clock::now();
      if (std::chrono::duration<double>(now - lastLog).count() >= 10) {
        double err = errSum / std::max(1.0, errStates.load());
        log << std::fixed << c.family << " games " << gamesDone << " time " << std::setprecision(1) << elapsed()
            << "s games/s " << gamesDone / std::max(1e-9, elapsed()) << " alpha " << std::setprecision(4) << alpha
            << " mean|err| " << err << '\n' << std::flush;
        if (report) report->meanAbsError = err;
        errSum = 0, errStates = 0;
        lastLog = now;
      }
      if (std::chrono::duration<double>(now - lastSave).count() >= c.checkpointSeconds) {
        saveNets(lib, fam, c.outDir);
        lastSave = now;
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < c.threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (auto& th : pool) th.join();
  std::int64_t games = gamesDone;
  for (NetId id : fam.nets) lib.nets[static_cast<int>(id)].gamesTrained += games;

  if (!saveNets(lib, fam, c.outDir)) {
    *error = "cannot write nets to " + c.outDir;
    return false;
  }
  if (report) report->games = games, report->seconds = elapsed();
  log << c.family << " done: " << games << " games in " << elapsed() << " s, nets in " << c.outDir << '\n';
  return true;
}

}  // namespace nard::train
