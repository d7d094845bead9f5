// sb4.cu - DARM synthetic benchmark SB4: three-way divergent branch
// (if / else if / else) with identical computations in all three branches.
//
// Exercises: two nested loops (runtime trip counts), shared memory, and in
// the inner loop a thread-dependent if / else-if / else chain (conditions on
// different bits of threadIdx.x, so it stays a chain of conditional branches
// rather than becoming a switch) whose three branches perform the same
// computations on three different shared arrays. The three independent
// accumulator updates are written in a different rotation in each branch so
// that SimplifyCFG does not sink/merge them itself.
//
// Launch: blockDim.x == BS; a, b and c hold gridDim.x * BS floats, weights
// holds n floats. Deterministic (see sb1.cu).
#include "prelude.cuh"

#define BS 256

extern "C" __global__ void sb4(float *a, float *b, float *c,
                               const float *weights, int iters, int n) {
  __shared__ float sa[BS], sb[BS], sc[BS]; // inputs of the current iteration
  __shared__ float ra[BS], rb[BS], rc[BS]; // running sums
  __shared__ float ma[BS], mb[BS], mc[BS]; // running maxima
  __shared__ float na[BS], nb[BS], nc[BS]; // running minima
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
        float x = sb[(tid + i) % BS];
        float y = x * w + 1.0f;
        y = y * x - w;
        mb[tid] = fmaxf(mb[tid], y);
        nb[tid] = fminf(nb[tid], y);
        rb[tid] = rb[tid] * 0.5f + y;
      } else {
        float x = sc[(tid + i) % BS];
        float y = x * w + 1.0f;
        y = y * x - w;
        nc[tid] = fminf(nc[tid], y);
        rc[tid] = rc[tid] * 0.5f + y;
        mc[tid] = fmaxf(mc[tid], y);
      }
    }
    __syncthreads();
    sa[tid] = ra[tid] + 0.25f * (ma[tid] + na[tid]);
    sb[tid] = rb[tid] + 0.25f * (mb[tid] + nb[tid]);
    sc[tid] = rc[tid] + 0.25f * (mc[tid] + nc[tid]);
    __syncthreads();
  }

  a[gid] = sa[tid];
  b[gid] = sb[tid];
  c[gid] = sc[tid];
}
