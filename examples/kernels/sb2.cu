// sb2.cu - DARM synthetic benchmark SB2: divergent if/else whose two sides
// are if-then regions with identical computations.
//
// Exercises: two nested loops (runtime trip counts), shared memory, and in
// the inner loop a thread-dependent if/else where each side loads a value and
// conditionally (data-dependent inner if) updates per-thread accumulators.
// The two if-then regions perform the same computations on different shared
// arrays, so they can be melded as a pair of subgraphs (region-region
// melding). The two independent accumulator updates are written in opposite
// order on the two sides so that SimplifyCFG does not sink/merge them itself.
//
// Launch: blockDim.x == BS; a and b hold gridDim.x * BS floats, weights
// holds n floats. Deterministic (see sb1.cu).
#include "prelude.cuh"

#define BS 256

extern "C" __global__ void sb2(float *a, float *b, const float *weights,
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
        float x = sb[(tid + i) % BS];
        if (x > w) {
          float y = x * w + 1.0f;
          y = y * x - w;
          mb[tid] = fmaxf(mb[tid], y);
          rb[tid] = rb[tid] * 0.5f + y;
        }
      }
    }
    __syncthreads();
    sa[tid] = ra[tid] + 0.25f * ma[tid];
    sb[tid] = rb[tid] + 0.25f * mb[tid];
    __syncthreads();
  }

  a[gid] = sa[tid];
  b[gid] = sb[tid];
}
