//! Parameter, return and function attributes.
//!
//! Attributes codegen needs are structured (`byval(T)`, `align(N)`, `noundef`, `range(...)`, `convergent`, ...);
//! attributes with their own small grammars that simtc never interprets (`memory(...)`, `nofpclass(...)`,
//! `allocsize(...)`, `uwtable(sync)`, `initializes(...)`) are kept verbatim so the writer reproduces them.

use crate::apint::ApInt;
use crate::types::Type;
use std::fmt;
use std::sync::Arc;

/// One attribute.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Attribute {
    /// A keyword attribute: `noundef`, `nounwind`, `convergent`, `readnone`, ...
    Flag(Arc<str>),
    /// A keyword with an integer: `align(8)`/`align 8`, `dereferenceable(4)`, `alignstack(16)`, `vscale_range` first.
    Int(Arc<str>, u64),
    /// A keyword with a type: `byval(T)`, `sret(T)`, `byref(T)`, `elementtype(T)`, `inalloca(T)`, `preallocated(T)`.
    Type(Arc<str>, Type),
    /// `range(iN lo, hi)`.
    Range(Type, ApInt, ApInt),
    /// A string attribute `"key"` or `"key"="value"`.
    Str(Arc<str>, Option<Arc<str>>),
    /// Any other attribute, kept as its source text.
    Raw(Arc<str>),
}

impl Attribute {
    /// The attribute's key: keyword, string key, or raw text up to `(`.
    pub fn key(&self) -> &str {
        match self {
            Attribute::Flag(k) | Attribute::Int(k, _) | Attribute::Type(k, _) | Attribute::Str(k, _) => k,
            Attribute::Range(..) => "range",
            Attribute::Raw(t) => t.split('(').next().unwrap_or(t),
        }
    }
}

/// An ordered set of attributes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct AttrSet(pub Vec<Attribute>);

impl AttrSet {
    /// The empty set.
    pub fn new() -> Self {
        AttrSet(Vec::new())
    }
    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Whether an attribute with key `key` is present.
    pub fn has(&self, key: &str) -> bool {
        self.0.iter().any(|a| a.key() == key)
    }
    /// The integer of `key(N)`.
    pub fn int(&self, key: &str) -> Option<u64> {
        self.0.iter().find_map(|a| match a {
            Attribute::Int(k, v) if &**k == key => Some(*v),
            _ => None,
        })
    }
    /// The type of `key(T)`.
    pub fn ty(&self, key: &str) -> Option<Type> {
        self.0.iter().find_map(|a| match a {
            Attribute::Type(k, t) if &**k == key => Some(*t),
            _ => None,
        })
    }
    /// The value of the string attribute `"key"="value"`.
    pub fn string(&self, key: &str) -> Option<&str> {
        self.0.iter().find_map(|a| match a {
            Attribute::Str(k, v) if &**k == key => Some(v.as_deref().unwrap_or("")),
            _ => None,
        })
    }
    /// `align(N)` in bytes.
    pub fn align(&self) -> Option<u64> {
        self.int("align")
    }
    /// Adds an attribute (replacing one with the same key).
    pub fn set(&mut self, a: Attribute) {
        let key = a.key();
        self.0.retain(|x| x.key() != key);
        self.0.push(a);
    }
    /// Removes every attribute with key `key`.
    pub fn remove(&mut self, key: &str) {
        self.0.retain(|x| x.key() != key);
    }
}

impl fmt::Display for Attribute {
    /// Prints attributes whose syntax needs no type names; typed attributes print through the module writer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Attribute::Flag(k) => f.write_str(k),
            Attribute::Int(k, v) => write!(f, "{k}({v})"),
            Attribute::Type(k, t) => write!(f, "{k}(<{t}>)"),
            Attribute::Range(t, lo, hi) => {
                write!(f, "range(<{t}> {}, {})", lo.to_signed_string(), hi.to_signed_string())
            }
            Attribute::Str(k, None) => write!(f, "\"{k}\""),
            Attribute::Str(k, Some(v)) => write!(f, "\"{k}\"=\"{v}\""),
            Attribute::Raw(t) => f.write_str(t),
        }
    }
}
