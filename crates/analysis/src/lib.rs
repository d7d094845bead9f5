//! simtc's analyses.
//!
//! Every analysis is a struct with a `compute` constructor and query methods; none mutates the IR. The graph
//! algorithms (reverse post-order, dominators, cycles) work on [`DiGraph`], a dense directed graph with `u32`
//! nodes, so the same code serves the CFG, the reversed CFG with a virtual exit (post-dominators), and later the
//! machine IR.

#![deny(missing_docs)]

pub mod cache;
pub mod cfg;
pub mod cycles;
pub mod dominators;
pub mod graph;
pub mod liveness;
pub mod loops;
pub mod print;
pub mod regions;
pub mod structured;
pub mod uniformity;

pub use cache::{FunctionAnalyses, ModuleAnalyses, Preserved};
pub use cfg::Cfg;
pub use cycles::{CycleId, CycleInfo};
pub use dominators::{DomTree, DominatorTree, PostDominatorTree};
pub use graph::DiGraph;
pub use liveness::Liveness;
pub use loops::{find_irreducible, is_reducible_cfg, IrreducibleCycle, LoopId, LoopInfo};
pub use regions::{RegionId, RegionInfo, RegionNode};
pub use uniformity::UniformityInfo;
