// bitonic_paper.cu - the DARM paper's running example (seed 001, Fig. 1: bitonicSort), written from the
// figure: the elided copies to and from shared memory are spelled out, NUM is small so that clang's full
// unrolling of both loops stays readable (k = 2: j = 1; k = 4: j = 2, 1). The filetest
// tests/filetests/darm/bitonic_paper.ll is clang's IR of this file:
//   clang -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_90 -O3 -S -emit-llvm \
//     -I examples/kernels bitonic_paper.cu -o bitonic_paper.ll
#include "prelude.cuh"

#define NUM 4

__device__ static void swap(int &a, int &b) {
  int t = a;
  a = b;
  b = t;
}

extern "C" __global__ void bitonicSort(int *values) {
  __shared__ int shared[NUM];
  const unsigned int tid = threadIdx.x;
  // copy data from global memory to shared memory
  shared[tid] = values[tid];
  __syncthreads();
  for (unsigned int k = 2; k <= NUM; k *= 2) {
    for (unsigned int j = k / 2; j > 0; j /= 2) {
      unsigned int ixj = tid ^ j;
      if (ixj > tid) {
        if ((tid & k) == 0) {
          if (shared[ixj] < shared[tid])
            swap(shared[tid], shared[ixj]);
        } else {
          if (shared[ixj] > shared[tid])
            swap(shared[tid], shared[ixj]);
        }
      }
      __syncthreads();
    }
  }
  // write data back to global memory
  values[tid] = shared[tid];
}
