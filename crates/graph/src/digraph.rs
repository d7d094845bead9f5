//! Owned graph types implementing [`FlowGraph`]: the compressed [`DiGraph`] and the successor-list
//! [`AdjacencyList`].

use crate::traverse;
use crate::FlowGraph;
use smallvec::SmallVec;

/// A directed graph over nodes `0..n` with one entry, stored as successor and predecessor arrays in compressed
/// (CSR) form. Parallel edges are kept once and every successor and predecessor list is sorted.
#[derive(Clone, Debug)]
pub struct DiGraph {
    entry: u32,
    succ_off: Vec<u32>,
    succ: Vec<u32>,
    pred_off: Vec<u32>,
    pred: Vec<u32>,
}

impl DiGraph {
    /// Builds a graph of `n` nodes from an edge list; duplicate edges are dropped.
    pub fn new(n: usize, entry: u32, edges: impl IntoIterator<Item = (u32, u32)>) -> Self {
        let e: Vec<(u32, u32)> = edges.into_iter().collect();
        // Successors: bucketed by source (linear), then each (short) list sorted and deduplicated in place.
        let mut off = vec![0u32; n + 1];
        for &(a, _) in &e {
            off[a as usize + 1] += 1;
        }
        for i in 0..n {
            off[i + 1] += off[i];
        }
        let mut fill = off.clone();
        let mut succ = vec![0u32; e.len()];
        for &(a, b) in &e {
            succ[fill[a as usize] as usize] = b;
            fill[a as usize] += 1;
        }
        let mut succ_off = vec![0u32; n + 1];
        let mut w = 0usize;
        for a in 0..n {
            let (lo, hi) = (off[a] as usize, off[a + 1] as usize);
            succ[lo..hi].sort_unstable();
            let start = w;
            // `w <= i`: the write never overtakes the read.
            for i in lo..hi {
                let b = succ[i];
                if w == start || succ[w - 1] != b {
                    succ[w] = b;
                    w += 1;
                }
            }
            succ_off[a + 1] = w as u32;
        }
        succ.truncate(w);
        // Predecessors: bucketed by target, filled in increasing source order (so each list is sorted).
        let mut pred_off = vec![0u32; n + 1];
        for &b in &succ {
            pred_off[b as usize + 1] += 1;
        }
        for i in 0..n {
            pred_off[i + 1] += pred_off[i];
        }
        let mut fill = pred_off.clone();
        let mut pred = vec![0u32; succ.len()];
        for a in 0..n {
            for &b in &succ[succ_off[a] as usize..succ_off[a + 1] as usize] {
                pred[fill[b as usize] as usize] = a as u32;
                fill[b as usize] += 1;
            }
        }
        DiGraph { entry, succ_off, succ, pred_off, pred }
    }
    /// Builds a graph from successor lists (node `i` has successors `succs[i]`); lists are sorted and
    /// deduplicated. Use [`AdjacencyList`] to keep the lists as given.
    pub fn from_succs<L: AsRef<[u32]>>(entry: u32, succs: &[L]) -> Self {
        let edges = succs.iter().enumerate().flat_map(|(a, s)| s.as_ref().iter().map(move |&b| (a as u32, b)));
        DiGraph::new(succs.len(), entry, edges)
    }
    /// Builds the same graph as `g` in compressed form.
    pub fn from_graph<G: FlowGraph + ?Sized>(g: &G) -> Self {
        let edges = (0..g.num_nodes() as u32).flat_map(|a| g.succs(a).iter().map(move |&b| (a, b)));
        DiGraph::new(g.num_nodes(), g.entry(), edges)
    }
    /// Number of nodes.
    #[inline]
    pub fn len(&self) -> usize {
        self.succ_off.len() - 1
    }
    /// The entry node.
    #[inline]
    pub fn entry(&self) -> u32 {
        self.entry
    }
    /// Successors of `n`.
    #[inline]
    pub fn succs(&self, n: u32) -> &[u32] {
        &self.succ[self.succ_off[n as usize] as usize..self.succ_off[n as usize + 1] as usize]
    }
    /// Predecessors of `n`.
    #[inline]
    pub fn preds(&self, n: u32) -> &[u32] {
        &self.pred[self.pred_off[n as usize] as usize..self.pred_off[n as usize + 1] as usize]
    }
    /// Every edge `(from, to)`.
    pub fn edges(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.len() as u32).flat_map(move |a| self.succs(a).iter().map(move |&b| (a, b)))
    }
    /// The reversed graph with entry `entry`.
    pub fn reversed(&self, entry: u32) -> DiGraph {
        DiGraph {
            entry,
            succ_off: self.pred_off.clone(),
            succ: self.pred.clone(),
            pred_off: self.succ_off.clone(),
            pred: self.succ.clone(),
        }
    }
    /// Post-order of the nodes reachable from the entry (see [`traverse::post_order`]).
    pub fn post_order(&self) -> Vec<u32> {
        traverse::post_order(self)
    }
    /// Reverse post-order of the reachable nodes.
    pub fn reverse_post_order(&self) -> Vec<u32> {
        traverse::reverse_post_order(self)
    }
    /// Which nodes are reachable from the entry.
    pub fn reachable(&self) -> Vec<bool> {
        traverse::reachable(self)
    }
    /// Which nodes are reachable from any of `roots` (following successors).
    pub fn reachable_from(&self, roots: &[u32]) -> Vec<bool> {
        traverse::reachable_from(self, roots)
    }
}

impl FlowGraph for DiGraph {
    #[inline]
    fn entry(&self) -> u32 {
        self.entry
    }
    #[inline]
    fn num_nodes(&self) -> usize {
        self.len()
    }
    #[inline]
    fn succs(&self, n: u32) -> &[u32] {
        DiGraph::succs(self, n)
    }
    #[inline]
    fn preds(&self, n: u32) -> &[u32] {
        DiGraph::preds(self, n)
    }
}

/// A graph given by successor lists, kept exactly as given (order and duplicate edges), with the predecessor lists
/// derived from them (each in increasing order of the predecessor, once per edge).
///
/// This is the natural form of a machine function's block graph:
///
/// ```
/// use simtc_graph::{AdjacencyList, DomTree};
/// use smallvec::smallvec;
/// let g = AdjacencyList::new(0, vec![smallvec![1, 2], smallvec![3], smallvec![3], smallvec![]]);
/// assert_eq!(DomTree::compute(&g).idom(3), Some(0));
/// ```
#[derive(Clone, Debug, Default)]
pub struct AdjacencyList {
    entry: u32,
    succ: Vec<SmallVec<[u32; 2]>>,
    pred: Vec<SmallVec<[u32; 2]>>,
}

impl AdjacencyList {
    /// A graph with node `i`'s successors `succs[i]` (every target must be `< succs.len()`).
    pub fn new(entry: u32, succs: Vec<SmallVec<[u32; 2]>>) -> Self {
        let mut pred: Vec<SmallVec<[u32; 2]>> = std::iter::repeat_with(SmallVec::new).take(succs.len()).collect();
        for (a, s) in succs.iter().enumerate() {
            for &b in s {
                pred[b as usize].push(a as u32);
            }
        }
        AdjacencyList { entry, succ: succs, pred }
    }
    /// A graph with node `i`'s successors `succs[i]`, from any list type.
    pub fn from_lists<L: AsRef<[u32]>>(entry: u32, succs: &[L]) -> Self {
        AdjacencyList::new(entry, succs.iter().map(|s| SmallVec::from_slice(s.as_ref())).collect())
    }
    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.succ.len()
    }
    /// The successor lists.
    pub fn succ_lists(&self) -> &[SmallVec<[u32; 2]>] {
        &self.succ
    }
}

impl FlowGraph for AdjacencyList {
    #[inline]
    fn entry(&self) -> u32 {
        self.entry
    }
    #[inline]
    fn num_nodes(&self) -> usize {
        self.succ.len()
    }
    #[inline]
    fn succs(&self, n: u32) -> &[u32] {
        &self.succ[n as usize]
    }
    #[inline]
    fn preds(&self, n: u32) -> &[u32] {
        &self.pred[n as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The bucketed construction gives the sorted, deduplicated lists a full sort of the edge list gives.
        #[test]
        fn lists_are_sorted_and_deduplicated(n in 1usize..12, raw in proptest::collection::vec((0u32..12, 0u32..12), 0..60)) {
            let edges: Vec<(u32, u32)> = raw.into_iter().map(|(a, b)| (a % n as u32, b % n as u32)).collect();
            let g = DiGraph::new(n, 0, edges.iter().copied());
            let mut sorted = edges.clone();
            sorted.sort_unstable();
            sorted.dedup();
            for v in 0..n as u32 {
                let succ: Vec<u32> = sorted.iter().filter(|e| e.0 == v).map(|e| e.1).collect();
                let pred: Vec<u32> = sorted.iter().filter(|e| e.1 == v).map(|e| e.0).collect();
                prop_assert_eq!(g.succs(v), &succ[..]);
                prop_assert_eq!(g.preds(v), &pred[..]);
            }
        }
    }

    #[test]
    fn rpo_of_a_diamond() {
        let g = DiGraph::new(4, 0, [(0, 1), (0, 2), (1, 3), (2, 3), (1, 3)]);
        assert_eq!(g.succs(1), &[3]);
        assert_eq!(g.preds(3), &[1, 2]);
        let rpo = g.reverse_post_order();
        assert_eq!(rpo[0], 0);
        assert_eq!(rpo[3], 3);
        assert_eq!(g.reversed(3).succs(3), &[1, 2]);
    }

    #[test]
    fn adjacency_list_keeps_order_and_duplicates() {
        let g = AdjacencyList::from_lists(0, &[vec![2, 1, 2], vec![], vec![1]]);
        assert_eq!(g.succs(0), &[2, 1, 2]);
        assert_eq!(g.preds(2), &[0, 0]);
        assert_eq!(g.preds(1), &[0, 2]);
        let d = DiGraph::from_graph(&g);
        assert_eq!(d.succs(0), &[1, 2]);
        assert_eq!(DiGraph::from_succs(0, &[vec![2, 1, 2], vec![], vec![1]]).succs(0), &[1, 2]);
    }
}
