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
//! immediate post-dominator when there is one).
//!
//! Difference from LLVM 19: a divergent exit found at a reducible header is also reported as an *exit join*;
//! the analysis then makes a phi at that exit divergent when it chooses between different values on the edges
//! that lanes diverged by the branch can take (see `UniformityInfo`'s module documentation). LLVM only applies
//! temporal divergence there (phis that use values defined in the cycle), which misses
//! `X: %p = phi [0, %header], [1, %latch]` when lanes leave the loop by different edges (see the
//! `exit_phi_with_distinct_constants_is_divergent` test).

use crate::cfg::Cfg;
use crate::cycles::{CycleId, CycleInfo};
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
    /// Scratch labels (`NONE` = unlabelled), reset after each walk.
    labels: Vec<u32>,
    touched: Vec<u32>,
}

impl SyncCtx {
    pub(crate) fn new(cfg: &Cfg, cycles: &CycleInfo) -> Self {
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
        SyncCtx { pos, order, reducible_header, exits, labels: vec![NONE; n], touched: Vec::new() }
    }

    /// Pushes `label` into `s`; true when `s` becomes (or already is) a join of two different labels.
    fn visit(&mut self, s: u32, label: u32, fresh: &mut BTreeSet<u32>) -> bool {
        let old = self.labels[s as usize];
        if old == label {
            return false;
        }
        if old != s {
            fresh.insert(self.pos[s as usize]);
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
    pub(crate) fn join_points(&mut self, cfg: &Cfg, cycles: &CycleInfo, d: u32) -> JoinDesc {
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
        let mut fresh: BTreeSet<u32> = BTreeSet::new();
        let mut joins = Vec::new();
        let mut div_exits = Vec::new();
        let mut exit_joins = Vec::new();
        for &s in g.succs(d) {
            if d_cycle.is_some_and(|c| !cycles.contains(c, cfg.block(s))) {
                div_exits.push(s);
            }
            if self.visit(s, s, &mut fresh) {
                joins.push(s);
            }
        }
        while let Some(&p) = fresh.first() {
            let b = self.order[p as usize];
            if fresh.len() == 1 && irreducible_around.is_none_or(|c| !cycles.contains(c, cfg.block(b))) {
                break;
            }
            fresh.pop_first();
            if b == d {
                continue;
            }
            let label = self.labels[b as usize];
            debug_assert_ne!(label, NONE);
            if let Some(c) = self.reducible_header[b as usize] {
                let inside = cycles.contains(c, d_block);
                for k in 0..self.exits[c.index()].len() {
                    let x = self.exits[c.index()][k];
                    if self.visit(x, label, &mut fresh) {
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
                    if self.visit(s, label, &mut fresh) {
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
