//! CTA barriers: `bar`/`barrier` `.sync`, `.arrive` and `.red`, and what exited threads do to them.
//!
//! The emulator implements the barrier semantics the PTX ISA gives for sm_70 and later (every target simtc
//! supports), where barriers are counted per warp but threads of a warp may arrive separately.
//!
//! ## Arrival
//! A CTA has 16 barriers (ids 0–15). A thread *arrives* at barrier `a` when it executes `bar.sync a`,
//! `barrier.sync a`, `bar.arrive a, b` or `bar.red.* d, a, ...` with a true guard (a thread whose guard predicate is
//! false does not arrive). A **warp has arrived** when every thread of it that has not exited has arrived at `a` in
//! the current phase. The threads need not be at the same `bar` instruction, nor arrive at the same time: a warp
//! whose lanes diverged arrives when the last of its non-exited lanes does. Threads that have exited are never
//! waited for; threads that wait elsewhere (at another barrier, at a collective, to reconverge) are. A thread of a
//! partial last warp (a CTA size that is not a multiple of 32) that does not exist counts as exited.
//!
//! ## Completion
//! * **No thread count operand** (`bar.sync a`, `__syncthreads()`): all threads of the CTA participate, minus the
//!   threads that have exited. The barrier completes when every warp that still has a non-exited thread has
//!   arrived. So a thread that exits before the barrier (an early `return`) never blocks it, whether it exits
//!   before the others arrive or while they wait (an exit re-checks every barrier: if the exiting threads were the
//!   last ones holding a barrier up, it completes). A warp all of whose threads have exited takes no part.
//! * **Thread count `b`** (`bar.sync a, b`; `bar.arrive` always has one): `b` threads, that is `b / 32` warps,
//!   participate; `b` must be a positive multiple of 32 (anything else is an error). The barrier completes when
//!   `b / 32` warps have arrived. Exited threads do **not** lower `b` (the PTX ISA releases only barriers that wait
//!   on all threads when threads exit), but a warp whose remaining threads all arrived counts as a whole warp, so
//!   a warp with exited lanes still contributes its 32. A warp that arrives with `bar.arrive` and arrives again
//!   before the phase completes counts twice, as the hardware's arrival counter does. If the arrivals of one phase
//!   name different counts (undefined in PTX), the latest one counts.
//!
//! When a barrier completes, every thread waiting at it continues after its own barrier instruction and the
//! barrier starts a new phase. If more warps arrive at a counted barrier than it needs, the later ones arrive in
//! the next phase.
//!
//! ## Reductions
//! `bar.red.popc.u32 d, a{, b}, p` writes to `d` the number of threads that arrived in the phase with `p` true;
//! `bar.red.and.pred` writes true when `p` was true in every thread that arrived, `bar.red.or.pred` when it was true
//! in at least one. Only arriving threads contribute: threads that exited (or never existed) and threads whose
//! guard was false add nothing to the count and do not make `.and` false (if only threads with `p` true remain,
//! `.and` is true). Every waiting thread receives the same result.
//!
//! ## Reconvergence never blocks a CTA barrier
//! Convergence barriers (see [`super`]) are a scheduling device, not PTX semantics: a thread that waits to
//! reconverge with lanes held at a CTA barrier (the lanes that took an early `return` in `if (t >= n) return;
//! ...; __syncthreads();`, when the `ret` is the branch's reconvergence point) would otherwise hold up that barrier
//! forever. When no warp of the CTA can issue an instruction and no CTA barrier can complete, every thread waiting
//! at a convergence barrier is released past it (it leaves the barrier's participants and goes on alone, counted
//! in `forced_releases`), under both reconvergence policies; only when no thread waits to reconverge is the CTA
//! deadlocked, and the error lists what every thread waits for and each open barrier's arrivals.

use super::*;

/// Warp size: a counted barrier's thread count is a multiple of it.
const WARP: u32 = 32;

/// One CTA barrier's current phase.
#[derive(Debug, Clone, Copy)]
pub(super) struct CtaBar {
    /// Threads that arrived in this phase (0: no phase open).
    pub(super) threads: u32,
    /// Warps whose arrival is complete in this phase.
    pub(super) warps: u32,
    /// The thread count operand of the latest arrival (`None`: all non-exited threads).
    expected: Option<u32>,
    /// Arriving threads whose predicate was true (`.red.popc`).
    popc: u32,
    /// Whether every arriving thread's predicate was true (`.red.and`).
    and: bool,
    /// Whether some arriving thread's predicate was true (`.red.or`).
    or: bool,
}

impl Default for CtaBar {
    fn default() -> Self {
        CtaBar { threads: 0, warps: 0, expected: None, popc: 0, and: true, or: false }
    }
}

impl Cta<'_> {
    /// Executes a CTA barrier instruction for the lanes `gm` (guard true) of group `gi` of warp `wi` (lanes
    /// `mask`): they arrive at the barrier, and wait unless it is `bar.arrive`; lanes with a false guard go on.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn bar_arrive(
        &mut self,
        wi: usize,
        gi: usize,
        pc: u32,
        mask: u32,
        gm: u32,
        kind: BarKind,
        id: Src,
        count: Option<Src>,
        aligned: bool,
    ) -> Result<Flow, Failure> {
        if gm == 0 {
            self.warps[wi].groups[gi].pc = pc + 1;
            return Ok(Flow::Repick);
        }
        let fail = |msg: String| Failure { msg, pc: Some(pc), thread: None, details: Vec::new() };
        let idv = self.src_lane0(wi, gi, id, gm);
        if idv >= 16 {
            return Err(fail(format!("barrier id {idv} is out of range (0-15)")));
        }
        let cnt = match count {
            Some(c) => {
                let v = self.src_lane0(wi, gi, c, gm) as u32;
                if v == 0 || !v.is_multiple_of(WARP) {
                    return Err(fail(format!(
                        "barrier thread count {v} is not a positive multiple of the warp size (32)"
                    )));
                }
                Some(v)
            }
            None => None,
        };
        let pred = match kind {
            BarKind::RedPopc(_, p) | BarKind::RedPred(_, p, _) => Some(exec::pmask(&self.warps[wi], p)),
            _ => None,
        };
        let gi = self.split_off(wi, gi, mask & !gm);
        let id = idv as usize;
        let b = &mut self.bars[id];
        b.threads += gm.count_ones();
        if cnt.is_some() || b.threads == gm.count_ones() {
            b.expected = cnt;
        }
        if let Some(pm) = pred {
            b.popc += (pm & gm).count_ones();
            b.and &= pm & gm == gm;
            b.or |= pm & gm != 0;
        }
        let slot = id * self.warps.len() + wi;
        let before = self.bar_lanes[slot];
        self.bar_lanes[slot] |= gm;
        if let Some(san) = self.mem.san.as_deref_mut() {
            san.barrier_arrive(id, wi as u32, kind != BarKind::Arrive);
        }
        if aligned && kind != BarKind::Arrive {
            if let Some(san) = self.mem.san.as_deref_mut() {
                let missing = !self.bar_lanes[slot] & !self.warps[wi].exited;
                san.barrier_arrival(id, wi as u32, gm, before, missing, pc, count.is_none());
            }
        }
        self.settle_warp(id, wi);
        if kind == BarKind::Arrive {
            self.warps[wi].groups[gi].pc = pc + 1;
        } else {
            self.warps[wi].groups[gi].state = GState::WaitBar(id as u32);
        }
        Ok(Flow::Repick)
    }

    /// Counts warp `wi` as arrived at barrier `id` if every one of its non-exited lanes has arrived.
    fn settle_warp(&mut self, id: usize, wi: usize) {
        let slot = id * self.warps.len() + wi;
        let lanes = self.bar_lanes[slot];
        if lanes != 0 && lanes | self.warps[wi].exited == u32::MAX {
            self.bars[id].warps += 1;
            self.bar_lanes[slot] = 0;
        }
    }

    /// After lanes of warp `wi` exited: the warp may now have arrived at barriers its other lanes wait at.
    pub(super) fn settle_exits(&mut self, wi: usize) {
        for id in 0..self.bars.len() {
            self.settle_warp(id, wi);
        }
    }

    /// Warps with at least one thread that has not exited.
    fn live_warps(&self) -> u32 {
        self.warps.iter().filter(|w| w.exited != u32::MAX).count() as u32
    }

    /// Warps barrier `id`'s current phase waits for.
    pub(super) fn warps_needed(&self, id: usize) -> u32 {
        match self.bars[id].expected {
            None => self.live_warps(),
            Some(n) => n / WARP,
        }
    }

    /// Releases completed CTA barriers; true if any was released.
    pub(super) fn check_cta_barriers(&mut self) -> bool {
        let mut any = false;
        for id in 0..self.bars.len() {
            let b = self.bars[id];
            if b.threads == 0 || b.warps < self.warps_needed(id) {
                continue;
            }
            any = true;
            self.counters.barriers += 1;
            if let Some(san) = self.mem.san.as_deref_mut() {
                san.barrier_completed(id);
            }
            self.bars[id] = CtaBar::default();
            let nw = self.warps.len();
            self.bar_lanes[id * nw..(id + 1) * nw].fill(0);
            for wi in 0..nw {
                for gi in 0..self.warps[wi].groups.len() {
                    if self.warps[wi].groups[gi].state != GState::WaitBar(id as u32) {
                        continue;
                    }
                    let (pc, mask) = (self.warps[wi].groups[gi].pc, self.warps[wi].groups[gi].mask);
                    let w = &mut self.warps[wi];
                    match self.env.prog.insts[pc as usize].op {
                        Op::Bar { kind: BarKind::RedPopc(d, _), .. } => exec::write(w, d, &[b.popc as u64; 32], mask),
                        Op::Bar { kind: BarKind::RedPred(p, _, and), .. } if p != 0 => {
                            let v = if and { b.and } else { b.or };
                            let old = w.preds[p as usize];
                            w.preds[p as usize] = (old & !mask) | if v { mask } else { 0 };
                        }
                        _ => {}
                    }
                    let g = &mut w.groups[gi];
                    g.state = GState::Ready;
                    g.pc += 1;
                }
            }
        }
        any
    }

    /// The CTA stalled: releases every thread waiting at a convergence barrier past it (see the module doc).
    /// Returns false when no thread was waiting to reconverge (the CTA is deadlocked).
    pub(super) fn release_convergence_waits(&mut self) -> bool {
        let mut any = false;
        for wi in 0..self.warps.len() {
            if self.warps[wi].groups.iter().any(|g| matches!(g.state, GState::WaitConv(_))) {
                self.force_release(wi);
                any = true;
            }
        }
        any
    }

    /// Deadlock-report lines for the open CTA barriers: warps arrived and needed, and who is missing.
    pub(super) fn barrier_report(&self) -> Vec<String> {
        let nw = self.warps.len();
        let mut out = Vec::new();
        for id in 0..self.bars.len() {
            let b = &self.bars[id];
            if b.threads == 0 {
                continue;
            }
            let partial: Vec<String> = (0..nw)
                .filter(|&wi| self.bar_lanes[id * nw + wi] != 0)
                .map(|wi| {
                    let w = &self.warps[wi];
                    format!(
                        "warp {wi} lanes {} arrived, lanes {} not",
                        lane_range(self.bar_lanes[id * nw + wi]),
                        lane_range(!self.bar_lanes[id * nw + wi] & !w.exited)
                    )
                })
                .collect();
            out.push(format!(
                "barrier {id}: {} of {} warps arrived ({}){}{}",
                b.warps,
                self.warps_needed(id),
                match b.expected {
                    None => "all non-exited threads participate".to_string(),
                    Some(n) => format!("thread count {n}"),
                },
                if partial.is_empty() { "" } else { "; " },
                partial.join("; ")
            ));
        }
        out
    }
}
