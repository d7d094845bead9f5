//! `branch-fold`: layout-aware branch folding, run last before printing.
//!
//! 1. **Forwarding blocks** — a block other than the entry whose only instruction is an unconditional `bra T`
//!    (left behind when optimizations emptied it, e.g. an arm whose only instruction became a coalesced copy)
//!    is removed and every branch to it goes to `T` instead (chains are followed; a cycle of empty blocks,
//!    i.e. an empty infinite loop, is left alone). A block with `.pragma` lines (loop pragmas) is kept. This
//!    is divergence-neutral: the reconvergence point of a branch is its immediate post-dominator, and
//!    removing an empty block on a path changes no post-dominance relation among the remaining blocks except
//!    that `T` takes the removed block's place.
//! 2. **Branch over the next block** — where a block ends in `@%p bra A; bra.uni B;` and `A` is the next block
//!    in layout, the pair becomes `@!%p bra B;` and the block falls through to `A` (LLVM's
//!    `analyzeBranch`/`reverseBranchCondition` do the same). The `.uni` marker of the conditional branch is
//!    kept, as reversing the condition does not change whether the branch is uniform. Unconditional branches to
//!    the next block are dropped by the printer. `@%p bra T; bra.uni T;` becomes `bra.uni T;`.
//!
//! Input: [`crate::mir::Phase::PhiFree`] (every block ends with a terminator). Linear in the function's size.

use crate::mir::{MBlock, MFunction, Mod, OpKind, Operand};

/// The target of a forwarding block (one unguarded unconditional `bra`, no pragmas), if `b` is one.
fn forward_target(f: &MFunction, b: MBlock) -> Option<MBlock> {
    let d = &f.blocks[b.0 as usize];
    match (d.insts.as_slice(), d.pragmas.is_empty()) {
        ([i], true) if i.kind() == OpKind::Bra && i.guard.is_none() => match i.srcs.as_slice() {
            [Operand::Label(t)] if *t != b => Some(*t),
            _ => None,
        },
        _ => None,
    }
}

/// Removes forwarding blocks (step 1); returns how many.
fn thread_forwarding_blocks(f: &mut MFunction) -> usize {
    let Some(&entry) = f.order.first() else { return 0 };
    let nb = f.blocks.len();
    // Resolved final target per block (`None`: not a forwarding block or part of an empty cycle).
    let mut fwd: Vec<Option<MBlock>> = vec![None; nb];
    for &b in &f.order {
        if b != entry {
            fwd[b.0 as usize] = forward_target(f, b);
        }
    }
    // Resolve chains with path compression; a chain that comes back to itself is a cycle: keep it.
    const VISITING: u8 = 1;
    const DONE: u8 = 2;
    let mut state = vec![0u8; nb];
    let mut path: Vec<MBlock> = Vec::new();
    for &b in &f.order {
        let mut x = b;
        while fwd[x.0 as usize].is_some() && state[x.0 as usize] == 0 {
            state[x.0 as usize] = VISITING;
            path.push(x);
            x = fwd[x.0 as usize].expect("checked");
        }
        let last = if state[x.0 as usize] == VISITING {
            // A cycle of forwarding blocks: none of the path is removed.
            for p in path.drain(..) {
                fwd[p.0 as usize] = None;
                state[p.0 as usize] = DONE;
            }
            continue;
        } else {
            // `x` is a real block, or a resolved forwarding block (its final target).
            fwd[x.0 as usize].unwrap_or(x)
        };
        for p in path.drain(..) {
            fwd[p.0 as usize] = Some(last);
            state[p.0 as usize] = DONE;
        }
    }
    let removed = fwd.iter().filter(|t| t.is_some()).count();
    if removed == 0 {
        return 0;
    }
    for &b in &f.order {
        if fwd[b.0 as usize].is_some() {
            continue;
        }
        for i in &mut f.blocks[b.0 as usize].insts {
            if !i.is_branch() {
                continue;
            }
            for o in i.srcs.iter_mut() {
                match o {
                    Operand::Label(t) => *t = fwd[t.0 as usize].unwrap_or(*t),
                    Operand::Labels(ts) => ts.iter_mut().for_each(|t| *t = fwd[t.0 as usize].unwrap_or(*t)),
                    _ => {}
                }
            }
        }
    }
    f.order.retain(|b| fwd[b.0 as usize].is_none());
    removed
}

/// Folds branches in place; returns how many forwarding blocks were removed plus how many pairs were folded.
pub fn run(f: &mut MFunction) -> usize {
    let mut n = thread_forwarding_blocks(f);
    for k in 0..f.order.len() {
        let Some(&next) = f.order.get(k + 1) else { break };
        let b = f.order[k];
        let insts = &mut f.blocks[b.0 as usize].insts;
        let len = insts.len();
        if len < 2 {
            continue;
        }
        let (cond, last) = (&insts[len - 2], &insts[len - 1]);
        let pair = cond.guard.is_some()
            && cond.kind() == OpKind::Bra
            && last.kind() == OpKind::Bra
            && last.op.has(Mod::Uni)
            && last.guard.is_none();
        if !pair {
            continue;
        }
        let cond_target = cond.srcs.first().cloned();
        if cond_target.is_some() && cond_target.as_ref() == last.srcs.first() {
            // `@%p bra T; bra.uni T;` (both edges lead to `T`, e.g. after step 1): only the jump remains.
            insts.remove(len - 2);
            n += 1;
        } else if matches!(cond_target, Some(Operand::Label(t)) if t == next) {
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
