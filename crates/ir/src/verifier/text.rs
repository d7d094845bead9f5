//! Short printing of types, constants, operands and instructions for diagnostics (independent of the writer).

use super::*;

/// A type in LLVM syntax, for messages.
pub(super) fn type_name(ts: &TypeStore, t: Type) -> String {
    let mut s = String::new();
    write_type(ts, t, &mut s, 0);
    s
}

pub(super) fn write_type(ts: &TypeStore, t: Type, out: &mut String, depth: u32) {
    use std::fmt::Write;
    if t.index() >= ts.len() {
        let _ = write!(out, "<invalid {t}>");
        return;
    }
    if depth > 8 {
        out.push_str("...");
        return;
    }
    let list = |out: &mut String, items: &[Type]| {
        for (k, &x) in items.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            write_type(ts, x, out, depth + 1);
        }
    };
    match ts.data(t) {
        TypeData::Void => out.push_str("void"),
        TypeData::Int(n) => {
            let _ = write!(out, "i{n}");
        }
        TypeData::Half => out.push_str("half"),
        TypeData::BFloat => out.push_str("bfloat"),
        TypeData::Float => out.push_str("float"),
        TypeData::Double => out.push_str("double"),
        TypeData::Fp128 => out.push_str("fp128"),
        TypeData::X86Fp80 => out.push_str("x86_fp80"),
        TypeData::PpcFp128 => out.push_str("ppc_fp128"),
        TypeData::Ptr(0) => out.push_str("ptr"),
        TypeData::Ptr(a) => {
            let _ = write!(out, "ptr addrspace({a})");
        }
        TypeData::Vector { len, elem, scalable } => {
            let _ = write!(out, "<{}{len} x ", if *scalable { "vscale x " } else { "" });
            write_type(ts, *elem, out, depth + 1);
            out.push('>');
        }
        TypeData::Array { len, elem } => {
            let _ = write!(out, "[{len} x ");
            write_type(ts, *elem, out, depth + 1);
            out.push(']');
        }
        TypeData::Struct { fields, packed } => {
            out.push_str(if *packed { "<{ " } else { "{ " });
            list(out, fields);
            out.push_str(if *packed { " }>" } else { " }" });
        }
        TypeData::Named(_) => {
            let name = ts.named_info(t).map(|n| n.name.as_str()).unwrap_or("?");
            let _ = write!(out, "%{name}");
        }
        TypeData::Func { ret, params, vararg } => {
            write_type(ts, *ret, out, depth + 1);
            out.push_str(" (");
            list(out, params);
            if *vararg {
                out.push_str(if params.is_empty() { "..." } else { ", ..." });
            }
            out.push(')');
        }
        TypeData::Label => out.push_str("label"),
        TypeData::Token => out.push_str("token"),
        TypeData::Metadata => out.push_str("metadata"),
    }
}

/// A block's name without `%` (or `bbN`), safe for ids out of range.
pub(super) fn block_name(f: &Function, b: Block) -> String {
    if b.index() < f.dfg.num_blocks() {
        if let Some(n) = f.dfg.block_name(b) {
            return n.to_string();
        }
    }
    b.to_string()
}

/// A block reference `%name` for messages.
pub(super) fn block_ref(f: &Function, b: Block) -> String {
    format!("%{}", block_name(f, b))
}

/// A constant in short LLVM-like syntax, for messages.
pub(super) fn const_text(m: &Module, c: ConstId) -> String {
    if c.index() >= m.consts.len() {
        return format!("<invalid {c}>");
    }
    match m.consts.data(c) {
        ConstData::Int(t, v) if *t == Type::I1 => (if v.is_zero() { "false" } else { "true" }).into(),
        ConstData::Int(_, v) => v.to_signed_string(),
        ConstData::Float(_, bits) => format!("0x{bits:X}"),
        ConstData::Null(_) => "null".into(),
        ConstData::Undef(_) => "undef".into(),
        ConstData::Poison(_) => "poison".into(),
        ConstData::Zero(_) => "zeroinitializer".into(),
        ConstData::NoneToken => "none".into(),
        ConstData::Global(_, GlobalRef::Var(g)) => match m.globals.get(*g) {
            Some(gv) => format!("@{}", gv.name),
            None => format!("<invalid {g}>"),
        },
        ConstData::Global(_, GlobalRef::Func(f)) => match m.funcs.get(*f) {
            Some(fv) => format!("@{}", fv.name),
            None => format!("<invalid {f}>"),
        },
        ConstData::Array(..) | ConstData::Struct(..) | ConstData::Vector(..) | ConstData::Bytes(..) => {
            "<aggregate>".into()
        }
        ConstData::Expr { .. } => "<constant expression>".into(),
    }
}

/// An operand label for messages.
pub(super) fn operand_text(m: &Module, f: &Function, v: Value) -> String {
    if v.index() >= f.dfg.num_values() {
        return format!("<invalid {v}>");
    }
    match f.dfg.value_def(v) {
        ValueDef::Const(c) => const_text(m, *c),
        ValueDef::Metadata(_) => "metadata".into(),
        ValueDef::InlineAsm(_) => "asm".into(),
        _ => f.value_label(v),
    }
}

/// The longest instruction text put into an error.
const MAX_INST_TEXT: usize = 160;

/// A short form of an instruction: `%x = add %a, %b`, `br %c, label %t, label %f`, `phi [%a, %bb1], ...`.
pub(super) fn inst_text(m: &Module, f: &Function, i: Inst) -> String {
    if i.index() >= f.dfg.num_insts() {
        return format!("<invalid {i}>");
    }
    let d = f.dfg.inst(i);
    let mut s = String::new();
    if let Some(r) = f.dfg.result(i) {
        s.push_str(&f.value_label(r));
        s.push_str(" = ");
    }
    s.push_str(d.opcode_name());
    match &d.kind {
        InstKind::ICmp(p) => s.push_str(&format!(" {p}")),
        InstKind::FCmp(p) => s.push_str(&format!(" {p}")),
        InstKind::AtomicRmw(op, _) => s.push_str(&format!(" {op}")),
        _ => {}
    }
    let ops = |vs: &[Value]| vs.iter().map(|&v| operand_text(m, f, v)).collect::<Vec<_>>();
    let mut parts: Vec<String> = match &d.kind {
        InstKind::Phi { blocks } => d
            .args
            .iter()
            .enumerate()
            .map(|(k, &v)| {
                let b = blocks.get(k).map(|&b| block_ref(f, b)).unwrap_or_else(|| "?".into());
                format!("[{}, {b}]", operand_text(m, f, v))
            })
            .collect(),
        _ => ops(&d.args),
    };
    match &d.kind {
        InstKind::Br { dest } => parts.push(format!("label {}", block_ref(f, *dest))),
        InstKind::CondBr { then_dest, else_dest } => {
            parts.push(format!("label {}", block_ref(f, *then_dest)));
            parts.push(format!("label {}", block_ref(f, *else_dest)));
        }
        InstKind::Switch { default, cases } => {
            let cs: Vec<String> =
                cases.iter().map(|&(c, b)| format!("{}, label {}", const_text(m, c), block_ref(f, b))).collect();
            parts.push(format!("label {} [{}]", block_ref(f, *default), cs.join("; ")));
        }
        InstKind::ExtractValue { indices } | InstKind::InsertValue { indices } => {
            parts.extend(indices.iter().map(|ix| ix.to_string()));
        }
        // As LLVM prints them: the loaded type first (the message is often about that type).
        InstKind::Load(_) => {
            if let Some(r) = f.dfg.result(i) {
                parts.insert(0, crate::writer::type_to_string(&m.types, f.dfg.value_ty(r)));
            }
        }
        _ => {}
    }
    if !parts.is_empty() {
        s.push(' ');
        s.push_str(&parts.join(", "));
    }
    if s.len() > MAX_INST_TEXT {
        let mut cut = MAX_INST_TEXT;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        s.truncate(cut);
        s.push_str(" ...");
    }
    s
}
