// Dice: a roll, the 21 distinct rolls with their weights, and a seedable generator.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace nard {

struct Dice {
  std::uint8_t a = 0, b = 0;  // as rolled; 0 = not rolled
  bool isDouble() const { return a == b; }
  int high() const { return a > b ? a : b; }
  int low() const { return a < b ? a : b; }
  bool valid() const { return a >= 1 && a <= 6 && b >= 1 && b <= 6; }
  friend bool operator==(const Dice&, const Dice&) = default;
};

struct WeightedRoll {
  Dice dice;
  int weight;  // out of 36: 2 for a mixed roll, 1 for a double
};
extern const std::array<WeightedRoll, 21> kAllRolls;

// Accepts "31", "3-1", "3 1", "3,1"; anything else is an error with a reason.
std::optional<Dice> parseDice(std::string_view text, std::string* error = nullptr);
std::string formatDice(Dice d);  // "31"

// xoshiro256** seeded by splitmix64: fast, reproducible from one 64-bit seed.
class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0x9e3779b97f4a7c15ull);
  std::uint64_t next();
  int below(int n);  // uniform in [0, n), no modulo bias
  int die() { return below(6) + 1; }
  Dice roll() { return Dice{static_cast<std::uint8_t>(die()), static_cast<std::uint8_t>(die())}; }

 private:
  std::array<std::uint64_t, 4> s_;
};

}  // namespace nard
