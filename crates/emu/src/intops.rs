//! Integer lane operations, monomorphised per PTX type.
//!
//! Each operation is a generic function over [`Int`] that loops over all 32 lanes (inactive lanes compute garbage
//! that is never written back, which keeps the loops branch-free and vectorisable); the decoder picks the
//! instantiation for the instruction's type once, so executing an instruction is one indirect call. Operations that
//! can fault (division) are checked by the engine on active lanes before the call.

use crate::lanes::{Lanes, Scalar, F1, F2, F3};
use crate::ptx::ast::Ty;

/// A PTX integer type as a Rust integer.
pub trait Int: Scalar + Copy + Ord + Eq + Default {
    /// Width in bits.
    const BITS: u32;
    /// Signedness.
    const SIGNED: bool;
    /// Wrapping `+`.
    fn wadd(self, o: Self) -> Self;
    /// Wrapping `-`.
    fn wsub(self, o: Self) -> Self;
    /// Wrapping `*`.
    fn wmul(self, o: Self) -> Self;
    /// High half of the double-width product.
    fn mulhi(self, o: Self) -> Self;
    /// The full double-width product as lane bits (for `mul.wide`; 128-bit results are truncated to 64).
    fn mulwide(self, o: Self) -> u64;
    /// Division (the divisor is non-zero; `MIN / -1` wraps).
    fn div(self, o: Self) -> Self;
    /// Remainder (the divisor is non-zero).
    fn rem(self, o: Self) -> Self;
    /// Shift left; amounts ≥ width give 0.
    fn shl(self, n: u32) -> Self;
    /// Shift right (arithmetic when signed); amounts ≥ width clamp.
    fn shr(self, n: u32) -> Self;
    /// Absolute value (wrapping).
    fn abs(self) -> Self;
    /// Negation (wrapping).
    fn neg(self) -> Self;
    /// Saturating `+`.
    fn sadd(self, o: Self) -> Self;
    /// Saturating `-`.
    fn ssub(self, o: Self) -> Self;
    /// Zero-extended bits.
    fn bits64(self) -> u64;
}

macro_rules! impl_int {
    ($t:ty, $w:ty, $signed:expr) => {
        impl Int for $t {
            const BITS: u32 = <$t>::BITS;
            const SIGNED: bool = $signed;
            #[inline(always)]
            fn wadd(self, o: Self) -> Self {
                self.wrapping_add(o)
            }
            #[inline(always)]
            fn wsub(self, o: Self) -> Self {
                self.wrapping_sub(o)
            }
            #[inline(always)]
            fn wmul(self, o: Self) -> Self {
                self.wrapping_mul(o)
            }
            #[inline(always)]
            fn mulhi(self, o: Self) -> Self {
                ((self as $w * o as $w) >> <$t>::BITS) as $t
            }
            #[inline(always)]
            fn mulwide(self, o: Self) -> u64 {
                (self as $w).wrapping_mul(o as $w) as u64
            }
            #[inline(always)]
            fn div(self, o: Self) -> Self {
                if o == 0 {
                    0
                } else {
                    self.wrapping_div(o)
                }
            }
            #[inline(always)]
            fn rem(self, o: Self) -> Self {
                if o == 0 {
                    0
                } else {
                    self.wrapping_rem(o)
                }
            }
            #[inline(always)]
            fn shl(self, n: u32) -> Self {
                if n >= <$t>::BITS {
                    0
                } else {
                    self << n
                }
            }
            #[inline(always)]
            fn shr(self, n: u32) -> Self {
                self >> n.min(<$t>::BITS - 1) >> (if n >= <$t>::BITS { 1 } else { 0 })
            }
            #[inline(always)]
            fn abs(self) -> Self {
                if $signed && self < (0 as $t) {
                    (0 as $t).wrapping_sub(self)
                } else {
                    self
                }
            }
            #[inline(always)]
            fn neg(self) -> Self {
                (0 as $t).wrapping_sub(self)
            }
            #[inline(always)]
            fn sadd(self, o: Self) -> Self {
                self.saturating_add(o)
            }
            #[inline(always)]
            fn ssub(self, o: Self) -> Self {
                self.saturating_sub(o)
            }
            #[inline(always)]
            fn bits64(self) -> u64 {
                self.to_lane()
            }
        }
    };
}
impl_int!(u8, u16, false);
impl_int!(u16, u32, false);
impl_int!(u32, u64, false);
impl_int!(u64, u128, false);
impl_int!(i8, i16, true);
impl_int!(i16, i32, true);
impl_int!(i32, i64, true);
impl_int!(i64, i128, true);

/// Binary integer operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum IntOp2 {
    Add,
    Sub,
    MulLo,
    MulHi,
    MulWide,
    Min,
    Max,
    Div,
    Rem,
    And,
    Or,
    Xor,
    Shl,
    Shr,
    AddSat,
    SubSat,
}

/// Unary integer operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum IntOp1 {
    Abs,
    Neg,
    Not,
    Cnot,
    Popc,
    Clz,
    Brev,
    Bfind,
    BfindShift,
}

/// Ternary integer operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum IntOp3 {
    MadLo,
    MadHi,
    MadWide,
    Bfe,
    ShfL,
    ShfR,
    ShfLClamp,
    ShfRClamp,
    Sad,
}

macro_rules! lanes2 {
    ($name:ident, |$a:ident, $b:ident| $e:expr) => {
        fn $name<T: Int>(x: &Lanes, y: &Lanes, o: &mut Lanes) {
            for i in 0..32 {
                let $a = T::from_lane(x[i]);
                let $b = T::from_lane(y[i]);
                o[i] = $e;
            }
        }
    };
}
lanes2!(add, |a, b| a.wadd(b).to_lane());
lanes2!(sub, |a, b| a.wsub(b).to_lane());
lanes2!(mullo, |a, b| a.wmul(b).to_lane());
lanes2!(mulhi, |a, b| a.mulhi(b).to_lane());
lanes2!(mulwide, |a, b| a.mulwide(b));
lanes2!(min, |a, b| a.min(b).to_lane());
lanes2!(max, |a, b| a.max(b).to_lane());
lanes2!(div, |a, b| a.div(b).to_lane());
lanes2!(rem, |a, b| a.rem(b).to_lane());
lanes2!(and, |a, b| a.bits64() & b.bits64());
lanes2!(or, |a, b| a.bits64() | b.bits64());
lanes2!(xor, |a, b| a.bits64() ^ b.bits64());
lanes2!(addsat, |a, b| a.sadd(b).to_lane());
lanes2!(subsat, |a, b| a.ssub(b).to_lane());

fn shl<T: Int>(x: &Lanes, y: &Lanes, o: &mut Lanes) {
    for i in 0..32 {
        o[i] = T::from_lane(x[i]).shl(y[i] as u32).to_lane();
    }
}

fn shr<T: Int>(x: &Lanes, y: &Lanes, o: &mut Lanes) {
    for i in 0..32 {
        o[i] = T::from_lane(x[i]).shr(y[i] as u32).to_lane();
    }
}

macro_rules! lanes1 {
    ($name:ident, |$a:ident| $e:expr) => {
        fn $name<T: Int>(x: &Lanes, o: &mut Lanes) {
            for i in 0..32 {
                let $a = T::from_lane(x[i]);
                o[i] = $e;
            }
        }
    };
}
lanes1!(abs, |a| a.abs().to_lane());
lanes1!(neg, |a| a.neg().to_lane());
lanes1!(not, |a| crate::lanes::trunc(!a.bits64(), T::BITS));
lanes1!(cnot, |a| (a.bits64() == 0) as u64);
lanes1!(popc, |a| a.bits64().count_ones() as u64);
lanes1!(clz, |a| (a.bits64().leading_zeros() - (64 - T::BITS)) as u64);
lanes1!(brev, |a| a.bits64().reverse_bits() >> (64 - T::BITS));
lanes1!(bfind, |a| bfind_one::<T>(a, false));
lanes1!(bfind_shift, |a| bfind_one::<T>(a, true));

fn bfind_one<T: Int>(a: T, shift: bool) -> u64 {
    let mut v = a.bits64();
    if T::SIGNED && (v >> (T::BITS - 1)) & 1 == 1 {
        v = crate::lanes::trunc(!v, T::BITS);
    }
    if v == 0 {
        return 0xFFFF_FFFF;
    }
    let msb = 63 - v.leading_zeros();
    if shift {
        (T::BITS - 1 - msb) as u64
    } else {
        msb as u64
    }
}

macro_rules! lanes3 {
    ($name:ident, |$a:ident, $b:ident, $c:ident| $e:expr) => {
        fn $name<T: Int>(x: &Lanes, y: &Lanes, z: &Lanes, o: &mut Lanes) {
            for i in 0..32 {
                let $a = T::from_lane(x[i]);
                let $b = T::from_lane(y[i]);
                let $c = z[i];
                o[i] = $e;
            }
        }
    };
}
lanes3!(madlo, |a, b, c| a.wmul(b).wadd(T::from_lane(c)).to_lane());
lanes3!(madhi, |a, b, c| a.mulhi(b).wadd(T::from_lane(c)).to_lane());
lanes3!(madwide, |a, b, c| a.mulwide(b).wrapping_add(c));
lanes3!(bfe, |a, b, c| bfe_one::<T>(a, b.bits64() as u8 as u32, c as u8 as u32));
lanes3!(shfl, |a, b, c| funnel(a.bits64() as u32, b.bits64() as u32, c as u32, true, false));
lanes3!(shfr, |a, b, c| funnel(a.bits64() as u32, b.bits64() as u32, c as u32, false, false));
lanes3!(shfl_clamp, |a, b, c| funnel(a.bits64() as u32, b.bits64() as u32, c as u32, true, true));
lanes3!(shfr_clamp, |a, b, c| funnel(a.bits64() as u32, b.bits64() as u32, c as u32, false, true));
lanes3!(sad, |a, b, c| {
    let d = if a > b { a.wsub(b) } else { b.wsub(a) };
    d.to_lane().wrapping_add(c) & crate::lanes::trunc(u64::MAX, T::BITS)
});

fn bfe_one<T: Int>(a: T, pos: u32, len: u32) -> u64 {
    let bits = T::BITS;
    let v = a.bits64();
    let msb = if T::SIGNED {
        if len == 0 {
            false
        } else {
            let p = (pos + len - 1).min(bits - 1);
            (v >> p) & 1 == 1
        }
    } else {
        false
    };
    let mut d = 0u64;
    for i in 0..bits {
        let bit = if i < len && pos + i < bits { (v >> (pos + i)) & 1 == 1 } else { msb };
        d |= (bit as u64) << i;
    }
    d
}

/// `shf`: funnel shift of the 64-bit value `b:a`.
fn funnel(a: u32, b: u32, n: u32, left: bool, clamp: bool) -> u64 {
    let n = if clamp { n.min(32) } else { n & 31 };
    let v = ((b as u64) << 32) | a as u64;
    if left {
        ((v << n) >> 32) as u32 as u64
    } else {
        (v >> n) as u32 as u64
    }
}

fn mul24_one<const SIGNED: bool, const HI: bool>(a: u64, b: u64) -> u64 {
    let ext = |v: u64| -> i64 {
        if SIGNED {
            crate::lanes::sext(v & 0xFF_FFFF, 24)
        } else {
            (v & 0xFF_FFFF) as i64
        }
    };
    let p = ext(a) * ext(b);
    (if HI { (p >> 16) as u32 } else { p as u32 }) as u64
}

fn mul24<const SIGNED: bool, const HI: bool>(x: &Lanes, y: &Lanes, o: &mut Lanes) {
    for i in 0..32 {
        o[i] = mul24_one::<SIGNED, HI>(x[i], y[i]);
    }
}

fn mad24<const SIGNED: bool, const HI: bool>(x: &Lanes, y: &Lanes, z: &Lanes, o: &mut Lanes) {
    for i in 0..32 {
        o[i] = (mul24_one::<SIGNED, HI>(x[i], y[i]) as u32).wrapping_add(z[i] as u32) as u64;
    }
}

/// `mul24.lo/hi` (`hi`) on `.u32` or `.s32` (`signed`).
pub fn mul24_fn(signed: bool, hi: bool) -> F2 {
    match (signed, hi) {
        (false, false) => mul24::<false, false>,
        (false, true) => mul24::<false, true>,
        (true, false) => mul24::<true, false>,
        (true, true) => mul24::<true, true>,
    }
}

/// `mad24.lo/hi` (`hi`) on `.u32` or `.s32` (`signed`).
pub fn mad24_fn(signed: bool, hi: bool) -> F3 {
    match (signed, hi) {
        (false, false) => mad24::<false, false>,
        (false, true) => mad24::<false, true>,
        (true, false) => mad24::<true, false>,
        (true, true) => mad24::<true, true>,
    }
}

/// `bfi`: insert the low `len` bits of `a` into `b` at `pos`.
pub fn bfi(a: u64, b: u64, pos: u32, len: u32, bits: u32) -> u64 {
    let mut d = b;
    for i in 0..len.min(bits) {
        if pos + i >= bits {
            break;
        }
        let bit = (a >> i) & 1;
        d = (d & !(1 << (pos + i))) | (bit << (pos + i));
    }
    crate::lanes::trunc(d, bits)
}

/// `prmt.b32` byte permute; `mode` 0 is the default selector form, 1..6 are f4e, b4e, rc8, ecl, ecr, rc16.
pub fn prmt(a: u32, b: u32, c: u32, mode: u8) -> u32 {
    let bytes = ((b as u64) << 32 | a as u64).to_le_bytes();
    let sel = |s: u32, sign_rep: bool| -> u8 {
        let byte = bytes[(s & 7) as usize];
        if sign_rep && s & 8 != 0 {
            if byte & 0x80 != 0 {
                0xFF
            } else {
                0
            }
        } else {
            byte
        }
    };
    let n = c & 3;
    let out: [u8; 4] = match mode {
        0 => [sel(c, true), sel(c >> 4, true), sel(c >> 8, true), sel(c >> 12, true)],
        1 => [sel(n, false), sel(n + 1, false), sel(n + 2, false), sel(n + 3, false)],
        2 => [
            sel(n, false),
            sel(n.wrapping_sub(1) & 7, false),
            sel(n.wrapping_sub(2) & 7, false),
            sel(n.wrapping_sub(3) & 7, false),
        ],
        3 => [bytes[n as usize]; 4],
        4 => {
            let i = n as usize;
            [bytes[i], bytes[i.max(1)], bytes[i.max(2)], bytes[3]]
        }
        5 => {
            let i = n as usize;
            [bytes[0], bytes[i.min(1)], bytes[i.min(2)], bytes[i.min(3)]]
        }
        _ => {
            let h = (n & 1) as usize * 2;
            [bytes[h], bytes[h + 1], bytes[h], bytes[h + 1]]
        }
    };
    u32::from_le_bytes(out)
}

/// `lop3.b32` with truth table `lut`.
#[inline]
pub fn lop3(a: u64, b: u64, c: u64, lut: u8) -> u64 {
    let mut r = 0u64;
    for bit in 0..8u8 {
        if lut >> bit & 1 == 1 {
            let ma = if bit & 4 != 0 { a } else { !a };
            let mb = if bit & 2 != 0 { b } else { !b };
            let mc = if bit & 1 != 0 { c } else { !c };
            r |= ma & mb & mc;
        }
    }
    r & 0xFFFF_FFFF
}

macro_rules! by_type {
    ($ty:expr, $f:ident) => {
        match $ty {
            Ty::U8 | Ty::B8 => Some($f::<u8> as _),
            Ty::U16 | Ty::B16 => Some($f::<u16> as _),
            Ty::U32 | Ty::B32 => Some($f::<u32> as _),
            Ty::U64 | Ty::B64 => Some($f::<u64> as _),
            Ty::S8 => Some($f::<i8> as _),
            Ty::S16 => Some($f::<i16> as _),
            Ty::S32 => Some($f::<i32> as _),
            Ty::S64 => Some($f::<i64> as _),
            _ => None,
        }
    };
}

/// The lane function for a binary integer operation on `ty`.
pub fn int2(op: IntOp2, ty: Ty) -> Option<F2> {
    match op {
        IntOp2::Add => by_type!(ty, add),
        IntOp2::Sub => by_type!(ty, sub),
        IntOp2::MulLo => by_type!(ty, mullo),
        IntOp2::MulHi => by_type!(ty, mulhi),
        IntOp2::MulWide => by_type!(ty, mulwide),
        IntOp2::Min => by_type!(ty, min),
        IntOp2::Max => by_type!(ty, max),
        IntOp2::Div => by_type!(ty, div),
        IntOp2::Rem => by_type!(ty, rem),
        IntOp2::And => by_type!(ty, and),
        IntOp2::Or => by_type!(ty, or),
        IntOp2::Xor => by_type!(ty, xor),
        IntOp2::Shl => by_type!(ty, shl),
        IntOp2::Shr => by_type!(ty, shr),
        IntOp2::AddSat => by_type!(ty, addsat),
        IntOp2::SubSat => by_type!(ty, subsat),
    }
}

/// The lane function for a unary integer operation on `ty`.
pub fn int1(op: IntOp1, ty: Ty) -> Option<F1> {
    match op {
        IntOp1::Abs => by_type!(ty, abs),
        IntOp1::Neg => by_type!(ty, neg),
        IntOp1::Not => by_type!(ty, not),
        IntOp1::Cnot => by_type!(ty, cnot),
        IntOp1::Popc => by_type!(ty, popc),
        IntOp1::Clz => by_type!(ty, clz),
        IntOp1::Brev => by_type!(ty, brev),
        IntOp1::Bfind => by_type!(ty, bfind),
        IntOp1::BfindShift => by_type!(ty, bfind_shift),
    }
}

/// The lane function for a ternary integer operation on `ty`.
pub fn int3(op: IntOp3, ty: Ty) -> Option<F3> {
    match op {
        IntOp3::MadLo => by_type!(ty, madlo),
        IntOp3::MadHi => by_type!(ty, madhi),
        IntOp3::MadWide => by_type!(ty, madwide),
        IntOp3::Bfe => by_type!(ty, bfe),
        IntOp3::ShfL => by_type!(ty, shfl),
        IntOp3::ShfR => by_type!(ty, shfr),
        IntOp3::ShfLClamp => by_type!(ty, shfl_clamp),
        IntOp3::ShfRClamp => by_type!(ty, shfr_clamp),
        IntOp3::Sad => by_type!(ty, sad),
    }
}

/// Integer comparison kinds (`setp.lt` ...; `lo ls hi hs` are the unsigned spellings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

macro_rules! cmp_fn {
    ($name:ident, $op:tt) => {
        fn $name<T: Int>(x: &Lanes, y: &Lanes) -> u32 {
            let mut m = 0u32;
            for i in 0..32 {
                m |= ((T::from_lane(x[i]) $op T::from_lane(y[i])) as u32) << i;
            }
            m
        }
    };
}
cmp_fn!(ceq, ==);
cmp_fn!(cne, !=);
cmp_fn!(clt, <);
cmp_fn!(cle, <=);
cmp_fn!(cgt, >);
cmp_fn!(cge, >=);

/// The comparison function for integers of type `ty`.
pub fn int_cmp(op: CmpOp, ty: Ty) -> Option<crate::lanes::Cmp> {
    match op {
        CmpOp::Eq => by_type!(ty, ceq),
        CmpOp::Ne => by_type!(ty, cne),
        CmpOp::Lt => by_type!(ty, clt),
        CmpOp::Le => by_type!(ty, cle),
        CmpOp::Gt => by_type!(ty, cgt),
        CmpOp::Ge => by_type!(ty, cge),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run2(op: IntOp2, ty: Ty, a: u64, b: u64) -> u64 {
        let f = int2(op, ty).unwrap();
        let mut o = [0; 32];
        f(&[a; 32], &[b; 32], &mut o);
        o[0]
    }

    #[test]
    fn arithmetic() {
        assert_eq!(run2(IntOp2::Add, Ty::S32, 0xFFFF_FFFF, 1), 0);
        assert_eq!(run2(IntOp2::MulWide, Ty::S32, 0xFFFF_FFFF, 4), (-4i64) as u64);
        assert_eq!(run2(IntOp2::MulWide, Ty::U32, 0xFFFF_FFFF, 4), 0x3_FFFF_FFFC);
        assert_eq!(run2(IntOp2::MulHi, Ty::U32, 0x8000_0000, 4), 2);
        assert_eq!(run2(IntOp2::Shr, Ty::S32, 0x8000_0000, 40), 0xFFFF_FFFF);
        assert_eq!(run2(IntOp2::Shr, Ty::U32, 0x8000_0000, 40), 0);
        assert_eq!(run2(IntOp2::Shl, Ty::B64, 1, 63), 1 << 63);
        assert_eq!(run2(IntOp2::Div, Ty::S32, (-7i32) as u32 as u64, 2), (-3i32) as u32 as u64);
        assert_eq!(run2(IntOp2::Rem, Ty::S32, (-7i32) as u32 as u64, 2), (-1i32) as u32 as u64);
        assert_eq!(run2(IntOp2::Min, Ty::S32, 0xFFFF_FFFF, 1), 0xFFFF_FFFF);
        assert_eq!(run2(IntOp2::Min, Ty::U32, 0xFFFF_FFFF, 1), 1);
        assert_eq!(run2(IntOp2::AddSat, Ty::S32, 0x7FFF_FFFF, 1), 0x7FFF_FFFF);
    }

    #[test]
    fn bit_ops() {
        assert_eq!(bfe_one::<u32>(0xABCD, 4, 8), 0xBC);
        assert_eq!(bfe_one::<i32>(0xF0, 4, 4), 0xFFFF_FFFF);
        assert_eq!(bfi(0xF, 0, 4, 4, 32), 0xF0);
        assert_eq!(bfind_one::<u32>(0x10, false), 4);
        assert_eq!(bfind_one::<u32>(0, false), 0xFFFF_FFFF);
        assert_eq!(lop3(0xF0, 0xCC, 0xAA, 0x80), 0x80);
        assert_eq!(lop3(0xF0, 0xCC, 0xAA, 0x96), 0xF0 ^ 0xCC ^ 0xAA);
        assert_eq!(prmt(0x4433_2211, 0x8877_6655, 0x3210, 0), 0x4433_2211);
        assert_eq!(prmt(0x4433_2211, 0x8877_6655, 0x7654, 0), 0x8877_6655);
        assert_eq!(prmt(0x0000_0080, 0, 0x8888, 0), 0xFFFF_FFFF);
        assert_eq!(funnel(0x8000_0000, 1, 1, true, false), 3);
        let mut o = [0; 32];
        int1(IntOp1::Clz, Ty::B32).unwrap()(&[1; 32], &mut o);
        assert_eq!(o[0], 31);
        int1(IntOp1::Brev, Ty::B32).unwrap()(&[1; 32], &mut o);
        assert_eq!(o[0], 0x8000_0000);
    }
}
