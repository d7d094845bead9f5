// launch_bounds.cu - a kernel with __launch_bounds__.
//
// Exercises: launch-bound metadata (nvvm.annotations "maxntidx" and
// "minctasm" entries, .maxntid / .minnctapersm in PTX), next to the "kernel"
// annotation; otherwise a plain bounds-checked saxpy.
#include "prelude.cuh"

extern "C" __global__ void __launch_bounds__(128, 4)
    launch_bounds(float a, const float *x, float *y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
