// A small stroke font for the digits 0-9, as distance functions, so checker counts and
// the cube's value stay sharp at every size without a font texture. Glyphs live in a
// 1 x 1.6 box (y down) and are drawn with round-ended strokes.

const float kPi = 3.14159265;
const float kStroke = 0.13;    // half the stroke width, glyph units

float sdSeg(vec2 p, vec2 a, vec2 b) {
  vec2 pa = p - a, ba = b - a;
  return length(pa - ba * clamp(dot(pa, ba) / dot(ba, ba), 0.0, 1.0));
}
// Arc of a circle from angle a0 to a1 (a1 > a0, radians, y down so angles turn clockwise).
float sdArc(vec2 p, vec2 c, float r, float a0, float a1) {
  vec2 q = p - c;
  float t = mod(atan(q.y, q.x) - a0, 2.0 * kPi);
  if (t <= a1 - a0) return abs(length(q) - r);
  vec2 e0 = c + r * vec2(cos(a0), sin(a0)), e1 = c + r * vec2(cos(a1), sin(a1));
  return min(length(p - e0), length(p - e1));
}
float sdSix(vec2 p) {
  float d = abs(length(p - vec2(0.5, 1.1)) - 0.37);
  return min(d, sdArc(p, vec2(1.02, 1.1), 0.9, kPi, kPi + 1.15));
}
float sdDigit(vec2 p, int n) {
  if (n == 0) return abs(sdSeg(p, vec2(0.5, 0.52), vec2(0.5, 1.08)) - 0.38);
  if (n == 1) return min(sdSeg(p, vec2(0.56, 0.12), vec2(0.56, 1.48)),
                         sdSeg(p, vec2(0.56, 0.12), vec2(0.24, 0.4)));
  if (n == 2) {
    vec2 e = vec2(0.5, 0.5) + 0.37 * vec2(cos(0.45), sin(0.45));
    return min(sdArc(p, vec2(0.5, 0.5), 0.37, kPi, 2.0 * kPi + 0.45),
               min(sdSeg(p, e, vec2(0.12, 1.48)), sdSeg(p, vec2(0.12, 1.48), vec2(0.9, 1.48))));
  }
  if (n == 3) return min(sdArc(p, vec2(0.5, 0.46), 0.34, kPi + 0.45, 2.5 * kPi),
                         sdArc(p, vec2(0.5, 1.13), 0.35, -0.5 * kPi, kPi - 0.45));
  if (n == 4) return min(min(sdSeg(p, vec2(0.66, 0.12), vec2(0.08, 1.08)),
                             sdSeg(p, vec2(0.08, 1.08), vec2(0.94, 1.08))),
                         sdSeg(p, vec2(0.66, 0.12), vec2(0.66, 1.48)));
  if (n == 5) return min(min(sdSeg(p, vec2(0.86, 0.12), vec2(0.22, 0.12)),
                             sdSeg(p, vec2(0.22, 0.12), vec2(0.18, 0.7))),
                         sdArc(p, vec2(0.48, 1.04), 0.42, -2.3, kPi - 0.45));
  if (n == 6) return sdSix(p);
  if (n == 7) return min(sdSeg(p, vec2(0.1, 0.12), vec2(0.9, 0.12)),
                         sdSeg(p, vec2(0.9, 0.12), vec2(0.36, 1.48)));
  if (n == 8) return min(abs(length(p - vec2(0.5, 0.45)) - 0.31),
                         abs(length(p - vec2(0.5, 1.12)) - 0.36));
  return sdSix(vec2(1.0, 1.6) - p);   // 9 is a 6 turned over
}

// Distance in pixels to a whole number (0..999) drawn `height` pixels tall, centred on 0.
float sdNumber(vec2 p, float value, float height) {
  int v = int(value + 0.5);
  int count = v >= 100 ? 3 : v >= 10 ? 2 : 1;
  float k = height / 1.6;                     // pixels per glyph unit
  const float advance = 1.12;
  vec2 g = p / k + vec2(0.5 + advance * 0.5 * float(count - 1), 0.8);
  float d = 1e9;
  for (int i = count - 1; i >= 0; --i) {      // rightmost digit first
    d = min(d, sdDigit(g - vec2(advance * float(i), 0.0), v % 10));
    v /= 10;
  }
  return (d - kStroke) * k;
}
