//! `expand-reductions`: every `llvm.vector.reduce.*` call becomes `extractelement`s and scalar operations, so
//! instruction selection only sees scalar arithmetic (and its normalization of narrow integers does the rest).
//!
//! Seed: none; LLVM's `ExpandReductions` pass and SelectionDAG's `VECREDUCE_*` legalization (which NVPTX relies
//! on for what `ExpandReductions` leaves) are the reference: this pass computes in exactly their order, so the
//! results equal llc-19's bit for bit, floats included. Required (runs at every `-O` level, right after
//! `lower-mem-intrinsics`): instruction selection rejects vector intrinsics.
//!
//! # Forms
//!
//! - `add`, `mul`, `and`, `or`, `xor` on `<N x iM>`: the integer operator; `smax`, `smin`, `umax`, `umin`:
//!   `llvm.smax.iM` & co. On `i1` every form is a logical operator (`add` = `xor`, `mul` = `umin` = `smax` =
//!   `and`, `umax` = `smin` = `or`; `true` is −1 as a signed `i1`).
//! - `fmax`/`fmin`: `llvm.maxnum`/`llvm.minnum`; `fmaximum`/`fminimum`: `llvm.maximum`/`llvm.minimum`
//!   (NaN-propagating); the call's fast-math flags go to every new call.
//! - `fadd`/`fmul` `(start, v)`: without `reassoc`, the ordered chain `((start ⊕ v0) ⊕ v1) ⊕ …`; with `reassoc`,
//!   the tree below over `v`, then `start ⊕ tree`. The call's fast-math flags go to every new operation.
//!
//! Every form but the ordered chain reduces by halving, as `ExpandReductions`' shuffle reduction and the DAG's
//! vector splitting do: with `P` the element count rounded up to a power of two, lane `j < P/2` becomes
//! `lane[j] ⊕ lane[j + P/2]` (the lower lane is the first operand) when `j + P/2` exists and stays `lane[j]`
//! otherwise (the DAG widens a vector of `N` elements to `P` with the operation's neutral element, and
//! `x ⊕ neutral` folds to `x`), until one lane is left. Integer results do not depend on the order; for floats
//! the order is what makes the results equal llc's.
//!
//! Invariants: O(N) new instructions per call of N elements, O(calls + new instructions) overall (intrinsic
//! declarations are looked up through one name map built per run); the CFG is unchanged; a call on a scalable
//! vector or of an unknown form is an error naming it.

use crate::knobs::Knobs;
use crate::registry::{FunctionPass, FunctionPassAdapter, PassInfo, Preserves};
use rustc_hash::FxHashMap;
use simtc_analysis::cache::FunctionAnalyses;
use simtc_ir::*;

/// Registry entry.
pub const INFO: PassInfo = PassInfo {
    name: "expand-reductions",
    description: "expand llvm.vector.reduce.* into extractelement and scalar operations (LLVM's order)",
    preserves: Preserves::Cfg,
    create: || Box::new(FunctionPassAdapter(ExpandReductions)),
    function: None,
};

/// The pass.
pub struct ExpandReductions;

/// How two lanes combine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Combine {
    /// A binary operator.
    Op(BinaryOp),
    /// A two-operand intrinsic of the element type (`smax`, `maxnum`, `maximum`, ...).
    Intrinsic(&'static str),
}

/// What a reduction call does.
#[derive(Copy, Clone, Debug)]
struct Form {
    combine: Combine,
    /// `fadd`/`fmul`: a start value comes first.
    has_start: bool,
}

/// The reduction `kind` (`add`, `fmaximum`, ...) on elements of type `elem`, if it is one.
fn form(kind: &str, elem_is_i1: bool) -> Option<Form> {
    use BinaryOp::*;
    let op = |o| Combine::Op(o);
    let combine = match (kind, elem_is_i1) {
        ("add" | "xor", true) => op(Xor),
        ("mul" | "and" | "umin" | "smax", true) => op(And),
        ("or" | "umax" | "smin", true) => op(Or),
        ("add", false) => op(Add),
        ("mul", false) => op(Mul),
        ("and", false) => op(And),
        ("or", false) => op(Or),
        ("xor", false) => op(Xor),
        ("smax", false) => Combine::Intrinsic("smax"),
        ("smin", false) => Combine::Intrinsic("smin"),
        ("umax", false) => Combine::Intrinsic("umax"),
        ("umin", false) => Combine::Intrinsic("umin"),
        ("fadd", _) => op(FAdd),
        ("fmul", _) => op(FMul),
        ("fmax", _) => Combine::Intrinsic("maxnum"),
        ("fmin", _) => Combine::Intrinsic("minnum"),
        ("fmaximum", _) => Combine::Intrinsic("maximum"),
        ("fminimum", _) => Combine::Intrinsic("minimum"),
        _ => return None,
    };
    Some(Form { combine, has_start: matches!(kind, "fadd" | "fmul") })
}

/// The overload suffix of a scalar type in an intrinsic name (`i32`, `f16`, `bf16`, `f32`, `f64`).
fn type_suffix(types: &TypeStore, t: Type) -> Option<String> {
    match types.data(t) {
        TypeData::Int(w) => Some(format!("i{w}")),
        _ if t == Type::HALF => Some("f16".into()),
        _ if t == Type::BFLOAT => Some("bf16".into()),
        _ if t == Type::FLOAT => Some("f32".into()),
        _ if t == Type::DOUBLE => Some("f64".into()),
        _ => None,
    }
}

impl FunctionPass for ExpandReductions {
    fn preserves(&self) -> Preserves {
        Preserves::Cfg
    }
    fn run_on_function(
        &mut self,
        m: &mut Module,
        f: FuncId,
        _analyses: &mut FunctionAnalyses,
        _knobs: &Knobs,
        _remarks: &mut Vec<String>,
    ) -> Result<bool, String> {
        // The reduction calls, with their kind.
        let mut work: Vec<(Inst, String)> = Vec::new();
        {
            let func = &m.funcs[f];
            for b in func.layout.blocks() {
                for i in func.layout.block_insts(b) {
                    let Some(name) = super::util::callee_name(m, func, i) else { continue };
                    let Some(rest) = name.strip_prefix("llvm.vector.reduce.") else { continue };
                    let kind = rest.split('.').next().unwrap_or("");
                    work.push((i, kind.to_string()));
                }
            }
        }
        if work.is_empty() {
            return Ok(false);
        }
        let mut decls: FxHashMap<String, FuncId> = FxHashMap::default();
        for g in m.func_ids() {
            if m.funcs[g].name.starts_with("llvm.") {
                decls.insert(m.funcs[g].name.clone(), g);
            }
        }
        for (i, kind) in work {
            expand(m, f, i, &kind, &mut decls)?;
        }
        Ok(true)
    }
}

/// The declaration of the two-operand intrinsic `llvm.<stem>.<suffix>` on `t`, added to the module when absent.
fn declaration(m: &mut Module, decls: &mut FxHashMap<String, FuncId>, stem: &str, t: Type) -> Option<FuncId> {
    let name = format!("llvm.{stem}.{}", type_suffix(&m.types, t)?);
    if let Some(&g) = decls.get(&name) {
        return Some(g);
    }
    let fn_ty = m.types.func(t, vec![t, t], false);
    let mut decl = Function::new(&name, fn_ty, &[t, t]);
    decl.attrs.set(Attribute::Flag("nounwind".into()));
    let g = m.add_func(decl);
    decls.insert(name, g);
    Some(g)
}

fn expand(
    m: &mut Module,
    f: FuncId,
    call: Inst,
    kind: &str,
    decls: &mut FxHashMap<String, FuncId>,
) -> Result<(), String> {
    let data = m.funcs[f].dfg.inst(call).clone();
    let fname = m.funcs[f].name.clone();
    let bad = |what: &str| format!("expand-reductions: @llvm.vector.reduce.{kind} in @{fname}: {what}");
    let res = m.funcs[f].dfg.result(call).ok_or_else(|| bad("no result"))?;
    let elem = m.funcs[f].dfg.value_ty(res);
    let is_i1 = elem == Type::I1;
    let form = form(kind, is_i1).ok_or_else(|| bad("unknown reduction"))?;
    let args = data.call_args().to_vec();
    let want = if form.has_start { 2 } else { 1 };
    if args.len() != want {
        return Err(bad(&format!("{} arguments, expected {want}", args.len())));
    }
    let vec = args[want - 1];
    let vty = m.funcs[f].dfg.value_ty(vec);
    let n = match m.types.data(vty) {
        TypeData::Vector { len, scalable: false, .. } => *len,
        _ => return Err(bad("not a fixed-length vector")),
    };
    let float_form = match form.combine {
        Combine::Op(op) => op.is_float(),
        Combine::Intrinsic(stem) => matches!(stem, "maxnum" | "minnum" | "maximum" | "minimum"),
    };
    let fits = if float_form {
        type_suffix(&m.types, elem).is_some_and(|s| s.starts_with(['f', 'b']))
    } else {
        m.types.is_int(elem)
    };
    if !fits {
        return Err(bad("the element type does not fit the operation"));
    }
    let fmf = data.flags.fast_math();
    // A single lane without a start value is the result: no operation, no declaration.
    let callee_fn = match form.combine {
        Combine::Intrinsic(stem) if n > 1 || form.has_start => {
            Some(declaration(m, decls, stem, elem).ok_or_else(|| bad("no intrinsic"))?)
        }
        _ => None,
    };
    let dbg = m.funcs[f].dfg.get_inst_md(call, MetadataTable::dbg_kind());
    let Module { funcs, consts, types, .. } = m;
    let func = &mut funcs[f];
    let callee_val = match callee_fn {
        Some(g) => {
            let pty = types.ptr(0);
            let c = consts.intern(ConstData::Global(pty, GlobalRef::Func(g)));
            Some(func.dfg.const_value(c, pty))
        }
        None => None,
    };
    let first_new = func.layout.prev_inst(call);
    let block = func.layout.inst_block(call).expect("call in the layout");
    let mut b = Builder { func, types, consts, at: InsertPoint::Before(call) };
    let mut lanes: Vec<Value> = Vec::with_capacity(n as usize);
    for k in 0..n {
        let idx = b.iconst(Type::I32, k as i128);
        let i = b.insert(InstData::new(InstKind::ExtractElement, &[vec, idx], elem));
        lanes.push(b.func.dfg.result(i).expect("extractelement result"));
    }
    let combine = |b: &mut Builder<'_>, x: Value, y: Value| -> Value {
        match form.combine {
            Combine::Op(op) => {
                let mut d = InstData::new(InstKind::Binary(op), &[x, y], elem);
                if op.is_float() {
                    d.flags = fmf;
                }
                let i = b.insert(d);
                b.func.dfg.result(i).expect("binary result")
            }
            Combine::Intrinsic(_) => {
                let fn_ty = b.types.func(elem, vec![elem, elem], false);
                let (i, r) = b.call(fn_ty, callee_val.expect("intrinsic callee"), &[x, y]);
                b.func.dfg.flags_mut(i).insert(fmf);
                r.expect("intrinsic result")
            }
        }
    };
    let ordered = form.has_start && !fmf.contains(Flags::REASSOC);
    let result = if ordered {
        let mut acc = args[0];
        for &l in &lanes {
            acc = combine(&mut b, acc, l);
        }
        acc
    } else {
        let mut v = lanes;
        while v.len() > 1 {
            let half = v.len().next_power_of_two() / 2;
            let mut next = Vec::with_capacity(half);
            for j in 0..half {
                next.push(match v.get(j + half) {
                    Some(&hi) => combine(&mut b, v[j], hi),
                    None => v[j],
                });
            }
            v = next;
        }
        let tree = v.first().copied().ok_or_else(|| bad("an empty vector"))?;
        if form.has_start {
            combine(&mut b, args[0], tree)
        } else {
            tree
        }
    };
    let func = &mut *b.func;
    func.dfg.replace_all_uses(res, result);
    if let Some(loc) = dbg {
        let mut next = match first_new {
            Some(i) => func.layout.next_inst(i),
            None => func.layout.first_inst(block),
        };
        while let Some(i) = next.filter(|&i| i != call) {
            func.dfg.set_inst_md(i, MetadataTable::dbg_kind(), loc);
            next = func.layout.next_inst(i);
        }
    }
    func.remove_inst(call);
    Ok(())
}
