//! Selection of intrinsics: NVVM special registers, barriers, warp-level primitives, memory barriers, the NVVM
//! math intrinsics, the tensor-core `llvm.nvvm.wmma.*` (in [`super::wmma`]), the generic `llvm.*` intrinsics clang
//! emits, and the intrinsics that lower to nothing
//! (`llvm.lifetime.*`, `llvm.assume`, `llvm.dbg.*`, `llvm.experimental.noalias.scope.decl`, ...).
//!
//! Convergence-control intrinsics (`llvm.experimental.convergence.entry/anchor/loop`) lower to `convergence.*`
//! pseudo-instructions that print nothing; their rules are checked by the convergence verifier before isel.
//! An intrinsic that is not listed here is an `unsupported in codegen: intrinsic @name` error.

use super::ops::FKind;
use super::{class_of, Lower, Result};
use crate::error::CodegenError;
use crate::mir::{Operand, Reg, RegClass};
use simtc_ir::{Block, Inst, Value};
use smallvec::{smallvec, SmallVec};

impl Lower<'_> {
    fn set(&mut self, inst: Inst, r: Reg) {
        if let Some(v) = self.f.dfg.result(inst) {
            self.define(v, smallvec![r]);
        }
    }

    fn iargs(&self, inst: Inst) -> SmallVec<[Value; 4]> {
        let a = self.f.dfg.args(inst);
        let bundle_args = match &self.f.dfg.inst(inst).kind {
            simtc_ir::InstKind::Call(cd) => cd.bundles.iter().map(|b| b.count as usize).sum::<usize>(),
            _ => 0,
        };
        a[1..a.len() - bundle_args].into()
    }

    pub(crate) fn lower_intrinsic(&mut self, b: Block, inst: Inst, name: &str) -> Result<()> {
        let args = self.iargs(inst);
        let res = self.f.dfg.result(inst);
        let rty = res.map(|r| self.ty(r));
        // Special registers.
        if let Some(sreg) = name.strip_prefix("llvm.nvvm.read.ptx.sreg.") {
            let (reg, c, t) = match sreg {
                "tid.x" | "tid.y" | "tid.z" | "ntid.x" | "ntid.y" | "ntid.z" | "ctaid.x" | "ctaid.y" | "ctaid.z"
                | "nctaid.x" | "nctaid.y" | "nctaid.z" | "laneid" | "warpid" | "nwarpid" | "smid" | "nsmid"
                | "lanemask.eq" | "lanemask.le" | "lanemask.lt" | "lanemask.ge" | "lanemask.gt" | "clock"
                | "clusterid.x" | "clusterid.y" | "clusterid.z" | "nclusterid.x" | "nclusterid.y" | "nclusterid.z"
                | "cluster.ctaid.x" | "cluster.ctaid.y" | "cluster.ctaid.z" | "cluster.nctaid.x"
                | "cluster.nctaid.y" | "cluster.nctaid.z" | "cluster.ctarank" | "cluster.nctarank"
                | "total_smem_size" | "dynamic_smem_size" => {
                    // PTX spells `cluster.ctaid.x` as `%cluster_ctaid.x` and `lanemask.eq` as `%lanemask_eq`.
                    let r = sreg.replace("lanemask.", "lanemask_").replace("cluster.", "cluster_");
                    (format!("%{r}"), RegClass::B32, "u32")
                }
                "warpsize" => ("WARP_SZ".to_string(), RegClass::B32, "u32"),
                "clock64" | "globaltimer" | "gridid" => (format!("%{sreg}"), RegClass::B64, "u64"),
                s if s.starts_with("envreg") => (format!("%{s}"), RegClass::B32, "b32"),
                s if s.starts_with("pm") => (format!("%{s}"), RegClass::B32, "u32"),
                _ => return Err(CodegenError::unsupported(format!("intrinsic @{name}"))),
            };
            let mut mi = self.mi(format!("mov.{t}"), &[], &[Operand::Sym(reg.clone().into())]);
            let r = self.mf.new_reg(c);
            mi.dsts.push(Operand::Reg(r));
            self.emit(mi);
            self.set(inst, r);
            return Ok(());
        }
        let op = |s: &mut Self, k: usize| s.op(args[k]);
        match name {
            "llvm.nvvm.barrier0" => self.emit_effect("bar.sync", &[], &[Operand::Imm(0)]),
            "llvm.nvvm.bar.sync" => {
                let a = op(self, 0)?;
                self.emit_effect("bar.sync", &[], &[a]);
            }
            "llvm.nvvm.barrier.sync" | "llvm.nvvm.barrier.n" => {
                let a = op(self, 0)?;
                self.emit_effect("barrier.sync", &[], &[a]);
            }
            "llvm.nvvm.barrier.sync.cnt" | "llvm.nvvm.barrier" => {
                let a = op(self, 0)?;
                let c = op(self, 1)?;
                self.emit_effect("barrier.sync", &[], &[a, c]);
            }
            "llvm.nvvm.barrier0.popc" | "llvm.nvvm.barrier0.and" | "llvm.nvvm.barrier0.or" => {
                let x = self.reg(args[0])?;
                let p = self.emit_def("setp.ne.s32", RegClass::Pred, &[Operand::Reg(x), Operand::Imm(0)]);
                let kind = &name["llvm.nvvm.barrier0.".len()..];
                let r = self.mf.new_reg(if kind == "popc" { RegClass::B32 } else { RegClass::Pred });
                let t = if kind == "popc" { "u32" } else { "pred" };
                let mi =
                    self.mi(format!("bar.red.{kind}.{t}"), &[Operand::Reg(r)], &[Operand::Imm(0), Operand::Reg(p)]);
                self.emit(mi);
                let out = if kind == "popc" {
                    r
                } else {
                    self.emit_def("selp.u32", RegClass::B32, &[Operand::Imm(1), Operand::Imm(0), Operand::Reg(r)])
                };
                self.set(inst, out);
            }
            "llvm.nvvm.bar.warp.sync" => {
                let a = op(self, 0)?;
                self.emit_effect("bar.warp.sync", &[], &[a]);
            }
            "llvm.nvvm.membar.cta" => self.emit_effect("membar.cta", &[], &[]),
            "llvm.nvvm.membar.gl" => self.emit_effect("membar.gl", &[], &[]),
            "llvm.nvvm.membar.sys" => self.emit_effect("membar.sys", &[], &[]),
            "llvm.nvvm.fence.sc.cluster" => self.emit_effect("fence.sc.cluster", &[], &[]),
            "llvm.nvvm.activemask" => {
                let r = self.active_mask()?;
                self.set(inst, r);
            }
            "llvm.trap" | "llvm.debugtrap" => self.emit_effect("trap", &[], &[]),
            "llvm.nvvm.branch.if.all.convergent" | "llvm.nvvm.branch.if.convergent" => {
                // Seed 004: sm_70+ / sm_80+, and the i1 result feeds exactly one conditional branch.
                let all = name.ends_with("all.convergent");
                let (min, arch) = if all { (70, "pre-Volta") } else { (80, "pre-Ampere") };
                if self.opts.target.sm() < min {
                    return Err(CodegenError::new(format!("{name} is not supported on {arch} Architectures")));
                }
                let uses = res.map(|r| self.f.dfg.uses(r).to_vec()).unwrap_or_default();
                let one_branch =
                    uses.len() == 1 && matches!(self.f.dfg.inst(uses[0].inst).kind, simtc_ir::InstKind::CondBr { .. });
                if !one_branch {
                    return Err(CodegenError::new(
                        "result of llvm.nvvm.branch.if.convergent and llvm.nvvm.branch.if.all.convergent can only be used by exactly one branch instruction",
                    ));
                }
                // Both test that every lane of the warp is active here (activemask == 0xffffffff): without a
                // convergence token the thread set of the `.convergent` form's scope is the whole warp.
                let m = self.active_mask()?;
                let p = self.emit_def("setp.eq.b32", RegClass::Pred, &[Operand::Reg(m), Operand::Imm(-1)]);
                self.set(inst, p);
            }
            "llvm.nvvm.exit" => self.emit_effect("exit", &[], &[]),
            _ if name.starts_with("llvm.nvvm.shfl.") => return self.lower_shfl(inst, name, &args),
            _ if name.starts_with("llvm.nvvm.wmma.") => return self.lower_wmma(inst, name, &args),
            _ if name.starts_with("llvm.nvvm.isspacep.") => {
                // `__isGlobal` & co.: whether a generic address lies in the space's window.
                let space = match name.trim_start_matches("llvm.nvvm.isspacep.") {
                    s @ ("global" | "shared" | "local" | "const") => s,
                    _ => return Err(CodegenError::unsupported(format!("intrinsic @{name}"))),
                };
                let (base, sp) = self.ptr(args[0])?;
                let g = self.convert_space(base, sp, super::spaces::Space::Generic)?;
                let p = self.emit_def(format!("isspacep.{space}"), RegClass::Pred, &[Operand::Reg(g)]);
                self.set(inst, p);
            }
            _ if name.starts_with("llvm.nvvm.ldg.global.") || name.starts_with("llvm.nvvm.ldu.global.") => {
                return self.lower_ldg(inst, &args, name.starts_with("llvm.nvvm.ldu."));
            }
            _ if name.starts_with("llvm.nvvm.vote.") => {
                let mode = name.trim_start_matches("llvm.nvvm.vote.").trim_end_matches(".sync");
                // The legacy forms (`vote.all(i1)`, no mask) vote over the active threads; `vote` without `.sync`
                // is not valid PTX on sm_70+, so they become `vote.sync` with the active mask.
                let (mask, p) = if name.ends_with(".sync") {
                    (op(self, 0)?, self.reg(args[1])?)
                } else {
                    (Operand::Reg(self.active_mask()?), self.reg(args[0])?)
                };
                let (c, t) = if mode == "ballot" { (RegClass::B32, "b32") } else { (RegClass::Pred, "pred") };
                let r = self.mf.new_reg(c);
                let mi = self.mi(format!("vote.sync.{mode}.{t}"), &[Operand::Reg(r)], &[Operand::Reg(p), mask]);
                self.emit(mi);
                self.set(inst, r);
            }
            _ if name.starts_with("llvm.nvvm.match.") => {
                // match.any.sync.i32(mask, v) / match.all.sync.i32p(mask, v) -> {i32, i1}
                let mode = if name.contains(".any.") { "any" } else { "all" };
                let wide = name.contains("i64");
                let mask = op(self, 0)?;
                let v = op(self, 1)?;
                let r = self.mf.new_reg(RegClass::B32);
                let t = if wide { "b64" } else { "b32" };
                if mode == "all" {
                    let p = self.mf.new_reg(RegClass::Pred);
                    let mi = self.mi(format!("match.all.sync.{t}"), &[Operand::Reg(r), Operand::Reg(p)], &[v, mask]);
                    self.emit(mi);
                    if let Some(res) = res {
                        self.define(res, smallvec![r, p]);
                    }
                } else {
                    let mi = self.mi(format!("match.any.sync.{t}"), &[Operand::Reg(r)], &[v, mask]);
                    self.emit(mi);
                    self.set(inst, r);
                }
            }
            _ if name.starts_with("llvm.nvvm.redux.sync.") => {
                if self.opts.target.sm() < 80 {
                    return Err(CodegenError::unsupported(format!("@{name} before sm_80 (redux.sync needs sm_80)")));
                }
                let kind = name.trim_start_matches("llvm.nvvm.redux.sync.");
                let t = match kind {
                    "umin" | "umax" => "u32",
                    "min" | "max" | "add" => "s32",
                    _ => "b32",
                };
                let k = kind.trim_start_matches('u');
                let v = op(self, 0)?;
                let mask = op(self, 1)?;
                let r = self.mf.new_reg(RegClass::B32);
                let mi = self.mi(format!("redux.sync.{k}.{t}"), &[Operand::Reg(r)], &[v, mask]);
                self.emit(mi);
                self.set(inst, r);
            }
            _ if name.starts_with("llvm.experimental.convergence.") => {
                let kind = name.trim_start_matches("llvm.experimental.");
                let r = self.mf.new_reg(RegClass::B32);
                let mi = self.mi(kind, &[Operand::Reg(r)], &[]);
                self.emit(mi);
                self.set(inst, r);
            }
            _ if name.starts_with("llvm.lifetime.")
                || name.starts_with("llvm.dbg.")
                || name.starts_with("llvm.invariant.")
                || name == "llvm.assume"
                || name == "llvm.sideeffect"
                || name == "llvm.donothing"
                || name.starts_with("llvm.experimental.noalias.scope.decl")
                || name.starts_with("llvm.var.annotation")
                || name.starts_with("llvm.codeview") =>
            {
                if let Some(r) = res {
                    // llvm.invariant.start returns a token-like pointer; nothing reads it in codegen.
                    if self.m.types.is_ptr(self.ty(r)) {
                        let z = self.materialize(Operand::Imm(0), RegClass::B64);
                        self.define(r, smallvec![z]);
                    }
                }
            }
            _ if name.starts_with("llvm.nvvm.atomic.load.inc.32")
                || name.starts_with("llvm.nvvm.atomic.load.dec.32") =>
            {
                // CUDA's atomicInc/atomicDec: relaxed device-scope `atom.inc/dec.u32` (wrapping at the operand).
                let kind = if name.contains(".inc.") { "inc" } else { "dec" };
                let (base, sp) = self.ptr(args[0])?;
                let v = self.op(args[1])?;
                let r = self.mf.new_reg(RegClass::B32);
                let addr = Operand::Addr(Box::new(Operand::Reg(base)), 0);
                let mi = self.mi(format!("atom{}.{kind}.u32", sp.suffix()), &[Operand::Reg(r)], &[addr, v]);
                self.emit(mi);
                self.set(inst, r);
            }
            _ if name.starts_with("llvm.nvvm.atomic.") && (name.contains(".gen.i.") || name.contains(".gen.f.")) => {
                return self.lower_scoped_atomic(inst, name, &args);
            }
            _ if name.starts_with("llvm.is.fpclass.") => return self.lower_is_fpclass(inst, &args),
            _ if name.contains(".with.overflow.") => return self.lower_with_overflow(inst, name, &args),
            _ if name.starts_with("llvm.memcpy.")
                || name.starts_with("llvm.memmove.")
                || name.starts_with("llvm.memset.") =>
            {
                return self.lower_mem_intrinsic(inst, name, &args);
            }
            _ => return self.lower_math_intrinsic(b, inst, name, &args, rty),
        }
        Ok(())
    }

    /// The scoped atomics clang emits for CUDA's `atomic*_block` and `atomic*_system`:
    /// `llvm.nvvm.atomic.<op>.gen.<i|f>.<cta|sys>.<type>.p0(ptr, val)` (`cas`: `(ptr, cmp, new)`), relaxed
    /// operations at that scope: `atom.<scope>.<op>.<type>` (no `.sem`: relaxed). As in LLVM 19, `max`/`min` are
    /// signed (clang emits the same intrinsic for the unsigned builtins).
    fn lower_scoped_atomic(&mut self, inst: Inst, name: &str, args: &[Value]) -> Result<()> {
        let parts: Vec<&str> = name.trim_start_matches("llvm.nvvm.atomic.").split('.').collect();
        let bad = || CodegenError::unsupported(format!("intrinsic @{name}"));
        let [op, "gen", kind, scope @ ("cta" | "sys"), ty, ..] = parts[..] else { return Err(bad()) };
        let bits = match ty {
            "i32" | "f32" => 32,
            "i64" | "f64" => 64,
            _ => return Err(bad()),
        };
        let t = match (op, kind) {
            ("add", "f") => format!("f{bits}"),
            ("add", "i") => format!("u{bits}"),
            ("exch" | "and" | "or" | "xor" | "cas", "i") => format!("b{bits}"),
            ("max" | "min", "i") => format!("s{bits}"),
            ("inc" | "dec", "i") if bits == 32 => "u32".to_string(),
            _ => return Err(bad()),
        };
        if args.len() != if op == "cas" { 3 } else { 2 } {
            return Err(bad());
        }
        let c = class_of(self.m, self.ty(args[1]))?;
        let (base, sp) = self.ptr(args[0])?;
        let mut srcs = vec![Operand::Addr(Box::new(Operand::Reg(base)), 0)];
        for &a in &args[1..] {
            srcs.push(self.op(a)?);
        }
        let r = self.mf.new_reg(c);
        let mi = self.mi(format!("atom.{scope}{}.{op}.{t}", sp.suffix()), &[Operand::Reg(r)], &srcs);
        self.emit(mi);
        self.set(inst, r);
        Ok(())
    }

    /// `llvm.{u,s}{add,sub}.sat.iN` for N in 8, 16, 32, 64: `add.sat.s32`/`sub.sat.s32` where PTX has them;
    /// narrow types are computed exactly in 32 bits and clamped; the other 32/64-bit forms detect the overflow and
    /// select the bound.
    fn saturating(&mut self, stem: &str, a: Operand, b: Operand, w: u32, c: RegClass, name: &str) -> Result<Reg> {
        let signed = stem.starts_with('s');
        let add = &stem[1..] == "add";
        let op = if add { "add" } else { "sub" };
        if !matches!(w, 8 | 16 | 32 | 64) {
            return Err(CodegenError::unsupported(format!("intrinsic @{name} (widths 8, 16, 32, 64 only)")));
        }
        let a = self.normalized(a, w, c, signed);
        let b = self.normalized(b, w, c, signed);
        if w <= 16 {
            // Exact in 32 bits, then clamped to the narrow range.
            let cvt_in = if signed { "cvt.s32.s16" } else { "cvt.u32.u16" };
            let a = self.materialize(a, c);
            let b = self.materialize(b, c);
            let a32 = self.emit_def(cvt_in, RegClass::B32, &[Operand::Reg(a)]);
            let b32 = self.emit_def(cvt_in, RegClass::B32, &[Operand::Reg(b)]);
            let r = self.emit_def(format!("{op}.s32"), RegClass::B32, &[Operand::Reg(a32), Operand::Reg(b32)]);
            let (lo, hi) = if signed { (-(1i64 << (w - 1)), (1i64 << (w - 1)) - 1) } else { (0, (1i64 << w) - 1) };
            let r = self.emit_def("min.s32", RegClass::B32, &[Operand::Reg(r), Operand::Imm(hi)]);
            let r = self.emit_def("max.s32", RegClass::B32, &[Operand::Reg(r), Operand::Imm(lo)]);
            return Ok(self.emit_def("cvt.u16.u32", c, &[Operand::Reg(r)]));
        }
        let a = Operand::Reg(self.materialize(a, c));
        if signed && w == 32 {
            return Ok(self.emit_def(format!("{op}.sat.s32"), c, &[a, b]));
        }
        if !signed {
            return Ok(if add {
                let s = self.emit_def(format!("add.s{w}"), c, &[a.clone(), b]);
                let p = self.emit_def(format!("setp.lt.u{w}"), RegClass::Pred, &[Operand::Reg(s), a]);
                self.emit_def(format!("selp.b{w}"), c, &[Operand::Imm(-1), Operand::Reg(s), Operand::Reg(p)])
            } else {
                let t = self.emit_def(format!("max.u{w}"), c, &[a, b.clone()]);
                self.emit_def(format!("sub.s{w}"), c, &[Operand::Reg(t), b])
            });
        }
        // Signed 64-bit: overflow when the result's sign differs from what the operands allow.
        let s = self.emit_def(format!("{op}.s64"), c, &[a.clone(), b.clone()]);
        let x1 = self.emit_def("xor.b64", c, &[a.clone(), Operand::Reg(s)]);
        let x2 = if add {
            self.emit_def("xor.b64", c, &[b, Operand::Reg(s)])
        } else {
            self.emit_def("xor.b64", c, &[a.clone(), b])
        };
        let both = self.emit_def("and.b64", c, &[Operand::Reg(x1), Operand::Reg(x2)]);
        let ovf = self.emit_def("setp.lt.s64", RegClass::Pred, &[Operand::Reg(both), Operand::Imm(0)]);
        let sign = self.emit_def("shr.s64", c, &[a, Operand::Imm(63)]);
        let bound = self.emit_def("xor.b64", c, &[Operand::Reg(sign), Operand::Imm(i64::MAX)]);
        Ok(self.emit_def("selp.b64", c, &[Operand::Reg(bound), Operand::Reg(s), Operand::Reg(ovf)]))
    }

    /// `llvm.{s,u}{add,sub,mul}.with.overflow.i32/i64` → `{result, overflow}`: unsigned add/sub compare the result
    /// with an operand, signed add/sub test the sign of `(a ^ r) & (b ^ r)` / `(a ^ b) & (a ^ r)`, and
    /// multiplication checks the high half (`mul.hi`) against zero or the low half's sign.
    fn lower_with_overflow(&mut self, inst: Inst, name: &str, args: &[Value]) -> Result<()> {
        let ty = self.ty(args[0]);
        let c = class_of(self.m, ty)?;
        if !matches!(c, RegClass::B32 | RegClass::B64) || self.int_width(ty) != Some(c.bits()) {
            return Err(CodegenError::unsupported(format!("intrinsic @{name} (only i32 and i64)")));
        }
        let w = c.bits();
        let op = name.trim_start_matches("llvm.").split('.').next().unwrap_or("");
        let a = self.op(args[0])?;
        let a = Operand::Reg(self.materialize(a, c));
        let b = self.op(args[1])?;
        let p = |s: &mut Self, op: String, x: Operand, y: Operand| s.emit_def(op, RegClass::Pred, &[x, y]);
        let (r, ovf) = match op {
            "uadd" | "usub" | "sadd" | "ssub" => {
                let base = if op.ends_with("add") { "add" } else { "sub" };
                let r = self.emit_def(format!("{base}.s{w}"), c, &[a.clone(), b.clone()]);
                let ovf = match op {
                    "uadd" => p(self, format!("setp.lt.u{w}"), Operand::Reg(r), a),
                    "usub" => p(self, format!("setp.lt.u{w}"), a, b),
                    _ => {
                        let (x, y) = if op == "sadd" {
                            (
                                self.emit_def(format!("xor.b{w}"), c, &[a.clone(), Operand::Reg(r)]),
                                self.emit_def(format!("xor.b{w}"), c, &[b, Operand::Reg(r)]),
                            )
                        } else {
                            (
                                self.emit_def(format!("xor.b{w}"), c, &[a.clone(), b]),
                                self.emit_def(format!("xor.b{w}"), c, &[a, Operand::Reg(r)]),
                            )
                        };
                        let t = self.emit_def(format!("and.b{w}"), c, &[Operand::Reg(x), Operand::Reg(y)]);
                        p(self, format!("setp.lt.s{w}"), Operand::Reg(t), Operand::Imm(0))
                    }
                };
                (r, ovf)
            }
            "umul" | "smul" => {
                let s = if op == "smul" { 's' } else { 'u' };
                let lo = self.emit_def(format!("mul.lo.s{w}"), c, &[a.clone(), b.clone()]);
                let hi = self.emit_def(format!("mul.hi.{s}{w}"), c, &[a, b]);
                let ovf = if op == "umul" {
                    p(self, format!("setp.ne.s{w}"), Operand::Reg(hi), Operand::Imm(0))
                } else {
                    let sign = self.emit_def(format!("shr.s{w}"), c, &[Operand::Reg(lo), Operand::Imm(w as i64 - 1)]);
                    p(self, format!("setp.ne.s{w}"), Operand::Reg(hi), Operand::Reg(sign))
                };
                (lo, ovf)
            }
            _ => return Err(CodegenError::unsupported(format!("intrinsic @{name}"))),
        };
        if let Some(res) = self.f.dfg.result(inst) {
            self.define(res, smallvec![r, ovf]);
        }
        Ok(())
    }

    /// `llvm.is.fpclass(x, mask)` (clang's `isnormal`, `fpclassify`, ...) on the raw bits: with `a = |bits|`,
    /// NaN is `a > inf`, quiet NaNs have the top mantissa bit, infinity is `a == inf`, zero `a == 0`, subnormals
    /// `0 < a < min_normal` and normals `min_normal <= a < inf`; a class asked for with one sign only also tests
    /// the sign bit. The mask bits are LLVM's FPClassTest (sNaN, qNaN, -inf, -normal, -subnormal, -0, +0,
    /// +subnormal, +normal, +inf).
    fn lower_is_fpclass(&mut self, inst: Inst, args: &[Value]) -> Result<()> {
        let ty = self.ty(args[0]);
        let (w, mant) = match self.fkind(ty) {
            Some(FKind::F16) => (16u32, 10u32),
            Some(FKind::BF16) => (16, 7),
            Some(FKind::F32) => (32, 23),
            Some(FKind::F64) => (64, 52),
            None => return Err(CodegenError::unsupported("llvm.is.fpclass of a vector or non-float")),
        };
        if self.m.types.is_vector(ty) {
            return Err(CodegenError::unsupported("llvm.is.fpclass of a vector"));
        }
        let mask = match self.op(args[1])? {
            Operand::Imm(k) => k as u32 & 0x3ff,
            _ => return Err(CodegenError::new("llvm.is.fpclass with a non-constant class mask")),
        };
        let pred = |s: &mut Self, op: &str, a: Operand, b: Operand| s.emit_def(op, RegClass::Pred, &[a, b]);
        if mask == 0 || mask == 0x3ff {
            let op = if mask == 0 { "setp.ne.s32" } else { "setp.eq.s32" };
            let r = pred(self, op, Operand::Imm(0), Operand::Imm(0));
            self.set(inst, r);
            return Ok(());
        }
        let ic = match w {
            16 => RegClass::B16,
            32 => RegClass::B32,
            _ => RegClass::B64,
        };
        let vc = class_of(self.m, ty)?;
        let x = self.op(args[0])?;
        let x = self.materialize(x, vc);
        let bits = if vc == ic { x } else { self.emit_def(format!("mov.b{w}"), ic, &[Operand::Reg(x)]) };
        let abs_mask = if w == 64 { i64::MAX } else { (1i64 << (w - 1)) - 1 };
        let inf = abs_mask & !((1i64 << mant) - 1);
        let a = Operand::Reg(self.emit_def(format!("and.b{w}"), ic, &[Operand::Reg(bits), Operand::Imm(abs_mask)]));
        let mut terms: Vec<Reg> = Vec::new();
        if mask & 3 != 0 {
            let nan = pred(self, &format!("setp.gt.u{w}"), a.clone(), Operand::Imm(inf));
            terms.push(if mask & 3 == 3 {
                nan
            } else {
                let q = self.emit_def(format!("and.b{w}"), ic, &[a.clone(), Operand::Imm(1i64 << (mant - 1))]);
                let cmp = if mask & 2 != 0 { "setp.ne.s" } else { "setp.eq.s" };
                let qp = pred(self, &format!("{cmp}{w}"), Operand::Reg(q), Operand::Imm(0));
                self.emit_def("and.pred", RegClass::Pred, &[Operand::Reg(nan), Operand::Reg(qp)])
            });
        }
        // (negative bit, positive bit, class) for infinity, normal, subnormal, zero.
        let mut neg: Option<Reg> = None;
        for (nb, pb, k) in [(2u32, 9u32, 0u8), (3, 8, 1), (4, 7, 2), (5, 6, 3)] {
            let (wn, wp) = (mask >> nb & 1 == 1, mask >> pb & 1 == 1);
            if !wn && !wp {
                continue;
            }
            let t = match k {
                0 => pred(self, &format!("setp.eq.s{w}"), a.clone(), Operand::Imm(inf)),
                1 => {
                    // min_normal <= a < inf  <=>  a - min_normal < inf - min_normal (unsigned).
                    let d = self.emit_def(format!("sub.s{w}"), ic, &[a.clone(), Operand::Imm(1i64 << mant)]);
                    pred(self, &format!("setp.lt.u{w}"), Operand::Reg(d), Operand::Imm(inf - (1i64 << mant)))
                }
                2 => {
                    // 0 < a < min_normal  <=>  a - 1 < min_normal - 1 (unsigned).
                    let d = self.emit_def(format!("sub.s{w}"), ic, &[a.clone(), Operand::Imm(1)]);
                    pred(self, &format!("setp.lt.u{w}"), Operand::Reg(d), Operand::Imm((1i64 << mant) - 1))
                }
                _ => pred(self, &format!("setp.eq.s{w}"), a.clone(), Operand::Imm(0)),
            };
            terms.push(if wn && wp {
                t
            } else {
                let n = match neg {
                    Some(n) => n,
                    None => {
                        let n = pred(self, &format!("setp.lt.s{w}"), Operand::Reg(bits), Operand::Imm(0));
                        neg = Some(n);
                        n
                    }
                };
                let sign = if wn { n } else { self.emit_def("not.pred", RegClass::Pred, &[Operand::Reg(n)]) };
                self.emit_def("and.pred", RegClass::Pred, &[Operand::Reg(t), Operand::Reg(sign)])
            });
        }
        let mut r = terms[0];
        for t in &terms[1..] {
            r = self.emit_def("or.pred", RegClass::Pred, &[Operand::Reg(r), Operand::Reg(*t)]);
        }
        self.set(inst, r);
        Ok(())
    }

    /// The mask of active lanes: `activemask.b32` (PTX 6.2+), or before PTX 6.2 (sm_70's default 6.0) the
    /// ballot of a true predicate, which ptxas still accepts in its non-`.sync` form there.
    fn active_mask(&mut self) -> Result<Reg> {
        let r = self.mf.new_reg(RegClass::B32);
        let mi = if self.opts.ptx_version()? >= (6, 2) {
            self.mi("activemask.b32", &[Operand::Reg(r)], &[])
        } else {
            let t = self.emit_def("setp.eq.s32", RegClass::Pred, &[Operand::Imm(0), Operand::Imm(0)]);
            self.mi("vote.ballot.b32", &[Operand::Reg(r)], &[Operand::Reg(t)])
        };
        self.emit(mi);
        Ok(r)
    }

    fn lower_shfl(&mut self, inst: Inst, name: &str, args: &[Value]) -> Result<()> {
        // llvm.nvvm.shfl.sync.{idx,up,down,bfly}.{i32,f32}[p](mask, a, b, c), or the legacy form without `.sync`
        // and mask (`__shfl` & co.), which shuffles among the active threads: `shfl` without `.sync` is not valid
        // on sm_70 and later, so it becomes `shfl.sync` with the active mask.
        let sync = name.starts_with("llvm.nvvm.shfl.sync.");
        let rest = name.trim_start_matches("llvm.nvvm.shfl.sync.").trim_start_matches("llvm.nvvm.shfl.");
        let mut parts = rest.split('.');
        let mode = parts.next().unwrap_or("idx");
        let ty = parts.next().unwrap_or("i32");
        if !matches!(mode, "idx" | "up" | "down" | "bfly") || args.len() != 3 + usize::from(sync) {
            return Err(CodegenError::unsupported(format!("intrinsic @{name}")));
        }
        let with_pred = ty.ends_with('p');
        let (mask, args) =
            if sync { (self.op(args[0])?, &args[1..]) } else { (Operand::Reg(self.active_mask()?), args) };
        let a = self.op(args[0])?;
        let bb = self.op(args[1])?;
        let cc = self.op(args[2])?;
        let c = if ty.starts_with('f') { RegClass::F32 } else { RegClass::B32 };
        let d = self.mf.new_reg(c);
        let mut dsts: SmallVec<[Operand; 1]> = smallvec![Operand::Reg(d)];
        let p = if with_pred { Some(self.mf.new_reg(RegClass::Pred)) } else { None };
        if let Some(p) = p {
            dsts.push(Operand::Reg(p));
        }
        let mut mi = self.mi(format!("shfl.sync.{mode}.b32"), &[], &[a, bb, cc, mask]);
        mi.dsts = dsts;
        self.emit(mi);
        if let Some(res) = self.f.dfg.result(inst) {
            let regs: SmallVec<[Reg; 1]> = match p {
                Some(p) => smallvec![d, p],
                None => smallvec![d],
            };
            self.define(res, regs);
        }
        Ok(())
    }

    fn lower_mem_intrinsic(&mut self, inst: Inst, name: &str, args: &[Value]) -> Result<()> {
        // The `lower-mem-intrinsics` IR pass (required in every pipeline) turns run-time lengths and constant
        // lengths above `max-aggr-copy-size` (at most 4096) into loops; only small constant lengths get here.
        let len = match self.op(args[2])? {
            Operand::Imm(n) => n as u64,
            _ => {
                return Err(CodegenError::unsupported(format!(
                    "@{name} with a run-time length reached instruction selection (the lower-mem-intrinsics pass \
                     expands it into a loop)"
                )))
            }
        };
        if len > 4096 {
            return Err(CodegenError::unsupported(format!(
                "@{name} of {len} bytes reached instruction selection (the lower-mem-intrinsics pass expands \
                 lengths above max-aggr-copy-size into a loop; isel unrolls at most 4096)"
            )));
        }
        let (dst, dsp) = self.ptr(args[0])?;
        // Alignment from the call-site `align` parameter attributes (clang always writes them).
        let align = |s: &Self, k: usize| match &s.f.dfg.inst(inst).kind {
            simtc_ir::InstKind::Call(cd) => cd.attrs.params.get(k).and_then(|a| a.align()).unwrap_or(1),
            _ => 1,
        };
        let da = align(self, 0);
        if name.starts_with("llvm.memset.") {
            let byte = self.op(args[1])?;
            // A constant byte goes out in units of up to 8 bytes (llc's i64 stores): a 64-bit zero is ptxas' `RZ`
            // pair and any other constant one register pair for all the stores. A run-time byte is splatted into
            // 32 bits only: a 64-bit splat would cost more instructions than the stores it saves. A thread's local
            // frame keeps word units, the slots `local-forward` and ptxas' promotion of local arrays work on.
            let wide = matches!(byte, Operand::Imm(_)) && dsp != super::spaces::Space::Local;
            let widest: u64 = if wide { 8 } else { 4 };
            // Each store is the widest unit (at most `widest`) the alignment at its offset and the bytes left allow
            // (20 bytes at align 8: 8, 8, 4, as llc's legalizer splits them), its value the byte splatted to the
            // unit. The value of each unit size (by log2 of the size) is built once; a run-time byte's 32-bit splat
            // is shared by the 4- and 2-byte units.
            let mut vals: [Option<Operand>; 4] = [None, None, None, None];
            let mut splat32: Option<Reg> = None;
            for (k, chunk) in super::mem::access_pieces(len, da.min(widest)) {
                let (_, c, t) = super::mem::copy_unit(chunk, chunk, chunk);
                let slot = chunk.trailing_zeros() as usize;
                let val = match vals[slot].clone() {
                    Some(v) => v,
                    None => {
                        let v = self.memset_unit(&byte, chunk, c, &mut splat32);
                        vals[slot] = Some(v.clone());
                        v
                    }
                };
                self.emit_effect(
                    format!("st{}.{t}", dsp.suffix()),
                    &[],
                    &[Operand::Addr(Box::new(Operand::Reg(dst)), k as i64), val],
                );
            }
            return Ok(());
        }
        let (src, ssp) = self.ptr(args[1])?;
        let sa = align(self, 1);
        // memmove: load everything first, as the ranges may overlap (sizes are small).
        self.copy_bytes(
            (Operand::Reg(dst), 0, dsp.suffix()),
            (Operand::Reg(src), 0, ssp.suffix()),
            len,
            da.min(sa),
            name.starts_with("llvm.memmove."),
        );
        Ok(())
    }

    /// The value a `memset` of byte `byte` stores in a unit of `chunk` bytes (register class `c`): a constant byte
    /// splatted to the unit (in a register for 16-bit classes), a run-time byte itself for one byte, else the
    /// byte splatted into 32 bits (once, kept in `splat32`) or its low half.
    fn memset_unit(&mut self, byte: &Operand, chunk: u64, c: RegClass, splat32: &mut Option<Reg>) -> Operand {
        match byte {
            Operand::Imm(v) => {
                let b = (v & 0xff) as u64;
                let imm = Operand::Imm(match chunk {
                    8 => (b * 0x0101_0101_0101_0101) as i64,
                    4 => (b * 0x0101_0101) as i64,
                    2 => (b * 0x0101) as i64,
                    _ => b as i64,
                });
                if c == RegClass::B16 {
                    Operand::Reg(self.materialize(imm, c))
                } else {
                    imm
                }
            }
            // Byte stores store the byte itself (a splat would only be truncated back to it).
            Operand::Reg(r) if chunk == 1 => Operand::Reg(*r),
            Operand::Reg(r) => {
                let s = match *splat32 {
                    Some(s) => s,
                    None => {
                        let w = self.emit_def("cvt.u32.u16", RegClass::B32, &[Operand::Reg(*r)]);
                        let w = self.emit_def("and.b32", RegClass::B32, &[Operand::Reg(w), Operand::Imm(0xff)]);
                        let s =
                            self.emit_def("mul.lo.s32", RegClass::B32, &[Operand::Reg(w), Operand::Imm(0x0101_0101)]);
                        *splat32 = Some(s);
                        s
                    }
                };
                match c {
                    RegClass::B32 => Operand::Reg(s),
                    _ => Operand::Reg(self.emit_def("cvt.u16.u32", RegClass::B16, &[Operand::Reg(s)])),
                }
            }
            o => o.clone(),
        }
    }

    fn lower_math_intrinsic(
        &mut self,
        _b: Block,
        inst: Inst,
        name: &str,
        args: &[Value],
        rty: Option<simtc_ir::Type>,
    ) -> Result<()> {
        let unsupported = || CodegenError::unsupported(format!("intrinsic @{name}"));
        let rty = rty.ok_or_else(unsupported)?;
        let m = self.m;
        if m.types.is_vector(rty) {
            return Err(CodegenError::unsupported(format!("vector intrinsic @{name}")));
        }
        let c = class_of(m, rty)?;
        let bits = c.bits();
        let fk = self.fkind(rty);
        let fs = fk.map(|k| k.suffix()).unwrap_or("f32");
        let mut ops = Vec::new();
        for &a in args {
            let o = self.op(a)?;
            let o = match fk {
                Some(k @ (FKind::F16 | FKind::BF16)) => self.float_operand(o, k, c),
                _ => o,
            };
            ops.push(o);
        }
        let base = name.trim_start_matches("llvm.");
        let stem = base.split('.').next().unwrap_or("");
        let first_reg = |s: &mut Self, o: Operand, c: RegClass| Operand::Reg(s.materialize(o, c));
        let r = match stem {
            "uadd" | "usub" | "sadd" | "ssub" if base.contains(".sat.") => {
                let w = self.int_width(rty).unwrap_or(32);
                self.saturating(stem, ops[0].clone(), ops[1].clone(), w, c, name)?
            }
            "smax" | "smin" | "umax" | "umin" => {
                let w = self.int_width(rty).unwrap_or(32);
                let signed = stem.starts_with('s');
                let a = self.normalized(ops[0].clone(), w, c, signed);
                let b2 = self.normalized(ops[1].clone(), w, c, signed);
                let a = first_reg(self, a, c);
                self.emit_def(format!("{}.{}{bits}", &stem[1..], if signed { 's' } else { 'u' }), c, &[a, b2])
            }
            "abs" => {
                let w = self.int_width(rty).unwrap_or(32);
                let a = self.normalized(ops[0].clone(), w, c, true);
                self.emit_def(format!("abs.s{bits}"), c, &[a])
            }
            "fabs" => self.emit_def(format!("abs.{fs}"), c, &[ops[0].clone()]),
            // llvm.convert.from.fp16.f32(i16) / llvm.convert.to.fp16.f32(float): half bits in an i16.
            "convert" if base.starts_with("convert.from.fp16") => {
                let h = Operand::Reg(self.materialize(ops[0].clone(), RegClass::B16));
                let t = if c == RegClass::F64 { "f64" } else { "f32" };
                self.emit_def(format!("cvt.{t}.f16"), c, &[h])
            }
            "convert" if base.starts_with("convert.to.fp16") => {
                let src_c = class_of(self.m, self.ty(args[0]))?;
                let f = Operand::Reg(self.materialize(ops[0].clone(), src_c));
                let t = if src_c == RegClass::F64 { "f64" } else { "f32" };
                self.emit_def(format!("cvt.rn.f16.{t}"), RegClass::B16, &[f])
            }
            "fma" | "fmuladd" => {
                let a = first_reg(self, ops[0].clone(), c);
                self.emit_def(format!("fma.rn.{fs}"), c, &[a, ops[1].clone(), ops[2].clone()])
            }
            "sqrt" => self.emit_def(format!("sqrt.rn.{fs}"), c, &[ops[0].clone()]),
            "minnum" | "maxnum" => match fk {
                // `min.f16`/`min.bf16` need sm_80: before, in f32 and rounded back (exact: the result is one of
                // the operands), as LLVM promotes them.
                Some(k @ (FKind::F16 | FKind::BF16)) if self.opts.target.sm() < 80 => {
                    let fa = self.half_to_f32(ops[0].clone(), k);
                    let fb = self.half_to_f32(ops[1].clone(), k);
                    let r = self.emit_def(
                        format!("{}.f32", &stem[..3]),
                        RegClass::F32,
                        &[Operand::Reg(fa), Operand::Reg(fb)],
                    );
                    self.f32_to_half(r, k)?
                }
                _ => {
                    let a = first_reg(self, ops[0].clone(), c);
                    self.emit_def(format!("{}.{fs}", &stem[..3]), c, &[a, ops[1].clone()])
                }
            },
            "minimum" | "maximum" => {
                let k = fk.ok_or_else(unsupported)?;
                if self.opts.target.sm() >= 80 && k != FKind::F64 {
                    let a = first_reg(self, ops[0].clone(), c);
                    self.emit_def(format!("{}.NaN.{fs}", &stem[..3]), c, &[a, ops[1].clone()])
                } else if k == FKind::BF16 {
                    return Err(CodegenError::unsupported(format!("@{name} before sm_80")));
                } else {
                    let flags = self.f.dfg.inst(inst).flags;
                    let (a, b2) = (first_reg(self, ops[0].clone(), c), first_reg(self, ops[1].clone(), c));
                    self.nan_min_max(stem == "maximum", k, c, a, b2, flags)
                }
            }
            "ldexp" if matches!(fk, Some(FKind::F32 | FKind::F64)) => {
                // A constant exponent whose power of two is a normal number: x * 2^k rounds exactly like ldexp.
                let k = match ops[1] {
                    Operand::Imm(k) if (bits == 32 && k.abs() <= 126) || (bits == 64 && k.abs() <= 1022) => k,
                    _ => return Err(CodegenError::unsupported(format!("@{name} with a variable or huge exponent"))),
                };
                let scale = if bits == 64 {
                    Operand::F64(2f64.powi(k as i32).to_bits())
                } else {
                    Operand::F32(2f32.powi(k as i32).to_bits())
                };
                let a = first_reg(self, ops[0].clone(), c);
                self.emit_def(format!("mul.rn.{fs}"), c, &[a, scale])
            }
            "copysign" => {
                // copysign.f32 d, sign, magnitude
                let a = first_reg(self, ops[1].clone(), c);
                self.emit_def(format!("copysign.{fs}"), c, &[a, ops[0].clone()])
            }
            "floor" | "ceil" | "trunc" | "rint" | "nearbyint" | "roundeven" => {
                let rm = match stem {
                    "floor" => "rmi",
                    "ceil" => "rpi",
                    "trunc" => "rzi",
                    _ => "rni",
                };
                self.emit_def(format!("cvt.{rm}.{fs}.{fs}"), c, &[ops[0].clone()])
            }
            "round" if matches!(fk, Some(FKind::F32 | FKind::F64)) => {
                // Round half away from zero, LLVM's expansion: copysign(trunc(|x| + 0.5), x), except that |x| < 0.5
                // gives trunc(x) (|x| + 0.5 may round up to 1.0 there) and |x| >= 2^mantissa is already integral.
                let (half, big) = if bits == 64 {
                    (Operand::F64(0.5f64.to_bits()), Operand::F64(4503599627370496f64.to_bits()))
                } else {
                    (Operand::F32(0.5f32.to_bits()), Operand::F32(8388608f32.to_bits()))
                };
                let x = first_reg(self, ops[0].clone(), c);
                let ax = self.emit_def(format!("abs.{fs}"), c, std::slice::from_ref(&x));
                let s = self.emit_def(format!("add.rn.{fs}"), c, &[Operand::Reg(ax), half.clone()]);
                let t = self.emit_def(format!("cvt.rzi.{fs}.{fs}"), c, &[Operand::Reg(s)]);
                let r = self.emit_def(format!("copysign.{fs}"), c, &[x.clone(), Operand::Reg(t)]);
                let is_big = self.emit_def(format!("setp.gt.{fs}"), RegClass::Pred, &[Operand::Reg(ax), big]);
                let r = self.emit_def(format!("selp.{fs}"), c, &[x.clone(), Operand::Reg(r), Operand::Reg(is_big)]);
                let small = self.emit_def(format!("setp.lt.{fs}"), RegClass::Pred, &[Operand::Reg(ax), half]);
                let tx = self.emit_def(format!("cvt.rzi.{fs}.{fs}"), c, &[x]);
                self.emit_def(format!("selp.{fs}"), c, &[Operand::Reg(tx), Operand::Reg(r), Operand::Reg(small)])
            }
            "exp2" if fk == Some(FKind::F32) => self.emit_def("ex2.approx.f32", c, &[ops[0].clone()]),
            "log2" if fk == Some(FKind::F32) => self.emit_def("lg2.approx.f32", c, &[ops[0].clone()]),
            "sin" if fk == Some(FKind::F32) => self.emit_def("sin.approx.f32", c, &[ops[0].clone()]),
            "cos" if fk == Some(FKind::F32) => self.emit_def("cos.approx.f32", c, &[ops[0].clone()]),
            "ctpop" | "ctlz" | "cttz" | "bitreverse" if c == RegClass::B32 || c == RegClass::B64 => {
                let a = first_reg(self, ops[0].clone(), c);
                let cnt = match stem {
                    "ctpop" => self.emit_def(format!("popc.b{bits}"), RegClass::B32, &[a]),
                    "ctlz" => self.emit_def(format!("clz.b{bits}"), RegClass::B32, &[a]),
                    "cttz" => {
                        let rv = self.emit_def(format!("brev.b{bits}"), c, &[a]);
                        self.emit_def(format!("clz.b{bits}"), RegClass::B32, &[Operand::Reg(rv)])
                    }
                    _ => {
                        let r = self.emit_def(format!("brev.b{bits}"), c, &[a]);
                        self.set(inst, r);
                        return Ok(());
                    }
                };
                if c == RegClass::B64 {
                    self.emit_def("cvt.u64.u32", RegClass::B64, &[Operand::Reg(cnt)])
                } else {
                    cnt
                }
            }
            "ctpop" | "ctlz" | "cttz" | "bitreverse" if c == RegClass::B16 => {
                // i8/i16: count in a zero-extended 32-bit copy; cttz marks bit w so that cttz(0) = w.
                let w = self.int_width(rty).unwrap_or(16);
                let a = self.normalized(ops[0].clone(), w, c, false);
                let x = self.emit_def("cvt.u32.u16", RegClass::B32, &[a]);
                let r = match stem {
                    "ctpop" => self.emit_def("popc.b32", RegClass::B32, &[Operand::Reg(x)]),
                    "ctlz" => {
                        let n = self.emit_def("clz.b32", RegClass::B32, &[Operand::Reg(x)]);
                        self.emit_def("sub.s32", RegClass::B32, &[Operand::Reg(n), Operand::Imm(32 - w as i64)])
                    }
                    "cttz" => {
                        let m = self.emit_def("or.b32", RegClass::B32, &[Operand::Reg(x), Operand::Imm(1i64 << w)]);
                        let rv = self.emit_def("brev.b32", RegClass::B32, &[Operand::Reg(m)]);
                        self.emit_def("clz.b32", RegClass::B32, &[Operand::Reg(rv)])
                    }
                    _ => {
                        let rv = self.emit_def("brev.b32", RegClass::B32, &[Operand::Reg(x)]);
                        self.emit_def("shr.u32", RegClass::B32, &[Operand::Reg(rv), Operand::Imm(32 - w as i64)])
                    }
                };
                self.emit_def("cvt.u16.u32", RegClass::B16, &[Operand::Reg(r)])
            }
            "bswap" if c == RegClass::B64 => {
                let a = first_reg(self, ops[0].clone(), c);
                let (lo, hi) = (self.mf.new_reg(RegClass::B32), self.mf.new_reg(RegClass::B32));
                let v = Operand::Vec(vec![Operand::Reg(lo), Operand::Reg(hi)].into());
                self.emit(self.mi("mov.b64", &[v], &[a]));
                let sel = [Operand::Imm(0), Operand::Imm(0x0123)];
                let nlo = self.emit_def("prmt.b32", RegClass::B32, &[Operand::Reg(hi), sel[0].clone(), sel[1].clone()]);
                let nhi = self.emit_def("prmt.b32", RegClass::B32, &[Operand::Reg(lo), sel[0].clone(), sel[1].clone()]);
                let d = self.mf.new_reg(c);
                let v = Operand::Vec(vec![Operand::Reg(nlo), Operand::Reg(nhi)].into());
                self.emit(self.mi("mov.b64", &[Operand::Reg(d)], &[v]));
                d
            }
            "fshl" | "fshr"
                if c == RegClass::B16 || (c == RegClass::B32 && self.int_width(rty).is_some_and(|w| w < 32)) =>
            {
                // A funnel shift narrower than its register (i8, i16, i24...): the operands' upper bits are
                // undefined, so normalize them, concatenate `a:b` (2w bits) in a 32-bit register (64-bit for w > 16),
                // shift by `s mod w`, and take the high (fshl) or low (fshr) w bits.
                let w = self.int_width(rty).unwrap_or(16);
                let (wc, wb) = if 2 * w <= 32 { (RegClass::B32, 32) } else { (RegClass::B64, 64) };
                let widen = |l: &mut Self, o: Operand| -> Operand {
                    let o = l.normalized(o, w, c, false);
                    match o {
                        // An immediate is not normalized when the type fills its register (i16 -1 is Imm(-1)).
                        Operand::Imm(v) => Operand::Imm(v & ((1i64 << w) - 1)),
                        o => Operand::Reg(l.emit_def(format!("cvt.u{wb}.u{}", c.bits()), wc, &[o])),
                    }
                };
                let (a, b) = (widen(self, ops[0].clone()), widen(self, ops[1].clone()));
                let hi = match a {
                    Operand::Imm(v) => Operand::Imm(v << w),
                    a => Operand::Reg(self.emit_def(format!("shl.b{wb}"), wc, &[a, Operand::Imm(w as i64)])),
                };
                let x = self.emit_def(format!("or.b{wb}"), wc, &[hi, b]);
                let s = match self.normalized(ops[2].clone(), w, c, false) {
                    Operand::Imm(k) => Operand::Imm((k & ((1i64 << w) - 1)) % w as i64),
                    o => {
                        let s32 = self.emit_def(format!("cvt.u32.u{}", c.bits()), RegClass::B32, &[o]);
                        Operand::Reg(if w.is_power_of_two() {
                            self.emit_def("and.b32", RegClass::B32, &[Operand::Reg(s32), Operand::Imm(w as i64 - 1)])
                        } else {
                            self.emit_def("rem.u32", RegClass::B32, &[Operand::Reg(s32), Operand::Imm(w as i64)])
                        })
                    }
                };
                let r = if stem == "fshl" {
                    let t = self.emit_def(format!("shl.b{wb}"), wc, &[Operand::Reg(x), s]);
                    self.emit_def(format!("shr.u{wb}"), wc, &[Operand::Reg(t), Operand::Imm(w as i64)])
                } else {
                    self.emit_def(format!("shr.u{wb}"), wc, &[Operand::Reg(x), s])
                };
                if wc == c {
                    r
                } else {
                    self.emit_def(format!("cvt.u{}.u{wb}", c.bits()), c, &[Operand::Reg(r)])
                }
            }
            "fshl" | "fshr" if c == RegClass::B64 && self.int_width(rty).is_some_and(|w| w < 64) => {
                // i33..i63 would need a 128-bit concatenation; rejected rather than computed on 64 bits.
                return Err(unsupported());
            }
            "fshl" | "fshr" if c == RegClass::B64 => {
                // No 64-bit funnel shift in PTX: (a << s) | (b >> (64 - s)) with s mod 64; PTX clamps a shift by 64
                // to a zero result, which makes s = 0 come out right (fshr mirrors it).
                let (s32, inv) = match ops[2] {
                    Operand::Imm(k) => (Operand::Imm(k & 63), Operand::Imm(64 - (k & 63))),
                    _ => {
                        let s = self.emit_def("and.b64", c, &[ops[2].clone(), Operand::Imm(63)]);
                        let s32 = self.emit_def("cvt.u32.u64", RegClass::B32, &[Operand::Reg(s)]);
                        let inv = self.emit_def("sub.s32", RegClass::B32, &[Operand::Imm(64), Operand::Reg(s32)]);
                        (Operand::Reg(s32), Operand::Reg(inv))
                    }
                };
                let (x, y) = (first_reg(self, ops[0].clone(), c), first_reg(self, ops[1].clone(), c));
                let (hi, lo) = if stem == "fshl" {
                    (self.emit_def("shl.b64", c, &[x, s32]), self.emit_def("shr.u64", c, &[y, inv]))
                } else {
                    (self.emit_def("shl.b64", c, &[x, inv]), self.emit_def("shr.u64", c, &[y, s32]))
                };
                self.emit_def("or.b64", c, &[Operand::Reg(hi), Operand::Reg(lo)])
            }
            "bswap" if c == RegClass::B32 => {
                let a = first_reg(self, ops[0].clone(), c);
                self.emit_def("prmt.b32", c, &[a, Operand::Imm(0), Operand::Imm(0x0123)])
            }
            "bswap" if c == RegClass::B16 => {
                let w = self.emit_def("cvt.u32.u16", RegClass::B32, &[ops[0].clone()]);
                let p =
                    self.emit_def("prmt.b32", RegClass::B32, &[Operand::Reg(w), Operand::Imm(0), Operand::Imm(0x7701)]);
                self.emit_def("cvt.u16.u32", RegClass::B16, &[Operand::Reg(p)])
            }
            "fshl" | "fshr" if c == RegClass::B32 => {
                // fshl(a, b, s) = shf.l.wrap(b, a, s): high word a, low word b.
                let lo = first_reg(self, ops[1].clone(), c);
                let amt = self.shift_amount(ops[2].clone(), c);
                let dir = if stem == "fshl" { "l" } else { "r" };
                self.emit_def(format!("shf.{dir}.wrap.b32"), c, &[lo, ops[0].clone(), amt])
            }
            "nvvm" => return self.lower_nvvm_math(inst, base, &ops, c, rty),
            _ => return Err(unsupported()),
        };
        self.set(inst, r);
        Ok(())
    }

    /// `llvm.maximum`/`llvm.minimum` where PTX has no `max.NaN` (f64 always, f32 and f16 before sm_80), LLVM's
    /// expansion (`expandFMINIMUM_FMAXIMUM`): the NaN-ignoring `max`/`min` (for f16 a compare and select, as
    /// `max.f16` needs sm_80 too), then, without `nnan`, the canonical NaN when either operand is one, then,
    /// without `nsz`, when the result compares equal to zero, whichever operand is +0.0 (maximum) / -0.0
    /// (minimum) by its bits.
    fn nan_min_max(&mut self, max: bool, k: FKind, c: RegClass, a: Operand, b: Operand, flags: simtc_ir::Flags) -> Reg {
        let fs = k.suffix();
        let bits = c.bits();
        let op = if max { "max" } else { "min" };
        let mut r = if k == FKind::F16 {
            let cmp = if max { "gt" } else { "lt" };
            let p = self.emit_def(format!("setp.{cmp}.f16"), RegClass::Pred, &[a.clone(), b.clone()]);
            self.select(c, p, a.clone(), b.clone())
        } else {
            self.emit_def(format!("{op}.{fs}"), c, &[a.clone(), b.clone()])
        };
        let (nan, zero) = match k {
            FKind::F64 => (Operand::F64(0x7FF8_0000_0000_0000), Operand::F64(0)),
            FKind::F32 => (Operand::F32(0x7FC0_0000), Operand::F32(0)),
            _ => (Operand::Imm(0x7E00), Operand::Reg(self.materialize(Operand::Imm(0), c))),
        };
        if !flags.contains(simtc_ir::Flags::NNAN) {
            let p = self.emit_def(format!("setp.nan.{fs}"), RegClass::Pred, &[a.clone(), b.clone()]);
            r = self.select(c, p, nan, Operand::Reg(r));
        }
        if !flags.contains(simtc_ir::Flags::NSZ) {
            // +0.0 is all zero bits; -0.0 only the sign bit (a negative number as a signed integer).
            let signed_zero = if max { 0 } else { i64::MIN >> (64 - bits) };
            let bits_of = |s: &mut Self, x: Operand| match k {
                FKind::F16 => x,
                _ => {
                    let ic = if bits == 64 { RegClass::B64 } else { RegClass::B32 };
                    Operand::Reg(s.emit_def(format!("mov.b{bits}"), ic, &[x]))
                }
            };
            let ia = bits_of(self, a.clone());
            let pa = self.emit_def(format!("setp.eq.s{bits}"), RegClass::Pred, &[ia, Operand::Imm(signed_zero)]);
            let l = self.select(c, pa, a, Operand::Reg(r));
            let ib = bits_of(self, b.clone());
            let pb = self.emit_def(format!("setp.eq.s{bits}"), RegClass::Pred, &[ib, Operand::Imm(signed_zero)]);
            let rr = self.select(c, pb, b, Operand::Reg(l));
            let pz = self.emit_def(format!("setp.eq.{fs}"), RegClass::Pred, &[Operand::Reg(r), zero]);
            r = self.select(c, pz, Operand::Reg(rr), Operand::Reg(r));
        }
        r
    }

    fn lower_nvvm_math(
        &mut self,
        inst: Inst,
        base: &str,
        ops: &[Operand],
        c: RegClass,
        _rty: simtc_ir::Type,
    ) -> Result<()> {
        let name = base.trim_start_matches("nvvm.");
        let ty_of = |sfx: &str| match sfx {
            "f" | "ftz.f" => "f32",
            "d" => "f64",
            _ => "",
        };
        let first = |s: &mut Self, o: &Operand| Operand::Reg(s.materialize(o.clone(), c));
        let r = match name {
            "fabs.f" | "fabs.ftz.f" => {
                self.emit_def(if name.contains("ftz") { "abs.ftz.f32" } else { "abs.f32" }, c, &[ops[0].clone()])
            }
            "fabs.d" => self.emit_def("abs.f64", c, &[ops[0].clone()]),
            "popc.i" => self.emit_def("popc.b32", c, &[ops[0].clone()]),
            "popc.ll" => self.emit_def("popc.b64", c, &[ops[0].clone()]),
            "clz.i" => self.emit_def("clz.b32", c, &[ops[0].clone()]),
            "clz.ll" => self.emit_def("clz.b64", c, &[ops[0].clone()]),
            // Older IR (LLVM < 17 writes these; newer LLVM auto-upgrades them to llvm.abs/smin/...).
            "abs.i" | "abs.ll" => self.emit_def(format!("abs.s{}", c.bits()), c, &[ops[0].clone()]),
            "min.i" | "max.i" | "min.ui" | "max.ui" | "min.ll" | "max.ll" | "min.ull" | "max.ull" => {
                let s = if name.contains(".u") { 'u' } else { 's' };
                let a = first(self, &ops[0]);
                self.emit_def(format!("{}.{s}{}", &name[..3], c.bits()), c, &[a, ops[1].clone()])
            }
            _ if let Some((op, from)) = conversion(name) => {
                // An immediate source of a cvt needs a register of the source type.
                let src = Operand::Reg(self.materialize(ops[0].clone(), from));
                self.emit_def(op, c, &[src])
            }
            "round.f" | "round.ftz.f" | "trunc.f" | "trunc.ftz.f" | "floor.f" | "floor.ftz.f" | "ceil.f"
            | "ceil.ftz.f" | "round.d" | "trunc.d" | "floor.d" | "ceil.d" => {
                // llc's mapping: cvt with an integer rounding to the same float type (round → rni).
                let mut it = name.split('.');
                let rnd = match it.next() {
                    Some("round") => "rni",
                    Some("trunc") => "rzi",
                    Some("floor") => "rmi",
                    _ => "rpi",
                };
                let ftz = if name.contains(".ftz.") { ".ftz" } else { "" };
                let t = if name.ends_with(".d") { "f64" } else { "f32" };
                self.emit_def(format!("cvt.{rnd}{ftz}.{t}.{t}"), c, &[ops[0].clone()])
            }
            "d2i.lo" | "d2i.hi" => {
                let d = self.materialize(ops[0].clone(), RegClass::F64);
                let (lo, hi) = (self.mf.new_reg(RegClass::B32), self.mf.new_reg(RegClass::B32));
                let v = Operand::Vec(vec![Operand::Reg(lo), Operand::Reg(hi)].into());
                self.emit(self.mi("mov.b64", &[v], &[Operand::Reg(d)]));
                if name.ends_with("lo") {
                    lo
                } else {
                    hi
                }
            }
            "lohi.i2d" => {
                let lo = self.materialize(ops[0].clone(), RegClass::B32);
                let hi = self.materialize(ops[1].clone(), RegClass::B32);
                let d = self.mf.new_reg(RegClass::F64);
                let v = Operand::Vec(vec![Operand::Reg(lo), Operand::Reg(hi)].into());
                self.emit(self.mi("mov.b64", &[Operand::Reg(d)], &[v]));
                d
            }
            "prmt" => {
                let a = first(self, &ops[0]);
                self.emit_def("prmt.b32", c, &[a, ops[1].clone(), ops[2].clone()])
            }
            "tanh.approx.f32" => self.emit_def("tanh.approx.f32", c, &[ops[0].clone()]),
            "saturate.f" => self.emit_def("cvt.sat.f32.f32", c, &[ops[0].clone()]),
            "saturate.ftz.f" => self.emit_def("cvt.ftz.sat.f32.f32", c, &[ops[0].clone()]),
            "saturate.d" => self.emit_def("cvt.sat.f64.f64", c, &[ops[0].clone()]),
            "bitcast.f2i" | "bitcast.i2f" | "bitcast.d2ll" | "bitcast.ll2d" => {
                self.emit_def(format!("mov.b{}", c.bits()), c, &[ops[0].clone()])
            }
            "brev32" => self.emit_def("brev.b32", c, &[ops[0].clone()]),
            "brev64" => self.emit_def("brev.b64", c, &[ops[0].clone()]),
            "mulhi.i" | "mulhi.ui" | "mulhi.ll" | "mulhi.ull" => {
                let s = if name.contains(".u") { 'u' } else { 's' };
                let a = first(self, &ops[0]);
                self.emit_def(format!("mul.hi.{s}{}", c.bits()), c, &[a, ops[1].clone()])
            }
            "mul24.i" | "mul24.ui" => {
                let s = if name.ends_with("ui") { 'u' } else { 's' };
                let a = first(self, &ops[0]);
                self.emit_def(format!("mul24.lo.{s}32"), c, &[a, ops[1].clone()])
            }
            "sad.i" | "sad.ui" => {
                let s = if name.ends_with("ui") { 'u' } else { 's' };
                let a = first(self, &ops[0]);
                self.emit_def(format!("sad.{s}32"), c, &[a, ops[1].clone(), ops[2].clone()])
            }
            "fmin.f" | "fmax.f" | "fmin.ftz.f" | "fmax.ftz.f" | "fmin.d" | "fmax.d" => {
                let op = &name[1..4];
                let ftz = if name.contains("ftz") { ".ftz" } else { "" };
                let t = if name.ends_with(".d") { "f64" } else { "f32" };
                let a = first(self, &ops[0]);
                self.emit_def(format!("{op}{ftz}.{t}"), c, &[a, ops[1].clone()])
            }
            _ => {
                // Pattern families: <op>.<rnd>[.ftz].<f|d>, e.g. fma.rn.f, sqrt.rn.d, rcp.approx.ftz.d,
                // ex2.approx.f, lg2.approx.f, sin.approx.f, rsqrt.approx.f, div.rn.f, add.rz.d, mul.rm.f.
                let mut parts: Vec<&str> = name.split('.').collect();
                let last = parts.pop().unwrap_or("");
                let t = ty_of(last);
                if t.is_empty() || parts.is_empty() {
                    return Err(CodegenError::unsupported(format!("intrinsic @llvm.{base}")));
                }
                let op = parts[0];
                let known = ["fma", "sqrt", "rcp", "rsqrt", "ex2", "lg2", "sin", "cos", "div", "add", "mul", "tanh"];
                if !known.contains(&op) {
                    return Err(CodegenError::unsupported(format!("intrinsic @llvm.{base}")));
                }
                let mods = parts[1..].join(".");
                let mut opname = if mods.is_empty() { format!("{op}.{t}") } else { format!("{op}.{mods}.{t}") };
                if op == "ex2" && t == "f32" && !opname.contains("approx") {
                    opname = format!("ex2.approx.{t}");
                }
                let mut srcs: Vec<Operand> = ops.to_vec();
                if !srcs.is_empty() && srcs.len() > 1 {
                    srcs[0] = first(self, &srcs[0]);
                }
                self.emit_def(opname, c, &srcs)
            }
        };
        self.set(inst, r);
        Ok(())
    }
}

/// The NVVM conversion intrinsics (`f2i.rn`, `d2ull.rz.ftz`, `ll2f.rm`, `d2f.rn.ftz`, `f2h.rn`, ...) as llc lowers
/// them: one `cvt` with the rounding (an integer rounding `rni`/`rzi`/`rmi`/`rpi` for float → integer) and
/// `.ftz` where named. Returns the PTX opcode and the register class of the source.
fn conversion(name: &str) -> Option<(String, RegClass)> {
    let mut parts = name.split('.');
    let kind = parts.next()?;
    let rnd = parts.next()?;
    let ftz = match parts.next() {
        None => "",
        Some("ftz") if parts.next().is_none() => ".ftz",
        _ => return None,
    };
    if !matches!(rnd, "rn" | "rz" | "rm" | "rp") {
        return None;
    }
    let (from, to) = kind.split_once('2')?;
    let ty = |s: &str| -> Option<(&'static str, RegClass)> {
        Some(match s {
            "f" => ("f32", RegClass::F32),
            "d" => ("f64", RegClass::F64),
            "h" => ("f16", RegClass::B16),
            "i" => ("s32", RegClass::B32),
            "ui" => ("u32", RegClass::B32),
            "ll" => ("s64", RegClass::B64),
            "ull" => ("u64", RegClass::B64),
            _ => return None,
        })
    };
    let ((ft, fc), (tt, _)) = (ty(from)?, ty(to)?);
    let float_src = matches!(fc, RegClass::F32 | RegClass::F64);
    let int_dst = tt.starts_with('s') || tt.starts_with('u');
    let r = if float_src && int_dst { format!("{rnd}i") } else { rnd.to_string() };
    if !ftz.is_empty() && ft != "f32" && tt != "f32" {
        return None;
    }
    Some((format!("cvt.{r}{ftz}.{tt}.{ft}"), fc))
}
