//! Selection of parameters, pointers, `alloca` (the local depot), address arithmetic, loads, stores, atomics
//! and fences.
//!
//! Kernel parameters are read with `ld.param` from their `.param` symbols; kernel pointer parameters are turned
//! into global addresses with `cvta.to.global` (see [`super::spaces`]). Static allocas live in the function's local
//! depot `__local_depotN`, addressed through `%SPL` (local) and `%SP` (its generic form). Loads and stores pick
//! their state space from the pointer's inferred space and use `.v2`/`.v4` forms when a value's scalar leaves are
//! contiguous, equally typed and the access is aligned to its full size (four lanes aligned to two: two `.v2`).
//!
//! Alignment: a leaf at byte offset `o` of an access aligned to `A` is aligned to `commonAlignment(A, o)`. A leaf
//! below its natural alignment (a packed struct's member, `load i64 ... align 4`) or whose store size is not a power
//! of two (`i24`) is accessed in pieces — the widest power of two the alignment allows at each piece's offset, as
//! LLVM's legalizer splits it — never as one misaligned access, which faults on the GPU. A store of a value that
//! an under-aligned load read in the same pieces (a packed struct copied) stores the pieces as read, without
//! reassembling the value and shifting it apart again, as llc's DAG combiner folds the pair. Atomics are never
//! split: an under-aligned atomic access is an error.
//!
//! Atomics follow the PTX memory model mapping: `monotonic` → `.relaxed`, `acquire`/`release`/`acq_rel` →
//! the same semantics, `seq_cst` → `fence.sc` before an `.acq_rel` (RMW) or `.acquire` (load) access; LLVM's
//! default (system) scope → `.sys`, `syncscope("device")` → `.gpu`, `"block"`/`"singlethread"` → `.cta`.

use super::index::IndexExt;
use super::spaces::{space_of_const, space_of_type, Space};
use super::{class_of, leaves, Lower, Result};
use crate::abi::ParamKind;
use crate::error::CodegenError;
use crate::mir::{Mod, OpKind, Operand, Reg, RegClass};
use simtc_ir::{
    AtomicOrdering, AtomicRmwOp, CastOp, ConstData, ConstExprOp, ConstId, EntityRef, GlobalRef, Inst, InstKind,
    MemFlags, SyncScope, Type, TypeData, Value, ValueDef,
};
use smallvec::{smallvec, SmallVec};

/// The pieces an under-aligned integer load was read in: `(offset, size, register)` each.
pub(crate) type Pieces = SmallVec<[(u64, u64, Reg); 8]>;

/// Whether memory semantics `sem` name an atomic ordering (such an access is never split or vectorized).
fn is_ordered(sem: &str) -> bool {
    sem.starts_with(".relaxed") || sem.starts_with(".acquire") || sem.starts_with(".release")
}

/// The `ld`/`st` type suffix of a scalar leaf.
pub(crate) fn mem_suffix(m: &simtc_ir::Module, ty: Type) -> Result<&'static str> {
    Ok(match m.types.data(ty) {
        TypeData::Int(w) if *w <= 8 => "u8",
        TypeData::Int(w) if *w <= 16 => "u16",
        TypeData::Int(w) if *w <= 32 => "u32",
        TypeData::Int(w) if *w <= 64 => "u64",
        TypeData::Ptr(_) => "u64",
        TypeData::Float => "f32",
        TypeData::Double => "f64",
        TypeData::Half | TypeData::BFloat => "b16",
        _ => {
            return Err(CodegenError::unsupported(format!(
                "memory access of type {}",
                simtc_ir::writer::type_to_string(&m.types, ty)
            )))
        }
    })
}

/// The widest copy unit (at most `max` bytes) that `align` and `size` allow: its size, register class and
/// `ld`/`st` type suffix. Single bytes travel in `.b16` registers as `.b8`.
pub(crate) fn copy_unit(align: u64, size: u64, max: u64) -> (u64, RegClass, &'static str) {
    match [8u64, 4, 2, 1].into_iter().find(|c| *c <= max && align >= *c && size.is_multiple_of(*c)).unwrap_or(1) {
        8 => (8, RegClass::B64, "b64"),
        4 => (4, RegClass::B32, "b32"),
        2 => (2, RegClass::B16, "b16"),
        _ => (1, RegClass::B16, "b8"),
    }
}

/// The alignment guaranteed `off` bytes past an address aligned to `align` (LLVM's `commonAlignment`).
pub(crate) fn align_at(align: u64, off: u64) -> u64 {
    let align = align.max(1);
    if off == 0 {
        align
    } else {
        align.min(1 << off.trailing_zeros())
    }
}

/// Whether a leaf of `size` bytes at an address aligned to `align` is one natural access: its size is 1, 2, 4 or 8
/// and the address is aligned to it.
pub(crate) fn is_natural(size: u64, align: u64) -> bool {
    matches!(size, 1 | 2 | 4 | 8) && align >= size
}

/// How an access of `size` bytes at an address aligned to `align` is split, as LLVM's legalizer does: `(offset,
/// bytes)` pieces in address order, each the largest power of two (at most 8) that fits the remaining bytes and the
/// alignment at its offset. `size` 4 at alignment 1 gives four bytes; `size` 8 at alignment 4 two words; `size` 3
/// (an `i24`) at alignment 4 a half-word and a byte.
pub(crate) fn access_pieces(size: u64, align: u64) -> SmallVec<[(u64, u64); 8]> {
    let mut out = SmallVec::new();
    let mut k = 0;
    while k < size {
        let mut p = align_at(align, k).min(8);
        while p > size - k {
            p /= 2;
        }
        out.push((k, p));
        k += p;
    }
    out
}

/// The integer register class (and its width) that carries a leaf of class `vc` while it is split into pieces.
fn int_class(vc: RegClass) -> Result<(RegClass, u32)> {
    Ok(match vc {
        RegClass::B16 => (RegClass::B16, 16),
        RegClass::B32 | RegClass::F32 => (RegClass::B32, 32),
        RegClass::B64 | RegClass::F64 => (RegClass::B64, 64),
        c => return Err(CodegenError::unsupported(format!("an under-aligned memory access of a {c:?} value"))),
    })
}

/// The element type of an array or vector type (also of zero-length arrays, which `element_type` bounds-checks).
fn seq_elem(m: &simtc_ir::Module, t: Type) -> Type {
    match m.types.data(t) {
        TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => *elem,
        _ => t,
    }
}

fn scope_suffix(s: &SyncScope) -> &'static str {
    match s {
        SyncScope::System => ".sys",
        SyncScope::Named(n) => match &**n {
            "block" | "singlethread" => ".cta",
            "cluster" => ".cluster",
            _ => ".gpu",
        },
    }
}

impl Lower<'_> {
    /// The register of a pointer value and the space it addresses.
    pub(crate) fn ptr(&mut self, v: Value) -> Result<(Reg, Space)> {
        match self.f.dfg.value_def(v) {
            ValueDef::Const(c) => {
                let c = *c;
                if matches!(
                    self.m.consts.data(c),
                    ConstData::Null(_) | ConstData::Zero(_) | ConstData::Undef(_) | ConstData::Poison(_)
                ) {
                    let r = self.materialize(Operand::Imm(0), RegClass::B64);
                    return Ok((r, space_of_type(self.m, self.ty(v))));
                }
                self.const_ptr_or_int(c)
            }
            _ => {
                let r = self.reg(v)?;
                Ok((r, self.spaces[v.index()]))
            }
        }
    }

    /// Converts an address between spaces (`cvta` / `cvta.to`).
    pub(crate) fn convert_space(&mut self, r: Reg, from: Space, to: Space) -> Result<Reg> {
        if from == to || to == Space::Unknown || from == Space::Unknown {
            return Ok(r);
        }
        if from == Space::Generic {
            return Ok(self.emit_def(format!("cvta.to{}.u64", to.suffix()), RegClass::B64, &[Operand::Reg(r)]));
        }
        if from == Space::Param {
            let v = self.opts.ptx_version()?;
            if v < (7, 7) {
                return Err(CodegenError::unsupported(format!(
                    "the generic address of a kernel parameter before PTX 7.7 (have {}.{})",
                    v.0, v.1
                )));
            }
        }
        let g = self.emit_def(format!("cvta{}.u64", from.suffix()), RegClass::B64, &[Operand::Reg(r)]);
        if to == Space::Generic {
            return Ok(g);
        }
        Ok(self.emit_def(format!("cvta.to{}.u64", to.suffix()), RegClass::B64, &[Operand::Reg(g)]))
    }

    /// The address of shared variable `g`, read once per function (`--knob shared-addr-once`, sm_90 and later).
    ///
    /// On sm_90 a shared variable's address is an offset in the CTA's window of the cluster's distributed
    /// shared memory: ptxas turns each `mov.u64 %rd, var` into five SASS instructions (`S2UR SR_CgaCtaId`,
    /// two `UMOV`, `UIADD3`, `ULEA`) and does not common two of them in blocks where neither dominates the
    /// other (`if (t < 64) s[t] = x; __syncthreads(); y = s[t];`). One `mov` in the entry block, which `sink`
    /// moves down to the nearest common dominator of its readers, is computed once (in a uniform register, no
    /// vector register held). The entry block is lowered first (reverse post-order), so a read from a later
    /// block inserts the `mov` before the entry block's closing branches.
    pub(crate) fn shared_address(&mut self, g: simtc_ir::GlobalId) -> Reg {
        if let Some(&r) = self.shared_addrs.get(&g) {
            return r;
        }
        let name = crate::ptx::names::global_symbol(self.m, g);
        let r = self.mf.new_reg(RegClass::B64);
        self.mf.uniform[r.0 as usize] = true;
        let i = self.mi("mov.u64", &[Operand::Reg(r)], &[Operand::Sym(name.into())]);
        let entry = self.mf.order[0];
        if self.cur == entry {
            self.emit(i);
        } else {
            let insts = &mut self.mf.block_mut(entry).insts;
            let mut at = insts.len();
            while at > 0 && insts[at - 1].is_branch() {
                at -= 1;
            }
            insts.insert(at, i);
        }
        self.shared_addrs.insert(g, r);
        r
    }

    /// Materializes a global address or constant expression: the register and its space.
    pub(crate) fn const_ptr_or_int(&mut self, c: ConstId) -> Result<(Reg, Space)> {
        let m = self.m;
        match m.consts.data(c).clone() {
            ConstData::Global(_, GlobalRef::Var(g)) => {
                let sp = match space_of_const(m, c) {
                    Space::Generic => Space::Global,
                    s => s,
                };
                if sp == Space::Shared && self.shared_addr_once {
                    return Ok((self.shared_address(g), sp));
                }
                let name = crate::ptx::names::global_symbol(m, g);
                let r = self.emit_def("mov.u64", RegClass::B64, &[Operand::Sym(name.into())]);
                Ok((r, sp))
            }
            ConstData::Global(_, GlobalRef::Func(fid)) => {
                let name = crate::ptx::names::func_symbol(m, fid);
                Ok((self.emit_def("mov.u64", RegClass::B64, &[Operand::Sym(name.into())]), Space::Generic))
            }
            ConstData::Int(_, ap) => {
                Ok((self.materialize(Operand::Imm(ap.as_u128() as i64), RegClass::B64), Space::Generic))
            }
            ConstData::Null(_) | ConstData::Zero(_) | ConstData::Undef(_) | ConstData::Poison(_) => {
                Ok((self.materialize(Operand::Imm(0), RegClass::B64), Space::Generic))
            }
            ConstData::Expr { ty, op, operands } => match op {
                ConstExprOp::Cast(CastOp::AddrSpaceCast) | ConstExprOp::Cast(CastOp::BitCast) => {
                    let (r, sp) = self.const_ptr_or_int(operands[0])?;
                    let declared = space_of_type(m, ty);
                    if declared != Space::Generic {
                        Ok((self.convert_space(r, sp, declared)?, declared))
                    } else {
                        Ok((r, sp))
                    }
                }
                ConstExprOp::Cast(CastOp::PtrToInt) => {
                    let (r, sp) = self.const_ptr_or_int(operands[0])?;
                    let declared = space_of_type(m, m.consts.ty(operands[0]));
                    Ok((self.convert_space(r, sp, declared)?, Space::Generic))
                }
                ConstExprOp::Cast(CastOp::IntToPtr) => {
                    let (r, _) = self.const_ptr_or_int(operands[0])?;
                    Ok((r, space_of_type(m, ty)))
                }
                ConstExprOp::Gep { source_ty, .. } => {
                    let (r, sp) = self.const_ptr_or_int(operands[0])?;
                    let mut off: i64 = 0;
                    let mut t = source_ty;
                    for (k, &ix) in operands[1..].iter().enumerate() {
                        let i = m
                            .consts
                            .as_i128(ix)
                            .ok_or_else(|| CodegenError::unsupported("a non-integer constant GEP index"))?
                            as i64;
                        if k == 0 {
                            off += i * m.types.alloc_size(t) as i64;
                            continue;
                        }
                        if let Some(layout) = m.types.struct_layout(t) {
                            off += layout.offsets[i as usize] as i64;
                            t = m.types.element_type(t, i as u64).unwrap_or(t);
                        } else {
                            t = seq_elem(m, t);
                            off += i * m.types.alloc_size(t) as i64;
                        }
                    }
                    if off == 0 {
                        return Ok((r, sp));
                    }
                    Ok((self.emit_def("add.s64", RegClass::B64, &[Operand::Reg(r), Operand::Imm(off)]), sp))
                }
                ConstExprOp::Binary(op, _) => {
                    let (a, _) = self.const_ptr_or_int(operands[0])?;
                    let (b, _) = self.const_ptr_or_int(operands[1])?;
                    let name = match op {
                        simtc_ir::BinaryOp::Add => "add.s64",
                        simtc_ir::BinaryOp::Sub => "sub.s64",
                        simtc_ir::BinaryOp::And => "and.b64",
                        simtc_ir::BinaryOp::Or => "or.b64",
                        simtc_ir::BinaryOp::Xor => "xor.b64",
                        _ => return Err(CodegenError::unsupported(format!("constant expression `{}`", op.name()))),
                    };
                    Ok((self.emit_def(name, RegClass::B64, &[Operand::Reg(a), Operand::Reg(b)]), Space::Generic))
                }
                _ => Err(CodegenError::unsupported("this constant expression")),
            },
            _ => Err(CodegenError::unsupported("this constant as a pointer")),
        }
    }

    /// Reserves `size` bytes aligned to `align` in the local depot; returns the offset.
    pub(crate) fn depot_alloc(&mut self, size: u64, align: u64) -> u64 {
        let align = align.max(1);
        let off = self.depot_size.div_ceil(align) * align;
        self.depot_size = off + size.max(1);
        self.depot_align = self.depot_align.max(align);
        off
    }

    /// `%SPL + off` (a local address) in a new register.
    pub(crate) fn depot_local(&mut self, off: u64) -> Reg {
        self.emit_def("add.u64", RegClass::B64, &[Operand::Sym("%SPL".into()), Operand::Imm(off as i64)])
    }

    /// Called after lowering: declares the depot and initializes `%SPL`/`%SP` at the entry.
    pub(crate) fn finish_depot(&mut self) {
        if self.depot_size == 0 {
            return;
        }
        self.mf.depot = Some((self.depot_size, self.depot_align));
        let entry = self.mf.order[0];
        let name = format!("__local_depot{}", self.fid.index());
        let mut init = vec![self.mi("mov.u64", &[Operand::Sym("%SPL".into())], &[Operand::Sym(name.into())])];
        if self.mf.uses_sp {
            init.push(self.mi("cvta.local.u64", &[Operand::Sym("%SP".into())], &[Operand::Sym("%SPL".into())]));
        }
        let insts = &mut self.mf.block_mut(entry).insts;
        for (k, i) in init.into_iter().enumerate() {
            insts.insert(k, i);
        }
    }

    pub(crate) fn lower_params(&mut self) -> Result<()> {
        let m = self.m;
        let params = self.f.params.clone();
        let slots = self.abi.params.clone();
        for slot in &slots {
            let v = params[slot.ir_index];
            let ty = self.ty(v);
            match &slot.kind {
                ParamKind::Scalar { ld_ty } => {
                    let vc = class_of(m, ty)?;
                    // Kernel slots keep their declared spelling (`u64`, `f32`); a float in an untyped device
                    // function slot is read straight into its float register.
                    let lc0 = super::call::slot_class(ld_ty);
                    let (t, lc) = match super::call::slot_access(ld_ty, vc) {
                        (t, c) if c != lc0 => (t, c),
                        _ => (ld_ty.to_string(), lc0),
                    };
                    let r = self.emit_def(
                        format!("ld.param.{t}"),
                        lc,
                        &[Operand::Addr(Box::new(Operand::Sym(slot.name.clone().into())), 0)],
                    );
                    let r = self.param_to_value_class(r, lc, vc);
                    let r = if m.types.is_ptr(ty) {
                        let want = self.spaces[v.index()];
                        let declared = space_of_type(m, ty);
                        self.convert_space(r, declared, want)?
                    } else {
                        r
                    };
                    self.define(v, smallvec![r]);
                }
                ParamKind::Aggregate => {
                    if m.types.is_ptr(ty) {
                        // byval pointer.
                        let sp = self.spaces[v.index()];
                        if sp == Space::Param {
                            let r = self.emit_def("mov.u64", RegClass::B64, &[Operand::Sym(slot.name.clone().into())]);
                            self.define(v, smallvec![r]);
                        } else {
                            // Copy into the depot.
                            let off = self.depot_alloc(slot.size, slot.align.into());
                            self.copy_bytes(
                                (Operand::Sym("%SPL".into()), off, ".local"),
                                (Operand::Sym(slot.name.clone().into()), 0, ".param"),
                                slot.size,
                                slot.align.into(),
                                false,
                            );
                            let r = if sp == Space::Local {
                                self.depot_local(off)
                            } else {
                                self.mf.uses_sp = true;
                                self.emit_def(
                                    "add.u64",
                                    RegClass::B64,
                                    &[Operand::Sym("%SP".into()), Operand::Imm(off as i64)],
                                )
                            };
                            self.define(v, smallvec![r]);
                        }
                    } else {
                        // Aggregate/vector by value: one load per leaf.
                        let mut lv = Vec::new();
                        leaves(m, ty, 0, &mut lv);
                        let mut regs = SmallVec::new();
                        for (lt, off) in lv {
                            let sym = Operand::Sym(slot.name.clone().into());
                            let align = u64::from(slot.align);
                            regs.push(self.load_leaf_aligned(lt, sym, off as i64, ".param", "", align)?);
                        }
                        self.define(v, regs);
                    }
                }
            }
        }
        Ok(())
    }

    /// Copies `size` bytes from `[src+src_off]` in `src_space` to `[dst+dst_off]` in `dst_space` (suffixes such as
    /// `.param`, `.local`, or empty for generic), in the widest unit (≤ `max_unit`) that `align` and `size` allow.
    /// With `load_first` every load precedes every store (for ranges that may overlap, `memmove`).
    pub(crate) fn copy_bytes(
        &mut self,
        (dst, dst_off, dst_space): (Operand, u64, &str),
        (src, src_off, src_space): (Operand, u64, &str),
        size: u64,
        align: u64,
        load_first: bool,
    ) {
        let (unit, c, t) = copy_unit(align, size, 8);
        let mut loaded = Vec::new();
        let mut k = 0;
        while k < size {
            let r = self.emit_def(
                format!("ld{src_space}.{t}"),
                c,
                &[Operand::Addr(Box::new(src.clone()), (src_off + k) as i64)],
            );
            loaded.push((k, r));
            if !load_first {
                self.store_copied(&dst, dst_off, dst_space, t, &mut loaded);
            }
            k += unit;
        }
        self.store_copied(&dst, dst_off, dst_space, t, &mut loaded);
    }

    fn store_copied(&mut self, dst: &Operand, dst_off: u64, dst_space: &str, t: &str, loaded: &mut Vec<(u64, Reg)>) {
        for (k, r) in loaded.drain(..) {
            self.emit_effect(
                format!("st{dst_space}.{t}"),
                &[],
                &[Operand::Addr(Box::new(dst.clone()), (dst_off + k) as i64), Operand::Reg(r)],
            );
        }
    }

    /// Converts a value loaded in the `.param` ABI width to its value class.
    pub(crate) fn param_to_value_class(&mut self, r: Reg, lc: RegClass, vc: RegClass) -> Reg {
        if lc == vc {
            return r;
        }
        match vc {
            RegClass::Pred => {
                let b = lc.bits();
                let t = self.emit_def(format!("and.b{b}"), lc, &[Operand::Reg(r), Operand::Imm(1)]);
                self.emit_def(format!("setp.eq.b{b}"), RegClass::Pred, &[Operand::Reg(t), Operand::Imm(1)])
            }
            RegClass::F32 | RegClass::F64 => self.emit_def(format!("mov.b{}", vc.bits()), vc, &[Operand::Reg(r)]),
            _ if lc == RegClass::F32 || lc == RegClass::F64 => {
                self.emit_def(format!("mov.b{}", vc.bits()), vc, &[Operand::Reg(r)])
            }
            _ if lc.bits() > vc.bits() => {
                self.emit_def(format!("cvt.u{}.u{}", vc.bits(), lc.bits()), vc, &[Operand::Reg(r)])
            }
            _ => self.emit_def(format!("cvt.u{}.u{}", vc.bits(), lc.bits()), vc, &[Operand::Reg(r)]),
        }
    }

    /// Converts a value register to the `.param` ABI class of width `bits` (for stores to params).
    pub(crate) fn value_to_param_class(&mut self, o: Operand, vc: RegClass, lc: RegClass) -> Operand {
        if vc == lc {
            return o;
        }
        match (vc, o) {
            (_, Operand::Imm(v)) => Operand::Imm(v),
            (RegClass::Pred, Operand::Reg(p)) => Operand::Reg(self.emit_def(
                format!("selp.u{}", lc.bits()),
                lc,
                &[Operand::Imm(1), Operand::Imm(0), Operand::Reg(p)],
            )),
            (RegClass::F32 | RegClass::F64, o) | (_, o @ Operand::F32(_)) | (_, o @ Operand::F64(_)) => {
                Operand::Reg(self.emit_def(format!("mov.b{}", lc.bits()), lc, &[o]))
            }
            (_, o) if lc == RegClass::F32 || lc == RegClass::F64 => {
                Operand::Reg(self.emit_def(format!("mov.b{}", lc.bits()), lc, &[o]))
            }
            (_, o) => Operand::Reg(self.emit_def(format!("cvt.u{}.u{}", lc.bits(), vc.bits()), lc, &[o])),
        }
    }

    /// The size and alignment of constant-size `alloca` `i` (`None`: a run-time element count).
    pub(crate) fn alloca_layout(&self, i: Inst) -> Option<(u64, u64)> {
        let InstKind::Alloca { elem_ty, align, .. } = &self.f.dfg.inst(i).kind else { return None };
        let n = match self.f.dfg.value_def(self.f.dfg.args(i)[0]) {
            ValueDef::Const(c) => self.m.consts.as_i128(*c).unwrap_or(1) as u64,
            _ => return None,
        };
        Some((self.m.types.alloc_size(*elem_ty) * n, align.unwrap_or_else(|| self.m.types.abi_align(*elem_ty))))
    }

    pub(crate) fn lower_alloca(&mut self, inst: Inst) -> Result<()> {
        let res = self.f.dfg.result(inst).expect("alloca has a result");
        let Some((size, align)) = self.alloca_layout(inst) else {
            return Err(CodegenError::unsupported("alloca with a run-time size (dynamic stack allocation)"));
        };
        let off = match self.planned_alloca_offset(inst) {
            Some(off) => off,
            None => self.depot_alloc(size, align),
        };
        // Allocas are materialized in the entry block so every use is dominated.
        let saved = self.cur;
        self.cur = self.mf.order[0];
        let r = if self.spaces[res.index()] == Space::Local {
            self.depot_local(off)
        } else {
            self.mf.uses_sp = true;
            self.emit_def("add.u64", RegClass::B64, &[Operand::Sym("%SP".into()), Operand::Imm(off as i64)])
        };
        let entry = self.cur;
        let n_insts = self.mf.block(entry).insts.len();
        if saved != entry {
            self.move_before_branches(entry, n_insts - 1);
        }
        self.cur = saved;
        self.define(res, smallvec![r]);
        Ok(())
    }

    pub(crate) fn lower_gep(&mut self, inst: Inst) -> Result<()> {
        let InstKind::Gep { source_ty } = self.f.dfg.inst(inst).kind.clone() else { unreachable!() };
        let res = self.f.dfg.result(inst).expect("gep has a result");
        let args: SmallVec<[Value; 4]> = self.f.dfg.args(inst).into();
        let m = self.m;
        if m.types.is_vector(self.ty(res)) {
            return Err(CodegenError::unsupported("vector getelementptr"));
        }
        let (base, sp) = self.ptr(args[0])?;
        let want = self.spaces[res.index()];
        let base = self.convert_space(base, sp, want)?;
        let mut cur = base;
        let mut off: i64 = 0;
        let mut t = source_ty;
        for (k, &ix) in args[1..].iter().enumerate() {
            let (elem_size, field_off, next_t) = if k == 0 {
                (m.types.alloc_size(t), None, t)
            } else if let Some(layout) = m.types.struct_layout(t) {
                let i = match self.op(ix)? {
                    Operand::Imm(i) => i,
                    _ => return Err(CodegenError::new("struct GEP index must be a constant")),
                };
                (0, Some(layout.offsets[i as usize] as i64), m.types.element_type(t, i as u64).unwrap_or(t))
            } else {
                let e = seq_elem(m, t);
                (m.types.alloc_size(e), None, e)
            };
            t = next_t;
            if let Some(fo) = field_off {
                off += fo;
                continue;
            }
            let inbounds = self.f.dfg.inst(inst).flags.contains(simtc_ir::Flags::INBOUNDS);
            let block = self.f.layout.inst_block(inst).expect("a lowered GEP is in a block");
            if let Some((var, var2, ext, c)) = self.constant_part_of_index(ix, inbounds, block) {
                // `base + (x + c) * size` as `(base + x * size) + c * size`: the constant joins the GEP's
                // constant offset (an `[r+imm]` address), and accesses that differ only in `c` share one base.
                off = off.wrapping_add(c.wrapping_mul(elem_size as i64));
                let Operand::Reg(mut r) = self.op(var)? else {
                    return Err(CodegenError::new("index operand is not a register"));
                };
                if matches!(ext, IndexExt::SignedEach | IndexExt::WideZext | IndexExt::WideSext) {
                    // `sext a ± sext b ...` in 64 bits (each term on its own: their 32-bit sum might wrap), or a
                    // 64-bit `a` plus widened 32-bit terms.
                    if ext == IndexExt::SignedEach {
                        r = self.emit_def("cvt.s64.s32", RegClass::B64, &[Operand::Reg(r)]);
                    }
                    let widen = if ext == IndexExt::WideZext { "cvt.u64.u32" } else { "cvt.s64.s32" };
                    for (v2, sub) in var2 {
                        let Operand::Reg(r2) = self.op(v2)? else {
                            return Err(CodegenError::new("index operand is not a register"));
                        };
                        let w = self.emit_def(widen, RegClass::B64, &[Operand::Reg(r2)]);
                        let op = if sub { "sub.s64" } else { "add.s64" };
                        r = self.emit_def(op, RegClass::B64, &[Operand::Reg(r), Operand::Reg(w)]);
                    }
                    let scaled = self.scaled_index(r, elem_size);
                    cur = self.emit_def("add.s64", RegClass::B64, &[Operand::Reg(cur), Operand::Reg(scaled)]);
                    continue;
                }
                for (v2, sub) in var2 {
                    // `a + (b + c)`, `((a + c) + b) + d` or `(a + c) - b`: the variable part `a ± b ...` is new
                    // 32-bit adds or subs (GVN shares them between the accesses that differ only in `c`).
                    let Operand::Reg(r2) = self.op(v2)? else {
                        return Err(CodegenError::new("index operand is not a register"));
                    };
                    let op = if sub { "sub.s32" } else { "add.s32" };
                    r = self.emit_def(op, RegClass::B32, &[Operand::Reg(r), Operand::Reg(r2)]);
                }
                // Widened as the cast of a plain index is (`cvt` then the scaling), so GVN sees one value where
                // an unsplit `sext x` index and a split one share `x` (combine fuses both into `mul.wide` later).
                let r = match ext {
                    IndexExt::Unsigned | IndexExt::UnsignedNeg => {
                        self.emit_def("cvt.u64.u32", RegClass::B64, &[Operand::Reg(r)])
                    }
                    IndexExt::Signed | IndexExt::SignedNeg if self.mf.class(r) == RegClass::B32 => {
                        self.emit_def("cvt.s64.s32", RegClass::B64, &[Operand::Reg(r)])
                    }
                    IndexExt::Signed
                    | IndexExt::SignedNeg
                    | IndexExt::None
                    | IndexExt::SignedEach
                    | IndexExt::WideZext
                    | IndexExt::WideSext => r,
                };
                let scaled = self.scaled_index(r, elem_size);
                let op = if matches!(ext, IndexExt::SignedNeg | IndexExt::UnsignedNeg) { "sub.s64" } else { "add.s64" };
                cur = self.emit_def(op, RegClass::B64, &[Operand::Reg(cur), Operand::Reg(scaled)]);
                continue;
            }
            match self.op(ix)? {
                Operand::Imm(i) => off = off.wrapping_add(i.wrapping_mul(elem_size as i64)),
                Operand::Reg(r) => {
                    // GEP indices are signed at their own width: an i8 or i24 index has undefined upper bits.
                    let iw = self.int_width(self.ty(ix)).unwrap_or(64);
                    let r = match self.normalized(Operand::Reg(r), iw, self.mf.class(r), true) {
                        Operand::Reg(n) => n,
                        _ => r,
                    };
                    let scaled = self.scaled_index(r, elem_size);
                    cur = self.emit_def("add.s64", RegClass::B64, &[Operand::Reg(cur), Operand::Reg(scaled)]);
                }
                _ => return Err(CodegenError::unsupported("this GEP index")),
            }
        }
        if off != 0 {
            cur = self.emit_def("add.s64", RegClass::B64, &[Operand::Reg(cur), Operand::Imm(off)]);
        } else if cur == base && !matches!(self.f.dfg.value_def(args[0]), ValueDef::Const(_)) {
            // A zero-offset GEP aliases its base register.
        }
        self.define(res, smallvec![cur]);
        Ok(())
    }

    /// `idx * size` as a 64-bit register, sign-extending narrower indices (GEP indices are signed).
    fn scaled_index(&mut self, r: Reg, size: u64) -> Reg {
        let c = self.mf.class(r);
        let size = size as i64;
        match c {
            RegClass::B32 => {
                if size == 1 {
                    self.emit_def("cvt.s64.s32", RegClass::B64, &[Operand::Reg(r)])
                } else {
                    self.emit_def("mul.wide.s32", RegClass::B64, &[Operand::Reg(r), Operand::Imm(size)])
                }
            }
            RegClass::B16 => {
                let w = self.emit_def("cvt.s64.s16", RegClass::B64, &[Operand::Reg(r)]);
                self.scaled_index(w, size as u64)
            }
            RegClass::Pred => {
                self.emit_def("selp.s64", RegClass::B64, &[Operand::Imm(-size), Operand::Imm(0), Operand::Reg(r)])
            }
            _ => {
                if size == 1 {
                    r
                } else if (size as u64).is_power_of_two() {
                    self.emit_def(
                        "shl.b64",
                        RegClass::B64,
                        &[Operand::Reg(r), Operand::Imm(size.trailing_zeros() as i64)],
                    )
                } else {
                    self.emit_def("mul.lo.s64", RegClass::B64, &[Operand::Reg(r), Operand::Imm(size)])
                }
            }
        }
    }

    /// Loads one scalar leaf `ty` from `[base+off]`.
    /// A vector whose lanes are integers of a width that is not a whole number of bytes (`<8 x i1>`, `<2 x i4>`):
    /// LLVM's data layout packs such lanes bit by bit in memory (lane k at bits k·K and up; store size
    /// ⌈N·K/8⌉ bytes). Returns (N, K).
    pub(crate) fn packed_vector(&self, ty: Type) -> Option<(u32, u32)> {
        match self.m.types.data(ty) {
            TypeData::Vector { len, elem, .. } => {
                let k = self.m.types.int_width(*elem)?;
                (k % 8 != 0).then_some((*len, k))
            }
            _ => None,
        }
    }

    /// The register class that holds `bits` packed bits (at most 64).
    fn packed_class(&self, n: u32, k: u32) -> Result<(RegClass, u32)> {
        match n * k {
            0..=32 => Ok((RegClass::B32, 32)),
            33..=64 => Ok((RegClass::B64, 64)),
            b => Err(CodegenError::unsupported(format!(
                "vectors of {k}-bit lanes wider than 64 bits in memory ({b} bits)"
            ))),
        }
    }

    /// Stores bit-packed lanes (see [`Lower::packed_vector`]): one integer store when the size is 1, 2, 4 or 8
    /// bytes and the alignment allows, byte stores otherwise.
    #[allow(clippy::too_many_arguments)]
    fn store_packed(
        &mut self,
        n: u32,
        k: u32,
        lanes: &[Reg],
        base: Reg,
        space: &str,
        sem: &str,
        align: u64,
    ) -> Result<()> {
        let (wc, w) = self.packed_class(n, k)?;
        let mask = if k >= 64 { -1 } else { ((1u64 << k) - 1) as i64 };
        let mut acc = self.materialize(Operand::Imm(0), wc);
        for (j, &l) in lanes.iter().enumerate() {
            let lc = self.mf.class(l);
            let x = match lc {
                RegClass::Pred => {
                    self.emit_def(format!("selp.b{w}"), wc, &[Operand::Imm(1), Operand::Imm(0), Operand::Reg(l)])
                }
                _ if lc.bits() == w => l,
                _ if lc.bits() < w => self.emit_def(format!("cvt.u{w}.u{}", lc.bits()), wc, &[Operand::Reg(l)]),
                _ => self.emit_def(format!("cvt.u{w}.u{}", lc.bits()), wc, &[Operand::Reg(l)]),
            };
            let x = self.emit_def(format!("and.b{w}"), wc, &[Operand::Reg(x), Operand::Imm(mask)]);
            let x = self.emit_def(format!("shl.b{w}"), wc, &[Operand::Reg(x), Operand::Imm(j as i64 * k as i64)]);
            acc = self.emit_def(format!("or.b{w}"), wc, &[Operand::Reg(acc), Operand::Reg(x)]);
        }
        let size = (n * k).div_ceil(8) as u64;
        if matches!(size, 1 | 2 | 4 | 8) && align >= size {
            let t = format!("u{}", size * 8);
            let v = if size * 8 < w as u64 && size * 8 > 8 && wc == RegClass::B64 {
                self.emit_def(format!("cvt.u32.u{w}"), RegClass::B32, &[Operand::Reg(acc)])
            } else {
                acc
            };
            self.emit_effect(
                format!("st{sem}{space}.{t}"),
                &[],
                &[Operand::Addr(Box::new(Operand::Reg(base)), 0), Operand::Reg(v)],
            );
            return Ok(());
        }
        for byte in 0..size {
            let b = self.emit_def(format!("shr.u{w}"), wc, &[Operand::Reg(acc), Operand::Imm(byte as i64 * 8)]);
            self.emit_effect(
                format!("st{sem}{space}.u8"),
                &[],
                &[Operand::Addr(Box::new(Operand::Reg(base)), byte as i64), Operand::Reg(b)],
            );
        }
        Ok(())
    }

    /// Loads bit-packed lanes (see [`Lower::packed_vector`]) into one register per lane.
    fn load_packed(
        &mut self,
        n: u32,
        k: u32,
        base: Reg,
        space: &str,
        sem: &str,
        align: u64,
    ) -> Result<SmallVec<[Reg; 1]>> {
        let (wc, w) = self.packed_class(n, k)?;
        let size = (n * k).div_ceil(8) as u64;
        let acc = if matches!(size, 1 | 2 | 4 | 8) && align >= size {
            let t = format!("u{}", size * 8);
            self.emit_def(format!("ld{sem}{space}.{t}"), wc, &[Operand::Addr(Box::new(Operand::Reg(base)), 0)])
        } else {
            let mut acc = self.materialize(Operand::Imm(0), wc);
            for byte in 0..size {
                let b = self.emit_def(
                    format!("ld{sem}{space}.u8"),
                    wc,
                    &[Operand::Addr(Box::new(Operand::Reg(base)), byte as i64)],
                );
                let b = self.emit_def(format!("shl.b{w}"), wc, &[Operand::Reg(b), Operand::Imm(byte as i64 * 8)]);
                acc = self.emit_def(format!("or.b{w}"), wc, &[Operand::Reg(acc), Operand::Reg(b)]);
            }
            acc
        };
        let mask = ((1u64 << k) - 1) as i64;
        let mut out = SmallVec::new();
        for j in 0..n {
            let x = self.emit_def(format!("shr.u{w}"), wc, &[Operand::Reg(acc), Operand::Imm(j as i64 * k as i64)]);
            let x = self.emit_def(format!("and.b{w}"), wc, &[Operand::Reg(x), Operand::Imm(mask)]);
            let lane = if k == 1 {
                self.emit_def(format!("setp.ne.b{w}"), RegClass::Pred, &[Operand::Reg(x), Operand::Imm(0)])
            } else {
                let lc = if k <= 16 {
                    RegClass::B16
                } else if k <= 32 {
                    RegClass::B32
                } else {
                    RegClass::B64
                };
                if lc.bits() == w {
                    x
                } else {
                    self.emit_def(format!("cvt.u{}.u{w}", lc.bits()), lc, &[Operand::Reg(x)])
                }
            };
            out.push(lane);
        }
        Ok(out)
    }

    /// Loads one scalar leaf `ty` from `[base+off]`, where `base` is aligned to `align` bytes: one access when the
    /// leaf's address is aligned to its store size (a power of two), otherwise the pieces [`access_pieces`] gives,
    /// each zero-extended, shifted to its byte position and or-ed into an integer of the leaf's register width (then
    /// moved into the float register for `float`/`double`). An atomic access that needs splitting is an error: PTX
    /// atomics must be naturally aligned and a split would not be atomic.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn load_leaf_aligned(
        &mut self,
        ty: Type,
        base: Operand,
        off: i64,
        space: &str,
        sem: &str,
        align: u64,
    ) -> Result<Reg> {
        let size = self.m.types.store_size(ty);
        let la = align_at(align, off as u64);
        if is_natural(size, la) || mem_suffix(self.m, ty).is_err() {
            // (An unsupported type is reported by `load_leaf` with its name.)
            return self.load_leaf(ty, base, off, space, sem);
        }
        self.check_splittable(sem, size, la, "load")?;
        let vc = class_of(self.m, ty)?;
        let (ic, w) = int_class(vc)?;
        let mut acc: Option<Reg> = None;
        let mut pieces: Pieces = SmallVec::new();
        for (k, p) in access_pieces(size, la) {
            let r = self.emit_def(
                format!("ld{sem}{space}.u{}", p * 8),
                ic,
                &[Operand::Addr(Box::new(base.clone()), off + k as i64)],
            );
            pieces.push((k, p, r));
            let r = if k == 0 {
                r
            } else {
                self.emit_def(format!("shl.b{w}"), ic, &[Operand::Reg(r), Operand::Imm(8 * k as i64)])
            };
            acc = Some(match acc {
                None => r,
                Some(a) => self.emit_def(format!("or.b{w}"), ic, &[Operand::Reg(a), Operand::Reg(r)]),
            });
        }
        let acc = acc.expect("a leaf has at least one byte");
        let v = if vc == ic { acc } else { self.emit_def(format!("mov.b{w}"), vc, &[Operand::Reg(acc)]) };
        // Plain accesses only: a volatile copy keeps its reassembled value.
        if sem.is_empty() {
            self.split_loads.insert(v, pieces);
        }
        Ok(v)
    }

    /// Stores one scalar leaf `ty` (its operand `o`: a register of the leaf's class, or an immediate) to
    /// `[base+off]`, where `base` is aligned to `align` bytes; split like [`Lower::load_leaf_aligned`] (the value
    /// moved to an integer register, each piece shifted down and stored with `st.uN`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store_leaf_aligned(
        &mut self,
        ty: Type,
        o: Operand,
        base: Operand,
        off: i64,
        space: &str,
        sem: &str,
        align: u64,
    ) -> Result<()> {
        let m = self.m;
        let size = m.types.store_size(ty);
        let la = align_at(align, off as u64);
        let sfx = mem_suffix(m, ty)?;
        if is_natural(size, la) {
            self.emit_effect(format!("st{sem}{space}.{sfx}"), &[], &[Operand::Addr(Box::new(base), off), o]);
            return Ok(());
        }
        self.check_splittable(sem, size, la, "store")?;
        let vc = class_of(m, ty)?;
        let (ic, w) = int_class(vc)?;
        // A value an under-aligned load read in the same pieces: store them as read (a packed copy).
        if let Operand::Reg(r) = &o {
            let split = access_pieces(size, la);
            if let Some(pieces) = self.split_loads.get(r).filter(|ps| {
                sem.is_empty() && ps.len() == split.len() && ps.iter().zip(&split).all(|(a, b)| (a.0, a.1) == *b)
            }) {
                for (k, p, piece) in pieces.clone() {
                    self.emit_effect(
                        format!("st{space}.u{}", p * 8),
                        &[],
                        &[Operand::Addr(Box::new(base.clone()), off + k as i64), Operand::Reg(piece)],
                    );
                }
                return Ok(());
            }
        }
        let v = match o {
            Operand::Reg(r) if self.mf.class(r) != ic => {
                Operand::Reg(self.emit_def(format!("mov.b{w}"), ic, &[Operand::Reg(r)]))
            }
            Operand::F32(b) => Operand::Imm(i64::from(b)),
            Operand::F64(b) => Operand::Imm(b as i64),
            o @ (Operand::Reg(_) | Operand::Imm(_)) => o,
            o => Operand::Reg(self.materialize(o, ic)),
        };
        for (k, p) in access_pieces(size, la) {
            let piece = match &v {
                Operand::Imm(i) => {
                    let bits = (*i as u64) >> (8 * k);
                    Operand::Imm(if p >= 8 { bits as i64 } else { (bits & ((1u64 << (8 * p)) - 1)) as i64 })
                }
                Operand::Reg(r) if k > 0 => Operand::Reg(self.emit_def(
                    format!("shr.u{w}"),
                    ic,
                    &[Operand::Reg(*r), Operand::Imm(8 * k as i64)],
                )),
                o => o.clone(),
            };
            self.emit_effect(
                format!("st{sem}{space}.u{}", p * 8),
                &[],
                &[Operand::Addr(Box::new(base.clone()), off + k as i64), piece],
            );
        }
        Ok(())
    }

    /// Rejects an atomic read-modify-write whose `align` is below its natural alignment `size`.
    fn check_atomic_align(&self, align: Option<u64>, size: u64, what: &str) -> Result<()> {
        match align {
            Some(a) if a < size => Err(CodegenError::new(format!(
                "{what} of {size} bytes is aligned to only {a} byte(s): PTX atomics must be naturally aligned"
            ))),
            _ => Ok(()),
        }
    }

    /// Rejects splitting an atomic access (`sem` names an ordering) that is not naturally aligned.
    fn check_splittable(&self, sem: &str, size: u64, align: u64, what: &str) -> Result<()> {
        if is_ordered(sem) {
            return Err(CodegenError::new(format!(
                "atomic {what} of {size} bytes is aligned to only {align} byte(s): PTX atomics must be naturally \
                 aligned, and splitting the access would not be atomic"
            )));
        }
        Ok(())
    }

    pub(crate) fn load_leaf(&mut self, ty: Type, base: Operand, off: i64, space: &str, sem: &str) -> Result<Reg> {
        let m = self.m;
        let sfx = mem_suffix(m, ty)?;
        let vc = class_of(m, ty)?;
        let lc = if vc == RegClass::Pred { RegClass::B16 } else { vc };
        let r = self.emit_def(format!("ld{sem}{space}.{sfx}"), lc, &[Operand::Addr(Box::new(base), off)]);
        if vc == RegClass::Pred {
            let t = self.emit_def("and.b16", RegClass::B16, &[Operand::Reg(r), Operand::Imm(1)]);
            return Ok(self.emit_def("setp.eq.b16", RegClass::Pred, &[Operand::Reg(t), Operand::Imm(1)]));
        }
        Ok(r)
    }

    /// `llvm.nvvm.ldg.global.*` / `llvm.nvvm.ldu.global.*` (how LLVM 19 and older spell `__ldg`/`__ldu`): a load
    /// through the non-coherent path (`ld.global.nc`) or the uniform one (`ldu.global`); `args` are the pointer
    /// and the alignment.
    pub(crate) fn lower_ldg(&mut self, inst: Inst, args: &[Value], ldu: bool) -> Result<()> {
        let res = self.f.dfg.result(inst).ok_or_else(|| CodegenError::new("ldg/ldu without a result"))?;
        let (r, sp) = self.ptr(args[0])?;
        let base = self.convert_space(r, sp, Space::Global)?;
        let align = match args.get(1).map(|a| self.f.dfg.value_def(*a)) {
            Some(ValueDef::Const(c)) => self.m.consts.as_i128(*c).map(|a| a as u64),
            _ => None,
        };
        let ty = self.ty(res);
        let mut lv = Vec::new();
        leaves(self.m, ty, 0, &mut lv);
        let space = if ldu { ".global" } else { ".global.nc" };
        let start = self.mf.block(self.cur).insts.len();
        let mut regs = match self.try_vector_access(&lv, align, "", base, space, None)? {
            Some(regs) => regs,
            None => {
                // The intrinsic's alignment operand; LLVM's ABI alignment of the type without one.
                let align = align.unwrap_or_else(|| self.m.types.abi_align(ty));
                let mut regs = SmallVec::new();
                for (lt, off) in lv {
                    regs.push(self.load_leaf_aligned(lt, Operand::Reg(base), off as i64, space, "", align)?);
                }
                regs
            }
        };
        if ldu {
            let cur = self.cur;
            for i in &mut self.mf.block_mut(cur).insts[start..] {
                if i.op.kind == OpKind::Ld && i.op.mods.first() == Some(&Mod::Global) {
                    i.op.kind = OpKind::Ldu;
                }
            }
        }
        if self.m.types.is_ptr(ty) {
            let want = self.spaces[res.index()];
            regs[0] = self.convert_space(regs[0], space_of_type(self.m, ty), want)?;
        }
        self.define(res, regs);
        Ok(())
    }

    /// The address of a load or store through `p`: a volatile access to local memory goes through the generic
    /// address (`ld.volatile.local`/`st.volatile.local` need PTX ISA 9.1; the generic `ld.volatile` keeps the
    /// access and its order, as llc writes it).
    fn volatile_local_generic(&mut self, p: Value, mf: &MemFlags) -> Result<(Reg, Space)> {
        let (base, sp) = self.ptr(p)?;
        if sp == Space::Local && mf.volatile {
            return Ok((self.convert_space(base, Space::Local, Space::Generic)?, Space::Generic));
        }
        Ok((base, sp))
    }

    fn mem_semantics(&mut self, mf: &MemFlags, is_load: bool) -> String {
        match mf.ordering {
            Some(o) if o != AtomicOrdering::NotAtomic => {
                let scope = scope_suffix(&mf.scope);
                match o {
                    AtomicOrdering::SeqCst => {
                        self.emit_effect(format!("fence.sc{scope}"), &[], &[]);
                        format!("{}{scope}", if is_load { ".acquire" } else { ".relaxed" })
                    }
                    AtomicOrdering::Acquire | AtomicOrdering::AcqRel if is_load => format!(".acquire{scope}"),
                    AtomicOrdering::Release | AtomicOrdering::AcqRel if !is_load => format!(".release{scope}"),
                    _ => format!(".relaxed{scope}"),
                }
            }
            _ if mf.volatile => ".volatile".into(),
            _ => String::new(),
        }
    }

    pub(crate) fn lower_load(&mut self, inst: Inst) -> Result<()> {
        let InstKind::Load(mf) = self.f.dfg.inst(inst).kind.clone() else { unreachable!() };
        let res = self.f.dfg.result(inst).expect("load has a result");
        let p = self.f.dfg.args(inst)[0];
        let (base, sp) = self.volatile_local_generic(p, &mf)?;
        let ty = self.ty(res);
        let sem = self.mem_semantics(&mf, true);
        let nc = sp == Space::Global && sem.is_empty() && self.ldg_readonly && self.reads_readonly_memory(inst, p);
        let space = if nc { ".global.nc" } else { sp.suffix() };
        // Without `align` the access has its type's ABI alignment (LLVM's rule).
        let align = mf.align.or_else(|| Some(self.m.types.abi_align(ty)));
        if let Some((n, k)) = self.packed_vector(ty) {
            let regs = self.load_packed(n, k, base, space, &sem, align.unwrap_or(1))?;
            self.define(res, regs);
            return Ok(());
        }
        let mut lv = Vec::new();
        leaves(self.m, ty, 0, &mut lv);
        if let Some(regs) = self.try_vector_access(&lv, align, &sem, base, space, None)? {
            self.define(res, regs);
            return Ok(());
        }
        let align = align.unwrap_or(1);
        let mut regs = SmallVec::new();
        for (lt, off) in lv {
            regs.push(self.load_leaf_aligned(lt, Operand::Reg(base), off as i64, space, &sem, align)?);
        }
        if self.m.types.is_ptr(ty) {
            // A loaded pointer is in the space of its type; our register convention wants the inferred space.
            let want = self.spaces[res.index()];
            let declared = space_of_type(self.m, ty);
            regs[0] = self.convert_space(regs[0], declared, want)?;
        }
        self.define(res, regs);
        Ok(())
    }

    /// Emits a `.v2`/`.v4` access when the leaves allow it; returns the loaded registers for loads.
    fn try_vector_access(
        &mut self,
        lv: &[(Type, u64)],
        align: Option<u64>,
        sem: &str,
        base: Reg,
        space: &str,
        store: Option<&[Operand]>,
    ) -> Result<Option<SmallVec<[Reg; 1]>>> {
        let n = lv.len();
        if n > 4 {
            return self.try_word_access(lv, align, sem, base, space, store);
        }
        if !(n == 2 || n == 4) || is_ordered(sem) {
            return Ok(None);
        }
        let t0 = lv[0].0;
        let sz = self.m.types.alloc_size(t0);
        if lv.iter().enumerate().any(|(k, (t, off))| *t != t0 || *off != k as u64 * sz) {
            return Ok(None);
        }
        let total = sz * n as u64;
        let c = class_of(self.m, t0)?;
        let align = align.unwrap_or(1);
        if total > 16 || c == RegClass::Pred || sz != self.m.types.store_size(t0) {
            return Ok(None);
        }
        // Lanes per access: all of them when the alignment covers the whole vector, else pairs when it covers two
        // lanes of a four-lane access (`<4 x float>` at align 8 is two `.v2`, as llc-19 splits it).
        let per = if align >= total {
            n
        } else if n == 4 && align >= 2 * sz {
            2
        } else {
            return Ok(None);
        };
        let sfx = mem_suffix(self.m, t0)?;
        let op = |ld: &str| format!("{ld}{sem}{space}.v{per}.{sfx}");
        let mut regs: SmallVec<[Reg; 1]> = SmallVec::new();
        for g in 0..n / per {
            let addr = Operand::Addr(Box::new(Operand::Reg(base)), (g * per) as i64 * sz as i64);
            match store {
                None => {
                    let group: SmallVec<[Reg; 4]> = (0..per).map(|_| self.mf.new_reg(c)).collect();
                    let v = Operand::Vec(group.iter().map(|r| Operand::Reg(*r)).collect());
                    self.emit(self.mi(op("ld"), &[v], &[addr]));
                    regs.extend(group);
                }
                Some(vals) => {
                    self.emit_effect(
                        op("st"),
                        &[],
                        &[addr, Operand::Vec(vals[g * per..(g + 1) * per].to_vec().into())],
                    );
                }
            }
        }
        Ok(Some(regs))
    }

    /// More than four contiguous 8- or 16-bit lanes (`<8 x half>`, `<16 x i8>`, `<8 x i8>`), which no `.v4` of
    /// their own type holds: accessed as 32-bit words (`ld.v4.b32`, `ld.v2.b32`, or `ld.b32` per word when only
    /// word alignment is proven), as llc-19 does, and unpacked with `mov.b32 {lo, hi}` (16-bit lanes) or
    /// `bfe.u32` + `cvt.u16.u32` (bytes); stores pack with `mov.b32 %r, {lo, hi}` or `cvt.u32.u16` + `bfi.b32`.
    /// Returns `None` (scalar accesses) when the lanes are not such a vector or the alignment is below a word.
    fn try_word_access(
        &mut self,
        lv: &[(Type, u64)],
        align: Option<u64>,
        sem: &str,
        base: Reg,
        space: &str,
        store: Option<&[Operand]>,
    ) -> Result<Option<SmallVec<[Reg; 1]>>> {
        if is_ordered(sem) {
            return Ok(None);
        }
        let n = lv.len();
        let t0 = lv[0].0;
        let sz = self.m.types.alloc_size(t0);
        if !(sz == 1 || sz == 2)
            || sz != self.m.types.store_size(t0)
            || class_of(self.m, t0)? != RegClass::B16
            || lv.iter().enumerate().any(|(k, (t, off))| *t != t0 || *off != k as u64 * sz)
        {
            return Ok(None);
        }
        let total = sz * n as u64;
        let chunk = align.unwrap_or(1).min(total);
        if !(total == 8 || total == 16) || chunk < 4 {
            return Ok(None);
        }
        let per_word = (4 / sz) as usize;
        let words_per = (chunk / 4) as usize;
        let op = |ld: &str| {
            if words_per == 1 {
                format!("{ld}{sem}{space}.b32")
            } else {
                format!("{ld}{sem}{space}.v{words_per}.b32")
            }
        };
        let nwords = (total / 4) as usize;
        let mut regs: SmallVec<[Reg; 1]> = SmallVec::new();
        for g in 0..nwords / words_per {
            let addr = Operand::Addr(Box::new(Operand::Reg(base)), (g * words_per * 4) as i64);
            let words: SmallVec<[Reg; 4]> = (0..words_per).map(|_| self.mf.new_reg(RegClass::B32)).collect();
            let wops = || -> Operand {
                if words.len() == 1 {
                    Operand::Reg(words[0])
                } else {
                    Operand::Vec(words.iter().map(|r| Operand::Reg(*r)).collect())
                }
            };
            match store {
                None => {
                    self.emit(self.mi(op("ld"), &[wops()], &[addr]));
                    for &w in &words {
                        if sz == 2 {
                            let pair: SmallVec<[Reg; 2]> = (0..2).map(|_| self.mf.new_reg(RegClass::B16)).collect();
                            let v = Operand::Vec(pair.iter().map(|r| Operand::Reg(*r)).collect());
                            self.emit(self.mi("mov.b32", &[v], &[Operand::Reg(w)]));
                            regs.extend(pair);
                        } else {
                            for k in 0..4 {
                                let b = self.emit_def(
                                    "bfe.u32",
                                    RegClass::B32,
                                    &[Operand::Reg(w), Operand::Imm(8 * k), Operand::Imm(8)],
                                );
                                regs.push(self.emit_def("cvt.u16.u32", RegClass::B16, &[Operand::Reg(b)]));
                            }
                        }
                    }
                }
                Some(vals) => {
                    for (j, &w) in words.iter().enumerate() {
                        let first = (g * words_per + j) * per_word;
                        let lanes = &vals[first..first + per_word];
                        let mut ls = Vec::with_capacity(per_word);
                        for o in lanes {
                            ls.push(Operand::Reg(self.materialize(o.clone(), RegClass::B16)));
                        }
                        if sz == 2 {
                            self.emit(self.mi("mov.b32", &[Operand::Reg(w)], &[Operand::Vec(ls.into())]));
                        } else {
                            let wide: Vec<Reg> = ls
                                .iter()
                                .map(|o| self.emit_def("cvt.u32.u16", RegClass::B32, std::slice::from_ref(o)))
                                .collect();
                            let mut acc = wide[0];
                            for (k, &x) in wide.iter().enumerate().skip(1) {
                                let dst = if k == 3 { w } else { self.mf.new_reg(RegClass::B32) };
                                self.emit(self.mi(
                                    "bfi.b32",
                                    &[Operand::Reg(dst)],
                                    &[Operand::Reg(x), Operand::Reg(acc), Operand::Imm(8 * k as i64), Operand::Imm(8)],
                                ));
                                acc = dst;
                            }
                        }
                    }
                    self.emit_effect(op("st"), &[], &[addr, wops()]);
                }
            }
        }
        Ok(Some(regs))
    }

    pub(crate) fn lower_store(&mut self, inst: Inst) -> Result<()> {
        let InstKind::Store(mf) = self.f.dfg.inst(inst).kind.clone() else { unreachable!() };
        let (v, p) = (self.f.dfg.args(inst)[0], self.f.dfg.args(inst)[1]);
        let ty = self.ty(v);
        let m = self.m;
        let mut lv = Vec::new();
        leaves(m, ty, 0, &mut lv);
        let vals: Vec<Operand> = if lv.len() == 1 && m.types.is_ptr(ty) {
            let (r, sp) = self.ptr(v)?;
            vec![Operand::Reg(self.convert_space(r, sp, space_of_type(m, ty))?)]
        } else if lv.len() == 1 {
            vec![self.op(v)?]
        } else {
            self.regs(v)?.into_iter().map(Operand::Reg).collect()
        };
        let (base, sp) = self.volatile_local_generic(p, &mf)?;
        let sem = self.mem_semantics(&mf, false);
        let space = sp.suffix();
        let align = mf.align.unwrap_or_else(|| m.types.abi_align(ty));
        if align >= 4 && !mf.volatile && mf.ordering.is_none_or(|o| o == AtomicOrdering::NotAtomic) {
            if let Some(x) = self.word_bytes(v) {
                // The four bytes of one word, in memory order: store the word (llc's DAG combiner does too).
                let xr = self.op(x)?;
                return self.store_leaf_aligned(Type::I32, xr, Operand::Reg(base), 0, space, &sem, align);
            }
        }
        if let Some((n, k)) = self.packed_vector(ty) {
            let align = mf.align.unwrap_or_else(|| m.types.abi_align(ty));
            let regs = self.regs(v)?;
            return self.store_packed(n, k, &regs, base, space, &sem, align);
        }
        // Half immediates and predicates need registers of the stored width.
        let mut fixed = Vec::with_capacity(vals.len());
        for ((lt, _), o) in lv.iter().zip(vals) {
            let c = class_of(m, *lt)?;
            let o = match (c, o) {
                (RegClass::Pred, o) => {
                    let p = self.materialize(o, c);
                    Operand::Reg(self.emit_def(
                        "selp.u16",
                        RegClass::B16,
                        &[Operand::Imm(1), Operand::Imm(0), Operand::Reg(p)],
                    ))
                }
                (RegClass::B16, Operand::Imm(i)) if self.fkind(*lt).is_some() => {
                    Operand::Reg(self.materialize(Operand::Imm(i), c))
                }
                (_, o) => o,
            };
            fixed.push(o);
        }
        let align = mf.align.or_else(|| Some(m.types.abi_align(ty)));
        if self.try_vector_access(&lv, align, &sem, base, space, Some(&fixed))?.is_some() {
            return Ok(());
        }
        let align = align.unwrap_or(1);
        for ((lt, off), o) in lv.iter().zip(fixed) {
            self.store_leaf_aligned(*lt, o, Operand::Reg(base), *off as i64, space, &sem, align)?;
        }
        Ok(())
    }

    /// The semantics, scope and space of an atomic read-modify-write. With the knob `cuda-atomics=relaxed`, a
    /// `seq_cst` system-scope RMW — how clang encodes CUDA's `atomicAdd` & co., which CUDA defines as relaxed
    /// device-scope operations — becomes a plain relaxed device-scope `atom` (what nvcc emits); otherwise the
    /// PTX memory model mapping of the IR ordering is exact (`fence.sc.sys` + `atom.acq_rel.sys`).
    fn atomic_prefix(&mut self, mf: &MemFlags, sp: Space) -> String {
        if self.cuda_relaxed_atomics
            && mf.ordering == Some(AtomicOrdering::SeqCst)
            && matches!(mf.scope, SyncScope::System)
        {
            return sp.suffix().to_string();
        }
        let scope = scope_suffix(&mf.scope);
        let sem = match mf.ordering.unwrap_or(AtomicOrdering::Monotonic) {
            AtomicOrdering::SeqCst => {
                self.emit_effect(format!("fence.sc{scope}"), &[], &[]);
                ".acq_rel"
            }
            AtomicOrdering::AcqRel => ".acq_rel",
            AtomicOrdering::Acquire => ".acquire",
            AtomicOrdering::Release => ".release",
            _ => ".relaxed",
        };
        format!("{sem}{scope}{}", sp.suffix())
    }

    pub(crate) fn lower_atomicrmw(&mut self, inst: Inst) -> Result<()> {
        let InstKind::AtomicRmw(op, mf) = self.f.dfg.inst(inst).kind.clone() else { unreachable!() };
        let res = self.f.dfg.result(inst).expect("atomicrmw has a result");
        let (p, v) = (self.f.dfg.args(inst)[0], self.f.dfg.args(inst)[1]);
        let ty = self.ty(v);
        let m = self.m;
        let c = class_of(m, ty)?;
        let bits = c.bits();
        if !(bits == 32 || bits == 64) {
            return Err(CodegenError::unsupported(format!("atomicrmw {} on {}-bit values", op.name(), bits)));
        }
        self.check_atomic_align(mf.align, u64::from(bits / 8), "atomicrmw")?;
        let fk = self.fkind(ty);
        let mut val = if m.types.is_ptr(ty) {
            let (r, sp) = self.ptr(v)?;
            Operand::Reg(self.convert_space(r, sp, space_of_type(m, ty))?)
        } else {
            self.op(v)?
        };
        let (name, tsfx) = match op {
            AtomicRmwOp::Xchg => ("exch", format!("b{bits}")),
            AtomicRmwOp::Add if fk.is_some() => ("add", format!("f{bits}")),
            AtomicRmwOp::Add => ("add", format!("u{bits}")),
            AtomicRmwOp::Sub => {
                val = Operand::Reg(self.emit_def(format!("neg.s{bits}"), c, &[val]));
                ("add", format!("u{bits}"))
            }
            AtomicRmwOp::FAdd => ("add", format!("f{bits}")),
            AtomicRmwOp::FSub => {
                val = Operand::Reg(self.emit_def(format!("neg.f{bits}"), c, &[val]));
                ("add", format!("f{bits}"))
            }
            AtomicRmwOp::And => ("and", format!("b{bits}")),
            AtomicRmwOp::Or => ("or", format!("b{bits}")),
            AtomicRmwOp::Xor => ("xor", format!("b{bits}")),
            AtomicRmwOp::Max => ("max", format!("s{bits}")),
            AtomicRmwOp::Min => ("min", format!("s{bits}")),
            AtomicRmwOp::UMax => ("max", format!("u{bits}")),
            AtomicRmwOp::UMin => ("min", format!("u{bits}")),
            AtomicRmwOp::UIncWrap if bits == 32 => ("inc", "u32".into()),
            AtomicRmwOp::UDecWrap if bits == 32 => ("dec", "u32".into()),
            _ => return Err(CodegenError::unsupported(format!("atomicrmw {} on {}-bit values", op.name(), bits))),
        };
        let (base, sp) = self.ptr(p)?;
        let prefix = self.atomic_prefix(&mf, sp);
        let addr = Operand::Addr(Box::new(Operand::Reg(base)), 0);
        if !self.f.dfg.has_uses(res) && !prefix.starts_with(".acq") && name != "exch" {
            // Nothing reads the old value: a reduction is enough (PTX's `red` has every operation but `exch`).
            self.emit_effect(format!("red{prefix}.{name}.{tsfx}"), &[], &[addr, val]);
            return Ok(());
        }
        let d = self.mf.new_reg(c);
        let mi = self.mi(format!("atom{prefix}.{name}.{tsfx}"), &[Operand::Reg(d)], &[addr, val]);
        self.emit(mi);
        self.define(res, smallvec![d]);
        Ok(())
    }

    pub(crate) fn lower_cmpxchg(&mut self, inst: Inst) -> Result<()> {
        let InstKind::CmpXchg { mem, .. } = self.f.dfg.inst(inst).kind.clone() else { unreachable!() };
        let res = self.f.dfg.result(inst).expect("cmpxchg has a result");
        let args: SmallVec<[Value; 3]> = self.f.dfg.args(inst).into();
        let ty = self.ty(args[1]);
        let c = class_of(self.m, ty)?;
        let bits = c.bits();
        if !(bits == 32 || bits == 64) || c == RegClass::F32 || c == RegClass::F64 {
            // Name the IR type's width (an i8 lives in a 16-bit register).
            let w = self.m.types.scalar_bits(ty).unwrap_or(bits);
            return Err(CodegenError::unsupported(format!("cmpxchg on {w}-bit values")));
        }
        self.check_atomic_align(mem.align, u64::from(bits / 8), "cmpxchg")?;
        // Pointer operands are compared and stored as the memory holds them: in their type's space.
        let mut vals = [Operand::Imm(0), Operand::Imm(0)];
        for (k, &v) in args[1..3].iter().enumerate() {
            vals[k] = if self.m.types.is_ptr(ty) {
                let (r, sp) = self.ptr(v)?;
                Operand::Reg(self.convert_space(r, sp, space_of_type(self.m, ty))?)
            } else {
                self.op(v)?
            };
        }
        let [cmp, new] = vals;
        let (base, sp) = self.ptr(args[0])?;
        let prefix = self.atomic_prefix(&mem, sp);
        let d = self.mf.new_reg(c);
        let mi = self.mi(
            format!("atom{prefix}.cas.b{bits}"),
            &[Operand::Reg(d)],
            &[Operand::Addr(Box::new(Operand::Reg(base)), 0), cmp.clone(), new],
        );
        self.emit(mi);
        let ok = self.emit_def(format!("setp.eq.s{bits}"), RegClass::Pred, &[Operand::Reg(d), cmp]);
        self.define(res, smallvec![d, ok]);
        Ok(())
    }

    pub(crate) fn lower_fence(&mut self, mf: &MemFlags) -> Result<()> {
        let scope = scope_suffix(&mf.scope);
        let sem = if mf.ordering == Some(AtomicOrdering::SeqCst) { "sc" } else { "acq_rel" };
        self.emit_effect(format!("fence.{sem}{scope}"), &[], &[]);
        Ok(())
    }
}
