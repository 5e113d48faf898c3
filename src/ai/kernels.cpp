#include "kernels.h"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define NARD_SIMD_WASM 1
#elif defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define NARD_SIMD_SSE2 1
#endif

namespace nard::ai::kernels {

void axpyScalar(float* y, const float* x, float a, int n) {
  for (int i = 0; i < n; ++i) y[i] += a * x[i];
}

float dotScalar(const float* a, const float* b, int n) {
  // Four running sums, like the SIMD lanes, so both versions round the same way.
  float s[4] = {0.f, 0.f, 0.f, 0.f};
  for (int i = 0; i < n; i += 4)
    for (int l = 0; l < 4; ++l) s[l] += a[i + l] * b[i + l];
  return (s[0] + s[2]) + (s[1] + s[3]);
}

#if defined(NARD_SIMD_SSE2)
bool simdEnabled() { return true; }

void axpy(float* y, const float* x, float a, int n) {
  __m128 va = _mm_set1_ps(a);
  for (int i = 0; i < n; i += 4)
    _mm_storeu_ps(y + i, _mm_add_ps(_mm_loadu_ps(y + i), _mm_mul_ps(va, _mm_loadu_ps(x + i))));
}

float dot(const float* a, const float* b, int n) {
  __m128 s = _mm_setzero_ps();
  for (int i = 0; i < n; i += 4) s = _mm_add_ps(s, _mm_mul_ps(_mm_loadu_ps(a + i), _mm_loadu_ps(b + i)));
  __m128 hi = _mm_movehl_ps(s, s);              // lanes 2,3
  __m128 pair = _mm_add_ps(s, hi);              // (0+2), (1+3)
  __m128 odd = _mm_shuffle_ps(pair, pair, 0x55);
  return _mm_cvtss_f32(_mm_add_ss(pair, odd));  // (0+2) + (1+3)
}
#elif defined(NARD_SIMD_WASM)
bool simdEnabled() { return true; }

void axpy(float* y, const float* x, float a, int n) {
  v128_t va = wasm_f32x4_splat(a);
  for (int i = 0; i < n; i += 4)
    wasm_v128_store(y + i, wasm_f32x4_add(wasm_v128_load(y + i), wasm_f32x4_mul(va, wasm_v128_load(x + i))));
}

float dot(const float* a, const float* b, int n) {
  v128_t s = wasm_f32x4_splat(0.f);
  for (int i = 0; i < n; i += 4) s = wasm_f32x4_add(s, wasm_f32x4_mul(wasm_v128_load(a + i), wasm_v128_load(b + i)));
  return (wasm_f32x4_extract_lane(s, 0) + wasm_f32x4_extract_lane(s, 2)) +
         (wasm_f32x4_extract_lane(s, 1) + wasm_f32x4_extract_lane(s, 3));
}
#else
bool simdEnabled() { return false; }
void axpy(float* y, const float* x, float a, int n) { axpyScalar(y, x, a, n); }
float dot(const float* a, const float* b, int n) { return dotScalar(a, b, n); }
#endif

}  // namespace nard::ai::kernels
