// sb4_r.cu - DARM synthetic benchmark SB4-R: three-way divergent branch
// (if / else if / else) with different computations in the three branches.
//
// Same control flow as sb4.cu, but each branch uses different operations and
// constants.
//
// Launch: blockDim.x == BS; a, b and c hold gridDim.x * BS floats, weights
// holds n floats. Deterministic (see sb1.cu).
#include "prelude.cuh"

#define BS 256

extern "C" __global__ void sb4_r(float *a, float *b, float *c,
                                 const float *weights, int iters, int n) {
  __shared__ float sa[BS], sb[BS], sc[BS];
  __shared__ float ra[BS], rb[BS], rc[BS];
  __shared__ float ma[BS], mb[BS], mc[BS];
  __shared__ float na[BS], nb[BS], nc[BS];
  const unsigned tid = threadIdx.x;
  const unsigned gid = blockIdx.x * BS + tid;

  sa[tid] = a[gid];
  sb[tid] = b[gid];
  sc[tid] = c[gid];
  ra[tid] = 0.0f;
  rb[tid] = 0.0f;
  rc[tid] = 0.0f;
  ma[tid] = 0.0f;
  mb[tid] = 0.0f;
  mc[tid] = 0.0f;
  na[tid] = 0.0f;
  nb[tid] = 0.0f;
  nc[tid] = 0.0f;
  __syncthreads();

  for (int it = 0; it < iters; ++it) {
#pragma unroll 1
    for (int i = 0; i < n; ++i) {
      const float w = weights[i];
      if (tid & 1) {
        float x = sa[(tid + i) % BS];
        float y = x * w + 1.0f;
        y = y * x - w;
        ra[tid] = ra[tid] * 0.5f + y;
        ma[tid] = fmaxf(ma[tid], y);
        na[tid] = fminf(na[tid], y);
      } else if (tid & 2) {
        float x = sb[(tid + 3 * i) % BS];
        float y = (x - w) / (x * x + 1.0f);
        rb[tid] = rb[tid] + y * 0.125f;
        mb[tid] = fminf(mb[tid], x - y);
      } else {
        float x = sc[(tid + i + 17) % BS];
        float y = x * x * x - 2.0f * w;
        y = fmaxf(y, -4.0f);
        rc[tid] = rc[tid] * 0.875f - y;
        mc[tid] = fmaxf(mc[tid], y * 0.5f);
        nc[tid] = nc[tid] + 1.0f;
      }
    }
    __syncthreads();
    sa[tid] = ra[tid] + 0.25f * (ma[tid] + na[tid]);
    sb[tid] = rb[tid] - 0.5f * (mb[tid] + nb[tid]);
    sc[tid] = rc[tid] + 0.125f * (mc[tid] - nc[tid]);
    __syncthreads();
  }

  a[gid] = sa[tid];
  b[gid] = sb[tid];
  c[gid] = sc[tid];
}
