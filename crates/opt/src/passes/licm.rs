//! `licm`: loop-invariant code motion of pure, speculatable instructions to the loop's entry block.
//!
//! Seed: none directly (LLVM's `LICM` hoisting half; cicc runs it in its IR pipeline and ptxas has its own).
//! clang's `-O3` IR arrives with invariant code already hoisted; what this pass catches is what simtc's own IR
//! passes create inside loops, above all the `select`s DARM melding puts in a melded loop body: a select between
//! two per-thread slot addresses computed before the loop, on a condition computed before the loop, is the same
//! on every iteration. Left in the loop, it costs one instruction per iteration per warp and keeps *both*
//! operands live through the loop; hoisted, it runs once and only its result is live in the loop.
//!
//! # Rule
//!
//! An instruction `I` in loop `L` moves when:
//! - it is pure and speculatable: a binary operator other than an integer division or remainder (those only
//!   when the divisor is a constant that is neither zero nor, for the signed ones, all ones), `fneg`, `icmp`,
//!   `fcmp`, a cast, `select` or `getelementptr`: none reads or writes memory, traps, or synchronizes, so
//!   executing it on a path where it did not run before changes nothing but the time (poison-producing flags
//!   are harmless: the poison is only observed where the original instruction was);
//! - every operand is defined outside `L` (a constant, an argument, or an instruction of a block outside `L`);
//! - `L`'s header has exactly one predecessor outside `L`, `P` (LLVM's preheader when `P` has one successor;
//!   `P` may also branch elsewhere, then `I` is speculated on that path too, which is allowed by the first
//!   condition).
//!
//! `I` goes to the end of `P` (before its terminator); then the same test runs for `L`'s parent loop, so an
//! instruction invariant in a whole loop nest leaves the whole nest. `P` is dominated by every operand's block:
//! an operand block `D` outside `L` dominates `I`'s block, every path from the entry to it enters `L` through
//! `P` and the header, and the part of that path inside `L` cannot contain `D`, so `D` lies on every path to
//! `P`.
//!
//! # Modes (`licm-mode`)
//!
//! `2` (the default) hoists every instruction the rule allows, as LLVM's LICM does. `1` hoists an instruction
//! only when one of its register operands dies at it (so the loop carries no more values than before); `0` is
//! off. Mode 1 was the default until the fifth session's changes to address generation (`combine` fusing
//! multi-use multiplies, `lsr` pointer IVs for uniform addresses); measured again on the examples (sm_90, ptxas
//! 13), mode 2 then needs fewer registers on every kernel it changes and issues fewer warp instructions: sb1
//! 23 → 19 registers (35520 → 31008 warp instructions), sb2 24 → 19, sb3 32 → 26, sb4 26 → 20 (57280 → 45248),
//! darm_chain 36 → 32 (110944 → 95904); the other examples are unchanged. Hoisted, a select between two
//! addresses (or two symbols) runs once per thread, and ptxas no longer keeps both operands (each symbol's
//! shared-window address, on sm_90) in registers for the select inside the loop.
//!
//! # Invariants and cost
//!
//! The CFG is unchanged (preserves the CFG). Blocks are visited in reverse post-order, so an operand hoisted
//! earlier is seen as outside the loop and lands before its users; each instruction climbs at
//! most its loop depth: O(instructions × loop depth). Values' uniformity is unchanged by the move (a value
//! invariant in `L` is the same on every iteration, so no temporal divergence is lost or added).

use crate::knobs::Knobs;
use crate::registry::{FunctionPass, FunctionPassAdapter, PassInfo, Preserves};
use simtc_analysis::cache::FunctionAnalyses;
use simtc_analysis::loops::{LoopId, LoopInfo};
use simtc_ir::*;

/// Registry entry.
pub const INFO: PassInfo = PassInfo {
    name: "licm",
    description: "hoist loop-invariant pure instructions (DARM's selects above all) out of loops",
    preserves: Preserves::Cfg,
    create: || Box::new(FunctionPassAdapter(Licm)),
    function: Some(|| Box::new(Licm)),
};

/// The pass.
pub struct Licm;

/// Whether `i` may be executed where it did not run before.
fn speculatable(m: &Module, func: &Function, i: Inst) -> bool {
    let d = func.dfg.inst(i);
    match &d.kind {
        InstKind::Binary(op) if op.can_trap() => {
            let Some(c) = func.dfg.value_const(d.args[1]) else {
                return false;
            };
            match m.consts.data(c) {
                ConstData::Int(_, ap) => {
                    let signed = matches!(op, BinaryOp::SDiv | BinaryOp::SRem);
                    !(ap.is_zero() || signed && ap.is_all_ones())
                }
                _ => false,
            }
        }
        InstKind::Binary(_)
        | InstKind::FNeg
        | InstKind::ICmp(_)
        | InstKind::FCmp(_)
        | InstKind::Cast(_)
        | InstKind::Select
        | InstKind::Gep { .. } => true,
        _ => false,
    }
}

/// The outside predecessor of `l`'s header when there is exactly one.
fn entry_pred(func: &Function, li: &LoopInfo, l: LoopId, preds: &crate::passes::util::Preds) -> Option<Block> {
    let h = li.header(l);
    let mut outside = preds.of(h).iter().copied().filter(|&p| !li.contains(l, p));
    let p = outside.next()?;
    if outside.any(|q| q != p) {
        return None;
    }
    func.terminator(p)?;
    Some(p)
}

/// Whether hoisting `i` ends the live range of one of its register operands (every use of that operand is
/// `i`), so the loop carries `i`'s result instead of that operand: no more values live through the loop.
fn frees_operand(func: &Function, i: Inst) -> bool {
    func.dfg.inst(i).args.iter().any(|&a| {
        func.dfg.value_const(a).is_none()
            && !func.dfg.uses(a).is_empty()
            && func.dfg.uses(a).iter().all(|u| u.inst == i)
    })
}

impl FunctionPass for Licm {
    fn preserves(&self) -> Preserves {
        Preserves::Cfg
    }

    fn run_on_function(
        &mut self,
        m: &mut Module,
        f: FuncId,
        analyses: &mut FunctionAnalyses,
        knobs: &Knobs,
        _remarks: &mut Vec<String>,
    ) -> Result<bool, String> {
        let mode = knobs.int("licm-mode");
        let li = analyses.loops(&m.funcs[f]);
        if mode == 0 || li.is_empty() {
            return Ok(false);
        }
        let func = &m.funcs[f];
        let preds = crate::passes::util::Preds::compute(func);
        // Entry predecessor per loop, computed once (the CFG does not change).
        let mut entry: Vec<Option<Block>> = Vec::with_capacity(li.len());
        for l in li.loops() {
            debug_assert_eq!(l.index(), entry.len());
            entry.push(entry_pred(func, li, l, &preds));
        }
        // Where each hoisted instruction now lives, for the invariance test of later instructions.
        let mut moved: Vec<(Inst, Block)> = Vec::new();
        let mut now_in: SecondaryMap<Inst, Option<Block>> = SecondaryMap::new();
        let order: Vec<Block> = analyses.cfg(&m.funcs[f]).reverse_post_order();
        let m_ref: &Module = m;
        let func = &m_ref.funcs[f];
        for &b in &order {
            let Some(inner) = li.loop_for(b) else {
                continue;
            };
            for i in func.layout.block_insts(b) {
                if !speculatable(m_ref, func, i) {
                    continue;
                }
                let args = &func.dfg.inst(i).args;
                if mode == 1 && !frees_operand(func, i) {
                    continue;
                }
                let mut dest = None;
                let mut l = Some(inner);
                while let Some(cur) = l {
                    let Some(p) = entry[cur.index()] else {
                        break;
                    };
                    let invariant = args.iter().all(|&a| match func.dfg.value_inst(a) {
                        None => true,
                        Some(d) => {
                            let db = now_in[d].or_else(|| func.layout.inst_block(d));
                            db.is_none_or(|db| !li.contains(cur, db))
                        }
                    });
                    if !invariant {
                        break;
                    }
                    dest = Some(p);
                    l = li.parent(cur);
                }
                if let Some(p) = dest {
                    now_in.set(i, Some(p));
                    moved.push((i, p));
                }
            }
        }
        if moved.is_empty() {
            return Ok(false);
        }
        let func = &mut m.funcs[f];
        for (i, p) in moved {
            let term = func.terminator(p).expect("entry predecessor has a terminator");
            func.layout.remove_inst(i);
            func.layout.insert_inst_before(i, term);
        }
        Ok(true)
    }
}
