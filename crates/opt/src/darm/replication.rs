//! Block–region melding by **region replication** (seed 001 §4.3, case 2 of §4.1).
//!
//! When one side of a meldable divergent region is a single block `X` and the other a larger acyclic SESE region
//! `R` (an if/else inside the side, a three-way `if / else if / else` chain), the sides are not isomorphic. The
//! paper replicates `R`'s control flow around `X` so that they become isomorphic:
//! 1. [`plan`]: the block `b*` of `R` with the best block-pair profitability against `X` is chosen, and a path
//!    `head(R) → … → b* → … → E` through `R` (towards `b*` by predecessors, from `b*` to the exit preferring a
//!    direct edge into `E`, so the path is short).
//! 2. [`replicate`]: a copy `R'` of `R`'s blocks and edges is created (blocks `darm.repl`); `X`'s instructions are
//!    **moved** into the copy of `b*` (its phis, single-entry from the branch, into the copy of the head); every
//!    conditional branch of `R'` gets a **constant** condition: on the path, the direction the path takes; off the
//!    path, `true` (never executed by `X`'s threads). The branch now enters `R'` instead of `X`, which is deleted.
//! 3. **Phis at dominance frontiers**: a value of `X` that the exit's phis read must reach the path's last block.
//!    Walking the path after `b*`, whenever the current definition's block does not dominate the next path block,
//!    a phi is placed there (`[current, path predecessor]`, `undef` from every other predecessor: only the other
//!    side's threads, or none, come that way), and it becomes the current definition. The exit's phis take the
//!    final definition on the path's exit edge and `undef` on `R'`'s other edges into the exit.
//!
//! The region is then melded by the region–region code generator ([`super::melding::meld`]) with the pairs
//! `(b', b)`, told which pairs are **solo**: a pair whose replicated block is off the path is entered only by the
//! region side's threads, so its instructions need neither guard nor select (its branch condition and the phi
//! values on its edges are the region side's own). Region instructions in path blocks other than `b*` are
//! executed with `X`'s threads present: they are unpredicated (guarded) as usual, or speculated when pure
//! (`darm-full-predication`). Stores there stay guarded: the paper's "full predication" of such a store (load the
//! old value, store `select(c, old, new)`) would make `X`'s threads load and store through an address computed
//! from the other side's values, which is only safe for provably dereferenceable addresses, and it adds a
//! read-modify-write race with other threads; the guard costs a branch instead (documented choice).
//!
//! Everything is decided before the IR changes: [`plan`] and the melder's estimate ([`super::melding::check`]) run
//! on the original instructions (the same `Inst`s are moved, so the alignment is identical), and replication only
//! happens when melding will follow. `darm-disable-region-replication` turns the whole case off.
//!
//! Invariants: `X`'s threads execute exactly `X`'s instructions in order (all in `b*'`; path blocks' region
//! instructions are guarded by the other side's condition or pure); the region side is unchanged. Cost: linear in
//! the region's size (one walk for the path, one copy of its edges), plus the alignments of the melder.

use super::detection::{self, Region, Shape};
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
    /// Path blocks after `target` that need phis for `X`'s values.
    pub phi_at: Vec<Block>,
    /// Profitability of the replicated mapping (only `(X, b*)` saves anything; the denominator is both sides).
    pub score: f64,
}

/// Plans the replication of `r` (a [`Shape::BlockRegion`] region); `None` when `X` is a shared head (its code
/// cannot move: other predecessors execute it).
pub fn plan(types: &TypeStore, func: &Function, dt: &DominatorTree, preds: &Preds, r: &Region) -> Option<Plan> {
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
    let (saved, target) = best?;
    let total = x_total + region_total;
    let score = if total == 0 { 0.0 } else { saved as f64 / total as f64 };
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
    let mut phi_at = Vec::new();
    let mut def = target;
    let k = path.iter().position(|&b| b == target).expect("target on the path");
    for &n in &path[k + 1..] {
        if !dt.dominates(def, n) {
            phi_at.push(n);
            def = n;
        }
    }
    Some(Plan { block, block_is_then, region: region.clone(), target, path, phi_at, score })
}

/// The instruction bodies (no phis, no terminators) of the replicated mapping, as pairs in the order of
/// `plan.region`, oriented `(then, else)`; with the solo flags (pair off the path).
pub fn bodies(func: &Function, plan: &Plan) -> (Vec<super::melding::PairBodies>, Vec<bool>) {
    let body = |b: Block| -> Vec<Inst> {
        func.layout
            .block_insts(b)
            .filter(|&i| !func.dfg.inst(i).is_phi() && !func.dfg.inst(i).is_terminator())
            .collect()
    };
    let on_path: FxHashSet<Block> = plan.path.iter().copied().collect();
    let mut out = Vec::with_capacity(plan.region.len());
    let mut solo = Vec::with_capacity(plan.region.len());
    for &b in &plan.region {
        let x = if b == plan.target { body(plan.block) } else { Vec::new() };
        let y = body(b);
        out.push(if plan.block_is_then { (x, y) } else { (y, x) });
        solo.push(!on_path.contains(&b));
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
    let target = copy[&plan.target];
    // Move X's phis to the head copy and its body to the target copy.
    let insts: Vec<Inst> = func.layout.block_insts(x).collect();
    let x_term = func.terminator(x).expect("terminator");
    for i in insts {
        if i == x_term {
            continue;
        }
        func.layout.remove_inst(i);
        let dest = if func.dfg.inst(i).is_phi() { head } else { target };
        func.layout.append_inst(i, dest);
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
    // Values of X flowing into the exit's phis, carried along the path (phis at dominance frontiers).
    let moved: FxHashSet<Value> = func.layout.block_insts(target).filter_map(|i| func.dfg.result(i)).collect();
    let last = *plan.path.last().expect("path");
    let mut carried: FxHashMap<Value, Value> = FxHashMap::default();
    let preds_in_copy: FxHashMap<Block, Vec<Block>> = {
        let mut m: FxHashMap<Block, Vec<Block>> = FxHashMap::default();
        for &b in &plan.region {
            for s in func.successors(copy[&b]) {
                m.entry(s).or_default().push(copy[&b]);
            }
        }
        m
    };
    let k = plan.path.iter().position(|&b| b == plan.target).expect("target on path");
    for phi in util::phis(func, exit) {
        let Some(v) = util::phi_value_for(func, phi, x) else { continue };
        let final_v = if moved.contains(&v) {
            if let Some(&c) = carried.get(&v) {
                c
            } else {
                let ty = func.dfg.value_ty(v);
                let mut cur = v;
                let mut prev = copy[&plan.target];
                for &n in &plan.path[k + 1..] {
                    let nc = copy[&n];
                    if plan.phi_at.contains(&n) {
                        let p = func.dfg.make_inst(
                            InstData::new(InstKind::Phi { blocks: Default::default() }, &[], ty),
                            Type::VOID,
                        );
                        func.layout.prepend_inst(p, nc);
                        for &q in &preds_in_copy[&nc] {
                            let val = if q == prev { cur } else { undef_value(consts, func, ty) };
                            func.dfg.phi_add_incoming(p, val, q);
                        }
                        cur = func.dfg.result(p).expect("phi result");
                    }
                    prev = nc;
                }
                carried.insert(v, cur);
                cur
            }
        } else {
            v
        };
        let ty = func.dfg.value_ty(v);
        util::phi_remove_block(func, phi, x);
        for &b in &plan.region {
            let bc = copy[&b];
            for s in func.successors(bc) {
                if s == exit {
                    let val = if b == last || !moved.contains(&v) { final_v } else { undef_value(consts, func, ty) };
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
