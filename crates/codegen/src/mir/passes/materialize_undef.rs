//! `materialize-undef`: an `undef` that ptxas would keep live through a loop, or in a function whose register
//! pressure is already at the register file's limit, becomes `mov 0` (simtc; llc keeps its `IMPLICIT_DEF`s).
//!
//! Instruction selection gives an `undef`/`poison` phi operand an `undef.T %u` pseudo-instruction
//! ([`crate::mir::OpKind::Undef`]), which prints nothing: SSA destruction then copies nothing on that edge,
//! and `ifconvert` picks the other side's value instead of building a `selp` against a constant (a guarded
//! load under `if (i < n)` is the phi's value itself). In the PTX the phi's register is then not written on
//! the `undef` path, and ptxas, which sees a read of a register with no definition on that path, keeps the
//! register live backwards along it: to the kernel's entry, and around any loop on the way, where the
//! register's value from the previous iteration (or from the entry) "reaches" the read. So an `undef` is
//! materialized as an explicit zero (the copy or `selp` it costs is the price of a defined register) when
//! - its block is in a loop or reachable from one: the register would be live through that loop. Measured on
//!   HeCBench (1,824 kernels, sm_90) without this rule: registers rose on 20 kernels (PetrinetKernel 29 -> 38,
//!   CUB radix-sort tiles 111 -> 128, minisweep 56 -> 63), whose `undef`s were in or after loops;
//! - or the function's estimated peak pressure ([`super::remat::pressure`], 32-bit registers live at a block
//!   boundary, SSA values before coalescing) exceeds [`MAX_PRESSURE`]: CUB's radix-sort downsweep kernels
//!   (estimates of 640) went from 255 registers without spills to 112-116 bytes of spills.
//!
//! What is left are the `undef`s on the way from the entry to the first loop: the guarded reads at a kernel's
//! start (pnpoly's unrolled points: 1,151 -> 1,025 SASS instructions; CUB's guarded tile loads).
//!
//! `ifconvert` applies the same rule ([`risky_undefs`]) to the merges it builds: a risky `undef` merged with a
//! value that a guarded arm instruction writes (a predicated load) is selected against a zero; merged with a
//! value every thread computes (speculated arithmetic) it is that value, whatever the block. This pass runs
//! after it, just before SSA destruction, on the `undef`s left in phis. Functions without an `undef` cost a
//! scan. Preserves the CFG and SSA form.

use crate::mir::{graph, MFunction, MInst, Operand};
use simtc_graph::{FlowGraph, LoopForest};

/// Estimated peak pressure (32-bit registers) above which every `undef` is materialized: the 255 registers a
/// PTX thread can have.
pub const MAX_PRESSURE: usize = 255;

/// Per register: an `undef` whose block is risky — in or after a loop, or anywhere in a function whose
/// estimated peak pressure exceeds [`MAX_PRESSURE`] (module doc). Empty when the function has no `undef`.
pub(crate) fn risky_undefs(f: &MFunction) -> Vec<bool> {
    if !f.blocks.iter().flat_map(|b| &b.insts).any(MInst::is_undef) {
        return Vec::new();
    }
    let all =
        super::remat::weight_bound(f) > MAX_PRESSURE && super::remat::pressure(f, &graph::liveness(f)) > MAX_PRESSURE;
    // Blocks in a loop or reachable from one (forward from every loop block).
    let mut after_loop = vec![all; f.blocks.len()];
    if !all {
        let g = graph::block_graph(f);
        let loops = LoopForest::compute(&g, &graph::dominators(f));
        let mut stack: Vec<u32> = Vec::new();
        for &b in &f.order {
            if loops.forest.innermost_of(b.0).is_some() {
                after_loop[b.0 as usize] = true;
                stack.push(b.0);
            }
        }
        while let Some(b) = stack.pop() {
            for &s in g.succs(b) {
                if !std::mem::replace(&mut after_loop[s as usize], true) {
                    stack.push(s);
                }
            }
        }
    }
    let mut risky = vec![false; f.regs.len()];
    for &b in &f.order {
        if !after_loop[b.0 as usize] {
            continue;
        }
        for i in f.block(b).insts.iter().filter(|i| i.is_undef()) {
            for d in i.defs() {
                risky[d.0 as usize] = true;
            }
        }
    }
    risky
}

/// Runs the pass; returns the number of `undef`s rewritten.
pub fn run(f: &mut MFunction) -> usize {
    let risky = risky_undefs(f);
    if risky.is_empty() {
        return 0;
    }
    let mut n = 0;
    for b in f.order.clone() {
        for k in 0..f.block(b).insts.len() {
            let i = &f.block(b).insts[k];
            if !i.is_undef() {
                continue;
            }
            let Some(d) = i.dsts.first().and_then(Operand::reg) else { continue };
            if !risky[d.0 as usize] {
                continue;
            }
            let c = f.class(d);
            let mut m = MInst::copy(c, d, c.zero());
            m.loc = i.loc;
            f.block_mut(b).insts[k] = m;
            n += 1;
        }
    }
    n
}
