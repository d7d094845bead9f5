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

/// Interns what the thread created while working on `f` (its constants `created.0` and types `created.1`, ids of
/// `src_consts`/`src_types`, copies of `consts`/`types` made when those had `base.0` constants and `base.1` types)
/// into `consts`/`types` in creation order, then renames the constants and types `f` refers to. Every id of the
/// copies that `f` refers to at or above the base must have been created by this function's work or by an
/// earlier function's imported from the same copies (`memo` remembers those).
#[allow(clippy::too_many_arguments)]
pub fn import_function(
    f: &mut Function,
    consts: &mut ConstPool,
    types: &mut TypeStore,
    src_consts: &ConstPool,
    src_types: &TypeStore,
    base: (usize, usize),
    created: (std::ops::Range<usize>, std::ops::Range<usize>),
    memo: &mut ImportMemo,
) {
    let mut im = Importer { consts, types, src_consts, src_types, base, memo };
    for t in created.1 {
        im.ty(Type::new(t));
    }
    for c in created.0 {
        im.konst(ConstId::new(c));
    }
    if src_consts.len() > base.0 {
        f.dfg.remap_consts(|c| im.konst(c));
    }
    if src_types.len() > base.1 {
        f.dfg.remap_types(|t| im.ty(t));
    }
}

struct Importer<'a> {
    consts: &'a mut ConstPool,
    types: &'a mut TypeStore,
    src_consts: &'a ConstPool,
    src_types: &'a TypeStore,
    base: (usize, usize),
    memo: &'a mut ImportMemo,
}

impl Importer<'_> {
    fn konst(&mut self, c: ConstId) -> ConstId {
        if c.index() < self.base.0 {
            return c;
        }
        if let Some(&d) = self.memo.consts.get(&c) {
            return d;
        }
        let mut data = self.src_consts.data(c).clone();
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
        d
    }

    /// A literal type (named struct types are never new in a private copy: see the callers).
    fn ty(&mut self, t: Type) -> Type {
        if t.index() < self.base.1 {
            return t;
        }
        if let Some(&d) = self.memo.types.get(&t) {
            return d;
        }
        let mut data = self.src_types.data(t).clone();
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
        d
    }
}
