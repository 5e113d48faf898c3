#include "ui/rtl_text.h"

#include <imgui.h>

#include <string>
#include <unordered_map>
#include <vector>

#include "ui/i18n.h"

namespace ui {
namespace {

void drawLine(const std::string& line, float left, float width) {
  if (rightToLeft()) {
    const float w = textWidth(line);
    if (w < width) ImGui::SetCursorPosX(left + width - w);
  }
  ImGui::TextUnformatted(line.data(), line.data() + line.size());
}

}  // namespace

void textParagraph(std::string_view logicalText, float wrapWidth) {
  const float left = ImGui::GetCursorPosX();
  const float width = wrapWidth > 0 ? wrapWidth : ImGui::GetContentRegionAvail().x;
  // Breaking a long text costs a FriBidi pass per word: keep the lines of what was
  // drawn, per language, digits, font size and width.
  static std::unordered_map<std::string, std::vector<std::string>> cache;
  std::string key(logicalText);
  key += '\x1f';
  key += std::to_string(static_cast<int>(language())) + (persianDigits() ? "d" : "") + "|" +
         std::to_string(static_cast<int>(width)) + "|" + std::to_string(ImGui::GetFontSize());
  auto it = cache.find(key);
  if (it == cache.end()) {
    if (cache.size() > 512) cache.clear();
    it = cache.emplace(std::move(key), displayLines(logicalText, width, textWidth)).first;
  }
  // The font's line height already leaves room between lines: no item spacing inside
  // a paragraph, the usual spacing after it.
  const float gap = ImGui::GetStyle().ItemSpacing.y;
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0));
  for (const std::string& line : it->second) drawLine(line, left, width);
  ImGui::PopStyleVar();
  ImGui::Dummy(ImVec2(0, gap));
}

float textWidth(std::string_view s) { return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x; }

void textLine(const char* displayText) {
  drawLine(displayText, ImGui::GetCursorPosX(), ImGui::GetContentRegionAvail().x);
}

}  // namespace ui
