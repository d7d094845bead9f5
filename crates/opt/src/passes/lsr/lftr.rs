//! Linear-function test replacement for constant trip counts (item 10 of the `lsr` module doc).
//!
//! After `lsr` gave a loop's addresses pointer IVs, its counter often feeds nothing but the exit test:
//! `for (j = S; j != K; j += c)` with `S`, `K` constants (a fixed-size loop: meanshift's 10,000 points), next to
//! a pointer (or integer) IV `p` stepping by `d`. The counter then costs a register (a pair for `i64`) and an
//! add per iteration for one compare. Item 7 moves the test onto a partner with the *same* step; this moves it
//! onto a partner with any constant step, as LLVM's LFTR does: the loop runs `T = (K - S) / c` iterations, so
//! the test becomes `p == p0 + T·d` (`p0` the partner's start; a `getelementptr i8` for a pointer, an `add` for
//! an integer, computed in the preheader) and the counter is deleted.
//!
//! Exact: the counter's values before the exit lie strictly between `S` and `K` (the division is exact and `T`
//! positive), so it first equals `K` after exactly `T` steps. The partner has moved `k·d` after `k` steps, and for
//! `0 <= k <= T` the value `p0 + k·d` equals `p0 + T·d` modulo 2^w only at `k = T`, because `|k - T|·|d| <=
//! T·|d| < 2^(w-1)`, which is required. The same holds for a test on the incremented values (`j + c`, `p + d`);
//! when the partner's increment comes after the test in the latch, the test reads `p` against `p0 + (T - 1)·d`
//! (the same iteration, one step earlier on both sides) rather than moving the increment up, which would keep
//! `p` and `p + d` live together.
//! The partner's increment loses `nsw`/`nuw`/`inbounds` (the test now reads it on the exiting iteration).
//!
//! Only a uniform partner is taken: the counter runs between constants, so its test is uniform, and a test on a
//! divergent IV would make the loop's branch divergent for ptxas (a reconvergence region around the loop).

use super::{
    const_int, const_step, delete_counter, latch_exit_test, only_counts, tested_counter, wrap_to, ExitTest,
    TestedCounter,
};
use crate::passes::util::{phi_value_for, Preds};
use rustc_hash::FxHashMap;
use simtc_analysis::loops::{LoopId, LoopInfo};
use simtc_ir::builder::{Builder, InsertPoint};
use simtc_ir::*;

/// The largest trip count handled.
const MAX_TRIPS: i128 = 1 << 31;

/// A partner IV's constant byte or integer step: `p + d` (integer, via [`const_step`]) or a constant-index
/// `getelementptr` of `p` (a pointer; the step in bytes).
fn partner_step(m: &Module, func: &Function, p: Value, next: Value) -> Option<(i64, Inst)> {
    if m.types.int_width(func.dfg.value_ty(p)).is_some() {
        return const_step(m, func, p, next);
    }
    let inc = func.dfg.value_inst(next)?;
    let d = func.dfg.inst(inc);
    let InstKind::Gep { source_ty } = d.kind else { return None };
    match d.args[..] {
        [b, idx] if b == p => {
            let size = m.types.alloc_size(source_ty) as i64;
            const_int(m, func, idx)?.checked_mul(size).map(|s| (s, inc))
        }
        _ => None,
    }
}

/// Moves loop `l`'s exit test from a counter with a constant trip count onto another IV (module doc); true when
/// it did.
pub(super) fn replace_exit_test(
    m: &mut Module,
    f: FuncId,
    li: &LoopInfo,
    l: LoopId,
    preds: &Preds,
    divergent: &mut SecondaryMap<Value, bool>,
) -> bool {
    let func = &m.funcs[f];
    let Some(t) = latch_exit_test(func, li, l, preds) else { return false };
    let Some(TestedCounter { phi: jphi, j, start: jstart, next: jnext, step: c, inc: jinc, post }) =
        tested_counter(m, func, li, l, &t)
    else {
        return false;
    };
    let ExitTest { pre, latch, cmp, side, k, .. } = t;
    // `j` only feeds its increment (and the test), `j + c` only the phi (and the test).
    if !only_counts(func, cmp, jphi, j, jinc, jnext) {
        return false;
    }
    // The trip count: constants, an exact positive quotient.
    let (Some(s0), Some(kv)) = (const_int(m, func, jstart), const_int(m, func, k)) else { return false };
    let (s0, kv, c) = (s0 as i128, kv as i128, c as i128);
    if c == 0 || (kv - s0) % c != 0 {
        return false;
    }
    let trips = (kv - s0) / c;
    if !(1..MAX_TRIPS).contains(&trips) {
        return false;
    }
    // The partner: another two-input header phi with a constant step small enough for `trips` steps.
    let header = li.header(l);
    let order: FxHashMap<Inst, usize> = func.layout.block_insts(latch).enumerate().map(|(n, i)| (i, n)).collect();
    let before_cmp = |i: Inst| func.layout.inst_block(i) != Some(latch) || order.get(&i) < order.get(&cmp);
    let partner = func.layout.block_insts(header).take_while(|&p| func.dfg.inst(p).is_phi()).find_map(|p| {
        let v = func.dfg.result(p)?;
        if v == j || func.dfg.args(p).len() != 2 {
            return None;
        }
        let (start, next) = (phi_value_for(func, p, pre)?, phi_value_for(func, p, latch)?);
        let (d, inc) = partner_step(m, func, v, next)?;
        let bits = m.types.int_width(func.dfg.value_ty(v)).unwrap_or(64);
        let span = (d as i128).abs() * trips;
        // A uniform partner only: the counter (constants) is uniform, and a test on a divergent IV would make
        // the loop's branch divergent for ptxas.
        let ok = d != 0
            && !divergent[v]
            && !divergent[start]
            && span < (1i128 << (bits - 1))
            && func.layout.inst_block(inc).is_some_and(|b| li.contains(l, b));
        // A post-increment test reads the partner's increment when it comes before the test; one after it in
        // the latch (where `lsr` puts the increments of its new IVs) is not moved up — its old value would then
        // be live next to the new one — the test reads the old value against one step less instead.
        ok.then_some((v, start, next, d, inc, bits, post && !before_cmp(inc)))
    });
    let Some((i, istart, inext, d, iinc, bits, one_less)) = partner else { return false };
    let ty = func.dfg.value_ty(i);
    let is_ptr = m.types.is_ptr(ty);
    let steps = if one_less { trips - 1 } else { trips };
    let offset = wrap_to((d as i128 * steps) as i64, bits);
    let pre_term = func.terminator(pre).expect("latch_exit_test checked the preheader's terminator");
    let mut b = Builder {
        func: &mut m.funcs[f],
        types: &mut m.types,
        consts: &mut m.consts,
        at: InsertPoint::Before(pre_term),
    };
    let new_k = if is_ptr {
        let off = b.iconst(Type::I64, offset as i128);
        b.gep(Type::I8, istart, &[off], Flags::NONE)
    } else {
        let off = b.iconst(ty, offset as i128);
        b.binary(BinaryOp::Add, istart, off)
    };
    divergent.set(new_k, divergent[istart]);
    let func = &mut m.funcs[f];
    func.dfg.set_arg(cmp, side, if post && !one_less { inext } else { i });
    func.dfg.set_arg(cmp, 1 - side, new_k);
    func.dfg.flags_mut(iinc).0 &= !(Flags::NSW.0 | Flags::NUW.0 | Flags::INBOUNDS.0 | Flags::NUSW.0);
    if let Some(cond) = func.dfg.result(cmp) {
        divergent.set(cond, divergent[istart] || divergent[new_k]);
    }
    delete_counter(func, jphi, j, jinc, jstart);
    true
}
