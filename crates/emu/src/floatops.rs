//! Floating-point lane operations with PTX rounding modes, flush-to-zero and saturation.
//!
//! Round-to-nearest-even is Rust's native arithmetic. The directed modes (`.rz .rm .rp`) round the native result
//! one ulp in the right direction, using the exact error term: TwoSum for `add`/`sub`, `fma(a, b, -p)` for `mul`,
//! the exact remainder `fma(-q, b, a)` for `div` and `fma(-q, q, a)` for `sqrt` (all error-free transformations, so
//! the direction is exact). `fma` with a directed mode uses `fma(a, b, -r) + c` for the error sign, exact for
//! `f32` (computed in `f64`) and accurate to the last bit of the error for `f64`. The `.approx` transcendental
//! forms are computed in `f64` and rounded once, i.e. at least as accurate as the hardware's approximations (which
//! are not bit-reproducible here). `.ftz` flushes `f32` subnormal inputs and results to signed zero; `.sat` clamps
//! to [0, 1] with NaN → 0. `min`/`max` follow PTX: a NaN operand yields the other one, and -0 < +0.

use crate::lanes::{Cmp, Lanes, Scalar, F1, F2, F3};
use crate::ptx::ast::Ty;

/// Rounding modes (`.rn .rz .rm .rp`).
pub const RN: u8 = 0;
/// Round toward zero.
pub const RZ: u8 = 1;
/// Round toward −∞.
pub const RM: u8 = 2;
/// Round toward +∞.
pub const RP: u8 = 3;

/// `f32` or `f64`.
pub trait Float:
    Scalar
    + Copy
    + PartialOrd
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
    + std::ops::Neg<Output = Self>
{
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// Largest finite value.
    const MAX: Self;
    /// Whether `.ftz` applies (only `f32`).
    const FTZ_APPLIES: bool;
    /// Next representable value toward +∞.
    fn up(self) -> Self;
    /// Next representable value toward −∞.
    fn down(self) -> Self;
    /// Fused multiply-add, rounded once to nearest.
    fn fma(self, b: Self, c: Self) -> Self;
    /// NaN test.
    fn nan(self) -> bool;
    /// Infinity test.
    fn inf(self) -> bool;
    /// Subnormal test.
    fn subnormal(self) -> bool;
    /// Sign bit set.
    fn neg_sign(self) -> bool;
    /// Square root (nearest).
    fn sqrt(self) -> Self;
    /// Absolute value.
    fn fabs(self) -> Self;
    /// To `f64`.
    fn to_f64(self) -> f64;
    /// From `f64`, rounding to nearest.
    fn from_f64(v: f64) -> Self;
    /// The canonical NaN PTX produces.
    fn canonical_nan() -> Self;
    /// The result of an arithmetic operation as the GPU delivers it: for `f32`, any NaN becomes the canonical
    /// NaN `0x7fffffff` (CUDA Programming Guide, floating-point standard: a single-precision operation whose
    /// result is NaN returns that quiet NaN, whatever the inputs' payloads). This also keeps the emulator
    /// independent of the host's default NaN (x86 makes `0/0` `0xffc00000`, constant folding `0x7fc00000`).
    /// `f64` results are left as computed (the guide documents only that `abs`/`neg` pass NaNs through).
    fn canon(self) -> Self;
}

impl Float for f32 {
    const ZERO: Self = 0.0;
    const ONE: Self = 1.0;
    const MAX: Self = f32::MAX;
    const FTZ_APPLIES: bool = true;
    fn up(self) -> Self {
        self.next_up()
    }
    fn down(self) -> Self {
        self.next_down()
    }
    fn fma(self, b: Self, c: Self) -> Self {
        self.mul_add(b, c)
    }
    fn nan(self) -> bool {
        self.is_nan()
    }
    fn inf(self) -> bool {
        self.is_infinite()
    }
    fn subnormal(self) -> bool {
        self.is_subnormal()
    }
    fn neg_sign(self) -> bool {
        self.is_sign_negative()
    }
    fn sqrt(self) -> Self {
        f32::sqrt(self)
    }
    fn fabs(self) -> Self {
        self.abs()
    }
    fn to_f64(self) -> f64 {
        self as f64
    }
    fn from_f64(v: f64) -> Self {
        v as f32
    }
    fn canonical_nan() -> Self {
        f32::from_bits(0x7FFF_FFFF)
    }
    fn canon(self) -> Self {
        if self.is_nan() {
            Self::canonical_nan()
        } else {
            self
        }
    }
}

impl Float for f64 {
    const ZERO: Self = 0.0;
    const ONE: Self = 1.0;
    const MAX: Self = f64::MAX;
    const FTZ_APPLIES: bool = false;
    fn up(self) -> Self {
        self.next_up()
    }
    fn down(self) -> Self {
        self.next_down()
    }
    fn fma(self, b: Self, c: Self) -> Self {
        self.mul_add(b, c)
    }
    fn nan(self) -> bool {
        self.is_nan()
    }
    fn inf(self) -> bool {
        self.is_infinite()
    }
    fn subnormal(self) -> bool {
        self.is_subnormal()
    }
    fn neg_sign(self) -> bool {
        self.is_sign_negative()
    }
    fn sqrt(self) -> Self {
        f64::sqrt(self)
    }
    fn fabs(self) -> Self {
        self.abs()
    }
    fn to_f64(self) -> f64 {
        self
    }
    fn from_f64(v: f64) -> Self {
        v
    }
    fn canonical_nan() -> Self {
        f64::from_bits(0x7FFF_FFFF_FFFF_FFFF)
    }
    fn canon(self) -> Self {
        self
    }
}

/// Flushes a subnormal to signed zero when `FTZ` is set.
#[inline(always)]
pub fn ftz<T: Float, const FTZ: bool>(x: T) -> T {
    if FTZ && T::FTZ_APPLIES && x.subnormal() {
        if x.neg_sign() {
            -T::ZERO
        } else {
            T::ZERO
        }
    } else {
        x
    }
}

/// Saturates to [0, 1] (NaN → 0) when `SAT` is set.
#[inline(always)]
pub fn sat<T: Float, const SAT: bool>(x: T) -> T {
    if !SAT {
        x
    } else if x.nan() || x <= T::ZERO {
        T::ZERO
    } else if x > T::ONE {
        T::ONE
    } else {
        x
    }
}

/// Adjusts the nearest-rounded `r` to mode `R`, given the sign of the exact error `exact - r` (`err_sign`: -1, 0,
/// 1) and whether the exact result was finite.
#[inline(always)]
fn direct<T: Float, const R: u8>(r: T, err_sign: i8) -> T {
    if R == RN {
        return r;
    }
    if r.nan() {
        return r;
    }
    if r.inf() {
        // Overflowed to infinity under round-to-nearest: directed modes may stop at the largest finite value.
        let pos = !r.neg_sign();
        return match (R, pos) {
            (RZ, true) | (RM, true) => T::MAX,
            (RZ, false) | (RP, false) => -T::MAX,
            _ => r,
        };
    }
    match (R, err_sign) {
        (_, 0) => r,
        (RM, -1) => r.down(),
        (RP, 1) => r.up(),
        (RZ, 1) if r < T::ZERO => r.up(),
        (RZ, -1) if r > T::ZERO => r.down(),
        (RZ, -1) if r == T::ZERO => r,
        _ => r,
    }
}

#[inline(always)]
fn sign_of<T: Float>(e: T) -> i8 {
    if e > T::ZERO {
        1
    } else if e < T::ZERO {
        -1
    } else {
        0
    }
}

/// `a + b` rounded with mode `R`.
#[inline(always)]
pub fn add_r<T: Float, const R: u8>(a: T, b: T) -> T {
    let s = a + b;
    if R == RN || s.inf() || s.nan() {
        return if R == RN || a.inf() || b.inf() || s.nan() { s } else { direct::<T, R>(s, 0) };
    }
    let bb = s - a;
    let err = (a - (s - bb)) + (b - bb);
    direct::<T, R>(s, sign_of(err))
}

/// `a * b` rounded with mode `R`.
#[inline(always)]
pub fn mul_r<T: Float, const R: u8>(a: T, b: T) -> T {
    let p = a * b;
    if R == RN || p.nan() {
        return p;
    }
    if p.inf() {
        return if a.inf() || b.inf() { p } else { direct::<T, R>(p, 0) };
    }
    let err = a.fma(b, -p);
    direct::<T, R>(p, sign_of(err))
}

/// `a / b` rounded with mode `R`.
#[inline(always)]
pub fn div_r<T: Float, const R: u8>(a: T, b: T) -> T {
    let q = a / b;
    if R == RN || q.nan() || q.inf() || b.inf() || b == T::ZERO {
        return if q.inf() && !a.inf() && b != T::ZERO { direct::<T, R>(q, 0) } else { q };
    }
    let rem = (-q).fma(b, a);
    let s = sign_of(rem) * if b < T::ZERO { -1 } else { 1 };
    direct::<T, R>(q, s)
}

/// `sqrt(a)` rounded with mode `R`.
#[inline(always)]
pub fn sqrt_r<T: Float, const R: u8>(a: T) -> T {
    let q = a.sqrt();
    if R == RN || q.nan() || q.inf() || q == T::ZERO {
        return q;
    }
    let rem = (-q).fma(q, a);
    direct::<T, R>(q, sign_of(rem))
}

/// `a * b + c` rounded once with mode `R`.
#[inline(always)]
pub fn fma_r<T: Float, const R: u8>(a: T, b: T, c: T) -> T {
    let r = a.fma(b, c);
    if R == RN || r.nan() || r.inf() {
        return r;
    }
    // exact - r = a*b + c - r; for f32 this is exact in f64 (the product is exact, the sums have enough bits).
    let e = a.to_f64().mul_add(b.to_f64(), -r.to_f64()) + c.to_f64();
    direct::<T, R>(
        r,
        if e > 0.0 {
            1
        } else if e < 0.0 {
            -1
        } else {
            0
        },
    )
}

/// PTX `min`: NaN operands are ignored, -0 < +0.
#[inline(always)]
pub fn fmin<T: Float>(a: T, b: T) -> T {
    if a.nan() {
        b
    } else if b.nan() || a < b {
        a
    } else if b < a {
        b
    } else if a.neg_sign() {
        a
    } else {
        b
    }
}

/// PTX `max`: NaN operands are ignored, +0 > -0.
#[inline(always)]
pub fn fmax<T: Float>(a: T, b: T) -> T {
    if a.nan() {
        b
    } else if b.nan() || a > b || (a == b && !a.neg_sign()) {
        a
    } else {
        b
    }
}

/// Binary float operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum FOp2 {
    Add,
    Sub,
    Mul,
    Div,
    Min,
    Max,
    MinNaN,
    MaxNaN,
    Copysign,
}

/// Unary float operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum FOp1 {
    Neg,
    Abs,
    Sqrt,
    Rcp,
    Rsqrt,
    Ex2,
    Lg2,
    Sin,
    Cos,
    Tanh,
    /// `cvt.rni/.rzi/.rmi/.rpi` to an integral value of the same type (mode in the rounding parameter).
    RoundInt,
    /// `mov`/`cvt` same-type with ftz/sat applied.
    Identity,
}

macro_rules! f2 {
    ($name:ident, |$a:ident, $b:ident| $e:expr) => {
        fn $name<T: Float, const R: u8, const FTZ: bool, const SAT: bool>(x: &Lanes, y: &Lanes, o: &mut Lanes) {
            for i in 0..32 {
                let $a = ftz::<T, FTZ>(T::from_lane(x[i]));
                let $b = ftz::<T, FTZ>(T::from_lane(y[i]));
                o[i] = sat::<T, SAT>(ftz::<T, FTZ>($e)).to_lane();
            }
        }
    };
}
f2!(fadd, |a, b| add_r::<T, R>(a, b).canon());
f2!(fsub, |a, b| add_r::<T, R>(a, -b).canon());
f2!(fmul, |a, b| mul_r::<T, R>(a, b).canon());
f2!(fdiv, |a, b| div_r::<T, R>(a, b).canon());
f2!(fminf, |a, b| fmin(a, b));
f2!(fmaxf, |a, b| fmax(a, b));
f2!(fminnan, |a, b| if a.nan() || b.nan() { T::canonical_nan() } else { fmin(a, b) });
f2!(fmaxnan, |a, b| if a.nan() || b.nan() { T::canonical_nan() } else { fmax(a, b) });
f2!(fcopysign, |a, b| if a.neg_sign() != b.neg_sign() { -b } else { b });

fn ffma<T: Float, const R: u8, const FTZ: bool, const SAT: bool>(x: &Lanes, y: &Lanes, z: &Lanes, o: &mut Lanes) {
    for i in 0..32 {
        let a = ftz::<T, FTZ>(T::from_lane(x[i]));
        let b = ftz::<T, FTZ>(T::from_lane(y[i]));
        let c = ftz::<T, FTZ>(T::from_lane(z[i]));
        o[i] = sat::<T, SAT>(ftz::<T, FTZ>(fma_r::<T, R>(a, b, c).canon())).to_lane();
    }
}

fn round_int<T: Float, const R: u8>(a: T) -> T {
    let v = a.to_f64();
    T::from_f64(match R {
        RZ => v.trunc(),
        RM => v.floor(),
        RP => v.ceil(),
        _ => v.round_ties_even(),
    })
}

fn approx<T: Float>(a: T, f: fn(f64) -> f64) -> T {
    T::from_f64(f(a.to_f64()))
}

macro_rules! f1 {
    ($name:ident, |$a:ident| $e:expr) => {
        fn $name<T: Float, const R: u8, const FTZ: bool, const SAT: bool>(x: &Lanes, o: &mut Lanes) {
            for i in 0..32 {
                let $a = ftz::<T, FTZ>(T::from_lane(x[i]));
                o[i] = sat::<T, SAT>(ftz::<T, FTZ>($e)).to_lane();
            }
        }
    };
}
f1!(fneg, |a| -a);
f1!(fabs, |a| a.fabs());
f1!(fsqrt, |a| sqrt_r::<T, R>(a).canon());
f1!(frcp, |a| div_r::<T, R>(T::ONE, a).canon());
f1!(frsqrt, |a| approx(a, |v| 1.0 / v.sqrt()).canon());
f1!(fex2, |a| approx(a, f64::exp2).canon());
f1!(flg2, |a| approx(a, f64::log2).canon());
f1!(fsin, |a| approx(a, f64::sin).canon());
f1!(fcos, |a| approx(a, f64::cos).canon());
f1!(ftanh, |a| approx(a, f64::tanh).canon());
f1!(fround, |a| round_int::<T, R>(a).canon());
f1!(fident, |a| a);

macro_rules! pick {
    ($f:ident, $t:ty, $r:expr, $ftz:expr, $sat:expr) => {
        match ($r, $ftz, $sat) {
            (RN, false, false) => $f::<$t, RN, false, false> as _,
            (RN, false, true) => $f::<$t, RN, false, true> as _,
            (RN, true, false) => $f::<$t, RN, true, false> as _,
            (RN, true, true) => $f::<$t, RN, true, true> as _,
            (RZ, false, false) => $f::<$t, RZ, false, false> as _,
            (RZ, false, true) => $f::<$t, RZ, false, true> as _,
            (RZ, true, false) => $f::<$t, RZ, true, false> as _,
            (RZ, true, true) => $f::<$t, RZ, true, true> as _,
            (RM, false, false) => $f::<$t, RM, false, false> as _,
            (RM, false, true) => $f::<$t, RM, false, true> as _,
            (RM, true, false) => $f::<$t, RM, true, false> as _,
            (RM, true, true) => $f::<$t, RM, true, true> as _,
            (RP, false, false) => $f::<$t, RP, false, false> as _,
            (RP, false, true) => $f::<$t, RP, false, true> as _,
            (RP, true, false) => $f::<$t, RP, true, false> as _,
            _ => $f::<$t, RP, true, true> as _,
        }
    };
}

macro_rules! by_ftype {
    ($ty:expr, $f:ident, $r:expr, $ftz:expr, $sat:expr) => {
        match $ty {
            Ty::F32 => Some(pick!($f, f32, $r, $ftz, $sat)),
            Ty::F64 => Some(pick!($f, f64, $r, $ftz, $sat)),
            _ => None,
        }
    };
}

/// Float modifiers of one instruction.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FMods {
    /// Rounding mode ([`RN`] ...).
    pub rnd: u8,
    /// `.ftz`
    pub ftz: bool,
    /// `.sat`
    pub sat: bool,
}

/// The lane function for a binary float operation.
pub fn float2(op: FOp2, ty: Ty, m: FMods) -> Option<F2> {
    let (r, z, s) = (m.rnd, m.ftz, m.sat);
    match op {
        FOp2::Add => by_ftype!(ty, fadd, r, z, s),
        FOp2::Sub => by_ftype!(ty, fsub, r, z, s),
        FOp2::Mul => by_ftype!(ty, fmul, r, z, s),
        FOp2::Div => by_ftype!(ty, fdiv, r, z, s),
        FOp2::Min => by_ftype!(ty, fminf, r, z, s),
        FOp2::Max => by_ftype!(ty, fmaxf, r, z, s),
        FOp2::MinNaN => by_ftype!(ty, fminnan, r, z, s),
        FOp2::MaxNaN => by_ftype!(ty, fmaxnan, r, z, s),
        FOp2::Copysign => by_ftype!(ty, fcopysign, r, z, s),
    }
}

/// The lane function for `fma`/`mad`.
pub fn float_fma(ty: Ty, m: FMods) -> Option<F3> {
    by_ftype!(ty, ffma, m.rnd, m.ftz, m.sat)
}

/// The lane function for a unary float operation.
pub fn float1(op: FOp1, ty: Ty, m: FMods) -> Option<F1> {
    let (r, z, s) = (m.rnd, m.ftz, m.sat);
    match op {
        FOp1::Neg => by_ftype!(ty, fneg, r, z, s),
        FOp1::Abs => by_ftype!(ty, fabs, r, z, s),
        FOp1::Sqrt => by_ftype!(ty, fsqrt, r, z, s),
        FOp1::Rcp => by_ftype!(ty, frcp, r, z, s),
        FOp1::Rsqrt => by_ftype!(ty, frsqrt, r, z, s),
        FOp1::Ex2 => by_ftype!(ty, fex2, r, z, s),
        FOp1::Lg2 => by_ftype!(ty, flg2, r, z, s),
        FOp1::Sin => by_ftype!(ty, fsin, r, z, s),
        FOp1::Cos => by_ftype!(ty, fcos, r, z, s),
        FOp1::Tanh => by_ftype!(ty, ftanh, r, z, s),
        FOp1::RoundInt => by_ftype!(ty, fround, r, z, s),
        FOp1::Identity => by_ftype!(ty, fident, r, z, s),
    }
}

/// Float comparison kinds, ordered and unordered (`setp.ltu` ...), plus `num` and `nan`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum FCmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Equ,
    Neu,
    Ltu,
    Leu,
    Gtu,
    Geu,
    Num,
    Nan,
}

#[inline(always)]
fn fcmp_one<T: Float, const OP: u8, const FTZ: bool>(a: T, b: T) -> bool {
    let (a, b) = (ftz::<T, FTZ>(a), ftz::<T, FTZ>(b));
    let unord = a.nan() || b.nan();
    match OP {
        0 => !unord && a == b,
        1 => !unord && a != b,
        2 => !unord && a < b,
        3 => !unord && a <= b,
        4 => !unord && a > b,
        5 => !unord && a >= b,
        6 => unord || a == b,
        7 => unord || a != b,
        8 => unord || a < b,
        9 => unord || a <= b,
        10 => unord || a > b,
        11 => unord || a >= b,
        12 => !unord,
        _ => unord,
    }
}

fn fcmp<T: Float, const OP: u8, const FTZ: bool>(x: &Lanes, y: &Lanes) -> u32 {
    let mut m = 0u32;
    for i in 0..32 {
        m |= (fcmp_one::<T, OP, FTZ>(T::from_lane(x[i]), T::from_lane(y[i])) as u32) << i;
    }
    m
}

macro_rules! cmp_pick {
    ($t:ty, $op:expr, $ftz:expr) => {{
        macro_rules! c {
            ($o:literal) => {
                if $ftz {
                    fcmp::<$t, $o, true> as Cmp
                } else {
                    fcmp::<$t, $o, false> as Cmp
                }
            };
        }
        match $op {
            FCmp::Eq => c!(0),
            FCmp::Ne => c!(1),
            FCmp::Lt => c!(2),
            FCmp::Le => c!(3),
            FCmp::Gt => c!(4),
            FCmp::Ge => c!(5),
            FCmp::Equ => c!(6),
            FCmp::Neu => c!(7),
            FCmp::Ltu => c!(8),
            FCmp::Leu => c!(9),
            FCmp::Gtu => c!(10),
            FCmp::Geu => c!(11),
            FCmp::Num => c!(12),
            FCmp::Nan => c!(13),
        }
    }};
}

/// The comparison function for floats of type `ty`.
pub fn float_cmp(op: FCmp, ty: Ty, ftz: bool) -> Option<Cmp> {
    match ty {
        Ty::F32 => Some(cmp_pick!(f32, op, ftz)),
        Ty::F64 => Some(cmp_pick!(f64, op, ftz)),
        _ => None,
    }
}

/// IEEE binary16 bits → f32 (exact).
pub fn f16_to_f32(h: u16) -> f32 {
    let sign = ((h >> 15) as u32) << 31;
    let exp = ((h >> 10) & 0x1F) as u32;
    let man = (h & 0x3FF) as u32;
    let bits = if exp == 0 {
        if man == 0 {
            sign
        } else {
            // Subnormal: value = man * 2^-24.
            let v = man as f32 * f32::from_bits(0x3380_0000);
            return if sign != 0 { -v } else { v };
        }
    } else if exp == 0x1F {
        sign | 0x7F80_0000 | (man << 13)
    } else {
        sign | ((exp + 112) << 23) | (man << 13)
    };
    f32::from_bits(bits)
}

/// f64 → IEEE binary16 bits with rounding mode `rnd`.
pub fn f64_to_f16(x: f64, rnd: u8) -> u16 {
    if x.is_nan() {
        return 0x7FFF;
    }
    let sign: u16 = if x.is_sign_negative() { 0x8000 } else { 0 };
    let a = x.abs();
    if a.is_infinite() {
        return sign | 0x7C00;
    }
    // Scale to units of the smallest subnormal (2^-24) or of the ulp for normals, then round the integer.
    let e = if a == 0.0 { -25 } else { a.log2().floor() as i32 };
    let ulp_exp = if e < -14 { -24 } else { e - 10 };
    let scaled = a / 2f64.powi(ulp_exp);
    let rounded = match rnd {
        RZ => scaled.trunc(),
        RM => {
            if sign != 0 {
                scaled.ceil()
            } else {
                scaled.floor()
            }
        }
        RP => {
            if sign != 0 {
                scaled.floor()
            } else {
                scaled.ceil()
            }
        }
        _ => scaled.round_ties_even(),
    };
    let v = rounded * 2f64.powi(ulp_exp);
    if v >= 65520.0 || (v > 65504.0) {
        let to_inf = match rnd {
            RZ => false,
            RM => sign != 0,
            RP => sign == 0,
            _ => true,
        };
        return sign | if to_inf { 0x7C00 } else { 0x7BFF };
    }
    let bits = (v as f32).to_bits();
    let exp = ((bits >> 23) & 0xFF) as i32 - 127;
    let h = if v == 0.0 {
        0
    } else if exp < -14 {
        (v / 2f64.powi(-24)) as u16
    } else {
        (((exp + 15) as u16) << 10) | ((bits >> 13) & 0x3FF) as u16
    };
    sign | h
}

/// bfloat16 bits → f32 (exact).
pub fn bf16_to_f32(h: u16) -> f32 {
    f32::from_bits((h as u32) << 16)
}

/// f32 → bfloat16 bits with round-to-nearest-even (or toward zero for [`RZ`]).
pub fn f32_to_bf16(x: f32, rnd: u8) -> u16 {
    let b = x.to_bits();
    if x.is_nan() {
        return 0x7FFF;
    }
    if rnd == RZ {
        return (b >> 16) as u16;
    }
    let round = 0x7FFF + ((b >> 16) & 1);
    (b.wrapping_add(round) >> 16) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directed_rounding() {
        let a = 1.0f32;
        let b = f32::EPSILON / 4.0;
        assert_eq!(add_r::<f32, RN>(a, b), 1.0);
        assert_eq!(add_r::<f32, RP>(a, b), 1.0f32.next_up());
        assert_eq!(add_r::<f32, RM>(a, -b), 1.0f32.next_down());
        assert_eq!(add_r::<f32, RZ>(a, -b), 1.0f32.next_down());
        assert_eq!(add_r::<f32, RZ>(-a, b), -(1.0f32.next_down()));
        assert_eq!(div_r::<f32, RN>(1.0, 3.0), 1.0 / 3.0);
        assert!(div_r::<f32, RP>(1.0, 3.0) > div_r::<f32, RM>(1.0, 3.0));
        assert_eq!(mul_r::<f32, RZ>(f32::MAX, 2.0), f32::MAX);
        assert_eq!(
            sqrt_r::<f64, RP>(2.0),
            2f64.sqrt().next_up().min(if (2f64.sqrt()).powi(2) < 2.0 { f64::MAX } else { 2f64.sqrt() })
        );
        assert_eq!(fmin(-0.0f32, 0.0).to_bits(), (-0.0f32).to_bits());
        assert_eq!(fmax(f32::NAN, 2.0), 2.0);
    }

    #[test]
    fn half_conversions() {
        assert_eq!(f16_to_f32(0x3C00), 1.0);
        assert_eq!(f64_to_f16(1.0, RN), 0x3C00);
        assert_eq!(f64_to_f16(65504.0, RN), 0x7BFF);
        assert_eq!(f64_to_f16(1e6, RN), 0x7C00);
        assert_eq!(f64_to_f16(-2.0, RN), 0xC000);
        assert_eq!(f16_to_f32(f64_to_f16(5.960_464_5e-8, RN)), 5.960_464_5e-8);
        assert_eq!(f32_to_bf16(1.0, RN), 0x3F80);
        assert_eq!(bf16_to_f32(0x3F80), 1.0);
    }
}
