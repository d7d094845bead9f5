//! The limits that stop a kernel that does not finish: the wall-clock limit (`EngineOptions::timeout`), checked
//! by every CTA on every worker thread, and the per-CTA instruction budget.

use simtc_emu::{Arg, Buffer, EngineOptions, Launch, RunOptions};
use std::time::{Duration, Instant};

/// Every thread spins forever; `done` is never written.
const SPIN: &str = ".version 7.8
.target sm_90
.address_size 64
.visible .entry spin(.param .u64 done)
{
  .reg .b32 %r<4>;
LOOP:
  add.u32 %r1, %r1, 1;
  bra.uni LOOP;
}
";

/// Every thread adds its index into `done[0]` and finishes.
const FINISH: &str = ".version 7.8
.target sm_90
.address_size 64
.visible .entry spin(.param .u64 done)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [done];
  mov.u32 %r1, %tid.x;
  red.global.add.u32 [%rd1], %r1;
  ret;
}
";

fn launch(ctas: u32) -> Launch {
    Launch {
        kernel: "spin".into(),
        grid: [ctas, 1, 1],
        block: [64, 1, 1],
        dynamic_shared_bytes: 0,
        args: vec![Arg::Buffer(0)],
        buffers: vec![Buffer { name: "done".into(), data: vec![0; 4] }],
    }
}

fn opts(jobs: usize, timeout: Option<Duration>, max: u64) -> RunOptions {
    RunOptions {
        engine: EngineOptions { timeout, max_warp_instructions: max, ..EngineOptions::default() },
        jobs: Some(jobs),
    }
}

#[test]
fn a_spinning_kernel_stops_at_the_wall_clock_limit_on_every_worker_thread() {
    let prog = simtc_emu::load_ptx(SPIN, "spin.ptx").unwrap();
    for (jobs, ctas) in [(1, 3), (2, 8)] {
        let t = Instant::now();
        let e = simtc_emu::run(&prog, &launch(ctas), &opts(jobs, Some(Duration::from_millis(200)), u64::MAX))
            .unwrap_err()
            .to_string();
        let took = t.elapsed();
        assert!(e.contains("time limit exceeded: the launch ran longer than 200ms of wall-clock time"), "{e}");
        assert!(e.contains("raise it with --timeout"), "{e}");
        assert!(e.contains("CTA (0, 0, 0)"), "the lowest failing CTA is reported: {e}");
        assert!(e.contains("add.u32 %r1, %r1, 1;") || e.contains("bra.uni LOOP;"), "{e}");
        // The deadline is per launch: every CTA (started or not) stops soon after it.
        assert!(took >= Duration::from_millis(200), "{took:?}");
        assert!(took < Duration::from_secs(10), "jobs {jobs}: stopped after {took:?}");
    }
}

#[test]
fn the_instruction_budget_still_stops_a_kernel_first_when_it_is_smaller() {
    let prog = simtc_emu::load_ptx(SPIN, "spin.ptx").unwrap();
    let e =
        simtc_emu::run(&prog, &launch(1), &opts(1, Some(Duration::from_secs(600)), 100_000)).unwrap_err().to_string();
    assert!(e.contains("instruction limit exceeded"), "{e}");
}

#[test]
fn kernels_that_finish_in_time_are_not_stopped() {
    let prog = simtc_emu::load_ptx(FINISH, "finish.ptx").unwrap();
    let r = simtc_emu::run(&prog, &launch(64), &opts(2, Some(Duration::from_secs(60)), u64::MAX)).unwrap();
    assert_eq!(u32::from_le_bytes(r.buffers[0][..4].try_into().unwrap()), 64 * (0..64).sum::<u32>());
}
