//! `redundant-mov`: removes `mov %x, imm` (and a predicate constant's `setp.ne.s32 %p, imm, 0`) when the
//! register already holds that value on every path (phi-free MIR).
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

use crate::mir::{graph, MFunction, MInst, Mod, OpKind, Operand, Reg};

/// Most facts tracked at once.
const MAX_FACTS: usize = 32;

type Facts = Vec<(Reg, Operand)>;

fn kill(facts: &mut Facts, r: Reg) {
    facts.retain(|(x, _)| *x != r);
}

/// The register and value an unguarded constant definition writes: `mov %x, imm` (the immediate as written), or
/// the predicate constant `setp.ne.s32 %p, a, 0` that SSA destruction writes for an `i1` phi operand (the value
/// `a != 0` on 32 bits as `0`/`1`, so `setp.ne.s32 %p, 1, 0` and `setp.ne.s32 %p, -1, 0` are the same fact).
fn constant_def(i: &MInst) -> Option<(Reg, Operand)> {
    if i.guard.is_some() {
        return None;
    }
    let [Operand::Reg(x)] = i.dsts.as_slice() else { return None };
    match (i.op.kind, i.op.mods.as_slice(), i.srcs.as_slice()) {
        (OpKind::Mov, [_], [v @ (Operand::Imm(_) | Operand::F32(_) | Operand::F64(_))]) => Some((*x, v.clone())),
        (OpKind::Setp, [Mod::Ne, Mod::S32], [Operand::Imm(a), Operand::Imm(0)]) => {
            // The comparison is on 32 bits: only the immediate's low word decides.
            Some((*x, Operand::Imm(i64::from(*a as i32 != 0))))
        }
        _ => None,
    }
}

/// Runs the pass; returns how many constant definitions were removed.
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
            if let Some((x, v)) = constant_def(i) {
                if facts.iter().any(|(r, o)| *r == x && *o == v) {
                    return false;
                }
                kill(&mut facts, x);
                if facts.len() == MAX_FACTS {
                    facts.remove(0);
                }
                facts.push((x, v));
                return true;
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
