//! Address-space inference for pointer values (the job LLVM's NVPTX `InferAddressSpaces` and `LowerArgs` do).
//!
//! Every pointer value gets a [`Space`]: the space its register holds an address *in*. Sources:
//! - a pointer type `ptr addrspace(N)` with N ≠ 0 is in space N;
//! - `alloca` is local; kernel pointer parameters are global (CUDA passes only global memory to kernels, the
//!   same assumption LLVM's NVPTX back end makes); byval parameters of kernels and device functions are in the
//!   param space (read in place with `ld.param`) unless their address escapes, then local (a depot copy);
//! - a pointer loaded from a kernel's byval parameter read in place (param space) is global: the host filled
//!   that parameter, and the only addresses a host can pass to a kernel are global ones — the same assumption
//!   as for kernel pointer parameters (LLVM's NVPTX back end makes it for both). Without it every access
//!   through such a pointer would be generic. The same holds for an `inttoptr` of an integer loaded from such a
//!   parameter (thrust's `device_ptr` members are read as `load i64` + `inttoptr`; llc-19 makes them global
//!   too: 20 of gerbil's CUB merge-sort partition kernel's 40 loads were generic without it);
//! - a global variable of address space 0 is global (the printer puts it in `.global`);
//! - `addrspacecast` to generic keeps the source's space; GEPs and pointer `bitcast`s keep their base's space;
//! - `phi` and `select` get the meet of their inputs (equal spaces → that space, otherwise generic);
//! - everything else (other loads of pointers, call results, `inttoptr`, device-function parameters) is generic.
//!
//! The analysis is an optimistic fixpoint over a worklist in reverse post-order; each value moves down the
//! lattice `Unknown → specific → Generic` at most twice, so it is linear in the number of pointer uses.

use simtc_ir::{
    ConstData, ConstExprOp, ConstId, EntityRef, Function, GlobalRef, InstKind, Module, Type, Value, ValueDef,
};

/// An address space as PTX spells it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    /// Not yet known (only during inference).
    Unknown,
    /// Generic addressing.
    Generic,
    /// `.global` (addrspace 1).
    Global,
    /// `.shared` (addrspace 3).
    Shared,
    /// `.const` (addrspace 4).
    Const,
    /// `.local` (addrspace 5).
    Local,
    /// `.param` (addrspace 101).
    Param,
}

impl Space {
    /// The PTX state-space suffix (`.global`, ...), empty for generic.
    pub fn suffix(self) -> &'static str {
        match self {
            Space::Global => ".global",
            Space::Shared => ".shared",
            Space::Const => ".const",
            Space::Local => ".local",
            Space::Param => ".param",
            Space::Generic | Space::Unknown => "",
        }
    }
    /// The space of an LLVM NVPTX address-space number.
    pub fn from_addrspace(n: u32) -> Space {
        match n {
            1 => Space::Global,
            3 => Space::Shared,
            4 => Space::Const,
            5 => Space::Local,
            101 => Space::Param,
            _ => Space::Generic,
        }
    }
    fn meet(self, o: Space) -> Space {
        match (self, o) {
            (Space::Unknown, x) | (x, Space::Unknown) => x,
            (a, b) if a == b => a,
            _ => Space::Generic,
        }
    }
}

/// The space a value of pointer type `ty` is in by its type alone.
pub fn space_of_type(m: &Module, ty: Type) -> Space {
    Space::from_addrspace(m.types.ptr_addrspace(ty).unwrap_or(0))
}

/// The space of a constant pointer (global address, constant expression).
pub fn space_of_const(m: &Module, c: ConstId) -> Space {
    match m.consts.data(c) {
        // A variable of address space 0 is printed in `.global` (as llc's NVPTX GenericToNVVM moves it there) and
        // its address is materialized as a global one (`Lower::const_ptr_or_int`): a pointer induction variable
        // that starts at it (`lsr` over a table in a `constant` array) stays global instead of generic.
        ConstData::Global(_, GlobalRef::Var(g)) => match m.globals[*g].addrspace {
            0 => Space::Global,
            a => Space::from_addrspace(a),
        },
        ConstData::Global(_, GlobalRef::Func(_)) => Space::Generic,
        ConstData::Expr { ty, op, operands } => match op {
            ConstExprOp::Cast(simtc_ir::CastOp::AddrSpaceCast) | ConstExprOp::Cast(simtc_ir::CastOp::BitCast) => {
                let declared = space_of_type(m, *ty);
                if declared != Space::Generic {
                    declared
                } else {
                    space_of_const(m, operands[0])
                }
            }
            ConstExprOp::Gep { .. } => space_of_const(m, operands[0]),
            _ => space_of_type(m, *ty),
        },
        _ => Space::Generic,
    }
}

/// Infers the space of every value of `f` (indexed by value index; non-pointers are `Generic`).
pub fn infer(m: &Module, f: &Function, is_kernel: bool) -> Vec<Space> {
    let n = f.dfg.num_values();
    let mut sp = vec![Space::Unknown; n];
    for (k, &p) in f.params.iter().enumerate() {
        let ty = f.dfg.value_ty(p);
        sp[p.index()] = if !m.types.is_ptr(ty) {
            Space::Generic
        } else if space_of_type(m, ty) != Space::Generic {
            space_of_type(m, ty)
        } else if f.param_attrs.get(k).is_some_and(|a| a.has("byval")) {
            // Kernels and device functions alike read a byval parameter in place with ld.param.
            if byval_escapes(m, f, p) {
                Space::Local
            } else {
                Space::Param
            }
        } else if is_kernel {
            Space::Global
        } else {
            Space::Generic
        };
    }
    let value_space = |sp: &Vec<Space>, v: Value| -> Space {
        match f.dfg.value_def(v) {
            ValueDef::Const(c) => space_of_const(m, *c),
            ValueDef::Inst(_) | ValueDef::Arg(_) => sp[v.index()],
            _ => Space::Generic,
        }
    };
    // The space of a value a kernel loads from `addr`: global when `addr` is in a byval parameter read in place.
    let loaded = |sp: &Vec<Space>, addr: Value| match value_space(sp, addr) {
        Space::Param => Space::Global,
        Space::Unknown => Space::Unknown,
        _ => Space::Generic,
    };
    // Reverse post-order is layout order for structured code; iterate to a fixpoint (bounded by lattice height).
    let insts: Vec<_> = f.layout.blocks().flat_map(|b| f.layout.block_insts(b).collect::<Vec<_>>()).collect();
    loop {
        let mut changed = false;
        for &i in &insts {
            let Some(r) = f.dfg.result(i) else { continue };
            let ty = f.dfg.value_ty(r);
            if !m.types.is_ptr(ty) {
                if sp[r.index()] != Space::Generic {
                    sp[r.index()] = Space::Generic;
                    changed = true;
                }
                continue;
            }
            let declared = space_of_type(m, ty);
            let args = f.dfg.args(i);
            let new = if declared != Space::Generic {
                declared
            } else {
                match &f.dfg.inst(i).kind {
                    InstKind::Alloca { .. } => Space::Local,
                    InstKind::Gep { .. } => value_space(&sp, args[0]),
                    InstKind::Cast(simtc_ir::CastOp::AddrSpaceCast) | InstKind::Cast(simtc_ir::CastOp::BitCast) => {
                        value_space(&sp, args[0])
                    }
                    InstKind::Phi { .. } => args.iter().fold(Space::Unknown, |a, &v| a.meet(value_space(&sp, v))),
                    InstKind::Select => value_space(&sp, args[1]).meet(value_space(&sp, args[2])),
                    InstKind::Freeze => value_space(&sp, args[0]),
                    InstKind::Load(_) if is_kernel => loaded(&sp, args[0]),
                    // A pointer the kernel's byval parameter holds as an integer (thrust's `device_ptr` is read
                    // as `load i64` + `inttoptr`): global, as a loaded pointer is.
                    InstKind::Cast(simtc_ir::CastOp::IntToPtr) if is_kernel => {
                        match f.dfg.value_inst(args[0]).map(|li| (&f.dfg.inst(li).kind, f.dfg.args(li))) {
                            Some((InstKind::Load(_), la)) => loaded(&sp, la[0]),
                            _ => Space::Generic,
                        }
                    }
                    _ => Space::Generic,
                }
            };
            let old = sp[r.index()];
            let merged = if old == Space::Unknown { new } else { old.meet(new) };
            if merged != old {
                sp[r.index()] = merged;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for s in &mut sp {
        if *s == Space::Unknown {
            *s = Space::Generic;
        }
    }
    sp
}

/// Whether a byval parameter's address is used other than to load from it (directly or through GEPs, bitcasts,
/// and `phi`s and `select`s that choose only among addresses into it, such as the pointer induction variables
/// `lsr` makes). Such a parameter is copied into the local depot on entry, as PTX cannot form a generic address
/// of a kernel parameter before PTX 7.7. A `phi` or `select` that also chooses an address from elsewhere makes
/// its result generic, so it counts as an escape.
pub fn byval_escapes(m: &Module, f: &Function, p: Value) -> bool {
    let mut work = vec![p];
    let mut derived = rustc_hash::FxHashSet::default();
    let mut merges: Vec<simtc_ir::Inst> = Vec::new();
    while let Some(v) = work.pop() {
        if !derived.insert(v) {
            continue;
        }
        for u in f.dfg.uses(v) {
            let i = u.inst;
            match &f.dfg.inst(i).kind {
                InstKind::Load(_) => {}
                InstKind::Gep { .. } if u.index == 0 => work.extend(f.dfg.result(i)),
                InstKind::Cast(simtc_ir::CastOp::BitCast) => work.extend(f.dfg.result(i)),
                InstKind::Phi { .. } => {
                    merges.push(i);
                    work.extend(f.dfg.result(i));
                }
                InstKind::Select if u.index != 0 => {
                    merges.push(i);
                    work.extend(f.dfg.result(i));
                }
                InstKind::Call(_) if super::stack_color::lifetime_marker(m, f, i).is_some() => {}
                _ => return true,
            }
        }
    }
    merges.iter().any(|&i| {
        let args = f.dfg.args(i);
        let chosen = if matches!(f.dfg.inst(i).kind, InstKind::Select) { &args[1..] } else { args };
        chosen.iter().any(|v| !derived.contains(v))
    })
}
