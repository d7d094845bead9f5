// float_heavy.cu - single-precision n-body style interaction kernel.
//
// Exercises: float arithmetic with fmaf (llvm.fma.f32), sqrtf
// (llvm.sqrt.f32), division (fdiv), a fast exponential (__expf via
// ex2.approx), fminf/fmaxf (llvm.minnum/maxnum), fabsf, int->float
// conversion, and a runtime-trip-count loop accumulating in float
// registers.
#include "prelude.cuh"

extern "C" __global__ void float_heavy(const float *px, const float *py,
                                       const float *pz, const float *mass,
                                       float *ax, float *ay, float *az,
                                       float *energy, int n, float softening,
                                       float dt) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const float xi = px[i], yi = py[i], zi = pz[i];
  float fx = 0.0f, fy = 0.0f, fz = 0.0f, pot = 0.0f;
  for (int j = 0; j < n; ++j) {
    const float dx = px[j] - xi;
    const float dy = py[j] - yi;
    const float dz = pz[j] - zi;
    const float d2 = fmaf(dx, dx, fmaf(dy, dy, fmaf(dz, dz, softening)));
    const float dist = sqrtf(d2);
    const float inv = 1.0f / dist;
    const float s = mass[j] * inv * inv * inv;
    fx = fmaf(dx, s, fx);
    fy = fmaf(dy, s, fy);
    fz = fmaf(dz, s, fz);
    pot -= mass[j] / dist;
  }
  const float damp = __expf(-dt * (float)i / (float)n);
  const float lim = 1.0e4f;
  ax[i] = fminf(fmaxf(fx * damp, -lim), lim);
  ay[i] = fminf(fmaxf(fy * damp, -lim), lim);
  az[i] = fminf(fmaxf(fz * damp, -lim), lim);
  energy[i] = fabsf(pot) * 0.5f * mass[i];
}
