//! SSA destruction on MIR: removes `phi` pseudo-instructions by inserting copies (the "naive" strategy; the
//! CSSA issue replaces copy placement and adds divergence-aware coalescing, selectable with `--knob ssa=...`).
//!
//! 1. **Critical edges are split**: an edge from a block with several successors to a block with phis and
//!    several predecessors gets a new block holding only `bra.uni`. Afterwards every copy placed at the end of a
//!    predecessor runs only on the edge it belongs to, and no branch of the predecessor reads a register the
//!    copies write (a phi's destination is defined in its block, which cannot dominate a sole predecessor).
//! 2. **Parallel copies**: the phis of a block are simultaneous, so the copies of one edge form a parallel copy
//!    `(d1, ..., dn) ← (s1, ..., sn)`. It is sequentialized (Boissinot et al., "Revisiting out-of-SSA
//!    translation", 2009): a copy whose destination no pending copy still reads is emitted first; when only
//!    cycles remain, one destination is saved in a fresh temporary and its readers are redirected. This is what
//!    makes the lost-copy and swap problems come out right.
//!
//! Cost: O(edges + phis); each parallel copy is sequentialized in time linear in its size.

use crate::mir::{MBlock, MFunction, MInst, Operand, Reg, RegClass};
use rustc_hash::FxHashMap;

/// Runs SSA destruction in place.
pub fn destruct(f: &mut MFunction) {
    split_critical_edges(f);
    let preds = f.preds();
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
                copies.push((d, phi.srcs[k].clone()));
            }
            let seq = sequentialize(f, copies);
            insert_before_branches(f, p, seq);
        }
    }
}

fn split_critical_edges(f: &mut MFunction) {
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
            f.blocks.push(Default::default());
            let n = MBlock(f.blocks.len() as u32 - 1);
            f.block_mut(n).insts.push(MInst::new("bra.uni", &[], &[Operand::Label(s)]));
            for i in &mut f.block_mut(b).insts {
                if i.is_branch() {
                    for o in i.srcs.iter_mut() {
                        match o {
                            Operand::Label(t) if *t == s => *t = n,
                            Operand::Labels(ts) => ts.iter_mut().filter(|t| **t == s).for_each(|t| *t = n),
                            _ => {}
                        }
                    }
                }
            }
            for i in f.block_mut(s).insts.iter_mut().take_while(|i| i.is_phi()) {
                for pb in i.phi_blocks.iter_mut() {
                    if *pb == b {
                        *pb = n;
                    }
                }
            }
            new_order.push(n);
        }
    }
    f.order = new_order;
}

/// Orders a parallel copy into sequential `mov`s.
fn sequentialize(f: &mut MFunction, copies: Vec<(Reg, Operand)>) -> Vec<MInst> {
    let mut out = Vec::new();
    // Drop self-copies; count readers of each register among pending copies.
    let mut pending: Vec<(Reg, Operand)> = copies.into_iter().filter(|(d, s)| s.reg() != Some(*d)).collect();
    let mut readers: FxHashMap<Reg, usize> = FxHashMap::default();
    for (_, s) in &pending {
        if let Some(r) = s.reg() {
            *readers.entry(r).or_default() += 1;
        }
    }
    while !pending.is_empty() {
        let mut progressed = false;
        let mut k = 0;
        while k < pending.len() {
            let d = pending[k].0;
            if readers.get(&d).copied().unwrap_or(0) == 0 {
                let (d, s) = pending.swap_remove(k);
                if let Some(r) = s.reg() {
                    if let Some(c) = readers.get_mut(&r) {
                        *c -= 1;
                    }
                }
                out.push(mov(f, d, s));
                progressed = true;
            } else {
                k += 1;
            }
        }
        if !progressed {
            // Only cycles remain: save the first destination and redirect its readers.
            let d = pending[0].0;
            let t = f.new_reg(f.class(d));
            out.push(mov(f, t, Operand::Reg(d)));
            let mut moved = 0;
            for (_, s) in pending.iter_mut() {
                if s.reg() == Some(d) {
                    *s = Operand::Reg(t);
                    moved += 1;
                }
            }
            readers.insert(d, 0);
            readers.insert(t, moved);
        }
    }
    out
}

fn mov(f: &MFunction, d: Reg, s: Operand) -> MInst {
    let c = f.class(d);
    match (&s, c) {
        (Operand::Imm(v), RegClass::Pred) => {
            MInst::new("setp.ne.s32", &[Operand::Reg(d)], &[Operand::Imm(*v & 1), Operand::Imm(0)])
        }
        _ => MInst::new(format!("mov.{}", c.mov_type()), &[Operand::Reg(d)], &[s]),
    }
}

fn insert_before_branches(f: &mut MFunction, b: MBlock, seq: Vec<MInst>) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn regs(f: &mut MFunction, n: usize) -> Vec<Reg> {
        (0..n).map(|_| f.new_reg(RegClass::B32)).collect()
    }

    /// Simulates a sequence of movs on a register file.
    fn run(seq: &[MInst], file: &mut FxHashMap<Reg, i64>) {
        for i in seq {
            let d = i.dsts[0].reg().unwrap();
            let v = match &i.srcs[0] {
                Operand::Reg(r) => file[r],
                Operand::Imm(v) => *v,
                _ => unreachable!(),
            };
            file.insert(d, v);
        }
    }

    #[test]
    fn swap_is_sequentialized_with_a_temporary() {
        let mut f = MFunction::default();
        let r = regs(&mut f, 2);
        let seq = sequentialize(&mut f, vec![(r[0], Operand::Reg(r[1])), (r[1], Operand::Reg(r[0]))]);
        assert_eq!(seq.len(), 3);
        let mut file: FxHashMap<Reg, i64> = [(r[0], 1), (r[1], 2)].into_iter().collect();
        run(&seq, &mut file);
        assert_eq!((file[&r[0]], file[&r[1]]), (2, 1));
    }

    #[test]
    fn chains_and_cycles_keep_parallel_semantics() {
        let mut f = MFunction::default();
        let r = regs(&mut f, 5);
        // (a,b,c) <- (b,c,a) rotation, d <- a (reads old a), e <- 7
        let copies = vec![
            (r[0], Operand::Reg(r[1])),
            (r[1], Operand::Reg(r[2])),
            (r[2], Operand::Reg(r[0])),
            (r[3], Operand::Reg(r[0])),
            (r[4], Operand::Imm(7)),
        ];
        let seq = sequentialize(&mut f, copies);
        let mut file: FxHashMap<Reg, i64> = (0..5).map(|k| (r[k], k as i64 + 10)).collect();
        run(&seq, &mut file);
        assert_eq!([file[&r[0]], file[&r[1]], file[&r[2]], file[&r[3]], file[&r[4]]], [11, 12, 10, 10, 7]);
    }

    #[test]
    fn self_copies_vanish() {
        let mut f = MFunction::default();
        let r = regs(&mut f, 1);
        assert!(sequentialize(&mut f, vec![(r[0], Operand::Reg(r[0]))]).is_empty());
    }
}
