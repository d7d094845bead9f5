// fp64.cu - double-precision daxpy followed by a per-thread dot product.
//
// Exercises: f64 kernel parameter, double loads/stores, fma on doubles
// (llvm.fma.f64), fdiv/fsub on doubles, sqrt on doubles (llvm.sqrt.f64),
// fabs, a grid-stride loop accumulating in a double register, int->double
// conversion.
#include "prelude.cuh"

extern "C" __global__ void fp64(double a, const double *x, double *y,
                                const double *z, double *norms, int n) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int stride = gridDim.x * blockDim.x;

  // daxpy: y = a * x + y
  if (gid < n)
    y[gid] = fma(a, x[gid], y[gid]);

  // Per-thread partial dot product of x and z over a grid-stride range.
  double s = 0.0;
  for (int i = gid; i < n; i += stride)
    s += x[i] * z[i] - 0.5 * (double)i / (double)n;
  norms[gid] = sqrt(fabs(s)) / (1.0 + fabs(a));
}
