#include "session.h"

#include <sstream>

#include "ai/bot.h"
#include "engine/json_writer.h"
#include "engine/notation.h"
#include "engine/savegame.h"

namespace app {
std::string phaseName(nard::Phase p) {
  switch (p) {
    case nard::Phase::Opening: return "opening";
    case nard::Phase::Rolling: return "rolling";
    case nard::Phase::Moving: return "moving";
    case nard::Phase::Doubled: return "doubled";
    case nard::Phase::Beavered: return "beavered";
    case nard::Phase::Resigning: return "resigning";
    case nard::Phase::GameOver: return "gameover";
    case nard::Phase::MatchOver: return "matchover";
  }
  return "?";
}

const char* resultKey(nard::ResultKind k) {
  switch (k) {
    case nard::ResultKind::Single: return "single";
    case nard::ResultKind::Gammon: return "gammon";
    case nard::ResultKind::Backgammon: return "backgammon";
  }
  return "single";
}

Session::Session(const SessionSettings& settings, DiceSource dice)
    : settings_(settings), match_(settings.match), dice_(std::move(dice)) {
  events_.push_back({SessionEvent::Kind::GameStarted, 0});
}

std::string Session::act(std::string result) {
  if (result.empty()) translate(seen_);
  return result;
}

std::string Session::roll() {
  if (match_.phase() == nard::Phase::Opening) return act(match_.rollOpening(dice_()));
  return act(match_.roll(dice_()));
}

std::string Session::rollManual(nard::Dice d) {
  if (match_.phase() == nard::Phase::Opening) return act(match_.rollOpening(d));
  return act(match_.roll(d, /*manual=*/true));
}

void Session::elapse(std::int64_t ms) {
  if (match_.elapse(ms)) translate(seen_);
}

// Turns the engine's new record events into what the UI announces.
void Session::translate(std::size_t from) {
  using K = SessionEvent::Kind;
  const nard::Record& r = match_.record();
  for (std::size_t i = from; i < r.size(); ++i) {
    const nard::Event& e = r[i];
    SessionEvent out{K::Rolled, e.player, e.dice};
    switch (e.kind) {
      case nard::EventKind::OpeningRoll: out.kind = K::OpeningRoll; break;
      case nard::EventKind::Roll: {
        events_.push_back(out);
        // A roll that cannot be played is followed by the opponent's action at once.
        bool played = i + 1 < r.size() ? r[i + 1].kind == nard::EventKind::Play
                                       : match_.phase() == nard::Phase::Moving;
        if (!played) events_.push_back({K::NoMove, e.player, e.dice});
        continue;
      }
      case nard::EventKind::Play: {
        // Right after the play the mover's checkers are still where it left them.
        nard::Play p;
        p.count = e.count;
        p.moves = e.moves;
        p.result.me() = match_.board(e.player);
        out.kind = K::Played;
        out.play = nard::formatPlay(p);
        break;
      }
      case nard::EventKind::Double: out.kind = K::Doubled; break;
      case nard::EventKind::Take: out.kind = K::Taken; break;
      case nard::EventKind::Pass: out.kind = K::Passed; break;
      case nard::EventKind::Beaver: out.kind = K::Beavered; break;
      case nard::EventKind::Resign: out.kind = K::ResignOffered; out.result = nard::ResultKind(e.value); break;
      case nard::EventKind::RejectResign: out.kind = K::ResignRejected; break;
      case nard::EventKind::NextGame: out.kind = K::GameStarted; break;
      case nard::EventKind::Timeout: out.kind = K::Timeout; break;
      case nard::EventKind::AcceptResign: continue;  // announced as the game's end below
    }
    events_.push_back(out);
  }
  seen_ = r.size();
  bool over = match_.phase() == nard::Phase::GameOver || match_.phase() == nard::Phase::MatchOver;
  if (over && (events_.empty() || (events_.back().kind != K::GameOver && events_.back().kind != K::MatchOver))) {
    const nard::GameResult& g = match_.lastResult();
    if (!g.byTimeout) events_.push_back({K::GameOver, g.winner, {}, {}, g.points, g.kind});
    if (match_.phase() == nard::Phase::MatchOver)
      events_.push_back({K::MatchOver, match_.matchWinner(), {}, {}, match_.score(match_.matchWinner())});
  }
}

std::vector<SessionEvent> Session::takeEvents() {
  std::vector<SessionEvent> out;
  out.swap(events_);
  return out;
}

bool Session::computerToAct() const {
  switch (match_.phase()) {
    case nard::Phase::Opening:
      return settings_.seats[0] == Seat::Computer && settings_.seats[1] == Seat::Computer;
    case nard::Phase::GameOver:
    case nard::Phase::MatchOver: return false;
    default: return computer_ && settings_.seats[match_.turn()] == Seat::Computer;
  }
}

namespace {
// The game's computer as the bots' shared rules (ai/bot.h) ask it. The Computer answers
// from searches it has sliced over frames (computerThink); the rules decide what it is
// asked and which action follows, as for every other bot.
class ComputerMind final : public nard::ai::BotMind {
 public:
  ComputerMind(Computer* c, const std::string& level) : c_(c), level_(level) {}
  int play(const nard::Match& m) override {
    const std::size_t i = c_->choosePlay(m, level_);
    return i < m.legalPlays().size() ? static_cast<int>(i) : -1;  // -1: the rules play the first
  }
  nard::ai::CubeAction cube(const nard::Match& m) override {
    using A = nard::ai::CubeAction;
    if (m.phase() == nard::Phase::Rolling) return c_->wantsToDouble(m, level_) ? A::Double : A::None;
    switch (c_->answerDouble(m, level_)) {
      case Computer::Answer::Pass: return A::Pass;
      case Computer::Answer::Beaver: return A::Beaver;
      case Computer::Answer::Take: break;
    }
    return A::Take;
  }
  bool acceptsResignation(const nard::Match& m) override { return c_->acceptsResignation(m, level_); }

 private:
  Computer* c_;  // null only where nothing is asked (the opening roll)
  const std::string& level_;
};
}  // namespace

bool Session::computerStep() {
  if (!computerToAct()) return false;
  ComputerMind mind(computer_.get(), settings_.levels[match_.turn()]);
  return act(nard::ai::perform(match_, nard::ai::decide(match_, mind), dice_)).empty();
}

bool Session::computerThink(double budgetMs) {
  if (!computerToAct()) return false;
  if (match_.phase() == nard::Phase::Opening) return computerStep();  // nothing to think about
  // Every action adds to the record, so its length and the phase name the decision.
  std::string state = std::to_string(match_.record().size()) + ' ' + phaseName(match_.phase()) + ' ' +
                      std::to_string(match_.turn());
  if (state != thinkingAbout_) {
    computer_->startThinking(match_, settings_.levels[match_.turn()]);
    thinkingAbout_ = state;
  }
  if (!computer_->think(budgetMs)) return false;
  thinkingAbout_.clear();
  return computerStep();
}

std::string Session::save() const {
  std::ostringstream s;
  s << "nard-session 1\n"
    << "seats " << (settings_.seats[0] == Seat::Computer ? 'C' : 'H') << ' '
    << (settings_.seats[1] == Seat::Computer ? 'C' : 'H') << '\n'
    << "levels " << settings_.levels[0] << ' ' << settings_.levels[1] << '\n'
    << nard::saveMatch(match_);
  return s.str();
}

std::optional<Session> Session::load(std::string_view text, DiceSource dice, std::string* error) {
  auto fail = [&](const std::string& why) -> std::optional<Session> {
    if (error) *error = why;
    return std::nullopt;
  };
  std::istringstream in{std::string(text)};
  std::string header, seatsWord, levelsWord, s0, s1;
  SessionSettings settings;
  if (!std::getline(in, header) || header != "nard-session 1") return fail("not a saved session of version 1");
  if (!(in >> seatsWord >> s0 >> s1) || seatsWord != "seats" || s0.size() != 1 || s1.size() != 1 ||
      (s0 != "H" && s0 != "C") || (s1 != "H" && s1 != "C"))
    return fail("saved session: bad seats line");
  settings.seats = {s0 == "C" ? Seat::Computer : Seat::Human, s1 == "C" ? Seat::Computer : Seat::Human};
  if (!(in >> levelsWord >> settings.levels[0] >> settings.levels[1]) || levelsWord != "levels" ||
      settings.levels[0].size() > 20 || settings.levels[1].size() > 20)
    return fail("saved session: bad levels line");
  in.get();  // the newline after the levels
  std::string rest((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto m = nard::loadMatch(rest, error);
  if (!m) return std::nullopt;
  settings.match = m->options();
  Session session(settings, std::move(dice));
  session.match_ = std::move(*m);
  session.seen_ = session.match_.record().size();
  session.events_.clear();
  return session;
}

std::string Session::stateJson() const {
  nard::JsonWriter j;
  j.beginObject();
  writeState(j);
  j.endObject();
  return j.str();
}

void Session::writeState(nard::JsonWriter& j) const {
  const nard::Match& m = match_;
  j.key("variant").value(m.variant().key).key("rules").value(nard::rulesKey(m.options().rules));
  j.key("phase").value(phaseName(m.phase())).key("turn").value(m.turn()).key("onRoll").value(m.onRoll());
  j.key("dice").beginArray().value(m.dice().a).value(m.dice().b).endArray();
  j.key("positionId").value(m.positionId()).key("matchId").value(m.matchId());
  j.key("score").beginArray().value(m.score(0)).value(m.score(1)).endArray();
  j.key("matchLength").value(m.options().matchLength).key("game").value(m.gameNumber());
  j.key("events").value(m.record().size()).key("crawford").value(m.crawfordGame());
  j.key("cube").beginObject();
  j.key("value").value(m.cubeValue()).key("owner").value(m.cubeOwner());
  j.key("enabled").value(m.policy().cube).key("canDouble").value(m.canDouble());
  j.endObject();
  j.key("seats").beginArray();
  for (Seat seat : settings_.seats) j.value(seat == Seat::Computer ? "computer" : "human");
  j.endArray();
  j.key("legalPlays").beginArray();
  for (const nard::Play& play : m.legalPlays()) j.value(nard::formatPlay(play));
  j.endArray();
  j.key("staged").beginArray();
  for (const auto& move : m.staged()) j.beginArray().value(move.from).value(move.to).endArray();
  j.endArray();
  j.key("stagedComplete").value(m.stagedComplete());
  const bool over = m.phase() == nard::Phase::GameOver || m.phase() == nard::Phase::MatchOver;
  j.key("winner").value(m.phase() == nard::Phase::MatchOver ? m.matchWinner() : over ? m.lastResult().winner : -1);
  j.key("result");
  if (over) j.value(resultKey(m.lastResult().kind));
  else j.null();
  j.key("points").value(over ? m.lastResult().points : 0);
  j.key("clock");
  if (m.policy().clock) {
    j.beginObject().key("bank").beginArray().value(m.clockBankMs(0)).value(m.clockBankMs(1)).endArray();
    j.key("delay").value(m.clockDelayMs()).endObject();
  } else {
    j.null();
  }
}

}  // namespace app
