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
//!
//! # Layout
//!
//! This file holds the public API and the verifier state; the checks are split by concern: `module.rs` (order
//! lists, names, globals, metadata), `constants.rs` (constants and constant expressions), `function.rs`
//! (signature, layout, block structure, CFG), `ssa.rs` (operands, dominance, phis, use lists), `inst_types.rs`
//! (per-opcode typing), `types.rs` (typing rules shared with constant expressions) and `text.rs` (short printing
//! for diagnostics).

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

mod constants;
mod function;
mod inst_types;
mod module;
mod ssa;
#[cfg(test)]
mod tests;
mod text;
mod types;

use inst_types::*;
use text::*;
use types::*;

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
    /// The same place as entity ids, for tools that map it back to a source position.
    pub site: ErrorSite,
}

/// Where a [`VerifierError`] is, as entity ids (each `None` when it does not apply): the function, block and
/// instruction, or, for a module-level problem, the global variable.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ErrorSite {
    /// The function.
    pub func: Option<FuncId>,
    /// The block.
    pub block: Option<Block>,
    /// The instruction.
    pub inst: Option<Inst>,
    /// The global variable (module-level problems).
    pub global: Option<crate::module::GlobalId>,
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
    for f in listed_functions(m) {
        if v.full() {
            break;
        }
        v.verify_function(f);
    }
    v.finish()
}

/// The existing functions of [`Module::func_order`], each once, in that order (what [`verify_module`] checks).
fn listed_functions(m: &Module) -> Vec<FuncId> {
    let mut seen = vec![false; m.funcs.len()];
    m.func_order
        .iter()
        .copied()
        .filter(|&f| m.funcs.is_valid(f) && !std::mem::replace(&mut seen[f.index()], true))
        .collect()
}

/// [`verify_module`] with the functions checked on up to `threads` threads (rayon's current pool and the calling
/// thread). The result is exactly [`verify_module`]'s: when any check fails, the module is verified again on the
/// calling thread, so the errors, their order and the [`MAX_ERRORS`] cut are the same for any `threads`.
pub fn verify_module_threads(m: &Module, threads: usize) -> Result<(), Vec<VerifierError>> {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let funcs = listed_functions(m);
    let threads = threads.clamp(1, funcs.len().max(1));
    if threads == 1 {
        return verify_module(m);
    }
    let mut v = Verifier::new(m);
    v.verify_module_level();
    if !v.errors.is_empty() {
        return verify_module(m);
    }
    // Each thread starts from the module-level pass's verdicts on constants and keeps its own from there.
    let cursor = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let work = || {
        let mut w = Verifier {
            m,
            errors: Vec::new(),
            const_state: v.const_state.clone(),
            live_globals: v.live_globals.clone(),
            live_funcs: v.live_funcs.clone(),
        };
        while !failed.load(Ordering::Relaxed) {
            let Some(&f) = funcs.get(cursor.fetch_add(1, Ordering::Relaxed)) else { break };
            w.verify_function(f);
            if !w.errors.is_empty() {
                failed.store(true, Ordering::Relaxed);
            }
        }
    };
    let work = &work;
    rayon::in_place_scope(|scope| {
        for _ in 1..threads {
            scope.spawn(move |_| work());
        }
        work();
    });
    if failed.into_inner() {
        return verify_module(m);
    }
    Ok(())
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
// Verifier state (module-level checks in `module.rs` and `constants.rs`)
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
        self.push(VerifierError { func: None, block: None, inst: None, message, site: ErrorSite::default() });
    }

    fn global_err(&mut self, g: crate::module::GlobalId, message: String) {
        let site = ErrorSite { global: Some(g), ..ErrorSite::default() };
        self.push(VerifierError { func: None, block: None, inst: None, message, site });
    }

    fn finish(self) -> Result<(), Vec<VerifierError>> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(self.errors)
        }
    }

    fn verify_function(&mut self, fid: FuncId) {
        let m = self.m;
        let f = &m.funcs[fid];
        FuncVerifier { v: self, m, fid, f }.run();
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Function verification state (checks in `function.rs` and `ssa.rs`)
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
    fid: FuncId,
    f: &'m Function,
}
