//! Liveness of variables (dense ids) at node boundaries, two ways.
//!
//! # Definition
//!
//! A variable is **live-in** at node `B` when some path from the top of `B` reaches a use of it without passing a
//! definition, and **live-out** at `B` when it is live-in at a successor of `B` or used at the exit of `B` (an
//! SSA phi's operand is used at the end of the incoming node, on the edge: it is live-out there and not live-in
//! at the phi's node unless it is live-in there for another reason). Paths through nodes unreachable from the
//! entry count like any other: a use there makes the variable live along the (unreachable) paths leading to it.
//!
//! # Algorithms
//!
//! * [`SsaLiveness`] — per-variable path exploration for SSA form (Brandner, Boissinot, Darte, Dupont de
//!   Dinechin, Rastello, *Computing Liveness Sets for SSA-Form Programs*, 2011), where every variable has one
//!   definition: for every use, walk backward from the using node (for a use at a node's exit, from the end of
//!   that node) to the defining node, marking each node passed live-in and each of its predecessors live-out; a
//!   walk stops at the defining node and at nodes already marked for this variable. Variables are processed one
//!   after the other, so "already marked for this variable" is one comparison with the last variable marked at the
//!   node (no hashing and no per-variable clearing). The marks are grouped by node at the end (a counting sort
//!   that keeps each node's variables in the order they were given). Time O(V + Σ_v (uses(v) + Σ_{B ∈
//!   LiveIn(v)} preds(B))): linear in the size of the result plus the edges it crosses.
//! * [`dataflow_liveness`] — the classic backward dataflow for any program (several definitions per variable, e.g.
//!   machine code after phi elimination): from per-node upward-exposed uses, definitions and exit uses
//!   ([`NodeUseDef`]), iterate `out(B) = exit_uses(B) ∪ ⋃_{S ∈ succs(B)} in(S)`, `in(B) = uses(B) ∪ (out(B) −
//!   defs(B))` with a worklist seeded in post-order, over bit sets ([`BitSet`]). Time O(passes · (V + E) · W) with
//!   W the number of 64-bit words per set; passes is the loop-connectedness plus two in practice.
//!
//! Both give the same sets on SSA input (a property test checks it). The results are [`LiveSets`]: per node, the
//! sorted variables live-in and live-out, in compressed form.

use crate::traverse::post_order;
use crate::{FlowGraph, NONE};

/// One sorted set of variables per node, in compressed form.
#[derive(Clone, Debug)]
pub struct NodeSets<T = u32> {
    off: Vec<u32>,
    vals: Vec<T>,
}

impl<T: Copy> NodeSets<T> {
    /// Groups `(node, variable)` marks of a graph of `n` nodes by node, keeping their order. O(n + marks).
    pub fn from_marks(n: usize, marks: &[(u32, T)]) -> Self {
        let mut off = vec![0u32; n + 1];
        for &(b, _) in marks {
            off[b as usize + 1] += 1;
        }
        for i in 0..n {
            off[i + 1] += off[i];
        }
        let Some(&(_, filler)) = marks.first() else {
            return NodeSets { off, vals: Vec::new() };
        };
        let mut fill = off.clone();
        let mut vals = vec![filler; marks.len()];
        for &(b, v) in marks {
            vals[fill[b as usize] as usize] = v;
            fill[b as usize] += 1;
        }
        NodeSets { off, vals }
    }
    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.off.len() - 1
    }
    /// The set of node `n`.
    #[inline]
    pub fn get(&self, n: u32) -> &[T] {
        &self.vals[self.off[n as usize] as usize..self.off[n as usize + 1] as usize]
    }
    /// The size of the largest set.
    pub fn max_len(&self) -> usize {
        self.off.windows(2).map(|w| (w[1] - w[0]) as usize).max().unwrap_or(0)
    }
}

impl<T: Copy + Ord> NodeSets<T> {
    /// Whether the set of node `n` holds `v` (binary search: the sets are sorted).
    pub fn contains(&self, n: u32, v: T) -> bool {
        self.get(n).binary_search(&v).is_ok()
    }
}

/// Live-in and live-out sets of every node.
#[derive(Clone, Debug)]
pub struct LiveSets<T = u32> {
    /// Variables live at the top of each node.
    pub live_in: NodeSets<T>,
    /// Variables live at the bottom of each node (exit uses included).
    pub live_out: NodeSets<T>,
}

impl<T: Copy> LiveSets<T> {
    /// The largest number of variables live-in or live-out at any node boundary.
    pub fn max_live(&self) -> usize {
        self.live_in.max_len().max(self.live_out.max_len())
    }
}

/// SSA liveness by path exploration (see the module documentation).
///
/// Describe the variables one after the other, in increasing order (the sets come out in that order): [`var`]
/// starts a variable with its defining node, then [`use_in`] and [`use_at_exit`] give its uses; [`finish`]
/// returns the sets. The variable type `T` is any copyable id (`u32`, an IR value).
///
/// [`var`]: SsaLiveness::var
/// [`use_in`]: SsaLiveness::use_in
/// [`use_at_exit`]: SsaLiveness::use_at_exit
/// [`finish`]: SsaLiveness::finish
pub struct SsaLiveness<'g, G: FlowGraph + ?Sized, T = u32> {
    g: &'g G,
    in_marks: Vec<(u32, T)>,
    out_marks: Vec<(u32, T)>,
    /// Per node, the sequence number of the last variable marked live-in / live-out there.
    last_in: Vec<u32>,
    last_out: Vec<u32>,
    stack: Vec<u32>,
    seq: u32,
    cur: Option<T>,
    def: u32,
}

impl<'g, G: FlowGraph + ?Sized, T: Copy> SsaLiveness<'g, G, T> {
    /// An empty computation over `g`.
    pub fn new(g: &'g G) -> Self {
        let n = g.num_nodes();
        SsaLiveness {
            g,
            in_marks: Vec::new(),
            out_marks: Vec::new(),
            last_in: vec![NONE; n],
            last_out: vec![NONE; n],
            stack: Vec::new(),
            seq: NONE,
            cur: None,
            def: NONE,
        }
    }
    /// Starts variable `v`, defined at the top of (or inside) node `def`; `None` means above the entry (a
    /// function argument).
    pub fn var(&mut self, v: T, def: Option<u32>) {
        self.seq = self.seq.wrapping_add(1);
        self.cur = Some(v);
        self.def = def.unwrap_or(NONE);
    }
    #[inline]
    fn mark_out(&mut self, p: u32, v: T) {
        if self.last_out[p as usize] != self.seq {
            self.last_out[p as usize] = self.seq;
            self.out_marks.push((p, v));
        }
    }
    /// A use of the current variable inside `node` (not by a phi): it is live-in there unless `node` defines it.
    pub fn use_in(&mut self, node: u32) {
        let v = self.cur.expect("SsaLiveness::use_in before var");
        self.walk(node, v);
    }
    /// A use of the current variable at the exit of `node` (a phi operand on an edge out of `node`).
    pub fn use_at_exit(&mut self, node: u32) {
        let v = self.cur.expect("SsaLiveness::use_at_exit before var");
        self.mark_out(node, v);
        self.walk(node, v);
    }
    /// Walks up from `start`, which needs the current variable live-in.
    fn walk(&mut self, start: u32, v: T) {
        let (def, seq) = (self.def, self.seq);
        if start == def {
            return;
        }
        self.stack.push(start);
        while let Some(b) = self.stack.pop() {
            if b == def || self.last_in[b as usize] == seq {
                continue;
            }
            self.last_in[b as usize] = seq;
            self.in_marks.push((b, v));
            for &p in self.g.preds(b) {
                self.mark_out(p, v);
                if p != def && self.last_in[p as usize] != seq {
                    self.stack.push(p);
                }
            }
        }
    }
    /// The live sets, each in the order the variables were given.
    pub fn finish(self) -> LiveSets<T> {
        let n = self.g.num_nodes();
        LiveSets {
            live_in: NodeSets::from_marks(n, &self.in_marks),
            live_out: NodeSets::from_marks(n, &self.out_marks),
        }
    }
}

/// A fixed-size set of dense ids `0..len` as 64-bit words.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    /// The empty set over `0..len`.
    pub fn new(len: usize) -> Self {
        BitSet { words: vec![0; len.div_ceil(64)] }
    }
    /// Adds `i`; true when it was not there.
    #[inline]
    pub fn insert(&mut self, i: u32) -> bool {
        let (w, b) = ((i / 64) as usize, 1u64 << (i % 64));
        let was = self.words[w] & b != 0;
        self.words[w] |= b;
        !was
    }
    /// Removes `i`; true when it was there.
    #[inline]
    pub fn remove(&mut self, i: u32) -> bool {
        let (w, b) = ((i / 64) as usize, 1u64 << (i % 64));
        let was = self.words[w] & b != 0;
        self.words[w] &= !b;
        was
    }
    /// Whether `i` is in the set.
    #[inline]
    pub fn contains(&self, i: u32) -> bool {
        self.words.get((i / 64) as usize).is_some_and(|w| w & (1u64 << (i % 64)) != 0)
    }
    /// Adds every element of `other` (same size); true when the set grew.
    pub fn union_with(&mut self, other: &BitSet) -> bool {
        let mut changed = false;
        for (a, &b) in self.words.iter_mut().zip(&other.words) {
            let n = *a | b;
            changed |= n != *a;
            *a = n;
        }
        changed
    }
    /// Removes every element.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }
    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
    /// The number of elements.
    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }
    /// The elements in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.words.iter().enumerate().flat_map(|(k, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let t = w.trailing_zeros();
                w &= w - 1;
                Some(k as u32 * 64 + t)
            })
        })
    }
}

/// The local facts of one node for [`dataflow_liveness`].
#[derive(Clone, Debug, Default)]
pub struct NodeUseDef {
    /// Upward-exposed uses: variables read in the node before any definition in it.
    pub uses: BitSet,
    /// Variables defined in the node.
    pub defs: BitSet,
    /// Variables used at the exit of the node (e.g. phi operands on its outgoing edges).
    pub exit_uses: BitSet,
}

impl NodeUseDef {
    /// No uses or definitions, over variables `0..num_vars`.
    pub fn new(num_vars: usize) -> Self {
        NodeUseDef { uses: BitSet::new(num_vars), defs: BitSet::new(num_vars), exit_uses: BitSet::new(num_vars) }
    }
    /// Records a read of `v` (call in instruction order): upward-exposed unless the node defined `v` before.
    pub fn read(&mut self, v: u32) {
        if !self.defs.contains(v) {
            self.uses.insert(v);
        }
    }
    /// Records a definition of `v` (call in instruction order, after the instruction's reads).
    pub fn write(&mut self, v: u32) {
        self.defs.insert(v);
    }
    /// Records a use of `v` at the exit of the node.
    pub fn read_at_exit(&mut self, v: u32) {
        self.exit_uses.insert(v);
    }
}

/// Liveness of variables `0..num_vars` by backward dataflow over bit sets, from each node's local facts
/// (`local[n]` for node `n`; see the module documentation). Works on any program, SSA or not.
pub fn dataflow_liveness<G: FlowGraph + ?Sized>(g: &G, num_vars: usize, local: &[NodeUseDef]) -> LiveSets {
    let n = g.num_nodes();
    assert_eq!(local.len(), n, "one NodeUseDef per node");
    let mut live_in = vec![BitSet::new(num_vars); n];
    let mut live_out = vec![BitSet::new(num_vars); n];
    // Post-order first (successors before predecessors), then the unreachable nodes.
    let mut work: std::collections::VecDeque<u32> = post_order(g).into();
    let mut queued = vec![false; n];
    for &b in &work {
        queued[b as usize] = true;
    }
    for b in 0..n as u32 {
        if !queued[b as usize] {
            queued[b as usize] = true;
            work.push_back(b);
        }
    }
    let mut new_in = BitSet::new(num_vars);
    while let Some(b) = work.pop_front() {
        queued[b as usize] = false;
        let l = &local[b as usize];
        let mut out = std::mem::take(&mut live_out[b as usize]);
        out.clone_from(&l.exit_uses);
        for &s in g.succs(b) {
            out.union_with(&live_in[s as usize]);
        }
        new_in.clone_from(&l.uses);
        for ((w, &o), &d) in new_in.words.iter_mut().zip(&out.words).zip(&l.defs.words) {
            *w |= o & !d;
        }
        live_out[b as usize] = out;
        if new_in != live_in[b as usize] {
            std::mem::swap(&mut live_in[b as usize], &mut new_in);
            for &p in g.preds(b) {
                if !queued[p as usize] {
                    queued[p as usize] = true;
                    work.push_back(p);
                }
            }
        }
    }
    let marks = |sets: &[BitSet]| -> Vec<(u32, u32)> {
        sets.iter().enumerate().flat_map(|(b, s)| s.iter().map(move |v| (b as u32, v))).collect()
    };
    LiveSets {
        live_in: NodeSets::from_marks(n, &marks(&live_in)),
        live_out: NodeSets::from_marks(n, &marks(&live_out)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AdjacencyList, DomTree};

    #[test]
    fn loop_with_phi_and_value_live_across() {
        // 0: a = ..; b = .. -> 1 ; 1: p = phi [a, 0], [q, 2] -> 2, 3 ; 2: q = p + b -> 1 ; 3: use a.
        let g = AdjacencyList::from_lists(0, &[vec![1], vec![2, 3], vec![1], vec![]]);
        let (a, b, p, q) = (0u32, 1, 2, 3);
        let mut s = SsaLiveness::new(&g);
        s.var(a, Some(0));
        s.use_at_exit(0);
        s.use_in(3);
        s.var(b, Some(0));
        s.use_in(2);
        s.var(p, Some(1));
        s.use_in(2);
        s.var(q, Some(2));
        s.use_at_exit(2);
        let l = s.finish();
        assert_eq!(l.live_in.get(1), &[a, b]);
        assert_eq!(l.live_out.get(1), &[a, b, p]);
        assert_eq!(l.live_in.get(2), &[a, b, p]);
        assert_eq!(l.live_out.get(2), &[a, b, q]);
        assert_eq!(l.live_out.get(0), &[a, b]);
        assert_eq!(l.live_in.get(3), &[a]);
        assert!(l.live_in.contains(2, p) && !l.live_in.contains(1, p));
        assert_eq!(l.max_live(), 3);
    }

    #[test]
    fn bitset_basics() {
        let mut s = BitSet::new(130);
        assert!(s.insert(3) && s.insert(129) && !s.insert(3));
        assert_eq!(s.iter().collect::<Vec<_>>(), [3, 129]);
        assert!(s.contains(129) && !s.contains(4) && !s.contains(1000));
        assert!(s.remove(3) && !s.remove(3));
        assert_eq!(s.count(), 1);
        s.clear();
        assert!(s.is_empty());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]
        /// On SSA input (one definition per variable, dominating its uses; arguments above the entry), path
        /// exploration and the bit-set dataflow agree.
        #[test]
        fn ssa_and_dataflow_agree(
            n in 1usize..14,
            raw in proptest::collection::vec((0u32..14, 0u32..14), 0..30),
            vars in proptest::collection::vec((0u32..15, proptest::collection::vec((0u32..14, proptest::bool::ANY), 0..5)), 0..12),
        ) {
            let mut succs: Vec<Vec<u32>> = vec![Vec::new(); n];
            for (a, b) in raw {
                succs[(a as usize) % n].push(b % n as u32);
            }
            let g = AdjacencyList::from_lists(0, &succs);
            let t = DomTree::compute(&g);
            let mut s = SsaLiveness::new(&g);
            let mut local = vec![NodeUseDef::new(vars.len()); n];
            for (v, (def, uses)) in vars.iter().enumerate() {
                let v = v as u32;
                // def == n (or more): an argument, defined above the entry.
                let def = (*def < n as u32).then_some(*def);
                s.var(v, def);
                if let Some(d) = def {
                    local[d as usize].write(v);
                }
                for &(u, at_exit) in uses {
                    let u = u % n as u32;
                    // Keep the program strict: the use must be dominated by the definition (or unreachable).
                    if def.is_some_and(|d| !t.is_reachable(u) || !t.dominates(d, u)) {
                        continue;
                    }
                    if at_exit {
                        s.use_at_exit(u);
                        local[u as usize].read_at_exit(v);
                    } else if Some(u) != def {
                        s.use_in(u);
                        local[u as usize].read(v);
                    }
                }
            }
            let a = s.finish();
            let b = dataflow_liveness(&g, vars.len(), &local);
            for x in 0..n as u32 {
                proptest::prop_assert_eq!(a.live_in.get(x), b.live_in.get(x), "in {}", x);
                proptest::prop_assert_eq!(a.live_out.get(x), b.live_out.get(x), "out {}", x);
            }
        }
    }
}
