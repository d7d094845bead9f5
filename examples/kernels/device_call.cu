// device_call.cu - a kernel calling a non-inlined __device__ function.
//
// Exercises: a real call to a non-intrinsic function (C++-mangled
// _Z13weighted_termPKfifS0_), with scalar int and float params and pointer
// params, a float return value, called twice with different arguments; and
// a second noinline device function returning void that writes through a
// pointer (extern "C", unmangled).
#include "prelude.cuh"

__device__ __noinline__ float weighted_term(const float *data, int idx,
                                            float scale, const float *bias) {
  float v = data[idx] * scale;
  if (v < 0.0f)
    v = -v * 0.5f;
  return v + bias[idx & 3];
}

extern "C" __device__ __noinline__ void store_pair(float *dst, int i, float a,
                                                   float b) {
  dst[2 * i] = a;
  dst[2 * i + 1] = b;
}

extern "C" __global__ void device_call(const float *in, const float *bias,
                                       float *out, float scale, int n) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= n)
    return;
  float a = weighted_term(in, gid, scale, bias);
  float b = weighted_term(in, n - 1 - gid, 2.0f * scale, bias);
  store_pair(out, gid, a, a + b);
}
