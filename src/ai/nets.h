// The trained networks shipped with the game (assets/nets/*.nnet, embedded in the
// binary at build time) and their shapes. NARD_NETS_DIR, when set, points at a folder
// of .nnet files that replace the embedded ones (used while training and benchmarking).
#pragma once
#include <array>
#include <string>

#include "evaluator.h"

namespace nard::ai {

enum class NetId : std::uint8_t { StandardContact, StandardRace, Hyper, LongNard, NackgammonContact };
inline constexpr int kNetCount = 5;

const char* netFileName(NetId id);  // "standard-contact.nnet", ...
// A new, untrained net of the right shape for `id`, with random weights from `seed`.
Mlp freshNet(NetId id, std::uint64_t seed);
// How many inputs a net for `id` takes in this build's encoding.
int netInputCount(NetId id);
// Which nets a variant uses (Nackgammon has its own contact net and shares Standard's race
// net, see docs/AI.md).
NetId contactNet(Variant v);
NetId raceNet(Variant v);

// Loads a net for `id` from a .nnet file (or its bytes) and checks that it was trained on
// the encoding this build uses (its input count): a file of another shape is refused with
// the reason, never read out of bounds.
bool loadNet(NetId id, const std::string& path, Mlp& out, std::string* error);
bool loadNet(NetId id, const std::uint8_t* data, std::size_t size, Mlp& out, std::string* error);

struct NetLibrary {
  std::array<Mlp, kNetCount> nets;
  std::array<bool, kNetCount> trained{};  // false: the file was missing (random weights)
  NetSet forVariant(Variant v) const {
    return {&nets[static_cast<int>(contactNet(v))], &nets[static_cast<int>(raceNet(v))]};
  }
};

// Loaded once: from NARD_NETS_DIR if set, else the embedded assets.
const NetLibrary& shippedNets();
// Every net from the .nnet files in `dir`, loaded once per folder and kept (for comparing
// a training run's nets with the shipped ones in one duel). nullptr and the reason when a
// file is missing or damaged. Safe to call from several threads.
const NetLibrary* netsFromDir(const std::string& dir, std::string* error);

// Raw bytes of an asset embedded at build time ("nets/standard-contact.nnet",
// "met/kazaross-xg2.txt"); empty when it was not there at build time.
std::string embeddedAsset(const std::string& name);

}  // namespace nard::ai
