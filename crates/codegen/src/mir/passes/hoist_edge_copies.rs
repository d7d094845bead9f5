//! `hoist-edge-copies`: the copies of a split critical edge move above the branch when the other arm redefines
//! their registers, so the edge block empties (phi-free MIR).
//!
//! Seed: none (SSA destruction's placement, seed 000, splits every critical edge into a phi). Behaviour
//! reference: LLVM's `PHIElimination`, which splits a critical edge only when the incoming value is live into
//! the predecessor's other successor, and otherwise puts the copy at the end of the predecessor.
//!
//! A guarded read with a default, `v = i < n ? a[i] : 0` that if-conversion may not speculate (the load could
//! fault), reaches SSA destruction as a triangle whose short edge is critical. The split edge block holds only
//! `mov %v, 0`, so the program is a diamond:
//!
//! ```text
//!     @%p bra LOAD;            // B
//!     mov.b16 %rs9, 0;         // S: the split edge, copies only
//!     bra.uni JOIN;
//! LOAD:                        // O
//!     ld.global.v4.b32 ...;
//!     mov.b32 {%rs9, %rs8}, %r6;
//! JOIN:
//! ```
//!
//! ptxas keeps such a diamond as a branch with a reconvergence region (`BSSY`/`BSYNC` and a `BRA` per arm),
//! while the triangle llc-19 emits (`mov %rs9, 0; @!%p bra JOIN; ld ...`) becomes predicated straight-line
//! code. This pass writes the triangle: the copies move to the end of `B`, `S` is left as a lone `bra` that
//! `branch-fold` removes.
//!
//! # Rule
//!
//! `B` ends with `@p bra X; bra Y`, `X ≠ Y`, neither is `B`, and no earlier branch of `B` targets either. For
//! one arm `S` (either of them) with the other arm `O`:
//! - `S` has the single predecessor `B`, no pragmas, and holds only unguarded `mov`s of an immediate into one
//!   register, then an unguarded `bra J`;
//! - `O` has the single predecessor `B`, ends with an unguarded `bra J` to the same `J`, and has no other
//!   branch or terminator (it runs straight through);
//! - every register `d` a copy of `S` writes is written unguarded in `O`, and nothing in `O` reads `d` up to
//!   and including that first unguarded write; `d` is not the branch predicate `p`.
//!
//! Then all of `S`'s copies move, in order, to the end of `B` before its branches. A thread going to `S` runs
//! them exactly as before (nothing lies between the end of `B` and the start of `S`, and `B`'s branches read
//! only `p`). A thread going to `O` now also runs them, but every register they write is overwritten in `O`
//! before anything reads it, so `O`'s results and everything live at `J` are unchanged.
//!
//! Copies of registers stay: hoisted, `d = s` keeps both `d` and `s` live into `O` where the diamond needed
//! only `s`, and on HeCBench (sm_90) moving them made 21 kernels longer for 32 shorter (segsort's `gen_bk*`
//! kernels +31 to +39 SASS); constants only, 25 shorter and 6 longer by at most 5.
//!
//! # Cost
//!
//! One pass over the blocks; each candidate arm is scanned once per copy register through a map of `O`'s
//! first reads and writes, so the pass is linear in the function's size. Threads taking `O` issue the copies
//! too: immediate moves, which ptxas folds into predicated or select code where it if-converts.

use crate::mir::{MBlock, MFunction, MInst, OpKind, Operand, Reg};
use rustc_hash::FxHashMap;

/// Whether `i` is a constant copy `mov d, imm` (unguarded).
fn is_copy(i: &MInst) -> bool {
    i.kind() == OpKind::Mov
        && i.guard.is_none()
        && matches!(i.dsts.as_slice(), [Operand::Reg(_)])
        && matches!(i.srcs.as_slice(), [Operand::Imm(_)])
}

/// The target of an unguarded single-target `bra` (the block's end).
fn jump_target(i: &MInst) -> Option<MBlock> {
    match (i.kind(), i.guard, i.srcs.as_slice()) {
        (OpKind::Bra, None, [Operand::Label(t)]) => Some(*t),
        _ => None,
    }
}

/// Whether the copies of `s` may move above the branch of its predecessor (branch predicate `p`) given the
/// other arm `o`.
fn movable(f: &MFunction, s: MBlock, o: MBlock, p: Reg) -> bool {
    let (sd, od) = (&f.blocks[s.0 as usize], &f.blocks[o.0 as usize]);
    let (Some((sl, scopies)), Some((ol, obody))) = (sd.insts.split_last(), od.insts.split_last()) else {
        return false;
    };
    let Some(j) = jump_target(sl) else { return false };
    if scopies.is_empty() || !sd.pragmas.is_empty() || jump_target(ol) != Some(j) || !scopies.iter().all(is_copy) {
        return false;
    }
    if obody.iter().any(|i| i.is_branch() || i.is_terminator() || i.is_phi()) {
        return false;
    }
    // Per register: whether O's first touch of it is an unguarded write that does not read it.
    let mut first: FxHashMap<Reg, bool> = FxHashMap::default();
    for i in obody {
        i.for_each_use(&mut |r| {
            first.entry(r).or_insert(false);
        });
        if i.guard.is_none() {
            i.for_each_def(&mut |r| {
                first.entry(r).or_insert(true);
            });
        }
    }
    scopies.iter().all(|c| {
        let Some(Operand::Reg(d)) = c.dsts.first() else { return false };
        *d != p && first.get(d).copied().unwrap_or(false)
    })
}

/// Runs the pass; returns how many copies moved.
pub fn run(f: &mut MFunction) -> usize {
    let preds = f.preds();
    let mut moved = 0;
    for b in f.order.clone() {
        let Some((p, x, y)) = super::hoist_common::two_way_branch(f, &preds, b) else { continue };
        let side = if movable(f, y, x, p) {
            y
        } else if movable(f, x, y, p) {
            x
        } else {
            continue;
        };
        let sb = &mut f.blocks[side.0 as usize].insts;
        let copies: Vec<MInst> = sb.drain(..sb.len() - 1).collect();
        moved += copies.len();
        let insts = &mut f.blocks[b.0 as usize].insts;
        let at = insts.len() - 2;
        insts.splice(at..at, copies);
    }
    moved
}
