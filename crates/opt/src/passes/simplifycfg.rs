//! `simplifycfg`: the CFG clean-ups the structurizer (and DARM) expect before they run.
//!
//! Seed: none directly; ARCHITECTURE §1 and seed 003's pipeline (`SimplifyCFG -> Sink -> StructurizeCFG`) place it
//! before structurization. It does, to a fixpoint:
//!
//! 1. **Constant branches.** `br i1 true/false, X, Y` becomes `br X`/`br Y`; `br c, X, X` becomes `br X`; a
//!    `switch` on a constant, or whose targets are all one block, becomes `br`. Phis of a target that lost edges
//!    drop the surplus entries (one entry per remaining edge, LLVM's rule) — this is also where duplicate phi entries
//!    go.
//! 2. **Unreachable blocks** are deleted (as `dce` does).
//! 3. **Straight-line merge.** A block ending in `br S` where `S` has this block as its only predecessor absorbs `S`
//!    (its single-entry phis are replaced by their value).
//! 4. **Empty forwarding blocks.** A block other than the entry holding only `br S` is bypassed: its predecessors
//!    branch to `S` directly. When `S` has phis this is done only if no predecessor of the block is already a
//!    predecessor of `S` (otherwise one edge would need two values), and `S`'s phis get the forwarded value once per
//!    new edge.
//!
//! 5. **Redundant phis.** A phi whose incoming value on every edge is either the same as another phi's of the
//!    same block or `undef`/`poison` is replaced by that phi (both of one type): where it is `undef`/`poison`, any
//!    value is a refinement, and elsewhere the two are equal. clang's runtime-unrolled loops leave such pairs
//!    (`%r = phi [poison, %skip], [%x, %main]` next to `%x.lcssa = phi [%init, %skip], [%x, %main]`): kept apart,
//!    SSA destruction gives each a register and the unrolled loop a copy per iteration. Blocks with more than
//!    [`MAX_PHI_PAIRS`] phis compare no pairs (the comparison is quadratic in a block's phis).
//!
//! Invariants: each round is linear in the function's size (predecessor lists are updated edge by edge, never
//! recomputed per change); rounds repeat while something changed, each removing at least one edge or block.
//! Preserves nothing.

use super::util::*;
use crate::knobs::Knobs;
use crate::registry::{FunctionPass, FunctionPassAdapter, PassInfo, Preserves};
use simtc_analysis::cache::FunctionAnalyses;
use simtc_ir::*;

/// Registry entry.
pub const INFO: PassInfo = PassInfo {
    name: "simplifycfg",
    description: "fold constant branches, delete unreachable blocks, merge straight-line blocks, bypass empty blocks",
    preserves: Preserves::Nothing,
    create: || Box::new(FunctionPassAdapter(SimplifyCfg)),
    function: Some(|| Box::new(SimplifyCfg)),
};

/// The pass.
pub struct SimplifyCfg;

impl FunctionPass for SimplifyCfg {
    fn preserves(&self) -> Preserves {
        Preserves::Nothing
    }
    fn run_on_function(
        &mut self,
        m: &mut Module,
        f: FuncId,
        _analyses: &mut FunctionAnalyses,
        _knobs: &Knobs,
        _remarks: &mut Vec<String>,
    ) -> Result<bool, String> {
        Ok(simplify_function(&m.consts, &mut m.funcs[f]))
    }
}

/// Runs the clean-ups on one function to a fixpoint; returns whether it changed.
pub fn simplify_function(consts: &ConstPool, func: &mut Function) -> bool {
    let mut any = false;
    loop {
        let mut changed = fold_branches(consts, func);
        changed |= super::dce::remove_unreachable_blocks(func);
        let mut preds = Preds::compute(func);
        changed |= merge_straight_lines(func, &mut preds);
        changed |= bypass_forwarders(func, &mut preds);
        changed |= merge_redundant_phis(consts, func);
        any |= changed;
        if !changed {
            return any;
        }
    }
}

/// Most phis of one block whose pairs [`merge_redundant_phis`] compares.
pub const MAX_PHI_PAIRS: usize = 32;

/// Step 5 of the module doc: replaces each phi covered by another phi of its block (same type; on every edge
/// equal to it or `undef`/`poison`) by that phi. Returns whether it changed the function.
fn merge_redundant_phis(consts: &ConstPool, func: &mut Function) -> bool {
    let mut changed = false;
    let blocks: Vec<Block> = func.layout.blocks().collect();
    for b in blocks {
        let phis: Vec<Inst> = func.layout.block_insts(b).take_while(|&i| func.dfg.inst(i).is_phi()).collect();
        if phis.len() < 2 || phis.len() > MAX_PHI_PAIRS {
            continue;
        }
        let mut alive = vec![true; phis.len()];
        for i in 0..phis.len() {
            for j in 0..phis.len() {
                if i == j || !alive[j] || !covered(consts, func, phis[i], phis[j]) {
                    continue;
                }
                let (Some(ri), Some(rj)) = (func.dfg.result(phis[i]), func.dfg.result(phis[j])) else { continue };
                func.dfg.replace_all_uses(ri, rj);
                func.remove_inst(phis[i]);
                alive[i] = false;
                changed = true;
                break;
            }
        }
    }
    changed
}

/// Whether phi `p` may be replaced by phi `q` of the same block: same type, and on every incoming edge `p`'s value
/// is `q`'s value for that block or `undef`/`poison`.
fn covered(consts: &ConstPool, func: &Function, p: Inst, q: Inst) -> bool {
    let (dp, dq) = (func.dfg.inst(p), func.dfg.inst(q));
    if dp.ty != dq.ty {
        return false;
    }
    let (bp, bq) = (func.dfg.phi_blocks(p), func.dfg.phi_blocks(q));
    let (vp, vq) = (func.dfg.args(p), func.dfg.args(q));
    bp.iter().zip(vp).all(|(blk, &v)| {
        let undef = matches!(func.dfg.value_def(v), ValueDef::Const(c) if consts.is_undef_or_poison(*c));
        undef || bq.iter().zip(vq).any(|(bb, &w)| bb == blk && w == v)
    }) && bq.iter().all(|blk| bp.contains(blk))
}

/// Folds branches on constants (and `br c, X, X`) into unconditional branches, fixing the phis of the successors
/// that lose the edge; blocks left unreachable stay (DCE or simplifycfg delete them).
pub fn fold_constant_branches(consts: &ConstPool, func: &mut Function) -> bool {
    fold_branches(consts, func)
}

fn fold_branches(consts: &ConstPool, func: &mut Function) -> bool {
    let mut changed = false;
    let blocks: Vec<Block> = func.layout.blocks().collect();
    for b in blocks {
        let Some(t) = func.terminator(b) else { continue };
        let d = func.dfg.inst(t);
        let target = match &d.kind {
            InstKind::CondBr { then_dest, else_dest } => {
                if then_dest == else_dest {
                    Some(*then_dest)
                } else {
                    super::util::const_condition(consts, func, d.args[0])
                        .map(|c| if c { *then_dest } else { *else_dest })
                }
            }
            InstKind::Switch { default, cases } => {
                if cases.iter().all(|(_, s)| s == default) {
                    Some(*default)
                } else {
                    func.dfg
                        .value_const(d.args[0])
                        .map(|c| cases.iter().find(|(k, _)| *k == c).map(|(_, s)| *s).unwrap_or(*default))
                }
            }
            _ => None,
        };
        let Some(target) = target else { continue };
        let old: Vec<Block> = func.successors(b).into_iter().collect();
        let dbg = func.dfg.get_inst_md(t, MetadataTable::dbg_kind());
        func.remove_inst(t);
        let i = func.append_inst(b, br(target));
        if let Some(l) = dbg {
            func.dfg.set_inst_md(i, MetadataTable::dbg_kind(), l);
        }
        let mut seen: Vec<Block> = Vec::new();
        for s in old {
            if !seen.contains(&s) {
                seen.push(s);
                if s == target {
                    fix_phi_entry_count(func, b, s);
                } else {
                    for phi in phis(func, s) {
                        phi_remove_block(func, phi, b);
                    }
                }
            }
        }
        changed = true;
    }
    changed
}

fn merge_straight_lines(func: &mut Function, preds: &mut Preds) -> bool {
    let mut changed = false;
    let entry = func.entry();
    let blocks: Vec<Block> = func.layout.blocks().collect();
    for b in blocks {
        if !func.layout.is_block_inserted(b) {
            continue;
        }
        while let Some(t) = func.terminator(b) {
            let InstKind::Br { dest: s } = func.dfg.inst(t).kind else { break };
            if s == b || Some(s) == entry || preds.of(s).len() != 1 {
                break;
            }
            // Single-entry phis of `s` become their value.
            for phi in phis(func, s) {
                let v = func.dfg.args(phi)[0];
                let r = func.dfg.result(phi).expect("phi result");
                func.dfg.replace_all_uses(r, v);
                func.remove_inst(phi);
            }
            func.remove_inst(t);
            let moved: Vec<Inst> = func.layout.block_insts(s).collect();
            for i in moved {
                func.layout.remove_inst(i);
                func.layout.append_inst(i, b);
            }
            for succ in func.successors(b) {
                preds.remove_edge(s, succ);
                preds.add_edge(b, succ);
                for phi in phis(func, succ) {
                    func.dfg.phi_replace_block(phi, s, b);
                }
            }
            preds.clear(s);
            func.layout.remove_block(s);
            changed = true;
        }
    }
    changed
}

fn bypass_forwarders(func: &mut Function, preds: &mut Preds) -> bool {
    let mut changed = false;
    let entry = func.entry();
    let blocks: Vec<Block> = func.layout.blocks().collect();
    for b in blocks {
        if Some(b) == entry || !func.layout.is_block_inserted(b) {
            continue;
        }
        let Some(first) = func.layout.first_inst(b) else { continue };
        let InstKind::Br { dest: s } = func.dfg.inst(first).kind else { continue };
        if s == b || preds.of(b).is_empty() {
            continue;
        }
        let bp: Vec<Block> = preds.of(b).to_vec();
        let s_phis = phis(func, s);
        if !s_phis.is_empty() && bp.iter().any(|p| preds.of(s).contains(p) || *p == b) {
            continue;
        }
        if bp.contains(&s) && !s_phis.is_empty() {
            continue;
        }
        for phi in &s_phis {
            let v = phi_remove_block(func, *phi, b).expect("phi entry for the forwarding block");
            for &p in &bp {
                func.dfg.phi_add_incoming(*phi, v, p);
            }
        }
        let mut done: Vec<Block> = Vec::new();
        for p in bp {
            if done.contains(&p) {
                continue;
            }
            done.push(p);
            let t = func.terminator(p).expect("predecessor has a terminator");
            let n = func.successors(p).iter().filter(|&&x| x == b).count();
            replace_succ(func, t, b, s);
            for _ in 0..n {
                preds.remove_edge(p, b);
                preds.add_edge(p, s);
            }
        }
        preds.remove_edge(b, s);
        preds.clear(b);
        func.remove_block(b);
        changed = true;
    }
    changed
}

#[allow(clippy::collapsible_match)]
fn replace_succ(func: &mut Function, t: Inst, from: Block, to: Block) {
    // InstData::replace_successor works on the data; the DFG hands out the kind mutably.
    match func.dfg.kind_mut(t) {
        InstKind::Br { dest } => {
            if *dest == from {
                *dest = to
            }
        }
        InstKind::CondBr { then_dest, else_dest } => {
            if *then_dest == from {
                *then_dest = to
            }
            if *else_dest == from {
                *else_dest = to
            }
        }
        InstKind::Switch { default, cases } => {
            if *default == from {
                *default = to
            }
            for (_, c) in cases.iter_mut() {
                if *c == from {
                    *c = to
                }
            }
        }
        _ => {}
    }
}

/// Redirects every edge of terminator `t` from `from` to `to` (phis untouched).
pub fn redirect(func: &mut Function, t: Inst, from: Block, to: Block) {
    replace_succ(func, t, from, to)
}
