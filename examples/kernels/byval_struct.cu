// byval_struct.cu - a kernel taking a struct by value.
//
// Exercises: an aggregate kernel parameter (a `byval` pointer parameter in
// the NVPTX IR, lowered to a .param .align 8 .b8 array in PTX) holding a
// float, an int and two pointers, plus a nested struct member; loads of the
// fields; a grid-stride loop bounded by a field.
#include "prelude.cuh"

struct Range {
  int begin;
  int end;
};

struct Params {
  float scale;
  int n;
  const float *in;
  float *out;
  Range clamp;
};

extern "C" __global__ void byval_struct(Params p) {
  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < p.n; i += stride) {
    float v = p.in[i] * p.scale;
    if (i < p.clamp.begin || i >= p.clamp.end)
      v = 0.0f;
    p.out[i] = v;
  }
}
