// Friend matches in the match history (docs/FRIEND-PLAY.md, "In the match history"): they
// stay in localStorage (friend_play.h says why), and are listed beside the history's own
// entries as summaries of app/match_history.h with whose turn it is. An unfinished one,
// opened, is continued on the board; a finished one opens in the review like any other.
#include <chrono>
#include <cstdlib>

#include "app/friend_relay.h"
#include "app/match_history.h"
#include "engine/json_writer.h"
#include "engine/matfile.h"
#include "platform/friend_play.h"
#include "platform/web_bridge.h"
#include "ui/i18n.h"

namespace platform {
namespace {

constexpr const char* kPrefix = "nard.friend.";
constexpr const char* kEntryPrefix = "f-";
constexpr std::size_t kTagLetters = 16;   // app::tagHex of an 8-byte tag

bool isTag(const std::string& s) {
  if (s.size() != kTagLetters) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

double epochMs() {
  using namespace std::chrono;
  return static_cast<double>(duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count());
}

// When the match was last stored (kept beside it: the save format has no date), else now.
double storedDate(const std::string& tag) {
  const auto text = storageGet((kPrefix + tag + ".date").c_str());
  const double ms = text ? std::atof(text->c_str()) : 0;
  return ms > 0 && ms <= 8.64e15 ? ms : epochMs();
}

// "over", "you" (this side must act) or "friend".
const char* turnOf(const app::FriendMatch& f) {
  if (f.match().phase() == nard::Phase::MatchOver) return "over";
  return f.mustAct() ? "you" : "friend";
}

// The stored match an entry names, or nullopt and why.
std::optional<app::FriendMatch> loadEntry(const std::string& id, std::string* why) {
  if (!FriendPlay::isEntry(id)) {
    *why = "not a friend match's entry";
    return std::nullopt;
  }
  const auto text = storageGet((kPrefix + id.substr(2)).c_str());
  app::FriendRefusal refusal;
  auto f = text ? app::FriendMatch::load(*text, &refusal) : std::nullopt;
  if (!f) *why = text ? "the stored friend match is damaged: " + refusal.detail : "no stored friend match has this id";
  return f;
}

}  // namespace

bool FriendPlay::isEntry(const std::string& id) {
  return id.rfind(kEntryPrefix, 0) == 0 && isTag(id.substr(2));
}

std::string FriendPlay::removeEntry(const std::string& id) {
  if (!isEntry(id)) return "not a friend match's entry";
  const std::string tag = id.substr(2);
  if (match_ && app::tagHex(match_->tag()) == tag)
    return ui::translate(N_("This match is on the board: start a new game before deleting it"));
  if (!storageGet((kPrefix + tag).c_str())) return "no stored friend match has this id";
  if (!storageRemove((kPrefix + tag).c_str())) return "the browser's storage refused";
  storageRemove((kPrefix + tag + ".date").c_str());
  return {};
}

void FriendPlay::storeDate(const std::string& tag) {
  storageSet((kPrefix + tag + ".date").c_str(), std::to_string(static_cast<long long>(epochMs())));
}

std::string FriendPlay::historyJson() const {
  nard::JsonWriter j;
  j.beginArray();
  for (const std::string& key : storageKeys(kPrefix)) {
    const std::string tag = key.substr(std::string(kPrefix).size());
    if (!isTag(tag)) continue;   // the current match's name, dates
    const auto text = storageGet(key.c_str());
    app::FriendRefusal why;
    const auto f = text ? app::FriendMatch::load(*text, &why) : std::nullopt;
    if (!f) {
      consoleWarn("stored friend match " + tag + " not listed: " + why.detail);
      continue;
    }
    const nard::Match& m = f->match();
    j.beginObject().key("id").value(kEntryPrefix + tag).key("date").value(storedDate(tag), 0);
    j.key("variant").value(m.variant().key).key("rules").value(nard::rulesKey(m.options().rules));
    j.key("length").value(m.options().matchLength);
    j.key("score").beginArray().value(m.score(0)).value(m.score(1)).endArray();
    j.key("names").beginArray().value("White").value("Black").endArray();
    j.key("pr").beginArray().null().null().endArray();
    j.key("finished").value(m.phase() == nard::Phase::MatchOver).key("imported").value(false);
    j.key("friend").value(turnOf(*f)).key("side").value(f->side()).endObject();
  }
  j.endArray();
  return j.str();
}

std::optional<app::RecordedMatch> FriendPlay::openEntry(const std::string& id, ui::GameController& game,
                                                        ui::ScreenState& screen, double now, std::string* why) {
  auto f = loadEntry(id, why);
  if (!f) return std::nullopt;
  screen.history.open = false;
  if (f->match().phase() == nard::Phase::MatchOver)
    return app::RecordedMatch{f->match().options(), f->match().record(), {"White", "Black"}};
  // Continued: shown on the board as after a reload, its link to send offered again.
  match_ = std::move(f);
  refused_.clear();
  offered_.clear();
  show(game, now);
  offer(screen, now);
  return std::nullopt;
}

std::string FriendPlay::exportEntry(const std::string& id) {
  std::string why;
  const auto f = loadEntry(id, &why);
  if (f) downloadText(app::matFileName(id), nard::exportMat(f->match(), "White", "Black"));
  return why;
}

}  // namespace platform
