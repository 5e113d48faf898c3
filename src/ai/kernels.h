// The two inner loops of the network, in a SIMD version (SSE2 natively, simd128 under
// Emscripten with -msimd128) and a scalar version. The SIMD one is used when the target
// has it; tests check that both agree.
#pragma once

namespace nard::ai::kernels {

// True when `axpy`/`dot` below use SIMD instructions on this build.
bool simdEnabled();

// y[0..n) += a * x[0..n). n must be a multiple of 4.
void axpy(float* y, const float* x, float a, int n);
void axpyScalar(float* y, const float* x, float a, int n);

// Sum of a[i] * b[i] over [0, n). n must be a multiple of 4.
float dot(const float* a, const float* b, int n);
float dotScalar(const float* a, const float* b, int n);

}  // namespace nard::ai::kernels
