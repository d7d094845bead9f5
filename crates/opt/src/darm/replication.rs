//! Block–region melding by **region replication** (seed 001 §4.3, case 2 of §4.1).
//!
//! When one side of a meldable divergent region is a single block `X` and the other a larger acyclic SESE region
//! `R` (an if/else inside the side, a three-way `if / else if / else` chain), the sides are not isomorphic. The
//! paper replicates `R`'s control flow around `X` so that they become isomorphic:
//! 1. [`plan`]: the block `b*` of `R` with the best block-pair profitability against `X` is chosen, and a path
//!    `head(R) → … → b* → … → E` through `R` (towards `b*` by predecessors, from `b*` to the exit along the fewest
//!    blocks). `X`'s instructions are then aligned (Smith–Waterman, as for a block pair) with the concatenated
//!    bodies of the path's blocks, and each goes to the path block of its partner; an unaligned one stays with the
//!    previous instruction (the first ones with the first aligned one; all of them in `b*` when nothing aligns).
//!    The placement is monotone along the path, so `X`'s threads still execute `X` in order. (The paper places
//!    all of `X` against one block; spreading it lets `X` meld with, e.g., both the head and the join of an
//!    if-then.)
//! 2. [`replicate`]: a copy `R'` of `R`'s blocks and edges is created (blocks `darm.repl`); `X`'s instructions are
//!    **moved** into the copies of their path blocks (its phis, single-entry from the branch, into the copy of the
//!    head); every conditional branch of `R'` gets a **constant** condition: on the path, the direction the path
//!    takes; off the path, `true` (never executed by `X`'s threads). The branch now enters `R'` instead of `X`,
//!    which is deleted.
//! 3. **Phis at dominance frontiers**: a value of `X` used in a later path block, or read by the exit's phis, is
//!    carried along the path: whenever its current definition's block does not dominate the next path block, a
//!    phi is placed there (`[current, path predecessor]`, `undef` from every other predecessor: only the other
//!    side's threads, or none, come that way), and it becomes the current definition; uses read the definition
//!    available in their block. The exit's phis take the final definition on the path's exit edge and `undef`
//!    on `R'`'s other edges into the exit.
//!
//! The region is then melded by the region–region code generator ([`super::melding::meld`]) with the pairs
//! `(b', b)`, told which pairs are **solo**: a pair whose replicated block is off the path is entered only by the
//! region side's threads, so its instructions need neither guard nor select (its branch condition and the phi
//! values on its edges are the region side's own). Region instructions in path blocks that `X`'s instructions
//! do not align with are executed with `X`'s threads present: they are unpredicated (guarded) as usual, or speculated when pure
//! (`darm-full-predication`). Loads and stores there are fully predicated (extra load + `select`) only under
//! the rule of [`super::unpredication`] — `X`'s part in the same path block accesses the same address — and are
//! guarded otherwise: `X`'s threads must not load or store through an address computed from the other side's
//! values, which need not be dereferenceable for them, nor write a location they never wrote (a new race).
//!
//! Everything is decided before the IR changes: [`plan`] and the melder's estimate ([`super::melding::check`]) run
//! on the original instructions (the same `Inst`s are moved, so the alignment is identical), and replication only
//! happens when melding will follow. `darm-disable-region-replication` turns the whole case off.
//!
//! Invariants: `X`'s threads execute exactly `X`'s instructions in order (spread monotonically over the path;
//! the region's unaligned instructions on the path are guarded by the other side's condition or pure); the region
//! side is unchanged. Cost: linear in the region's size (one walk for the path, one copy of its edges), the
//! path's dominance matrix (at most [`MAX_PATH`]² entries), one alignment of `X` with the path (bounded by
//! [`alignment::MAX_CELLS`]), plus the alignments of the melder.

use super::alignment::{self, Step};
use super::detection::{self, Region, Shape};
use super::{cost, melding};
use crate::passes::util::{self, Preds};
use rustc_hash::{FxHashMap, FxHashSet};
use simtc_analysis::dominators::DominatorTree;
use simtc_ir::*;

/// Whether the shape would need region replication.
pub fn needs_replication(s: &Shape) -> bool {
    matches!(s, Shape::BlockRegion)
}

/// How a block–region candidate is to be replicated (see the module doc).
#[derive(Clone, Debug)]
pub struct Plan {
    /// The single-block side `X`.
    pub block: Block,
    /// Whether `X` is the `then` side.
    pub block_is_then: bool,
    /// The region side's blocks, topological order.
    pub region: Vec<Block>,
    /// The region block `X` is placed against (`b*`).
    pub target: Block,
    /// The path from the region's head through `target` to a block with an edge into the exit.
    pub path: Vec<Block>,
    /// For each body instruction of `X` (in order), the index of the path block it is placed in.
    pub place: Vec<(Inst, usize)>,
    /// `dom[i][j]`: path block `i` dominates path block `j`.
    pub dom: Vec<Vec<bool>>,
    /// Profitability of the placement (latency saved by the path blocks against the parts of `X` placed in them,
    /// at least that of `(X, b*)`) over both sides' total latency: the threshold test.
    pub score: f64,
}

/// Plans the replication of `r` (a [`Shape::BlockRegion`] region); `None` when `X` is a shared head (its code
/// cannot move: other predecessors execute it).
pub fn plan(
    types: &TypeStore,
    func: &Function,
    dt: &DominatorTree,
    preds: &Preds,
    r: &Region,
    gap: i64,
) -> Option<Plan> {
    let block_is_then = r.side_t.len() == 1;
    let (block, region) = if block_is_then { (r.side_t[0], &r.side_f) } else { (r.side_f[0], &r.side_t) };
    if (block_is_then && r.shared.0) || (!block_is_then && r.shared.1) || region.len() < 2 {
        return None;
    }
    let x_total = detection::block_latency(types, func, block);
    let mut best: Option<(u64, Block)> = None;
    let mut region_total = 0u64;
    for &b in region {
        let (s, _) = detection::profitability_parts(types, func, &[(block, b)]);
        region_total += detection::block_latency(types, func, b);
        if best.is_none_or(|(bs, _)| s > bs) {
            best = Some((s, b));
        }
    }
    let (saved_b, target) = best?;
    let total = x_total + region_total;
    let set: FxHashSet<Block> = region.iter().copied().collect();
    // Path: back from the target to the head, then forward to the exit.
    let mut back = vec![target];
    let mut cur = target;
    while cur != region[0] {
        cur = *preds.of(cur).iter().find(|p| set.contains(p))?;
        back.push(cur);
    }
    back.reverse();
    let mut path = back;
    // Forward along the fewest blocks to the exit (distances over the acyclic side, reverse topological order).
    let mut dist: FxHashMap<Block, usize> = FxHashMap::default();
    for &b in region.iter().rev() {
        let d = func
            .successors(b)
            .iter()
            .map(|s| if *s == r.exit { 0 } else { dist.get(s).map_or(usize::MAX, |d| d + 1) })
            .min()
            .unwrap_or(usize::MAX);
        dist.insert(b, d);
    }
    cur = target;
    loop {
        let succ = func.successors(cur);
        if succ.contains(&r.exit) {
            break;
        }
        cur = *succ.iter().filter(|s| set.contains(s)).min_by_key(|s| dist[s])?;
        path.push(cur);
    }
    if path.len() > MAX_PATH {
        return None;
    }
    let dom: Vec<Vec<bool>> = path.iter().map(|&a| path.iter().map(|&b| dt.dominates(a, b)).collect()).collect();
    // Place X's instructions along the path: aligned with the concatenated path bodies, each instruction goes to
    // the block of its partner; an unaligned one stays with the previous instruction (at first, with the first
    // aligned one, or the target): the placement is monotone, so X's order is kept.
    let xs = body(func, block);
    let mut seq: Vec<(Inst, usize)> = Vec::new();
    for (k, &b) in path.iter().enumerate() {
        seq.extend(body(func, b).into_iter().map(|i| (i, k)));
    }
    let target_k = path.iter().position(|&b| b == target).expect("target on the path");
    let mut place: Vec<(Inst, usize)> = xs.iter().map(|&i| (i, target_k)).collect();
    if xs.len().saturating_mul(seq.len()) <= alignment::MAX_CELLS {
        let steps = alignment::align(xs.len(), seq.len(), gap, &|i, j| {
            melding::compatible(func, xs[i], seq[j].0).then(|| (cost::latency(types, func, xs[i]) as i64).max(1))
        });
        let mut at: Vec<Option<usize>> = vec![None; xs.len()];
        for st in &steps {
            if let Step::Match(i, j) = *st {
                at[i] = Some(seq[j].1);
            }
        }
        if let Some(first) = at.iter().flatten().next().copied() {
            let mut cur = first;
            for (k, a) in at.iter().enumerate() {
                cur = a.unwrap_or(cur);
                place[k].1 = cur;
            }
        }
    }
    // Profitability of the placement: each path block against the part of X placed in it (at least b*'s).
    let mut parts: Vec<Vec<Inst>> = vec![Vec::new(); path.len()];
    for &(i, k) in &place {
        parts[k].push(i);
    }
    let saved: u64 =
        path.iter().zip(parts.iter()).map(|(&b, part)| detection::saving(types, func, part, &body(func, b))).sum();
    let saved = saved.max(saved_b);
    let score = if total == 0 { 0.0 } else { saved as f64 / total as f64 };
    Some(Plan { block, block_is_then, region: region.clone(), target, path, place, dom, score })
}

/// Longest path (in blocks) through a replicated region.
pub const MAX_PATH: usize = 64;

fn body(func: &Function, b: Block) -> Vec<Inst> {
    func.layout.block_insts(b).filter(|&i| !func.dfg.inst(i).is_phi() && !func.dfg.inst(i).is_terminator()).collect()
}

/// The instruction bodies (no phis, no terminators) of the replicated mapping, as pairs in the order of
/// `plan.region`, oriented `(then, else)`; with the solo flags (pair off the path).
pub fn bodies(func: &Function, plan: &Plan) -> (Vec<super::melding::PairBodies>, Vec<bool>) {
    let on_path: FxHashMap<Block, usize> = plan.path.iter().enumerate().map(|(k, &b)| (b, k)).collect();
    let mut parts: Vec<Vec<Inst>> = vec![Vec::new(); plan.path.len()];
    for &(i, k) in &plan.place {
        parts[k].push(i);
    }
    let mut out = Vec::with_capacity(plan.region.len());
    let mut solo = Vec::with_capacity(plan.region.len());
    for &b in &plan.region {
        let k = on_path.get(&b).copied();
        let x: Vec<Inst> = k.map(|k| std::mem::take(&mut parts[k])).unwrap_or_default();
        let y = body(func, b);
        out.push(if plan.block_is_then { (x, y) } else { (y, x) });
        solo.push(k.is_none());
    }
    (out, solo)
}

/// The replicated region, ready for [`super::melding::meld`].
pub struct Replicated {
    /// The region with `X`'s side replaced by the copy.
    pub region: Region,
    /// Block pairs `(then, else)` in topological order.
    pub pairs: Vec<(Block, Block)>,
    /// The `then` blocks of the solo pairs (off the path: only the region side's threads enter them).
    pub solo: FxHashSet<Block>,
    /// Whether the region side (the one that runs solo pairs) is the `then` side.
    pub region_is_then: bool,
}

fn bool_value(consts: &mut ConstPool, func: &mut Function, b: bool) -> Value {
    let c = consts.intern(ConstData::Int(Type::I1, ApInt::from_u128(1, b as u128)));
    func.dfg.const_value(c, Type::I1)
}

fn undef_value(consts: &mut ConstPool, func: &mut Function, ty: Type) -> Value {
    let c = consts.intern(ConstData::Undef(ty));
    func.dfg.const_value(c, ty)
}

/// Replicates the region's control flow around `X` (module doc, step 2 and 3).
pub fn replicate(consts: &mut ConstPool, func: &mut Function, r: &Region, plan: &Plan) -> Replicated {
    let x = plan.block;
    let exit = r.exit;
    // Copies of the region's blocks, laid out after X.
    let mut copy: FxHashMap<Block, Block> = FxHashMap::default();
    let mut after = x;
    for &b in &plan.region {
        let nb = func.dfg.make_block(Some("darm.repl"));
        func.layout.insert_block_after(nb, after);
        after = nb;
        copy.insert(b, nb);
    }
    let head = copy[&plan.region[0]];
    // Move X's phis to the head copy and its body along the path (plan.place).
    let x_phis: Vec<Inst> = util::phis(func, x);
    for &i in &x_phis {
        func.layout.remove_inst(i);
        func.layout.append_inst(i, head);
    }
    let mut at: FxHashMap<Value, usize> = FxHashMap::default(); // X value -> path index of its definition
    for &(i, k) in &plan.place {
        func.layout.remove_inst(i);
        func.layout.append_inst(i, copy[&plan.path[k]]);
        if let Some(v) = func.dfg.result(i) {
            at.insert(v, k);
        }
    }
    // Terminators with constant conditions.
    let next_on_path: FxHashMap<Block, Block> =
        plan.path.iter().enumerate().map(|(k, &b)| (b, plan.path.get(k + 1).copied().unwrap_or(exit))).collect();
    let map = |s: Block| copy.get(&s).copied().unwrap_or(exit);
    for &b in &plan.region {
        let t = func.terminator(b).expect("terminator");
        let data = match func.dfg.inst(t).kind.clone() {
            InstKind::Br { dest } => InstData::new(InstKind::Br { dest: map(dest) }, &[], Type::VOID),
            InstKind::CondBr { then_dest, else_dest } => {
                let dir = next_on_path.get(&b).is_none_or(|&n| n == then_dest);
                let c = bool_value(consts, func, dir);
                InstData::new(
                    InstKind::CondBr { then_dest: map(then_dest), else_dest: map(else_dest) },
                    &[c],
                    Type::VOID,
                )
            }
            _ => unreachable!("detection admits br terminators only"),
        };
        func.append_inst(copy[&b], data);
    }
    // Values of X used in a later path block or by the exit's phis are carried along the path, with phis at
    // the dominance frontiers (a path block its current definition's block does not dominate).
    let n = plan.path.len();
    let preds_in_copy: FxHashMap<Block, Vec<Block>> = {
        let mut m: FxHashMap<Block, Vec<Block>> = FxHashMap::default();
        for &b in &plan.region {
            for s in func.successors(copy[&b]) {
                m.entry(s).or_default().push(copy[&b]);
            }
        }
        m
    };
    // Uses: (user, operand index, path index of the user; `n` for the exit's phis).
    let exit_phis = util::phis(func, exit);
    let mut uses: FxHashMap<Value, Vec<(Inst, usize, usize)>> = FxHashMap::default();
    for &(i, k) in &plan.place {
        for (j, &a) in func.dfg.inst(i).args.iter().enumerate() {
            if at.get(&a).is_some_and(|&d| d < k) {
                uses.entry(a).or_default().push((i, j, k));
            }
        }
    }
    for &phi in &exit_phis {
        if let Some(v) = util::phi_value_for(func, phi, x) {
            if at.contains_key(&v) {
                uses.entry(v).or_default().push((phi, usize::MAX, n));
            }
        }
    }
    let mut exit_value: FxHashMap<Value, Value> = FxHashMap::default();
    let mut values: Vec<Value> = uses.keys().copied().collect();
    values.sort();
    for v in values {
        let us = &uses[&v];
        let last_use = us.iter().map(|u| u.2).max().unwrap_or(0).min(n - 1);
        let ty = func.dfg.value_ty(v);
        let (mut cur, mut def) = (v, at[&v]);
        let mut avail = vec![v; n];
        for k in at[&v] + 1..=last_use {
            if !plan.dom[def][k] {
                let nc = copy[&plan.path[k]];
                let p = func
                    .dfg
                    .make_inst(InstData::new(InstKind::Phi { blocks: Default::default() }, &[], ty), Type::VOID);
                func.layout.prepend_inst(p, nc);
                let prev = copy[&plan.path[k - 1]];
                for &q in &preds_in_copy[&nc] {
                    let val = if q == prev { cur } else { undef_value(consts, func, ty) };
                    func.dfg.phi_add_incoming(p, val, q);
                }
                cur = func.dfg.result(p).expect("phi result");
                def = k;
            }
            avail[k] = cur;
        }
        for &(u, j, k) in us {
            if j != usize::MAX {
                func.dfg.set_arg(u, j, avail[k]);
            }
        }
        exit_value.insert(v, avail[n - 1]);
    }
    let last = *plan.path.last().expect("path");
    for &phi in &exit_phis {
        let Some(v) = util::phi_value_for(func, phi, x) else { continue };
        let ty = func.dfg.value_ty(v);
        let moved = at.contains_key(&v);
        let final_v = exit_value.get(&v).copied().unwrap_or(v);
        util::phi_remove_block(func, phi, x);
        for &b in &plan.region {
            let bc = copy[&b];
            for s in func.successors(bc) {
                if s == exit {
                    let val = if b == last || !moved { final_v } else { undef_value(consts, func, ty) };
                    func.dfg.phi_add_incoming(phi, val, bc);
                }
            }
        }
    }
    // The branch enters the copy; X goes.
    let bt = func.terminator(r.branch).expect("branch");
    match func.dfg.kind_mut(bt) {
        InstKind::CondBr { then_dest, else_dest } => {
            if *then_dest == x {
                *then_dest = head;
            }
            if *else_dest == x {
                *else_dest = head;
            }
        }
        _ => unreachable!("a region's branch is conditional"),
    }
    func.remove_block(x);
    let copies: Vec<Block> = plan.region.iter().map(|b| copy[b]).collect();
    let on_path: FxHashSet<Block> = plan.path.iter().copied().collect();
    let mut region = r.clone();
    let pairs: Vec<(Block, Block)>;
    let mut solo = FxHashSet::default();
    if plan.block_is_then {
        region.heads.0 = head;
        region.side_t = copies.clone();
        pairs = plan.region.iter().map(|&b| (copy[&b], b)).collect();
        solo.extend(plan.region.iter().filter(|b| !on_path.contains(b)).map(|b| copy[b]));
    } else {
        region.heads.1 = head;
        region.side_f = copies;
        pairs = plan.region.iter().map(|&b| (b, copy[&b])).collect();
        solo.extend(plan.region.iter().filter(|b| !on_path.contains(b)).copied());
    }
    Replicated { region, pairs, solo, region_is_then: !plan.block_is_then }
}
