//! The machine function's block graph as a [`simtc_graph::FlowGraph`], and the analyses the workspace's one
//! implementation of each graph algorithm gives it: dominators (the verifier's SSA dominance check) and
//! liveness (for the coalescing and scheduling passes to come).
//!
//! Node `n` is block `MBlock(n)`; blocks not in the layout order have no edges and are unreachable. Edges are
//! [`MFunction::successor_lists`] (fall-through edges included in [`super::Phase::LaidOut`]).

use super::{MBlock, MFunction};
use simtc_graph::{dataflow_liveness, AdjacencyList, DomTree, FlowGraph, LiveSets, NodeUseDef};

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
pub fn liveness(f: &MFunction) -> LiveSets {
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
