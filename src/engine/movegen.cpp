#include "movegen.h"

#include <algorithm>
#include <bit>
#include <cstring>

// Speed notes (docs/BENCHMARKS.md, "Move generation"): this runs for every position the AI
// looks at, so the search keeps its state in bit masks updated move by move, the rule
// hooks a variant does not use are compiled out (template flags), the per-call scratch
// tables are reused without clearing, and nothing is allocated once they have grown.

namespace nard {
namespace {

constexpr std::array<std::uint8_t, kSlots> mapFor(Geometry g) {
  std::array<std::uint8_t, kSlots> m{};
  for (int p = 1; p <= kPoints; ++p) m[p] = static_cast<std::uint8_t>(opponentPoint(g, p));
  return m;
}
constexpr auto kOpposedMap = mapFor(Geometry::Opposed);
constexpr auto kSameDirectionMap = mapFor(Geometry::SameDirection);

// The search's inner steps are inlined even where the compiler would not: measured faster.
#define NARD_INLINE [[gnu::always_inline]] inline

constexpr std::uint32_t kPointBits = ((1u << kPoints) - 1) << 1;  // bits 1..24
constexpr std::uint32_t bit(int p) { return 1u << p; }

// ---------------------------------------------------------------------------------------
// Whole-side masks by word arithmetic instead of loops over the 26 slots. Byte i of a side
// must be byte i % 8 of word i / 8, counting from the least significant.
static_assert(std::endian::native == std::endian::little);

// Bit i set where byte i of w is not zero: the top bit of each non-zero byte, gathered.
constexpr std::uint32_t nonZeroBytes(std::uint64_t w) {
  constexpr std::uint64_t low7 = 0x7f7f7f7f7f7f7f7full;
  std::uint64_t top = (((w & low7) + low7) | w) & ~low7;
  return static_cast<std::uint32_t>(((top >> 7) * 0x0102040810204080ull) >> 56);
}

// Bit p set where the side has at least `atLeast` checkers on slot p (0 = off .. 25 = bar).
std::uint32_t slotsWithAtLeast(const Side& s, int atLeast) {
  if (atLeast > 2) {
    std::uint32_t m = 0;
    for (int p = 0; p < kSlots; ++p) m |= s[p] >= atLeast ? bit(p) : 0u;
    return m;
  }
  std::uint64_t w[4] = {};
  std::memcpy(w, s.data(), kSlots);
  // At least 2 <=> some bit other than the lowest is set.
  std::uint64_t keep = atLeast == 2 ? 0xfefefefefefefefeull : ~0ull;
  std::uint32_t m = 0;
  for (int i = 0; i < 4; ++i) m |= nonZeroBytes(w[i] & keep) << (8 * i);
  return m;
}

// Checkers on points 7..24 and the bar: those that keep the side from bearing off.
int checkersOutsideHome(const Side& s) {
  static_assert(kHomeTop == 6);
  std::uint64_t w[4] = {};
  std::memcpy(w, s.data(), kSlots);
  // Byte-wise sum of bytes 7..31 (at most 15 per lane: no carries), then all lanes summed
  // into the top byte by one multiplication.
  std::uint64_t lanes = (w[0] & 0xff00000000000000ull) + w[1] + w[2] + w[3];
  return static_cast<int>((lanes * 0x0101010101010101ull) >> 56);
}

constexpr std::uint32_t reverseBits(std::uint32_t x) {
  x = (x >> 1 & 0x55555555u) | (x & 0x55555555u) << 1;
  x = (x >> 2 & 0x33333333u) | (x & 0x33333333u) << 2;
  x = (x >> 4 & 0x0f0f0f0fu) | (x & 0x0f0f0f0fu) << 4;
  x = (x >> 8 & 0x00ff00ffu) | (x & 0x00ff00ffu) << 8;
  return x >> 16 | x << 16;
}

// A mask of points 1..24 in one side's numbering, renumbered for the other side. Both
// mappings are their own inverse (p <-> 25-p; p <-> p+-12).
constexpr std::uint32_t otherNumbering(std::uint32_t points, Geometry g) {
  points &= kPointBits;
  if (g == Geometry::Opposed) return reverseBits(points) >> 6;  // bit q -> 31-q -> 25-q
  return (points >> 12 & 0x1ffeu) | (points << 12 & 0x1ffe000u);
}
static_assert(otherNumbering(bit(1), Geometry::Opposed) == bit(24));
static_assert(otherNumbering(bit(3) | bit(20), Geometry::Opposed) == (bit(22) | bit(5)));
static_assert(otherNumbering(bit(1) | bit(12), Geometry::SameDirection) == (bit(13) | bit(24)));
static_assert(otherNumbering(bit(13) | bit(24), Geometry::SameDirection) == (bit(1) | bit(12)));

// Six-block test on masks: `held` = points the mover holds, in the opponent's numbering;
// `lowest` = the opponent's lowest occupied point (26 if none). Same rule as
// sixBlockTrapsOpponent below.
bool sixBlockTraps(std::uint32_t held, int lowest) {
  held >>= 1;  // bit k = opponent point k+1
  std::uint32_t run = held & held >> 1 & held >> 2 & held >> 3 & held >> 4 & held >> 5;
  std::uint32_t startsAtOrBelowLowest = lowest >= 32 ? ~0u : (1u << lowest) - 1;
  return (run & startsAtOrBelowLowest) != 0;
}

int lowestOccupied(const Side& s) {  // 1..25, or 26 for none
  std::uint32_t m = slotsWithAtLeast(s, 1) & ~1u;
  return m ? std::countr_zero(m) : kBar + 1;
}

// ---------------------------------------------------------------------------------------
// Hash of a position reached during one search: one random number per checker of the
// mover, by slot, plus one per point where it hit a blot (the opponent's checkers only
// change by hits, and a point is hit at most once a turn). Summed, so that a move changes
// it by a sum and a difference. Used to find repeated results (equality decides) and,
// with the rule state added, as the key of states already expanded.

constexpr int kHitAt = kSlots;  // kZobrist[kHitAt + p]: a blot was hit on the mover's point p
constexpr std::array<std::uint64_t, 2 * kSlots> makeZobrist() {
  std::array<std::uint64_t, 2 * kSlots> z{};
  std::uint64_t x = 0x6a09e667f3bcc909ull;
  for (auto& v : z) {  // splitmix64
    std::uint64_t r = (x += 0x9e3779b97f4a7c15ull);
    r = (r ^ (r >> 30)) * 0xbf58476d1ce4e5b9ull;
    r = (r ^ (r >> 27)) * 0x94d049bb133111ebull;
    v = r ^ (r >> 31);
  }
  return z;
}
constexpr auto kZobrist = makeZobrist();

// ---------------------------------------------------------------------------------------

// What is known of each distinct resulting position while the search runs.
struct Found {
  std::uint8_t dice = 0;   // dice used to reach it (the most, over all orders)
  std::uint8_t pips = 0;   // pips moved (the same by every order reaching it)
  bool usedHigh = false;   // a one-die play that used the higher die
  bool clean = false;      // some order keeps the traditional home-board hit restriction
};

// Open-addressing index from position hash to result number (the index in the play list).
// Slots carry the number of the search that wrote them, so a new search starts with an
// empty table without clearing it. `results` only grows, and is written by index.
struct ResultTable {
  struct Slot {
    std::uint32_t epoch = 0;
    std::int32_t index = -1;
  };
  struct Result {
    std::uint64_t hash;
    Found found;
  };
  std::vector<Slot> slots;
  std::vector<Result> results;
  std::size_t count = 0;  // results of this search
  std::size_t room = 0;   // count may grow to this before grow(): slots at most half full
  std::size_t mask = 0;
  std::uint32_t epoch = 0;

  static std::size_t slotOf(std::uint64_t hash) { return hash ^ hash >> 29; }  // before & mask

  void reset() {
    if (slots.empty() || ++epoch == 0) {
      slots.assign(slots.empty() ? 256 : slots.size(), Slot{});
      epoch = 1;
    }
    if (results.size() < slots.size() / 2) results.resize(slots.size() / 2);
    mask = slots.size() - 1;
    room = slots.size() / 2;
    count = 0;
  }
  void grow() {
    slots.assign(slots.size() * 2, Slot{});
    results.resize(slots.size() / 2);
    epoch = 1;
    mask = slots.size() - 1;
    room = slots.size() / 2;
    for (std::size_t i = 0; i < count; ++i) {
      std::size_t h = slotOf(results[i].hash) & mask;
      while (slots[h].epoch == epoch) h = (h + 1) & mask;
      slots[h] = Slot{epoch, static_cast<std::int32_t>(i)};
    }
  }
};

// Intermediate states already expanded, for searches that must try every order. Same
// epoch scheme as ResultTable: resetting it costs nothing.
struct VisitedSet {
  struct Entry {
    std::uint64_t key = 0;
    std::uint32_t epoch = 0;
  };
  std::vector<Entry> entries;
  std::size_t used = 0, room = 0;  // room: at most half full
  std::size_t mask = 0;
  std::uint32_t epoch = 0;

  void reset() {
    if (entries.empty() || ++epoch == 0) {
      entries.assign(entries.empty() ? 4096 : entries.size(), Entry{});
      epoch = 1;
    }
    mask = entries.size() - 1;
    room = entries.size() / 2;
    used = 0;
  }
  bool insert(std::uint64_t key) {  // true if new
    if (used == room) grow();
    std::size_t h = (key ^ (key >> 31)) & mask;
    while (entries[h].epoch == epoch) {
      if (entries[h].key == key) return false;
      h = (h + 1) & mask;
    }
    entries[h] = Entry{key, epoch};
    ++used;
    return true;
  }
  void grow() {
    std::vector<Entry> old;
    old.swap(entries);
    std::uint32_t was = epoch;
    entries.assign(old.size() * 2, Entry{});
    epoch = 0;  // every new entry is empty
    reset();
    for (const Entry& e : old)
      if (e.epoch == was) insert(e.key);
  }
};

// Per-thread scratch space, reused by every call on that thread.
struct Scratch {
  ResultTable table;
  VisitedSet visited;
  std::vector<char> keep;
};

Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

// `Hitting`, `HeadRule` and `SixBlock` mirror the VariantSpec flags of the same meaning;
// as template arguments the code for rules a variant lacks disappears.
template <bool Hitting, bool HeadRule, bool SixBlock>
class Generator {
 public:
  Generator(const Position& pos, Dice dice, const RulePolicy& rules, PlayList& out, bool sequences)
      : out_(out), s_(scratch()), cur_(pos), dice_(dice), sequences_(sequences),
        traditional_(rules.traditionalPlay),
        geometry_(rules.spec().geometry),
        oppAt_(geometry_ == Geometry::Opposed ? kOpposedMap : kSameDirectionMap),
        blockAt_(rules.spec().blockAt) {
    const VariantSpec& v = rules.spec();
    occ_ = slotsWithAtLeast(cur_.me(), 1) & ~1u;
    // Points closed to the mover. Opponent checkers only leave the board by being hit,
    // and a hit point was open, so this stays true for the whole turn.
    closed_ = otherNumbering(slotsWithAtLeast(cur_.them(), blockAt_), geometry_);
    outside_ = checkersOutsideHome(cur_.me());
    if constexpr (HeadRule) {
      // First turn (all checkers still on the head): 6-6, 4-4 and 3-3 may move two,
      // because one checker alone is stopped by the opponent's head.
      bool firstTurn = cur_.me()[kPoints] == v.checkers;
      bool special = dice.isDouble() && (dice.a == 6 || dice.a == 4 || dice.a == 3);
      headLimit_ = firstTurn && special ? 2 : 1;
    }
    if constexpr (SixBlock) {
      theirOff_ = cur_.them()[kOff];
      if constexpr (!Hitting) theirLowest_ = lowestOccupied(cur_.them());  // fixed all turn
    }
    // Orders matter only when a rule looks at the steps in between (traditional hit
    // restriction, Long Nard six-block); otherwise doubles are searched high-to-low only.
    everyOrder_ = traditional_ || SixBlock || sequences;
    // The last move of a play need not be made on cur_ unless a rule looks at the position
    // after it (six-block) or every order is listed.
    lastInPlace_ = !SixBlock && !sequences;
  }

  void run() {
    out_.clear();
    s_.table.reset();
    seqs_.clear();
    if (everyOrder_ && dice_.isDouble()) s_.visited.reset();
    if (dice_.isDouble()) {
      searchDouble(dice_.a, 4, kBar);
    } else {
      searchMixed(dice_.a, dice_.b);
    }
    filter();
  }

 private:
  std::uint8_t& oppCount(int myPoint) { return cur_.them()[oppAt_[myPoint]]; }

  // The points (at most `top`) a checker may start from with `die` now, a superset
  // target() confirms: those whose landing point is open, plus bear-off candidates.
  NARD_INLINE std::uint32_t sources(int die, int top) const {
    std::uint32_t upTo = (2u << top) - 1;
    if (cur_.me()[kBar]) return (closed_ >> (kBar - die) & 1u) ? 0u : bit(kBar) & upTo;
    std::uint32_t onBoard = occ_ & ~(closed_ << die) & ~((2u << die) - 1);
    std::uint32_t bearing = outside_ == 0 ? occ_ & ((2u << die) - 1) & ~1u : 0u;
    return (onBoard | bearing) & upTo;
  }
  static int highest(std::uint32_t mask) { return 31 - std::countl_zero(mask); }

  // Can the checker on `from`, one of sources(die, ...), move by `die` right now? Returns
  // the landing point (0 = off) or -1. sources() already checked occupancy, the bar and
  // the landing point.
  NARD_INLINE int target(int from, int die) const {
    if (HeadRule && from == kPoints && headMoves_ >= headLimit_) return -1;
    int to = from - die;
    if (to >= 0) return to;
    // A larger die bears off only from the highest point: none above `from` at home.
    return occ_ & ((bit(kHomeTop + 1) - 1) & ~(bit(from + 1) - 1)) ? -1 : 0;
  }

  struct Undo {
    bool hit;
    std::uint32_t restricted;
    bool clean;
  };

  NARD_INLINE Undo apply(int from, int to, int die, int depth) {
    Undo u{false, restricted_, clean_};
    Side& me = cur_.me();
    if (--me[from] == 0) occ_ &= ~bit(from);
    ++me[to];
    occ_ |= bit(to);  // bit 0 (off) is never read
    pips_ += from - to;
    hash_ += kZobrist[to] - kZobrist[from];
    if (from > kHomeTop && to <= kHomeTop) --outside_;
    if (HeadRule && from == kPoints) ++headMoves_;
    if (Hitting && to >= 1 && oppCount(to) == 1) {
      oppCount(to) = 0;
      ++cur_.them()[kBar];
      hash_ += kZobrist[kHitAt + to];
      u.hit = true;
    }
    if (traditional_) trackRestriction(from, to, u.hit);
    seq_[depth] = Move{static_cast<std::int8_t>(from), static_cast<std::int8_t>(to), u.hit,
                       static_cast<std::uint8_t>(die)};
    return u;
  }

  NARD_INLINE void undo(int from, int to, const Undo& u, int depth) {
    if (Hitting && u.hit) {
      --cur_.them()[kBar];
      oppCount(to) = 1;
      hash_ -= kZobrist[kHitAt + to];
    }
    Side& me = cur_.me();
    if (me[from]++ == 0) occ_ |= bit(from);
    if (--me[to] == 0) occ_ &= ~bit(to);
    pips_ -= from - to;
    hash_ -= kZobrist[to] - kZobrist[from];
    if (from > kHomeTop && to <= kHomeTop) ++outside_;
    if (HeadRule && from == kPoints) --headMoves_;
    restricted_ = u.restricted;
    clean_ = u.clean;
    seq_[depth] = Move{};
  }

  // Traditional "hit and lift" restriction (docs/RULES-NOTES.md, 5): a checker that hit in
  // its own home board and stands alone may not move onto its own checkers or bear off this
  // turn.
  void trackRestriction(int from, int to, bool hit) {
    std::uint32_t fromBit = bit(from), toBit = bit(to);
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

  bool stepAllowed() const {
    if constexpr (!SixBlock) {
      return true;
    } else {
      if (theirOff_ > 0) return true;
      int lowest = Hitting ? lowestOccupied(cur_.them()) : theirLowest_;
      return !sixBlockTraps(otherNumbering(occ_, geometry_), lowest);
    }
  }

  void searchMixed(int d1, int d2) {
    // Two moves of different checkers reach the same result in either order. Where no rule
    // looks at the steps in between, the second order only needs the pairs the first
    // order could not play (and one checker using both dice).
    bool skipRepeats = !sequences_ && !SixBlock;
    std::uint32_t playedFirst[kSlots] = {};  // playedFirst[a-from] bit b-from: legal in order 1
    for (int first = 0; first < 2; ++first) {
      int a = first == 0 ? d1 : d2, b = first == 0 ? d2 : d1;
      for (std::uint32_t m1 = sources(a, kBar); m1; m1 &= ~bit(highest(m1))) {
        int from = highest(m1);
        int to = target(from, a);
        if (to < 0) continue;
        Undo u = apply(from, to, a, 0);
        if (stepAllowed()) {
          bool second = false;
          for (std::uint32_t m2 = sources(b, kBar); m2; m2 &= ~bit(highest(m2))) {
            int from2 = highest(m2);
            if (first == 1 && skipRepeats && from2 != to && (playedFirst[from2] >> from & 1u)) {
              second = true;  // already found as "from2 first, then from"
              continue;
            }
            int to2 = target(from2, b);
            if (to2 < 0) continue;
            if (lastInPlace_) {
              second = true;
              if (first == 0) playedFirst[from] |= bit(from2);
              recordLast(from2, to2, b, 1);
              continue;
            }
            Undo u2 = apply(from2, to2, b, 1);
            if (stepAllowed()) {
              second = true;
              if (first == 0) playedFirst[from] |= bit(from2);
              record(2);
            }
            undo(from2, to2, u2, 1);
          }
          if (!second) record(1);
        }
        undo(from, to, u, 0);
      }
    }
  }

  void searchDouble(int die, int left, int maxFrom) {
    int depth = 4 - left;
    bool moved = false;
    if (left > 0) {
      int top = everyOrder_ ? kBar : maxFrom;
      for (std::uint32_t m = sources(die, top); m; m &= ~bit(highest(m))) {
        int from = highest(m);
        int to = target(from, die);
        if (to < 0) continue;
        if (left == 1 && lastInPlace_) {
          moved = true;
          recordLast(from, to, die, depth);
          continue;
        }
        Undo u = apply(from, to, die, depth);
        if (stepAllowed()) {
          moved = true;
          if (!everyOrder_ || sequences_ || s_.visited.insert(stateKey(depth + 1)))
            searchDouble(die, left - 1, from);
        }
        undo(from, to, u, depth);
      }
    }
    if (!moved && depth > 0) record(depth);
  }

  // The position (hash_) and the rule state that decide what may follow.
  std::uint64_t stateKey(int depth) const {
    std::uint64_t h = hash_;
    h ^= (static_cast<std::uint64_t>(restricted_) << 8 | (clean_ ? 4u : 0u) | depth) * 0x9e3779b97f4a7c15ull;
    return h ^ (static_cast<std::uint64_t>(headMoves_) << 61);
  }

  // The result is the current position.
  void record(int count) {
    // With doubles the number of moves from the start to a result is the same by every
    // order (each checker needs a fixed number of steps of the one die to reach its
    // point or to bear off), so a result using fewer dice than one already found can
    // never be kept, nor come back later as a longer play: leave it out.
    if (dice_.isDouble() && !sequences_ && count < maxDice_) return;
    std::int32_t index = findOrAdd(count, hash_, pips_, clean_, Step{});
    if (sequences_) {
      Sequence s{index, static_cast<std::uint8_t>(count), usedHigh(count), clean_, {}};
      std::copy(seq_.begin(), seq_.begin() + count, s.moves.begin());
      seqs_.push_back(s);
    }
  }

  // The result is the current position and then the last move of the play, from -> to
  // (see lastInPlace_): it is written straight into the play list instead of being made
  // on cur_ and taken back.
  NARD_INLINE void recordLast(int from, int to, int die, int depth) {
    Step last{from, to, Hitting && to >= 1 && oppCount(to) == 1};
    seq_[depth] = Move{static_cast<std::int8_t>(from), static_cast<std::int8_t>(to), last.hit,
                       static_cast<std::uint8_t>(die)};
    std::uint64_t h = hash_ + kZobrist[to] - kZobrist[from] + (last.hit ? kZobrist[kHitAt + to] : 0);
    // What trackRestriction() would make of clean_: lifting a restricted checker onto its
    // own checkers or off the board breaks the restriction.
    bool clean = clean_ && !(traditional_ && (restricted_ & bit(from)) && (to == 0 || cur_.me()[to] > 0));
    findOrAdd(depth + 1, h, pips_ + from - to, clean, last);
    seq_[depth] = Move{};
  }

  bool usedHigh(int count) const { return count == 1 && seq_[0].die == dice_.high(); }

  // A move not (yet) made on cur_; from == 0 for none.
  struct Step {
    int from = 0, to = 0;
    bool hit = false;
  };
  NARD_INLINE void make(Position& p, const Step& s) const {
    --p.me()[s.from];
    ++p.me()[s.to];
    if (Hitting && s.hit) {
      p.them()[oppAt_[s.to]] = 0;
      ++p.them()[kBar];
    }
  }

  // Index of the result (the current position, then `last` if any) among the results,
  // adding it if new. `h` is its hash, `pips` the pips moved to reach it, `clean` whether
  // this order kept the traditional restriction.
  NARD_INLINE std::int32_t findOrAdd(int count, std::uint64_t h, int pips, bool clean, const Step& last) {
    ResultTable& t = s_.table;
    if (t.count == t.room) t.grow();
    std::size_t slot = ResultTable::slotOf(h) & t.mask;
    for (; t.slots[slot].epoch == t.epoch; slot = (slot + 1) & t.mask) {
      std::int32_t i = t.slots[slot].index;
      if (t.results[i].hash != h) continue;
      Position result = cur_;
      if (last.from) make(result, last);
      if (!(out_[i].result == result)) continue;
      Found& f = t.results[i].found;
      if (count > f.dice) {  // a longer order reaches it: that is the play
        --withDice_[f.dice];
        ++withDice_[count];
        maxDice_ = std::max(maxDice_, count);
        f.dice = static_cast<std::uint8_t>(count);
        f.usedHigh = f.clean = false;
        out_[i].moves = seq_;
        out_[i].count = static_cast<std::uint8_t>(count);
      }
      if (count == f.dice) {
        f.usedHigh |= usedHigh(count);
        f.clean |= clean;
      }
      return i;
    }
    // seq_ holds empty moves after the last one made: the play is copied whole.
    out_.push_back(Play{seq_, static_cast<std::uint8_t>(count), cur_});
    if (last.from) make(out_.back().result, last);
    auto index = static_cast<std::int32_t>(t.count++);
    t.results[index] = {h, Found{static_cast<std::uint8_t>(count), static_cast<std::uint8_t>(pips),
                                 usedHigh(count), clean}};
    t.slots[slot] = ResultTable::Slot{t.epoch, index};
    ++withDice_[count];
    maxDice_ = std::max(maxDice_, count);
    return index;
  }

  // Keep what the rules allow among everything reachable: the plays using the most dice;
  // of those, modern rules keep the ones using the larger die when only one die can be
  // used, traditional rules the ones moving the most pips and then the ones keeping the
  // hit-and-lift restriction, if any does.
  void filter() {
    const std::size_t n = out_.size();
    if (n == 0) return;
    bool highRule = !traditional_ && maxDice_ == 1 && !dice_.isDouble();
    // The usual case: every result uses all the dice that can be used; nothing to drop.
    if (!traditional_ && !highRule && !sequences_ && withDice_[maxDice_] == static_cast<int>(n)) return;
    ResultTable& t = s_.table;
    std::vector<char>& keep = s_.keep;
    keep.assign(n, 0);
    bool dropSome = false;
    for (std::size_t i = 0; i < n; ++i) {
      keep[i] = t.results[i].found.dice == maxDice_;
      dropSome |= !keep[i];
    }
    bool onlyClean = false, onlyHigh = false;
    if (traditional_) {
      int best = 0;
      for (std::size_t i = 0; i < n; ++i)
        if (keep[i]) best = std::max<int>(best, t.results[i].found.pips);
      for (std::size_t i = 0; i < n; ++i)
        if (keep[i] && t.results[i].found.pips != best) keep[i] = 0, dropSome = true;
      bool anyClean = false;
      for (std::size_t i = 0; i < n; ++i) anyClean |= keep[i] && t.results[i].found.clean;
      if (anyClean)
        for (std::size_t i = 0; i < n; ++i)
          if (keep[i] && !t.results[i].found.clean) keep[i] = 0, dropSome = true;
      onlyClean = anyClean;
    } else if (highRule) {
      bool anyHigh = false;
      for (std::size_t i = 0; i < n; ++i) anyHigh |= keep[i] && t.results[i].found.usedHigh;
      if (anyHigh)
        for (std::size_t i = 0; i < n; ++i)
          if (keep[i] && !t.results[i].found.usedHigh) keep[i] = 0, dropSome = true;
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
    std::size_t w = std::find(keep.begin(), keep.end(), 0) - keep.begin();
    for (std::size_t i = w; i < n; ++i)
      if (keep[i]) out_[w++] = out_[i];
    out_.resize(w);
  }

  struct Sequence {
    std::int32_t result;
    std::uint8_t count;
    bool usedHigh, clean;
    std::array<Move, 4> moves;
  };

  PlayList& out_;
  Scratch& s_;
  Position cur_;
  Dice dice_;
  bool sequences_;  // list every order (generateSequences) instead of every result
  bool traditional_;
  Geometry geometry_;
  const std::array<std::uint8_t, kSlots>& oppAt_;
  int blockAt_;
  std::uint32_t occ_ = 0;     // points (bit p) where the mover has checkers
  std::uint32_t closed_ = 0;  // points (bit p) closed to the mover
  bool everyOrder_ = false;
  bool lastInPlace_ = false;
  int outside_ = 0;           // mover's checkers outside its home board (bar included)
  int pips_ = 0;              // pips moved so far this turn
  // Hash of cur_ minus that of the starting position: results of one call are compared
  // with each other only, so the start's own hash is never needed.
  std::uint64_t hash_ = 0;
  int headMoves_ = 0, headLimit_ = 1;
  int theirOff_ = 0, theirLowest_ = kBar + 1;
  std::uint32_t restricted_ = 0;
  bool clean_ = true;
  int maxDice_ = 0;
  int withDice_[5] = {};  // results by dice used: filter() sees without a pass if some use fewer
  std::array<Move, 4> seq_{};  // the moves made so far; empty ones after them
  std::vector<Sequence> seqs_;
};

// One Generator per combination of the three compiled-in rule flags.
template <bool Hitting, bool HeadRule, bool SixBlock>
void generate(const Position& pos, Dice dice, const RulePolicy& rules, PlayList& out, bool sequences) {
  Generator<Hitting, HeadRule, SixBlock>(pos, dice, rules, out, sequences).run();
}

using GenerateFn = void (*)(const Position&, Dice, const RulePolicy&, PlayList&, bool);
constexpr GenerateFn kGenerators[8] = {
    generate<false, false, false>, generate<false, false, true>, generate<false, true, false>,
    generate<false, true, true>,   generate<true, false, false>, generate<true, false, true>,
    generate<true, true, false>,   generate<true, true, true>,
};

void dispatch(const Position& pos, Dice dice, const RulePolicy& rules, PlayList& out, bool sequences) {
  const VariantSpec& v = rules.spec();
  int which = (v.hitting ? 4 : 0) | (v.headRule ? 2 : 0) | (v.sixBlockRule ? 1 : 0);
  kGenerators[which](pos, dice, rules, out, sequences);
}

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

void generatePlays(const Position& pos, Dice dice, const RulePolicy& rules, PlayList& out) {
  dispatch(pos, dice, rules, out, false);
}

void generateSequences(const Position& pos, Dice dice, const RulePolicy& rules, PlayList& out) {
  dispatch(pos, dice, rules, out, true);
}

}  // namespace nard
