//! Warp-level matrix operations (tensor cores): `wmma.load.{a,b,c}`, `wmma.store.d` and `wmma.mma`, executed
//! warp-wide.
//!
//! They are `.sync.aligned`: all 32 lanes of the warp execute the same instruction together. A warp that reaches
//! one with fewer active lanes (divergent, partially exited, or a CTA whose size is not a multiple of 32) is a
//! run-time error, never a partial execution.
//!
//! ## Fragment layout
//!
//! The PTX ISA leaves the distribution of matrix elements over the lanes' fragment registers unspecified; the
//! emulator uses one layout for every matrix, shape and type, so loads, stores and `mma` agree:
//!
//! - a fragment of an `R × C` matrix (A: `m × k`, B: `k × n`, C/D: `m × n`) gives each lane `E = R·C/32`
//!   elements. Lane `l` holds the elements with row-major index `l·E .. l·E+E` of the *logical* matrix
//!   (`index = row·C + col`), whatever the memory layout (`.row`/`.col` only change where the load or store
//!   finds element `(row, col)` in memory: `row·stride + col` or `col·stride + row` elements from the base);
//! - the lane's elements fill its registers in order, packed from the low bits: 32-bit registers hold
//!   `32 / bits` elements (two f16/bf16, four s8/u8, eight s4/u4, thirty-two b1; f32, tf32 and s32 one each),
//!   f64 fragments have one element per 64-bit register;
//! - a fragment with more slots than elements (f16 A/B fragments are always eight `.f16x2` registers, sixteen
//!   slots, for 8, 16 or 4 elements per lane) repeats the lane's elements: slot `s` holds element `s mod E`.
//!   `mma` reads the first occurrence.
//!
//! Without a stride operand the stride is the matrix's leading dimension (its column count for `.row`, its row
//! count for `.col`). Sub-byte elements (s4/u4/b1) are addressed in bits (`index · bits` from the base).
//!
//! ## Arithmetic
//!
//! `D = A·B + C` for each `(i, j)`, summing over `k` in increasing order on top of `C`:
//! f16, bf16 and tf32 inputs (tf32: the low 13 mantissa bits of the f32 value are ignored) multiply exactly
//! and accumulate in f32 (an f16 D is rounded to nearest at the end; `.satfinite` clamps infinities to the
//! largest finite value); f64 uses fused multiply-adds in the `.rn/.rz/.rm/.rp` rounding (default `.rn`);
//! s8/u8/s4/u4 accumulate in s32, wrapping, or clamped to the s32 range with `.satfinite`; b1 adds
//! `popc(a xor b)` (`.xor.popc`) or `popc(a and b)` (`.and.popc`) over each row of A and column of B.

use crate::engine::Warp;
use crate::exec::{fetch, load, store, CtaMem, Env, ExecError, Frame};
use crate::floatops::{bf16_to_f32, f16_to_f32, f64_to_f16, fma_r, RM, RN, RP, RZ};
use crate::lanes::Lanes;
use crate::program::Src;
use crate::ptx::ast::Space;

/// A wmma element type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Elem {
    F16,
    Bf16,
    Tf32,
    F32,
    F64,
    S8,
    U8,
    S4,
    U4,
    B1,
    S32,
}

impl Elem {
    /// Parses a type word (`.f16`, `.tf32`, ...).
    pub fn from_word(w: &str) -> Option<Elem> {
        Some(match w {
            ".f16" => Elem::F16,
            ".bf16" => Elem::Bf16,
            ".tf32" => Elem::Tf32,
            ".f32" => Elem::F32,
            ".f64" => Elem::F64,
            ".s8" => Elem::S8,
            ".u8" => Elem::U8,
            ".s4" => Elem::S4,
            ".u4" => Elem::U4,
            ".b1" => Elem::B1,
            ".s32" => Elem::S32,
            _ => return None,
        })
    }

    /// The element width in bits.
    pub fn bits(self) -> u32 {
        match self {
            Elem::F16 | Elem::Bf16 => 16,
            Elem::Tf32 | Elem::F32 | Elem::S32 => 32,
            Elem::F64 => 64,
            Elem::S8 | Elem::U8 => 8,
            Elem::S4 | Elem::U4 => 4,
            Elem::B1 => 1,
        }
    }

    fn is_float(self) -> bool {
        matches!(self, Elem::F16 | Elem::Bf16 | Elem::Tf32 | Elem::F32 | Elem::F64)
    }

    /// An element's value as f64 (floating-point types; tf32 drops the low 13 mantissa bits).
    fn float(self, raw: u64) -> f64 {
        match self {
            Elem::F16 => f16_to_f32(raw as u16) as f64,
            Elem::Bf16 => bf16_to_f32(raw as u16) as f64,
            Elem::Tf32 => f32::from_bits(raw as u32 & !0x1fff) as f64,
            Elem::F32 => f32::from_bits(raw as u32) as f64,
            _ => f64::from_bits(raw),
        }
    }

    /// An element's value as an integer (integer types).
    fn int(self, raw: u64) -> i64 {
        match self {
            Elem::S8 => raw as u8 as i8 as i64,
            Elem::S4 => ((raw as u8) << 4) as i8 as i64 >> 4,
            Elem::S32 => raw as u32 as i32 as i64,
            _ => raw as i64,
        }
    }
}

/// Which matrix a fragment holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Frag {
    /// The `m × k` multiplicand.
    A,
    /// The `k × n` multiplicand.
    B,
    /// The `m × n` accumulator (C) or result (D).
    C,
}

/// The geometry of one fragment: matrix, element type, dimensions and register count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FragSpec {
    /// The matrix.
    pub frag: Frag,
    /// The element type.
    pub ty: Elem,
    /// Rows of the matrix.
    pub rows: u32,
    /// Columns of the matrix.
    pub cols: u32,
    /// Registers in the fragment.
    pub regs: u32,
}

impl FragSpec {
    /// The fragment of `frag` for shape `(m, n, k)`; `regs` is what the instruction lists. An error when the
    /// register count cannot hold the lane's share of the matrix.
    pub fn new(frag: Frag, ty: Elem, (m, n, k): (u32, u32, u32), regs: u32) -> Result<FragSpec, String> {
        let (rows, cols) = match frag {
            Frag::A => (m, k),
            Frag::B => (k, n),
            Frag::C => (m, n),
        };
        let s = FragSpec { frag, ty, rows, cols, regs };
        let e = s.per_lane();
        if !(rows * cols).is_multiple_of(32) || e == 0 || s.slots() < e || !s.slots().is_multiple_of(e) {
            return Err(format!(
                "a {rows}x{cols} .{ty:?} fragment cannot be held in {regs} registers ({e} elements per lane)"
            ));
        }
        // Only f16 A/B fragments repeat elements; every other fragment holds its share exactly.
        let exact = (e * ty.bits()).div_ceil(if ty == Elem::F64 { 64 } else { 32 }).max(1);
        if regs != exact && !(ty == Elem::F16 && frag != Frag::C && regs == 8) {
            return Err(format!("a {rows}x{cols} .{ty:?} fragment has {exact} registers, found {regs}"));
        }
        Ok(s)
    }

    /// Elements per lane.
    pub fn per_lane(&self) -> u32 {
        self.rows * self.cols / 32
    }

    fn per_reg(&self) -> u32 {
        if self.ty == Elem::F64 {
            1
        } else {
            32 / self.ty.bits()
        }
    }

    fn slots(&self) -> u32 {
        self.regs * self.per_reg()
    }

    /// The `(row, col)` of slot `s` of lane `l`.
    pub fn coord(&self, l: u32, s: u32) -> (u32, u32) {
        let idx = l * self.per_lane() + s % self.per_lane();
        (idx / self.cols, idx % self.cols)
    }

    /// The register index and bit position of slot `s`.
    fn place(&self, s: u32) -> (usize, u32) {
        ((s / self.per_reg()) as usize, (s % self.per_reg()) * self.ty.bits())
    }
}

/// The memory side of a wmma load or store.
#[derive(Debug, Clone, PartialEq)]
pub struct Access {
    /// The fragment.
    pub spec: FragSpec,
    /// `.row` (true) or `.col` layout in memory.
    pub row: bool,
    /// The state space.
    pub space: Space,
    /// Base address and constant offset.
    pub addr: Src,
    /// Constant offset in bytes.
    pub off: i64,
    /// The stride in elements (`None`: the leading dimension).
    pub stride: Option<Src>,
}

/// A decoded wmma instruction.
#[derive(Debug, Clone, PartialEq)]
pub enum WmmaOp {
    /// `wmma.load.{a,b,c}`: `d` are the fragment registers.
    Load {
        /// Where.
        acc: Access,
        /// Destination registers.
        d: Vec<u32>,
    },
    /// `wmma.store.d`: `s` are the fragment registers.
    Store {
        /// Where.
        acc: Access,
        /// Source registers.
        s: Vec<Src>,
    },
    /// `wmma.mma`: `D = A·B + C`.
    Mma {
        /// Fragments A, B, C and D.
        specs: [FragSpec; 4],
        /// Rounding of f64 (`RN` when absent).
        rnd: u8,
        /// `.satfinite`.
        satf: bool,
        /// b1 operation: `Some(true)` for `.xor.popc`, `Some(false)` for `.and.popc`.
        xor: Option<bool>,
        /// Destination registers.
        d: Vec<u32>,
        /// Sources A, B, C.
        srcs: [Vec<Src>; 3],
    },
}

/// The element of `(row, col)` in memory, in elements from the base (the stride is in elements).
fn elem_index(row: bool, stride: u64, (r, c): (u32, u32)) -> u64 {
    if row {
        r as u64 * stride + c as u64
    } else {
        c as u64 * stride + r as u64
    }
}

fn default_stride(spec: &FragSpec, row: bool) -> u64 {
    if row {
        spec.cols as u64
    } else {
        spec.rows as u64
    }
}

/// Executes a wmma instruction; `mask` must be the whole warp.
pub fn exec(w: &mut Warp, env: &Env<'_>, cta: &mut CtaMem, fr: Frame, op: &WmmaOp, mask: u32) -> Result<(), ExecError> {
    if mask != u32::MAX {
        if let Some(san) = cta.san.as_deref_mut() {
            if san.kinds().sync {
                // The sanitizer reports it (warp-sync) and the instruction is skipped instead of failing the run.
                san.partial_warp_collective(w.id * 32 + mask.trailing_zeros());
                return Ok(());
            }
        }
        return Err(ExecError {
            msg: format!(
                "wmma is a warp-wide (.sync.aligned) instruction but only lanes {mask:#010x} of the warp execute it"
            ),
            lane: None,
        });
    }
    let mut a: Lanes = [0; 32];
    let mut st: Lanes = [0; 32];
    match op {
        WmmaOp::Load { acc: Access { spec, row, space, addr, off, stride }, d } => {
            fetch(w, env, cta, fr, *addr, &mut a);
            match stride {
                Some(s) => fetch(w, env, cta, fr, *s, &mut st),
                None => st = [default_stride(spec, *row); 32],
            }
            let bits = spec.ty.bits();
            for l in 0..32u32 {
                let lu = l as usize;
                let mut regs = vec![0u64; d.len()];
                for s in 0..spec.slots() {
                    let idx = elem_index(*row, st[lu] as u32 as u64, spec.coord(l, s));
                    let bit = idx * bits as u64;
                    let at = a[lu].wrapping_add(*off as u64).wrapping_add(bit / 8);
                    let size = (bits / 8).max(1);
                    let v = load(w, env, cta, lu, *space, at, size)
                        .map_err(|f| ExecError { msg: f.describe(false), lane: Some(lu) })?;
                    if let Some(san) = cta.san.as_deref_mut() {
                        san.access(w.id, lu, *space, at, size, crate::sanitize::AccessOp::Read);
                    }
                    let v = if bits < 8 { (v >> (bit % 8)) & ((1 << bits) - 1) } else { v };
                    let (ri, sh) = spec.place(s);
                    regs[ri] |= v << sh;
                }
                for (k, &r) in d.iter().enumerate() {
                    if r != 0 {
                        w.regs[r as usize * 32 + lu] = regs[k];
                    }
                }
            }
        }
        WmmaOp::Store { acc: Access { spec, row, space, addr, off, stride }, s } => {
            fetch(w, env, cta, fr, *addr, &mut a);
            match stride {
                Some(x) => fetch(w, env, cta, fr, *x, &mut st),
                None => st = [default_stride(spec, *row); 32],
            }
            let vals = gather(w, env, cta, fr, s);
            let bits = spec.ty.bits();
            for l in 0..32u32 {
                let lu = l as usize;
                for sl in 0..spec.per_lane() {
                    let idx = elem_index(*row, st[lu] as u32 as u64, spec.coord(l, sl));
                    let at = a[lu].wrapping_add(*off as u64).wrapping_add(idx * bits as u64 / 8);
                    let (ri, sh) = spec.place(sl);
                    let v = vals[ri][lu] >> sh;
                    let v = if bits < 64 { v & ((1u64 << bits) - 1) } else { v };
                    store(w, env, cta, lu, *space, at, bits / 8, v)
                        .map_err(|f| ExecError { msg: f.describe(true), lane: Some(lu) })?;
                    if let (Some(san), true) = (cta.san.as_deref_mut(), bits >= 8) {
                        san.access(w.id, lu, *space, at, bits / 8, crate::sanitize::AccessOp::Write);
                    }
                }
            }
        }
        WmmaOp::Mma { specs, rnd, satf, xor, d, srcs } => {
            let [sa, sb, sc, sd] = specs;
            let ma = matrix(sa, &gather(w, env, cta, fr, &srcs[0]));
            let mb = matrix(sb, &gather(w, env, cta, fr, &srcs[1]));
            let mc = matrix(sc, &gather(w, env, cta, fr, &srcs[2]));
            let (m, n, k) = (sa.rows as usize, sb.cols as usize, sa.cols as usize);
            let mut out = vec![0u64; m * n];
            for i in 0..m {
                for j in 0..n {
                    let c = mc[i * n + j];
                    let pairs = (0..k).map(|kk| (ma[i * k + kk], mb[kk * n + j]));
                    out[i * n + j] = dot(sa.ty, sc.ty, sd.ty, *rnd, *satf, *xor, c, pairs);
                }
            }
            let mut regs = vec![[0u64; 32]; d.len()];
            for l in 0..32u32 {
                for s in 0..sd.per_lane() {
                    let (i, j) = sd.coord(l, s);
                    let (ri, sh) = sd.place(s);
                    regs[ri][l as usize] |= out[i as usize * n + j as usize] << sh;
                }
            }
            for (k, &r) in d.iter().enumerate() {
                crate::exec::write(w, r, &regs[k], u32::MAX);
            }
        }
    }
    Ok(())
}

/// The registers of a fragment operand for all lanes.
fn gather(w: &Warp, env: &Env<'_>, cta: &CtaMem, fr: Frame, srcs: &[Src]) -> Vec<Lanes> {
    srcs.iter()
        .map(|s| {
            let mut v = [0u64; 32];
            fetch(w, env, cta, fr, *s, &mut v);
            v
        })
        .collect()
}

/// The raw elements of a fragment as a row-major matrix (the first occurrence of each element).
fn matrix(spec: &FragSpec, regs: &[Lanes]) -> Vec<u64> {
    let mut out = vec![0u64; (spec.rows * spec.cols) as usize];
    let bits = spec.ty.bits();
    for l in 0..32u32 {
        for s in 0..spec.per_lane() {
            let (r, c) = spec.coord(l, s);
            let (ri, sh) = spec.place(s);
            let v = regs.get(ri).map_or(0, |x| x[l as usize]) >> sh;
            out[(r * spec.cols + c) as usize] = if bits < 64 { v & ((1u64 << bits) - 1) } else { v };
        }
    }
    out
}

/// One element of `D`: `c + Σ a·b` in the precision of the types (see the module documentation).
#[allow(clippy::too_many_arguments)]
fn dot(
    at: Elem,
    ct: Elem,
    dt: Elem,
    rnd: u8,
    satf: bool,
    xor: Option<bool>,
    c: u64,
    pairs: impl Iterator<Item = (u64, u64)>,
) -> u64 {
    if at == Elem::F64 {
        let mut acc = f64::from_bits(c);
        for (a, b) in pairs {
            let (a, b) = (f64::from_bits(a), f64::from_bits(b));
            acc = match rnd {
                RZ => fma_r::<f64, RZ>(a, b, acc),
                RM => fma_r::<f64, RM>(a, b, acc),
                RP => fma_r::<f64, RP>(a, b, acc),
                _ => fma_r::<f64, RN>(a, b, acc),
            };
        }
        return acc.to_bits();
    }
    if at.is_float() {
        let mut acc = ct.float(c) as f32;
        for (a, b) in pairs {
            // The product of two f16/bf16/tf32 values is exact in f32.
            acc += (at.float(a) * at.float(b)) as f32;
        }
        if dt == Elem::F16 {
            let x = if satf && acc.is_infinite() { acc.signum() * 65504.0 } else { acc };
            return f64_to_f16(x as f64, RN) as u64;
        }
        let x = if satf && acc.is_infinite() { acc.signum() * f32::MAX } else { acc };
        return x.to_bits() as u64;
    }
    let mut acc = Elem::S32.int(c);
    for (a, b) in pairs {
        acc += match xor {
            Some(true) => (a ^ b).count_ones() as i64,
            Some(false) => (a & b).count_ones() as i64,
            None => at.int(a) * at.int(b),
        };
    }
    let r = if satf { acc.clamp(i32::MIN as i64, i32::MAX as i64) } else { acc };
    r as i32 as u32 as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_covers_each_element_once_per_repetition() {
        for (frag, ty, shape, regs) in [
            (Frag::A, Elem::F16, (16, 16, 16), 8),
            (Frag::A, Elem::F16, (32, 8, 16), 8),
            (Frag::B, Elem::F16, (32, 8, 16), 8),
            (Frag::C, Elem::F32, (8, 32, 16), 8),
            (Frag::A, Elem::U8, (16, 16, 16), 2),
            (Frag::B, Elem::Tf32, (16, 16, 8), 4),
            (Frag::C, Elem::F64, (8, 8, 4), 2),
            (Frag::A, Elem::B1, (8, 8, 128), 1),
        ] {
            let s = FragSpec::new(frag, ty, shape, regs).unwrap();
            let mut seen = vec![0u32; (s.rows * s.cols) as usize];
            for l in 0..32 {
                for k in 0..s.per_lane() {
                    let (r, c) = s.coord(l, k);
                    seen[(r * s.cols + c) as usize] += 1;
                }
            }
            assert!(seen.iter().all(|&n| n == 1), "{frag:?} {ty:?} {shape:?}");
        }
        assert!(FragSpec::new(Frag::C, Elem::F32, (16, 16, 16), 4).is_err());
        assert!(FragSpec::new(Frag::A, Elem::U8, (16, 16, 16), 8).is_err());
    }

    #[test]
    fn dot_products_in_each_precision() {
        let h = |x: f64| f64_to_f16(x, RN) as u64;
        let pairs = vec![(h(1.5), h(2.0)), (h(-0.25), h(4.0))];
        let r = dot(Elem::F16, Elem::F32, Elem::F32, RN, false, None, 10f32.to_bits() as u64, pairs.into_iter());
        assert_eq!(f32::from_bits(r as u32), 12.0);
        // tf32 ignores the low 13 mantissa bits.
        let x = f32::from_bits(1.0f32.to_bits() | 0x1fff) as f64;
        let t = |v: f64| (v as f32).to_bits() as u64;
        let r = dot(Elem::Tf32, Elem::F32, Elem::F32, RN, false, None, 0, [(t(x), t(1.0))].into_iter());
        assert_eq!(f32::from_bits(r as u32), 1.0);
        // s8 products accumulate in s32; .satfinite clamps.
        let r = dot(Elem::S8, Elem::S32, Elem::S32, RN, false, None, 5, [(0xff, 3), (2, 0x80)].into_iter());
        assert_eq!(r as u32 as i32, 5 - 3 - 256);
        let big = i32::MAX as u32 as u64;
        assert_eq!(dot(Elem::U8, Elem::S32, Elem::S32, RN, true, None, big, [(255, 255)].into_iter()), big);
        assert_eq!(dot(Elem::U8, Elem::S32, Elem::S32, RN, false, None, big, [(1, 1)].into_iter()), 1 << 31);
        // b1: popc(a xor b).
        assert_eq!(dot(Elem::B1, Elem::S32, Elem::S32, RN, false, Some(true), 1, [(1, 0), (1, 1)].into_iter()), 2);
    }
}
