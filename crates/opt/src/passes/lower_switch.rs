//! `lower-switch`: every `switch` becomes two-way branches: a chain of tests when the switch is divergent, a
//! balanced tree when it is uniform.
//!
//! Seed: none; StructurizeCFG (seed 003, ARCHITECTURE §5) handles only two-way branches, so the structurized
//! pipeline runs this first (cicc relies on LLVM's LowerSwitch the same way). Cases are sorted by their signed
//! value and adjacent cases with the same target merge into ranges `[lo, hi]`; cases that go to the default are
//! dropped. A range is tested with `icmp eq`, or `sub` + `icmp ule` for a range.
//!
//! - **Uniform switch** (per the uniformity analysis): the ranges are split in halves: an inner node `NodeBlock`
//!   tests `v < pivot` (`icmp slt`), a leaf `LeafBlock` tests membership of its range and branches to the case
//!   target or the default. A warp walks one path of depth ⌈log2 ranges⌉.
//! - **Divergent switch**: the ranges are grouped by target and each target gets one test (the `or` of its
//!   ranges' tests) in a chain `LeafBlock`s in the order of the targets' smallest case value, the default last:
//!   `br t0, T0, next; next: br t1, T1, next2; ... br tn, Tn, default`. A divergent warp runs every case's test
//!   anyway (the unstructured lowering of codegen is the same chain), and each target has exactly one
//!   predecessor test, so the chain is a sequence of nested if-else regions that `structurizecfg` wires with one
//!   `Flow` block per target; a tree would have the default (and any target of several ranges) reached from many
//!   leaves, which costs `Flow` blocks and i1 phis on every path.
//!
//! Every phi of a target gets, for each new edge into it, the value the switch edge carried.
//!
//! Invariants: O(c log c) per switch of c cases; behaviour is unchanged for every value (a value between ranges
//! fails every test it meets and goes to the default).
//! Preserves nothing.

use super::util::*;
use crate::knobs::Knobs;
use crate::registry::{FunctionPass, FunctionPassAdapter, PassInfo, Preserves};
use simtc_analysis::cache::FunctionAnalyses;
use simtc_ir::*;

/// Registry entry.
pub const INFO: PassInfo = PassInfo {
    name: "lower-switch",
    description: "turn every switch into a balanced tree of two-way branches",
    preserves: Preserves::Nothing,
    create: || Box::new(FunctionPassAdapter(LowerSwitch)),
    function: None,
};

/// The pass.
pub struct LowerSwitch;

impl FunctionPass for LowerSwitch {
    fn preserves(&self) -> Preserves {
        Preserves::Nothing
    }
    fn run_on_function(
        &mut self,
        m: &mut Module,
        f: FuncId,
        analyses: &mut FunctionAnalyses,
        _knobs: &Knobs,
        _remarks: &mut Vec<String>,
    ) -> Result<bool, String> {
        let switches: Vec<Block> = {
            let func = &m.funcs[f];
            func.layout
                .blocks()
                .filter(|&b| {
                    func.terminator(b).is_some_and(|t| matches!(func.dfg.inst(t).kind, InstKind::Switch { .. }))
                })
                .collect()
        };
        if switches.is_empty() {
            return Ok(false);
        }
        // Divergence is read before any switch is lowered: lowering one switch changes neither the value another
        // switches on nor whether its block runs with a partial mask.
        let divergent: Vec<bool> = {
            let uni = analyses.uniformity(m, f);
            switches.iter().map(|&b| uni.is_divergent_branch(b)).collect()
        };
        let Module { funcs, consts, types, .. } = m;
        let func = &mut funcs[f];
        for (&b, &div) in switches.iter().zip(&divergent) {
            lower_one(consts, types, func, b, div)?;
        }
        Ok(!switches.is_empty())
    }
}

struct Range {
    lo: i128,
    hi: i128,
    target: Block,
}

fn lower_one(
    consts: &mut ConstPool,
    types: &TypeStore,
    func: &mut Function,
    b: Block,
    divergent: bool,
) -> Result<(), String> {
    let t = func.terminator(b).expect("switch");
    let InstKind::Switch { default, cases } = func.dfg.inst(t).kind.clone() else { unreachable!("a switch") };
    let v = func.dfg.args(t)[0];
    let ty = func.dfg.value_ty(v);
    let width = match types.data(ty) {
        TypeData::Int(w) => *w,
        _ => return Err(format!("lower-switch: switch on a non-integer in {}", func.block_label(b))),
    };
    if width > 64 {
        return Err(format!("lower-switch: switch on i{width} in {} is not supported", func.block_label(b)));
    }
    // The value each target's phis received from the switch block.
    let mut targets: Vec<Block> = vec![default];
    targets.extend(cases.iter().map(|c| c.1));
    targets.sort();
    targets.dedup();
    let mut carried: Vec<(Block, Vec<(Inst, Value)>)> = Vec::new();
    for &s in &targets {
        let mut l = Vec::new();
        for phi in phis(func, s) {
            let val = phi_remove_block(func, phi, b).expect("phi entry for the switch");
            l.push((phi, val));
        }
        carried.push((s, l));
    }
    let mut ranges: Vec<Range> = Vec::new();
    let mut sorted: Vec<(i128, Block)> = cases
        .iter()
        .filter(|(_, s)| *s != default)
        .map(|(c, s)| (consts.as_i128(*c).expect("integer case"), *s))
        .collect();
    sorted.sort_by_key(|x| x.0);
    for (k, s) in sorted {
        match ranges.last_mut() {
            Some(r) if r.target == s && r.hi + 1 == k => r.hi = k,
            _ => ranges.push(Range { lo: k, hi: k, target: s }),
        }
    }
    let dbg = func.dfg.get_inst_md(t, MetadataTable::dbg_kind());
    func.remove_inst(t);
    let mut new_edges: Vec<(Block, Block)> = Vec::new();
    if ranges.is_empty() {
        func.append_inst(b, br(default));
        new_edges.push((b, default));
    } else if divergent {
        build_chain(consts, func, v, ty, width, &ranges, b, default, &mut new_edges, dbg);
    } else {
        build(consts, func, v, ty, width, &ranges, b, default, &mut new_edges, dbg);
    }
    for (from, to) in new_edges {
        if let Some((_, l)) = carried.iter().find(|(s, _)| *s == to) {
            for &(phi, val) in l {
                func.dfg.phi_add_incoming(phi, val, from);
            }
        }
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn build(
    consts: &mut ConstPool,
    func: &mut Function,
    v: Value,
    ty: Type,
    width: u32,
    ranges: &[Range],
    at: Block,
    default: Block,
    edges: &mut Vec<(Block, Block)>,
    dbg: Option<MdId>,
) {
    let cval = |consts: &mut ConstPool, func: &mut Function, k: i128| {
        let c = consts.int(ty, width, k);
        func.dfg.const_value(c, ty)
    };
    let tag = |func: &mut Function, i: Inst| {
        if let Some(l) = dbg {
            func.dfg.set_inst_md(i, MetadataTable::dbg_kind(), l);
        }
    };
    if ranges.len() == 1 {
        let r = &ranges[0];
        let cond = range_test(consts, func, v, ty, width, r, at);
        let bi = func.append_inst(at, cond_br(cond, r.target, default));
        tag(func, bi);
        edges.push((at, r.target));
        edges.push((at, default));
        return;
    }
    let mid = ranges.len() / 2;
    let pivot = cval(consts, func, ranges[mid].lo);
    let i = func.append_inst(at, InstData::new(InstKind::ICmp(IntPredicate::Slt), &[v, pivot], Type::I1));
    let c = func.dfg.result(i).expect("icmp");
    let left = new_block(func, at, if mid == 1 { "LeafBlock" } else { "NodeBlock" });
    let right = new_block(func, left, if ranges.len() - mid == 1 { "LeafBlock" } else { "NodeBlock" });
    let bi = func.append_inst(at, cond_br(c, left, right));
    tag(func, bi);
    build(consts, func, v, ty, width, &ranges[..mid], left, default, edges, dbg);
    build(consts, func, v, ty, width, &ranges[mid..], right, default, edges, dbg);
}

/// Appends to `at` the test `v ∈ [r.lo, r.hi]` and returns the `i1`.
fn range_test(
    consts: &mut ConstPool,
    func: &mut Function,
    v: Value,
    ty: Type,
    width: u32,
    r: &Range,
    at: Block,
) -> Value {
    let mut cval = |func: &mut Function, k: i128| {
        let c = consts.int(ty, width, k);
        func.dfg.const_value(c, ty)
    };
    if r.lo == r.hi {
        let k = cval(func, r.lo);
        let i = func.append_inst(at, InstData::new(InstKind::ICmp(IntPredicate::Eq), &[v, k], Type::I1));
        func.dfg.result(i).expect("icmp")
    } else {
        let lo = cval(func, r.lo);
        let span = cval(func, r.hi - r.lo);
        let d = func.append_inst(at, InstData::new(InstKind::Binary(BinaryOp::Sub), &[v, lo], ty));
        let dv = func.dfg.result(d).expect("sub");
        let i = func.append_inst(at, InstData::new(InstKind::ICmp(IntPredicate::Ule), &[dv, span], Type::I1));
        func.dfg.result(i).expect("icmp")
    }
}

/// The chain lowering of a divergent switch: one test per distinct target (the `or` of its ranges' tests), in
/// the order of the targets' smallest case value, the default at the end of the chain.
#[allow(clippy::too_many_arguments)]
fn build_chain(
    consts: &mut ConstPool,
    func: &mut Function,
    v: Value,
    ty: Type,
    width: u32,
    ranges: &[Range],
    first: Block,
    default: Block,
    edges: &mut Vec<(Block, Block)>,
    dbg: Option<MdId>,
) {
    // Targets in order of first appearance (ranges are sorted by value); each with the indices of its ranges.
    let mut groups: Vec<(Block, Vec<usize>)> = Vec::new();
    let mut slot: rustc_hash::FxHashMap<Block, usize> = rustc_hash::FxHashMap::default();
    for (i, r) in ranges.iter().enumerate() {
        let g = *slot.entry(r.target).or_insert_with(|| {
            groups.push((r.target, Vec::new()));
            groups.len() - 1
        });
        groups[g].1.push(i);
    }
    let mut at = first;
    for (gi, (target, members)) in groups.iter().enumerate() {
        let mut cond: Option<Value> = None;
        for &ri in members {
            let t = range_test(consts, func, v, ty, width, &ranges[ri], at);
            cond = Some(match cond {
                None => t,
                Some(c) => {
                    let o = func.append_inst(at, InstData::new(InstKind::Binary(BinaryOp::Or), &[c, t], Type::I1));
                    func.dfg.result(o).expect("or")
                }
            });
        }
        let cond = cond.expect("a target has at least one range");
        let next = if gi + 1 == groups.len() { default } else { new_block(func, at, "LeafBlock") };
        let bi = func.append_inst(at, cond_br(cond, *target, next));
        if let Some(l) = dbg {
            func.dfg.set_inst_md(bi, MetadataTable::dbg_kind(), l);
        }
        edges.push((at, *target));
        if next == default {
            edges.push((at, default));
        }
        at = next;
    }
}

fn new_block(func: &mut Function, after: Block, name: &str) -> Block {
    let b = func.dfg.make_block(Some(name));
    func.layout.insert_block_after(b, after);
    b
}
