// warp_reduce.cu - warp-shuffle sum reduction with one atomic per warp.
//
// Exercises: __shfl_down_sync (llvm.nvvm.shfl.sync.down.i32, convergent, fully
// unrolled tree of 5 shuffles), a lane-0-only divergent branch, and
// atomicAdd on a global int (atomicrmw add). Threads past n contribute 0 but
// still take part in the shuffles (full mask).
#include "prelude.cuh"

extern "C" __global__ void warp_reduce(const int *in, int *result,
                                       unsigned n) {
  const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  int v = gid < n ? in[gid] : 0;
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(result, v);
}
