#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "ai/kernels.h"
#include "ai/nets.h"
#include "engine/movegen.h"

using namespace nard;
using namespace nard::ai;

TEST_CASE("SIMD and scalar kernels agree") {
  Rng rng(42);
  auto uniform = [&] { return static_cast<float>(rng.next() >> 40) / float(1 << 24) * 2.f - 1.f; };
  // 36 and 208 leave a tail after the 32-float blocks (SSE2, simd128), 68, 100 and 132 one
  // of eight or four floats after the 64-float blocks (AVX); 4 is all tail.
  for (int n : {4, 36, 64, 68, 100, 128, 132, 208}) {
    const int rowCount = 9;
    std::vector<float> rows(static_cast<std::size_t>(rowCount) * n), a(n), b(n), y1(n), y2(n);
    for (float& w : rows) w = uniform();
    for (int i = 0; i < n; ++i) a[i] = uniform(), b[i] = uniform(), y1[i] = y2[i] = uniform();
    // Rows out of order and one twice, as an encoding's indices never are: any order sums.
    const std::uint16_t index[] = {3, 0, 8, 3, 5};
    const float value[] = {0.37f, 1.f, -0.5f, 0.125f, 2.5f};
    kernels::sumRows(y1.data(), rows.data(), n, index, value, 5);
    kernels::sumRowsScalar(y2.data(), rows.data(), n, index, value, 5);
    CHECK(y1 == y2);  // the same operations in the same order
    // Against a sum written out here, element by element.
    std::vector<float> y3(n);  // b plus the rows
    for (int i = 0; i < n; ++i) y2[i] = y3[i] = b[i];
    kernels::sumRows(y2.data(), rows.data(), n, index, value, 5);
    for (int k = 0; k < 5; ++k)
      for (int i = 0; i < n; ++i) y3[i] += value[k] * rows[static_cast<std::size_t>(index[k]) * n + i];
    CHECK(y2 == y3);
    CHECK(kernels::dot(a.data(), b.data(), n) == doctest::Approx(kernels::dotScalar(a.data(), b.data(), n)).epsilon(1e-6));
  }
  MESSAGE("SIMD path enabled: " << kernels::simdEnabled());
}

TEST_CASE("sigmoid: SIMD and scalar give the same bits, a float's last bits from the exact value") {
  // Every 1/1024 over [-48, 48): past the clamp at +-40, through 0 and the points where
  // x log2(e) rounds to the next integer.
  const int n = 96 * 1024;
  std::vector<float> y1(n), y2(n);
  for (int i = 0; i < n; ++i) y1[i] = y2[i] = -48.f + static_cast<float>(i) / 1024.f;
  kernels::sigmoid(y1.data(), n);
  kernels::sigmoidScalar(y2.data(), n);
  CHECK(y1 == y2);
  // A length of 12: eight lanes then a four-lane tail where the processor has AVX2.
  std::vector<float> t1(12), t2(12);
  for (int i = 0; i < 12; ++i) t1[i] = t2[i] = -6.f + static_cast<float>(i);
  kernels::sigmoid(t1.data(), 12);
  kernels::sigmoidScalar(t2.data(), 12);
  CHECK(t1 == t2);
  double worst = 0;
  for (int i = 0; i < n; ++i) {
    const double x = std::clamp(-48.0 + i / 1024.0, -40.0, 40.0);
    const double exact = 1.0 / (1.0 + std::exp(-x));
    worst = std::max(worst, std::fabs(y1[i] - exact) / exact);
  }
  MESSAGE("largest relative error " << worst);
  CHECK(worst < 3e-7);  // two or three units in the last place of a float (epsilon 1.2e-7)
  CHECK(y1[0] == doctest::Approx(4.248e-18).epsilon(1e-3));  // clamped at -40
  CHECK(y1[48 * 1024] == 0.5f);
  CHECK(y1[n - 1] == 1.f);
}

TEST_CASE("network inference: SIMD forward equals the scalar reference on real positions") {
  const NetLibrary& lib = shippedNets();
  for (int vi = 0; vi < kVariantCount; ++vi) {
    const VariantSpec& v = spec(static_cast<Variant>(vi));
    NetSet set = lib.forVariant(v.id);
    Rng rng(7 + vi);
    Position pos = startPosition(v);
    PlayList plays;
    for (int ply = 0; ply < 200; ++ply) {
      Inputs in;
      encode(pos, v, in);
      for (const Mlp* net : {set.contact, set.race}) {
        Probabilities a = net->forward(in), b = net->forwardScalar(in);
        // The same operations in the same order: the same bits.
        CHECK(a.win == b.win);
        CHECK(a.winGammon == b.winGammon);
        CHECK(a.winBackgammon == b.winBackgammon);
        CHECK(a.loseGammon == b.loseGammon);
        CHECK(a.loseBackgammon == b.loseBackgammon);
      }
      generatePlays(pos, rng.roll(), cubelessPolicy(v, Rules::Modern), plays);
      if (!plays.empty()) pos = plays[rng.below(static_cast<int>(plays.size()))].result;
      pos = pos.me()[kOff] == v.checkers ? startPosition(v) : pos.flipped();
    }
  }
}

TEST_CASE("shipped nets load and have the expected shapes") {
  const NetLibrary& lib = shippedNets();
  for (int i = 0; i < kNetCount; ++i) {
    CHECK_MESSAGE(lib.trained[i], netFileName(static_cast<NetId>(i)) << " missing: untrained weights in use");
    Mlp fresh = freshNet(static_cast<NetId>(i), 1);
    CHECK(lib.nets[i].inputs() == fresh.inputs());
    CHECK(lib.nets[i].hidden() == fresh.hidden());
  }
  // Round trip through the file format.
  Mlp m = freshNet(NetId::Hyper, 3);
  auto bytes = m.serialize();
  Mlp back;
  std::string error;
  REQUIRE(back.deserialize(bytes.data(), bytes.size(), &error));
  CHECK(back.w1 == m.w1);
  CHECK(back.b2 == m.b2);
}
