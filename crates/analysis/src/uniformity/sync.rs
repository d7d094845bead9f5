//! Sync dependence: the join blocks and the divergent cycle exits of one divergent branch.
//!
//! The question "which blocks are reachable from two different successors of the branch by paths that meet only
//! at that block" is answered, as in LLVM's `GenericSyncDependenceAnalysis`, by a variant of SSA construction:
//! every successor of the branch defines a virtual variable (its *label* is the successor itself); labels are
//! pushed forward along edges; a block that receives two different labels is a *join* and from then on carries
//! its own label. The walk visits blocks in a **modified reverse post-order** in which every cycle is contiguous
//! and its header comes *last* (after all the blocks of the cycle): every block is visited after all its
//! predecessors except the header of a cycle containing it, so a reducible header has collected the labels of all
//! its latches when it is visited. A reducible header then pushes its label to the *exits* of its cycle instead
//! of its successors (inside a reducible cycle entered at its header every block has the header's label, so
//! only the exits can join anything); when the branch is inside that cycle, an exit that joins there is
//! reached both by lanes that left early and by lanes that iterated again: a **divergent cycle exit**. Irreducible
//! headers push to their successors, which sends labels backwards in the order; the walk then simply continues
//! (labels only ever change twice, none → label → self, so it terminates in O(V + E) per branch).
//!
//! The walk stops when a single block is left to visit outside irreducible cycles around the branch: every
//! remaining path goes through it, so nothing downstream can see two labels (this block is the branch's
//! immediate post-dominator when there is one). When no irreducible cycle contains the branch, two more early
//! stops apply (`SyncCtx::shortcut` has the argument): waiting blocks without successors that no unvisited block
//! can push a label into do not count, and when the one other waiting block is outside every cycle and
//! post-dominates the next block, it is a join iff its label differs from that block's and nothing else is.
//! Without them an early `return` (a block without successors placed last in the order, or a shared exit block)
//! kept the walk going to the end of the function for every such branch, which made the analysis quadratic. The
//! shortcuts change no result: the walk would only have pushed one label into unlabelled blocks.
//!
//! Difference from LLVM 19: a divergent exit found at a reducible header is also reported as an *exit join*;
//! the analysis then makes a phi at that exit divergent when it chooses between different values on the edges
//! that lanes diverged by the branch can take (see `UniformityInfo`'s module documentation). LLVM only applies
//! temporal divergence there (phis that use values defined in the cycle), which misses
//! `X: %p = phi [0, %header], [1, %latch]` when lanes leave the loop by different edges (see the
//! `exit_phi_with_distinct_constants_is_divergent` test).

use crate::cfg::Cfg;
use crate::cycles::{CycleId, CycleInfo};
use crate::dominators::PostDominatorTree;
use crate::graph::NONE;
use std::collections::BTreeSet;

/// The result of the walk for one branch (CFG node indices).
pub(crate) struct JoinDesc {
    /// Blocks reached by disjoint paths from two successors (phis there are sync dependent on the branch).
    pub joins: Vec<u32>,
    /// Exits of cycles containing the branch reached both by lanes that left early and by lanes that iterated
    /// again (found at a reducible header) and not otherwise joins: only the incoming edges such lanes can take
    /// matter for their phis.
    pub exit_joins: Vec<u32>,
    /// Exits of cycles containing the branch that lanes may reach in different iterations.
    pub div_exits: Vec<u32>,
}

/// Per-function data shared by all branches.
pub(crate) struct SyncCtx {
    /// Position of each node in the modified order (`NONE` when unreachable).
    pos: Vec<u32>,
    /// Node at each position.
    order: Vec<u32>,
    /// The reducible cycle a node heads, if any.
    reducible_header: Vec<Option<CycleId>>,
    /// Exit nodes of every cycle.
    exits: Vec<Vec<u32>>,
    /// Whether a node is inside an irreducible cycle (at any depth).
    in_irreducible: Vec<bool>,
    /// For a node without successors: the last position from which a label can still be pushed into it (the
    /// last position of the outermost cycle around a predecessor, or the predecessor's own). `NONE` for other
    /// nodes.
    sink_bound: Vec<u32>,
    /// Scratch labels (`NONE` = unlabelled), reset after each walk.
    labels: Vec<u32>,
    touched: Vec<u32>,
    /// Scratch for one walk: the positions waiting to be visited, those of them that have successors, and
    /// `(sink_bound, position)` of the others.
    fresh: BTreeSet<u32>,
    fresh_non_sinks: BTreeSet<u32>,
    fresh_sinks: BTreeSet<(u32, u32)>,
    /// Whether [`SyncCtx::shortcut`] may stop walks early.
    shortcuts: bool,
}

impl SyncCtx {
    /// The per-function data; `shortcuts` enables the early stops of [`SyncCtx::shortcut`] (off only for the
    /// reference the tests compare with).
    pub(crate) fn new(cfg: &Cfg, cycles: &CycleInfo, shortcuts: bool) -> Self {
        let n = cfg.len();
        let mut order_blocks = Vec::with_capacity(n);
        emit(cycles, 0, cycles.order().len(), None, &mut order_blocks);
        let order: Vec<u32> = order_blocks.iter().map(|&b| cfg.index(b)).collect();
        let mut pos = vec![NONE; n];
        for (p, &b) in order.iter().enumerate() {
            pos[b as usize] = p as u32;
        }
        let mut reducible_header = vec![None; n];
        let mut exits = Vec::with_capacity(cycles.len());
        for c in cycles.cycles() {
            if cycles.is_reducible(c) {
                reducible_header[cfg.index(cycles.header(c)) as usize] = Some(c);
            }
            exits.push(cycles.exit_blocks(c).into_iter().map(|b| cfg.index(b)).collect());
        }
        // Cycle ids are a pre-order of the nest, so a parent is done before its children.
        let mut irreducible_nest = vec![false; cycles.len()];
        for c in cycles.cycles() {
            irreducible_nest[c.index()] =
                !cycles.is_reducible(c) || cycles.parent(c).is_some_and(|p| irreducible_nest[p.index()]);
        }
        let in_irreducible: Vec<bool> = (0..n as u32)
            .map(|b| cycles.innermost(cfg.block(b)).is_some_and(|c| irreducible_nest[c.index()]))
            .collect();
        let g = cfg.graph();
        let mut sink_bound = vec![NONE; n];
        for b in 0..n as u32 {
            if pos[b as usize] == NONE || !g.succs(b).is_empty() {
                continue;
            }
            let mut bound = 0;
            for &p in g.preds(b) {
                let pb = cfg.block(p);
                let Some(mut c) = cycles.innermost(pb) else {
                    if pos[p as usize] != NONE {
                        bound = bound.max(pos[p as usize]);
                    }
                    continue;
                };
                while let Some(up) = cycles.parent(c) {
                    c = up;
                }
                // The outermost cycle around `p` (a sink is in no cycle): its header comes last in `order`.
                bound = bound.max(pos[cfg.index(cycles.header(c)) as usize]);
            }
            sink_bound[b as usize] = bound;
        }
        SyncCtx {
            pos,
            order,
            reducible_header,
            exits,
            in_irreducible,
            sink_bound,
            labels: vec![NONE; n],
            touched: Vec::new(),
            fresh: BTreeSet::new(),
            fresh_non_sinks: BTreeSet::new(),
            fresh_sinks: BTreeSet::new(),
            shortcuts,
        }
    }

    /// Adds node `s` to the blocks waiting to be visited.
    fn push_fresh(&mut self, s: u32) {
        let p = self.pos[s as usize];
        if self.fresh.insert(p) {
            match self.sink_bound[s as usize] {
                NONE => self.fresh_non_sinks.insert(p),
                k => self.fresh_sinks.insert((k, p)),
            };
        }
    }

    /// Takes the first block waiting to be visited.
    fn pop_fresh(&mut self) -> Option<u32> {
        let p = self.fresh.pop_first()?;
        let b = self.order[p as usize];
        match self.sink_bound[b as usize] {
            NONE => self.fresh_non_sinks.remove(&p),
            k => self.fresh_sinks.remove(&(k, p)),
        };
        Some(b)
    }

    /// Pushes `label` into `s`; true when `s` becomes (or already is) a join of two different labels.
    fn visit(&mut self, s: u32, label: u32) -> bool {
        let old = self.labels[s as usize];
        if old == label {
            return false;
        }
        if old != s {
            self.push_fresh(s);
        }
        if old == NONE {
            self.labels[s as usize] = label;
            self.touched.push(s);
            return false;
        }
        self.labels[s as usize] = s;
        true
    }

    /// Join blocks and divergent cycle exits of the divergent terminator of node `d`.
    pub(crate) fn join_points(&mut self, cfg: &Cfg, cycles: &CycleInfo, pdt: &PostDominatorTree, d: u32) -> JoinDesc {
        let g = cfg.graph();
        let d_block = cfg.block(d);
        let d_cycle = cycles.innermost(d_block);
        // The largest chain of irreducible cycles around the branch: inside it labels may flow backwards, so the
        // early stop does not apply there.
        let irreducible_around = d_cycle.filter(|&c| !cycles.is_reducible(c)).map(|mut c| {
            while let Some(p) = cycles.parent(c) {
                if cycles.is_reducible(p) {
                    break;
                }
                c = p;
            }
            c
        });
        // The shortcuts below need every cycle around the branch to be reducible; `d_top` is the outermost.
        let shortcuts = self.shortcuts && !self.in_irreducible[d as usize];
        let d_top = d_cycle.map(|mut c| {
            while let Some(p) = cycles.parent(c) {
                c = p;
            }
            c
        });
        let mut joins = Vec::new();
        let mut div_exits = Vec::new();
        let mut exit_joins = Vec::new();
        for &s in g.succs(d) {
            if d_cycle.is_some_and(|c| !cycles.contains(c, cfg.block(s))) {
                div_exits.push(s);
            }
            if self.visit(s, s) {
                joins.push(s);
            }
        }
        while let Some(&p) = self.fresh.first() {
            let b = self.order[p as usize];
            if self.fresh.len() == 1 && irreducible_around.is_none_or(|c| !cycles.contains(c, cfg.block(b))) {
                break;
            }
            if shortcuts && b != d && self.sink_bound[b as usize] == NONE && !self.in_irreducible[b as usize] {
                match self.shortcut(cfg, cycles, pdt, b, p, d_top) {
                    Shortcut::None => {}
                    Shortcut::Done => break,
                    Shortcut::Join(s) => {
                        joins.push(s);
                        break;
                    }
                }
            }
            self.pop_fresh();
            if b == d {
                continue;
            }
            let label = self.labels[b as usize];
            debug_assert_ne!(label, NONE);
            if let Some(c) = self.reducible_header[b as usize] {
                let inside = cycles.contains(c, d_block);
                for k in 0..self.exits[c.index()].len() {
                    let x = self.exits[c.index()][k];
                    if self.visit(x, label) {
                        if inside {
                            div_exits.push(x);
                            exit_joins.push(x);
                        } else {
                            joins.push(x);
                        }
                    }
                }
            } else {
                for &s in g.succs(b) {
                    if self.visit(s, label) {
                        joins.push(s);
                    }
                }
            }
        }
        // Irreducible cycles around the branch: an exit whose label differs from the header's is divergent.
        let mut c = d_cycle;
        while let Some(cc) = c {
            if !cycles.is_reducible(cc) {
                let hl = self.labels[cfg.index(cycles.header(cc)) as usize];
                for &x in &self.exits[cc.index()] {
                    if self.labels[x as usize] != hl {
                        div_exits.push(x);
                    }
                }
            }
            c = cycles.parent(cc);
        }
        for &t in &self.touched {
            self.labels[t as usize] = NONE;
        }
        self.touched.clear();
        self.fresh.clear();
        self.fresh_non_sinks.clear();
        self.fresh_sinks.clear();
        joins.sort_unstable_by_key(|&b| self.pos[b as usize]);
        joins.dedup();
        div_exits.sort_unstable_by_key(|&b| self.pos[b as usize]);
        div_exits.dedup();
        exit_joins.sort_unstable_by_key(|&b| self.pos[b as usize]);
        exit_joins.dedup();
        exit_joins.retain(|x| !joins.contains(x));
        JoinDesc { joins, exit_joins, div_exits }
    }
}

/// What [`SyncCtx::shortcut`] found.
enum Shortcut {
    /// Nothing: visit the next block.
    None,
    /// The walk would find nothing more.
    Done,
    /// The walk would find exactly one more join, this node, and nothing else.
    Join(u32),
}

impl SyncCtx {
    /// Early stops beyond "one block left", for a walk with no irreducible cycle around the branch, when `b` (at
    /// position `p`, the next block to visit, not the branch) has successors and is in no irreducible cycle.
    ///
    /// Visiting `b` pushes its label forward (no irreducible cycle is around `b`, so nothing flows back before
    /// `p`), and every block it reaches is unlabelled except those still waiting: every block labelled before
    /// `p` was visited, and waiting blocks are after `p`. A waiting block without successors (a sink) whose
    /// predecessors all come before `p` (its `sink_bound` is below `p`; for a predecessor in a cycle, the
    /// cycle's header, which pushes labels to the exits, is last in the order) can receive nothing more and
    /// has nothing to push: it is *inert*.
    ///
    /// * Everything waiting but `b` is inert: `b`'s label floods unlabelled blocks, no join is left to find
    ///   ([`Shortcut::Done`]).
    /// * One other waiting block `s` is not inert, `s` is in no cycle, `s` post-dominates `b`, and `b` is in no
    ///   cycle around the branch: `b`'s label reaches `s` (a path from `b` to the exit passes through `s`, and
    ///   a header pushes its label to every exit of its cycle, so the flood follows that path), through edges
    ///   that are plain joins (it never reaches the header of a cycle around the branch: that would close a
    ///   cycle through the branch and `b`). Blocks it floods before `s` come before `s` in the order, so the
    ///   walk then visits `s` last and stops: `s` is a join iff its label differs from `b`'s
    ///   ([`Shortcut::Join`]), and nothing else is. This is the early `return` to a shared exit block: without
    ///   it every such branch walked to the end of the function.
    fn shortcut(
        &self,
        cfg: &Cfg,
        cycles: &CycleInfo,
        pdt: &PostDominatorTree,
        b: u32,
        p: u32,
        d_top: Option<CycleId>,
    ) -> Shortcut {
        let mut live_sinks = self.fresh_sinks.range((p, 0)..).map(|&(_, sp)| sp);
        let first_live_sink = live_sinks.next();
        let other = match (self.fresh_non_sinks.len(), first_live_sink) {
            (1, None) => return Shortcut::Done,
            (1, Some(sp)) if live_sinks.next().is_none() => sp,
            (2, None) => *self.fresh_non_sinks.last().expect("two waiting blocks"),
            _ => return Shortcut::None,
        };
        let s = self.order[other as usize];
        let (bb, sb) = (cfg.block(b), cfg.block(s));
        if d_top.is_some_and(|t| cycles.contains(t, bb))
            || cycles.innermost(sb).is_some()
            || !pdt.post_dominates(sb, bb)
        {
            return Shortcut::None;
        }
        if self.labels[s as usize] != self.labels[b as usize] {
            Shortcut::Join(s)
        } else {
            Shortcut::Done
        }
    }
}

/// Emits the blocks of `order()[lo..hi]` (the blocks of `cyc`, or everything at the top level) with every
/// nested cycle contiguous and every cycle's header after the rest of its cycle.
fn emit(ci: &CycleInfo, lo: usize, hi: usize, cyc: Option<CycleId>, out: &mut Vec<simtc_ir::Block>) {
    let order = ci.order();
    let mut p = lo + usize::from(cyc.is_some());
    while p < hi {
        let b = order[p];
        let ic = ci.innermost(b);
        if ic == cyc {
            out.push(b);
            p += 1;
            continue;
        }
        let child = ic.and_then(|ic| ci.child_of_containing(cyc, ic)).expect("block of a nested cycle");
        let s = p;
        debug_assert_eq!(ci.order_index(ci.header(child)), Some(s as u32));
        let e = s + ci.blocks(child).len();
        emit(ci, s, e, Some(child), out);
        p = e;
    }
    if let Some(c) = cyc {
        out.push(ci.header(c));
    }
}
