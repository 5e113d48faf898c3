#include "ui/mirrored_widgets.h"

#include <imgui_internal.h>   // RenderCheckMark, RenderFrame: the pieces ImGui's own widgets draw with

#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "ui/i18n.h"

namespace ui {
namespace {

// The menu open at the end of the last frame: a click on its title closes it (Dear ImGui
// closes a popup on a click outside it), hovering another title switches to that menu.
ImGuiID g_openLastFrame = 0;
ImGuiID g_openThisFrame = 0;

const char* labelEnd(const char* label) {
  const char* hidden = std::strstr(label, "##");
  return hidden ? hidden : label + std::strlen(label);
}

ImVec2 labelSize(const char* label) { return ImGui::CalcTextSize(label, labelEnd(label)); }

}  // namespace

// ---- menus -----------------------------------------------------------------------------------

MenuBar::MenuBar() {
  g_openLastFrame = g_openThisFrame;
  g_openThisFrame = 0;
  const float lead = ImGui::GetCursorPosX();
  edge_ = rightToLeft() ? ImGui::GetWindowWidth() - lead : lead;
}

bool MenuBar::beginMenu(const char* id, const char* label) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float s = style.ItemSpacing.x;
  const float w = labelSize(label).x;
  // A title takes its label plus one spacing on each side, like Dear ImGui's menu titles.
  float left;
  if (rightToLeft()) {
    edge_ -= w + 2 * s;
    left = edge_;
  } else {
    left = edge_;
    edge_ += w + 2 * s;
  }
  ImGui::PushID(id);
  const ImGuiID me = ImGui::GetID("menu");
  const bool open = ImGui::IsPopupOpen("menu");
  ImGui::SetCursorPosX(left + s);
  // The Selectable pads its box by half the item spacing on each side: with the spacing
  // doubled, the highlight covers the whole title.
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(2 * s, style.ItemSpacing.y));
  ImGui::Selectable(label, open, ImGuiSelectableFlags_None, ImVec2(w, 0));
  ImGui::PopStyleVar();
  titleMin_ = ImGui::GetItemRectMin();
  titleMax_ = ImGui::GetItemRectMax();
  const bool hovered = ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenBlockedByPopup);
  if (!open && hovered && (ImGui::IsMouseClicked(ImGuiMouseButton_Left) || (g_openLastFrame && g_openLastFrame != me)))
    ImGui::OpenPopup("menu");
  ImGui::SetCursorPosX(edge_);
  // Under the title, on the reading side: its left edge in English, its right in Persian;
  // but on the screen: a menu wider than the room beside its title (Georgian's View menu
  // on a 360 px phone) moves in, as wide as it was last frame (the first is not shown).
  const bool rtl = rightToLeft();
  static std::unordered_map<ImGuiID, float> widths;
  const float wide = widths[me], screen = ImGui::GetIO().DisplaySize.x;
  const float at = std::max(0.0f, std::min(rtl ? titleMax_.x - wide : titleMin_.x, screen - wide));
  ImGui::SetNextWindowPos(ImVec2(at, titleMax_.y), ImGuiCond_Always);
  if (ImGui::BeginPopup("menu", ImGuiWindowFlags_NoMove)) {
    g_openThisFrame = me;
    widths[me] = ImGui::GetWindowWidth();
    return true;   // the ID stays pushed until endMenu()
  }
  ImGui::PopID();
  return false;
}

void MenuBar::endMenu() {
  ImGui::EndPopup();
  ImGui::PopID();
}

bool menuItem(const char* label, bool selected, bool enabled) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 text = labelSize(label);
  const float mark = ImGui::GetFontSize();                 // room for the check mark
  const float gap = style.ItemInnerSpacing.x * 2;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::PushID(label);
  ImGui::BeginDisabled(!enabled);
  // The box spans the menu's width (so labels can be right-aligned) but asks only for
  // what this item needs, so the menu is as wide as its widest item.
  const bool pressed = ImGui::Selectable("##item", false, ImGuiSelectableFlags_SpanAvailWidth,
                                         ImVec2(text.x + gap + mark, text.y));
  ImGui::EndDisabled();
  ImGui::PopID();
  const float right = at.x + std::max(ImGui::GetContentRegionMax().x - ImGui::GetCursorStartPos().x,
                                      text.x + gap + mark);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 colour = ImGui::GetColorU32(enabled ? ImGuiCol_Text : ImGuiCol_TextDisabled);
  const bool rtl = rightToLeft();
  draw->AddText(ImVec2(rtl ? right - text.x : at.x, at.y), colour, label, labelEnd(label));
  if (selected) {
    const float size = mark * 0.8f;
    const float x = rtl ? at.x : right - mark;
    ImGui::RenderCheckMark(draw, ImVec2(x + (mark - size) * 0.5f, at.y + (text.y - size) * 0.5f),
                           ImGui::GetColorU32(ImGuiCol_CheckMark), size);
  }
  return pressed && enabled;
}

bool menuItem(const char* label, bool* value, bool enabled) {
  if (!menuItem(label, value && *value, enabled)) return false;
  if (value) *value = !*value;
  return true;
}

void menuHeading(const char* label) {
  const float w = labelSize(label).x;
  const float avail = ImGui::GetContentRegionAvail().x;
  if (rightToLeft() && w < avail) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + avail - w);
  ImGui::TextDisabled("%s", label);
}

// ---- radio buttons and check boxes ---------------------------------------------------------

float radioWidth(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + labelSize(label).x;
}
float checkboxWidth(const char* label) { return radioWidth(label); }
float buttonWidth(const char* label) { return labelSize(label).x + ImGui::GetStyle().FramePadding.x * 2; }
float textWidth(const char* text) { return labelSize(text).x; }

namespace {

// The mirrored control: label first, then the box (or circle) on its right. Returns the
// box's rectangle through `box`, whether it was pressed, and the colour of its frame.
bool mirroredControl(const char* label, ImRect* box, ImU32* frame) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float side = ImGui::GetFrameHeight();
  const ImVec2 text = labelSize(label);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const bool pressed = ImGui::InvisibleButton(label, ImVec2(text.x + style.ItemInnerSpacing.x + side, side));
  const ImGuiCol col = ImGui::IsItemActive() ? ImGuiCol_FrameBgActive
                       : ImGui::IsItemHovered() ? ImGuiCol_FrameBgHovered
                                                : ImGuiCol_FrameBg;
  *frame = ImGui::GetColorU32(col);
  *box = ImRect(ImVec2(at.x + text.x + style.ItemInnerSpacing.x, at.y),
                ImVec2(at.x + text.x + style.ItemInnerSpacing.x + side, at.y + side));
  ImGui::GetWindowDrawList()->AddText(ImVec2(at.x, at.y + style.FramePadding.y), ImGui::GetColorU32(ImGuiCol_Text),
                                      label, labelEnd(label));
  return pressed;
}

}  // namespace

bool radioButton(const char* label, bool active) {
  if (!rightToLeft()) return ImGui::RadioButton(label, active);
  ImRect box;
  ImU32 frame;
  const bool pressed = mirroredControl(label, &box, &frame);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 centre = box.GetCenter();
  const float radius = (box.GetHeight() - 1.0f) * 0.5f;
  draw->AddCircleFilled(centre, radius, frame, 16);
  if (active) {
    const float pad = std::max(1.0f, static_cast<float>(static_cast<int>(box.GetHeight() / 6.0f)));
    draw->AddCircleFilled(centre, radius - pad, ImGui::GetColorU32(ImGuiCol_CheckMark), 16);
  }
  return pressed;
}

bool checkbox(const char* label, bool* value) {
  if (!rightToLeft()) return ImGui::Checkbox(label, value);
  ImRect box;
  ImU32 frame;
  const bool pressed = mirroredControl(label, &box, &frame);
  if (pressed) *value = !*value;
  ImGui::RenderFrame(box.Min, box.Max, frame, true, ImGui::GetStyle().FrameRounding);
  if (*value) {
    const float pad = std::max(1.0f, static_cast<float>(static_cast<int>(box.GetHeight() / 6.0f)));
    ImGui::RenderCheckMark(ImGui::GetWindowDrawList(), ImVec2(box.Min.x + pad, box.Min.y + pad),
                           ImGui::GetColorU32(ImGuiCol_CheckMark), box.GetHeight() - pad * 2);
  }
  return pressed;
}

// ---- rows and dialogs ------------------------------------------------------------------------

Row::Row(std::initializer_list<float> widths) : widths_(widths) {
  // A width of 0 stands for a widget left out this time (and next() is not called for it).
  const ImGuiStyle& style = ImGui::GetStyle();
  float total = 0;
  for (float w : widths_) total += w > 0 ? w + (total > 0 ? style.ItemSpacing.x : 0) : 0;
  start_ = ImGui::GetCursorPosX();
  // The window is as wide as its widest row (from the last frame), but never wider than
  // the screen: a row that does not fit goes on over more lines.
  const float screen = ImGui::GetIO().DisplaySize.x - 2 * style.WindowPadding.x - 2 * style.DisplaySafeAreaPadding.x;
  width_ = std::min(std::max(ImGui::GetContentRegionAvail().x, total), std::max(screen, 1.0f));
}

void Row::next() {
  if (index_ >= widths_.size()) return;
  const float w = widths_[index_];
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  if (index_ > 0) {
    if (used_ + spacing + w <= width_ + 0.5f) {
      ImGui::SameLine();
      used_ += spacing;
    } else {
      used_ = 0;   // on the next line
    }
  }
  const float x = rightToLeft() ? start_ + width_ - used_ - w : start_ + used_;
  ImGui::SetCursorPosX(std::max(start_, x));
  used_ += w;
  ++index_;
}

bool beginDialog(const char* title, bool* open, ImGuiWindowFlags flags) {
  if (!rightToLeft()) return ImGui::Begin(title, open, flags);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowTitleAlign, ImVec2(1.0f, 0.5f));
  const bool shown = ImGui::Begin(title, nullptr, flags);
  ImGui::PopStyleVar();
  if (shown && open && !(flags & ImGuiWindowFlags_NoTitleBar)) {
    // Dear ImGui puts the close box at the title's right end; here it goes to the left.
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    const ImRect bar = window->TitleBarRect();
    ImGui::PushClipRect(bar.Min, bar.Max, false);
    const ImVec2 cursor = ImGui::GetCursorPos();
    if (ImGui::CloseButton(window->GetID("#CLOSE-LEFT"), ImVec2(bar.Min.x + ImGui::GetStyle().FramePadding.x, bar.Min.y)))
      *open = false;
    ImGui::SetCursorPos(cursor);
    ImGui::PopClipRect();
  }
  return shown;
}

}  // namespace ui
