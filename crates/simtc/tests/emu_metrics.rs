//! Divergence metrics with exact expected values, computed by hand from hand-written PTX, under both
//! reconvergence policies; `.uni` violations; the forward-progress fallback on an intra-warp spin lock.

use simtc_emu::{Arg, Buffer, EngineOptions, Launch, Reconvergence, RunOptions, RunResult};

const HEADER: &str = ".version 7.8\n.target sm_90\n.address_size 64\n";

fn launch(kernel: &str, threads: u32, out_words: usize, extra: Vec<Buffer>) -> Launch {
    let mut buffers = vec![Buffer { name: "out".into(), data: vec![0; out_words * 4] }];
    buffers.extend(extra);
    Launch {
        kernel: kernel.into(),
        grid: [1, 1, 1],
        block: [threads, 1, 1],
        dynamic_shared_bytes: 0,
        args: (0..buffers.len()).map(Arg::Buffer).collect(),
        buffers,
    }
}

fn run(ptx: &str, l: &Launch, mode: Reconvergence) -> RunResult {
    let text = format!("{HEADER}{ptx}");
    let prog = simtc_emu::load_ptx(&text, "test.ptx").unwrap_or_else(|e| panic!("{e}"));
    let opts = RunOptions { engine: EngineOptions { reconvergence: mode, ..EngineOptions::default() }, jobs: Some(1) };
    simtc_emu::run(&prog, l, &opts).unwrap_or_else(|e| panic!("{e}"))
}

fn words(b: &[u8]) -> Vec<u32> {
    b.chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect()
}

const HALF_SPLIT: &str = "
.visible .entry half(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 16;
  @%p1 bra LOW;
  mov.u32 %r2, 2;
  bra.uni JOIN;
LOW:
  mov.u32 %r2, 1;
JOIN:
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}
";

#[test]
fn a_branch_that_splits_each_warp_in_half() {
    for mode in [Reconvergence::Pcs, Reconvergence::Stack] {
        // Two CTAs of one warp. Per warp: 4 instructions on 32 lanes before the branch (the branch included), the high half
        // runs `mov; bra.uni` (2 × 16 lanes), the low half `mov` (1 × 16), then 4 instructions on 32 lanes after
        // reconverging at JOIN: 11 warp instructions, 304 thread instructions, of which 16 predicated off (the
        // branch's guard is false in 16 lanes).
        let mut l = launch("half", 32, 32, vec![]);
        l.grid = [2, 1, 1];
        let r = run(HALF_SPLIT, &l, mode);
        let c = &r.counters;
        assert_eq!(c.warp_instructions, 2 * 11, "{mode:?}");
        assert_eq!(c.thread_instructions, 2 * 304);
        assert_eq!(c.thread_instructions_nonpred, 2 * 288);
        assert_eq!(c.divergent_branches, 2);
        assert_eq!(c.uni_violations, 0);
        assert_eq!(c.barriers, 0);
        let eff = c.thread_instructions as f64 / (32.0 * c.warp_instructions as f64);
        assert!((eff - 304.0 / 352.0).abs() < 1e-12);
        let out = words(&r.buffers[0]);
        assert!(out.iter().enumerate().all(|(i, &v)| v == if i % 32 < 16 { 1 } else { 2 }));
        // The profile: the divergent branch (line 13 of the file) and the .uni branch (line 15).
        let b: Vec<(u32, u64, u64, u64)> =
            r.branches.iter().map(|b| (b.line, b.stat.executions, b.stat.divergent, b.stat.active_lanes)).collect();
        assert_eq!(b, vec![(13, 2, 2, 64), (15, 2, 0, 32)]);
    }
}

#[test]
fn a_divergent_uni_branch_is_a_violation() {
    let ptx = HALF_SPLIT.replace("@%p1 bra LOW;", "@%p1 bra.uni LOW;");
    let r = run(&ptx, &launch("half", 32, 32, vec![]), Reconvergence::Pcs);
    assert_eq!(r.counters.uni_violations, 1);
    assert_eq!(r.counters.divergent_branches, 1);
    // A uniform predicate on the same .uni branch is fine.
    let ptx = HALF_SPLIT.replace("@%p1 bra LOW;", "@%p1 bra.uni LOW;").replace("%r1, 16;", "%r1, 64;");
    let r = run(&ptx, &launch("half", 32, 32, vec![]), Reconvergence::Pcs);
    assert_eq!(r.counters.uni_violations, 0);
    assert_eq!(r.counters.divergent_branches, 0);
}

#[test]
fn a_loop_with_divergent_trip_counts() {
    // Lane i runs the 3-instruction body (i & 3) + 1 times: 32, 24, 16 and 8 active lanes in the four
    // iterations; the first three exits are divergent, the last is not. The waiting lanes reuse one convergence
    // barrier (the loop exit), so they all reconverge before the store.
    let ptx = "
.visible .entry trips(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<5>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  and.b32 %r2, %r1, 3;
  mov.u32 %r3, 0;
LOOP:
  add.u32 %r3, %r3, 1;
  setp.le.u32 %p1, %r3, %r2;
  @%p1 bra LOOP;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r3;
  ret;
}
";
    for mode in [Reconvergence::Pcs, Reconvergence::Stack] {
        let r = run(ptx, &launch("trips", 32, 32, vec![]), mode);
        let c = &r.counters;
        assert_eq!(c.warp_instructions, 4 + 12 + 4, "{mode:?}");
        assert_eq!(c.thread_instructions, 4 * 32 + 3 * (32 + 24 + 16 + 8) + 4 * 32);
        assert_eq!(c.divergent_branches, 3);
        assert_eq!(words(&r.buffers[0]), (0..32).map(|i| (i & 3) + 1).collect::<Vec<u32>>());
    }
}

#[test]
fn barriers_are_counted_per_completion() {
    let ptx = "
.visible .entry bars(.param .u64 out)
{
  .reg .b32 %r<3>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  bar.sync 0;
  barrier.sync 0;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r1;
  ret;
}
";
    let mut l = launch("bars", 96, 96, vec![]);
    l.grid = [3, 1, 1];
    let r = run(ptx, &l, Reconvergence::Pcs);
    assert_eq!(r.counters.barriers, 2 * 3);
    assert_eq!(r.counters.warp_instructions, 3 * 3 * 8);
}

#[test]
fn shared_memory_instructions_are_counted_per_warp_issue() {
    // Per warp: st.shared, a guarded ld.shared (issued even where the guard is false), atom.shared; the generic
    // ld through a cvta'd address is not counted (no explicit state space).
    let ptx = "
.visible .entry sh(.param .u64 out)
{
  .shared .align 4 .b8 buf[512];
  .reg .pred %p<2>;
  .reg .b32 %r<6>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  shl.b32 %r2, %r1, 2;
  mov.u32 %r3, buf;
  add.u32 %r4, %r3, %r2;
  st.shared.u32 [%r4], %r1;
  setp.lt.u32 %p1, %r1, 8;
  @%p1 ld.shared.u32 %r5, [%r4];
  atom.shared.add.u32 %r5, [buf], 1;
  mov.u64 %rd2, buf;
  cvta.shared.u64 %rd3, %rd2;
  ld.u32 %r5, [%rd3];
  mul.wide.u32 %rd4, %r1, 4;
  add.s64 %rd5, %rd1, %rd4;
  st.global.u32 [%rd5], %r5;
  ret;
}
";
    let l = launch("sh", 128, 128, vec![]);
    let r = run(ptx, &l, Reconvergence::Pcs);
    assert_eq!(r.counters.shared_instructions, 4 * 3);
}

const SPIN_LOCK: &str = "
.visible .entry spin(.param .u64 out, .param .u64 lock)
{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [out];
  ld.param.u64 %rd2, [lock];
SPIN:
  atom.global.cas.b32 %r1, [%rd2], 0, 1;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra SPIN;
  ld.global.u32 %r2, [%rd1];
  add.u32 %r2, %r2, 1;
  st.global.u32 [%rd1], %r2;
  atom.global.exch.b32 %r3, [%rd2], 0;
  ret;
}
";

#[test]
fn an_intra_warp_spin_lock_finishes_with_per_thread_pcs() {
    let l = launch("spin", 32, 1, vec![Buffer { name: "lock".into(), data: vec![0; 4] }]);
    let prog = simtc_emu::load_ptx(&format!("{HEADER}{SPIN_LOCK}"), "spin.ptx").unwrap();
    let opts = RunOptions {
        engine: EngineOptions { reconvergence: Reconvergence::Pcs, spin_limit: 500, ..EngineOptions::default() },
        jobs: Some(1),
    };
    let r = simtc_emu::run(&prog, &l, &opts).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(words(&r.buffers[0]), vec![32], "every lane entered the critical section once");
    assert!(r.counters.forced_releases >= 31, "{}", r.counters.forced_releases);
}

#[test]
fn an_intra_warp_spin_lock_livelocks_with_the_ipdom_stack() {
    let l = launch("spin", 32, 1, vec![Buffer { name: "lock".into(), data: vec![0; 4] }]);
    let prog = simtc_emu::load_ptx(&format!("{HEADER}{SPIN_LOCK}"), "spin.ptx").unwrap();
    let opts = RunOptions {
        engine: EngineOptions {
            reconvergence: Reconvergence::Stack,
            max_warp_instructions: 100_000,
            ..EngineOptions::default()
        },
        jobs: Some(1),
    };
    let e = simtc_emu::run(&prog, &l, &opts).unwrap_err().to_string();
    assert!(e.contains("instruction limit exceeded"), "{e}");
    assert!(e.contains("kernel 'spin'"), "{e}");
}

#[test]
fn warp_sync_collectives_wait_for_their_members() {
    // The two halves reach `shfl.sync` with a full member mask from different paths; the emulator makes them
    // wait for each other (Volta semantics) and the shuffle sees all 32 lanes.
    let ptx = "
.visible .entry sync(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<5>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 16;
  @%p1 bra LOW;
  add.u32 %r2, %r1, 100;
  shfl.sync.bfly.b32 %r3, %r2, 16, 31, -1;
  bra.uni JOIN;
LOW:
  add.u32 %r2, %r1, 200;
  shfl.sync.bfly.b32 %r3, %r2, 16, 31, -1;
JOIN:
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r3;
  ret;
}
";
    let r = run(ptx, &launch("sync", 32, 32, vec![]), Reconvergence::Pcs);
    let want: Vec<u32> = (0..32u32).map(|i| if i < 16 { (i ^ 16) + 100 } else { (i ^ 16) + 200 }).collect();
    assert_eq!(words(&r.buffers[0]), want);
}

#[test]
fn device_calls_reconverge_at_the_return_address() {
    // The callee returns on two paths (early `ret` for odd lanes); the lanes reconverge in the caller, so the
    // store after the call is one warp instruction.
    let ptx = "
.func (.param .b32 rv) pick(.param .b32 x)
{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  ld.param.u32 %r1, [x];
  and.b32 %r2, %r1, 1;
  setp.eq.u32 %p1, %r2, 1;
  @%p1 bra ODD;
  mul.lo.u32 %r3, %r1, 10;
  st.param.b32 [rv], %r3;
  ret;
ODD:
  st.param.b32 [rv], %r1;
  ret;
}
.visible .entry caller(.param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  {
  .param .b32 p0;
  st.param.b32 [p0], %r1;
  .param .b32 r0;
  call.uni (r0), pick, (p0);
  ld.param.b32 %r2, [r0];
  }
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}
";
    for mode in [Reconvergence::Pcs, Reconvergence::Stack] {
        let r = run(ptx, &launch("caller", 32, 32, vec![]), mode);
        let want: Vec<u32> = (0..32u32).map(|i| if i % 2 == 1 { i } else { i * 10 }).collect();
        assert_eq!(words(&r.buffers[0]), want);
        // caller: 3 before the call, the call, `ld.param` and 4 after = 9; callee: 4 common, 3 even, 2 odd.
        assert_eq!(r.counters.warp_instructions, 9 + 4 + 3 + 2, "{mode:?}");
        assert_eq!(r.counters.divergent_branches, 1);
    }
}

#[test]
fn a_collective_stops_waiting_for_members_that_exit() {
    // The low half reaches the full-mask shuffle first and waits; the high half exits instead, so the shuffle
    // completes among the low half.
    let ptx = "
.visible .entry ex(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.ge.u32 %p1, %r1, 16;
  @%p1 bra HIGH;
  add.u32 %r3, %r1, 40;
  shfl.sync.idx.b32 %r2, %r3, 5, 31, -1;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
HIGH:
  exit;
}
";
    for mode in [Reconvergence::Pcs, Reconvergence::Stack] {
        let r = run(ptx, &launch("ex", 32, 32, vec![]), mode);
        let want: Vec<u32> = (0..32).map(|i| if i < 16 { 45 } else { 0 }).collect();
        assert_eq!(words(&r.buffers[0]), want, "{mode:?}");
        // 4 common + (add, shfl, 3 stores, ret) + exit; the waiting shuffle is counted once.
        assert_eq!(r.counters.warp_instructions, 4 + 6 + 1, "{mode:?}");
    }
}
