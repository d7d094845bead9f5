//! Structural equality of two modules whose internal ids may differ.
//!
//! Types, constants and metadata live in per-module interners, so two modules read from the same text (or a module
//! and its written-and-reread copy) generally use different ids for the same things. [`modules_equal`] compares
//! them structurally: types across the two type stores (identified structs by name and body), constants and
//! metadata nodes recursively (with memo sets, which also make cyclic metadata and recursive struct types
//! terminate), globals and functions in module order, and function bodies up to renaming: blocks and values are
//! matched positionally (parameters, then instruction results in layout order) and every operand, block target and
//! attachment must correspond. Names of values and blocks must be equal too.

use crate::attrs::{AttrSet, Attribute};
use crate::constant::{ConstData, ConstExprOp, ConstId, GlobalRef};
use crate::function::Function;
use crate::inst::{Flags, Inst, InstKind};
use crate::layout::Block;
use crate::metadata::{MdField, MdId, MdKind, MdNode, MdOperand};
use crate::module::{FuncId, GlobalId, Module};
use crate::types::{Type, TypeData};
use crate::value::{Value, ValueDef};
use crate::writer::{const_to_string, inst_to_string, type_to_string};
use rustc_hash::{FxHashMap, FxHashSet};

/// Checks that `a` and `b` are structurally equal; on the first difference returns a description naming the
/// global, function, block and instruction where it was found.
pub fn modules_equal(a: &Module, b: &Module) -> Result<(), String> {
    Cmp::new(a, b).modules()
}

type R = Result<(), String>;

macro_rules! ensure {
    ($cond:expr, $($fmt:tt)*) => {
        if !$cond {
            return Err(format!($($fmt)*));
        }
    };
}

/// Compares two plain fields, naming them on a difference.
fn same<T: PartialEq + std::fmt::Debug>(what: &str, x: &T, y: &T) -> R {
    ensure!(x == y, "{what} differs: {x:?} vs {y:?}");
    Ok(())
}

struct Cmp<'a> {
    a: &'a Module,
    b: &'a Module,
    /// Type pairs known (or, while their bodies are being compared, assumed) equal.
    types: FxHashSet<(Type, Type)>,
    /// Constant pairs known equal.
    consts: FxHashSet<(ConstId, ConstId)>,
    /// Metadata pairs known or assumed equal (assumption first, so cycles terminate).
    md: FxHashSet<(MdId, MdId)>,
    gpos_a: FxHashMap<GlobalId, usize>,
    gpos_b: FxHashMap<GlobalId, usize>,
    fpos_a: FxHashMap<FuncId, usize>,
    fpos_b: FxHashMap<FuncId, usize>,
}

/// Positional correspondence inside one pair of functions.
#[derive(Default)]
struct BodyMap {
    blocks: FxHashMap<Block, Block>,
    values: FxHashMap<Value, Value>,
}

impl<'a> Cmp<'a> {
    fn new(a: &'a Module, b: &'a Module) -> Self {
        let pos_g = |m: &Module| m.global_ids().enumerate().map(|(i, g)| (g, i)).collect();
        let pos_f = |m: &Module| m.func_ids().enumerate().map(|(i, f)| (f, i)).collect();
        Cmp {
            a,
            b,
            types: FxHashSet::default(),
            consts: FxHashSet::default(),
            md: FxHashSet::default(),
            gpos_a: pos_g(a),
            gpos_b: pos_g(b),
            fpos_a: pos_f(a),
            fpos_b: pos_f(b),
        }
    }

    // ----- types -----

    fn ty_eq(&mut self, x: Type, y: Type) -> bool {
        if self.types.contains(&(x, y)) {
            return true;
        }
        let (ma, mb): (&'a Module, &'a Module) = (self.a, self.b);
        let (ta, tb) = (&ma.types, &mb.types);
        let ok = match (ta.data(x), tb.data(y)) {
            (
                TypeData::Vector { len: l1, elem: e1, scalable: s1 },
                TypeData::Vector { len: l2, elem: e2, scalable: s2 },
            ) => l1 == l2 && s1 == s2 && self.ty_eq(*e1, *e2),
            (TypeData::Array { len: l1, elem: e1 }, TypeData::Array { len: l2, elem: e2 }) => {
                l1 == l2 && self.ty_eq(*e1, *e2)
            }
            (TypeData::Struct { fields: f1, packed: p1 }, TypeData::Struct { fields: f2, packed: p2 }) => {
                p1 == p2 && self.ty_list_eq(f1, f2)
            }
            (
                TypeData::Func { ret: r1, params: p1, vararg: v1 },
                TypeData::Func { ret: r2, params: p2, vararg: v2 },
            ) => v1 == v2 && self.ty_eq(*r1, *r2) && self.ty_list_eq(p1, p2),
            (TypeData::Named(_), TypeData::Named(_)) => {
                match (ta.named_info(x), tb.named_info(y)) {
                    (Some(na), Some(nb)) if na.name == nb.name && na.packed == nb.packed => {
                        // Assume equal while comparing the bodies: recursive types terminate.
                        self.types.insert((x, y));
                        let ok = match (&na.body, &nb.body) {
                            (None, None) => true,
                            (Some(f1), Some(f2)) => self.ty_list_eq(f1, f2),
                            _ => false,
                        };
                        if !ok {
                            self.types.remove(&(x, y));
                        }
                        ok
                    }
                    _ => false,
                }
            }
            (d1, d2) => d1 == d2 && !matches!(d1, TypeData::Named(_)),
        };
        if ok {
            self.types.insert((x, y));
        }
        ok
    }

    fn ty_list_eq(&mut self, xs: &[Type], ys: &[Type]) -> bool {
        xs.len() == ys.len() && xs.iter().zip(ys).all(|(&x, &y)| self.ty_eq(x, y))
    }

    fn ty(&mut self, what: &str, x: Type, y: Type) -> R {
        ensure!(
            self.ty_eq(x, y),
            "{what} differs: `{}` vs `{}`",
            type_to_string(&self.a.types, x),
            type_to_string(&self.b.types, y)
        );
        Ok(())
    }

    // ----- constants -----

    fn global_ref_eq(&self, x: GlobalRef, y: GlobalRef) -> bool {
        match (x, y) {
            (GlobalRef::Var(g), GlobalRef::Var(h)) => match (self.gpos_a.get(&g), self.gpos_b.get(&h)) {
                (Some(i), Some(j)) => i == j,
                (None, None) => self.a.globals.get(g).map(|v| &v.name) == self.b.globals.get(h).map(|v| &v.name),
                _ => false,
            },
            (GlobalRef::Func(f), GlobalRef::Func(g)) => match (self.fpos_a.get(&f), self.fpos_b.get(&g)) {
                (Some(i), Some(j)) => i == j,
                (None, None) => self.a.funcs.get(f).map(|v| &v.name) == self.b.funcs.get(g).map(|v| &v.name),
                _ => false,
            },
            _ => false,
        }
    }

    fn const_eq(&mut self, x: ConstId, y: ConstId) -> bool {
        if self.consts.contains(&(x, y)) {
            return true;
        }
        let (ma, mb): (&'a Module, &'a Module) = (self.a, self.b);
        let (ca, cb) = (ma.consts.data(x), mb.consts.data(y));
        if !self.ty_eq(ca.ty(), cb.ty()) {
            return false;
        }
        let ok = match (ca, cb) {
            (ConstData::Int(_, v), ConstData::Int(_, w)) => v == w,
            (ConstData::Float(_, v), ConstData::Float(_, w)) => v == w,
            (ConstData::Null(_), ConstData::Null(_))
            | (ConstData::Undef(_), ConstData::Undef(_))
            | (ConstData::Poison(_), ConstData::Poison(_))
            | (ConstData::Zero(_), ConstData::Zero(_))
            | (ConstData::NoneToken, ConstData::NoneToken) => true,
            (ConstData::Array(_, v), ConstData::Array(_, w))
            | (ConstData::Struct(_, v), ConstData::Struct(_, w))
            | (ConstData::Vector(_, v), ConstData::Vector(_, w)) => self.const_list_eq(v, w),
            (ConstData::Bytes(_, v), ConstData::Bytes(_, w)) => v == w,
            (ConstData::Global(_, r), ConstData::Global(_, q)) => self.global_ref_eq(*r, *q),
            (ConstData::Expr { op: o1, operands: v, .. }, ConstData::Expr { op: o2, operands: w, .. }) => {
                let ops_ok = match (o1, o2) {
                    (ConstExprOp::Cast(p), ConstExprOp::Cast(q)) => p == q,
                    (ConstExprOp::Binary(p, f), ConstExprOp::Binary(q, g)) => p == q && f == g,
                    (
                        ConstExprOp::Gep { source_ty: s1, flags: f1, inrange: r1 },
                        ConstExprOp::Gep { source_ty: s2, flags: f2, inrange: r2 },
                    ) => f1 == f2 && r1 == r2 && self.ty_eq(*s1, *s2),
                    _ => false,
                };
                ops_ok && self.const_list_eq(v, w)
            }
            _ => false,
        };
        if ok {
            self.consts.insert((x, y));
        }
        ok
    }

    fn const_list_eq(&mut self, v: &[ConstId], w: &[ConstId]) -> bool {
        v.len() == w.len() && v.iter().zip(w).all(|(&x, &y)| self.const_eq(x, y))
    }

    fn konst(&mut self, what: &str, x: ConstId, y: ConstId) -> R {
        ensure!(
            self.const_eq(x, y),
            "{what} differs: `{}` vs `{}`",
            const_to_string(self.a, x),
            const_to_string(self.b, y)
        );
        Ok(())
    }

    fn opt_const(&mut self, what: &str, x: Option<ConstId>, y: Option<ConstId>) -> R {
        match (x, y) {
            (None, None) => Ok(()),
            (Some(x), Some(y)) => self.konst(what, x, y),
            (x, y) => Err(format!("{what} differs: present {} vs {}", x.is_some(), y.is_some())),
        }
    }

    // ----- metadata -----

    fn md_eq(&mut self, x: MdId, y: MdId) -> bool {
        let (la, lb) = (self.a.metadata.len(), self.b.metadata.len());
        if x.as_u32() as usize >= la || y.as_u32() as usize >= lb {
            return false;
        }
        if !self.md.insert((x, y)) {
            return true;
        }
        let (ma, mb): (&'a Module, &'a Module) = (self.a, self.b);
        let ok = match (ma.metadata.node(x), mb.metadata.node(y)) {
            (MdNode::Tuple { distinct: d1, ops: o1 }, MdNode::Tuple { distinct: d2, ops: o2 }) => {
                d1 == d2 && o1.len() == o2.len() && o1.iter().zip(o2).all(|(p, q)| self.md_op_eq(p, q))
            }
            (
                MdNode::Special { distinct: d1, kind: k1, fields: f1 },
                MdNode::Special { distinct: d2, kind: k2, fields: f2 },
            ) => {
                d1 == d2
                    && k1 == k2
                    && f1.len() == f2.len()
                    && f1.iter().zip(f2).all(|((l1, v1), (l2, v2))| {
                        l1 == l2
                            && match (v1, v2) {
                                (MdField::Raw(p), MdField::Raw(q)) => p == q,
                                (MdField::Str(p), MdField::Str(q)) => p == q,
                                (MdField::Ref(p), MdField::Ref(q)) => self.md_op_eq(p, q),
                                _ => false,
                            }
                    })
            }
            _ => false,
        };
        if !ok {
            self.md.remove(&(x, y));
        }
        ok
    }

    fn md_op_eq(&mut self, p: &MdOperand, q: &MdOperand) -> bool {
        match (p, q) {
            (MdOperand::Null, MdOperand::Null) => true,
            (MdOperand::Node(x), MdOperand::Node(y)) => self.md_eq(*x, *y),
            (MdOperand::String(x), MdOperand::String(y)) => x == y,
            (MdOperand::Value(x), MdOperand::Value(y)) => self.const_eq(*x, *y),
            _ => false,
        }
    }

    fn md_node(&mut self, what: &str, x: MdId, y: MdId) -> R {
        ensure!(self.md_eq(x, y), "{what}: metadata node !{} differs from !{}", x.as_u32(), y.as_u32());
        Ok(())
    }

    /// Attachment lists, compared by kind name regardless of order.
    fn attachments(&mut self, what: &str, x: &[(MdKind, MdId)], y: &[(MdKind, MdId)]) -> R {
        let names = |m: &Module, v: &[(MdKind, MdId)]| {
            let mut v: Vec<(String, MdId)> =
                v.iter().map(|&(k, id)| (m.metadata.kind_name(k).to_string(), id)).collect();
            v.sort_by(|p, q| p.0.cmp(&q.0));
            v
        };
        let (va, vb) = (names(self.a, x), names(self.b, y));
        let ka: Vec<&str> = va.iter().map(|p| p.0.as_str()).collect();
        let kb: Vec<&str> = vb.iter().map(|p| p.0.as_str()).collect();
        ensure!(ka == kb, "{what}: metadata attachments differ: {ka:?} vs {kb:?}");
        for ((k, p), (_, q)) in va.iter().zip(&vb) {
            self.md_node(&format!("{what}: attachment !{k}"), *p, *q)?;
        }
        Ok(())
    }

    // ----- attributes -----

    fn attr_eq(&mut self, x: &Attribute, y: &Attribute) -> bool {
        match (x, y) {
            (Attribute::Type(k1, t1), Attribute::Type(k2, t2)) => k1 == k2 && self.ty_eq(*t1, *t2),
            (Attribute::Range(t1, l1, h1), Attribute::Range(t2, l2, h2)) => {
                l1 == l2 && h1 == h2 && self.ty_eq(*t1, *t2)
            }
            (Attribute::Type(..) | Attribute::Range(..), _) | (_, Attribute::Type(..) | Attribute::Range(..)) => false,
            _ => x == y,
        }
    }

    fn attrs(&mut self, what: &str, x: &AttrSet, y: &AttrSet) -> R {
        let ok = x.0.len() == y.0.len() && x.0.iter().zip(&y.0).all(|(p, q)| self.attr_eq(p, q));
        ensure!(
            ok,
            "{what} differ: [{}] vs [{}]",
            x.0.iter().map(|a| crate::writer::attr_to_string(&self.a.types, a)).collect::<Vec<_>>().join(" "),
            y.0.iter().map(|a| crate::writer::attr_to_string(&self.b.types, a)).collect::<Vec<_>>().join(" ")
        );
        Ok(())
    }

    // ----- module -----

    fn modules(&mut self) -> R {
        let (a, b): (&'a Module, &'a Module) = (self.a, self.b);
        same("source_filename", &a.source_filename, &b.source_filename)?;
        same("target datalayout", &a.datalayout, &b.datalayout)?;
        same("target triple", &a.triple, &b.triple)?;
        same("module asm", &a.module_asm, &b.module_asm)?;
        same("comdats", &a.comdats, &b.comdats)?;

        let sa: Vec<(Type, String)> = a.types.named_structs().map(|(t, s)| (t, s.name.clone())).collect();
        let sb: Vec<(Type, String)> = b.types.named_structs().map(|(t, s)| (t, s.name.clone())).collect();
        let mut na: Vec<&str> = sa.iter().map(|s| s.1.as_str()).collect();
        let mut nb: Vec<&str> = sb.iter().map(|s| s.1.as_str()).collect();
        na.sort_unstable();
        nb.sort_unstable();
        ensure!(na == nb, "identified struct types differ: {na:?} vs {nb:?}");
        for (t, name) in &sa {
            let u = b.types.find_named(name).expect("same names");
            self.ty(&format!("body of %{name}"), *t, u)?;
        }

        ensure!(
            a.global_order.len() == b.global_order.len(),
            "global variable counts differ: {} vs {}",
            a.global_order.len(),
            b.global_order.len()
        );
        for (&g, &h) in a.global_order.iter().zip(&b.global_order) {
            self.global(g, h).map_err(|e| format!("global @{}: {e}", a.globals[g].name))?;
        }

        ensure!(
            a.func_order.len() == b.func_order.len(),
            "function counts differ: {} vs {}",
            a.func_order.len(),
            b.func_order.len()
        );
        for (&f, &g) in a.func_order.iter().zip(&b.func_order) {
            self.function(f, g).map_err(|e| format!("function @{}: {e}", a.funcs[f].name))?;
        }

        let (ma, mb) = (&a.metadata.named, &b.metadata.named);
        let names_a: Vec<&str> = ma.iter().map(|n| n.0.as_str()).collect();
        let names_b: Vec<&str> = mb.iter().map(|n| n.0.as_str()).collect();
        ensure!(names_a == names_b, "named metadata differ: {names_a:?} vs {names_b:?}");
        for ((name, xs), (_, ys)) in ma.iter().zip(mb) {
            ensure!(xs.len() == ys.len(), "!{name}: operand counts differ: {} vs {}", xs.len(), ys.len());
            for (i, (&x, &y)) in xs.iter().zip(ys).enumerate() {
                self.md_node(&format!("!{name} operand {i}"), x, y)?;
            }
        }
        Ok(())
    }

    fn global(&mut self, g: GlobalId, h: GlobalId) -> R {
        let (ma, mb): (&'a Module, &'a Module) = (self.a, self.b);
        let (x, y) = (&ma.globals[g], &mb.globals[h]);
        same("name", &x.name, &y.name)?;
        self.ty("value type", x.ty, y.ty)?;
        same("address space", &x.addrspace, &y.addrspace)?;
        same("linkage", &x.linkage, &y.linkage)?;
        same("visibility", &x.visibility, &y.visibility)?;
        same("dso_local", &x.dso_local, &y.dso_local)?;
        same("thread_local", &x.thread_local, &y.thread_local)?;
        same("unnamed_addr", &x.unnamed_addr, &y.unnamed_addr)?;
        same("externally_initialized", &x.externally_initialized, &y.externally_initialized)?;
        same("constant", &x.is_constant, &y.is_constant)?;
        same("section", &x.section, &y.section)?;
        same("align", &x.align, &y.align)?;
        same("comdat", &x.comdat, &y.comdat)?;
        self.opt_const("initializer", x.init, y.init)?;
        self.attrs("attributes", &x.attrs, &y.attrs)?;
        self.attachments("attachments", &x.md, &y.md)
    }

    fn function(&mut self, f: FuncId, g: FuncId) -> R {
        let (ma, mb): (&'a Module, &'a Module) = (self.a, self.b);
        let (x, y) = (&ma.funcs[f], &mb.funcs[g]);
        same("name", &x.name, &y.name)?;
        self.ty("function type", x.ty, y.ty)?;
        same("linkage", &x.linkage, &y.linkage)?;
        same("visibility", &x.visibility, &y.visibility)?;
        same("dso_local", &x.dso_local, &y.dso_local)?;
        same("calling convention", &x.cc, &y.cc)?;
        same("unnamed_addr", &x.unnamed_addr, &y.unnamed_addr)?;
        same("addrspace", &x.addrspace, &y.addrspace)?;
        same("section", &x.section, &y.section)?;
        same("align", &x.align, &y.align)?;
        same("gc", &x.gc, &y.gc)?;
        self.attrs("function attributes", &x.attrs, &y.attrs)?;
        self.attrs("return attributes", &x.ret_attrs, &y.ret_attrs)?;
        ensure!(
            x.param_attrs.len() == y.param_attrs.len(),
            "parameter attribute list lengths differ: {} vs {}",
            x.param_attrs.len(),
            y.param_attrs.len()
        );
        for (i, (p, q)) in x.param_attrs.iter().zip(&y.param_attrs).enumerate() {
            self.attrs(&format!("attributes of parameter {i}"), p, q)?;
        }
        self.attachments("function attachments", &x.md, &y.md)?;
        ensure!(x.params.len() == y.params.len(), "parameter counts differ: {} vs {}", x.params.len(), y.params.len());
        let mut map = BodyMap::default();
        for (i, (&p, &q)) in x.params.iter().zip(&y.params).enumerate() {
            same(&format!("name of parameter {i}"), &x.dfg.value_name(p), &y.dfg.value_name(q))?;
            self.ty(&format!("type of parameter {i}"), x.dfg.value_ty(p), y.dfg.value_ty(q))?;
            map.values.insert(p, q);
        }
        same("is a declaration", &x.is_declaration(), &y.is_declaration())?;
        self.body(f, g, map)
    }

    // ----- bodies -----

    fn body(&mut self, f: FuncId, g: FuncId, mut map: BodyMap) -> R {
        let (ma, mb): (&'a Module, &'a Module) = (self.a, self.b);
        let (x, y): (&Function, &Function) = (&ma.funcs[f], &mb.funcs[g]);
        let ba: Vec<Block> = x.layout.blocks().collect();
        let bb: Vec<Block> = y.layout.blocks().collect();
        ensure!(ba.len() == bb.len(), "block counts differ: {} vs {}", ba.len(), bb.len());
        let mut insts: Vec<(Vec<Inst>, Vec<Inst>)> = Vec::with_capacity(ba.len());
        for (k, (&p, &q)) in ba.iter().zip(&bb).enumerate() {
            let where_ = block_desc(x, p, k);
            same(&format!("{where_}: name"), &x.dfg.block_name(p), &y.dfg.block_name(q))?;
            map.blocks.insert(p, q);
            let ia: Vec<Inst> = x.layout.block_insts(p).collect();
            let ib: Vec<Inst> = y.layout.block_insts(q).collect();
            ensure!(ia.len() == ib.len(), "{where_}: instruction counts differ: {} vs {}", ia.len(), ib.len());
            for (&i, &j) in ia.iter().zip(&ib) {
                match (x.dfg.result(i), y.dfg.result(j)) {
                    (Some(v), Some(w)) => {
                        map.values.insert(v, w);
                    }
                    (None, None) => {}
                    _ => {
                        let n = ia.iter().position(|&t| t == i).unwrap_or(0);
                        return Err(format!(
                            "{where_}, instruction {n}: one has a result and the other not: `{}` vs `{}`",
                            inst_to_string(self.a, f, i),
                            inst_to_string(self.b, g, j)
                        ));
                    }
                }
            }
            insts.push((ia, ib));
        }
        for (k, (ia, ib)) in insts.iter().enumerate() {
            for (n, (&i, &j)) in ia.iter().zip(ib).enumerate() {
                self.inst(x, y, &map, i, j).map_err(|e| {
                    format!(
                        "{}, instruction {n} (`{}` vs `{}`): {e}",
                        block_desc(x, ba[k], k),
                        inst_to_string(self.a, f, i),
                        inst_to_string(self.b, g, j)
                    )
                })?;
            }
        }
        Ok(())
    }

    fn block(&self, map: &BodyMap, p: Block, q: Block, what: &str) -> R {
        ensure!(map.blocks.get(&p) == Some(&q), "{what}: block targets differ");
        Ok(())
    }

    fn value(&mut self, x: &Function, y: &Function, map: &BodyMap, v: Value, w: Value, what: &str) -> R {
        self.ty(&format!("{what}: type"), x.dfg.value_ty(v), y.dfg.value_ty(w))?;
        let ok = match (x.dfg.value_def(v), y.dfg.value_def(w)) {
            (
                ValueDef::Inst(_) | ValueDef::Arg(_) | ValueDef::Placeholder,
                ValueDef::Inst(_) | ValueDef::Arg(_) | ValueDef::Placeholder,
            ) => map.values.get(&v) == Some(&w),
            (ValueDef::Const(c), ValueDef::Const(d)) => return self.konst(what, *c, *d),
            (ValueDef::Metadata(p), ValueDef::Metadata(q)) => self.md_op_eq(p, q),
            (ValueDef::InlineAsm(p), ValueDef::InlineAsm(q)) => p == q,
            _ => false,
        };
        ensure!(ok, "{what} differs: `{}` vs `{}`", x.value_label(v), y.value_label(w));
        Ok(())
    }

    fn inst(&mut self, x: &Function, y: &Function, map: &BodyMap, i: Inst, j: Inst) -> R {
        let (d, e) = (x.dfg.inst(i), y.dfg.inst(j));
        same("opcode", &d.opcode_name(), &e.opcode_name())?;
        match (&d.kind, &e.kind) {
            (InstKind::Phi { blocks: p }, InstKind::Phi { blocks: q }) => {
                ensure!(p.len() == q.len(), "incoming block counts differ");
                for (k, (&b1, &b2)) in p.iter().zip(q).enumerate() {
                    self.block(map, b1, b2, &format!("incoming block {k}"))?;
                }
            }
            (
                InstKind::Alloca { elem_ty: t1, explicit_count: c1, align: a1, addrspace: s1 },
                InstKind::Alloca { elem_ty: t2, explicit_count: c2, align: a2, addrspace: s2 },
            ) => {
                self.ty("allocated type", *t1, *t2)?;
                same("explicit count", c1, c2)?;
                same("align", a1, a2)?;
                same("addrspace", s1, s2)?;
            }
            (InstKind::Gep { source_ty: t1 }, InstKind::Gep { source_ty: t2 }) => {
                self.ty("source element type", *t1, *t2)?;
            }
            (InstKind::Call(c1), InstKind::Call(c2)) => {
                self.ty("callee function type", c1.fn_ty, c2.fn_ty)?;
                same("tail marker", &c1.tail, &c2.tail)?;
                same("calling convention", &c1.cc, &c2.cc)?;
                same("operand bundles", &c1.bundles, &c2.bundles)?;
                self.attrs("call-site function attributes", &c1.attrs.func, &c2.attrs.func)?;
                self.attrs("call-site return attributes", &c1.attrs.ret, &c2.attrs.ret)?;
                ensure!(c1.attrs.params.len() == c2.attrs.params.len(), "call-site parameter attribute counts differ");
                for (k, (p, q)) in c1.attrs.params.iter().zip(&c2.attrs.params).enumerate() {
                    self.attrs(&format!("attributes of argument {k}"), p, q)?;
                }
            }
            (InstKind::Br { dest: p }, InstKind::Br { dest: q }) => self.block(map, *p, *q, "target")?,
            (InstKind::CondBr { then_dest: t1, else_dest: e1 }, InstKind::CondBr { then_dest: t2, else_dest: e2 }) => {
                self.block(map, *t1, *t2, "true target")?;
                self.block(map, *e1, *e2, "false target")?;
            }
            (InstKind::Switch { default: d1, cases: c1 }, InstKind::Switch { default: d2, cases: c2 }) => {
                self.block(map, *d1, *d2, "default target")?;
                ensure!(c1.len() == c2.len(), "case counts differ: {} vs {}", c1.len(), c2.len());
                for (k, ((v1, b1), (v2, b2))) in c1.iter().zip(c2).enumerate() {
                    self.konst(&format!("case {k} value"), *v1, *v2)?;
                    self.block(map, *b1, *b2, &format!("case {k} target"))?;
                }
            }
            // Every other payload holds no ids: plain equality.
            (k1, k2) => ensure!(k1 == k2, "instruction payload differs: {k1:?} vs {k2:?}"),
        }
        self.ty("result type", d.ty, e.ty)?;
        ensure!(d.flags == e.flags, "flags differ: [{}] vs [{}]", flag_words(d.flags), flag_words(e.flags));
        ensure!(d.args.len() == e.args.len(), "operand counts differ: {} vs {}", d.args.len(), e.args.len());
        for (k, (&v, &w)) in d.args.iter().zip(&e.args).enumerate() {
            self.value(x, y, map, v, w, &format!("operand {k}"))?;
        }
        if let (Some(v), Some(w)) = (x.dfg.result(i), y.dfg.result(j)) {
            same("result name", &x.dfg.value_name(v), &y.dfg.value_name(w))?;
        }
        self.attachments("instruction", x.dfg.inst_md(i), y.dfg.inst_md(j))
    }
}

/// The flag words set in `f` (`nuw nsw`), for messages.
fn flag_words(f: Flags) -> String {
    let mut w: Vec<&str> = Vec::new();
    for &(s, bit) in Flags::WORDS {
        if bit != Flags::FAST && f.contains(bit) {
            w.push(s);
        }
    }
    w.join(" ")
}

/// `block 3 (%name)` for messages.
fn block_desc(f: &Function, b: Block, k: usize) -> String {
    match f.dfg.block_name(b) {
        Some(n) => format!("block {k} (%{n})"),
        None => format!("block {k}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::apint::ApInt;
    use crate::attrs::Attribute;
    use crate::inst::{BinaryOp, CallAttrs, CallConv, CallData, InstData, IntPredicate, MemFlags, TailKind};
    use crate::module::GlobalVar;

    /// Knobs that perturb a test module; `Tweak::default()` builds the reference module.
    #[derive(Default, Clone, Copy)]
    struct Tweak {
        /// Intern unrelated types, constants and metadata first, so every id differs.
        shift_ids: bool,
        /// Create the blocks in a different order (same layout).
        shuffle_creation: bool,
        /// Drop the `nsw` flag of the add.
        drop_flag: bool,
        /// Compare against 11 instead of 10.
        other_constant: bool,
        /// Branch the loop latch to the exit block's sibling.
        other_target: bool,
        /// Rename the loop-carried phi.
        other_name: bool,
        /// Change the string inside the loop metadata.
        other_md: bool,
        /// Change the global's initializer.
        other_init: bool,
    }

    fn build(t: Tweak) -> Module {
        let mut m = Module::new();
        if t.shift_ids {
            let junk = m.types.array(Type::I16, 7);
            m.types.struct_(vec![junk, Type::DOUBLE], true);
            m.consts.int(Type::I16, 16, 99);
            m.consts.intern(ConstData::Undef(junk));
            m.metadata.push(MdNode::Tuple { distinct: false, ops: vec![] });
            m.metadata.kind("junk");
        }
        let s = m.types.named_struct("struct.S");
        m.types.set_named_body(s, vec![Type::I32, Type::FLOAT], false);
        let arr = m.types.array(Type::I32, 4);
        let elems: Vec<ConstId> =
            (0..4).map(|i| m.consts.int(Type::I32, 32, if t.other_init { i + 1 } else { i })).collect();
        let init = m.consts.intern(ConstData::Array(arr, elems));
        let mut g = GlobalVar::new("tab", arr, 1);
        g.init = Some(init);
        g.align = Some(4);
        let gid = m.add_global(g);
        let gref = m.consts.intern(ConstData::Global(m.types.ptr(1), GlobalRef::Var(gid)));

        // Loop metadata: a distinct self-referencing node.
        let lp = m.metadata.push(MdNode::Tuple { distinct: true, ops: vec![] });
        let text = if t.other_md { "llvm.loop.unroll.disable" } else { "llvm.loop.mustprogress" };
        let inner = m.metadata.push(MdNode::Tuple { distinct: false, ops: vec![MdOperand::String(text.into())] });
        m.metadata.set(lp, MdNode::Tuple { distinct: true, ops: vec![MdOperand::Node(lp), MdOperand::Node(inner)] });
        let loop_kind = m.metadata.kind("llvm.loop");

        let ext_ty = m.types.func(Type::VOID, vec![Type::I32], false);
        let ext = m.add_func(Function::new("ext", ext_ty, &[Type::I32]));
        let fty = m.types.func(Type::I32, vec![Type::I32], false);
        let mut f = Function::new("f", fty, &[Type::I32]);
        f.param_attrs[0] = AttrSet(vec![
            Attribute::Flag("noundef".into()),
            Attribute::Range(Type::I32, ApInt::from_i128(32, 0), ApInt::from_i128(32, 100)),
        ]);
        f.dfg.set_value_name(f.params[0], Some("n"));
        let fid = m.add_func(f);
        let p1 = m.types.ptr(1);
        let c0 = m.consts.int(Type::I32, 32, 0);
        let c1 = m.consts.int(Type::I32, 32, 1);
        let climit = m.consts.int(Type::I32, 32, if t.other_constant { 11 } else { 10 });
        let ext_ref = m.consts.intern(ConstData::Global(Type::PTR, GlobalRef::Func(ext)));
        let func = &mut m.funcs[fid];
        let n = func.params[0];
        let (entry, header, exit, side) = if t.shuffle_creation {
            let side = func.dfg.make_block(None);
            let exit = func.dfg.make_block(Some("exit"));
            let header = func.dfg.make_block(Some("loop"));
            let entry = func.dfg.make_block(None);
            (entry, header, exit, side)
        } else {
            let entry = func.dfg.make_block(None);
            let header = func.dfg.make_block(Some("loop"));
            let exit = func.dfg.make_block(Some("exit"));
            let side = func.dfg.make_block(None);
            (entry, header, exit, side)
        };
        for b in [entry, header, exit, side] {
            func.layout.append_block(b);
        }
        let v0 = func.dfg.const_value(c0, Type::I32);
        let v1 = func.dfg.const_value(c1, Type::I32);
        let vlim = func.dfg.const_value(climit, Type::I32);
        let vg = func.dfg.const_value(gref, p1);
        let vext = func.dfg.const_value(ext_ref, Type::PTR);
        func.append_inst(entry, InstData::new(InstKind::Br { dest: header }, &[], Type::VOID));
        let phi = func.append_inst(header, InstData::new(InstKind::Phi { blocks: Default::default() }, &[], Type::I32));
        let iv = func.dfg.result(phi).unwrap();
        func.dfg.set_value_name(iv, Some(if t.other_name { "j" } else { "i" }));
        let mut add = InstData::new(InstKind::Binary(BinaryOp::Add), &[iv, v1], Type::I32);
        add.flags = if t.drop_flag { Flags::NONE } else { Flags::NSW };
        let add = func.append_inst(header, add);
        let next = func.dfg.result(add).unwrap();
        let gep = func.append_inst(header, InstData::new(InstKind::Gep { source_ty: Type::I32 }, &[vg, iv], p1));
        let addr = func.dfg.result(gep).unwrap();
        let ld = func.append_inst(
            header,
            InstData::new(InstKind::Load(MemFlags { align: Some(4), ..Default::default() }), &[addr], Type::I32),
        );
        let x = func.dfg.result(ld).unwrap();
        let cd = CallData {
            fn_ty: ext_ty,
            tail: TailKind::Tail,
            cc: CallConv::C,
            attrs: CallAttrs { params: vec![AttrSet(vec![Attribute::Flag("noundef".into())])], ..Default::default() },
            bundles: vec![],
        };
        func.append_inst(header, InstData::new(InstKind::Call(Box::new(cd)), &[vext, x], Type::VOID));
        let cmp = func.append_inst(header, InstData::new(InstKind::ICmp(IntPredicate::Slt), &[next, vlim], Type::I1));
        let c = func.dfg.result(cmp).unwrap();
        let latch_exit = if t.other_target { side } else { exit };
        let br = func.append_inst(
            header,
            InstData::new(InstKind::CondBr { then_dest: header, else_dest: latch_exit }, &[c], Type::VOID),
        );
        func.dfg.set_inst_md(br, loop_kind, lp);
        func.dfg.phi_add_incoming(phi, v0, entry);
        func.dfg.phi_add_incoming(phi, next, header);
        func.append_inst(exit, InstData::new(InstKind::Ret, &[n], Type::VOID));
        func.append_inst(side, InstData::new(InstKind::Ret, &[v0], Type::VOID));
        m.metadata.named.push(("keep".into(), vec![lp]));
        m
    }

    fn diff(t: Tweak) -> String {
        modules_equal(&build(Tweak::default()), &build(t)).expect_err("a difference must be reported")
    }

    #[test]
    fn equal_modules_compare_equal() {
        let m = build(Tweak::default());
        modules_equal(&m, &m).unwrap();
        modules_equal(&m, &m.clone()).unwrap();
        modules_equal(&m, &build(Tweak::default())).unwrap();
    }

    #[test]
    fn different_internal_ids_compare_equal() {
        let t = Tweak { shift_ids: true, shuffle_creation: true, ..Default::default() };
        let (a, b) = (build(Tweak::default()), build(t));
        modules_equal(&a, &b).unwrap();
        modules_equal(&b, &a).unwrap();
        assert_eq!(crate::writer::write_module(&a), crate::writer::write_module(&b));
    }

    #[test]
    fn changed_flag_is_reported() {
        let e = diff(Tweak { drop_flag: true, ..Default::default() });
        assert!(
            e.contains("function @f")
                && e.contains("block 1 (%loop), instruction 1")
                && e.contains("flags differ: [nsw] vs []"),
            "{e}"
        );
        assert!(e.contains("add nsw i32 %i, 1") && e.contains("add i32 %i, 1"), "{e}");
    }

    #[test]
    fn changed_constant_is_reported() {
        let e = diff(Tweak { other_constant: true, ..Default::default() });
        assert!(e.contains("instruction 5") && e.contains("operand 1") && e.contains("`10` vs `11`"), "{e}");
    }

    #[test]
    fn changed_block_target_is_reported() {
        let e = diff(Tweak { other_target: true, ..Default::default() });
        assert!(e.contains("instruction 6") && e.contains("false target"), "{e}");
    }

    #[test]
    fn changed_name_metadata_and_initializer_are_reported() {
        let e = diff(Tweak { other_name: true, ..Default::default() });
        assert!(e.contains("result name"), "{e}");
        let e = diff(Tweak { other_md: true, ..Default::default() });
        assert!(e.contains("attachment !llvm.loop"), "{e}");
        let e = diff(Tweak { other_init: true, ..Default::default() });
        assert!(e.starts_with("global @tab: initializer differs"), "{e}");
    }

    #[test]
    fn structural_type_and_attribute_differences() {
        let a = build(Tweak::default());
        let mut b = build(Tweak::default());
        let s = b.types.find_named("struct.S").unwrap();
        b.types.set_named_body(s, vec![Type::I32, Type::DOUBLE], false);
        let e = modules_equal(&a, &b).unwrap_err();
        assert!(e.contains("body of %struct.S"), "{e}");
        let mut b = build(Tweak::default());
        let f = b.func_by_name("f").unwrap();
        b.funcs[f].param_attrs[0].0[1] = Attribute::Range(Type::I32, ApInt::from_i128(32, 0), ApInt::from_i128(32, 99));
        let e = modules_equal(&a, &b).unwrap_err();
        assert!(e.contains("attributes of parameter 0 differ") && e.contains("range(i32 0, 99)"), "{e}");
    }
}
