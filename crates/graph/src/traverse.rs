//! Traversals of a [`FlowGraph`]: post-order, reverse post-order, reachability, and the depth-first numbering
//! used by cycle discovery.

use crate::{FlowGraph, NONE};

/// Post-order of the nodes reachable from the entry (iterative DFS; successors visited in list order). O(V + E).
pub fn post_order<G: FlowGraph + ?Sized>(g: &G) -> Vec<u32> {
    let n = g.num_nodes();
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let mut stack: Vec<(u32, u32)> = Vec::new();
    if n == 0 {
        return order;
    }
    seen[g.entry() as usize] = true;
    stack.push((g.entry(), 0));
    while let Some(top) = stack.last_mut() {
        let (node, i) = *top;
        let s = g.succs(node);
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

/// Reverse post-order of the nodes reachable from the entry. O(V + E).
pub fn reverse_post_order<G: FlowGraph + ?Sized>(g: &G) -> Vec<u32> {
    let mut v = post_order(g);
    v.reverse();
    v
}

/// Which nodes are reachable from the entry. O(V + E).
pub fn reachable<G: FlowGraph + ?Sized>(g: &G) -> Vec<bool> {
    if g.num_nodes() == 0 {
        return Vec::new();
    }
    reachable_from(g, &[g.entry()])
}

/// Which nodes are reachable from any of `roots` (following successors). O(V + E).
pub fn reachable_from<G: FlowGraph + ?Sized>(g: &G, roots: &[u32]) -> Vec<bool> {
    let mut seen = vec![false; g.num_nodes()];
    let mut stack: Vec<u32> = Vec::new();
    for &r in roots {
        if !seen[r as usize] {
            seen[r as usize] = true;
            stack.push(r);
        }
    }
    while let Some(n) = stack.pop() {
        for &s in g.succs(n) {
            if !seen[s as usize] {
                seen[s as usize] = true;
                stack.push(s);
            }
        }
    }
    seen
}

/// Depth-first numbering of the reachable nodes.
#[derive(Clone, Debug)]
pub struct Dfs {
    /// Preorder number (`NONE` for unreachable nodes).
    pub pre: Vec<u32>,
    /// Largest preorder number in the node's DFS subtree.
    pub last: Vec<u32>,
    /// Reverse-post-order number (`NONE` for unreachable nodes).
    pub rpo: Vec<u32>,
    /// Nodes in preorder.
    pub preorder: Vec<u32>,
}

impl Dfs {
    /// Iterative DFS from the entry, successors in reverse order (as LLVM's `GenericCycleInfo` does, so that the
    /// same block heads an irreducible cycle when the graph's successor order is the terminator's). O(V + E).
    pub fn compute<G: FlowGraph + ?Sized>(g: &G) -> Self {
        let n = g.num_nodes();
        let mut pre = vec![NONE; n];
        let mut last = vec![NONE; n];
        let mut post = vec![NONE; n];
        let mut preorder = Vec::with_capacity(n);
        let mut post_count = 0u32;
        if n > 0 {
            let mut stack: Vec<(u32, u32)> = vec![(g.entry(), 0)];
            pre[g.entry() as usize] = 0;
            preorder.push(g.entry());
            while let Some(top) = stack.last_mut() {
                let (v, i) = *top;
                let s = g.succs(v);
                if (i as usize) < s.len() {
                    top.1 += 1;
                    let w = s[s.len() - 1 - i as usize];
                    if pre[w as usize] == NONE {
                        pre[w as usize] = preorder.len() as u32;
                        preorder.push(w);
                        stack.push((w, 0));
                    }
                } else {
                    last[v as usize] = preorder.len() as u32 - 1;
                    post[v as usize] = post_count;
                    post_count += 1;
                    stack.pop();
                }
            }
        }
        let m = post_count;
        let rpo = post.into_iter().map(|p| if p == NONE { NONE } else { m - 1 - p }).collect();
        Dfs { pre, last, rpo, preorder }
    }
    /// Whether `a` is a DFS ancestor of `b` (reflexive); false when either is unreachable.
    #[inline]
    pub fn is_ancestor(&self, a: u32, b: u32) -> bool {
        let (pa, pb) = (self.pre[a as usize], self.pre[b as usize]);
        pa != NONE && pb != NONE && pa <= pb && pb <= self.last[a as usize]
    }
}
