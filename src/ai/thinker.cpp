#include "thinker.h"

#include <algorithm>

namespace nard::ai {

Thinker::Thinker(Search& search) : search_(search) {
  frames_.resize(4);  // deep enough for every level; grows if ever needed
}

void Thinker::startRank(const Position&, const PlayList& plays, const SearchSettings& s, Rng* noise) {
  root_ = Root::Rank;
  plays_ = &plays;
  settings_ = s;
  noise_ = noise;
  ranked_.clear();
  ranked_.reserve(plays.size());
  deep_.clear();
  cursor_ = 0;
  level_ = 0;
  depth_ = 0;
  units_ = 0;
  done_ = false;
}

void Thinker::startOnRoll(const Position& pos, int plies) {
  root_ = Root::OnRoll;
  depth_ = 0;
  units_ = 0;
  done_ = false;
  ask(pos, plies);  // may answer at once (0 plies, or a finished game)
}

bool Thinker::step(double budgetMs) {
  if (done_) return true;
  using Clock = std::chrono::steady_clock;
  auto start = Clock::now();
  do {
    unit();
  } while (!done_ && std::chrono::duration<double, std::milli>(Clock::now() - start).count() < budgetMs);
  return done_;
}

void Thinker::unit() {
  ++units_;
  if (depth_ > 0) unitFrame(frames_[depth_ - 1]);
  else if (root_ == Root::Rank) unitRank();
}

// --- the root of rank(): 0-ply over all plays, then deeper plies over the survivors ---

void Thinker::unitRank() {
  if (level_ == 0) {
    const PlayList& plays = *plays_;
    int end = std::min(cursor_ + kChunk, static_cast<int>(plays.size()));
    for (int i = cursor_; i < end; ++i) {
      Probabilities p = search_.afterPlay(plays[i].result, 0);
      ranked_.push_back({i, p, search_.moneyEquity(p), 0});
    }
    cursor_ = end;
    if (cursor_ < static_cast<int>(plays.size())) return;
    Search::sortBest(ranked_);
    if (settings_.plies > 0 && ranked_.size() > 1) {
      deep_ = ranked_;
      Search::keepBest(deep_, settings_.keep, settings_.margin);
      level_ = 1;
      cursor_ = 0;
    } else {
      search_.finish(ranked_, nullptr, settings_, noise_);
      done_ = true;
    }
    return;
  }
  nextDeep();
}

// afterPlay(result, level_) for the next play kept for this depth.
void Thinker::nextDeep() {
  const Position& result = (*plays_)[deep_[cursor_].index].result;
  if (auto over = finished(result, search_.variant())) {
    rankAnswer(*over);
    return;
  }
  ask(result.flipped(), level_);
}

void Thinker::rankAnswer(const Probabilities& moverChances) {
  RankedPlay& r = deep_[cursor_];
  r.probs = moverChances;
  r.equity = search_.moneyEquity(r.probs);
  r.plies = level_;
  if (++cursor_ < static_cast<int>(deep_.size())) return;
  Search::sortBest(deep_);
  if (level_ < settings_.plies) {
    Search::keepBest(deep_, settings_.keepAfter(level_), settings_.marginAfter(level_));
    ++level_;
    cursor_ = 0;
    return;
  }
  search_.finish(ranked_, &deep_, settings_, noise_);
  done_ = true;
}

// --- onRoll(pos, plies) as a frame: for each roll, the best 0-ply reply, judged deeper ---

void Thinker::ask(const Position& pos, int plies) {
  if (plies <= 0) {
    answer(search_.evaluator().evaluate(pos));
    return;
  }
  if (auto over = finished(pos.flipped(), search_.variant())) {
    answer(invert(*over));
    return;
  }
  if (depth_ == static_cast<int>(frames_.size())) frames_.emplace_back();
  Frame& f = frames_[depth_++];
  f.pos = pos;
  f.plies = plies;
  f.roll = 0;
  f.scanning = false;
  std::fill(std::begin(f.sum), std::end(f.sum), 0.f);
}

void Thinker::answer(const Probabilities& onRollValue) {
  if (depth_ == 0) {
    if (root_ == Root::Rank) {
      rankAnswer(invert(onRollValue));  // afterPlay = invert(onRoll(result.flipped()))
    } else {
      result_ = onRollValue;
      done_ = true;
    }
    return;
  }
  Frame& f = frames_[depth_ - 1];
  addRoll(f, invert(onRollValue));
}

void Thinker::addRoll(Frame& f, const Probabilities& value) {
  auto a = value.asArray();
  const int weight = kAllRolls[f.roll].weight;
  for (int k = 0; k < kOutputs; ++k) f.sum[k] += a[k] * weight;
  f.scanning = false;
  if (++f.roll < static_cast<int>(kAllRolls.size())) return;
  for (float& s : f.sum) s /= 36.f;
  Probabilities done = Probabilities::fromArray(f.sum);
  --depth_;
  answer(done);
}

void Thinker::unitFrame(Frame& f) {
  if (!f.scanning) {
    generatePlays(f.pos, kAllRolls[f.roll].dice, search_.rules(), f.plays);
    if (f.plays.empty()) {  // no move: the turn passes
      Position next = f.pos.flipped();
      int plies = f.plies - 1;
      ask(next, plies);  // may grow frames_: `f` is not used after this
      return;
    }
    f.scanning = true;
    f.cursor = 0;
    f.best = -1;
    f.bestEq = -1e9f;
    return;
  }
  // The player on roll answers with its best 0-ply play, judged deeper afterwards.
  int end = std::min(f.cursor + kChunk, static_cast<int>(f.plays.size()));
  for (int i = f.cursor; i < end; ++i) {
    Probabilities q = search_.afterPlay(f.plays[i].result, 0);
    float e = search_.moneyEquity(q);
    if (e > f.bestEq) f.bestEq = e, f.best = i, f.bestProbs = q;
  }
  f.cursor = end;
  if (f.cursor < static_cast<int>(f.plays.size())) return;
  if (f.plies == 1) {
    Probabilities best = f.bestProbs;
    addRoll(f, best);
    return;
  }
  Position result = f.plays[f.best].result;
  if (auto over = finished(result, search_.variant())) {
    addRoll(f, *over);
    return;
  }
  int plies = f.plies - 1;
  ask(result.flipped(), plies);
}

}  // namespace nard::ai
