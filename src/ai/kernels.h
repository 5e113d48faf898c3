// The inner loops of the network, in a SIMD version (SSE2 natively, with AVX for the first
// layer where the processor has it; simd128 under Emscripten with -msimd128) and a scalar
// version. The SIMD one is used when the target
// has it; tests check that both agree.
#pragma once

#include <cstdint>

namespace nard::ai::kernels {

// True when `sumRows`, `sigmoid` and `dot` below use SIMD instructions on this build.
bool simdEnabled();

// y[0..n) += value[k] * rows[index[k] * n ..][0..n) for k = 0..count-1, in that order: the
// first layer of a net over an encoding's non-zero inputs. Each element is summed in that
// order in both versions, so they agree exactly; the SIMD version holds a block of y in registers
// across all the rows instead of loading and storing it once a row (about a third of a
// rollout's time went to those loads and stores). n must be a multiple of 4.
void sumRows(float* y, const float* rows, int n, const std::uint16_t* index, const float* value, int count);
void sumRowsScalar(float* y, const float* rows, int n, const std::uint16_t* index, const float* value, int count);

// y[i] = 1 / (1 + e^-y[i]) for i in [0, n), the argument clamped to [-40, 40] (beyond it
// float gives 0 or 1 anyway). e^x is our own: x = n ln 2 + r with |r| <= ln 2 / 2, e^r by
// its Taylor series to r^7 (relative error under 1e-8 before rounding, a float's last bit
// or two after), 2^n put into the exponent. It replaces the C library's expf, called once a
// unit, which took a fifth of a rollout's time. Being only IEEE additions, multiplications,
// a division and bit operations, it gives the same bits natively and in WebAssembly
// whatever the C library. Both versions perform the same operations in the same order (no
// fused multiply-add), so they agree exactly. n must be a multiple of 4 for `sigmoid`.
void sigmoid(float* y, int n);
void sigmoidScalar(float* y, int n);

// Sum of a[i] * b[i] over [0, n). n must be a multiple of 4.
float dot(const float* a, const float* b, int n);
float dotScalar(const float* a, const float* b, int n);

}  // namespace nard::ai::kernels
