//! The control-flow graph of a function: blocks numbered densely in layout order.

use crate::graph::{DiGraph, NONE};
use simtc_ir::{Block, Function, SecondaryMap};
use smallvec::SmallVec;

/// The CFG of one function. Node `i` is the `i`-th block in layout order; the entry is node 0.
#[derive(Clone, Debug)]
pub struct Cfg {
    graph: DiGraph,
    blocks: Vec<Block>,
    index: SecondaryMap<Block, u32>,
}

impl Cfg {
    /// Computes the CFG of a function with a body.
    pub fn compute(func: &Function) -> Self {
        let blocks: Vec<Block> = func.layout.blocks().collect();
        let mut index = SecondaryMap::with_default(NONE);
        for (i, &b) in blocks.iter().enumerate() {
            index.set(b, i as u32);
        }
        let mut edges = Vec::with_capacity(blocks.len() * 2);
        for (i, &b) in blocks.iter().enumerate() {
            for s in func.successors(b) {
                let j = index[s];
                if j != NONE {
                    edges.push((i as u32, j));
                }
            }
        }
        let graph = DiGraph::new(blocks.len(), 0, edges);
        Cfg { graph, blocks, index }
    }
    /// The dense graph.
    pub fn graph(&self) -> &DiGraph {
        &self.graph
    }
    /// Number of blocks.
    pub fn len(&self) -> usize {
        self.blocks.len()
    }
    /// The block of node `i`.
    #[inline]
    pub fn block(&self, i: u32) -> Block {
        self.blocks[i as usize]
    }
    /// The node of block `b`.
    #[inline]
    pub fn index(&self, b: Block) -> u32 {
        self.index[b]
    }
    /// All blocks in layout order.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }
    /// Distinct successors of `b`.
    pub fn succs(&self, b: Block) -> SmallVec<[Block; 2]> {
        self.graph.succs(self.index(b)).iter().map(|&i| self.block(i)).collect()
    }
    /// Distinct predecessors of `b`.
    pub fn preds(&self, b: Block) -> SmallVec<[Block; 4]> {
        self.graph.preds(self.index(b)).iter().map(|&i| self.block(i)).collect()
    }
    /// Blocks reachable from the entry in reverse post-order.
    pub fn reverse_post_order(&self) -> Vec<Block> {
        self.graph.reverse_post_order().into_iter().map(|i| self.block(i)).collect()
    }
    /// Blocks reachable from the entry in post-order.
    pub fn post_order(&self) -> Vec<Block> {
        self.graph.post_order().into_iter().map(|i| self.block(i)).collect()
    }
    /// Whether each block is reachable from the entry.
    pub fn reachable(&self) -> SecondaryMap<Block, bool> {
        let r = self.graph.reachable();
        let mut m = SecondaryMap::new();
        for (i, &b) in self.blocks.iter().enumerate() {
            m.set(b, r[i]);
        }
        m
    }
    /// Blocks without successors (returns, `unreachable`).
    pub fn exits(&self) -> Vec<Block> {
        (0..self.len() as u32).filter(|&i| self.graph.succs(i).is_empty()).map(|i| self.block(i)).collect()
    }
}
