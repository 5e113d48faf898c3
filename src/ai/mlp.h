// A small multilayer perceptron: inputs -> hidden (sigmoid) -> 5 outputs (sigmoid), the
// shape TD-Gammon and GNU Backgammon use. The board encodings are mostly zeros, so the
// input layer is stored input-major and only the non-zero inputs are visited.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "probabilities.h"

namespace nard::ai {

inline constexpr int kOutputs = 5;

// The non-zero inputs of one encoded position.
struct Inputs {
  static constexpr int kMax = 320;
  std::uint16_t index[kMax];
  float value[kMax];
  int count = 0;
  void clear() { count = 0; }
  void add(int i, float v) {
    if (v != 0.f) {
      index[count] = static_cast<std::uint16_t>(i);
      value[count++] = v;
    }
  }
};

class Mlp {
 public:
  Mlp() = default;
  Mlp(int inputs, int hidden);  // hidden must be a multiple of 4; weights zero

  int inputs() const { return inputs_; }
  int hidden() const { return hidden_; }
  bool empty() const { return inputs_ == 0; }

  // Small random weights, reproducible from the seed.
  void randomize(std::uint64_t seed, float scale = 0.1f);

  // Forward pass. `hiddenOut`, when given, receives the hidden activations (training).
  Probabilities forward(const Inputs& in, float* hiddenOut = nullptr) const;
  Probabilities forwardScalar(const Inputs& in) const;  // reference path for tests

  // Binary file format: "NARDNET1", int32 inputs, hidden, outputs (5), games trained,
  // then little-endian float32 w1 [inputs][hidden], b1 [hidden], w2 [5][hidden], b2 [5].
  std::vector<std::uint8_t> serialize() const;
  bool deserialize(const std::uint8_t* data, std::size_t size, std::string* error);
  bool saveFile(const std::string& path) const;
  bool loadFile(const std::string& path, std::string* error);

  std::int64_t gamesTrained = 0;

  // Parameters, public for the trainer (src/train) which updates them.
  std::vector<float> w1, b1, w2, b2;

 private:
  template <bool Simd>
  Probabilities run(const Inputs& in, float* hiddenOut) const;

  int inputs_ = 0, hidden_ = 0;
};

}  // namespace nard::ai
