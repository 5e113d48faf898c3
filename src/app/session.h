// The game session the browser UI talks to: a Match, who sits in each seat (a person or
// the computer), where the dice come from, and the events the UI and an embedding page
// react to. It decides nothing about the rules: every action goes to the engine.
#pragma once
#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/match.h"

namespace nard {
class JsonWriter;
}

namespace app {

enum class Seat : std::uint8_t { Human, Computer };

struct SessionSettings {
  nard::MatchOptions match;
  std::array<Seat, 2> seats{Seat::Human, Seat::Human};
  std::array<std::string, 2> levels{"intermediate", "intermediate"};  // for computer seats
};

// What happened, in order, for animation, sounds, announcements and postMessage.
struct SessionEvent {
  enum class Kind : std::uint8_t {
    GameStarted, OpeningRoll, Rolled, NoMove, Played, Doubled, Taken, Passed, Beavered,
    ResignOffered, ResignRejected, GameOver, MatchOver, Timeout,
  };
  Kind kind;
  int player = 0;
  nard::Dice dice{};
  std::string play;      // Played: the play in notation, from the player's side
  int points = 0;        // GameOver: points won; MatchOver: the winner's score
  nard::ResultKind result = nard::ResultKind::Single;
};

// The computer's decisions. The AI library provides one (ai_computer.h); tests use
// simple ones. Each call answers for m.turn() in the phase that asks for it.
class Computer {
 public:
  virtual ~Computer() = default;
  virtual std::size_t choosePlay(const nard::Match& m, const std::string& level) = 0;  // index into legalPlays()
  virtual bool wantsToDouble(const nard::Match& m, const std::string& level) = 0;
  enum class Answer : std::uint8_t { Take, Pass, Beaver };
  virtual Answer answerDouble(const nard::Match& m, const std::string& level) = 0;
  virtual bool acceptsResignation(const nard::Match& m, const std::string& level) = 0;

  // Thinking a slice at a time, for a host with one thread that must keep drawing
  // (the browser). startThinking begins the decision the Match asks of m.turn() now;
  // think works for about budgetMs and returns true once it is ready. The matching call
  // above then answers at once, with exactly what it would have answered without the
  // slices. The defaults suit a computer that answers at once.
  virtual void startThinking(const nard::Match& m, const std::string& level) { (void)m, (void)level; }
  virtual bool think(double budgetMs) { return (void)budgetMs, true; }
};

using DiceSource = std::function<nard::Dice()>;

class Session {
 public:
  Session(const SessionSettings& settings, DiceSource dice);

  const nard::Match& match() const { return match_; }
  const SessionSettings& settings() const { return settings_; }
  void setComputer(std::shared_ptr<Computer> computer) { computer_ = std::move(computer); }

  // Actions for the person whose turn it is. "" or the reason it was refused.
  std::string roll();                    // the opening roll too
  std::string rollManual(nard::Dice d);  // real dice typed in; marked in the record
  std::string stage(int from, int to) { return act(match_.stage(from, to)); }
  std::string undo() { return act(match_.undo()); }
  std::string confirm() { return act(match_.confirm()); }
  std::string playText(std::string_view text) { return act(match_.playText(text)); }
  std::string offerDouble() { return act(match_.offerDouble()); }
  std::string take() { return act(match_.take()); }
  std::string pass() { return act(match_.pass()); }
  std::string beaver() { return act(match_.beaver()); }
  std::string resign(nard::ResultKind k) { return act(match_.resign(k)); }
  std::string acceptResignation() { return act(match_.acceptResignation()); }
  std::string rejectResignation() { return act(match_.rejectResignation()); }
  std::string nextGame() { return act(match_.nextGame()); }
  void elapse(std::int64_t ms);

  // Is it the computer's turn to act (including rolling and answering)?
  bool computerToAct() const;
  // One computer action; returns false if there was nothing for it to do.
  bool computerStep();
  // The same, a slice at a time: call once per animation frame while computerToAct().
  // Thinks for about budgetMs (Computer::think); once the decision is ready it acts as
  // computerStep() does and returns true; false while still thinking (or nothing to do).
  // Any action in between (a person's, computerStep) makes it start over on the new state.
  bool computerThink(double budgetMs);

  // Events since the last call, oldest first.
  std::vector<SessionEvent> takeEvents();

  // The whole session as text (seats, levels, match record); load refuses damaged text.
  std::string save() const;
  static std::optional<Session> load(std::string_view text, DiceSource dice, std::string* error);

  // A plain JSON object for window.nard.state() (see docs/EMBEDDING.md).
  std::string stateJson() const;
  // The same members, written into the object `out` has open, so that a caller can add
  // members of its own (the browser adds "ui").
  void writeState(nard::JsonWriter& out) const;

 private:
  std::string act(std::string result);
  void translate(std::size_t from);

  SessionSettings settings_;
  nard::Match match_;
  DiceSource dice_;
  std::shared_ptr<Computer> computer_;
  std::size_t seen_ = 0;  // record events already turned into SessionEvents
  std::string thinkingAbout_;  // the state computerThink started thinking on ("" = none)
  std::vector<SessionEvent> events_;
};

std::string phaseName(nard::Phase p);
// "single", "gammon" or "backgammon": a result's name in the state and events.
const char* resultKey(nard::ResultKind k);

}  // namespace app
