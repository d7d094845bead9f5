//! Loop-invariant polynomials: the start and step expressions of `lsr`'s recurrences.
//!
//! A [`Poly`] is a sum of terms `coefficient × leaf × leaf × ...` over loop-invariant [`Leaf`] values, kept in
//! a canonical form (terms sorted by their leaves, like terms merged, zero terms dropped) so that two equal
//! polynomials compare equal and can key a hash map. Coefficients are `i64` and wrap: a polynomial is evaluated
//! modulo 2^64, which is exact for the 64-bit address arithmetic `lsr` materializes.
//!
//! A leaf carries how it is widened when the polynomial is evaluated in a wider type ([`Ext`]): untagged leaves
//! have the width of the polynomial's recurrence; widening a recurrence (`sext`/`zext` of it, valid only when it
//! cannot wrap) tags them. Size limits (terms, factors per term) keep every operation O(1).

use simtc_ir::Value;

/// How a leaf is widened when the polynomial is evaluated in a type wider than the leaf.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ext {
    /// Not widened: the leaf has the evaluation width.
    None,
    /// Sign-extended.
    Sext,
    /// Zero-extended.
    Zext,
}

/// A loop-invariant value used as a factor: `v`, shifted right logically by `shr` bits in its own width (the
/// start of an `lshr` of a recurrence, see `lsr`'s module doc), then widened per `ext`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Leaf {
    /// The value.
    pub v: Value,
    /// Its widening.
    pub ext: Ext,
    /// Logical right shift applied to `v` before the widening (0: none).
    pub shr: u8,
}

/// The most terms a polynomial may have (larger ones are not strength-reduced).
const MAX_TERMS: usize = 8;
/// The most factors of one term.
const MAX_FACTORS: usize = 3;

/// A canonical sum of products of leaves.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Poly {
    terms: Vec<(Vec<Leaf>, i64)>,
}

impl Poly {
    /// Zero.
    pub fn zero() -> Poly {
        Poly::default()
    }
    /// The constant `c`.
    pub fn constant(c: i64) -> Poly {
        let mut p = Poly::zero();
        if c != 0 {
            p.terms.push((Vec::new(), c));
        }
        p
    }
    /// The single leaf `v` (untagged).
    pub fn leaf(v: Value) -> Poly {
        Poly { terms: vec![(vec![Leaf { v, ext: Ext::None, shr: 0 }], 1)] }
    }
    /// When the polynomial is exactly one untagged leaf `v >> s` (coefficient 1), that leaf.
    pub fn as_leaf(&self) -> Option<Leaf> {
        match self.terms.as_slice() {
            [(l, 1)] if l.len() == 1 && l[0].ext == Ext::None => Some(l[0]),
            _ => None,
        }
    }
    /// The single leaf `lf`.
    pub fn of_leaf(lf: Leaf) -> Poly {
        Poly { terms: vec![(vec![lf], 1)] }
    }
    /// Whether it is zero.
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }
    /// The value when it is a constant.
    pub fn as_const(&self) -> Option<i64> {
        match self.terms.as_slice() {
            [] => Some(0),
            [(l, c)] if l.is_empty() => Some(*c),
            _ => None,
        }
    }
    /// The terms: leaves (sorted) and coefficient.
    pub fn terms(&self) -> &[(Vec<Leaf>, i64)] {
        &self.terms
    }
    /// Every leaf of every term.
    pub fn leaves(&self) -> impl Iterator<Item = &Leaf> {
        self.terms.iter().flat_map(|(l, _)| l.iter())
    }
    /// Splits off the constant term: `(self - c, c)`.
    pub fn split_const(&self) -> (Poly, i64) {
        let mut p = self.clone();
        let c = match p.terms.first() {
            Some((l, c)) if l.is_empty() => *c,
            _ => 0,
        };
        if c != 0 {
            p.terms.remove(0);
        }
        (p, c)
    }

    fn normalize(mut terms: Vec<(Vec<Leaf>, i64)>) -> Option<Poly> {
        for (l, _) in &mut terms {
            l.sort();
        }
        terms.sort_by(|a, b| a.0.cmp(&b.0));
        let mut out: Vec<(Vec<Leaf>, i64)> = Vec::with_capacity(terms.len());
        for (l, c) in terms {
            match out.last_mut() {
                Some((pl, pc)) if *pl == l => *pc = pc.wrapping_add(c),
                _ => out.push((l, c)),
            }
        }
        out.retain(|(_, c)| *c != 0);
        (out.len() <= MAX_TERMS).then_some(Poly { terms: out })
    }

    /// `self + o`, or `None` when the result is too large.
    pub fn add(&self, o: &Poly) -> Option<Poly> {
        Poly::normalize(self.terms.iter().chain(o.terms.iter()).cloned().collect())
    }
    /// `-self`.
    pub fn neg(&self) -> Poly {
        self.scale(-1)
    }
    /// `self - o`.
    pub fn sub(&self, o: &Poly) -> Option<Poly> {
        self.add(&o.neg())
    }
    /// `c × self`.
    pub fn scale(&self, c: i64) -> Poly {
        if c == 0 {
            return Poly::zero();
        }
        let terms = self.terms.iter().map(|(l, k)| (l.clone(), k.wrapping_mul(c))).filter(|(_, k)| *k != 0).collect();
        Poly { terms }
    }
    /// `self × o`, or `None` when the result is too large.
    pub fn mul(&self, o: &Poly) -> Option<Poly> {
        if let Some(c) = o.as_const() {
            return Some(self.scale(c));
        }
        if let Some(c) = self.as_const() {
            return Some(o.scale(c));
        }
        let mut terms = Vec::with_capacity(self.terms.len() * o.terms.len());
        for (la, ca) in &self.terms {
            for (lb, cb) in &o.terms {
                if la.len() + lb.len() > MAX_FACTORS {
                    return None;
                }
                let mut l = la.clone();
                l.extend_from_slice(lb);
                terms.push((l, ca.wrapping_mul(*cb)));
            }
        }
        Poly::normalize(terms)
    }
    /// The polynomial of the widened recurrence: untagged leaves get `ext`. `None` when a leaf already carries
    /// the other widening, or (for `zext`) when a coefficient is negative (its unsigned value is not known).
    pub fn widen(&self, ext: Ext) -> Option<Poly> {
        let mut terms = self.terms.clone();
        for (l, c) in &mut terms {
            if ext == Ext::Zext && *c < 0 {
                return None;
            }
            for leaf in l.iter_mut() {
                match leaf.ext {
                    Ext::None => leaf.ext = ext,
                    e if e == ext => {}
                    _ => return None,
                }
            }
        }
        Poly::normalize(terms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use simtc_ir::EntityRef;

    fn v(i: usize) -> Poly {
        Poly::leaf(Value::new(i))
    }

    #[test]
    fn canonical_sums_and_products() {
        let a = v(1).add(&v(2)).unwrap().add(&Poly::constant(3)).unwrap();
        let b = Poly::constant(3).add(&v(2)).unwrap().add(&v(1)).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.sub(&b).unwrap(), Poly::zero());
        let sq = v(1).add(&Poly::constant(1)).unwrap().mul(&v(2)).unwrap();
        assert_eq!(sq.terms().len(), 2);
        let (rest, c) = a.split_const();
        assert_eq!(c, 3);
        assert_eq!(rest.add(&Poly::constant(3)).unwrap(), a);
        assert_eq!(v(1).mul(&v(2)).unwrap().mul(&v(3)).unwrap().mul(&v(4)), None);
    }

    #[test]
    fn widening_tags_leaves() {
        let p = v(1).scale(4).add(&Poly::constant(8)).unwrap();
        let s = p.widen(Ext::Sext).unwrap();
        assert!(s.leaves().all(|l| l.ext == Ext::Sext));
        assert_eq!(s.widen(Ext::Zext), None);
        assert_eq!(v(1).neg().widen(Ext::Zext), None);
    }
}
