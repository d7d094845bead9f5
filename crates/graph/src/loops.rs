//! Natural loops in the style of LLVM's `LoopInfo`, and the irreducibility check.
//!
//! # Definition
//!
//! A **back edge** is an edge `p -> h` between reachable blocks where `h` dominates `p`; `h` is then a loop
//! header and `p` a **latch**. The natural loop of `h` is `h` plus every block that reaches one of its latches
//! without passing through `h` (all back edges to one header make one loop). Natural loops either nest or are
//! disjoint; a loop's parent is the smallest loop strictly containing it. Irreducible cycles are not loops
//! (their entries do not dominate them), but natural loops inside an irreducible cycle are; [`crate::CycleForest`]
//! describes both. In a reducible CFG the loops are exactly the cycles of `CycleInfo`.
//!
//! # Algorithm
//!
//! LLVM's `LoopInfoBase::analyze`: headers are visited in post-order of the dominator tree (the reverse of a DFS
//! preorder of the CFG, which is a pre-order of the dominator tree), so inner loops are built first. From the
//! latches a backward walk claims every block not yet in a loop; a block already in a loop names, through a
//! union-find with path compression over loops, the outermost loop built so far that contains it, which becomes
//! a child, and the walk continues from that child header's predecessors outside it. The blocks are then laid out
//! like the cycle forest's layout ([`crate::Forest::order`]): every loop contiguous, header first, own blocks and child loops ordered by
//! reverse post-order (a topological order of the loop body minus its back edges when the body is reducible).
//!
//! Loops, headers, blocks and depths are those of `opt -passes='print<loops>'` (checked by the differential tests
//! in the analysis crate's `regions.rs`); the block order inside a loop is the layout order above, not LLVM's.
//!
//! The IR's `find_irreducible` reports the irreducible cycles of the [`crate::CycleForest`] (multi-entry
//! cycles, with their entries and blocks); [`is_reducible`] is cicc's check (seed 003, `sub_35CA2C0`): the CFG is reducible iff the target
//! of every retreating DFS edge dominates its source.
//!
//! # Complexity
//!
//! `compute` is O(V + E·α(V)) for the discovery (every block's predecessors are walked once when it joins its
//! innermost loop and a loop header's once more when its parent absorbs it) plus O(V log V) for the layout.
//! `contains`, `loop_for`, `header`, `latches`, `blocks`, `depth` are O(1); `exiting_blocks`/`exit_blocks` are
//! O(loop size + out-edges). `is_reducible` is O(V + E).

use crate::dominators::DomTree;
use crate::forest::{find, Forest};
use crate::traverse::Dfs;
use crate::{FlowGraph, NONE};

/// The natural loops of a graph over node ids (see the module documentation); loop ids are the forest's set ids.
#[derive(Clone, Debug)]
pub struct LoopForest {
    /// The laid-out loop forest (order, nesting, depth).
    pub forest: Forest,
    latch_off: Vec<u32>,
    latch: Vec<u32>,
}

impl LoopForest {
    /// Computes the natural loops of `g`; `t` must be its dominator tree.
    pub fn compute<G: FlowGraph + ?Sized>(g: &G, t: &DomTree) -> Self {
        let n = g.num_nodes();
        let mut t_header: Vec<u32> = Vec::new();
        let mut t_parent: Vec<u32> = Vec::new();
        let mut t_latches: Vec<Vec<u32>> = Vec::new();
        let mut up: Vec<u32> = Vec::new();
        let mut innermost = vec![NONE; n];
        let mut work: Vec<u32> = Vec::new();
        for &h in t.preorder().iter().rev() {
            let latches: Vec<u32> = g.preds(h).iter().copied().filter(|&p| t.dominates(h, p)).collect();
            if latches.is_empty() {
                continue;
            }
            let l = t_header.len() as u32;
            t_header.push(h);
            t_parent.push(NONE);
            up.push(l);
            innermost[h as usize] = l;
            work.clear();
            work.extend(latches.iter().copied());
            t_latches.push(latches);
            while let Some(b) = work.pop() {
                if b == h {
                    continue;
                }
                let inner = innermost[b as usize];
                if inner == NONE {
                    innermost[b as usize] = l;
                    // Every reachable predecessor of a non-header loop block is dominated by `h`.
                    work.extend(g.preds(b).iter().copied().filter(|&p| t.is_reachable(p)));
                    continue;
                }
                let sub = find(&mut up, inner);
                if sub != l {
                    t_parent[sub as usize] = l;
                    up[sub as usize] = l;
                    let sh = t_header[sub as usize];
                    // Predecessors of the child's header outside the child: those it does not dominate.
                    work.extend(g.preds(sh).iter().copied().filter(|&p| t.is_reachable(p) && !t.dominates(sh, p)));
                }
            }
        }
        let dfs = Dfs::compute(g);
        let forest = Forest::layout(&dfs, &innermost, &t_parent, &t_header);
        let mut latch_off = vec![0u32; forest.len() + 1];
        let mut latch = Vec::new();
        for (id, &old) in forest.old_of_new.iter().enumerate() {
            latch.extend(t_latches[old as usize].iter().copied());
            latch_off[id + 1] = latch.len() as u32;
        }
        LoopForest { forest, latch_off, latch }
    }
    /// Number of loops.
    pub fn len(&self) -> usize {
        self.forest.len()
    }
    /// Whether the graph has no loop.
    pub fn is_empty(&self) -> bool {
        self.forest.len() == 0
    }
    /// The latches of loop `l`: the header's predecessors inside the loop, in predecessor order.
    pub fn latches(&self, l: u32) -> &[u32] {
        &self.latch[self.latch_off[l as usize] as usize..self.latch_off[l as usize + 1] as usize]
    }
    /// The unique predecessor of loop `l`'s header outside the loop, if its only successor is the header (LLVM's
    /// preheader).
    pub fn preheader<G: FlowGraph + ?Sized>(&self, g: &G, l: u32) -> Option<u32> {
        preheader(g, &self.forest, l)
    }
}

/// The unique predecessor of the header of set `l` of a loop forest outside the loop, if its only successor is the
/// header (LLVM's preheader).
pub fn preheader<G: FlowGraph + ?Sized>(g: &G, forest: &Forest, l: u32) -> Option<u32> {
    let h = forest.header(l);
    let mut outside = g.preds(h).iter().filter(|&&p| !forest.contains(l, p));
    let p = *outside.next()?;
    if outside.next().is_some() || g.succs(p).len() != 1 {
        return None;
    }
    Some(p)
}

/// Whether the reachable part of the graph is reducible: the target of every retreating edge of a DFS dominates
/// the edge's source (cicc's `sub_35CA2C0` check); `t` must be the dominator tree of `g`. O(V + E).
pub fn is_reducible<G: FlowGraph + ?Sized>(g: &G, t: &DomTree) -> bool {
    let dfs = Dfs::compute(g);
    (0..g.num_nodes() as u32).all(|a| g.succs(a).iter().all(|&b| !dfs.is_ancestor(b, a) || t.dominates(b, a)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::AdjacencyList;

    #[test]
    fn nested_loops_latches_and_preheader() {
        // 0 -> 1 ; 1 -> 2 ; 2 -> 2, 3 ; 3 -> 1, 4 ; 4 exit.
        let g = AdjacencyList::from_lists(0, &[vec![1], vec![2], vec![2, 3], vec![1, 4], vec![]]);
        let t = DomTree::compute(&g);
        let l = LoopForest::compute(&g, &t);
        assert_eq!(l.len(), 2);
        assert_eq!(l.forest.nodes(0), &[1, 2, 3]);
        assert_eq!(l.forest.nodes(1), &[2]);
        assert_eq!(l.latches(0), &[3]);
        assert_eq!(l.latches(1), &[2]);
        assert_eq!(l.preheader(&g, 0), Some(0));
        assert_eq!(l.preheader(&g, 1), Some(1));
        assert_eq!(l.forest.depth, vec![1, 2]);
        assert!(is_reducible(&g, &t));
        let irr = AdjacencyList::from_lists(0, &[vec![1, 2], vec![2], vec![1]]);
        assert!(!is_reducible(&irr, &DomTree::compute(&irr)));
    }
}
