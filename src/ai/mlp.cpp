#include "mlp.h"

#include <cstring>
#include <fstream>
#include <iterator>

#include "engine/dice.h"
#include "kernels.h"

namespace nard::ai {
namespace {

constexpr char kMagic[8] = {'N', 'A', 'R', 'D', 'N', 'E', 'T', '1'};

void put32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
std::uint32_t get32(const std::uint8_t* p) {
  return p[0] | (p[1] << 8) | (p[2] << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
}

}  // namespace

Mlp::Mlp(int inputs, int hidden)
    : w1(static_cast<std::size_t>(inputs) * hidden), b1(hidden), w2(kOutputs * hidden), b2(kOutputs),
      inputs_(inputs), hidden_(hidden) {}

void Mlp::randomize(std::uint64_t seed, float scale) {
  Rng rng(seed);
  auto uniform = [&] { return (static_cast<float>(rng.next() >> 40) / float(1 << 24) * 2.f - 1.f) * scale; };
  for (float& w : w1) w = uniform();
  for (float& w : b1) w = uniform();
  for (float& w : w2) w = uniform();
  // Gammons and backgammons are rare: start their outputs low.
  b2 = {0.f, -2.f, -4.f, -2.f, -4.f};
}

template <bool Simd>
Probabilities Mlp::run(const Inputs& in, float* hiddenOut) const {
  alignas(16) float h[512];
  const int H = hidden_;
  std::memcpy(h, b1.data(), sizeof(float) * H);
  if constexpr (Simd) kernels::sumRows(h, w1.data(), H, in.index, in.value, in.count);
  else kernels::sumRowsScalar(h, w1.data(), H, in.index, in.value, in.count);
  if constexpr (Simd) kernels::sigmoid(h, H);
  else kernels::sigmoidScalar(h, H);
  float out[kOutputs];
  for (int o = 0; o < kOutputs; ++o) {
    float s = Simd ? kernels::dot(h, w2.data() + o * H, H) : kernels::dotScalar(h, w2.data() + o * H, H);
    out[o] = s + b2[o];
  }
  kernels::sigmoidScalar(out, kOutputs);
  if (hiddenOut) std::memcpy(hiddenOut, h, sizeof(float) * H);
  return Probabilities::fromArray(out);
}

Probabilities Mlp::forward(const Inputs& in, float* hiddenOut) const { return run<true>(in, hiddenOut); }
Probabilities Mlp::forwardScalar(const Inputs& in) const { return run<false>(in, nullptr); }

std::vector<std::uint8_t> Mlp::serialize() const {
  std::vector<std::uint8_t> out(std::begin(kMagic), std::end(kMagic));
  put32(out, inputs_);
  put32(out, hidden_);
  put32(out, kOutputs);
  put32(out, static_cast<std::uint32_t>(gamesTrained));
  for (const auto* v : {&w1, &b1, &w2, &b2})
    for (float f : *v) {
      std::uint32_t bits;
      std::memcpy(&bits, &f, 4);
      put32(out, bits);
    }
  return out;
}

bool Mlp::deserialize(const std::uint8_t* data, std::size_t size, std::string* error) {
  auto bad = [&](const char* why) {
    if (error) *error = why;
    return false;
  };
  if (size < 24 || std::memcmp(data, kMagic, 8) != 0) return bad("not a NARDNET1 file");
  int inputs = static_cast<int>(get32(data + 8)), hidden = static_cast<int>(get32(data + 12));
  if (get32(data + 16) != kOutputs || hidden % 4 != 0 || hidden > 512 || inputs > 4096)
    return bad("unsupported network shape");
  Mlp m(inputs, hidden);
  m.gamesTrained = get32(data + 20);
  std::size_t floats = m.w1.size() + m.b1.size() + m.w2.size() + m.b2.size();
  if (size != 24 + 4 * floats) return bad("network file has the wrong size");
  const std::uint8_t* p = data + 24;
  for (auto* v : {&m.w1, &m.b1, &m.w2, &m.b2})
    for (float& f : *v) {
      std::uint32_t bits = get32(p);
      std::memcpy(&f, &bits, 4);
      p += 4;
    }
  *this = std::move(m);
  return true;
}

bool Mlp::saveFile(const std::string& path) const {
  auto bytes = serialize();
  std::ofstream f(path, std::ios::binary);
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(f);
}

bool Mlp::loadFile(const std::string& path, std::string* error) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    if (error) *error = "cannot open " + path;
    return false;
  }
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  return deserialize(bytes.data(), bytes.size(), error);
}

}  // namespace nard::ai
