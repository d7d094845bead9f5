//! `redundant-mov`: removes `mov %x, imm` when `%x` already holds `imm` on every path (phi-free MIR).
//!
//! SSA destruction writes each phi's incoming value at the end of each predecessor. When several phis of a
//! chain of blocks receive the same constant (accumulators initialised to `0.0` before a runtime-unrolled
//! loop, its remainder loop and their exit), the same register gets the same constant again and again along
//! one path: `mov.f32 %f1, 0f00000000` in the entry, again in the block the entry falls into, again before the
//! remainder loop. Only the first is needed. (llc's `MachineCopyPropagation` removes such redundant moves.)
//!
//! # Rule
//!
//! A forward walk keeps, per program point, a set of facts `%x = imm` (an unguarded `mov %x, imm` established
//! it and no instruction since has written `%x`; a guarded write, or any other write, kills the fact). An
//! unguarded `mov %x, imm` whose fact already holds is deleted. A block with exactly one predecessor starts
//! with the facts that hold at the branch of that predecessor which jumps to it — a phi-free block may leave
//! from the middle (`@%p bra X` followed by more code), so that is not necessarily the predecessor's end state;
//! if two branches of the predecessor jump to it, it starts with none. (The predecessor is final when the block
//! is visited: blocks are visited in dominator-tree preorder and a sole predecessor is the immediate
//! dominator.) A block with several predecessors, or none, starts with no facts. Deleting a `mov` that writes the value
//! the register already holds changes no register on any path, so the program is unchanged.
//!
//! # Cost
//!
//! At most [`MAX_FACTS`] facts are tracked at once (the oldest is dropped beyond that), so copying a block's
//! end state to its successor is O(1) and the pass is linear in the number of instructions.

use crate::mir::{graph, MFunction, OpKind, Operand, Reg};

/// Most facts tracked at once.
const MAX_FACTS: usize = 32;

type Facts = Vec<(Reg, Operand)>;

fn kill(facts: &mut Facts, r: Reg) {
    facts.retain(|(x, _)| *x != r);
}

/// Runs the pass; returns how many `mov`s were removed.
pub fn run(f: &mut MFunction) -> usize {
    let g = graph::block_graph(f);
    let dt = simtc_graph::DomTree::compute(&g);
    let preds = f.preds();
    // Facts on entry to a block, recorded at the branch that jumps to it (meaningful for a sole predecessor).
    let mut entry: Vec<Option<Facts>> = vec![None; f.blocks.len()];
    let mut removed = 0;
    for &b in dt.preorder() {
        let mut facts: Facts = match preds[b as usize].as_slice() {
            [_] => entry[b as usize].take().unwrap_or_default(),
            _ => Vec::new(),
        };
        let insts = &mut f.blocks[b as usize].insts;
        let before = insts.len();
        let mut seen_targets: Vec<u32> = Vec::new();
        insts.retain(|i| {
            if i.is_branch() {
                for t in i.targets() {
                    let t = t.0 as usize;
                    if seen_targets.contains(&(t as u32)) {
                        entry[t] = Some(Vec::new());
                    } else {
                        seen_targets.push(t as u32);
                        entry[t] = Some(facts.clone());
                    }
                }
                return true;
            }
            let imm_mov = i.guard.is_none()
                && i.op.kind == OpKind::Mov
                && i.op.mods.len() == 1
                && matches!(i.srcs.as_slice(), [Operand::Imm(_) | Operand::F32(_) | Operand::F64(_)]);
            if imm_mov {
                if let [Operand::Reg(x)] = i.dsts.as_slice() {
                    let v = &i.srcs[0];
                    if facts.iter().any(|(r, o)| r == x && o == v) {
                        return false;
                    }
                    kill(&mut facts, *x);
                    if facts.len() == MAX_FACTS {
                        facts.remove(0);
                    }
                    facts.push((*x, v.clone()));
                    return true;
                }
            }
            for r in i.defs() {
                kill(&mut facts, r);
            }
            true
        });
        removed += before - f.blocks[b as usize].insts.len();
    }
    removed
}
