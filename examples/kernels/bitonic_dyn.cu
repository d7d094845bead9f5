// bitonic_dyn.cu - bitonic sort of one block with a runtime size.
//
// Exercises: dynamic shared memory (extern __shared__ int s[], an external
// zero-length addrspace(3) array), loops with runtime trip counts (kept as
// loops with phis), the divergent swap diamond of bitonic_sort, barriers
// inside loops. Launch with blockDim.x == n (a power of two) and
// n * sizeof(int) bytes of dynamic shared memory; each block sorts the n
// elements at values + blockIdx.x * n.
#include "prelude.cuh"

extern __shared__ int s[];

extern "C" __global__ void bitonic_dyn(int *values, unsigned n) {
  const unsigned int tid = threadIdx.x;
  int *bucket = values + blockIdx.x * n;

  s[tid] = bucket[tid];
  __syncthreads();

  for (unsigned int k = 2; k <= n; k *= 2) {
    for (unsigned int j = k / 2; j > 0; j /= 2) {
      unsigned int ixj = tid ^ j;
      if (ixj > tid) {
        if ((tid & k) == 0) {
          if (s[ixj] < s[tid]) {
            int tmp = s[tid];
            s[tid] = s[ixj];
            s[ixj] = tmp;
          }
        } else {
          if (s[ixj] > s[tid]) {
            int tmp = s[tid];
            s[tid] = s[ixj];
            s[ixj] = tmp;
          }
        }
      }
      __syncthreads();
    }
  }

  bucket[tid] = s[tid];
}
