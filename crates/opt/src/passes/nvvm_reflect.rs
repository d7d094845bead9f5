//! `nvvm-reflect`: resolves `__nvvm_reflect("NAME")` (and `llvm.nvvm.reflect`) to a constant, as NVIDIA's and
//! LLVM's NVVMReflect pass do, so code written against libdevice picks its variant at compile time and the
//! undefined `__nvvm_reflect` never reaches ptxas ("Unresolved extern function").
//!
//! Values (LLVM's): `__CUDA_FTZ` → the module flag `nvvm-reflect-ftz` if present, else the knob
//! `nvvm-reflect-ftz` (default 0: no flush-to-zero); `__CUDA_ARCH` → the knob `nvvm-reflect-arch` (the driver
//! sets it from `--mcpu`: sm_90 → 900); any other name → 0. The argument is a constant global string, possibly
//! reached through constant GEPs or address-space casts; a call whose argument is not a constant string is
//! left alone (it stays unresolved, and ptxas reports it).
//!
//! Invariants: each function's constant index says whether it mentions a reflect function, and only those that
//! do are walked (not every instruction of the module); a function pass, so it can run one function at a time on
//! several threads (`PassManager::run_threads`); only the resolved calls change (their results are
//! replaced by constants and the calls removed); the branches on them are folded by `simplifycfg`/`dce` later.
//! Runs in every pipeline, `-O0` included (it is required for correctness, not an optimization).

use crate::knobs::Knobs;
use crate::registry::{FunctionPass, FunctionPassAdapter, Pass, PassContext, PassInfo, Preserves};
use simtc_analysis::cache::FunctionAnalyses;
use simtc_ir::*;

/// Registry entry.
pub const INFO: PassInfo = PassInfo {
    name: "nvvm-reflect",
    description: "resolve __nvvm_reflect(\"__CUDA_FTZ\" / \"__CUDA_ARCH\") to constants (libdevice)",
    preserves: Preserves::Nothing,
    create: || Box::new(NvvmReflect),
    function: Some(|| Box::new(NvvmReflect)),
};

/// The pass.
pub struct NvvmReflect;

impl Pass for NvvmReflect {
    fn run(&mut self, m: &mut Module) -> Result<bool, String> {
        self.run_in(m, &mut PassContext::default())
    }
    /// Function by function (each function's constant index says whether it mentions a reflect function); drops
    /// the cached analyses of the functions it changed only.
    fn run_in(&mut self, m: &mut Module, cx: &mut PassContext) -> Result<bool, String> {
        FunctionPassAdapter(NvvmReflect).run_in(m, cx)
    }
}

impl FunctionPass for NvvmReflect {
    fn preserves(&self) -> Preserves {
        Preserves::Nothing
    }
    /// The same rewrite on one function: it looks for the reflect functions among the constants the function
    /// refers to.
    fn run_on_function(
        &mut self,
        m: &mut Module,
        f: FuncId,
        _analyses: &mut FunctionAnalyses,
        knobs: &Knobs,
        _remarks: &mut Vec<String>,
    ) -> Result<bool, String> {
        let reflects: Vec<FuncId> = m.funcs[f]
            .dfg
            .referenced_consts()
            .filter_map(|c| match m.consts.data(c) {
                ConstData::Global(_, GlobalRef::Func(t)) if is_reflect(&m.funcs[*t].name) => Some(*t),
                _ => None,
            })
            .collect();
        if reflects.is_empty() {
            return Ok(false);
        }
        let ftz = module_flag(m, "nvvm-reflect-ftz").unwrap_or_else(|| knobs.int("nvvm-reflect-ftz"));
        let arch = knobs.int("nvvm-reflect-arch");
        Ok(reflect_function(m, f, &reflects, ftz, arch))
    }
}

/// Whether `name` is a reflect function.
fn is_reflect(name: &str) -> bool {
    matches!(name, "__nvvm_reflect" | "llvm.nvvm.reflect")
}

/// The string a reflect argument names, through constant GEPs and casts to a global's `c"...\00"` initializer.
fn reflected_name(m: &Module, mut c: ConstId) -> Option<String> {
    for _ in 0..8 {
        match m.consts.data(c) {
            ConstData::Global(_, GlobalRef::Var(g)) => {
                let init = m.globals[*g].init?;
                let ConstData::Bytes(_, bytes) = m.consts.data(init) else { return None };
                let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
                return String::from_utf8(bytes[..end].to_vec()).ok();
            }
            ConstData::Expr { operands, .. } => c = *operands.first()?,
            _ => return None,
        }
    }
    None
}

/// Resolves the calls of `reflects` in function `f` and folds what they decide; returns whether anything changed.
fn reflect_function(m: &mut Module, f: FuncId, reflects: &[FuncId], ftz: i64, arch: i64) -> bool {
    let mut found: Vec<(Inst, i64)> = Vec::new();
    {
        let func = &m.funcs[f];
        for b in func.layout.blocks() {
            for i in func.layout.block_insts(b) {
                let d = func.dfg.inst(i);
                let InstKind::Call(_) = &d.kind else { continue };
                let Some(&callee) = d.args.first() else { continue };
                let Some(cc) = func.dfg.value_const(callee) else { continue };
                let ConstData::Global(_, GlobalRef::Func(target)) = m.consts.data(cc) else { continue };
                if !reflects.contains(target) {
                    continue;
                }
                let Some(arg) = d.args.get(1).and_then(|&a| func.dfg.value_const(a)) else { continue };
                let Some(name) = reflected_name(m, arg) else { continue };
                let v = match name.as_str() {
                    "__CUDA_FTZ" => ftz,
                    "__CUDA_ARCH" => arch,
                    _ => 0,
                };
                found.push((i, v));
            }
        }
    }
    if found.is_empty() {
        return false;
    }
    let Module { funcs, consts, types, .. } = m;
    let func = &mut funcs[f];
    for (i, v) in found {
        if let Some(r) = func.dfg.result(i) {
            let ty = func.dfg.value_ty(r);
            let width = types.int_width(ty).unwrap_or(32);
            let c = consts.int(ty, width, v as i128);
            let cv = func.dfg.const_value(c, ty);
            func.dfg.replace_all_uses(r, cv);
        }
        func.remove_inst(i);
    }
    // One fold per function, after all its calls are resolved (folding after each call was quadratic in a
    // function with many reflect calls; the fixpoint is the same).
    fold_function(consts, func);
    true
}

/// Folds what the reflected constants decide, as LLVM's NVVMReflect does: integer compares of two constants
/// become `i1` constants and branches on constants become unconditional (the other arm, e.g. `tanh.approx`
/// guarded by `__CUDA_ARCH >= 750`, becomes unreachable and is never selected for an older target).
fn fold_function(consts: &mut ConstPool, func: &mut Function) {
    let mut folds: Vec<(Value, bool)> = Vec::new();
    for b in func.layout.blocks() {
        for i in func.layout.block_insts(b) {
            let d = func.dfg.inst(i);
            let InstKind::ICmp(p) = &d.kind else { continue };
            let (Some(x), Some(y)) = (func.dfg.value_const(d.args[0]), func.dfg.value_const(d.args[1])) else {
                continue;
            };
            let (ConstData::Int(_, a), ConstData::Int(_, b2)) = (consts.data(x), consts.data(y)) else { continue };
            let (ua, ub) = (a.as_u128(), b2.as_u128());
            let (Some(sa), Some(sb)) = (a.as_i128(), b2.as_i128()) else { continue };
            let r = match p {
                IntPredicate::Eq => ua == ub,
                IntPredicate::Ne => ua != ub,
                IntPredicate::Ugt => ua > ub,
                IntPredicate::Uge => ua >= ub,
                IntPredicate::Ult => ua < ub,
                IntPredicate::Ule => ua <= ub,
                IntPredicate::Sgt => sa > sb,
                IntPredicate::Sge => sa >= sb,
                IntPredicate::Slt => sa < sb,
                IntPredicate::Sle => sa <= sb,
            };
            if let Some(res) = func.dfg.result(i) {
                folds.push((res, r));
            }
        }
    }
    for (v, r) in folds {
        let c = consts.int(Type::I1, 1, r as i128);
        let cv = func.dfg.const_value(c, Type::I1);
        func.dfg.replace_all_uses(v, cv);
    }
    crate::passes::simplifycfg::fold_constant_branches(consts, func);
}

/// An integer module flag (`!llvm.module.flags = !{!{i32 B, !"name", i32 V}}`), if present.
fn module_flag(m: &Module, name: &str) -> Option<i64> {
    for &id in m.metadata.named("llvm.module.flags")? {
        let MdNode::Tuple { ops, .. } = m.metadata.node(id) else { continue };
        if let [_, MdOperand::String(n), MdOperand::Value(c)] = ops.as_slice() {
            if n.as_slice() == name.as_bytes() {
                return m.consts.as_i128(*c).map(|v| v as i64);
            }
        }
    }
    None
}
