// sb1.cu - DARM synthetic benchmark SB1: if/else diamond, identical sides.
//
// Exercises: two nested loops with runtime trip counts (outer over
// iterations, inner over elements), static shared memory, barriers between
// outer iterations, and inside the inner loop a thread-dependent (divergent)
// if/else diamond whose two sides perform the same computations on different
// shared arrays -- the pattern control-flow melding (DARM) merges.
//
// The two accumulator updates are written in opposite order on the two sides.
// They are independent, so the computation is the same, but it stops LLVM
// 19's SimplifyCFG from sinking the common code into the join block and
// if-converting the diamond with selects (it does so when the two sides are
// textually identical). The stores keep the sides from being speculated.
//
// Launch: blockDim.x == BS; a and b hold gridDim.x * BS floats, weights
// holds n floats. Each thread only writes its own slots inside the loops and
// reads other threads' slots only across barriers, so results are
// deterministic.
#include "prelude.cuh"

#define BS 256

extern "C" __global__ void sb1(float *a, float *b, const float *weights,
                               int iters, int n) {
  __shared__ float sa[BS], sb[BS]; // inputs of the current iteration
  __shared__ float ra[BS], rb[BS]; // running sums
  __shared__ float ma[BS], mb[BS]; // running maxima
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
        float y = x * w + 1.0f;
        y = y * x - w;
        ra[tid] = ra[tid] * 0.5f + y;
        ma[tid] = fmaxf(ma[tid], y);
      } else {
        float x = sb[(tid + i) % BS];
        float y = x * w + 1.0f;
        y = y * x - w;
        mb[tid] = fmaxf(mb[tid], y);
        rb[tid] = rb[tid] * 0.5f + y;
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
