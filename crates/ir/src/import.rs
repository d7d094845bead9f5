//! Putting a function worked on against private copies of a module's constant pool and type store back into the
//! module.
//!
//! A thread that reads or transforms one function at a time works on a copy of the module's tables taken when
//! the module had `base` constants and `base` types; whatever the thread interns gets ids from `base` on, in its
//! copy only. [`import_function`] interns into the module's tables what the thread created while it worked on
//! the function, in the order it created them (types, then constants; an entry's nested entries are older, so
//! already known), and renames the function's constants and types to the module's ids. The module's tables
//! then grow exactly as they would have had the function been worked on directly against them, after the
//! functions before it: what the function's work created that the module already has (created by an earlier
//! function on another thread) is found, the rest is appended in creation order. So the module is the same
//! whichever thread worked on which function, and the same as working on the functions one after another on the
//! module itself (what one thread does). Ids below `base` are the same in both and stay.

use crate::constant::{ConstData, ConstExprOp, ConstId, ConstPool};
use crate::entity::EntityRef;
use crate::function::Function;
use crate::types::{Type, TypeData, TypeStore};
use rustc_hash::FxHashMap;

/// The module's id of each constant and type of one private copy already imported (reused across the functions
/// worked on against that copy).
#[derive(Default, Debug)]
pub struct ImportMemo {
    consts: FxHashMap<ConstId, ConstId>,
    types: FxHashMap<Type, Type>,
}

/// Interns what the thread created while working on `f` into `consts`/`types`, in creation order
/// (`created_types`, then `created_consts`: ids of the thread's copies, made when the module had `base.0`
/// constants and `base.1` types, with their structure), then renames the constants and types `f` refers to.
/// `memo` holds the module's id of every entry of the same copies imported so far; an entry's nested entries and
/// every id at or above the base that `f` refers to were created by this function's work or by an earlier
/// function's on the same copies, so they are in `memo` (a missing one is an internal error: it panics).
pub fn import_function(
    f: &mut Function,
    consts: &mut ConstPool,
    types: &mut TypeStore,
    base: (usize, usize),
    created_types: impl IntoIterator<Item = (Type, TypeData)>,
    created_consts: impl IntoIterator<Item = (ConstId, ConstData)>,
    memo: &mut ImportMemo,
) {
    let mut im = Importer { consts, types, base, memo };
    for (t, data) in created_types {
        im.new_type(t, data);
    }
    for (c, data) in created_consts {
        im.new_const(c, data);
    }
    if !im.memo.consts.is_empty() {
        f.dfg.remap_consts(|c| im.konst(c));
    }
    if !im.memo.types.is_empty() {
        f.dfg.remap_types(|t| im.ty(t));
    }
}

struct Importer<'a> {
    consts: &'a mut ConstPool,
    types: &'a mut TypeStore,
    base: (usize, usize),
    memo: &'a mut ImportMemo,
}

impl Importer<'_> {
    /// The module's id of the copies' constant `c`.
    fn konst(&self, c: ConstId) -> ConstId {
        if c.index() < self.base.0 {
            return c;
        }
        *self.memo.consts.get(&c).expect("a constant of the thread's copy that was never imported")
    }

    /// The module's id of the copies' type `t`.
    fn ty(&self, t: Type) -> Type {
        if t.index() < self.base.1 {
            return t;
        }
        *self.memo.types.get(&t).expect("a type of the thread's copy that was never imported")
    }

    /// Interns constant `c` of the copies, whose structure is `data`.
    fn new_const(&mut self, c: ConstId, mut data: ConstData) {
        match &mut data {
            ConstData::Int(t, _)
            | ConstData::Float(t, _)
            | ConstData::Null(t)
            | ConstData::Undef(t)
            | ConstData::Poison(t)
            | ConstData::Zero(t)
            | ConstData::Bytes(t, _)
            | ConstData::Global(t, _) => *t = self.ty(*t),
            ConstData::NoneToken => {}
            ConstData::Array(t, ops) | ConstData::Struct(t, ops) | ConstData::Vector(t, ops) => {
                *t = self.ty(*t);
                for op in ops.iter_mut() {
                    *op = self.konst(*op);
                }
            }
            ConstData::Expr { ty, op, operands } => {
                *ty = self.ty(*ty);
                if let ConstExprOp::Gep { source_ty, .. } = op {
                    *source_ty = self.ty(*source_ty);
                }
                for o in operands.iter_mut() {
                    *o = self.konst(*o);
                }
            }
        }
        let d = self.consts.intern(data);
        self.memo.consts.insert(c, d);
    }

    /// Interns type `t` of the copies (a literal type: a body that adds a named struct type is handled in
    /// order instead, see the callers), whose structure is `data`.
    fn new_type(&mut self, t: Type, mut data: TypeData) {
        match &mut data {
            TypeData::Vector { elem, .. } | TypeData::Array { elem, .. } => *elem = self.ty(*elem),
            TypeData::Struct { fields, .. } => {
                for f in fields.iter_mut() {
                    *f = self.ty(*f);
                }
            }
            TypeData::Func { ret, params, .. } => {
                *ret = self.ty(*ret);
                for p in params.iter_mut() {
                    *p = self.ty(*p);
                }
            }
            _ => {}
        }
        let d = self.types.intern(data);
        self.memo.types.insert(t, d);
    }
}
