// Under-aligned memory accesses (packed structs), end to end: every member of these structs is read and written at
// an address below its natural alignment, in global, shared, local and param memory, through a device call's
// parameter and return value. Regenerate packed.ll with:
//   clang-19 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -I../../examples/kernels -O3 \
//     -S -emit-llvm packed.cu -o packed.ll
#include "prelude.cuh"

// 27 bytes: i32 at 1, i64 at 5, float at 13, double at 17, i16 at 25.
struct __attribute__((packed)) P {
  char c;
  int i;
  long long l;
  float f;
  double d;
  short s;
};

// 12 bytes, aligned to 4: the i64 at offset 4 is only 4-aligned (`.param .align 4`, `load i64 ... align 4`).
struct __attribute__((packed, aligned(4))) W {
  int a;
  long long b;
};

// 5 bytes: what a by-value device-function argument and return value of packed type look like.
struct __attribute__((packed)) Q {
  char c;
  int a;
};

__device__ __attribute__((noinline)) Q mix(Q q, int t) {
  Q r;
  r.c = q.c ^ (char)t;
  r.a = q.a * 5 - t;
  return r;
}

// out[t] = f(in[t & ~3], t) member by member, through packed copies in shared and local memory.
extern "C" __global__ void packed_rw(const P *in, P *out, int n) {
  __shared__ P sh[64];
  P loc[4];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int k = threadIdx.x;
  if (t < n) sh[k] = in[t];
  __syncthreads();
  if (t >= n) return;
  for (int j = 0; j < 4; ++j) {
    loc[j] = sh[k ^ j];  // within k's aligned group of four, all loaded when n % 4 == 0
  }
  P p = loc[t & 3];
  P q;
  q.c = p.c + 1;
  q.i = p.i * 3 + t;
  q.l = p.l ^ ((long long)t << 33);
  q.f = p.f * 2.0f;
  q.d = p.d + t;
  q.s = p.s - 7;
  out[t] = q;
}

// out[t] = w.a + w.b + t, then a packed device call's result.
extern "C" __global__ void packed_param(W w, Q q, long long *out, int *out2) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = w.a + w.b + t;
  Q r = mix(q, t);
  out2[t] = r.a + r.c;
}
