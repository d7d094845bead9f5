// switch_kernel.cu - a switch over a thread-dependent value.
//
// Exercises: an LLVM `switch` terminator with several (sparse) cases and a
// default, each case with a different side effect (stores to different
// buffers/offsets, an atomic), so clang can neither turn it into a lookup
// table nor into selects. The case value is threadIdx.x % 16, so the threads
// of a warp diverge over all cases.
#include "prelude.cuh"

extern "C" __global__ void switch_kernel(const int *in, int *out, int *aux,
                                         int *counter) {
  const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int v = in[gid];
  switch (threadIdx.x % 16) {
  case 0:
    out[gid] = v + 1;
    break;
  case 1:
    aux[gid] = v * 3;
    break;
  case 2:
    out[gid] = in[gid + 1] - v;
    aux[gid] = 0;
    break;
  case 5:
    atomicAdd(counter, v);
    break;
  case 7:
  case 8:
    out[gid] = v << 2;
    aux[gid] = v >> 1;
    break;
  case 13:
    aux[gid ^ 1] = -v;
    break;
  default:
    out[gid] = 0;
    break;
  }
}
