// By-value array parameters read through pointers (tests/byval, crates/simtc/tests/byval.rs). byval_array: a loop
// over dynamic indices, which lsr turns into a pointer induction variable starting at the parameter's address,
// and a select between two addresses into it; both read the parameter in place (ld.param through a register, no
// copy), as llc-19 does. byval_mixed: a pointer that is either the parameter's address or a global pointer is
// generic, so the parameter is copied to the local depot first. Regenerate byval_array.ll with
// examples/kernels/regen.sh's flags (clang -x cuda --cuda-device-only ... -O3 -S -emit-llvm -I examples/kernels).
#include "prelude.cuh"

struct Big {
  int v[256];
};

extern "C" __global__ void byval_array(Big p, const int *g, int *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int acc = 0;
  for (int i = t % 7; i < n; i += 3)
    acc += p.v[i] * (i + 1);
  const int *q = (t & 1) ? &p.v[t % 64] : &p.v[128 + t % 64];
  acc += q[0] + 3 * q[1];
  out[t] = acc + g[t];
}

extern "C" __global__ void byval_mixed(Big p, const int *g, int *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int *q = (t & 2) ? p.v : g;
  int acc = 0;
  for (int i = 0; i < n; ++i)
    acc += q[i] * (i + 1);
  out[t] = acc;
}
