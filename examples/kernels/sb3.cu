// sb3.cu - DARM synthetic benchmark SB3: several pairs of meldable subgraphs.
//
// Exercises: two nested loops (runtime trip counts), shared memory, and in
// the inner loop a thread-dependent if/else where each side contains two
// sequential data-dependent if-then regions. Region 1 of the then-side and
// region 1 of the else-side perform identical computations (on different
// shared arrays), and so do the two region 2s, giving two subgraph pairs to
// meld. Within each region the two independent accumulator updates are
// written in opposite order on the two sides so that SimplifyCFG does not
// sink/merge them itself.
//
// Launch: blockDim.x == BS; a and b hold gridDim.x * BS floats, weights
// holds n floats. Deterministic (see sb1.cu).
#include "prelude.cuh"

#define BS 256

extern "C" __global__ void sb3(float *a, float *b, const float *weights,
                               int iters, int n) {
  __shared__ float sa[BS], sb[BS];
  __shared__ float ra[BS], rb[BS]; // region 1: running sums
  __shared__ float ma[BS], mb[BS]; // region 1: running maxima
  __shared__ float qa[BS], qb[BS]; // region 2: running sums
  __shared__ float na[BS], nb[BS]; // region 2: running minima
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
        float x = sb[(tid + i) % BS];
        if (x > w) {
          float y = x * w + 1.0f;
          y = y * x - w;
          mb[tid] = fmaxf(mb[tid], y);
          rb[tid] = rb[tid] * 0.5f + y;
        }
        float z = sb[(tid + 2 * i + 1) % BS];
        if (z < w) {
          float q = z * z - w;
          q = q / (w * w + 1.0f);
          nb[tid] = fminf(nb[tid], q);
          qb[tid] = qb[tid] + q;
        }
      }
    }
    __syncthreads();
    sa[tid] = ra[tid] + 0.25f * ma[tid] - qa[tid] + na[tid];
    sb[tid] = rb[tid] + 0.25f * mb[tid] - qb[tid] + nb[tid];
    __syncthreads();
  }

  a[gid] = sa[tid];
  b[gid] = sb[tid];
}
