//! simtc's analyses.
//!
//! Every analysis is a struct with a `compute` constructor and query methods; none mutates the IR. The graph
//! algorithms (reverse post-order, dominators, cycles) work on [`DiGraph`], a dense directed graph with `u32`
//! nodes, so the same code serves the CFG, the reversed CFG with a virtual exit (post-dominators), and later the
//! machine IR.

#![deny(missing_docs)]

pub mod cfg;
pub mod dominators;
pub mod graph;

pub use cfg::Cfg;
pub use dominators::{DomTree, DominatorTree, PostDominatorTree};
pub use graph::DiGraph;
