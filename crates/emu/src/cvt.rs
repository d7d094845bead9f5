//! `cvt`: conversions between integer and floating-point types with PTX rounding, saturation and flush-to-zero.
//!
//! Integer → integer conversions sign- or zero-extend from the source width and truncate (or with `.sat` clamp) to
//! the destination; a signed integer result is sign-extended to the width of a wider destination register. Float → integer conversions round with the `.rni/.rzi/.rmi/.rpi` mode and saturate, NaN → 0
//! (Rust's `as` has exactly these semantics after rounding). Integer → float and narrowing float → float
//! conversions round with `.rn/.rz/.rm/.rp`, exactly: the nearest result is compared with the exact source value
//! and moved one ulp when the mode requires it.

use crate::floatops::{bf16_to_f32, f16_to_f32, f32_to_bf16, f64_to_f16, RM, RN, RP, RZ};
use crate::lanes::{sext, trunc};
use crate::ptx::ast::Ty;

/// A decoded conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Conv {
    /// Destination type.
    pub dst: Ty,
    /// Source type.
    pub src: Ty,
    /// Integer rounding (`.rni` ...), as a float rounding constant.
    pub irnd: Option<u8>,
    /// Float rounding (`.rn` ...).
    pub frnd: u8,
    /// `.ftz`
    pub ftz: bool,
    /// `.sat`
    pub sat: bool,
    /// Width of the destination register (at least the destination type's): a signed integer result is
    /// sign-extended to it.
    pub reg_bits: u32,
}

fn int_ty(t: Ty) -> bool {
    !t.is_float() && t != Ty::Pred
}

/// Reads a float source as f64 (exact), flushing f32 subnormals under `ftz`.
fn read_float(t: Ty, v: u64, ftz: bool) -> f64 {
    match t {
        Ty::F32 => {
            let x = f32::from_bits(v as u32);
            if ftz && x.is_subnormal() {
                if x.is_sign_negative() {
                    -0.0
                } else {
                    0.0
                }
            } else {
                x as f64
            }
        }
        Ty::F64 => f64::from_bits(v),
        Ty::F16 => f16_to_f32(v as u16) as f64,
        Ty::BF16 => bf16_to_f32(v as u16) as f64,
        _ => 0.0,
    }
}

fn f64_to_f32_rounded(x: f64, rnd: u8) -> f32 {
    let r = x as f32;
    if rnd == RN || x.is_nan() {
        return r;
    }
    if r.is_infinite() && x.is_finite() {
        let pos = x > 0.0;
        return match (rnd, pos) {
            (RZ, true) | (RM, true) => f32::MAX,
            (RZ, false) | (RP, false) => -f32::MAX,
            _ => r,
        };
    }
    let rd = r as f64;
    if rd > x && (rnd == RM || (rnd == RZ && x > 0.0)) {
        r.next_down()
    } else if rd < x && (rnd == RP || (rnd == RZ && x < 0.0)) {
        r.next_up()
    } else {
        r
    }
}

fn saturate01(x: f64, sat: bool) -> f64 {
    if !sat {
        x
    } else if x.is_nan() || x <= 0.0 {
        0.0
    } else if x > 1.0 {
        1.0
    } else {
        x
    }
}

/// Writes an exact-or-f64 value to a float destination with rounding `rnd`.
fn write_float(t: Ty, x: f64, rnd: u8, ftz: bool, sat: bool) -> u64 {
    let x = saturate01(x, sat);
    match t {
        Ty::F64 => x.to_bits(),
        Ty::F32 => {
            let mut r = f64_to_f32_rounded(x, rnd);
            if ftz && r.is_subnormal() {
                r = if r.is_sign_negative() { -0.0 } else { 0.0 };
            }
            r.to_bits() as u64
        }
        Ty::F16 => f64_to_f16(x, rnd) as u64,
        Ty::BF16 => f32_to_bf16(f64_to_f32_rounded(x, if rnd == RZ { RZ } else { RN }), rnd) as u64,
        _ => 0,
    }
}

/// Converts an exact integer (i128) to a float type with rounding `rnd`.
fn int_to_float(t: Ty, v: i128, rnd: u8, sat: bool) -> u64 {
    if sat {
        return write_float(t, saturate01(v as f64, true), RN, false, false);
    }
    match t {
        Ty::F64 => {
            let r = v as f64;
            let ri = r as i128;
            let r = if rnd != RN && ri > v && (rnd == RM || (rnd == RZ && v > 0)) {
                r.next_down()
            } else if rnd != RN && ri < v && (rnd == RP || (rnd == RZ && v < 0)) {
                r.next_up()
            } else {
                r
            };
            r.to_bits()
        }
        Ty::F32 => {
            let r = v as f32;
            let ri = r as i128;
            let r = if rnd != RN && ri > v && (rnd == RM || (rnd == RZ && v > 0)) {
                r.next_down()
            } else if rnd != RN && ri < v && (rnd == RP || (rnd == RZ && v < 0)) {
                r.next_up()
            } else {
                r
            };
            r.to_bits() as u64
        }
        _ => write_float(t, v as f64, rnd, false, false),
    }
}

fn round_integral(x: f64, irnd: u8) -> f64 {
    match irnd {
        RZ => x.trunc(),
        RM => x.floor(),
        RP => x.ceil(),
        _ => x.round_ties_even(),
    }
}

fn float_to_int(t: Ty, x: f64) -> u64 {
    match t {
        Ty::S8 => (x as i8) as u8 as u64,
        Ty::S16 => (x as i16) as u16 as u64,
        Ty::S32 => (x as i32) as u32 as u64,
        Ty::S64 => (x as i64) as u64,
        Ty::U8 | Ty::B8 => (x as u8) as u64,
        Ty::U16 | Ty::B16 => (x as u16) as u64,
        Ty::U32 | Ty::B32 => (x as u32) as u64,
        _ => x as u64,
    }
}

fn int_value(t: Ty, v: u64) -> i128 {
    if t.is_signed() {
        sext(v, t.bits()) as i128
    } else {
        trunc(v, t.bits()) as i128
    }
}

fn clamp_int(t: Ty, v: i128) -> u64 {
    let bits = t.bits();
    let (lo, hi): (i128, i128) =
        if t.is_signed() { (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1) } else { (0, (1i128 << bits) - 1) };
    trunc(v.clamp(lo, hi) as u64, bits)
}

/// Converts one lane. An integer result of a signed destination type narrower than the destination register is
/// sign-extended to the register's width, as the hardware does (checked on an H200: `cvt.s8.s32` of 0xe8 gives
/// 0xffe8 in a `.b16` register and 0xffffffe8 in a `.b32` one); unsigned results are zero-extended.
pub fn convert(c: &Conv, v: u64) -> u64 {
    let r = convert_narrow(c, v);
    if int_ty(c.dst) && c.dst.is_signed() && c.reg_bits > c.dst.bits() {
        trunc(sext(r, c.dst.bits()) as u64, c.reg_bits)
    } else {
        r
    }
}

/// [`convert`] with the result in the low bits of the destination type only.
fn convert_narrow(c: &Conv, v: u64) -> u64 {
    let (d, s) = (c.dst, c.src);
    match (int_ty(d), int_ty(s)) {
        (true, true) => {
            let x = int_value(s, v);
            if c.sat {
                clamp_int(d, x)
            } else {
                trunc(x as u64, d.bits())
            }
        }
        (false, true) => int_to_float(d, int_value(s, v), c.frnd, c.sat),
        (true, false) => {
            let x = read_float(s, v, c.ftz);
            float_to_int(d, round_integral(x, c.irnd.unwrap_or(RZ)))
        }
        (false, false) => {
            let x = read_float(s, v, c.ftz);
            if let Some(ir) = c.irnd {
                let r = if x.is_finite() { round_integral(x, ir) } else { x };
                write_float(d, r, RN, c.ftz, c.sat)
            } else if d == s && d == Ty::F32 && !c.ftz && !c.sat {
                v
            } else {
                write_float(d, x, c.frnd, c.ftz, c.sat)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cv(dst: Ty, src: Ty, irnd: Option<u8>, frnd: u8, v: u64) -> u64 {
        convert(&Conv { dst, src, irnd, frnd, ftz: false, sat: false, reg_bits: dst.bits() }, v)
    }

    #[test]
    fn signed_results_fill_a_wider_register() {
        let c = |dst: Ty, src: Ty, reg_bits: u32, v: u64| {
            convert(&Conv { dst, src, irnd: None, frnd: RN, ftz: false, sat: false, reg_bits }, v)
        };
        // As on an H200: cvt.s8.s32 of ...e8 into a .b16 and a .b32 register; cvt.u8 zero-extends.
        assert_eq!(c(Ty::S8, Ty::S32, 16, 0x1_23e8), 0xffe8);
        assert_eq!(c(Ty::S8, Ty::S32, 32, 0x1_23e8), 0xffff_ffe8);
        assert_eq!(c(Ty::U8, Ty::S32, 16, 0x1_23e8), 0xe8);
        assert_eq!(c(Ty::S8, Ty::S16, 16, 0x1239), 0x39);
        assert_eq!(c(Ty::S16, Ty::S32, 64, 0x8000), 0xffff_ffff_ffff_8000);
        assert_eq!(c(Ty::S32, Ty::F32, 32, (-2.0f32).to_bits() as u64), 0xffff_fffe);
    }

    #[test]
    fn conversions() {
        assert_eq!(cv(Ty::S64, Ty::S32, None, RN, 0xFFFF_FFFF), u64::MAX);
        assert_eq!(cv(Ty::U64, Ty::U32, None, RN, 0xFFFF_FFFF), 0xFFFF_FFFF);
        assert_eq!(cv(Ty::U16, Ty::U32, None, RN, 0x1_2345), 0x2345);
        assert_eq!(cv(Ty::F32, Ty::S32, None, RN, (-3i32) as u32 as u64), (-3.0f32).to_bits() as u64);
        assert_eq!(cv(Ty::S32, Ty::F32, Some(RZ), RN, 2.7f32.to_bits() as u64), 2);
        assert_eq!(cv(Ty::S32, Ty::F32, Some(RN), RN, 2.5f32.to_bits() as u64), 2);
        assert_eq!(cv(Ty::S32, Ty::F32, Some(RM), RN, (-2.5f32).to_bits() as u64), (-3i32) as u32 as u64);
        assert_eq!(cv(Ty::U32, Ty::F32, Some(RZ), RN, (-2.5f32).to_bits() as u64), 0);
        assert_eq!(cv(Ty::S32, Ty::F32, Some(RZ), RN, f32::NAN.to_bits() as u64), 0);
        assert_eq!(cv(Ty::S32, Ty::F64, Some(RZ), RN, 1e20f64.to_bits()), 0x7FFF_FFFF);
        let third = (1.0f64 / 3.0).to_bits();
        assert!(
            f32::from_bits(cv(Ty::F32, Ty::F64, None, RP, third) as u32)
                > f32::from_bits(cv(Ty::F32, Ty::F64, None, RM, third) as u32)
        );
        assert_eq!(cv(Ty::F32, Ty::U32, None, RZ, 16_777_217), 16_777_216f32.to_bits() as u64);
        assert_eq!(cv(Ty::F32, Ty::U32, None, RP, 16_777_217), 16_777_218f32.to_bits() as u64);
        assert_eq!(cv(Ty::F32, Ty::F16, None, RN, 0x3C00), 1.0f32.to_bits() as u64);
        assert_eq!(cv(Ty::F32, Ty::F32, Some(RN), RN, 2.5f32.to_bits() as u64), 2.0f32.to_bits() as u64);
    }
}
