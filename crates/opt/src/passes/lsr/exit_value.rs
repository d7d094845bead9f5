//! Exit values: after a loop that leaves only through its latch test `icmp eq x, K` (taken on equality) — or
//! `icmp ne x, K` (left on inequality's failure) — `x` equals `K` wherever it is read outside the loop, so those
//! reads take `K` (loop-invariant) instead.
//!
//! This is the cheap case of LLVM's exit-value rewriting (IndVarSimplify), which clang's `-O3` leaves undone
//! when the loop's value is not the counter its test reads; `lsr` moves the test onto that value (item 7,
//! `merge_exit_iv`), and then the value leaves the loop only through the test. A loop whose last reader outside
//! was that value then computes nothing the program reads, and ptxas deletes it as it deletes llc's: HeCBench's
//! overlap `incKernel` (a loop adding 1 `n` times, unrolled by 8 with a remainder; sm_90): 43 SASS instructions
//! with the loops, 29 without (llc-19 29).
//!
//! Exact: every path from the definition of `x` (inside the loop) to a reader outside leaves the loop through
//! the latch's exit edge (the only exit), where the test just found `x == K`. `K` dominates the preheader, hence
//! the header, the latch and every block the header dominates; readers elsewhere (a phi of an exit block with
//! another predecessor reads through its entry for the latch, which the latch's end dominates) are all covered,
//! since a block outside the loop that reads `x` is dominated by `x`'s block, which the header dominates.

use super::{latch_exit_test, ExitTest};
use crate::passes::util::Preds;
use simtc_analysis::loops::{LoopId, LoopInfo};
use simtc_ir::*;

/// Rewrites the readers of the tested value outside loop `l` (module doc); returns how many operands changed.
pub fn rewrite_exit_values(func: &mut Function, li: &LoopInfo, l: LoopId, preds: &Preds) -> usize {
    let Some(ExitTest { latch, cmp, x, k, .. }) = latch_exit_test(func, li, l, preds) else { return 0 };
    let Some(term) = func.terminator(latch) else { return 0 };
    let InstKind::CondBr { then_dest, else_dest } = func.dfg.inst(term).kind else { return 0 };
    let eq = matches!(func.dfg.inst(cmp).kind, InstKind::ICmp(IntPredicate::Eq));
    // The edge taken when `x == K` must be the exit, the other the back edge.
    let (on_equal, on_other) = if eq { (then_dest, else_dest) } else { (else_dest, then_dest) };
    if li.contains(l, on_equal) || !li.contains(l, on_other) {
        return 0;
    }
    // `x` is defined in the loop; its readers outside it get `K`.
    let Some(xi) = func.dfg.value_inst(x) else { return 0 };
    if !func.layout.inst_block(xi).is_some_and(|b| li.contains(l, b)) {
        return 0;
    }
    let outside = |v: Value| {
        func.dfg.uses(v).iter().filter(|u| func.layout.inst_block(u.inst).is_some_and(|b| !li.contains(l, b)))
    };
    // The latch's exit edge is the loop's only exit, and the rewrite leaves the loop computing nothing read after
    // it (no effects, no other value read outside): the dead loop then goes (ptxas deletes it). Otherwise a loop
    // value already in a register, coalesced with the exit's phi, would be traded for a copy of `K` on the exit
    // edge (measured: more SASS instructions).
    for &b in li.blocks(l) {
        if b != latch && func.successors(b).iter().any(|&s| !li.contains(l, s)) {
            return 0;
        }
        for i in func.layout.block_insts(b) {
            let d = func.dfg.inst(i);
            if !d.is_terminator() && d.has_side_effects() {
                return 0;
            }
            if func.dfg.result(i).is_some_and(|r| r != x && outside(r).next().is_some()) {
                return 0;
            }
        }
    }
    let readers: Vec<(Inst, u32)> = outside(x).map(|u| (u.inst, u.index)).collect();
    for &(i, index) in &readers {
        func.dfg.set_arg(i, index as usize, k);
    }
    readers.len()
}
