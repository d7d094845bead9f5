//! Dominator and post-dominator trees (Semi-NCA), dominance frontiers, O(1) dominance queries and nearest
//! common ancestors.
//!
//! [`DomTree`] works on any [`FlowGraph`]. [`PostDomTree`] is a `DomTree` over the reversed graph with a **virtual
//! exit** node that every node without successors (`ret`, `unreachable` in the IR) flows to. Nodes that reach no
//! exit (infinite loops) get a virtual edge to the exit too: repeatedly, the first such node in post-order of the
//! forward graph (the bottom of the innermost loop first) is connected, until every node reaches the exit — the
//! same choice LLVM makes for reverse-unreachable regions, so their post-dominators agree with LLVM's in the
//! common cases. Nodes unreachable from the entry come after the post-order, in increasing id order.
//!
//! Complexity: Semi-NCA is O(n log n) with path compression; tree queries are O(1) (`dominates`) or O(depth)
//! (`nca`); frontiers are O(n + e + |DF|) (see [`DomTree::frontiers`]).

use crate::digraph::DiGraph;
use crate::traverse::post_order;
use crate::{FlowGraph, NONE};

/// A dominator tree over the nodes of a [`FlowGraph`].
#[derive(Clone, Debug)]
pub struct DomTree {
    root: u32,
    idom: Vec<u32>,
    depth: Vec<u32>,
    pre: Vec<u32>,
    post: Vec<u32>,
    child_off: Vec<u32>,
    child: Vec<u32>,
    /// Reachable nodes in DFS preorder of the graph.
    dfs_order: Vec<u32>,
}

impl DomTree {
    /// Computes the dominator tree of `g` rooted at its entry (Semi-NCA).
    pub fn compute<G: FlowGraph + ?Sized>(g: &G) -> Self {
        let n = g.num_nodes();
        let root = g.entry();
        // 1. DFS preorder.
        let mut num = vec![NONE; n];
        let mut order: Vec<u32> = Vec::with_capacity(n);
        let mut parent: Vec<u32> = Vec::with_capacity(n);
        if n > 0 {
            let mut stack: Vec<(u32, u32, u32)> = vec![(root, NONE, 0)];
            while let Some((v, p, _)) = stack.pop() {
                if num[v as usize] != NONE {
                    continue;
                }
                num[v as usize] = order.len() as u32;
                order.push(v);
                parent.push(p);
                let me = num[v as usize];
                for &s in g.succs(v).iter().rev() {
                    if num[s as usize] == NONE {
                        stack.push((s, me, 0));
                    }
                }
            }
        }
        let m = order.len();
        // 2. Semidominators with path compression (indices are preorder numbers).
        let mut semi: Vec<u32> = (0..m as u32).collect();
        let mut label: Vec<u32> = (0..m as u32).collect();
        let mut anc: Vec<u32> = vec![NONE; m];
        let mut path: Vec<u32> = Vec::new();
        for i in (1..m).rev() {
            let w = order[i];
            for &v in g.preds(w) {
                let vi = num[v as usize];
                if vi == NONE {
                    continue;
                }
                let u = eval(vi, &mut anc, &mut label, &semi, &mut path);
                if semi[u as usize] < semi[i] {
                    semi[i] = semi[u as usize];
                }
            }
            anc[i] = parent[i];
        }
        // 3. Immediate dominators by NCA walks.
        let mut idom_pre: Vec<u32> = parent.clone();
        for i in 1..m {
            let mut d = idom_pre[i];
            while d > semi[i] {
                d = idom_pre[d as usize];
            }
            idom_pre[i] = d;
        }
        let mut idom = vec![NONE; n];
        for i in 1..m {
            idom[order[i] as usize] = order[idom_pre[i] as usize];
        }
        // 4. Children, depth, in/out numbers.
        let mut counts = vec![0u32; n + 1];
        for i in 1..m {
            counts[idom[order[i] as usize] as usize + 1] += 1;
        }
        for i in 0..n {
            counts[i + 1] += counts[i];
        }
        let child_off = counts.clone();
        let mut fill = counts;
        let mut child = vec![0u32; m.saturating_sub(1)];
        for &v in order.iter().skip(1) {
            let p = idom[v as usize] as usize;
            child[fill[p] as usize] = v;
            fill[p] += 1;
        }
        let mut t = DomTree {
            root,
            idom,
            depth: vec![0; n],
            pre: vec![NONE; n],
            post: vec![NONE; n],
            child_off,
            child,
            dfs_order: order,
        };
        if m > 0 {
            let mut clock = 0u32;
            let mut stack: Vec<(u32, usize)> = vec![(root, 0)];
            t.pre[root as usize] = clock;
            clock += 1;
            while let Some(&mut (v, ref mut k)) = stack.last_mut() {
                let kids = t.children(v);
                if *k < kids.len() {
                    let c = kids[*k];
                    *k += 1;
                    t.depth[c as usize] = t.depth[v as usize] + 1;
                    t.pre[c as usize] = clock;
                    clock += 1;
                    stack.push((c, 0));
                } else {
                    t.post[v as usize] = clock;
                    clock += 1;
                    stack.pop();
                }
            }
        }
        t
    }

    /// The root.
    pub fn root(&self) -> u32 {
        self.root
    }
    /// The immediate dominator of `n` (`None` for the root and unreachable nodes).
    pub fn idom(&self, n: u32) -> Option<u32> {
        let d = self.idom[n as usize];
        (d != NONE).then_some(d)
    }
    /// Whether `n` is reachable from the root.
    pub fn is_reachable(&self, n: u32) -> bool {
        self.pre[n as usize] != NONE
    }
    /// Children of `n` in the tree.
    pub fn children(&self, n: u32) -> &[u32] {
        &self.child[self.child_off[n as usize] as usize..self.child_off[n as usize + 1] as usize]
    }
    /// Depth of `n` (root = 0).
    pub fn depth(&self, n: u32) -> u32 {
        self.depth[n as usize]
    }
    /// Whether `a` dominates `b`. Reflexive; an unreachable node is dominated only by itself.
    #[inline]
    pub fn dominates(&self, a: u32, b: u32) -> bool {
        if a == b {
            return true;
        }
        let (pa, pb) = (self.pre[a as usize], self.pre[b as usize]);
        pa != NONE && pb != NONE && pa <= pb && self.post[b as usize] <= self.post[a as usize]
    }
    /// Whether `a` strictly dominates `b`.
    pub fn strictly_dominates(&self, a: u32, b: u32) -> bool {
        a != b && self.dominates(a, b)
    }
    /// The nearest common ancestor of two reachable nodes.
    pub fn nca(&self, mut a: u32, mut b: u32) -> Option<u32> {
        if !self.is_reachable(a) || !self.is_reachable(b) {
            return None;
        }
        while self.depth[a as usize] > self.depth[b as usize] {
            a = self.idom[a as usize];
        }
        while self.depth[b as usize] > self.depth[a as usize] {
            b = self.idom[b as usize];
        }
        while a != b {
            a = self.idom[a as usize];
            b = self.idom[b as usize];
        }
        Some(a)
    }
    /// Reachable nodes in DFS preorder of the graph (a topological order of the tree).
    pub fn preorder(&self) -> &[u32] {
        &self.dfs_order
    }
    /// Dominance frontiers over `g` (the graph the tree was computed on), each list sorted.
    ///
    /// Cooper–Harvey–Kennedy: for every join block `b` (two or more predecessors, or the root with any), walk
    /// up the tree from each predecessor to `b`'s immediate dominator, adding `b` to the frontier of every block passed. A walk stops
    /// early at the first block whose frontier already holds `b`: an earlier walk for `b` went on from there to
    /// the immediate dominator. So every (block, frontier block) pair is added once and walks cost
    /// O(V + E + |DF|) in all, where the plain walks are O(V·E) on chains of early exits to one block (each
    /// predecessor's walk climbing the whole chain). Frontier blocks are in increasing order because join
    /// blocks are visited in that order.
    pub fn frontiers<G: FlowGraph + ?Sized>(&self, g: &G) -> Vec<Vec<u32>> {
        let n = g.num_nodes();
        let mut df: Vec<Vec<u32>> = vec![Vec::new(); n];
        for b in 0..n as u32 {
            let preds = g.preds(b);
            // A block with one predecessor is in no frontier (that predecessor is its immediate dominator),
            // except the root, which nothing strictly dominates.
            if !self.is_reachable(b) || (preds.len() < 2 && b != self.root) {
                continue;
            }
            let stop = self.idom[b as usize];
            for &p in preds {
                let mut r = p;
                while r != NONE && r != stop && self.is_reachable(r) {
                    if df[r as usize].last() == Some(&b) {
                        break;
                    }
                    df[r as usize].push(b);
                    r = self.idom[r as usize];
                }
            }
        }
        df
    }
}

fn eval(v: u32, anc: &mut [u32], label: &mut [u32], semi: &[u32], path: &mut Vec<u32>) -> u32 {
    if anc[v as usize] == NONE {
        return v;
    }
    // Compress the ancestor path of v, top-most first.
    path.clear();
    let mut x = v;
    while anc[x as usize] != NONE && anc[anc[x as usize] as usize] != NONE {
        path.push(x);
        x = anc[x as usize];
    }
    while let Some(x) = path.pop() {
        let a = anc[x as usize];
        if semi[label[a as usize] as usize] < semi[label[x as usize] as usize] {
            label[x as usize] = label[a as usize];
        }
        anc[x as usize] = anc[a as usize];
    }
    label[v as usize]
}

/// The post-dominator tree of a graph, rooted at a virtual exit (see the module documentation).
#[derive(Clone, Debug)]
pub struct PostDomTree {
    tree: DomTree,
    reversed: DiGraph,
    exit: u32,
}

impl PostDomTree {
    /// Computes post-dominators of `g` with a virtual exit node numbered `g.num_nodes()`.
    pub fn compute<G: FlowGraph + ?Sized>(g: &G) -> Self {
        let n = g.num_nodes();
        let exit = n as u32;
        // Forward edges plus node -> exit for sinks and for chosen nodes of exit-less regions.
        let mut edges: Vec<(u32, u32)> = (0..n as u32).flat_map(|a| g.succs(a).iter().map(move |&b| (a, b))).collect();
        let mut to_exit: Vec<u32> = (0..n as u32).filter(|&v| g.succs(v).is_empty()).collect();
        // Reverse reachability from the exit, extended as virtual edges are added.
        let mut reaches = vec![false; n];
        let mut stack: Vec<u32> = Vec::new();
        let mark = |v: u32, reaches: &mut Vec<bool>, stack: &mut Vec<u32>| {
            if !reaches[v as usize] {
                reaches[v as usize] = true;
                stack.push(v);
                while let Some(x) = stack.pop() {
                    for &p in g.preds(x) {
                        if !reaches[p as usize] {
                            reaches[p as usize] = true;
                            stack.push(p);
                        }
                    }
                }
            }
        };
        for &v in &to_exit {
            mark(v, &mut reaches, &mut stack);
        }
        let mut candidates = post_order(g);
        let seen: Vec<bool> = {
            let mut s = vec![false; n];
            for &v in &candidates {
                s[v as usize] = true;
            }
            s
        };
        candidates.extend((0..n as u32).filter(|&v| !seen[v as usize]));
        for v in candidates {
            if !reaches[v as usize] {
                to_exit.push(v);
                mark(v, &mut reaches, &mut stack);
            }
        }
        edges.extend(to_exit.iter().map(|&v| (v, exit)));
        let forward = DiGraph::new(n + 1, g.entry(), edges);
        let reversed = forward.reversed(exit);
        let tree = DomTree::compute(&reversed);
        PostDomTree { tree, reversed, exit }
    }
    /// The underlying tree (node `n` = number of graph nodes is the virtual exit).
    pub fn tree(&self) -> &DomTree {
        &self.tree
    }
    /// The reversed graph with the virtual exit as its entry.
    pub fn reversed_graph(&self) -> &DiGraph {
        &self.reversed
    }
    /// The virtual exit's node index.
    pub fn exit_node(&self) -> u32 {
        self.exit
    }
    /// The immediate post-dominator of `n`; `None` when it is the virtual exit.
    pub fn ipdom(&self, n: u32) -> Option<u32> {
        self.tree.idom(n).filter(|&i| i != self.exit)
    }
    /// Whether `a` post-dominates `b` (reflexive).
    pub fn post_dominates(&self, a: u32, b: u32) -> bool {
        self.tree.dominates(a, b)
    }
    /// Nearest common post-dominator (`None` when only the virtual exit post-dominates both).
    pub fn nca(&self, a: u32, b: u32) -> Option<u32> {
        self.tree.nca(a, b).filter(|&i| i != self.exit)
    }
    /// Children of `n` in the post-dominator tree.
    pub fn children(&self, n: u32) -> &[u32] {
        self.tree.children(n)
    }
    /// Nodes immediately post-dominated by the virtual exit.
    pub fn roots(&self) -> &[u32] {
        self.tree.children(self.exit)
    }
    /// Post-dominance frontiers (control dependence) of the graph's nodes; the virtual exit is left out.
    pub fn frontiers(&self) -> Vec<Vec<u32>> {
        let mut f = self.tree.frontiers(&self.reversed);
        f.truncate(self.exit as usize);
        for v in &mut f {
            v.retain(|&i| i != self.exit);
        }
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::AdjacencyList;

    /// Naive dominators: d dominates v iff v is unreachable from the entry once d is removed.
    fn naive_dominates(g: &DiGraph, d: u32, v: u32) -> bool {
        if d == v {
            return true;
        }
        let reach = g.reachable();
        if !reach[v as usize] || !reach[d as usize] {
            return false;
        }
        if d == g.entry() {
            return true;
        }
        let mut seen = vec![false; g.len()];
        let mut st = vec![g.entry()];
        seen[g.entry() as usize] = true;
        while let Some(x) = st.pop() {
            for &s in g.succs(x) {
                if s != d && !seen[s as usize] {
                    seen[s as usize] = true;
                    st.push(s);
                }
            }
        }
        !seen[v as usize]
    }

    #[test]
    fn diamond_and_loop() {
        // 0 -> 1,2 ; 1,2 -> 3 ; 3 -> 1 (loop back) ; 3 -> 4
        let g = DiGraph::new(5, 0, [(0, 1), (0, 2), (1, 3), (2, 3), (3, 1), (3, 4)]);
        let t = DomTree::compute(&g);
        assert_eq!(t.idom(1), Some(0));
        assert_eq!(t.idom(3), Some(0));
        assert_eq!(t.idom(4), Some(3));
        assert!(t.dominates(0, 4) && !t.dominates(1, 3));
        assert_eq!(t.nca(1, 4), Some(0));
        let df = t.frontiers(&g);
        assert_eq!(df[1], vec![3]);
        assert!(df[3].contains(&1));
    }

    /// Cytron et al.'s definition: `y ∈ DF(x)` iff `x` dominates a (reachable) predecessor of `y` and does not
    /// strictly dominate `y`.
    fn naive_frontiers(g: &DiGraph) -> Vec<Vec<u32>> {
        let n = g.len() as u32;
        let reach = g.reachable();
        let dom = |a: u32, b: u32| naive_dominates(g, a, b);
        (0..n)
            .map(|x| {
                (0..n)
                    .filter(|&y| {
                        reach[x as usize]
                            && reach[y as usize]
                            && !(x != y && dom(x, y))
                            && g.preds(y).iter().any(|&p| reach[p as usize] && dom(x, p))
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn frontier_walks_stop_early_on_exit_chains() {
        // A chain 0 -> 1 -> ... -> n-1 where every block also exits to x = n: the plain walks from the n
        // predecessors of x climb the whole chain (quadratic); all frontiers are {x}.
        let n = 2000u32;
        let mut edges: Vec<(u32, u32)> = (0..n - 1).map(|i| (i, i + 1)).collect();
        edges.extend((0..n).map(|i| (i, n)));
        let g = DiGraph::new(n as usize + 1, 0, edges);
        let t = DomTree::compute(&g);
        let df = t.frontiers(&g);
        for (i, f) in df.iter().enumerate() {
            let want: &[u32] = if i == 0 || i == n as usize { &[] } else { &[n] };
            assert_eq!(f, want, "DF({i})");
        }
    }

    #[test]
    fn post_dominators_with_infinite_loop_and_several_exits() {
        // 0 -> 1, 2 ; 1 -> 3 (exit) ; 2 -> 4 ; 4 -> 2 (infinite loop) ; 3 has no successor.
        let g = AdjacencyList::from_lists(0, &[vec![1, 2], vec![3], vec![4], vec![], vec![2]]);
        let p = PostDomTree::compute(&g);
        assert_eq!(p.exit_node(), 5);
        assert_eq!(p.ipdom(1), Some(3));
        assert_eq!(p.ipdom(0), None);
        // The bottom of the infinite loop (first in post-order) gets the virtual edge.
        assert_eq!(p.roots(), &[3, 0, 4]);
        assert_eq!(p.ipdom(2), Some(4));
        assert!(p.post_dominates(4, 2) && !p.post_dominates(3, 0));
        assert_eq!(p.frontiers()[1], vec![0]);
    }

    #[test]
    fn dominators_match_naive_dataflow_with_duplicate_edges() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut rnd = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..300 {
            let n = 1 + rnd(24) as usize;
            let mut succs: Vec<Vec<u32>> = vec![Vec::new(); n];
            for (b, s) in succs.iter_mut().enumerate() {
                let k = rnd(4);
                for _ in 0..k {
                    let t = rnd(n as u64) as u32;
                    if t != 0 || b == 0 {
                        s.push(t);
                    }
                }
            }
            let g = AdjacencyList::from_lists(0, &succs);
            let dom = DomTree::compute(&g);
            // Naive: dom(b) = {b} ∪ ⋂ dom(p) over reachable predecessors, as bit sets.
            let reach = crate::reachable(&g);
            let all: u32 = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
            let mut sets = vec![all; n];
            sets[0] = 1;
            let mut changed = true;
            while changed {
                changed = false;
                for b in 1..n {
                    if !reach[b] {
                        continue;
                    }
                    let mut acc = all;
                    for p in 0..n {
                        if reach[p] && succs[p].contains(&(b as u32)) {
                            acc &= sets[p];
                        }
                    }
                    acc |= 1 << b;
                    if acc != sets[b] {
                        sets[b] = acc;
                        changed = true;
                    }
                }
            }
            for a in 0..n {
                assert_eq!(dom.is_reachable(a as u32), reach[a]);
                for b in 0..n {
                    let want = a == b || (reach[a] && reach[b] && sets[b] & (1 << a) != 0);
                    assert_eq!(dom.dominates(a as u32, b as u32), want, "{a} dom {b} in {succs:?}");
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        #[test]
        fn frontiers_match_naive(n in 1usize..16, raw in proptest::collection::vec((0u32..16, 0u32..16), 0..36)) {
            let edges: Vec<(u32, u32)> = raw.into_iter().map(|(a, b)| (a % n as u32, b % n as u32)).collect();
            let g = DiGraph::new(n, 0, edges);
            let t = DomTree::compute(&g);
            proptest::prop_assert_eq!(t.frontiers(&g), naive_frontiers(&g));
        }

        #[test]
        fn semi_nca_matches_naive(n in 1usize..24, raw in proptest::collection::vec((0u32..24, 0u32..24), 0..60)) {
            let edges: Vec<(u32, u32)> = raw.into_iter().map(|(a, b)| (a % n as u32, b % n as u32)).collect();
            let g = DiGraph::new(n, 0, edges);
            let t = DomTree::compute(&g);
            for a in 0..n as u32 {
                for b in 0..n as u32 {
                    proptest::prop_assert_eq!(t.dominates(a, b), naive_dominates(&g, a, b), "a={} b={}", a, b);
                }
            }
        }
    }
}
