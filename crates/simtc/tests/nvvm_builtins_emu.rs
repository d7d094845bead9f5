//! What the NVVM builtins that `doc/nvvm-intrinsics.md` lists as supported compute, for those whose lowering is
//! more than one instruction or whose emulator semantics are a choice: the legacy warp votes and shuffles without
//! a mask (over the active threads), the scoped atomics of `atomic*_block` / `atomic*_system`, `isspacep`, and the
//! cluster registers (every CTA a cluster of one). A CUDA kernel calls them (clang-19 for sm_90), simtc compiles
//! it, the emulator runs it, and the results are checked against values computed here.

mod common;

use simtc_emu::{Arg, Buffer, Launch, RunOptions};
use std::process::Command;

const KERNEL: &str = r#"
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#include <__clang_cuda_builtin_vars.h>
extern "C" __global__ void k(int *out, unsigned *cnt) {
  __shared__ int sh[64];
  int loc[4];
  int t = threadIdx.x + blockIdx.x * blockDim.x;
  int lane = threadIdx.x & 31;
  int *o = out + 8 * t;
  sh[threadIdx.x] = t;
  loc[t & 3] = t;
  o[0] = __nvvm_shfl_down_i32(t * 10, 1, 0x1f);
  if (lane < 20) {
    o[1] = __nvvm_vote_ballot(lane % 3 == 0);
    o[2] = __nvvm_vote_all(lane < 25) + 2 * __nvvm_vote_any(lane == 7);
  }
  o[3] = __nvvm_isspacep_shared(&sh[threadIdx.x]) + 2 * __nvvm_isspacep_global(out)
       + 4 * __nvvm_isspacep_local(&loc[t & 1]) + 8 * __nvvm_isspacep_global(&sh[0]) + 16 * __nvvm_isspacep_const(out);
  o[4] = __nvvm_read_ptx_sreg_clusterid_x() + 10 * __nvvm_read_ptx_sreg_nclusterid_x();
  o[5] = __nvvm_read_ptx_sreg_cluster_nctarank() + 10 * __nvvm_read_ptx_sreg_cluster_ctarank()
       + 100 * __nvvm_read_ptx_sreg_cluster_nctaid_x() + 1000 * __nvvm_read_ptx_sreg_cluster_ctaid_x();
  __nvvm_atom_cta_add_gen_i((int *)&cnt[blockIdx.x], 1);
  __nvvm_atom_sys_max_gen_i((int *)&cnt[2], t);
  __nvvm_atom_cta_inc_gen_ui(&cnt[3], 100);
  __nvvm_atom_sys_add_gen_f((float *)&cnt[4], 0.5f);
  __nvvm_atom_cta_cas_gen_i((int *)&cnt[5], t, 1000 + t);
  __nvvm_atom_sys_xor_gen_i((int *)&cnt[6], 1 << (t & 7));
  __nvvm_atom_cta_min_gen_ll((long long *)&cnt[8], -(long long)t);
}
"#;

#[test]
fn nvvm_builtins_compute_what_cuda_defines() {
    let Some(clang) = common::llvm_tool("clang") else { return };
    let dir = std::env::temp_dir().join(format!("simtc-nvvm-emu-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cu = dir.join("k.cu");
    std::fs::write(&cu, KERNEL).unwrap();
    let ll = dir.join("k.ll");
    let o = Command::new(clang)
        .args(["-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90", "-nocudainc", "-nocudalib"])
        .args(["-Xclang", "-target-feature", "-Xclang", "+ptx80", "-O1", "-S", "-emit-llvm"])
        .arg(&cu)
        .arg("-o")
        .arg(&ll)
        .output()
        .unwrap();
    assert!(o.status.success(), "clang: {}", String::from_utf8_lossy(&o.stderr));
    let ptx = dir.join("k.ptx");
    let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .args(["compile", ll.to_str().unwrap(), "--mcpu", "sm_90", "-o", ptx.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "simtc: {}", String::from_utf8_lossy(&o.stderr));
    common::assemble_if_available(&ptx, "sm_90");
    let text = std::fs::read_to_string(&ptx).unwrap();
    let prog = simtc_emu::load_ptx(&text, "k.ptx").unwrap_or_else(|e| panic!("{e}"));
    let n = 128usize;
    let mut cnt = vec![0u8; 64];
    cnt[5 * 4..6 * 4].copy_from_slice(&5i32.to_le_bytes());
    let launch = Launch {
        kernel: "k".into(),
        grid: [2, 1, 1],
        block: [64, 1, 1],
        dynamic_shared_bytes: 0,
        args: vec![Arg::Buffer(0), Arg::Buffer(1)],
        buffers: vec![
            Buffer { name: "out".into(), data: vec![0; n * 8 * 4] },
            Buffer { name: "cnt".into(), data: cnt },
        ],
    };
    let r = simtc_emu::run(&prog, &launch, &RunOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    let out: Vec<i32> = r.buffers[0].chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect();
    let ballot: i32 = (0..20).filter(|l| l % 3 == 0).map(|l| 1 << l).sum();
    for t in 0..n {
        let (lane, cta) = (t % 32, t / 64);
        let o = &out[8 * t..8 * t + 8];
        let down = if lane == 31 { t } else { t + 1 };
        assert_eq!(o[0], down as i32 * 10, "thread {t}: shfl.down without mask");
        let (b, v) = if lane < 20 { (ballot, 1 + 2) } else { (0, 0) };
        assert_eq!((o[1], o[2]), (b, v), "thread {t}: votes over the active lanes");
        assert_eq!(o[3], 1 + 2 + 4, "thread {t}: isspacep");
        assert_eq!(o[4], cta as i32 + 20, "thread {t}: %clusterid.x, %nclusterid.x");
        assert_eq!(o[5], 101, "thread {t}: cluster of one CTA");
    }
    let c: Vec<u32> = r.buffers[1].chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
    assert_eq!((c[0], c[1]), (64, 64), "atomicAdd_block per CTA");
    assert_eq!(c[2], 127, "atomicMax_system");
    assert_eq!(c[3], 128 % 101, "atomicInc_block wraps after 100");
    assert_eq!(f32::from_bits(c[4]), 64.0, "atomicAdd_system on float");
    assert_eq!(c[5], 1005, "atomicCAS_block: only thread 5 finds 5 (and swaps in 1005)");
    // Each bit k of the xor is flipped by the 16 threads with t & 7 == k: an even count.
    assert_eq!(c[6], 0, "atomicXor_system");
    let min = i64::from_le_bytes(r.buffers[1][32..40].try_into().unwrap());
    assert_eq!(min, -127, "atomicMin_block on long long");
    let _ = std::fs::remove_dir_all(&dir);
}
