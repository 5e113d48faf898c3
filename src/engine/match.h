// The game and match state machine: opening roll, rolling, moving (staged one checker at
// a time, undo under modern rules, touch-move under traditional), cube, resignation,
// scoring, Crawford, clock, and the record that replays it all.
//
// Players are absolute: 0 and 1. Points are given in the mover's own numbering.
// Every action returns "" on success or a sentence saying why it was refused; a refused
// action changes nothing.
#pragma once
// NARD_CHECK_INVARIANTS: every action (and the constructor) ends by checking
// checkInvariants() and aborts with the reason on stderr, as Stockfish asserts pos_is_ok(),
// so that every test, soak and fuzz input checks them. On wherever NDEBUG is not defined;
// CMake's option of the same name turns it on where it is (the sanitized and fuzz builds).
#if !defined(NDEBUG) && !defined(NARD_CHECK_INVARIANTS)
#define NARD_CHECK_INVARIANTS
#endif

#include <optional>
#include <string>
#include <vector>

#include "ids.h"
#include "record.h"
#include "ruleset.h"

namespace nard {

enum class Phase : std::uint8_t {
  Opening,    // both players roll one die
  Rolling,    // `onRoll()` may double (if allowed) or roll
  Moving,     // dice are rolled; moves are staged
  Doubled,    // `turn()` must take, pass or beaver
  Beavered,   // `turn()` (the doubler) must accept or refuse the beaver
  Resigning,  // `turn()` must accept or reject a resignation offer
  GameOver,   // call nextGame()
  MatchOver,
};

struct GameResult {
  int winner = -1;
  ResultKind kind = ResultKind::Single;
  int points = 0;     // kind x cube (after Jacoby)
  bool byPass = false, byResign = false, byTimeout = false;
};

class Match {
 public:
  explicit Match(const MatchOptions& options);
  // Checks the options; "" if they describe a playable match.
  static std::string validate(const MatchOptions& options);

  // --- actions ---------------------------------------------------------------------
  [[nodiscard]] std::string rollOpening(Dice dice);              // a: player 0, b: player 1
  [[nodiscard]] std::string roll(Dice dice, bool manual = false);
  [[nodiscard]] std::string stage(int from, int to);             // move one checker
  [[nodiscard]] std::string undo();                              // modern only
  [[nodiscard]] std::string confirm();                           // end the turn
  [[nodiscard]] std::string play(const Play& play);              // whole play at once
  [[nodiscard]] std::string playText(std::string_view notation);
  [[nodiscard]] std::string offerDouble();
  [[nodiscard]] std::string take();       // also: the doubler accepts a beaver
  [[nodiscard]] std::string pass();       // also: the doubler refuses a beaver
  [[nodiscard]] std::string beaver();
  [[nodiscard]] std::string resign(ResultKind kind);
  [[nodiscard]] std::string acceptResignation();
  [[nodiscard]] std::string rejectResignation();
  [[nodiscard]] std::string nextGame();
  // Charges clock time to the player who must act. Returns true if the bank ran out
  // (the match is then lost on time).
  bool elapse(std::int64_t ms);

  // --- state -----------------------------------------------------------------------
  const MatchOptions& options() const { return options_; }
  const RulePolicy& policy() const { return policy_; }
  const VariantSpec& variant() const { return spec(options_.variant); }
  Phase phase() const { return phase_; }
  int onRoll() const { return onRoll_; }   // the player whose turn it is
  int turn() const;                        // the player who must act now
  Dice dice() const { return dice_; }
  int cubeValue() const { return cubeValue_; }
  int cubeOwner() const { return cubeOwner_; }  // -1 centred
  int score(int player) const { return score_[player]; }
  int gameNumber() const { return gameNumber_; }
  bool crawfordGame() const { return crawfordGame_; }
  const Side& board(int player) const { return board_[player]; }
  // The position seen from the player on roll, with staged moves applied.
  Position position() const;
  // The last finished game (valid in GameOver and MatchOver).
  const GameResult& lastResult() const { return lastResult_; }
  int matchWinner() const { return matchWinner_; }
  std::int64_t clockBankMs(int player) const { return bankMs_[player]; }
  std::int64_t clockDelayMs() const { return delayMs_; }
  int resignationOffered() const { return resignOffer_; }

  // Legal plays for the rolled dice (one per result) and the staged moves so far.
  const PlayList& legalPlays() const { return plays_; }
  const std::vector<Move>& staged() const { return staged_; }
  bool stagedComplete() const;
  // Destinations a checker on `from` may reach now (0 = off), given the staged moves.
  std::vector<int> destinations(int from) const;
  // Points from which a checker may move now.
  std::vector<int> movableFrom() const;

  bool canDouble() const;
  bool canBeaver() const;
  MatchKey matchKey() const;
  std::string positionId() const { return nard::positionId(position()); }
  std::string matchId() const { return nard::matchId(matchKey()); }
  const Record& record() const { return record_; }

  // Applies one recorded event (not its clock time: see elapse); "" or why it was refused.
  // Replays, the .mat export and the analysis walk a record with it.
  [[nodiscard]] std::string apply(const Event& e);

  // Replays a record through a fresh match; nullopt (and why) if any event is refused.
  static std::optional<Match> replay(const MatchOptions& options, const Record& record,
                                     std::size_t upTo, std::string* error);

  // Checks internal invariants (valid options, checker totals, shared points, phase
  // consistency); "" when all hold. Asserted after every action where
  // NARD_CHECK_INVARIANTS is defined (above); tests and selfplay also call it.
  std::string checkInvariants() const;
  // Whether this build asserts the invariants after every action.
  static constexpr bool kChecksInvariants =
#ifdef NARD_CHECK_INVARIANTS
      true;
#else
      false;
#endif

 private:
  Position boardPosition() const;  // without staged moves
  void startGame(int starter, bool openingRoll);
  void beginTurn(int player);
  void setDice(Dice d);
  void commitStaged();
  void endGame(int winner, ResultKind kind, bool byPass, bool byResign);
  ResultKind resultKind(int winner) const;
  bool jacobyApplies() const;
  void log(Event e);
  std::vector<const Play*> consistentOrders() const;

  MatchOptions options_;
  RulePolicy policy_;
  std::array<Side, 2> board_{};
  Phase phase_ = Phase::Opening;
  Phase resumePhase_ = Phase::Rolling;  // where a rejected resignation returns
  int onRoll_ = 0;
  int decider_ = 0;                     // who must answer a double/beaver/resignation
  Dice dice_{};
  PlayList plays_;                      // distinct results
  PlayList orders_;                     // every order of every legal play
  std::vector<Move> staged_;
  std::vector<std::uint8_t> stagedSteps_;  // moves per stage() call, for undo
  int cubeValue_ = 1, cubeOwner_ = -1;
  int score_[2] = {0, 0};
  int gameNumber_ = 0;
  bool crawfordGame_ = false, crawfordPlayed_ = false;
  int lastGameWinner_ = -1;
  int resignOffer_ = 0, resigner_ = -1;
  GameResult lastResult_;
  int matchWinner_ = -1;
  std::int64_t bankMs_[2] = {0, 0};
  std::int64_t delayMs_ = 0;
  std::int64_t pendingMs_ = 0;          // charged since the last event (for the record)
  Record record_;
};

}  // namespace nard
