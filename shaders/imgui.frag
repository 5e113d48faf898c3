#version 300 es
// Dear ImGui's triangles: the vertex colour times the font atlas (white where ImGui
// draws solid shapes). Blended with straight alpha, as ImGui's colours are.
precision mediump float;

uniform sampler2D u_texture;

in vec2 v_uv;
in vec4 v_col;
out vec4 o_color;

void main() { o_color = v_col * texture(u_texture, v_uv); }
