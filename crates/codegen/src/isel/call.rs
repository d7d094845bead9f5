//! Selection of calls (the `.param` calling sequence), returns and inline assembly.
//!
//! A call to a device function is printed as LLVM's NVPTX back end does:
//! ```text
//! { // callseq 0, 0
//! .param .b32 param0;
//! st.param.b32 [param0], %r1;
//! .param .b32 retval0;
//! call.uni (retval0), _Z3fooi, (param0);
//! ld.param.b32 %r2, [retval0];
//! } // callseq 0
//! ```
//! `call.uni` is used only where the uniformity analysis proves the calling block non-divergent. Indirect calls
//! name a `.callprototype` declared in the function's prologue. Byval arguments are copied from the pointee into
//! the `.param` array; aggregates and vectors are stored leaf by leaf at their offsets.

use super::spaces::{space_of_type, Space};
use super::{class_of, leaves, Lower, Result};
use crate::abi::{self, FunctionAbi, ParamKind, ParamSlot};
use crate::error::CodegenError;
use crate::mir::{MInst, Mod, OpKind, Opcode, Operand, Reg, RegClass};
use simtc_ir::{Block, ConstData, GlobalRef, Inst, InstKind, Value, ValueDef};
use smallvec::SmallVec;

/// The `.param` declaration instruction of a call-site slot named `name`.
fn param_decl(slot: &ParamSlot, name: &str) -> MInst {
    let dst = [Operand::Sym(name.to_string().into())];
    match &slot.kind {
        ParamKind::Scalar { ld_ty } => {
            let ty = Mod::parse(&param_type(ld_ty)).unwrap_or(Mod::B32);
            MInst::new(Opcode::new(OpKind::DeclParam, &[ty]), &dst, &[])
        }
        ParamKind::Aggregate => MInst::new(
            Opcode::new(OpKind::DeclParam, &[Mod::B8]),
            &dst,
            &[Operand::Imm(slot.align as i64), Operand::Imm(slot.size as i64)],
        ),
    }
}

/// The `.param` declaration text of a slot (in `.callprototype` lines).
fn param_decl_text(slot: &ParamSlot, name: &str) -> String {
    match &slot.kind {
        ParamKind::Scalar { ld_ty } => {
            format!(".param .{} {name}", param_type(ld_ty))
        }
        ParamKind::Aggregate => format!(".param .align {} .b8 {name}[{}]", slot.align, slot.size),
    }
}

/// The untyped spelling of a scalar slot's type at call sites and in `st.param`/`ld.param` of call values: floats
/// keep `f32`/`f64`, integers become `bN` (`u64` → `b64`).
fn param_type(ld_ty: &str) -> String {
    if ld_ty.starts_with('f') {
        ld_ty.to_string()
    } else {
        format!("b{}", &ld_ty[1..])
    }
}

/// How a value of class `vc` is read from / written to a scalar slot declared `ld_ty`: the access type and the
/// register class it moves. A float value in an untyped slot of its width (`.param .b32` for a device function's
/// `float` parameter or return value) is accessed as `ld/st.param.f32` straight from/to its float register, as
/// llc does, instead of through a `b32` register and a `mov.b32`.
pub(crate) fn slot_access(ld_ty: &str, vc: RegClass) -> (String, RegClass) {
    let lc = slot_class(ld_ty);
    match vc {
        RegClass::F32 | RegClass::F64 if lc != vc && lc.bits() == vc.bits() && !ld_ty.starts_with('f') => {
            (format!("f{}", vc.bits()), vc)
        }
        _ => (param_type(ld_ty), lc),
    }
}

/// The class a `.param` scalar slot is loaded into / stored from.
pub(crate) fn slot_class(ld_ty: &str) -> RegClass {
    let bits: u32 = ld_ty[1..].parse().unwrap_or(32);
    if ld_ty.starts_with('f') {
        if bits == 32 {
            RegClass::F32
        } else {
            RegClass::F64
        }
    } else {
        match bits {
            8 | 16 => RegClass::B16,
            32 => RegClass::B32,
            _ => RegClass::B64,
        }
    }
}

impl Lower<'_> {
    pub(crate) fn lower_call(&mut self, b: Block, inst: Inst) -> Result<()> {
        let callee = self.f.dfg.args(inst)[0];
        match self.f.dfg.value_def(callee).clone() {
            ValueDef::InlineAsm(ia) => self.lower_inline_asm(inst, &ia),
            ValueDef::Const(c) => {
                if let ConstData::Global(_, GlobalRef::Func(fid)) = self.m.consts.data(c) {
                    let name = self.m.funcs[*fid].name.clone();
                    if name.starts_with("llvm.") {
                        return self.lower_intrinsic(b, inst, &name);
                    }
                    return self.lower_device_call(b, inst, Some(*fid));
                }
                self.lower_device_call(b, inst, None)
            }
            _ => self.lower_device_call(b, inst, None),
        }
    }

    fn lower_device_call(&mut self, b: Block, inst: Inst, callee: Option<simtc_ir::FuncId>) -> Result<()> {
        let m = self.m;
        let InstKind::Call(cd) = self.f.dfg.inst(inst).kind.clone() else { unreachable!() };
        let (ret_ty, param_tys, vararg) = m
            .types
            .func_parts(cd.fn_ty)
            .map(|(r, p, v)| (r, p.to_vec(), v))
            .ok_or_else(|| CodegenError::new("call without a function type"))?;
        if vararg {
            return Err(CodegenError::unsupported("calls to variadic functions"));
        }
        let args: SmallVec<[Value; 4]> = self.f.dfg.args(inst)[1..1 + param_tys.len()].into();
        let name = callee.map(|f| crate::ptx::names::func_symbol(m, f)).unwrap_or_default();
        let abi: FunctionAbi = match callee {
            Some(fid) if m.funcs[fid].ty == cd.fn_ty => abi::function_abi(m, fid)?,
            _ => {
                let mut attrs = cd.attrs.params.clone();
                attrs.resize(param_tys.len(), Default::default());
                abi::signature_abi(m, ret_ty, &param_tys, &attrs, false, &name)?
            }
        };
        let seq = self.callseq;
        self.callseq += 1;
        self.emit(MInst::new(OpKind::CallSeqStart, &[], &[Operand::Imm(seq as i64)]));
        let mut pnames = Vec::new();
        for (k, slot) in abi.params.iter().enumerate() {
            let pname = format!("param{k}");
            self.emit(param_decl(slot, &pname));
            let v = args[slot.ir_index];
            self.store_arg(slot, &pname, v)?;
            pnames.push(pname);
        }
        if let Some(r) = &abi.ret {
            self.emit(param_decl(r, "retval0"));
        }
        // `.uni` asserts that every thread of the warp makes the call to the same target: only direct calls
        // from non-divergent blocks qualify (an indirect target may differ between threads).
        let uni = callee.is_some() && !self.in_divergent_block(b);
        let op = Opcode::new(OpKind::Call, if uni { &[Mod::Uni] } else { &[] });
        let dsts: Vec<Operand> = abi.ret.iter().map(|_| Operand::Sym("retval0".into())).collect();
        let mut srcs: Vec<Operand> = Vec::with_capacity(pnames.len() + 2);
        match callee {
            Some(_) => srcs.push(Operand::Sym(name.clone().into())),
            None => {
                // Indirect: a prototype in the prologue, named as the call's last operand.
                let (r, sp) = self.ptr(self.f.dfg.args(inst)[0])?;
                srcs.push(Operand::Reg(self.convert_space(r, sp, Space::Generic)?));
            }
        }
        srcs.extend(pnames.iter().map(|p| Operand::Sym(p.clone().into())));
        if callee.is_none() {
            let proto = format!("prototype_{seq}");
            let ret_decl = abi.ret.as_ref().map(|s| format!("({}) ", param_decl_text(s, "_"))).unwrap_or_default();
            let plist: Vec<String> = abi.params.iter().map(|s| param_decl_text(s, "_")).collect();
            self.mf.prologue.push(format!("{proto} : .callprototype {ret_decl}_ ({});", plist.join(", ")));
            srcs.push(Operand::Sym(proto.into()));
        }
        self.emit(MInst::new(op, &dsts, &srcs));
        if let (Some(slot), Some(res)) = (&abi.ret, self.f.dfg.result(inst)) {
            let regs = self.load_ret(slot, res)?;
            self.define(res, regs);
        }
        self.emit(MInst::new(OpKind::CallSeqEnd, &[], &[Operand::Imm(seq as i64)]));
        Ok(())
    }

    fn store_arg(&mut self, slot: &ParamSlot, pname: &str, v: Value) -> Result<()> {
        let m = self.m;
        let ty = self.ty(v);
        let addr = |off: i64| Operand::Addr(Box::new(Operand::Sym(pname.to_string().into())), off);
        match &slot.kind {
            ParamKind::Scalar { ld_ty } => {
                let vc = class_of(m, ty)?;
                let (t, lc) = slot_access(ld_ty, vc);
                let o = if m.types.is_ptr(ty) {
                    let (r, sp) = self.ptr(v)?;
                    Operand::Reg(self.convert_space(r, sp, space_of_type(m, ty))?)
                } else {
                    self.op(v)?
                };
                let o = match (vc, &o) {
                    (RegClass::B16, Operand::Imm(_)) if self.fkind(ty).is_some() => {
                        Operand::Reg(self.materialize(o, vc))
                    }
                    _ => o,
                };
                let o = self.value_to_param_class(o, vc, lc);
                self.emit_effect(format!("st.param.{t}"), &[], &[addr(0), o]);
            }
            ParamKind::Aggregate if m.types.is_ptr(ty) => {
                // byval: copy the pointee into the param array.
                let (r, sp) = self.ptr(v)?;
                self.copy_bytes(
                    (Operand::Sym(pname.to_string().into()), 0, ".param"),
                    (Operand::Reg(r), 0, sp.suffix()),
                    slot.size,
                    slot.align.into(),
                    false,
                );
            }
            ParamKind::Aggregate => {
                let mut lv = Vec::new();
                leaves(m, ty, 0, &mut lv);
                let regs = self.regs(v)?;
                for ((lt, off), r) in lv.into_iter().zip(regs) {
                    let sfx = super::mem::mem_suffix(m, lt)?;
                    let vc = class_of(m, lt)?;
                    let size = m.types.store_size(lt);
                    if vc != RegClass::Pred
                        && !super::mem::is_natural(size, super::mem::align_at(slot.align.into(), off))
                    {
                        // A leaf of a packed aggregate: split as the alignment requires (`st.param.u8`...).
                        let sym = Operand::Sym(pname.to_string().into());
                        self.store_leaf_aligned(lt, Operand::Reg(r), sym, off as i64, ".param", "", slot.align.into())?;
                        continue;
                    }
                    let o = if vc == RegClass::Pred {
                        Operand::Reg(self.emit_def(
                            "selp.u16",
                            RegClass::B16,
                            &[Operand::Imm(1), Operand::Imm(0), Operand::Reg(r)],
                        ))
                    } else {
                        Operand::Reg(r)
                    };
                    let sfx = match sfx.strip_prefix('u') {
                        Some(bits) => format!("b{bits}"),
                        None => sfx.to_string(),
                    };
                    self.emit_effect(format!("st.param.{sfx}"), &[], &[addr(off as i64), o]);
                }
            }
        }
        Ok(())
    }

    fn load_ret(&mut self, slot: &ParamSlot, res: Value) -> Result<SmallVec<[Reg; 1]>> {
        let m = self.m;
        let ty = self.ty(res);
        match &slot.kind {
            ParamKind::Scalar { ld_ty } => {
                let vc = class_of(m, ty)?;
                let (t, lc) = slot_access(ld_ty, vc);
                let r = self.emit_def(
                    format!("ld.param.{t}"),
                    lc,
                    &[Operand::Addr(Box::new(Operand::Sym("retval0".into())), 0)],
                );
                let r = self.param_to_value_class(r, lc, vc);
                let r = if m.types.is_ptr(ty) {
                    let want = self.spaces[simtc_ir::EntityRef::index(res)];
                    self.convert_space(r, space_of_type(m, ty), want)?
                } else {
                    r
                };
                Ok(smallvec::smallvec![r])
            }
            ParamKind::Aggregate => {
                let mut lv = Vec::new();
                leaves(m, ty, 0, &mut lv);
                let mut out = SmallVec::new();
                for (lt, off) in lv {
                    let sym = Operand::Sym("retval0".into());
                    out.push(self.load_leaf_aligned(lt, sym, off as i64, ".param", "", slot.align.into())?);
                }
                Ok(out)
            }
        }
    }

    pub(crate) fn lower_ret(&mut self, inst: Inst) -> Result<()> {
        let args: SmallVec<[Value; 1]> = self.f.dfg.args(inst).into();
        if let (Some(&v), Some(slot)) = (args.first(), self.abi.ret.clone()) {
            // A return value is stored into `func_retval0` exactly as an argument into its `.param`.
            self.store_arg(&slot, "func_retval0", v)?;
        }
        self.emit(self.mi("ret", &[], &[]));
        Ok(())
    }

    /// Inline asm: `$N` operands are substituted by registers (outputs first, then inputs); constraints
    /// `r`/`h`/`l`/`f`/`d`/`c`/`n` pick the register class; clobbers (`~{memory}`) are ignored.
    fn lower_inline_asm(&mut self, inst: Inst, ia: &simtc_ir::InlineAsm) -> Result<()> {
        let m = self.m;
        let res = self.f.dfg.result(inst);
        let args: SmallVec<[Value; 4]> = self.f.dfg.args(inst)[1..].into();
        let cons: Vec<&str> = ia.constraints.split(',').filter(|c| !c.starts_with('~') && !c.is_empty()).collect();
        let class_for = |c: &str| -> Result<RegClass> {
            Ok(match c.trim_start_matches(['=', '&', '+']) {
                "r" => RegClass::B32,
                "h" | "c" => RegClass::B16,
                "l" | "N" => RegClass::B64,
                "f" => RegClass::F32,
                "d" => RegClass::F64,
                "b" => RegClass::Pred,
                "n" | "i" => RegClass::B32,
                other => return Err(CodegenError::unsupported(format!("inline asm constraint `{other}`"))),
            })
        };
        let outs: Vec<&str> = cons.iter().copied().filter(|c| c.starts_with('=')).collect();
        let mut out_regs: Vec<Reg> = Vec::new();
        for c in &outs {
            let cl = class_for(c)?;
            out_regs.push(self.mf.new_reg(cl));
        }
        let ins: Vec<&str> = cons.iter().copied().filter(|c| !c.starts_with('=')).collect();
        let mut srcs = vec![Operand::Asm(ia.asm.clone().into())];
        for (k, v) in args.iter().enumerate() {
            // A pointer operand is the address in its type's space (generic for `ptr`), not our inferred one.
            let o = if m.types.is_ptr(self.ty(*v)) {
                let (r, sp) = self.ptr(*v)?;
                Operand::Reg(self.convert_space(r, sp, space_of_type(m, self.ty(*v)))?)
            } else {
                self.op(*v)?
            };
            // A register constraint (`r`, `l`, `h`, `f`, `d`, ...) needs a register even for a constant: PTX
            // instructions such as `vabsdiff4` reject an immediate where the template has `$N`. `n`/`i` keep
            // immediates.
            let wants_reg = ins.get(k).is_some_and(|c| !matches!(c.trim_start_matches(['&', '+']), "n" | "i"));
            let o = match o {
                Operand::Imm(_) | Operand::F32(_) | Operand::F64(_) if wants_reg => {
                    let c = class_of(m, self.ty(*v))?;
                    Operand::Reg(self.materialize(o, c))
                }
                o => o,
            };
            srcs.push(o);
        }
        let dsts: Vec<Operand> = out_regs.iter().map(|r| Operand::Reg(*r)).collect();
        // Without outputs, or marked `sideeffect`, the asm has effects ([`MInst::effects`]).
        let op = Opcode::new(OpKind::InlineAsm, if ia.side_effect { &[Mod::SideEffect] } else { &[] });
        self.emit(MInst::new(op, &dsts, &srcs));
        if let Some(r) = res {
            if !out_regs.is_empty() {
                let ty = self.ty(r);
                // A single output maps to the result; several outputs form a struct (leaves in order).
                let mut lv = Vec::new();
                leaves(m, ty, 0, &mut lv);
                let mut regs = SmallVec::new();
                for ((lt, _), or) in lv.iter().zip(&out_regs) {
                    let vc = class_of(m, *lt)?;
                    let oc = self.mf.class(*or);
                    regs.push(if vc == oc { *or } else { self.param_to_value_class(*or, oc, vc) });
                }
                self.define(r, regs);
            }
        }
        Ok(())
    }
}
