//! The SIMT engine: warps of 32 lanes, thread groups with per-group PCs, convergence barriers, CTA barriers.
//!
//! ## Reconvergence
//! A warp's lanes are partitioned into *groups*; a group has one PC and executes together (its lanes are the active
//! mask). A divergent branch splits a group. Before splitting, the group pushes a *convergence barrier* for the
//! branch's reconvergence point (its immediate post-dominator, [`crate::cfg`]) whose participants are the group's
//! lanes — Volta's `BSSY`; a group whose PC reaches the barrier's point waits there (`BSYNC`) until every
//! participant that has not exited has arrived, and then the waiting groups merge into one. If the top barrier
//! already has the same point (a loop exit taken by some lanes each iteration) it is reused, so loops do not grow
//! the stack. Calls push a barrier at the return address, so lanes that return separately reconverge in the caller.
//!
//! Two scheduling policies ([`Reconvergence`]):
//! * `pcs` (default): per-thread PCs as on Volta and later. The running group keeps the warp until it blocks,
//!   except that after [`EngineOptions::slice`] instructions another ready group gets a turn (so a lock holder
//!   that diverged from spinning lanes runs). Forward-progress fallback: if ready groups run for
//!   [`EngineOptions::spin_limit`] instructions without storing to memory (a spinning group only loads, or retries a
//!   compare-and-swap or exchange) while other lanes wait at a convergence barrier, the waiting lanes are released
//!   past it (they leave the barrier's participants), which lets intra-warp spin locks finish; each
//!   such release is counted (`forced_releases`) because it changes the divergence metrics.
//! * `stack`: the classic IPDOM reconvergence stack: always run the most recently created ready group, never
//!   time-slice, never release early. Intra-warp spin locks livelock, as on pre-Volta hardware, and end with the
//!   instruction-limit error.
//!
//! Under both policies, lanes waiting to reconverge are also released when the whole CTA stalls (no warp can
//! issue, no CTA barrier can complete): convergence never blocks a CTA barrier ([`barrier`]).
//!
//! For structured control flow both policies execute the same warp instructions.
//!
//! ## CTA barriers and deadlock
//! `bar.sync` follows sm_70 semantics ([`barrier`] states the rules): threads arrive separately, a warp has
//! arrived when all its non-exited threads have, and threads that exited never hold a barrier up. A CTA in which
//! no warp can run and no barrier can complete first releases the threads waiting to reconverge (convergence
//! never blocks a CTA barrier); if none waits, it is deadlocked: the error lists what every waiting group waits
//! for and each open barrier's arrivals.

use crate::exec::{self, CtaMem, Env, ExecError, Frame, Scratch};
use crate::lanes::lanes_of;
use crate::program::*;

mod barrier;
mod control;
mod san;

/// Reconvergence policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reconvergence {
    /// Per-thread PCs with convergence barriers and a forward-progress fallback (Volta and later).
    #[default]
    Pcs,
    /// Classic IPDOM stack (pre-Volta).
    Stack,
}

/// Engine limits and policy.
#[derive(Debug, Clone)]
pub struct EngineOptions {
    /// Reconvergence policy.
    pub reconvergence: Reconvergence,
    /// Warp instructions one CTA may issue before the run is stopped as a livelock.
    pub max_warp_instructions: u64,
    /// `pcs`: instructions ready groups may run while others wait at a convergence barrier before those are
    /// released.
    pub spin_limit: u64,
    /// `pcs`: instructions a group runs before another ready group of the warp gets a turn.
    pub slice: u32,
    /// CTAs a launch may have (larger grids are valid PTX but would run for days on a CPU).
    pub max_ctas: u64,
    /// Wall-clock limit of a launch (`None`: none). Each CTA compares the time with the launch's deadline
    /// ([`crate::exec::Env::deadline`]) when it starts and every [`TIME_CHECK_INTERVAL`] warp instructions, and stops
    /// with a time-limit error once it has passed.
    pub timeout: Option<std::time::Duration>,
    /// The sanitizer (`None`: off, no cost): which checks, and the buffers whose initial bytes are undefined.
    pub sanitize: Option<SanitizeOptions>,
}

/// What the sanitizer checks in a launch ([`crate::sanitize`]).
#[derive(Debug, Clone, Default)]
pub struct SanitizeOptions {
    /// The checks.
    pub kinds: crate::sanitize::Kinds,
    /// Names of launch buffers whose initial contents are undefined (`init = "none"`).
    pub undefined_buffers: Vec<String>,
}

/// Warp instructions a CTA issues between two looks at the clock (one `clock_gettime`, a vDSO call, per 16384
/// instructions: the wall-clock limit costs nothing measurable). The clock is read between scheduling rounds, so a
/// CTA notices the deadline within 16384 warp instructions or one round of its warps (at most 32 × 2048), a few
/// milliseconds.
pub const TIME_CHECK_INTERVAL: u64 = 16384;

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            reconvergence: Reconvergence::Pcs,
            max_warp_instructions: 500_000_000,
            spin_limit: 1_000_000,
            slice: 4096,
            max_ctas: 1 << 30,
            timeout: None,
            sanitize: None,
        }
    }
}

/// Execution counters of a CTA (summed over the grid by the launcher).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counters {
    /// Warp instructions issued.
    pub warp_instructions: u64,
    /// Issued warp instructions weighted by the SASS instructions ptxas makes of each
    /// ([`crate::program::Inst::sass_cost`]).
    pub sass_instructions_estimate: u64,
    /// Active lanes summed over issued instructions.
    pub thread_instructions: u64,
    /// Active lanes whose guard predicate was true, summed over issued instructions.
    pub thread_instructions_nonpred: u64,
    /// Branch executions whose active lanes went to more than one target.
    pub divergent_branches: u64,
    /// CTA barrier completions.
    pub barriers: u64,
    /// `.uni` branches and calls executed with lanes disagreeing on the guard or target.
    pub uni_violations: u64,
    /// Forward-progress releases of lanes waiting at a convergence barrier (`pcs` spin loops; and, under both
    /// policies, lanes released because the CTA stalled while they waited to reconverge with lanes held at a CTA
    /// barrier).
    pub forced_releases: u64,
    /// Warp instructions issued that access `.shared` memory explicitly (`ld`/`st`/`atom`/`red` with the
    /// `.shared` state space; generic accesses that land in shared memory are not counted).
    pub shared_instructions: u64,
}

impl Counters {
    /// Adds `o` into `self`.
    pub fn add(&mut self, o: &Counters) {
        self.warp_instructions += o.warp_instructions;
        self.sass_instructions_estimate += o.sass_instructions_estimate;
        self.thread_instructions += o.thread_instructions;
        self.thread_instructions_nonpred += o.thread_instructions_nonpred;
        self.divergent_branches += o.divergent_branches;
        self.barriers += o.barriers;
        self.uni_violations += o.uni_violations;
        self.forced_releases += o.forced_releases;
        self.shared_instructions += o.shared_instructions;
    }
}

/// Per-branch statistics.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BranchStat {
    /// Warp-level executions.
    pub executions: u64,
    /// Executions that split the active lanes.
    pub divergent: u64,
    /// Active lanes summed over executions.
    pub active_lanes: u64,
}

#[derive(Debug, Clone, PartialEq)]
struct RetInfo {
    ret_pc: u32,
    local_fp: u32,
    param_fp: u32,
    call_pc: u32,
    callee: u32,
    saved: Option<(Vec<u64>, Vec<u32>)>,
}

#[derive(Debug, Clone, PartialEq)]
enum Entry {
    Conv(u32),
    Ret(Box<RetInfo>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GState {
    Ready,
    WaitConv(u32),
    WaitBar(u32),
    WaitSync,
}

#[derive(Debug, Clone)]
struct Group {
    mask: u32,
    pc: u32,
    stack: Vec<Entry>,
    state: GState,
    local_fp: u32,
    param_fp: u32,
}

impl Group {
    fn frame(&self) -> Frame {
        Frame { local_fp: self.local_fp, param_fp: self.param_fp, group_mask: self.mask }
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct ConvBar {
    rpc: u32,
    participants: u32,
    arrived: u32,
}

/// One warp's architectural state.
pub struct Warp {
    /// Value registers, 32 lanes each.
    pub regs: Vec<u64>,
    /// Predicate registers as lane masks.
    pub preds: Vec<u32>,
    /// Local memory, `local_bytes` per lane.
    pub local: Vec<u8>,
    /// Bytes of local memory per lane.
    pub local_bytes: u32,
    /// Device-function param frames, `param_bytes` per lane.
    pub params: Vec<u8>,
    /// Bytes of param frames per lane.
    pub param_bytes: u32,
    /// The carry flag (`CC.CF`) of each lane.
    pub carry: u32,
    /// `%tid.x/y/z` of each lane.
    pub tid: [[u32; 32]; 3],
    /// Warp index in the CTA.
    pub id: u32,
    groups: Vec<Group>,
    bars: Vec<ConvBar>,
    free_bars: Vec<u32>,
    exited: u32,
    cur: usize,
    slice_left: u32,
    since_progress: u64,
}

/// Where and why a CTA failed.
#[derive(Debug, Clone)]
pub struct Failure {
    /// Message.
    pub msg: String,
    /// Program counter.
    pub pc: Option<u32>,
    /// The thread (`%tid`), when one lane is at fault.
    pub thread: Option<[u32; 3]>,
    /// Extra lines (deadlock report).
    pub details: Vec<String>,
}

/// One CTA being executed.
pub struct Cta<'e> {
    env: &'e Env<'e>,
    opts: &'e EngineOptions,
    /// Memory and identity.
    pub mem: CtaMem,
    warps: Vec<Warp>,
    bars: [barrier::CtaBar; 16],
    /// Lanes of each warp that arrived at each CTA barrier in its current phase and whose warp has not completed
    /// its arrival, indexed `id * warps + warp`.
    bar_lanes: Vec<u32>,
    /// Counters.
    pub counters: Counters,
    /// Per-branch statistics, indexed like `branch_index` values.
    pub branches: Vec<BranchStat>,
    /// Text printed by device-side `printf`, in execution order.
    pub output: String,
    branch_index: &'e [u32],
    scratch: Box<Scratch>,
}

/// The message of the time-limit error.
pub fn time_limit_message(opts: &EngineOptions) -> String {
    format!(
        "time limit exceeded: the launch ran longer than {:?} of wall-clock time (livelock? raise it with --timeout)",
        opts.timeout.unwrap_or_default()
    )
}

fn lane_range(mask: u32) -> String {
    let mut parts = Vec::new();
    let mut l = 0;
    while l < 32 {
        if mask >> l & 1 == 1 {
            let s = l;
            while l < 32 && mask >> l & 1 == 1 {
                l += 1;
            }
            parts.push(if l - 1 == s { format!("{s}") } else { format!("{s}-{}", l - 1) });
        } else {
            l += 1;
        }
    }
    parts.join(",")
}

/// Why the hot loop stopped.
enum Stop {
    /// Budget, slice or reconvergence point.
    Ran,
    /// The forward-progress limit.
    Spin,
    /// A control instruction (with its guard mask) needs the slow path.
    Control(u32),
    /// A fault.
    Fault(ExecError),
}

/// Whether an instruction counts as progress for the forward-progress fallback.
fn makes_progress(op: &Op) -> bool {
    match op {
        Op::St { .. } => true,
        Op::Atom { op, .. } => !matches!(op, AtomOp::Cas | AtomOp::Exch),
        _ => false,
    }
}

/// Whether `op` accesses the `.shared` state space explicitly (counted in [`Counters::shared_instructions`]).
fn is_shared_access(op: &Op) -> bool {
    use crate::ptx::ast::Space;
    use crate::wmma::WmmaOp;
    match op {
        Op::Wmma(w) => {
            matches!(&**w, WmmaOp::Load { acc, .. } | WmmaOp::Store { acc, .. } if acc.space == Space::Shared)
        }
        _ => matches!(
            op,
            Op::Ld { space: Space::Shared, .. }
                | Op::St { space: Space::Shared, .. }
                | Op::Atom { space: Space::Shared, .. }
        ),
    }
}

/// Whether `op` accesses memory (the sanitizer's lockstep ordering of pre-Volta targets).
fn is_memory(op: &Op) -> bool {
    matches!(op, Op::Ld { .. } | Op::St { .. } | Op::Atom { .. } | Op::Wmma(_))
}

fn is_control(op: &Op) -> bool {
    matches!(
        op,
        Op::Bra { .. }
            | Op::BrxIdx { .. }
            | Op::Call { .. }
            | Op::Ret
            | Op::Exit
            | Op::Trap
            | Op::Bar { .. }
            | Op::WarpSync { .. }
            | Op::Shfl { .. }
            | Op::Vote { mask: Some(_), .. }
            | Op::Match { .. }
            | Op::Redux { .. }
    )
}

enum Flow {
    /// Keep going with the same group (its pc was updated).
    Continue,
    /// Pick again (groups changed).
    Repick,
}

impl<'e> Cta<'e> {
    /// Sets up CTA `ctaid`.
    pub fn new(
        env: &'e Env<'e>,
        opts: &'e EngineOptions,
        ctaid: [u32; 3],
        branch_index: &'e [u32],
        nbranches: usize,
        san: Option<&std::sync::Arc<crate::sanitize::Config>>,
    ) -> Cta<'e> {
        let p = env.prog;
        let [bx, by, bz] = env.block;
        let nthreads = bx * by * bz;
        let nwarps = nthreads.div_ceil(32);
        let shared = vec![0u8; (p.dyn_shared_offset.max(p.shared_static) + env.dyn_smem as u64) as usize];
        let mut warps = Vec::with_capacity(nwarps as usize);
        for wi in 0..nwarps {
            let mut tid = [[0u32; 32]; 3];
            let mut valid = 0u32;
            for l in 0..32u32 {
                let t = wi * 32 + l;
                if t < nthreads {
                    valid |= 1 << l;
                    tid[0][l as usize] = t % bx;
                    tid[1][l as usize] = (t / bx) % by;
                    tid[2][l as usize] = t / (bx * by);
                }
            }
            warps.push(Warp {
                regs: vec![0; p.nregs as usize * 32],
                preds: vec![0; p.npreds as usize],
                local: vec![0; p.local_bytes as usize * 32],
                local_bytes: p.local_bytes,
                params: vec![0; p.param_frame_bytes as usize * 32],
                param_bytes: p.param_frame_bytes,
                carry: 0,
                tid,
                id: wi,
                groups: Vec::new(),
                bars: Vec::new(),
                free_bars: Vec::new(),
                exited: !valid,
                cur: 0,
                slice_left: opts.slice,
                since_progress: 0,
            });
            let _ = valid;
        }
        Cta {
            env,
            opts,
            mem: CtaMem {
                ctaid,
                shared,
                clock: 0,
                nwarps,
                san: san.map(|c| {
                    let [gx, gy, _] = env.grid;
                    let linear = ctaid[0] + gx * (ctaid[1] + gy * ctaid[2]);
                    Box::new(crate::sanitize::cta::CtaSan::new(c.clone(), linear, nwarps as usize, p.local_bytes, p.sm))
                }),
            },
            warps,
            bars: [barrier::CtaBar::default(); 16],
            bar_lanes: vec![0; 16 * nwarps as usize],
            counters: Counters::default(),
            branches: vec![BranchStat::default(); nbranches],
            branch_index,
            scratch: Box::default(),
            output: String::new(),
        }
    }

    /// Runs kernel `kernel` to completion.
    pub fn run(&mut self, kernel: u32) -> Result<(), Failure> {
        let f = &self.env.prog.funcs[kernel as usize];
        let local_fp = self.env.prog.local_module;
        for w in &mut self.warps {
            if w.exited != u32::MAX {
                w.groups.push(Group {
                    mask: !w.exited,
                    pc: f.start,
                    stack: Vec::new(),
                    state: GState::Ready,
                    local_fp,
                    param_fp: 0,
                });
            }
        }
        const WARP_SLICE: u64 = 2048;
        let mut next_time_check = TIME_CHECK_INTERVAL;
        loop {
            let mut progressed = false;
            let mut all_done = true;
            for wi in 0..self.warps.len() {
                if self.warps[wi].groups.is_empty() {
                    continue;
                }
                all_done = false;
                let n = self.run_warp(wi, WARP_SLICE)?;
                progressed |= n > 0;
                progressed |= self.check_cta_barriers();
            }
            if all_done {
                return Ok(());
            }
            if !progressed && !self.check_cta_barriers() {
                if self.mem.san.is_some() {
                    self.san_stalled();
                }
                let moved = self.release_convergence_waits() || (self.mem.san.is_some() && self.san_break_deadlock());
                if !moved {
                    return Err(self.deadlock());
                }
            }
            if self.counters.warp_instructions >= next_time_check {
                next_time_check = self.counters.warp_instructions + TIME_CHECK_INTERVAL;
                if let Some(f) = self.time_limit_failure() {
                    return Err(f);
                }
            }
            if self.counters.warp_instructions > self.opts.max_warp_instructions {
                return Err(Failure {
                    msg: format!(
                        "instruction limit exceeded: this CTA issued more than {} warp instructions (livelock? raise it with --max-warp-instructions)",
                        self.opts.max_warp_instructions
                    ),
                    pc: self.warps.iter().find_map(|w| w.groups.first().map(|g| g.pc)),
                    thread: None,
                    details: Vec::new(),
                });
            }
        }
    }

    /// The time-limit error, if the launch's deadline has passed (`pc`: where the CTA's first group is).
    pub fn time_limit_failure(&self) -> Option<Failure> {
        let deadline = self.env.deadline?;
        if std::time::Instant::now() < deadline {
            return None;
        }
        Some(Failure {
            msg: time_limit_message(self.opts),
            pc: self.warps.iter().find_map(|w| w.groups.first().map(|g| g.pc)),
            thread: None,
            details: Vec::new(),
        })
    }

    fn deadlock(&self) -> Failure {
        let p = self.env.prog;
        let mut details = Vec::new();
        for w in &self.warps {
            for g in &w.groups {
                let what = match g.state {
                    GState::WaitBar(id) => format!(
                        "wait at barrier {id} (`{}`, line {})",
                        p.line_text(p.insts[g.pc as usize].line),
                        p.insts[g.pc as usize].line
                    ),
                    GState::WaitConv(b) => {
                        let rpc = w.bars[b as usize].rpc;
                        format!(
                            "wait to reconverge at line {} with lanes {} of the warp",
                            p.insts[rpc as usize].line,
                            lane_range(w.bars[b as usize].participants & !w.exited & !w.bars[b as usize].arrived)
                        )
                    }
                    GState::WaitSync => format!(
                        "wait for other lanes at `{}` (line {})",
                        p.line_text(p.insts[g.pc as usize].line),
                        p.insts[g.pc as usize].line
                    ),
                    GState::Ready => "are ready".into(),
                };
                details.push(format!("warp {} lanes {}: {what}", w.id, lane_range(g.mask)));
            }
        }
        details.extend(self.barrier_report());
        Failure {
            msg: "barrier deadlock: no thread of the CTA can make progress".into(),
            pc: None,
            thread: None,
            details,
        }
    }

    fn thread_of(&self, wi: usize, lane: usize) -> [u32; 3] {
        let w = &self.warps[wi];
        [w.tid[0][lane], w.tid[1][lane], w.tid[2][lane]]
    }

    fn fail(&self, wi: usize, pc: u32, e: ExecError) -> Failure {
        Failure { msg: e.msg, pc: Some(pc), thread: e.lane.map(|l| self.thread_of(wi, l)), details: Vec::new() }
    }

    /// Picks the group to run in warp `wi`.
    fn pick(&mut self, wi: usize) -> Option<usize> {
        let stack = self.opts.reconvergence == Reconvergence::Stack;
        let w = &mut self.warps[wi];
        let n = w.groups.len();
        if n == 0 {
            return None;
        }
        if w.cur < n && w.groups[w.cur].state == GState::Ready && (stack || w.slice_left > 0) {
            return Some(w.cur);
        }
        let chosen = if !stack && w.cur < n && w.slice_left == 0 {
            // Round robin after a time slice.
            (1..=n).map(|k| (w.cur + k) % n).find(|&i| w.groups[i].state == GState::Ready)
        } else {
            (0..n).rev().find(|&i| w.groups[i].state == GState::Ready)
        };
        if let Some(i) = chosen {
            w.cur = i;
            w.slice_left = self.opts.slice;
        }
        chosen
    }

    fn alloc_bar(w: &mut Warp, rpc: u32, participants: u32) -> u32 {
        let b = ConvBar { rpc, participants, arrived: 0 };
        match w.free_bars.pop() {
            Some(i) => {
                w.bars[i as usize] = b;
                i
            }
            None => {
                w.bars.push(b);
                (w.bars.len() - 1) as u32
            }
        }
    }

    /// Releases convergence barrier `b` of warp `wi` if all its live participants arrived.
    fn try_release(&mut self, wi: usize, b: u32) {
        let w = &mut self.warps[wi];
        let bar = w.bars[b as usize];
        let need = bar.participants & !w.exited;
        if bar.arrived & need != need {
            return;
        }
        let waiting: Vec<usize> = (0..w.groups.len()).filter(|&i| w.groups[i].state == GState::WaitConv(b)).collect();
        w.free_bars.push(b);
        w.since_progress = 0;
        if waiting.is_empty() {
            return;
        }
        let keep = *waiting.last().expect("non-empty");
        let mut mask = 0;
        for &i in &waiting {
            mask |= w.groups[i].mask;
        }
        {
            let g = &mut w.groups[keep];
            g.mask = mask;
            g.pc = bar.rpc;
            g.state = GState::Ready;
            if let Some(Entry::Conv(x)) = g.stack.last() {
                if *x == b {
                    g.stack.pop();
                }
            }
        }
        for &i in waiting.iter().rev().skip(1) {
            w.groups.remove(i);
        }
        w.cur =
            w.groups.iter().position(|g| g.state == GState::Ready && g.mask == mask && g.pc == bar.rpc).unwrap_or(0);
        w.slice_left = self.opts.slice;
    }

    /// Lanes `lanes` of warp `wi` exit.
    fn exit_lanes(&mut self, wi: usize, lanes: u32) {
        let w = &mut self.warps[wi];
        let lanes = lanes & !w.exited;
        w.exited |= lanes;
        for g in &mut w.groups {
            g.mask &= !lanes;
        }
        w.groups.retain(|g| g.mask != 0);
        w.since_progress = 0;
        // Collectives waiting for members re-check their member masks (exited members no longer count).
        for g in &mut w.groups {
            if g.state == GState::WaitSync {
                g.state = GState::Ready;
            }
        }
        let waiting: Vec<u32> = w
            .groups
            .iter()
            .filter_map(|g| if let GState::WaitConv(b) = g.state { Some(b) } else { None })
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        for b in waiting {
            self.try_release(wi, b);
        }
        // The warp may now have arrived at CTA barriers its remaining lanes wait at.
        self.settle_exits(wi);
        let w = &mut self.warps[wi];
        if w.cur >= w.groups.len() {
            w.cur = w.groups.len().saturating_sub(1);
        }
    }

    /// Forward-progress fallback: lanes waiting at convergence barriers of warp `wi` go on alone.
    fn force_release(&mut self, wi: usize) {
        let w = &mut self.warps[wi];
        let mut released: Vec<u32> = Vec::new();
        for g in &mut w.groups {
            if let GState::WaitConv(b) = g.state {
                let bar = &mut w.bars[b as usize];
                bar.participants &= !g.mask;
                bar.arrived &= !g.mask;
                g.stack.pop();
                g.pc = bar.rpc;
                g.state = GState::Ready;
                released.push(b);
            }
        }
        // Groups released from the same barrier continue together.
        released.sort_unstable();
        released.dedup();
        for b in released {
            let idx: Vec<usize> = (0..w.groups.len())
                .filter(|&i| w.groups[i].state == GState::Ready && w.groups[i].pc == w.bars[b as usize].rpc)
                .collect();
            if idx.len() > 1 {
                let first = idx[0];
                for &i in idx.iter().skip(1).rev() {
                    if w.groups[i].stack == w.groups[first].stack {
                        let m = w.groups[i].mask;
                        w.groups[first].mask |= m;
                        w.groups.remove(i);
                    }
                }
            }
        }
        w.since_progress = 0;
        w.cur = w.groups.len().saturating_sub(1);
        self.counters.forced_releases += 1;
    }

    /// Splits group `gi` at a divergent control transfer into `parts` (mask, pc); the first part continues in
    /// place and runs next.
    fn diverge(&mut self, wi: usize, gi: usize, rpc: u32, parts: &[(u32, u32)]) {
        let w = &mut self.warps[wi];
        if rpc != NO_RPC {
            let reuse = matches!(w.groups[gi].stack.last(), Some(Entry::Conv(b)) if w.bars[*b as usize].rpc == rpc);
            if !reuse {
                let b = Self::alloc_bar(w, rpc, w.groups[gi].mask);
                w.groups[gi].stack.push(Entry::Conv(b));
            }
        }
        let mut at = gi;
        for &(m, pc) in parts[1..].iter().rev() {
            let mut ng = w.groups[at].clone();
            ng.mask = m;
            ng.pc = pc;
            w.groups.insert(at, ng);
            at += 1;
        }
        w.groups[at].mask = parts[0].0;
        w.groups[at].pc = parts[0].1;
        w.cur = at;
    }

    /// Splits the lanes `off` (guard false) of group `gi` off to `pc + 1`, keeping the rest in `gi`.
    fn split_off(&mut self, wi: usize, gi: usize, off: u32) -> usize {
        let w = &mut self.warps[wi];
        if off == 0 {
            return gi;
        }
        let mut ng = w.groups[gi].clone();
        ng.mask = off;
        ng.pc += 1;
        w.groups[gi].mask &= !off;
        w.groups.insert(gi, ng);
        w.cur = gi + 1;
        gi + 1
    }

    fn run_warp(&mut self, wi: usize, budget: u64) -> Result<u64, Failure> {
        let mut executed = 0u64;
        let prog = self.env.prog;
        let pcs = self.opts.reconvergence == Reconvergence::Pcs;
        while executed < budget {
            let Some(gi) = self.pick(wi) else { break };
            // Arrival at the innermost convergence barrier.
            {
                let w = &mut self.warps[wi];
                let g = &w.groups[gi];
                if let Some(Entry::Conv(b)) = g.stack.last() {
                    let b = *b;
                    if w.bars[b as usize].rpc == g.pc {
                        w.bars[b as usize].arrived |= g.mask;
                        w.groups[gi].state = GState::WaitConv(b);
                        w.since_progress = 0;
                        self.try_release(wi, b);
                        continue;
                    }
                }
            }
            let (waiters, stop) = {
                let w = &self.warps[wi];
                let waiters = pcs && w.groups.iter().any(|g| matches!(g.state, GState::WaitConv(_)));
                let stop = match w.groups[gi].stack.last() {
                    Some(Entry::Conv(b)) => w.bars[*b as usize].rpc,
                    _ => NO_RPC,
                };
                (waiters, stop)
            };
            let g = &self.warps[wi].groups[gi];
            let mask = g.mask;
            let mut pc = g.pc;
            let fr = g.frame();
            let mut flow = Flow::Continue;
            // The hot loop: data instructions of one group, with the CTA's fields borrowed separately.
            let mut issued = 0u64;
            let mut sass = 0u64;
            let mut nonpred = 0u64;
            let mut shared = 0u64;
            let mut stopped = Stop::Ran;
            {
                let Cta { warps, mem, scratch, env, opts, .. } = &mut *self;
                let w = &mut warps[wi];
                while executed < budget {
                    if pc == stop {
                        break;
                    }
                    if pcs {
                        if w.slice_left == 0 {
                            break;
                        }
                        w.slice_left -= 1;
                        if waiters {
                            w.since_progress += 1;
                            if w.since_progress > opts.spin_limit {
                                stopped = Stop::Spin;
                                break;
                            }
                        }
                    }
                    let inst = &prog.insts[pc as usize];
                    let gm = match inst.guard {
                        None => mask,
                        Some((p, neg)) => {
                            let m = w.preds[p as usize];
                            (if neg { !m } else { m }) & mask
                        }
                    };
                    executed += 1;
                    issued += 1;
                    sass += u64::from(inst.sass_cost);
                    // `%clock64` counts the CTA's issued warp instructions, the reading one included.
                    mem.clock += 1;
                    nonpred += gm.count_ones() as u64;
                    shared += is_shared_access(&inst.op) as u64;
                    if is_control(&inst.op) {
                        stopped = Stop::Control(gm);
                        break;
                    }
                    if waiters && gm != 0 && makes_progress(&inst.op) {
                        // A store (or an atomic that is not a compare-and-swap or exchange) is progress: a spinning
                        // group only loads, or retries an atomic that fails.
                        w.since_progress = 0;
                    }
                    if gm != 0 {
                        if let Some(san) = mem.san.as_deref_mut() {
                            san.pc = pc;
                            if san.lockstep && is_memory(&inst.op) {
                                san.warp_barrier(w.id, mask);
                            }
                        }
                        if let Err(e) = exec::exec(w, env, mem, fr, &inst.op, gm, scratch) {
                            stopped = Stop::Fault(e);
                            break;
                        }
                    }
                    pc += 1;
                }
            }
            self.counters.warp_instructions += issued;
            self.counters.sass_instructions_estimate += sass;
            self.counters.thread_instructions += issued * mask.count_ones() as u64;
            self.counters.thread_instructions_nonpred += nonpred;
            self.counters.shared_instructions += shared;
            match stopped {
                Stop::Ran => {}
                Stop::Spin => {
                    self.warps[wi].groups[gi].pc = pc;
                    self.force_release(wi);
                    flow = Flow::Repick;
                }
                Stop::Control(gm) => {
                    self.warps[wi].groups[gi].pc = pc;
                    flow = self.control(wi, gi, pc, mask, gm)?;
                }
                Stop::Fault(e) => return Err(self.fail(wi, pc, e)),
            }
            if let Flow::Continue = flow {
                self.warps[wi].groups[gi].pc = pc;
            }
        }
        Ok(executed)
    }

    fn src_lane0(&self, wi: usize, gi: usize, s: Src, mask: u32) -> u64 {
        let mut v = [0u64; 32];
        let fr = self.warps[wi].groups[gi].frame();
        exec::fetch(&self.warps[wi], self.env, &self.mem, fr, s, &mut v);
        v[mask.trailing_zeros().min(31) as usize]
    }

    fn record_branch(&mut self, pc: u32, active: u32, divergent: bool) {
        if divergent {
            self.counters.divergent_branches += 1;
        }
        if let Some(&bi) = self.branch_index.get(pc as usize) {
            if bi != u32::MAX {
                let s = &mut self.branches[bi as usize];
                s.executions += 1;
                s.divergent += divergent as u64;
                s.active_lanes += active.count_ones() as u64;
            }
        }
    }
}
