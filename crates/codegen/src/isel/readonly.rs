//! Read-only global loads: which loads may use the non-coherent path, `ld.global.nc` (the texture cache that
//! `__ldg` reaches), as llc-19 decides it.
//!
//! A plain load (not volatile, not atomic) from the global space reads memory that no thread of the kernel writes
//! when
//! - it carries `!invariant.load` metadata (the frontend promises the memory never changes while it is
//!   addressable), or
//! - every underlying object of its address is either a parameter of a *kernel* marked `noalias` and `readonly`
//!   (or `readnone`) — `const T *__restrict__` arguments, whose pointees the kernel cannot write through another
//!   pointer — or a `constant` global variable.
//!
//! Underlying objects are found by walking the address back through `getelementptr`, `bitcast`,
//! `addrspacecast`, `select` and `phi` (all operands of the last two), and the same constant expressions, as
//! LLVM's `getUnderlyingObjects`. The walk visits at most [`MAX_VISITED`] values per load (a larger web of
//! pointers is not read-only for this rule), so it is constant time per load and the pass stays linear.
//! Anything else — a pointer loaded from memory, an `inttoptr`, a call result, a device-function parameter
//! (its caller may pass a pointer it writes) — makes the load an ordinary one.

use super::Lower;
use simtc_ir::{CastOp, ConstData, ConstExprOp, ConstId, GlobalRef, Inst, InstKind, Value, ValueDef};

/// Most values the walk visits for one load.
const MAX_VISITED: usize = 32;

impl Lower<'_> {
    /// Whether load `inst` of address `ptr` reads memory the kernel never writes (see the module doc); the caller
    /// checks that the access is a plain global one.
    pub(crate) fn reads_readonly_memory(&self, inst: Inst, ptr: Value) -> bool {
        let m = self.m;
        if m.metadata.find_kind("invariant.load").is_some_and(|k| self.f.dfg.get_inst_md(inst, k).is_some()) {
            return true;
        }
        let mut stack = vec![ptr];
        let mut seen: Vec<Value> = Vec::new();
        while let Some(v) = stack.pop() {
            if seen.contains(&v) {
                continue;
            }
            if seen.len() == MAX_VISITED {
                return false;
            }
            seen.push(v);
            match self.f.dfg.value_def(v) {
                ValueDef::Arg(n) => {
                    let attrs = &self.f.param_attrs[*n as usize];
                    let readonly = attrs.has("readonly") || attrs.has("readnone");
                    if !(self.abi.is_kernel && attrs.has("noalias") && readonly) {
                        return false;
                    }
                }
                ValueDef::Const(c) => {
                    if !self.constant_object(*c, 0) {
                        return false;
                    }
                }
                ValueDef::Inst(i) => {
                    let args = self.f.dfg.args(*i);
                    match &self.f.dfg.inst(*i).kind {
                        InstKind::Gep { .. } | InstKind::Cast(CastOp::BitCast | CastOp::AddrSpaceCast) => {
                            stack.push(args[0])
                        }
                        InstKind::Select => stack.extend_from_slice(&args[1..]),
                        InstKind::Phi { .. } => stack.extend_from_slice(args),
                        _ => return false,
                    }
                }
                _ => return false,
            }
        }
        true
    }

    /// Whether constant `c` addresses a `constant` global variable (through casts and GEPs).
    fn constant_object(&self, c: ConstId, depth: u32) -> bool {
        let m = self.m;
        match m.consts.data(c) {
            ConstData::Global(_, GlobalRef::Var(g)) => m.globals[*g].is_constant,
            ConstData::Expr { op, operands, .. } if depth < 8 => {
                matches!(op, ConstExprOp::Gep { .. } | ConstExprOp::Cast(CastOp::BitCast | CastOp::AddrSpaceCast))
                    && operands.first().is_some_and(|&o| self.constant_object(o, depth + 1))
            }
            _ => false,
        }
    }
}
