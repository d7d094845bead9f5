//! Integer division and remainder by a constant, as multiplications by a "magic" reciprocal (Granlund and
//! Montgomery, "Division by Invariant Integers using Multiplication", PLDI 1994; the method LLVM's DAG combiner
//! uses). ptxas does not do this itself: `div.u32 %r, %r, 7` becomes a call-like sequence of about 20 SASS
//! instructions, a 64-bit `rem` about 70, where the multiply-high sequence is 2–6.
//!
//! This module computes the plans; [`super::Lower::div_by_const`] emits them. All arithmetic is on `W`-bit
//! values, `W` = 32 or 64 (narrower integers are widened first).
//!
//! # Unsigned `n / d` (`1 <= d < 2^W`)
//! - `d = 1`: `n`; `d = 2^k`: `n >> k`; `d > 2^(W-1)`: `n >= d ? 1 : 0`.
//! - Otherwise the smallest `s` in `0..W` with `m = ceil(2^(W+s) / d) < 2^W` and `m·d - 2^(W+s) <= 2^s` gives
//!   `n / d = mulhi(n, m) >> s` for every `n < 2^W` (G&M Theorem 4.2: the error `m·d - 2^(W+s)` times `n/d` stays
//!   below one unit of `2^(W+s)`).
//! - When no such `s` exists (the exact multiplier needs `W+1` bits), G&M Figure 4.1: with `l = ceil(log2 d)`,
//!   `m = floor(2^W·(2^l - d)/d) + 1`, `t = mulhi(m, n)`, `n / d = (t + ((n - t) >> 1)) >> (l - 1)`.
//!
//! # Signed `n / d` (`d != 0`), rounding toward zero
//! - `d = 1`: `n`; `d = -1`: `-n` (wrapping: `MIN / -1` is undefined in LLVM).
//! - `|d| = 2^k`: `(n + ((n >> (W-1)) >>> (W-k))) >> k` (arithmetic `>>`, logical `>>>`: adds `|d| - 1` to
//!   negative `n` so the shift rounds toward zero), negated when `d < 0`.
//! - Otherwise (Hacker's Delight, figure 10-1, as LLVM's `SignedDivisionByConstantInfo`): the smallest shift
//!   `p >= W` whose multiplier `M = floor(2^p / |d|) + 1` (below `2^W`) is exact for every `W`-bit numerator,
//!   `s = p - W`; `q0 = mulhi.s(M, n)`, plus `n` when `M >= 2^(W-1)` (its `W`-bit pattern reads negative);
//!   `q1 = q0 >> s` (arithmetic), `q = q1 + (q1 >>> (W-1))` (one added to a negative quotient: rounding toward
//!   zero), negated when `d < 0`. Most divisors need no add: `n / 6` is `mulhi`, `>>>`, `add` (three
//!   instructions) and `n / 10` four, where G&M's figure 5.2, used before, always added `n` and took the sign
//!   from `n`: five each.
//!
//! # Remainders
//! `n % d = n - (n / d)·d` (unsigned `2^k`: `n & (2^k - 1)`).

use super::Reg;
use crate::mir::{Operand, RegClass};

/// How to compute an unsigned quotient by a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UDiv {
    /// `n` itself (`d = 1`).
    Identity,
    /// `n >> k` (`d = 2^k`).
    Shift(u32),
    /// `n >= d ? 1 : 0` (`d > 2^(W-1)`).
    Compare(u64),
    /// `mulhi(n, m) >> s`.
    MulHi {
        /// The multiplier.
        m: u64,
        /// The final shift.
        s: u32,
    },
    /// `(t + ((n - t) >> 1)) >> s` with `t = mulhi(n, m)`.
    MulHiAdd {
        /// The multiplier.
        m: u64,
        /// The final shift (`l - 1`).
        s: u32,
    },
}

/// How to compute a signed quotient by a constant (then negated when `neg`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SDiv {
    /// `n` (`|d| = 1`).
    Identity,
    /// Division by `2^k`, rounding toward zero.
    Pow2(u32),
    /// `q0 = mulhi.s(m, n)` (`+ n` when `add`), `q1 = q0 >> s`, `q = q1 + (q1 >>> (W-1))`.
    MulHi {
        /// The signed multiplier, as its `W`-bit pattern sign-extended to 64 bits.
        m: i64,
        /// The arithmetic shift.
        s: u32,
        /// Whether `n` is added to the high product (the multiplier's `W`-bit pattern is negative as a signed
        /// value although `2^(W+s) / |d|` is positive).
        add: bool,
    },
}

fn ceil_log2(d: u64) -> u32 {
    64 - (d - 1).leading_zeros()
}

/// The plan for unsigned division by `d` (`1 <= d < 2^w`) on `w`-bit values (`w` = 32 or 64).
pub fn udiv_plan(d: u64, w: u32) -> UDiv {
    debug_assert!(d >= 1 && (w == 64 || d < 1u64 << w));
    if d == 1 {
        return UDiv::Identity;
    }
    if d.is_power_of_two() {
        return UDiv::Shift(d.trailing_zeros());
    }
    if d > 1u64 << (w - 1) {
        return UDiv::Compare(d);
    }
    let d128 = d as u128;
    for s in 0..w {
        let p = 1u128 << (w + s);
        let m = p.div_ceil(d128);
        if m >= 1u128 << w {
            break;
        }
        if m * d128 - p <= 1u128 << s {
            return UDiv::MulHi { m: m as u64, s };
        }
    }
    let l = ceil_log2(d);
    let m = (((1u128 << w) * ((1u128 << l) - d128)) / d128 + 1) as u64;
    UDiv::MulHiAdd { m, s: l - 1 }
}

/// The plan for signed division by `d` on `w`-bit values; the quotient is negated when the second result is true.
/// `d` must not be 0.
pub fn sdiv_plan(d: i64, w: u32) -> (SDiv, bool) {
    debug_assert!(d != 0);
    let neg = d < 0;
    let a = d.unsigned_abs();
    if a == 1 {
        return (SDiv::Identity, neg);
    }
    if a.is_power_of_two() {
        return (SDiv::Pow2(a.trailing_zeros()), neg);
    }
    // Hacker's Delight, figure 10-1 (for the positive divisor |d|): the smallest `p >= W` for which
    // `M = floor(2^p / |d|) + 1` satisfies `2^p > nc · (|d| - 2^p mod |d|)` (`nc` the largest numerator with
    // `nc mod |d| = |d| - 1`), tracked through `q1, r1 = divmod(2^p, nc)` and `q2, r2 = divmod(2^p, |d|)`.
    let ad = a as u128;
    let two = 1u128 << (w - 1);
    let anc = two - 1 - two % ad;
    let mut p = w - 1;
    let (mut q1, mut r1) = (two / anc, two % anc);
    let (mut q2, mut r2) = (two / ad, two % ad);
    loop {
        p += 1;
        q1 *= 2;
        r1 *= 2;
        if r1 >= anc {
            q1 += 1;
            r1 -= anc;
        }
        q2 *= 2;
        r2 *= 2;
        if r2 >= ad {
            q2 += 1;
            r2 -= ad;
        }
        let delta = ad - r2;
        if !(q1 < delta || (q1 == delta && r1 == 0)) {
            break;
        }
    }
    let m = q2 + 1; // below 2^w
    let add = m >= two;
    let m = if add { m as i128 - (1i128 << w) } else { m as i128 } as i64;
    (SDiv::MulHi { m, s: p - w, add }, neg)
}

impl super::Lower<'_> {
    /// `a / d` or `a % d` (`rem`) for a constant `d` of a `bits`-wide integer type, `a` already normalized to
    /// that width in a register of class `c`; `None` when `d` is zero (undefined: the `div` is kept) or `a` is not
    /// a register.
    pub(crate) fn div_by_const(
        &mut self,
        rem: bool,
        signed: bool,
        a: &Operand,
        d: i64,
        bits: u32,
        c: RegClass,
    ) -> Option<Reg> {
        let Operand::Reg(a) = *a else { return None };
        let (wc, w) = match c {
            RegClass::B16 | RegClass::B32 => (RegClass::B32, 32u32),
            RegClass::B64 => (RegClass::B64, 64),
            _ => return None,
        };
        // The divisor as a `bits`-wide value (the immediate's upper bits are not normalized when the type fills
        // its register), zero-extended (unsigned) or sign-extended (signed) to 64 bits.
        if bits > w {
            return None;
        }
        let sh = 64 - bits;
        let du = ((d as u64) << sh) >> sh;
        let ds = (d << sh) >> sh;
        if du == 0 {
            return None;
        }
        let n = if c == RegClass::B16 {
            let cvt = if signed { "cvt.s32.s16" } else { "cvt.u32.u16" };
            self.emit_def(cvt, wc, &[Operand::Reg(a)])
        } else {
            a
        };
        let (u, s, b) = (format!("u{w}"), format!("s{w}"), format!("b{w}"));
        let r = |x: Reg| Operand::Reg(x);
        let imm = Operand::Imm;
        let q = if signed {
            let (plan, neg) = sdiv_plan(ds, w);
            let q = match plan {
                SDiv::Identity => n,
                SDiv::Pow2(k) => {
                    // The bias `2^k - 1` for negative `n`: the sign mask shifted down; for `k = 1` that is
                    // just the sign bit (`n >>> (w - 1)`), which ptxas does not find from the two shifts.
                    let bias = if k == 1 {
                        self.emit_def(format!("shr.{u}"), wc, &[r(n), imm(w as i64 - 1)])
                    } else {
                        let sign = self.emit_def(format!("shr.{s}"), wc, &[r(n), imm(w as i64 - 1)]);
                        self.emit_def(format!("shr.{u}"), wc, &[r(sign), imm((w - k) as i64)])
                    };
                    let t = self.emit_def(format!("add.{s}"), wc, &[r(n), r(bias)]);
                    if rem {
                        // n - q·2^k with q·2^k = (n + bias) with its low k bits cleared (the sign of the
                        // divisor does not matter: the remainder takes the dividend's sign).
                        let mask = (1i64 << k).wrapping_neg();
                        let m = self.emit_def(format!("and.{b}"), wc, &[r(t), imm(mask)]);
                        let out = self.emit_def(format!("sub.{s}"), wc, &[r(n), r(m)]);
                        return Some(self.narrow_back(out, c));
                    }
                    self.emit_def(format!("shr.{s}"), wc, &[r(t), imm(k as i64)])
                }
                SDiv::MulHi { m, s: sh, add } => {
                    let h = self.emit_def(format!("mul.hi.{s}"), wc, &[r(n), imm(m)]);
                    let q0 = if add { self.emit_def(format!("add.{s}"), wc, &[r(n), r(h)]) } else { h };
                    let q1 = if sh > 0 { self.emit_def(format!("shr.{s}"), wc, &[r(q0), imm(sh as i64)]) } else { q0 };
                    let sg = self.emit_def(format!("shr.{u}"), wc, &[r(q1), imm(w as i64 - 1)]);
                    self.emit_def(format!("add.{s}"), wc, &[r(q1), r(sg)])
                }
            };
            if neg {
                self.emit_def(format!("neg.{s}"), wc, &[r(q)])
            } else {
                q
            }
        } else {
            match udiv_plan(du, w) {
                UDiv::Identity => n,
                UDiv::Shift(_) if rem => {
                    let m = self.emit_def(format!("and.{b}"), wc, &[r(n), imm((du - 1) as i64)]);
                    return Some(self.narrow_back(m, c));
                }
                UDiv::Shift(k) => self.emit_def(format!("shr.{u}"), wc, &[r(n), imm(k as i64)]),
                UDiv::Compare(dv) => {
                    let p = self.emit_def(format!("setp.ge.{u}"), RegClass::Pred, &[r(n), imm(dv as i64)]);
                    self.emit_def(format!("selp.{u}"), wc, &[imm(1), imm(0), r(p)])
                }
                UDiv::MulHi { m, s: sh } => {
                    let t = self.emit_def(format!("mul.hi.{u}"), wc, &[r(n), imm(m as i64)]);
                    if sh > 0 {
                        self.emit_def(format!("shr.{u}"), wc, &[r(t), imm(sh as i64)])
                    } else {
                        t
                    }
                }
                UDiv::MulHiAdd { m, s: sh } => {
                    let t = self.emit_def(format!("mul.hi.{u}"), wc, &[r(n), imm(m as i64)]);
                    let x = self.emit_def(format!("sub.{s}"), wc, &[r(n), r(t)]);
                    let x = self.emit_def(format!("shr.{u}"), wc, &[r(x), imm(1)]);
                    let x = self.emit_def(format!("add.{s}"), wc, &[r(x), r(t)]);
                    if sh > 0 {
                        self.emit_def(format!("shr.{u}"), wc, &[r(x), imm(sh as i64)])
                    } else {
                        x
                    }
                }
            }
        };
        let out = if rem {
            // n - q·d (the signed d keeps its sign: q·d has the sign of n's truncated quotient times d).
            let dimm = if signed { ds } else { du as i64 };
            let p = self.emit_def(format!("mul.lo.{s}"), wc, &[r(q), imm(dimm)]);
            self.emit_def(format!("sub.{s}"), wc, &[r(n), r(p)])
        } else {
            q
        };
        Some(self.narrow_back(out, c))
    }

    /// A 32-bit result back in a `.b16` register when the operation's class is `.b16`.
    fn narrow_back(&mut self, x: Reg, c: RegClass) -> Reg {
        if c == RegClass::B16 {
            self.emit_def("cvt.u16.u32", RegClass::B16, &[Operand::Reg(x)])
        } else {
            x
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mulhi_u(a: u64, b: u64, w: u32) -> u64 {
        ((a as u128 * b as u128) >> w) as u64
    }

    fn udiv_by(plan: UDiv, n: u64, w: u32) -> u64 {
        let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
        match plan {
            UDiv::Identity => n,
            UDiv::Shift(k) => n >> k,
            UDiv::Compare(d) => (n >= d) as u64,
            UDiv::MulHi { m, s } => mulhi_u(n, m, w) >> s,
            UDiv::MulHiAdd { m, s } => {
                let t = mulhi_u(n, m, w);
                ((t + ((n.wrapping_sub(t) & mask) >> 1)) & mask) >> s
            }
        }
    }

    fn sdiv_by(plan: (SDiv, bool), n: i64, w: u32) -> i64 {
        let wrap = |x: i128| -> i64 {
            let sh = 128 - w;
            ((x << sh) >> sh) as i64
        };
        let q = match plan.0 {
            SDiv::Identity => n,
            SDiv::Pow2(k) => {
                let sign = (n >> (w - 1)) as u64 & if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
                let bias = if k == 0 { 0 } else { (sign >> (w - k)) as i64 };
                wrap(n as i128 + bias as i128) >> k
            }
            SDiv::MulHi { m, s, add } => {
                let hi = ((m as i128 * n as i128) >> w) as i64;
                let q0 = if add { wrap(n as i128 + hi as i128) } else { hi };
                let q1 = q0 >> s;
                wrap(q1 as i128 + i128::from(q1 < 0))
            }
        };
        if plan.1 {
            wrap(-(q as i128))
        } else {
            q
        }
    }

    fn divisors_u(w: u32) -> Vec<u64> {
        let max = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
        let mut v: Vec<u64> = (1..=1100).collect();
        v.extend([7, 10, 641, 1000, 1_000_003, 0x5555_5555, 0x7fff_ffff, 0x8000_0001, 0xffff_fffe, 0xffff_ffff]);
        v.extend([max, max - 1, max / 2, max / 2 + 1, max / 3, 1 << (w - 1), (1 << (w - 1)) + 1]);
        let mut x = 0x1234_5678_9abc_def1u64;
        for _ in 0..300 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            v.push((x >> (x % 61)) & max);
        }
        v.retain(|&d| d >= 1 && d <= max);
        v
    }

    fn numerators(w: u32) -> Vec<u64> {
        let max = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
        let mut v: Vec<u64> = (0..2000).collect();
        v.extend((0..2000).map(|k| max - k));
        v.extend([max / 2, max / 2 + 1, max / 2 - 1, max / 3, 1 << 31, (1 << 31) - 1]);
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..3000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            v.push((x >> (x % 64)) & max);
        }
        v
    }

    #[test]
    fn unsigned_plans_divide_exactly() {
        for w in [32, 64] {
            let ns = numerators(w);
            for d in divisors_u(w) {
                let p = udiv_plan(d, w);
                for &n in &ns {
                    let n = if w == 32 { n & 0xffff_ffff } else { n };
                    assert_eq!(udiv_by(p, n, w), n / d, "w {w}: {n} / {d} with {p:?}");
                }
            }
        }
    }

    #[test]
    fn signed_plans_divide_exactly() {
        for w in [32u32, 64] {
            let sx = |v: u64| -> i64 { ((v << (64 - w)) as i64) >> (64 - w) };
            let ns: Vec<i64> = numerators(w).into_iter().map(sx).collect();
            let mut ds: Vec<i64> = divisors_u(w).into_iter().map(sx).filter(|&d| d != 0).collect();
            let more: Vec<i64> = ds.iter().map(|d| d.wrapping_neg()).filter(|&d| d != 0).collect();
            ds.extend(more);
            ds.extend([-1, -2, -7, -1000, 3, 5, 6, 7]);
            let min = sx(1u64 << (w - 1));
            for d in ds {
                let p = sdiv_plan(d, w);
                for &n in &ns {
                    if n == min && d == -1 {
                        continue; // overflow: undefined
                    }
                    let want = n.checked_div(d).expect("in range");
                    assert_eq!(sdiv_by(p, n, w), want, "w {w}: {n} / {d} with {p:?}");
                }
            }
        }
    }

    #[test]
    fn plans_for_common_divisors_are_short() {
        assert_eq!(udiv_plan(1000, 32), UDiv::MulHi { m: 274_877_907, s: 6 });
        assert!(matches!(udiv_plan(7, 32), UDiv::MulHiAdd { s: 2, .. }));
        assert_eq!(sdiv_plan(-8, 32), (SDiv::Pow2(3), true));
        // The multipliers LLVM and Hacker's Delight give: no add for 3, 6 and 10, an add for 7.
        assert_eq!(sdiv_plan(3, 32), (SDiv::MulHi { m: 0x5555_5556, s: 0, add: false }, false));
        assert_eq!(sdiv_plan(6, 32), (SDiv::MulHi { m: 0x2AAA_AAAB, s: 0, add: false }, false));
        assert_eq!(sdiv_plan(10, 32), (SDiv::MulHi { m: 0x6666_6667, s: 2, add: false }, false));
        assert_eq!(sdiv_plan(7, 32), (SDiv::MulHi { m: 0x9249_2493u32 as i32 as i64, s: 2, add: true }, false));
    }
}
