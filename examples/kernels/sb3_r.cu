// sb3_r.cu - DARM synthetic benchmark SB3-R: several subgraph pairs with
// different computations.
//
// Same control flow as sb3.cu (two sequential data-dependent if-then regions
// on each side of a divergent if/else inside two nested loops), but the
// corresponding regions on the two sides compute different things.
//
// Launch: blockDim.x == BS; a and b hold gridDim.x * BS floats, weights
// holds n floats. Deterministic (see sb1.cu).
#include "prelude.cuh"

#define BS 256

extern "C" __global__ void sb3_r(float *a, float *b, const float *weights,
                                 int iters, int n) {
  __shared__ float sa[BS], sb[BS];
  __shared__ float ra[BS], rb[BS];
  __shared__ float ma[BS], mb[BS];
  __shared__ float qa[BS], qb[BS];
  __shared__ float na[BS], nb[BS];
  const unsigned tid = threadIdx.x;
  const unsigned gid = blockIdx.x * BS + tid;

  sa[tid] = a[gid];
  sb[tid] = b[gid];
  ra[tid] = 0.0f;
  rb[tid] = 0.0f;
  ma[tid] = 0.0f;
  mb[tid] = 0.0f;
  qa[tid] = 0.0f;
  qb[tid] = 0.0f;
  na[tid] = 0.0f;
  nb[tid] = 0.0f;
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
        float z = sa[(tid + 2 * i + 1) % BS];
        if (z < w) {
          float q = z * z - w;
          q = q / (w * w + 1.0f);
          qa[tid] = qa[tid] + q;
          na[tid] = fminf(na[tid], q);
        }
      } else {
        float x = sb[(tid + 7 * i) % BS];
        if (x >= 0.5f * w) {
          float y = (x - w) * (x + w);
          y = y * 0.0625f + 3.0f;
          rb[tid] = rb[tid] + y;
          mb[tid] = fminf(mb[tid], y * x);
        }
        float z = sb[(tid + i + 3) % BS];
        if (z > 1.0f) {
          float q = 1.0f / (z + w * 4.0f);
          qb[tid] = qb[tid] * 0.75f - q;
          nb[tid] = fmaxf(nb[tid], q + z);
        }
      }
    }
    __syncthreads();
    sa[tid] = ra[tid] + 0.25f * ma[tid] - qa[tid] + na[tid];
    sb[tid] = rb[tid] - 0.5f * mb[tid] + qb[tid] - nb[tid];
    __syncthreads();
  }

  a[gid] = sa[tid];
  b[gid] = sb[tid];
}
