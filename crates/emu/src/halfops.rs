//! Half-precision arithmetic: `.f16`, `.bf16` and the packed `.f16x2`, `.bf16x2` forms.
//!
//! Operands are widened to `f64` exactly, the operation is computed in `f64` and rounded once to the 16-bit format
//! with the instruction's rounding mode. For `add`, `sub` and `mul` the `f64` result is exact (two 11- or 8-bit
//! significands), so the final rounding is the only one; for `fma` and `div` the double rounding is innocuous in
//! round-to-nearest (53 ≥ 2·11 + 2). Packed forms apply the operation to the low and high halves independently.
//! These run through a per-lane `match` rather than monomorphised lane functions: half precision is rare in the
//! kernels the emulator referees, and this keeps the code small.

use crate::floatops::{bf16_to_f32, f16_to_f32, fmax, fmin, FCmp, RM, RN, RP, RZ};

/// The 16-bit format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HalfFmt {
    /// IEEE binary16.
    F16,
    /// bfloat16.
    BF16,
}

/// Half-precision operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum HalfOp {
    Add,
    Sub,
    Mul,
    Div,
    Fma,
    Neg,
    Abs,
    Min,
    Max,
    MinNaN,
    MaxNaN,
}

/// Modifiers of a half-precision instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HalfMods {
    /// Format.
    pub fmt: HalfFmt,
    /// Packed pair (`x2`).
    pub x2: bool,
    /// Rounding mode.
    pub rnd: u8,
    /// `.ftz`: subnormal inputs and results flush to zero.
    pub ftz: bool,
    /// `.sat`: results clamp to [0, 1].
    pub sat: bool,
    /// `.relu`: negative results become +0.
    pub relu: bool,
}

/// Widens one 16-bit value.
pub fn to_f64(bits: u16, fmt: HalfFmt) -> f64 {
    match fmt {
        HalfFmt::F16 => f16_to_f32(bits) as f64,
        HalfFmt::BF16 => bf16_to_f32(bits) as f64,
    }
}

/// Rounds `x` to a binary format with `man` stored significand bits and `exp` exponent bits, mode `rnd`.
pub fn round_to(x: f64, rnd: u8, man: u32, exp: u32) -> u16 {
    let sign: u16 = if x.is_sign_negative() { 1 << 15 } else { 0 };
    let inf = (((1u32 << exp) - 1) << man) as u16;
    if x.is_nan() {
        // The canonical NaN of both formats.
        return 0x7FFF;
    }
    let a = x.abs();
    if a.is_infinite() {
        return sign | inf;
    }
    let bias = (1i32 << (exp - 1)) - 1;
    let emin = 1 - bias;
    let e = if a == 0.0 { emin } else { (((a.to_bits() >> 52) & 0x7FF) as i32 - 1023).max(emin) };
    let ulp = 2f64.powi(e - man as i32);
    let scaled = a / ulp;
    let neg = sign != 0;
    let r = match rnd {
        RZ => scaled.trunc(),
        RM => {
            if neg {
                scaled.ceil()
            } else {
                scaled.floor()
            }
        }
        RP => {
            if neg {
                scaled.floor()
            } else {
                scaled.ceil()
            }
        }
        _ => scaled.round_ties_even(),
    };
    let v = r * ulp;
    let max = (2.0 - 2f64.powi(-(man as i32))) * 2f64.powi(bias);
    if v > max {
        let to_inf = match rnd {
            RZ => false,
            RM => neg,
            RP => !neg,
            _ => true,
        };
        return sign | if to_inf { inf } else { inf - 1 };
    }
    if v == 0.0 {
        return sign;
    }
    let ve = ((v.to_bits() >> 52) & 0x7FF) as i32 - 1023;
    if ve < emin {
        // Subnormal: the significand is v / 2^(emin - man).
        return sign | (v / 2f64.powi(emin - man as i32)) as u16;
    }
    let frac = ((v / 2f64.powi(ve) - 1.0) * 2f64.powi(man as i32)) as u16;
    sign | (((ve + bias) as u16) << man) | frac
}

/// Narrows `x` to the format with rounding `rnd`.
pub fn from_f64(x: f64, fmt: HalfFmt, rnd: u8) -> u16 {
    match fmt {
        HalfFmt::F16 => round_to(x, rnd, 10, 5),
        HalfFmt::BF16 => round_to(x, rnd, 7, 8),
    }
}

fn is_sub(x: f64, fmt: HalfFmt) -> bool {
    let min_normal = match fmt {
        HalfFmt::F16 => 2f64.powi(-14),
        HalfFmt::BF16 => 2f64.powi(-126),
    };
    x != 0.0 && x.abs() < min_normal
}

fn one(op: HalfOp, m: &HalfMods, a: u16, b: u16, c: u16) -> u16 {
    let flush = |x: f64| if m.ftz && is_sub(x, m.fmt) { 0.0f64.copysign(x) } else { x };
    let (x, y, z) = (flush(to_f64(a, m.fmt)), flush(to_f64(b, m.fmt)), flush(to_f64(c, m.fmt)));
    let nan = || from_f64(f64::NAN, m.fmt, RN);
    let r = match op {
        HalfOp::Add => x + y,
        HalfOp::Sub => x - y,
        HalfOp::Mul => x * y,
        HalfOp::Div => x / y,
        HalfOp::Fma => x.mul_add(y, z),
        HalfOp::Neg => return a ^ 0x8000,
        HalfOp::Abs => return a & 0x7FFF,
        HalfOp::Min => fmin(x, y),
        HalfOp::Max => fmax(x, y),
        HalfOp::MinNaN | HalfOp::MaxNaN if x.is_nan() || y.is_nan() => return nan(),
        HalfOp::MinNaN => fmin(x, y),
        HalfOp::MaxNaN => fmax(x, y),
    };
    let mut r = flush(r);
    if m.sat {
        r = if r.is_nan() || r <= 0.0 { 0.0 } else { r.min(1.0) };
    }
    if m.relu && r < 0.0 {
        r = 0.0;
    }
    let bits = from_f64(r, m.fmt, m.rnd);
    if m.ftz && is_sub(to_f64(bits, m.fmt), m.fmt) {
        bits & 0x8000
    } else {
        bits
    }
}

/// One lane of a half-precision operation (`c` only for `fma`).
pub fn lane(op: HalfOp, m: &HalfMods, a: u64, b: u64, c: u64) -> u64 {
    let lo = one(op, m, a as u16, b as u16, c as u16) as u64;
    if m.x2 {
        let hi = one(op, m, (a >> 16) as u16, (b >> 16) as u16, (c >> 16) as u16) as u64;
        lo | hi << 16
    } else {
        lo
    }
}

/// A half-precision comparison of one 16-bit pair.
pub fn compare(op: FCmp, fmt: HalfFmt, ftz: bool, a: u16, b: u16) -> bool {
    let flush = |x: f64| if ftz && is_sub(x, fmt) { 0.0 } else { x };
    let (x, y) = (flush(to_f64(a, fmt)), flush(to_f64(b, fmt)));
    let u = x.is_nan() || y.is_nan();
    match op {
        FCmp::Eq => !u && x == y,
        FCmp::Ne => !u && x != y,
        FCmp::Lt => !u && x < y,
        FCmp::Le => !u && x <= y,
        FCmp::Gt => !u && x > y,
        FCmp::Ge => !u && x >= y,
        FCmp::Equ => u || x == y,
        FCmp::Neu => u || x != y,
        FCmp::Ltu => u || x < y,
        FCmp::Leu => u || x <= y,
        FCmp::Gtu => u || x > y,
        FCmp::Geu => u || x >= y,
        FCmp::Num => !u,
        FCmp::Nan => u,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const F16: HalfMods = HalfMods { fmt: HalfFmt::F16, x2: false, rnd: RN, ftz: false, sat: false, relu: false };

    #[test]
    fn rounding_to_half_formats() {
        assert_eq!(from_f64(1.0, HalfFmt::F16, RN), 0x3C00);
        assert_eq!(from_f64(65504.0, HalfFmt::F16, RN), 0x7BFF);
        assert_eq!(from_f64(1e6, HalfFmt::F16, RN), 0x7C00);
        assert_eq!(from_f64(1e6, HalfFmt::F16, RZ), 0x7BFF);
        assert_eq!(from_f64(2f64.powi(-24), HalfFmt::F16, RN), 1);
        assert_eq!(from_f64(-2.0, HalfFmt::F16, RN), 0xC000);
        assert_eq!(from_f64(1.0 + 2f64.powi(-11), HalfFmt::F16, RN), 0x3C00);
        assert_eq!(from_f64(1.0 + 2f64.powi(-11), HalfFmt::F16, RP), 0x3C01);
        assert_eq!(from_f64(1.0, HalfFmt::BF16, RN), 0x3F80);
        assert_eq!(from_f64(3.0, HalfFmt::BF16, RN), 0x4040);
        assert!(to_f64(from_f64(f64::NAN, HalfFmt::F16, RN), HalfFmt::F16).is_nan());
        assert!(to_f64(from_f64(f64::NAN, HalfFmt::BF16, RN), HalfFmt::BF16).is_nan());
    }

    #[test]
    fn arithmetic() {
        let h = |x: f64| from_f64(x, HalfFmt::F16, RN) as u64;
        assert_eq!(lane(HalfOp::Add, &F16, h(1.5), h(2.25), 0), h(3.75));
        assert_eq!(lane(HalfOp::Mul, &F16, h(3.0), h(-0.5), 0), h(-1.5));
        assert_eq!(lane(HalfOp::Fma, &F16, h(2.0), h(3.0), h(1.0)), h(7.0));
        assert_eq!(lane(HalfOp::Neg, &F16, h(2.0), 0, 0), h(-2.0));
        let x2 = HalfMods { x2: true, ..F16 };
        assert_eq!(lane(HalfOp::Sub, &x2, h(1.0) | h(4.0) << 16, h(0.5) | h(1.0) << 16, 0), h(0.5) | h(3.0) << 16);
        assert!(compare(FCmp::Lt, HalfFmt::F16, false, h(1.0) as u16, h(2.0) as u16));
        let sat = HalfMods { sat: true, ..F16 };
        assert_eq!(lane(HalfOp::Add, &sat, h(0.75), h(0.75), 0), h(1.0));
    }
}
