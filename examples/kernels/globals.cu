// globals.cu - __constant__ and __device__ globals with initializers.
//
// Exercises: module-level variables in the constant (addrspace(4)) and global
// (addrspace(1)) address spaces with initializers: an int array, a float
// array, a struct, a char string, a scalar float, a zero-initialised
// __device__ counter updated atomically; reads of them with runtime indices
// (so the loads are not constant-folded -- CUDA globals are
// externally_initialized).
#include "prelude.cuh"

struct Config {
  int offset;
  float gain;
  short tag;
  char flags[2];
};

__constant__ int c_table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__constant__ float c_coeffs[4] = {0.5f, -1.25f, 2.0f, 0.125f};
__constant__ Config c_config = {7, 1.5f, 42, {'o', 'k'}};
__constant__ char c_message[] = "simtc constant string";

__device__ int g_lut[4] = {10, 20, 30, 40};
__device__ float g_bias = 0.25f;
__device__ int g_hits;

extern "C" __global__ void globals(const int *in, int *out, float *fout,
                                   char *msg_out) {
  const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int v = in[gid];
  const int t = c_table[v & 7] + g_lut[(v >> 3) & 3] + c_config.offset;
  out[gid] = t + c_config.tag;

  float acc = g_bias;
  for (int i = 0; i < 4; ++i)
    acc = acc * (float)v + c_coeffs[i];
  fout[gid] = acc * c_config.gain;

  if (gid < sizeof(c_message))
    msg_out[gid] = c_message[gid] ^ c_config.flags[gid & 1];
  if (t > 10)
    atomicAdd(&g_hits, 1);
}
