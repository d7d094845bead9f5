//! The machine function's block graph as a [`simtc_graph::FlowGraph`], and the analyses the workspace's one
//! implementation of each graph algorithm gives it: dominators (the verifier's SSA dominance check) and
//! liveness (for the coalescing and scheduling passes to come).
//!
//! Node `n` is block `MBlock(n)`; blocks not in the layout order have no edges and are unreachable. Edges are
//! [`MFunction::successor_lists`] (fall-through edges included in [`super::Phase::LaidOut`]).

use super::{MBlock, MFunction};
use simtc_graph::{dataflow_liveness, AdjacencyList, DomTree, FlowGraph, LiveSets, NodeUseDef, SsaLiveness};

/// The block graph of `f` (entry: the first block in the order).
pub fn block_graph(f: &MFunction) -> AdjacencyList {
    let entry = f.order.first().map_or(0, |b| b.0);
    AdjacencyList::new(entry, f.successor_lists().into_iter().map(|v| v.into_iter().map(|b| b.0).collect()).collect())
}

/// The dominator tree of `f`'s blocks.
pub fn dominators(f: &MFunction) -> DomTree {
    DomTree::compute(&block_graph(f))
}

/// Live-in and live-out register sets per block (register ids are [`super::Reg`] indices). A phi's operand is
/// live out of the predecessor it comes from, not into the phi's block; a phi's destination is defined at the
/// top of its block.
///
/// On SSA-form MIR (every register written at most once: the MIR passes before `phi-elim`) the sets come from
/// per-register path exploration ([`SsaLiveness`]), whose time is the size of the result; otherwise from the
/// bit-set dataflow, whose time is blocks × registers per pass over the blocks (quadratic in function size, and
/// tens of milliseconds on a large kernel). Both give the same sets on SSA input.
pub fn liveness(f: &MFunction) -> LiveSets {
    if f.write_counts().iter().all(|&w| w <= 1) {
        return ssa_liveness(f, |_| true);
    }
    dataflow(f)
}

/// [`liveness`] by the bit-set dataflow (any MIR).
fn dataflow(f: &MFunction) -> LiveSets {
    let g = block_graph(f);
    let n = f.regs.len();
    let mut local = vec![NodeUseDef::new(n); g.num_nodes()];
    for &b in &f.order {
        for i in &f.block(b).insts {
            if i.is_phi() {
                for (s, p) in i.srcs.iter().zip(&i.phi_blocks) {
                    if let Some(r) = s.reg() {
                        local[p.0 as usize].read_at_exit(r.0);
                    }
                }
            } else {
                for r in i.uses() {
                    local[b.0 as usize].read(r.0);
                }
            }
            for r in i.defs() {
                local[b.0 as usize].write(r.0);
            }
        }
    }
    dataflow_liveness(&g, n, &local)
}

/// Whether block `b` is reachable from the entry in `dt`.
pub fn reachable(dt: &DomTree, b: MBlock) -> bool {
    dt.is_reachable(b.0)
}

/// [`liveness`] for SSA-form MIR (every register written at most once), for the registers `keep` accepts
/// only: per register, a walk backwards from each use to the definition, so the cost is those registers' live
/// ranges, not the whole function's. Uses are grouped by register first (a counting sort), so the registers
/// are described in increasing order.
pub fn ssa_liveness(f: &MFunction, keep: impl Fn(u32) -> bool) -> LiveSets {
    let g = block_graph(f);
    let n = f.regs.len();
    let mut def: Vec<Option<u32>> = vec![None; n];
    // (register, block, whether the use is a phi operand, i.e. at the exit of `block`).
    let mut uses: Vec<(u32, u32, bool)> = Vec::new();
    for &b in &f.order {
        for i in &f.block(b).insts {
            if i.is_phi() {
                for (s, p) in i.srcs.iter().zip(&i.phi_blocks) {
                    if let Some(r) = s.reg().filter(|r| keep(r.0)) {
                        uses.push((r.0, p.0, true));
                    }
                }
            } else {
                for r in i.uses().into_iter().filter(|r| keep(r.0)) {
                    uses.push((r.0, b.0, false));
                }
            }
            for r in i.defs() {
                def[r.0 as usize] = Some(b.0);
            }
        }
    }
    let mut start = vec![0u32; n + 1];
    for &(r, _, _) in &uses {
        start[r as usize + 1] += 1;
    }
    for r in 0..n {
        start[r + 1] += start[r];
    }
    let mut fill = start.clone();
    let mut by_reg = vec![(0u32, false); uses.len()];
    for &(r, b, exit) in &uses {
        by_reg[fill[r as usize] as usize] = (b, exit);
        fill[r as usize] += 1;
    }
    let mut live = SsaLiveness::new(&g);
    for r in 0..n {
        let (lo, hi) = (start[r] as usize, start[r + 1] as usize);
        if lo == hi {
            continue;
        }
        live.var(r as u32, def[r]);
        for &(b, exit) in &by_reg[lo..hi] {
            if exit {
                live.use_at_exit(b);
            } else {
                live.use_in(b);
            }
        }
    }
    live.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Path exploration and the bit-set dataflow give the same sets on SSA MIR: a loop with phis (an operand live
    /// out of the latch only), a value live through the loop and read after it, and a diamond.
    #[test]
    fn ssa_liveness_matches_dataflow() {
        let src = "mir k ssa {
bb0:
	ld.param.u32 	%r1, [k_param_0];
	ld.param.u32 	%r2, [k_param_1];
	bra.uni 	bb1;
bb1:
	%r3 = phi [0, bb0], [%r4, bb2];
	%r5 = phi [%r1, bb0], [%r6, bb2];
	setp.lt.s32 	%p1, %r3, %r2;
	@%p1 bra 	bb2;
	bra.uni 	bb3;
bb2:
	add.s32 	%r6, %r5, %r3;
	add.s32 	%r4, %r3, 1;
	bra.uni 	bb1;
bb3:
	setp.eq.s32 	%p2, %r5, 0;
	@%p2 bra 	bb4;
	bra.uni 	bb5;
bb4:
	add.s32 	%r7, %r1, 1;
	bra.uni 	bb6;
bb5:
	add.s32 	%r8, %r2, 2;
	bra.uni 	bb6;
bb6:
	%r9 = phi [%r7, bb4], [%r8, bb5];
	add.s32 	%r10, %r9, %r5;
	ret;
}
";
        let f = crate::mir::text::parse(src).expect("parses").remove(0);
        assert!(f.write_counts().iter().all(|&w| w <= 1), "the test function is in SSA form");
        let ssa = ssa_liveness(&f, |_| true);
        let flow = dataflow(&f);
        let g = block_graph(&f);
        let mut some = 0;
        for b in 0..g.num_nodes() as u32 {
            assert_eq!(ssa.live_in.get(b), flow.live_in.get(b), "live-in of bb{b}");
            assert_eq!(ssa.live_out.get(b), flow.live_out.get(b), "live-out of bb{b}");
            some += ssa.live_in.get(b).len();
        }
        assert!(some > 4, "the function has values live across blocks");
    }
}
