// nard-train: self-play TD(lambda) training of the nets (see td_trainer.h, docs/AI.md).
//   nard-train --family standard --games 200000 --threads 1 --seed 1 --out assets/nets
#include <iostream>
#include <map>
#include <string>

#include "td_trainer.h"

int main(int argc, char** argv) {
  std::map<std::string, std::string> o;
  for (int i = 1; i + 1 < argc; i += 2) o[std::string(argv[i]).substr(2)] = argv[i + 1];
  if (argc < 2 || argc % 2 == 0) {
    std::cerr << "usage: nard-train --family standard|nackgammon|hyper|longnard [--games N] [--seconds S]\n"
                 "       [--threads T] [--seed S] [--alpha A] [--alpha-end A] [--lambda L]\n"
                 "       [--nackgammon-share F] [--init DIR] [--out DIR] [--checkpoint S]\n"
                 "       [--contact-hidden H]   (widen the family's contact net to H hidden units)\n";
    return 2;
  }
  nard::train::TrainConfig c;
  auto get = [&](const char* k, auto& field, auto convert) {
    if (auto it = o.find(k); it != o.end()) field = convert(it->second), o.erase(it);
  };
  auto str = [](const std::string& s) { return s; };
  auto num = [](const std::string& s) { return std::stod(s); };
  auto flt = [](const std::string& s) { return std::stof(s); };
  auto i64 = [](const std::string& s) { return std::stoll(s); };
  get("family", c.family, str);
  get("games", c.games, i64);
  get("seconds", c.seconds, num);
  get("threads", c.threads, [](const std::string& s) { return std::stoi(s); });
  get("seed", c.seed, [](const std::string& s) { return std::stoull(s); });
  get("alpha", c.alpha, flt);
  get("alpha-end", c.alphaEnd, flt);
  get("lambda", c.lambda, flt);
  get("nackgammon-share", c.nackgammonShare, num);
  get("init", c.initDir, str);
  get("out", c.outDir, str);
  get("checkpoint", c.checkpointSeconds, num);
  get("contact-hidden", c.contactHidden, [](const std::string& s) { return std::stoi(s); });
  if (!o.empty()) {
    std::cerr << "unknown option --" << o.begin()->first << '\n';
    return 2;
  }
  if (c.family != "standard") c.nackgammonShare = 0;
  std::string error;
  if (!nard::train::train(c, std::cout, nullptr, &error)) {
    std::cerr << error << '\n';
    return 2;
  }
  return 0;
}
