//! Cycles of a flow graph, reducible and irreducible: the nested cycle forest of LLVM's `GenericCycleInfo`.
//!
//! # Definition
//!
//! Fix one depth-first search of the CFG from the entry, taking successors last first as LLVM does. A block
//! `h` heads a cycle when it has a *retreating* predecessor, one that is a DFS descendant of `h` (self-loops included). The cycle of
//! `h` is the set of DFS descendants of `h` that reach `h` through DFS descendants of `h` — the maximal strongly
//! connected set of `h`'s DFS subtree that contains `h`. Its **entries** are the blocks of the cycle with a
//! (reachable) predecessor outside it; the header is always the first entry (for the function's entry block,
//! which has no predecessor outside, it is the only one). A cycle is **reducible** iff it has a single entry;
//! then the header dominates every block of it and the cycle is exactly LLVM's natural loop of that header. A
//! cycle nests in another iff its blocks are a subset; the children of a cycle are the maximal cycles left
//! once its header is removed. Unreachable blocks belong to no cycle.
//!
//! # Algorithm
//!
//! Headers are visited in reverse DFS preorder, so inner cycles are found before the cycles containing them.
//! For header `h`, a backward worklist starts at its retreating predecessors and walks predecessors that are
//! DFS descendants of `h` (an interval test on preorder numbers). A block not yet in any cycle becomes a block of
//! the new cycle; a block already in a cycle names, through a union-find over cycles with path compression, the
//! outermost cycle found so far that contains it, which becomes a child of the new cycle and whose entries'
//! predecessors are walked instead of its blocks. Predecessors that are not descendants of `h` make the block an
//! entry.
//!
//! Afterwards the forest is laid out once: every cycle (and the function as a pseudo root) orders its own
//! blocks and its child cycles by the reverse-post-order number of the block or of the child's header, and the
//! layout is emitted depth first. The result, [`CycleInfo::order`], is a topological order of the reachable
//! blocks once retreating edges (edges into a cycle header from inside its cycle) are ignored, in which every
//! cycle's blocks are contiguous with its header first. Cycle ids are a pre-order of the cycle tree in that same
//! layout (outermost first, children by header RPO).
//!
//! # Invariants
//!
//! * `blocks(c)` is a slice of [`CycleInfo::order`]: header first, nested cycles contiguous inside it;
//! * `blocks(child) ⊂ blocks(parent)`; every cycle's blocks are strongly connected inside the cycle;
//! * `entries(c)[0] == header(c)`, the others in DFS preorder; `is_reducible(c) ⇔ entries(c).len() == 1`.
//!
//! # Complexity
//!
//! The DFS is O(V + E). Discovery walks every block's predecessors once when the block joins its innermost cycle,
//! and the predecessors of a child cycle's entries once more when its parent absorbs it; an entry that stays an
//! entry of several enclosing (irreducible) cycles is walked once per level, so the bound is O(V + E·d·α(V))
//! with d the nesting depth of irreducible cycles sharing entries — O(V + E·α(V)) for reducible CFGs. The layout
//! sorts each cycle's units, O(V log V) in all. `contains` is O(1) (a position range test), `innermost`,
//! `header`, `entries`, `blocks`, `children`, `depth` O(1); `exiting_blocks`/`exit_blocks` are O(size of the
//! cycle + its out-edges). Memory is O(V + E), not O(V · depth): nested cycles share one layout array.
//!
//! # Relation to LLVM
//!
//! The cycles, headers, entry sets and depths are those of `opt -passes='print<cycles>'` (LLVM 19) — a
//! differential test in `regions.rs` compares them on thousands of random CFGs — with two deliberate
//! differences: unreachable predecessors never make a block an entry (LLVM 19 counts them; later LLVM ignores
//! them too), and the order of sibling cycles and of non-header entries is the layout/preorder order described
//! above rather than discovery order. The DFS walks the [`Cfg`]'s successor lists, which are sorted by block
//! index; when a terminator lists its successors out of layout order, an irreducible cycle may get another of
//! its entries as header than LLVM picks.

use crate::forest::{find, Forest};
use crate::traverse::Dfs;
use crate::{FlowGraph, NONE};

/// The cycle forest of a graph over node ids (see the module documentation); cycle ids are the forest's set ids.
#[derive(Clone, Debug)]
pub struct CycleForest {
    /// The laid-out cycle forest (order, nesting, depth).
    pub forest: Forest,
    entry_off: Vec<u32>,
    entry: Vec<u32>,
}

impl CycleForest {
    /// Computes the cycle forest of `g`. O(V + E·α(V)) for reducible graphs (see the module documentation).
    pub fn compute<G: FlowGraph + ?Sized>(g: &G) -> Self {
        let n = g.num_nodes();
        let dfs = Dfs::compute(g);

        // Discovery, cycles numbered in discovery order ("temporary" ids).
        let mut t_header: Vec<u32> = Vec::new();
        let mut t_parent: Vec<u32> = Vec::new();
        let mut t_entries: Vec<Vec<u32>> = Vec::new();
        let mut up: Vec<u32> = Vec::new();
        let mut innermost = vec![NONE; n];
        let mut work: Vec<u32> = Vec::new();
        for &h in dfs.preorder.iter().rev() {
            work.clear();
            work.extend(g.preds(h).iter().copied().filter(|&p| dfs.is_ancestor(h, p)));
            if work.is_empty() {
                continue;
            }
            let c = t_header.len() as u32;
            t_header.push(h);
            t_parent.push(NONE);
            up.push(c);
            let mut entries = vec![h];
            innermost[h as usize] = c;
            let walk_preds = |b: u32, work: &mut Vec<u32>, entries: &mut Vec<u32>| {
                let mut is_entry = false;
                for &p in g.preds(b) {
                    if dfs.pre[p as usize] == NONE {
                        continue;
                    }
                    if dfs.is_ancestor(h, p) {
                        work.push(p);
                    } else {
                        is_entry = true;
                    }
                }
                if is_entry {
                    entries.push(b);
                }
            };
            while let Some(b) = work.pop() {
                if b == h {
                    continue;
                }
                let inner = innermost[b as usize];
                if inner != NONE {
                    let t = find(&mut up, inner);
                    if t != c {
                        t_parent[t as usize] = c;
                        up[t as usize] = c;
                        for &e in &t_entries[t as usize] {
                            walk_preds(e, &mut work, &mut entries);
                        }
                    }
                    continue;
                }
                innermost[b as usize] = c;
                walk_preds(b, &mut work, &mut entries);
            }
            t_entries.push(entries);
        }

        for entries in t_entries.iter_mut() {
            entries[1..].sort_unstable_by_key(|&e| dfs.pre[e as usize]);
        }
        let forest = Forest::layout(&dfs, &innermost, &t_parent, &t_header);
        let mut entry_off = vec![0u32; forest.len() + 1];
        let mut entry: Vec<u32> = Vec::new();
        for (nid, &old) in forest.old_of_new.iter().enumerate() {
            entry.extend(t_entries[old as usize].iter().copied());
            entry_off[nid + 1] = entry.len() as u32;
        }
        CycleForest { forest, entry_off, entry }
    }
    /// Number of cycles.
    pub fn len(&self) -> usize {
        self.forest.len()
    }
    /// Whether the graph has no cycle.
    pub fn is_empty(&self) -> bool {
        self.forest.len() == 0
    }
    /// The entries of cycle `c` (nodes with a predecessor outside the cycle), header first, then in DFS preorder.
    pub fn entries(&self, c: u32) -> &[u32] {
        &self.entry[self.entry_off[c as usize] as usize..self.entry_off[c as usize + 1] as usize]
    }
    /// Whether cycle `c` has a single entry (then it is a natural loop).
    pub fn is_reducible(&self, c: u32) -> bool {
        self.entries(c).len() == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AdjacencyList, DomTree};

    #[test]
    fn irreducible_two_entries_and_nested_self_loop() {
        // 0 -> 1, 2 ; 1 -> 1, 2, 3 ; 2 -> 1 ; 3 exit. The DFS takes the last successor first: 2 heads the cycle,
        // and the self-loop at 1 is a reducible cycle nested in it.
        let g = AdjacencyList::from_lists(0, &[vec![1, 2], vec![1, 2, 3], vec![1], vec![]]);
        let c = CycleForest::compute(&g);
        assert_eq!(c.len(), 2);
        assert_eq!(c.entries(0), &[2, 1]);
        assert!(!c.is_reducible(0));
        assert_eq!(c.forest.nodes(0), &[2, 1]);
        assert_eq!(c.forest.header(0), 2);
        assert_eq!(c.forest.children(0), &[1]);
        assert_eq!(c.forest.nodes(1), &[1]);
        assert!(c.is_reducible(1));
        assert_eq!(c.forest.exit_nodes(&g, 0), vec![3]);
        assert_eq!(c.forest.exiting_nodes(&g, 0), vec![1]);
        // Reducible cycles are dominated by their header.
        let dt = DomTree::compute(&g);
        assert!(dt.dominates(c.forest.header(1), 1));
    }
}
