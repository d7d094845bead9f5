//! nvcc's PTX for code that leans on CUDA's math library and intrinsics (libdevice-style `sinf`/`expf`/`powf`
//! expansions, 64-bit division, carry chains, byte permutes, warp votes, matches and reductions, atomics) runs in
//! the emulator and matches a reference. The kernel source is written to a temporary directory and compiled with
//! nvcc at test time (skipped with a note when nvcc is missing, a failure under CI).

mod common;

use simtc_emu::{Arg, Buffer, Launch, RunOptions};
use std::process::Command;

const KERNEL: &str = r#"
extern "C" __global__ void ks(const float *in, const int *iv, float *out, int *iout, unsigned long long *u64, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  float x = in[t];
  int a = iv[t], b = iv[(t + 7) % n] | 1;
  float r = sinf(x) + cosf(x) * expf(x * 0.1f) + logf(fabsf(x) + 1.0f) + powf(fabsf(x), 1.3f) + sqrtf(fabsf(x)) + rsqrtf(fabsf(x) + 1.0f);
  r += __fdividef(x, 3.0f) + floorf(x) + ceilf(x) + roundf(x) + truncf(x) + tanhf(x) + atan2f(x, 2.0f);
  out[t] = r;
  long long la = (long long)a * 123456789LL;
  int q = a / b + a % b + (int)(la / (b + 3)) + (int)(la % 1000003);
  q += __popc(a) + __clz(a) + __brev(a) + __ffs(a) + __byte_perm(a, b, 0x5410) + __funnelshift_l(a, b, 5);
  q += min(a, b) + max(a, b) + abs(a - b) + __float2int_rn(x * 10.0f) + __umulhi(a, b) + __mulhi(a, b) + __sad(a, b, 3);
  unsigned m = __ballot_sync(0xffffffff, x > 0.0f);
  q += __popc(m) + __any_sync(0xffffffff, a > 100) + __all_sync(0xffffffff, a >= 0);
  q += __shfl_xor_sync(0xffffffff, a, 1) + __shfl_up_sync(0xffffffff, a, 2) + __match_any_sync(0xffffffff, a & 3);
  q += __reduce_add_sync(0xffffffff, a & 15) + __activemask();
  __syncwarp();
  double d = (double)x;
  q += (int)(sin(d) * 1000.0 + exp(d * 0.01) * 10.0 + log(fabs(d) + 2.0) * 7.0);
  iout[t] = q;
  atomicAdd(&u64[0], (unsigned long long)(a & 255));
  atomicMax((int *)&u64[1], a);
  atomicMin((unsigned *)&u64[2], (unsigned)a | 0x1000u);
  atomicCAS((int *)&u64[3], 0, t + 1);
  atomicInc((unsigned *)&u64[4], 1000u);
  atomicExch((int *)&u64[5], 7);
}
"#;

/// SplitMix64, as the launch-spec `random` initializer.
fn splitmix(seed: u64, n: usize) -> Vec<u64> {
    let mut r = simtc_emu::spec::SplitMix64::new(seed);
    (0..n).map(|_| r.next()).collect()
}

#[test]
fn nvcc_math_library_and_intrinsics() {
    let Some(nvcc) = common::cuda_tool("nvcc") else { return };
    let dir = std::env::temp_dir().join(format!("simtc-emu-nvcc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("ks.cu"), KERNEL).unwrap();
    let o = Command::new(nvcc)
        .args(["-ptx", "-O3", "-arch=sm_90"])
        .arg(dir.join("ks.cu"))
        .arg("-o")
        .arg(dir.join("ks.ptx"))
        .output()
        .unwrap();
    assert!(o.status.success(), "nvcc: {}", String::from_utf8_lossy(&o.stderr));
    let ptx = std::fs::read_to_string(dir.join("ks.ptx")).unwrap();
    let prog = simtc_emu::load_ptx(&ptx, "ks.ptx").unwrap_or_else(|e| panic!("{e}"));
    let n = 384usize;
    let xs: Vec<f32> =
        splitmix(1, n).iter().map(|r| (-5.0 + (r >> 11) as f64 * 2f64.powi(-53) * 10.0) as f32).collect();
    let iv: Vec<i32> = splitmix(2, n).iter().map(|r| (r % 100_001) as i32).collect();
    let mut u64s = [0u64; 8];
    u64s[2] = u32::MAX as u64;
    let launch = Launch {
        kernel: "ks".into(),
        grid: [3, 1, 1],
        block: [128, 1, 1],
        dynamic_shared_bytes: 0,
        args: vec![
            Arg::Buffer(0),
            Arg::Buffer(1),
            Arg::Buffer(2),
            Arg::Buffer(3),
            Arg::Buffer(4),
            Arg::Bytes((n as i32).to_le_bytes().to_vec()),
        ],
        buffers: vec![
            Buffer { name: "in".into(), data: xs.iter().flat_map(|x| x.to_le_bytes()).collect() },
            Buffer { name: "iv".into(), data: iv.iter().flat_map(|x| x.to_le_bytes()).collect() },
            Buffer { name: "out".into(), data: vec![0; n * 4] },
            Buffer { name: "iout".into(), data: vec![0; n * 4] },
            Buffer { name: "u64".into(), data: u64s.iter().flat_map(|x| x.to_le_bytes()).collect() },
        ],
    };
    let r = simtc_emu::run(&prog, &launch, &RunOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    let out: Vec<f32> = r.buffers[2].chunks(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect();
    for (t, &x) in xs.iter().enumerate() {
        let x = x as f64;
        let round = (x.abs() + 0.5).floor().copysign(x);
        let want = x.sin()
            + x.cos() * (x * 0.1).exp()
            + (x.abs() + 1.0).ln()
            + x.abs().powf(1.3)
            + x.abs().sqrt()
            + 1.0 / (x.abs() + 1.0).sqrt()
            + x / 3.0
            + x.floor()
            + x.ceil()
            + round
            + x.trunc()
            + x.tanh()
            + x.atan2(2.0);
        let got = out[t] as f64;
        assert!((got - want).abs() <= 1e-5 * want.abs().max(1.0), "out[{t}] = {got}, expected {want} (x = {x})");
    }
    let u: Vec<u64> = r.buffers[4].chunks(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect();
    assert_eq!(u[0], iv.iter().map(|a| (a & 255) as u64).sum::<u64>());
    assert_eq!(u[1] as u32 as i32, *iv.iter().max().unwrap());
    assert_eq!(u[2] as u32, iv.iter().map(|a| *a as u32 | 0x1000).min().unwrap());
    // The first CAS wins: lane 0 of whichever warp got there first (CTAs run in parallel).
    assert_eq!((u[3] as u32 - 1) % 32, 0, "CAS winner {}", u[3]);
    assert_eq!(u[4] as u32, n as u32 % 1001);
    assert_eq!(u[5] as u32, 7);
    // The integer results are deterministic: one host thread gives the same bytes.
    let r1 = simtc_emu::run(&prog, &launch, &RunOptions { jobs: Some(1), ..RunOptions::default() }).unwrap();
    assert_eq!(r1.buffers[3], r.buffers[3]);
    assert_eq!(r1.counters, r.counters);
}

#[test]
fn device_printf() {
    let Some(nvcc) = common::cuda_tool("nvcc") else { return };
    let dir = std::env::temp_dir().join(format!("simtc-emu-printf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = "#include <cstdio>\nextern \"C\" __global__ void pf(const int *in) {\n  int t = threadIdx.x;\n  if (t < 3)\n    printf(\"t=%d v=%5.2f x=%#x s=%s ll=%lld c=%c %%\\n\", t, in[t] * 0.5, in[t], \"hi\", (long long)t << 40, 'A' + t);\n}\n";
    std::fs::write(dir.join("pf.cu"), src).unwrap();
    let o = Command::new(nvcc)
        .args(["-ptx", "-O3", "-arch=sm_90"])
        .arg(dir.join("pf.cu"))
        .arg("-o")
        .arg(dir.join("pf.ptx"))
        .output()
        .unwrap();
    assert!(o.status.success(), "nvcc: {}", String::from_utf8_lossy(&o.stderr));
    let prog = simtc_emu::load_ptx(&std::fs::read_to_string(dir.join("pf.ptx")).unwrap(), "pf.ptx").unwrap();
    let launch = Launch {
        kernel: "pf".into(),
        grid: [1, 1, 1],
        block: [32, 1, 1],
        dynamic_shared_bytes: 0,
        args: vec![Arg::Buffer(0)],
        buffers: vec![Buffer { name: "in".into(), data: (10..42).flat_map(|i: i32| i.to_le_bytes()).collect() }],
    };
    let r = simtc_emu::run(&prog, &launch, &RunOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        r.output,
        "t=0 v= 5.00 x=0xa s=hi ll=0 c=A %\nt=1 v= 5.50 x=0xb s=hi ll=1099511627776 c=B %\nt=2 v= 6.00 x=0xc s=hi ll=2199023255552 c=C %\n"
    );
}
