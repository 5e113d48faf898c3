// Hostile and broken links: each is refused with its reason, and the receiving side's
// stored match (its save text) does not change. Also the wire format's own round trips.
#include <doctest/doctest.h>

#include <algorithm>

#include "driver.h"

using namespace friendtest;
using app::FriendError;

namespace {

nard::MatchOptions standard5() {
  nard::MatchOptions o;
  o.matchLength = 5;
  return o;
}

// The message of a link, to be altered and encoded again with a valid check.
app::FriendMessage decoded(const std::string& link) {
  app::FriendRefusal why;
  auto bytes = app::fromBase64url(link);
  REQUIRE(bytes);
  auto m = app::decodeMessage(*bytes, &why);
  REQUIRE_MESSAGE(m, why.detail);
  return *m;
}
std::string encoded(const app::FriendMessage& m) { return app::base64url(app::encodeMessage(m)); }

// Plays until the last link carries a play and a contribution, and is not yet opened.
Pair midGame() {
  Pair p = start(standard5(), "hostile");
  playOut(p, 3, Habits{}, 40);
  for (;;) {
    bool play = false, reveal = false;
    for (const auto& it : decoded(p.links.back()).items)
      play |= it.kind == app::ItemKind::Play, reveal |= it.kind == app::ItemKind::Reveal;
    if (play && reveal) return p;
    REQUIRE(p.links.size() < 200);
    playOut(p, p.links.size(), Habits{}, p.links.size() + 1);
  }
}

// A side's messages, as its save text lists them.
std::vector<std::string> transcriptOf(const app::FriendMatch& f) {
  std::vector<std::string> out;
  std::string text = f.save();
  for (std::size_t at = text.find("\nm "); at != std::string::npos; at = text.find("\nm ", at + 1)) {
    std::size_t end = text.find('\n', at + 1);
    out.push_back(*app::fromBase64url(text.substr(at + 3, end - at - 3)));
  }
  return out;
}

// The first 8 bytes of the history hash after `messages` (docs/FRIEND-PLAY.md, "History").
app::MatchTag historyPrefix(const std::vector<std::string>& messages) {
  nard::Digest h = nard::sha256("nard-friend history");
  for (const std::string& bytes : messages) {
    nard::Sha256 next;
    next.update(h);
    next.update(bytes);
    h = next.finish();
  }
  app::MatchTag t;
  std::copy_n(h.begin(), t.size(), t.begin());
  return t;
}

// The side the last link is addressed to.
app::FriendMatch& receiverOf(Pair& p) { return *p.side[(p.links.size() - 1) % 2 == 0 ? 1 : 0]; }

void refused(Pair& p, const std::string& link, FriendError expected) {
  app::FriendMatch& r = receiverOf(p);
  std::string before = r.save();
  std::string positionBefore = r.match().positionId();
  app::FriendRefusal why = r.receive(link);
  CHECK_MESSAGE(why.error == expected, app::friendErrorCode(why.error), ": ", why.detail);
  CHECK(!why.detail.empty());
  CHECK(r.save() == before);
  CHECK(r.match().positionId() == positionBefore);
}

}  // namespace

TEST_CASE("friend links: every hostile link is refused with its reason, and nothing changes") {
  Pair p = midGame();
  const std::string good = p.links.back();
  auto m = decoded(good);

  SUBCASE("an altered reveal") {
    for (auto& it : m.items)
      if (it.kind == app::ItemKind::Reveal) {
        it.hash[5] ^= 1;
        break;
      }
    refused(p, encoded(m), FriendError::BadReveal);
  }
  SUBCASE("an illegal play") {
    for (auto& it : m.items)
      if (it.kind == app::ItemKind::Play) it.count = 1, it.moves[0] = {1, 0};  // bear off from 1 mid-game
    refused(p, encoded(m), FriendError::Illegal);
  }
  SUBCASE("an altered past move: the sender's history is not ours") {
    // The sender's record with one earlier play changed (its first move one point shorter),
    // as a sender that edited its stored match would hold it; the link it would then send
    // carries that record's history hash.
    std::vector<std::string> past = transcriptOf(*p.side[m.seq % 2]);
    past.pop_back();  // the link itself
    REQUIRE(historyPrefix(past) == m.history);  // the same record gives the link's hash
    bool altered = false;
    for (std::size_t i = past.size(); i-- > 2 && !altered;) {
      auto old = decoded(app::base64url(past[i]));
      for (auto& it : old.items)
        if (it.kind == app::ItemKind::Play && !altered) it.moves[0][1] ^= 1, altered = true;
      if (altered) past[i] = app::encodeMessage(old);
    }
    REQUIRE(altered);
    m.history = historyPrefix(past);
    refused(p, encoded(m), FriendError::HistoryDiffers);
  }
  SUBCASE("a replayed old link") {
    refused(p, p.links[p.links.size() - 3], FriendError::OldLink);
  }
  SUBCASE("the receiver's own link") {
    refused(p, p.links[p.links.size() - 2], FriendError::OwnLink);
  }
  SUBCASE("a link from the future: one in between is missing") {
    m.seq += 2;
    refused(p, encoded(m), FriendError::MissingLink);
  }
  SUBCASE("a link of another match") {
    Pair other = start(standard5(), "another match");
    playOut(other, 3, Habits{}, p.links.size());
    refused(p, other.links.back(), FriendError::OtherMatch);
  }
  SUBCASE("a decision without the contribution that was due first") {
    std::vector<app::FriendItem> kept;
    for (const auto& it : m.items)
      if (it.kind != app::ItemKind::Reveal) kept.push_back(it);
    m.items = kept;
    app::FriendMatch& r = receiverOf(p);
    std::string before = r.save();
    app::FriendRefusal why = r.receive(encoded(m));
    CHECK(why);
    CHECK(r.save() == before);
  }
  SUBCASE("a truncated link") {
    refused(p, good.substr(0, good.size() - 4), FriendError::Damaged);
    for (std::size_t cut = 1; cut < good.size(); ++cut) {
      app::FriendMatch& r = receiverOf(p);
      std::string before = r.save();
      CHECK(r.receive(good.substr(0, cut)));
      CHECK(r.save() == before);
    }
  }
  SUBCASE("random bytes") {
    nard::Rng rng(99);
    for (int n = 0; n < 200; ++n) {
      std::string bytes;
      int size = rng.below(120);
      for (int i = 0; i < size; ++i) bytes += static_cast<char>(rng.below(256));
      app::FriendMatch& r = receiverOf(p);
      std::string before = r.save();
      CHECK(r.receive(app::base64url(bytes)));
      CHECK(r.receive(bytes));
      CHECK(r.save() == before);
    }
    refused(p, "not a link at all!", FriendError::NotALink);
    refused(p, app::base64url(std::string("\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a", 10)), FriendError::Damaged);
  }
  SUBCASE("a newer format") {
    std::string bytes = app::encodeMessage(m);
    bytes[0] = 2;
    refused(p, app::base64url(bytes), FriendError::Version);
  }
  // And after all that, the genuine link still goes through.
  CHECK(!receiverOf(p).receive("https://example.org/nard/#friend=" + good));
}

TEST_CASE("friend links: a contribution without the next chain's commitment due before it") {
  nard::MatchOptions o = standard5();
  for (std::size_t limit = 3; limit < 60; ++limit) {
    Pair p = start(o, "renewal", 2);
    playOut(p, 3, Habits{}, limit);
    auto m = decoded(p.links.back());
    auto anchor = std::find_if(m.items.begin(), m.items.end(),
                               [](const app::FriendItem& it) { return it.kind == app::ItemKind::Anchor; });
    if (anchor == m.items.end() || m.seq < 2) continue;
    m.items.erase(anchor);
    refused(p, encoded(m), FriendError::CommitmentMissing);
    return;
  }
  FAIL("no link renewing a chain");
}

TEST_CASE("friend links: base64url is canonical, and the wire form round-trips") {
  CHECK(app::base64url("") == "");
  CHECK(app::base64url("f") == "Zg");
  CHECK(app::base64url("fo") == "Zm8");
  CHECK(app::base64url("foo") == "Zm9v");
  CHECK(app::base64url("\xfb\xff") == "-_8");
  CHECK(*app::fromBase64url("Zm9v") == "foo");
  CHECK(!app::fromBase64url("Zh"));     // stray bits set
  CHECK(!app::fromBase64url("Zm9vY"));  // a lone sextet
  CHECK(!app::fromBase64url("Zm9v="));  // no padding in links
  CHECK(app::linkPayload("https://x.org/#friend=abc&lang=fa") == "abc");
  CHECK(app::linkPayload("abc") == "abc");

  Pair p = start(standard5(), "round trip");
  playOut(p, 2, Habits{}, 30);
  for (const std::string& link : p.links) {
    auto m = decoded(link);
    CHECK(encoded(m) == link);
  }
}

TEST_CASE("friend links: an invitation with options this game cannot play is refused") {
  app::FriendRefusal why;
  nard::MatchOptions o;
  o.matchLength = 150;
  CHECK(!app::FriendMatch::invite(o, nard::sha256("x"), &why));
  CHECK(why.error == FriendError::BadOptions);
  CHECK(!app::FriendMatch::join("not a link!", nard::sha256("y"), &why));
  CHECK(why.error == FriendError::NotALink);
  // A turn link is no invitation.
  Pair p = start(standard5(), "not an invitation");
  CHECK(!app::FriendMatch::join(p.links[1], nard::sha256("z"), &why));
  CHECK(why.error == FriendError::Malformed);
}
