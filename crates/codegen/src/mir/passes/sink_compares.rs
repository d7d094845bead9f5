//! `sink-compares`: recomputes a comparison in each block that reads its predicate, when more predicates are
//! live at once than the machine has (LLVM CodeGenPrepare's compare sinking, done only under pressure).
//!
//! # Why
//!
//! SASS has seven predicate registers (`P0`–`P6`) per thread. The IR that clang emits has its loop-invariant
//! compares hoisted out of loops (LLVM's LICM): a fully unrolled tree scan inside a grid-stride loop
//! (`for (d = N/2; d > 0; d >>= 1) { __syncthreads(); if (tid < d) ... }`) tests `tid < 128`, `tid < 64`, …,
//! `tid == 0` once before the loop and keeps every predicate live through it. With more than seven live at once,
//! ptxas moves predicates into general registers and back (`P2R`/`R2P`) and recomputes the rest itself. llc-19
//! does not meet this: for a target without several condition registers, CodeGenPrepare sinks every compare
//! into the blocks that read it. A compare of registers costs one instruction where it is read and nothing in
//! between; its operands are usually live there anyway (the thread index).
//!
//! # Rule
//!
//! Only in a function where, by the liveness of its predicate registers, more than `limit` predicates
//! (default [`DEFAULT_LIMIT`]: the seven SASS predicates) are live at some instruction. There, a `setp` with one
//! predicate destination, no guard, and sources that are immediates or non-predicate registers written once
//! (so each holds the same value wherever its definition dominates) is copied into every other block that reads
//! its predicate (as a source or a guard, not as a phi operand), right before the first reader there; those
//! readers read the copy. The original goes when no reader is left in its own block.
//!
//! # Exactness and cost
//!
//! The MIR is in SSA form: the `setp` dominates every reader, its operands' definitions dominate the `setp`,
//! and no operand is written again, so the copy computes the same predicate. A first sweep bounds the pressure
//! without liveness (the predicates read outside their block plus the most defined and read inside one block:
//! when those fit, nothing is done — most of libdevice's functions); then one predicate liveness solve
//! (registers of the predicate class only), one backward scan per block, one rebuild of each block that gets
//! copies: linear in the instructions plus the predicate liveness sets.

use crate::mir::{graph, MBlock, MFunction, MInst, OpKind, Operand, Reg, RegClass};
use rustc_hash::FxHashMap;

/// The knob: most predicates live at once before compares are sunk.
pub const LIMIT_KNOB: &str = "SinkComparesLimit";

/// Default of [`LIMIT_KNOB`] (the knob registry's text): SASS's seven predicate registers `P0`–`P6`.
pub const DEFAULT_LIMIT: &str = "7";

/// Runs the pass; returns the number of compares copied into other blocks.
pub fn run(f: &mut MFunction, limit: usize) -> usize {
    let is_pred = |c: RegClass| c == RegClass::Pred;
    if f.regs.iter().filter(|&&c| is_pred(c)).count() <= limit {
        return 0;
    }
    // Only a predicate read outside the block that defines it can be sunk; most functions have none, and then
    // no liveness is computed.
    let mut def_block: Vec<Option<MBlock>> = vec![None; f.regs.len()];
    for &b in &f.order {
        for i in &f.block(b).insts {
            for r in i.defs() {
                def_block[r.0 as usize] = Some(b);
            }
        }
    }
    let mut cross = vec![false; f.regs.len()];
    for &b in &f.order {
        for i in &f.block(b).insts {
            for r in i.uses() {
                let r = r.0 as usize;
                cross[r] |= is_pred(f.regs[r]) && def_block[r].is_some_and(|d| d != b);
            }
        }
    }
    // At any point the live predicates are some of those read across blocks plus some defined in the point's
    // block and read only there: when even all of them fit, so does the peak.
    let n_cross = cross.iter().filter(|&&c| c).count();
    if n_cross == 0 {
        return 0;
    }
    let mut local = vec![0usize; f.blocks.len()];
    for (r, d) in def_block.iter().enumerate() {
        if let (Some(d), false, true) = (d, cross[r], is_pred(f.regs[r])) {
            local[d.0 as usize] += 1;
        }
    }
    if n_cross + local.iter().copied().max().unwrap_or(0) <= limit {
        return 0;
    }
    let writes = f.write_counts();
    let regs = &f.regs;
    let live = graph::ssa_liveness(f, |r| is_pred(regs[r as usize]) && writes[r as usize] <= 1);
    if peak(f, &live) <= limit {
        return 0;
    }
    // Where each predicate is defined and the blocks that read it (phi operands disqualify it).
    let n = f.regs.len();
    let mut def: Vec<Option<(MBlock, usize)>> = vec![None; n];
    let mut readers: FxHashMap<u32, Vec<MBlock>> = FxHashMap::default();
    let mut phi_read = vec![false; n];
    for &b in &f.order {
        for (k, i) in f.block(b).insts.iter().enumerate() {
            if i.is_phi() {
                for s in &i.srcs {
                    if let Some(r) = s.reg() {
                        phi_read[r.0 as usize] = true;
                    }
                }
                continue;
            }
            for r in i.uses() {
                if is_pred(f.regs[r.0 as usize]) {
                    let v = readers.entry(r.0).or_default();
                    if v.last() != Some(&b) {
                        v.push(b);
                    }
                }
            }
            if let [Operand::Reg(d)] = i.dsts.as_slice() {
                if sinkable(i, &f.regs, &writes) {
                    def[d.0 as usize] = Some((b, k));
                }
            }
        }
    }
    // Per block, the predicates to recompute there (in register order, so the output is deterministic).
    let mut plans: FxHashMap<MBlock, Vec<u32>> = FxHashMap::default();
    let mut drop_original: Vec<(MBlock, usize)> = Vec::new();
    let mut keys: Vec<u32> = readers.keys().copied().collect();
    keys.sort_unstable();
    for p in keys {
        let Some((d, k)) = def[p as usize] else { continue };
        if phi_read[p as usize] || writes[p as usize] != 1 {
            continue;
        }
        let mut blocks = readers[&p].clone();
        blocks.sort_unstable_by_key(|b| b.0);
        blocks.dedup();
        if blocks.iter().all(|&b| b == d) {
            continue;
        }
        if !blocks.contains(&d) {
            drop_original.push((d, k));
        }
        for b in blocks.into_iter().filter(|&b| b != d) {
            plans.entry(b).or_default().push(p);
        }
    }
    // The copies, cloned before any block changes; then the originals without readers left in their block
    // go (one pass over each of their blocks); then each reading block gets its copies.
    let mut template: FxHashMap<u32, MInst> = FxHashMap::default();
    for ps in plans.values() {
        for &p in ps {
            let (d, k) = def[p as usize].expect("planned predicates have a sinkable definition");
            template.entry(p).or_insert_with(|| f.blocks[d.0 as usize].insts[k].clone());
        }
    }
    drop_original.sort_unstable_by_key(|&(d, k)| (d.0, k));
    let mut at = 0;
    while at < drop_original.len() {
        let d = drop_original[at].0;
        let mut k = 0;
        let mut next = at;
        f.blocks[d.0 as usize].insts.retain(|_| {
            let drop = next < drop_original.len() && drop_original[next] == (d, k);
            next += usize::from(drop);
            k += 1;
            !drop
        });
        debug_assert!(next > at, "every planned removal names an instruction of its block");
        at = next.max(at + 1);
    }
    let mut count = 0;
    let mut order: Vec<MBlock> = plans.keys().copied().collect();
    order.sort_unstable_by_key(|b| b.0);
    for b in order {
        let mut copy: FxHashMap<u32, MInst> = FxHashMap::default();
        let mut rename: FxHashMap<u32, Reg> = FxHashMap::default();
        for &p in &plans[&b] {
            let mut inst = template[&p].clone();
            let np = f.new_reg(RegClass::Pred);
            f.uniform[np.0 as usize] = f.uniform[p as usize];
            inst.dsts[0] = Operand::Reg(np);
            copy.insert(p, inst);
            rename.insert(p, np);
            count += 1;
        }
        let insts = std::mem::take(&mut f.blocks[b.0 as usize].insts);
        let mut out = Vec::with_capacity(insts.len() + copy.len());
        for mut i in insts {
            if !i.is_phi() {
                for r in i.uses() {
                    if let Some(c) = copy.remove(&r.0) {
                        out.push(c);
                    }
                }
                i.map_uses(&mut |r| rename.get(&r.0).copied().unwrap_or(r));
            }
            out.push(i);
        }
        debug_assert!(copy.is_empty(), "every planned block reads its predicates");
        f.blocks[b.0 as usize].insts = out;
    }
    count
}

/// Whether `i` is a compare the pass may copy: `setp` into one predicate, unguarded, reading only immediates and
/// non-predicate registers that are written once.
fn sinkable(i: &MInst, regs: &[RegClass], writes: &[u32]) -> bool {
    if i.op.kind != OpKind::Setp || i.guard.is_some() || i.dsts.len() != 1 {
        return false;
    }
    i.srcs.iter().all(|s| match s {
        Operand::Imm(_) => true,
        Operand::Reg(r) => regs[r.0 as usize] != RegClass::Pred && writes[r.0 as usize] == 1,
        _ => false,
    })
}

/// The most predicate registers live at once at any instruction (from the predicate live-out sets, a backward
/// scan per block).
fn peak(f: &MFunction, live: &simtc_graph::LiveSets) -> usize {
    let mut best = 0;
    let mut on = vec![false; f.regs.len()];
    let mut cur: Vec<u32> = Vec::new();
    for &b in &f.order {
        for &r in &cur {
            on[r as usize] = false;
        }
        cur.clear();
        let mut n = 0usize;
        for &r in live.live_out.get(b.0) {
            on[r as usize] = true;
            cur.push(r);
            n += 1;
        }
        best = best.max(n);
        for i in f.block(b).insts.iter().rev() {
            if i.is_phi() {
                break;
            }
            for d in i.defs() {
                if on[d.0 as usize] {
                    on[d.0 as usize] = false;
                    n -= 1;
                }
            }
            for r in i.uses() {
                if f.regs[r.0 as usize] == RegClass::Pred && !on[r.0 as usize] {
                    on[r.0 as usize] = true;
                    cur.push(r.0);
                    n += 1;
                }
            }
            best = best.max(n);
        }
    }
    best
}
