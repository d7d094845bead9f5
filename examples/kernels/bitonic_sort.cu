// bitonic_sort.cu - the bitonic sort kernel from the DARM paper (CGO'22).
//
// Exercises: static shared memory (addrspace(3)), __syncthreads barriers,
// thread-dependent (divergent) nested if/else with data-dependent swaps,
// global <-> shared copies. NUM is a compile-time constant, so clang -O3
// fully unrolls both loops; each block sorts its own NUM-element bucket.
#include "prelude.cuh"

#define NUM 256

extern "C" __global__ void bitonic_sort(int *values) {
  __shared__ int s[NUM];
  const unsigned int tid = threadIdx.x;
  int *bucket = values + blockIdx.x * NUM;

  // Copy input to shared memory.
  s[tid] = bucket[tid];
  __syncthreads();

  // Parallel bitonic sort.
  for (unsigned int k = 2; k <= NUM; k *= 2) {
    // Bitonic merge.
    for (unsigned int j = k / 2; j > 0; j /= 2) {
      unsigned int ixj = tid ^ j;
      if (ixj > tid) {
        if ((tid & k) == 0) {
          // Sort ascending.
          if (s[ixj] < s[tid]) {
            int tmp = s[tid];
            s[tid] = s[ixj];
            s[ixj] = tmp;
          }
        } else {
          // Sort descending.
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

  // Write result.
  bucket[tid] = s[tid];
}
