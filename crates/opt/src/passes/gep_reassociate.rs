//! `gep-reassociate`: an address `&B[x + y]` next to an existing `&B[x]` becomes `&(&B[x])[y]`.
//!
//! Seed: none (issue 26: what llc-19's NVPTX pipeline gets from LLVM's `NaryReassociate` and
//! `StraightLineStrengthReduce`, which reuse a dominating GEP for a GEP whose index is a sum). The shape is in
//! every shared-memory tree reduction: `s[tid] += s[tid + stride]` computes `&s[tid]` once and, without this
//! pass, `&s[tid + stride]` from scratch per step (`tid + stride`, widened, scaled, added to the base: two SASS
//! instructions per step where llc has one `LEA` from `&s[tid]`; HeCBench babelstream's `dot_kernel`).
//!
//! # Rule
//!
//! A `getelementptr T, B, I` (or `getelementptr [N x T], B, 0, I`), `I` one of
//! - `zext (add nuw x, y)` (also with `nneg`): equal to `zext x + zext y`, since the narrow sum does not wrap;
//! - `sext (add nsw x, y)`: equal to `sext x + sext y`;
//! - `add i64 x, y`: the index width, where the sum wraps like the address arithmetic does,
//!
//! where an earlier `getelementptr T, B, E(x)` (same `T` and `B`, index `E(x)` the same extension of `x`, or
//! `x` itself for the 64-bit sum; either operand of the sum may play `x`) — call it `G` — dominates it, becomes
//! `getelementptr T, G, E(y)`. Exact: `B + size(T)·(E(x) + E(y)) = (B + size(T)·E(x)) + size(T)·E(y)` modulo
//! 2^64; the new GEPs carry no `inbounds`, so no poison is introduced where the original had none.
//!
//! A constant `y` is left alone: instruction selection already addresses `&B[x + c]` as `[&B[x] + c·size]`.
//! Only when `G` is read in the block of the rewritten GEP (by another instruction): then `G` is live there
//! anyway and the rewrite lengthens no live range, while `x + y` and its widening usually die (three
//! instructions — add, widen-and-scale, address add — become two). Otherwise the GEP is left alone.
//!
//! # Invariants and cost
//!
//! The CFG is unchanged (preserves the CFG). One walk over the instructions builds a map from `(B, T, x,
//! extension)` to the GEPs of that shape (a rewritten GEP's replacement stands for it there, so a chain
//! `&B[x + s]`, `&B[(x + s) + s]` is rewritten link by link); each candidate looks at most [`MAX_CANDIDATES`] of them (a
//! dominance query each): linear. The replaced GEP and the instructions only it read are deleted by `dce`.

use crate::knobs::Knobs;
use crate::registry::{FunctionPass, FunctionPassAdapter, PassInfo, Preserves};
use rustc_hash::FxHashMap;
use simtc_analysis::cache::FunctionAnalyses;
use simtc_ir::builder::{Builder, InsertPoint};
use simtc_ir::*;

/// Registry entry.
pub const INFO: PassInfo = PassInfo {
    name: "gep-reassociate",
    description: "&B[x + y] next to a dominating &B[x] becomes &(&B[x])[y] (LLVM's NaryReassociate for GEPs)",
    preserves: Preserves::Cfg,
    create: || Box::new(FunctionPassAdapter(GepReassociate)),
    function: Some(|| Box::new(GepReassociate)),
};

/// Earlier GEPs of one shape examined per candidate.
pub const MAX_CANDIDATES: usize = 8;

/// The pass.
pub struct GepReassociate;

/// How an index was widened to the GEP's index type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
enum Ext {
    None,
    Zext,
    Sext,
}

/// `(B, T, I)` of a GEP with one variable index: `gep T, B, I` or `gep [N x T], B, 0, I`.
fn gep_shape(m: &Module, func: &Function, g: Inst) -> Option<(Value, Type, Value)> {
    let d = func.dfg.inst(g);
    let InstKind::Gep { source_ty } = d.kind else { return None };
    match d.args[..] {
        [b, i] => Some((b, source_ty, i)),
        [b, z, i] => {
            let zero = func
                .dfg
                .value_const(z)
                .is_some_and(|c| matches!(m.consts.data(c), ConstData::Int(_, a) if a.is_zero()));
            let elem = match m.types.data(source_ty) {
                TypeData::Array { elem, .. } => *elem,
                _ => return None,
            };
            zero.then_some((b, elem, i))
        }
        _ => None,
    }
}

/// `E(x)` split into `(x, E)`: the widened value and the widening (none for anything else).
fn unwiden(func: &Function, i: Value) -> (Value, Ext) {
    if let Some(c) = func.dfg.value_inst(i) {
        let d = func.dfg.inst(c);
        match d.kind {
            InstKind::Cast(CastOp::ZExt) => return (d.args[0], Ext::Zext),
            InstKind::Cast(CastOp::SExt) => return (d.args[0], Ext::Sext),
            _ => {}
        }
    }
    (i, Ext::None)
}

/// The operands of the sum behind index `i` when the widening distributes over it: `(x, y, E)`.
fn split_sum(m: &Module, func: &Function, i: Value) -> Option<(Value, Value, Ext)> {
    let (s, ext) = unwiden(func, i);
    let si = func.dfg.value_inst(s)?;
    let d = func.dfg.inst(si);
    if !matches!(d.kind, InstKind::Binary(BinaryOp::Add)) {
        return None;
    }
    let ok = match ext {
        Ext::Zext => d.flags.contains(Flags::NUW),
        Ext::Sext => d.flags.contains(Flags::NSW),
        Ext::None => m.types.int_width(func.dfg.value_ty(s)) == Some(64),
    };
    ok.then_some((d.args[0], d.args[1], ext))
}

impl FunctionPass for GepReassociate {
    fn preserves(&self) -> Preserves {
        Preserves::Cfg
    }

    fn run_on_function(
        &mut self,
        m: &mut Module,
        f: FuncId,
        analyses: &mut FunctionAnalyses,
        _knobs: &Knobs,
        _remarks: &mut Vec<String>,
    ) -> Result<bool, String> {
        let func = &m.funcs[f];
        // GEPs by shape, in layout order, with their position in their block.
        let mut by_shape: FxHashMap<(Value, Type, Value, Ext), Vec<Inst>> = FxHashMap::default();
        let mut pos: FxHashMap<Inst, usize> = FxHashMap::default();
        let mut candidates: Vec<(Inst, Value, Type, Value, Value, Ext)> = Vec::new();
        for b in func.layout.blocks() {
            for (k, i) in func.layout.block_insts(b).enumerate() {
                let Some((base, t, idx)) = gep_shape(m, func, i) else { continue };
                pos.insert(i, k);
                // Under its widened value and, for a 64-bit sum's operand, under the index itself.
                let (x, ext) = unwiden(func, idx);
                by_shape.entry((base, t, x, ext)).or_default().push(i);
                if ext != Ext::None {
                    by_shape.entry((base, t, idx, Ext::None)).or_default().push(i);
                }
                if let Some((x, y, e)) = split_sum(m, func, idx) {
                    candidates.push((i, base, t, x, y, e));
                }
            }
        }
        if candidates.is_empty() {
            return Ok(false);
        }
        let dt = analyses.domtree(&m.funcs[f]);
        // A rewritten GEP's replacement (placed right before it), which keeps standing for its shape: a chain
        // `&B[x + s]`, `&B[(x + s) + s]` is rewritten link by link.
        let mut replaced: FxHashMap<Inst, Inst> = FxHashMap::default();
        let mut changed = false;
        for (g, base, t, x, y, ext) in candidates {
            let func = &m.funcs[f];
            let Some(gb) = func.layout.inst_block(g) else { continue };
            // A dominating GEP of `x` (or `y`) that another instruction of `g`'s block reads.
            // A constant `y` is left to instruction selection, which folds it into the address's `[reg+imm]`
            // offset from the (shared) `&B[x]` computation already.
            let found = [(x, y), (y, x)]
                .into_iter()
                .filter(|&(_, rest)| func.dfg.value_const(rest).is_none())
                .find_map(|(a, rest)| {
                    let list = by_shape.get(&(base, t, a, ext))?;
                    list.iter().take(MAX_CANDIDATES).find_map(|&h0| {
                        let h = replaced.get(&h0).copied().unwrap_or(h0);
                        let hb = func.layout.inst_block(h)?;
                        let before = if hb == gb { pos.get(&h0) < pos.get(&g) } else { dt.dominates(hb, gb) };
                        let hv = func.dfg.result(h)?;
                        let read_here =
                            func.dfg.uses(hv).iter().any(|u| u.inst != g && func.layout.inst_block(u.inst) == Some(gb));
                        (h != g && before && read_here).then_some((hv, rest))
                    })
                });
            let Some((hv, rest)) = found else { continue };
            let Some(gv) = func.dfg.result(g) else { continue };
            let idx_ty = func.dfg.value_ty(func.dfg.args(g)[func.dfg.args(g).len() - 1]);
            let mut b = Builder {
                func: &mut m.funcs[f],
                types: &mut m.types,
                consts: &mut m.consts,
                at: InsertPoint::Before(g),
            };
            let e = match ext {
                Ext::None => rest,
                Ext::Zext => b.cast(CastOp::ZExt, rest, idx_ty),
                Ext::Sext => b.cast(CastOp::SExt, rest, idx_ty),
            };
            let ng = b.gep(t, hv, &[e], Flags::NONE);
            let func = &mut m.funcs[f];
            func.dfg.replace_all_uses(gv, ng);
            if let Some(ni) = func.dfg.value_inst(ng) {
                replaced.insert(g, ni);
            }
            changed = true;
        }
        Ok(changed)
    }
}
