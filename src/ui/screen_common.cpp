#include "ui/screen_common.h"

#include <cstdarg>
#include <cstdio>

#include "ui/i18n.h"

namespace ui {

void recordRect(ScreenState& s, const char* name, ImVec2 a, ImVec2 b) {
  s.buttons[name] = view::Rect{a.x, a.y, b.x - a.x, b.y - a.y};
}

void recordItem(ScreenState& s, const char* name) { recordRect(s, name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax()); }

// A button that is also recorded for window.nard.layout().
bool namedButton(ScreenState& s, const char* name, const char* label, ImVec2 size) {
  ImGui::PushID(name);
  const bool pressed = ImGui::Button(label, size);
  ImGui::PopID();
  // A window's first frame is laid out before its size is known (and not shown), so
  // its buttons are not where they will be: publish them from the next frame on.
  if (!ImGui::IsWindowAppearing()) recordItem(s, name);
  return pressed;
}

std::string fmt(const char* format, ...) {
  char buf[256];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buf, sizeof buf, format, args);
  va_end(args);
  return buf;
}

std::string seatName(const GameController& g, int player) {
  std::string n = T(playerName(player));
  if (g.session().settings().seats[player] == app::Seat::Computer) n += std::string(" (") + T("Computer") + ")";
  return n;
}

}  // namespace ui
