//! Natural loops in the style of LLVM's `LoopInfo`, and the irreducibility check.
//!
//! # Definition
//!
//! A **back edge** is an edge `p -> h` between reachable blocks where `h` dominates `p`; `h` is then a loop
//! header and `p` a **latch**. The natural loop of `h` is `h` plus every block that reaches one of its latches
//! without passing through `h` (all back edges to one header make one loop). Natural loops either nest or are
//! disjoint; a loop's parent is the smallest loop strictly containing it. Irreducible cycles are not loops
//! (their entries do not dominate them), but natural loops inside an irreducible cycle are; [`crate::CycleInfo`]
//! describes both. In a reducible CFG the loops are exactly the cycles of `CycleInfo`.
//!
//! # Algorithm
//!
//! The discovery is graph-only and lives in [`simtc_graph::loops`]; this module names the nodes by blocks. LLVM's `LoopInfoBase::analyze`: headers are visited in post-order of the dominator tree (the reverse of a DFS
//! preorder of the CFG, which is a pre-order of the dominator tree), so inner loops are built first. From the
//! latches a backward walk claims every block not yet in a loop; a block already in a loop names, through a
//! union-find with path compression over loops, the outermost loop built so far that contains it, which becomes
//! a child, and the walk continues from that child header's predecessors outside it. The blocks are then laid out
//! like [`crate::CycleInfo::order`]: every loop contiguous, header first, own blocks and child loops ordered by
//! reverse post-order (a topological order of the loop body minus its back edges when the body is reducible).
//!
//! Loops, headers, blocks and depths are those of `opt -passes='print<loops>'` (checked by the differential tests
//! in `regions.rs`); the block order inside a loop is the layout order above, not LLVM's.
//!
//! [`find_irreducible`] reports the irreducible cycles of `CycleInfo` (multi-entry cycles, with their entries and
//! blocks); [`is_reducible_cfg`] is cicc's check (seed 003, `sub_35CA2C0`): the CFG is reducible iff the target
//! of every retreating DFS edge dominates its source.
//!
//! # Complexity
//!
//! `compute` is O(V + E·α(V)) for the discovery (every block's predecessors are walked once when it joins its
//! innermost loop and a loop header's once more when its parent absorbs it) plus O(V log V) for the layout.
//! `contains`, `loop_for`, `header`, `latches`, `blocks`, `depth` are O(1); `exiting_blocks`/`exit_blocks` are
//! O(loop size + out-edges). `is_reducible_cfg` is O(V + E); `find_irreducible` costs one `CycleInfo`.

use crate::cfg::Cfg;
use crate::cycles::{BlockForest, CycleInfo};
use crate::dominators::DominatorTree;
use simtc_graph::LoopForest;
use simtc_ir::Block;

/// Names a loop of a [`LoopInfo`]. Ids are dense and a pre-order of the loop tree (outermost first).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LoopId(u32);

impl LoopId {
    /// The dense index of this loop.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The loop with dense index `i`.
    #[inline]
    pub fn from_index(i: usize) -> Self {
        LoopId(i as u32)
    }
}

/// The natural loops of a function (see the module documentation).
#[derive(Clone, Debug)]
pub struct LoopInfo {
    cfg: Cfg,
    /// The laid-out loop forest (order, nesting, depth) with its blocks; loop ids are its set ids.
    forest: BlockForest,
    /// `forest.child` as typed ids.
    child: Vec<LoopId>,
    /// `forest.top` as typed ids.
    top: Vec<LoopId>,
    latch_off: Vec<u32>,
    latch: Vec<Block>,
}

impl LoopInfo {
    /// Computes the natural loops of `cfg`; `dt` must be its dominator tree.
    pub fn compute(cfg: &Cfg, dt: &DominatorTree) -> Self {
        let loops = LoopForest::compute(cfg.graph(), dt.tree());
        let mut latch_off = vec![0u32; loops.len() + 1];
        let mut latch = Vec::new();
        for l in 0..loops.len() {
            latch.extend(loops.latches(l as u32).iter().map(|&p| cfg.block(p)));
            latch_off[l + 1] = latch.len() as u32;
        }
        let LoopForest { forest, .. } = loops;
        let forest = BlockForest::new(cfg, forest);
        LoopInfo {
            cfg: cfg.clone(),
            child: forest.child.iter().map(|&c| LoopId(c)).collect(),
            top: forest.top.iter().map(|&c| LoopId(c)).collect(),
            forest,
            latch_off,
            latch,
        }
    }

    /// Number of loops.
    pub fn len(&self) -> usize {
        self.forest.len()
    }
    /// Whether the function has no loop.
    pub fn is_empty(&self) -> bool {
        self.forest.len() == 0
    }
    /// Every loop, outermost first (pre-order of the loop tree).
    pub fn loops(&self) -> impl Iterator<Item = LoopId> {
        (0..self.forest.len() as u32).map(LoopId)
    }
    /// The outermost loops, in layout order.
    pub fn top_level(&self) -> &[LoopId] {
        &self.top
    }
    /// The innermost loop containing `b` (`None` outside every loop and for unreachable blocks).
    pub fn loop_for(&self, b: Block) -> Option<LoopId> {
        self.forest.innermost_of(&self.cfg, b).map(LoopId)
    }
    /// Whether `b` is the header of a loop.
    pub fn is_loop_header(&self, b: Block) -> bool {
        self.loop_for(b).is_some_and(|l| self.header(l) == b)
    }
    /// Whether `b` belongs to `l` (nested loops included). O(1).
    pub fn contains(&self, l: LoopId, b: Block) -> bool {
        self.forest.contains(&self.cfg, l.0, b)
    }
    /// Whether loop `a` contains loop `b` (reflexive).
    pub fn contains_loop(&self, a: LoopId, b: LoopId) -> bool {
        self.forest.contains_set(a.0, b.0)
    }
    /// The header, which dominates every block of the loop.
    pub fn header(&self, l: LoopId) -> Block {
        self.forest.header(l.0)
    }
    /// The latches: the header's predecessors inside the loop, in predecessor (layout) order.
    pub fn latches(&self, l: LoopId) -> &[Block] {
        &self.latch[self.latch_off[l.index()] as usize..self.latch_off[l.index() + 1] as usize]
    }
    /// The latch when there is exactly one.
    pub fn latch(&self, l: LoopId) -> Option<Block> {
        match self.latches(l) {
            [b] => Some(*b),
            _ => None,
        }
    }
    /// The unique predecessor of the header outside the loop, if its only successor is the header (LLVM's
    /// preheader).
    pub fn preheader(&self, l: LoopId) -> Option<Block> {
        simtc_graph::loops::preheader(self.cfg.graph(), &self.forest, l.0).map(|p| self.cfg.block(p))
    }
    /// All blocks of `l`, nested loops included: header first, every nested loop contiguous (see the module
    /// documentation for the order).
    pub fn blocks(&self, l: LoopId) -> &[Block] {
        self.forest.blocks(l.0)
    }
    /// Blocks of `l` with a successor outside `l`, in [`LoopInfo::blocks`] order.
    pub fn exiting_blocks(&self, l: LoopId) -> Vec<Block> {
        self.forest.exiting_blocks(&self.cfg, l.0)
    }
    /// The distinct successors of blocks of `l` outside `l`, in order of discovery.
    pub fn exit_blocks(&self, l: LoopId) -> Vec<Block> {
        self.forest.exit_blocks(&self.cfg, l.0)
    }
    /// The loop immediately containing `l`.
    pub fn parent(&self, l: LoopId) -> Option<LoopId> {
        self.forest.parent_of(l.0).map(LoopId)
    }
    /// The loops immediately nested in `l`, in layout order.
    pub fn children(&self, l: LoopId) -> &[LoopId] {
        &self.child[self.forest.children_range(l.0)]
    }
    /// Nesting depth of `l`: 1 for an outermost loop.
    pub fn depth(&self, l: LoopId) -> u32 {
        self.forest.depth[l.index()]
    }
    /// Number of loops containing `b` (0 outside every loop).
    pub fn loop_depth(&self, b: Block) -> u32 {
        self.loop_for(b).map_or(0, |l| self.depth(l))
    }
    /// The reachable blocks with every loop contiguous, header first (see the module documentation).
    pub fn order(&self) -> &[Block] {
        &self.forest.order
    }
}

/// An irreducible cycle: a cycle with several entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IrreducibleCycle {
    /// The blocks with a predecessor outside the cycle; the first is the cycle's header in DFS order.
    pub entries: Vec<Block>,
    /// Every block of the cycle (nested cycles included), the header first.
    pub blocks: Vec<Block>,
}

/// Every irreducible cycle of the function, outermost first (an irreducible cycle nested in another is reported
/// too); empty iff the CFG is reducible. Unreachable blocks are ignored.
pub fn find_irreducible(cfg: &Cfg, dt: &DominatorTree) -> Vec<IrreducibleCycle> {
    let ci = CycleInfo::compute(cfg, dt);
    ci.cycles()
        .filter(|&c| !ci.is_reducible(c))
        .map(|c| IrreducibleCycle { entries: ci.entries(c).to_vec(), blocks: ci.blocks(c).to_vec() })
        .collect()
}

/// Whether the reachable part of the CFG is reducible: the target of every retreating edge of a DFS dominates
/// the edge's source (cicc's `sub_35CA2C0` check). O(V + E).
pub fn is_reducible_cfg(cfg: &Cfg, dt: &DominatorTree) -> bool {
    simtc_graph::is_reducible(cfg.graph(), dt.tree())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cycles::tests::{blk, func, function_from_edges};
    use rustc_hash::FxHashSet;
    use simtc_ir::Function;

    fn names(f: &Function, bs: &[Block]) -> Vec<String> {
        bs.iter().map(|&b| f.dfg.block_name(b).unwrap().to_string()).collect()
    }
    fn info(f: &Function) -> (Cfg, DominatorTree, LoopInfo) {
        let cfg = Cfg::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let li = LoopInfo::compute(&cfg, &dt);
        (cfg, dt, li)
    }

    #[test]
    fn nested_loops_several_exits_and_latches() {
        let f = func(
            r#"
define void @f(i1 %c) {
entry:
  br label %outer
outer:
  br label %inner
inner:
  br i1 %c, label %body, label %out2
body:
  br i1 %c, label %inner, label %latch2
latch2:
  br i1 %c, label %inner, label %outer.latch
outer.latch:
  br i1 %c, label %outer, label %exit
out2:
  br i1 %c, label %outer, label %exit
exit:
  ret void
}
"#,
        );
        let (_, _, li) = info(&f);
        assert_eq!(li.len(), 2);
        let o = li.top_level()[0];
        let i = li.children(o)[0];
        assert_eq!(names(&f, li.blocks(o)), ["outer", "inner", "body", "latch2", "outer.latch", "out2"]);
        assert_eq!(names(&f, li.blocks(i)), ["inner", "body", "latch2"]);
        assert_eq!(names(&f, li.latches(i)), ["body", "latch2"]);
        assert_eq!(li.latch(i), None);
        assert_eq!(names(&f, li.latches(o)), ["outer.latch", "out2"]);
        assert_eq!(names(&f, &li.exiting_blocks(i)), ["inner", "latch2"]);
        assert_eq!(names(&f, &li.exit_blocks(i)), ["out2", "outer.latch"]);
        assert_eq!(names(&f, &li.exiting_blocks(o)), ["outer.latch", "out2"]);
        assert_eq!(names(&f, &li.exit_blocks(o)), ["exit"]);
        assert_eq!(li.preheader(o), Some(blk(&f, "entry")));
        assert_eq!(li.preheader(i), Some(blk(&f, "outer")));
        assert_eq!(li.loop_for(blk(&f, "body")), Some(i));
        assert_eq!(li.loop_for(blk(&f, "out2")), Some(o));
        assert_eq!(li.loop_depth(blk(&f, "latch2")), 2);
        assert_eq!(li.loop_depth(blk(&f, "exit")), 0);
        assert!(li.is_loop_header(blk(&f, "inner")) && !li.is_loop_header(blk(&f, "body")));
        assert_eq!((li.depth(o), li.depth(i), li.parent(i), li.parent(o)), (1, 2, Some(o), None));
    }

    #[test]
    fn self_loop_infinite_loop_and_unreachable() {
        let f = func(
            r#"
define void @f(i1 %c) {
entry:
  br label %s
s:
  br i1 %c, label %s, label %inf
inf:
  br label %inf2
inf2:
  br label %inf
dead:
  br label %dead
}
"#,
        );
        let (cfg, dt, li) = info(&f);
        assert_eq!(li.len(), 2);
        let s = li.loop_for(blk(&f, "s")).unwrap();
        assert_eq!(names(&f, li.blocks(s)), ["s"]);
        assert_eq!(names(&f, li.latches(s)), ["s"]);
        assert_eq!(li.preheader(s), Some(blk(&f, "entry")));
        let inf = li.loop_for(blk(&f, "inf2")).unwrap();
        assert_eq!(names(&f, li.blocks(inf)), ["inf", "inf2"]);
        assert!(li.exit_blocks(inf).is_empty() && li.exiting_blocks(inf).is_empty());
        assert_eq!(li.loop_for(blk(&f, "dead")), None);
        assert!(find_irreducible(&cfg, &dt).is_empty() && is_reducible_cfg(&cfg, &dt));
    }

    #[test]
    fn irreducible_cycle_is_no_loop_but_reported() {
        let f = func(
            r#"
define void @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br i1 %c, label %a2, label %exit
a2:
  br i1 %c, label %a2, label %b
b:
  br i1 %c, label %a, label %exit
exit:
  ret void
}
"#,
        );
        let (cfg, dt, li) = info(&f);
        // Only the self-loop at a2 is a natural loop.
        assert_eq!(li.len(), 1);
        assert_eq!(li.header(LoopId(0)), blk(&f, "a2"));
        let irr = find_irreducible(&cfg, &dt);
        assert_eq!(irr.len(), 1);
        assert_eq!(names(&f, &irr[0].entries), ["b", "a"]);
        assert_eq!(names(&f, &irr[0].blocks), ["b", "a", "a2"]);
        assert!(!is_reducible_cfg(&cfg, &dt));
    }

    /// Naive natural loops: header -> sorted blocks, from the back-edge definition.
    fn naive_loops(g: &crate::graph::DiGraph, dt: &crate::DomTree) -> Vec<(u32, Vec<u32>)> {
        let n = g.len();
        let mut out = Vec::new();
        for h in 0..n as u32 {
            if !dt.is_reachable(h) {
                continue;
            }
            let latches: Vec<u32> = g.preds(h).iter().copied().filter(|&p| dt.dominates(h, p)).collect();
            if latches.is_empty() {
                continue;
            }
            let mut seen = vec![false; n];
            seen[h as usize] = true;
            let mut st = Vec::new();
            for &p in &latches {
                if !seen[p as usize] {
                    seen[p as usize] = true;
                    st.push(p);
                }
            }
            while let Some(x) = st.pop() {
                for &p in g.preds(x) {
                    if dt.is_reachable(p) && !seen[p as usize] {
                        seen[p as usize] = true;
                        st.push(p);
                    }
                }
            }
            out.push((h, (0..n as u32).filter(|&v| seen[v as usize]).collect()));
        }
        out
    }

    /// Naive reducibility by T1/T2 reduction of the reachable subgraph (Hecht–Ullman).
    fn t1_t2_reducible(g: &crate::graph::DiGraph) -> bool {
        let reach = g.reachable();
        let n = g.len();
        let mut alive: Vec<bool> = reach.clone();
        let mut succ: Vec<FxHashSet<u32>> =
            (0..n as u32).map(|v| g.succs(v).iter().copied().filter(|&s| reach[s as usize]).collect()).collect();
        loop {
            let mut changed = false;
            for (v, s) in succ.iter_mut().enumerate() {
                s.remove(&(v as u32)); // T1
            }
            for v in 0..n as u32 {
                if !alive[v as usize] || v == g.entry() {
                    continue;
                }
                let preds: Vec<u32> =
                    (0..n as u32).filter(|&p| alive[p as usize] && succ[p as usize].contains(&v)).collect();
                if preds.len() == 1 {
                    // T2: merge v into its unique predecessor.
                    let p = preds[0];
                    alive[v as usize] = false;
                    let sv = std::mem::take(&mut succ[v as usize]);
                    succ[p as usize].remove(&v);
                    succ[p as usize].extend(sv);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        alive.iter().filter(|&&a| a).count() <= 1
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1000))]
        #[test]
        fn loops_match_naive(n in 1usize..18, raw in proptest::collection::vec((0u32..18, 0u32..18), 0..40)) {
            use proptest::{prop_assert, prop_assert_eq};
            let edges: Vec<(u32, u32)> = raw.into_iter().map(|(a, b)| (a % n as u32, b % n as u32)).collect();
            let f = function_from_edges(n, &edges);
            let cfg = Cfg::compute(&f);
            let dt = DominatorTree::compute(&cfg);
            let li = LoopInfo::compute(&cfg, &dt);
            let g = cfg.graph();
            let naive = naive_loops(g, dt.tree());
            prop_assert_eq!(naive.len(), li.len());
            let sorted = |l: LoopId| {
                let mut v: Vec<u32> = li.blocks(l).iter().map(|&b| cfg.index(b)).collect();
                v.sort_unstable();
                v
            };
            for (h, blocks) in &naive {
                let l = li.loop_for(cfg.block(*h)).unwrap();
                prop_assert_eq!(cfg.index(li.header(l)), *h);
                prop_assert_eq!(&sorted(l), blocks);
                // The parent is the smallest naive loop strictly containing this one.
                let parent = naive.iter().filter(|(h2, b2)| h2 != h && b2.contains(h)).min_by_key(|(_, b2)| b2.len());
                prop_assert_eq!(li.parent(l).map(|p| cfg.index(li.header(p))), parent.map(|(h2, _)| *h2));
                for &b in li.latches(l) {
                    prop_assert!(li.contains(l, b) && cfg.succs(b).contains(&li.header(l)));
                }
            }
            for v in 0..n as u32 {
                let b = cfg.block(v);
                let count = naive.iter().filter(|(_, bs)| bs.contains(&v)).count() as u32;
                prop_assert_eq!(li.loop_depth(b), count);
            }
            // Reducibility: three ways agree.
            let irr = find_irreducible(&cfg, &dt);
            let reducible = t1_t2_reducible(g);
            prop_assert_eq!(irr.is_empty(), reducible);
            prop_assert_eq!(is_reducible_cfg(&cfg, &dt), reducible);
            // Reducible cycles are loops; in a reducible CFG loops and cycles coincide.
            let ci = CycleInfo::compute(&cfg, &dt);
            for c in ci.cycles().filter(|&c| ci.is_reducible(c)) {
                let l = li.loop_for(ci.header(c)).unwrap();
                prop_assert_eq!(li.header(l), ci.header(c));
                prop_assert_eq!(li.blocks(l).len(), ci.blocks(c).len());
                prop_assert!(ci.blocks(c).iter().all(|&b| li.contains(l, b)));
            }
            if reducible {
                prop_assert_eq!(ci.len(), li.len());
            }
            for i in &irr {
                prop_assert!(i.entries.len() >= 2);
            }
        }
    }
}
