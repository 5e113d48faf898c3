#include "ui/fonts.h"

#include <imgui.h>

namespace ui {

void applyStyle() {
  ImGui::StyleColorsDark();
  ImGuiStyle& s = ImGui::GetStyle();
  s.WindowRounding = 6;
  s.FrameRounding = 4;
  s.PopupRounding = 4;
  s.WindowBorderSize = 0;
  s.FramePadding = ImVec2(8, 4);
  s.ItemSpacing = ImVec2(10, 6);
  ImVec4* c = s.Colors;
  c[ImGuiCol_MenuBarBg] = ImVec4(0.11f, 0.075f, 0.055f, 0.92f);
  c[ImGuiCol_PopupBg] = ImVec4(0.14f, 0.10f, 0.07f, 0.97f);
  c[ImGuiCol_WindowBg] = ImVec4(0.12f, 0.08f, 0.06f, 0.92f);
  c[ImGuiCol_Header] = ImVec4(0.50f, 0.30f, 0.16f, 0.60f);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.62f, 0.38f, 0.20f, 0.80f);
  c[ImGuiCol_HeaderActive] = ImVec4(0.70f, 0.44f, 0.22f, 1.00f);
  c[ImGuiCol_Button] = ImVec4(0.45f, 0.27f, 0.14f, 0.80f);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.58f, 0.36f, 0.19f, 1.00f);
  c[ImGuiCol_ButtonActive] = ImVec4(0.68f, 0.43f, 0.22f, 1.00f);
  c[ImGuiCol_CheckMark] = ImVec4(0.98f, 0.82f, 0.45f, 1.00f);
  c[ImGuiCol_Text] = ImVec4(0.96f, 0.92f, 0.84f, 1.00f);
  c[ImGuiCol_TextDisabled] = ImVec4(0.62f, 0.55f, 0.47f, 1.00f);
}

bool setupFonts(float dpr) {
  static float built = 0;
  if (dpr == built) return false;
  built = dpr;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  ImFontConfig cfg;
  // The built-in font is a pixel font drawn for 13 px; whole multiples keep it sharp.
  float scale = dpr < 1.5f ? 1.0f : static_cast<float>(static_cast<int>(dpr + 0.5f));
  cfg.SizePixels = 13.0f * scale;
  io.Fonts->AddFontDefault(&cfg);
  io.FontGlobalScale = 1.0f / scale;
  return true;
}

}  // namespace ui
