// sb2_r.cu - DARM synthetic benchmark SB2-R: divergent if/else whose two
// sides are if-then regions with different computations.
//
// Same control flow as sb2.cu, but the two if-then regions differ in their
// conditions' constants, operations and constants.
//
// Launch: blockDim.x == BS; a and b hold gridDim.x * BS floats, weights
// holds n floats. Deterministic (see sb1.cu).
#include "prelude.cuh"

#define BS 256

extern "C" __global__ void sb2_r(float *a, float *b, const float *weights,
                                 int iters, int n) {
  __shared__ float sa[BS], sb[BS];
  __shared__ float ra[BS], rb[BS];
  __shared__ float ma[BS], mb[BS];
  const unsigned tid = threadIdx.x;
  const unsigned gid = blockIdx.x * BS + tid;

  sa[tid] = a[gid];
  sb[tid] = b[gid];
  ra[tid] = 0.0f;
  rb[tid] = 0.0f;
  ma[tid] = 0.0f;
  mb[tid] = 0.0f;
  __syncthreads();

  for (int it = 0; it < iters; ++it) {
#pragma unroll 1
    for (int i = 0; i < n; ++i) {
      const float w = weights[i];
      if (tid % 2 == 0) {
        float x = sa[(tid + i) % BS];
        if (x > w) {
          float y = x * w + 1.0f;
          y = y * x - w;
          ra[tid] = ra[tid] * 0.5f + y;
          ma[tid] = fmaxf(ma[tid], y);
        }
      } else {
        float x = sb[(tid + 5 * i) % BS];
        if (x < 2.0f * w) {
          float y = (x + w) * 0.125f;
          y = y / (x * x + 1.0f);
          rb[tid] = rb[tid] - y * x;
          mb[tid] = fminf(mb[tid], y);
        }
      }
    }
    __syncthreads();
    sa[tid] = ra[tid] + 0.25f * ma[tid];
    sb[tid] = rb[tid] - 0.5f * mb[tid];
    __syncthreads();
  }

  a[gid] = sa[tid];
  b[gid] = sb[tid];
}
