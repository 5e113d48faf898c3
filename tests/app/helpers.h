// Shared by the app tests.
#pragma once
#include <memory>

#include "app/session.h"

namespace app::test {

// A reproducible dice source for a Session.
inline DiceSource seeded(std::uint64_t seed) {
  auto rng = std::make_shared<nard::Rng>(seed);
  return [rng] { return rng->roll(); };
}

}  // namespace app::test
