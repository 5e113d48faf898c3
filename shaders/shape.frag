#version 300 es
// Shades every board element from signed distance functions, so edges are exact at any
// devicePixelRatio and no image has to be downloaded. The renderer compiles this source
// once per kind with `#define KIND n` (n = render::Kind) inserted after the #version
// line: each program then holds only its own branch, which matters on software
// rasterisers (SwiftShader), where a run-time switch would pay for every case.
// Lighting: one light from the upper left; surfaces are height fields whose slopes are
// known analytically, which gives bevels, grooves and pips their relief cheaply.
precision highp float;
precision mediump sampler2D;

in vec2 v_local;
flat in vec2 v_half;
flat in vec4 v_col0;
flat in vec4 v_col1;
flat in vec4 v_param;   // kind, pad, radius, value
flat in vec4 v_extra;   // direction/orientation, seed, flag

uniform float u_unit;   // device pixels per board unit (texture scale)
uniform sampler2D u_noise;  // tileable noise: r = smooth, g = fine (render/noise.cpp)
uniform sampler2D u_board;  // the cached static board (Kind::Copy)

out vec4 o_color;       // premultiplied alpha

// Defined in digits.glsl (appended to this source by the renderer).
float sdNumber(vec2 p, float value, float height);

const vec3 kLight = vec3(-0.48, -0.62, 0.62);  // y down: from the upper left

// ---- helpers ---------------------------------------------------------------------------
float hash(vec2 p) {
  p = fract(p * vec2(127.1, 311.7));
  p += dot(p, p + 34.23);
  return fract(p.x * p.y);
}
vec2 noise2(vec2 u) { return texture(u_noise, u).rg; }
float sdBox(vec2 p, vec2 b, float r) {
  vec2 q = abs(p) - b + r;
  return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
}
// Outward unit direction of a rounded box's surface nearest to p.
vec2 boxDir(vec2 p, vec2 b, float r) {
  vec2 q = abs(p) - b + r;
  vec2 d = (q.x > 0.0 && q.y > 0.0) ? normalize(q) : (q.x > q.y ? vec2(1, 0) : vec2(0, 1));
  return d * sign(p + 1e-6);
}
// Isosceles triangle with base on +y and tip on -y; distance from the edge lines.
float sdPoint(vec2 p, vec2 hs) {
  vec2 n = normalize(vec2(2.0 * hs.y, -hs.x));   // outward normal of a slanted side
  float side = dot(vec2(abs(p.x), p.y + hs.y), n);
  return max(p.y - hs.y, side);
}
// Turn a position so that `dir` (0 up, 1 down, 2 left, 3 right) becomes "tip up".
vec2 toTipUp(vec2 p, float dir, inout vec2 hs) {
  if (dir > 1.5) { hs = hs.yx; p = dir > 2.5 ? vec2(p.y, -p.x) : vec2(-p.y, p.x); }
  else if (dir > 0.5) p.y = -p.y;
  return p;
}
float coverage(float d) { return clamp(0.5 - d, 0.0, 1.0); }
vec3 shade(vec3 base, vec3 n, float amb, float dif) {
  return base * (amb + dif * max(dot(n, normalize(kLight)), 0.0));
}
vec4 premul(vec3 c, float a) { return vec4(c * a, a); }

// Wood: grain lines run along x in board units; slow warping bends them.
vec3 wood(vec2 u, vec3 light, vec3 dark, float seed) {
  u += vec2(seed * 13.7, seed * 5.3);
  float warp = noise2(u * vec2(0.01, 0.05)).r * 2.2;
  float ring = fract(u.y * 2.6 + warp);
  float band = smoothstep(0.0, 0.6, ring) * smoothstep(1.0, 0.7, ring);
  float pores = noise2(u * vec2(0.05, 1.2)).g;
  float t = 0.5 * band + 0.5 * pores + 0.15 * (noise2(u * vec2(0.02, 0.12)).r - 0.5);
  return mix(dark, light, clamp(t, 0.0, 1.0));
}
vec2 grainCoords(vec2 p, float orient) {
  vec2 u = p / u_unit;
  return orient > 0.5 ? u.yx : u;
}

// ---- kinds -----------------------------------------------------------------------------
vec4 kindWood(vec2 p) {       // raised frame piece with a rounded bevel
  float r = v_param.z, bevel = v_param.w;
  float d = sdBox(p, v_half, r);
  vec3 c = wood(grainCoords(p, v_extra.x), v_col0.rgb, v_col1.rgb, v_extra.y);
  float e = clamp(-d / bevel, 0.0, 1.0);
  vec3 n = normalize(vec3(boxDir(p, v_half, r) * (1.0 - e) * 1.4, 1.0));
  c = shade(c, n, 0.55, 0.6);
  return premul(c, coverage(d));
}
vec4 kindField(vec2 p) {      // recessed panel: shadow falls in from the upper-left rim
  float d = sdBox(p, v_half, v_param.z);
  vec3 c = wood(grainCoords(p, v_extra.x), v_col0.rgb, v_col1.rgb, v_extra.y);
  float depth = v_param.w;
  float top = v_half.y + p.y, left = v_half.x + p.x;
  float bottom = v_half.y - p.y, right = v_half.x - p.x;
  float shadow = exp(-top / depth) * 0.55 + exp(-left / depth) * 0.4;
  float lit = exp(-bottom / (depth * 0.6)) * 0.18 + exp(-right / (depth * 0.6)) * 0.12;
  c = c * (1.0 - clamp(shadow, 0.0, 0.7)) + lit;
  return premul(c, coverage(d));
}
vec4 kindPoint(vec2 p) {      // inlaid triangle, slightly lighter toward its base
  vec2 hs = v_half;
  p = toTipUp(p, v_extra.x, hs);
  hs.x *= 0.94;             // a little wood shows between neighbouring points
  float d = sdPoint(p, hs);
  float t = (p.y + hs.y) / (2.0 * hs.y);    // 0 at the tip, 1 at the base
  vec3 c = v_col0.rgb * (0.86 + 0.16 * t);
  c *= 0.93 + 0.14 * noise2(vec2(p.x, p.y * 0.12) / u_unit * 0.05 + v_extra.y).g;
  float inlay = smoothstep(1.6, 0.6, abs(d + u_unit * 0.07));   // thin line inside the edge
  c = mix(c, v_col1.rgb, inlay * 0.8);
  return premul(c, coverage(d) * v_col0.a);
}
vec4 kindChecker(vec2 p) {    // turned disc: rounded rim, a groove, a soft sheen
  float R = v_param.z;
  float l = length(p), d = l / R;
  vec2 dir = p / max(l, 1e-3);
  float s = -0.12 * d - 2.4 * smoothstep(0.78, 1.0, d);
  float g = (d - 0.62) / 0.05;
  s += 0.9 * g * exp(-g * g);
  vec3 n = normalize(vec3(-s * dir, 1.0));   // slope down (s < 0) tilts it outward
  vec3 c = shade(v_col0.rgb, n, 0.55, 0.62);
  c = mix(c, v_col1.rgb, smoothstep(0.93, 1.0, d) * 0.6);
  vec2 q = p / R - vec2(-0.32, -0.38);
  c += vec3(0.22) * exp(-dot(q, q) * 5.0) * v_extra.z;           // sheen
  vec3 r = reflect(-normalize(kLight), n);
  c += vec3(0.35) * pow(max(r.z, 0.0), 24.0) * smoothstep(0.7, 0.95, d);
  return premul(c, coverage(l - R));
}
vec4 kindSlab(vec2 p) {       // borne-off checker seen from its edge
  bool tall = v_half.y > v_half.x;
  float d = sdBox(p, v_half, min(v_half.x, v_half.y) * 0.45);
  float t = tall ? p.x / v_half.x : p.y / v_half.y;   // across the slab: -1..1
  vec3 n = normalize(tall ? vec3(t * 0.9, 0, 1) : vec3(0, t * 0.9, 1));
  vec3 c = shade(v_col0.rgb, n, 0.55, 0.6);
  c = mix(c, v_col1.rgb, smoothstep(0.75, 1.0, abs(t)) * 0.5);
  return premul(c, coverage(d));
}
// Pip layout of a die face on a 3x3 grid.
bool pipAt(int face, int i) {   // i: 0..8, row-major
  if (i == 4) return face == 1 || face == 3 || face == 5;
  if (i == 0 || i == 8) return face >= 4 || face == 2 || face == 3;
  if (i == 2 || i == 6) return face >= 4;
  if (i == 3 || i == 5) return face == 6;
  return false;
}
vec4 kindDie(vec2 p, bool cube) {
  float r = v_param.z;
  float d = sdBox(p, v_half, r);
  float e = clamp(-d / (v_half.x * 0.22), 0.0, 1.0);
  vec3 n = normalize(vec3(boxDir(p, v_half, r) * (1.0 - e) * 1.6, 1.0));
  vec3 base = v_col0.rgb;
  float ink = 0.0;
  if (cube) {
    float dn = sdNumber(p, v_param.w, v_half.y * 1.0);
    ink = coverage(dn);
  } else {
    int face = int(v_param.w + 0.5);
    float pr = v_half.x * 0.17;
    for (int i = 0; i < 9; ++i) {
      if (!pipAt(face, i)) continue;
      vec2 c = (vec2(i % 3, i / 3) - 1.0) * v_half.x * 0.52;
      vec2 q = p - c;
      float lq = length(q);
      if (lq < pr + 1.0) {
        ink = max(ink, coverage(lq - pr));
        n = normalize(vec3(-q / pr * 0.8 * step(lq, pr), 1.0));  // concave dimple
      }
    }
  }
  vec3 c = shade(mix(base, v_col1.rgb, ink), n, 0.6, 0.55);
  vec2 q = p / v_half.x - vec2(-0.4, -0.45);
  c += vec3(0.12) * exp(-dot(q, q) * 3.0) * (1.0 - ink);
  float a = coverage(d) * (v_extra.z > 0.5 ? 0.45 : 1.0);   // used dice fade
  return premul(c, a);
}
vec4 kindShadow(vec2 p) {
  float blur = v_param.w;
  float d = sdBox(p, v_half, v_param.z);
  float a = v_col0.a * (1.0 - smoothstep(-blur, blur, d));
  return premul(v_col0.rgb, a);
}
vec4 kindRing(vec2 p) {
  float R = v_param.z, w = v_param.w;
  float x = (length(p) - R) / w;
  float a = exp(-x * x) * v_col0.a;
  return premul(v_col0.rgb, clamp(a, 0.0, 1.0));
}
vec4 kindPointGlow(vec2 p) {
  vec2 hs = v_half;
  p = toTipUp(p, v_extra.x, hs);
  float d = sdPoint(p, hs);
  float edge = exp(-abs(d) / (u_unit * 0.08));
  float a = (coverage(d) * 0.28 + edge * 0.75) * v_col0.a;
  return premul(v_col0.rgb, clamp(a, 0.0, 1.0));
}
vec4 kindRectGlow(vec2 p) {
  float d = sdBox(p, v_half, v_param.z);
  float edge = exp(-abs(d) / (u_unit * 0.08));
  float a = (coverage(d) * 0.22 + edge * 0.75) * v_col0.a;
  return premul(v_col0.rgb, clamp(a, 0.0, 1.0));
}
vec4 kindLabel(vec2 p) {      // a number with an outline so it reads on any checker
  float d = sdNumber(p, v_param.w, v_half.y * 2.0);
  float fill = coverage(d);
  float outline = coverage(d - v_half.y * 0.09);
  vec3 c = mix(v_col1.rgb, v_col0.rgb, fill);
  return premul(c, outline);
}
vec4 kindBackdrop(vec2 p) {   // the page behind the board: warm, vignetted
  vec2 q = p / v_half;
  float v = clamp(1.0 - 0.35 * dot(q, q), 0.0, 1.0);
  vec3 c = mix(v_col1.rgb, v_col0.rgb, v);
  c += (hash(floor(p)) - 0.5) * 0.012;   // dither against banding
  return vec4(c, 1.0);
}

vec4 kindInlay(vec2 p) {     // thin decorative line along a panel's edge
  float w = v_param.w;
  float d = abs(sdBox(p, v_half - w * 0.5, v_param.z)) - w * 0.5;
  return premul(v_col0.rgb, coverage(d) * v_col0.a);
}

vec4 kindCopy() { return texelFetch(u_board, ivec2(gl_FragCoord.xy), 0); }

void main() {
  vec2 p = v_local;
#if KIND == 0
  o_color = kindWood(p);
#elif KIND == 1
  o_color = kindField(p);
#elif KIND == 2
  o_color = kindPoint(p);
#elif KIND == 3
  o_color = kindChecker(p);
#elif KIND == 4
  o_color = kindSlab(p);
#elif KIND == 5
  o_color = kindDie(p, false);
#elif KIND == 6
  o_color = kindDie(p, true);
#elif KIND == 7
  o_color = kindShadow(p);
#elif KIND == 8
  o_color = kindRing(p);
#elif KIND == 9
  o_color = kindPointGlow(p);
#elif KIND == 10
  o_color = kindRectGlow(p);
#elif KIND == 11
  o_color = kindLabel(p);
#elif KIND == 12
  o_color = kindBackdrop(p);
#elif KIND == 13
  o_color = kindInlay(p);
#elif KIND == 14
  o_color = kindCopy();
#else
#error unknown KIND
#endif
}
