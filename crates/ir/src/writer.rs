//! Prints a [`Module`] as LLVM 19 textual IR that `llvm-as` accepts.
//!
//! The layout follows LLVM's own printer: header lines, module asm, identified struct types, comdats, globals,
//! functions, attribute groups, named metadata and numbered metadata nodes. Unnamed values and blocks are numbered
//! per function in LLVM's order (parameters, then each block's label and unnamed results in layout order); unnamed
//! globals and functions are numbered module-wide. Function and call-site attribute sets are deduplicated into
//! `attributes #N` groups numbered in first-use order (global variables, then function attributes in module order,
//! then call sites). Metadata nodes reachable from the module are renumbered densely in table order; non-distinct
//! `DIExpression`/`DIArgList` nodes are printed inline as LLVM does.
//!
//! Local names that collide (two values or blocks with the same name) are made unique by appending `.N`, so the
//! output always parses even when a pass left duplicate names behind.

mod consts;
#[cfg(test)]
mod tests;

pub use consts::{float_to_string, push_name};

use crate::attrs::{AttrSet, Attribute};
use crate::constant::{ConstId, GlobalRef};
use crate::function::Function;
use crate::inst::{AtomicOrdering, Inst, InstKind, MemFlags, SyncScope, TailKind};
use crate::layout::Block;
use crate::metadata::{MdField, MdId, MdKind, MdNode, MdOperand};
use crate::module::{FuncId, GlobalId, GlobalVar, Linkage, Module, UnnamedAddr, Visibility};
use crate::types::{Type, TypeStore};
use crate::value::{Value, ValueDef};
use consts::{push_flags, push_gep_flags, push_md_ident, push_quoted, write_type};
use rustc_hash::{FxHashMap, FxHashSet};

/// Prints a whole module.
pub fn write_module(m: &Module) -> String {
    let ctx = Ctx::new(m, None);
    let mut out = String::new();
    ctx.write_module(&mut out);
    out
}

/// Prints one function (`define` with its body, or `declare`) exactly as it appears inside [`write_module`].
pub fn write_function(m: &Module, f: FuncId) -> String {
    let ctx = Ctx::new(m, Some(f));
    let mut out = String::new();
    ctx.write_function(&mut out, f);
    out
}

/// Prints a type (`i32`, `ptr addrspace(3)`, `%struct.S`, `{ i32, float }`, `i32 (i32, ...)`).
pub fn type_to_string(types: &TypeStore, t: Type) -> String {
    let mut out = String::new();
    write_type(&mut out, types, t);
    out
}

/// Prints a constant without its type (`42`, `true`, `1.000000e+00`, `[i32 1, i32 2]`, `@g`,
/// `getelementptr inbounds (i8, ptr @g, i64 4)`).
pub fn const_to_string(m: &Module, c: ConstId) -> String {
    let ctx = Ctx::slots_only(m);
    let mut out = String::new();
    ctx.write_const(&mut out, c);
    out
}

/// Prints a constant with its type (`i32 42`, `ptr @g`).
pub fn typed_const_to_string(m: &Module, c: ConstId) -> String {
    let ctx = Ctx::slots_only(m);
    let mut out = String::new();
    ctx.write_typed_const(&mut out, c);
    out
}

/// Prints one instruction of function `f` (without indentation), numbered as in [`write_function`]. Meant for
/// diagnostics: it recomputes the module numbering, so it costs O(module) per call.
pub fn inst_to_string(m: &Module, f: FuncId, i: Inst) -> String {
    let ctx = Ctx::new(m, Some(f));
    let func = &m.funcs[f];
    let names = ctx.local_names(func);
    let mut out = String::new();
    ctx.write_inst(&mut out, func, &names, i);
    out
}

/// Prints an attribute as it appears in a parameter or return position (`noundef`, `align 8`,
/// `byval(%struct.S)`, `range(i32 0, 1024)`, `"key"="value"`).
pub fn attr_to_string(types: &TypeStore, a: &Attribute) -> String {
    let mut out = String::new();
    push_attr(&mut out, types, a, false);
    out
}

const NO_SLOT: u32 = u32::MAX;

/// Module-wide numbering shared by everything the writer prints.
pub(crate) struct Ctx<'m> {
    m: &'m Module,
    /// Numbers of unnamed global variables.
    gslots: FxHashMap<GlobalId, u32>,
    /// Numbers of unnamed functions.
    fslots: FxHashMap<FuncId, u32>,
    /// Attribute group numbers.
    groups: FxHashMap<&'m AttrSet, u32>,
    /// Attribute groups in number order.
    group_list: Vec<&'m AttrSet>,
    /// Printed number of each metadata node (`NO_SLOT` when unreachable or printed inline).
    md_num: Vec<u32>,
    /// Nodes printed inline at every use.
    md_inline: Vec<bool>,
    /// The text of each floating-point constant printed so far.
    float_text: std::cell::RefCell<FxHashMap<ConstId, Box<str>>>,
}

/// The printed names (without `%`) of one function's values and blocks: byte ranges of one buffer, so naming a
/// function costs no allocation per value.
struct LocalNames {
    buf: String,
    values: Vec<NameRange>,
    blocks: Vec<NameRange>,
}

/// `start..end` in [`LocalNames::buf`]; `NO_NAME` when the value or block has no printed name.
#[derive(Copy, Clone)]
struct NameRange(u32, u32);

const NO_NAME: NameRange = NameRange(u32::MAX, 0);

impl LocalNames {
    #[inline]
    fn get(&self, r: Option<&NameRange>) -> &str {
        match r {
            Some(&NameRange(s, e)) if s != u32::MAX => &self.buf[s as usize..e as usize],
            _ => "<badref>",
        }
    }
    #[inline]
    fn value(&self, v: Value) -> &str {
        self.get(self.values.get(v.as_u32() as usize))
    }
    #[inline]
    fn block(&self, b: Block) -> &str {
        self.get(self.blocks.get(b.as_u32() as usize))
    }
}

fn push_num(out: &mut String, n: impl std::fmt::Display) {
    use std::fmt::Write;
    let _ = write!(out, "{n}");
}

/// Pushes an unsigned decimal number without going through `fmt`.
#[inline]
pub fn push_u64(out: &mut String, mut n: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &c in &buf[i..] {
        out.push(c as char);
    }
}

fn linkage_word(l: Linkage) -> &'static str {
    l.name()
}

fn ordering_word(o: Option<AtomicOrdering>) -> Option<&'static str> {
    match o {
        Some(o) if o != AtomicOrdering::NotAtomic => Some(o.name()),
        _ => None,
    }
}

fn push_scope(out: &mut String, s: &SyncScope) {
    if let SyncScope::Named(n) = s {
        out.push_str(" syncscope(");
        push_quoted(out, n.as_bytes());
        out.push(')');
    }
}

/// Pushes one attribute; `in_group` selects the `attributes #N = { ... }` spelling (`alignstack=16`).
fn push_attr(out: &mut String, types: &TypeStore, a: &Attribute, in_group: bool) {
    match a {
        Attribute::Flag(k) => out.push_str(k),
        Attribute::Int(k, v) => match (&**k, in_group) {
            ("align" | "alignstack", true) => {
                out.push_str(k);
                out.push('=');
                push_num(out, v);
            }
            ("align", false) => {
                out.push_str("align ");
                push_num(out, v);
            }
            ("uwtable", _) => out.push_str(if *v == 1 { "uwtable(sync)" } else { "uwtable" }),
            _ => {
                out.push_str(k);
                out.push('(');
                push_num(out, v);
                out.push(')');
            }
        },
        Attribute::Type(k, t) => {
            out.push_str(k);
            out.push('(');
            write_type(out, types, *t);
            out.push(')');
        }
        Attribute::Range(t, lo, hi) => {
            out.push_str("range(");
            write_type(out, types, *t);
            out.push(' ');
            out.push_str(&lo.to_signed_string());
            out.push_str(", ");
            out.push_str(&hi.to_signed_string());
            out.push(')');
        }
        Attribute::Str(k, v) => {
            push_quoted(out, k.as_bytes());
            if let Some(v) = v {
                out.push('=');
                push_quoted(out, v.as_bytes());
            }
        }
        Attribute::Raw(t) => out.push_str(t),
    }
}

/// Pushes ` a b c` (each attribute preceded by a space).
fn push_attr_list(out: &mut String, types: &TypeStore, set: &AttrSet) {
    for a in &set.0 {
        out.push(' ');
        push_attr(out, types, a, false);
    }
}

impl<'m> Ctx<'m> {
    /// Numbers unnamed globals and functions only (enough to print types and constants).
    fn slots_only(m: &'m Module) -> Self {
        let mut gslots = FxHashMap::default();
        let mut fslots = FxHashMap::default();
        let mut n = 0u32;
        for g in m.global_ids() {
            if m.globals[g].name.is_empty() {
                gslots.insert(g, n);
                n += 1;
            }
        }
        for f in m.func_ids() {
            if m.funcs[f].name.is_empty() {
                fslots.insert(f, n);
                n += 1;
            }
        }
        Ctx {
            m,
            gslots,
            fslots,
            groups: FxHashMap::default(),
            group_list: Vec::new(),
            md_num: Vec::new(),
            md_inline: Vec::new(),
            float_text: Default::default(),
        }
    }

    /// Full numbering; `extra` is a function printed on its own that may be missing from the module order.
    fn new(m: &'m Module, extra: Option<FuncId>) -> Self {
        let mut ctx = Ctx::slots_only(m);
        let mut funcs: Vec<FuncId> = m.func_ids().collect();
        if let Some(f) = extra {
            if !funcs.contains(&f) {
                funcs.push(f);
            }
        }
        // Attribute groups: globals, then function attributes, then call sites.
        for g in m.global_ids() {
            ctx.add_group(&m.globals[g].attrs);
        }
        for &f in &funcs {
            ctx.add_group(&m.funcs[f].attrs);
        }
        for &f in &funcs {
            let func = &m.funcs[f];
            for b in func.layout.blocks() {
                for i in func.layout.block_insts(b) {
                    if let InstKind::Call(cd) = &func.dfg.inst(i).kind {
                        ctx.add_group(&cd.attrs.func);
                    }
                }
            }
        }
        ctx.number_metadata(&funcs);
        ctx
    }

    fn add_group(&mut self, set: &'m AttrSet) {
        if !set.is_empty() && !self.groups.contains_key(set) {
            self.groups.insert(set, self.group_list.len() as u32);
            self.group_list.push(set);
        }
    }

    fn number_metadata(&mut self, funcs: &[FuncId]) {
        let md = &self.m.metadata;
        let n = md.len();
        let mut reached = vec![false; n];
        let mut stack: Vec<MdId> = Vec::new();
        let root = |id: MdId, stack: &mut Vec<MdId>| {
            if id.as_u32() as usize >= n {
                return;
            }
            stack.push(id);
        };
        for (_, ids) in &md.named {
            for &id in ids {
                root(id, &mut stack);
            }
        }
        for g in self.m.global_ids() {
            for &(_, id) in &self.m.globals[g].md {
                root(id, &mut stack);
            }
        }
        for &f in funcs {
            let func = &self.m.funcs[f];
            for &(_, id) in &func.md {
                root(id, &mut stack);
            }
            for b in func.layout.blocks() {
                for i in func.layout.block_insts(b) {
                    for &(_, id) in func.dfg.inst_md(i) {
                        root(id, &mut stack);
                    }
                    for &a in func.dfg.args(i) {
                        if let ValueDef::Metadata(MdOperand::Node(id)) = func.dfg.value_def(a) {
                            root(*id, &mut stack);
                        }
                    }
                }
            }
        }
        while let Some(id) = stack.pop() {
            let i = id.as_u32() as usize;
            if i >= n || reached[i] {
                continue;
            }
            reached[i] = true;
            stack.extend(md.references(id));
        }
        self.md_inline = md
            .iter()
            .map(|(_, node)| match node {
                MdNode::Special { distinct: false, kind, fields } => {
                    matches!(kind.as_str(), "DIExpression" | "DIArgList")
                        && !fields.iter().any(|(_, f)| matches!(f, MdField::Ref(MdOperand::Node(_))))
                }
                _ => false,
            })
            .collect();
        let mut next = 0u32;
        self.md_num = (0..n)
            .map(|i| {
                if reached[i] && !self.md_inline[i] {
                    next += 1;
                    next - 1
                } else {
                    NO_SLOT
                }
            })
            .collect();
    }

    // ----- module -----

    fn write_module(&self, out: &mut String) {
        let m = self.m;
        let mut header = false;
        if let Some(s) = &m.source_filename {
            out.push_str("source_filename = ");
            push_quoted(out, s.as_bytes());
            out.push('\n');
            header = true;
        }
        if let Some(s) = &m.datalayout {
            out.push_str("target datalayout = ");
            push_quoted(out, s.as_bytes());
            out.push('\n');
            header = true;
        }
        if let Some(s) = &m.triple {
            out.push_str("target triple = ");
            push_quoted(out, s.as_bytes());
            out.push('\n');
            header = true;
        }
        let mut section = |out: &mut String, nonempty: bool| {
            if nonempty && header {
                out.push('\n');
            }
            header |= nonempty;
        };
        section(out, !m.module_asm.is_empty());
        for l in &m.module_asm {
            out.push_str("module asm ");
            push_quoted(out, l.as_bytes());
            out.push('\n');
        }
        let structs: Vec<_> = m.types.named_structs().collect();
        section(out, !structs.is_empty());
        for (t, s) in structs {
            write_type(out, &m.types, t);
            out.push_str(" = type ");
            consts::write_struct_body(out, &m.types, s.body.as_deref(), s.packed);
            out.push('\n');
        }
        section(out, !m.comdats.is_empty());
        for (i, (name, kind)) in m.comdats.iter().enumerate() {
            // LLVM separates comdats by blank lines.
            if i > 0 {
                out.push('\n');
            }
            out.push('$');
            push_name(out, name.strip_prefix('$').unwrap_or(name));
            out.push_str(" = comdat ");
            out.push_str(kind);
            out.push('\n');
        }
        section(out, !m.global_order.is_empty());
        for g in m.global_ids() {
            self.write_global(out, g);
            out.push('\n');
        }
        for f in m.func_ids() {
            section(out, true);
            self.write_function(out, f);
        }
        section(out, !self.group_list.is_empty());
        for (i, set) in self.group_list.iter().enumerate() {
            out.push_str("attributes #");
            push_num(out, i);
            out.push_str(" = {");
            for a in &set.0 {
                out.push(' ');
                push_attr(out, &m.types, a, true);
            }
            out.push_str(" }\n");
        }
        section(out, !m.metadata.named.is_empty());
        for (name, ids) in &m.metadata.named {
            out.push('!');
            push_md_ident(out, name);
            out.push_str(" = !{");
            for (i, &id) in ids.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                self.write_md_ref(out, id);
            }
            out.push_str("}\n");
        }
        section(out, self.md_num.iter().any(|&n| n != NO_SLOT));
        for (id, _) in m.metadata.iter() {
            let n = self.md_num[id.as_u32() as usize];
            if n != NO_SLOT {
                out.push('!');
                push_num(out, n);
                out.push_str(" = ");
                self.write_md_body(out, id);
                out.push('\n');
            }
        }
    }

    fn write_global(&self, out: &mut String, g: GlobalId) {
        let gv: &GlobalVar = &self.m.globals[g];
        self.push_global_ref(out, GlobalRef::Var(g));
        out.push_str(" = ");
        if gv.linkage != Linkage::External || gv.init.is_none() {
            out.push_str(linkage_word(gv.linkage));
            out.push(' ');
        }
        if gv.dso_local {
            out.push_str("dso_local ");
        }
        push_visibility(out, gv.visibility);
        if let Some(tl) = &gv.thread_local {
            if tl.starts_with("thread_local") {
                out.push_str(tl);
            } else {
                out.push_str("thread_local(");
                out.push_str(tl);
                out.push(')');
            }
            out.push(' ');
        }
        push_unnamed_addr(out, gv.unnamed_addr);
        if gv.addrspace != 0 {
            out.push_str("addrspace(");
            push_num(out, gv.addrspace);
            out.push_str(") ");
        }
        if gv.externally_initialized {
            out.push_str("externally_initialized ");
        }
        out.push_str(if gv.is_constant { "constant " } else { "global " });
        write_type(out, &self.m.types, gv.ty);
        if let Some(c) = gv.init {
            out.push(' ');
            self.write_const(out, c);
        }
        if let Some(s) = &gv.section {
            out.push_str(", section ");
            push_quoted(out, s.as_bytes());
        }
        if let Some(c) = &gv.comdat {
            out.push_str(", ");
            push_comdat(out, c);
        }
        if let Some(a) = gv.align {
            out.push_str(", align ");
            push_num(out, a);
        }
        for &(k, id) in &gv.md {
            out.push_str(", ");
            self.push_attachment(out, k, id);
        }
        self.push_group_ref(out, &gv.attrs);
    }

    fn push_group_ref(&self, out: &mut String, set: &AttrSet) {
        if set.is_empty() {
            return;
        }
        match self.groups.get(set) {
            Some(n) => {
                out.push_str(" #");
                push_num(out, n);
            }
            // Not registered (cannot happen for module items); print inline.
            None => push_attr_list(out, &self.m.types, set),
        }
    }

    fn push_attachment(&self, out: &mut String, k: MdKind, id: MdId) {
        out.push('!');
        push_md_ident(out, self.m.metadata.kind_name(k));
        out.push(' ');
        self.write_md_ref(out, id);
    }

    // ----- metadata -----

    fn write_md_ref(&self, out: &mut String, id: MdId) {
        let i = id.as_u32() as usize;
        if i < self.md_inline.len() && self.md_inline[i] {
            self.write_md_body(out, id);
            return;
        }
        out.push('!');
        match self.md_num.get(i) {
            Some(&n) if n != NO_SLOT => push_num(out, n),
            // A node not reachable from the module (only when printing a lone function of another module state).
            _ => push_num(out, i),
        }
    }

    fn write_md_operand(&self, out: &mut String, op: &MdOperand) {
        match op {
            MdOperand::Null => out.push_str("null"),
            MdOperand::Node(id) => self.write_md_ref(out, *id),
            MdOperand::String(s) => {
                out.push('!');
                push_quoted(out, s);
            }
            MdOperand::Value(c) => self.write_typed_const(out, *c),
        }
    }

    fn write_md_body(&self, out: &mut String, id: MdId) {
        if id.as_u32() as usize >= self.m.metadata.len() {
            out.push_str("!{}");
            return;
        }
        match self.m.metadata.node(id) {
            MdNode::Tuple { distinct, ops } => {
                if *distinct {
                    out.push_str("distinct ");
                }
                out.push_str("!{");
                for (i, op) in ops.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_md_operand(out, op);
                }
                out.push('}');
            }
            MdNode::Special { distinct, kind, fields } => {
                if *distinct {
                    out.push_str("distinct ");
                }
                out.push('!');
                out.push_str(kind);
                out.push('(');
                for (i, (label, f)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    if let Some(l) = label {
                        out.push_str(l);
                        out.push_str(": ");
                    }
                    match f {
                        MdField::Raw(s) => out.push_str(s),
                        MdField::Str(s) => push_quoted(out, s),
                        MdField::Ref(op) => self.write_md_operand(out, op),
                    }
                }
                out.push(')');
            }
        }
    }

    // ----- functions -----

    fn local_names<'f>(&self, f: &'f Function) -> LocalNames {
        let mut names = LocalNames {
            buf: String::with_capacity(f.dfg.num_values() * 6),
            values: vec![NO_NAME; f.dfg.num_values()],
            blocks: vec![NO_NAME; f.dfg.num_blocks()],
        };
        // Names taken so far: borrowed from the function unless a `.N` suffix had to be added.
        let mut used: FxHashSet<std::borrow::Cow<'f, str>> = FxHashSet::default();
        used.reserve(f.dfg.num_values() + f.dfg.num_blocks());
        let mut next = 0u64;
        let mut name_of = |buf: &mut String, n: Option<&'f str>| -> NameRange {
            let start = buf.len() as u32;
            match n {
                Some(n) if !n.is_empty() => {
                    if used.insert(std::borrow::Cow::Borrowed(n)) {
                        push_name(buf, n);
                    } else {
                        let mut k = 0u32;
                        let cand = loop {
                            k += 1;
                            let cand = format!("{n}.{k}");
                            if !used.contains(cand.as_str()) {
                                break cand;
                            }
                        };
                        push_name(buf, &cand);
                        used.insert(std::borrow::Cow::Owned(cand));
                    }
                }
                _ => {
                    push_u64(buf, next);
                    next += 1;
                }
            }
            NameRange(start, buf.len() as u32)
        };
        for &p in &f.params {
            names.values[p.as_u32() as usize] = name_of(&mut names.buf, f.dfg.value_name(p));
        }
        for b in f.layout.blocks() {
            names.blocks[b.as_u32() as usize] = name_of(&mut names.buf, f.dfg.block_name(b));
            for i in f.layout.block_insts(b) {
                if let Some(v) = f.dfg.result(i) {
                    names.values[v.as_u32() as usize] = name_of(&mut names.buf, f.dfg.value_name(v));
                }
            }
        }
        names
    }

    fn write_function(&self, out: &mut String, fid: FuncId) {
        let m = self.m;
        let f = &m.funcs[fid];
        let types = &m.types;
        let decl = f.is_declaration();
        let names = if decl { None } else { Some(self.local_names(f)) };
        if decl {
            out.push_str("declare");
            for &(k, id) in &f.md {
                out.push(' ');
                self.push_attachment(out, k, id);
            }
            out.push(' ');
            if f.linkage != Linkage::External {
                out.push_str(linkage_word(f.linkage));
                out.push(' ');
            }
        } else {
            out.push_str("define ");
            if f.linkage != Linkage::External {
                out.push_str(linkage_word(f.linkage));
                out.push(' ');
            }
        }
        if f.dso_local {
            out.push_str("dso_local ");
        }
        push_visibility(out, f.visibility);
        if let Some(cc) = f.cc.spelling() {
            out.push_str(&cc);
            out.push(' ');
        }
        for a in &f.ret_attrs.0 {
            push_attr(out, types, a, false);
            out.push(' ');
        }
        let (ret, ptys, vararg) = match types.func_parts(f.ty) {
            Some((r, p, v)) => (r, p.to_vec(), v),
            None => (Type::VOID, Vec::new(), false),
        };
        write_type(out, types, ret);
        out.push(' ');
        self.push_global_ref(out, GlobalRef::Func(fid));
        out.push('(');
        let nparams = ptys.len().max(f.params.len());
        for i in 0..nparams {
            if i > 0 {
                out.push_str(", ");
            }
            let pv = f.params.get(i).copied();
            let ty = ptys.get(i).copied().or_else(|| pv.map(|v| f.dfg.value_ty(v))).unwrap_or(Type::VOID);
            write_type(out, types, ty);
            if let Some(set) = f.param_attrs.get(i) {
                push_attr_list(out, types, set);
            }
            if let (Some(names), Some(v)) = (&names, pv) {
                out.push_str(" %");
                out.push_str(names.value(v));
            }
        }
        if vararg {
            out.push_str(if nparams == 0 { "..." } else { ", ..." });
        }
        out.push(')');
        match f.unnamed_addr {
            UnnamedAddr::None => {}
            UnnamedAddr::Local => out.push_str(" local_unnamed_addr"),
            UnnamedAddr::Global => out.push_str(" unnamed_addr"),
        }
        if let Some(a) = f.addrspace {
            out.push_str(" addrspace(");
            push_num(out, a);
            out.push(')');
        }
        self.push_group_ref(out, &f.attrs);
        if let Some(s) = &f.section {
            out.push_str(" section ");
            push_quoted(out, s.as_bytes());
        }
        if let Some(c) = &f.comdat {
            out.push(' ');
            out.push_str(c);
        }
        if let Some(a) = f.align {
            out.push_str(" align ");
            push_num(out, a);
        }
        if let Some(g) = &f.gc {
            out.push_str(" gc ");
            push_quoted(out, g.as_bytes());
        }
        let Some(names) = names else {
            out.push('\n');
            return;
        };
        for &(k, id) in &f.md {
            out.push(' ');
            self.push_attachment(out, k, id);
        }
        out.push_str(" {\n");
        let entry = f.layout.entry_block();
        for b in f.layout.blocks() {
            if Some(b) != entry || f.dfg.block_name(b).is_some_and(|n| !n.is_empty()) {
                if Some(b) != entry {
                    out.push('\n');
                }
                out.push_str(names.block(b));
                out.push_str(":\n");
            }
            for i in f.layout.block_insts(b) {
                out.push_str("  ");
                self.write_inst(out, f, &names, i);
                out.push('\n');
            }
        }
        out.push_str("}\n");
    }

    fn push_block(&self, out: &mut String, names: &LocalNames, b: Block) {
        out.push_str("label %");
        out.push_str(names.block(b));
    }

    /// Pushes an operand without its type.
    fn push_value(&self, out: &mut String, f: &Function, names: &LocalNames, v: Value) {
        match f.dfg.value_def(v) {
            ValueDef::Inst(_) | ValueDef::Arg(_) | ValueDef::Placeholder => {
                out.push('%');
                out.push_str(names.value(v));
            }
            ValueDef::Const(c) => self.write_const(out, *c),
            ValueDef::Metadata(op) => self.write_md_operand(out, op),
            ValueDef::InlineAsm(a) => {
                out.push_str("asm ");
                if a.side_effect {
                    out.push_str("sideeffect ");
                }
                if a.align_stack {
                    out.push_str("alignstack ");
                }
                if a.intel_dialect {
                    out.push_str("inteldialect ");
                }
                if a.can_throw {
                    out.push_str("unwind ");
                }
                push_quoted(out, a.asm.as_bytes());
                out.push_str(", ");
                push_quoted(out, a.constraints.as_bytes());
            }
        }
    }

    /// Pushes `ty operand`.
    fn push_typed(&self, out: &mut String, f: &Function, names: &LocalNames, v: Value) {
        write_type(out, &self.m.types, f.dfg.value_ty(v));
        out.push(' ');
        self.push_value(out, f, names, v);
    }

    fn push_typed_list(&self, out: &mut String, f: &Function, names: &LocalNames, vs: &[Value]) {
        for (i, &v) in vs.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.push_typed(out, f, names, v);
        }
    }

    fn write_inst(&self, out: &mut String, f: &Function, names: &LocalNames, i: Inst) {
        let types = &self.m.types;
        let d = f.dfg.inst(i);
        let args = &d.args[..];
        let arg = |k: usize| args.get(k).copied();
        if let Some(v) = f.dfg.result(i) {
            out.push('%');
            out.push_str(names.value(v));
            out.push_str(" = ");
        }
        let typed = |out: &mut String, k: usize| match arg(k) {
            Some(v) => self.push_typed(out, f, names, v),
            None => out.push_str("<missing operand>"),
        };
        match &d.kind {
            InstKind::Binary(op) => {
                out.push_str(op.name());
                push_flags(out, d.flags);
                out.push(' ');
                typed(out, 0);
                out.push_str(", ");
                if let Some(v) = arg(1) {
                    self.push_value(out, f, names, v);
                }
            }
            InstKind::FNeg | InstKind::Freeze => {
                out.push_str(d.opcode_name());
                push_flags(out, d.flags);
                out.push(' ');
                typed(out, 0);
            }
            InstKind::ICmp(_) | InstKind::FCmp(_) => {
                out.push_str(d.opcode_name());
                push_flags(out, d.flags);
                out.push(' ');
                out.push_str(match &d.kind {
                    InstKind::ICmp(p) => p.name(),
                    InstKind::FCmp(p) => p.name(),
                    _ => "",
                });
                out.push(' ');
                typed(out, 0);
                out.push_str(", ");
                if let Some(v) = arg(1) {
                    self.push_value(out, f, names, v);
                }
            }
            InstKind::Cast(op) => {
                out.push_str(op.name());
                push_flags(out, d.flags);
                out.push(' ');
                typed(out, 0);
                out.push_str(" to ");
                write_type(out, types, d.ty);
            }
            InstKind::Select => {
                out.push_str("select");
                push_flags(out, d.flags);
                out.push(' ');
                self.push_typed_list(out, f, names, args);
            }
            InstKind::Phi { blocks } => {
                out.push_str("phi");
                push_flags(out, d.flags);
                out.push(' ');
                write_type(out, types, d.ty);
                for (k, (&v, &b)) in args.iter().zip(blocks.iter()).enumerate() {
                    out.push_str(if k == 0 { " [ " } else { ", [ " });
                    self.push_value(out, f, names, v);
                    out.push_str(", %");
                    out.push_str(names.block(b));
                    out.push_str(" ]");
                }
            }
            InstKind::Alloca { elem_ty, explicit_count, align, addrspace } => {
                out.push_str("alloca ");
                write_type(out, types, *elem_ty);
                if *explicit_count && !args.is_empty() {
                    out.push_str(", ");
                    typed(out, 0);
                }
                if let Some(a) = align {
                    out.push_str(", align ");
                    push_num(out, a);
                }
                if *addrspace != 0 {
                    out.push_str(", addrspace(");
                    push_num(out, addrspace);
                    out.push(')');
                }
            }
            InstKind::Load(mem) => {
                out.push_str("load ");
                let ord = ordering_word(mem.ordering);
                if ord.is_some() {
                    out.push_str("atomic ");
                }
                if mem.volatile {
                    out.push_str("volatile ");
                }
                write_type(out, types, d.ty);
                out.push_str(", ");
                typed(out, 0);
                push_mem_tail(out, mem, ord);
            }
            InstKind::Store(mem) => {
                out.push_str("store ");
                let ord = ordering_word(mem.ordering);
                if ord.is_some() {
                    out.push_str("atomic ");
                }
                if mem.volatile {
                    out.push_str("volatile ");
                }
                typed(out, 0);
                out.push_str(", ");
                typed(out, 1);
                push_mem_tail(out, mem, ord);
            }
            InstKind::Gep { source_ty } => {
                out.push_str("getelementptr");
                push_gep_flags(out, d.flags);
                out.push(' ');
                write_type(out, types, *source_ty);
                for &v in args {
                    out.push_str(", ");
                    self.push_typed(out, f, names, v);
                }
            }
            InstKind::Call(cd) => {
                match cd.tail {
                    TailKind::None => {}
                    TailKind::Tail => out.push_str("tail "),
                    TailKind::MustTail => out.push_str("musttail "),
                    TailKind::NoTail => out.push_str("notail "),
                }
                out.push_str("call");
                push_flags(out, d.flags);
                if let Some(cc) = cd.cc.spelling() {
                    out.push(' ');
                    out.push_str(&cc);
                }
                push_attr_list(out, types, &cd.attrs.ret);
                out.push(' ');
                match types.func_parts(cd.fn_ty) {
                    Some((_, _, true)) | None => write_type(out, types, cd.fn_ty),
                    Some((ret, _, false)) => write_type(out, types, ret),
                }
                out.push(' ');
                if let Some(c) = arg(0) {
                    self.push_value(out, f, names, c);
                }
                out.push('(');
                let ptys = types.func_parts(cd.fn_ty).map(|p| p.1).unwrap_or(&[]);
                for (k, &v) in d.call_args().iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    let vty = f.dfg.value_ty(v);
                    // A plain value passed to a `metadata` parameter is wrapped: `metadata ptr %p`.
                    if ptys.get(k).is_some_and(|&p| p == Type::METADATA) && vty != Type::METADATA {
                        out.push_str("metadata ");
                    }
                    write_type(out, types, vty);
                    if let Some(set) = cd.attrs.params.get(k) {
                        push_attr_list(out, types, set);
                    }
                    out.push(' ');
                    self.push_value(out, f, names, v);
                }
                out.push(')');
                self.push_group_ref(out, &cd.attrs.func);
                if !cd.bundles.is_empty() {
                    out.push_str(" [ ");
                    for (k, b) in cd.bundles.iter().enumerate() {
                        if k > 0 {
                            out.push_str(", ");
                        }
                        push_quoted(out, b.tag.as_bytes());
                        out.push('(');
                        self.push_typed_list(out, f, names, d.bundle_args(k));
                        out.push(')');
                    }
                    out.push_str(" ]");
                }
            }
            InstKind::AtomicRmw(op, mem) => {
                out.push_str("atomicrmw ");
                if mem.volatile {
                    out.push_str("volatile ");
                }
                out.push_str(op.name());
                out.push(' ');
                typed(out, 0);
                out.push_str(", ");
                typed(out, 1);
                push_mem_tail(out, mem, ordering_word(mem.ordering).or(Some("monotonic")));
            }
            InstKind::CmpXchg { mem, failure, weak } => {
                out.push_str("cmpxchg ");
                if *weak {
                    out.push_str("weak ");
                }
                if mem.volatile {
                    out.push_str("volatile ");
                }
                typed(out, 0);
                out.push_str(", ");
                typed(out, 1);
                out.push_str(", ");
                typed(out, 2);
                push_scope(out, &mem.scope);
                out.push(' ');
                out.push_str(ordering_word(mem.ordering).unwrap_or("monotonic"));
                out.push(' ');
                out.push_str(ordering_word(Some(*failure)).unwrap_or("monotonic"));
                if let Some(a) = mem.align {
                    out.push_str(", align ");
                    push_num(out, a);
                }
            }
            InstKind::Fence(mem) => {
                out.push_str("fence");
                push_scope(out, &mem.scope);
                out.push(' ');
                out.push_str(ordering_word(mem.ordering).unwrap_or("seq_cst"));
            }
            InstKind::ExtractElement | InstKind::InsertElement => {
                out.push_str(d.opcode_name());
                out.push(' ');
                self.push_typed_list(out, f, names, args);
            }
            InstKind::ShuffleVector { mask } => {
                out.push_str("shufflevector ");
                self.push_typed_list(out, f, names, args);
                out.push_str(", <");
                push_num(out, mask.len());
                out.push_str(" x i32> ");
                if mask.iter().all(|&x| x == 0) && !mask.is_empty() {
                    out.push_str("zeroinitializer");
                } else if mask.iter().all(|&x| x < 0) && !mask.is_empty() {
                    out.push_str("poison");
                } else {
                    out.push('<');
                    for (k, &x) in mask.iter().enumerate() {
                        if k > 0 {
                            out.push_str(", ");
                        }
                        out.push_str("i32 ");
                        if x < 0 {
                            out.push_str("poison");
                        } else {
                            push_num(out, x);
                        }
                    }
                    out.push('>');
                }
            }
            InstKind::ExtractValue { indices } | InstKind::InsertValue { indices } => {
                out.push_str(d.opcode_name());
                out.push(' ');
                self.push_typed_list(out, f, names, args);
                for x in indices {
                    out.push_str(", ");
                    push_num(out, x);
                }
            }
            InstKind::Br { dest } => {
                out.push_str("br ");
                self.push_block(out, names, *dest);
            }
            InstKind::CondBr { then_dest, else_dest } => {
                out.push_str("br ");
                typed(out, 0);
                out.push_str(", ");
                self.push_block(out, names, *then_dest);
                out.push_str(", ");
                self.push_block(out, names, *else_dest);
            }
            InstKind::Switch { default, cases } => {
                out.push_str("switch ");
                typed(out, 0);
                out.push_str(", ");
                self.push_block(out, names, *default);
                out.push_str(" [\n");
                for &(c, b) in cases {
                    out.push_str("    ");
                    self.write_typed_const(out, c);
                    out.push_str(", ");
                    self.push_block(out, names, b);
                    out.push('\n');
                }
                out.push_str("  ]");
            }
            InstKind::Ret => {
                out.push_str("ret ");
                if args.is_empty() {
                    out.push_str("void");
                } else {
                    typed(out, 0);
                }
            }
            InstKind::Unreachable => out.push_str("unreachable"),
        }
        for &(k, id) in f.dfg.inst_md(i) {
            out.push_str(", ");
            self.push_attachment(out, k, id);
        }
    }
}

/// Pushes `[syncscope("s")] ordering` for atomics, then `, align N`.
fn push_mem_tail(out: &mut String, mem: &MemFlags, ord: Option<&str>) {
    if let Some(o) = ord {
        push_scope(out, &mem.scope);
        out.push(' ');
        out.push_str(o);
    }
    if let Some(a) = mem.align {
        out.push_str(", align ");
        push_u64(out, a);
    }
}

fn push_visibility(out: &mut String, v: Visibility) {
    match v {
        Visibility::Default => {}
        Visibility::Hidden => out.push_str("hidden "),
        Visibility::Protected => out.push_str("protected "),
    }
}

fn push_unnamed_addr(out: &mut String, u: UnnamedAddr) {
    match u {
        UnnamedAddr::None => {}
        UnnamedAddr::Local => out.push_str("local_unnamed_addr "),
        UnnamedAddr::Global => out.push_str("unnamed_addr "),
    }
}

fn push_comdat(out: &mut String, c: &str) {
    if c.starts_with("comdat") {
        out.push_str(c);
    } else {
        out.push_str("comdat($");
        push_name(out, c.strip_prefix('$').unwrap_or(c));
        out.push(')');
    }
}
