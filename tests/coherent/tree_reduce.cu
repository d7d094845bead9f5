// The classic shared-memory tree reduction (CUDA samples' reduce0/reduce1 shape): `if (tid < s)` with a
// halving bound. The branch is divergent for the uniformity analysis but splits warps along warp boundaries
// while s >= 32, so predicating its loads and store makes every idle warp issue them on every step.
// LLVM IR: clang-19 -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -nocudainc -nocudalib
//   -include examples/kernels/prelude.cuh -O3 -S -emit-llvm
extern "C" __global__ void tree_reduce(const float *in, float *out, int n) {
  extern __shared__ float sh[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sh[tid] = (i < (unsigned)n) ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sh[tid] += sh[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sh[0];
}
