// The page's side of analysis, review and history: runs the analysis a slice per frame,
// keeps every match that reaches a game's end in the history (IndexedDB through
// web_bridge.h) with both players' PR once analysed, opens stored or imported matches
// for review, and writes .mat files. The screens only set requests
// (ui::PageRequests) and read state (ui::ReviewState, ui::HistoryState).
#pragma once
#include <array>
#include <map>
#include <optional>
#include <string>

#include "app/review.h"
#include "app/session.h"
#include "ui/game_controller.h"
#include "ui/game_screen.h"

namespace platform {

class MatchLibrary {
 public:
  // Once per animation frame, drawn or not: requests, and a slice of analysis.
  void frame(ui::ScreenState& s, ui::GameController& g, double now);
  // The game's events: a game's end stores the match and analyses it in the background.
  void onEvent(const app::SessionEvent& e, ui::ScreenState& s, ui::GameController& g);
  // Frames are needed while the person waits for the analysis.
  bool wantsFrames(const ui::ScreenState& s) const { return s.review.showProgress && s.review.task.running(); }

  // Answers from the page (nard_api): "" or why the text was refused.
  std::string historyList(const std::string& json, ui::ScreenState& s);
  std::string historyEntry(const std::string& json, ui::ScreenState& s, double now);
  std::string importMat(const std::string& text, ui::ScreenState& s, double now);
  // window.nard.analyse(): "" when started (the page hears later), else why not.
  std::string analyseForApi(ui::ScreenState& s, ui::GameController& g);

 private:
  // A history entry as stored (web/history.js checks the same fields); the PRs are
  // added when the analysis has given them.
  struct StoredEntry {
    std::string id;
    double date = 0;               // ms since 1970
    nard::Match match;             // at the end of its record
    std::array<std::string, 2> names;
    bool imported = false;
    std::string save, mat;         // the game's save text; the .mat text
  };
  // What the running analysis is for, besides the review: the entry to store again with
  // the PRs, and whether window.nard.analyse() waits for it.
  struct Subject {
    std::optional<StoredEntry> entry;
    bool apiWaiting = false;
  };
  static std::string entryJson(const StoredEntry& e, const nard::analysis::MatchAnalysis* analysis);
  void analyse(ui::ScreenState& s, app::RecordedMatch match, Subject subject, bool show, std::string title);
  void finished(ui::ScreenState& s, app::MatchReview review);
  void storeCurrent(ui::ScreenState& s, const ui::GameController& g);
  void carryOut(ui::ScreenState& s, ui::GameController& g, double now);

  Subject subject_;
  bool analysing_ = false;                       // subject_ belongs to the task running
  std::optional<app::MatchReview> lastReview_;   // the latest analysis (of a record, reused while it is unchanged)
  double now_ = 0;                               // page clock at the last frame
  std::map<std::string, bool> entryForExport_;   // entries asked of the page: export (true) or review
};

}  // namespace platform
