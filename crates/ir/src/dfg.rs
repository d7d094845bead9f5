//! The data-flow graph of one function: instructions, values, use lists, block data and names.
//!
//! Use lists are kept for values whose definition [`tracks uses`](crate::ValueDef::tracks_uses) (arguments and
//! instruction results). Constants, metadata and inline asm are shared leaves with no use lists: a function may use
//! `i32 0` thousands of times, and no pass asks for its users. Every operand change goes through this type so the
//! lists stay exact; [`DataFlowGraph::replace_all_uses`] costs O(uses of the old value), never a function scan.
//!
//! Every operand slot also records where its [`Use`] sits in the value's use list (`arg_pos`, parallel to each
//! instruction's `args`; [`NO_POS`] for untracked values). Removing a use is then a `swap_remove` at that
//! position plus one back-patch of the entry moved into the hole: O(1) whatever the value's number of users, so
//! passes that delete or rewrite many uses of one value (DCE, cssa, lsr) stay linear. Invariant, checked by the
//! verifier through [`DataFlowGraph::use_position`]: for every tracked operand `args(i)[k] == v`,
//! `uses(v)[arg_pos[i][k]] == Use { inst: i, index: k }`, and every entry of `uses(v)` is such an operand.

use crate::constant::ConstId;
use crate::entity::{PrimaryMap, SecondaryMap};
use crate::inst::{Inst, InstData, InstKind};
use crate::layout::Block;
use crate::metadata::{MdId, MdKind};
use crate::types::Type;
use crate::value::{Value, ValueData, ValueDef};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// One use of a value: operand `index` of instruction `inst`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Use {
    /// The using instruction.
    pub inst: Inst,
    /// The operand index in its `args`.
    pub index: u32,
}

/// The position recorded for an operand whose value keeps no use list.
const NO_POS: u32 = u32::MAX;

/// Per-block data (order lives in the [`Layout`](crate::Layout)).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlockData {
    /// Source name without `%`, if named.
    pub name: Option<Box<str>>,
}

/// A value name: `start..start + len` in [`DataFlowGraph::name_buf`], or no name when `start` is `u32::MAX`.
#[derive(Copy, Clone, Debug)]
struct NameRef {
    start: u32,
    len: u32,
}

impl Default for NameRef {
    fn default() -> Self {
        NameRef { start: u32::MAX, len: 0 }
    }
}

/// Instructions, values and their relations.
#[derive(Clone, Debug, Default)]
pub struct DataFlowGraph {
    insts: PrimaryMap<Inst, InstData>,
    results: SecondaryMap<Inst, Option<Value>>,
    values: PrimaryMap<Value, ValueData>,
    uses: SecondaryMap<Value, SmallVec<[Use; 2]>>,
    /// Per instruction, parallel to its `args`: the index of each operand's [`Use`] in its value's use list.
    arg_pos: SecondaryMap<Inst, SmallVec<[u32; 3]>>,
    /// Value names as byte ranges of `name_buf` (one buffer instead of an allocation per name).
    names: SecondaryMap<Value, NameRef>,
    name_buf: String,
    const_values: FxHashMap<ConstId, Value>,
    blocks: PrimaryMap<Block, BlockData>,
    inst_md: FxHashMap<Inst, SmallVec<[(MdKind, MdId); 2]>>,
}

impl DataFlowGraph {
    /// An empty graph.
    pub fn new() -> Self {
        Self::default()
    }

    /// Reserves room for about `insts` more instructions and `values` more values (a reader that can estimate a
    /// function's size avoids regrowing its tables).
    pub fn reserve(&mut self, insts: usize, values: usize) {
        self.insts.reserve(insts);
        self.results.reserve(insts);
        self.arg_pos.reserve(insts);
        self.values.reserve(values);
        self.uses.reserve(values);
        self.names.reserve(values);
    }

    // ----- blocks -----

    /// Creates a block (not yet in the layout).
    pub fn make_block(&mut self, name: Option<&str>) -> Block {
        self.blocks.push(BlockData { name: name.map(Into::into) })
    }
    /// Number of blocks ever created.
    pub fn num_blocks(&self) -> usize {
        self.blocks.len()
    }
    /// Block data.
    pub fn block(&self, b: Block) -> &BlockData {
        &self.blocks[b]
    }
    /// Block name, if named.
    pub fn block_name(&self, b: Block) -> Option<&str> {
        self.blocks[b].name.as_deref()
    }
    /// Renames a block.
    pub fn set_block_name(&mut self, b: Block, name: Option<&str>) {
        self.blocks[b].name = name.map(Into::into);
    }

    // ----- values -----

    /// Number of values ever created.
    pub fn num_values(&self) -> usize {
        self.values.len()
    }
    /// Creates a value with the given definition and type.
    pub fn make_value(&mut self, def: ValueDef, ty: Type) -> Value {
        self.values.push(ValueData { def, ty })
    }
    /// The value standing for module constant `c` in this function (created once per constant).
    pub fn const_value(&mut self, c: ConstId, ty: Type) -> Value {
        if let Some(&v) = self.const_values.get(&c) {
            return v;
        }
        let v = self.values.push(ValueData { def: ValueDef::Const(c), ty });
        self.const_values.insert(c, v);
        v
    }
    /// Renames every module constant this function refers to through `map` (a value standing for a constant, a
    /// constant inside a metadata operand, a `switch` case); the function-local constant index is rebuilt only
    /// when some id changed. For a function worked on against a private copy of the constant pool
    /// ([`crate::import`]). `map` must be injective on the constants it is given (distinct constants stay
    /// distinct).
    pub fn remap_consts(&mut self, mut map: impl FnMut(ConstId) -> ConstId) {
        let mut renamed = false;
        for (_, d) in self.values.iter_mut() {
            match &mut d.def {
                ValueDef::Const(c) => {
                    let n = map(*c);
                    renamed |= n != *c;
                    *c = n;
                }
                ValueDef::Metadata(crate::metadata::MdOperand::Value(c)) => *c = map(*c),
                _ => {}
            }
        }
        if renamed {
            self.const_values.clear();
            for (v, d) in self.values.iter() {
                if let ValueDef::Const(c) = d.def {
                    self.const_values.insert(c, v);
                }
            }
        }
        for (_, d) in self.insts.iter_mut() {
            if let InstKind::Switch { cases, .. } = &mut d.kind {
                for (c, _) in cases.iter_mut() {
                    *c = map(*c);
                }
            }
        }
    }
    /// Renames every type the function's values and instructions carry through `map` (value types, result
    /// types, `alloca` and `getelementptr` element types, a call's function type and the types in its
    /// attributes); for a function worked on against a private copy of the type store ([`crate::import`]).
    /// Module-level things (constants, the function's own type) are not touched.
    pub fn remap_types(&mut self, mut map: impl FnMut(Type) -> Type) {
        for (_, d) in self.values.iter_mut() {
            d.ty = map(d.ty);
        }
        for (_, d) in self.insts.iter_mut() {
            d.ty = map(d.ty);
            match &mut d.kind {
                InstKind::Alloca { elem_ty, .. } => *elem_ty = map(*elem_ty),
                InstKind::Gep { source_ty, .. } => *source_ty = map(*source_ty),
                InstKind::Call(c) => {
                    c.fn_ty = map(c.fn_ty);
                    let sets = [&mut c.attrs.func, &mut c.attrs.ret].into_iter().chain(c.attrs.params.iter_mut());
                    for set in sets {
                        for a in set.0.iter_mut() {
                            match a {
                                crate::attrs::Attribute::Type(_, t) | crate::attrs::Attribute::Range(t, ..) => {
                                    *t = map(*t)
                                }
                                _ => {}
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }
    /// Whether this function refers to module constant `c` (has a value standing for it), without creating one.
    pub fn const_value_of(&self, c: ConstId) -> Option<Value> {
        self.const_values.get(&c).copied()
    }
    /// The module constants this function refers to (each once, in no particular order): a function-local
    /// index, so a module pass can find the functions that mention a global without walking their instructions.
    pub fn referenced_consts(&self) -> impl Iterator<Item = ConstId> + '_ {
        self.const_values.keys().copied()
    }
    /// The definition of `v`.
    #[inline]
    pub fn value_def(&self, v: Value) -> &ValueDef {
        &self.values[v].def
    }
    /// The type of `v`.
    #[inline]
    pub fn value_ty(&self, v: Value) -> Type {
        self.values[v].ty
    }
    /// The constant behind `v`, if it is one.
    pub fn value_const(&self, v: Value) -> Option<ConstId> {
        match self.values[v].def {
            ValueDef::Const(c) => Some(c),
            _ => None,
        }
    }
    /// The instruction defining `v`, if any.
    pub fn value_inst(&self, v: Value) -> Option<Inst> {
        match self.values[v].def {
            ValueDef::Inst(i) => Some(i),
            _ => None,
        }
    }
    /// Redefines a placeholder value (reader use: forward references are filled in place).
    pub fn define_placeholder(&mut self, v: Value, def: ValueDef) {
        debug_assert!(matches!(self.values[v].def, ValueDef::Placeholder));
        if let ValueDef::Inst(i) = def {
            self.results.set(i, Some(v));
        }
        self.values[v].def = def;
    }
    /// Changes the type of a value (reader use for placeholders).
    pub fn set_value_ty(&mut self, v: Value, ty: Type) {
        self.values[v].ty = ty;
    }
    /// Value name, if named.
    #[inline]
    pub fn value_name(&self, v: Value) -> Option<&str> {
        let r = *self.names.get(v);
        if r.start == u32::MAX {
            return None;
        }
        self.name_buf.get(r.start as usize..(r.start + r.len) as usize)
    }
    /// Renames a value.
    pub fn set_value_name(&mut self, v: Value, name: Option<&str>) {
        let old = *self.names.get(v);
        // Reclaim the old text when it is the last in the buffer (renaming the newest value); other old texts stay
        // until the graph is dropped.
        if old.start != u32::MAX && (old.start + old.len) as usize == self.name_buf.len() {
            self.name_buf.truncate(old.start as usize);
        }
        let r = match name {
            Some(n) if self.name_buf.len() + n.len() < u32::MAX as usize => {
                let start = self.name_buf.len() as u32;
                self.name_buf.push_str(n);
                NameRef { start, len: n.len() as u32 }
            }
            Some(_) => panic!("value names exceed 4 GiB"),
            None => NameRef::default(),
        };
        self.names.set(v, r);
    }
    /// The uses of `v` (empty for untracked values).
    pub fn uses(&self, v: Value) -> &[Use] {
        self.uses.get(v)
    }
    /// Where operand `index` of `i` sits in its value's use list: `Some(p)` with `uses(args(i)[index])[p]` being
    /// that operand, or `None` when the value keeps no use list (constants, metadata) or the slot is not an operand.
    pub fn use_position(&self, i: Inst, index: usize) -> Option<usize> {
        match self.arg_pos.get(i).get(index) {
            Some(&p) if p != NO_POS => Some(p as usize),
            _ => None,
        }
    }
    /// Whether `v` has at least one use.
    pub fn has_uses(&self, v: Value) -> bool {
        !self.uses.get(v).is_empty()
    }
    /// All values ever created.
    pub fn values(&self) -> impl Iterator<Item = (Value, &ValueData)> {
        self.values.iter()
    }

    // ----- instructions -----

    /// Number of instructions ever created.
    pub fn num_insts(&self) -> usize {
        self.insts.len()
    }
    /// Creates an instruction (not yet in the layout), registers its uses, and creates its result value when its
    /// type is not `void`.
    pub fn make_inst(&mut self, data: InstData, void: Type) -> Inst {
        let has_result = data.ty != void;
        let ty = data.ty;
        let inst = self.insts.push(data);
        self.register_uses(inst);
        if has_result {
            let v = self.values.push(ValueData { def: ValueDef::Inst(inst), ty });
            self.results.set(inst, Some(v));
        }
        inst
    }
    /// Like [`make_inst`](Self::make_inst) but the result is the given placeholder value (reader use).
    pub fn make_inst_with_result(&mut self, data: InstData, result: Value) -> Inst {
        let inst = self.insts.push(data);
        self.register_uses(inst);
        self.define_placeholder(result, ValueDef::Inst(inst));
        inst
    }
    /// The data of `i`.
    #[inline]
    pub fn inst(&self, i: Inst) -> &InstData {
        &self.insts[i]
    }
    /// The kind of `i`, mutably (operands are changed through [`set_arg`](Self::set_arg) and friends).
    pub fn kind_mut(&mut self, i: Inst) -> &mut InstKind {
        &mut self.insts[i].kind
    }
    /// The flags of `i`, mutably.
    pub fn flags_mut(&mut self, i: Inst) -> &mut crate::inst::Flags {
        &mut self.insts[i].flags
    }
    /// The operands of `i`.
    #[inline]
    pub fn args(&self, i: Inst) -> &[Value] {
        &self.insts[i].args
    }
    /// The result of `i`, if it has one.
    #[inline]
    pub fn result(&self, i: Inst) -> Option<Value> {
        *self.results.get(i)
    }
    /// All instructions ever created (including removed ones).
    pub fn insts(&self) -> impl Iterator<Item = (Inst, &InstData)> {
        self.insts.iter()
    }

    fn register_uses(&mut self, inst: Inst) {
        let n = self.insts[inst].args.len();
        self.arg_pos.set(inst, smallvec::smallvec![NO_POS; n]);
        for index in 0..n {
            let a = self.insts[inst].args[index];
            self.add_use(a, Use { inst, index: index as u32 });
        }
    }

    /// Records operand `u` (already holding `v` in `args`) in `v`'s use list and its position in `arg_pos`.
    fn add_use(&mut self, v: Value, u: Use) {
        let pos = if self.values[v].def.tracks_uses() {
            let list = self.uses.entry(v);
            let p = list.len();
            assert!(p < NO_POS as usize, "more than 2^32 - 1 uses of one value");
            list.push(u);
            p as u32
        } else {
            NO_POS
        };
        self.arg_pos.entry(u.inst)[u.index as usize] = pos;
    }
    /// Unregisters operand `u` (which holds `v`): O(1) — swap-removes its entry and back-patches the position of
    /// the entry moved into its place.
    fn remove_use(&mut self, v: Value, u: Use) {
        let slot = &mut self.arg_pos.entry(u.inst)[u.index as usize];
        let pos = std::mem::replace(slot, NO_POS);
        if pos == NO_POS {
            return;
        }
        let list = self.uses.entry(v);
        debug_assert_eq!(list.get(pos as usize), Some(&u), "use-list position out of date");
        list.swap_remove(pos as usize);
        if let Some(&moved) = list.get(pos as usize) {
            self.arg_pos.entry(moved.inst)[moved.index as usize] = pos;
        }
    }

    /// Sets operand `index` of `i` to `v`.
    pub fn set_arg(&mut self, i: Inst, index: usize, v: Value) {
        let old = self.insts[i].args[index];
        if old == v {
            return;
        }
        let u = Use { inst: i, index: index as u32 };
        self.remove_use(old, u);
        self.insts[i].args[index] = v;
        self.add_use(v, u);
    }
    /// Appends an operand to `i` (phi incoming values, call arguments).
    pub fn push_arg(&mut self, i: Inst, v: Value) {
        let index = self.insts[i].args.len() as u32;
        self.insts[i].args.push(v);
        self.arg_pos.entry(i).push(NO_POS);
        self.add_use(v, Use { inst: i, index });
    }
    /// Removes operand `index` of `i` by moving the last operand into its place (O(1)); returns the removed value.
    /// For phis the caller must swap-remove the parallel block list the same way; see [`Self::phi_remove_incoming`].
    pub fn swap_remove_arg(&mut self, i: Inst, index: usize) -> Value {
        let last = self.insts[i].args.len() - 1;
        let removed = self.insts[i].args[index];
        self.remove_use(removed, Use { inst: i, index: index as u32 });
        if index != last {
            let moved = self.insts[i].args[last];
            self.remove_use(moved, Use { inst: i, index: last as u32 });
            self.insts[i].args[index] = moved;
            self.add_use(moved, Use { inst: i, index: index as u32 });
        }
        self.insts[i].args.pop();
        self.arg_pos.entry(i).pop();
        removed
    }
    /// Drops every operand of `i`, unregistering its uses (used before deleting an instruction).
    pub fn clear_args(&mut self, i: Inst) {
        let n = self.insts[i].args.len();
        for index in (0..n).rev() {
            let a = self.insts[i].args[index];
            self.remove_use(a, Use { inst: i, index: index as u32 });
        }
        self.insts[i].args = SmallVec::new();
        *self.arg_pos.entry(i) = SmallVec::new();
    }
    /// Replaces every use of `old` by `new`. O(uses of `old`).
    pub fn replace_all_uses(&mut self, old: Value, new: Value) {
        if old == new {
            return;
        }
        let list = std::mem::take(self.uses.entry(old));
        for u in list {
            self.insts[u.inst].args[u.index as usize] = new;
            self.add_use(new, u);
        }
    }

    // ----- phis -----

    /// Adds an incoming `(value, block)` pair to a phi.
    pub fn phi_add_incoming(&mut self, phi: Inst, v: Value, b: Block) {
        if let InstKind::Phi { blocks } = &mut self.insts[phi].kind {
            blocks.push(b);
        } else {
            panic!("phi_add_incoming on a non-phi");
        }
        self.push_arg(phi, v);
    }
    /// Removes incoming entry `index` of a phi (swap-remove: the last entry takes its place).
    pub fn phi_remove_incoming(&mut self, phi: Inst, index: usize) {
        if let InstKind::Phi { blocks } = &mut self.insts[phi].kind {
            blocks.swap_remove(index);
        }
        self.swap_remove_arg(phi, index);
    }
    /// The incoming blocks of a phi.
    pub fn phi_blocks(&self, phi: Inst) -> &[Block] {
        match &self.insts[phi].kind {
            InstKind::Phi { blocks } => blocks,
            _ => &[],
        }
    }
    /// Rewrites the incoming block `from` into `to` in a phi.
    pub fn phi_replace_block(&mut self, phi: Inst, from: Block, to: Block) {
        if let InstKind::Phi { blocks } = &mut self.insts[phi].kind {
            for b in blocks.iter_mut() {
                if *b == from {
                    *b = to;
                }
            }
        }
    }

    // ----- metadata attachments -----

    /// Attachments of `i` (`!dbg`, `!tbaa`, ...).
    pub fn inst_md(&self, i: Inst) -> &[(MdKind, MdId)] {
        self.inst_md.get(&i).map(|v| v.as_slice()).unwrap_or(&[])
    }
    /// Sets (or replaces) the attachment of kind `k` on `i`.
    pub fn set_inst_md(&mut self, i: Inst, k: MdKind, md: MdId) {
        let list = self.inst_md.entry(i).or_default();
        match list.iter_mut().find(|(kk, _)| *kk == k) {
            Some(e) => e.1 = md,
            None => list.push((k, md)),
        }
    }
    /// The attachment of kind `k` on `i`.
    pub fn get_inst_md(&self, i: Inst, k: MdKind) -> Option<MdId> {
        self.inst_md(i).iter().find(|(kk, _)| *kk == k).map(|(_, m)| *m)
    }
    /// Removes every attachment of `i`.
    pub fn clear_inst_md(&mut self, i: Inst) {
        self.inst_md.remove(&i);
    }
}

#[cfg(test)]
#[path = "dfg_tests.rs"]
mod tests;
