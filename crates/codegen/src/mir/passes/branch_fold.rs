//! `branch-fold`: layout-aware branch folding, run last before printing: where a block ends in `@%p bra A; bra.uni B;` and `A`
//! is the next block in layout, the pair becomes `@!%p bra B;` and the block falls through to `A` (LLVM's
//! `analyzeBranch`/`reverseBranchCondition` do the same). The `.uni` marker of the conditional branch is kept,
//! as reversing the condition does not change whether the branch is uniform. Unconditional branches to the next
//! block are dropped by the printer.

use crate::mir::{MFunction, Mod, OpKind, Operand};

/// Folds branches in place; returns how many pairs were folded.
pub fn run(f: &mut MFunction) -> usize {
    let mut n = 0;
    for k in 0..f.order.len() {
        let Some(&next) = f.order.get(k + 1) else { break };
        let b = f.order[k];
        let insts = &mut f.blocks[b.0 as usize].insts;
        let len = insts.len();
        if len < 2 {
            continue;
        }
        let (cond, last) = (&insts[len - 2], &insts[len - 1]);
        let folds = cond.guard.is_some()
            && cond.kind() == OpKind::Bra
            && matches!(cond.srcs.first(), Some(Operand::Label(t)) if *t == next)
            && last.kind() == OpKind::Bra
            && last.op.has(Mod::Uni)
            && last.guard.is_none();
        if folds {
            let target = last.srcs[0].clone();
            insts.pop();
            let c = insts.last_mut().expect("two instructions");
            if let Some((_, neg)) = &mut c.guard {
                *neg = !*neg;
            }
            c.srcs[0] = target;
            n += 1;
        }
    }
    n
}
