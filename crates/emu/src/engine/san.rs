//! The engine's side of the sanitizer's `sync` check when a CTA stalls (no warp can issue, no CTA barrier can
//! complete).
//!
//! * A group waiting at a warp-synchronous instruction (`shfl/vote/match/redux.sync`, `bar.warp.sync`) for member
//!   lanes that are held elsewhere — at a convergence point, a CTA barrier, a collective of another kind — waits for
//!   threads that do not execute it: a `warp-sync` finding. Lanes held at a convergence point from which they only
//!   run to the kernel's exit are excused (non-exited threads named in the mask must execute the instruction;
//!   threads about to exit, as after `if (t >= n) return;`, are as good as exited). The emulator then releases the
//!   convergence waits as it always does.
//! * If the CTA is then deadlocked, the sanitizer breaks the deadlock instead of failing the run: a collective
//!   completes with the lanes that reached it (`warp-sync`), else an open CTA barrier completes with the threads
//!   that arrived (`barrier-divergence`).

use super::*;

/// A collective group (index), its member lanes that are held elsewhere, and one holder (group, pc).
type Starved = (usize, u32, Option<(usize, u32)>);

impl Cta<'_> {
    /// Member lanes (union of the mask operands of `g`'s lanes) of the collective group `g` of warp `wi`.
    fn members(&self, wi: usize, gi: usize) -> Option<u32> {
        let g = &self.warps[wi].groups[gi];
        let m = match &self.env.prog.insts[g.pc as usize].op {
            Op::WarpSync { mask } | Op::Shfl { mask, .. } | Op::Match { mask, .. } | Op::Redux { mask, .. } => *mask,
            Op::Vote { mask: Some(mask), .. } => *mask,
            _ => return None,
        };
        let mut v = [0u64; 32];
        exec::fetch(&self.warps[wi], self.env, &self.mem, g.frame(), m, &mut v);
        Some(lanes_of(g.mask).fold(0u32, |acc, l| acc | v[l] as u32))
    }

    /// Whether a thread of group `g` at `pc` only runs straight to the kernel's exit.
    fn exits_from(&self, g: &Group, pc: u32) -> bool {
        if g.stack.iter().any(|e| matches!(e, Entry::Ret(_))) {
            return false;
        }
        let insts = &self.env.prog.insts;
        let mut p = pc as usize;
        for _ in 0..64 {
            match insts.get(p).map(|i| &i.op) {
                Some(Op::Ret | Op::Exit) => return true,
                Some(op) if is_control(op) || matches!(op, Op::St { .. } | Op::Atom { .. } | Op::Wmma(_)) => {
                    return false
                }
                Some(_) => p += 1,
                None => return false,
            }
        }
        false
    }

    /// Collective groups of warp `wi` and, for each, the member lanes that are neither exited, nor waiting at a
    /// collective of the same kind, nor about to exit; with the group and pc of one such lane.
    fn starved_collectives(&self, wi: usize) -> Vec<Starved> {
        let w = &self.warps[wi];
        let prog = self.env.prog;
        let mut out = Vec::new();
        for gi in 0..w.groups.len() {
            if w.groups[gi].state != GState::WaitSync {
                continue;
            }
            let Some(members) = self.members(wi, gi) else { continue };
            let kind = std::mem::discriminant(&prog.insts[w.groups[gi].pc as usize].op);
            let mut missing = members & !w.exited;
            for g in &w.groups {
                let here = g.state == GState::WaitSync && std::mem::discriminant(&prog.insts[g.pc as usize].op) == kind;
                let leaving = match g.state {
                    GState::WaitConv(b) => self.exits_from(g, w.bars[b as usize].rpc),
                    _ => false,
                };
                if here || leaving {
                    missing &= !g.mask;
                }
            }
            let holder = w.groups.iter().position(|g| g.mask & missing != 0).map(|h| {
                let g = &w.groups[h];
                let pc = match g.state {
                    GState::WaitConv(b) => w.bars[b as usize].rpc,
                    _ => g.pc,
                };
                (h, pc)
            });
            out.push((gi, missing, holder));
        }
        out
    }

    fn report_starved(&mut self, wi: usize, gi: usize, missing: u32, holder: Option<(usize, u32)>) {
        let w = &self.warps[wi];
        let g = &w.groups[gi];
        let tid = (w.id * 32 + g.mask.trailing_zeros()) as u16;
        // `missing` is empty when the awaited lanes were excused as exiting but the CTA deadlocked anyway.
        let other_tid = if missing == 0 { tid } else { (w.id * 32 + missing.trailing_zeros()) as u16 };
        let other_pc = holder.map_or(g.pc, |(_, pc)| pc);
        let pc = g.pc;
        if let Some(san) = self.mem.san.as_deref_mut() {
            san.warp_sync_violation(pc, tid, other_pc, other_tid);
        }
    }

    /// The CTA stalled: reports collectives waiting for member lanes held elsewhere.
    pub(super) fn san_stalled(&mut self) {
        if !self.mem.san.as_deref().is_some_and(|s| s.kinds().sync) {
            return;
        }
        for wi in 0..self.warps.len() {
            for (gi, missing, holder) in self.starved_collectives(wi) {
                if missing != 0 {
                    self.report_starved(wi, gi, missing, holder);
                }
            }
        }
    }

    /// The CTA is deadlocked: completes one waiting collective with the lanes present, or one open CTA barrier
    /// with the threads that arrived, and reports it. False when there is nothing to complete (or `sync` is
    /// off).
    pub(super) fn san_break_deadlock(&mut self) -> bool {
        if !self.mem.san.as_deref().is_some_and(|s| s.kinds().sync) {
            return false;
        }
        let prog = self.env.prog;
        for wi in 0..self.warps.len() {
            let Some(&(gi, missing, holder)) = self.starved_collectives(wi).first() else { continue };
            self.report_starved(wi, gi, missing, holder);
            let w = &self.warps[wi];
            let kind = std::mem::discriminant(&prog.insts[w.groups[gi].pc as usize].op);
            let same: Vec<usize> = (0..w.groups.len())
                .filter(|&i| {
                    w.groups[i].state == GState::WaitSync
                        && std::mem::discriminant(&prog.insts[w.groups[i].pc as usize].op) == kind
                })
                .collect();
            return self.joint_collective(wi, &same).is_ok();
        }
        for id in 0..self.bars.len() {
            if self.bars[id].threads == 0 {
                continue;
            }
            // A waiting thread, and a live thread that is not waiting at this barrier.
            let mut waiting = None;
            let mut other = None;
            for w in &self.warps {
                for g in &w.groups {
                    let t = (w.id * 32 + g.mask.trailing_zeros()) as u16;
                    if g.state == GState::WaitBar(id as u32) {
                        waiting.get_or_insert((g.pc, t));
                    } else {
                        let pc = match g.state {
                            GState::WaitConv(b) => w.bars[b as usize].rpc,
                            _ => g.pc,
                        };
                        other.get_or_insert((pc, t));
                    }
                }
            }
            let (Some((pc, tid)), Some((opc, otid))) = (waiting, other) else { continue };
            if let Some(san) = self.mem.san.as_deref_mut() {
                san.barrier_deadlock(pc, tid, opc, otid);
            }
            self.bars[id].warps = self.bars[id].warps.max(self.warps_needed(id));
            return self.check_cta_barriers();
        }
        false
    }
}
