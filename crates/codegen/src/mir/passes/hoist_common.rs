//! `hoist-common`: an instruction that starts both successors of a two-way branch moves above the branch
//! (phi-free MIR; LLVM's `HoistCommonCodeFromSuccessors`).
//!
//! SSA destruction puts a phi's copies at the end of each predecessor, and splits critical edges into blocks
//! holding only copies. When a block branches to two such blocks that both begin with the same copy — the
//! same loop-carried value entering a loop on both paths, say — the copy is issued on each side. Moving one
//! instance above the branch and deleting both leaves one `mov` in the program instead of two, and a warp
//! that runs both sides of a divergent branch issues it once.
//!
//! # Rule
//!
//! Block `B` ends with `@p bra X; bra Y` (or `bra` with a `.uni` flag), `X ≠ Y`, `B` is the only
//! predecessor of both, and no earlier branch of `B` (a phi-free block may leave from the middle) targets
//! either. In the first [`WINDOW`] instructions of `X` and of `Y`, an instruction `i` of `X` and an
//! identical `j` of `Y` (same opcode, operands and guard) are hoisted when:
//! - it is not a branch, call-sequence marker, phi or pseudo-instruction, and its effects allow executing it
//!   earlier: no memory write or read, barrier, atomic, convergence (a warp-synchronous operation must run
//!   with the same active threads), control transfer or side effect;
//! - in its block, it does not depend on any instruction before it in the window (it reads no register they
//!   write, writes none they read or write), so it may be taken first;
//! - it does not write the branch's predicate `p` (the branch would read the new value).
//!
//! Every path leaving `B` enters `X` or `Y` and executes the instruction first (after the independent
//! instructions before it), so executing it once at the end of `B` computes the same value into the same
//! register for the same threads. Hoisted instructions keep their order.
//!
//! # Cost
//!
//! The window bounds the matching (`WINDOW²` comparisons per branch): linear in the size of the function.

use crate::mir::{MBlock, MFunction, MInst, OpKind, Operand, Reg, Spaces};
use smallvec::SmallVec;

/// How many leading instructions of each successor are searched.
const WINDOW: usize = 12;

fn hoistable(i: &MInst) -> bool {
    if i.is_branch() || i.is_phi() || i.is_pseudo() || i.is_call_frame() || i.is_terminator() {
        return false;
    }
    let e = i.effects();
    !(e.side_effect || e.barrier || e.atomic || e.convergent || e.control)
        && e.reads == Spaces::NONE
        && e.writes == Spaces::NONE
        && i.op.kind != OpKind::Call
}

/// Whether `insts[k]` may be taken before `insts[..k]`.
fn independent(insts: &[MInst], k: usize) -> bool {
    let i = &insts[k];
    let reads = i.uses();
    let writes = i.defs();
    insts[..k].iter().all(|p| {
        !p.defs().iter().any(|r| reads.contains(r) || writes.contains(r))
            && !p.uses().iter().any(|r| writes.contains(r))
    })
}

/// The branch predicate and the two successors `(p, X, Y)` when block `b` ends with `@p bra X; bra Y` (or `bra` with
/// a `.uni` flag), `X ≠ Y`, neither is `b`, `b` is the only predecessor of both, and no earlier branch of `b` (a
/// phi-free block may leave from the middle) targets either: then every path leaving `b`'s end enters `X` or `Y`
/// straight from it, the shape `hoist-common` and `hoist-edge-copies` move instructions above.
pub(crate) fn two_way_branch(
    f: &MFunction,
    preds: &[SmallVec<[MBlock; 2]>],
    b: MBlock,
) -> Option<(Reg, MBlock, MBlock)> {
    let insts = &f.blocks[b.0 as usize].insts;
    let n = insts.len();
    if n < 2 {
        return None;
    }
    let (cond, uncond) = (&insts[n - 2], &insts[n - 1]);
    if cond.op.kind != OpKind::Bra || !uncond.is_terminator() || uncond.op.kind != OpKind::Bra {
        return None;
    }
    let p = cond.guard?.0;
    let (Some(&Operand::Label(x)), Some(&Operand::Label(y))) = (cond.srcs.first(), uncond.srcs.first()) else {
        return None;
    };
    if x == y || x == b || y == b || preds[x.0 as usize].len() != 1 || preds[y.0 as usize].len() != 1 {
        return None;
    }
    if insts[..n - 2].iter().any(|i| i.is_branch() && i.targets().iter().any(|&t| t == x || t == y)) {
        return None;
    }
    Some((p, x, y))
}

/// Runs the pass; returns how many instructions were hoisted.
pub fn run(f: &mut MFunction) -> usize {
    let preds = f.preds();
    let mut hoisted = 0;
    for b in f.order.clone() {
        let Some((p, x, y)) = two_way_branch(f, &preds, b) else { continue };
        let mut moved: Vec<MInst> = Vec::new();
        loop {
            let bx = &f.blocks[x.0 as usize].insts;
            let by = &f.blocks[y.0 as usize].insts;
            let mut found = None;
            'search: for kx in 0..bx.len().min(WINDOW) {
                let i = &bx[kx];
                if !hoistable(i) || i.defs().contains(&p) || !independent(bx, kx) {
                    continue;
                }
                for (ky, j) in by.iter().enumerate().take(WINDOW) {
                    if i.op == j.op && i.dsts == j.dsts && i.srcs == j.srcs && i.guard == j.guard && independent(by, ky)
                    {
                        found = Some((kx, ky));
                        break 'search;
                    }
                }
            }
            let Some((kx, ky)) = found else { break };
            let i = f.blocks[x.0 as usize].insts.remove(kx);
            f.blocks[y.0 as usize].insts.remove(ky);
            moved.push(i);
            hoisted += 1;
        }
        if !moved.is_empty() {
            let insts = &mut f.blocks[b.0 as usize].insts;
            let at = insts.len() - 2;
            insts.splice(at..at, moved);
        }
    }
    hoisted
}
