// merge_rank.cu - one merge step of a merge sort, one element per thread.
//
// Exercises: binary search (lower/upper bound) loops with data-dependent trip
// counts, a divergent branch selecting which search to run (left run vs right
// run, for a stable merge), integer division/remainder by a runtime width,
// scattered global stores.
//
// Each run pair is in[base, base + width) (left) and
// in[base + width, base + 2 * width) (right), clipped to n. Thread gid owns
// element in[gid] and writes it to its final position in out: its index in
// its own run plus its rank in the other run. Launch with >= n threads.
#include "prelude.cuh"

extern "C" __global__ void merge_rank(const int *in, int *out, unsigned n,
                                      unsigned width) {
  const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= n)
    return;
  const unsigned pair = gid / (2 * width);
  const unsigned base = pair * 2 * width;
  const unsigned mid = base + width < n ? base + width : n;
  const unsigned hi = mid + width < n ? mid + width : n;
  const int v = in[gid];

  unsigned pos;
  if (gid < mid) {
    // Left run: count right-run elements strictly less than v (lower bound).
    unsigned l = mid, r = hi;
    while (l < r) {
      unsigned m = l + (r - l) / 2;
      if (in[m] < v)
        l = m + 1;
      else
        r = m;
    }
    pos = base + (gid - base) + (l - mid);
  } else {
    // Right run: count left-run elements less than or equal to v (upper bound).
    unsigned l = base, r = mid;
    while (l < r) {
      unsigned m = l + (r - l) / 2;
      if (in[m] <= v)
        l = m + 1;
      else
        r = m;
    }
    pos = base + (gid - mid) + (l - base);
  }
  out[pos] = v;
}
