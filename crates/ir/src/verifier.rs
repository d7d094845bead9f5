//! The IR verifier: checks the structural, typing and SSA invariants every pass may rely on.
//!
//! [`verify_module`] checks a whole [`Module`]; [`verify_function`] checks one function together with the constants
//! and metadata attachments it refers to. Both collect every problem they find (up to [`MAX_ERRORS`]) instead of
//! stopping at the first one, never panic on malformed IR, and run in time near-linear in the size of what they
//! check: dominance is answered in O(1) per use from `simtc_graph`'s dominator tree (numbered in pre/post
//! order), and positions of instructions inside their blocks are numbered once.
//!
//! # Invariants checked
//!
//! Module:
//! - the module order lists (`global_order`, `func_order`) name existing entities, each once;
//! - global variable names are unique, function names are unique, and no function shares a name with a global
//!   (anonymous, empty names are exempt);
//! - a global's value type is a valid value type; a global with an initializer has a sized type and the
//!   initializer's type equals the value type; a global without one has `external` or `extern_weak` linkage;
//!   alignments are powers of two;
//! - every metadata node operand, named-metadata operand and function/global/instruction attachment refers to an
//!   existing node; constants inside metadata are well formed; a global's `!dbg` attachment is a
//!   `DIGlobalVariableExpression` and a function's is a `DISubprogram`;
//! - every constant reachable from a global, a metadata node or a function is well typed: integer widths match
//!   their type, floats have float types, `null` is a pointer, array/struct/vector elements have the element
//!   types and counts of the aggregate type, byte strings are `[N x i8]`, global addresses have the pointer type of
//!   the address space of an existing (listed) global or function, and constant-expression casts, binary operators
//!   and GEPs obey the same typing rules as the instructions.
//!
//! Function:
//! - the function type is a function type; there is one parameter value per parameter type, defined as that
//!   argument, with that type; a declaration has `external` or `extern_weak` linkage;
//! - the layout is not corrupt (no cycles, every instruction listed once, in the block that lists it);
//! - every block ends with exactly one terminator and has no terminator before its end; phis come before every
//!   other instruction of their block;
//! - branch targets are blocks of the layout; the entry block has no predecessors;
//! - a phi has at least one entry, as many incoming blocks as values, the set of its distinct incoming blocks
//!   equals the set of distinct predecessors of its block, and duplicate entries for one block carry one value;
//! - every operand is a value of this function (a valid id; an argument of this function; not a
//!   [`ValueDef::Placeholder`]; an instruction result whose instruction is in the layout; metadata only as a call
//!   argument; inline asm only as a callee); constant operands have their constant's type;
//! - instructions that produce a value have a result value of their type, and the others have none;
//! - SSA dominance: each use of an instruction result is dominated by its definition (same block: definition
//!   first; phi uses: the definition dominates the end of the incoming block). As in LLVM, uses in unreachable
//!   blocks are not checked, except that only phis may use their own result;
//! - the use lists of arguments and instruction results match the operands of the instructions in the layout;
//! - per-opcode typing: operand counts; binary operators (equal operand and result types; integer or float
//!   scalars or vectors as the operator requires); `fneg`; `icmp` (integers or pointers) and `fcmp` (floats) with
//!   an `i1`-shaped result; every cast's operand and result kinds, widths, shapes and address spaces; `select`;
//!   phi incoming types; `alloca` (pointer result in its address space, sized type, integer count); `load`/`store`
//!   (pointer operand, sized first-class value, orderings allowed for the access, power-of-two alignment);
//!   `getelementptr` (pointer base, sized source type, integer indices, constant in-range i32 struct indices, result
//!   pointer or vector of pointers in the base's address space); `call` (pointer callee, function type, argument
//!   count and types, varargs, result type, bundle operand counts); `atomicrmw`, `cmpxchg` (result `{ T, i1 }`)
//!   and `fence` operand types and orderings; vector element operations; `shufflevector` mask length and range;
//!   `extractvalue`/`insertvalue` index paths; `freeze`; `br` condition `i1`; `switch` on integers with unique
//!   case constants of the condition's type; `ret` against the function's return type;
//! - metadata attachments refer to existing nodes and a `!dbg` attachment on an instruction is a `DILocation`.
//!
//! Not checked: attribute compatibility, calling-convention rules (`musttail`, kernel signatures), debug-info
//! scope consistency, attachment kinds' validity (the metadata table exposes no kind count), and that values of
//! one function are not used by another beyond id range checks (ids are per function).

use crate::constant::{ConstData, ConstExprOp, ConstId, GlobalRef};
use crate::entity::EntityRef;
use crate::function::Function;
use crate::inst::{AtomicOrdering, AtomicRmwOp, BinaryOp, CastOp, Inst, InstData, InstKind, MemFlags};
use crate::layout::Block;
use crate::metadata::{MdField, MdId, MdKind, MdNode, MdOperand, MetadataTable};
use crate::module::{FuncId, Linkage, Module};
use crate::types::{Type, TypeData, TypeStore};
use crate::value::{Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};
use simtc_graph::{AdjacencyList, DomTree};
use smallvec::SmallVec;
use std::fmt;

/// The most errors one verification reports; checking stops once this many were found.
pub const MAX_ERRORS: usize = 100;

/// One violated invariant, located as precisely as possible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifierError {
    /// The function the problem is in, without `@`; `None` for module-level problems.
    pub func: Option<String>,
    /// The block the problem is in, without `%`: its name, or `bbN` when it is unnamed.
    pub block: Option<String>,
    /// A short rendering of the offending instruction: result label, opcode and operand labels.
    pub inst: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for VerifierError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: SmallVec<[String; 3]> = SmallVec::new();
        if let Some(func) = &self.func {
            parts.push(format!("function @{func}"));
        }
        if let Some(b) = &self.block {
            parts.push(format!("block %{b}"));
        }
        if let Some(i) = &self.inst {
            parts.push(format!("instruction `{i}`"));
        }
        if parts.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "in {}: {}", parts.join(", "), self.message)
        }
    }
}

impl std::error::Error for VerifierError {}

/// Verifies every module-level invariant and every function in [`Module::func_order`].
///
/// Returns all problems found (at most [`MAX_ERRORS`]).
pub fn verify_module(m: &Module) -> Result<(), Vec<VerifierError>> {
    let mut v = Verifier::new(m);
    v.verify_module_level();
    let mut seen = vec![false; m.funcs.len()];
    for &f in &m.func_order {
        if v.full() {
            break;
        }
        if m.funcs.is_valid(f) && !std::mem::replace(&mut seen[f.index()], true) {
            v.verify_function(f);
        }
    }
    v.finish()
}

/// Verifies one function: its signature, attachments, structure, SSA form and typing, and the constants it uses.
///
/// Returns all problems found (at most [`MAX_ERRORS`]).
pub fn verify_function(m: &Module, f: FuncId) -> Result<(), Vec<VerifierError>> {
    let mut v = Verifier::new(m);
    if m.funcs.is_valid(f) {
        v.verify_function(f);
    } else {
        v.module_err(format!("function {f} does not exist"));
    }
    v.finish()
}

// ---------------------------------------------------------------------------------------------------------------
// Module-level verification
// ---------------------------------------------------------------------------------------------------------------

#[derive(Copy, Clone, PartialEq, Eq)]
enum ConstState {
    Unvisited,
    InProgress,
    Good,
    Bad,
}

/// How deep nested constants are followed before giving up (guards the recursion on corrupt pools).
const MAX_CONST_DEPTH: u32 = 256;

struct Verifier<'m> {
    m: &'m Module,
    errors: Vec<VerifierError>,
    const_state: Vec<ConstState>,
    live_globals: Vec<bool>,
    live_funcs: Vec<bool>,
}

impl<'m> Verifier<'m> {
    fn new(m: &'m Module) -> Self {
        let mut live_globals = vec![false; m.globals.len()];
        for &g in &m.global_order {
            if let Some(x) = live_globals.get_mut(g.index()) {
                *x = true;
            }
        }
        let mut live_funcs = vec![false; m.funcs.len()];
        for &f in &m.func_order {
            if let Some(x) = live_funcs.get_mut(f.index()) {
                *x = true;
            }
        }
        Verifier {
            m,
            errors: Vec::new(),
            const_state: vec![ConstState::Unvisited; m.consts.len()],
            live_globals,
            live_funcs,
        }
    }

    fn full(&self) -> bool {
        self.errors.len() >= MAX_ERRORS
    }

    fn push(&mut self, e: VerifierError) {
        if !self.full() {
            self.errors.push(e);
        }
    }

    fn module_err(&mut self, message: String) {
        self.push(VerifierError { func: None, block: None, inst: None, message });
    }

    fn finish(self) -> Result<(), Vec<VerifierError>> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(self.errors)
        }
    }

    fn verify_module_level(&mut self) {
        let m = self.m;
        // Names and order lists.
        let mut names: FxHashMap<&str, bool> = FxHashMap::default();
        let mut seen_globals = vec![false; m.globals.len()];
        let mut globals = Vec::with_capacity(m.global_order.len());
        for &g in &m.global_order {
            if !m.globals.is_valid(g) {
                self.module_err(format!("the module's global order lists nonexistent global {g}"));
                continue;
            }
            let name = m.globals[g].name.as_str();
            if std::mem::replace(&mut seen_globals[g.index()], true) {
                self.module_err(format!("global @{name} is listed twice in the module's global order"));
                continue;
            }
            globals.push(g);
            if !name.is_empty() && names.insert(name, false).is_some() {
                self.module_err(format!("duplicate global variable name @{name}"));
            }
        }
        let mut seen_funcs = vec![false; m.funcs.len()];
        for &f in &m.func_order {
            if !m.funcs.is_valid(f) {
                self.module_err(format!("the module's function order lists nonexistent function {f}"));
                continue;
            }
            let name = m.funcs[f].name.as_str();
            if std::mem::replace(&mut seen_funcs[f.index()], true) {
                self.module_err(format!("function @{name} is listed twice in the module's function order"));
                continue;
            }
            if name.is_empty() {
                continue;
            }
            match names.insert(name, true) {
                Some(true) => self.module_err(format!("duplicate function name @{name}")),
                Some(false) => self.module_err(format!("function name @{name} conflicts with a global variable")),
                None => {}
            }
        }
        for g in globals {
            if self.full() {
                return;
            }
            self.check_global(g);
        }
        self.check_metadata_table();
    }

    fn check_global(&mut self, g: crate::module::GlobalId) {
        let m = self.m;
        let ts = &m.types;
        let gv = &m.globals[g];
        let name = &gv.name;
        if gv.ty.index() >= ts.len() {
            self.module_err(format!("global @{name}: value type {} does not exist", gv.ty));
            return;
        }
        if matches!(
            ts.data(gv.ty),
            TypeData::Void | TypeData::Func { .. } | TypeData::Label | TypeData::Metadata | TypeData::Token
        ) {
            self.module_err(format!("global @{name}: invalid value type {}", type_name(ts, gv.ty)));
        }
        match gv.init {
            Some(c) => {
                if !ts.is_sized(gv.ty) {
                    self.module_err(format!(
                        "global @{name}: a global with an initializer must have a sized type, got {}",
                        type_name(ts, gv.ty)
                    ));
                }
                if c.index() >= m.consts.len() {
                    self.module_err(format!("global @{name}: initializer {c} does not exist"));
                } else {
                    let ct = m.consts.ty(c);
                    if ct != gv.ty {
                        self.module_err(format!(
                            "global @{name}: initializer type {} does not match the global's value type {}",
                            type_name(ts, ct),
                            type_name(ts, gv.ty)
                        ));
                    }
                    if let Err(e) = self.check_const(c) {
                        self.module_err(format!("global @{name}: invalid initializer: {e}"));
                    }
                }
            }
            None => {
                if !matches!(gv.linkage, Linkage::External | Linkage::ExternWeak) {
                    self.module_err(format!(
                        "global @{name}: a global without an initializer must have external or extern_weak linkage, \
                         not {}",
                        gv.linkage.name()
                    ));
                }
            }
        }
        if let Some(e) = align_problem(gv.align) {
            self.module_err(format!("global @{name}: {e}"));
        }
        for &(k, md) in &gv.md {
            if let Err(e) = self.check_attachment(k, md, "DIGlobalVariableExpression") {
                self.module_err(format!("global @{name}: {e}"));
            }
        }
    }

    fn check_metadata_table(&mut self) {
        let md = &self.m.metadata;
        for (id, node) in md.iter() {
            if self.full() {
                return;
            }
            let check = |v: &mut Self, op: &MdOperand| {
                if let Err(e) = v.check_md_operand(op) {
                    v.module_err(format!("metadata node {id}: {e}"));
                }
            };
            match node {
                MdNode::Tuple { ops, .. } => ops.iter().for_each(|op| check(self, op)),
                MdNode::Special { fields, .. } => {
                    for (_, f) in fields {
                        if let MdField::Ref(op) = f {
                            check(self, op);
                        }
                    }
                }
            }
        }
        for (name, ids) in &md.named {
            for &id in ids {
                if id.index() >= md.len() {
                    self.module_err(format!("named metadata !{name} references nonexistent metadata node {id}"));
                }
            }
        }
    }

    fn check_md_operand(&mut self, op: &MdOperand) -> Result<(), String> {
        match op {
            MdOperand::Node(n) if n.index() >= self.m.metadata.len() => {
                Err(format!("references nonexistent metadata node {n}"))
            }
            MdOperand::Value(c) => self.check_const(*c).map_err(|e| format!("invalid constant operand: {e}")),
            _ => Ok(()),
        }
    }

    /// Checks one attachment `!kind !md`; a `!dbg` attachment must be a `dbg_class` node.
    fn check_attachment(&self, k: MdKind, md: MdId, dbg_class: &str) -> Result<(), String> {
        let table = &self.m.metadata;
        if md.index() >= table.len() {
            return Err(format!("metadata attachment references nonexistent node {md}"));
        }
        if k == MetadataTable::dbg_kind() && table.special_kind(md) != Some(dbg_class) {
            return Err(format!("!dbg attachment {md} must be a {dbg_class} node"));
        }
        Ok(())
    }

    /// Checks a constant (memoized). A constant found bad is reported once: later checks of it succeed.
    fn check_const(&mut self, c: ConstId) -> Result<(), String> {
        self.check_const_depth(c, 0)
    }

    fn check_const_depth(&mut self, c: ConstId, depth: u32) -> Result<(), String> {
        if c.index() >= self.m.consts.len() {
            return Err(format!("constant {c} does not exist"));
        }
        match self.const_state[c.index()] {
            ConstState::Good | ConstState::Bad => return Ok(()),
            ConstState::InProgress => return Err(format!("constant {c} refers to itself")),
            ConstState::Unvisited => {}
        }
        if depth > MAX_CONST_DEPTH {
            return Err("constant nesting is too deep".into());
        }
        self.const_state[c.index()] = ConstState::InProgress;
        let r = self.const_problem(c, depth);
        self.const_state[c.index()] = if r.is_ok() { ConstState::Good } else { ConstState::Bad };
        r
    }

    /// Checks the elements of an aggregate constant against the expected element types.
    fn check_elements(
        &mut self,
        elems: &[ConstId],
        expected: impl Fn(usize) -> Type,
        depth: u32,
    ) -> Result<(), String> {
        let m = self.m;
        for (k, &e) in elems.iter().enumerate() {
            if e.index() >= m.consts.len() {
                return Err(format!("element {k} ({e}) does not exist"));
            }
            let (got, want) = (m.consts.ty(e), expected(k));
            if got != want {
                return Err(format!(
                    "element {k} has type {} but the aggregate expects {}",
                    type_name(&m.types, got),
                    type_name(&m.types, want)
                ));
            }
            self.check_const_depth(e, depth + 1).map_err(|err| format!("element {k}: {err}"))?;
        }
        Ok(())
    }

    fn const_problem(&mut self, c: ConstId, depth: u32) -> Result<(), String> {
        let m = self.m;
        let ts = &m.types;
        let d = m.consts.data(c);
        let ty = d.ty();
        if ty.index() >= ts.len() {
            return Err(format!("constant type {ty} does not exist"));
        }
        let tn = |t: Type| type_name(ts, t);
        match d {
            ConstData::Int(t, v) => {
                if ts.int_width(*t) != Some(v.width()) {
                    return Err(format!("integer constant of width {} has type {}", v.width(), tn(*t)));
                }
            }
            ConstData::Float(t, _) => {
                if !ts.is_float(*t) {
                    return Err(format!("floating-point constant has non-float type {}", tn(*t)));
                }
            }
            ConstData::Null(t) => {
                if !ts.is_ptr(*t) {
                    return Err(format!("null constant must have a pointer type, got {}", tn(*t)));
                }
            }
            ConstData::Undef(t) | ConstData::Poison(t) | ConstData::Zero(t) => {
                if matches!(ts.data(*t), TypeData::Void | TypeData::Func { .. } | TypeData::Label) {
                    return Err(format!("constant cannot have type {}", tn(*t)));
                }
            }
            ConstData::NoneToken => {}
            ConstData::Array(t, elems) => {
                let TypeData::Array { len, elem } = *ts.data(*t) else {
                    return Err(format!("array constant has non-array type {}", tn(*t)));
                };
                if elems.len() as u64 != len {
                    return Err(format!(
                        "array constant has {} elements but its type {} has {len}",
                        elems.len(),
                        tn(*t)
                    ));
                }
                self.check_elements(elems, |_| elem, depth)?;
            }
            ConstData::Struct(t, elems) => {
                let Some(fields) = ts.struct_fields(*t) else {
                    return Err(format!("struct constant has non-struct (or opaque) type {}", tn(*t)));
                };
                if elems.len() != fields.len() {
                    return Err(format!(
                        "struct constant has {} fields but its type {} has {}",
                        elems.len(),
                        tn(*t),
                        fields.len()
                    ));
                }
                self.check_elements(elems, |k| fields[k], depth)?;
            }
            ConstData::Vector(t, elems) => {
                let TypeData::Vector { len, elem, scalable } = *ts.data(*t) else {
                    return Err(format!("vector constant has non-vector type {}", tn(*t)));
                };
                if scalable || elems.len() != len as usize {
                    return Err(format!("vector constant has {} elements but its type is {}", elems.len(), tn(*t)));
                }
                self.check_elements(elems, |_| elem, depth)?;
            }
            ConstData::Bytes(t, bytes) => match *ts.data(*t) {
                TypeData::Array { len, elem } if elem == Type::I8 => {
                    if bytes.len() as u64 != len {
                        return Err(format!("byte string has {} bytes but its type is {}", bytes.len(), tn(*t)));
                    }
                }
                _ => return Err(format!("byte string constant must have type [N x i8], got {}", tn(*t))),
            },
            ConstData::Global(t, r) => {
                let Some(aspace) = ts.ptr_addrspace(*t) else {
                    return Err(format!("global address constant must have a pointer type, got {}", tn(*t)));
                };
                let (name, want_as) = match *r {
                    GlobalRef::Var(g) => {
                        if !self.live_globals.get(g.index()).copied().unwrap_or(false) {
                            return Err(match m.globals.get(g) {
                                Some(gv) => {
                                    format!("global address refers to removed global @{}", gv.name)
                                }
                                None => format!("global address refers to nonexistent global {g}"),
                            });
                        }
                        (&m.globals[g].name, m.globals[g].addrspace)
                    }
                    GlobalRef::Func(f) => {
                        if !self.live_funcs.get(f.index()).copied().unwrap_or(false) {
                            return Err(match m.funcs.get(f) {
                                Some(fv) => format!("global address refers to removed function @{}", fv.name),
                                None => {
                                    format!("global address refers to nonexistent function {f}")
                                }
                            });
                        }
                        (&m.funcs[f].name, m.funcs[f].addrspace.unwrap_or(0))
                    }
                };
                if aspace != want_as {
                    return Err(format!(
                        "address of @{name} has type {} but @{name} is in address space {want_as}",
                        tn(*t)
                    ));
                }
            }
            ConstData::Expr { ty, op, operands } => {
                for (k, &o) in operands.iter().enumerate() {
                    if o.index() >= m.consts.len() {
                        return Err(format!("constant expression operand {k} ({o}) does not exist"));
                    }
                    self.check_const_depth(o, depth + 1).map_err(|e| format!("operand {k}: {e}"))?;
                }
                let oty = |k: usize| m.consts.ty(operands[k]);
                let problem = match op {
                    ConstExprOp::Cast(cop) => {
                        if operands.len() != 1 {
                            return Err(format!("constant {cop} expression must have 1 operand"));
                        }
                        cast_problem(ts, *cop, oty(0), *ty)
                    }
                    ConstExprOp::Binary(bop, _) => {
                        if operands.len() != 2 {
                            return Err(format!("constant {bop} expression must have 2 operands"));
                        }
                        binary_problem(ts, *bop, oty(0), oty(1), *ty)
                    }
                    ConstExprOp::Gep { source_ty, .. } => {
                        if operands.is_empty() {
                            return Err("constant getelementptr expression needs a base operand".into());
                        }
                        if source_ty.index() >= ts.len() {
                            return Err(format!("getelementptr source type {source_ty} does not exist"));
                        }
                        let idx: SmallVec<[(Type, Option<u64>); 4]> =
                            operands[1..].iter().map(|&o| (m.consts.ty(o), const_index_value(m, o))).collect();
                        gep_problem(ts, *source_ty, oty(0), &idx, *ty)
                    }
                };
                if let Some(p) = problem {
                    return Err(format!("invalid constant expression: {p}"));
                }
            }
        }
        Ok(())
    }

    fn verify_function(&mut self, fid: FuncId) {
        let m = self.m;
        let f = &m.funcs[fid];
        FuncVerifier { v: self, m, f }.run();
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Function verification
// ---------------------------------------------------------------------------------------------------------------

/// Successor or predecessor block indices, by block index.
type Adjacency = Vec<SmallVec<[u32; 2]>>;

/// "No block" / "not in the layout" / "unreachable" marker in the dense side tables.
const NONE: u32 = u32::MAX;

/// Instruction order of a function, read once from the layout.
struct LayoutInfo {
    /// Every instruction of the layout, block after block.
    order: Vec<Inst>,
    /// `(block, start, end)` ranges of `order`, in layout order.
    ranges: Vec<(Block, usize, usize)>,
    /// Whether a block (by index) is in the layout.
    in_layout: Vec<bool>,
    /// The block index of each instruction (by index), `NONE` when not in the layout.
    inst_block: Vec<u32>,
    /// The position of each instruction inside its block.
    inst_pos: Vec<u32>,
}

struct FuncVerifier<'a, 'm> {
    v: &'a mut Verifier<'m>,
    m: &'m Module,
    f: &'m Function,
}

impl FuncVerifier<'_, '_> {
    fn err(&mut self, b: Option<Block>, i: Option<Inst>, message: String) {
        if self.v.full() {
            return;
        }
        let e = VerifierError {
            func: Some(self.f.name.clone()),
            block: b.map(|b| block_name(self.f, b)),
            inst: i.map(|i| inst_text(self.m, self.f, i)),
            message,
        };
        self.v.push(e);
    }

    fn run(&mut self) {
        let f = self.f;
        let ret_ty = self.check_signature();
        for &(k, md) in &f.md {
            if let Err(e) = self.v.check_attachment(k, md, "DISubprogram") {
                self.err(None, None, e);
            }
        }
        let Some(entry) = f.layout.entry_block() else {
            if !matches!(f.linkage, Linkage::External | Linkage::ExternWeak) {
                self.err(
                    None,
                    None,
                    format!(
                        "a function declaration (no blocks) must have external or extern_weak linkage, not {}",
                        f.linkage.name()
                    ),
                );
            }
            return;
        };
        if !self.check_value_table() {
            return;
        }
        let Some(lay) = self.scan_layout(entry) else {
            return;
        };
        self.check_block_structure(&lay);
        let (succs, preds) = self.build_cfg(&lay, entry);
        let dom = DomTree::compute(&AdjacencyList::new(entry.index() as u32, succs));
        let op_counts = self.check_insts(&lay, &preds, &dom, ret_ty);
        self.check_use_lists(&lay, &op_counts);
    }

    /// Checks the function type against the parameters; returns the return type when the type is usable.
    fn check_signature(&mut self) -> Option<Type> {
        let (m, f) = (self.m, self.f);
        let ts = &m.types;
        if f.ty.index() >= ts.len() {
            self.err(None, None, format!("function type {} does not exist", f.ty));
            return None;
        }
        let Some((ret, params, _)) = ts.func_parts(f.ty) else {
            self.err(None, None, format!("function type {} is not a function type", type_name(ts, f.ty)));
            return None;
        };
        if f.params.len() != params.len() {
            self.err(
                None,
                None,
                format!(
                    "function has {} parameter values but its type {} has {} parameters",
                    f.params.len(),
                    type_name(ts, f.ty),
                    params.len()
                ),
            );
        }
        for (k, (&pv, &pt)) in f.params.iter().zip(params).enumerate() {
            if pv.index() >= f.dfg.num_values() {
                self.err(None, None, format!("parameter {k} is not a value of this function"));
            } else if *f.dfg.value_def(pv) != ValueDef::Arg(k as u32) {
                self.err(None, None, format!("parameter {k} ({}) is not defined as argument {k}", f.value_label(pv)));
            } else if f.dfg.value_ty(pv) != pt {
                self.err(
                    None,
                    None,
                    format!(
                        "parameter {k} ({}) has type {} but the function type says {}",
                        f.value_label(pv),
                        type_name(ts, f.dfg.value_ty(pv)),
                        type_name(ts, pt)
                    ),
                );
            }
        }
        Some(ret)
    }

    /// Checks that every value has an existing type and defining instruction; false when the table is unusable.
    fn check_value_table(&mut self) -> bool {
        let (ts, dfg) = (&self.m.types, &self.f.dfg);
        let mut ok = true;
        for (v, data) in dfg.values() {
            if data.ty.index() >= ts.len() {
                self.err(None, None, format!("value {} has nonexistent type {}", self.f.value_label(v), data.ty));
                ok = false;
            }
            if let ValueDef::Inst(i) = data.def {
                if i.index() >= dfg.num_insts() {
                    self.err(None, None, format!("value {} is defined by nonexistent {i}", self.f.value_label(v)));
                    ok = false;
                }
            }
        }
        ok
    }

    /// Reads the layout once, checking that it is not corrupt. `None` when it cannot be trusted.
    fn scan_layout(&mut self, entry: Block) -> Option<LayoutInfo> {
        let (f, ts) = (self.f, &self.m.types);
        let (nb, ni) = (f.dfg.num_blocks(), f.dfg.num_insts());
        let mut lay = LayoutInfo {
            order: Vec::with_capacity(ni),
            ranges: Vec::with_capacity(f.layout.num_blocks()),
            in_layout: vec![false; nb],
            inst_block: vec![NONE; ni],
            inst_pos: vec![0; ni],
        };
        let mut cur = Some(entry);
        while let Some(b) = cur {
            if b.index() >= nb {
                self.err(None, None, format!("the layout contains nonexistent block {b}"));
                return None;
            }
            if std::mem::replace(&mut lay.in_layout[b.index()], true) {
                self.err(Some(b), None, "the block list of the layout is cyclic".into());
                return None;
            }
            let start = lay.order.len();
            let mut ci = f.layout.first_inst(b);
            while let Some(i) = ci {
                if i.index() >= ni {
                    self.err(Some(b), None, format!("the layout contains nonexistent instruction {i}"));
                    return None;
                }
                if lay.inst_block[i.index()] != NONE {
                    self.err(Some(b), Some(i), "instruction is listed twice in the layout".into());
                    return None;
                }
                if f.layout.inst_block(i) != Some(b) {
                    self.err(
                        Some(b),
                        Some(i),
                        "the layout lists the instruction in a block it does not belong to".into(),
                    );
                    return None;
                }
                let d = f.dfg.inst(i);
                let types_ok = [Some(d.ty), kind_type(&d.kind)].into_iter().flatten().all(|t| t.index() < ts.len());
                if !types_ok {
                    self.err(Some(b), Some(i), "instruction refers to a nonexistent type".into());
                    return None;
                }
                lay.inst_block[i.index()] = b.index() as u32;
                lay.inst_pos[i.index()] = (lay.order.len() - start) as u32;
                lay.order.push(i);
                ci = f.layout.next_inst(i);
            }
            if f.layout.last_inst(b) != lay.order[start..].last().copied() {
                self.err(Some(b), None, "the layout's last instruction of the block is not the end of its list".into());
                return None;
            }
            lay.ranges.push((b, start, lay.order.len()));
            cur = f.layout.next_block(b);
        }
        Some(lay)
    }

    fn check_block_structure(&mut self, lay: &LayoutInfo) {
        let dfg = &self.f.dfg;
        for &(b, start, end) in &lay.ranges {
            if self.v.full() {
                return;
            }
            let insts = &lay.order[start..end];
            let Some(&last) = insts.last() else {
                self.err(Some(b), None, "block does not end with a terminator (the block is empty)".into());
                continue;
            };
            let mut seen_non_phi = false;
            for (k, &i) in insts.iter().enumerate() {
                let d = dfg.inst(i);
                if d.is_terminator() && k + 1 != insts.len() {
                    self.err(Some(b), Some(i), "terminator found in the middle of a block".into());
                }
                if d.is_phi() {
                    if seen_non_phi {
                        self.err(Some(b), Some(i), "phi nodes must be grouped at the top of their block".into());
                    }
                } else {
                    seen_non_phi = true;
                }
            }
            if !dfg.inst(last).is_terminator() {
                self.err(Some(b), Some(last), "block does not end with a terminator".into());
            }
        }
    }

    /// Successor and predecessor lists by block index, with branch targets checked.
    fn build_cfg(&mut self, lay: &LayoutInfo, entry: Block) -> (Adjacency, Adjacency) {
        let f = self.f;
        let nb = f.dfg.num_blocks();
        let mut succs: Adjacency = vec![SmallVec::new(); nb];
        let mut preds: Adjacency = vec![SmallVec::new(); nb];
        for &(b, start, end) in &lay.ranges {
            if start == end {
                continue;
            }
            let t = lay.order[end - 1];
            let d = f.dfg.inst(t);
            if !d.is_terminator() {
                continue;
            }
            let mut targets_entry = false;
            for s in d.successors() {
                if s.index() >= nb || !lay.in_layout[s.index()] {
                    self.err(
                        Some(b),
                        Some(t),
                        format!("branch target {} is not a block of this function", block_ref(f, s)),
                    );
                    continue;
                }
                targets_entry |= s == entry;
                succs[b.index()].push(s.index() as u32);
                preds[s.index()].push(b.index() as u32);
            }
            if targets_entry {
                self.err(
                    Some(b),
                    Some(t),
                    format!("the entry block {} must not have predecessors", block_ref(f, entry)),
                );
            }
        }
        (succs, preds)
    }

    /// Per-instruction checks; returns the number of layout operands referring to each value (by index).
    fn check_insts(
        &mut self,
        lay: &LayoutInfo,
        preds: &[SmallVec<[u32; 2]>],
        dom: &DomTree,
        ret_ty: Option<Type>,
    ) -> Vec<u32> {
        let f = self.f;
        let nb = f.dfg.num_blocks();
        let mut op_counts = vec![0u32; f.dfg.num_values()];
        // Phi bookkeeping: `pred_mark[b] == block_stamp` marks the predecessors of the current block;
        // `seen[b] == (phi_stamp, v)` marks the incoming blocks of the current phi with their value.
        let mut pred_mark = vec![0u32; nb];
        let mut seen: Vec<(u32, Value)> = vec![(0, Value::new(0)); nb];
        let mut stamp = 0u32;
        let mut types_out: Vec<String> = Vec::new();
        for &(b, start, end) in &lay.ranges {
            let reachable = dom.is_reachable(b.index() as u32);
            let mut block_stamp = 0;
            let mut distinct_preds = 0usize;
            for (pos, &i) in lay.order[start..end].iter().enumerate() {
                if self.v.full() {
                    return op_counts;
                }
                let d = f.dfg.inst(i);
                let ids_ok = self.check_operands(lay, dom, b, i, d, pos as u32, reachable, &mut op_counts);
                let shape_ok = self.check_arity_and_result(b, i, d);
                if ids_ok && shape_ok {
                    types_out.clear();
                    check_inst_types(self.m, f, ret_ty, d, &mut types_out);
                    for msg in types_out.drain(..) {
                        self.err(Some(b), Some(i), msg);
                    }
                }
                if let InstKind::Switch { cases, .. } = &d.kind {
                    for &(c, _) in cases {
                        if let Err(e) = self.v.check_const(c) {
                            self.err(Some(b), Some(i), format!("invalid case constant: {e}"));
                        }
                    }
                }
                if let InstKind::Phi { blocks } = &d.kind {
                    if block_stamp == 0 {
                        stamp += 1;
                        block_stamp = stamp;
                        for &p in &preds[b.index()] {
                            if pred_mark[p as usize] != block_stamp {
                                pred_mark[p as usize] = block_stamp;
                                distinct_preds += 1;
                            }
                        }
                    }
                    stamp += 1;
                    let phi_stamp = stamp;
                    self.check_phi_entries(
                        b,
                        i,
                        blocks,
                        &d.args,
                        (&preds[b.index()], &pred_mark, block_stamp, distinct_preds),
                        (&mut seen, phi_stamp),
                    );
                }
                for &(k, md) in f.dfg.inst_md(i) {
                    if let Err(e) = self.v.check_attachment(k, md, "DILocation") {
                        self.err(Some(b), Some(i), e);
                    }
                }
            }
        }
        op_counts
    }

    /// Checks the incoming blocks of a phi against the predecessors of its block.
    fn check_phi_entries(
        &mut self,
        b: Block,
        i: Inst,
        blocks: &[Block],
        args: &[Value],
        (preds, pred_mark, block_stamp, distinct_preds): (&[u32], &[u32], u32, usize),
        (seen, phi_stamp): (&mut [(u32, Value)], u32),
    ) {
        let f = self.f;
        if blocks.is_empty() && args.is_empty() {
            self.err(Some(b), Some(i), "phi node must have at least one entry".into());
            return;
        }
        if blocks.len() != args.len() {
            self.err(
                Some(b),
                Some(i),
                format!("phi node has {} incoming blocks but {} incoming values", blocks.len(), args.len()),
            );
        }
        let mut distinct = 0usize;
        for (&pb, &v) in blocks.iter().zip(args) {
            let pi = pb.index();
            if pi >= pred_mark.len() || pred_mark[pi] != block_stamp {
                self.err(
                    Some(b),
                    Some(i),
                    format!(
                        "phi node entries do not match predecessors: {} is not a predecessor of this block",
                        block_ref(f, pb)
                    ),
                );
                continue;
            }
            if seen[pi].0 == phi_stamp {
                if seen[pi].1 != v {
                    self.err(
                        Some(b),
                        Some(i),
                        format!("phi node has multiple entries for block {} with different values", block_ref(f, pb)),
                    );
                }
            } else {
                seen[pi] = (phi_stamp, v);
                distinct += 1;
            }
        }
        if distinct != distinct_preds {
            let mut missing: Vec<String> = Vec::new();
            for &p in preds {
                if seen[p as usize].0 != phi_stamp {
                    seen[p as usize].0 = phi_stamp; // report each missing predecessor once
                    missing.push(block_ref(f, Block::new(p as usize)));
                }
            }
            if !missing.is_empty() {
                self.err(
                    Some(b),
                    Some(i),
                    format!("phi node entries do not match predecessors: no entry for {}", missing.join(", ")),
                );
            }
        }
    }

    /// Checks the operands of one instruction (ids, definitions, dominance). Returns whether every operand id is
    /// valid, so that type checks may look at the operands.
    #[allow(clippy::too_many_arguments)]
    fn check_operands(
        &mut self,
        lay: &LayoutInfo,
        dom: &DomTree,
        b: Block,
        i: Inst,
        d: &InstData,
        pos: u32,
        reachable: bool,
        op_counts: &mut [u32],
    ) -> bool {
        let f = self.f;
        let dfg = &f.dfg;
        let mut ids_ok = true;
        let is_call = matches!(d.kind, InstKind::Call(_));
        for (k, &a) in d.args.iter().enumerate() {
            if a.index() >= dfg.num_values() {
                self.err(Some(b), Some(i), format!("operand {k} ({a}) is not a value of this function"));
                ids_ok = false;
                continue;
            }
            let def = dfg.value_def(a);
            if def.tracks_uses() {
                op_counts[a.index()] += 1;
            }
            match def {
                ValueDef::Placeholder => self.err(
                    Some(b),
                    Some(i),
                    format!(
                        "operand {} is an unresolved placeholder (a forward reference never defined)",
                        f.value_label(a)
                    ),
                ),
                ValueDef::Arg(n) => {
                    if f.params.get(*n as usize) != Some(&a) {
                        self.err(
                            Some(b),
                            Some(i),
                            format!(
                                "operand {} is an argument value that is not a parameter of this function",
                                f.value_label(a)
                            ),
                        );
                    }
                }
                ValueDef::Const(c) => {
                    if c.index() >= self.m.consts.len() {
                        self.err(Some(b), Some(i), format!("operand {k} refers to nonexistent constant {c}"));
                        continue;
                    }
                    let (vt, ct) = (dfg.value_ty(a), self.m.consts.ty(*c));
                    if vt != ct {
                        self.err(
                            Some(b),
                            Some(i),
                            format!(
                                "constant operand {k} has type {} but its constant has type {}",
                                type_name(&self.m.types, vt),
                                type_name(&self.m.types, ct)
                            ),
                        );
                    }
                    if let Err(e) = self.v.check_const(*c) {
                        self.err(Some(b), Some(i), format!("invalid constant operand {k}: {e}"));
                    }
                }
                ValueDef::Metadata(op) => {
                    if !is_call || k == 0 {
                        self.err(Some(b), Some(i), "metadata may only be used as a call argument".into());
                    }
                    if let Err(e) = self.v.check_md_operand(op) {
                        self.err(Some(b), Some(i), format!("metadata operand {k}: {e}"));
                    }
                }
                ValueDef::InlineAsm(_) => {
                    if !is_call || k != 0 {
                        self.err(Some(b), Some(i), "inline asm may only be used as the callee of a call".into());
                    }
                }
                ValueDef::Inst(di) => {
                    let di = *di;
                    if dfg.result(di) != Some(a) {
                        self.err(
                            Some(b),
                            Some(i),
                            format!("operand {} is not the result of its defining instruction", f.value_label(a)),
                        );
                        continue;
                    }
                    let db = lay.inst_block[di.index()];
                    if db == NONE {
                        self.err(
                            Some(b),
                            Some(i),
                            format!(
                                "operand {} is defined by an instruction that is not in the function",
                                f.value_label(a)
                            ),
                        );
                        continue;
                    }
                    if di == i && !d.is_phi() {
                        self.err(Some(b), Some(i), "only phi nodes may use their own result".into());
                        continue;
                    }
                    if let InstKind::Phi { blocks } = &d.kind {
                        // The use happens at the end of the incoming block.
                        let Some(&pb) = blocks.get(k) else { continue };
                        if pb.index() >= lay.in_layout.len() || !dom.is_reachable(pb.index() as u32) {
                            continue;
                        }
                        let pbi = pb.index() as u32;
                        if db != pbi && !dom.dominates(db, pbi) {
                            self.err(
                                Some(b),
                                Some(i),
                                format!(
                                    "instruction does not dominate all uses: {} (defined in block {}) does not dominate \
                                     the end of incoming block {}",
                                    f.value_label(a),
                                    block_ref(f, Block::new(db as usize)),
                                    block_ref(f, pb)
                                ),
                            );
                        }
                    } else if reachable {
                        let bi = b.index() as u32;
                        let ok = if db == bi { lay.inst_pos[di.index()] < pos } else { dom.dominates(db, bi) };
                        if !ok {
                            let where_ = if db == bi {
                                "later in the same block".to_string()
                            } else {
                                format!("in block {}", block_ref(f, Block::new(db as usize)))
                            };
                            self.err(
                                Some(b),
                                Some(i),
                                format!(
                                    "instruction does not dominate all uses: {} (defined {where_}) is used here",
                                    f.value_label(a)
                                ),
                            );
                        }
                    }
                }
            }
        }
        ids_ok
    }

    /// Checks the operand count for the kind and the result value; false when type checks cannot proceed.
    fn check_arity_and_result(&mut self, b: Block, i: Inst, d: &InstData) -> bool {
        let f = self.f;
        let n = d.args.len();
        let expected: Option<&str> = match &d.kind {
            InstKind::Binary(_)
            | InstKind::ICmp(_)
            | InstKind::FCmp(_)
            | InstKind::Store(_)
            | InstKind::AtomicRmw(..)
            | InstKind::ExtractElement
            | InstKind::ShuffleVector { .. }
            | InstKind::InsertValue { .. } => (n != 2).then_some("2"),
            InstKind::FNeg
            | InstKind::Cast(_)
            | InstKind::Load(_)
            | InstKind::ExtractValue { .. }
            | InstKind::Freeze
            | InstKind::CondBr { .. }
            | InstKind::Switch { .. } => (n != 1).then_some("1"),
            InstKind::Select | InstKind::CmpXchg { .. } | InstKind::InsertElement => (n != 3).then_some("3"),
            InstKind::Alloca { .. } | InstKind::Ret => (n > 1).then_some("at most 1"),
            InstKind::Gep { .. } | InstKind::Call(_) => (n == 0).then_some("at least 1"),
            InstKind::Fence(_) | InstKind::Br { .. } | InstKind::Unreachable => (n != 0).then_some("0"),
            InstKind::Phi { .. } => None, // checked against the incoming blocks
        };
        let mut ok = true;
        if let Some(e) = expected {
            self.err(Some(b), Some(i), format!("{} expects {e} operands, got {n}", d.opcode_name()));
            ok = false;
        }
        let must_be_void = matches!(
            d.kind,
            InstKind::Store(_)
                | InstKind::Fence(_)
                | InstKind::Br { .. }
                | InstKind::CondBr { .. }
                | InstKind::Switch { .. }
                | InstKind::Ret
                | InstKind::Unreachable
        );
        let is_void = d.ty == Type::VOID;
        if must_be_void && !is_void {
            self.err(Some(b), Some(i), format!("{} must not produce a value", d.opcode_name()));
            ok = false;
        } else if !is_void && !matches!(d.kind, InstKind::Call(_)) && !self.m.types.is_first_class(d.ty) {
            self.err(
                Some(b),
                Some(i),
                format!("instruction result type {} is not a first-class type", type_name(&self.m.types, d.ty)),
            );
        } else if is_void && !must_be_void && !matches!(d.kind, InstKind::Call(_)) {
            self.err(Some(b), Some(i), format!("{} must produce a value", d.opcode_name()));
            ok = false;
        }
        match f.dfg.result(i) {
            None if !is_void => {
                self.err(Some(b), Some(i), "instruction of non-void type has no result value".into());
            }
            Some(r) if is_void => {
                self.err(Some(b), Some(i), format!("instruction of void type has a result value {}", f.value_label(r)));
            }
            Some(r)
                if r.index() >= f.dfg.num_values()
                    || *f.dfg.value_def(r) != ValueDef::Inst(i)
                    || f.dfg.value_ty(r) != d.ty =>
            {
                self.err(Some(b), Some(i), "the result value is not defined by this instruction with its type".into());
            }
            _ => {}
        }
        ok
    }

    /// Checks that the use lists of arguments and results match the operands of the instructions in the layout.
    fn check_use_lists(&mut self, lay: &LayoutInfo, op_counts: &[u32]) {
        let dfg = &self.f.dfg;
        for (v, data) in dfg.values() {
            if self.v.full() {
                return;
            }
            if !data.def.tracks_uses() {
                continue;
            }
            let mut in_layout = 0u32;
            let mut stale = false;
            for u in dfg.uses(v) {
                let ok = u.inst.index() < dfg.num_insts() && dfg.args(u.inst).get(u.index as usize) == Some(&v);
                if !ok {
                    stale = true;
                } else if lay.inst_block[u.inst.index()] != NONE {
                    in_layout += 1;
                }
            }
            let expected = op_counts.get(v.index()).copied().unwrap_or(0);
            if stale {
                self.err(
                    None,
                    None,
                    format!("the use list of {} has an entry that is not an operand", self.f.value_label(v)),
                );
            } else if in_layout != expected {
                self.err(
                    None,
                    None,
                    format!(
                        "the use list of {} records {in_layout} uses in the function but the instructions have \
                         {expected}",
                        self.f.value_label(v)
                    ),
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Typing rules (shared by instructions and constant expressions)
// ---------------------------------------------------------------------------------------------------------------

/// The type carried in an instruction's kind, if any (checked for existence before use).
fn kind_type(k: &InstKind) -> Option<Type> {
    match k {
        InstKind::Alloca { elem_ty, .. } => Some(*elem_ty),
        InstKind::Gep { source_ty } => Some(*source_ty),
        InstKind::Call(cd) => Some(cd.fn_ty),
        _ => None,
    }
}

/// `(len, scalable)` of a vector type.
fn vec_shape(ts: &TypeStore, t: Type) -> Option<(u32, bool)> {
    match ts.data(t) {
        TypeData::Vector { len, scalable, .. } => Some((*len, *scalable)),
        _ => None,
    }
}

/// Whether `res` is `i1`, or a vector of `i1` of the same shape as the vector `operand`.
fn is_bool_like(ts: &TypeStore, res: Type, operand: Type) -> bool {
    match vec_shape(ts, operand) {
        None => res == Type::I1,
        Some(sh) => vec_shape(ts, res) == Some(sh) && ts.scalar_type(res) == Type::I1,
    }
}

fn is_int_or_int_vector(ts: &TypeStore, t: Type) -> bool {
    ts.is_int(ts.scalar_type(t))
}

fn is_float_or_float_vector(ts: &TypeStore, t: Type) -> bool {
    ts.is_float(ts.scalar_type(t))
}

fn align_problem(a: Option<u64>) -> Option<String> {
    match a {
        Some(x) if !x.is_power_of_two() => Some(format!("alignment {x} is not a power of two")),
        _ => None,
    }
}

fn ordering(mem: &MemFlags) -> AtomicOrdering {
    mem.ordering.unwrap_or(AtomicOrdering::NotAtomic)
}

/// The integer an index constant stands for (`i32 3`, `zeroinitializer`, a splat vector), for struct GEP indices.
fn const_index_value(m: &Module, c: ConstId) -> Option<u64> {
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
fn binary_problem(ts: &TypeStore, op: BinaryOp, a: Type, b: Type, res: Type) -> Option<String> {
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
fn is_bitcastable(ts: &TypeStore, t: Type) -> bool {
    ts.is_int(t) || ts.is_float(t) || ts.is_ptr(t) || ts.is_vector(t)
}

/// Total bit size of an integer, float or vector of them.
fn prim_bits(ts: &TypeStore, t: Type) -> Option<u64> {
    match *ts.data(t) {
        TypeData::Vector { len, elem, .. } => ts.scalar_bits(elem).map(|b| u64::from(b) * u64::from(len)),
        _ => ts.scalar_bits(t).map(u64::from),
    }
}

/// Typing of casts.
fn cast_problem(ts: &TypeStore, op: CastOp, src: Type, dst: Type) -> Option<String> {
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
fn gep_problem(ts: &TypeStore, source_ty: Type, base: Type, idx: &[(Type, Option<u64>)], res: Type) -> Option<String> {
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
fn agg_path(ts: &TypeStore, agg: Type, indices: &[u32]) -> Result<Type, String> {
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

/// Per-opcode typing of one instruction whose operand ids are valid and whose operand count fits its kind.
fn check_inst_types(m: &Module, f: &Function, ret_ty: Option<Type>, d: &InstData, out: &mut Vec<String>) {
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

fn failure_name(o: AtomicOrdering) -> &'static str {
    match o {
        AtomicOrdering::NotAtomic => "non-atomic",
        o => o.name(),
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Short printing for diagnostics (independent of the writer)
// ---------------------------------------------------------------------------------------------------------------

/// A type in LLVM syntax, for messages.
fn type_name(ts: &TypeStore, t: Type) -> String {
    let mut s = String::new();
    write_type(ts, t, &mut s, 0);
    s
}

fn write_type(ts: &TypeStore, t: Type, out: &mut String, depth: u32) {
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
fn block_name(f: &Function, b: Block) -> String {
    if b.index() < f.dfg.num_blocks() {
        if let Some(n) = f.dfg.block_name(b) {
            return n.to_string();
        }
    }
    b.to_string()
}

/// A block reference `%name` for messages.
fn block_ref(f: &Function, b: Block) -> String {
    format!("%{}", block_name(f, b))
}

/// A constant in short LLVM-like syntax, for messages.
fn const_text(m: &Module, c: ConstId) -> String {
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
fn operand_text(m: &Module, f: &Function, v: Value) -> String {
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
fn inst_text(m: &Module, f: &Function, i: Inst) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::apint::ApInt;
    use crate::builder::Builder;
    use crate::inst::{CallAttrs, CallConv, CallData, Flags, FloatPredicate, IntPredicate, SyncScope, TailKind};
    use crate::module::{GlobalId, GlobalVar};
    use smallvec::smallvec;

    // ----- construction helpers -----

    fn add_fn(m: &mut Module, name: &str, ret: Type, params: &[Type]) -> FuncId {
        let ty = m.types.func(ret, params.to_vec(), false);
        m.add_func(Function::new(name, ty, params))
    }
    fn bld(m: &mut Module, f: FuncId, b: Block) -> Builder<'_> {
        Builder::at_end(&mut m.funcs[f], &mut m.types, &mut m.consts, b)
    }
    fn blk(m: &mut Module, f: FuncId, name: &str) -> Block {
        m.funcs[f].append_block(Some(name))
    }
    fn param(m: &Module, f: FuncId, k: usize) -> Value {
        m.funcs[f].params[k]
    }
    fn set_name(m: &mut Module, f: FuncId, v: Value, n: &str) {
        m.funcs[f].dfg.set_value_name(v, Some(n));
    }
    /// Appends an arbitrary instruction to `b`; returns it and its result.
    fn raw(m: &mut Module, f: FuncId, b: Block, kind: InstKind, args: &[Value], ty: Type) -> (Inst, Option<Value>) {
        let func = &mut m.funcs[f];
        let i = func.dfg.make_inst(InstData::new(kind, args, ty), Type::VOID);
        func.layout.append_inst(i, b);
        (i, func.dfg.result(i))
    }
    fn iconst(m: &mut Module, f: FuncId, ty: Type, v: i128) -> Value {
        let w = m.types.int_width(ty).unwrap();
        let c = m.consts.intern(ConstData::Int(ty, ApInt::from_i128(w, v)));
        m.funcs[f].dfg.const_value(c, ty)
    }
    fn cval(m: &mut Module, f: FuncId, d: ConstData) -> Value {
        let ty = d.ty();
        let c = m.consts.intern(d);
        m.funcs[f].dfg.const_value(c, ty)
    }
    fn func_addr(m: &mut Module, f: FuncId, callee: FuncId) -> Value {
        cval(m, f, ConstData::Global(Type::PTR, GlobalRef::Func(callee)))
    }

    fn dump(es: &[VerifierError]) -> String {
        es.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n")
    }
    #[track_caller]
    fn assert_ok(m: &Module) {
        if let Err(es) = verify_module(m) {
            panic!("unexpected verifier errors:\n{}", dump(&es));
        }
    }
    /// Asserts that verification fails with an error whose message contains `needle`; returns that error.
    #[track_caller]
    fn expect_err(m: &Module, needle: &str) -> VerifierError {
        let es = verify_module(m).expect_err("expected the verifier to fail");
        es.iter()
            .find(|e| e.message.contains(needle))
            .cloned()
            .unwrap_or_else(|| panic!("no error containing {needle:?}; got:\n{}", dump(&es)))
    }
    #[track_caller]
    fn expect_err_at(m: &Module, needle: &str, func: &str, block: &str) -> VerifierError {
        let e = expect_err(m, needle);
        assert_eq!(e.func.as_deref(), Some(func), "{e}");
        assert_eq!(e.block.as_deref(), Some(block), "{e}");
        e
    }

    /// A valid diamond:
    /// ```text
    /// define i32 @f(i32 %a, i32 %b) {
    /// entry: %c = icmp slt i32 %a, %b ; br i1 %c, label %then, label %else
    /// then:  %x = add i32 %a, 1       ; br label %join
    /// else:  %y = mul i32 %b, 2       ; br label %join
    /// join:  %p = phi i32 [%x, %then], [%y, %else] ; ret i32 %p
    /// }
    /// ```
    struct Diamond {
        f: FuncId,
        entry: Block,
        then: Block,
        els: Block,
        join: Block,
        a: Value,
        x: Value,
        y: Value,
        phi: Inst,
    }

    /// Computes a phi's incoming entries from the diamond's blocks and values.
    type PhiEntries<'a> = &'a dyn Fn(&Diamond) -> Vec<(Value, Block)>;

    /// Builds the diamond; the phi gets the given incoming entries (`None`: the valid ones).
    fn diamond_with(m: &mut Module, phi_entries: Option<PhiEntries<'_>>) -> Diamond {
        let f = add_fn(m, "f", Type::I32, &[Type::I32, Type::I32]);
        let (a, b) = (param(m, f, 0), param(m, f, 1));
        set_name(m, f, a, "a");
        set_name(m, f, b, "b");
        let entry = blk(m, f, "entry");
        let then = blk(m, f, "then");
        let els = blk(m, f, "else");
        let join = blk(m, f, "join");
        let c = bld(m, f, entry).icmp(IntPredicate::Slt, a, b);
        set_name(m, f, c, "c");
        bld(m, f, entry).cond_br(c, then, els);
        let one = iconst(m, f, Type::I32, 1);
        let x = bld(m, f, then).binary(BinaryOp::Add, a, one);
        set_name(m, f, x, "x");
        bld(m, f, then).br(join);
        let two = iconst(m, f, Type::I32, 2);
        let y = bld(m, f, els).binary(BinaryOp::Mul, b, two);
        set_name(m, f, y, "y");
        bld(m, f, els).br(join);
        let (phi, p) = bld(m, f, join).phi(Type::I32);
        set_name(m, f, p, "p");
        bld(m, f, join).ret(Some(p));
        let d = Diamond { f, entry, then, els, join, a, x, y, phi };
        let entries = match phi_entries {
            Some(g) => g(&d),
            None => vec![(x, then), (y, els)],
        };
        for (v, blk) in entries {
            m.funcs[f].dfg.phi_add_incoming(phi, v, blk);
        }
        d
    }
    fn diamond(m: &mut Module) -> Diamond {
        diamond_with(m, None)
    }

    /// `define void @f(<params>) { entry: ... }` with the given body builder, then `ret void`.
    fn void_fn(m: &mut Module, params: &[Type], body: impl FnOnce(&mut Module, FuncId, Block)) -> FuncId {
        let f = add_fn(m, "f", Type::VOID, params);
        let entry = blk(m, f, "entry");
        body(m, f, entry);
        bld(m, f, entry).ret(None);
        f
    }

    // ----- valid IR -----

    #[test]
    fn valid_diamond_passes() {
        let mut m = Module::new();
        let d = diamond(&mut m);
        assert_ok(&m);
        assert_eq!(verify_function(&m, d.f), Ok(()));
    }

    #[test]
    fn valid_loop_and_declarations_pass() {
        let mut m = Module::new();
        let decl = add_fn(&mut m, "ext", Type::I32, &[Type::I32]);
        let f = add_fn(&mut m, "loop", Type::I32, &[Type::I32]);
        let n = param(&m, f, 0);
        let entry = blk(&mut m, f, "entry");
        let head = blk(&mut m, f, "head");
        let body = blk(&mut m, f, "body");
        let exit = blk(&mut m, f, "exit");
        bld(&mut m, f, entry).br(head);
        let zero = iconst(&mut m, f, Type::I32, 0);
        let one = iconst(&mut m, f, Type::I32, 1);
        let (phi, i) = bld(&mut m, f, head).phi(Type::I32);
        let cond = bld(&mut m, f, head).icmp(IntPredicate::Slt, i, n);
        bld(&mut m, f, head).cond_br(cond, body, exit);
        let callee = func_addr(&mut m, f, decl);
        let fn_ty = m.funcs[decl].ty;
        let (_, r) = bld(&mut m, f, body).call(fn_ty, callee, &[i]);
        let next = bld(&mut m, f, body).binary(BinaryOp::Add, r.unwrap(), one);
        bld(&mut m, f, body).br(head);
        bld(&mut m, f, exit).ret(Some(i));
        m.funcs[f].dfg.phi_add_incoming(phi, zero, entry);
        m.funcs[f].dfg.phi_add_incoming(phi, next, body);
        assert_ok(&m);
    }

    #[test]
    fn valid_memory_vector_and_aggregate_ops_pass() {
        let mut m = Module::new();
        let st = m.types.struct_(vec![Type::I32, Type::FLOAT], false);
        let arr = m.types.array(st, 4);
        let v4 = m.types.vector(Type::FLOAT, 4);
        let v8 = m.types.vector(Type::FLOAT, 8);
        let p1 = m.types.ptr(1);
        let pair = m.types.struct_(vec![Type::I32, Type::I1], false);
        void_fn(&mut m, &[p1, v4, Type::I64], |m, f, e| {
            let (p, v, n) = (param(m, f, 0), param(m, f, 1), param(m, f, 2));
            let zero = iconst(m, f, Type::I64, 0);
            let one32 = iconst(m, f, Type::I32, 1);
            let g = bld(m, f, e).gep(arr, p, &[zero, n, one32], Flags::INBOUNDS);
            let x = bld(m, f, e).load(Type::FLOAT, g, Some(4));
            bld(m, f, e).store(x, g, Some(4));
            let idx = iconst(m, f, Type::I32, 2);
            let (_, el) = raw(m, f, e, InstKind::ExtractElement, &[v, idx], Type::FLOAT);
            let (_, v2) = raw(m, f, e, InstKind::InsertElement, &[v, el.unwrap(), idx], v4);
            let sh = InstKind::ShuffleVector { mask: vec![0, 1, 2, 3, 4, 5, 6, -1] };
            raw(m, f, e, sh, &[v, v2.unwrap()], v8);
            let und = bld(m, f, e).undef(st);
            let (_, agg) = raw(m, f, e, InstKind::InsertValue { indices: smallvec![1] }, &[und, x], st);
            raw(m, f, e, InstKind::ExtractValue { indices: smallvec![1] }, &[agg.unwrap()], Type::FLOAT);
            let alloca = InstKind::Alloca { elem_ty: arr, explicit_count: false, align: Some(8), addrspace: 5 };
            let p5 = m.types.ptr(5);
            raw(m, f, e, alloca, &[], p5);
            let c32 = iconst(m, f, Type::I32, 7);
            let gi = bld(m, f, e).cast(CastOp::AddrSpaceCast, g, Type::PTR);
            let mem = MemFlags { ordering: Some(AtomicOrdering::Monotonic), ..Default::default() };
            raw(m, f, e, InstKind::AtomicRmw(AtomicRmwOp::Add, mem.clone()), &[gi, c32], Type::I32);
            let cx = InstKind::CmpXchg { mem, failure: AtomicOrdering::Monotonic, weak: false };
            raw(m, f, e, cx, &[gi, c32, c32], pair);
            let fence = MemFlags {
                ordering: Some(AtomicOrdering::SeqCst),
                scope: SyncScope::Named("block".into()),
                ..Default::default()
            };
            raw(m, f, e, InstKind::Fence(fence), &[], Type::VOID);
            let t = bld(m, f, e).cast(CastOp::Trunc, n, Type::I16);
            let z = bld(m, f, e).cast(CastOp::ZExt, t, Type::I32);
            let fl = bld(m, f, e).cast(CastOp::BitCast, z, Type::FLOAT);
            let d = bld(m, f, e).cast(CastOp::FPExt, fl, Type::DOUBLE);
            bld(m, f, e).cast(CastOp::FPToSI, d, Type::I64);
            let pi = bld(m, f, e).cast(CastOp::PtrToInt, p, Type::I64);
            bld(m, f, e).cast(CastOp::IntToPtr, pi, Type::PTR);
            let vi = m.types.vector(Type::I32, 4);
            let bv = bld(m, f, e).cast(CastOp::BitCast, v, vi);
            let vc = bld(m, f, e).icmp(IntPredicate::Eq, bv, bv);
            bld(m, f, e).select(vc, v, v);
            let fc = bld(m, f, e).fcmp(FloatPredicate::Olt, x, x);
            bld(m, f, e).select(fc, v, v);
            raw(m, f, e, InstKind::FNeg, &[x], Type::FLOAT);
            raw(m, f, e, InstKind::Freeze, &[x], Type::FLOAT);
        });
        assert_ok(&m);
    }

    // ----- block structure -----

    #[test]
    fn missing_terminator_is_reported_with_location() {
        let mut m = Module::new();
        let f = add_fn(&mut m, "f", Type::VOID, &[Type::I32]);
        let a = param(&m, f, 0);
        set_name(&mut m, f, a, "a");
        let e = blk(&mut m, f, "entry");
        let x = bld(&mut m, f, e).binary(BinaryOp::Add, a, a);
        set_name(&mut m, f, x, "x");
        let err = expect_err_at(&m, "block does not end with a terminator", "f", "entry");
        assert_eq!(err.inst.as_deref(), Some("%x = add %a, %a"));
        assert_eq!(
            err.to_string(),
            "in function @f, block %entry, instruction `%x = add %a, %a`: block does not end with a terminator"
        );
        // Empty blocks too.
        let b2 = blk(&mut m, f, "empty");
        bld(&mut m, f, e).br(b2);
        expect_err_at(&m, "block does not end with a terminator (the block is empty)", "f", "empty");
    }

    #[test]
    fn terminator_in_middle_is_reported() {
        let mut m = Module::new();
        void_fn(&mut m, &[], |m, f, e| {
            bld(m, f, e).ret(None);
        });
        let e = expect_err_at(&m, "terminator found in the middle of a block", "f", "entry");
        assert_eq!(e.inst.as_deref(), Some("ret"));
    }

    #[test]
    fn phi_after_non_phi_is_reported() {
        let mut m = Module::new();
        let d = diamond(&mut m);
        // Move the phi below a new instruction at the top of the join block.
        let one = iconst(&mut m, d.f, Type::I32, 1);
        let func = &mut m.funcs[d.f];
        let i = func.dfg.make_inst(InstData::new(InstKind::Binary(BinaryOp::Add), &[one, one], Type::I32), Type::VOID);
        func.layout.insert_inst_before(i, d.phi);
        expect_err_at(&m, "phi nodes must be grouped at the top of their block", "f", "join");
    }

    #[test]
    fn entry_block_with_predecessor_is_reported() {
        let mut m = Module::new();
        let f = add_fn(&mut m, "f", Type::VOID, &[]);
        let e = blk(&mut m, f, "entry");
        let b = blk(&mut m, f, "back");
        bld(&mut m, f, e).br(b);
        bld(&mut m, f, b).br(e);
        expect_err_at(&m, "entry block %entry must not have predecessors", "f", "back");
    }

    #[test]
    fn branch_to_block_outside_layout_is_reported() {
        let mut m = Module::new();
        let f = add_fn(&mut m, "f", Type::VOID, &[]);
        let e = blk(&mut m, f, "entry");
        let detached = m.funcs[f].dfg.make_block(Some("detached"));
        bld(&mut m, f, e).br(detached);
        expect_err_at(&m, "branch target %detached is not a block of this function", "f", "entry");
        // A nonexistent block id as well.
        let mut m = Module::new();
        let f = add_fn(&mut m, "f", Type::VOID, &[]);
        let e = blk(&mut m, f, "entry");
        bld(&mut m, f, e).br(Block::new(77));
        expect_err(&m, "branch target %bb77 is not a block of this function");
    }

    // ----- phis -----

    #[test]
    fn phi_missing_predecessor_is_reported() {
        let mut m = Module::new();
        diamond_with(&mut m, Some(&|d: &Diamond| vec![(d.x, d.then)]));
        let e = expect_err_at(&m, "phi node entries do not match predecessors: no entry for %else", "f", "join");
        assert_eq!(e.inst.as_deref(), Some("%p = phi [%x, %then]"));
    }

    #[test]
    fn phi_entry_from_non_predecessor_is_reported() {
        let mut m = Module::new();
        diamond_with(&mut m, Some(&|d: &Diamond| vec![(d.x, d.then), (d.y, d.els), (d.a, d.entry)]));
        expect_err_at(&m, "phi node entries do not match predecessors: %entry is not a predecessor", "f", "join");
    }

    #[test]
    fn phi_duplicate_entries_need_equal_values() {
        // entry: switch i32 %a, label %other [0, label %join; 1, label %join] -- %entry is a predecessor of %join
        // twice, so the phi may list it once, or twice with the same value.
        let build = |second_same: bool, single: bool| {
            let mut m = Module::new();
            let f = add_fn(&mut m, "f", Type::I32, &[Type::I32]);
            let a = param(&m, f, 0);
            let e = blk(&mut m, f, "entry");
            let join = blk(&mut m, f, "join");
            let other = blk(&mut m, f, "other");
            let c0 = m.consts.int(Type::I32, 32, 0);
            let c1 = m.consts.int(Type::I32, 32, 1);
            let sw = InstKind::Switch { default: other, cases: vec![(c0, join), (c1, join)] };
            raw(&mut m, f, e, sw, &[a], Type::VOID);
            bld(&mut m, f, other).br(join);
            let (phi, p) = bld(&mut m, f, join).phi(Type::I32);
            bld(&mut m, f, join).ret(Some(p));
            let five = iconst(&mut m, f, Type::I32, 5);
            let six = iconst(&mut m, f, Type::I32, 6);
            let dfg = &mut m.funcs[f].dfg;
            dfg.phi_add_incoming(phi, five, e);
            if !single {
                dfg.phi_add_incoming(phi, if second_same { five } else { six }, e);
            }
            dfg.phi_add_incoming(phi, a, other);
            m
        };
        assert_ok(&build(true, false));
        assert_ok(&build(true, true));
        let m = build(false, false);
        expect_err_at(&m, "phi node has multiple entries for block %entry with different values", "f", "join");
    }

    #[test]
    fn phi_with_no_entries_is_reported() {
        let mut m = Module::new();
        let f = add_fn(&mut m, "f", Type::I32, &[]);
        let e = blk(&mut m, f, "entry");
        let (_, p) = bld(&mut m, f, e).phi(Type::I32);
        bld(&mut m, f, e).ret(Some(p));
        expect_err_at(&m, "phi node must have at least one entry", "f", "entry");
    }

    #[test]
    fn phi_incoming_type_mismatch_is_reported() {
        let mut m = Module::new();
        let f = add_fn(&mut m, "f", Type::I32, &[]);
        let e = blk(&mut m, f, "entry");
        let j = blk(&mut m, f, "j");
        bld(&mut m, f, e).br(j);
        let (phi, p) = bld(&mut m, f, j).phi(Type::I32);
        bld(&mut m, f, j).ret(Some(p));
        let c = iconst(&mut m, f, Type::I64, 1);
        m.funcs[f].dfg.phi_add_incoming(phi, c, e);
        expect_err_at(&m, "phi incoming value 0 has type i64 but the phi has type i32", "f", "j");
    }

    // ----- dominance -----

    #[test]
    fn use_before_def_in_same_block_is_reported() {
        let mut m = Module::new();
        let f = add_fn(&mut m, "f", Type::VOID, &[Type::I32]);
        let a = param(&m, f, 0);
        let e = blk(&mut m, f, "entry");
        // %x = add %a, %a placed before the instruction defining its operand.
        let y_inst =
            m.funcs[f].dfg.make_inst(InstData::new(InstKind::Binary(BinaryOp::Add), &[a, a], Type::I32), Type::VOID);
        let y = m.funcs[f].dfg.result(y_inst).unwrap();
        set_name(&mut m, f, y, "y");
        let x = bld(&mut m, f, e).binary(BinaryOp::Add, y, a);
        set_name(&mut m, f, x, "x");
        m.funcs[f].layout.append_inst(y_inst, e);
        bld(&mut m, f, e).ret(None);
        let err = expect_err_at(&m, "instruction does not dominate all uses", "f", "entry");
        assert!(err.message.contains("%y (defined later in the same block)"), "{err}");
        assert_eq!(err.inst.as_deref(), Some("%x = add %y, %v0"));
    }

    #[test]
    fn use_in_non_dominated_block_is_reported() {
        let mut m = Module::new();
        let d = diamond(&mut m);
        // ret %x in join instead of %p: %then does not dominate %join.
        let ret = m.funcs[d.f].layout.last_inst(d.join).unwrap();
        m.funcs[d.f].dfg.set_arg(ret, 0, d.x);
        let e = expect_err_at(&m, "instruction does not dominate all uses", "f", "join");
        assert!(e.message.contains("%x (defined in block %then)"), "{e}");
    }

    #[test]
    fn phi_use_must_dominate_incoming_block_end() {
        let mut m = Module::new();
        // Swapped values: %y (from %else) flows in from %then and vice versa.
        diamond_with(&mut m, Some(&|d: &Diamond| vec![(d.y, d.then), (d.x, d.els)]));
        let es = verify_module(&m).unwrap_err();
        assert_eq!(es.len(), 2, "{}", dump(&es));
        assert!(es.iter().all(|e| e.message.contains("does not dominate the end of incoming block")), "{}", dump(&es));
    }

    #[test]
    fn unreachable_blocks_skip_dominance_but_not_existence() {
        let mut m = Module::new();
        let f = add_fn(&mut m, "f", Type::VOID, &[Type::I32]);
        let a = param(&m, f, 0);
        let e = blk(&mut m, f, "entry");
        bld(&mut m, f, e).ret(None);
        let dead = blk(&mut m, f, "dead");
        // Use before def, in an unreachable block: allowed.
        let w_inst =
            m.funcs[f].dfg.make_inst(InstData::new(InstKind::Binary(BinaryOp::Add), &[a, a], Type::I32), Type::VOID);
        let w = m.funcs[f].dfg.result(w_inst).unwrap();
        bld(&mut m, f, dead).binary(BinaryOp::Add, w, a);
        m.funcs[f].layout.append_inst(w_inst, dead);
        bld(&mut m, f, dead).br(dead);
        assert_ok(&m);

        // A self-reference is still an error there.
        let (self_use, _) = raw(&mut m, f, dead, InstKind::Binary(BinaryOp::Add), &[a, a], Type::I32);
        let r = m.funcs[f].dfg.result(self_use).unwrap();
        m.funcs[f].dfg.set_arg(self_use, 0, r);
        m.funcs[f].layout.remove_inst(self_use);
        m.funcs[f].layout.insert_inst_before(self_use, w_inst);
        expect_err_at(&m, "only phi nodes may use their own result", "f", "dead");
    }

    #[test]
    fn def_in_unreachable_block_used_in_reachable_block_is_reported() {
        let mut m = Module::new();
        let f = add_fn(&mut m, "f", Type::I32, &[Type::I32]);
        let a = param(&m, f, 0);
        let e = blk(&mut m, f, "entry");
        let dead = blk(&mut m, f, "dead");
        let w = bld(&mut m, f, dead).binary(BinaryOp::Add, a, a);
        bld(&mut m, f, dead).unreachable();
        bld(&mut m, f, e).ret(Some(w));
        expect_err_at(&m, "instruction does not dominate all uses", "f", "entry");
    }

    #[test]
    fn loop_and_irreducible_dominance() {
        // entry -> head; head -> body | exit; body -> head. %h (head) dominates exit; %v (body) does not.
        let build = |use_body_value: bool| {
            let mut m = Module::new();
            let f = add_fn(&mut m, "f", Type::I32, &[Type::I32, Type::I1]);
            let (a, c) = (param(&m, f, 0), param(&m, f, 1));
            let e = blk(&mut m, f, "entry");
            let head = blk(&mut m, f, "head");
            let body = blk(&mut m, f, "body");
            let exit = blk(&mut m, f, "exit");
            bld(&mut m, f, e).br(head);
            let h = bld(&mut m, f, head).binary(BinaryOp::Add, a, a);
            bld(&mut m, f, head).cond_br(c, body, exit);
            let v = bld(&mut m, f, body).binary(BinaryOp::Add, h, a);
            bld(&mut m, f, body).br(head);
            bld(&mut m, f, exit).ret(Some(if use_body_value { v } else { h }));
            m
        };
        assert_ok(&build(false));
        expect_err_at(&build(true), "instruction does not dominate all uses", "f", "exit");

        // Irreducible: entry -> a | b; a -> b; b -> a. Neither %a nor %b dominates the other.
        let mut m = Module::new();
        let f = add_fn(&mut m, "f", Type::VOID, &[Type::I32, Type::I1]);
        let (x, c) = (param(&m, f, 0), param(&m, f, 1));
        let e = blk(&mut m, f, "entry");
        let ba = blk(&mut m, f, "a");
        let bb = blk(&mut m, f, "b");
        bld(&mut m, f, e).cond_br(c, ba, bb);
        let va = bld(&mut m, f, ba).binary(BinaryOp::Add, x, x);
        bld(&mut m, f, ba).br(bb);
        bld(&mut m, f, bb).binary(BinaryOp::Add, va, x);
        bld(&mut m, f, bb).br(ba);
        expect_err_at(&m, "instruction does not dominate all uses", "f", "b");
    }

    // ----- operands -----

    #[test]
    fn placeholder_operand_is_reported() {
        let mut m = Module::new();
        void_fn(&mut m, &[], |m, f, e| {
            let p = m.funcs[f].dfg.make_value(ValueDef::Placeholder, Type::I32);
            bld(m, f, e).binary(BinaryOp::Add, p, p);
        });
        expect_err_at(&m, "unresolved placeholder", "f", "entry");
    }

    #[test]
    fn foreign_and_detached_operands_are_reported() {
        let mut m = Module::new();
        void_fn(&mut m, &[Type::I32], |m, f, e| {
            // An argument value that is not a parameter of this function.
            let stray = m.funcs[f].dfg.make_value(ValueDef::Arg(3), Type::I32);
            bld(m, f, e).binary(BinaryOp::Add, stray, stray);
        });
        expect_err(&m, "is an argument value that is not a parameter of this function");

        let mut m = Module::new();
        void_fn(&mut m, &[Type::I32], |m, f, e| {
            let a = param(m, f, 0);
            // The result of an instruction never inserted in the layout.
            let i = m.funcs[f]
                .dfg
                .make_inst(InstData::new(InstKind::Binary(BinaryOp::Add), &[a, a], Type::I32), Type::VOID);
            let r = m.funcs[f].dfg.result(i).unwrap();
            bld(m, f, e).binary(BinaryOp::Add, r, a);
        });
        expect_err(&m, "is defined by an instruction that is not in the function");
    }

    #[test]
    fn metadata_and_inline_asm_operands_are_restricted() {
        let mut m = Module::new();
        void_fn(&mut m, &[], |m, f, e| {
            let md = m.funcs[f].dfg.make_value(ValueDef::Metadata(MdOperand::Null), Type::METADATA);
            raw(m, f, e, InstKind::Freeze, &[md], Type::METADATA);
        });
        expect_err(&m, "metadata may only be used as a call argument");

        let mut m = Module::new();
        void_fn(&mut m, &[], |m, f, e| {
            let asm = crate::value::InlineAsm {
                asm: "trap;".into(),
                constraints: String::new(),
                side_effect: true,
                align_stack: false,
                intel_dialect: false,
                can_throw: false,
            };
            let v = m.funcs[f].dfg.make_value(ValueDef::InlineAsm(Box::new(asm)), Type::PTR);
            let fn_ty = m.types.func(Type::VOID, vec![Type::METADATA], false);
            let md = m.funcs[f].dfg.make_value(ValueDef::Metadata(MdOperand::String(b"x".to_vec())), Type::METADATA);
            bld(m, f, e).call(fn_ty, v, &[md]); // fine: asm callee, metadata argument
            let decl = add_fn(m, "g", Type::VOID, &[Type::PTR]);
            let callee = func_addr(m, f, decl);
            let ty = m.funcs[decl].ty;
            bld(m, f, e).call(ty, callee, &[v]); // asm as an argument: invalid
        });
        let es = verify_module(&m).unwrap_err();
        assert_eq!(es.len(), 1, "{}", dump(&es));
        assert!(es[0].message.contains("inline asm may only be used as the callee"));
    }

    #[test]
    fn result_value_consistency_is_checked() {
        let mut m = Module::new();
        void_fn(&mut m, &[Type::PTR, Type::I32], |m, f, e| {
            let (p, a) = (param(m, f, 0), param(m, f, 1));
            raw(m, f, e, InstKind::Store(MemFlags::default()), &[a, p], Type::I32);
        });
        expect_err(&m, "store must not produce a value");
        let mut m = Module::new();
        void_fn(&mut m, &[Type::I32], |m, f, e| {
            let a = param(m, f, 0);
            raw(m, f, e, InstKind::Binary(BinaryOp::Add), &[a, a], Type::VOID);
        });
        expect_err(&m, "add must produce a value");
        let mut m = Module::new();
        void_fn(&mut m, &[Type::I32], |m, f, e| {
            let a = param(m, f, 0);
            raw(m, f, e, InstKind::Binary(BinaryOp::Add), &[a], Type::I32);
        });
        expect_err(&m, "add expects 2 operands, got 1");
    }

    // ----- typing -----

    #[test]
    fn binary_operator_types_are_checked() {
        let cases: &[(BinaryOp, Type, Type, Type, &str)] = &[
            (BinaryOp::Add, Type::I32, Type::I64, Type::I32, "operand types do not match (i32 vs i64)"),
            (BinaryOp::Add, Type::I32, Type::I32, Type::I64, "result type i64 does not match the operand type i32"),
            (BinaryOp::FAdd, Type::I32, Type::I32, Type::I32, "floating-point operator fadd requires floating-point"),
            (BinaryOp::Xor, Type::FLOAT, Type::FLOAT, Type::FLOAT, "integer operator xor requires integer operands"),
        ];
        for &(op, x, y, r, needle) in cases {
            let mut m = Module::new();
            void_fn(&mut m, &[x, y], |m, f, e| {
                let (a, b) = (param(m, f, 0), param(m, f, 1));
                raw(m, f, e, InstKind::Binary(op), &[a, b], r);
            });
            let err = expect_err_at(&m, needle, "f", "entry");
            assert!(err.inst.as_deref().unwrap().contains(op.name()), "{err}");
        }
    }

    #[test]
    fn compare_types_are_checked() {
        let mut m = Module::new();
        void_fn(&mut m, &[Type::I32], |m, f, e| {
            let a = param(m, f, 0);
            raw(m, f, e, InstKind::ICmp(IntPredicate::Eq), &[a, a], Type::I32);
        });
        expect_err(&m, "icmp result must be i1");
        let mut m = Module::new();
        void_fn(&mut m, &[Type::I32], |m, f, e| {
            let a = param(m, f, 0);
            bld(m, f, e).fcmp(FloatPredicate::Oeq, a, a);
        });
        expect_err(&m, "fcmp requires floating-point operands, got i32");
        let mut m = Module::new();
        void_fn(&mut m, &[Type::FLOAT], |m, f, e| {
            let a = param(m, f, 0);
            bld(m, f, e).icmp(IntPredicate::Eq, a, a);
        });
        expect_err(&m, "icmp requires integer or pointer operands");
        let mut m = Module::new();
        let v4 = m.types.vector(Type::I32, 4);
        void_fn(&mut m, &[v4], |m, f, e| {
            let a = param(m, f, 0);
            raw(m, f, e, InstKind::ICmp(IntPredicate::Eq), &[a, a], Type::I1);
        });
        expect_err(&m, "icmp result must be i1 (or a vector of i1 as long as the operands), got i1");
    }

    #[test]
    fn cast_rules_are_checked() {
        let mut ts = TypeStore::new();
        let p1 = ts.ptr(1);
        let v2i32 = ts.vector(Type::I32, 2);
        let v4i32 = ts.vector(Type::I32, 4);
        let v2i64 = ts.vector(Type::I64, 2);
        let agg = ts.array(Type::I32, 2);
        let cases: &[(CastOp, Type, Type, bool)] = &[
            (CastOp::Trunc, Type::I64, Type::I32, true),
            (CastOp::Trunc, Type::I32, Type::I64, false),
            (CastOp::Trunc, Type::I32, Type::I32, false),
            (CastOp::ZExt, Type::I8, Type::I32, true),
            (CastOp::ZExt, Type::I32, Type::I8, false),
            (CastOp::SExt, Type::FLOAT, Type::DOUBLE, false),
            (CastOp::SExt, v2i32, v2i64, true),
            (CastOp::SExt, v2i32, Type::I64, false),
            (CastOp::FPTrunc, Type::DOUBLE, Type::FLOAT, true),
            (CastOp::FPTrunc, Type::FLOAT, Type::DOUBLE, false),
            (CastOp::FPTrunc, Type::HALF, Type::BFLOAT, false),
            (CastOp::FPExt, Type::HALF, Type::FLOAT, true),
            (CastOp::FPToUI, Type::FLOAT, Type::I32, true),
            (CastOp::FPToSI, Type::I32, Type::I32, false),
            (CastOp::SIToFP, Type::I32, Type::DOUBLE, true),
            (CastOp::UIToFP, Type::FLOAT, Type::DOUBLE, false),
            (CastOp::PtrToInt, Type::PTR, Type::I64, true),
            (CastOp::PtrToInt, Type::I64, Type::I64, false),
            (CastOp::IntToPtr, Type::I64, p1, true),
            (CastOp::IntToPtr, Type::PTR, p1, false),
            (CastOp::BitCast, Type::I32, Type::FLOAT, true),
            (CastOp::BitCast, v2i32, Type::I64, true),
            (CastOp::BitCast, v4i32, Type::I64, false),
            (CastOp::BitCast, Type::I64, Type::PTR, false),
            (CastOp::BitCast, Type::PTR, Type::PTR, true),
            (CastOp::BitCast, Type::PTR, p1, false),
            (CastOp::BitCast, agg, Type::I64, false),
            (CastOp::AddrSpaceCast, p1, Type::PTR, true),
            (CastOp::AddrSpaceCast, Type::PTR, Type::PTR, false),
            (CastOp::AddrSpaceCast, Type::I64, Type::PTR, false),
        ];
        for &(op, src, dst, ok) in cases {
            let mut m = Module::new();
            m.types = ts.clone();
            void_fn(&mut m, &[src], |m, f, e| {
                let a = param(m, f, 0);
                bld(m, f, e).cast(op, a, dst);
            });
            let r = verify_module(&m);
            let desc = format!("{op} {} to {}", type_name(&m.types, src), type_name(&m.types, dst));
            match (ok, r) {
                (true, Err(es)) => panic!("{desc} should be valid:\n{}", dump(&es)),
                (false, Ok(())) => panic!("{desc} should be invalid"),
                (false, Err(es)) => {
                    assert_eq!(es.len(), 1, "{desc}: {}", dump(&es));
                    assert_eq!(es[0].block.as_deref(), Some("entry"));
                    assert!(es[0].inst.as_deref().unwrap().contains(op.name()), "{}", es[0]);
                }
                (true, Ok(())) => {}
            }
        }
    }

    #[test]
    fn select_types_are_checked() {
        let mut m = Module::new();
        let v4 = m.types.vector(Type::I32, 4);
        let v4b = m.types.vector(Type::I1, 4);
        void_fn(&mut m, &[Type::I32, v4, v4b, Type::I1], |m, f, e| {
            let (a, v, vb, c) = (param(m, f, 0), param(m, f, 1), param(m, f, 2), param(m, f, 3));
            bld(m, f, e).select(vb, v, v); // vector condition
            bld(m, f, e).select(c, v, v); // scalar condition, vector arms
            bld(m, f, e).select(c, a, a);
        });
        assert_ok(&m);
        let mut m = Module::new();
        void_fn(&mut m, &[Type::I32, Type::I64], |m, f, e| {
            let (a, b) = (param(m, f, 0), param(m, f, 1));
            bld(m, f, e).select(a, a, a);
            bld(m, f, e).select(a, a, b);
        });
        expect_err(&m, "select condition must be i1");
        expect_err(&m, "select operand types do not match (i32 vs i64)");
        let mut m = Module::new();
        let v4 = m.types.vector(Type::I32, 4);
        let v2b = m.types.vector(Type::I1, 2);
        void_fn(&mut m, &[v4, v2b], |m, f, e| {
            let (v, c) = (param(m, f, 0), param(m, f, 1));
            bld(m, f, e).select(c, v, v);
        });
        expect_err(&m, "select condition must be i1 or a vector of i1 as long as the operands, got <2 x i1>");
    }

    #[test]
    fn memory_access_types_are_checked() {
        let mut m = Module::new();
        let opaque = m.types.named_struct("opaque");
        void_fn(&mut m, &[Type::I64, Type::PTR], |m, f, e| {
            let (n, p) = (param(m, f, 0), param(m, f, 1));
            bld(m, f, e).load(Type::I32, n, None);
            bld(m, f, e).store(n, n, None);
            bld(m, f, e).load(opaque, p, None);
            bld(m, f, e).load(Type::I32, p, Some(3));
            let acq = MemFlags { ordering: Some(AtomicOrdering::Acquire), align: Some(8), ..Default::default() };
            raw(m, f, e, InstKind::Store(acq), &[n, p], Type::VOID);
        });
        expect_err(&m, "load pointer operand must be a pointer, got i64");
        expect_err(&m, "store pointer operand must be a pointer, got i64");
        expect_err(&m, "load result must be a sized first-class type, got %opaque");
        expect_err(&m, "alignment 3 is not a power of two");
        expect_err(&m, "store cannot have acquire ordering");
    }

    #[test]
    fn gep_rules_are_checked() {
        let mut m = Module::new();
        let st = m.types.struct_(vec![Type::I32, Type::FLOAT], false);
        let p3 = m.types.ptr(3);
        let vp = m.types.vector(Type::PTR, 2);
        let vi = m.types.vector(Type::I64, 2);
        void_fn(&mut m, &[Type::PTR, Type::I32, vi], |m, f, e| {
            let (p, n, v) = (param(m, f, 0), param(m, f, 1), param(m, f, 2));
            let zero = iconst(m, f, Type::I32, 0);
            let two = iconst(m, f, Type::I32, 2);
            bld(m, f, e).gep(st, p, &[zero, n], Flags::NONE); // struct index not constant
            bld(m, f, e).gep(st, p, &[zero, two], Flags::NONE); // out of range
            let fl = bld(m, f, e).cast(CastOp::SIToFP, n, Type::FLOAT);
            bld(m, f, e).gep(Type::I32, p, &[fl], Flags::NONE); // non-integer index
            bld(m, f, e).gep(Type::I32, p, &[zero, zero], Flags::NONE); // steps into i32
            raw(m, f, e, InstKind::Gep { source_ty: Type::I32 }, &[p, n], p3); // wrong address space
            raw(m, f, e, InstKind::Gep { source_ty: Type::I32 }, &[p, v], vp); // vector index: vector result
            raw(m, f, e, InstKind::Gep { source_ty: Type::I32 }, &[p, v], Type::PTR);
            // ... required
        });
        expect_err(&m, "getelementptr struct index 1 must be a constant integer");
        expect_err(&m, "getelementptr struct index 2 is out of range for { i32, float }");
        expect_err(&m, "getelementptr index 0 must be an integer, got float");
        expect_err(&m, "getelementptr index 1 steps into non-aggregate type i32");
        expect_err(&m, "getelementptr result type must be ptr addrspace(0), got ptr addrspace(3)");
        let es = verify_module(&m).unwrap_err();
        assert_eq!(es.len(), 6, "{}", dump(&es));
        expect_err(&m, "getelementptr result type must be a vector of 2 ptr addrspace(0), got ptr");
    }

    #[test]
    fn call_rules_are_checked() {
        let mut m = Module::new();
        let callee = add_fn(&mut m, "callee", Type::I32, &[Type::I32, Type::FLOAT]);
        let printf_ty = m.types.func(Type::I32, vec![Type::PTR], true);
        let printf = m.add_func(Function::new("printf", printf_ty, &[Type::PTR]));
        let cty = m.funcs[callee].ty;
        void_fn(&mut m, &[Type::I32, Type::FLOAT, Type::PTR], |m, f, e| {
            let (i, x, p) = (param(m, f, 0), param(m, f, 1), param(m, f, 2));
            let c = func_addr(m, f, callee);
            let pf = func_addr(m, f, printf);
            bld(m, f, e).call(cty, c, &[i, x]); // ok
            bld(m, f, e).call(printf_ty, pf, &[p, i, x]); // ok: varargs
            bld(m, f, e).call(cty, c, &[i]); // too few
            bld(m, f, e).call(cty, c, &[x, i]); // wrong types
            bld(m, f, e).call(printf_ty, pf, &[]); // too few for varargs
            bld(m, f, e).call(cty, i, &[i, x]); // callee not a pointer
            let cd = CallData {
                fn_ty: cty,
                tail: TailKind::None,
                cc: CallConv::C,
                attrs: CallAttrs::default(),
                bundles: Vec::new(),
            };
            raw(m, f, e, InstKind::Call(Box::new(cd)), &[c, i, x], Type::I64); // wrong result type
        });
        expect_err(&m, "call has 1 arguments but the function type i32 (i32, float) expects 2");
        expect_err(&m, "call argument 0 has type float but the function type expects i32");
        expect_err(&m, "call has 0 arguments but the function type i32 (ptr, ...) expects at least 1");
        expect_err(&m, "callee must be a pointer, got i32");
        expect_err(&m, "call result type i64 does not match the function type's return type i32");
        let es = verify_module(&m).unwrap_err();
        assert_eq!(es.len(), 6, "{}", dump(&es));
    }

    #[test]
    fn ret_types_are_checked() {
        let mut m = Module::new();
        let f = add_fn(&mut m, "f", Type::I32, &[Type::I64]);
        let e = blk(&mut m, f, "entry");
        let a = param(&m, f, 0);
        bld(&mut m, f, e).ret(Some(a));
        expect_err(&m, "ret value has type i64 but the function returns i32");
        let mut m = Module::new();
        let f = add_fn(&mut m, "f", Type::I32, &[]);
        let e = blk(&mut m, f, "entry");
        bld(&mut m, f, e).ret(None);
        expect_err(&m, "ret without a value in a function returning i32");
        let mut m = Module::new();
        let f = add_fn(&mut m, "f", Type::VOID, &[Type::I32]);
        let e = blk(&mut m, f, "entry");
        let a = param(&m, f, 0);
        bld(&mut m, f, e).ret(Some(a));
        expect_err(&m, "ret with a value in a function returning void");
    }

    #[test]
    fn branch_and_switch_rules_are_checked() {
        let mut m = Module::new();
        let f = add_fn(&mut m, "f", Type::VOID, &[Type::I32]);
        let a = param(&m, f, 0);
        let e = blk(&mut m, f, "entry");
        let b = blk(&mut m, f, "b");
        let c = blk(&mut m, f, "c");
        bld(&mut m, f, e).cond_br(a, b, c);
        let k1 = m.consts.int(Type::I32, 32, 1);
        let k64 = m.consts.int(Type::I64, 64, 2);
        let sw = InstKind::Switch { default: c, cases: vec![(k1, c), (k1, c), (k64, c)] };
        raw(&mut m, f, b, sw, &[a], Type::VOID);
        bld(&mut m, f, c).ret(None);
        expect_err_at(&m, "branch condition must be i1, got i32", "f", "entry");
        let e1 = expect_err_at(&m, "duplicate switch case value 1", "f", "b");
        assert_eq!(e1.inst.as_deref(), Some("switch %v0, label %c [1, label %c; 1, label %c; 2, label %c]"));
        expect_err(&m, "switch case 2 has type i64 but the condition has type i32");
    }

    #[test]
    fn vector_and_aggregate_ops_are_checked() {
        let mut m = Module::new();
        let st = m.types.struct_(vec![Type::I32, Type::FLOAT], false);
        let v4 = m.types.vector(Type::FLOAT, 4);
        void_fn(&mut m, &[st, v4, Type::FLOAT], |m, f, e| {
            let (s, v, x) = (param(m, f, 0), param(m, f, 1), param(m, f, 2));
            raw(m, f, e, InstKind::ExtractValue { indices: smallvec![2] }, &[s], Type::I32);
            raw(m, f, e, InstKind::ExtractValue { indices: smallvec![0] }, &[s], Type::FLOAT);
            raw(m, f, e, InstKind::ExtractValue { indices: smallvec![0, 0] }, &[s], Type::I32);
            raw(m, f, e, InstKind::InsertValue { indices: smallvec![0] }, &[s, x], st);
            raw(m, f, e, InstKind::ExtractElement, &[x, x], Type::FLOAT);
            raw(m, f, e, InstKind::ShuffleVector { mask: vec![0, 1] }, &[v, v], v4);
            raw(m, f, e, InstKind::ShuffleVector { mask: vec![0, 1, 2, 9] }, &[v, v], v4);
        });
        expect_err(&m, "invalid extractvalue index path: index 2 is out of range for { i32, float }");
        expect_err(&m, "result type float should be i32");
        expect_err(&m, "invalid extractvalue index path: index 0 steps into non-aggregate type i32");
        expect_err(&m, "insertvalue inserts a value of type float where the aggregate has i32");
        expect_err(&m, "extractelement requires a vector operand, got float");
        expect_err(&m, "extractelement index must be an integer, got float");
        expect_err(&m, "shufflevector result must be a vector of 2 (the mask length) float elements");
        expect_err(&m, "shufflevector mask element 9 is out of range");
    }

    #[test]
    fn alloca_and_atomic_rules_are_checked() {
        let mut m = Module::new();
        let bad_pair = m.types.struct_(vec![Type::I32, Type::I32], false);
        let opaque = m.types.named_struct("opaque");
        void_fn(&mut m, &[Type::PTR, Type::I32, Type::FLOAT], |m, f, e| {
            let (p, i, x) = (param(m, f, 0), param(m, f, 1), param(m, f, 2));
            let al = |elem_ty| InstKind::Alloca { elem_ty, explicit_count: false, align: None, addrspace: 5 };
            raw(m, f, e, al(Type::I32), &[], Type::PTR);
            let p5 = m.types.ptr(5);
            raw(m, f, e, al(opaque), &[], p5);
            let mono = MemFlags { ordering: Some(AtomicOrdering::Monotonic), ..Default::default() };
            raw(m, f, e, InstKind::AtomicRmw(AtomicRmwOp::Add, mono.clone()), &[p, x], Type::FLOAT);
            raw(m, f, e, InstKind::AtomicRmw(AtomicRmwOp::FAdd, MemFlags::default()), &[p, x], Type::FLOAT);
            let cx = InstKind::CmpXchg { mem: mono, failure: AtomicOrdering::Release, weak: false };
            raw(m, f, e, cx, &[p, i, i], bad_pair);
            raw(m, f, e, InstKind::Fence(MemFlags::default()), &[], Type::VOID);
        });
        expect_err(&m, "alloca result must be a pointer in address space 5, got ptr");
        expect_err(&m, "alloca of unsized type %opaque");
        expect_err(&m, "atomicrmw add operand has invalid type float");
        expect_err(&m, "atomicrmw must have at least monotonic ordering");
        expect_err(&m, "cmpxchg result type must be { i32, i1 }, got { i32, i32 }");
        expect_err(&m, "cmpxchg failure ordering cannot be release");
        expect_err(&m, "fence ordering must be acquire, release, acq_rel or seq_cst");
    }

    // ----- signature -----

    #[test]
    fn signature_mismatches_are_reported() {
        let mut m = Module::new();
        let ty = m.types.func(Type::VOID, vec![Type::I32, Type::I64], false);
        let f = m.add_func(Function::new("f", ty, &[Type::I32, Type::I32]));
        let e = blk(&mut m, f, "entry");
        bld(&mut m, f, e).ret(None);
        let err = expect_err(&m, "parameter 1 (%v1) has type i32 but the function type says i64");
        assert_eq!(err.func.as_deref(), Some("f"));
        assert_eq!(err.block, None);

        let mut m = Module::new();
        let ty = m.types.func(Type::VOID, vec![Type::I32], false);
        m.add_func(Function::new("g", ty, &[]));
        let err = expect_err(&m, "function has 0 parameter values but its type void (i32) has 1 parameters");
        assert_eq!(err.to_string(), format!("in function @g: {}", err.message));

        let mut m = Module::new();
        let f = add_fn(&mut m, "decl", Type::VOID, &[]);
        m.funcs[f].linkage = Linkage::Internal;
        expect_err(&m, "a function declaration (no blocks) must have external or extern_weak linkage, not internal");
    }

    // ----- metadata -----

    #[test]
    fn metadata_attachments_and_references_are_checked() {
        let mut m = Module::new();
        let loc = m.metadata.push(MdNode::Special {
            distinct: false,
            kind: "DILocation".into(),
            fields: vec![(Some("line".into()), MdField::Raw("3".into()))],
        });
        let tuple = m.metadata.push(MdNode::Tuple { distinct: false, ops: vec![MdOperand::Node(loc)] });
        let sp = m.metadata.push(MdNode::Special { distinct: true, kind: "DISubprogram".into(), fields: vec![] });
        let tbaa = m.metadata.kind("tbaa");
        let f = void_fn(&mut m, &[Type::I32], |m, f, e| {
            let a = param(m, f, 0);
            let (i, _) = raw(m, f, e, InstKind::Binary(BinaryOp::Add), &[a, a], Type::I32);
            m.funcs[f].dfg.set_inst_md(i, MetadataTable::dbg_kind(), loc);
            m.funcs[f].dfg.set_inst_md(i, tbaa, tuple);
        });
        m.funcs[f].md.push((MetadataTable::dbg_kind(), sp));
        m.metadata.named.push(("llvm.ident".into(), vec![tuple]));
        assert_ok(&m);

        // A !dbg attachment that is not a DILocation.
        let first = m.funcs[f].layout.first_inst(m.funcs[f].entry().unwrap()).unwrap();
        m.funcs[f].dfg.set_inst_md(first, MetadataTable::dbg_kind(), tuple);
        expect_err_at(&m, "!dbg attachment !1 must be a DILocation node", "f", "entry");
        m.funcs[f].dfg.set_inst_md(first, MetadataTable::dbg_kind(), loc);
        // Dangling references everywhere.
        m.funcs[f].dfg.set_inst_md(first, tbaa, MdId::new(40));
        m.funcs[f].md[0].1 = tuple;
        m.metadata.push(MdNode::Tuple { distinct: false, ops: vec![MdOperand::Node(MdId::new(41))] });
        m.metadata.named.push(("bad".into(), vec![MdId::new(42)]));
        let es = verify_module(&m).unwrap_err();
        expect_err_at(&m, "metadata attachment references nonexistent node !40", "f", "entry");
        expect_err(&m, "!dbg attachment !1 must be a DISubprogram node");
        expect_err(&m, "metadata node !3: references nonexistent metadata node !41");
        expect_err(&m, "named metadata !bad references nonexistent metadata node !42");
        assert_eq!(es.len(), 4, "{}", dump(&es));
    }

    // ----- module level -----

    fn add_global(m: &mut Module, name: &str, ty: Type, init: Option<ConstId>) -> GlobalId {
        let mut g = GlobalVar::new(name, ty, 1);
        g.init = init;
        m.add_global(g)
    }

    #[test]
    fn module_names_must_be_unique() {
        let mut m = Module::new();
        add_global(&mut m, "g", Type::I32, None);
        add_global(&mut m, "g", Type::I32, None);
        add_fn(&mut m, "f", Type::VOID, &[]);
        add_fn(&mut m, "f", Type::VOID, &[]);
        add_fn(&mut m, "g", Type::VOID, &[]);
        let e = expect_err(&m, "duplicate global variable name @g");
        assert_eq!((e.func, e.block, e.inst), (None, None, None));
        expect_err(&m, "duplicate function name @f");
        expect_err(&m, "function name @g conflicts with a global variable");
    }

    #[test]
    fn global_initializers_and_constants_are_checked() {
        let mut m = Module::new();
        let arr = m.types.array(Type::I32, 2);
        let one = m.consts.int(Type::I32, 32, 1);
        let big = m.consts.int(Type::I64, 64, 1);
        let good = m.consts.intern(ConstData::Array(arr, vec![one, one]));
        add_global(&mut m, "ok", arr, Some(good));
        let zero64 = m.consts.intern(ConstData::Zero(Type::I64));
        add_global(&mut m, "mismatch", Type::I32, Some(zero64));
        let bad_elem = m.consts.intern(ConstData::Array(arr, vec![one, big]));
        add_global(&mut m, "bad_elem", arr, Some(bad_elem));
        let short = m.consts.intern(ConstData::Array(arr, vec![one]));
        add_global(&mut m, "short", arr, Some(short));
        let bytes_ty = m.types.array(Type::I8, 3);
        let bytes = m.consts.intern(ConstData::Bytes(bytes_ty, b"ab".to_vec()));
        add_global(&mut m, "bytes", bytes_ty, Some(bytes));
        let mut g = GlobalVar::new("internal_decl", Type::I32, 0);
        g.linkage = Linkage::Internal;
        m.add_global(g);
        expect_err(&m, "global @mismatch: initializer type i64 does not match the global's value type i32");
        expect_err(&m, "global @bad_elem: invalid initializer: element 1 has type i64 but the aggregate expects i32");
        expect_err(
            &m,
            "global @short: invalid initializer: array constant has 1 elements but its type [2 x i32] has 2",
        );
        expect_err(&m, "global @bytes: invalid initializer: byte string has 2 bytes but its type is [3 x i8]");
        expect_err(&m, "global @internal_decl: a global without an initializer must have external or extern_weak");
        assert_eq!(verify_module(&m).unwrap_err().len(), 5);
    }

    #[test]
    fn global_references_and_constant_expressions_are_checked() {
        let mut m = Module::new();
        let p1 = m.types.ptr(1);
        let target = add_global(&mut m, "target", Type::I32, None);
        let addr = m.consts.intern(ConstData::Global(p1, GlobalRef::Var(target)));
        add_global(&mut m, "ptr_to_target", p1, Some(addr));
        let as_int = m.consts.intern(ConstData::Expr {
            ty: Type::I64,
            op: ConstExprOp::Cast(CastOp::PtrToInt),
            operands: vec![addr],
        });
        add_global(&mut m, "as_int", Type::I64, Some(as_int));
        let st = m.types.struct_(vec![Type::I32, Type::I32], false);
        let c0 = m.consts.int(Type::I32, 32, 0);
        let c1 = m.consts.int(Type::I32, 32, 1);
        let gep = m.consts.intern(ConstData::Expr {
            ty: p1,
            op: ConstExprOp::Gep { source_ty: st, flags: Flags::INBOUNDS, inrange: None },
            operands: vec![addr, c0, c1],
        });
        add_global(&mut m, "field", p1, Some(gep));
        assert_ok(&m);

        // Wrong address space for the global's address, a bad cast expression, a removed global.
        let wrong_as = m.consts.intern(ConstData::Global(Type::PTR, GlobalRef::Var(target)));
        add_global(&mut m, "wrong_as", Type::PTR, Some(wrong_as));
        let bad_cast = m.consts.intern(ConstData::Expr {
            ty: Type::I32,
            op: ConstExprOp::Cast(CastOp::ZExt),
            operands: vec![as_int],
        });
        add_global(&mut m, "bad_cast", Type::I32, Some(bad_cast));
        let gone = add_global(&mut m, "gone", Type::I32, None);
        m.global_order.retain(|&g| g != gone);
        let dangling = m.consts.intern(ConstData::Global(p1, GlobalRef::Var(gone)));
        add_global(&mut m, "dangling", p1, Some(dangling));
        expect_err(
            &m,
            "global @wrong_as: invalid initializer: address of @target has type ptr but @target is in address space 1",
        );
        expect_err(&m, "global @bad_cast: invalid initializer: invalid constant expression: zext result must be wider");
        expect_err(&m, "global @dangling: invalid initializer: global address refers to removed global @gone");
        assert_eq!(verify_module(&m).unwrap_err().len(), 3);
    }

    #[test]
    fn bad_constant_operands_are_reported_in_functions() {
        let mut m = Module::new();
        void_fn(&mut m, &[], |m, f, e| {
            let arr = m.types.array(Type::I32, 2);
            let one = m.consts.int(Type::I32, 32, 1);
            let bad = cval(m, f, ConstData::Array(arr, vec![one]));
            raw(m, f, e, InstKind::Freeze, &[bad], arr);
        });
        expect_err_at(&m, "invalid constant operand 0: array constant has 1 elements", "f", "entry");
    }

    // ----- reporting -----

    #[test]
    fn errors_are_capped() {
        let mut m = Module::new();
        void_fn(&mut m, &[Type::I32, Type::I64], |m, f, e| {
            let (a, b) = (param(m, f, 0), param(m, f, 1));
            for _ in 0..300 {
                bld(m, f, e).binary(BinaryOp::Add, a, b);
            }
        });
        let es = verify_module(&m).unwrap_err();
        assert_eq!(es.len(), MAX_ERRORS);
        assert!(es.iter().all(|e| e.message.starts_with("operand types do not match")));
    }

    #[test]
    fn verify_function_checks_only_that_function() {
        let mut m = Module::new();
        let d = diamond(&mut m);
        let g = add_fn(&mut m, "g", Type::VOID, &[]);
        let e = blk(&mut m, g, "entry");
        bld(&mut m, g, e).unreachable();
        bld(&mut m, g, e).unreachable();
        assert_eq!(verify_function(&m, d.f), Ok(()));
        let es = verify_function(&m, g).unwrap_err();
        assert_eq!(es.len(), 1);
        assert_eq!(
            es[0].to_string(),
            "in function @g, block %entry, instruction `unreachable`: terminator found in the middle of a block"
        );
        let es = verify_function(&m, FuncId::new(99)).unwrap_err();
        assert!(es[0].message.contains("does not exist"));
    }

    #[test]
    fn display_without_location_is_the_message() {
        let e = VerifierError { func: None, block: None, inst: None, message: "duplicate function name @f".into() };
        assert_eq!(e.to_string(), "duplicate function name @f");
        let e = VerifierError { func: Some("k".into()), block: Some("bb3".into()), inst: None, message: "m".into() };
        assert_eq!(e.to_string(), "in function @k, block %bb3: m");
    }

    // ----- scaling -----

    #[test]
    fn large_straight_line_function_verifies() {
        let mut m = Module::new();
        let f = add_fn(&mut m, "big", Type::I32, &[Type::I32]);
        let a = param(&m, f, 0);
        let e = blk(&mut m, f, "entry");
        let mut b = bld(&mut m, f, e);
        let mut x = a;
        for _ in 0..200_000 {
            x = b.binary(BinaryOp::Add, x, a);
        }
        b.ret(Some(x));
        assert_ok(&m);
    }

    #[test]
    fn long_block_chain_and_diamond_ladder_verify() {
        let mut m = Module::new();
        let f = add_fn(&mut m, "chain", Type::I32, &[Type::I32]);
        let a = param(&m, f, 0);
        let e = blk(&mut m, f, "entry");
        let base = bld(&mut m, f, e).binary(BinaryOp::Add, a, a);
        let mut prev_block = e;
        let mut x = base;
        for _ in 0..20_000 {
            let nb = m.funcs[f].append_block(None);
            bld(&mut m, f, prev_block).br(nb);
            // Every block uses the entry's value: dominance queries span the whole chain.
            x = bld(&mut m, f, nb).binary(BinaryOp::Add, x, base);
            prev_block = nb;
        }
        bld(&mut m, f, prev_block).ret(Some(x));

        // A ladder of 5000 diamonds joined by phis.
        let g = add_fn(&mut m, "ladder", Type::I32, &[Type::I32]);
        let a = param(&m, g, 0);
        let mut cur = blk(&mut m, g, "entry");
        let mut v = a;
        for _ in 0..5_000 {
            let (t, el, j) = {
                let func = &mut m.funcs[g];
                (func.append_block(None), func.append_block(None), func.append_block(None))
            };
            let c = bld(&mut m, g, cur).icmp(IntPredicate::Slt, v, a);
            bld(&mut m, g, cur).cond_br(c, t, el);
            let vt = bld(&mut m, g, t).binary(BinaryOp::Add, v, a);
            bld(&mut m, g, t).br(j);
            let ve = bld(&mut m, g, el).binary(BinaryOp::Sub, v, a);
            bld(&mut m, g, el).br(j);
            let (phi, p) = bld(&mut m, g, j).phi(Type::I32);
            m.funcs[g].dfg.phi_add_incoming(phi, vt, t);
            m.funcs[g].dfg.phi_add_incoming(phi, ve, el);
            v = p;
            cur = j;
        }
        bld(&mut m, g, cur).ret(Some(v));
        assert_ok(&m);
    }
}
