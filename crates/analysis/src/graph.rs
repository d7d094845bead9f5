//! A dense directed graph in compressed (CSR) form, and the traversals every analysis needs.

/// Marker for "no node".
pub const NONE: u32 = u32::MAX;

/// A directed graph over nodes `0..n` with one entry, stored as successor and predecessor arrays.
/// Parallel edges are kept once.
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
        let mut e: Vec<(u32, u32)> = edges.into_iter().collect();
        e.sort_unstable();
        e.dedup();
        let (succ_off, succ) = csr(n, e.iter().copied());
        let (pred_off, pred) = csr(n, e.iter().map(|&(a, b)| (b, a)));
        DiGraph { entry, succ_off, succ, pred_off, pred }
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

    /// Post-order of the nodes reachable from the entry (iterative DFS; successors visited in order).
    pub fn post_order(&self) -> Vec<u32> {
        let n = self.len();
        let mut seen = vec![false; n];
        let mut order = Vec::with_capacity(n);
        let mut stack: Vec<(u32, u32)> = Vec::new();
        if n == 0 {
            return order;
        }
        seen[self.entry as usize] = true;
        stack.push((self.entry, 0));
        while let Some(top) = stack.last_mut() {
            let (node, i) = *top;
            let s = self.succs(node);
            if (i as usize) < s.len() {
                top.1 += 1;
                let next = s[i as usize];
                if !seen[next as usize] {
                    seen[next as usize] = true;
                    stack.push((next, 0));
                }
            } else {
                order.push(node);
                stack.pop();
            }
        }
        order
    }

    /// Reverse post-order of the reachable nodes.
    pub fn reverse_post_order(&self) -> Vec<u32> {
        let mut v = self.post_order();
        v.reverse();
        v
    }

    /// Which nodes are reachable from the entry.
    pub fn reachable(&self) -> Vec<bool> {
        self.reachable_from(&[self.entry])
    }

    /// Which nodes are reachable from any of `roots` (following successors).
    pub fn reachable_from(&self, roots: &[u32]) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        let mut stack: Vec<u32> = Vec::new();
        for &r in roots {
            if !seen[r as usize] {
                seen[r as usize] = true;
                stack.push(r);
            }
        }
        while let Some(n) = stack.pop() {
            for &s in self.succs(n) {
                if !seen[s as usize] {
                    seen[s as usize] = true;
                    stack.push(s);
                }
            }
        }
        seen
    }
}

fn csr(n: usize, sorted_edges: impl Iterator<Item = (u32, u32)>) -> (Vec<u32>, Vec<u32>) {
    let mut e: Vec<(u32, u32)> = sorted_edges.collect();
    e.sort_unstable();
    let mut off = vec![0u32; n + 1];
    for &(a, _) in &e {
        off[a as usize + 1] += 1;
    }
    for i in 0..n {
        off[i + 1] += off[i];
    }
    (off, e.into_iter().map(|(_, b)| b).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
