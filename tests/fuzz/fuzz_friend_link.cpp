// Fuzz: a friend-play link (docs/FRIEND-PLAY.md). Decoding refuses with a reason or gives
// a message that encodes back to the same bytes; as an invitation or as the next link of
// a match under way it is refused with a reason or applied, and a refusal changes nothing.
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

#include "app/friend_match.h"

namespace {

// A match two links in: the host before it opens the guest's first turn, the link
// tests/fuzz/corpus/friend_link/link3 (the seeds' other files are the match's other links).
const app::FriendMatch& hostWaiting() {
  static const app::FriendMatch host = [] {
    app::FriendRefusal why;
    nard::MatchOptions o;
    o.matchLength = 3;
    auto h = app::FriendMatch::invite(o, nard::sha256("fuzz host"), &why);
    auto g = app::FriendMatch::join(h->outgoingLink(), nard::sha256("fuzz guest"), &why);
    app::FriendMatch* side[2] = {&*h, &*g};
    std::string link = g->outgoingLink();
    for (int n = 0; n < 2; ++n) {  // each side in turn: no double, the first legal play
      app::FriendMatch& r = *side[n % 2];
      if (r.receive(link)) std::abort();
      while (r.mustAct())
        if (!(r.cubeDecisionPending() ? r.noDouble() : r.play(r.match().legalPlays()[0])).empty()) std::abort();
      link = r.outgoingLink();
    }
    return *h;
  }();
  return host;
}

// One input, two ways: as it is (the check almost always refuses it), and with its check
// appended, so that mutations reach the decoder's fields and the match's checks behind it.
// The corpus holds genuine messages without their 4-byte check.
void tryLink(const std::string& bytes) {
  app::FriendRefusal why;
  if (auto m = app::decodeMessage(bytes, &why)) {
    if (app::encodeMessage(*m) != bytes) std::abort();  // one wire form per message
  } else if (!why || why.detail.empty()) {
    std::abort();
  }
  std::string link = app::base64url(bytes);
  if (!app::FriendMatch::join(link, nard::sha256("fuzz joiner"), &why) && why.detail.empty()) std::abort();
  app::FriendMatch host = hostWaiting();
  std::string before = host.save();
  app::FriendRefusal r = host.receive(link);
  if (r && host.save() != before) std::abort();
  if (!r && !host.match().checkInvariants().empty()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  tryLink(bytes);
  nard::Digest check = nard::sha256(bytes);
  tryLink(bytes + std::string(check.begin(), check.begin() + 4));
  return 0;
}
