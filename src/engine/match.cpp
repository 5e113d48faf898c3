#include "match.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "notation.h"

namespace nard {
namespace {

bool sameMove(const Move& a, const Move& b) { return a.from == b.from && a.to == b.to && a.die == b.die; }

std::string noun(Phase p) {
  switch (p) {
    case Phase::Opening: return "the opening roll";
    case Phase::Rolling: return "a roll";
    case Phase::Moving: return "a move";
    case Phase::Doubled: return "an answer to the double";
    case Phase::Beavered: return "an answer to the beaver";
    case Phase::Resigning: return "an answer to the resignation";
    case Phase::GameOver: return "the next game";
    case Phase::MatchOver: return "nothing: the match is over";
  }
  return "?";
}

std::string wrongPhase(Phase p, const char* action) {
  return std::string("cannot ") + action + " now: the game is waiting for " + noun(p);
}

// Declared first in an action, so its destructor checks the state the action leaves,
// after the return value is made, whichever return was taken (refusals included: a refused
// action changes nothing, so the check must still pass). Without NARD_CHECK_INVARIANTS it
// is empty and vanishes.
struct InvariantCheck {
#ifdef NARD_CHECK_INVARIANTS
  const Match& match;
  const char* action;
  ~InvariantCheck() {
    if (std::string why = match.checkInvariants(); !why.empty()) {
      std::fprintf(stderr, "nard: match invariant broken after %s: %s\n", action, why.c_str());
      std::abort();  // a fuzzer reports the input; a test run stops where the state broke
    }
  }
#else
  InvariantCheck(const Match&, const char*) {}
#endif
};

}  // namespace

std::string Match::validate(const MatchOptions& o) {
  if (static_cast<unsigned>(o.variant) >= static_cast<unsigned>(kVariantCount)) return "unknown variant";
  if (o.rules != Rules::Modern && o.rules != Rules::Traditional) return "unknown rule set";
  if (o.matchLength < 0 || o.matchLength > 99) return "match length must be 0 (money play) to 99 points";
  if (o.bankSecondsPerPoint < 1 || o.bankSecondsPerPoint > 3600) return "clock bank must be 1-3600 s per point";
  if (o.delaySeconds < 0 || o.delaySeconds > 600) return "clock delay must be 0-600 s";
  return {};
}

Match::Match(const MatchOptions& options) : options_(options), policy_(policyFor(options)) {
  std::int64_t bank = std::int64_t{1000} * options_.bankSecondsPerPoint * std::max(1, options_.matchLength);
  bankMs_[0] = bankMs_[1] = bank;
  gameNumber_ = 1;
  startGame(0, true);
  [[maybe_unused]] InvariantCheck check{*this, "the start"};
}

int Match::turn() const {
  bool answering = phase_ == Phase::Doubled || phase_ == Phase::Beavered || phase_ == Phase::Resigning;
  return answering ? decider_ : onRoll_;
}

Position Match::boardPosition() const { return Position{{board_[onRoll_], board_[1 - onRoll_]}}; }

Position Match::position() const {
  if (staged_.empty()) return boardPosition();
  for (const Play& order : orders_) {
    // The result of a complete order, or replay the staged prefix on the board.
    if (!std::equal(staged_.begin(), staged_.end(), order.moves.begin(), sameMove)) continue;
    if (staged_.size() == order.count) return order.result;
    Position p = boardPosition();
    for (const Move& m : staged_) {
      --p.me()[m.from];
      ++p.me()[m.to];
      if (m.hit) {
        --p.them()[opponentPoint(variant().geometry, m.to)];
        ++p.them()[kBar];
      }
    }
    return p;
  }
  return boardPosition();
}

void Match::startGame(int starter, bool openingRoll) {
  board_ = {variant().start, variant().start};
  cubeValue_ = 1;
  cubeOwner_ = -1;
  dice_ = {};
  plays_.clear();
  orders_.clear();
  staged_.clear();
  stagedSteps_.clear();
  resignOffer_ = 0;
  crawfordGame_ = false;
  // (A 1-point match has no Crawford game: both players start at match point.)
  if (policy_.crawford && !crawfordPlayed_ && options_.matchLength > 1 &&
      (score_[0] == options_.matchLength - 1 || score_[1] == options_.matchLength - 1)) {
    crawfordGame_ = crawfordPlayed_ = true;
  }
  delayMs_ = std::int64_t{1000} * options_.delaySeconds;
  if (openingRoll) {
    phase_ = Phase::Opening;
    onRoll_ = 0;
  } else {
    beginTurn(starter);
  }
}

void Match::beginTurn(int player) {
  onRoll_ = player;
  dice_ = {};
  plays_.clear();
  orders_.clear();
  staged_.clear();
  stagedSteps_.clear();
  phase_ = Phase::Rolling;
  delayMs_ = std::int64_t{1000} * options_.delaySeconds;
}

void Match::setDice(Dice d) {
  dice_ = d;
  generatePlays(boardPosition(), d, policy_, plays_);
  generateSequences(boardPosition(), d, policy_, orders_);
  staged_.clear();
  stagedSteps_.clear();
  phase_ = Phase::Moving;
  if (plays_.empty()) beginTurn(1 - onRoll_);  // the roll cannot be played: turn lost
}

void Match::log(Event e) {
  e.elapsedMs = pendingMs_;
  pendingMs_ = 0;
  record_.push_back(e);
}

std::string Match::rollOpening(Dice d) {
  [[maybe_unused]] InvariantCheck check{*this, "rollOpening"};
  if (phase_ != Phase::Opening) return wrongPhase(phase_, "roll for the opening");
  if (!d.valid()) return "each die must be 1-6";
  log(Event{EventKind::OpeningRoll, 0, d});
  if (d.a == d.b) return {};  // a tie: both roll again
  bool firstWins = options_.lowerDieStarts && policy_.touchMove ? d.a < d.b : d.a > d.b;
  int winner = firstWins ? 0 : 1;
  if (policy_.opening == Opening::TwoSingleDice) {
    onRoll_ = winner;
    setDice(winner == 0 ? d : Dice{d.b, d.a});
  } else {
    beginTurn(winner);
  }
  return {};
}

std::string Match::roll(Dice d, bool manual) {
  [[maybe_unused]] InvariantCheck check{*this, "roll"};
  if (phase_ != Phase::Rolling) return wrongPhase(phase_, "roll");
  if (!d.valid()) return "each die must be 1-6";
  Event e{EventKind::Roll, static_cast<std::int8_t>(onRoll_), d};
  e.manual = manual;
  log(e);
  setDice(d);
  return {};
}

std::vector<const Play*> Match::consistentOrders() const {
  std::vector<const Play*> out;
  for (const Play& o : orders_)
    if (std::equal(staged_.begin(), staged_.end(), o.moves.begin(), sameMove)) out.push_back(&o);
  return out;
}

std::vector<int> Match::destinations(int from) const {
  std::vector<int> out;
  std::size_t s = staged_.size();
  for (const Play* o : consistentOrders()) {
    if (s >= o->count || o->moves[s].from != from) continue;
    for (std::size_t k = s; k < o->count; ++k) {  // the same checker, one die further each time
      if (k > s && o->moves[k].from != o->moves[k - 1].to) break;
      if (std::find(out.begin(), out.end(), o->moves[k].to) == out.end()) out.push_back(o->moves[k].to);
    }
  }
  return out;
}

std::vector<int> Match::movableFrom() const {
  std::vector<int> out;
  std::size_t s = staged_.size();
  for (const Play* o : consistentOrders())
    if (s < o->count && std::find(out.begin(), out.end(), o->moves[s].from) == out.end())
      out.push_back(o->moves[s].from);
  return out;
}

// Complete when the staged moves are one whole legal order. Orders need not all be the same
// length: the last checker borne off with the larger die alone reaches the same result as
// moving it with both dice, so judging by the first order's length stopped a turn a move
// early (5-2: 3/1, checker left on 1) or never let it end (2-5: 3/off, nothing to move).
bool Match::stagedComplete() const {
  if (phase_ != Phase::Moving) return false;
  for (const Play& o : orders_)
    if (o.count == staged_.size() && std::equal(staged_.begin(), staged_.end(), o.moves.begin(), sameMove)) return true;
  return false;
}

std::string Match::stage(int from, int to) {
  [[maybe_unused]] InvariantCheck check{*this, "stage"};
  if (phase_ != Phase::Moving) return wrongPhase(phase_, "move");
  if (from < 1 || from > kBar || to < 0 || to >= from) return "a checker moves from a higher to a lower point";
  std::size_t s = staged_.size();
  const Play* best = nullptr;
  std::size_t bestLen = 0;
  for (const Play* o : consistentOrders()) {
    if (s >= o->count || o->moves[s].from != from) continue;
    // Follow the same checker until it reaches `to`.
    for (std::size_t k = s; k < o->count; ++k) {
      if (k > s && o->moves[k].from != o->moves[k - 1].to) break;
      if (o->moves[k].to == to) {
        std::size_t len = k - s + 1;
        if (!best || len < bestLen || (len == bestLen && o->moves[s].die < best->moves[s].die)) {
          best = o;
          bestLen = len;
        }
        break;
      }
    }
  }
  if (!best) return "that checker cannot move there with this roll";
  staged_.insert(staged_.end(), best->moves.begin() + s, best->moves.begin() + s + bestLen);
  stagedSteps_.push_back(static_cast<std::uint8_t>(bestLen));
  if (policy_.touchMove && stagedComplete()) commitStaged();  // touch-move: no confirmation
  return {};
}

std::string Match::undo() {
  [[maybe_unused]] InvariantCheck check{*this, "undo"};
  if (phase_ != Phase::Moving) return wrongPhase(phase_, "undo");
  if (policy_.touchMove) return "touch-move: under traditional rules a moved checker stays moved";
  if (stagedSteps_.empty()) return "nothing to undo";
  staged_.resize(staged_.size() - stagedSteps_.back());
  stagedSteps_.pop_back();
  return {};
}

std::string Match::confirm() {
  [[maybe_unused]] InvariantCheck check{*this, "confirm"};
  if (phase_ != Phase::Moving) return wrongPhase(phase_, "confirm");
  if (!stagedComplete())
    return "the play is not finished: use " + std::to_string(orders_.front().count) + " dice";
  commitStaged();
  return {};
}

void Match::commitStaged() {
  Position after = position();
  Event e{EventKind::Play, static_cast<std::int8_t>(onRoll_), dice_};
  e.count = static_cast<std::uint8_t>(staged_.size());
  std::copy(staged_.begin(), staged_.end(), e.moves.begin());
  log(e);
  board_[onRoll_] = after.me();
  board_[1 - onRoll_] = after.them();
  if (board_[onRoll_][kOff] == variant().checkers) {
    endGame(onRoll_, resultKind(onRoll_), false, false);
  } else {
    beginTurn(1 - onRoll_);
  }
}

std::string Match::play(const Play& p) {
  [[maybe_unused]] InvariantCheck check{*this, "play"};
  if (phase_ != Phase::Moving) return wrongPhase(phase_, "play");
  if (!staged_.empty() && policy_.touchMove) return "touch-move: finish the play already begun";
  const Play* chosen = nullptr;
  for (const Play& o : orders_) {
    if (o.count != p.count) continue;
    if (std::equal(o.moves.begin(), o.moves.begin() + o.count, p.moves.begin(),
                   [](const Move& a, const Move& b) { return a.from == b.from && a.to == b.to; })) {
      chosen = &o;
      break;
    }
  }
  for (const Play& o : orders_)
    if (!chosen && o.result == p.result && o.count == p.count) chosen = &o;
  if (!chosen) return "not a legal play with this roll";
  staged_.assign(chosen->moves.begin(), chosen->moves.begin() + chosen->count);
  stagedSteps_.assign(1, chosen->count);
  commitStaged();
  return {};
}

std::string Match::playText(std::string_view notation) {
  if (phase_ != Phase::Moving) return wrongPhase(phase_, "play");
  std::string error;
  auto p = findPlay(plays_, boardPosition(), notation, &error);
  if (!p) return error;
  return play(*p);
}

bool Match::canDouble() const {
  if (!policy_.cube || crawfordGame_ || phase_ != Phase::Rolling) return false;
  if (cubeOwner_ != -1 && cubeOwner_ != onRoll_) return false;
  if (cubeValue_ * 2 > policy_.maxCube) return false;
  // The cube is dead for a player whose score plus the cube already reaches the length.
  if (options_.matchLength > 0 && score_[onRoll_] + cubeValue_ >= options_.matchLength) return false;
  return true;
}

bool Match::canBeaver() const {
  return policy_.beaver && phase_ == Phase::Doubled && cubeValue_ * 4 <= policy_.maxCube;
}

std::string Match::offerDouble() {
  [[maybe_unused]] InvariantCheck check{*this, "offerDouble"};
  if (phase_ != Phase::Rolling) return wrongPhase(phase_, "double");
  if (!policy_.cube) return "there is no doubling cube in this match";
  if (crawfordGame_) return "no doubling in the Crawford game";
  if (cubeOwner_ != -1 && cubeOwner_ != onRoll_) return "the opponent owns the cube";
  if (!canDouble()) return "the cube is dead: doubling cannot change this match";
  log(Event{EventKind::Double, static_cast<std::int8_t>(onRoll_)});
  decider_ = 1 - onRoll_;
  phase_ = Phase::Doubled;
  delayMs_ = std::int64_t{1000} * options_.delaySeconds;
  return {};
}

std::string Match::take() {
  [[maybe_unused]] InvariantCheck check{*this, "take"};
  if (phase_ == Phase::Doubled) {
    log(Event{EventKind::Take, static_cast<std::int8_t>(decider_)});
    cubeValue_ *= 2;
    cubeOwner_ = decider_;
  } else if (phase_ == Phase::Beavered) {
    log(Event{EventKind::Take, static_cast<std::int8_t>(decider_)});
    cubeValue_ *= 2;  // the beaver stands: the beaverer keeps the cube
  } else {
    return wrongPhase(phase_, "take");
  }
  phase_ = Phase::Rolling;
  delayMs_ = std::int64_t{1000} * options_.delaySeconds;
  return {};
}

std::string Match::pass() {
  [[maybe_unused]] InvariantCheck check{*this, "pass"};
  if (phase_ != Phase::Doubled && phase_ != Phase::Beavered) return wrongPhase(phase_, "pass");
  log(Event{EventKind::Pass, static_cast<std::int8_t>(decider_)});
  endGame(1 - decider_, ResultKind::Single, true, false);
  return {};
}

std::string Match::beaver() {
  [[maybe_unused]] InvariantCheck check{*this, "beaver"};
  if (phase_ != Phase::Doubled) return wrongPhase(phase_, "beaver");
  if (!canBeaver()) return policy_.beaver ? "the cube cannot go higher" : "beavers are not played in this match";
  log(Event{EventKind::Beaver, static_cast<std::int8_t>(decider_)});
  cubeValue_ *= 2;  // taken...
  cubeOwner_ = decider_;  // ...and owned by the beaverer, who offers to double it again
  decider_ = onRoll_;
  phase_ = Phase::Beavered;
  delayMs_ = std::int64_t{1000} * options_.delaySeconds;
  return {};
}

std::string Match::resign(ResultKind kind) {
  [[maybe_unused]] InvariantCheck check{*this, "resign"};
  if (phase_ != Phase::Rolling && phase_ != Phase::Moving) return wrongPhase(phase_, "resign");
  if (kind == ResultKind::Backgammon && !policy_.backgammons) return "there are no backgammons under these rules";
  Event e{EventKind::Resign, static_cast<std::int8_t>(onRoll_)};
  e.value = static_cast<std::int8_t>(kind);
  log(e);
  resumePhase_ = phase_;
  resigner_ = onRoll_;
  decider_ = 1 - onRoll_;
  resignOffer_ = static_cast<int>(kind);
  phase_ = Phase::Resigning;
  delayMs_ = std::int64_t{1000} * options_.delaySeconds;
  return {};
}

std::string Match::acceptResignation() {
  [[maybe_unused]] InvariantCheck check{*this, "acceptResignation"};
  if (phase_ != Phase::Resigning) return wrongPhase(phase_, "accept a resignation");
  log(Event{EventKind::AcceptResign, static_cast<std::int8_t>(decider_)});
  endGame(1 - resigner_, static_cast<ResultKind>(resignOffer_), false, true);
  return {};
}

std::string Match::rejectResignation() {
  [[maybe_unused]] InvariantCheck check{*this, "rejectResignation"};
  if (phase_ != Phase::Resigning) return wrongPhase(phase_, "reject a resignation");
  log(Event{EventKind::RejectResign, static_cast<std::int8_t>(decider_)});
  phase_ = resumePhase_;
  resignOffer_ = 0;
  delayMs_ = std::int64_t{1000} * options_.delaySeconds;
  return {};
}

ResultKind Match::resultKind(int winner) const {
  const Side& loser = board_[1 - winner];
  if (loser[kOff] > 0) return ResultKind::Single;
  if (!policy_.backgammons) return ResultKind::Gammon;
  if (loser[kBar] > 0) return ResultKind::Backgammon;
  for (int p = 1; p <= kHomeTop; ++p)  // the winner's home board, in the loser's numbering
    if (loser[opponentPoint(variant().geometry, p)] > 0) return ResultKind::Backgammon;
  return ResultKind::Gammon;
}

bool Match::jacobyApplies() const { return policy_.jacoby && cubeValue_ == 1; }

void Match::endGame(int winner, ResultKind kind, bool byPass, bool byResign) {
  int multiple = jacobyApplies() ? 1 : static_cast<int>(kind);
  lastResult_ = GameResult{winner, kind, multiple * cubeValue_, byPass, byResign, false};
  score_[winner] += lastResult_.points;
  lastGameWinner_ = winner;
  dice_ = {};
  plays_.clear();
  orders_.clear();
  staged_.clear();
  stagedSteps_.clear();
  resignOffer_ = 0;
  if (options_.matchLength > 0 && score_[winner] >= options_.matchLength) {
    matchWinner_ = winner;
    phase_ = Phase::MatchOver;
  } else {
    phase_ = Phase::GameOver;
  }
}

std::string Match::nextGame() {
  [[maybe_unused]] InvariantCheck check{*this, "nextGame"};
  if (phase_ != Phase::GameOver) return wrongPhase(phase_, "start the next game");
  log(Event{EventKind::NextGame, static_cast<std::int8_t>(lastGameWinner_)});
  ++gameNumber_;
  startGame(lastGameWinner_, policy_.openingEveryGame);
  return {};
}

bool Match::elapse(std::int64_t ms) {
  [[maybe_unused]] InvariantCheck check{*this, "elapse"};
  if (!policy_.clock || ms <= 0) return false;
  if (phase_ == Phase::Opening || phase_ == Phase::GameOver || phase_ == Phase::MatchOver) return false;
  int p = turn();
  pendingMs_ += ms;
  std::int64_t fromDelay = std::min(delayMs_, ms);
  delayMs_ -= fromDelay;
  bankMs_[p] -= ms - fromDelay;
  if (bankMs_[p] > 0) return false;
  bankMs_[p] = 0;
  log(Event{EventKind::Timeout, static_cast<std::int8_t>(p)});
  lastResult_ = GameResult{1 - p, ResultKind::Single, 0, false, false, true};
  matchWinner_ = 1 - p;
  phase_ = Phase::MatchOver;
  return true;
}

MatchKey Match::matchKey() const {
  MatchKey k;
  int log2 = 0;
  while ((1 << log2) < cubeValue_) ++log2;
  k.cubeLog2 = log2;
  k.cubeOwner = cubeOwner_;
  k.onRoll = onRoll_;
  k.crawford = crawfordGame_;
  k.gameState = phase_ == Phase::GameOver || phase_ == Phase::MatchOver ? 2 : 1;
  k.turn = turn();
  k.doubled = phase_ == Phase::Doubled;
  k.resignation = phase_ == Phase::Resigning ? resignOffer_ : 0;
  if (phase_ == Phase::Moving) k.dice = dice_;
  k.matchLength = options_.matchLength;
  k.score[0] = score_[0];
  k.score[1] = score_[1];
  // As gnubg records it: the players' Jacoby setting in money play (even where no cube is
  // used), never in match play.
  k.jacoby = options_.matchLength == 0 && options_.jacoby;
  return k;
}

std::string Match::apply(const Event& e) {
  switch (e.kind) {
    case EventKind::OpeningRoll: return rollOpening(e.dice);
    case EventKind::Roll: return roll(e.dice, e.manual);
    case EventKind::Play: {
      if (e.count > 4) return "a play has at most four moves";
      Play p;
      p.count = e.count;
      std::copy(e.moves.begin(), e.moves.begin() + e.count, p.moves.begin());
      return play(p);
    }
    case EventKind::Double: return offerDouble();
    case EventKind::Take: return take();
    case EventKind::Pass: return pass();
    case EventKind::Beaver: return beaver();
    case EventKind::Resign:
      return e.value >= 1 && e.value <= 3 ? resign(static_cast<ResultKind>(e.value)) : "bad resignation";
    case EventKind::AcceptResign: return acceptResignation();
    case EventKind::RejectResign: return rejectResignation();
    case EventKind::NextGame: return nextGame();
    case EventKind::Timeout: return "a timeout is the clock's (elapse), not an action";
  }
  return "unknown event";
}

std::optional<Match> Match::replay(const MatchOptions& options, const Record& record, std::size_t upTo,
                                   std::string* error) {
  if (std::string why = validate(options); !why.empty()) {
    if (error) *error = why;
    return std::nullopt;
  }
  Match m(options);
  upTo = std::min(upTo, record.size());
  for (std::size_t i = 0; i < upTo; ++i) {
    const Event& e = record[i];
    std::string why;
    if (e.kind == EventKind::Timeout) {
      if (!m.elapse(e.elapsedMs)) why = "the clock did not run out where the record says";
    } else {
      m.elapse(e.elapsedMs);
      why = m.apply(e);
    }
    if (!why.empty()) {
      if (error) *error = "event " + std::to_string(i + 1) + ": " + why;
      return std::nullopt;
    }
  }
  return m;
}

std::string Match::checkInvariants() const {
  // The constructor takes valid options on trust (replay and the loaders validate first).
  if (std::string why = validate(options_); !why.empty()) return "options: " + why;
  const VariantSpec& v = variant();
  Position p = position();
  if (std::string why = validatePosition(p, v); !why.empty() && phase_ != Phase::GameOver &&
                                                 phase_ != Phase::MatchOver)
    return why;
  for (int who = 0; who < 2; ++who)
    if (checkerTotal(board_[who]) != v.checkers) return "checker count changed";
  if (phase_ == Phase::Moving) {
    if (!dice_.valid()) return "moving without dice";
    if (plays_.empty() || orders_.empty()) return "moving without a legal play";
    if (consistentOrders().empty()) return "staged moves are not part of a legal play";
  }
  if (cubeValue_ < 1 || cubeValue_ > policy_.maxCube || (cubeValue_ & (cubeValue_ - 1))) return "bad cube value";
  if (!policy_.cube && (cubeValue_ != 1 || cubeOwner_ != -1)) return "cube used where there is none";
  if (score_[0] < 0 || score_[1] < 0) return "negative score";
  return {};
}

}  // namespace nard
