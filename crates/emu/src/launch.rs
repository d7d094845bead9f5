//! Launching a kernel: argument marshalling, global memory set-up, running the grid, collecting results.
//!
//! CTAs run in parallel on a rayon pool (`jobs` threads), each CTA entirely on one thread, so a CTA's execution
//! (its warps' interleaving, its shared memory) is deterministic; counters are summed per CTA in CTA order. Global
//! memory is shared: kernels whose results depend on the order in which *different CTAs* access the same global
//! location (racing stores, float atomics, atomics whose returned values steer the computation) can produce
//! different results from run to run, as on a GPU; integer atomic reductions (e.g. `atomicAdd` into a counter)
//! are order-independent. With `jobs = 1` CTAs run one after the other in linear-index order (x fastest), which
//! makes every run identical. After a failure, CTAs not yet started are skipped and the failure of the
//! lowest-numbered failing CTA is reported.
//!
//! Two limits stop a kernel that does not finish: the instruction budget of each CTA
//! ([`EngineOptions::max_warp_instructions`]) and the wall-clock limit of the launch ([`EngineOptions::timeout`]).
//! The launch's deadline (start + timeout) is fixed before any CTA runs and shared read-only by the worker threads;
//! every CTA looks at the clock when it starts and every [`crate::engine::TIME_CHECK_INTERVAL`] warp instructions,
//! so each running CTA stops by itself soon after the deadline and the ones not yet started stop at once. Both
//! failures are ordinary run-time errors (exit 1 in the CLI).

use crate::engine::{BranchStat, Counters, Cta, EngineOptions, Failure};
use crate::error::{EmuError, RuntimeError};
use crate::exec::Env;
use crate::memory::GlobalMem;
use crate::program::{Op, Program};
use crate::sanitize::global::{GlobalRaces, GlobalTouches};
use crate::sanitize::{Config, Findings};
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A launch argument.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// The address of buffer `i` (an index into [`Launch::buffers`]).
    Buffer(usize),
    /// Raw bytes (a scalar's little-endian value or a by-value aggregate).
    Bytes(Vec<u8>),
    /// A by-value aggregate with buffer addresses written at (byte offset, buffer index).
    Struct(Vec<u8>, Vec<(u64, usize)>),
}

/// A global-memory buffer.
#[derive(Debug, Clone, PartialEq)]
pub struct Buffer {
    /// Name.
    pub name: String,
    /// Initial contents.
    pub data: Vec<u8>,
}

/// Everything needed to launch a kernel.
#[derive(Debug, Clone, PartialEq)]
pub struct Launch {
    /// Kernel name.
    pub kernel: String,
    /// Grid dimensions.
    pub grid: [u32; 3],
    /// Block dimensions.
    pub block: [u32; 3],
    /// Dynamic shared memory bytes.
    pub dynamic_shared_bytes: u32,
    /// Arguments in parameter order.
    pub args: Vec<Arg>,
    /// Buffers.
    pub buffers: Vec<Buffer>,
}

/// Run options.
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    /// Engine policy and limits.
    pub engine: EngineOptions,
    /// Host threads for CTAs (`None`: rayon's default, one per core).
    pub jobs: Option<usize>,
}

/// Per-branch statistics with the branch's location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BranchProfile {
    /// Program counter.
    pub pc: u32,
    /// PTX line.
    pub line: u32,
    /// Source text.
    pub text: String,
    /// Function name.
    pub function: String,
    /// CUDA source position (`file:line`) from `.loc`, when the PTX has line information.
    pub source: Option<String>,
    /// PTX line of the branch's reconvergence point (its immediate post-dominator: where the threads that
    /// split at this branch run together again); `None` when they only meet at the function's exit.
    pub reconverge_line: Option<u32>,
    /// Counts.
    pub stat: BranchStat,
}

/// The result of a launch.
#[derive(Debug, Clone)]
pub struct RunResult {
    /// The sanitizer's findings and reports (`None` when it is off).
    pub sanitizer: Option<crate::sanitize::Report>,
    /// Summed counters.
    pub counters: Counters,
    /// Final contents of each buffer, in [`Launch::buffers`] order.
    pub buffers: Vec<Vec<u8>>,
    /// Statistics of every branch instruction, by program counter.
    pub branches: Vec<BranchProfile>,
    /// Device-side `printf` output: each CTA's text in execution order, CTAs in linear order.
    pub output: String,
}

/// What one CTA produced: counters, branch statistics, printf output.
type CtaOutcome = Result<(Counters, Vec<BranchStat>, String, Option<(Findings, GlobalTouches)>), Failure>;

/// Gap between global segments: accesses that run off a buffer land in unmapped memory.
const GUARD: u64 = 64 * 1024;

fn align_up(x: u64, a: u64) -> u64 {
    x.div_ceil(a) * a
}

/// CTAs per worker thread in one chunk of the streamed grid.
const CTA_CHUNK: usize = 256;

/// The largest `dynamic_shared_bytes` any target allows (227 KiB on sm_90 and later).
pub const MAX_DYNAMIC_SHARED_BYTES: u32 = 227 * 1024;

/// PTX's launch limits (grid x < 2^31, y and z < 65536, block x and y ≤ 1024, z ≤ 64) and the emulator's own
/// bound on the number of CTAs ([`EngineOptions::max_ctas`]).
fn check_launch_limits(launch: &Launch, engine: &crate::engine::EngineOptions) -> Result<(), EmuError> {
    let [gx, gy, gz] = launch.grid;
    if gx > i32::MAX as u32 || gy > 65535 || gz > 65535 {
        return Err(EmuError::Launch(format!(
            "error: grid {:?} exceeds PTX's limits (x ≤ 2147483647, y ≤ 65535, z ≤ 65535)",
            launch.grid
        )));
    }
    let [bx, by, bz] = launch.block;
    if bx > 1024 || by > 1024 || bz > 64 {
        return Err(EmuError::Launch(format!(
            "error: block {:?} exceeds PTX's limits (x ≤ 1024, y ≤ 1024, z ≤ 64)",
            launch.block
        )));
    }
    if launch.dynamic_shared_bytes > MAX_DYNAMIC_SHARED_BYTES {
        return Err(EmuError::Launch(format!(
            "error: dynamic_shared_bytes = {} exceeds the largest shared memory of any target ({} bytes)",
            launch.dynamic_shared_bytes, MAX_DYNAMIC_SHARED_BYTES
        )));
    }
    let ctas = gx as u64 * gy as u64 * gz as u64;
    if ctas > engine.max_ctas {
        return Err(EmuError::Launch(format!(
            "error: the grid has {ctas} CTAs, more than the emulator runs ({}; a valid launch, but it would run \
             for days on a CPU)",
            engine.max_ctas
        )));
    }
    Ok(())
}

/// The value of every kernel parameter, in order, as little-endian bytes: a buffer argument becomes its address
/// from `addrs` (indexed like [`Launch::buffers`]), a by-value aggregate gets buffer addresses patched in at its
/// pointer offsets. The argument count and every argument's size must match the kernel's parameters (`kernel`
/// names it in the errors). The emulator and the CUDA runner (`simtc-cuda`) marshal arguments with this.
pub fn param_values(
    launch: &Launch,
    kernel: &str,
    params: &[crate::program::ParamInfo],
    addrs: &[u64],
) -> Result<Vec<Vec<u8>>, EmuError> {
    if launch.args.len() != params.len() {
        return Err(EmuError::Launch(format!(
            "error: kernel '{}' takes {} parameters but the launch passes {} arguments",
            kernel,
            params.len(),
            launch.args.len()
        )));
    }
    let mut values = Vec::with_capacity(params.len());
    for (k, (arg, p)) in launch.args.iter().zip(params).enumerate() {
        let bytes = match arg {
            Arg::Buffer(i) => {
                if p.size != 8 {
                    return Err(EmuError::Launch(format!(
                        "error: argument {} is buffer '{}' (an 8-byte address) but parameter '{}' is {} bytes",
                        k + 1,
                        launch.buffers[*i].name,
                        p.name,
                        p.size
                    )));
                }
                addrs[*i].to_le_bytes().to_vec()
            }
            Arg::Bytes(b) | Arg::Struct(b, _) => {
                let mut b = b.clone();
                if let Arg::Struct(_, ptrs) = arg {
                    for &(off, i) in ptrs {
                        b[off as usize..off as usize + 8].copy_from_slice(&addrs[i].to_le_bytes());
                    }
                }
                if b.len() != p.size as usize {
                    return Err(EmuError::Launch(format!(
                        "error: argument {} has {} bytes but parameter '{}' (.{}{}) is {} bytes",
                        k + 1,
                        b.len(),
                        p.name,
                        p.ty.name(),
                        if p.array { "[]" } else { "" },
                        p.size
                    )));
                }
                b
            }
        };
        values.push(bytes);
    }
    Ok(values)
}

/// Runs `launch` on `prog`.
pub fn run(prog: &Program, launch: &Launch, opts: &RunOptions) -> Result<RunResult, EmuError> {
    let deadline = opts.engine.timeout.and_then(|t| std::time::Instant::now().checked_add(t));
    let kernel = prog.kernel(&launch.kernel).ok_or_else(|| {
        let names = prog.kernel_names();
        EmuError::Launch(format!(
            "error: the PTX has no kernel named '{}' (kernels: {})",
            launch.kernel,
            if names.is_empty() { "none".to_string() } else { names.join(", ") }
        ))
    })?;
    let f = &prog.funcs[kernel as usize];
    for (what, d) in [("grid", launch.grid), ("block", launch.block)] {
        if d.contains(&0) {
            return Err(EmuError::Launch(format!("error: {what} dimensions must be at least 1, got {d:?}")));
        }
    }
    let threads = launch.block.iter().map(|&x| x as u64).product::<u64>();
    if threads > 1024 {
        return Err(EmuError::Launch(format!("error: a block of {threads} threads exceeds the limit of 1024")));
    }
    check_launch_limits(launch, &opts.engine)?;
    // Global memory: module variables, then buffers.
    let mut global = GlobalMem::new();
    for g in &prog.globals {
        global.map(g.addr, &g.init, &g.name);
    }
    let mut addrs = Vec::with_capacity(launch.buffers.len());
    let mut cursor = prog.globals_end + GUARD;
    for b in &launch.buffers {
        let base = align_up(cursor, 256);
        global.map(base, &b.data, &b.name);
        addrs.push(base);
        cursor = base + b.data.len() as u64 + GUARD;
    }
    // Kernel parameter buffer.
    let mut kparams = vec![0u8; f.param_bytes as usize];
    for (bytes, p) in param_values(launch, &f.name, &f.params, &addrs)?.iter().zip(&f.params) {
        kparams[p.offset as usize..p.offset as usize + bytes.len()].copy_from_slice(bytes);
    }
    let env = Env {
        prog,
        global: &global,
        kparams: &kparams,
        grid: launch.grid,
        block: launch.block,
        dyn_smem: launch.dynamic_shared_bytes,
        deadline,
    };
    // The sanitizer: buffers with undefined contents by address.
    let san_cfg = opts.engine.sanitize.as_ref().filter(|s| s.kinds.any()).map(|s| {
        let mut undefined: Vec<(u64, u64)> = launch
            .buffers
            .iter()
            .zip(&addrs)
            .filter(|(b, _)| s.undefined_buffers.contains(&b.name))
            .map(|(b, &a)| (a, a + b.data.len() as u64))
            .collect();
        undefined.sort_unstable();
        std::sync::Arc::new(Config { kinds: s.kinds, undefined })
    });
    let mut global_races = GlobalRaces::default();
    let mut san_findings = Findings::default();
    // Branch index: pc → dense index.
    let mut branch_index = vec![u32::MAX; prog.insts.len()];
    let mut branch_pcs = Vec::new();
    for (pc, i) in prog.insts.iter().enumerate() {
        if matches!(i.op, Op::Bra { .. } | Op::BrxIdx { .. }) {
            branch_index[pc] = branch_pcs.len() as u32;
            branch_pcs.push(pc as u32);
        }
    }
    let [gx, gy, gz] = launch.grid;
    let ncta = gx as usize * gy as usize * gz as usize;
    let first_failure = AtomicUsize::new(usize::MAX);
    let run_one = |i: usize| -> Option<CtaOutcome> {
        if i > first_failure.load(Ordering::Relaxed) {
            return None;
        }
        let ctaid = [
            (i % gx as usize) as u32,
            ((i / gx as usize) % gy as usize) as u32,
            (i / (gx as usize * gy as usize)) as u32,
        ];
        let mut cta = Cta::new(&env, &opts.engine, ctaid, &branch_index, branch_pcs.len(), san_cfg.as_ref());
        // A CTA that starts after the deadline stops at once (the CTA checks again as it runs).
        let started = match cta.time_limit_failure() {
            Some(f) => Err(f),
            None => cta.run(kernel),
        };
        match started {
            Ok(()) => {
                let san = cta.mem.san.take().map(|s| s.finish());
                Some(Ok((cta.counters, cta.branches, cta.output, san)))
            }
            Err(e) => {
                first_failure.fetch_min(i, Ordering::Relaxed);
                Some(Err(e))
            }
        }
    };
    // CTAs run in chunks, in parallel within a chunk, and their outcomes are folded in linear CTA order as each
    // chunk completes, so memory does not grow with the grid and printf output and the first failure are
    // deterministic.
    let pool = if opts.jobs == Some(1) {
        None
    } else {
        Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(opts.jobs.unwrap_or(0))
                .build()
                .map_err(|e| EmuError::Launch(format!("error: could not start worker threads: {e}")))?,
        )
    };
    let chunk = CTA_CHUNK * pool.as_ref().map_or(1, |p| p.current_num_threads().max(1));
    let mut counters = Counters::default();
    let mut output = String::new();
    let mut stats = vec![BranchStat::default(); branch_pcs.len()];
    let mut start = 0usize;
    while start < ncta {
        let end = (start + chunk).min(ncta);
        let part: Vec<Option<CtaOutcome>> = match &pool {
            None => {
                let mut v = Vec::with_capacity(end - start);
                for i in start..end {
                    let r = run_one(i);
                    let failed = matches!(r, Some(Err(_)));
                    v.push(r);
                    if failed {
                        break;
                    }
                }
                v
            }
            Some(pool) => pool.install(|| (start..end).into_par_iter().map(run_one).collect()),
        };
        for (j, r) in part.into_iter().enumerate() {
            let i = start + j;
            match r {
                None => {}
                Some(Ok((c, b, text, san))) => {
                    if let Some((found, touched)) = san {
                        global_races.fold(&touched);
                        san_findings.merge(found);
                    }
                    counters.add(&c);
                    output.push_str(&text);
                    for (s, x) in stats.iter_mut().zip(b) {
                        s.executions += x.executions;
                        s.divergent += x.divergent;
                        s.active_lanes += x.active_lanes;
                    }
                }
                Some(Err(fl)) => {
                    let ctaid = [
                        (i % gx as usize) as u32,
                        ((i / gx as usize) % gy as usize) as u32,
                        (i / (gx as usize * gy as usize)) as u32,
                    ];
                    let (line, text, function) = match fl.pc {
                        Some(pc) => {
                            let inst = &prog.insts[pc as usize];
                            (inst.line, prog.line_text(inst.line), prog.funcs[inst.func as usize].name.clone())
                        }
                        None => (0, String::new(), f.name.clone()),
                    };
                    return Err(EmuError::Runtime(Box::new(RuntimeError {
                        msg: fl.msg,
                        kernel: f.name.clone(),
                        function,
                        line,
                        pc: fl.pc,
                        text,
                        cta: ctaid,
                        thread: fl.thread,
                        details: fl.details,
                    })));
                }
            }
        }
        start = end;
    }
    let buffers = launch
        .buffers
        .iter()
        .zip(&addrs)
        .map(|(b, &a)| global.read_bytes(a, b.data.len() as u64).unwrap_or_default())
        .collect();
    let branches = branch_pcs
        .iter()
        .zip(stats)
        .map(|(&pc, stat)| {
            let inst = &prog.insts[pc as usize];
            BranchProfile {
                pc,
                line: inst.line,
                text: prog.line_text(inst.line),
                function: prog.funcs[inst.func as usize].name.clone(),
                source: prog.source_position(pc),
                reconverge_line: match &inst.op {
                    Op::Bra { rpc, .. } | Op::BrxIdx { rpc, .. } => prog.insts.get(*rpc as usize).map(|i| i.line),
                    _ => None,
                },
                stat,
            }
        })
        .collect();
    let sanitizer = san_cfg.map(|_| {
        let mut findings = san_findings;
        findings.merge(global_races.findings);
        let ctx = crate::sanitize::report::Context {
            prog,
            grid: launch.grid,
            block: launch.block,
            segments: global.segments().iter().map(|s| (s.base, s.len, s.name.clone())).collect(),
        };
        crate::sanitize::Report { text: ctx.text(&findings), json: ctx.json(&findings), findings }
    });
    Ok(RunResult { counters, buffers, branches, output, sanitizer })
}
