#include "ids.h"

#include "engine/base64.h"

#include <algorithm>
#include <array>

namespace nard {
namespace {

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// Little-endian bit writer/reader over a byte array (bit k is bit k%8 of byte k/8).
template <std::size_t N>
struct Bits {
  std::array<std::uint8_t, N> bytes{};
  std::size_t pos = 0;
  bool put(bool bit) {
    if (pos >= N * 8) return false;
    if (bit) bytes[pos / 8] |= static_cast<std::uint8_t>(1u << (pos % 8));
    ++pos;
    return true;
  }
  void put(unsigned value, int width) {
    for (int i = 0; i < width; ++i) put((value >> i) & 1u);
  }
  bool get() {
    bool b = (bytes[pos / 8] >> (pos % 8)) & 1u;
    ++pos;
    return b;
  }
  unsigned get(int width) {
    unsigned v = 0;
    for (int i = 0; i < width; ++i) v |= static_cast<unsigned>(get()) << i;
    return v;
  }
};

template <std::size_t N>
std::string encode(const std::array<std::uint8_t, N>& bytes, std::size_t chars) {
  std::string s;
  for (std::size_t c = 0; c < chars; ++c) {
    unsigned v = 0;
    for (int b = 0; b < 6; ++b) {
      std::size_t bit = c * 6 + b;  // big-endian within the base64 stream
      std::size_t byte = bit / 8;
      if (byte < N && (bytes[byte] >> (7 - bit % 8)) & 1u) v |= 1u << (5 - b);
    }
    s += kBase64[v];
  }
  return s;
}

template <std::size_t N>
bool decode(std::string_view s, std::size_t chars, std::array<std::uint8_t, N>& bytes,
            std::string* error, const char* what) {
  if (s.size() != chars) {
    if (error) *error = std::string(what) + " must be " + std::to_string(chars) + " characters, got " +
                        std::to_string(s.size());
    return false;
  }
  bytes.fill(0);
  for (std::size_t c = 0; c < chars; ++c) {
    int v = base64Value(s[c]);
    if (v < 0) {
      if (error) *error = std::string(what) + " has a character outside base64: '" + s[c] + "'";
      return false;
    }
    for (int b = 0; b < 6; ++b) {
      std::size_t bit = c * 6 + b;
      if (!((v >> (5 - b)) & 1)) continue;
      if (bit / 8 >= N) {  // padding must be zero: one position, one ID
        if (error) *error = std::string(what) + " has stray bits in its last character";
        return false;
      }
      bytes[bit / 8] |= static_cast<std::uint8_t>(1u << (7 - bit % 8));
    }
  }
  return true;
}

}  // namespace

std::string positionId(const Position& p) {
  Bits<10> bits;
  for (int who : {1, 0}) {  // the player not on roll comes first
    for (int point = 1; point <= kBar; ++point) {
      for (int n = 0; n < p.side[who][point]; ++n) bits.put(true);
      bits.put(false);
    }
  }
  return encode(bits.bytes, 14);
}

std::optional<Position> parsePositionId(std::string_view id, const VariantSpec& v, std::string* error) {
  Bits<10> bits;
  if (!decode(id, 14, bits.bytes, error, "a Position ID")) return std::nullopt;
  Position p;
  for (int who : {1, 0}) {
    for (int point = 1; point <= kBar; ++point) {
      int n = 0;
      while (true) {
        if (bits.pos >= 80) {
          if (error) *error = "the Position ID holds more checkers than fit in 80 bits";
          return std::nullopt;
        }
        if (!bits.get()) break;
        ++n;
      }
      p.side[who][point] = static_cast<std::uint8_t>(n);
    }
  }
  while (bits.pos < 80)
    if (bits.get()) {
      if (error) *error = "the Position ID has stray bits after the last point";
      return std::nullopt;
    }
  for (int who = 0; who < 2; ++who) {
    int onBoard = checkersOnBoard(p.side[who]);
    if (onBoard > v.checkers) {
      if (error) *error = "the Position ID has " + std::to_string(onBoard) + " checkers for one player; " +
                          std::string(v.name) + " uses " + std::to_string(v.checkers);
      return std::nullopt;
    }
    p.side[who][kOff] = static_cast<std::uint8_t>(v.checkers - onBoard);
  }
  std::string why = validatePosition(p, v);
  if (!why.empty()) {
    if (error) *error = "impossible position: " + why;
    return std::nullopt;
  }
  return p;
}

std::string matchId(const MatchKey& k) {
  Bits<9> bits;
  bits.put(static_cast<unsigned>(k.cubeLog2), 4);
  bits.put(k.cubeOwner < 0 ? 3u : static_cast<unsigned>(k.cubeOwner), 2);
  bits.put(static_cast<unsigned>(k.onRoll), 1);
  bits.put(k.crawford ? 1u : 0u, 1);
  bits.put(static_cast<unsigned>(k.gameState), 3);
  bits.put(static_cast<unsigned>(k.turn), 1);
  bits.put(k.doubled ? 1u : 0u, 1);
  bits.put(static_cast<unsigned>(k.resignation), 2);
  bits.put(static_cast<unsigned>(k.dice.high()), 3);
  bits.put(static_cast<unsigned>(k.dice.low()), 3);
  bits.put(static_cast<unsigned>(k.matchLength), 15);
  bits.put(static_cast<unsigned>(k.score[0]), 15);
  bits.put(static_cast<unsigned>(k.score[1]), 15);
  bits.put(!k.jacoby);
  return encode(bits.bytes, 12);
}

std::optional<MatchKey> parseMatchId(std::string_view id, std::string* error) {
  Bits<9> bits;
  if (!decode(id, 12, bits.bytes, error, "a Match ID")) return std::nullopt;
  MatchKey k;
  k.cubeLog2 = static_cast<int>(bits.get(4));
  unsigned owner = bits.get(2);
  k.cubeOwner = owner == 3 ? -1 : static_cast<int>(owner);
  k.onRoll = static_cast<int>(bits.get(1));
  k.crawford = bits.get(1);
  k.gameState = static_cast<int>(bits.get(3));
  k.turn = static_cast<int>(bits.get(1));
  k.doubled = bits.get(1);
  k.resignation = static_cast<int>(bits.get(2));
  unsigned die1 = bits.get(3), die2 = bits.get(3);
  k.dice.a = static_cast<std::uint8_t>(std::max(die1, die2));
  k.dice.b = static_cast<std::uint8_t>(std::min(die1, die2));
  k.matchLength = static_cast<int>(bits.get(15));
  k.score[0] = static_cast<int>(bits.get(15));
  k.score[1] = static_cast<int>(bits.get(15));
  k.jacoby = !bits.get();
  // gnubg ignores these; refusing them keeps one ID per state (as for Position IDs).
  if (bits.get(5) != 0) {
    if (error) *error = "a Match ID has stray bits after its 67 used bits";
    return std::nullopt;
  }
  auto fail = [&](const std::string& why) {
    if (error) *error = "the Match ID is inconsistent: " + why;
    return std::nullopt;
  };
  if (owner == 2) return fail("cube owner field is 2");
  if (k.cubeLog2 > 12) return fail("cube value 2^" + std::to_string(k.cubeLog2) + " is too large");
  if (k.gameState > 4) return fail("game state " + std::to_string(k.gameState) + " is unknown");
  bool rolled = k.dice.a != 0 || k.dice.b != 0;
  if (rolled && !k.dice.valid()) return fail("dice must be both 0 or both 1-6");
  if (k.matchLength > 0 && (k.score[0] >= k.matchLength || k.score[1] >= k.matchLength) && k.gameState == 1)
    return fail("a game is in play although the match is already won");
  return k;
}

}  // namespace nard
