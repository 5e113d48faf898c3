// A match between friends, one side's copy (docs/FRIEND-PLAY.md): the engine's Match, both
// sides' dice commitments and contributions, and every message exchanged. This side's
// decisions go in through the actions below; they fill the next message, which is sealed
// into a link as soon as the other side must act. The other side's link goes in through
// receive(), which checks all of it on a copy and changes nothing unless all of it holds.
//
// The state is a function of (side, seed, messages): save() stores just those, load()
// replays every message through the same checks, so a stored match is restored exactly
// or refused.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/match.h"
#include "friend_dice.h"
#include "friend_wire.h"

namespace app {

class FriendMatch {
 public:
  // A new match offered by this side, which plays as player 0. `seed`: 32 bytes from a
  // cryptographic source (the browser's crypto.getRandomValues), kept secret and never
  // reused. The invitation is outgoingLink() right away.
  // `chainLog2`: rolls per dice chain, log 2 (tests use short chains to renew them often).
  static std::optional<FriendMatch> invite(const nard::MatchOptions& options, const nard::Digest& seed,
                                           FriendRefusal* why, int chainLog2 = kDefaultChainLog2);
  // Joins the match of an invitation link as player 1; the answer is outgoingLink().
  static std::optional<FriendMatch> join(std::string_view invitation, const nard::Digest& seed,
                                         FriendRefusal* why);

  // Applies the other side's link. On refusal nothing changes.
  FriendRefusal receive(std::string_view link);

  // This side's decisions: "" or why refused (nothing changes then).
  std::string play(const nard::Play& play);
  std::string offerDouble();
  std::string noDouble();  // roll without doubling, where a double was possible
  std::string take();
  std::string pass();
  std::string beaver();
  std::string resign(nard::ResultKind kind);
  std::string acceptResignation();
  std::string rejectResignation();

  // The link payload to send (base64url; the UI puts it after "#friend="): this side's
  // last message while the other side must answer it, else "".
  const std::string& outgoingLink() const { return outgoing_; }
  // Whether this side must decide something now (the other side's link is not awaited).
  bool mustAct() const { return waitingFor() == side_; }
  // Whether the next roll needs a message from the other side only because this side may
  // double (the extra message the game mentions): this side must choose double or roll.
  bool cubeDecisionPending() const;
  // Whether this copy already holds `player`'s contribution to the next roll. The tests
  // check the protocol's promise with it: no side holds the other's before it has made
  // every decision that comes before that roll.
  bool holdsNextContribution(int player) const { return revealed_[player] > rolls_; }
  int side() const { return side_; }
  const nard::Match& match() const { return match_; }
  const MatchTag& tag() const { return tag_; }
  std::size_t messageCount() const { return transcript_.size(); }
  int rollsDealt() const { return rolls_; }

  // The save text for the browser's storage: side, seed (secret: this side's storage
  // only), every message. load() replays it through receive's checks.
  std::string save() const;
  static std::optional<FriendMatch> load(std::string_view text, FriendRefusal* why);

 private:
  FriendMatch(const nard::MatchOptions& options, int side, const nard::Digest& seed, int chainLog2);
  int chainLength() const { return 1 << chainLog2_; }
  const std::vector<nard::Digest>& ownChain(int epoch);  // this side's chain number `epoch`
  bool renewalDue(int player) const;  // `player` must commit to its next chain now
  // Which side must supply the next item: a decision, a commitment or a contribution;
  // -1 when the match is over.
  int waitingFor() const;
  bool readyToRoll() const;
  bool revealDue(int player) const;
  FriendRefusal applyMessage(const FriendMessage& m, std::string_view bytes);
  FriendRefusal applyItem(int sender, const FriendItem& item);
  FriendRefusal advance();   // rolls both contributions allow, next games
  std::string act(const FriendItem& item);  // a local decision, then this side's part
  void fillAndSeal();        // this side's commitment and contributions when due; seal
  void seal();

  nard::MatchOptions options_;
  nard::Match match_;
  int side_ = 0;
  nard::Digest seed_{};
  int chainLog2_ = kDefaultChainLog2;
  std::vector<nard::Digest> chain_;              // this side's chain number chainEpoch_
  int chainEpoch_ = 0;
  std::array<std::optional<nard::Digest>, 2> anchor_;      // each side's first commitment
  std::array<std::optional<nard::Digest>, 2> nextAnchor_;  // each side's next chain, once sent
  std::array<nard::Digest, 2> lastReveal_{};     // each side's last verified chain value
  std::array<int, 2> revealed_{0, 0};            // contributions each side has revealed
  int rolls_ = 0;                                // rolls derived so far
  bool noDouble_ = false;                        // the mover chose to roll without doubling
  int pen_ = 0;                                  // the side whose message is being applied
  MatchTag tag_{};
  std::vector<std::string> transcript_;          // every sealed message's bytes, in order
  nard::Digest history_{};                       // hash over the transcript
  std::vector<FriendItem> draft_;                // this side's items not yet sealed
  std::string outgoing_;
};

}  // namespace app
