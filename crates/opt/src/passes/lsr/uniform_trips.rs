//! Uniform trip counts (item 9 of the `lsr` module doc).
//!
//! A loop `for (j = S; j != S + U; j += c)` whose start `S` is divergent (each thread has its own slice:
//! `S = tid * n`, or the remainder loop clang's unroller leaves, `K = xtraiter + j0`) but whose trip count `U`
//! is uniform has a divergent exit test — `j` and the bound differ per thread — although every thread runs
//! the same number of iterations. ptxas then treats the loop as divergent: it wraps it in a `BSSY`/`BSYNC`
//! reconvergence region, and simtc's own passes see a divergent branch. llc's LSR counts such loops with a
//! new counter from the trip count down to zero, which ptxas keeps in a uniform register and whose branch is
//! uniform.
//!
//! The rule: the latch exit test `icmp eq/ne X, K` (`X` is `j` or `j + c`, `j` a header phi with constant
//! step `c` and preheader input `S`) where `K = S + U` (an `add` of `S` and a loop-invariant `U`, either order),
//! `K` or `S` divergent and `U` uniform and not a constant, gets a new counter `t = phi [U, pre], [t - c, latch]`
//! and tests `t` (resp. `t - c`) against 0. Exact: `t = K - j` on every iteration modulo 2^n (it starts at
//! `K - S = U` and steps by `-c`), so `X == K` iff the new value is 0. `j` keeps its other readers; when it
//! has none, it is deleted with its increment. The new counter is uniform (its start and step are), so the
//! exit branch is too.
//!
//! A constant `U` is left alone: a constant trip count lets ptxas unroll the loop fully, which clang already
//! declined to do. The new counter costs one uniform register; it replaces the divergent bound `K` in the
//! loop (which dies at the entry when nothing else reads it).

use super::{const_int, delete_dead_ivs, latch_exit_test, tested_counter, wrap_to, ExitTest, TestedCounter};
use crate::passes::util::Preds;
use simtc_analysis::loops::{LoopId, LoopInfo};
use simtc_ir::builder::{Builder, InsertPoint};
use simtc_ir::*;

/// Gives loop `l` a uniform exit counter when its trip count is uniform but its test is not (module doc);
/// true when it did.
pub(super) fn uniform_trips(
    m: &mut Module,
    f: FuncId,
    li: &LoopInfo,
    l: LoopId,
    preds: &Preds,
    divergent: &mut SecondaryMap<Value, bool>,
) -> bool {
    let func = &m.funcs[f];
    let Some(t) = latch_exit_test(func, li, l, preds) else { return false };
    let Some(TestedCounter { phi, j, start, step: c, post, .. }) = tested_counter(m, func, li, l, &t) else {
        return false;
    };
    let ExitTest { pre, latch, cmp, side, k, .. } = t;
    let header = li.header(l);
    if !(divergent[k] || divergent[start]) {
        return false;
    }
    // `K = S + U`.
    let Some(ki) = func.dfg.value_inst(k) else { return false };
    let u = match (&func.dfg.inst(ki).kind, func.dfg.args(ki)) {
        (InstKind::Binary(BinaryOp::Add), &[a, b]) if a == start => b,
        (InstKind::Binary(BinaryOp::Add), &[a, b]) if b == start => a,
        _ => return false,
    };
    if divergent[u] || const_int(m, func, u).is_some() {
        return false;
    }
    let invariant = match func.dfg.value_inst(u) {
        None => true,
        Some(i) => func.layout.inst_block(i).is_some_and(|b| !li.contains(l, b)),
    };
    if !invariant {
        return false;
    }
    let ty = func.dfg.value_ty(j);
    let Some(bits) = m.types.int_width(ty).filter(|&b| b <= 64) else { return false };
    let neg = wrap_to(c.wrapping_neg(), bits);
    let phi_blocks: Vec<Block> = func.dfg.phi_blocks(phi).to_vec();
    let first_non_phi =
        func.layout.block_insts(header).find(|&i| !func.dfg.inst(i).is_phi()).expect("header has a terminator");
    let mut b = Builder {
        func: &mut m.funcs[f],
        types: &mut m.types,
        consts: &mut m.consts,
        at: InsertPoint::Before(first_non_phi),
    };
    let (tphi, t) = b.phi(ty);
    b.at = InsertPoint::Before(cmp);
    let step = b.iconst(ty, neg as i128);
    let tnext = b.binary(BinaryOp::Add, t, step);
    let zero = b.iconst(ty, 0);
    for &pb in &phi_blocks {
        let v = if pb == pre { u } else { tnext };
        b.func.dfg.phi_add_incoming(tphi, v, pb);
    }
    b.func.dfg.set_value_name(t, Some("lsr.trips"));
    b.func.dfg.set_value_name(tnext, Some("lsr.trips.next"));
    for v in [t, tnext] {
        divergent.set(v, false);
    }
    let func = &mut m.funcs[f];
    func.dfg.set_arg(cmp, side, if post { tnext } else { t });
    func.dfg.set_arg(cmp, 1 - side, zero);
    if let Some(cond) = func.dfg.result(cmp) {
        divergent.set(cond, false);
    }
    delete_dead_ivs(func, header, latch);
    true
}
