// nard-distill's two steps (src/train/distill.h): the record file, the targets being the
// search's own answers, reproducibility from the seed, and a fit that learns them.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ai/encoding.h"
#include "ai/nets.h"
#include "ai/search.h"
#include "engine/ids.h"
#include "train/distill.h"
#include "train/td_trainer.h"

using namespace nard;
using namespace nard::ai;
using namespace nard::train;

namespace {

std::string tempPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("nard_distill_" + name)).string();
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void write(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// Every `step`-th record against the shipped nets' 1-ply value of its position, within
// `tolerance` per chance. Returns how many were checked.
int checkAgainstOnePly(const std::vector<DistillRecord>& recs, std::size_t step, float tolerance) {
  int checked = 0;
  for (std::size_t i = 0; i < recs.size(); i += step) {
    const DistillRecord& r = recs[i];
    const VariantSpec& v = spec(r.variant);
    CHECK(classify(r.position, v) != PosClass::Bearoff);  // the database answers those
    NetEvaluator ev(v, shippedNets().forVariant(v.id));
    Search search(cubelessPolicy(v, Rules::Modern), ev);
    auto want = search.onRoll(r.position, 1).asArray(), got = r.target.asArray();
    for (int k = 0; k < 5; ++k) CHECK(std::fabs(want[k] - got[k]) <= tolerance);
    ++checked;
  }
  return checked;
}

}  // namespace

TEST_CASE("records keep the position, the variant and the chances to 1/65535") {
  DistillRecord r;
  r.variant = Variant::Nackgammon;
  r.plies = 2;
  r.position = startPosition(spec(Variant::Nackgammon));
  r.target = {0.61f, 0.21f, 0.013f, 0.12f, 0.004f};
  std::string bytes = "NARDDST1";
  appendRecord(r, bytes);
  CHECK(bytes.size() == 8 + kDistillRecordBytes);
  const std::string path = tempPath("one.bin");
  write(path, bytes);
  std::vector<DistillRecord> back;
  std::string error;
  REQUIRE(readRecords(path, back, &error));
  REQUIRE(back.size() == 1);
  CHECK(back[0].variant == Variant::Nackgammon);
  CHECK(back[0].plies == 2);
  CHECK(positionId(back[0].position) == positionId(r.position));
  auto a = back[0].target.asArray(), b = r.target.asArray();
  for (int k = 0; k < 5; ++k) CHECK(std::fabs(a[k] - b[k]) <= 1.f / 65535.f);

  SUBCASE("a damaged file is refused with the reason") {
    write(path, bytes.substr(0, bytes.size() - 3));
    CHECK_FALSE(readRecords(path, back, &error));
    CHECK(error.find("truncated") != std::string::npos);
    write(path, "NOTADST1" + bytes.substr(8));
    CHECK_FALSE(readRecords(path, back, &error));
    CHECK(error.find("NARDDST1") != std::string::npos);
    std::string badId = bytes;
    badId[8] = '!';
    write(path, badId);
    CHECK_FALSE(readRecords(path, back, &error));
    CHECK(error.find("record 0") != std::string::npos);
  }
  std::filesystem::remove(path);
}

TEST_CASE("targets are the search's chances, and the file depends on the seed only") {
  TargetsConfig c;
  c.games = 2;  // one for each thread below
  c.plies = 1;
  c.seed = 42;
  c.out = tempPath("t1.bin");
  std::ostringstream log;
  std::string error;
  REQUIRE(makeTargets(c, log, &error));
  c.threads = 2;
  c.out = tempPath("t2.bin");
  REQUIRE(makeTargets(c, log, &error));
  CHECK(slurp(tempPath("t1.bin")) == slurp(tempPath("t2.bin")));  // any thread count

  std::vector<DistillRecord> recs;
  REQUIRE(readRecords(c.out, recs, &error));
  REQUIRE(recs.size() > 30);  // two games, each dozens of turns
  CHECK(checkAgainstOnePly(recs, 7, 1.f / 65535.f) > 4);

  c.seed = 43;
  c.out = tempPath("t3.bin");
  REQUIRE(makeTargets(c, log, &error));
  CHECK(slurp(tempPath("t3.bin")) != slurp(tempPath("t2.bin")));
  for (const char* f : {"t1.bin", "t2.bin", "t3.bin"}) std::filesystem::remove(tempPath(f));
}

TEST_CASE("rollout targets: a truncated rollout's chances, marked depth 0") {
  // Truncated after one turn with luck subtracted, a rollout is exactly the 1-ply value
  // (tests/ai/rollout_test.cpp), so each record can be checked against the search.
  TargetsConfig c;
  c.games = 1;
  c.seed = 5;
  c.rolloutTrials = 36;
  c.truncate = 1;
  c.out = tempPath("r1.bin");
  std::ostringstream log;
  std::string error;
  REQUIRE_MESSAGE(makeTargets(c, log, &error), error);
  std::vector<DistillRecord> recs;
  REQUIRE(readRecords(c.out, recs, &error));
  REQUIRE(recs.size() > 10);
  for (const DistillRecord& r : recs) CHECK(r.plies == 0);
  CHECK(checkAgainstOnePly(recs, 5, 1.f / 65535.f + 2e-5f) > 2);
  std::filesystem::remove(c.out);
  c.truncate = 0;
  CHECK_FALSE(makeTargets(c, log, &error));
  CHECK(error.find("--truncate") != std::string::npos);
  c.rolloutTrials = -1;
  CHECK_FALSE(makeTargets(c, log, &error));
  CHECK(error.find("--rollout") != std::string::npos);
}

TEST_CASE("a fit from fresh nets learns the targets") {
  // Six games (about 500 records, most of them contact positions) and ten epochs: the
  // fitted net's error is about a quarter of a random net's, as it was with 20 games and
  // 6 epochs; the 1-ply targets cost a fifth of a second a game.
  TargetsConfig t;
  t.games = 6;
  t.plies = 1;
  t.seed = 7;
  t.out = tempPath("fit.bin");
  std::ostringstream log;
  std::string error;
  REQUIRE(makeTargets(t, log, &error));
  std::vector<DistillRecord> recs;
  REQUIRE(readRecords(t.out, recs, &error));

  FitConfig f;
  f.data = {t.out};
  f.hidden = 16;
  f.epochs = 10;
  f.alpha = 0.05f;
  f.alphaEnd = 0.01f;
  f.holdout = 0;
  f.outDir = tempPath("nets");
  REQUIRE(fitNets(f, log, &error));
  std::string why;
  Mlp fitted, fresh(inputCount(Geometry::Opposed), 16);
  REQUIRE(fitted.loadFile(f.outDir + "/standard-contact.nnet", &why));
  CHECK(fitted.hidden() == 16);
  fresh.randomize(1);
  double before = 0, after = 0;
  int n = 0;
  Inputs in;
  for (const DistillRecord& r : recs) {
    const VariantSpec& v = spec(r.variant);
    if (classify(r.position, v) != PosClass::Contact) continue;
    encode(r.position, v, in);
    before += std::fabs(fresh.forward(in).win - r.target.win);
    after += std::fabs(fitted.forward(in).win - r.target.win);
    ++n;
  }
  REQUIRE(n > 100);
  MESSAGE("records " << recs.size() << ", contact " << n << ": |win err| before " << before / n << ", after " << after / n);
  CHECK(after / n < 0.5 * before / n);  // a random net is far off; the fitted one is not
  CHECK(after / n < 0.08);
  std::filesystem::remove_all(f.outDir);
  std::filesystem::remove(t.out);
}

TEST_CASE("a widened net plays as before, and its new units learn") {
  Mlp net = freshNet(NetId::StandardContact, 7);
  Mlp wide = widened(net, net.hidden() + 64, 11);
  CHECK(wide.hidden() == net.hidden() + 64);
  CHECK(wide.inputs() == net.inputs());
  // The same outputs on real positions: the new units' output weights are zero.
  Position p = startPosition(spec(Variant::Standard));
  Inputs in;
  encode(p, spec(Variant::Standard), in);
  auto a = net.forward(in).asArray(), b = wide.forward(in).asArray();
  for (int o = 0; o < kOutputs; ++o) CHECK(b[o] == doctest::Approx(a[o]).epsilon(1e-6));
  // One update moves the new units' output weights off zero.
  Probabilities target{1.f, 0.f, 0.f, 0.f, 0.f};
  double err = 0;
  update(wide, in, target, 0.1f, &err);
  CHECK(err > 0);
  float moved = 0;
  for (int o = 0; o < kOutputs; ++o)
    for (int h = net.hidden(); h < wide.hidden(); ++h) moved += std::fabs(wide.w2[o * wide.hidden() + h]);
  CHECK(moved > 0.f);
}

TEST_CASE("a merged net answers as the average of its nets' logits") {
  Mlp a = freshNet(NetId::StandardContact, 21), b = widened(freshNet(NetId::StandardContact, 22), 192, 23);
  // Give b's new units a say, so that every part of the merge matters.
  for (float& w : b.w2) w += 0.05f;
  Mlp m = merged({a, b});
  CHECK(m.hidden() == a.hidden() + b.hidden());
  auto logit = [](float p) { return std::log(p / (1.f - p)); };
  for (Variant v : {Variant::Standard, Variant::Nackgammon}) {
    Inputs in;
    encode(startPosition(spec(v)), spec(v), in);
    auto pa = a.forward(in).asArray(), pb = b.forward(in).asArray(), pm = m.forward(in).asArray();
    for (int o = 0; o < kOutputs; ++o)
      CHECK(logit(pm[o]) == doctest::Approx((logit(pa[o]) + logit(pb[o])) / 2).epsilon(1e-4));
  }
}

TEST_CASE("merging nets: a folder without them, or too many units, is refused with the reason") {
  std::ostringstream log;
  std::string error;
  CHECK_FALSE(mergeNets("standard", {"/no/such/dir", "/no/such/dir"}, tempPath("merged"), log, &error));
  CHECK(error.find("/no/such/dir") != std::string::npos);
  const std::string wide = tempPath("wide");
  std::filesystem::create_directories(wide);
  for (NetId id : {NetId::StandardContact, NetId::StandardRace})
    REQUIRE(widened(freshNet(id, 1), 256, 2).saveFile(wide + "/" + netFileName(id)));
  error.clear();
  CHECK_FALSE(mergeNets("standard", {wide, wide, wide}, tempPath("merged"), log, &error));
  CHECK(error.find("768 hidden units") != std::string::npos);
  CHECK(mergeNets("standard", {wide, wide}, tempPath("merged"), log, &error));
  Mlp back;
  REQUIRE(loadNet(NetId::StandardContact, tempPath("merged") + "/standard-contact.nnet", back, &error));
  CHECK(back.hidden() == 512);
}

TEST_CASE("nets of an older encoding, padded with the new inputs at zero, answer as before") {
  // An older net: the Opposed encoding without the contact features appended at its end.
  const int now = inputCount(Geometry::Opposed);
  const int before = contactFeatureInput(0, ContactFeature::RearTrapped);
  Mlp old(before, 32);
  old.randomize(5, 0.3f);
  old.gamesTrained = 1234;
  // Real positions with contact features set: the padded net's answer equals the old net's
  // on the old inputs only.
  Position p = startPosition(spec(Variant::Standard));
  p.me()[24] = 1, p.me()[22] = 1;  // a split: blots, escapes and shots all non-zero
  Inputs full, older;
  encode(p, spec(Variant::Standard), full);
  older.clear();
  int features = 0;
  for (int i = 0; i < full.count; ++i)
    if (full.index[i] < before) older.add(full.index[i], full.value[i]);
    else ++features;
  CHECK(features >= 8);
  const Mlp wide = padded(old, now);
  CHECK(wide.inputs() == now);
  CHECK(wide.gamesTrained == 1234);
  auto a = old.forward(older).asArray(), b = wide.forward(full).asArray();
  for (int o = 0; o < kOutputs; ++o) CHECK(b[o] == a[o]);

  // padNets writes every net at this build's size; a net wider than the encoding is refused.
  const std::string from = tempPath("pad_from"), to = tempPath("pad_to");
  std::filesystem::create_directories(from);
  for (int i = 0; i < kNetCount; ++i) {
    const NetId id = static_cast<NetId>(i);
    Mlp net = freshNet(id, 9);
    if (net.inputs() == now) net = Mlp(before, net.hidden()), net.randomize(3);
    REQUIRE(net.saveFile(from + "/" + netFileName(id)));
  }
  std::ostringstream log;
  std::string error;
  REQUIRE(padNets(from, to, log, &error));
  for (int i = 0; i < kNetCount; ++i) {
    Mlp back;
    CHECK(loadNet(static_cast<NetId>(i), to + "/" + netFileName(static_cast<NetId>(i)), back, &error));
  }
  REQUIRE(Mlp(now + 4, 8).saveFile(from + "/" + netFileName(NetId::Hyper)));
  CHECK_FALSE(padNets(from, to, log, &error));
  CHECK(error.find("more than the encoding's " + std::to_string(now)) != std::string::npos);
  std::filesystem::remove_all(from);
  std::filesystem::remove_all(to);
}
