// debug_info.cu - a small kernel compiled with -g.
// regen-flags: -g -fdebug-compilation-dir=.
//
// Exercises: debug metadata in the IR: !dbg attachments on instructions,
// DICompileUnit / DIFile / DISubprogram / DILocation nodes (including
// inlinedAt chains from the inlined threadIdx/blockIdx getters), llvm.dbg.cu
// and the "Debug Info Version" module flag, a non-inlined __device__ helper
// with its own DISubprogram, a loop and a branch. For optimised device code
// clang lowers -g to emissionKind: DebugDirectivesOnly (line info, no
// variable records). A back end may ignore all of it, but must parse it.
// -fdebug-compilation-dir=. keeps the checkout path out of the .ll.
#include "prelude.cuh"

__device__ __noinline__ int clamp_index(int i, int n) {
  if (i < 0)
    return 0;
  return i >= n ? n - 1 : i;
}

extern "C" __global__ void debug_info(const float *in, float *out, int n,
                                      int radius) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= n)
    return;
  float sum = 0.0f;
  for (int d = -radius; d <= radius; ++d)
    sum += in[clamp_index(gid + d, n)];
  out[gid] = sum / (float)(2 * radius + 1);
}
