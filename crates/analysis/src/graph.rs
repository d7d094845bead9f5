//! The dense directed graph the analyses run on, and the "no node" marker: both live in [`simtc_graph`] (the
//! IR-independent graph algorithms) and are re-exported here.

pub use simtc_graph::{DiGraph, FlowGraph, NONE};
