//! `machine-dce`: dead-code elimination on MIR — removes instructions none of whose results is read and whose
//! [`crate::mir::Effects`] make them removable (a plain load is; a store, barrier, atomic, warp-synchronous
//! operation, volatile access or write to a fixed register such as `%SPL` is not).
//!
//! Works on SSA-form or destructed MIR alike: a register is live if any remaining instruction reads it (a
//! register with several definitions dies when its last reader goes, and then all its removable definitions go).
//! A worklist over use counts: every instruction is marked dead at most once, each removal decrements the use
//! counts of what it read, and blocks are compacted once at the end — linear in the number of operands.

use crate::mir::{MBlock, MFunction, MInst, Reg};

/// Removes dead instructions; returns how many were removed.
pub fn run(f: &mut MFunction) -> usize {
    let n = f.regs.len();
    let mut uses = f.read_counts();
    let candidate = |i: &MInst| i.is_removable() && !i.dsts.is_empty();
    let mut work: Vec<(MBlock, u32)> = Vec::new();
    for &b in &f.order {
        for (k, i) in f.block(b).insts.iter().enumerate() {
            if candidate(i) && i.defs().iter().all(|r: &Reg| uses[r.0 as usize] == 0) {
                work.push((b, k as u32));
            }
        }
    }
    if work.is_empty() {
        // Nothing dead (the usual case when another pass runs this as its clean-up): no definition index.
        return 0;
    }
    // Definition sites of every register, (block, index), in one flat array indexed by `def_start`.
    let mut def_start = vec![0u32; n + 1];
    for &b in &f.order {
        for i in &f.block(b).insts {
            for r in i.defs() {
                def_start[r.0 as usize + 1] += 1;
            }
        }
    }
    for r in 0..n {
        def_start[r + 1] += def_start[r];
    }
    let mut fill = def_start.clone();
    let mut def_sites = vec![(MBlock(0), 0u32); def_start[n] as usize];
    for &b in &f.order {
        for (k, i) in f.block(b).insts.iter().enumerate() {
            for r in i.defs() {
                let slot = &mut fill[r.0 as usize];
                def_sites[*slot as usize] = (b, k as u32);
                *slot += 1;
            }
        }
    }
    let mut dead: Vec<Vec<bool>> = f.blocks.iter().map(|bd| vec![false; bd.insts.len()]).collect();
    let mut removed = 0;
    while let Some((b, k)) = work.pop() {
        if dead[b.0 as usize][k as usize] {
            continue;
        }
        let i = &f.block(b).insts[k as usize];
        if !i.defs().iter().all(|r: &Reg| uses[r.0 as usize] == 0) {
            continue;
        }
        dead[b.0 as usize][k as usize] = true;
        removed += 1;
        for r in i.uses() {
            let u = &mut uses[r.0 as usize];
            *u -= 1;
            if *u == 0 {
                let (lo, hi) = (def_start[r.0 as usize] as usize, def_start[r.0 as usize + 1] as usize);
                for &(db, dk) in &def_sites[lo..hi] {
                    if !dead[db.0 as usize][dk as usize] && candidate(&f.block(db).insts[dk as usize]) {
                        work.push((db, dk));
                    }
                }
            }
        }
    }
    if removed > 0 {
        for &b in &f.order.clone() {
            let marks = &dead[b.0 as usize];
            let mut k = 0;
            f.block_mut(b).insts.retain(|_| {
                let keep = !marks[k];
                k += 1;
                keep
            });
        }
    }
    removed
}
