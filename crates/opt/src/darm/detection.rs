//! Detection of meldable divergent regions (seed 001, Definitions 4 and 5) and the subgraph mapping of their sides.
//!
//! A **meldable divergent region** is a conditional branch `B: br c, T, F` where
//! - `c` is divergent per simtc's uniformity analysis (the artifact never asked; a uniform branch gains nothing),
//! - `T != F`, there is no edge between `T` and `F`, and neither post-dominates the other,
//! - `B` has an immediate post-dominator `E` (the region's exit), different from `T` and `F`.
//!
//! Each **side** is the set of blocks reached from `T` (resp. `F`) without passing `E`. Definition 4 asks for a
//! *simplified* region, whose subregions are simple (single entry, single exit). Blocks reached from **both**
//! heads (clang's tail-merged code at the end of an if/else, the swap block of the paper's bitonic sort) are the
//! `common` blocks of the region: they belong to both sides here, and [`super::simplify`] splits them, one copy per
//! side, before melding. Otherwise a side must be entered only through its head: every block but the heads has
//! predecessors in the sides only (a block with a predecessor outside — a second entry into the region — is
//! refused; the heads themselves may not be reached from the other side), and every edge leaving a side goes to
//! `E`. Several edges from a side into `E` are allowed — melding gives each mapped pair of them one melded edge
//! and `E`'s phis get a `select` per edge — which is what Definition 4's extra exit block would have provided.
//! Sides must be acyclic (loops inside a side are left alone), end in `br` only (no `switch`, `ret`,
//! `unreachable`: switch-containing regions are not melded) and hold no convergent or warp-synchronous operation
//! (barriers, `shfl`, `vote`, ...): melding would move them under a different mask. `alloca`s are not melded either.
//! A branch where one successor post-dominates the other (an if-then triangle, such as bitonic sort's
//! `if (ixj > tid)`) is not a meldable region (Definition 5): one side is empty, nothing can meld.
//!
//! One exception, the **shared head**: a side that is a single block without phis may have predecessors besides
//! `B` (the `else` of `if (c1 && c2)`, which the first test also enters; libdevice's `__nv_nan`). Melding then
//! keeps that block, unchanged, for its other predecessors and only removes `B`'s edge into it
//! ([`Region::shared`]). A larger side whose head has a second entry is refused.
//!
//! The **mapping**: the sides' control-flow graphs are compared by a parallel depth-first walk from the two heads
//! (the isomorphism check of §4.1, with successors compared in order: `then` with `then`, `else` with `else`,
//! `E` with `E`); it yields the block pairs in the walk's order, a topological order of both sides since they are
//! acyclic and the walk visits a block after all its side predecessors (checked). A common block may be paired
//! with itself (the walk reaches it from both heads in step): that is the pair of its two copies after the split,
//! and the profitability and the melder's estimate count it as such (with reconvergence at the post-dominator,
//! the common block runs once per side before melding). When the sides are not isomorphic and one is a single block, the region is a block–region
//! candidate (region replication).
//!
//! Cost: one walk over each side, linear in the side's size (at most [`MAX_SIDE`] blocks).

use super::cost;
use crate::passes::util::Preds;
use rustc_hash::{FxHashMap, FxHashSet};
use simtc_analysis::dominators::PostDominatorTree;
use simtc_ir::*;

/// A meldable divergent region.
#[derive(Clone, Debug)]
pub struct Region {
    /// The branch block.
    pub branch: Block,
    /// The divergent condition.
    pub cond: Value,
    /// The heads of the two sides (`then`, `else`).
    pub heads: (Block, Block),
    /// The exit (immediate post-dominator of the branch).
    pub exit: Block,
    /// The blocks of the `then` side, in topological order.
    pub side_t: Vec<Block>,
    /// The blocks of the `else` side, in topological order.
    pub side_f: Vec<Block>,
    /// Whether the `then` (resp. `else`) head has predecessors besides the branch (module doc: shared heads).
    pub shared: (bool, bool),
    /// Blocks of both sides (reached from both heads before the exit), in the `then` side's topological order;
    /// they appear in `side_t` and `side_f` until [`super::simplify::split_common`] gives the `else` side copies.
    pub common: Vec<Block>,
}

/// Why a branch is not a meldable region, or what kind of melding it admits.
#[derive(Clone, Debug)]
pub enum Shape {
    /// Isomorphic sides: block pairs in topological order of the `then` side.
    Isomorphic(Vec<(Block, Block)>),
    /// One side a single block, the other a larger region (needs region replication).
    BlockRegion,
    /// Sides of different shapes.
    Different,
}

fn is_convergent_call(m: &Module, func: &Function, i: Inst) -> bool {
    let d = func.dfg.inst(i);
    let Some(cd) = d.call_data() else { return false };
    if cd.attrs.func.has("convergent") {
        return true;
    }
    let callee = d.args[0];
    match func.dfg.value_const(callee).map(|c| m.consts.data(c)) {
        Some(ConstData::Global(_, GlobalRef::Func(g))) => {
            let f = &m.funcs[*g];
            if f.attrs.has("convergent") {
                return true;
            }
            let n = f.name.as_str();
            [
                "llvm.nvvm.barrier",
                "llvm.nvvm.bar.",
                "llvm.nvvm.shfl",
                "llvm.nvvm.vote",
                "llvm.nvvm.match",
                "llvm.nvvm.activemask",
                "llvm.nvvm.redux",
            ]
            .iter()
            .any(|p| n.starts_with(p))
                || !n.starts_with("llvm.")
        }
        // Indirect calls: unknown callee, treat as convergent.
        _ => true,
    }
}

/// Collects the side of `head`: the blocks reached from it without passing `exit`, in topological order; `Err`
/// when the side is not acyclic, leaves the function, or holds a block detection refuses (module doc).
fn collect_side(m: &Module, func: &Function, head: Block, exit: Block) -> Result<Vec<Block>, &'static str> {
    let mut order = Vec::new();
    let mut seen: FxHashSet<Block> = FxHashSet::default();
    let mut stack = vec![head];
    seen.insert(head);
    while let Some(b) = stack.pop() {
        order.push(b);
        if order.len() > MAX_SIDE {
            return Err("a side is too large");
        }
        let Some(t) = func.terminator(b) else { return Err("a block without terminator") };
        match func.dfg.inst(t).kind {
            InstKind::Br { .. } | InstKind::CondBr { .. } => {}
            InstKind::Switch { .. } => return Err("a side contains a switch"),
            _ => return Err("a side leaves the function"),
        }
        for i in func.layout.block_insts(b) {
            let d = func.dfg.inst(i);
            if matches!(d.kind, InstKind::Alloca { .. }) {
                return Err("a side contains an alloca");
            }
            if d.call_data().is_some() && is_convergent_call(m, func, i) {
                return Err("a side contains a convergent or warp-synchronous operation");
            }
        }
        for s in func.successors(b) {
            if s == exit {
                continue;
            }
            if s == head {
                return Err("a side contains a cycle");
            }
            if seen.insert(s) {
                stack.push(s);
            }
        }
    }
    if order.len() > 1 {
        // Acyclic check: a topological sort of the side must succeed.
        let set: FxHashSet<Block> = order.iter().copied().collect();
        let mut indeg: FxHashMap<Block, usize> = FxHashMap::default();
        for &b in &order {
            for s in func.successors(b) {
                if set.contains(&s) {
                    *indeg.entry(s).or_insert(0) += 1;
                }
            }
        }
        let mut topo = Vec::with_capacity(order.len());
        let mut ready = vec![head];
        while let Some(b) = ready.pop() {
            topo.push(b);
            for s in func.successors(b) {
                if let Some(d) = indeg.get_mut(&s) {
                    *d -= 1;
                    if *d == 0 {
                        ready.push(s);
                    }
                }
            }
        }
        if topo.len() != order.len() {
            return Err("a side contains a cycle");
        }
        order = topo;
    }
    Ok(order)
}

/// Most blocks in one side (a bound on the walks of a malformed region; real sides are far smaller).
pub const MAX_SIDE: usize = 4096;

/// Checks Definition 5 at `b`; returns the region or why not.
pub fn region_at(
    m: &Module,
    func: &Function,
    pdt: &PostDominatorTree,
    preds: &Preds,
    divergent: bool,
    b: Block,
) -> Result<Region, &'static str> {
    let t = func.terminator(b).ok_or("no terminator")?;
    let d = func.dfg.inst(t);
    let InstKind::CondBr { then_dest: tb, else_dest: fb } = d.kind else { return Err("not a conditional branch") };
    if tb == fb {
        return Err("both edges to one block");
    }
    if !divergent {
        return Err("the branch is uniform");
    }
    let exit = pdt.ipdom(b).ok_or("no immediate post-dominator")?;
    if exit == tb || exit == fb || pdt.post_dominates(tb, fb) || pdt.post_dominates(fb, tb) {
        return Err("one successor post-dominates the other");
    }
    if func.successors(tb).contains(&fb) || func.successors(fb).contains(&tb) {
        return Err("an edge between the successors");
    }
    let side_t = collect_side(m, func, tb, exit)?;
    let side_f = collect_side(m, func, fb, exit)?;
    // Blocks reached from both heads (a join of the two sides before the exit: clang's tail-merged swap block of
    // bitonic sort) are split by `simplify` before melding, one copy per side (Definition 4).
    let in_t: FxHashSet<Block> = side_t.iter().copied().collect();
    let in_f: FxHashSet<Block> = side_f.iter().copied().collect();
    if in_f.contains(&tb) || in_t.contains(&fb) {
        return Err("a side head is reached from the other side");
    }
    let common: Vec<Block> = side_t.iter().copied().filter(|x| in_f.contains(x)).collect();
    // Single entry: every block but the heads is entered from the sides only (a shared block from either side,
    // which `simplify` separates; any other block from its own side, since what the other side reaches is shared).
    for &x in side_t.iter().chain(side_f.iter()) {
        if x != tb && x != fb && preds.of(x).iter().any(|p| !in_t.contains(p) && !in_f.contains(p)) {
            return Err("a side has a second entry");
        }
    }
    // A head may still have predecessors besides `b` (`a && b ? x : y` chains: the `else` head is also the target
    // of the first test). Melding deletes the side blocks, so such a head is only admitted as a whole single-block
    // side without phis: it is then kept for its other predecessors.
    let mut shared = [false, false];
    for (k, (head, side)) in [(tb, &side_t), (fb, &side_f)].into_iter().enumerate() {
        if preds.of(head).iter().any(|&p| p != b) {
            if side.len() > 1 {
                return Err("a side head has a second entry");
            }
            if func.layout.block_insts(head).any(|i| func.dfg.inst(i).is_phi()) {
                return Err("a side head with a second entry has phis");
            }
            shared[k] = true;
        }
    }
    Ok(Region {
        branch: b,
        cond: d.args[0],
        heads: (tb, fb),
        exit,
        side_t,
        side_f,
        shared: (shared[0], shared[1]),
        common,
    })
}

/// Compares the sides' shapes (module doc).
pub fn shape(func: &Function, r: &Region) -> Shape {
    let exit = r.exit;
    let mut ab: FxHashMap<Block, Block> = FxHashMap::default();
    let mut ba: FxHashMap<Block, Block> = FxHashMap::default();
    let mut pairs = Vec::new();
    let mut stack = vec![r.heads];
    ab.insert(r.heads.0, r.heads.1);
    ba.insert(r.heads.1, r.heads.0);
    let fallback = || {
        if (r.side_t.len() == 1) != (r.side_f.len() == 1) {
            Shape::BlockRegion
        } else {
            Shape::Different
        }
    };
    if r.side_t.len() != r.side_f.len() {
        return fallback();
    }
    while let Some((a, b)) = stack.pop() {
        pairs.push((a, b));
        let (sa, sb) = (func.successors(a), func.successors(b));
        if sa.len() != sb.len() {
            return fallback();
        }
        for (&x, &y) in sa.iter().zip(sb.iter()) {
            if (x == exit) != (y == exit) {
                return fallback();
            }
            if x == exit {
                continue;
            }
            match (ab.get(&x), ba.get(&y)) {
                (Some(&y2), Some(&x2)) if y2 == y && x2 == x => {}
                (None, None) => {
                    ab.insert(x, y);
                    ba.insert(y, x);
                    stack.push((x, y));
                }
                _ => return fallback(),
            }
        }
    }
    if pairs.len() != r.side_t.len() {
        return fallback();
    }
    // Order the pairs topologically by the `then` side's order; predecessor counts must agree.
    let pos: FxHashMap<Block, usize> = r.side_t.iter().enumerate().map(|(k, &b)| (b, k)).collect();
    pairs.sort_by_key(|p| pos[&p.0]);
    let mut preds_a: FxHashMap<Block, usize> = FxHashMap::default();
    let mut preds_b: FxHashMap<Block, usize> = FxHashMap::default();
    for &(a, b) in &pairs {
        for s in func.successors(a) {
            *preds_a.entry(s).or_insert(0) += 1;
        }
        for s in func.successors(b) {
            *preds_b.entry(s).or_insert(0) += 1;
        }
    }
    for &(a, b) in &pairs {
        if preds_a.get(&a) != preds_b.get(&b) {
            return Shape::Different;
        }
    }
    Shape::Isomorphic(pairs)
}

/// Seed 001's block-pair profitability (ARCHITECTURE §5): Σ over opcodes of min(latency on the left, latency on
/// the right) divided by the total latency of both blocks (at most 0.5); phis count in the total only. For a
/// subgraph mapping the numerator and denominator are summed over the mapped pairs.
pub fn profitability(types: &TypeStore, func: &Function, pairs: &[(Block, Block)]) -> f64 {
    let (saved, total) = profitability_parts(types, func, pairs);
    if total == 0 {
        0.0
    } else {
        saved as f64 / total as f64
    }
}

/// The latency [`profitability`] counts as saved between two instruction lists (Σ over opcodes of the smaller
/// side's latency; phis and terminators excluded).
pub fn saving(types: &TypeStore, func: &Function, xs: &[Inst], ys: &[Inst]) -> u64 {
    let hist = |l: &[Inst]| {
        let mut m: FxHashMap<(&'static str, u32), u64> = FxHashMap::default();
        for &i in l {
            let d = func.dfg.inst(i);
            if !d.is_phi() && !d.is_terminator() {
                *m.entry(cost::opcode_key(func, i)).or_insert(0) += cost::latency(types, func, i) as u64;
            }
        }
        m
    };
    let (a, b) = (hist(xs), hist(ys));
    a.iter().filter_map(|(k, v)| b.get(k).map(|w| (*v).min(*w))).sum()
}

/// Total latency of a block's instructions ([`cost::latency`]).
pub fn block_latency(types: &TypeStore, func: &Function, b: Block) -> u64 {
    func.layout.block_insts(b).map(|i| cost::latency(types, func, i) as u64).sum()
}

/// The numerator and denominator of [`profitability`]: latency saved, total latency of both sides.
pub fn profitability_parts(types: &TypeStore, func: &Function, pairs: &[(Block, Block)]) -> (u64, u64) {
    let mut saved = 0u64;
    let mut total = 0u64;
    for &(a, b) in pairs {
        let mut la: FxHashMap<(&'static str, u32), u64> = FxHashMap::default();
        let mut lb: FxHashMap<(&'static str, u32), u64> = FxHashMap::default();
        for (blk, map) in [(a, &mut la), (b, &mut lb)] {
            for i in func.layout.block_insts(blk) {
                let l = cost::latency(types, func, i) as u64;
                total += l;
                let d = func.dfg.inst(i);
                if !d.is_phi() && !d.is_terminator() {
                    *map.entry(cost::opcode_key(func, i)).or_insert(0) += l;
                }
            }
        }
        for (k, v) in &la {
            if let Some(w) = lb.get(k) {
                saved += (*v).min(*w);
            }
        }
    }
    (saved, total)
}
