// SHA-256 against the FIPS 180-4 examples (NIST's "Example Algorithm" vectors) and the
// long message of a million 'a's, also fed in uneven pieces across block boundaries.
#include <doctest/doctest.h>

#include <string>

#include "engine/sha256.h"

using nard::sha256;
using nard::toHex;

TEST_CASE("SHA-256: the FIPS 180-4 vectors") {
  CHECK(toHex(sha256("")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(toHex(sha256("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(toHex(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")) ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  std::string million(1000000, 'a');
  CHECK(toHex(sha256(million)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("SHA-256: the same digest however the input is split") {
  std::string million(1000000, 'a');
  nard::Sha256 h;
  std::size_t at = 0, piece = 1;
  while (at < million.size()) {
    std::size_t n = std::min(piece, million.size() - at);
    h.update(std::string_view(million).substr(at, n));
    at += n;
    piece = piece * 3 % 197 + 1;  // 1..197 bytes: every offset within a block
  }
  CHECK(toHex(h.finish()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  // 55, 56 and 64 bytes: the padding fits, just does not fit, and needs a block of its own.
  CHECK(toHex(sha256(std::string(55, 'a'))) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
  CHECK(toHex(sha256(std::string(56, 'a'))) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
  CHECK(toHex(sha256(std::string(64, 'a'))) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}
