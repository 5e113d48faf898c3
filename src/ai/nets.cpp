#include "nets.h"

#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>

namespace nard::ai {

const char* netFileName(NetId id) {
  switch (id) {
    case NetId::StandardContact: return "standard-contact.nnet";
    case NetId::StandardRace: return "standard-race.nnet";
    case NetId::Hyper: return "hyper.nnet";
    case NetId::LongNard: return "longnard.nnet";
  }
  return "";
}

Mlp freshNet(NetId id, std::uint64_t seed) {
  // Hidden sizes: big enough to learn the game, small enough for 2-ply in the browser.
  int hidden = id == NetId::StandardContact || id == NetId::LongNard ? 128 : 64;
  Geometry g = id == NetId::LongNard ? Geometry::SameDirection : Geometry::Opposed;
  Mlp m(inputCount(g), hidden);
  m.randomize(seed);
  return m;
}

namespace {

// The nets of each family of variants (VariantSpec::netFamily): a table, so a new
// variant names its family instead of adding a case here.
struct NetFamily {
  std::string_view name;
  NetId contact, race;
};
constexpr NetFamily kNetFamilies[] = {
    {"standard", NetId::StandardContact, NetId::StandardRace},
    {"hyper", NetId::Hyper, NetId::Hyper},
    {"longnard", NetId::LongNard, NetId::LongNard},
};

const NetFamily& familyOf(Variant v) {
  for (const NetFamily& f : kNetFamilies)
    if (f.name == spec(v).netFamily) return f;
  return kNetFamilies[0];  // unreachable for the variants in variant.cpp (tested)
}

}  // namespace

NetId contactNet(Variant v) { return familyOf(v).contact; }
NetId raceNet(Variant v) { return familyOf(v).race; }

const NetLibrary* netsFromDir(const std::string& dir, std::string* error) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<NetLibrary>> loaded;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = loaded.find(dir); it != loaded.end()) return it->second.get();
  auto lib = std::make_unique<NetLibrary>();
  for (int i = 0; i < kNetCount; ++i) {
    const std::string path = dir + "/" + netFileName(static_cast<NetId>(i));
    std::string why;
    if (!lib->nets[i].loadFile(path, &why)) {
      if (error) *error = path + ": " + why;
      return nullptr;
    }
    lib->trained[i] = true;
  }
  return (loaded[dir] = std::move(lib)).get();
}

const NetLibrary& shippedNets() {
  static const NetLibrary lib = [] {
    NetLibrary l;
    const char* dir = std::getenv("NARD_NETS_DIR");
    for (int i = 0; i < kNetCount; ++i) {
      NetId id = static_cast<NetId>(i);
      std::string error;
      bool ok = false;
      if (dir && *dir) {
        ok = l.nets[i].loadFile(std::string(dir) + "/" + netFileName(id), &error);
      } else {
        std::string bytes = embeddedAsset(std::string("nets/") + netFileName(id));
        ok = !bytes.empty() &&
             l.nets[i].deserialize(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(), &error);
      }
      l.trained[i] = ok;
      if (!ok) l.nets[i] = freshNet(id, 1000 + i);  // plays, badly: better than nothing
    }
    return l;
  }();
  return lib;
}

}  // namespace nard::ai
