//! Constants, interned per module.
//!
//! A [`ConstId`] names one structurally unique constant of a [`Module`](crate::Module). Functions refer to constants
//! through per-function [`Value`](crate::Value)s whose definition is [`ValueDef::Const`](crate::ValueDef::Const).

use crate::apint::ApInt;
use crate::entity::PrimaryMap;
use crate::inst::{BinaryOp, CastOp, Flags};
use crate::module::{FuncId, GlobalId};
use crate::types::Type;
use rustc_hash::FxHashMap;

crate::define_id!(
    /// An interned constant.
    ConstId,
    "const"
);

/// What a global-address constant points at.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GlobalRef {
    /// A global variable.
    Var(GlobalId),
    /// A function.
    Func(FuncId),
}

/// The operation of a constant expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConstExprOp {
    /// A cast (`bitcast`, `addrspacecast`, `ptrtoint`, `inttoptr`, `trunc`, ...).
    Cast(CastOp),
    /// A binary operator (`add`, `sub`, `mul`, `shl`, `xor`, ...), with its flags.
    Binary(BinaryOp, Flags),
    /// `getelementptr [inbounds] (T, ptr P, idx...)`; operands are the base then the indices.
    Gep {
        /// The source element type.
        source_ty: Type,
        /// `inbounds`/`nuw`/`nusw` flags.
        flags: Flags,
        /// `inrange` marker, kept verbatim as written (`inrange(-8, 16)`), with the index it applies to.
        inrange: Option<String>,
    },
}

/// The structure of a constant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConstData {
    /// An integer (`i1` true/false included).
    Int(Type, ApInt),
    /// A floating-point value, stored as the bit pattern of its own type (half: 16 bits, float: 32 bits, ...).
    Float(Type, u128),
    /// `null` of a pointer type.
    Null(Type),
    /// `undef`.
    Undef(Type),
    /// `poison`.
    Poison(Type),
    /// `zeroinitializer` (any type).
    Zero(Type),
    /// `none` of type token.
    NoneToken,
    /// An array `[T a, T b]`.
    Array(Type, Vec<ConstId>),
    /// A struct `{ T a, U b }` (literal, packed or identified).
    Struct(Type, Vec<ConstId>),
    /// A vector `<T a, T b>`.
    Vector(Type, Vec<ConstId>),
    /// A byte string `c"..."` of type `[N x i8]`.
    Bytes(Type, Vec<u8>),
    /// The address of a global variable or function; its type is a pointer type.
    Global(Type, GlobalRef),
    /// A constant expression.
    Expr {
        /// Result type.
        ty: Type,
        /// Operation.
        op: ConstExprOp,
        /// Operands.
        operands: Vec<ConstId>,
    },
}

impl ConstData {
    /// The type of the constant.
    pub fn ty(&self) -> Type {
        match self {
            ConstData::Int(t, _)
            | ConstData::Float(t, _)
            | ConstData::Null(t)
            | ConstData::Undef(t)
            | ConstData::Poison(t)
            | ConstData::Zero(t)
            | ConstData::Array(t, _)
            | ConstData::Struct(t, _)
            | ConstData::Vector(t, _)
            | ConstData::Bytes(t, _)
            | ConstData::Global(t, _) => *t,
            ConstData::NoneToken => Type::TOKEN,
            ConstData::Expr { ty, .. } => *ty,
        }
    }
}

/// The per-module constant interner.
#[derive(Clone, Debug, Default)]
pub struct ConstPool {
    consts: PrimaryMap<ConstId, ConstData>,
    dedup: FxHashMap<ConstData, ConstId>,
}

impl ConstPool {
    /// An empty pool.
    pub fn new() -> Self {
        Self::default()
    }
    /// Interns `d`.
    pub fn intern(&mut self, d: ConstData) -> ConstId {
        if let Some(&c) = self.dedup.get(&d) {
            return c;
        }
        let c = self.consts.push(d.clone());
        self.dedup.insert(d, c);
        c
    }
    /// The structure of `c`.
    #[inline]
    pub fn data(&self, c: ConstId) -> &ConstData {
        &self.consts[c]
    }
    /// The type of `c`.
    #[inline]
    pub fn ty(&self, c: ConstId) -> Type {
        self.consts[c].ty()
    }
    /// Number of interned constants.
    pub fn len(&self) -> usize {
        self.consts.len()
    }
    /// An integer constant from an `i128` (truncated to the type's width).
    pub fn int(&mut self, ty: Type, width: u32, v: i128) -> ConstId {
        self.intern(ConstData::Int(ty, ApInt::from_i128(width, v)))
    }
    /// The integer value of `c` sign-extended, if it is an integer constant that fits `i128`.
    pub fn as_i128(&self, c: ConstId) -> Option<i128> {
        match &self.consts[c] {
            ConstData::Int(_, v) => v.as_i128(),
            _ => None,
        }
    }
    /// True for `undef`/`poison`.
    pub fn is_undef_or_poison(&self, c: ConstId) -> bool {
        matches!(self.consts[c], ConstData::Undef(_) | ConstData::Poison(_))
    }
}

/// Float bit-pattern helpers used by the reader and writer.
pub mod float {
    /// Converts an `f64` into the bit pattern of a type with `bits` width (16 half, 32 float, 64 double).
    /// Returns `None` when the value is not exactly representable.
    pub fn from_f64_exact(bits: u32, v: f64) -> Option<u128> {
        match bits {
            64 => Some(u128::from(v.to_bits())),
            32 => {
                let f = v as f32;
                (f64::from(f).to_bits() == v.to_bits() || (v.is_nan() && f.is_nan()))
                    .then(|| u128::from(nan_preserving_f64_to_f32(v)))
            }
            16 => f64_to_half_exact(v).map(u128::from),
            _ => None,
        }
    }

    fn nan_preserving_f64_to_f32(v: f64) -> u32 {
        if v.is_nan() {
            let b = v.to_bits();
            let sign = ((b >> 63) as u32) << 31;
            let payload = ((b >> 29) & 0x7f_ffff) as u32;
            sign | 0x7f80_0000 | payload.max(1)
        } else {
            (v as f32).to_bits()
        }
    }

    /// The `f64` value of a float bit pattern of `bits` width (16 half, 32 float, 64 double).
    pub fn to_f64(bits: u32, pattern: u128) -> f64 {
        match bits {
            64 => f64::from_bits(pattern as u64),
            32 => {
                let f = f32::from_bits(pattern as u32);
                if f.is_nan() {
                    let b = pattern as u32;
                    let sign = u64::from(b >> 31) << 63;
                    f64::from_bits(sign | 0x7ff0_0000_0000_0000 | (u64::from(b & 0x7f_ffff) << 29))
                } else {
                    f64::from(f)
                }
            }
            16 => half_to_f64(pattern as u16),
            _ => f64::NAN,
        }
    }

    /// Decodes IEEE binary16.
    pub fn half_to_f64(h: u16) -> f64 {
        let sign = if h >> 15 == 1 { -1.0 } else { 1.0 };
        let exp = (h >> 10) & 0x1f;
        let man = f64::from(h & 0x3ff);
        match exp {
            0 => sign * man * 2f64.powi(-24),
            0x1f => {
                if man == 0.0 {
                    sign * f64::INFINITY
                } else {
                    f64::NAN
                }
            }
            e => sign * (1.0 + man / 1024.0) * 2f64.powi(i32::from(e) - 15),
        }
    }

    fn f64_to_half_exact(v: f64) -> Option<u16> {
        if v.is_nan() {
            return Some(0x7e00);
        }
        // Brute force over the 65536 patterns would be slow; construct and check instead.
        let sign: u16 = if v.is_sign_negative() { 0x8000 } else { 0 };
        let a = v.abs();
        if a == 0.0 {
            return Some(sign);
        }
        if a.is_infinite() {
            return Some(sign | 0x7c00);
        }
        let e = a.log2().floor() as i32;
        let h = if e < -14 {
            let m = a / 2f64.powi(-24);
            if m.fract() != 0.0 || m >= 1024.0 {
                return None;
            }
            m as u16
        } else {
            if e > 15 {
                return None;
            }
            let m = (a / 2f64.powi(e) - 1.0) * 1024.0;
            if m.fract() != 0.0 || !(0.0..1024.0).contains(&m) {
                return None;
            }
            (((e + 15) as u16) << 10) | m as u16
        };
        (half_to_f64(h) == a).then_some(sign | h)
    }
}
