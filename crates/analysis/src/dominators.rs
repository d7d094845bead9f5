//! Dominator and post-dominator trees of a function's CFG.
//!
//! The algorithms live in [`simtc_graph::dominators`] (Semi-NCA, O(1) dominance queries, nearest common
//! ancestors, dominance frontiers); this module puts block names on them. [`DomTree`] is the node-indexed tree
//! over any graph; [`DominatorTree`] is it over a function's [`Cfg`]; [`PostDominatorTree`] is
//! [`simtc_graph::PostDomTree`] over the CFG: the reversed CFG with a **virtual exit** node that every block
//! without successors (`ret`, `unreachable`) flows to. Blocks that reach no exit (infinite loops) get a virtual
//! edge to the exit too: repeatedly, the first such block in post-order of the forward CFG (the bottom of the
//! innermost loop first) is connected, until every block reaches the exit — the same choice LLVM makes for
//! reverse-unreachable regions, so their post-dominators agree with LLVM's in the common cases.
//!
//! Complexity: Semi-NCA is O(n log n) with path compression; tree queries are O(1) (`dominates`) or O(depth)
//! (`nca`); frontiers are O(n + e + |DF|) (see [`DomTree::frontiers`]).

use crate::cfg::Cfg;
use crate::graph::DiGraph;
use simtc_graph::PostDomTree;
use simtc_ir::Block;

pub use simtc_graph::DomTree;

/// The dominator tree of a function.
#[derive(Clone, Debug)]
pub struct DominatorTree {
    tree: DomTree,
    cfg: Cfg,
}

impl DominatorTree {
    /// Computes the dominator tree of `cfg`.
    pub fn compute(cfg: &Cfg) -> Self {
        DominatorTree { tree: DomTree::compute(cfg.graph()), cfg: cfg.clone() }
    }
    /// The underlying node-indexed tree.
    pub fn tree(&self) -> &DomTree {
        &self.tree
    }
    /// The CFG it was computed on.
    pub fn cfg(&self) -> &Cfg {
        &self.cfg
    }
    /// The immediate dominator of `b`.
    pub fn idom(&self, b: Block) -> Option<Block> {
        self.tree.idom(self.cfg.index(b)).map(|i| self.cfg.block(i))
    }
    /// Whether `a` dominates `b`.
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        self.tree.dominates(self.cfg.index(a), self.cfg.index(b))
    }
    /// Whether `b` is reachable from the entry.
    pub fn is_reachable(&self, b: Block) -> bool {
        self.tree.is_reachable(self.cfg.index(b))
    }
    /// Children of `b`.
    pub fn children(&self, b: Block) -> Vec<Block> {
        self.tree.children(self.cfg.index(b)).iter().map(|&i| self.cfg.block(i)).collect()
    }
    /// Nearest common dominator.
    pub fn nca(&self, a: Block, b: Block) -> Option<Block> {
        self.tree.nca(self.cfg.index(a), self.cfg.index(b)).map(|i| self.cfg.block(i))
    }
    /// Dominance frontier of every block, indexed like the CFG.
    pub fn frontiers(&self) -> Vec<Vec<Block>> {
        self.tree
            .frontiers(self.cfg.graph())
            .into_iter()
            .map(|v| v.into_iter().map(|i| self.cfg.block(i)).collect())
            .collect()
    }
}

/// The post-dominator tree of a function, rooted at a virtual exit.
#[derive(Clone, Debug)]
pub struct PostDominatorTree {
    pdt: PostDomTree,
    cfg: Cfg,
}

impl PostDominatorTree {
    /// Computes post-dominators of `cfg` with a virtual exit (see the module doc for infinite loops).
    pub fn compute(cfg: &Cfg) -> Self {
        PostDominatorTree { pdt: PostDomTree::compute(cfg.graph()), cfg: cfg.clone() }
    }
    /// The underlying tree (node `n` = number of blocks is the virtual exit).
    pub fn tree(&self) -> &DomTree {
        self.pdt.tree()
    }
    /// The reversed CFG with the virtual exit as its entry.
    pub fn reversed_graph(&self) -> &DiGraph {
        self.pdt.reversed_graph()
    }
    /// The virtual exit's node index.
    pub fn exit_node(&self) -> u32 {
        self.pdt.exit_node()
    }
    /// The immediate post-dominator of `b`; `None` when it is the virtual exit.
    pub fn ipdom(&self, b: Block) -> Option<Block> {
        self.pdt.ipdom(self.cfg.index(b)).map(|i| self.cfg.block(i))
    }
    /// Whether `a` post-dominates `b`.
    pub fn post_dominates(&self, a: Block, b: Block) -> bool {
        self.pdt.post_dominates(self.cfg.index(a), self.cfg.index(b))
    }
    /// Nearest common post-dominator (`None` when only the virtual exit post-dominates both).
    pub fn nca(&self, a: Block, b: Block) -> Option<Block> {
        self.pdt.nca(self.cfg.index(a), self.cfg.index(b)).map(|i| self.cfg.block(i))
    }
    /// Children of `b` in the post-dominator tree.
    pub fn children(&self, b: Block) -> Vec<Block> {
        self.pdt.children(self.cfg.index(b)).iter().map(|&i| self.cfg.block(i)).collect()
    }
    /// Blocks immediately post-dominated by the virtual exit.
    pub fn roots(&self) -> Vec<Block> {
        self.pdt.roots().iter().map(|&i| self.cfg.block(i)).collect()
    }
    /// Post-dominance frontiers (control dependence), indexed like the CFG; the virtual exit is left out.
    pub fn frontiers(&self) -> Vec<Vec<Block>> {
        self.pdt.frontiers().into_iter().map(|v| v.into_iter().map(|i| self.cfg.block(i)).collect()).collect()
    }
}
