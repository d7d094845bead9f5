// wmma_gemm.cu - a small GEMM on tensor cores: D = A * B + C with f16 inputs and f32 accumulation.
//
// Exercises: the warp-level matrix intrinsics (llvm.nvvm.wmma.m16n16k16.{load.a,load.b,load.c,mma,store.d}),
// fragments as structs of registers (<2 x half> and float fields), shared-memory (.shared) and global/generic
// wmma accesses with a stride, row- and column-major fragments, int -> f16 conversion.
//
// One warp (one CTA of 32 threads) computes one 16x16 tile of D: blockIdx.x/y pick the tile. A is M x K and
// B is K x N, both row-major ints (small values, so every product and sum is exact in f16/f32); each 16x16
// slice of A is staged row-major and each slice of B column-major in shared memory as f16. C and D are row-major
// M x N floats. M, N and K must be multiples of 16.
#include "prelude.cuh"

#ifndef __NVCC__
typedef _Float16 f16_t;
#define TO_F16(x) ((f16_t)(x))
#else
// nvcc without the CUDA headers' half type: the f16 bit pattern in a 16-bit integer.
typedef unsigned short f16_t;
static __device__ __forceinline__ f16_t TO_F16(int x) {
  f16_t h;
  asm("cvt.rn.f16.s32 %0, %1;" : "=h"(h) : "r"(x));
  return h;
}
#endif

extern "C" __global__ void wmma_gemm(const int *a, const int *b, const float *c, float *d, int n, int k) {
  __shared__ __attribute__((aligned(32))) f16_t as[16 * 16];
  __shared__ __attribute__((aligned(32))) f16_t bs[16 * 16];
  const int lane = threadIdx.x;
  const int row0 = blockIdx.y * 16;
  const int col0 = blockIdx.x * 16;
  float acc[8];
  __hmma_m16n16k16_ld_c_f32(acc, c + row0 * n + col0, n, 0);
  for (int k0 = 0; k0 < k; k0 += 16) {
    for (int e = lane; e < 256; e += 32) {
      const int r = e / 16, q = e % 16;
      as[r * 16 + q] = TO_F16(a[(row0 + r) * k + k0 + q]);
      bs[q * 16 + r] = TO_F16(b[(k0 + r) * n + col0 + q]);
    }
    __syncthreads();
    int fa[8], fb[8];
    __hmma_m16n16k16_ld_a(fa, (const int *)as, 16, 0);
    __hmma_m16n16k16_ld_b(fb, (const int *)bs, 16, 1);
    __hmma_m16n16k16_mma_f32f32(acc, fa, fb, acc, 1, 0);
    __syncthreads();
  }
  __hmma_m16n16k16_st_c_f32(d + row0 * n + col0, acc, n, 0);
}
