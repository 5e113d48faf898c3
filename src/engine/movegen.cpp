#include "movegen.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace nard {
namespace {

constexpr std::array<std::uint8_t, kSlots> mapFor(Geometry g) {
  std::array<std::uint8_t, kSlots> m{};
  for (int p = 1; p <= kPoints; ++p) m[p] = static_cast<std::uint8_t>(opponentPoint(g, p));
  return m;
}
constexpr auto kOpposedMap = mapFor(Geometry::Opposed);
constexpr auto kSameDirectionMap = mapFor(Geometry::SameDirection);



// What is known of each distinct resulting position while the search runs.
struct Found {
  std::uint8_t dice = 0;   // dice used to reach it (the most, over all orders)
  bool usedHigh = false;   // a one-die play that used the higher die
  bool clean = false;      // some order keeps the traditional home-board hit restriction
};

// Open-addressing index from position hash to slot in the play list; reused per thread.
// Slots carry the number of the search that wrote them, so a new search starts with an
// empty table without clearing it.
struct ResultTable {
  struct Slot {
    std::uint32_t epoch = 0;
    std::int32_t index = -1;
  };
  std::vector<Slot> slots;
  std::vector<std::uint64_t> hashes;
  std::vector<Found> found;
  std::size_t mask = 0;
  std::uint32_t epoch = 0;

  void reset() {
    if (slots.empty() || ++epoch == 0) {
      slots.assign(slots.empty() ? 256 : slots.size(), Slot{});
      epoch = 1;
    }
    mask = slots.size() - 1;
    hashes.clear();
    found.clear();
  }
  std::int32_t at(std::size_t slot) const { return slots[slot].epoch == epoch ? slots[slot].index : -1; }
  void set(std::size_t slot, std::int32_t index) { slots[slot] = Slot{epoch, index}; }
  void grow(const PlayList& plays) {
    slots.assign(slots.size() * 2, Slot{});
    epoch = 1;
    mask = slots.size() - 1;
    for (std::size_t i = 0; i < plays.size(); ++i) {
      std::size_t h = hashes[i] & mask;
      while (at(h) >= 0) h = (h + 1) & mask;
      set(h, static_cast<std::int32_t>(i));
    }
  }
};

// Intermediate states already expanded, for searches that must try every order.
struct VisitedSet {
  std::vector<std::uint64_t> keys;
  std::size_t used = 0;
  void reset() {
    if (keys.empty()) keys.assign(4096, 0);
    else std::fill(keys.begin(), keys.end(), 0);
    used = 0;
  }
  bool insert(std::uint64_t key) {  // true if new
    key |= 1;  // 0 marks an empty slot
    if (2 * (used + 1) > keys.size()) {
      std::vector<std::uint64_t> old;
      old.swap(keys);
      keys.assign(old.size() * 2, 0);
      used = 0;
      for (auto k : old)
        if (k) insert(k);
    }
    std::size_t m = keys.size() - 1, h = (key ^ (key >> 31)) & m;
    while (keys[h]) {
      if (keys[h] == key) return false;
      h = (h + 1) & m;
    }
    keys[h] = key;
    ++used;
    return true;
  }
};

class Generator {
 public:
  Generator(const Position& pos, Dice dice, const VariantSpec& v, Rules rules, PlayList& out,
            bool sequences)
      : v_(v), out_(out), cur_(pos), dice_(dice), sequences_(sequences),
        traditional_(v.ruleSetApplies && rules == Rules::Traditional),
        oppAt_(v.geometry == Geometry::Opposed ? kOpposedMap : kSameDirectionMap),
        hitting_(v.hitting), headRule_(v.headRule), sixBlock_(v.sixBlockRule), blockAt_(v.blockAt) {
    occ_ = occupied();
    closed_ = closedPoints();
    for (int p = kHomeTop + 1; p <= kBar; ++p) outside_ += cur_.me()[p];
    if (v.headRule) {
      // First turn (all checkers still on the head): 6-6, 4-4 and 3-3 may move two,
      // because one checker alone is stopped by the opponent's head.
      bool firstTurn = cur_.me()[kPoints] == v.checkers;
      bool special = dice.isDouble() && (dice.a == 6 || dice.a == 4 || dice.a == 3);
      headLimit_ = firstTurn && special ? 2 : 1;
    }
    // Orders matter only when a rule looks at the steps in between (traditional hit
    // restriction, Long Nard six-block); otherwise doubles are searched high-to-low only.
    everyOrder_ = traditional_ || v.sixBlockRule || sequences;
  }

  void run() {
    out_.clear();
    table().reset();
    seqs_.clear();
    if (everyOrder_ && dice_.isDouble()) visited().reset();
    int d[4] = {dice_.a, dice_.b, dice_.a, dice_.a};
    int n = dice_.isDouble() ? 4 : 2;
    if (dice_.isDouble()) {
      searchDouble(d[0], n, kBar);
    } else {
      searchMixed(d[0], d[1]);
    }
    filter();
  }

 private:
  static ResultTable& table() {
    thread_local ResultTable t;
    return t;
  }
  static std::vector<char>& keepBuffer() {
    thread_local std::vector<char> keep;
    return keep;
  }
  static VisitedSet& visited() {
    thread_local VisitedSet s;
    return s;
  }

  std::uint8_t& oppCount(int myPoint) { return cur_.them()[oppAt_[myPoint]]; }

  // Points (bit p) where the mover has checkers: the loops visit only these.
  std::uint32_t occupied() const {
    std::uint32_t m = 0;
    for (int p = 1; p <= kBar; ++p) m |= cur_.me()[p] ? 1u << p : 0u;
    return m;
  }
  // Points (bit p) closed to the mover. Opponent checkers only leave the board by being
  // hit, and a hit point was open, so this stays true for the whole turn.
  std::uint32_t closedPoints() {
    std::uint32_t m = 0;
    for (int p = 1; p <= kPoints; ++p) m |= oppCount(p) >= blockAt_ ? 1u << p : 0u;
    return m;
  }
  // The points (at most `top`) a checker may start from with `die` now, a superset
  // target() confirms: those whose landing point is open, plus bear-off candidates.
  std::uint32_t sources(int die, int top) const {
    std::uint32_t upTo = (2u << top) - 1;
    if (cur_.me()[kBar]) return (closed_ >> (kBar - die) & 1u) ? 0u : (1u << kBar) & upTo;
    std::uint32_t onBoard = occ_ & ~(closed_ << die) & ~((2u << die) - 1);
    std::uint32_t bearing = outside_ == 0 ? occ_ & ((2u << die) - 1) & ~1u : 0u;
    return (onBoard | bearing) & upTo;
  }
  static int highest(std::uint32_t mask) { return 31 - std::countl_zero(mask); }

  // Can one checker move from `from` by `die` right now? Returns the landing point (0 =
  // off) or -1.
  int target(int from, int die) {
    Side& me = cur_.me();
    if (me[from] == 0) return -1;
    if (me[kBar] && from != kBar) return -1;
    if (from == kPoints && headRule_ && headMoves_ >= headLimit_) return -1;
    int to = from - die;
    if (to >= 1) return oppCount(to) >= blockAt_ ? -1 : to;
    if (outside_ > 0) return -1;
    if (to < 0)
      for (int p = from + 1; p <= kHomeTop; ++p)
        if (me[p]) return -1;  // a larger die bears off only from the highest point
    return 0;
  }

  struct Undo {
    bool hit;
    std::uint32_t restricted;
    bool clean;
  };

  Undo apply(int from, int to, Move& m) {
    Undo u{false, restricted_, clean_};
    Side& me = cur_.me();
    if (--me[from] == 0) occ_ &= ~(1u << from);
    if (me[to]++ == 0 && to) occ_ |= 1u << to;
    if (from > kHomeTop && to <= kHomeTop) --outside_;
    if (from == kPoints && headRule_) ++headMoves_;
    if (to >= 1 && hitting_ && oppCount(to) == 1) {
      oppCount(to) = 0;
      ++cur_.them()[kBar];
      u.hit = true;
    }
    if (traditional_) trackRestriction(from, to, u.hit);
    m = Move{static_cast<std::int8_t>(from), static_cast<std::int8_t>(to), u.hit, 0};
    return u;
  }

  void undo(int from, int to, const Undo& u) {
    if (u.hit) {
      --cur_.them()[kBar];
      oppCount(to) = 1;
    }
    Side& me = cur_.me();
    if (me[from]++ == 0) occ_ |= 1u << from;
    if (--me[to] == 0) occ_ &= ~(1u << to);
    if (from > kHomeTop && to <= kHomeTop) ++outside_;
    if (from == kPoints && headRule_) --headMoves_;
    restricted_ = u.restricted;
    clean_ = u.clean;
  }

  // Traditional "hit and lift" restriction (RULES.md): a checker that hit in its own home
  // board and stands alone may not move onto its own checkers or bear off this turn.
  void trackRestriction(int from, int to, bool hit) {
    std::uint32_t fromBit = 1u << from, toBit = 1u << to;
    if (restricted_ & fromBit) {
      restricted_ &= ~fromBit;
      if (to == 0 || cur_.me()[to] > 1) {
        clean_ = false;  // lifted onto its own checkers, or borne off
        return;
      }
      restricted_ |= toBit;  // still alone: the restriction goes with it
      return;
    }
    if (restricted_ & toBit) {
      restricted_ &= ~toBit;  // another checker joined it: lapses
      return;
    }
    if (hit && to <= kHomeTop && cur_.me()[to] == 1) restricted_ |= toBit;
  }

  bool stepAllowed() { return !sixBlock_ || !sixBlockTrapsOpponent(cur_, v_); }

  void searchMixed(int d1, int d2) {
    // Two moves of different checkers reach the same result in either order. Where no rule
    // looks at the steps in between, the second order only needs the pairs the first
    // order could not play (and one checker using both dice).
    bool skipRepeats = !sequences_ && !v_.sixBlockRule;
    std::uint32_t playedFirst[kSlots] = {};  // playedFirst[a-from] bit b-from: legal in order 1
    for (int first = 0; first < 2; ++first) {
      int a = first == 0 ? d1 : d2, b = first == 0 ? d2 : d1;
      for (std::uint32_t m1 = sources(a, kBar); m1; m1 &= ~(1u << highest(m1))) {
        int from = highest(m1);
        int to = target(from, a);
        if (to < 0) continue;
        Undo u = apply(from, to, seq_[0]);
        if (stepAllowed()) {
          dieOf_[0] = a;
          bool second = false;
          for (std::uint32_t m2 = sources(b, kBar); m2; m2 &= ~(1u << highest(m2))) {
            int from2 = highest(m2);
            if (first == 1 && skipRepeats && from2 != to && (playedFirst[from2] >> from & 1u)) {
              second = true;  // already found as "from2 first, then from"
              continue;
            }
            int to2 = target(from2, b);
            if (to2 < 0) continue;
            Undo u2 = apply(from2, to2, seq_[1]);
            if (stepAllowed()) {
              second = true;
              dieOf_[1] = b;
              if (first == 0) playedFirst[from] |= 1u << from2;
              record(2);
            }
            undo(from2, to2, u2);
          }
          if (!second) record(1);
        }
        undo(from, to, u);
      }
    }
  }

  void searchDouble(int die, int left, int maxFrom) {
    int depth = 4 - left;
    bool moved = false;
    if (left > 0) {
      int top = everyOrder_ ? kBar : maxFrom;
      for (std::uint32_t m = sources(die, top); m; m &= ~(1u << highest(m))) {
        int from = highest(m);
        int to = target(from, die);
        if (to < 0) continue;
        Undo u = apply(from, to, seq_[depth]);
        if (stepAllowed()) {
          moved = true;
          dieOf_[depth] = die;
          if (!everyOrder_ || sequences_ || visited().insert(stateKey(depth + 1)))
            searchDouble(die, left - 1, from);
        }
        undo(from, to, u);
      }
    }
    if (!moved && depth > 0) record(depth);
  }

  // Results differ in the mover's checkers, or else only in which blots were hit: hashing
  // the mover's side and the opponent's bar is enough to spread them (equality decides).
  std::uint64_t resultHash() const {
    std::uint64_t w[4];
    std::memcpy(w, cur_.me().data(), 24);
    std::uint64_t h = (w[0] * 0xbf58476d1ce4e5b9ull) ^ (w[1] * 0x94d049bb133111ebull) ^
                      ((w[2] ^ (std::uint64_t{cur_.me()[24]} | std::uint64_t{cur_.me()[25]} << 8 |
                                std::uint64_t{cur_.them()[kBar]} << 16)) * 0x9e3779b97f4a7c15ull);
    return h ^ (h >> 29);
  }

  std::uint64_t stateKey(int depth) const {
    std::uint64_t h = hashPosition(cur_);
    h ^= (static_cast<std::uint64_t>(restricted_) << 8 | (clean_ ? 4u : 0u) | depth) * 0x9e3779b97f4a7c15ull;
    return h ^ (static_cast<std::uint64_t>(headMoves_) << 61);
  }

  void record(int count) {
    for (int i = 0; i < count; ++i) seq_[i].die = static_cast<std::uint8_t>(dieOf_[i]);
    std::int32_t index = findOrAdd(count);
    if (sequences_) {
      Sequence s{index, static_cast<std::uint8_t>(count), count == 1 && dieOf_[0] == dice_.high(), clean_, {}};
      std::copy(seq_, seq_ + count, s.moves.begin());
      seqs_.push_back(s);
    }
  }

  // Index of the current position among the results, adding it if new.
  std::int32_t findOrAdd(int count) {
    ResultTable& t = table();
    std::uint64_t h = resultHash();
    std::size_t slot = h & t.mask;
    while (t.at(slot) >= 0) {
      std::int32_t i = t.at(slot);
      if (t.hashes[i] == h && out_[i].result == cur_) {
        Found& f = t.found[i];
        if (count > f.dice) {
          f = Found{};
          f.dice = static_cast<std::uint8_t>(count);
          out_[i].count = static_cast<std::uint8_t>(count);
          std::copy(seq_, seq_ + count, out_[i].moves.begin());
        }
        if (count == f.dice) {
          f.usedHigh |= count == 1 && dieOf_[0] == dice_.high();
          f.clean |= clean_;
        }
        return i;
      }
      slot = (slot + 1) & t.mask;
    }
    Play& p = out_.emplace_back();  // filled in place: this runs once per result
    std::copy(seq_, seq_ + count, p.moves.begin());
    p.count = static_cast<std::uint8_t>(count);
    p.result = cur_;
    t.hashes.push_back(h);
    t.found.push_back(Found{static_cast<std::uint8_t>(count), count == 1 && dieOf_[0] == dice_.high(), clean_});
    auto index = static_cast<std::int32_t>(out_.size() - 1);
    t.set(slot, index);
    if (2 * out_.size() > t.slots.size()) t.grow(out_);
    return index;
  }

  // Keep what the rules allow among everything reachable (RULES.md rule 3 and the
  // traditional refinements).
  void filter() {
    ResultTable& t = table();
    if (out_.empty()) return;
    int maxDice = 0;
    for (auto& f : t.found) maxDice = std::max<int>(maxDice, f.dice);
    bool onlyClean = false, onlyHigh = false;
    std::vector<char>& keep = keepBuffer();
    keep.assign(out_.size(), 0);
    bool dropSome = false;
    for (std::size_t i = 0; i < out_.size(); ++i) {
      keep[i] = t.found[i].dice == maxDice;
      dropSome |= !keep[i];
    }

    if (traditional_) {
      int pipsBefore = pipCount(cur_.me());
      auto pips = [&](std::size_t i) { return pipsBefore - pipCount(out_[i].result.me()); };
      int best = 0;
      for (std::size_t i = 0; i < out_.size(); ++i)
        if (keep[i]) best = std::max(best, pips(i));
      for (std::size_t i = 0; i < out_.size(); ++i)
        if (keep[i] && pips(i) != best) keep[i] = 0, dropSome = true;
      bool anyClean = false;
      for (std::size_t i = 0; i < out_.size(); ++i) anyClean |= keep[i] && t.found[i].clean;
      if (anyClean)
        for (std::size_t i = 0; i < out_.size(); ++i)
          if (keep[i] && !t.found[i].clean) keep[i] = 0, dropSome = true;
      onlyClean = anyClean;
    } else if (maxDice == 1 && !dice_.isDouble()) {
      bool anyHigh = false;
      for (std::size_t i = 0; i < out_.size(); ++i) anyHigh |= keep[i] && t.found[i].usedHigh;
      if (anyHigh)
        for (std::size_t i = 0; i < out_.size(); ++i)
          if (keep[i] && !t.found[i].usedHigh) keep[i] = 0, dropSome = true;
      onlyHigh = anyHigh;
    }
    if (sequences_) {
      // Each order stands on its own: it must reach a kept result and itself keep the
      // restriction (or use the higher die) where the filter demanded it.
      PlayList orders;
      for (const Sequence& s : seqs_) {
        if (!keep[s.result] || (onlyClean && !s.clean) || (onlyHigh && !s.usedHigh)) continue;
        Play p;
        p.moves = s.moves;
        p.count = s.count;
        p.result = out_[s.result].result;
        orders.push_back(p);
      }
      out_.swap(orders);
      return;
    }
    if (!dropSome) return;
    std::size_t w = 0;
    for (std::size_t i = 0; i < out_.size(); ++i)
      if (keep[i]) out_[w++] = out_[i];
    out_.resize(w);
  }

  struct Sequence {
    std::int32_t result;
    std::uint8_t count;
    bool usedHigh, clean;
    std::array<Move, 4> moves;
  };

  const VariantSpec& v_;
  PlayList& out_;
  Position cur_;
  Dice dice_;
  bool sequences_;  // list every order (generateSequences) instead of every result
  bool traditional_;
  std::array<std::uint8_t, kSlots> oppAt_;
  bool hitting_, headRule_, sixBlock_;
  int blockAt_;
  std::uint32_t occ_ = 0, closed_ = 0;
  bool everyOrder_ = false;
  int outside_ = 0;
  int headMoves_ = 0, headLimit_ = 1;
  std::uint32_t restricted_ = 0;
  bool clean_ = true;
  Move seq_[4];
  int dieOf_[4] = {};
  std::vector<Sequence> seqs_;
};

}  // namespace

bool sixBlockTrapsOpponent(const Position& pos, const VariantSpec& v) {
  std::uint32_t held = 0;
  for (int p = 1; p <= kPoints; ++p)
    if (pos.me()[p]) held |= 1u << (opponentPoint(v.geometry, p) - 1);
  std::uint32_t run = held & held >> 1 & held >> 2 & held >> 3 & held >> 4 & held >> 5;
  if (!run || pos.them()[kOff] > 0) return false;
  int lowest = 1;
  while (lowest <= kBar && pos.them()[lowest] == 0) ++lowest;
  // A run starting at opponent point k traps when no opponent checker is below k.
  std::uint32_t startsAtOrBelowLowest = lowest >= 32 ? ~0u : (1u << lowest) - 1;
  return (run & startsAtOrBelowLowest) != 0;
}

void generatePlays(const Position& pos, Dice dice, const VariantSpec& v, Rules rules, PlayList& out) {
  Generator(pos, dice, v, rules, out, false).run();
}

void generateSequences(const Position& pos, Dice dice, const VariantSpec& v, Rules rules, PlayList& out) {
  Generator(pos, dice, v, rules, out, true).run();
}

}  // namespace nard
