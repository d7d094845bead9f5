// Correctly synchronized kernels on which `simtc run --sanitize all` must find nothing. Each has a launch spec
// `NAME.toml` whose `# expect:` line is `none`.
#include "san.cuh"

#define N 256

// Tree reduction with a barrier after every level.
extern "C" __global__ void reduction_ok(const int *in, int *out, int *buf, int n) {
  __shared__ int s[N];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * N + t];
  __syncthreads();
  for (int k = N / 2; k > 0; k >>= 1) {
    if (t < k) s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

// 3-point stencil in place: read the neighbours, barrier, write.
extern "C" __global__ void stencil_ok(const int *in, int *out, int *buf, int n) {
  __shared__ int s[N];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  int v = (t > 0 ? s[t - 1] : 0) + s[t] + (t < N - 1 ? s[t + 1] : 0);
  __syncthreads();
  s[t] = v;
  __syncthreads();
  out[t] = s[(t + 1) % N];
}

// Warp-level reduction in shared memory, each step separated by __syncwarp() (the sm_70 form).
extern "C" __global__ void syncwarp_reduction(const int *in, int *out, int *buf, int n) {
  __shared__ int s[N];
  int t = threadIdx.x;
  int lane = t & 31;
  s[t] = in[t];
  __syncwarp();
  for (int k = 16; k > 0; k >>= 1) {
    int v = lane < k ? s[t + k] : 0;
    __syncwarp();
    if (lane < k) s[t] += v;
    __syncwarp();
  }
  if (lane == 0) out[t / 32] = s[t];
}

// Warp shuffle reduction: registers only.
extern "C" __global__ void shfl_reduction(const int *in, int *out, int *buf, int n) {
  int t = threadIdx.x;
  int v = in[blockIdx.x * blockDim.x + t];
  for (int k = 16; k > 0; k >>= 1) v += __shfl_down_sync(0xffffffffu, v, k);
  if ((t & 31) == 0) out[blockIdx.x * (blockDim.x / 32) + t / 32] = v;
}

// Shared-memory histogram with atomics, then the totals added to global counters with atomics.
extern "C" __global__ void histogram_atomics(const int *in, int *out, int *buf, int n) {
  __shared__ int h[16];
  int t = threadIdx.x;
  if (t < 16) h[t] = 0;
  __syncthreads();
  atomicAdd(&h[in[blockIdx.x * blockDim.x + t] & 15], 1);
  __syncthreads();
  if (t < 16) atomicAdd(&out[t], h[t]);
}

// Write, barrier, read another warp's element.
extern "C" __global__ void write_barrier_read(const int *in, int *out, int *buf, int n) {
  __shared__ int s[N];
  int t = threadIdx.x;
  s[t] = in[t] * 3;
  __syncthreads();
  out[t] = s[(t + 64) % N];
}

// Every CTA adds into the same global counters with atomics only.
extern "C" __global__ void global_atomics(const int *in, int *out, int *buf, int n) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&out[g & 3], in[g]);
}

// CTAs work on disjoint slices; inside a CTA the exchange goes through global memory with a barrier.
extern "C" __global__ void disjoint_ctas(const int *in, int *out, int *buf, int n) {
  int base = blockIdx.x * blockDim.x;
  int t = threadIdx.x;
  buf[base + t] = in[base + t] + 1;
  __syncthreads();
  out[base + t] = buf[base + (t + 32) % blockDim.x];
}

// Threads past n return before the barrier (exited threads never hold it up).
extern "C" __global__ void early_return_barrier(const int *in, int *out, int *buf, int n) {
  __shared__ int s[N];
  int t = threadIdx.x;
  if (t >= n) return;
  s[t] = in[t] + 5;
  __syncthreads();
  out[t] = s[(t + 1) % n];
}

// `buf` is `init = "none"`: every thread writes its element before reading it back.
extern "C" __global__ void init_none_written(const int *in, int *out, int *buf, int n) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  buf[g] = in[g] * 2;
  out[g] = buf[g] + 1;
}

// A local array written completely, then read at a data-dependent index.
extern "C" __global__ void local_array_ok(const int *in, int *out, int *buf, int n) {
  int a[16];
  int t = threadIdx.x;
  for (int i = 0; i < 16; ++i) a[i] = in[i] + t;
  out[t] = a[in[t] & 15];
}

// Two shared buffers used alternately, one barrier per step.
extern "C" __global__ void double_buffer(const int *in, int *out, int *buf, int n) {
  __shared__ int s[2][N];
  int t = threadIdx.x;
  s[0][t] = in[t];
  __syncthreads();
  int cur = 0;
  for (int step = 0; step < 4; ++step) {
    s[cur ^ 1][t] = s[cur][(t + 1) % N] + 1;
    cur ^= 1;
    __syncthreads();
  }
  out[t] = s[cur][t];
}

// A shuffle in divergent code whose mask names exactly the lanes that take the branch.
extern "C" __global__ void partial_shfl_ok(const int *in, int *out, int *buf, int n) {
  int t = threadIdx.x;
  int v = in[t];
  if ((t & 31) < 16) v += __shfl_xor_sync(0x0000ffffu, v, 8);
  out[t] = v;
}

// Thread 0 publishes a value, everyone reads it after a barrier; a second barrier before it is overwritten.
extern "C" __global__ void broadcast(const int *in, int *out, int *buf, int n) {
  __shared__ int v;
  int t = threadIdx.x;
  int acc = 0;
  for (int r = 0; r < 3; ++r) {
    if (t == 0) v = in[r];
    __syncthreads();
    acc += v;
    __syncthreads();
  }
  out[t] = acc;
}
