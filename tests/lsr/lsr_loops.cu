// Loops whose addresses `lsr` turns into pointer IVs (tests/lsr, crates/simtc/tests/lsr.rs): a grid-stride loop
// with neighbouring reads, a row-times-column product (2-D indices, nested loops, an invariant stride), a
// backwards walk, an early-exit search and an unrolled accumulation. Regenerate lsr_loops.ll with
// examples/kernels/regen.sh's flags (clang -x cuda --cuda-device-only ... -O3 -S -emit-llvm -I examples/kernels).
#include "prelude.cuh"

extern "C" __global__ void lsr_loops(const float *a, const float *b, float *out, int n, int m) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = blockDim.x * gridDim.x;
  for (int i = tid; i + 1 < n; i += stride)
    out[i] = a[i] + 0.5f * a[i + 1];
  if (tid < m) {
    float acc = 0.0f;
    for (int r = 0; r < m; ++r) {
      float row = 0.0f;
      for (int k = 0; k < m; ++k)
        row += a[r * m + k] * b[k * m + tid];
      acc += row * (r + 1);
    }
    out[n + tid] = acc;
  }
  float back = 0.0f;
  for (int i = n - 1 - (tid % 5); i >= 0; i -= 3)
    back += b[i];
  int found = -1;
  for (int i = 0; i < n; ++i) {
    if (a[2 * i % n] > 0.9f) {
      found = i;
      break;
    }
  }
  float u = 0.0f;
#pragma unroll 4
  for (int i = 0; i < (tid % 13) * 4; ++i)
    u += a[i] * b[i];
  out[n + m + tid] = back + found + u;
}
