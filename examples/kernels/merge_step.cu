// merge_step.cu - one merge step of a bottom-up merge sort.
//
// Exercises: a per-thread sequential merge of two adjacent sorted runs
// (while loops with data-dependent exit conditions and a data-dependent
// branch/select in the body, so threads of a warp diverge in trip count),
// unsigned min, an early return for threads past the end, global loads and
// stores through separate input and output buffers.
//
// Thread t merges in[lo, mid) and in[mid, hi) into out[lo, hi), where
// lo = 2 * width * t, mid = min(lo + width, n), hi = min(lo + 2 * width, n).
// Launch with at least ceil(n / (2 * width)) threads in total.
#include "prelude.cuh"

static __device__ __forceinline__ unsigned umin32(unsigned a, unsigned b) {
  return a < b ? a : b;
}

extern "C" __global__ void merge_step(const int *in, int *out, unsigned n,
                                      unsigned width) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned long long lo64 = 2ull * width * t;
  if (lo64 >= n)
    return;
  const unsigned lo = (unsigned)lo64;
  const unsigned mid = umin32(lo + width, n);
  const unsigned hi = umin32(mid + width, n);

  unsigned i = lo, j = mid, k = lo;
  while (i < mid && j < hi) {
    const int a = in[i];
    const int b = in[j];
    if (a <= b) {
      out[k++] = a;
      ++i;
    } else {
      out[k++] = b;
      ++j;
    }
  }
  while (i < mid)
    out[k++] = in[i++];
  while (j < hi)
    out[k++] = in[j++];
}
