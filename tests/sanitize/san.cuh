// san.cuh - what the sanitizer test kernels need beyond examples/kernels/prelude.cuh when clang compiles them
// without the CUDA SDK headers (nvcc and clang with the SDK provide these themselves).
#ifndef SIMTC_SAN_CUH
#define SIMTC_SAN_CUH
#include "prelude.cuh"
#if defined(__clang__) && defined(__CUDA__) && !defined(__NVCC__) && !defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__)
static __device__ __forceinline__ void __syncwarp(unsigned mask = 0xffffffffu) { __nvvm_bar_warp_sync(mask); }
static __device__ __forceinline__ unsigned __activemask() { return __nvvm_activemask(); }
static __device__ __forceinline__ int __shfl_sync(unsigned mask, int v, int src) {
  return __nvvm_shfl_sync_idx_i32(mask, v, src, 0x1f);
}
#endif
#endif
