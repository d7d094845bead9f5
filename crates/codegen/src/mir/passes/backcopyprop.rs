//! `backcopyprop`: backward copy propagation on phi-free MIR (seed 002, ptxas phase 83 "OriBackCopyPropagate"
//! behind its phase-82 gate "AdvancedPhaseBackPropVReg").
//!
//! Forward copy propagation (`copyprop`) renames the *uses* of a copy's destination; this pass renames the
//! *definition* of a copy's source: `%t = op ...; ...; %x = mov %t` becomes `%x = op ...` and the `mov` goes.
//! That is the shape SSA destruction leaves behind (a phi's incoming value computed into a temporary and then
//! copied into the phi's register at the end of the predecessor), so the pass runs in phase phi-free, right after
//! `phi-elim`/`out-of-ssa` and before `machine-dce` — the seed's position just before the late liveness/DCE
//! phase and register allocation.
//!
//! The seed's three guards, made exact for MIR (both instructions in one block, `I` defining `%t` before the
//! copy `%x = mov %t`):
//! 1. `%t` has exactly one use in the function (this copy) and exactly one definition (`I`), so nothing else
//!    can observe the rename;
//! 2. the rename is possible: the copy is an unguarded register `mov` between registers of the same class
//!    ([`MInst::is_copy`]; a `mov.b32 %r, %f` bit-cast is not one), `I` is unguarded (a guarded definition
//!    would leave `%x` unwritten when the guard is false, where the copy overwrote it) and does not also
//!    define `%x`;
//! 3. no instruction strictly between `I` and the copy reads or writes `%x` (the seed names only writes, but a
//!    read in between would see the new value too early), and no branch leaves the block in between (a side
//!    exit would take the clobbered `%x` with it).
//!
//! The walk is backward over each block, which collapses a whole chain in one pass (the seed's example:
//! `R1 = expr; R2 = R1; R3 = R2` becomes `R3 = expr`): at a copy `%x = mov %t` the pass records that `%t`'s
//! definition may be renamed to `%x`, pending; any instruction met afterwards (i.e. earlier in the block) that
//! touches `%x`, or any branch, cancels the pending renames waiting on `%x` (all of them, for a branch); reaching
//! `I` with its rename still pending performs it — and if `I` was itself a copy, it is now `%x = mov %s` and
//! becomes the next pending candidate. Each pending entry is created and cancelled at most once: linear.
//!
//! Gate and budget (seed names): the pass does nothing unless `AdvancedPhaseBackPropVReg` is true (default
//! false, as ptxas's phase 83 is a no-op unless a backend enables it); `BackCopyPropBudget` caps the renames
//! per function (-1: unlimited).

use crate::mir::{MFunction, MInst, Operand, Reg};

/// The gate knob (seed phase 82).
pub const GATE_KNOB: &str = "AdvancedPhaseBackPropVReg";
/// The rename budget knob.
pub const BUDGET_KNOB: &str = "BackCopyPropBudget";

/// Runs the pass with a rename `budget` (negative: unlimited); returns the number of copies removed.
pub fn run(f: &mut MFunction, budget: i64) -> usize {
    let n = f.regs.len();
    let mut uses = vec![0u32; n];
    let mut defs = vec![0u32; n];
    for &b in &f.order {
        for i in &f.block(b).insts {
            for r in i.uses() {
                uses[r.0 as usize] += 1;
            }
            for r in i.defs() {
                defs[r.0 as usize] += 1;
            }
        }
    }
    // pending[t] = (index of the copy, its destination) while `t`'s definition may still be renamed.
    let mut pending: Vec<Option<(usize, Reg)>> = vec![None; n];
    // waiting[x] = sources whose pending rename targets `x`.
    let mut waiting: Vec<Vec<Reg>> = vec![Vec::new(); n];
    let mut touched: Vec<Reg> = Vec::new();
    let mut removed = 0usize;
    for b in f.order.clone() {
        let insts = &mut f.blocks[b.0 as usize].insts;
        let mut dead = vec![false; insts.len()];
        let mut any = false;
        for k in (0..insts.len()).rev() {
            // 1. Resolve a pending rename of this instruction's definition.
            let i = &insts[k];
            let single = match i.dsts.as_slice() {
                [Operand::Reg(t)] => Some(*t),
                _ => None,
            };
            if let Some(t) = single {
                if let Some((j, x)) = pending[t.0 as usize].take() {
                    if (budget < 0 || (removed as i64) < budget)
                        && i.guard.is_none()
                        && !i.is_phi()
                        && !i.defs().contains(&x)
                    {
                        insts[k].dsts[0] = Operand::Reg(x);
                        dead[j] = true;
                        any = true;
                        removed += 1;
                        // `t` is gone; `x` keeps its definition count (the copy's moved here).
                        uses[t.0 as usize] = 0;
                        defs[t.0 as usize] = 0;
                    }
                }
            }
            let i = &insts[k];
            // 2. This instruction lies between earlier definitions and later copies: cancel what it touches.
            if i.is_branch() || i.effects().control {
                for x in touched.drain(..) {
                    for t in waiting[x.0 as usize].drain(..) {
                        pending[t.0 as usize] = None;
                    }
                }
            } else {
                for r in i.uses().into_iter().chain(i.defs()) {
                    for t in waiting[r.0 as usize].drain(..) {
                        pending[t.0 as usize] = None;
                    }
                }
            }
            // 3. A copy whose source has one use and one definition starts a pending rename.
            if budget >= 0 && removed as i64 >= budget {
                continue;
            }
            if i.is_copy() {
                let (Some(x), Some(t)) = (i.dsts[0].reg(), i.srcs[0].reg()) else { continue };
                if x != t
                    && f.regs[x.0 as usize] == f.regs[t.0 as usize]
                    && uses[t.0 as usize] == 1
                    && defs[t.0 as usize] == 1
                {
                    pending[t.0 as usize] = Some((k, x));
                    waiting[x.0 as usize].push(t);
                    touched.push(x);
                }
            }
        }
        // Nothing pending survives the block (the definition is elsewhere or was blocked).
        for x in touched.drain(..) {
            for t in waiting[x.0 as usize].drain(..) {
                pending[t.0 as usize] = None;
            }
        }
        if any {
            let mut k = 0;
            insts.retain(|_: &MInst| {
                let keep = !dead[k];
                k += 1;
                keep
            });
        }
    }
    removed
}
