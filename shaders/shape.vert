#version 300 es
// One instanced quad per board element. The quad is the element's rectangle grown by
// `pad` device pixels so soft shadows and glows have room; the fragment shader gets the
// position relative to the rectangle's centre, in device pixels, and shades by kind.
precision highp float;

layout(location = 0) in vec4 a_rect;   // x, y, w, h in device pixels (y down)
layout(location = 1) in vec4 a_col0;   // main colour (straight alpha)
layout(location = 2) in vec4 a_col1;   // second colour
layout(location = 3) in vec4 a_param;  // kind, pad, radius, value
layout(location = 4) in vec4 a_extra;  // direction/orientation, seed, flag, unused

uniform vec2 u_viewport;               // framebuffer size in device pixels

out vec2 v_local;                      // fragment position relative to rect centre
flat out vec2 v_half;                  // half size of the rect
flat out vec4 v_col0;
flat out vec4 v_col1;
flat out vec4 v_param;
flat out vec4 v_extra;

const vec2 kCorners[6] = vec2[6](vec2(0, 0), vec2(1, 0), vec2(0, 1),
                                 vec2(0, 1), vec2(1, 0), vec2(1, 1));

void main() {
  float pad = a_param.y;
  vec2 corner = kCorners[gl_VertexID];
  vec2 pos = a_rect.xy - pad + corner * (a_rect.zw + 2.0 * pad);
  v_half = a_rect.zw * 0.5;
  v_local = pos - (a_rect.xy + v_half);
  v_col0 = a_col0;
  v_col1 = a_col1;
  v_param = a_param;
  v_extra = a_extra;
  vec2 ndc = pos / u_viewport * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
