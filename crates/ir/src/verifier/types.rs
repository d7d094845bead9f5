//! Typing rules shared by instructions and constant expressions: binary operators, casts, GEPs, aggregate paths.

use super::*;

/// The type carried in an instruction's kind, if any (checked for existence before use).
pub(super) fn kind_type(k: &InstKind) -> Option<Type> {
    match k {
        InstKind::Alloca { elem_ty, .. } => Some(*elem_ty),
        InstKind::Gep { source_ty } => Some(*source_ty),
        InstKind::Call(cd) => Some(cd.fn_ty),
        _ => None,
    }
}

/// `(len, scalable)` of a vector type.
pub(super) fn vec_shape(ts: &TypeStore, t: Type) -> Option<(u32, bool)> {
    match ts.data(t) {
        TypeData::Vector { len, scalable, .. } => Some((*len, *scalable)),
        _ => None,
    }
}

/// Whether `res` is `i1`, or a vector of `i1` of the same shape as the vector `operand`.
pub(super) fn is_bool_like(ts: &TypeStore, res: Type, operand: Type) -> bool {
    match vec_shape(ts, operand) {
        None => res == Type::I1,
        Some(sh) => vec_shape(ts, res) == Some(sh) && ts.scalar_type(res) == Type::I1,
    }
}

pub(super) fn is_int_or_int_vector(ts: &TypeStore, t: Type) -> bool {
    ts.is_int(ts.scalar_type(t))
}

pub(super) fn is_float_or_float_vector(ts: &TypeStore, t: Type) -> bool {
    ts.is_float(ts.scalar_type(t))
}

pub(super) fn align_problem(a: Option<u64>) -> Option<String> {
    match a {
        Some(x) if !x.is_power_of_two() => Some(format!("alignment {x} is not a power of two")),
        _ => None,
    }
}

pub(super) fn ordering(mem: &MemFlags) -> AtomicOrdering {
    mem.ordering.unwrap_or(AtomicOrdering::NotAtomic)
}

/// The integer an index constant stands for (`i32 3`, `zeroinitializer`, a splat vector), for struct GEP indices.
pub(super) fn const_index_value(m: &Module, c: ConstId) -> Option<u64> {
    if c.index() >= m.consts.len() {
        return None;
    }
    match m.consts.data(c) {
        ConstData::Int(_, v) => v.as_u64(),
        ConstData::Zero(_) => Some(0),
        ConstData::Vector(_, elems) => {
            let first = *elems.first()?;
            let v = match m.consts.data(first) {
                ConstData::Int(_, v) => v.as_u64()?,
                _ => return None,
            };
            elems
                .iter()
                .all(|&e| matches!(m.consts.data(e), ConstData::Int(_, x) if x.as_u64() == Some(v)))
                .then_some(v)
        }
        _ => None,
    }
}

/// Typing of binary operators.
pub(super) fn binary_problem(ts: &TypeStore, op: BinaryOp, a: Type, b: Type, res: Type) -> Option<String> {
    let tn = |t| type_name(ts, t);
    if a != b {
        return Some(format!("operand types do not match ({} vs {})", tn(a), tn(b)));
    }
    if res != a {
        return Some(format!("result type {} does not match the operand type {}", tn(res), tn(a)));
    }
    if op.is_float() {
        if !is_float_or_float_vector(ts, a) {
            return Some(format!("floating-point operator {op} requires floating-point operands, got {}", tn(a)));
        }
    } else if !is_int_or_int_vector(ts, a) {
        return Some(format!("integer operator {op} requires integer operands, got {}", tn(a)));
    }
    None
}

/// Whether a type may be the operand or result of a `bitcast`: a non-aggregate first-class type.
pub(super) fn is_bitcastable(ts: &TypeStore, t: Type) -> bool {
    ts.is_int(t) || ts.is_float(t) || ts.is_ptr(t) || ts.is_vector(t)
}

/// Total bit size of an integer, float or vector of them.
pub(super) fn prim_bits(ts: &TypeStore, t: Type) -> Option<u64> {
    match *ts.data(t) {
        TypeData::Vector { len, elem, .. } => ts.scalar_bits(elem).map(|b| u64::from(b) * u64::from(len)),
        _ => ts.scalar_bits(t).map(u64::from),
    }
}

/// Typing of casts.
pub(super) fn cast_problem(ts: &TypeStore, op: CastOp, src: Type, dst: Type) -> Option<String> {
    let tn = |t| type_name(ts, t);
    let (ss, ds) = (ts.scalar_type(src), ts.scalar_type(dst));
    if op != CastOp::BitCast && vec_shape(ts, src) != vec_shape(ts, dst) {
        return Some(format!(
            "{op} operand and result must both be scalars or vectors of the same length ({} to {})",
            tn(src),
            tn(dst)
        ));
    }
    let bad = || Some(format!("invalid {op} from {} to {}", tn(src), tn(dst)));
    match op {
        CastOp::Trunc | CastOp::ZExt | CastOp::SExt => {
            let (Some(a), Some(b)) = (ts.int_width(ss), ts.int_width(ds)) else {
                return Some(format!("{op} requires integer types ({} to {})", tn(src), tn(dst)));
            };
            let ok = if op == CastOp::Trunc { b < a } else { b > a };
            if !ok {
                let want = if op == CastOp::Trunc { "narrower" } else { "wider" };
                return Some(format!("{op} result must be {want} than its operand ({} to {})", tn(src), tn(dst)));
            }
        }
        CastOp::FPTrunc | CastOp::FPExt => {
            if !ts.is_float(ss) || !ts.is_float(ds) {
                return Some(format!("{op} requires floating-point types ({} to {})", tn(src), tn(dst)));
            }
            let (a, b) = (ts.scalar_bits(ss), ts.scalar_bits(ds));
            let ok = if op == CastOp::FPTrunc { b < a } else { b > a };
            if !ok {
                let want = if op == CastOp::FPTrunc { "narrower" } else { "wider" };
                return Some(format!("{op} result must be {want} than its operand ({} to {})", tn(src), tn(dst)));
            }
        }
        CastOp::FPToUI | CastOp::FPToSI => {
            if !ts.is_float(ss) || !ts.is_int(ds) {
                return bad();
            }
        }
        CastOp::UIToFP | CastOp::SIToFP => {
            if !ts.is_int(ss) || !ts.is_float(ds) {
                return bad();
            }
        }
        CastOp::PtrToInt => {
            if !ts.is_ptr(ss) || !ts.is_int(ds) {
                return bad();
            }
        }
        CastOp::IntToPtr => {
            if !ts.is_int(ss) || !ts.is_ptr(ds) {
                return bad();
            }
        }
        CastOp::BitCast => {
            if !is_bitcastable(ts, src) || !is_bitcastable(ts, dst) {
                return Some(format!("bitcast requires non-aggregate first-class types ({} to {})", tn(src), tn(dst)));
            }
            let (sp, dp) = (ts.is_ptr(ss), ts.is_ptr(ds));
            if sp != dp {
                return Some(format!(
                    "bitcast between pointer and non-pointer types ({} to {}); use ptrtoint or inttoptr",
                    tn(src),
                    tn(dst)
                ));
            }
            if sp {
                if vec_shape(ts, src) != vec_shape(ts, dst) {
                    return bad();
                }
                if ts.ptr_addrspace(ss) != ts.ptr_addrspace(ds) {
                    return Some(format!(
                        "bitcast cannot change the address space ({} to {}); use addrspacecast",
                        tn(src),
                        tn(dst)
                    ));
                }
            } else {
                let scal = |t| vec_shape(ts, t).is_some_and(|(_, s)| s);
                if scal(src) != scal(dst) || prim_bits(ts, src) != prim_bits(ts, dst) || prim_bits(ts, src).is_none() {
                    return Some(format!("bitcast requires types of the same bit size ({} to {})", tn(src), tn(dst)));
                }
            }
        }
        CastOp::AddrSpaceCast => {
            let (Some(a), Some(b)) = (ts.ptr_addrspace(ss), ts.ptr_addrspace(ds)) else {
                return Some(format!("addrspacecast requires pointer types ({} to {})", tn(src), tn(dst)));
            };
            if a == b {
                return Some(format!(
                    "addrspacecast must change the address space ({} to {}); use bitcast or nothing",
                    tn(src),
                    tn(dst)
                ));
            }
        }
    }
    None
}

/// Typing of `getelementptr`; each index is its type and, when it is a constant, its value.
pub(super) fn gep_problem(
    ts: &TypeStore,
    source_ty: Type,
    base: Type,
    idx: &[(Type, Option<u64>)],
    res: Type,
) -> Option<String> {
    let tn = |t| type_name(ts, t);
    let Some(aspace) = ts.ptr_addrspace(ts.scalar_type(base)) else {
        return Some(format!("getelementptr base must be a pointer or a vector of pointers, got {}", tn(base)));
    };
    if !ts.is_sized(source_ty) {
        return Some(format!("getelementptr source element type {} is not sized", tn(source_ty)));
    }
    let mut shape = vec_shape(ts, base);
    let mut cur = source_ty;
    for (k, &(t, cv)) in idx.iter().enumerate() {
        if !is_int_or_int_vector(ts, t) {
            return Some(format!("getelementptr index {k} must be an integer, got {}", tn(t)));
        }
        if let Some(sh) = vec_shape(ts, t) {
            match shape {
                None => shape = Some(sh),
                Some(s) if s != sh => {
                    return Some(format!("getelementptr vector index {k} has a different length than the others"));
                }
                Some(_) => {}
            }
        }
        if k == 0 {
            continue;
        }
        match ts.data(cur) {
            TypeData::Struct { .. } | TypeData::Named(_) => {
                let Some(fields) = ts.struct_fields(cur) else {
                    return Some(format!("getelementptr indexes into opaque struct {}", tn(cur)));
                };
                let Some(v) = cv else {
                    return Some(format!("getelementptr struct index {k} must be a constant integer"));
                };
                // As in LLVM, struct indices are (vectors of) i32.
                if ts.int_width(ts.scalar_type(t)) != Some(32) {
                    return Some(format!("getelementptr struct index {k} must have type i32, got {}", tn(t)));
                }
                let Some(&ft) = usize::try_from(v).ok().and_then(|v| fields.get(v)) else {
                    return Some(format!("getelementptr struct index {v} is out of range for {}", tn(cur)));
                };
                cur = ft;
            }
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => cur = *elem,
            _ => return Some(format!("getelementptr index {k} steps into non-aggregate type {}", tn(cur))),
        }
    }
    let ok = match shape {
        None => ts.ptr_addrspace(res) == Some(aspace),
        Some(sh) => vec_shape(ts, res) == Some(sh) && ts.ptr_addrspace(ts.scalar_type(res)) == Some(aspace),
    };
    if !ok {
        let want = match shape {
            None => format!("ptr addrspace({aspace})"),
            Some((len, _)) => format!("a vector of {len} ptr addrspace({aspace})"),
        };
        return Some(format!("getelementptr result type must be {want}, got {}", tn(res)));
    }
    None
}

/// Follows an `extractvalue`/`insertvalue` index path; returns the indexed type.
pub(super) fn agg_path(ts: &TypeStore, agg: Type, indices: &[u32]) -> Result<Type, String> {
    if indices.is_empty() {
        return Err("aggregate index list must not be empty".into());
    }
    let mut cur = agg;
    for &ix in indices {
        if !ts.is_aggregate(cur) {
            return Err(format!("index {ix} steps into non-aggregate type {}", type_name(ts, cur)));
        }
        cur = ts
            .element_type(cur, u64::from(ix))
            .ok_or_else(|| format!("index {ix} is out of range for {}", type_name(ts, cur)))?;
    }
    Ok(cur)
}
