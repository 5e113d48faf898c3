#include "ui/screen_common.h"

#include <cstdarg>
#include <cstdio>

#include "ui/game_screen.h"
#include "ui/i18n.h"
#include "ui/mirrored_widgets.h"

namespace ui {
namespace {

constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                         ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                         ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;
constexpr ImGuiWindowFlags kDialogFlags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                          ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove;

}  // namespace

void recordRect(RecordedItems& items, const char* name, ImVec2 a, ImVec2 b) {
  items[name] = view::Rect{a.x, a.y, b.x - a.x, b.y - a.y};
}

void recordItem(RecordedItems& items, const char* name) {
  recordRect(items, name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

bool namedButton(RecordedItems& items, const char* name, const char* label, ImVec2 size) {
  ImGui::PushID(name);
  const bool pressed = ImGui::Button(label, size);
  ImGui::PopID();
  // A window's first frame is laid out before its size is known (and not shown), so
  // its buttons are not where they will be: publish them from the next frame on.
  if (!ImGui::IsWindowAppearing()) recordItem(items, name);
  return pressed;
}

void beginPanel(const char* id, ImVec2 at, ImVec2 pivot) {
  ImGui::SetNextWindowPos(at, ImGuiCond_Always, pivot);
  ImGui::SetNextWindowBgAlpha(0.78f);
  ImGui::Begin(id, nullptr, kPanelFlags);
}

bool beginBoardDialog(const std::string& title, const char* id, bool* open, const view::Layout& l) {
  ImGui::SetNextWindowPos(boardCentre(l), ImGuiCond_Always, {0.5f, 0.5f});
  return beginDialog((title + "###" + id).c_str(), open, kDialogFlags);
}

ImVec2 boardCentre(const view::Layout& l) { return {l.board.x + l.board.w * 0.5f, l.board.y + l.board.h * 0.5f}; }

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
