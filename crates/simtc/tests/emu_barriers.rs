//! CTA barriers with exited threads (sm_70 semantics, `crates/emu/src/engine/barrier.rs`): early returns before
//! `bar.sync` in partial warps, a whole warp that returns, lanes that return inside a loop containing barriers,
//! `bar.red` reductions that exited threads do not contribute to, thread-count operands (which exited threads do
//! not lower), `bar.arrive`, and genuine deadlocks. Hand-written PTX and the PTX clang-19 + llc-19, clang-19 + simtc
//! (-O0 and -O3) and nvcc (when
//! installed) make from a small CUDA kernel, under both reconvergence policies; every result is checked against
//! values computed here.

mod common;

use simtc_emu::{Arg, Buffer, EngineOptions, Launch, Reconvergence, RunOptions, RunResult};
use std::process::Command;

const HEADER: &str = ".version 7.8\n.target sm_90\n.address_size 64\n";

/// Runs `kernel(out, scalars...)` on one CTA of `threads` threads with an `out` buffer of `threads` words.
fn run(
    ptx: &str,
    kernel: &str,
    threads: u32,
    scalars: &[i32],
    mode: Reconvergence,
) -> Result<RunResult, simtc_emu::EmuError> {
    let prog = simtc_emu::load_ptx(ptx, &format!("{kernel}.ptx"))?;
    let mut args = vec![Arg::Buffer(0)];
    args.extend(scalars.iter().map(|v| Arg::Bytes(v.to_le_bytes().to_vec())));
    let l = Launch {
        kernel: kernel.into(),
        grid: [1, 1, 1],
        block: [threads, 1, 1],
        dynamic_shared_bytes: 0,
        args,
        buffers: vec![Buffer { name: "out".into(), data: vec![0; threads as usize * 4] }],
    };
    let opts = RunOptions {
        engine: EngineOptions { reconvergence: mode, max_warp_instructions: 1_000_000, ..EngineOptions::default() },
        jobs: Some(1),
    };
    simtc_emu::run(&prog, &l, &opts)
}

fn words(r: &RunResult) -> Vec<i32> {
    r.buffers[0].chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect()
}

const MODES: [Reconvergence; 2] = [Reconvergence::Pcs, Reconvergence::Stack];

/// `early(out, n)`: threads `t >= n` return before the barrier; the others write `7t + 1` to shared memory, wait,
/// and store their neighbour's value `sh[(t + 1) % n]`. `LEAVE` is the early-return instruction (a branch to the
/// shared `ret`, `@p ret` or `@p exit`).
fn early_ptx(leave: &str) -> String {
    format!(
        "{HEADER}.visible .entry early(.param .u64 out, .param .u32 n)
{{
  .reg .pred %p<3>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<6>;
  .shared .align 4 .b8 sh[4096];
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r9, [n];
  mov.u32 %r1, %tid.x;
  setp.ge.u32 %p1, %r1, %r9;
  {leave}
  mov.u32 %r3, sh;
  shl.b32 %r2, %r1, 2;
  add.u32 %r4, %r3, %r2;
  mad.lo.u32 %r5, %r1, 7, 1;
  st.shared.u32 [%r4], %r5;
  bar.sync 0;
  add.u32 %r6, %r1, 1;
  rem.u32 %r6, %r6, %r9;
  shl.b32 %r6, %r6, 2;
  add.u32 %r6, %r3, %r6;
  ld.shared.u32 %r7, [%r6];
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r7;
DONE:
  ret;
}}
"
    )
}

fn early_want(threads: u32, n: u32) -> Vec<i32> {
    (0..threads).map(|t| if t < n { (7 * ((t + 1) % n) + 1) as i32 } else { 0 }).collect()
}

/// (block size, n): a partial warp whose high lanes return (48, 40); a partial warp of 8 threads of which 7
/// return (40, 33); a whole warp that returns (96, 64); two whole warps (96, 32); a warp split in the middle of
/// a full CTA (64, 50); nobody returns (64, 64).
const SHAPES: [(u32, u32); 6] = [(48, 40), (40, 33), (96, 64), (96, 32), (64, 50), (64, 64)];

#[test]
fn early_returns_before_the_barrier_do_not_block_it() {
    for leave in ["@%p1 bra DONE;", "@%p1 ret;", "@%p1 exit;"] {
        let ptx = early_ptx(leave);
        for mode in MODES {
            for (threads, n) in SHAPES {
                let r = run(&ptx, "early", threads, &[n as i32], mode)
                    .unwrap_or_else(|e| panic!("{leave} {mode:?} block {threads} n {n}: {e}"));
                assert_eq!(words(&r), early_want(threads, n), "{leave} {mode:?} block {threads} n {n}");
                assert_eq!(r.counters.barriers, 1, "one barrier completion: {leave} {mode:?} {threads} {n}");
            }
        }
    }
}

/// `loop_exit(out, n)`: four rounds; in round r the threads `t >= n - 9r` leave the loop (to the store after it,
/// the reconvergence point of the leaving branch) while the others exchange values across two barriers.
const LOOP_EXIT: &str = ".visible .entry loop_exit(.param .u64 out, .param .u32 n)
{
  .reg .pred %p<3>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<6>;
  .shared .align 4 .b8 sh[4096];
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r9, [n];
  mov.u32 %r1, %tid.x;
  mov.u32 %r3, sh;
  shl.b32 %r2, %r1, 2;
  add.u32 %r4, %r3, %r2;
  mov.u32 %r10, 0;
  mov.u32 %r11, %r1;
LOOP:
  mul.lo.u32 %r5, %r10, 9;
  sub.u32 %r5, %r9, %r5;
  setp.ge.u32 %p1, %r1, %r5;
  @%p1 bra LEAVE;
  st.shared.u32 [%r4], %r11;
  bar.sync 0;
  add.u32 %r6, %r1, 1;
  rem.u32 %r6, %r6, %r5;
  shl.b32 %r6, %r6, 2;
  add.u32 %r6, %r3, %r6;
  ld.shared.u32 %r7, [%r6];
  add.u32 %r11, %r11, %r7;
  bar.sync 0;
  add.u32 %r10, %r10, 1;
  setp.lt.u32 %p2, %r10, 4;
  @%p2 bra LOOP;
LEAVE:
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r11;
  ret;
}
";

/// The reference of `loop_exit` (and of the CUDA `loop_exit` with `rounds` rounds).
fn loop_exit_want(threads: u32, n: i32, rounds: i32) -> Vec<i32> {
    let mut acc: Vec<i32> = (0..threads as i32).collect();
    let mut out = vec![0; threads as usize];
    let mut alive = vec![true; threads as usize];
    for r in 0..rounds {
        let live = n - 9 * r;
        for t in 0..threads as usize {
            if alive[t] && t as i32 >= live {
                out[t] = acc[t];
                alive[t] = false;
            }
        }
        let sh = acc.clone();
        for t in 0..threads as usize {
            if alive[t] {
                acc[t] += sh[(t + 1) % live as usize];
            }
        }
    }
    for t in 0..threads as usize {
        if alive[t] {
            out[t] = acc[t];
        }
    }
    out
}

#[test]
fn lanes_that_leave_a_loop_with_barriers_do_not_block_them() {
    let ptx = format!("{HEADER}{LOOP_EXIT}");
    for mode in MODES {
        for (threads, n) in [(48, 40), (64, 64), (96, 70), (40, 37)] {
            let r = run(&ptx, "loop_exit", threads, &[n], mode)
                .unwrap_or_else(|e| panic!("{mode:?} block {threads} n {n}: {e}"));
            assert_eq!(words(&r), loop_exit_want(threads, n, 4), "{mode:?} block {threads} n {n}");
            assert_eq!(r.counters.barriers, 8, "two barriers per round: {mode:?} {threads} {n}");
        }
    }
}

/// `reduce(out, n)`: threads `t >= n` return; the others reduce `t & 1` (popc), `t < n` (and: true, exited
/// threads do not make it false), `t >= n` (or: false, exited threads do not make it true) and `t % 3 == 0` (and:
/// false) over barrier 0, then `t & 1` again over barrier 1 with a thread count of 64 (`COUNT`). Stores
/// `popc·1000 + and·100 + or·10 + and2 + popc2·10000`.
fn reduce_ptx(count: &str) -> String {
    format!(
        "{HEADER}.visible .entry reduce(.param .u64 out, .param .u32 n)
{{
  .reg .pred %p<9>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r9, [n];
  mov.u32 %r1, %tid.x;
  setp.ge.u32 %p1, %r1, %r9;
  @%p1 bra DONE;
  and.b32 %r2, %r1, 1;
  setp.ne.u32 %p2, %r2, 0;
  bar.red.popc.u32 %r3, 0, %p2;
  setp.lt.u32 %p3, %r1, %r9;
  bar.red.and.pred %p4, 0, %p3;
  setp.ge.u32 %p5, %r1, %r9;
  bar.red.or.pred %p6, 0, %p5;
  rem.u32 %r4, %r1, 3;
  setp.eq.u32 %p7, %r4, 0;
  barrier.red.and.pred %p8, 0, %p7;
  barrier.red.popc.u32 %r10, 1, {count}, %p2;
  mul.lo.u32 %r5, %r3, 1000;
  selp.u32 %r6, 100, 0, %p4;
  selp.u32 %r7, 10, 0, %p6;
  selp.u32 %r8, 1, 0, %p8;
  add.u32 %r5, %r5, %r6;
  add.u32 %r5, %r5, %r7;
  add.u32 %r5, %r5, %r8;
  mad.lo.u32 %r5, %r10, 10000, %r5;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r5;
DONE:
  ret;
}}
"
    )
}

#[test]
fn reductions_count_only_the_threads_that_arrive() {
    let ptx = reduce_ptx("64");
    for mode in MODES {
        // Blocks of at most two warps (the counted barrier needs two), with exited threads in warp 1, in both,
        // or none.
        for (threads, n) in [(48, 40), (64, 37), (64, 64), (40, 33)] {
            let r = run(&ptx, "reduce", threads, &[n as i32], mode)
                .unwrap_or_else(|e| panic!("{mode:?} block {threads} n {n}: {e}"));
            let odd = (0..n).filter(|t| t & 1 == 1).count() as i32;
            let and2 = (0..n).all(|t| t % 3 == 0);
            let v = odd * 1000 + 100 + and2 as i32 + odd * 10000;
            let want: Vec<i32> = (0..threads).map(|t| if t < n { v } else { 0 }).collect();
            assert_eq!(words(&r), want, "{mode:?} block {threads} n {n}");
            assert_eq!(r.counters.barriers, 5, "{mode:?} block {threads} n {n}");
        }
    }
}

/// `counted(out, n)`: warp 0 writes `t + 100` to shared memory and arrives at barrier 1 with `bar.arrive 1, 64`
/// without waiting; the threads of warp 1 below `n` wait there with `bar.sync 1, 64` and read warp 0's values;
/// the threads of warp 1 at or above `n` exit first.
const COUNTED: &str = ".visible .entry counted(.param .u64 out, .param .u32 n)
{
  .reg .pred %p<3>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<6>;
  .shared .align 4 .b8 sh[256];
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r9, [n];
  mov.u32 %r1, %tid.x;
  mov.u32 %r3, sh;
  setp.ge.u32 %p1, %r1, 32;
  @%p1 bra CONSUMER;
  shl.b32 %r2, %r1, 2;
  add.u32 %r4, %r3, %r2;
  add.u32 %r5, %r1, 100;
  st.shared.u32 [%r4], %r5;
  bar.arrive 1, 64;
  bra.uni DONE;
CONSUMER:
  setp.ge.u32 %p2, %r1, %r9;
  @%p2 exit;
  bar.sync 1, 64;
  sub.u32 %r6, %r1, 32;
  shl.b32 %r6, %r6, 2;
  add.u32 %r6, %r3, %r6;
  ld.shared.u32 %r7, [%r6];
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r7;
DONE:
  ret;
}
";

#[test]
fn a_counted_barrier_counts_a_warp_with_exited_lanes_as_a_whole_warp() {
    let ptx = format!("{HEADER}{COUNTED}");
    for mode in MODES {
        for (threads, n) in [(64, 64), (64, 40), (48, 48), (48, 33)] {
            let r = run(&ptx, "counted", threads, &[n], mode)
                .unwrap_or_else(|e| panic!("{mode:?} block {threads} n {n}: {e}"));
            let want: Vec<i32> =
                (0..threads as i32).map(|t| if (32..n).contains(&t) { t - 32 + 100 } else { 0 }).collect();
            assert_eq!(words(&r), want, "{mode:?} block {threads} n {n}");
            assert_eq!(r.counters.barriers, 1, "{mode:?} block {threads} n {n}");
        }
    }
}

#[test]
fn exited_threads_do_not_lower_a_thread_count() {
    // Warp 1 returns entirely; warp 0 waits for 64 threads at barrier 0: they never come.
    let ptx = format!(
        "{HEADER}.visible .entry k(.param .u64 out)
{{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  mov.u32 %r1, %tid.x;
  setp.ge.u32 %p1, %r1, 32;
  @%p1 bra DONE;
  bar.sync 0, 64;
DONE:
  ret;
}}
"
    );
    for mode in MODES {
        let e = run(&ptx, "k", 64, &[], mode).unwrap_err().to_string();
        for needle in [
            "barrier deadlock",
            "warp 0 lanes 0-31: wait at barrier 0 (`bar.sync 0, 64;`",
            "barrier 0: 1 of 2 warps arrived (thread count 64)",
        ] {
            assert!(e.contains(needle), "{mode:?}: lacks '{needle}':\n{e}");
        }
        // Without the count the same kernel finishes: warp 1 has exited.
        let r = run(&ptx.replace("bar.sync 0, 64;", "bar.sync 0;"), "k", 64, &[], mode).unwrap();
        assert_eq!(r.counters.barriers, 1);
    }
}

#[test]
fn genuine_deadlocks_are_still_reported() {
    // Even threads wait at barrier 1, odd ones at barrier 0: each barrier waits for threads held at the other.
    let ptx = format!(
        "{HEADER}.visible .entry k(.param .u64 out)
{{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  mov.u32 %r1, %tid.x;
  and.b32 %r2, %r1, 1;
  setp.eq.u32 %p1, %r2, 0;
  @%p1 bra EVEN;
  bar.sync 0;
  bra.uni DONE;
EVEN:
  bar.sync 1;
DONE:
  ret;
}}
"
    );
    for mode in MODES {
        let e = run(&ptx, "k", 48, &[], mode).unwrap_err().to_string();
        for needle in [
            "barrier deadlock",
            "wait at barrier 0",
            "wait at barrier 1",
            "barrier 0: 0 of 2 warps arrived (all non-exited threads participate); warp 0 lanes 1,3,5",
            "lanes 0,2,4",
        ] {
            assert!(e.contains(needle), "{mode:?}: lacks '{needle}':\n{e}");
        }
    }
}

#[test]
fn bad_thread_counts_are_rejected() {
    let k = |bar: &str| {
        format!(
            "{HEADER}.visible .entry k(.param .u64 out)\n{{\n  .reg .b32 %r<4>;\n  mov.u32 %r1, 48;\n  {bar}\n  ret;\n}}\n"
        )
    };
    for (bar, needle) in [
        ("bar.sync 0, 48;", "barrier thread count 48 is not a multiple of the warp size"),
        ("bar.arrive 0, 0;", "barrier thread count 0 is not a non-zero multiple"),
        ("bar.red.popc.u32 %r2, 0, 33, 1;", "barrier thread count 33"),
    ] {
        let e = simtc_emu::load_ptx(&k(bar), "k.ptx").unwrap_err().to_string();
        assert!(e.contains(needle), "{bar}: {e}");
    }
    for (bar, needle) in [
        ("bar.sync 0, %r1;", "barrier thread count 48 is not a positive multiple of the warp size (32)"),
        ("bar.sync 0, 0;", "barrier thread count 0 is not a positive multiple"),
    ] {
        let e = run(&k(bar), "k", 32, &[], Reconvergence::Pcs).unwrap_err().to_string();
        assert!(e.contains(needle), "{bar}: {e}");
    }
}

#[test]
fn the_hand_written_kernels_are_valid_ptx() {
    let dir = std::env::temp_dir().join(format!("simtc-emu-barriers-ptxas-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kernels = [
        early_ptx("@%p1 bra DONE;"),
        early_ptx("@%p1 ret;"),
        early_ptx("@%p1 exit;"),
        format!("{HEADER}{LOOP_EXIT}"),
        reduce_ptx("64"),
        format!("{HEADER}{COUNTED}"),
    ];
    for (i, k) in kernels.iter().enumerate() {
        let p = dir.join(format!("k{i}.ptx"));
        std::fs::write(&p, k).unwrap();
        common::assemble_if_available(&p, "sm_90");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The same patterns in CUDA, as clang-19 + llc-19, clang-19 + simtc and nvcc compile them.
const CUDA: &str = r#"#include "prelude.cuh"
extern "C" __global__ void early(int *out, int n) {
  __shared__ int sh[1024];
  int t = threadIdx.x;
  if (t >= n) return;
  sh[t] = t * 7 + 1;
  __syncthreads();
  out[t] = sh[(t + 1) % n];
}
extern "C" __global__ void loop_exit(int *out, int n, int rounds) {
  __shared__ int sh[1024];
  int t = threadIdx.x;
  int acc = t;
  for (int r = 0; r < rounds; ++r) {
    int live = n - 9 * r;
    if (t >= live) { out[t] = acc; return; }
    sh[t] = acc;
    __syncthreads();
    acc += sh[(t + 1) % live];
    __syncthreads();
  }
  out[t] = acc;
}
extern "C" __global__ void reduce(int *out, int n) {
  int t = threadIdx.x;
  if (t >= n) return;
  int c = __nvvm_bar0_popc(t & 1);
  int a = __nvvm_bar0_and(t < n);
  int o = __nvvm_bar0_or(t >= n);
  out[t] = c * 100 + a * 10 + o;
}
"#;

fn check_cuda_ptx(label: &str, ptx: &str) {
    for mode in MODES {
        for (threads, n) in SHAPES {
            let r = run(ptx, "early", threads, &[n as i32], mode)
                .unwrap_or_else(|e| panic!("{label} early {mode:?} {threads} {n}: {e}"));
            assert_eq!(words(&r), early_want(threads, n), "{label} early {mode:?} block {threads} n {n}");
            let r = run(ptx, "reduce", threads, &[n as i32], mode)
                .unwrap_or_else(|e| panic!("{label} reduce {mode:?} {threads} {n}: {e}"));
            let odd = (0..n).filter(|t| t & 1 == 1).count() as i32;
            let want: Vec<i32> = (0..threads).map(|t| if t < n { odd * 100 + 10 } else { 0 }).collect();
            assert_eq!(words(&r), want, "{label} reduce {mode:?} block {threads} n {n}");
        }
        for (threads, n, rounds) in [(48, 40, 4), (64, 64, 3), (96, 70, 5), (40, 37, 4)] {
            let r = run(ptx, "loop_exit", threads, &[n, rounds], mode)
                .unwrap_or_else(|e| panic!("{label} loop_exit {mode:?} {threads} {n}: {e}"));
            assert_eq!(
                words(&r),
                loop_exit_want(threads, n, rounds),
                "{label} loop_exit {mode:?} block {threads} n {n} rounds {rounds}"
            );
        }
    }
}

#[test]
fn early_returns_in_cuda_from_llc_nvcc_and_simtc() {
    let dir = std::env::temp_dir().join(format!("simtc-emu-barriers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cu = dir.join("bar.cu");
    std::fs::write(&cu, CUDA).unwrap();
    let inc = common::repo_root().join("examples/kernels");
    if let (Some(clang), Some(llc)) = (common::llvm_tool("clang"), common::llvm_tool("llc")) {
        let ll = dir.join("bar.ll");
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
        let ptx = dir.join("bar.llc.ptx");
        let st = Command::new(llc).args(["-O3", "-march=nvptx64", "-mcpu=sm_90"]).arg(&ll).arg("-o").arg(&ptx).status();
        assert!(st.unwrap().success(), "llc failed");
        common::assemble_if_available(&ptx, "sm_90");
        check_cuda_ptx("llc", &std::fs::read_to_string(&ptx).unwrap());
        // simtc's PTX of the same IR, at -O0 and -O3.
        for opt in ["-O0", "-O3"] {
            let ptx = dir.join(format!("bar.simtc{opt}.ptx"));
            common::simtc_ptx(&ll, &ptx, "sm_90", &[opt]);
            check_cuda_ptx(&format!("simtc {opt}"), &std::fs::read_to_string(&ptx).unwrap());
        }
    }
    if let Some(nvcc) = common::cuda_tool("nvcc") {
        let ptx = dir.join("bar.nvcc.ptx");
        let o = Command::new(nvcc)
            .args(["-ptx", "-O3", "-arch=sm_90", "-I"])
            .arg(&inc)
            .arg(&cu)
            .arg("-o")
            .arg(&ptx)
            .output()
            .unwrap();
        assert!(o.status.success(), "nvcc: {}", String::from_utf8_lossy(&o.stderr));
        check_cuda_ptx("nvcc", &std::fs::read_to_string(&ptx).unwrap());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
