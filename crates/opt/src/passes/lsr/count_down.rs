//! Count-down exit counters (item 8 of the `lsr` module doc).
//!
//! A loop counter `j = phi [S, pre], [j + c, latch]` (constant step `c`) whose only readers are its own
//! increment and the latch exit test `icmp eq/ne X, K` (`X` is `j` or `j + c`, `K` loop-invariant and not a
//! constant) counts down to zero instead: its start becomes `K - S` (computed in the preheader; `K` itself when
//! `S` is 0), its step `-c`, and the test `icmp eq/ne X, 0`.
//!
//! Exact: on every iteration the new counter equals `K - j` modulo 2^n (both start so and step by opposite
//! constants), so `X == K` iff the new `X == 0`. The increment's `nsw`/`nuw` flags are dropped (the counter now
//! runs from `K - S`, which may wrap where `j` did not).
//!
//! Why: the count-up test keeps `K` in a register through the whole loop next to `j`, and the counter needs its
//! own start; counting down, the counter *is* the bound's register (one register less through the loop where
//! `K` has no other reader in or after it), and the test compares with the zero register. This is LLVM LSR's
//! preferred form for such counters (llc's `add -1; setp.ne 0`). The rewrite is made only when `K` really dies
//! at the loop's entry: its other readers all come before the loop (in blocks that dominate the preheader, such
//! as the guard `K > 0`), and in a nested loop `K` is computed inside the enclosing loop (a bound from outside
//! it stays live through the enclosing loop anyway, and the count-down form then only trades the counter's
//! zero start for a copy of `K`: minibude's `fasten_main` went from 63 to 67 registers that way). A counter
//! that any other instruction reads (an index, a value stored) is left alone.

use super::{const_int, latch_exit_test, only_counts, tested_counter, wrap_to, ExitTest, TestedCounter};
use crate::passes::util::Preds;
use simtc_analysis::dominators::DominatorTree;
use simtc_analysis::loops::{LoopId, LoopInfo};
use simtc_ir::builder::{Builder, InsertPoint};
use simtc_ir::*;

/// Rewrites loop `l`'s exit counter to count down to zero (module doc); true when it did.
pub(super) fn count_down(
    m: &mut Module,
    f: FuncId,
    li: &LoopInfo,
    dt: &DominatorTree,
    l: LoopId,
    preds: &Preds,
    divergent: &mut SecondaryMap<Value, bool>,
) -> bool {
    let func = &m.funcs[f];
    let Some(t) = latch_exit_test(func, li, l, preds) else { return false };
    if const_int(m, func, t.k).is_some() {
        return false;
    }
    let Some(TestedCounter { phi, j, start, next, inc, .. }) = tested_counter(m, func, li, l, &t) else {
        return false;
    };
    let ExitTest { pre, cmp, side, k, .. } = t;
    let Some(bits) = m.types.int_width(func.dfg.value_ty(j)).filter(|&b| b <= 64) else { return false };
    // `j` feeds only its increment (and the test), `j + c` only the phi (and the test).
    if !only_counts(func, cmp, phi, j, inc, next) {
        return false;
    }
    // `K` must die at the loop's entry: it is not live around an enclosing loop (defined inside the parent loop,
    // if any: a bound from outside it is read again at every entry of this loop), and every other reader comes
    // before the loop.
    if let Some(parent) = li.parent(l) {
        let inside =
            func.dfg.value_inst(k).and_then(|i| func.layout.inst_block(i)).is_some_and(|b| li.contains(parent, b));
        if !inside {
            return false;
        }
    }
    let before_loop = |i: Inst| func.layout.inst_block(i).is_some_and(|b| b == pre || dt.dominates(b, pre));
    if !func.dfg.uses(k).iter().all(|u| u.inst == cmp || before_loop(u.inst)) {
        return false;
    }
    // The step's constant operand (`j + c`, `c + j` or `j - c'`).
    let Some(step_side) = func.dfg.args(inc).iter().position(|&a| a != j) else { return false };
    let Some(step) = const_int(m, func, func.dfg.args(inc)[step_side]) else { return false };
    let ty = func.dfg.value_ty(j);
    let norm = |v: i64| wrap_to(v, bits);
    let pre_term = func.terminator(pre).expect("latch_exit_test checked the preheader's terminator");
    let start_const = const_int(m, func, start);
    let mut b = Builder {
        func: &mut m.funcs[f],
        types: &mut m.types,
        consts: &mut m.consts,
        at: InsertPoint::Before(pre_term),
    };
    let new_start = match start_const {
        Some(0) => k,
        Some(s) => {
            let ns = b.iconst(ty, norm(s.wrapping_neg()) as i128);
            b.binary(BinaryOp::Add, k, ns)
        }
        None => b.binary(BinaryOp::Sub, k, start),
    };
    if new_start != k {
        divergent.set(new_start, divergent[k] || divergent[start]);
    }
    let new_step = b.iconst(ty, norm(step.wrapping_neg()) as i128);
    let zero = b.iconst(ty, 0);
    let func = &mut m.funcs[f];
    let pre_pos = func.dfg.phi_blocks(phi).iter().position(|&bb| bb == pre).expect("the phi has a preheader input");
    func.dfg.set_arg(phi, pre_pos, new_start);
    func.dfg.set_arg(inc, step_side, new_step);
    func.dfg.flags_mut(inc).0 &= !(Flags::NSW.0 | Flags::NUW.0);
    func.dfg.set_arg(cmp, 1 - side, zero);
    let div = divergent[j] || divergent[new_start];
    divergent.set(j, div);
    divergent.set(next, div);
    true
}
