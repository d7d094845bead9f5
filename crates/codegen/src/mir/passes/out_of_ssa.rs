//! `out-of-ssa`: SSA destruction on MIR — removes `phi` pseudo-instructions by inserting copies (the
//! CSSA issue replaces copy placement and adds divergence-aware coalescing). Leaves [`Phase::PhiFree`]; under
//! `--verify-each` its result is checked by [`super::ssa_check`].
//!
//! 1. **Critical edges are split**: an edge from a block with several successors to a block with phis and
//!    several predecessors gets a new block holding only `bra.uni`. Afterwards every copy placed at the end of a
//!    predecessor runs only on the edge it belongs to, and no branch of the predecessor reads a register the
//!    copies write (a phi's destination is defined in its block, which cannot dominate a sole predecessor).
//! 2. **Parallel copies**: the phis of a block are simultaneous, so the copies of one edge form a parallel copy
//!    `(d1, ..., dn) ← (s1, ..., sn)`, sequentialized by [`super::parallel_copy`]. This is what makes the
//!    lost-copy and swap problems come out right. An operand defined by `undef` gets no copy.
//!
//! Cost: O(edges + phis); each parallel copy is sequentialized in time linear in its size.

use super::parallel_copy::sequentialize;
#[cfg(doc)]
use crate::mir::Phase;
use crate::mir::{MBlock, MFunction, MInst, Operand, Reg};

/// Runs SSA destruction in place; returns whether there was a phi to remove.
pub fn run(f: &mut MFunction) -> bool {
    let had_phis = f.blocks.iter().any(|b| b.insts.first().is_some_and(MInst::is_phi));
    if !had_phis {
        return false;
    }
    split_critical_edges(f);
    let preds = f.preds();
    // An `undef` operand needs no copy: the phi's register may hold anything on that edge.
    let undef = f.undef_regs();
    let order = f.order.clone();
    for b in order {
        let n_phis = f.block(b).insts.iter().take_while(|i| i.is_phi()).count();
        if n_phis == 0 {
            continue;
        }
        let phis: Vec<MInst> = f.block_mut(b).insts.drain(..n_phis).collect();
        for &p in &preds[b.0 as usize] {
            let mut copies: Vec<(Reg, Operand)> = Vec::with_capacity(phis.len());
            for phi in &phis {
                let Some(d) = phi.dsts[0].reg() else { continue };
                let Some(k) = phi.phi_blocks.iter().position(|x| *x == p) else { continue };
                if matches!(phi.srcs[k], Operand::Reg(r) if undef[r.0 as usize]) {
                    continue;
                }
                copies.push((d, phi.srcs[k].clone()));
            }
            let seq = sequentialize(f, copies);
            insert_before_branches(f, p, seq);
        }
    }
    true
}

/// Splits the critical edges into blocks with phis; returns `(edge block, source, target)` per split edge.
pub(crate) fn split_critical_edges(f: &mut MFunction) -> Vec<(MBlock, MBlock, MBlock)> {
    let mut split = Vec::new();
    let preds = f.preds();
    let has_phis: Vec<bool> = f.blocks.iter().map(|b| b.insts.first().is_some_and(|i| i.is_phi())).collect();
    let order = f.order.clone();
    let mut new_order = Vec::with_capacity(order.len());
    for b in order {
        new_order.push(b);
        let succs = f.succs(b);
        if succs.len() < 2 {
            continue;
        }
        for s in succs {
            if !has_phis[s.0 as usize] || preds[s.0 as usize].len() < 2 {
                continue;
            }
            // New block n: b -> n -> s.
            let n = f.new_detached_block();
            // The edge block runs on the edge's threads only: divergent if its source branch is.
            f.divergent_blocks[n.0 as usize] = f.is_divergent_block(b);
            f.block_mut(n).insts.push(MInst::jump(s));
            f.retarget_branches(b, s, n);
            f.rename_phi_pred(s, b, n);
            new_order.push(n);
            split.push((n, b, s));
        }
    }
    f.order = new_order;
    split
}

/// Inserts `seq` before the first branch (or terminator) of `b`.
pub(crate) fn insert_before_branches(f: &mut MFunction, b: MBlock, seq: Vec<MInst>) {
    if seq.is_empty() {
        return;
    }
    let insts = &mut f.block_mut(b).insts;
    // Before the first branch, not just the trailing ones: a lowered switch is `setp; @p bra; setp; @p bra; bra`,
    // and a phi block with this single predecessor may be the target of its first branch. Copies for one successor
    // that also run on the way to another are harmless: they write that successor's phi registers only.
    let at = insts.iter().position(|i| i.is_branch() || i.is_terminator()).unwrap_or(insts.len());
    let tail: Vec<MInst> = insts.drain(at..).collect();
    insts.extend(seq);
    insts.extend(tail);
}
