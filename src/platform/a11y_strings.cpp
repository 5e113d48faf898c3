// The labels and announcements of the page's accessible board (web/a11y.js), marked here
// so that tools/i18n/update-pot puts them in the template and translators see them like
// every other string. The page asks for each through nard_api("text", key) and fills in
// the {named} parts itself; the answer is the logical, unshaped text (the browser shapes).
#include "platform/a11y_strings.h"

#include <algorithm>
#include <iterator>

#include "ui/i18n.h"

namespace platform {
namespace {

const char* const kLabels[] = {
    // Marked where the game draws them (side strips, action buttons): not again here,
    // so that the template keeps them where translators first met them.
    "White", "Black", "Roll", "Double", "Take", "Pass", "Confirm", "Undo", "Hint",
    // The coach's marks and cube actions, which state() gives in English (ui's words).
    "doubtful", "bad", "very bad", "double", "no double", "take", "pass", "beaver",
    // The review's words (review_screen.cpp, top_bar.cpp), for the analysis as a table.
    "Analyse match", "Analysing the match...", "PR", "Luck", "Played", "Best",
    // The New Game dialog's words (new_game_dialog.cpp), for the accessible one.
    "New game", "Variant", "Rules", "Match length", "Human", "Computer", "Beginner", "Intermediate", "Advanced",
    "Expert", "Start", "Modern", "Traditional", "Standard", "Nackgammon", "Hyper", "Long Nard", "money game",
    // Match history's words (history_screen.cpp), for the history as a list.
    "Match history", "unfinished", "imported", "No matches yet: finished matches appear here.",
    N_("finished"), N_("match to {length}"),
    // A match with a friend in the history (history_screen.cpp), and the live mark (friend_play.cpp).
    "Your turn", "Friend's turn", "with a friend", "Live: your friend is online; moves travel by themselves",
    "Live: waiting for your friend to come online",
    // The analysis table's columns, and its alternatives (the review's top three for each decision).
    N_("Player"), N_("Dice"), N_("Mark"), N_("Alternatives"), N_("{rank}. {play}: equity {equity}"), N_("{rank}. {play}: equity {equity}, {loss} less than the best"),
    N_("Board"), N_("Game status"), N_("Actions"), N_("Announcements"),
    N_("{player}'s {n} point: {checkers}"), N_("empty"),
    N_("1 white checker"), N_("{count} white checkers"), N_("1 black checker"), N_("{count} black checkers"),
    N_("Bar: {checkers}"), N_("{player}'s tray: {count} borne off"),
    N_("{player} to roll"), N_("{player} to move"), N_("{player} to answer the double"), N_("Game over"),
    N_("Dice: {a} and {b}"), N_("Pip counts: White {white}, Black {black}"),
    N_("Score: White {white}, Black {black}, match to {length}"),
    N_("Score: White {white}, Black {black}, money game"),
    N_("Cube: {value}, in the middle"), N_("Cube: {value}, owned by {player}"),
    N_("Clock: White {white}, Black {black}"),
    N_("Your play, for example 13/7 8/7"), N_("Play it"), N_("Repeat the last announcement"),
    N_("{player} rolled {a} and {b}"), N_("{player} played {play}: {words}"), N_("{from} to {to}"),
    N_("the bar"), N_("off"), N_("{move}, hitting"), N_("{player} cannot move"),
    N_("{player} doubles to {value}"), N_("{player} takes"), N_("{player} passes"),
    N_("{player} beavers: the cube is {value}"), N_("{player} wins 1 point"), N_("{player} wins {points} points"), N_("{player} wins the match"),
    N_("Refused: {reason}"), N_("Coach: this play is {mark}; the best was {best}"), N_("Hint: {play}"),
    N_("Picked up from {point}"), N_("Put back"), N_("{point}: moved to {to}"),
    N_("Keys: R roll, D double, T take, P pass, C confirm, U undo, H hint, arrows move between "
       "points, Enter picks up and puts down, A plays the higher die, Z the lower, N types a "
       "play, L repeats the last announcement"),
};

}  // namespace

bool accessibleLabel(std::string_view key) {
  return std::any_of(std::begin(kLabels), std::end(kLabels), [&](const char* k) { return key == k; });
}

}  // namespace platform
