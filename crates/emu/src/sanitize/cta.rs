//! The per-CTA sanitizer state: barrier clocks, lane clocks, shadows of shared, global and local memory, the
//! synchronization checks' per-phase records, and the findings of the CTA.
//!
//! ## Ordering state
//! * Per warp, a *barrier clock* of 32 entries (one per warp of the CTA): its own entry is the warp's barrier
//!   epoch, the others the latest epochs of other warps it has synchronized with. When a CTA barrier completes,
//!   the clocks of the warps that arrived in the phase are joined, every warp that *waited* (`bar.sync`,
//!   `bar.red`; not `bar.arrive`) takes the join, and every warp that arrived advances its own epoch. A
//!   `__syncthreads()` thus orders everything before it in every warp before everything after it; a named barrier
//!   with a thread count orders exactly the warps that took part; `bar.arrive` releases without acquiring.
//! * Per warp, a 32 × 32 lane clock: row `l` is what lane `l` knows of each lane's clock. `bar.warp.sync m`
//!   (`__syncwarp(m)`) joins the rows of the lanes of `m` and advances each one's own entry. Lockstep execution
//!   orders nothing on sm_70 and later (independent thread scheduling); for PTX whose `.target` is older, every
//!   memory instruction first joins the clocks of the lanes that execute it together ([`CtaSan::lockstep`]), so
//!   the accesses of a converged group's earlier instructions are ordered before it (the lanes of one instruction
//!   still are not).
//!
//! Clocks are per warp, not per thread: a warp's lanes take part in a CTA barrier together (an aligned barrier
//! reached by part of a warp is itself a `sync` finding).
//!
//! ## Hooks
//! The data path calls [`CtaSan::access`] once per lane and vector element after the access succeeded; the engine
//! calls the barrier and warp-barrier hooks. Nothing here runs when the sanitizer is off (the engine holds an
//! `Option` that is `None`).

use super::shadow::{Clock, Hit, Shadow};
use super::{AccessOp, Config, Findings, Kind, MemSpace, RaceKind, RawAccess, RawFinding};
use crate::program::{LOCAL_WINDOW, SHARED_WINDOW};
use crate::ptx::ast::Space;
use std::sync::Arc;

/// Sanitizer state of one CTA.
pub struct CtaSan {
    cfg: Arc<Config>,
    /// Linear index of the CTA in the grid.
    cta: u32,
    /// The instruction being executed (set by the engine before each issue).
    pub pc: u32,
    /// Per warp: its barrier clock (indexed by warp).
    bar: Vec<[u32; 32]>,
    /// Per CTA barrier: warps that arrived in the current phase, and those of them that wait.
    arrived: [u32; 16],
    waiting: [u32; 16],
    vc: Vec<[[u32; 32]; 32]>,
    shared: Shadow,
    /// Accesses of this CTA to global memory (cross-CTA conflicts are found when CTAs are merged).
    global: Shadow,
    /// Per warp: defined bits of local memory, lane-major (`lane * local_bytes + offset`).
    local_def: Vec<Vec<u64>>,
    local_bytes: u32,
    /// Per CTA barrier: the first aligned waiting arrival of the current phase (pc, thread).
    bar_first: [Option<(u32, u16)>; 16],
    /// Per CTA barrier and warp (`id * warps + warp`): the pc of the warp's first, partial, arrival in the phase.
    partial_pc: Vec<u32>,
    nwarps: usize,
    /// Pre-Volta target (`.target` below sm_70): a group's lanes run in lockstep, so each warp instruction orders
    /// the accesses of the group's earlier instructions before its own.
    pub lockstep: bool,
    /// Findings of this CTA.
    pub findings: Findings,
}

impl CtaSan {
    /// State for CTA `cta` (linear index) with `nwarps` warps and `local_bytes` of local memory per thread.
    pub fn new(cfg: Arc<Config>, cta: u32, nwarps: usize, local_bytes: u32, sm: u32) -> CtaSan {
        let mut clock = [[0u32; 32]; 32];
        for (l, row) in clock.iter_mut().enumerate() {
            row[l] = 1;
        }
        let init_local = cfg.kinds.init && local_bytes > 0;
        CtaSan {
            cfg,
            cta,
            pc: 0,
            bar: (0..nwarps).map(|w| std::array::from_fn(|v| u32::from(v == w))).collect(),
            arrived: [0; 16],
            waiting: [0; 16],
            vc: vec![clock; nwarps],
            shared: Shadow::default(),
            global: Shadow::default(),
            local_def: if init_local {
                vec![vec![0u64; (32 * local_bytes as usize).div_ceil(64)]; nwarps]
            } else {
                Vec::new()
            },
            local_bytes,
            bar_first: [None; 16],
            partial_pc: vec![u32::MAX; 16 * nwarps],
            nwarps,
            lockstep: sm != 0 && sm < 70,
            findings: Findings::default(),
        }
    }

    /// The CTA finished: its findings and a summary of its global accesses for the cross-CTA check; the shadows
    /// are freed.
    pub fn finish(self) -> (Findings, super::global::GlobalTouches) {
        let touched = super::global::summarize(self.cta, &self.global);
        (self.findings, touched)
    }

    /// The checks that are on.
    pub fn kinds(&self) -> super::Kinds {
        self.cfg.kinds
    }

    fn me(&self, warp: u32, lane: usize) -> RawAccess {
        RawAccess { pc: self.pc, tid: (warp * 32 + lane as u32) as u16, cta: self.cta, op: AccessOp::Read }
    }

    /// Checks one lane's access of `size` bytes at `addr` in `space` (as the instruction names it: generic
    /// addresses are resolved here; const and param accesses are ignored).
    #[inline]
    pub fn access(&mut self, warp: u32, lane: usize, space: Space, addr: u64, size: u32, op: AccessOp) {
        let (space, addr) = match space {
            Space::Generic | Space::Reg => match addr >> 48 {
                0 => (Space::Global, addr),
                1 => (Space::Shared, addr - SHARED_WINDOW),
                2 => (Space::Local, addr - LOCAL_WINDOW),
                _ => return,
            },
            s => (s, addr),
        };
        let kinds = self.cfg.kinds;
        let (ms, hit) = match space {
            Space::Local => {
                if !kinds.init || self.local_def.is_empty() {
                    return;
                }
                let bits = &mut self.local_def[warp as usize];
                let base = lane as u64 * self.local_bytes as u64 + addr;
                let mut undefined = false;
                for b in base..base + size as u64 {
                    let (word, bit) = ((b / 64) as usize, b % 64);
                    let Some(x) = bits.get_mut(word) else { return };
                    if op == AccessOp::Read {
                        undefined |= *x >> bit & 1 == 0;
                    } else {
                        *x |= 1 << bit;
                    }
                }
                (MemSpace::Local, undefined.then_some(Hit::Uninit))
            }
            Space::Shared | Space::Global => {
                let tid = (warp * 32 + lane as u32) as u16;
                let c = Clock { tid, bar: &self.bar[warp as usize], vc: &self.vc[warp as usize][lane] };
                let (ms, shadow, init) = if space == Space::Shared {
                    (MemSpace::Shared, &mut self.shared, kinds.init)
                } else {
                    (MemSpace::Global, &mut self.global, kinds.init && self.cfg.undefined(addr))
                };
                let hit = match op {
                    AccessOp::Read => shadow.read(&c, addr, size, self.pc, init, false),
                    AccessOp::Write => shadow.write(&c, addr, size, self.pc, false),
                    AccessOp::Atomic => {
                        let h = shadow.read(&c, addr, size, self.pc, init, true);
                        let w = shadow.write(&c, addr, size, self.pc, true);
                        h.or(w)
                    }
                    _ => None,
                };
                (ms, hit)
            }
            _ => return,
        };
        let Some(hit) = hit else { return };
        let mut second = self.me(warp, lane);
        second.op = op;
        let (kind, race, first) = match hit {
            Hit::Uninit => (Kind::Uninitialized, None, None),
            Hit::Raw(a) => (Kind::Race, Some(RaceKind::Raw), Some(a)),
            Hit::War(a) => (Kind::Race, Some(RaceKind::War), Some(a)),
            Hit::Waw(a) => (Kind::Race, Some(RaceKind::Waw), Some(a)),
        };
        if kind == Kind::Race && !kinds.race {
            return;
        }
        let first = first.map(|a| RawAccess {
            pc: a.pc,
            tid: a.tid,
            cta: self.cta,
            op: if a.atomic {
                AccessOp::Atomic
            } else if race == Some(RaceKind::War) {
                AccessOp::Read
            } else {
                AccessOp::Write
            },
        });
        self.findings.add(RawFinding { kind, space: Some(ms), race, addr, first, second });
    }

    /// Lanes of warp `warp` arrive at CTA barrier `id`; `waits`: they wait for its completion (not `bar.arrive`).
    pub fn barrier_arrive(&mut self, id: usize, warp: u32, waits: bool) {
        self.arrived[id] |= 1 << warp;
        if waits {
            self.waiting[id] |= 1 << warp;
        }
    }

    /// CTA barrier `id` completed: the waiting warps learn the epochs of every warp that arrived, and the warps
    /// that arrived start a new epoch.
    pub fn barrier_completed(&mut self, id: usize) {
        let (arrived, waiting) = (self.arrived[id], self.waiting[id]);
        let mut join = [0u32; 32];
        for w in crate::lanes::lanes_of(arrived) {
            for (j, x) in join.iter_mut().enumerate() {
                *x = (*x).max(self.bar[w][j]);
            }
        }
        for w in crate::lanes::lanes_of(waiting) {
            for (j, x) in self.bar[w].iter_mut().enumerate() {
                *x = (*x).max(join[j]);
            }
        }
        for w in crate::lanes::lanes_of(arrived) {
            self.bar[w][w] += 1;
        }
        self.arrived[id] = 0;
        self.waiting[id] = 0;
        self.bar_first[id] = None;
        self.partial_pc[id * self.nwarps..(id + 1) * self.nwarps].fill(u32::MAX);
    }

    /// Lanes `lanes` of warp `warp` arrive at CTA barrier `id` at `pc` (an aligned barrier that waits:
    /// `bar.sync`, `bar.red`); `before`: lanes of the warp that had arrived in this phase before them; `missing`:
    /// live lanes of the warp that have not arrived after them; `all`: the barrier has no thread count (every
    /// thread of the CTA takes part, so all must wait at the same instruction — counted barriers are used from
    /// different instructions by warp-specialized code, and are only checked for whole warps).
    #[allow(clippy::too_many_arguments)]
    pub fn barrier_arrival(&mut self, id: usize, warp: u32, lanes: u32, before: u32, missing: u32, pc: u32, all: bool) {
        if !self.cfg.kinds.sync {
            return;
        }
        let lane = lanes.trailing_zeros() as usize;
        let tid = (warp * 32 + lane as u32) as u16;
        let slot = id * self.nwarps + warp as usize;
        let report = |this: &mut CtaSan, first_pc: u32, first_tid: u16| {
            let first = RawAccess { pc: first_pc, tid: first_tid, cta: this.cta, op: AccessOp::Barrier };
            let second = RawAccess { pc, tid, cta: this.cta, op: AccessOp::Barrier };
            this.sync_finding(Kind::BarrierDivergence, Some(first), second);
        };
        if before != 0 && self.partial_pc[slot] != u32::MAX {
            // The warp arrives in pieces: part of it arrived earlier while these lanes were elsewhere.
            let first_tid = (warp * 32 + before.trailing_zeros()) as u16;
            report(self, self.partial_pc[slot], first_tid);
        } else if missing != 0 {
            self.partial_pc[slot] = pc;
        }
        match self.bar_first[id] {
            _ if !all => {}
            None => self.bar_first[id] = Some((pc, tid)),
            Some((p, t)) if p != pc => report(self, p, t),
            _ => {}
        }
    }

    /// `bar.warp.sync` completed for lanes `lanes` of warp `warp`: their clocks are joined.
    pub fn warp_barrier(&mut self, warp: u32, lanes: u32) {
        let vc = &mut self.vc[warp as usize];
        let mut join = [0u32; 32];
        for l in crate::lanes::lanes_of(lanes) {
            for (j, x) in join.iter_mut().enumerate() {
                *x = (*x).max(vc[l][j]);
            }
        }
        for l in crate::lanes::lanes_of(lanes) {
            vc[l] = join;
            vc[l][l] += 1;
        }
    }

    /// A call gives lanes `lanes` of warp `warp` a fresh local frame `[off, off+len)`: its bytes are undefined.
    pub fn local_frame(&mut self, warp: u32, lanes: u32, off: u32, len: u32) {
        if self.local_def.is_empty() || len == 0 {
            return;
        }
        let bits = &mut self.local_def[warp as usize];
        for l in crate::lanes::lanes_of(lanes) {
            let base = l as u64 * self.local_bytes as u64 + off as u64;
            for b in base..base + len as u64 {
                if let Some(x) = bits.get_mut((b / 64) as usize) {
                    *x &= !(1 << (b % 64));
                }
            }
        }
    }

    /// A warp-synchronous instruction at `pc` (thread `tid`) waits for member lanes that are held elsewhere (at
    /// `other_pc`, thread `other_tid`): a warp-sync finding.
    pub fn warp_sync_violation(&mut self, pc: u32, tid: u16, other_pc: u32, other_tid: u16) {
        if !self.cfg.kinds.sync {
            return;
        }
        let first = RawAccess { pc: other_pc, tid: other_tid, cta: self.cta, op: AccessOp::Elsewhere };
        let second = RawAccess { pc, tid, cta: self.cta, op: AccessOp::Collective };
        self.sync_finding(Kind::WarpSync, Some(first), second);
    }

    /// A warp-wide instruction (`wmma`) executed by only part of a warp (thread `tid` is one that executes it).
    pub fn partial_warp_collective(&mut self, tid: u32) {
        let second = RawAccess { pc: self.pc, tid: tid as u16, cta: self.cta, op: AccessOp::Collective };
        self.sync_finding(Kind::WarpSync, None, second);
    }

    /// A barrier deadlock broken by the sanitizer: barrier `id` at `pc` (thread `tid`) waits for threads held at
    /// `other_pc` (thread `other_tid`).
    pub fn barrier_deadlock(&mut self, pc: u32, tid: u16, other_pc: u32, other_tid: u16) {
        let first = RawAccess { pc: other_pc, tid: other_tid, cta: self.cta, op: AccessOp::Elsewhere };
        let second = RawAccess { pc, tid, cta: self.cta, op: AccessOp::Barrier };
        self.sync_finding(Kind::BarrierDivergence, Some(first), second);
    }

    /// Records a synchronization finding (no memory space or address): `second` is the instruction that saw it,
    /// `first` the one it waited for, when known.
    fn sync_finding(&mut self, kind: Kind, first: Option<RawAccess>, second: RawAccess) {
        self.findings.add(RawFinding { kind, space: None, race: None, addr: 0, first, second });
    }
}
