// local_array.cu - per-thread arrays indexed with runtime indices.
//
// Exercises: `alloca`s that survive -O3 (SROA cannot split them because of
// the data-dependent indices), i.e. PTX local memory (.local / the stack
// frame): a float array filled in a loop and read at two runtime indices, and
// a small int histogram read-modify-written at data-dependent indices.
#include "prelude.cuh"

#define LEN 16
#define BINS 8

extern "C" __global__ void local_array(const float *in, const int *idx,
                                       float *out, int *hist_out) {
  const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;

  float buf[LEN];
  for (int i = 0; i < LEN; ++i)
    buf[i] = in[gid * LEN + i] * (float)(i + 1);

  int hist[BINS] = {0};
  for (int i = 0; i < LEN; ++i)
    hist[idx[gid * LEN + i] & (BINS - 1)] += 1;

  const int k = idx[gid * LEN] & (LEN - 1);
  out[gid] = buf[k] + buf[(k + 5) & (LEN - 1)];
  for (int b = 0; b < BINS; ++b)
    hist_out[gid * BINS + b] = hist[b];
}
