//! Decoding of `wmma.load`, `wmma.store` and `wmma.mma` (every shape, layout, space and type the PTX ISA
//! defines for them; execution and the fragment layout are in [`crate::wmma`]).

use super::*;
use crate::wmma::{Access, Elem, Frag, FragSpec, WmmaOp};

const SHAPES: &[&str] = &[".m16n16k16", ".m32n8k16", ".m8n32k16", ".m16n16k8", ".m8n8k4", ".m8n8k32", ".m8n8k128"];
const TYPES: &[&str] = &[".f16", ".bf16", ".tf32", ".f32", ".f64", ".s8", ".u8", ".s4", ".u4", ".b1", ".s32"];

fn dims(shape: &str) -> (u32, u32, u32) {
    let num = |s: &str| s.parse::<u32>().unwrap_or(0);
    let rest = shape.trim_start_matches(".m");
    let (m, rest) = rest.split_once('n').unwrap_or(("0", "0k0"));
    let (n, k) = rest.split_once('k').unwrap_or(("0", "0"));
    (num(m), num(n), num(k))
}

impl Ctx<'_> {
    pub(super) fn wmma(&mut self, i: &ast::Inst, m: &mut Mods<'_>) -> DResult<Op> {
        let name = i.full_opcode();
        let kind =
            m.take_any(&[".load", ".store", ".mma"]).ok_or_else(|| format!("'{name}': unknown wmma operation"))?;
        let xor = if kind == ".mma" {
            match m.take_any(&[".xor", ".and"]) {
                Some(op) if m.take(".popc") => Some(op == ".xor"),
                Some(_) => return Err(format!("'{name}': a b1 operation needs .popc")),
                None => None,
            }
        } else {
            None
        };
        if !m.take(".sync") {
            return Err(format!("'{name}' needs .sync"));
        }
        m.take(".aligned");
        let shape = dims(m.take_any(SHAPES).ok_or_else(|| format!("'{name}' needs a shape (.m16n16k16, ...)"))?);
        let elem = |m: &mut Mods<'_>| -> DResult<Elem> {
            m.take_any(TYPES).and_then(Elem::from_word).ok_or_else(|| format!("'{name}' needs an element type"))
        };
        let o = &i.ops;
        let op = match kind {
            ".load" | ".store" => {
                let frag = if kind == ".load" {
                    match m.take_any(&[".a", ".b", ".c"]) {
                        Some(".a") => Frag::A,
                        Some(".b") => Frag::B,
                        Some(_) => Frag::C,
                        None => return Err(format!("'{name}' needs a fragment (.a, .b, .c)")),
                    }
                } else if m.take(".d") {
                    Frag::C
                } else {
                    return Err(format!("'{name}' needs the .d fragment"));
                };
                let row =
                    m.take_any(&[".row", ".col"]).ok_or_else(|| format!("'{name}' needs .row or .col"))? == ".row";
                let space = m.space();
                if !matches!(space, Space::Generic | Space::Global | Space::Shared) {
                    return Err(format!("'{name}': wmma accesses the generic, .global or .shared space only"));
                }
                let ty = elem(m)?;
                self.n_ops(i, 2..=3)?;
                let (mem, regs) = if kind == ".load" { (&o[1], &o[0]) } else { (&o[0], &o[1]) };
                let (addr, off) = self.addr(mem, space)?;
                let stride = match o.get(2) {
                    Some(s) => Some(self.src(s, Ty::B32)?),
                    None => None,
                };
                let list = frag_list(regs, &name)?;
                let spec = FragSpec::new(frag, ty, shape, list.len() as u32).map_err(|e| format!("'{name}': {e}"))?;
                let acc = Access { spec, row, space, addr, off, stride };
                if kind == ".load" {
                    WmmaOp::Load { acc, d: self.frag_dsts(list, ty, &name)? }
                } else {
                    WmmaOp::Store { acc, s: self.frag_srcs(list, ty, &name)? }
                }
            }
            _ => {
                // Layouts of A and B do not change the arithmetic: fragments hold logical elements.
                for _ in 0..2 {
                    m.take_any(&[".row", ".col"]).ok_or_else(|| format!("'{name}' needs two layouts"))?;
                }
                let rnd = m.rnd().unwrap_or(floatops::RN);
                let satf = m.take(".satfinite");
                let first = elem(m)?;
                let second = elem(m)?;
                let (dt, at, bt, ct) = match m.take_any(TYPES).and_then(Elem::from_word) {
                    None => (first, Elem::F16, Elem::F16, second),
                    Some(b) => (first, second, b, elem(m)?),
                };
                self.n_ops(i, 4..=4)?;
                let lists: Vec<&[Operand]> = o.iter().map(|x| frag_list(x, &name)).collect::<DResult<_>>()?;
                let spec = |f, t, k: usize| {
                    FragSpec::new(f, t, shape, lists[k].len() as u32).map_err(|e| format!("'{name}': {e}"))
                };
                let specs =
                    [spec(Frag::A, at, 1)?, spec(Frag::B, bt, 2)?, spec(Frag::C, ct, 3)?, spec(Frag::C, dt, 0)?];
                let d = self.frag_dsts(lists[0], dt, &name)?;
                let srcs = [
                    self.frag_srcs(lists[1], at, &name)?,
                    self.frag_srcs(lists[2], bt, &name)?,
                    self.frag_srcs(lists[3], ct, &name)?,
                ];
                WmmaOp::Mma { specs, rnd, satf, xor, d, srcs }
            }
        };
        Ok(Op::Wmma(Box::new(op)))
    }

    /// Destination registers of a fragment; each must be as wide as the fragment's registers.
    fn frag_dsts(&self, list: &[Operand], ty: Elem, name: &str) -> DResult<Vec<u32>> {
        let want = if ty == Elem::F64 { 64 } else { 32 };
        list.iter()
            .map(|x| {
                let (r, bits) = self.dst_bits(x)?;
                if r.is_some() && bits != want {
                    return Err(format!("'{name}': fragment registers are {want}-bit, found {x:?} ({bits}-bit)"));
                }
                Ok(r.unwrap_or(0))
            })
            .collect()
    }

    /// Source registers of a fragment; each must be as wide as the fragment's registers.
    fn frag_srcs(&self, list: &[Operand], ty: Elem, name: &str) -> DResult<Vec<Src>> {
        let want = if ty == Elem::F64 { 64 } else { 32 };
        list.iter()
            .map(|x| {
                if let Operand::Reg(n) = x {
                    if let Ok((_, bits)) = self.reg(n) {
                        if bits != want {
                            return Err(format!("'{name}': fragment registers are {want}-bit, found {n} ({bits}-bit)"));
                        }
                    }
                }
                self.src(x, if want == 64 { Ty::B64 } else { Ty::B32 })
            })
            .collect()
    }
}

/// The registers of a fragment operand `{%r1, ...}` (a single register is a one-element fragment).
fn frag_list<'o>(o: &'o Operand, name: &str) -> DResult<&'o [Operand]> {
    match o {
        Operand::Vec(v) => Ok(v.as_slice()),
        Operand::Reg(_) => Ok(std::slice::from_ref(o)),
        _ => Err(format!("'{name}': expected a fragment {{...}}, found {o:?}")),
    }
}
