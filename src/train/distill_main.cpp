// nard-distill: the nets trained on searched values (see distill.h, docs/TRAINING.md).
//   nard-distill targets --family standard --plies 1 --seconds 300 --threads 16 --seed 1 --out data.bin
//   nard-distill targets --rollout 72 --truncate 7 ...   (truncated 0-ply rollouts instead of a search)
//   nard-distill fit --data a.bin,b.bin --init assets/nets --out OUT --epochs 4 --alpha 0.01 --alpha-end 0.001
//   nard-distill merge --from DIR1,DIR2 --out OUT   (one net answering as their average)
//   nard-distill pad-inputs --from OLD --out NEW    (nets of an older encoding, new inputs at zero)
#include <iostream>
#include <map>
#include <sstream>
#include <string>

#include "distill.h"
#include "td_trainer.h"

namespace {

int usage() {
  std::cerr << "usage: nard-distill targets --out FILE [--family standard|nackgammon|hyper|longnard] [--plies 1|2]\n"
               "         [--rollout TRIALS [--truncate TURNS]] [--games N] [--seconds S] [--threads T] [--seed S] [--explore F] [--nets DIR]\n"
               "       nard-distill fit --data FILE[,FILE...] --out DIR [--family F] [--init DIR | --hidden H]\n"
               "         [--epochs E] [--alpha A] [--alpha-end A] [--threads T] [--holdout F] [--seed S]\n"
               "       nard-distill merge --from DIR,DIR[,...] --out DIR [--family F]\n"
               "       nard-distill pad-inputs --from DIR --out DIR   (nets of an older encoding, new inputs at zero)\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc % 2 != 0) return usage();
  const std::string mode = argv[1];
  std::map<std::string, std::string> o;
  for (int i = 2; i + 1 < argc; i += 2) {
    std::string key = argv[i];
    if (key.rfind("--", 0) != 0) return usage();
    o[key.substr(2)] = argv[i + 1];
  }
  auto get = [&](const char* k, auto& field, auto convert) {
    if (auto it = o.find(k); it != o.end()) field = convert(it->second), o.erase(it);
  };
  auto str = [](const std::string& s) { return s; };
  auto num = [](const std::string& s) { return std::stod(s); };
  auto flt = [](const std::string& s) { return std::stof(s); };
  auto integer = [](const std::string& s) { return std::stoi(s); };
  auto u64 = [](const std::string& s) { return std::stoull(s); };
  std::string error;
  bool ok = false;
  try {
    if (mode == "targets") {
      nard::train::TargetsConfig c;
      get("family", c.family, str);
      get("games", c.games, [](const std::string& s) { return std::stoll(s); });
      get("seconds", c.seconds, num);
      get("threads", c.threads, integer);
      get("plies", c.plies, integer);
      get("rollout", c.rolloutTrials, integer);
      get("truncate", c.truncate, integer);
      get("seed", c.seed, u64);
      get("explore", c.explore, num);
      get("nets", c.netsDir, str);
      get("out", c.out, str);
      if (c.family != "standard") c.nackgammonShare = 0;
      if (!o.empty()) return std::cerr << "unknown option --" << o.begin()->first << '\n', 2;
      if (c.out.empty()) return usage();
      ok = nard::train::makeTargets(c, std::cout, &error);
    } else if (mode == "fit") {
      nard::train::FitConfig c;
      std::string data;
      get("data", data, str);
      get("family", c.family, str);
      get("init", c.initDir, str);
      get("hidden", c.hidden, integer);
      get("out", c.outDir, str);
      get("epochs", c.epochs, integer);
      get("alpha", c.alpha, flt);
      get("alpha-end", c.alphaEnd, flt);
      get("threads", c.threads, integer);
      get("holdout", c.holdout, num);
      get("seed", c.seed, u64);
      if (!o.empty()) return std::cerr << "unknown option --" << o.begin()->first << '\n', 2;
      std::stringstream list(data);
      for (std::string f; std::getline(list, f, ',');)
        if (!f.empty()) c.data.push_back(f);
      if (c.data.empty() || c.outDir.empty()) return usage();
      ok = nard::train::fitNets(c, std::cout, &error);
    } else if (mode == "merge") {
      std::string from, outDir, family = "standard";
      get("from", from, str);
      get("out", outDir, str);
      get("family", family, str);
      if (!o.empty()) return std::cerr << "unknown option --" << o.begin()->first << '\n', 2;
      std::vector<std::string> dirs;
      std::stringstream list(from);
      for (std::string d; std::getline(list, d, ',');)
        if (!d.empty()) dirs.push_back(d);
      if (dirs.size() < 2 || outDir.empty()) return usage();
      ok = nard::train::mergeNets(family, dirs, outDir, std::cout, &error);
    } else if (mode == "pad-inputs") {
      std::string from, outDir;
      get("from", from, str);
      get("out", outDir, str);
      if (!o.empty() || from.empty() || outDir.empty()) return usage();
      ok = nard::train::padNets(from, outDir, std::cout, &error);
    } else {
      return usage();
    }
  } catch (const std::exception&) {
    std::cerr << "bad number in the options\n";
    return 2;
  }
  if (!ok) std::cerr << error << '\n';
  return ok ? 0 : 2;
}
