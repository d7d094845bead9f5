//! Selection of the warp-level matrix intrinsics `llvm.nvvm.wmma.*` (tensor cores) to PTX `wmma.load`,
//! `wmma.store` and `wmma.mma`.
//!
//! Everything is read from the intrinsic's name, never from a table of known cases:
//! - `llvm.nvvm.wmma.<shape>.load.<a|b|c>.<row|col>[.stride].<type>[.p<N>]` (pointer, [stride]) returns the
//!   fragment: `wmma.load.<frag>.sync.aligned.<layout>.<shape>[.space].<type> {regs}, [ptr][, stride]`;
//! - `llvm.nvvm.wmma.<shape>.store.d.<row|col>[.stride].<type>[.p<N>]` (pointer, fragment..., [stride]):
//!   `wmma.store.d.sync.aligned.<layout>.<shape>[.space].<type> [ptr], {regs}[, stride]`;
//! - `llvm.nvvm.wmma.<shape>.mma[.xor.popc|.and.popc].<alayout>.<blayout>[.rnd].<sig>[.satfinite]` (a..., b...,
//!   c...) returns D. `<sig>` is `<dtype>.<ctype>` for f16 inputs (both f16 or f32) and the input type otherwise
//!   (bf16/tf32 accumulate in f32, f64 in f64, s8/u8/s4/u4/b1 in s32); PTX spells the f16 form `.<dtype>.<ctype>`
//!   and every other one `.<dtype>.<atype>.<btype>.<ctype>`.
//!
//! Fragments are aggregates of registers (one IR struct field per PTX register, a lone `double` for the f64 A/B
//! fragments). A `<2 x half>` field (two `.b16` leaves in isel) is one `.b32` register holding an f16 pair in PTX:
//! inputs are packed with `mov.b32 %r, {%lo, %hi}` and outputs unpacked with `mov.b32 {%lo, %hi}, %r`.
//!
//! Addresses keep their inferred space (`.global`, `.shared`); any other space is made generic. Minimum targets
//! (a clear error below them): f16 sm_70, s8/u8 sm_72, s4/u4/b1 sm_75, bf16/tf32/f64 sm_80; minimum PTX ISA
//! versions: `.aligned` 6.3 (older versions print the form without it, as llc does), m32n8k16/m8n32k16 6.1,
//! integer types 6.3, bf16/tf32/f64 7.0, `.and.popc` 7.1.
//!
//! Invariants: the result registers are fresh and never marked warp-uniform (each lane holds its own part of
//! the matrix), and the number of registers in every fragment operand matches the IR signature.

use super::spaces::Space;
use super::{class_of, Lower, Result};
use crate::error::CodegenError;
use crate::mir::{Operand, Reg, RegClass};
use simtc_ir::{Inst, Type, TypeData, Value};
use smallvec::SmallVec;

/// A wmma operation parsed from an intrinsic name.
struct Parsed<'n> {
    shape: &'n str,
    kind: Kind<'n>,
}

enum Kind<'n> {
    Load {
        frag: &'n str,
        layout: &'n str,
        stride: bool,
        ty: &'n str,
    },
    Store {
        layout: &'n str,
        stride: bool,
        ty: &'n str,
    },
    Mma {
        b1op: Option<&'n str>,
        alayout: &'n str,
        blayout: &'n str,
        rnd: Option<&'n str>,
        sig: Vec<&'n str>,
        satf: bool,
    },
}

const SHAPES: &[&str] = &["m16n16k16", "m32n8k16", "m8n32k16", "m16n16k8", "m8n8k4", "m8n8k32", "m8n8k128"];
const TYPES: &[&str] = &["f16", "f32", "f64", "bf16", "tf32", "s8", "u8", "s4", "u4", "b1", "s32"];

fn parse(name: &str) -> Option<Parsed<'_>> {
    let rest = name.strip_prefix("llvm.nvvm.wmma.")?;
    let mut p: Vec<&str> = rest.split('.').collect();
    // The pointer overload suffix (`p0`, `p3`, `p1i8`): the space is taken from the pointer itself.
    if p.last().is_some_and(|s| s.starts_with('p') && s[1..].starts_with(|c: char| c.is_ascii_digit())) {
        p.pop();
    }
    let shape = *p.first()?;
    if !SHAPES.contains(&shape) {
        return None;
    }
    let layout = |s: &str| matches!(s, "row" | "col");
    let kind = match p.get(1)? {
        &"load" | &"store" => {
            let (frag, lay) = (*p.get(2)?, *p.get(3)?);
            let stride = p.get(4) == Some(&"stride");
            let ty = *p.get(if stride { 5 } else { 4 })?;
            if p.len() != if stride { 6 } else { 5 } || !layout(lay) || !TYPES.contains(&ty) {
                return None;
            }
            if p[1] == "load" {
                if !matches!(frag, "a" | "b" | "c") {
                    return None;
                }
                Kind::Load { frag, layout: lay, stride, ty }
            } else {
                if frag != "d" {
                    return None;
                }
                Kind::Store { layout: lay, stride, ty }
            }
        }
        &"mma" => {
            let mut k = 2;
            let b1op = if matches!(p.get(2), Some(&"xor" | &"and")) && p.get(3) == Some(&"popc") {
                k = 4;
                Some(p[2])
            } else {
                None
            };
            let (alayout, blayout) = (*p.get(k)?, *p.get(k + 1)?);
            if !layout(alayout) || !layout(blayout) {
                return None;
            }
            k += 2;
            let rnd = match p.get(k) {
                Some(r @ (&"rn" | &"rz" | &"rm" | &"rp")) => {
                    k += 1;
                    Some(*r)
                }
                _ => None,
            };
            let satf = p.last() == Some(&"satfinite");
            let end = if satf { p.len() - 1 } else { p.len() };
            let sig: Vec<&str> = p.get(k..end)?.to_vec();
            if sig.is_empty() || sig.len() > 2 || !sig.iter().all(|t| TYPES.contains(t)) {
                return None;
            }
            Kind::Mma { b1op, alayout, blayout, rnd, sig, satf }
        }
        _ => return None,
    };
    Some(Parsed { shape, kind })
}

/// The `(m, n, k)` of a shape name such as `m16n16k16`.
pub fn shape_dims(shape: &str) -> Option<(u32, u32, u32)> {
    let rest = shape.strip_prefix('m')?;
    let (m, rest) = rest.split_once('n')?;
    let (n, k) = rest.split_once('k')?;
    Some((m.parse().ok()?, n.parse().ok()?, k.parse().ok()?))
}

/// The number of PTX registers of a fragment (`frag` is `a`, `b`, `c` or `d`) of `shape` with element type
/// `ty`: the fragment's share of the matrix (rows × columns / 32 elements per lane) packed into 32-bit registers
/// (one per element for f64), except f16 A/B fragments, which are always 8 `.f16x2` registers (elements are
/// repeated across lanes where the matrix has fewer than 16 per lane).
pub fn frag_regs(shape: &str, frag: char, ty: &str) -> Option<usize> {
    let (m, n, k) = shape_dims(shape)?;
    let (rows, cols) = match frag {
        'a' => (m, k),
        'b' => (k, n),
        _ => (m, n),
    };
    let per_lane = (rows * cols / 32) as usize;
    let bits = match ty {
        "f16" if matches!(frag, 'a' | 'b') => return Some(8),
        "f64" => return Some(per_lane),
        "f16" | "bf16" => 16,
        "f32" | "tf32" | "s32" => 32,
        "s8" | "u8" => 8,
        "s4" | "u4" => 4,
        "b1" => 1,
        _ => return None,
    };
    Some((per_lane * bits).div_ceil(32).max(1))
}

/// An error unless a fragment has the number of registers its shape and type give.
fn check_count(name: &str, want: Option<usize>, have: usize) -> Result<()> {
    match want {
        Some(w) if w == have => Ok(()),
        Some(w) => Err(CodegenError::new(format!("@{name}: the fragment has {have} registers, the shape needs {w}"))),
        None => Err(CodegenError::unsupported(format!("intrinsic @{name}"))),
    }
}

/// The minimum `sm_XX` and PTX version of an element type.
fn type_requirements(ty: &str) -> (u32, (u32, u32)) {
    match ty {
        "s8" | "u8" | "s32" => (72, (6, 3)),
        "s4" | "u4" | "b1" => (75, (6, 3)),
        "bf16" | "tf32" | "f64" => (80, (7, 0)),
        _ => (70, (6, 0)),
    }
}

/// The minimum PTX version of a shape.
fn shape_ptx(shape: &str) -> (u32, u32) {
    match shape {
        "m32n8k16" | "m8n32k16" => (6, 1),
        "m8n8k32" | "m8n8k128" => (6, 3),
        "m16n16k8" | "m8n8k4" => (7, 0),
        _ => (6, 0),
    }
}

impl Lower<'_> {
    /// Lowers a call to `llvm.nvvm.wmma.*` (see the module documentation).
    pub(crate) fn lower_wmma(&mut self, inst: Inst, name: &str, args: &[Value]) -> Result<()> {
        let p = parse(name).ok_or_else(|| CodegenError::unsupported(format!("intrinsic @{name}")))?;
        // The types whose target and PTX requirements apply: the input type decides (s32 accumulators need what
        // the integer inputs need).
        let (tys, b1op): (Vec<&str>, Option<&str>) = match &p.kind {
            Kind::Load { ty, .. } | Kind::Store { ty, .. } => (vec![*ty], None),
            Kind::Mma { sig, b1op, .. } => (sig.clone(), *b1op),
        };
        let mut need_sm = 70;
        let mut need_ptx = shape_ptx(p.shape);
        for t in &tys {
            let (sm, v) = type_requirements(t);
            need_sm = need_sm.max(sm);
            need_ptx = need_ptx.max(v);
        }
        if b1op == Some("and") {
            need_ptx = need_ptx.max((7, 1));
        }
        let sm = self.opts.target.sm();
        if sm < need_sm {
            return Err(CodegenError::new(format!(
                "@{name} needs sm_{need_sm} or later (tensor-core wmma with these types); the target is {}",
                self.opts.target
            )));
        }
        let have = self.opts.ptx_version()?;
        if have < need_ptx {
            return Err(CodegenError::new(format!(
                "@{name} needs PTX ISA {}.{} or later, the module is PTX {}.{} (use --ptx-version)",
                need_ptx.0, need_ptx.1, have.0, have.1
            )));
        }
        let sync = if have >= (6, 3) { "sync.aligned" } else { "sync" };
        let shape = p.shape;
        match p.kind {
            Kind::Load { frag, layout, stride, ty } => {
                let (addr, sp) = self.wmma_addr(args[0])?;
                let mut srcs = vec![addr];
                if stride {
                    srcs.push(self.op(args[1])?);
                }
                let res = self.f.dfg.result(inst).ok_or_else(|| CodegenError::new("wmma.load without a result"))?;
                let (ptx_regs, ir_regs) = self.fragment_outputs(self.ty(res))?;
                let fc = frag.chars().next().unwrap_or('a');
                check_count(name, frag_regs(shape, fc, ty), ptx_regs.len())?;
                let d = Operand::Vec(ptx_regs.iter().map(|r| Operand::Reg(*r)).collect());
                self.emit_effect(format!("wmma.load.{frag}.{sync}.{layout}.{shape}{}.{ty}", sp.suffix()), &[d], &srcs);
                self.unpack_fragment(&ptx_regs, &ir_regs);
                self.define(res, ir_regs);
            }
            Kind::Store { layout, stride, ty } => {
                let (addr, sp) = self.wmma_addr(args[0])?;
                let nvals = args.len() - 1 - stride as usize;
                let vals = self.fragment_inputs(&args[1..1 + nvals])?;
                check_count(name, frag_regs(shape, 'd', ty), vals.len())?;
                let mut srcs = vec![addr, Operand::Vec(vals.into_iter().map(Operand::Reg).collect())];
                if stride {
                    srcs.push(self.op(args[args.len() - 1])?);
                }
                self.emit_effect(format!("wmma.store.d.{sync}.{layout}.{shape}{}.{ty}", sp.suffix()), &[], &srcs);
            }
            Kind::Mma { b1op, alayout, blayout, rnd, sig, satf } => {
                let (dty, aty, cty) = match sig.as_slice() {
                    [d, c] if matches!(*d, "f16" | "f32") && matches!(*c, "f16" | "f32") => (*d, "f16", *c),
                    [a] => {
                        let acc = match *a {
                            "bf16" | "tf32" => "f32",
                            "f64" => "f64",
                            "s8" | "u8" | "s4" | "u4" | "b1" => "s32",
                            _ => return Err(CodegenError::unsupported(format!("intrinsic @{name}"))),
                        };
                        (acc, *a, acc)
                    }
                    _ => return Err(CodegenError::unsupported(format!("intrinsic @{name}"))),
                };
                let types = if aty == "f16" { format!("{dty}.{cty}") } else { format!("{dty}.{aty}.{aty}.{cty}") };
                let res = self.f.dfg.result(inst).ok_or_else(|| CodegenError::new("wmma.mma without a result"))?;
                // The operands: the A, B and C fragments in order, of the sizes the shape and types give.
                let (na, nb, nc) = (
                    frag_regs(shape, 'a', aty).unwrap_or(0),
                    frag_regs(shape, 'b', aty).unwrap_or(0),
                    frag_regs(shape, 'c', cty).unwrap_or(0),
                );
                if na == 0 || nb == 0 || nc == 0 || na + nb + nc != args.len() {
                    return Err(CodegenError::new(format!(
                        "@{name}: expected {na} + {nb} + {nc} fragment arguments, found {}",
                        args.len()
                    )));
                }
                let a = self.fragment_inputs(&args[..na])?;
                let b = self.fragment_inputs(&args[na..na + nb])?;
                let c = self.fragment_inputs(&args[na + nb..])?;
                let (ptx_regs, ir_regs) = self.fragment_outputs(self.ty(res))?;
                check_count(name, frag_regs(shape, 'd', dty), ptx_regs.len())?;
                let vec = |rs: &[Reg]| Operand::Vec(rs.iter().map(|r| Operand::Reg(*r)).collect());
                let op = format!(
                    "wmma.mma{}.{sync}.{alayout}.{blayout}.{shape}{}.{types}{}",
                    b1op.map(|o| format!(".{o}.popc")).unwrap_or_default(),
                    rnd.map(|r| format!(".{r}")).unwrap_or_default(),
                    if satf { ".satfinite" } else { "" }
                );
                self.emit_effect(op, &[vec(&ptx_regs)], &[vec(&a), vec(&b), vec(&c)]);
                self.unpack_fragment(&ptx_regs, &ir_regs);
                self.define(res, ir_regs);
            }
        }
        Ok(())
    }

    /// The address operand of a wmma access and the space to spell: `.global` and `.shared` are kept, every
    /// other space is converted to a generic address.
    fn wmma_addr(&mut self, v: Value) -> Result<(Operand, Space)> {
        let (r, sp) = self.ptr(v)?;
        let (r, sp) = match sp {
            Space::Global | Space::Shared | Space::Generic => (r, sp),
            other => (self.convert_space(r, other, Space::Generic)?, Space::Generic),
        };
        Ok((Operand::Addr(Box::new(Operand::Reg(r)), 0), sp))
    }

    /// Registers for a fragment value in PTX (one per IR field; `<2 x half>` fields are one `.b32` register),
    /// and the IR leaf registers that are defined from them.
    fn fragment_outputs(&mut self, ty: Type) -> Result<(Vec<Reg>, SmallVec<[Reg; 1]>)> {
        let fields = self.fragment_fields(ty);
        let mut ptx = Vec::new();
        let mut ir = SmallVec::new();
        for f in fields {
            if self.is_half_pair(f) {
                ptx.push(self.mf.new_reg(RegClass::B32));
                ir.push(self.mf.new_reg(RegClass::B16));
                ir.push(self.mf.new_reg(RegClass::B16));
            } else {
                let r = self.mf.new_reg(class_of(self.m, f)?);
                ptx.push(r);
                ir.push(r);
            }
        }
        Ok((ptx, ir))
    }

    /// Unpacks `<2 x half>` PTX registers into their IR halves (`mov.b32 {%lo, %hi}, %r`).
    fn unpack_fragment(&mut self, ptx: &[Reg], ir: &[Reg]) {
        if ptx.len() == ir.len() {
            return;
        }
        for (k, r) in ptx.iter().enumerate() {
            let v = Operand::Vec(vec![Operand::Reg(ir[2 * k]), Operand::Reg(ir[2 * k + 1])].into());
            self.emit(self.mi("mov.b32", &[v], &[Operand::Reg(*r)]));
            self.packed_halves.insert((ir[2 * k], ir[2 * k + 1]), *r);
        }
    }

    /// The PTX registers of fragment arguments (constants materialized, `<2 x half>` packed into `.b32`).
    fn fragment_inputs(&mut self, args: &[Value]) -> Result<Vec<Reg>> {
        let mut out = Vec::with_capacity(args.len());
        for &a in args {
            let ty = self.ty(a);
            let regs = self.regs(a)?;
            if self.is_half_pair(ty) {
                if let Some(&p) = regs.get(..2).and_then(|h| self.packed_halves.get(&(h[0], h[1]))) {
                    out.push(p);
                    continue;
                }
                let d = self.mf.new_reg(RegClass::B32);
                let v = Operand::Vec(regs.iter().map(|r| Operand::Reg(*r)).collect());
                self.emit(self.mi("mov.b32", &[Operand::Reg(d)], &[v]));
                out.push(d);
            } else if regs.len() == 1 {
                out.push(regs[0]);
            } else {
                return Err(CodegenError::unsupported(format!(
                    "a wmma fragment element of type {}",
                    simtc_ir::writer::type_to_string(&self.m.types, ty)
                )));
            }
        }
        Ok(out)
    }

    /// The fields of a fragment type: a struct's fields, or the type itself.
    fn fragment_fields(&self, ty: Type) -> Vec<Type> {
        match self.m.types.struct_fields(ty) {
            Some(f) => f.to_vec(),
            None => vec![ty],
        }
    }

    fn is_half_pair(&self, ty: Type) -> bool {
        matches!(self.m.types.data(ty), TypeData::Vector { len: 2, elem, .. }
            if matches!(self.m.types.data(*elem), TypeData::Half))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_generally() {
        let p = parse("llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0").unwrap();
        assert!(matches!(p.kind, Kind::Load { frag: "a", layout: "row", stride: true, ty: "f16" }));
        let p = parse("llvm.nvvm.wmma.m32n8k16.store.d.col.s32.p3").unwrap();
        assert_eq!(p.shape, "m32n8k16");
        assert!(matches!(p.kind, Kind::Store { layout: "col", stride: false, ty: "s32" }));
        let p = parse("llvm.nvvm.wmma.m8n8k4.mma.row.col.rz.f64").unwrap();
        assert!(matches!(p.kind, Kind::Mma { rnd: Some("rz"), satf: false, .. }));
        let p = parse("llvm.nvvm.wmma.m16n16k16.mma.col.row.f16.f32.satfinite").unwrap();
        assert!(matches!(p.kind, Kind::Mma { alayout: "col", blayout: "row", satf: true, .. }));
        let p = parse("llvm.nvvm.wmma.m8n8k128.mma.xor.popc.row.col.b1").unwrap();
        assert!(matches!(p.kind, Kind::Mma { b1op: Some("xor"), .. }));
        assert!(parse("llvm.nvvm.wmma.m16n16k16.load.d.row.f32").is_none());
        assert!(parse("llvm.nvvm.wmma.m9n9k9.load.a.row.f16").is_none());
        assert!(parse("llvm.nvvm.wmma.m16n16k16.load.a.diag.f16").is_none());
    }

    #[test]
    fn fragment_sizes_follow_the_shape() {
        assert_eq!(frag_regs("m16n16k16", 'a', "f16"), Some(8));
        assert_eq!(frag_regs("m16n16k16", 'c', "f16"), Some(4));
        assert_eq!(frag_regs("m16n16k16", 'c', "f32"), Some(8));
        assert_eq!(frag_regs("m16n16k16", 'a', "u8"), Some(2));
        assert_eq!(frag_regs("m8n32k16", 'a', "s8"), Some(1));
        assert_eq!(frag_regs("m8n32k16", 'b', "s8"), Some(4));
        assert_eq!(frag_regs("m32n8k16", 'a', "bf16"), Some(8));
        assert_eq!(frag_regs("m16n16k8", 'a', "tf32"), Some(4));
        assert_eq!(frag_regs("m8n8k4", 'a', "f64"), Some(1));
        assert_eq!(frag_regs("m8n8k4", 'c', "f64"), Some(2));
        assert_eq!(frag_regs("m8n8k32", 'a', "s4"), Some(1));
        assert_eq!(frag_regs("m8n8k128", 'b', "b1"), Some(1));
        assert_eq!(frag_regs("m8n8k128", 'c', "s32"), Some(2));
    }
}
