//! `machine-dce`: dead-code elimination on MIR — removes instructions none of whose results is read and whose
//! [`crate::mir::Effects`] make them removable (a plain load is; a store, barrier, atomic, warp-synchronous
//! operation, volatile access or write to a fixed register such as `%SPL` is not).
//!
//! Works on SSA-form or destructed MIR alike: a register is live if any remaining instruction reads it.
//! Iterates with a worklist of use counts, so the cost is linear in the number of operands.

use crate::mir::{MFunction, Reg};

/// Removes dead pure instructions; returns how many were removed.
pub fn run(f: &mut MFunction) -> usize {
    let mut uses = vec![0u32; f.regs.len()];
    for b in &f.order {
        for i in &f.block(*b).insts {
            for r in i.uses() {
                uses[r.0 as usize] += 1;
            }
        }
    }
    let dead = |i: &crate::mir::MInst, uses: &[u32]| {
        i.is_removable() && !i.dsts.is_empty() && i.defs().iter().all(|r: &Reg| uses[r.0 as usize] == 0)
    };
    let mut removed = 0;
    loop {
        let mut changed = false;
        for b in f.order.clone() {
            let insts = &mut f.blocks[b.0 as usize].insts;
            let mut k = insts.len();
            while k > 0 {
                k -= 1;
                if dead(&insts[k], &uses) {
                    let i = insts.remove(k);
                    for r in i.uses() {
                        uses[r.0 as usize] -= 1;
                    }
                    removed += 1;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    removed
}
