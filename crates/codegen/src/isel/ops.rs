//! Selection of arithmetic, comparisons, `select`, casts and vector/aggregate element operations.
//!
//! Vector operations are scalarized: every element is its own register and every lane operation is one PTX
//! instruction. `i1` arithmetic uses predicate logic (`add`/`sub` are `xor`, `mul` is `and`).

use super::{class_of, leaves, Lower, Result};
use crate::error::CodegenError;
use crate::mir::{Operand, Reg, RegClass};
use simtc_ir::{BinaryOp, CastOp, EntityRef, Flags, FloatPredicate, Inst, InstKind, IntPredicate, TypeData, Value};
use smallvec::{smallvec, SmallVec};

/// Float kind of a register-level value.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum FKind {
    F16,
    BF16,
    F32,
    F64,
}

impl FKind {
    pub(crate) fn suffix(self) -> &'static str {
        match self {
            FKind::F16 => "f16",
            FKind::BF16 => "bf16",
            FKind::F32 => "f32",
            FKind::F64 => "f64",
        }
    }
}

impl Lower<'_> {
    pub(crate) fn fkind(&self, ty: simtc_ir::Type) -> Option<FKind> {
        match self.m.types.data(self.m.types.scalar_type(ty)) {
            TypeData::Half => Some(FKind::F16),
            TypeData::BFloat => Some(FKind::BF16),
            TypeData::Float => Some(FKind::F32),
            TypeData::Double => Some(FKind::F64),
            _ => None,
        }
    }

    /// Scalar operands of lane `k` of a (possibly vector) value.
    fn lane(&mut self, v: Value, k: usize, lanes: usize) -> Result<Operand> {
        if lanes == 1 {
            return self.op(v);
        }
        if let simtc_ir::ValueDef::Const(c) = self.f.dfg.value_def(v) {
            // A constant vector's lanes stay immediates (`add.s32 %r2, %r1, 1`).
            let (c, ty) = (*c, self.ty(v));
            if let Some(o) = self.const_leaves(c, ty)?.into_iter().nth(k) {
                return Ok(o);
            }
        }
        let regs = self.regs(v)?;
        Ok(Operand::Reg(regs[k]))
    }

    fn lanes_of(&self, v: Value) -> usize {
        self.m.types.vector_len(self.ty(v)).unwrap_or(1) as usize
    }

    pub(crate) fn lower_arith(&mut self, inst: Inst) -> Result<()> {
        let data = self.f.dfg.inst(inst).clone();
        let res = self.f.dfg.result(inst).expect("arith has a result");
        let args = data.args.clone();
        if matches!(data.kind, InstKind::Select)
            && matches!(
                self.m.types.data(self.ty(res)),
                TypeData::Struct { .. } | TypeData::Named(_) | TypeData::Array { .. }
            )
        {
            // A select of aggregates selects every leaf (pointer leaves are all in their declared space).
            let c = self.op(args[0])?;
            let c = self.materialize(c, RegClass::Pred);
            let (a, b) = (self.regs(args[1])?, self.regs(args[2])?);
            let mut out: SmallVec<[Reg; 1]> = SmallVec::new();
            for (x, y) in a.iter().zip(&b) {
                let cl = self.mf.class(*x);
                out.push(self.select(cl, c, Operand::Reg(*x), Operand::Reg(*y)));
            }
            self.define(res, out);
            return Ok(());
        }
        let lanes = self.lanes_of(args[if matches!(data.kind, InstKind::Select) { 1 } else { 0 }]);
        let cond_lanes = if matches!(data.kind, InstKind::Select) { self.lanes_of(args[0]) } else { 1 };
        let op_ty = self.m.types.scalar_type(self.ty(args[if matches!(data.kind, InstKind::Select) { 1 } else { 0 }]));
        let mut out: SmallVec<[Reg; 1]> = SmallVec::new();
        for k in 0..lanes {
            let r = match &data.kind {
                InstKind::Binary(op) => {
                    let a = self.lane(args[0], k, lanes)?;
                    if let (BinaryOp::FDiv, 1, Operand::F32(0x3F80_0000)) = (op, lanes, &a) {
                        if let Some(r) = self.rsqrt_of_sqrt_approx(args[1])? {
                            out.push(r);
                            continue;
                        }
                    }
                    let b = self.lane(args[1], k, lanes)?;
                    self.binary(*op, data.flags, op_ty, a, b)?
                }
                InstKind::FNeg => {
                    let a = self.lane(args[0], k, lanes)?;
                    let fk = self.fkind(op_ty).ok_or_else(|| CodegenError::unsupported("fneg of a non-float"))?;
                    let c = class_of(self.m, op_ty)?;
                    let a = self.float_operand(a, fk, c);
                    if fk == FKind::BF16 && self.opts.target.sm() < 80 {
                        // neg.bf16 is sm_80+: flip the sign bit.
                        self.emit_def("xor.b16", c, &[a, Operand::Imm(0x8000)])
                    } else {
                        self.emit_def(format!("neg.{}", fk.suffix()), c, &[a])
                    }
                }
                InstKind::ICmp(p) => {
                    let a = self.lane(args[0], k, lanes)?;
                    let b = self.lane(args[1], k, lanes)?;
                    self.icmp(*p, op_ty, a, b, args[0], args[1])?
                }
                InstKind::FCmp(p) => {
                    let a = self.lane(args[0], k, lanes)?;
                    let b = self.lane(args[1], k, lanes)?;
                    self.fcmp(*p, op_ty, a, b)?
                }
                InstKind::Select => {
                    let c0 = self.lane(args[0], if cond_lanes == 1 { 0 } else { k }, cond_lanes)?;
                    let c_reg = matches!(c0, Operand::Reg(_));
                    let c = self.materialize(c0, RegClass::Pred);
                    if lanes == 1 && self.m.types.is_ptr(op_ty) {
                        let want = self.spaces[res.index()];
                        let (ra, sa) = self.ptr(args[1])?;
                        let ra = self.convert_space(ra, sa, want)?;
                        let (rb, sb) = self.ptr(args[2])?;
                        let rb = self.convert_space(rb, sb, want)?;
                        self.select(RegClass::B64, c, Operand::Reg(ra), Operand::Reg(rb))
                    } else {
                        let a = self.lane(args[1], k, lanes)?;
                        let b = self.lane(args[2], k, lanes)?;
                        let cl = class_of(self.m, op_ty)?;
                        match (cl, c_reg, &a, &b) {
                            (RegClass::Pred, true, &Operand::Reg(a), &Operand::Reg(b)) => {
                                // Three predicates: `b ^ (c & (a ^ b))`, three operations instead of four (the
                                // form `ifconvert` gives a diamond's merged predicate; DARM's melded branch
                                // conditions are such selects). With a constant operand the and/or form stays:
                                // copy propagation folds it.
                                let d = self.emit_def("xor.pred", cl, &[Operand::Reg(a), Operand::Reg(b)]);
                                let m = self.emit_def("and.pred", cl, &[Operand::Reg(c), Operand::Reg(d)]);
                                self.emit_def("xor.pred", cl, &[Operand::Reg(b), Operand::Reg(m)])
                            }
                            _ => self.select(cl, c, a, b),
                        }
                    }
                }
                _ => unreachable!(),
            };
            out.push(r);
        }
        // Vector selects of aggregates are not produced by clang; aggregates pass through `select` leaf-wise.
        self.define(res, out);
        Ok(())
    }

    /// `1.0 / sqrt.approx(x)` as `rsqrt.approx(x)` (`--knob rsqrt-approx`, default on): when `v` is a call of
    /// `llvm.nvvm.sqrt.approx.f` (or its `.ftz` form), the reciprocal of it is `rsqrt.approx.f32` (`.ftz`) of the
    /// same operand, one MUFU instead of `MUFU.SQRT` plus a correctly rounded reciprocal's expansion. llc-19 does
    /// the same (NVPTX's `doRsqrtOpt` patterns, on by default): the square root is approximate already, and
    /// `rsqrt.approx` is as accurate (PTX ISA: maximum relative error 2^-22.9 in both). The square root itself
    /// is still lowered if something else reads it.
    fn rsqrt_of_sqrt_approx(&mut self, v: simtc_ir::Value) -> Result<Option<Reg>> {
        if !self.rsqrt_approx {
            return Ok(None);
        }
        let dfg = &self.f.dfg;
        let &simtc_ir::ValueDef::Inst(call) = dfg.value_def(v) else { return Ok(None) };
        let ftz = match simtc_opt::passes::util::callee_name(self.m, self.f, call) {
            Some("llvm.nvvm.sqrt.approx.f") => "",
            Some("llvm.nvvm.sqrt.approx.ftz.f") => ".ftz",
            _ => return Ok(None),
        };
        let Some(&x) = dfg.inst(call).call_args().first() else { return Ok(None) };
        let x = self.op(x)?;
        Ok(Some(self.emit_def(format!("rsqrt.approx{ftz}.f32"), RegClass::F32, &[x])))
    }

    pub(crate) fn select(&mut self, c: RegClass, cond: Reg, a: Operand, b: Operand) -> Reg {
        if c == RegClass::Pred {
            let a = self.materialize(a, c);
            let b = self.materialize(b, c);
            let t1 = self.emit_def("and.pred", c, &[Operand::Reg(cond), Operand::Reg(a)]);
            let nc = self.emit_def("not.pred", c, &[Operand::Reg(cond)]);
            let t2 = self.emit_def("and.pred", c, &[Operand::Reg(nc), Operand::Reg(b)]);
            return self.emit_def("or.pred", c, &[Operand::Reg(t1), Operand::Reg(t2)]);
        }
        self.emit_def(format!("selp.{}", c.mov_type()), c, &[a, b, Operand::Reg(cond)])
    }

    /// Half-precision immediates cannot appear in PTX arithmetic: move them into a `.b16` register.
    pub(crate) fn float_operand(&mut self, o: Operand, fk: FKind, c: RegClass) -> Operand {
        match (fk, &o) {
            (FKind::F16 | FKind::BF16, Operand::Imm(_)) => Operand::Reg(self.materialize(o, c)),
            _ => o,
        }
    }

    fn binary(&mut self, op: BinaryOp, flags: Flags, ty: simtc_ir::Type, a: Operand, b: Operand) -> Result<Reg> {
        let c = class_of(self.m, ty)?;
        if op.is_float() {
            let fk = self.fkind(ty).ok_or_else(|| CodegenError::unsupported("float op on a non-float"))?;
            let a = self.float_operand(a, fk, c);
            let b = self.float_operand(b, fk, c);
            // Half types: division and remainder always, and bfloat add/sub/mul before sm_90 (PTX has no
            // `add.bf16` there), are computed in f32 and rounded back, as LLVM promotes them.
            let promote = match fk {
                FKind::F16 => matches!(op, BinaryOp::FDiv | BinaryOp::FRem),
                FKind::BF16 => self.opts.target.sm() < 90 || matches!(op, BinaryOp::FDiv | BinaryOp::FRem),
                _ => false,
            };
            if promote {
                let fa = self.half_to_f32(a, fk);
                let fb = self.half_to_f32(b, fk);
                let r = self.float_binary(op, flags, FKind::F32, RegClass::F32, Operand::Reg(fa), Operand::Reg(fb))?;
                return self.f32_to_half(r, fk);
            }
            return self.float_binary(op, flags, fk, c, a, b);
        }
        let w = self.int_width(ty).ok_or_else(|| CodegenError::unsupported("integer op on a non-integer"))?;
        if c == RegClass::B128 {
            return Err(CodegenError::unsupported(format!("i128 `{}`", op.name())));
        }
        if c == RegClass::Pred {
            // `xor %p, true` (the IR's `not`) is `not.pred`, as LLVM selects it.
            if matches!(op, BinaryOp::Xor | BinaryOp::Add | BinaryOp::Sub) {
                match (&a, &b) {
                    (Operand::Reg(r), Operand::Imm(k)) | (Operand::Imm(k), Operand::Reg(r)) if k & 1 == 1 => {
                        return Ok(self.emit_def("not.pred", c, &[Operand::Reg(*r)]));
                    }
                    _ => {}
                }
            }
            let a = self.materialize(a, c);
            let b = self.materialize(b, c);
            let (pa, pb) = (Operand::Reg(a), Operand::Reg(b));
            return Ok(match op {
                BinaryOp::Add | BinaryOp::Sub | BinaryOp::Xor => self.emit_def("xor.pred", c, &[pa, pb]),
                BinaryOp::Mul | BinaryOp::And => self.emit_def("and.pred", c, &[pa, pb]),
                BinaryOp::Or => self.emit_def("or.pred", c, &[pa, pb]),
                // udiv/sdiv by i1 1 is the identity; by 0 is UB. rem by 1 is 0. Shifts by 0 are the identity.
                BinaryOp::UDiv | BinaryOp::SDiv | BinaryOp::Shl | BinaryOp::LShr | BinaryOp::AShr => a,
                BinaryOp::URem | BinaryOp::SRem => self.emit_def("setp.ne.s32", c, &[Operand::Imm(0), Operand::Imm(0)]),
                _ => unreachable!(),
            });
        }
        let bits = c.bits();
        let sfx = |s: char| format!("{s}{bits}");
        Ok(match op {
            BinaryOp::Add => self.emit_def(format!("add.{}", sfx('s')), c, &[a, b]),
            BinaryOp::Sub => self.emit_def(format!("sub.{}", sfx('s')), c, &[a, b]),
            BinaryOp::Mul => self.emit_def(format!("mul.lo.{}", sfx('s')), c, &[a, b]),
            BinaryOp::And => self.emit_def(format!("and.b{bits}"), c, &[a, b]),
            BinaryOp::Or => self.emit_def(format!("or.b{bits}"), c, &[a, b]),
            BinaryOp::Xor => self.emit_def(format!("xor.b{bits}"), c, &[a, b]),
            BinaryOp::UDiv | BinaryOp::URem | BinaryOp::SDiv | BinaryOp::SRem => {
                let signed = matches!(op, BinaryOp::SDiv | BinaryOp::SRem);
                let a = self.normalized(a, w, c, signed);
                let b = self.normalized(b, w, c, signed);
                let rem = matches!(op, BinaryOp::URem | BinaryOp::SRem);
                if let (Operand::Imm(d), true) = (&b, self.div_by_const_enabled) {
                    if let Some(r) = self.div_by_const(rem, signed, &a, *d, w, c) {
                        return Ok(r);
                    }
                }
                let name = if rem { "rem" } else { "div" };
                self.emit_def(format!("{name}.{}", sfx(if signed { 's' } else { 'u' })), c, &[a, b])
            }
            BinaryOp::Shl | BinaryOp::LShr | BinaryOp::AShr => {
                let a = match op {
                    BinaryOp::Shl => a,
                    BinaryOp::LShr => self.normalized(a, w, c, false),
                    _ => self.normalized(a, w, c, true),
                };
                // The amount's upper bits are undefined too: an i8 shift by 1 held as 0x101 must shift by 1.
                let b = self.normalized(b, w, c, false);
                let amt = self.shift_amount(b, c);
                let name = match op {
                    BinaryOp::Shl => format!("shl.b{bits}"),
                    BinaryOp::LShr => format!("shr.u{bits}"),
                    _ => format!("shr.s{bits}"),
                };
                self.emit_def(name, c, &[a, amt])
            }
            _ => unreachable!(),
        })
    }

    fn float_binary(
        &mut self,
        op: BinaryOp,
        flags: Flags,
        fk: FKind,
        c: RegClass,
        a: Operand,
        b: Operand,
    ) -> Result<Reg> {
        let s = fk.suffix();
        let rn = if flags.contains(Flags::CONTRACT) || flags.contains(Flags::FAST) { "" } else { ".rn" };
        Ok(match op {
            BinaryOp::FAdd => self.emit_def(format!("add{rn}.{s}"), c, &[a, b]),
            BinaryOp::FSub => self.emit_def(format!("sub{rn}.{s}"), c, &[a, b]),
            BinaryOp::FMul => self.emit_def(format!("mul{rn}.{s}"), c, &[a, b]),
            BinaryOp::FDiv if fk == FKind::F32 && (flags.contains(Flags::ARCP) || flags.contains(Flags::AFN)) => {
                self.emit_def("div.approx.f32", c, &[a, b])
            }
            // 1/x correctly rounded is exactly `rcp.rn` (llc's choice too); ptxas expands `rcp.rn` with a shorter
            // slow path than the general `div.rn`, which saves registers around it.
            BinaryOp::FDiv if matches!(a, Operand::F32(0x3F80_0000) | Operand::F64(0x3FF0_0000_0000_0000)) => {
                self.emit_def(format!("rcp.rn.{s}"), c, &[b])
            }
            BinaryOp::FDiv => self.emit_def(format!("div.rn.{s}"), c, &[a, b]),
            BinaryOp::FRem => {
                // a - trunc(a / b) * b, the definition of fmod for finite inputs (LLVM's expansion).
                let q = self.emit_def(format!("div.rn.{s}"), c, &[a.clone(), b.clone()]);
                let t = self.emit_def(format!("cvt.rzi.{s}.{s}"), c, &[Operand::Reg(q)]);
                let p = self.emit_def(format!("mul.rn.{s}"), c, &[Operand::Reg(t), b]);
                self.emit_def(format!("sub.rn.{s}"), c, &[a, Operand::Reg(p)])
            }
            _ => unreachable!("not a float binary operator"),
        })
    }

    /// A half or bfloat value widened exactly to f32.
    pub(crate) fn half_to_f32(&mut self, a: Operand, fk: FKind) -> Reg {
        match fk {
            FKind::BF16 => self.bf16_to_f32(a),
            _ => self.emit_def(format!("cvt.f32.{}", fk.suffix()), RegClass::F32, &[a]),
        }
    }

    /// An f32 rounded to half or bfloat (`cvt.rn.bf16.f32` needs sm_80).
    pub(crate) fn f32_to_half(&mut self, r: Reg, fk: FKind) -> Result<Reg> {
        if fk == FKind::BF16 && self.opts.target.sm() < 80 {
            return Err(CodegenError::unsupported("bfloat arithmetic and conversions to bfloat before sm_80"));
        }
        Ok(self.emit_def(format!("cvt.rn.{}.f32", fk.suffix()), RegClass::B16, &[Operand::Reg(r)]))
    }

    /// PTX shift amounts are `.u32`.
    pub(crate) fn shift_amount(&mut self, b: Operand, c: RegClass) -> Operand {
        match (b, c) {
            (Operand::Imm(v), _) => Operand::Imm(v & 0xffff_ffff),
            (Operand::Reg(r), RegClass::B32) => Operand::Reg(r),
            (Operand::Reg(r), RegClass::B64) => {
                Operand::Reg(self.emit_def("cvt.u32.u64", RegClass::B32, &[Operand::Reg(r)]))
            }
            (Operand::Reg(r), _) => Operand::Reg(self.emit_def("cvt.u32.u16", RegClass::B32, &[Operand::Reg(r)])),
            (o, _) => o,
        }
    }

    fn icmp(
        &mut self,
        p: IntPredicate,
        ty: simtc_ir::Type,
        a: Operand,
        b: Operand,
        va: Value,
        vb: Value,
    ) -> Result<Reg> {
        let m = self.m;
        let (a, b, c, w) = if m.types.is_ptr(ty) {
            // Compare generic addresses unless both sides are in the same declared space, or, for equality, in
            // the same inferred one (a space's addresses map one to one onto its generic window): a loop that
            // walks a global table until a pointer past its end compares global addresses without two `cvta`s.
            let (ra, sa) = self.ptr(va)?;
            let (rb, sb) = self.ptr(vb)?;
            let equality = matches!(p, IntPredicate::Eq | IntPredicate::Ne);
            let want = if sa == sb && (sa == super::spaces::space_of_type(m, ty) || equality) {
                sa
            } else {
                super::spaces::Space::Generic
            };
            let ra = self.convert_space(ra, sa, want)?;
            let rb = self.convert_space(rb, sb, want)?;
            (Operand::Reg(ra), Operand::Reg(rb), RegClass::B64, 64)
        } else {
            let c = class_of(m, ty)?;
            (a, b, c, self.int_width(ty).unwrap_or(1))
        };
        if c == RegClass::Pred {
            let ra = self.materialize(a, c);
            let rb = self.materialize(b, c);
            let (x, y) = (Operand::Reg(ra), Operand::Reg(rb));
            // On i1, true is 1 unsigned and -1 signed.
            let not = |s: &mut Self, r: Reg| s.emit_def("not.pred", c, &[Operand::Reg(r)]);
            return Ok(match p {
                IntPredicate::Eq => {
                    let t = self.emit_def("xor.pred", c, &[x, y]);
                    not(self, t)
                }
                IntPredicate::Ne => self.emit_def("xor.pred", c, &[x, y]),
                IntPredicate::Ult | IntPredicate::Sgt => {
                    let na = not(self, ra);
                    self.emit_def("and.pred", c, &[Operand::Reg(na), y])
                }
                IntPredicate::Ugt | IntPredicate::Slt => {
                    let nb = not(self, rb);
                    self.emit_def("and.pred", c, &[x, Operand::Reg(nb)])
                }
                IntPredicate::Ule | IntPredicate::Sge => {
                    let na = not(self, ra);
                    self.emit_def("or.pred", c, &[Operand::Reg(na), y])
                }
                IntPredicate::Uge | IntPredicate::Sle => {
                    let nb = not(self, rb);
                    self.emit_def("or.pred", c, &[x, Operand::Reg(nb)])
                }
            });
        }
        if c == RegClass::B128 {
            return Err(CodegenError::unsupported("i128 comparisons"));
        }
        let signed = matches!(p, IntPredicate::Sgt | IntPredicate::Sge | IntPredicate::Slt | IntPredicate::Sle);
        let a = self.normalized(a, w, c, signed);
        let b = self.normalized(b, w, c, signed);
        let bits = c.bits();
        let (cmp, s) = match p {
            IntPredicate::Eq => ("eq", 's'),
            IntPredicate::Ne => ("ne", 's'),
            IntPredicate::Ugt => ("gt", 'u'),
            IntPredicate::Uge => ("ge", 'u'),
            IntPredicate::Ult => ("lt", 'u'),
            IntPredicate::Ule => ("le", 'u'),
            IntPredicate::Sgt => ("gt", 's'),
            IntPredicate::Sge => ("ge", 's'),
            IntPredicate::Slt => ("lt", 's'),
            IntPredicate::Sle => ("le", 's'),
        };
        // PTX wants a register as the first comparison operand.
        let a = match a {
            Operand::Reg(_) => a,
            o => Operand::Reg(self.materialize(o, c)),
        };
        Ok(self.emit_def(format!("setp.{cmp}.{s}{bits}"), RegClass::Pred, &[a, b]))
    }

    fn fcmp(&mut self, p: FloatPredicate, ty: simtc_ir::Type, a: Operand, b: Operand) -> Result<Reg> {
        let fk = self.fkind(ty).ok_or_else(|| CodegenError::unsupported("fcmp on a non-float"))?;
        let c = class_of(self.m, ty)?;
        let cmp = match p {
            FloatPredicate::False => {
                return Ok(self.emit_def("setp.ne.s32", RegClass::Pred, &[Operand::Imm(0), Operand::Imm(0)]))
            }
            FloatPredicate::True => {
                return Ok(self.emit_def("setp.eq.s32", RegClass::Pred, &[Operand::Imm(0), Operand::Imm(0)]))
            }
            FloatPredicate::Oeq => "eq",
            FloatPredicate::Ogt => "gt",
            FloatPredicate::Oge => "ge",
            FloatPredicate::Olt => "lt",
            FloatPredicate::Ole => "le",
            FloatPredicate::One => "ne",
            FloatPredicate::Ord => "num",
            FloatPredicate::Ueq => "equ",
            FloatPredicate::Ugt => "gtu",
            FloatPredicate::Uge => "geu",
            FloatPredicate::Ult => "ltu",
            FloatPredicate::Ule => "leu",
            FloatPredicate::Une => "neu",
            FloatPredicate::Uno => "nan",
        };
        let (a, b, s) = match fk {
            FKind::BF16 => {
                // Compare in f32: exact for bfloat.
                let a = self.float_operand(a, fk, c);
                let b = self.float_operand(b, fk, c);
                let fa = self.bf16_to_f32(a);
                let fb = self.bf16_to_f32(b);
                (Operand::Reg(fa), Operand::Reg(fb), "f32")
            }
            _ => {
                let a = self.float_operand(a, fk, c);
                let b = self.float_operand(b, fk, c);
                (Operand::Reg(self.materialize(a, c)), b, fk.suffix())
            }
        };
        Ok(self.emit_def(format!("setp.{cmp}.{s}"), RegClass::Pred, &[a, b]))
    }

    /// bfloat → f32 exactly: the bfloat bits are the high half of the f32.
    pub(crate) fn bf16_to_f32(&mut self, a: Operand) -> Reg {
        let w = self.emit_def("cvt.u32.u16", RegClass::B32, &[a]);
        let s = self.emit_def("shl.b32", RegClass::B32, &[Operand::Reg(w), Operand::Imm(16)]);
        self.emit_def("mov.b32", RegClass::F32, &[Operand::Reg(s)])
    }

    pub(crate) fn lower_cast(&mut self, inst: Inst) -> Result<()> {
        let InstKind::Cast(op) = self.f.dfg.inst(inst).kind.clone() else { unreachable!() };
        let res = self.f.dfg.result(inst).expect("cast has a result");
        let src = self.f.dfg.args(inst)[0];
        let (sty, dty) = (self.ty(src), self.ty(res));
        let m = self.m;
        if op == CastOp::BitCast && sty == dty && self.f.dfg.value_name(res).is_some_and(|n| n.starts_with("pcp")) {
            // A `pcp` copy of the IR pass `cssa` (seed 000). `phi-elim` re-creates exactly these copies on MIR
            // (a fresh register per phi operand at the end of its predecessor, step 1 of its module doc) and then
            // coalesces them under its SIMT-aware interference test, so the copy selects to the source's
            // registers here: a second `mov` would be one the symbolic checker could not see through.
            let srcs = self.regs(src)?;
            self.define(res, srcs);
            return Ok(());
        }
        if matches!(op, CastOp::AddrSpaceCast) || (op == CastOp::BitCast && m.types.is_ptr(dty)) {
            let (r, sp) = self.ptr(src)?;
            let want = self.spaces[res.index()];
            let r = self.convert_space(r, sp, want)?;
            self.define(res, smallvec![r]);
            return Ok(());
        }
        if op == CastOp::BitCast {
            return self.lower_bitcast(src, res);
        }
        let lanes = m.types.vector_len(dty).unwrap_or(1) as usize;
        if op == CastOp::ZExt && lanes == 1 && self.int_width(sty) == Some(1) {
            // `zext` of an `and`/`or`/`xor` tree of bytes that hold booleans: the same tree on the bytes.
            if let Some(r) = self.bool_bytes(src, dty)? {
                let r = self.materialize(r, class_of(m, dty)?);
                self.define(res, smallvec![r]);
                return Ok(());
            }
        }
        let (se, de) = (m.types.scalar_type(sty), m.types.scalar_type(dty));
        // The sign extension of a value known non-negative is its zero extension: lowered as one, it is the
        // same register as the `zext` of that value (clang writes both, `sext` for signed index arithmetic
        // and `zext nneg` for the rest), so the addresses built from them share it.
        let op = if op == CastOp::SExt && lanes == 1 && self.known_nonneg(src, 0) { CastOp::ZExt } else { op };
        let mut out: SmallVec<[Reg; 1]> = SmallVec::new();
        for k in 0..lanes {
            let a = if op == CastOp::PtrToInt && lanes == 1 {
                // The integer is the address in the pointer type's own space (a shared pointer's offset).
                let (r, sp) = self.ptr(src)?;
                Operand::Reg(self.convert_space(r, sp, super::spaces::space_of_type(m, sty))?)
            } else {
                self.lane(src, k, lanes)?
            };
            let mut r = self.scalar_cast(op, se, de, a)?;
            if op == CastOp::IntToPtr && lanes == 1 {
                // The integer is an address in the pointer type's space; our register holds it in the inferred
                // one (global for an integer loaded from a kernel's byval parameter: see `spaces`).
                r = self.convert_space(r, super::spaces::space_of_type(m, dty), self.spaces[res.index()])?;
            }
            out.push(r);
        }
        self.define(res, out);
        Ok(())
    }

    fn scalar_cast(&mut self, op: CastOp, st: simtc_ir::Type, dt: simtc_ir::Type, a: Operand) -> Result<Reg> {
        let m = self.m;
        let dc = class_of(m, dt)?;
        let sc = if m.types.is_ptr(st) { RegClass::B64 } else { class_of(m, st)? };
        let sw = if m.types.is_ptr(st) { 64 } else { self.int_width(st).unwrap_or(0) };
        let dw = if m.types.is_ptr(dt) { 64 } else { self.int_width(dt).unwrap_or(0) };
        if sc == RegClass::B128 || dc == RegClass::B128 {
            return Err(CodegenError::unsupported(format!("`{}` involving i128", op.name())));
        }
        Ok(match op {
            CastOp::Trunc | CastOp::PtrToInt | CastOp::IntToPtr if dc == RegClass::Pred => {
                let bits = sc.bits();
                let t = self.emit_def(format!("and.b{bits}"), sc, &[a, Operand::Imm(1)]);
                self.emit_def(format!("setp.eq.b{bits}"), RegClass::Pred, &[Operand::Reg(t), Operand::Imm(1)])
            }
            CastOp::Trunc | CastOp::PtrToInt | CastOp::IntToPtr | CastOp::ZExt | CastOp::SExt => {
                let signed = op == CastOp::SExt;
                if sc == RegClass::Pred {
                    let (t, f) = if signed { (-1, 0) } else { (1, 0) };
                    let p = self.materialize(a, sc);
                    return Ok(self.emit_def(
                        format!("selp.{}{}", if signed { 's' } else { 'u' }, dc.bits()),
                        dc,
                        &[Operand::Imm(t), Operand::Imm(f), Operand::Reg(p)],
                    ));
                }
                let widening = dw > sw;
                if !widening {
                    // Truncation: low bits are kept; upper bits of the narrower value are don't-care.
                    if dc == sc {
                        return Ok(self.reg_or_copy(a, dc));
                    }
                    return Ok(self.emit_def(format!("cvt.u{}.u{}", dc.bits(), sc.bits()), dc, &[a]));
                }
                let s = if signed { 's' } else { 'u' };
                if matches!(sw, 8 | 16 | 32) && sw < sc.bits() || (sw == sc.bits() && dc != sc) {
                    // cvt reads exactly sw bits of the source register.
                    return Ok(self.emit_def(format!("cvt.{s}{}.{s}{sw}", dc.bits()), dc, &[a]));
                }
                let a = self.normalized(a, sw, sc, signed);
                if dc == sc {
                    self.reg_or_copy(a, dc)
                } else {
                    self.emit_def(format!("cvt.{s}{}.{s}{}", dc.bits(), sc.bits()), dc, &[a])
                }
            }
            CastOp::FPTrunc | CastOp::FPExt => {
                let sk = self.fkind(st).ok_or_else(|| CodegenError::unsupported("fp cast of a non-float"))?;
                let dk = self.fkind(dt).ok_or_else(|| CodegenError::unsupported("fp cast to a non-float"))?;
                let a = self.float_operand(a, sk, sc);
                if sk == FKind::BF16 {
                    let f = self.bf16_to_f32(a);
                    if dk == FKind::F32 {
                        return Ok(f);
                    }
                    return Ok(self.emit_def(format!("cvt.{}.f32", dk.suffix()), dc, &[Operand::Reg(f)]));
                }
                if dk == FKind::BF16 {
                    if sk == FKind::F32 {
                        let r = self.materialize(a, sc);
                        return self.f32_to_half(r, dk);
                    }
                    if self.opts.target.sm() < 90 {
                        // cvt.rn.bf16.f64 is sm_90; going through f32 would round twice.
                        return Err(CodegenError::unsupported(format!(
                            "fptrunc {} to bfloat before sm_90",
                            sk.suffix()
                        )));
                    }
                }
                let rnd = if op == CastOp::FPTrunc { ".rn" } else { "" };
                self.emit_def(format!("cvt{rnd}.{}.{}", dk.suffix(), sk.suffix()), dc, &[a])
            }
            CastOp::FPToUI | CastOp::FPToSI => {
                let sk = self.fkind(st).ok_or_else(|| CodegenError::unsupported("fptoi of a non-float"))?;
                let a = self.float_operand(a, sk, sc);
                let s = if op == CastOp::FPToSI { 's' } else { 'u' };
                if dc == RegClass::Pred {
                    let t = self.emit_def(format!("cvt.rzi.{s}32.{}", sk.suffix()), RegClass::B32, &[a]);
                    return Ok(self.emit_def("setp.ne.s32", RegClass::Pred, &[Operand::Reg(t), Operand::Imm(0)]));
                }
                self.emit_def(format!("cvt.rzi.{s}{}.{}", dc.bits(), sk.suffix()), dc, &[a])
            }
            CastOp::UIToFP | CastOp::SIToFP => {
                let dk = self.fkind(dt).ok_or_else(|| CodegenError::unsupported("itofp to a non-float"))?;
                let signed = op == CastOp::SIToFP;
                let s = if signed { 's' } else { 'u' };
                // An i1 converts to 0.0 or 1.0 (-1.0 signed): one select of the two constants (llc's form;
                // ptxas makes a compare feeding it one `FSET.BF`), not a select of integers and a conversion.
                if sc == RegClass::Pred && matches!(dk, FKind::F32 | FKind::F64) {
                    let p = self.materialize(a, sc);
                    let one = if signed { -1.0f64 } else { 1.0 };
                    let (t, c) = match dk {
                        FKind::F32 => ("f32", Operand::F32((one as f32).to_bits())),
                        _ => ("f64", Operand::F64(one.to_bits())),
                    };
                    let zero = if dk == FKind::F32 { Operand::F32(0) } else { Operand::F64(0) };
                    return Ok(self.emit_def(format!("selp.{t}"), dc, &[c, zero, Operand::Reg(p)]));
                }
                let (a, bits) = if sc == RegClass::Pred {
                    let p = self.materialize(a, sc);
                    let v = if signed { -1 } else { 1 };
                    (
                        Operand::Reg(self.emit_def(
                            format!("selp.{s}32"),
                            RegClass::B32,
                            &[Operand::Imm(v), Operand::Imm(0), Operand::Reg(p)],
                        )),
                        32,
                    )
                } else if matches!(sw, 8 | 16 | 32 | 64) {
                    (a, sw)
                } else {
                    (self.normalized(a, sw, sc, signed), sc.bits())
                };
                self.emit_def(format!("cvt.rn.{}.{s}{bits}", dk.suffix()), dc, &[a])
            }
            CastOp::BitCast | CastOp::AddrSpaceCast => unreachable!(),
        })
    }

    fn reg_or_copy(&mut self, a: Operand, c: RegClass) -> Reg {
        match a {
            Operand::Reg(r) => r,
            o => self.materialize(o, c),
        }
    }

    fn lower_bitcast(&mut self, src: Value, res: Value) -> Result<()> {
        let m = self.m;
        let (sty, dty) = (self.ty(src), self.ty(res));
        let mut sl = Vec::new();
        leaves(m, sty, 0, &mut sl);
        let mut dl = Vec::new();
        leaves(m, dty, 0, &mut dl);
        let sregs = self.regs(src)?;
        let scls: Vec<RegClass> = sl.iter().map(|(t, _)| class_of(m, *t)).collect::<Result<_>>()?;
        let dcls: Vec<RegClass> = dl.iter().map(|(t, _)| class_of(m, *t)).collect::<Result<_>>()?;
        let sbits: Vec<u32> = sl.iter().map(|(t, _)| m.types.scalar_bits(*t).unwrap_or(0)).collect();
        let dbits: Vec<u32> = dl.iter().map(|(t, _)| m.types.scalar_bits(*t).unwrap_or(0)).collect();
        let exact = |bits: &[u32], cls: &[RegClass]| bits.iter().zip(cls).all(|(b, c)| *b == c.bits());
        if !exact(&sbits, &scls) || !exact(&dbits, &dcls) {
            // Elements narrower than their registers (<4 x i8> <-> i32, <2 x i8> <-> i16, <8 x i8> <-> double).
            let out = self.bitcast_packed(&sregs, &scls, &sbits, &dcls, &dbits)?;
            self.define(res, out);
            return Ok(());
        }
        let out: SmallVec<[Reg; 1]> = if sregs.len() == dcls.len() {
            sregs
                .iter()
                .zip(&dcls)
                .map(|(r, c)| self.emit_def(format!("mov.b{}", c.bits()), *c, &[Operand::Reg(*r)]))
                .collect()
        } else if dcls.len() == 1 {
            // Pack: mov.b32 %r, {%rs1, %rs2}.
            let d = self.mf.new_reg(dcls[0]);
            let v = Operand::Vec(sregs.iter().map(|r| Operand::Reg(*r)).collect());
            self.emit(self.mi(format!("mov.b{}", dcls[0].bits()), &[Operand::Reg(d)], &[v]));
            smallvec![d]
        } else if sregs.len() == 1 {
            let ds: Vec<Reg> = dcls.iter().map(|c| self.mf.new_reg(*c)).collect();
            let v = Operand::Vec(ds.iter().map(|r| Operand::Reg(*r)).collect());
            self.emit(self.mi(format!("mov.b{}", scls[0].bits()), &[v], &[Operand::Reg(sregs[0])]));
            ds.into_iter().collect()
        } else {
            return Err(CodegenError::unsupported("bitcast between vectors of different element counts"));
        };
        self.define(res, out);
        Ok(())
    }

    /// A bitcast through integer words: the source leaves are packed little-endian into 32-bit words (64-bit when
    /// a leaf is 64 bits wide) with `bfi`, and the destination leaves extracted with `bfe`, as LLVM does for
    /// `<4 x i8>`. Every leaf must lie within one word.
    fn bitcast_packed(
        &mut self,
        sregs: &[Reg],
        scls: &[RegClass],
        sbits: &[u32],
        dcls: &[RegClass],
        dbits: &[u32],
    ) -> Result<SmallVec<[Reg; 1]>> {
        let unsupported = || CodegenError::unsupported("this bitcast between vectors of narrow elements");
        let total: u32 = sbits.iter().sum();
        let bad_class = |c: &RegClass| matches!(c, RegClass::B128);
        if total != dbits.iter().sum::<u32>() || scls.iter().chain(dcls).any(bad_class) || sregs.len() != scls.len() {
            return Err(unsupported());
        }
        let w: u32 = if sbits.iter().chain(dbits).any(|b| *b > 32) { 64 } else { 32 };
        let wc = if w == 64 { RegClass::B64 } else { RegClass::B32 };
        let int_class = |c: RegClass| match c {
            RegClass::F32 => RegClass::B32,
            RegClass::F64 => RegClass::B64,
            c => c,
        };
        let mut words: Vec<Option<Reg>> = vec![None; total.div_ceil(w) as usize];
        let mut off = 0;
        for ((&r, &c), &b) in sregs.iter().zip(scls).zip(sbits) {
            let (k, o) = ((off / w) as usize, off % w);
            if o + b > w {
                return Err(unsupported());
            }
            let ic = int_class(c);
            let mut t = if c == RegClass::Pred {
                // An i1 lane is one bit of the packed value.
                self.emit_def(format!("selp.b{w}"), wc, &[Operand::Imm(1), Operand::Imm(0), Operand::Reg(r)])
            } else if ic != c {
                self.emit_def(format!("mov.b{}", c.bits()), ic, &[Operand::Reg(r)])
            } else {
                r
            };
            if c != RegClass::Pred && ic.bits() < w {
                t = self.emit_def(format!("cvt.u{w}.u{}", ic.bits()), wc, &[Operand::Reg(t)]);
            }
            words[k] = Some(match words[k] {
                None if b < w => {
                    self.emit_def(format!("and.b{w}"), wc, &[Operand::Reg(t), Operand::Imm(((1u64 << b) - 1) as i64)])
                }
                None => t,
                Some(acc) => self.emit_def(
                    format!("bfi.b{w}"),
                    wc,
                    &[Operand::Reg(t), Operand::Reg(acc), Operand::Imm(o as i64), Operand::Imm(b as i64)],
                ),
            });
            off += b;
        }
        let mut out = SmallVec::new();
        off = 0;
        for (&c, &b) in dcls.iter().zip(dbits) {
            let (k, o) = ((off / w) as usize, off % w);
            let word = match words.get(k) {
                Some(Some(x)) if o + b <= w => *x,
                _ => return Err(unsupported()),
            };
            let mut t = if o == 0 && b == w {
                word
            } else {
                self.emit_def(
                    format!("bfe.u{w}"),
                    wc,
                    &[Operand::Reg(word), Operand::Imm(o as i64), Operand::Imm(b as i64)],
                )
            };
            if c == RegClass::Pred {
                out.push(self.emit_def(format!("setp.ne.b{w}"), RegClass::Pred, &[Operand::Reg(t), Operand::Imm(0)]));
                off += b;
                continue;
            }
            let ic = int_class(c);
            if ic.bits() < w {
                t = self.emit_def(format!("cvt.u{}.u{w}", ic.bits()), ic, &[Operand::Reg(t)]);
            }
            if ic != c {
                t = self.emit_def(format!("mov.b{}", c.bits()), c, &[Operand::Reg(t)]);
            }
            out.push(t);
            off += b;
        }
        Ok(out)
    }

    /// The register of a scalar placed into an aggregate or vector. Pointer leaves of aggregates hold the
    /// address in their type's declared space (what stores, calls and returns of the aggregate expect), not the
    /// space inference found for the scalar.
    fn element_reg(&mut self, v: Value) -> Result<Reg> {
        if self.m.types.is_ptr(self.ty(v)) {
            let (r, sp) = self.ptr(v)?;
            return self.convert_space(r, sp, super::spaces::space_of_type(self.m, self.ty(v)));
        }
        self.reg(v)
    }

    pub(crate) fn lower_aggregate(&mut self, inst: Inst) -> Result<()> {
        let data = self.f.dfg.inst(inst).clone();
        let res = self.f.dfg.result(inst).expect("has a result");
        let m = self.m;
        let out: SmallVec<[Reg; 1]> = match &data.kind {
            InstKind::ExtractElement => {
                let v = self.regs(data.args[0])?;
                match self.op(data.args[1])? {
                    Operand::Imm(k) => {
                        let r =
                            *v.get(k as usize).ok_or_else(|| CodegenError::new("extractelement index out of range"))?;
                        smallvec![r]
                    }
                    idx => {
                        let ec = self.mf.class(v[0]);
                        let mut acc = v[0];
                        let ib = match idx {
                            Operand::Reg(r) => self.mf.class(r).bits(),
                            _ => 32,
                        };
                        for (k, r) in v.iter().enumerate().skip(1) {
                            let p = self.emit_def(
                                format!("setp.eq.u{ib}"),
                                RegClass::Pred,
                                &[idx.clone(), Operand::Imm(k as i64)],
                            );
                            acc = self.select(ec, p, Operand::Reg(*r), Operand::Reg(acc));
                        }
                        smallvec![acc]
                    }
                }
            }
            InstKind::InsertElement => {
                let mut v = self.regs(data.args[0])?;
                let e = self.element_reg(data.args[1])?;
                match self.op(data.args[2])? {
                    Operand::Imm(k) => {
                        let slot = v
                            .get_mut(k as usize)
                            .ok_or_else(|| CodegenError::new("insertelement index out of range"))?;
                        *slot = e;
                    }
                    idx => {
                        let ib = match idx {
                            Operand::Reg(r) => self.mf.class(r).bits(),
                            _ => 32,
                        };
                        for k in 0..v.len() {
                            let ec = self.mf.class(v[k]);
                            let p = self.emit_def(
                                format!("setp.eq.u{ib}"),
                                RegClass::Pred,
                                &[idx.clone(), Operand::Imm(k as i64)],
                            );
                            v[k] = self.select(ec, p, Operand::Reg(e), Operand::Reg(v[k]));
                        }
                    }
                }
                v
            }
            InstKind::ShuffleVector { mask } => {
                let a = self.regs(data.args[0])?;
                let b = self.regs(data.args[1])?;
                let n = a.len() as i32;
                let mut out = SmallVec::new();
                for &k in mask {
                    let r = if k < 0 {
                        let c = self.mf.class(a[0]);
                        self.materialize(Operand::Imm(0), c)
                    } else if k < n {
                        a[k as usize]
                    } else {
                        b[(k - n) as usize]
                    };
                    out.push(r);
                }
                out
            }
            InstKind::ExtractValue { indices } => {
                let agg = data.args[0];
                let regs = self.regs(agg)?;
                let (start, len) = leaf_range(m, self.ty(agg), indices);
                regs[start..start + len].iter().copied().collect()
            }
            InstKind::InsertValue { indices } => {
                let agg = data.args[0];
                let mut regs = self.regs(agg)?;
                let (start, len) = leaf_range(m, self.ty(agg), indices);
                let vals = if m.types.is_ptr(self.ty(data.args[1])) {
                    smallvec![self.element_reg(data.args[1])?]
                } else {
                    self.regs(data.args[1])?
                };
                regs[start..start + len].copy_from_slice(&vals[..len]);
                regs
            }
            _ => unreachable!(),
        };
        self.define(res, out);
        Ok(())
    }
}

/// The range of flattened leaves that `indices` selects inside an aggregate of type `ty`.
fn leaf_range(m: &simtc_ir::Module, ty: simtc_ir::Type, indices: &[u32]) -> (usize, usize) {
    let count = |t: simtc_ir::Type| {
        let mut v = Vec::new();
        leaves(m, t, 0, &mut v);
        v.len()
    };
    let mut start = 0;
    let mut t = ty;
    for &ix in indices {
        for k in 0..ix {
            if let Some(e) = m.types.element_type(t, k as u64) {
                start += count(e);
            }
        }
        t = m.types.element_type(t, ix as u64).unwrap_or(t);
    }
    (start, count(t))
}
