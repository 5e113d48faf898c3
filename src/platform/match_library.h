// The page's side of analysis, review and history: the browser glue around
// app::AnalysisRunner and the entries of app/match_history.h. It stores entries in
// IndexedDB and asks for them (web_bridge.h), answers window.nard.analyse(), offers
// downloads and opens reviews; the screens only set requests (ui::PageRequests) and read
// state (ui::ReviewState, ui::HistoryState).
#pragma once
#include <map>
#include <string>

#include "app/analysis_runner.h"
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
  // window.nard.openHistory(id): the entry's review opens as Match history > Review opens
  // it, and the page hears its analysis as analyse()'s; "" when asked, else why not.
  std::string openForApi(const std::string& id, ui::ScreenState& s);
  // A match not in the history's database (a finished friend match, FriendPlay) opened
  // in the review as a history entry is, not stored again; `apiWaiting`: for openHistory().
  void review(ui::ScreenState& s, app::RecordedMatch m, bool apiWaiting);

 private:
  // Starts the analysis; `show`: the person waits for it (a progress bar, then the review).
  void analyse(ui::ScreenState& s, app::RecordedMatch match, app::AnalysisRunner::Subject subject, bool show,
               std::string title);
  void finished(ui::ScreenState& s, app::AnalysisRunner::Done done);
  void storeCurrent(ui::ScreenState& s, const ui::GameController& g);
  void carryOut(ui::ScreenState& s, ui::GameController& g, double now);

  app::AnalysisRunner runner_;
  double now_ = 0;                               // page clock at the last frame
  std::map<std::string, bool> entryForExport_;   // entries asked of the page: export (true) or review
  std::string entryForApi_;                      // the entry openForApi asked for, until it comes
};

}  // namespace platform
