// Interaction soak: two people share one board and play every variant and rule set through
// the browser's own ui::GameController over app::Session, one pointer gesture at a time
// (tap the checker then its destination, drag and drop, double tap), with random moves,
// cube answers, undos and resignations, game after game, match after match. At every step:
//   a. a person to move whose play is not complete has at least one movable checker;
//   b. every movable checker has at least one destination, and picking it shows them;
//   c. every destination offered is accepted when taken (tried on a copy of the match,
//      the chosen one through the pointer), and what is staged stays a prefix of an order
//      generated afresh from the position at the start of the turn;
//   d. a complete play ends the turn: Confirm succeeds under modern rules, and under
//      traditional (touch-move) rules the last move ends it by itself; the committed
//      result is one of the legal plays generated afresh.
// Also: a person can always act until the game is over, refused actions change nothing,
// and the engine's own invariants hold after every step.
//
//   interaction_soak [--games N] [--seed S] [--variant V] [--rules R]
//
// N games per variant and rule set (Long Nard has one rule set of its own). Exit status 1
// on the first failure, with the whole state; rerunning with the same options replays it.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "ui/board_input.h"
#include "ui/board_presenter.h"
#include "ui/game_controller.h"

using nard::Phase;

namespace {

struct Combo {
  nard::Variant variant;
  nard::Rules rules;
};

struct Totals {
  long games = 0, matches = 0, steps = 0, moves = 0, confirms = 0, undos = 0, doubles = 0,
       beavers = 0, passes = 0, resigns = 0, unplayable = 0;
};

// Legal orders and plays generated afresh from the position the turn started from, so the
// checks do not lean on the lists the match keeps.
struct TurnStart {
  std::size_t recordSize = SIZE_MAX;   // the record's length once the turn's dice were rolled
  int mover = -1;
  nard::Position position;
  nard::PlayList orders, plays;
};

enum class Gesture { TapTap, Drag, DoubleTap };

std::uint64_t mix(std::uint64_t x) {   // splitmix64 finaliser: one seed per combination
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

std::string movesText(const std::vector<nard::Move>& moves) {
  std::string s;
  for (const nard::Move& m : moves) {
    if (!s.empty()) s += ' ';
    s += std::to_string(m.from);
    s += '/';
    s += std::to_string(m.to);
  }
  return s.empty() ? "(none)" : s;
}

std::vector<int> spots(const view::SpotSet& set) {
  std::vector<int> out;
  for (int i = 1; i < static_cast<int>(set.size()); ++i)
    if (set.test(i)) out.push_back(i);
  return out;
}

bool samePrefix(const nard::Play& order, const std::vector<nard::Move>& staged) {
  if (staged.size() > order.count) return false;
  for (std::size_t i = 0; i < staged.size(); ++i)
    if (order.moves[i].from != staged[i].from || order.moves[i].to != staged[i].to) return false;
  return true;
}

class Soak {
 public:
  Soak(Combo c, std::uint64_t seed)
      : combo_(c), seed_(seed),
        dice_(mix(seed * 16 + static_cast<int>(c.variant) * 2 + static_cast<int>(c.rules))),
        choice_(mix(dice_.next())), g_([this] { return dice_.roll(); }) {}

  Totals run(long games) {
    while (t_.games < games) startMatch(games);
    return t_;
  }

 private:
  const nard::Match& m() const { return g_.match(); }
  bool chance(int perMille) { return choice_.below(1000) < perMille; }
  template <class T> const T& pick(const std::vector<T>& v) { return v[choice_.below(static_cast<int>(v.size()))]; }

  void startMatch(long games);
  void step();
  void moveStep();
  void confirmOrUndo();
  void stageOne();
  void checkDestinationsOnCopies(int fromOwn, const std::vector<int>& destinations);
  void checkStagedOrCommitted(const nard::Match& after, const char* how);
  void refreshTurnStart();
  void expectRefused(const std::function<std::string()>& action, const char* what);
  void expectDone(const std::string& result, const char* what) {
    if (!result.empty()) fail(std::string(what) + " was refused: " + result);
  }

  // The pointer, in CSS pixels at the centre of a screen spot.
  view::Vec2 centre(int spot) const;
  void settle();
  void down(int spot) { g_.pointerDown(centre(spot), now_); }
  void up(int spot) { g_.pointerUp(centre(spot), now_); }

  // What the page's window.nard.state().ui lists as movable (the browser tests read it):
  // the same highlights as the board, but not held back while an animation plays.
  view::SpotSet stateMovable() const {
    view::BoardView v;
    if (g_.humanToMove() >= 0) ui::addHighlights(m(), g_.humanToMove(), 0, v);
    return v.movable;
  }
  [[noreturn]] void fail(const std::string& what) const;

  Combo combo_;
  std::uint64_t seed_;
  nard::Rng dice_, choice_;
  ui::GameController g_;
  view::Layout layout_;
  double now_ = 0;
  long matchGames_ = 0, stepsThisGame_ = 0;
  long gameOverEvents_ = 0;   // announced to the page (sounds, postMessage)
  TurnStart turn_;
  Totals t_;
};

void Soak::startMatch(long games) {
  const bool modern = spec(combo_.variant).ruleSetApplies && combo_.rules == nard::Rules::Modern;
  app::SessionSettings s;
  s.match.variant = combo_.variant;
  s.match.rules = combo_.rules;
  static const std::vector<int> modernLengths{0, 1, 3, 5, 7}, otherLengths{1, 3, 5};
  s.match.matchLength = pick(modern ? modernLengths : otherLengths);
  s.match.lowerDieStarts = chance(300);
  s.seats = {app::Seat::Human, app::Seat::Human};
  // A desktop, a phone held upright, and the board mirrored: hit-testing differs in each.
  view::LayoutOptions o;
  const int shape = choice_.below(3);
  o.cssWidth = shape == 1 ? 390 : 1100;
  o.cssHeight = shape == 1 ? 780 : 720;
  o.topInset = 20;
  o.homeOnRight = shape != 2;
  layout_ = view::computeLayout(o);
  g_.start(s, now_);
  g_.setLayout(layout_);
  g_.setAnimationSpeed(choice_.below(4));   // 0 = no animation; others must be waited out
  ++t_.matches;
  matchGames_ = stepsThisGame_ = 0;
  turn_ = TurnStart{};
  // Money play never ends by itself: a session of a few games stands for it.
  while (t_.games < games) {
    const Phase p = m().phase();
    if ((p == Phase::GameOver || p == Phase::MatchOver) && gameOverEvents_ != t_.games + 1)
      fail("a game ended with " + std::to_string(gameOverEvents_ - t_.games) + " GameOver events, not one");
    if (p == Phase::MatchOver || (p == Phase::GameOver && s.match.matchLength == 0 && matchGames_ >= 4)) {
      ++t_.games;
      return;
    }
    if (p == Phase::GameOver) {
      ++t_.games;
      ++matchGames_;
      stepsThisGame_ = 0;
      if (g_.humanMustAct()) fail("a person must act after the game ended");
      expectDone(g_.nextGame(), "next game");
      ++t_.steps;
      continue;
    }
    if (++stepsThisGame_ > 20000) fail("the game did not end in 20,000 steps");
    step();
    ++t_.steps;
    if (std::string why = m().checkInvariants(); !why.empty()) fail("engine invariant: " + why);
    // What the page does once a frame: take the events and the save.
    for (const app::SessionEvent& e : g_.takeEvents()) gameOverEvents_ += e.kind == app::SessionEvent::Kind::GameOver;
    g_.takeSaveNeeded();
  }
}

// One action of whoever must act, chosen at random among what a person could do.
void Soak::step() {
  if (!g_.humanMustAct()) fail("both seats are people, yet no person must act");
  const nard::Match& match = m();
  switch (match.phase()) {
    case Phase::Opening: expectDone(g_.roll(), "the opening roll"); break;
    case Phase::Rolling:
      if (chance(2)) {
        ++t_.resigns;
        const int kinds = match.policy().backgammons ? 3 : 2;
        expectDone(g_.resign(static_cast<nard::ResultKind>(1 + choice_.below(kinds))), "resign");
      } else if (match.canDouble() && chance(40)) {
        ++t_.doubles;
        expectDone(g_.offerDouble(), "double");
      } else if (!match.canDouble() && chance(20)) {
        expectRefused([&] { return g_.offerDouble(); }, "a double the match does not allow");
      } else {
        const std::size_t before = match.record().size();
        expectDone(g_.roll(), "roll");
        if (match.phase() != Phase::Moving && match.record().size() == before + 1) ++t_.unplayable;
      }
      break;
    case Phase::Moving:
      if (chance(2)) {   // a resignation offered in the middle of a turn
        const auto staged = match.staged();
        ++t_.resigns;
        expectDone(g_.resign(nard::ResultKind::Single), "resign while moving");
        if (chance(500)) break;    // accepted or refused on the next step
        expectDone(g_.rejectResignation(), "reject the resignation");
        if (match.phase() != Phase::Moving || match.staged() != staged) fail("a refused resignation lost the staged moves");
        break;
      }
      moveStep();
      break;
    case Phase::Doubled:
      if (match.canBeaver() && chance(100)) {
        ++t_.beavers;
        expectDone(g_.beaver(), "beaver");
      } else if (chance(250)) {
        ++t_.passes;
        expectDone(g_.pass(), "pass");
      } else {
        expectDone(g_.take(), "take");
      }
      break;
    case Phase::Beavered: expectDone(chance(700) ? g_.take() : g_.pass(), "answer the beaver"); break;
    case Phase::Resigning:
      expectDone(chance(500) ? g_.acceptResignation() : g_.rejectResignation(), "answer the resignation");
      break;
    default: fail("unexpected phase");
  }
}

void Soak::refreshTurnStart() {
  const nard::Match& match = m();
  if (turn_.recordSize == match.record().size() && turn_.mover == match.onRoll()) return;
  turn_.recordSize = match.record().size();
  turn_.mover = match.onRoll();
  turn_.position = nard::Position{{match.board(turn_.mover), match.board(1 - turn_.mover)}};
  nard::generateSequences(turn_.position, match.dice(), match.policy(), turn_.orders);
  nard::generatePlays(turn_.position, match.dice(), match.policy(), turn_.plays);
}

// The person on roll, with the dice rolled: finish the turn if the play is complete,
// else move one checker.
void Soak::moveStep() {
  settle();
  refreshTurnStart();
  const nard::Match& match = m();
  if (g_.humanToMove() != match.onRoll()) fail("a person is on roll but the pointer is given to nobody");
  if (match.stagedComplete()) {
    confirmOrUndo();
    return;
  }
  const std::vector<int> movable = spots(g_.view(now_, true).movable);
  if (movable.empty()) fail("(a) a person is to move, the play is not complete, and no checker is movable");
  if (stateMovable() != g_.view(now_, true).movable) fail("(a) the page's state().ui and the board disagree on what is movable");
  for (int spot : movable) {
    const int own = ui::toOwn(match, match.onRoll(), spot);
    if (own < 1 || match.position().me()[own] == 0) fail("a spot without the mover's checker is offered: " + std::to_string(spot));
    if (match.destinations(own).empty()) fail("(b) movable checker on screen spot " + std::to_string(spot) + " has no destination");
  }
  if (match.policy().touchMove && !match.staged().empty() && chance(30))
    expectRefused([&] { return g_.undo(); }, "undo under touch-move");
  if (!match.policy().touchMove && !match.staged().empty() && chance(80)) {
    const std::size_t before = match.staged().size();
    expectDone(g_.undo(), "undo");
    ++t_.undos;
    if (match.staged().size() >= before) fail("undo took nothing back");
    return;
  }
  stageOne();
}

// A complete play: Confirm (modern), or now and then Undo first. Under touch-move the last
// move ends the turn by itself, so a complete play must never be seen there.
void Soak::confirmOrUndo() {
  const nard::Match& match = m();
  if (match.policy().touchMove) fail("(d) touch-move: the play is complete but the turn did not end");
  if (!spots(g_.view(now_, true).movable).empty()) fail("the play is complete, yet checkers are offered");
  if (!match.staged().empty() && chance(100)) {
    expectDone(g_.undo(), "undo of a complete play");
    ++t_.undos;
    return;
  }
  const int mover = match.onRoll();
  expectDone(g_.confirm(), "(d) confirm of a complete play");
  ++t_.confirms;
  if (match.phase() == Phase::Moving && match.onRoll() == mover) fail("(d) confirm did not end the turn");
  checkStagedOrCommitted(match, "confirm");
}

// Picks a movable checker and one of its destinations with the pointer, as a person does.
void Soak::stageOne() {
  const nard::Match& match = m();
  const int player = match.onRoll();
  const std::vector<int> movable = spots(g_.view(now_, true).movable);
  const int from = pick(movable);
  const int fromOwn = ui::toOwn(match, player, from);
  const Gesture gesture = static_cast<Gesture>(choice_.below(3));

  // Press (and for a tap, release): the checker is picked and its destinations light up.
  settle();
  down(from);
  if (gesture == Gesture::Drag) {
    g_.pointerMove({centre(from).x + 12, centre(from).y + 12});
  } else {
    now_ += 40;
    up(from);
  }
  const view::BoardView picked = g_.view(now_, true);
  if (picked.selected != from) fail("(b) pressing movable spot " + std::to_string(from) + " did not pick it");
  const std::vector<int> destinations = spots(picked.destinations);
  if (destinations.empty()) fail("(b) picked spot " + std::to_string(from) + " shows no destination");
  std::vector<int> ownDestinations;
  for (int d : destinations) ownDestinations.push_back(ui::toOwn(match, player, d));
  checkDestinationsOnCopies(fromOwn, ownDestinations);

  int to = pick(destinations);
  if (gesture == Gesture::DoubleTap) {   // the second tap of a double tap chooses the die
    const int autoTo = ui::autoDestination(match, fromOwn);
    to = autoTo < 0 ? -1 : ui::toScreen(match, player, autoTo);
    if (std::find(destinations.begin(), destinations.end(), to) == destinations.end())
      fail("double tap would play to " + std::to_string(to) + ", which is not offered");
  }
  const std::size_t stagedBefore = match.staged().size(), recordBefore = match.record().size();
  if (gesture == Gesture::Drag) {
    g_.pointerMove(centre(to));
    now_ += 120;
    up(to);
    now_ += 400;
  } else if (gesture == Gesture::DoubleTap) {
    now_ += 100;   // inside the double-tap window
    down(from);
    now_ += 40;
    up(from);
    now_ += 400;
  } else {
    now_ += 300;
    down(to);
    now_ += 40;
    up(to);
    now_ += 400;
  }
  ++t_.moves;
  const bool ended = match.record().size() > recordBefore;
  if (!ended && (match.phase() != Phase::Moving || match.staged().size() <= stagedBefore))
    fail("(c) the move " + std::to_string(from) + " -> " + std::to_string(to) + " was not made: " + g_.notice());
  if (ended && !match.policy().touchMove) fail("a move ended the turn without Confirm under modern rules");
  checkStagedOrCommitted(match, "pointer");
}

// (c) for every destination, not only the one the pointer takes: on a copy of the match.
void Soak::checkDestinationsOnCopies(int fromOwn, const std::vector<int>& destinations) {
  for (int to : destinations) {
    nard::Match copy = m();
    if (std::string why = copy.stage(fromOwn, to); !why.empty())
      fail("(c) destination " + std::to_string(to) + " of " + std::to_string(fromOwn) + " is refused: " + why);
    checkStagedOrCommitted(copy, "copy");
  }
}

// After a move or a confirm: either the turn goes on with staged moves that begin a
// fresh legal order, or the play was committed and its result is a fresh legal play.
void Soak::checkStagedOrCommitted(const nard::Match& after, const char* how) {
  if (std::string why = after.checkInvariants(); !why.empty()) fail(std::string(how) + ": engine invariant: " + why);
  if (after.record().size() == turn_.recordSize) {   // still moving
    bool prefix = false;
    for (const nard::Play& o : turn_.orders) prefix = prefix || samePrefix(o, after.staged());
    if (!prefix) fail(std::string("(c) ") + how + ": staged " + movesText(after.staged()) + " begins no legal order");
    if (after.policy().touchMove && after.stagedComplete()) fail("(d) touch-move: a complete play did not end the turn");
    return;
  }
  const nard::Event& e = after.record()[turn_.recordSize];
  if (e.kind != nard::EventKind::Play || e.player != turn_.mover) fail(std::string("(d) ") + how + ": the turn ended without a play");
  const nard::Position result{{after.board(turn_.mover), after.board(1 - turn_.mover)}};
  bool legal = false;
  for (const nard::Play& p : turn_.plays) legal = legal || p.result == result;
  if (!legal)
    fail(std::string("(d) ") + how + ": committed " + movesText({e.moves.begin(), e.moves.begin() + e.count}) +
         ", whose result " + nard::positionId(result) + " is not a legal play");
}

// A refused action must say why and change nothing.
void Soak::expectRefused(const std::function<std::string()>& action, const char* what) {
  const std::string before = g_.session().stateJson();
  if (action().empty()) fail(std::string(what) + " was accepted");
  if (g_.session().stateJson() != before) fail(std::string(what) + " was refused but changed the game");
}

view::Vec2 Soak::centre(int spot) const {
  view::Vec2 p;
  if (spot == view::kBarSpot) p = {layout_.bar.centre().x, layout_.bar.y + layout_.bar.h * 0.25f};   // clear of the cube
  else if (spot == view::kTraySpot) p = layout_.tray[0].centre();
  else p = layout_.point[spot].centre();
  if (ui::spotAt(layout_, p) != spot) fail("layout: the centre of spot " + std::to_string(spot) + " does not hit it");
  return p;
}

// Animations block the pointer (as in the browser): let them play out.
void Soak::settle() {
  for (int frame = 0; g_.animating(now_); ++frame, now_ += 16)
    if (frame > 2000) fail("an animation did not end in 32 s");
}

void Soak::fail(const std::string& what) const {
  const nard::Match& match = m();
  std::fprintf(stderr, "interaction_soak: FAILED: %s\n", what.c_str());
  std::fprintf(stderr, "  %s %s, --seed %llu, game %ld of this run (game %d of match %ld), step %ld\n",
               spec(combo_.variant).key.data(), rulesKey(combo_.rules).data(), static_cast<unsigned long long>(seed_),
               t_.games + 1, match.gameNumber(), t_.matches, t_.steps);
  std::fprintf(stderr, "  position %s  match %s  phase %s  on roll %d  dice %s\n", match.positionId().c_str(),
               match.matchId().c_str(), app::phaseName(match.phase()).c_str(), match.onRoll(),
               nard::formatDice(match.dice()).c_str());
  std::fprintf(stderr, "  turn began at %s; staged (own numbering): %s\n", nard::positionId(turn_.position).c_str(),
               movesText(match.staged()).c_str());
  std::string legal;
  for (const nard::Play& p : match.legalPlays()) legal += " [" + nard::formatPlay(p) + "]";
  std::string orders;
  for (const nard::Play& o : turn_.orders)
    orders += " [" + movesText({o.moves.begin(), o.moves.begin() + o.count}) + "]";
  std::fprintf(stderr, "  legal plays:%s\n  legal orders (fresh):%s\n", legal.c_str(), orders.c_str());
  std::string own;
  for (int f : match.movableFrom()) own.append(" ").append(std::to_string(f));
  const view::BoardView v = g_.view(now_, true);
  std::string screen;
  for (int spot : spots(v.movable)) screen.append(" ").append(std::to_string(spot));
  std::string to;
  for (int spot : spots(v.destinations)) to.append(" ").append(std::to_string(spot));
  std::fprintf(stderr, "  movable (own numbering):%s\n  movable (screen):%s; picked %d, its destinations:%s\n",
               own.c_str(), screen.c_str(), v.selected, to.c_str());
  std::fprintf(stderr, "  state: %s\n", g_.session().stateJson().c_str());
  std::exit(1);
}

}  // namespace

int main(int argc, char** argv) {
  long games = 200;
  std::uint64_t seed = 1;
  std::string onlyVariant, onlyRules;
  for (int i = 1; i < argc; i += 2) {   // --option value pairs
    std::string a = argv[i];
    const char* value = i + 1 < argc ? argv[i + 1] : nullptr;
    if (!value) {
      std::fprintf(stderr, "usage: interaction_soak [--games N] [--seed S] [--variant V] [--rules R]\n");
      return 2;
    }
    if (a == "--games") games = std::atol(value);
    else if (a == "--seed") seed = std::strtoull(value, nullptr, 10);
    else if (a == "--variant") onlyVariant = value;
    else if (a == "--rules") onlyRules = value;
    else return std::fprintf(stderr, "interaction_soak: unknown option %s\n", a.c_str()), 2;
  }
  if ((!onlyVariant.empty() && !nard::parseVariant(onlyVariant)) || (!onlyRules.empty() && !nard::parseRules(onlyRules)))
    return std::fprintf(stderr, "interaction_soak: unknown variant or rule set\n"), 2;

  bool any = false;
  for (int vi = 0; vi < nard::kVariantCount; ++vi)
    for (nard::Rules r : {nard::Rules::Modern, nard::Rules::Traditional}) {
      const nard::VariantSpec& v = nard::spec(static_cast<nard::Variant>(vi));
      if (!v.ruleSetApplies && r != nard::Rules::Modern) continue;   // Long Nard: one rule set
      if (!onlyVariant.empty() && onlyVariant != v.key) continue;
      if (!onlyRules.empty() && v.ruleSetApplies && onlyRules != nard::rulesKey(r)) continue;
      any = true;
      const auto start = std::chrono::steady_clock::now();
      const Totals t = Soak({v.id, r}, seed).run(games);
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::printf("%-10s %-11s games %ld matches %ld steps %ld moves %ld confirms %ld undos %ld doubles %ld "
                  "beavers %ld passes %ld resigns %ld unplayable %ld  %.1f s\n",
                  v.key.data(), v.ruleSetApplies ? nard::rulesKey(r).data() : "(own)", t.games, t.matches, t.steps,
                  t.moves, t.confirms, t.undos, t.doubles, t.beavers, t.passes, t.resigns, t.unplayable, s);
      std::fflush(stdout);
    }
  if (!any) return std::fprintf(stderr, "interaction_soak: nothing matches --variant/--rules\n"), 2;
  return 0;
}
