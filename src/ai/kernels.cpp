#include "kernels.h"

#include <cstddef>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define NARD_SIMD_WASM 1
#elif defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define NARD_SIMD_SSE2 1
#endif

namespace nard::ai::kernels {

void sumRowsScalar(float* y, const float* rows, int n, const std::uint16_t* index, const float* value, int count) {
  for (int k = 0; k < count; ++k) {
    const float* x = rows + static_cast<std::size_t>(index[k]) * n;
    const float a = value[k];
    for (int i = 0; i < n; ++i) y[i] += a * x[i];
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

// Four lanes, on either instruction set. mulAdd multiplies, rounds, then adds, as the scalar
// code does (no fused multiply-add), so the SIMD sums equal the scalar ones exactly.
#if defined(NARD_SIMD_SSE2)
using Vec = __m128;
inline Vec load(const float* p) { return _mm_loadu_ps(p); }
inline void store(float* p, Vec v) { _mm_storeu_ps(p, v); }
inline Vec splat(float a) { return _mm_set1_ps(a); }
inline Vec mulAdd(Vec acc, Vec a, Vec x) { return _mm_add_ps(acc, _mm_mul_ps(a, x)); }
inline float lanes(Vec s) {  // (0 + 2) + (1 + 3)
  const Vec pair = _mm_add_ps(s, _mm_movehl_ps(s, s));
  return _mm_cvtss_f32(_mm_add_ss(pair, _mm_shuffle_ps(pair, pair, 0x55)));
}
#else
using Vec = v128_t;
inline Vec load(const float* p) { return wasm_v128_load(p); }
inline void store(float* p, Vec v) { wasm_v128_store(p, v); }
inline Vec splat(float a) { return wasm_f32x4_splat(a); }
inline Vec mulAdd(Vec acc, Vec a, Vec x) { return wasm_f32x4_add(acc, wasm_f32x4_mul(a, x)); }
inline float lanes(Vec s) {
  return (wasm_f32x4_extract_lane(s, 0) + wasm_f32x4_extract_lane(s, 2)) +
         (wasm_f32x4_extract_lane(s, 1) + wasm_f32x4_extract_lane(s, 3));
}
#endif

// Regs * 4 floats of y, held in registers while every row adds its share.
template <int Regs>
void sumRowsBlock(float* y, const float* rows, int n, const std::uint16_t* index, const float* value, int count) {
  Vec acc[Regs];
#pragma GCC unroll 8
  for (int r = 0; r < Regs; ++r) acc[r] = load(y + 4 * r);
  for (int k = 0; k < count; ++k) {
    const float* x = rows + static_cast<std::size_t>(index[k]) * n;
    const Vec a = splat(value[k]);
#pragma GCC unroll 8
    for (int r = 0; r < Regs; ++r) acc[r] = mulAdd(acc[r], a, load(x + 4 * r));
  }
#pragma GCC unroll 8
  for (int r = 0; r < Regs; ++r) store(y + 4 * r, acc[r]);
}

// Blocks of 32 floats take 8 of the 16 SSE registers (V8 maps simd128 onto them too),
// leaving room for a row's loads and its scale; the rest of y goes four at a time.
void sumRows(float* y, const float* rows, int n, const std::uint16_t* index, const float* value, int count) {
  int i = 0;
  for (; i + 32 <= n; i += 32) sumRowsBlock<8>(y + i, rows + i, n, index, value, count);
  for (; i < n; i += 4) sumRowsBlock<1>(y + i, rows + i, n, index, value, count);
}

float dot(const float* a, const float* b, int n) {
  Vec s = splat(0.f);
  for (int i = 0; i < n; i += 4) s = mulAdd(s, load(a + i), load(b + i));
  return lanes(s);
}
#else
bool simdEnabled() { return false; }
void sumRows(float* y, const float* rows, int n, const std::uint16_t* index, const float* value, int count) {
  sumRowsScalar(y, rows, n, index, value, count);
}
float dot(const float* a, const float* b, int n) { return dotScalar(a, b, n); }
#endif

}  // namespace nard::ai::kernels
