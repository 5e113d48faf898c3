// SHA-256 (FIPS 180-4), written from the standard's description: the friend-play
// protocol commits to its dice with it (docs/FRIEND-PLAY.md). Our own, so the engine
// stays standard C++ with no dependency, and the native tests and the browser hash alike.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace nard {

using Digest = std::array<std::uint8_t, 32>;

class Sha256 {
 public:
  Sha256();
  void update(const std::uint8_t* data, std::size_t size);
  void update(std::string_view text) {
    update(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
  }
  void update(const Digest& d) { update(d.data(), d.size()); }
  Digest finish();  // pads and returns the digest; the object is then spent

 private:
  void compress(const std::uint8_t* block);
  std::array<std::uint32_t, 8> h_;
  std::array<std::uint8_t, 64> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t totalBytes_ = 0;
};

Digest sha256(const std::uint8_t* data, std::size_t size);
inline Digest sha256(std::string_view text) {
  return sha256(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
}
inline Digest sha256(const Digest& d) { return sha256(d.data(), d.size()); }

std::string toHex(const std::uint8_t* data, std::size_t size);
inline std::string toHex(const Digest& d) { return toHex(d.data(), d.size()); }

}  // namespace nard
