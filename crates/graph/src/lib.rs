//! simtc's graph algorithms, independent of any IR.
//!
//! Everything here works on a [`FlowGraph`]: a directed graph over dense `u32` node ids `0..num_nodes()` with one
//! entry node, that can list the successors and predecessors of a node as slices. The IR's CFG
//! (`simtc_analysis::Cfg`), the reversed CFG with a virtual exit (post-dominators), the IR verifier's block graph
//! and the machine IR's block graph all implement it, so one implementation of each algorithm serves them all:
//!
//! * [`traverse`]: post-order, reverse post-order, reachability, and the depth-first numbering ([`Dfs`]) that
//!   cycle discovery uses;
//! * [`dominators`]: the dominator tree ([`DomTree`], Semi-NCA) with O(1) dominance queries, nearest common
//!   ancestors and dominance frontiers, and the post-dominator tree ([`PostDomTree`]) over the reversed graph
//!   with a virtual exit;
//! * [`cycles`] and [`loops`]: the nested cycle forest (reducible and irreducible, LLVM's `GenericCycleInfo`) and
//!   natural loops (LLVM's `LoopInfo`), both laid out as a [`Forest`] of contiguous node sets, and the
//!   reducibility check;
//! * [`liveness`]: live-in/live-out sets of dense variable ids, either by SSA path exploration
//!   ([`SsaLiveness`]) or by the classic backward dataflow over per-node use/def bit sets ([`dataflow_liveness`]).
//!
//! Two owned graph types implement [`FlowGraph`]: [`DiGraph`], a compressed (CSR) graph whose successor lists are
//! sorted and free of duplicates, and [`AdjacencyList`], successor lists kept exactly as given (order and
//! duplicates), e.g. a machine function's `Vec<SmallVec<[u32; 2]>>`.
//!
//! Node ids are `u32`; [`NONE`] (`u32::MAX`) means "no node" in the side tables.
//!
//! # Example: a machine function's block graph
//!
//! ```
//! use simtc_graph::{dataflow_liveness, AdjacencyList, DomTree, FlowGraph, NodeUseDef};
//! use smallvec::smallvec;
//! // bb0: r0 = ..; r1 = .. -> bb1 ; bb1: .. = r0 -> bb1, bb2 ; bb2: .. = r1
//! let g = AdjacencyList::new(0, vec![smallvec![1], smallvec![1, 2], smallvec![]]);
//! let mut local = vec![NodeUseDef::new(2); g.num_nodes()];
//! local[0].write(0);
//! local[0].write(1);
//! local[1].read(0);
//! local[2].read(1);
//! let live = dataflow_liveness(&g, 2, &local);
//! assert_eq!(live.live_in.get(1), &[0, 1]);
//! assert_eq!(live.live_out.get(1), &[0, 1]);
//! assert_eq!(live.live_in.get(2), &[1]);
//! let dt = DomTree::compute(&g);
//! assert!(dt.dominates(1, 2) && dt.idom(1) == Some(0));
//! ```

#![deny(missing_docs)]

pub mod cycles;
pub mod digraph;
pub mod dominators;
pub mod forest;
pub mod liveness;
pub mod loops;
pub mod traverse;

pub use cycles::CycleForest;
pub use digraph::{AdjacencyList, DiGraph};
pub use dominators::{DomTree, PostDomTree};
pub use forest::Forest;
pub use liveness::{dataflow_liveness, BitSet, LiveSets, NodeSets, NodeUseDef, SsaLiveness};
pub use loops::{is_reducible, LoopForest};
pub use traverse::{post_order, reachable, reachable_from, reverse_post_order, Dfs};

/// Marker for "no node" in dense side tables.
pub const NONE: u32 = u32::MAX;

/// A directed graph over the dense node ids `0..num_nodes()` with one entry node.
///
/// `succs` and `preds` must describe the same edges (`b ∈ succs(a)` as often as `a ∈ preds(b)`); lists may hold
/// duplicates, which every algorithm tolerates. Nodes not reachable from the entry are allowed.
pub trait FlowGraph {
    /// The entry node (only meaningful when `num_nodes() > 0`).
    fn entry(&self) -> u32;
    /// Number of nodes.
    fn num_nodes(&self) -> usize;
    /// The successors of `n`.
    fn succs(&self, n: u32) -> &[u32];
    /// The predecessors of `n`.
    fn preds(&self, n: u32) -> &[u32];
}

impl<G: FlowGraph + ?Sized> FlowGraph for &G {
    #[inline]
    fn entry(&self) -> u32 {
        (**self).entry()
    }
    #[inline]
    fn num_nodes(&self) -> usize {
        (**self).num_nodes()
    }
    #[inline]
    fn succs(&self, n: u32) -> &[u32] {
        (**self).succs(n)
    }
    #[inline]
    fn preds(&self, n: u32) -> &[u32] {
        (**self).preds(n)
    }
}
