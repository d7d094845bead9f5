//! The convergence-control verifier (seed 004, "ConvergenceVerifier"; LLVM's `GenericConvergenceVerifier`),
//! run on the IR of each function before instruction selection when it uses
//! `llvm.experimental.convergence.{entry,anchor,loop}` or `"convergencectrl"` operand bundles.
//!
//! Rules checked (messages follow LLVM's):
//! 1. a `convergencectrl` bundle names a token produced by a convergence intrinsic;
//! 2. `entry` occurs only in the entry block, and neither `entry` nor `anchor` carries a bundle;
//!    `loop` must carry one;
//! 3. token dominance ("Convergence control token must dominate all its uses") is already an SSA rule checked by
//!    the IR verifier; it is re-checked here for bundle operands;
//! 4. a token used inside a cycle that does not contain its definition may be used there only by the cycle's
//!    heart, a `loop` intrinsic in the cycle header; a cycle has at most one heart;
//! 5. regions are well nested: inside one block, once a token derived from `T` is defined, `T` may not be used
//!    while the derived token is still used later in the block;
//! 6. in a function that uses controlled convergence, every call to a `convergent` function carries a
//!    `convergencectrl` bundle ("convergent call needs convergencectrl operand").
//!
//! The intrinsics themselves lower to `convergence.*` pseudo-instructions that print nothing.

use crate::error::CodegenError;
use rustc_hash::FxHashMap;
use simtc_analysis::cache::FunctionAnalyses;
use simtc_ir::{ConstData, FuncId, GlobalRef, Inst, InstKind, Module, Value, ValueDef};

/// Which convergence intrinsic an instruction calls, if any.
fn conv_kind(m: &Module, f: &simtc_ir::Function, i: Inst) -> Option<&'static str> {
    let InstKind::Call(_) = f.dfg.inst(i).kind else { return None };
    let callee = f.dfg.args(i)[0];
    let ValueDef::Const(c) = f.dfg.value_def(callee) else { return None };
    let ConstData::Global(_, GlobalRef::Func(g)) = m.consts.data(*c) else { return None };
    match m.funcs[*g].name.as_str() {
        "llvm.experimental.convergence.entry" => Some("entry"),
        "llvm.experimental.convergence.anchor" => Some("anchor"),
        "llvm.experimental.convergence.loop" => Some("loop"),
        _ => None,
    }
}

/// The token of an instruction's `convergencectrl` bundle.
fn bundle_token(f: &simtc_ir::Function, i: Inst) -> Option<Value> {
    let InstKind::Call(cd) = &f.dfg.inst(i).kind else { return None };
    let args = f.dfg.args(i);
    let mut end = args.len();
    for b in cd.bundles.iter().rev() {
        let start = end - b.count as usize;
        if &*b.tag == "convergencectrl" {
            return args.get(start).copied();
        }
        end = start;
    }
    None
}

fn is_convergent_call(m: &Module, f: &simtc_ir::Function, i: Inst) -> bool {
    let InstKind::Call(cd) = &f.dfg.inst(i).kind else { return false };
    if cd.attrs.func.has("convergent") {
        return true;
    }
    let callee = f.dfg.args(i)[0];
    match f.dfg.value_def(callee) {
        ValueDef::Const(c) => match m.consts.data(*c) {
            ConstData::Global(_, GlobalRef::Func(g)) => {
                let func = &m.funcs[*g];
                func.attrs.has("convergent") && !func.name.starts_with("llvm.experimental.convergence.")
            }
            _ => false,
        },
        _ => false,
    }
}

/// Checks the rules of the module doc for function `fid`.
pub fn verify(m: &Module, fid: FuncId, an: &FunctionAnalyses) -> Result<(), CodegenError> {
    let f = &m.funcs[fid];
    let err = |msg: &str, i: Inst| {
        CodegenError::new(format!("{msg} (at '{}')", simtc_ir::writer::inst_to_string(m, fid, i))).in_function(&f.name)
    };
    let mut uses_control = false;
    for b in f.layout.blocks() {
        for i in f.layout.block_insts(b) {
            if conv_kind(m, f, i).is_some() || bundle_token(f, i).is_some() {
                uses_control = true;
            }
        }
    }
    if !uses_control {
        return Ok(());
    }
    let (dt, cycles) = (an.domtree(f), an.cycles(f));
    let entry = f.entry();
    let mut hearts: FxHashMap<u32, Inst> = FxHashMap::default();
    for b in f.layout.blocks() {
        let insts: Vec<Inst> = f.layout.block_insts(b).collect();
        for (pos, &i) in insts.iter().enumerate() {
            let kind = conv_kind(m, f, i);
            let tok = bundle_token(f, i);
            match kind {
                Some("entry") if Some(b) != entry => {
                    return Err(err("Entry intrinsic can occur only in the entry block.", i));
                }
                Some("entry") | Some("anchor") if tok.is_some() => {
                    return Err(err("Entry or anchor intrinsic cannot have a convergencectrl token operand.", i));
                }
                Some("loop") if tok.is_none() => {
                    return Err(err("Loop intrinsic must have a convergencectrl token operand.", i));
                }
                _ => {}
            }
            if kind.is_none() && tok.is_none() && is_convergent_call(m, f, i) {
                return Err(err("convergent call needs convergencectrl operand", i));
            }
            let Some(t) = tok else { continue };
            let ValueDef::Inst(def) = f.dfg.value_def(t) else {
                return Err(err("Convergence control token can only be produced by a convergence intrinsic.", i));
            };
            let def = *def;
            if conv_kind(m, f, def).is_none() {
                return Err(err("Convergence control token can only be produced by a convergence intrinsic.", i));
            }
            let Some(db) = f.layout.inst_block(def) else { continue };
            let dominated = if db == b { insts[..pos].contains(&def) } else { dt.dominates(db, b) };
            if !dominated {
                return Err(err("Convergence control token must dominate all its uses.", i));
            }
            // Rule 4: cycles entered between the definition and the use.
            if let Some(c) = cycles.innermost(b) {
                if !cycles.contains(c, db) {
                    // The outermost cycle containing the use but not the definition must have this use as its heart.
                    let mut outer = c;
                    while let Some(p) = cycles.parent(outer) {
                        if cycles.contains(p, db) {
                            break;
                        }
                        outer = p;
                    }
                    let is_heart = kind == Some("loop") && cycles.header(outer) == b;
                    if !is_heart {
                        return Err(err(
                            "Convergence token used by an instruction other than llvm.experimental.convergence.loop in a cycle that does not contain the token's definition.",
                            i,
                        ));
                    }
                    if let Some(prev) = hearts.insert(outer.index() as u32, i) {
                        if prev != i {
                            return Err(err("Two static convergence token uses in a cycle that does not contain either token's definition.", i));
                        }
                    }
                }
            }
            if kind == Some("loop") {
                let first_conv =
                    insts[..pos].iter().any(|&x| conv_kind(m, f, x).is_some() || is_convergent_call(m, f, x));
                if first_conv {
                    return Err(err("Loop intrinsic must be the first convergent operation in its block.", i));
                }
            }
        }
        // Rule 5, linear form: track tokens defined in this block that derive from a parent; a use of the parent
        // between the child's definition and a later use of the child is not well nested.
        let mut last_use: FxHashMap<Value, usize> = FxHashMap::default();
        for (pos, &i) in insts.iter().enumerate() {
            if let Some(t) = bundle_token(f, i) {
                last_use.insert(t, pos);
            }
        }
        for (pos, &i) in insts.iter().enumerate() {
            let (Some(_), Some(child), Some(parent)) = (conv_kind(m, f, i), f.dfg.result(i), bundle_token(f, i)) else {
                continue;
            };
            let Some(&child_last) = last_use.get(&child) else { continue };
            for &x in &insts[pos + 1..child_last] {
                if bundle_token(f, x) == Some(parent) {
                    return Err(err("Convergence region is not well-nested.", x));
                }
            }
        }
    }
    Ok(())
}
