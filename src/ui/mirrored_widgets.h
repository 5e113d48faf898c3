// Widgets that mirror for a right-to-left language (ui::rightToLeft()). In Persian a menu
// bar starts at the right edge, a menu opens under its title aligned to the title's right
// edge, a menu item's label is right-aligned with its check mark on the left, a radio
// button or check box sits right of its label, a row of widgets runs from right to left,
// and a dialog's title is right-aligned. In English they look like Dear ImGui's own.
//
// Dear ImGui lays everything out left to right and has no notion of direction, so the
// mirrored forms are drawn here from its building blocks (Selectable, InvisibleButton and
// the draw list); one code path serves both directions where that is possible.
#pragma once
#include <imgui.h>

#include <initializer_list>
#include <vector>

namespace ui {

// The menus of a menu bar (call between ImGui::BeginMainMenuBar and EndMainMenuBar):
//   MenuBar bar;
//   if (bar.beginMenu("game", T("Game"))) { if (menuItem(T("New game..."))) ...; bar.endMenu(); }
// Menus open on a click and, while one is open, by hovering another title.
class MenuBar {
 public:
  MenuBar();
  // True while this menu is open: draw its items, then call endMenu().
  bool beginMenu(const char* id, const char* label);
  void endMenu();
  // Where text after the menus may go: the x of the menus' trailing edge (window
  // coordinates; in Persian the left edge of the leftmost menu).
  float trailingEdge() const { return edge_; }
  // The last title's rectangle (screen coordinates).
  ImVec2 titleMin() const { return titleMin_; }
  ImVec2 titleMax() const { return titleMax_; }

 private:
  float edge_;
  ImVec2 titleMin_, titleMax_;
};

// A menu item, with a check mark when `selected`.
bool menuItem(const char* label, bool selected = false, bool enabled = true);
// A menu item that toggles *value.
bool menuItem(const char* label, bool* value, bool enabled = true);
// A greyed title over a group of items.
void menuHeading(const char* label);

bool radioButton(const char* label, bool active);
bool checkbox(const char* label, bool* value);

// The width each widget takes, for Row.
float radioWidth(const char* label);
float checkboxWidth(const char* label);
float buttonWidth(const char* label);
float textWidth(const char* text);

// A row of widgets of known widths, in reading order: call next() before each of them.
// English: left to right from the cursor. Persian: right to left from the right edge of
// the window's content, so the first widget is the rightmost. A width of 0 marks a
// widget left out this frame; list those last. A row wider than the screen (a phone)
// goes on over more lines.
class Row {
 public:
  Row(std::initializer_list<float> widths);
  void next();

 private:
  std::vector<float> widths_;
  std::size_t index_ = 0;
  float start_ = 0, width_ = 0, used_ = 0;
};

// A dialog window (ImGui::Begin); in Persian its title is right-aligned and its close box
// (when `open` is given) is at the left end of the title bar. Always call ImGui::End()
// afterwards, as with ImGui::Begin.
bool beginDialog(const char* title, bool* open, ImGuiWindowFlags flags);

}  // namespace ui
