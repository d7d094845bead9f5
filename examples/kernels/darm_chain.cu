// darm_chain.cu - DARM block-region melding (region replication): one side of a
// divergent if/else is a single block, the other a region.
//
// Inside the inner loop, two divergent regions follow each other:
//  1. `if (tid % 3 == 0) { X } else { H; if (x > 0) { T } J }`: X is one
//     block; the else side is a region (head H, data-dependent if-then T, join
//     J). X does the same kind of update as J (and as H's load/multiply).
//  2. `if (tid & 1) { P } else if (tid & 2) { Q } else { R }`: P and Q do
//     similar work, R something different, so the inner diamond Q/R is not
//     worth melding while P melds with Q once the Q/R region is replicated
//     around P.
// Launch: blockDim.x == BS; a and b hold gridDim.x * BS floats, w holds n
// floats. Each thread writes its own slots inside the loops and reads other
// threads' slots only across barriers: deterministic.
#include "prelude.cuh"

#define BS 256

extern "C" __global__ void darm_chain(float *a, float *b, const float *w,
                                      int iters, int n) {
  __shared__ float sa[BS], sb[BS];
  __shared__ float ra[BS], rb[BS], ma[BS], mb[BS], cnt[BS];
  __shared__ float pa[BS], pb[BS], qa[BS], qb[BS], ru[BS];
  const unsigned tid = threadIdx.x;
  const unsigned gid = blockIdx.x * BS + tid;

  sa[tid] = a[gid];
  sb[tid] = b[gid];
  ra[tid] = 0.0f;
  rb[tid] = 0.0f;
  ma[tid] = 0.0f;
  mb[tid] = 0.0f;
  cnt[tid] = 0.0f;
  pa[tid] = 0.0f;
  pb[tid] = 0.0f;
  qa[tid] = 0.0f;
  qb[tid] = 0.0f;
  ru[tid] = 0.0f;
  __syncthreads();

  for (int it = 0; it < iters; ++it) {
#pragma unroll 1
    for (int i = 0; i < n; ++i) {
      const float wi = w[i];
      if (tid % 3 == 0) {
        float x = sa[(tid + i) % BS];
        float y = x * wi + 1.0f;
        ra[tid] = ra[tid] * 0.5f + y;
        ma[tid] = fmaxf(ma[tid], y);
      } else {
        float x = sb[(tid + 2 * i) % BS];
        float y = x * wi - 1.0f;
        if (x > 0.25f) {
          cnt[tid] = cnt[tid] + 1.0f;
        }
        rb[tid] = rb[tid] * 0.75f + y;
        mb[tid] = fmaxf(mb[tid], y);
      }
      if (tid & 1) {
        float x = sa[(tid + 5 * i) % BS];
        float y = x * x + wi;
        pa[tid] = pa[tid] * 0.5f + y;
        qa[tid] = fminf(qa[tid], y * 0.5f);
      } else if (tid & 2) {
        float x = sb[(tid + 7 * i) % BS];
        float y = x * x - wi;
        pb[tid] = pb[tid] * 0.25f + y;
        qb[tid] = fminf(qb[tid], y * 0.25f);
      } else {
        int k = (int)(sb[(tid + i) % BS] * 8.0f);
        ru[tid] = ru[tid] + (float)(k & 3) - wi / (1.0f + (float)i);
      }
    }
    __syncthreads();
    sa[tid] = ra[tid] + 0.25f * ma[tid] + pa[tid] - qa[tid];
    sb[tid] = rb[tid] - 0.5f * mb[tid] + cnt[tid] + pb[tid] + qb[tid] + ru[tid];
    __syncthreads();
  }

  a[gid] = sa[tid];
  b[gid] = sb[tid];
}
