//! `unify-exits`: one exit block per function.
//!
//! Seed: none; StructurizeCFG (seed 003, ARCHITECTURE §5) needs a single exit per region, and for the whole
//! function that is one block without successors. Every `ret` becomes `br %UnifiedReturnBlock`, a new block that
//! returns a phi of the returned values. Where the function also has `unreachable` blocks and at least one `ret`,
//! those branch to the unified return block too (returning `poison`): reaching `unreachable` is undefined
//! behaviour, so any continuation refines it, and a block after a call that never returns (`__assertfail`, trap)
//! keeps its meaning. A function with no `ret` gets its `unreachable` blocks merged into one
//! `UnifiedUnreachableBlock`. (LLVM's pass keeps the returning and the unreachable exit apart; simtc's structurizer
//! wants exactly one.)
//!
//! Invariants: linear; afterwards exactly one block of the function has no successors (when it had any).
//! Preserves nothing.

use super::util::*;
use crate::knobs::Knobs;
use crate::registry::{FunctionPass, FunctionPassAdapter, PassInfo, Preserves};
use simtc_analysis::cache::FunctionAnalyses;
use simtc_ir::*;

/// Registry entry.
pub const INFO: PassInfo = PassInfo {
    name: "unify-exits",
    description: "merge every return (and unreachable) into one exit block per function",
    preserves: Preserves::Nothing,
    create: || Box::new(FunctionPassAdapter(UnifyExits)),
    function: None,
};

/// The pass.
pub struct UnifyExits;

impl FunctionPass for UnifyExits {
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
        let Module { funcs, consts, .. } = m;
        Ok(unify_exits(consts, &mut funcs[f]))
    }
}

/// Unifies the exits of `func`; returns whether it changed.
pub fn unify_exits(consts: &mut ConstPool, func: &mut Function) -> bool {
    let mut rets = Vec::new();
    let mut unreach = Vec::new();
    for b in func.layout.blocks() {
        let Some(t) = func.terminator(b) else { continue };
        match func.dfg.inst(t).kind {
            InstKind::Ret => rets.push(b),
            InstKind::Unreachable => unreach.push(b),
            _ => {}
        }
    }
    let dbg = MetadataTable::dbg_kind();
    if rets.is_empty() {
        if unreach.len() < 2 {
            return false;
        }
        let u = func.append_block(Some("UnifiedUnreachableBlock"));
        func.append_inst(u, InstData::new(InstKind::Unreachable, &[], Type::VOID));
        let mut preds = Preds::default();
        for b in unreach {
            replace_terminator(func, &mut preds, b, br(u));
        }
        return true;
    }
    if rets.len() == 1 && unreach.is_empty() {
        return false;
    }
    let ret_ty = func.terminator(rets[0]).and_then(|t| func.dfg.args(t).first().map(|&v| func.dfg.value_ty(v)));
    let exit = func.append_block(Some("UnifiedReturnBlock"));
    let phi = ret_ty.map(|ty| {
        let i = func.append_inst(exit, InstData::new(InstKind::Phi { blocks: Default::default() }, &[], ty));
        func.dfg.set_value_name(func.dfg.result(i).expect("phi result"), Some("UnifiedRetVal"));
        i
    });
    let ret_args: Vec<Value> = phi.map(|p| func.dfg.result(p).expect("phi result")).into_iter().collect();
    let mut loc = None;
    let mut preds = Preds::default();
    for &b in rets.iter().chain(unreach.iter()) {
        let t = func.terminator(b).expect("terminator");
        let value = func.dfg.args(t).first().copied();
        loc = loc.or(func.dfg.get_inst_md(t, dbg));
        replace_terminator(func, &mut preds, b, br(exit));
        if let (Some(p), Some(ty)) = (phi, ret_ty) {
            let v = match value {
                Some(v) => v,
                None => {
                    let c = consts.intern(ConstData::Poison(ty));
                    func.dfg.const_value(c, ty)
                }
            };
            func.dfg.phi_add_incoming(p, v, b);
        }
    }
    let r = func.append_inst(exit, InstData::new(InstKind::Ret, &ret_args, Type::VOID));
    if let Some(l) = loc {
        func.dfg.set_inst_md(r, dbg, l);
    }
    true
}
