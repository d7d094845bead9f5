//! Per-opcode typing of instructions.

use super::*;

/// Per-opcode typing of one instruction whose operand ids are valid and whose operand count fits its kind.
pub(super) fn check_inst_types(m: &Module, f: &Function, ret_ty: Option<Type>, d: &InstData, out: &mut Vec<String>) {
    let ts = &m.types;
    let vt = |v: Value| f.dfg.value_ty(v);
    let tn = |t: Type| type_name(ts, t);
    let a = &d.args;
    let mismatch = |want: Type| format!("result type {} should be {}", tn(d.ty), tn(want));
    match &d.kind {
        InstKind::Binary(op) => out.extend(binary_problem(ts, *op, vt(a[0]), vt(a[1]), d.ty)),
        InstKind::FNeg => {
            let t = vt(a[0]);
            if !is_float_or_float_vector(ts, t) {
                out.push(format!("fneg requires a floating-point operand, got {}", tn(t)));
            }
            if d.ty != t {
                out.push(mismatch(t));
            }
        }
        InstKind::ICmp(_) | InstKind::FCmp(_) => {
            let is_icmp = matches!(d.kind, InstKind::ICmp(_));
            let (x, y) = (vt(a[0]), vt(a[1]));
            if x != y {
                out.push(format!("operand types do not match ({} vs {})", tn(x), tn(y)));
                return;
            }
            let s = ts.scalar_type(x);
            if is_icmp && !(ts.is_int(s) || ts.is_ptr(s)) {
                out.push(format!("icmp requires integer or pointer operands, got {}", tn(x)));
            }
            if !is_icmp && !ts.is_float(s) {
                out.push(format!("fcmp requires floating-point operands, got {}", tn(x)));
            }
            if !is_bool_like(ts, d.ty, x) {
                out.push(format!(
                    "{} result must be i1 (or a vector of i1 as long as the operands), got {}",
                    d.opcode_name(),
                    tn(d.ty)
                ));
            }
        }
        InstKind::Cast(op) => out.extend(cast_problem(ts, *op, vt(a[0]), d.ty)),
        InstKind::Select => {
            let (c, x, y) = (vt(a[0]), vt(a[1]), vt(a[2]));
            if x != y {
                out.push(format!("select operand types do not match ({} vs {})", tn(x), tn(y)));
            } else if d.ty != x {
                out.push(mismatch(x));
            }
            if c != Type::I1 && !(ts.is_vector(c) && is_bool_like(ts, c, x)) {
                out.push(format!(
                    "select condition must be i1 or a vector of i1 as long as the operands, got {}",
                    tn(c)
                ));
            }
        }
        InstKind::Phi { .. } => {
            for (k, &v) in a.iter().enumerate() {
                if vt(v) != d.ty {
                    out.push(format!(
                        "phi incoming value {k} has type {} but the phi has type {}",
                        tn(vt(v)),
                        tn(d.ty)
                    ));
                }
            }
        }
        InstKind::Alloca { elem_ty, align, addrspace, .. } => {
            if ts.ptr_addrspace(d.ty) != Some(*addrspace) {
                out.push(format!("alloca result must be a pointer in address space {addrspace}, got {}", tn(d.ty)));
            }
            if !ts.is_sized(*elem_ty) {
                out.push(format!("alloca of unsized type {}", tn(*elem_ty)));
            }
            if let Some(&c) = a.first() {
                if !ts.is_int(vt(c)) {
                    out.push(format!("alloca element count must be an integer, got {}", tn(vt(c))));
                }
            }
            out.extend(align_problem(*align));
        }
        InstKind::Load(mem) => {
            let p = vt(a[0]);
            if !ts.is_ptr(p) {
                out.push(format!("load pointer operand must be a pointer, got {}", tn(p)));
            }
            if !ts.is_first_class(d.ty) || !ts.is_sized(d.ty) {
                out.push(format!("load result must be a sized first-class type, got {}", tn(d.ty)));
            }
            let o = ordering(mem);
            if matches!(o, AtomicOrdering::Release | AtomicOrdering::AcqRel) {
                out.push(format!("load cannot have {o} ordering"));
            }
            if o != AtomicOrdering::NotAtomic && !(ts.is_int(d.ty) || ts.is_float(d.ty) || ts.is_ptr(d.ty)) {
                out.push(format!(
                    "atomic load must be of an integer, pointer or floating-point type, got {}",
                    tn(d.ty)
                ));
            }
            out.extend(align_problem(mem.align));
        }
        InstKind::Store(mem) => {
            let (v, p) = (vt(a[0]), vt(a[1]));
            if !ts.is_ptr(p) {
                out.push(format!("store pointer operand must be a pointer, got {}", tn(p)));
            }
            if !ts.is_first_class(v) || !ts.is_sized(v) {
                out.push(format!("stored value must have a sized first-class type, got {}", tn(v)));
            }
            let o = ordering(mem);
            if matches!(o, AtomicOrdering::Acquire | AtomicOrdering::AcqRel) {
                out.push(format!("store cannot have {o} ordering"));
            }
            if o != AtomicOrdering::NotAtomic && !(ts.is_int(v) || ts.is_float(v) || ts.is_ptr(v)) {
                out.push(format!("atomic store must be of an integer, pointer or floating-point type, got {}", tn(v)));
            }
            out.extend(align_problem(mem.align));
        }
        InstKind::Gep { source_ty } => {
            let idx: SmallVec<[(Type, Option<u64>); 4]> =
                a[1..].iter().map(|&v| (vt(v), f.dfg.value_const(v).and_then(|c| const_index_value(m, c)))).collect();
            out.extend(gep_problem(ts, *source_ty, vt(a[0]), &idx, d.ty));
        }
        InstKind::Call(cd) => {
            let callee = a[0];
            let ct = vt(callee);
            let is_asm = matches!(f.dfg.value_def(callee), ValueDef::InlineAsm(_));
            if !ts.is_ptr(ct) && !is_asm {
                out.push(format!("callee must be a pointer, got {}", tn(ct)));
            }
            let Some((ret, params, vararg)) = ts.func_parts(cd.fn_ty) else {
                out.push(format!("call's function type {} is not a function type", tn(cd.fn_ty)));
                return;
            };
            let bundled: usize = cd.bundles.iter().map(|b| b.count as usize).sum();
            if bundled > a.len() - 1 {
                out.push(format!("operand bundles claim {bundled} operands but the call has {}", a.len() - 1));
                return;
            }
            let args = &a[1..a.len() - bundled];
            if (vararg && args.len() < params.len()) || (!vararg && args.len() != params.len()) {
                let at_least = if vararg { "at least " } else { "" };
                out.push(format!(
                    "call has {} arguments but the function type {} expects {at_least}{}",
                    args.len(),
                    tn(cd.fn_ty),
                    params.len()
                ));
            }
            for (k, (&x, &p)) in args.iter().zip(params).enumerate() {
                if vt(x) != p {
                    out.push(format!(
                        "call argument {k} has type {} but the function type expects {}",
                        tn(vt(x)),
                        tn(p)
                    ));
                }
            }
            if d.ty != ret {
                out.push(format!(
                    "call result type {} does not match the function type's return type {}",
                    tn(d.ty),
                    tn(ret)
                ));
            }
        }
        InstKind::AtomicRmw(op, mem) => {
            let (p, v) = (vt(a[0]), vt(a[1]));
            if !ts.is_ptr(p) {
                out.push(format!("atomicrmw pointer operand must be a pointer, got {}", tn(p)));
            }
            let ok = match op {
                AtomicRmwOp::Xchg => ts.is_int(v) || ts.is_float(v) || ts.is_ptr(v),
                AtomicRmwOp::FAdd | AtomicRmwOp::FSub | AtomicRmwOp::FMax | AtomicRmwOp::FMin => {
                    is_float_or_float_vector(ts, v)
                }
                _ => ts.is_int(v),
            };
            if !ok {
                out.push(format!("atomicrmw {op} operand has invalid type {}", tn(v)));
            }
            if d.ty != v {
                out.push(mismatch(v));
            }
            if matches!(ordering(mem), AtomicOrdering::NotAtomic | AtomicOrdering::Unordered) {
                out.push("atomicrmw must have at least monotonic ordering".into());
            }
            out.extend(align_problem(mem.align));
        }
        InstKind::CmpXchg { mem, failure, .. } => {
            let (p, c, n) = (vt(a[0]), vt(a[1]), vt(a[2]));
            if !ts.is_ptr(p) {
                out.push(format!("cmpxchg pointer operand must be a pointer, got {}", tn(p)));
            }
            if c != n {
                out.push(format!("cmpxchg compare and new value types do not match ({} vs {})", tn(c), tn(n)));
            }
            if !(ts.is_int(c) || ts.is_ptr(c)) {
                out.push(format!("cmpxchg operands must be integers or pointers, got {}", tn(c)));
            }
            let ok = matches!(ts.data(d.ty), TypeData::Struct { fields, packed: false } if fields[..] == [c, Type::I1]);
            if !ok {
                out.push(format!("cmpxchg result type must be {{ {}, i1 }}, got {}", tn(c), tn(d.ty)));
            }
            if matches!(ordering(mem), AtomicOrdering::NotAtomic | AtomicOrdering::Unordered) {
                out.push("cmpxchg success ordering must be at least monotonic".into());
            }
            if matches!(
                failure,
                AtomicOrdering::NotAtomic
                    | AtomicOrdering::Unordered
                    | AtomicOrdering::Release
                    | AtomicOrdering::AcqRel
            ) {
                out.push(format!("cmpxchg failure ordering cannot be {}", failure_name(*failure)));
            }
            out.extend(align_problem(mem.align));
        }
        InstKind::Fence(mem) => {
            if !matches!(
                ordering(mem),
                AtomicOrdering::Acquire | AtomicOrdering::Release | AtomicOrdering::AcqRel | AtomicOrdering::SeqCst
            ) {
                out.push("fence ordering must be acquire, release, acq_rel or seq_cst".into());
            }
        }
        InstKind::ExtractElement => {
            let (v, ix) = (vt(a[0]), vt(a[1]));
            if !ts.is_vector(v) {
                out.push(format!("extractelement requires a vector operand, got {}", tn(v)));
            } else if d.ty != ts.scalar_type(v) {
                out.push(mismatch(ts.scalar_type(v)));
            }
            if !ts.is_int(ix) {
                out.push(format!("extractelement index must be an integer, got {}", tn(ix)));
            }
        }
        InstKind::InsertElement => {
            let (v, e, ix) = (vt(a[0]), vt(a[1]), vt(a[2]));
            if !ts.is_vector(v) {
                out.push(format!("insertelement requires a vector operand, got {}", tn(v)));
            } else if e != ts.scalar_type(v) {
                out.push(format!("insertelement element type {} does not match the vector {}", tn(e), tn(v)));
            }
            if !ts.is_int(ix) {
                out.push(format!("insertelement index must be an integer, got {}", tn(ix)));
            }
            if d.ty != v {
                out.push(mismatch(v));
            }
        }
        InstKind::ShuffleVector { mask } => {
            let (x, y) = (vt(a[0]), vt(a[1]));
            if x != y {
                out.push(format!("shufflevector operand types do not match ({} vs {})", tn(x), tn(y)));
                return;
            }
            let Some((len, scalable)) = vec_shape(ts, x) else {
                out.push(format!("shufflevector operands must be vectors, got {}", tn(x)));
                return;
            };
            let ok = vec_shape(ts, d.ty) == Some((mask.len() as u32, scalable))
                && ts.scalar_type(d.ty) == ts.scalar_type(x)
                && u32::try_from(mask.len()).is_ok();
            if !ok {
                out.push(format!(
                    "shufflevector result must be a vector of {} (the mask length) {} elements, got {}",
                    mask.len(),
                    tn(ts.scalar_type(x)),
                    tn(d.ty)
                ));
            }
            if !scalable {
                if let Some(&bad) = mask.iter().find(|&&e| e < -1 || i64::from(e) >= 2 * i64::from(len)) {
                    out.push(format!("shufflevector mask element {bad} is out of range"));
                }
            }
        }
        InstKind::ExtractValue { indices } => match agg_path(ts, vt(a[0]), indices) {
            Ok(t) if t != d.ty => out.push(mismatch(t)),
            Ok(_) => {}
            Err(e) => out.push(format!("invalid extractvalue index path: {e}")),
        },
        InstKind::InsertValue { indices } => {
            match agg_path(ts, vt(a[0]), indices) {
                Ok(t) if t != vt(a[1]) => out.push(format!(
                    "insertvalue inserts a value of type {} where the aggregate has {}",
                    tn(vt(a[1])),
                    tn(t)
                )),
                Ok(_) => {}
                Err(e) => out.push(format!("invalid insertvalue index path: {e}")),
            }
            if d.ty != vt(a[0]) {
                out.push(mismatch(vt(a[0])));
            }
        }
        InstKind::Freeze => {
            if d.ty != vt(a[0]) {
                out.push(mismatch(vt(a[0])));
            }
        }
        InstKind::Br { .. } | InstKind::Unreachable => {}
        InstKind::CondBr { .. } => {
            if vt(a[0]) != Type::I1 {
                out.push(format!("branch condition must be i1, got {}", tn(vt(a[0]))));
            }
        }
        InstKind::Switch { cases, .. } => {
            let ct = vt(a[0]);
            if !ts.is_int(ct) {
                out.push(format!("switch condition must be an integer, got {}", tn(ct)));
            }
            let mut seen: FxHashSet<ConstId> = FxHashSet::default();
            for &(c, _) in cases {
                if c.index() >= m.consts.len() {
                    out.push(format!("switch case constant {c} does not exist"));
                    continue;
                }
                if !matches!(m.consts.data(c), ConstData::Int(..)) {
                    out.push(format!("switch case {} is not an integer constant", const_text(m, c)));
                } else if m.consts.ty(c) != ct {
                    out.push(format!(
                        "switch case {} has type {} but the condition has type {}",
                        const_text(m, c),
                        tn(m.consts.ty(c)),
                        tn(ct)
                    ));
                }
                if !seen.insert(c) {
                    out.push(format!("duplicate switch case value {}", const_text(m, c)));
                }
            }
        }
        InstKind::Ret => {
            let Some(r) = ret_ty else { return };
            match (ts.is_void(r), a.first()) {
                (true, Some(_)) => out.push("ret with a value in a function returning void".into()),
                (false, None) => out.push(format!("ret without a value in a function returning {}", tn(r))),
                (false, Some(&v)) if vt(v) != r => {
                    out.push(format!("ret value has type {} but the function returns {}", tn(vt(v)), tn(r)))
                }
                _ => {}
            }
        }
    }
}

pub(super) fn failure_name(o: AtomicOrdering) -> &'static str {
    match o {
        AtomicOrdering::NotAtomic => "non-atomic",
        o => o.name(),
    }
}
