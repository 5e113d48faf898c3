#include "friend_match.h"

#include <algorithm>
#include <utility>

namespace app {
namespace {

using nard::Phase;

FriendRefusal refusal(FriendError e, std::string detail) { return FriendRefusal{e, std::move(detail)}; }

MatchTag prefix(const nard::Digest& d) {
  MatchTag t;
  std::copy_n(d.begin(), t.size(), t.begin());
  return t;
}

nard::Digest historyAfter(const nard::Digest& before, std::string_view message) {
  nard::Sha256 h;
  h.update(before);
  h.update(message);
  return h.finish();
}

bool sameOptions(const nard::MatchOptions& a, const nard::MatchOptions& b) {
  return a.variant == b.variant && a.rules == b.rules && a.matchLength == b.matchLength && a.cube == b.cube &&
         a.crawford == b.crawford && a.jacoby == b.jacoby && a.beaver == b.beaver &&
         a.lowerDieStarts == b.lowerDieStarts && a.clock == b.clock;
}

std::optional<FriendMessage> decodeLink(std::string_view link, std::string* bytes, FriendRefusal* why) {
  std::string_view payload = linkPayload(link);
  auto raw = fromBase64url(payload);
  if (!raw || raw->empty()) {
    // Only the link's own letters, but no whole message: most likely cut short in transit.
    *why = base64urlLetters(payload)
               ? refusal(FriendError::Damaged, "the link is cut short or altered (its letters end mid-byte)")
               : refusal(FriendError::NotALink, "the text is not a friend-play link (not base64url)");
    return std::nullopt;
  }
  *bytes = *raw;
  return decodeMessage(*raw, why);
}

}  // namespace

FriendMatch::FriendMatch(const nard::MatchOptions& options, int side, const nard::Digest& seed, int chainLog2)
    : options_(options), match_(options), side_(side), seed_(seed), chainLog2_(chainLog2),
      chain_(hashChain(seed, 1 << chainLog2)), history_(nard::sha256("nard-friend history")) {}

const std::vector<nard::Digest>& FriendMatch::ownChain(int epoch) {
  if (epoch != chainEpoch_) {
    chain_ = hashChain(epochSeed(seed_, epoch), chainLength());
    chainEpoch_ = epoch;
  }
  return chain_;
}

std::optional<FriendMatch> FriendMatch::invite(const nard::MatchOptions& options, const nard::Digest& seed,
                                               FriendRefusal* why, int chainLog2) {
  nard::MatchOptions o = options;
  o.clock = false;  // the clock stays a local-play feature
  // The invitation has one byte for the length; the engine allows up to 99.
  if (std::string bad = nard::Match::validate(o); !bad.empty()) {
    if (why) *why = refusal(FriendError::BadOptions, bad);
    return std::nullopt;
  }
  if (chainLog2 < kMinChainLog2 || chainLog2 > kMaxChainLog2) {
    if (why) *why = refusal(FriendError::BadOptions, "no such length of dice chains");
    return std::nullopt;
  }
  FriendMatch f(o, 0, seed, chainLog2);
  f.tag_ = matchTagFor(f.chain_.back());
  f.fillAndSeal();
  return f;
}

std::optional<FriendMatch> FriendMatch::join(std::string_view invitation, const nard::Digest& seed,
                                             FriendRefusal* why) {
  FriendRefusal r;
  std::string bytes;
  auto m = decodeLink(invitation, &bytes, &r);
  if (m && (m->seq != 0 || !m->options)) r = refusal(FriendError::Malformed, "the link is not an invitation");
  if (m && !r) {
    if (std::string bad = nard::Match::validate(*m->options); !bad.empty()) r = refusal(FriendError::BadOptions, bad);
  }
  if (!r) {
    FriendMatch f(*m->options, 1, seed, m->chainLog2);
    f.tag_ = m->match;
    r = f.applyMessage(*m, bytes);
    if (!r) {
      f.fillAndSeal();
      return f;
    }
  }
  if (why) *why = r;
  return std::nullopt;
}

FriendRefusal FriendMatch::receive(std::string_view link) {
  FriendRefusal r;
  std::string bytes;
  auto m = decodeLink(link, &bytes, &r);
  if (!m) return r;
  if (m->match != tag_) return refusal(FriendError::OtherMatch, "the link belongs to another match");
  if (static_cast<int>(m->seq % 2) == side_) return refusal(FriendError::OwnLink, "this is a link this side sent");
  FriendMatch copy = *this;
  if ((r = copy.applyMessage(*m, bytes))) return r;
  copy.fillAndSeal();
  *this = std::move(copy);
  return {};
}

FriendRefusal FriendMatch::applyMessage(const FriendMessage& m, std::string_view bytes) {
  const int sender = static_cast<int>(m.seq % 2);
  if (m.match != tag_) return refusal(FriendError::OtherMatch, "the link belongs to another match");
  if (m.seq < transcript_.size()) {
    bool same = transcript_[m.seq] == bytes;
    return refusal(FriendError::OldLink, same ? "this link was already opened" : "an older link, not the one expected");
  }
  if (match_.phase() == Phase::MatchOver) return refusal(FriendError::MatchOver, "the match is over");
  if (m.seq > transcript_.size())
    return refusal(FriendError::MissingLink, "a link sent before this one has not been opened yet");
  if (m.history != prefix(history_))
    return refusal(FriendError::HistoryDiffers, "the sender's record of the match differs from this one's");
  if (m.seq == 0 && (!m.options || !sameOptions(*m.options, options_) || m.chainLog2 != chainLog2_))
    return refusal(FriendError::BadOptions, "the invitation's options differ");
  pen_ = sender;
  for (std::size_t i = 0; i < m.items.size(); ++i) {
    if (FriendRefusal r = applyItem(sender, m.items[i])) {
      r.detail = "item " + std::to_string(i + 1) + ": " + r.detail;
      return r;
    }
  }
  if (waitingFor() == sender)
    return refusal(FriendError::IncompleteTurn, "the message stops before the sender's turn is complete");
  transcript_.emplace_back(bytes);
  history_ = historyAfter(history_, bytes);
  outgoing_.clear();
  return {};
}

bool FriendMatch::readyToRoll() const {
  if (!anchor_[0] || !anchor_[1]) return false;
  Phase p = match_.phase();
  return p == Phase::Opening || (p == Phase::Rolling && (noDouble_ || !match_.canDouble()));
}

// The side holding the pen reveals first once nothing but the dice stands before the
// roll; the other side reveals in its next message. Neither can reveal earlier.
bool FriendMatch::revealDue(int player) const {
  return readyToRoll() && revealed_[player] == rolls_ && (pen_ == player || revealed_[1 - player] > rolls_);
}

// Halfway through each chain, a side's contribution comes with its next chain's anchor
// first: both are committed long before the first roll that uses them, and at a time when
// neither has seen anything of the other's next chain.
bool FriendMatch::renewalDue(int player) const {
  return revealDue(player) && rolls_ % chainLength() == chainLength() / 2 && !nextAnchor_[player];
}

int FriendMatch::waitingFor() const {
  if (match_.phase() == Phase::MatchOver) return -1;
  for (int p = 0; p < 2; ++p)
    if (!anchor_[p]) return p;
  if (readyToRoll()) return revealed_[pen_] == rolls_ ? pen_ : 1 - pen_;
  return match_.turn();  // a cube decision (onRoll), a play, or an answer
}

bool FriendMatch::cubeDecisionPending() const {
  return match_.phase() == Phase::Rolling && match_.onRoll() == side_ && match_.canDouble() && !noDouble_;
}

FriendRefusal FriendMatch::applyItem(int sender, const FriendItem& item) {
  if (match_.phase() == Phase::MatchOver) return refusal(FriendError::MatchOver, "the match is over");
  if (waitingFor() != sender) {
    return item.kind == ItemKind::Reveal
               ? refusal(FriendError::RevealOutOfTurn, "a dice contribution when the other side's was due")
               : refusal(FriendError::NotYourDecision, "the decision belongs to the other side");
  }
  if (item.kind == ItemKind::Anchor && anchor_[sender]) {
    if (!renewalDue(sender)) return refusal(FriendError::Malformed, "a commitment to a next chain out of turn");
    nextAnchor_[sender] = item.hash;
    return {};
  }
  if (item.kind == ItemKind::Anchor) {
    if (sender == 0 && matchTagFor(item.hash) != tag_)
      return refusal(FriendError::OtherMatch, "the match tag does not belong to the inviter's commitment");
    anchor_[sender] = lastReveal_[sender] = item.hash;
    return advance();
  }
  if (!anchor_[sender]) return refusal(FriendError::Malformed, "a decision before the sender's commitment");
  if (item.kind == ItemKind::Reveal) {
    if (!revealDue(sender)) return refusal(FriendError::RevealOutOfTurn, "a dice contribution before its time");
    if (renewalDue(sender))
      return refusal(FriendError::CommitmentMissing, "the sender's next dice chain was due before this contribution");
    if (!revealFollows(item.hash, lastReveal_[sender]))
      return refusal(FriendError::BadReveal, "a dice contribution that does not match the sender's commitment");
    lastReveal_[sender] = item.hash;
    ++revealed_[sender];
    return advance();
  }
  if (revealDue(sender)) return refusal(FriendError::RevealMissing, "the sender's dice contribution was due first");
  std::string why;
  switch (item.kind) {
    case ItemKind::NoDouble:
      if (match_.phase() != Phase::Rolling || match_.onRoll() != sender || noDouble_ || !match_.canDouble())
        why = "no cube decision is open";
      else
        noDouble_ = true;
      break;
    case ItemKind::Double: why = match_.offerDouble(); break;
    case ItemKind::Take: why = match_.take(); break;
    case ItemKind::Pass: why = match_.pass(); break;
    case ItemKind::Beaver: why = match_.beaver(); break;
    case ItemKind::Resign: why = match_.resign(static_cast<nard::ResultKind>(item.value)); break;
    case ItemKind::AcceptResign: why = match_.acceptResignation(); break;
    case ItemKind::RejectResign: why = match_.rejectResignation(); break;
    case ItemKind::Play: {
      nard::Play p;
      p.count = item.count;
      for (std::size_t i = 0; i < item.count; ++i) {
        p.moves[i].from = static_cast<std::int8_t>(item.moves[i][0]);
        p.moves[i].to = static_cast<std::int8_t>(item.moves[i][1]);
      }
      why = match_.play(p);
      break;
    }
    default: why = "unexpected item";
  }
  if (!why.empty()) return refusal(FriendError::Illegal, why);
  return advance();
}

// Deals every roll both contributions allow and starts the next game after one ends.
FriendRefusal FriendMatch::advance() {
  for (;;) {
    if (match_.phase() == Phase::GameOver) {
      if (std::string why = match_.nextGame(); !why.empty()) return refusal(FriendError::Illegal, why);
      noDouble_ = false;
      continue;
    }
    if (!readyToRoll() || revealed_[0] <= rolls_ || revealed_[1] <= rolls_) return {};
    bool opening = match_.phase() == Phase::Opening;
    nard::Dice d = deriveRoll(rolls_, lastReveal_[0], lastReveal_[1], opening);
    const bool lastOfChain = rolls_ % chainLength() == chainLength() - 1;
    if (lastOfChain && (!nextAnchor_[0] || !nextAnchor_[1]))
      return refusal(FriendError::CommitmentMissing, "a dice chain ends before both sides committed to the next");
    std::string why = opening ? match_.rollOpening(d) : match_.roll(d);
    if (!why.empty()) return refusal(FriendError::Illegal, why);
    if (lastOfChain) {
      for (int s = 0; s < 2; ++s) lastReveal_[s] = *std::exchange(nextAnchor_[s], std::nullopt);
    }
    ++rolls_;
    noDouble_ = false;
  }
}

void FriendMatch::fillAndSeal() {
  pen_ = side_;
  while (waitingFor() == side_) {
    FriendItem item;
    if (!anchor_[side_]) {
      item.kind = ItemKind::Anchor;
      item.hash = ownChain(0).back();
    } else if (renewalDue(side_)) {
      item.kind = ItemKind::Anchor;
      item.hash = hashChain(epochSeed(seed_, rolls_ / chainLength() + 1), chainLength()).back();
    } else if (revealDue(side_)) {
      item.kind = ItemKind::Reveal;
      item.hash = chainReveal(ownChain(rolls_ / chainLength()), rolls_ % chainLength());
    } else {
      break;  // a decision of this side's
    }
    if (applyItem(side_, item)) break;  // cannot happen: our own chain follows itself
    draft_.push_back(item);
  }
  if (waitingFor() != side_ && !draft_.empty()) seal();
}

void FriendMatch::seal() {
  FriendMessage m;
  m.match = tag_;
  m.seq = static_cast<std::uint32_t>(transcript_.size());
  m.history = prefix(history_);
  if (m.seq == 0) m.options = options_, m.chainLog2 = static_cast<std::uint8_t>(chainLog2_);
  m.items = std::move(draft_);
  draft_.clear();
  std::string bytes = encodeMessage(m);
  history_ = historyAfter(history_, bytes);
  outgoing_ = base64url(bytes);
  transcript_.push_back(std::move(bytes));
}

std::string FriendMatch::act(const FriendItem& item) {
  if (waitingFor() != side_) return "it is the other side's turn";
  FriendMatch copy = *this;
  copy.pen_ = side_;
  if (FriendRefusal r = copy.applyItem(side_, item)) return r.detail;
  copy.draft_.push_back(item);
  copy.fillAndSeal();
  *this = std::move(copy);
  return {};
}

std::string FriendMatch::play(const nard::Play& p) {
  FriendItem item{ItemKind::Play};
  if (p.count < 1 || p.count > 4) return "a play has one to four moves";
  item.count = p.count;
  for (int i = 0; i < p.count; ++i) {
    const nard::Move& mv = p.moves[static_cast<std::size_t>(i)];
    if (mv.from < 1 || mv.from > nard::kBar || mv.to < 0 || mv.to >= mv.from) return "not a legal play with this roll";
    item.moves[static_cast<std::size_t>(i)] = {static_cast<std::uint8_t>(mv.from), static_cast<std::uint8_t>(mv.to)};
  }
  return act(item);
}
std::string FriendMatch::offerDouble() { return act(FriendItem{ItemKind::Double}); }
std::string FriendMatch::noDouble() { return act(FriendItem{ItemKind::NoDouble}); }
std::string FriendMatch::take() { return act(FriendItem{ItemKind::Take}); }
std::string FriendMatch::pass() { return act(FriendItem{ItemKind::Pass}); }
std::string FriendMatch::beaver() { return act(FriendItem{ItemKind::Beaver}); }
std::string FriendMatch::acceptResignation() { return act(FriendItem{ItemKind::AcceptResign}); }
std::string FriendMatch::rejectResignation() { return act(FriendItem{ItemKind::RejectResign}); }
std::string FriendMatch::resign(nard::ResultKind kind) {
  FriendItem item{ItemKind::Resign};
  item.value = static_cast<std::uint8_t>(kind);
  return act(item);
}

}  // namespace app
