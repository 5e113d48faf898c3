// Loading nets (src/ai/nets.h): a file trained for another encoding is refused with the
// reason instead of being read past its weights.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>

#include "ai/encoding.h"
#include "ai/nets.h"

using namespace nard;
using namespace nard::ai;

TEST_CASE("a net file is loaded only for the encoding it was trained on") {
  const std::string dir = (std::filesystem::temp_directory_path() / "nard_nets_test").string();
  std::filesystem::create_directories(dir);
  const std::string longPath = dir + "/longnard.nnet", shortPath = dir + "/short.nnet";
  REQUIRE(freshNet(NetId::LongNard, 1).saveFile(longPath));
  REQUIRE(Mlp(inputCount(Geometry::Opposed) - 4, 8).saveFile(shortPath));

  Mlp m;
  std::string error;
  CHECK(loadNet(NetId::LongNard, longPath, m, &error));
  CHECK(m.inputs() == inputCount(Geometry::SameDirection));

  CHECK_FALSE(loadNet(NetId::StandardContact, longPath, m, &error));  // Long Nard's shape
  CHECK(error.find(std::to_string(inputCount(Geometry::SameDirection)) + " inputs") != std::string::npos);
  CHECK(error.find("the encoding has " + std::to_string(inputCount(Geometry::Opposed))) != std::string::npos);
  CHECK_FALSE(loadNet(NetId::Hyper, shortPath, m, &error));
  CHECK_FALSE(loadNet(NetId::Hyper, dir + "/missing.nnet", m, &error));

  // A folder whose nets do not fit is refused as a whole, with the file named.
  std::filesystem::copy_file(longPath, dir + "/standard-contact.nnet", std::filesystem::copy_options::overwrite_existing);
  for (NetId id : {NetId::StandardRace, NetId::Hyper})
    REQUIRE(freshNet(id, 2).saveFile(dir + "/" + netFileName(id)));
  CHECK(netsFromDir(dir, &error) == nullptr);
  CHECK(error.find("standard-contact.nnet") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("each variant plays with its family's nets, all of them shipped") {
  CHECK(contactNet(Variant::Standard) == NetId::StandardContact);
  CHECK(raceNet(Variant::Standard) == NetId::StandardRace);
  // Nackgammon's openings lead to other middle games, but its races are Standard's.
  CHECK(contactNet(Variant::Nackgammon) == NetId::NackgammonContact);
  CHECK(raceNet(Variant::Nackgammon) == NetId::StandardRace);
  CHECK(contactNet(Variant::Hyper) == NetId::Hyper);
  CHECK(contactNet(Variant::LongNard) == NetId::LongNard);
  CHECK(raceNet(Variant::LongNard) == NetId::LongNard);

  if (std::getenv("NARD_NETS_DIR")) return;  // another folder's nets replace the embedded ones
  const NetLibrary& shipped = shippedNets();
  for (int i = 0; i < kNetCount; ++i) {
    CAPTURE(netFileName(static_cast<NetId>(i)));
    CHECK(shipped.trained[i]);
    CHECK(shipped.nets[i].gamesTrained > 0);
  }
}
