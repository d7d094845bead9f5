// Kernels with synchronization bugs that `simtc run --sanitize all` must find. Each kernel has a launch spec
// `NAME.toml` whose `# expect:` line lists the findings (kind/space) the test requires, exactly.
#include "san.cuh"

#define N 256

// Tree reduction without a barrier between the levels: each level reads what another warp writes.
extern "C" __global__ void racy_reduction(const int *in, int *out, int *buf, int n) {
  __shared__ int s[N];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * N + t];
  __syncthreads();
  for (int k = N / 2; k > 0; k >>= 1) {
    if (t < k) s[t] += s[t + k];
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

// 3-point stencil in place: neighbours are read and the cell written with no barrier between.
extern "C" __global__ void stencil_no_barrier(const int *in, int *out, int *buf, int n) {
  __shared__ int s[N];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  int l = t > 0 ? s[t - 1] : 0;
  int r = t < N - 1 ? s[t + 1] : 0;
  s[t] = l + s[t] + r;
  __syncthreads();
  out[t] = s[t];
}

// Write then read another warp's element with no barrier at all.
extern "C" __global__ void missing_barrier(const int *in, int *out, int *buf, int n) {
  __shared__ int s[N];
  int t = threadIdx.x;
  s[t] = in[t] * 3;
  out[t] = s[(t + 64) % N];
}

// Every CTA's thread 0 writes the same global word.
extern "C" __global__ void intercta_waw(const int *in, int *out, int *buf, int n) {
  if (threadIdx.x == 0) out[0] = blockIdx.x;
  out[1 + blockIdx.x * blockDim.x + threadIdx.x] = in[threadIdx.x];
}

// Each CTA writes its slice of buf and reads the next CTA's slice in the same launch.
extern "C" __global__ void intercta_raw(const int *in, int *out, int *buf, int n) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  buf[g] = in[g] + 1;
  __syncthreads();
  out[g] = buf[(g + blockDim.x) % n];
}

// Threads of one CTA exchange through global memory without a barrier.
extern "C" __global__ void global_missing_barrier(const int *in, int *out, int *buf, int n) {
  int t = threadIdx.x;
  buf[t] = in[t] * 2;
  out[t] = buf[(t + 32) % blockDim.x];
}

// Half of each warp executes an extra __syncthreads(): the warp reaches the barrier in pieces.
extern "C" __global__ void divergent_barrier(const int *in, int *out, int *buf, int n) {
  __shared__ int s[N];
  int t = threadIdx.x;
  s[t] = in[t];
  if ((t & 31) < 16) {
    s[t] += 1;
    __syncthreads();
  }
  __syncthreads();
  out[t] = s[t];
}

// A full-mask shuffle executed by half of each warp; the other half waits at the reconvergence point.
extern "C" __global__ void partial_shfl(const int *in, int *out, int *buf, int n) {
  int t = threadIdx.x;
  int v = in[t];
  if ((t & 31) < 16) v += __shfl_down_sync(0xffffffffu, v, 8);
  out[t] = v;
}

// Legacy warp-synchronous reduction in shared memory without __syncwarp (a race since sm_70).
extern "C" __global__ void warp_sync_free_reduction(const int *in, int *out, int *buf, int n) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (t < 32) {
    volatile int *v = s;
    v[t] += v[t + 16];
    v[t] += v[t + 8];
    v[t] += v[t + 4];
    v[t] += v[t + 2];
    v[t] += v[t + 1];
  }
  __syncthreads();
  if (t == 0) out[0] = s[0];
}

// A shared counter bumped with atomics and read by thread 0 without waiting for them.
extern "C" __global__ void atomic_then_plain_read(const int *in, int *out, int *buf, int n) {
  __shared__ int count;
  int t = threadIdx.x;
  if (t == 0) count = 0;
  __syncthreads();
  if (in[t] & 1) atomicAdd(&count, 1);
  if (t == 0) out[0] = count;
}

// All threads store to one shared word.
extern "C" __global__ void same_word_waw(const int *in, int *out, int *buf, int n) {
  __shared__ int s[1];
  int t = threadIdx.x;
  s[0] = in[t];
  __syncthreads();
  out[t] = s[0];
}

// Only the first warp initializes the shared array the whole CTA reads.
extern "C" __global__ void uninit_shared(const int *in, int *out, int *buf, int n) {
  __shared__ int s[N];
  int t = threadIdx.x;
  if (t < 32) s[t] = in[t];
  __syncthreads();
  out[t] = s[(t + 1) % blockDim.x];
}

// A local array of which only the first half is written, read at a data-dependent index.
extern "C" __global__ void uninit_local(const int *in, int *out, int *buf, int n) {
  int a[16];
  int t = threadIdx.x;
  for (int i = 0; i < n; ++i) a[i] = in[i] + t;
  out[t] = a[in[t] & 15];
}

// `buf` is declared `init = "none"` in the spec and read before anything writes it.
extern "C" __global__ void uninit_global(const int *in, int *out, int *buf, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int old = buf[t];
  buf[t] = in[t];
  out[t] = old + in[t];
}
