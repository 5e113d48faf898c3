#version 300 es
// Dear ImGui's vertices (render/imgui_renderer.cpp): position in ImGui's display
// coordinates (CSS pixels, y down), texture coordinate into the font atlas, colour.
precision highp float;

layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in vec4 a_col;   // normalised from 4 bytes

uniform vec4 u_toClip;                 // xy: scale, zw: offset, display -> clip space

out vec2 v_uv;
out vec4 v_col;

void main() {
  v_uv = a_uv;
  v_col = a_col;
  gl_Position = vec4(a_pos * u_toClip.xy + u_toClip.zw, 0.0, 1.0);
}
