// Two FriendMatch objects playing each other by exchanging links, with decisions drawn
// from a seeded generator: shared by the friend-play tests.
#pragma once
#include <doctest/doctest.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/friend_match.h"
#include "engine/dice.h"

namespace friendtest {

inline nard::Digest seedFrom(const std::string& label) { return nard::sha256(label); }

// How often each side doubles when it may (percent), passes a double, beavers.
struct Habits {
  int doublePercent = 25, passPercent = 30, beaverPercent = 10, resignPercent = 0;
};

struct Pair {
  std::optional<app::FriendMatch> side[2];
  std::vector<std::string> links;  // every link, in order (the invitation first)
  std::size_t longestLink = 0;
};

// The invitation and its answer.
inline Pair start(const nard::MatchOptions& o, const std::string& label, int chainLog2 = app::kDefaultChainLog2) {
  Pair p;
  app::FriendRefusal why;
  p.side[0] = app::FriendMatch::invite(o, seedFrom(label + " host"), &why, chainLog2);
  REQUIRE(p.side[0]);
  p.links.push_back(p.side[0]->outgoingLink());
  p.side[1] = app::FriendMatch::join(p.links.back(), seedFrom(label + " guest"), &why);
  REQUIRE_MESSAGE(p.side[1], why.detail);
  p.links.push_back(p.side[1]->outgoingLink());
  return p;
}

// One side's decisions until it must wait for the other.
inline void decide(app::FriendMatch& f, nard::Rng& rng, const Habits& h) {
  using nard::Phase;
  const int other = 1 - f.side();
  while (f.mustAct()) {
    const nard::Match& m = f.match();
    std::string err;
    // The protocol's promise: deciding, this side cannot know a roll its decision precedes.
    // Before a cube decision or an answer to a double: the coming roll. While playing: the
    // next one (this side may hold its own contribution to it, never the other's).
    CHECK_FALSE(f.holdsNextContribution(other));
    if (f.cubeDecisionPending()) {
      err = rng.below(100) < h.doublePercent ? f.offerDouble() : f.noDouble();
    } else if (m.phase() == Phase::Doubled) {
      if (m.canBeaver() && rng.below(100) < h.beaverPercent) err = f.beaver();
      else err = rng.below(100) < h.passPercent ? f.pass() : f.take();
    } else if (m.phase() == Phase::Beavered) {
      err = f.take();
    } else if (m.phase() == Phase::Resigning) {
      err = f.acceptResignation();
    } else if (m.phase() == Phase::Moving) {
      if (rng.below(1000) < h.resignPercent) {
        err = f.resign(nard::ResultKind::Single);
      } else {
        const auto& plays = m.legalPlays();
        err = f.play(plays[static_cast<std::size_t>(rng.below(static_cast<int>(plays.size())))]);
      }
    } else {
      FAIL("a side must act in phase " << static_cast<int>(m.phase()));
    }
    REQUIRE_MESSAGE(err.empty(), err);
  }
}

// Whether `before` is the start of `after`: the receiver replayed what the sender did.
inline bool samePast(const nard::Record& before, const nard::Record& after) {
  if (before.size() > after.size()) return false;
  for (std::size_t i = 0; i < before.size(); ++i) {
    const nard::Event &a = before[i], &b = after[i];
    if (a.kind != b.kind || a.player != b.player || !(a.dice == b.dice) || a.count != b.count || a.value != b.value)
      return false;
    for (int k = 0; k < a.count; ++k)
      if (a.moves[k].from != b.moves[k].from || a.moves[k].to != b.moves[k].to) return false;
  }
  return true;
}

// Plays on to the end of the match (or until there are `maxLinks` links) from wherever the
// pair stands; after every link both copies agree.
inline void playOut(Pair& p, std::uint64_t seed, const Habits& h, std::size_t maxLinks = 100000,
                    const std::function<void(Pair&)>& afterEach = {}) {
  nard::Rng rng(seed);
  int receiver = (p.links.size() - 1) % 2 == 0 ? 1 : 0;  // the side the last link is for
  while (p.links.size() < maxLinks) {
    app::FriendMatch& r = *p.side[receiver];
    app::FriendRefusal why = r.receive(p.links.back());
    REQUIRE_MESSAGE(!why, app::friendErrorCode(why.error), ": ", why.detail);
    CHECK(samePast(p.side[1 - receiver]->match().record(), r.match().record()));
    decide(r, rng, h);
    if (afterEach) afterEach(p);
    if (r.outgoingLink().empty()) break;  // the match ended on the message received
    p.links.push_back(r.outgoingLink());
    p.longestLink = std::max(p.longestLink, p.links.back().size());
    receiver = 1 - receiver;
    if (r.match().phase() == nard::Phase::MatchOver) {
      REQUIRE(!p.side[receiver]->receive(p.links.back()));
      break;
    }
  }
}

}  // namespace friendtest
