//! Lane vectors and the conversions between lane bits and Rust scalars.
//!
//! Every register lane is a `u64` holding the value's bits zero-extended from the type's width (a `.s32` of -1 is
//! `0x0000_0000_FFFF_FFFF`). Operations read operands through [`Scalar::from_lane`] (truncating) and write results
//! through [`Scalar::to_lane`] (zero-extending), so upper bits never leak between differently sized views.

/// One register's value for the 32 lanes of a warp.
pub type Lanes = [u64; 32];

/// A warp-wide unary operation on lane vectors.
pub type F1 = fn(&Lanes, &mut Lanes);
/// A warp-wide binary operation on lane vectors.
pub type F2 = fn(&Lanes, &Lanes, &mut Lanes);
/// A warp-wide ternary operation on lane vectors.
pub type F3 = fn(&Lanes, &Lanes, &Lanes, &mut Lanes);
/// A warp-wide comparison: bit `i` of the result is lane `i`'s outcome.
pub type Cmp = fn(&Lanes, &Lanes) -> u32;

/// A scalar that lives in a register lane.
pub trait Scalar: Copy {
    /// Reads the value from lane bits (truncating to the type's width).
    fn from_lane(v: u64) -> Self;
    /// The lane bits of the value (zero-extended).
    fn to_lane(self) -> u64;
}

macro_rules! scalar_int {
    ($($t:ty => $u:ty),*) => {$(
        impl Scalar for $t {
            #[inline(always)]
            fn from_lane(v: u64) -> Self { v as $u as $t }
            #[inline(always)]
            fn to_lane(self) -> u64 { self as $u as u64 }
        }
    )*};
}
scalar_int!(u8 => u8, u16 => u16, u32 => u32, u64 => u64, i8 => u8, i16 => u16, i32 => u32, i64 => u64);

impl Scalar for f32 {
    #[inline(always)]
    fn from_lane(v: u64) -> Self {
        f32::from_bits(v as u32)
    }
    #[inline(always)]
    fn to_lane(self) -> u64 {
        self.to_bits() as u64
    }
}

impl Scalar for f64 {
    #[inline(always)]
    fn from_lane(v: u64) -> Self {
        f64::from_bits(v)
    }
    #[inline(always)]
    fn to_lane(self) -> u64 {
        self.to_bits()
    }
}

impl Scalar for bool {
    #[inline(always)]
    fn from_lane(v: u64) -> Self {
        v & 1 != 0
    }
    #[inline(always)]
    fn to_lane(self) -> u64 {
        self as u64
    }
}

/// Masks `v` to its low `bits` bits.
#[inline(always)]
pub fn trunc(v: u64, bits: u32) -> u64 {
    if bits >= 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

/// Sign-extends the low `bits` bits of `v` to 64 bits.
#[inline(always)]
pub fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 {
        v as i64
    } else {
        let s = 64 - bits;
        ((v << s) as i64) >> s
    }
}

/// Lanes of `mask`, lowest first.
#[inline(always)]
pub fn lanes_of(mask: u32) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(i)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lane_bits() {
        assert_eq!((-1i32).to_lane(), 0xFFFF_FFFF);
        assert_eq!(i32::from_lane(0xFFFF_FFFF_FFFF_FFFF), -1);
        assert_eq!(sext(0x80, 8), -128);
        assert_eq!(trunc(0x1_2345, 16), 0x2345);
        assert_eq!(lanes_of(0b1010_0001).collect::<Vec<_>>(), vec![0, 5, 7]);
    }
}
