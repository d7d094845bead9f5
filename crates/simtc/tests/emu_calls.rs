//! Device-function calls, recursion (registers saved around recursive calls, per-activation local frames) and
//! local arrays in callees: a recursive `fib` and a callee with a local array, compiled from CUDA by
//! clang-19 + llc-19, by nvcc and by clang-19 + simtc, all run in the emulator against a reference.

mod common;

use simtc_emu::{Arg, Buffer, Launch, RunOptions};
use std::process::Command;

const KERNEL: &str = r#"#include "prelude.cuh"
__device__ __noinline__ int fib(int n) {
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 2);
}
__device__ __noinline__ int sum_local(const int *in, int k) {
  int buf[12];
  for (int i = 0; i < 12; ++i) buf[i] = in[(k + i) % 64] * (i + 1);
  int s = 0;
  for (int i = k % 3; i < 12; i += 2) s += buf[(i * 5) % 12];
  return s;
}
extern "C" __global__ void rec(const int *in, int *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int n = t % 13;
  out[2 * t] = fib(n);
  out[2 * t + 1] = sum_local(in, t);
}
"#;

fn fib(n: i32) -> i32 {
    if n < 2 {
        n
    } else {
        fib(n - 1) + fib(n - 2)
    }
}

fn reference() -> Vec<i32> {
    let inp: Vec<i32> = (0..64).map(|i| 1 + 3 * i).collect();
    let mut want = Vec::new();
    for t in 0..128usize {
        want.push(fib((t % 13) as i32));
        let buf: Vec<i32> = (0..12).map(|i| inp[(t + i) % 64] * (i as i32 + 1)).collect();
        let mut s = 0;
        let mut i = t % 3;
        while i < 12 {
            s += buf[(i * 5) % 12];
            i += 2;
        }
        want.push(s);
    }
    want
}

fn run(label: &str, ptx: &str) {
    let prog = simtc_emu::load_ptx(ptx, label).unwrap_or_else(|e| panic!("{e}"));
    let launch = Launch {
        kernel: "rec".into(),
        grid: [2, 1, 1],
        block: [64, 1, 1],
        dynamic_shared_bytes: 0,
        args: vec![Arg::Buffer(0), Arg::Buffer(1)],
        buffers: vec![
            Buffer { name: "in".into(), data: (0..64).flat_map(|i: i32| (1 + 3 * i).to_le_bytes()).collect() },
            Buffer { name: "out".into(), data: vec![0; 256 * 4] },
        ],
    };
    let r = simtc_emu::run(&prog, &launch, &RunOptions::default()).unwrap_or_else(|e| panic!("{label}: {e}"));
    let got: Vec<i32> = r.buffers[1].chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect();
    assert_eq!(got, reference(), "{label}");
}

#[test]
fn recursion_and_local_frames_from_three_compilers() {
    let dir = std::env::temp_dir().join(format!("simtc-emu-calls-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cu = dir.join("rec.cu");
    std::fs::write(&cu, KERNEL).unwrap();
    let inc = common::repo_root().join("examples/kernels");
    if let (Some(clang), Some(llc)) = (common::llvm_tool("clang"), common::llvm_tool("llc")) {
        let ll = dir.join("rec.ll");
        let st = Command::new(clang)
            .args(["-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90", "-nocudainc", "-nocudalib"])
            .args(["-Xclang", "-target-feature", "-Xclang", "+ptx80", "-O3", "-S", "-emit-llvm", "-I"])
            .arg(&inc)
            .arg(&cu)
            .arg("-o")
            .arg(&ll)
            .status()
            .unwrap();
        assert!(st.success(), "clang failed");
        let ptx = dir.join("rec.llc.ptx");
        let st = Command::new(llc).args(["-O3", "-march=nvptx64", "-mcpu=sm_90"]).arg(&ll).arg("-o").arg(&ptx).status();
        assert!(st.unwrap().success(), "llc failed");
        run("llc", &std::fs::read_to_string(&ptx).unwrap());
        let ptx = dir.join("rec.simtc.ptx");
        let o = Command::new(env!("CARGO_BIN_EXE_simtc")).arg("compile").arg(&ll).arg("-o").arg(&ptx).output().unwrap();
        assert!(o.status.success(), "simtc compile: {}", String::from_utf8_lossy(&o.stderr));
        run("simtc", &std::fs::read_to_string(&ptx).unwrap());
    }
    if let Some(nvcc) = common::cuda_tool("nvcc") {
        let ptx = dir.join("rec.nvcc.ptx");
        let o = Command::new(nvcc)
            .args(["-ptx", "-O3", "-arch=sm_90", "-I"])
            .arg(&inc)
            .arg(&cu)
            .arg("-o")
            .arg(&ptx)
            .output();
        let o = o.unwrap();
        assert!(o.status.success(), "nvcc: {}", String::from_utf8_lossy(&o.stderr));
        run("nvcc", &std::fs::read_to_string(&ptx).unwrap());
    }
}
