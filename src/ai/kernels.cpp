#include "kernels.h"

#include <algorithm>
#include <cstddef>
#include <cstring>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define NARD_SIMD_WASM 1
#elif defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define NARD_SIMD_SSE2 1
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#include <immintrin.h>
#define NARD_SIMD_AVX2 1  // compiled beside SSE2 (GCC's target pragma), used where the processor has it
#endif
#endif

namespace nard::ai::kernels {

void sumRowsScalar(float* y, const float* rows, int n, const std::uint16_t* index, const float* value, int count) {
  for (int k = 0; k < count; ++k) {
    const float* x = rows + static_cast<std::size_t>(index[k]) * n;
    const float a = value[k];
    for (int i = 0; i < n; ++i) y[i] += a * x[i];
  }
}

namespace {
// e^x = 2^n e^r: n the nearest integer to x log2(e) (adding and removing 1.5 * 2^23 rounds
// to the nearest, ties to even, in plain float arithmetic), r = x - n ln 2 in two steps
// (ln 2's high part has 15 significant bits, so n times it is exact).
constexpr float kLog2e = 1.44269504088896341f;
constexpr float kRound = 12582912.f;
constexpr float kLn2High = 0.693145751953125f, kLn2Low = 1.42860676533018668e-6f;
// 1/k!, k = 7 down to 2, for Horner's rule; the terms in r and 1 follow.
constexpr float kTaylor[] = {1.f / 5040, 1.f / 720, 1.f / 120, 1.f / 24, 1.f / 6, 1.f / 2};
constexpr float kClamp = 40.f;

float expScalar(float x) {
  const float n = (x * kLog2e + kRound) - kRound;
  const float r = (x - n * kLn2High) - n * kLn2Low;
  float p = kTaylor[0];
  for (int k = 1; k < 6; ++k) p = p * r + kTaylor[k];
  p = p * r + 1.f;
  p = p * r + 1.f;
  const std::int32_t bits = (static_cast<std::int32_t>(n) + 127) << 23;
  float scale;  // std::bit_cast, which Emscripten 3.1.6's library lacks
  std::memcpy(&scale, &bits, sizeof scale);
  return p * scale;
}
}  // namespace

void sigmoidScalar(float* y, int n) {
  for (int i = 0; i < n; ++i) {
    const float x = 0.f - std::min(std::max(y[i], -kClamp), kClamp);
    y[i] = 1.f / (1.f + expScalar(x));
  }
}

float dotScalar(const float* a, const float* b, int n) {
  // Four running sums, like the SIMD lanes, so both versions round the same way.
  float s[4] = {0.f, 0.f, 0.f, 0.f};
  for (int i = 0; i < n; i += 4)
    for (int l = 0; l < 4; ++l) s[l] += a[i + l] * b[i + l];
  return (s[0] + s[2]) + (s[1] + s[3]);
}

#if defined(NARD_SIMD_SSE2) || defined(NARD_SIMD_WASM)
bool simdEnabled() { return true; }

// Four lanes, on either instruction set: the same few operations named once for both, so that
// the kernels of kernels_lanes.inc are written once. mulAdd multiplies, rounds, then adds, as
// the scalar code does (no fused multiply-add), so the SIMD sums equal the scalar ones exactly.
namespace lanes4 {
constexpr int kLanes = 4;
#if defined(NARD_SIMD_SSE2)
using Vec = __m128;
inline Vec load(const float* p) { return _mm_loadu_ps(p); }
inline void store(float* p, Vec v) { _mm_storeu_ps(p, v); }
inline Vec splat(float a) { return _mm_set1_ps(a); }
inline Vec add(Vec a, Vec b) { return _mm_add_ps(a, b); }
inline Vec sub(Vec a, Vec b) { return _mm_sub_ps(a, b); }
inline Vec mul(Vec a, Vec b) { return _mm_mul_ps(a, b); }
inline Vec div(Vec a, Vec b) { return _mm_div_ps(a, b); }
inline Vec clamp(Vec x, float c) { return _mm_min_ps(_mm_max_ps(x, splat(-c)), splat(c)); }
// 2^n for integral n in float: n + 127 shifted into the exponent.
inline Vec powerOfTwo(Vec n) {
  return _mm_castsi128_ps(_mm_slli_epi32(_mm_add_epi32(_mm_cvttps_epi32(n), _mm_set1_epi32(127)), 23));
}
inline float lanes(Vec s) {  // (0 + 2) + (1 + 3)
  const Vec pair = _mm_add_ps(s, _mm_movehl_ps(s, s));
  return _mm_cvtss_f32(_mm_add_ss(pair, _mm_shuffle_ps(pair, pair, 0x55)));
}
#else
using Vec = v128_t;
inline Vec load(const float* p) { return wasm_v128_load(p); }
inline void store(float* p, Vec v) { wasm_v128_store(p, v); }
inline Vec splat(float a) { return wasm_f32x4_splat(a); }
inline Vec add(Vec a, Vec b) { return wasm_f32x4_add(a, b); }
inline Vec sub(Vec a, Vec b) { return wasm_f32x4_sub(a, b); }
inline Vec mul(Vec a, Vec b) { return wasm_f32x4_mul(a, b); }
inline Vec div(Vec a, Vec b) { return wasm_f32x4_div(a, b); }
inline Vec clamp(Vec x, float c) { return wasm_f32x4_pmin(wasm_f32x4_pmax(x, splat(-c)), splat(c)); }
inline Vec powerOfTwo(Vec n) {
  return wasm_i32x4_shl(wasm_i32x4_add(wasm_i32x4_trunc_sat_f32x4(n), wasm_i32x4_splat(127)), 23);
}
inline float lanes(Vec s) {
  return (wasm_f32x4_extract_lane(s, 0) + wasm_f32x4_extract_lane(s, 2)) +
         (wasm_f32x4_extract_lane(s, 1) + wasm_f32x4_extract_lane(s, 3));
}
#endif
#include "kernels_lanes.inc"
}  // namespace lanes4

#if defined(NARD_SIMD_AVX2)
// Eight lanes, natively on a processor with AVX2 (nearly every x86-64 since 2013): the first
// layer's loads, its bound, are half as many. The same kernels, compiled for AVX2 by the
// pragma; AVX2 has no fused multiply-add (that is FMA, not enabled here), so each lane still
// rounds its product before adding and the results equal the four-lane ones bit for bit.
#pragma GCC push_options
#pragma GCC target("avx2")
namespace lanes8 {
constexpr int kLanes = 8;
using Vec = __m256;
inline Vec load(const float* p) { return _mm256_loadu_ps(p); }
inline void store(float* p, Vec v) { _mm256_storeu_ps(p, v); }
inline Vec splat(float a) { return _mm256_set1_ps(a); }
inline Vec add(Vec a, Vec b) { return _mm256_add_ps(a, b); }
inline Vec sub(Vec a, Vec b) { return _mm256_sub_ps(a, b); }
inline Vec mul(Vec a, Vec b) { return _mm256_mul_ps(a, b); }
inline Vec div(Vec a, Vec b) { return _mm256_div_ps(a, b); }
inline Vec clamp(Vec x, float c) { return _mm256_min_ps(_mm256_max_ps(x, splat(-c)), splat(c)); }
inline Vec powerOfTwo(Vec n) {
  const __m256i exponent = _mm256_add_epi32(_mm256_cvttps_epi32(n), _mm256_set1_epi32(127));
  return _mm256_castsi256_ps(_mm256_slli_epi32(exponent, 23));
}
#include "kernels_lanes.inc"
}  // namespace lanes8
#pragma GCC pop_options

const bool kHasAvx2 = __builtin_cpu_supports("avx2");
#endif

void sumRows(float* y, const float* rows, int n, const std::uint16_t* index, const float* value, int count) {
  int i = 0;
#if defined(NARD_SIMD_AVX2)
  if (kHasAvx2) i = lanes8::sumRowsFrom(0, y, rows, n, index, value, count);
#endif
  lanes4::sumRowsFrom(i, y, rows, n, index, value, count);
}

void sigmoid(float* y, int n) {
  int i = 0;
#if defined(NARD_SIMD_AVX2)
  if (kHasAvx2) i = lanes8::sigmoidFrom(0, y, n);
#endif
  lanes4::sigmoidFrom(i, y, n);
}

float dot(const float* a, const float* b, int n) {
  using namespace lanes4;
  Vec s = splat(0.f);
  for (int i = 0; i < n; i += 4) s = mulAdd(s, load(a + i), load(b + i));
  return lanes(s);
}
#else
bool simdEnabled() { return false; }
void sumRows(float* y, const float* rows, int n, const std::uint16_t* index, const float* value, int count) {
  sumRowsScalar(y, rows, n, index, value, count);
}
void sigmoid(float* y, int n) { sigmoidScalar(y, n); }
float dot(const float* a, const float* b, int n) { return dotScalar(a, b, n); }
#endif

}  // namespace nard::ai::kernels
