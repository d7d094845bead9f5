// prelude.cuh - minimal CUDA "runtime" for compiling the example kernels with
// clang in device-only mode without a CUDA installation (-nocudainc
// -nocudalib).
//
// Under clang (CUDA mode) this header defines the CUDA keywords as the clang
// attributes, pulls in clang's builtin variables (threadIdx, blockIdx,
// blockDim, gridDim) and provides the handful of device functions the kernels
// use, each as a thin inline wrapper over a clang builtin.
//
// Under NVIDIA's nvcc everything here is provided by the CUDA toolkit itself,
// so the header defines nothing. The same holds for clang compiling against
// a real CUDA installation (without -nocudainc): clang's CUDA runtime wrapper
// (__clang_cuda_runtime_wrapper.h) is then pre-included and already provides
// all of it.
#ifndef SIMTC_EXAMPLES_PRELUDE_CUH
#define SIMTC_EXAMPLES_PRELUDE_CUH

#if defined(__clang__) && defined(__CUDA__) && !defined(__NVCC__) &&         \
    !defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__)

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __noinline__ __attribute__((noinline))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))

#include <__clang_cuda_builtin_vars.h>

#define SIMTC_DEVICE static __device__ __forceinline__

// --- synchronisation -------------------------------------------------------
// __syncthreads() is already a clang builtin for NVPTX (llvm.nvvm.barrier0).

// --- warp shuffles (full-warp width) ----------------------------------------
SIMTC_DEVICE int __shfl_down_sync(unsigned mask, int v, unsigned delta) {
  return __nvvm_shfl_sync_down_i32(mask, v, delta, 0x1f);
}
SIMTC_DEVICE float __shfl_down_sync(unsigned mask, float v, unsigned delta) {
  return __nvvm_shfl_sync_down_f32(mask, v, delta, 0x1f);
}
SIMTC_DEVICE int __shfl_xor_sync(unsigned mask, int v, int lane_mask) {
  return __nvvm_shfl_sync_bfly_i32(mask, v, lane_mask, 0x1f);
}

// --- atomics -----------------------------------------------------------------
SIMTC_DEVICE int atomicAdd(int *p, int v) { return __nvvm_atom_add_gen_i(p, v); }
SIMTC_DEVICE unsigned atomicAdd(unsigned *p, unsigned v) {
  return (unsigned)__nvvm_atom_add_gen_i((int *)p, (int)v);
}
SIMTC_DEVICE float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }

// --- single-precision math ---------------------------------------------------
SIMTC_DEVICE float sqrtf(float x) { return __builtin_sqrtf(x); }
SIMTC_DEVICE float fmaf(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
SIMTC_DEVICE float fminf(float a, float b) { return __builtin_fminf(a, b); }
SIMTC_DEVICE float fmaxf(float a, float b) { return __builtin_fmaxf(a, b); }
SIMTC_DEVICE float fabsf(float x) { return __builtin_fabsf(x); }
SIMTC_DEVICE float rsqrtf(float x) { return __nvvm_rsqrt_approx_f(x); }
// Fast exponential, as nvcc's __expf: 2^(x * log2(e)) with ex2.approx.
SIMTC_DEVICE float __expf(float x) { return __nvvm_ex2_approx_f(x * 1.4426950408889634f); }

// --- double-precision math ---------------------------------------------------
SIMTC_DEVICE double sqrt(double x) { return __builtin_sqrt(x); }
SIMTC_DEVICE double fma(double a, double b, double c) { return __builtin_fma(a, b, c); }
SIMTC_DEVICE double fabs(double x) { return __builtin_fabs(x); }

#undef SIMTC_DEVICE

#endif // clang CUDA without the CUDA SDK headers

#endif // SIMTC_EXAMPLES_PRELUDE_CUH
