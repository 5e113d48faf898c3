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
    case NetId::NackgammonContact: return "nackgammon-contact.nnet";
  }
  return "";
}

namespace {
Geometry geometryOf(NetId id) { return id == NetId::LongNard ? Geometry::SameDirection : Geometry::Opposed; }

bool matchesEncoding(NetId id, const std::string& what, const Mlp& m, std::string* error) {
  const int want = netInputCount(id);
  if (m.inputs() == want) return true;
  if (error) *error = what + ": " + std::to_string(m.inputs()) + " inputs, the encoding has " + std::to_string(want);
  return false;
}
}  // namespace

bool loadNet(NetId id, const std::string& path, Mlp& out, std::string* error) {
  return out.loadFile(path, error) && matchesEncoding(id, path, out, error);
}

bool loadNet(NetId id, const std::uint8_t* data, std::size_t size, Mlp& out, std::string* error) {
  return out.deserialize(data, size, error) && matchesEncoding(id, netFileName(id), out, error);
}

int netInputCount(NetId id) { return inputCount(geometryOf(id)); }

Mlp freshNet(NetId id, std::uint64_t seed) {
  // Hidden sizes: big enough to learn the game, small enough for 2-ply in the browser.
  int hidden = id == NetId::StandardRace || id == NetId::Hyper ? 64 : 128;
  Mlp m(netInputCount(id), hidden);
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
    {"nackgammon", NetId::NackgammonContact, NetId::StandardRace},
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
    if (!loadNet(static_cast<NetId>(i), path, lib->nets[i], &why)) {
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
        ok = loadNet(id, std::string(dir) + "/" + netFileName(id), l.nets[i], &error);
      } else {
        std::string bytes = embeddedAsset(std::string("nets/") + netFileName(id));
        ok = !bytes.empty() &&
             loadNet(id, reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(), l.nets[i], &error);
      }
      l.trained[i] = ok;
      if (!ok) l.nets[i] = freshNet(id, 1000 + i);  // plays, badly: better than nothing
    }
    return l;
  }();
  return lib;
}

}  // namespace nard::ai
