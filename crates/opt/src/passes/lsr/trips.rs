//! Short loops: an upper bound on a loop's trip count, read off its latch exit test, below which `lsr` adds no
//! induction variables.
//!
//! Each new IV costs set-up in the preheader (its start address: a widening multiply and an add or two) on every
//! entry of the loop, and saves a multiply-add per rewritten address per iteration. A loop that runs at most a
//! few times does not pay the set-up back. The common case is the remainder loop clang's unroller leaves after a
//! loop unrolled by `u`: `for (j = 0; j != (n & (u-1)); ++j)`, at most `u - 1` iterations, entered on every
//! iteration of the enclosing loop. HeCBench's kmeans `find_membership` (inner loop unrolled by 4 with such a
//! remainder, inside the loop over clusters; sm_90, counted as `scripts/sass-compare.py` does): 112 SASS
//! instructions with IVs in the remainder loop, 95 without (llc-19 106).
//!
//! The bound: the latch exit test is `icmp eq/ne x, k` ([`super::latch_exit_test`]) where `x` is a header phi
//! `j` or its increment `j + c` (`c > 0` constant, `j` starting at a constant `s` from the preheader) and the
//! invariant `k` is at most `K`: a constant, `and v, C` (`K = C`, `C ≥ 0`), `urem v, C` (`K = C - 1`) or a zero
//! extension of one of them. The counter meets `k` after at most `(K - s) / c + 1` iterations (`(K - s) / c`
//! when the test reads `j + c`), assuming it does not wrap around — a heuristic for the cost model only; the
//! rewrite it withholds would be exact either way.

use super::{const_int, const_step, latch_exit_test};
use crate::passes::util::Preds;
use simtc_analysis::loops::{LoopId, LoopInfo};
use simtc_ir::*;

/// An upper bound on the iterations of loop `l` per entry (module doc), when its exit test gives one.
pub fn max_trips(m: &Module, func: &Function, li: &LoopInfo, l: LoopId, preds: &Preds) -> Option<i64> {
    let t = latch_exit_test(func, li, l, preds)?;
    let header = li.header(l);
    let is_header_phi = |v: Value| {
        func.dfg.value_inst(v).is_some_and(|i| func.dfg.inst(i).is_phi() && func.layout.inst_block(i) == Some(header))
    };
    // The counter phi, and whether the test reads its increment.
    let (j, post) = if is_header_phi(t.x) {
        (t.x, false)
    } else {
        let inc = func.dfg.value_inst(t.x)?;
        let InstKind::Binary(BinaryOp::Add) = func.dfg.inst(inc).kind else { return None };
        let j = *func.dfg.args(inc).iter().find(|&&a| is_header_phi(a))?;
        (j, true)
    };
    let phi = func.dfg.value_inst(j)?;
    let next = crate::passes::util::phi_value_for(func, phi, t.latch)?;
    if post && next != t.x {
        return None;
    }
    let (c, _) = const_step(m, func, j, next)?;
    let s = const_int(m, func, crate::passes::util::phi_value_for(func, phi, t.pre)?)?;
    let kmax = bound(m, func, t.k, 0)?;
    if c <= 0 || s > kmax {
        return None;
    }
    let span = (kmax - s) / c;
    Some(if post { span.max(1) } else { span + 1 })
}

/// The largest value `v` can have (module doc), if known.
fn bound(m: &Module, func: &Function, v: Value, depth: u32) -> Option<i64> {
    if let Some(k) = const_int(m, func, v) {
        return Some(k);
    }
    if depth > 4 {
        return None;
    }
    let i = func.dfg.value_inst(v)?;
    let args = func.dfg.args(i);
    match func.dfg.inst(i).kind {
        InstKind::Binary(BinaryOp::And) => args.iter().filter_map(|&a| const_int(m, func, a)).filter(|&c| c >= 0).min(),
        InstKind::Binary(BinaryOp::URem) => const_int(m, func, args[1]).filter(|&c| c > 0).map(|c| c - 1),
        InstKind::Cast(CastOp::ZExt) => bound(m, func, args[0], depth + 1),
        _ => None,
    }
}
