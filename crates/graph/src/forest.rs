//! A forest of nested node sets laid out in one array, shared by the cycle, loop and region analyses, and the
//! union-find they use while discovering the sets.

use crate::traverse::Dfs;
use crate::{FlowGraph, NONE};
use rustc_hash::FxHashSet;

/// Union-find root of `c`, with path compression.
pub fn find(up: &mut [u32], c: u32) -> u32 {
    let mut r = c;
    while up[r as usize] != r {
        r = up[r as usize];
    }
    let mut x = c;
    while up[x as usize] != r {
        let nx = up[x as usize];
        up[x as usize] = r;
        x = nx;
    }
    r
}

/// A forest of nested node sets (cycles, loops or regions) laid out in one array, every set contiguous.
///
/// Built from "temporary" set ids in any order: each block's innermost set and each set's parent and header.
/// Every set (and the pseudo root) orders its own nodes and its child sets by the RPO number of the node or
/// the child's header; the layout is emitted depth first and the sets renumbered in that pre-order.
#[derive(Clone, Debug)]
pub struct Forest {
    /// Reachable nodes in layout order.
    pub order: Vec<u32>,
    /// Position of each node in `order` (`NONE` if unreachable).
    pub pos: Vec<u32>,
    /// Innermost set of each node, new ids (`NONE` if none).
    pub innermost: Vec<u32>,
    /// `[start, end)` of each set in `order`, new ids.
    pub range: Vec<(u32, u32)>,
    /// Parent of each set (`NONE` at the top level), new ids.
    pub parent: Vec<u32>,
    /// Depth of each set (top level = 1).
    pub depth: Vec<u32>,
    /// Children of set `i` are `child[child_off[i]..child_off[i + 1]]`.
    pub child_off: Vec<u32>,
    /// Children, flattened.
    pub child: Vec<u32>,
    /// Top-level sets in layout order.
    pub top: Vec<u32>,
    /// Temporary id of each new id.
    pub old_of_new: Vec<u32>,
}

impl Forest {
    /// Number of sets.
    pub fn len(&self) -> usize {
        self.range.len()
    }

    /// The innermost set containing node `b` (`None` outside every set and for unreachable nodes).
    pub fn innermost_of(&self, b: u32) -> Option<u32> {
        let s = self.innermost[b as usize];
        (s != NONE).then_some(s)
    }
    /// Whether node `b` belongs to set `s` (nested sets included). O(1).
    pub fn contains(&self, s: u32, b: u32) -> bool {
        let p = self.pos[b as usize];
        let (lo, hi) = self.range[s as usize];
        p != NONE && lo <= p && p < hi
    }
    /// Whether set `a` contains set `b` (reflexive).
    pub fn contains_set(&self, a: u32, b: u32) -> bool {
        let (sa, ea) = self.range[a as usize];
        let (sb, eb) = self.range[b as usize];
        sa <= sb && eb <= ea
    }
    /// The first node of set `s` in layout order (its header).
    pub fn header(&self, s: u32) -> u32 {
        self.order[self.range[s as usize].0 as usize]
    }
    /// All nodes of `s`, nested sets included, in layout order.
    pub fn nodes(&self, s: u32) -> &[u32] {
        let (lo, hi) = self.range[s as usize];
        &self.order[lo as usize..hi as usize]
    }
    /// Nodes of `s` with a successor outside `s`, in layout order.
    pub fn exiting_nodes<G: FlowGraph + ?Sized>(&self, g: &G, s: u32) -> Vec<u32> {
        self.nodes(s).iter().copied().filter(|&b| g.succs(b).iter().any(|&x| !self.contains(s, x))).collect()
    }
    /// The distinct successors of nodes of `s` outside `s`, in order of discovery.
    pub fn exit_nodes<G: FlowGraph + ?Sized>(&self, g: &G, s: u32) -> Vec<u32> {
        let mut seen = FxHashSet::default();
        let mut out = Vec::new();
        for &b in self.nodes(s) {
            for &x in g.succs(b) {
                if !self.contains(s, x) && seen.insert(x) {
                    out.push(x);
                }
            }
        }
        out
    }
    /// The set immediately containing `s`.
    pub fn parent_of(&self, s: u32) -> Option<u32> {
        let p = self.parent[s as usize];
        (p != NONE).then_some(p)
    }
    /// The sets immediately nested in `s`.
    pub fn children(&self, s: u32) -> &[u32] {
        &self.child[self.children_range(s)]
    }
    /// The sets immediately nested in `s`, as a range of `child`.
    pub fn children_range(&self, s: u32) -> std::ops::Range<usize> {
        self.child_off[s as usize] as usize..self.child_off[s as usize + 1] as usize
    }
    /// Position of node `b` in `order` (`None` for unreachable nodes).
    pub fn order_index(&self, b: u32) -> Option<u32> {
        let p = self.pos[b as usize];
        (p != NONE).then_some(p)
    }

    /// Lays out the forest of a graph with `innermost.len()` nodes (O(V log V)). `innermost` is each node's
    /// innermost set, `t_parent` each set's parent and `t_header` each set's header, all in temporary ids (`NONE`
    /// for none); `dfs` orders the units.
    pub fn layout(dfs: &Dfs, innermost: &[u32], t_parent: &[u32], t_header: &[u32]) -> Forest {
        let n = innermost.len();
        let nc = t_parent.len();
        // Units of every set (and of the pseudo root, slot `nc`): a node (< n) or n + temporary set id.
        let slot_of = |c: u32| if c == NONE { nc } else { c as usize };
        let mut unit_off = vec![0u32; nc + 2];
        for (v, &c) in innermost.iter().enumerate() {
            if dfs.pre[v] != NONE {
                unit_off[slot_of(c) + 1] += 1;
            }
        }
        for &p in t_parent {
            unit_off[slot_of(p) + 1] += 1;
        }
        for i in 0..=nc {
            unit_off[i + 1] += unit_off[i];
        }
        let mut fill = unit_off.clone();
        let mut units = vec![0u32; unit_off[nc + 1] as usize];
        for (v, &c) in innermost.iter().enumerate() {
            if dfs.pre[v] != NONE {
                let slot = slot_of(c);
                units[fill[slot] as usize] = v as u32;
                fill[slot] += 1;
            }
        }
        for (c, &p) in t_parent.iter().enumerate() {
            let slot = slot_of(p);
            units[fill[slot] as usize] = (n + c) as u32;
            fill[slot] += 1;
        }
        let key = |u: u32| -> u32 {
            if (u as usize) < n {
                dfs.rpo[u as usize]
            } else {
                dfs.rpo[t_header[u as usize - n] as usize]
            }
        };
        for s in 0..=nc {
            units[unit_off[s] as usize..unit_off[s + 1] as usize].sort_unstable_by_key(|&u| key(u));
        }

        // Depth-first emission: new ids in pre-order, ranges in `order`.
        let mut new_id = vec![NONE; nc];
        let mut old_of_new: Vec<u32> = Vec::with_capacity(nc);
        let mut range = vec![(0u32, 0u32); nc];
        let mut depth = vec![0u32; nc];
        let mut parent = vec![NONE; nc];
        let mut order: Vec<u32> = Vec::with_capacity(n);
        let mut pos = vec![NONE; n];
        let mut top = Vec::new();
        let mut child_off = vec![0u32; nc + 1];
        // Stack of (slot, next unit, new id of the slot or NONE for the root).
        let mut stack: Vec<(usize, u32, u32)> = vec![(nc, unit_off[nc], NONE)];
        while let Some(frame) = stack.last_mut() {
            let (slot, i, me) = *frame;
            if i < unit_off[slot + 1] {
                frame.1 += 1;
                let u = units[i as usize];
                if (u as usize) < n {
                    pos[u as usize] = order.len() as u32;
                    order.push(u);
                } else {
                    let c = u as usize - n;
                    let id = old_of_new.len() as u32;
                    new_id[c] = id;
                    old_of_new.push(c as u32);
                    range[id as usize].0 = order.len() as u32;
                    parent[id as usize] = me;
                    if me == NONE {
                        depth[id as usize] = 1;
                        top.push(id);
                    } else {
                        depth[id as usize] = depth[me as usize] + 1;
                        child_off[me as usize + 1] += 1;
                    }
                    stack.push((c, unit_off[c], id));
                }
            } else {
                if me != NONE {
                    range[me as usize].1 = order.len() as u32;
                }
                stack.pop();
            }
        }
        for i in 0..nc {
            child_off[i + 1] += child_off[i];
        }
        let mut cfill = child_off.clone();
        let mut child = vec![0u32; nc - top.len()];
        for (id, &p) in parent.iter().enumerate() {
            if p != NONE {
                child[cfill[p as usize] as usize] = id as u32;
                cfill[p as usize] += 1;
            }
        }
        let innermost = innermost.iter().map(|&c| if c == NONE { NONE } else { new_id[c as usize] }).collect();
        Forest { order, pos, innermost, range, parent, depth, child_off, child, top, old_of_new }
    }
}
