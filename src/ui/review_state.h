// What the review and history screens show and what the person asked of them. The
// screens (ui/review_screen.cpp, ui/history_screen.cpp) only read and set these; the
// page side (platform/match_library.cpp) runs the analysis, talks to IndexedDB and the file
// system, and answers through them.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "app/match_history.h"
#include "app/review.h"

namespace ui {

// The analysis on its way and the review on screen.
struct ReviewState {
  app::ReviewTask task;          // analysing (the current match, or one opened from history)
  bool showProgress = false;     // the person asked: a progress bar, then the review opens
  std::optional<app::MatchReview> review;   // open while set
  std::string title;             // what is reviewed ("White 7 - 3 Black", a date)
  std::size_t selected = 0;      // the decision on the board
  bool scrollToSelected = false; // the move list brings the selection into view once
  void select(std::size_t i) {
    if (!review || review->size() == 0) return;
    selected = i < review->size() ? i : review->size() - 1;
    scrollToSelected = true;
  }
};

// One stored match as the history list shows it (the entry without its record).
using HistorySummary = app::HistorySummary;

struct HistoryState {
  bool open = false;
  bool loading = false;          // asked the page for the list; not answered yet
  std::vector<HistorySummary> entries;   // newest first
  int skipped = 0;               // damaged records the page left out
};

// Requests from the screens, carried out by the page side after the frame.
struct PageRequests {
  bool analyse = false;          // analyse the match on the board and open its review
  bool listHistory = false;      // (re)load the history list
  std::string openEntry;         // review this history entry
  std::string exportEntry;       // download this entry as .mat
  bool exportReview = false;     // download the match under review as .mat
  std::string removeEntry;
  bool importFile = false;       // pick a .mat file and review it
  int accessibleBoard = -1;      // View > Keyboard and screen reader: 1 on, 0 off (web/a11y.js)
};

}  // namespace ui
