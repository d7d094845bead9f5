//! LLVM types, interned per module.
//!
//! A [`Type`] is a `u32` id into the module's [`TypeStore`]; structurally equal literal types share one id, so type
//! equality is id equality. Identified (named) structs are nominal: each name is its own type, whose body may be
//! set after creation (LLVM allows forward references and opaque structs).
//!
//! Typed pointers of LLVM 12–14 (`i32 addrspace(1)*`) are read as opaque pointers: [`TypeData::Ptr`] carries only
//! the address space.

use crate::entity::{EntityRef, PrimaryMap};
use rustc_hash::FxHashMap;

crate::define_id!(
    /// An interned type.
    Type,
    "type"
);

/// The structure of a type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeData {
    /// `void`.
    Void,
    /// `iN`, 1 ≤ N ≤ 2^23.
    Int(u32),
    /// `half` (IEEE binary16).
    Half,
    /// `bfloat`.
    BFloat,
    /// `float`.
    Float,
    /// `double`.
    Double,
    /// `fp128`.
    Fp128,
    /// `x86_fp80` (read and written, never lowered).
    X86Fp80,
    /// `ppc_fp128` (read and written, never lowered).
    PpcFp128,
    /// `ptr addrspace(N)`.
    Ptr(u32),
    /// `<N x T>` or `<vscale x N x T>`.
    Vector {
        /// Element count (minimum count when scalable).
        len: u32,
        /// Element type.
        elem: Type,
        /// `vscale x` form.
        scalable: bool,
    },
    /// `[N x T]`.
    Array {
        /// Element count.
        len: u64,
        /// Element type.
        elem: Type,
    },
    /// A literal struct `{ T, U }` or `<{ T, U }>`.
    Struct {
        /// Field types.
        fields: Vec<Type>,
        /// `<{ }>` packed layout.
        packed: bool,
    },
    /// An identified struct `%name`; its body lives in [`TypeStore::named_body`].
    Named(u32),
    /// A function type `R (A, B, ...)`.
    Func {
        /// Return type.
        ret: Type,
        /// Parameter types.
        params: Vec<Type>,
        /// Trailing `...`.
        vararg: bool,
    },
    /// `label`.
    Label,
    /// `token`.
    Token,
    /// `metadata`.
    Metadata,
}

/// The body of an identified struct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedStruct {
    /// The name without `%`.
    pub name: String,
    /// The fields, or `None` for an opaque struct.
    pub body: Option<Vec<Type>>,
    /// Packed layout.
    pub packed: bool,
}

/// The per-module type interner.
#[derive(Clone, Debug)]
pub struct TypeStore {
    types: PrimaryMap<Type, TypeData>,
    dedup: FxHashMap<TypeData, Type>,
    named: Vec<NamedStruct>,
    named_by_name: FxHashMap<String, Type>,
}

impl Default for TypeStore {
    fn default() -> Self {
        Self::new()
    }
}

/// Preallocated common types, valid in every [`TypeStore`].
impl Type {
    /// `void`.
    pub const VOID: Type = Type(0);
    /// `i1`.
    pub const I1: Type = Type(1);
    /// `i8`.
    pub const I8: Type = Type(2);
    /// `i16`.
    pub const I16: Type = Type(3);
    /// `i32`.
    pub const I32: Type = Type(4);
    /// `i64`.
    pub const I64: Type = Type(5);
    /// `half`.
    pub const HALF: Type = Type(6);
    /// `bfloat`.
    pub const BFLOAT: Type = Type(7);
    /// `float`.
    pub const FLOAT: Type = Type(8);
    /// `double`.
    pub const DOUBLE: Type = Type(9);
    /// `ptr` (address space 0, generic).
    pub const PTR: Type = Type(10);
    /// `label`.
    pub const LABEL: Type = Type(11);
    /// `metadata`.
    pub const METADATA: Type = Type(12);
    /// `token`.
    pub const TOKEN: Type = Type(13);
    /// `i128`.
    pub const I128: Type = Type(14);
}

impl TypeStore {
    /// A store holding the preallocated common types.
    pub fn new() -> Self {
        let mut s = TypeStore {
            types: PrimaryMap::new(),
            dedup: FxHashMap::default(),
            named: Vec::new(),
            named_by_name: FxHashMap::default(),
        };
        for d in [
            TypeData::Void,
            TypeData::Int(1),
            TypeData::Int(8),
            TypeData::Int(16),
            TypeData::Int(32),
            TypeData::Int(64),
            TypeData::Half,
            TypeData::BFloat,
            TypeData::Float,
            TypeData::Double,
            TypeData::Ptr(0),
            TypeData::Label,
            TypeData::Metadata,
            TypeData::Token,
            TypeData::Int(128),
        ] {
            s.intern(d);
        }
        s
    }

    /// Interns a literal type and returns its id.
    pub fn intern(&mut self, d: TypeData) -> Type {
        if let Some(&t) = self.dedup.get(&d) {
            return t;
        }
        let t = self.types.push(d.clone());
        self.dedup.insert(d, t);
        t
    }

    /// The structure of `t`.
    #[inline]
    pub fn data(&self, t: Type) -> &TypeData {
        &self.types[t]
    }

    /// Number of interned types.
    pub fn len(&self) -> usize {
        self.types.len()
    }
    /// Number of identified (named) struct types.
    pub fn num_named(&self) -> usize {
        self.named.len()
    }

    /// `iN`.
    pub fn int(&mut self, bits: u32) -> Type {
        self.intern(TypeData::Int(bits))
    }
    /// `ptr addrspace(n)`.
    pub fn ptr(&mut self, addrspace: u32) -> Type {
        self.intern(TypeData::Ptr(addrspace))
    }
    /// `[len x elem]`.
    pub fn array(&mut self, elem: Type, len: u64) -> Type {
        self.intern(TypeData::Array { len, elem })
    }
    /// `<len x elem>`.
    pub fn vector(&mut self, elem: Type, len: u32) -> Type {
        self.intern(TypeData::Vector { len, elem, scalable: false })
    }
    /// A literal struct.
    pub fn struct_(&mut self, fields: Vec<Type>, packed: bool) -> Type {
        self.intern(TypeData::Struct { fields, packed })
    }
    /// A function type.
    pub fn func(&mut self, ret: Type, params: Vec<Type>, vararg: bool) -> Type {
        self.intern(TypeData::Func { ret, params, vararg })
    }

    /// The identified struct called `name`, created opaque if new.
    pub fn named_struct(&mut self, name: &str) -> Type {
        if let Some(&t) = self.named_by_name.get(name) {
            return t;
        }
        let idx = self.named.len() as u32;
        self.named.push(NamedStruct { name: name.to_string(), body: None, packed: false });
        let t = self.types.push(TypeData::Named(idx));
        self.named_by_name.insert(name.to_string(), t);
        t
    }

    /// Looks up an identified struct by name.
    pub fn find_named(&self, name: &str) -> Option<Type> {
        self.named_by_name.get(name).copied()
    }

    /// Sets the body of an identified struct.
    pub fn set_named_body(&mut self, t: Type, fields: Vec<Type>, packed: bool) {
        if let TypeData::Named(i) = self.types[t] {
            let n = &mut self.named[i as usize];
            n.body = Some(fields);
            n.packed = packed;
        }
    }

    /// The identified struct behind `t`, if `t` is one.
    pub fn named_info(&self, t: Type) -> Option<&NamedStruct> {
        match self.types[t] {
            TypeData::Named(i) => Some(&self.named[i as usize]),
            _ => None,
        }
    }

    /// All identified structs, in creation order, with their type ids.
    pub fn named_structs(&self) -> impl Iterator<Item = (Type, &NamedStruct)> {
        self.named.iter().map(move |n| (self.named_by_name[&n.name], n))
    }

    /// True for `void`.
    pub fn is_void(&self, t: Type) -> bool {
        matches!(self.data(t), TypeData::Void)
    }
    /// The width of an integer type.
    pub fn int_width(&self, t: Type) -> Option<u32> {
        match self.data(t) {
            TypeData::Int(n) => Some(*n),
            _ => None,
        }
    }
    /// True for `iN`.
    pub fn is_int(&self, t: Type) -> bool {
        matches!(self.data(t), TypeData::Int(_))
    }
    /// True for the floating-point types.
    pub fn is_float(&self, t: Type) -> bool {
        matches!(
            self.data(t),
            TypeData::Half
                | TypeData::BFloat
                | TypeData::Float
                | TypeData::Double
                | TypeData::Fp128
                | TypeData::X86Fp80
                | TypeData::PpcFp128
        )
    }
    /// The address space of a pointer type.
    pub fn ptr_addrspace(&self, t: Type) -> Option<u32> {
        match self.data(t) {
            TypeData::Ptr(a) => Some(*a),
            _ => None,
        }
    }
    /// True for pointer types.
    pub fn is_ptr(&self, t: Type) -> bool {
        matches!(self.data(t), TypeData::Ptr(_))
    }
    /// True for vector types.
    pub fn is_vector(&self, t: Type) -> bool {
        matches!(self.data(t), TypeData::Vector { .. })
    }
    /// The element type of a vector, else `t` itself (the "scalar type" of LLVM).
    pub fn scalar_type(&self, t: Type) -> Type {
        match self.data(t) {
            TypeData::Vector { elem, .. } => *elem,
            _ => t,
        }
    }
    /// For vectors, `<len x i1>`-style rebuilding: the same vector shape with element `elem`.
    pub fn with_scalar(&mut self, shape: Type, elem: Type) -> Type {
        match *self.data(shape) {
            TypeData::Vector { len, scalable, .. } => self.intern(TypeData::Vector { len, elem, scalable }),
            _ => elem,
        }
    }
    /// Vector length, if a vector.
    pub fn vector_len(&self, t: Type) -> Option<u32> {
        match self.data(t) {
            TypeData::Vector { len, .. } => Some(*len),
            _ => None,
        }
    }
    /// True for first-class types that can be SSA values.
    pub fn is_first_class(&self, t: Type) -> bool {
        !matches!(self.data(t), TypeData::Void | TypeData::Func { .. } | TypeData::Label)
            && !matches!(self.named_info(t), Some(n) if n.body.is_none())
    }
    /// True for arrays, structs and identified structs.
    pub fn is_aggregate(&self, t: Type) -> bool {
        matches!(self.data(t), TypeData::Array { .. } | TypeData::Struct { .. } | TypeData::Named(_))
    }
    /// The field types of a struct (literal or identified with a body).
    pub fn struct_fields(&self, t: Type) -> Option<&[Type]> {
        match self.data(t) {
            TypeData::Struct { fields, .. } => Some(fields),
            TypeData::Named(i) => self.named[*i as usize].body.as_deref(),
            _ => None,
        }
    }
    /// Whether a struct type is packed.
    pub fn struct_packed(&self, t: Type) -> bool {
        match self.data(t) {
            TypeData::Struct { packed, .. } => *packed,
            TypeData::Named(i) => self.named[*i as usize].packed,
            _ => false,
        }
    }
    /// The type at `index` inside an aggregate or vector (for extractvalue/GEP).
    pub fn element_type(&self, t: Type, index: u64) -> Option<Type> {
        match self.data(t) {
            TypeData::Array { len, elem } => (index < *len).then_some(*elem),
            TypeData::Vector { len, elem, .. } => (index < u64::from(*len)).then_some(*elem),
            _ => self.struct_fields(t).and_then(|f| f.get(index as usize).copied()),
        }
    }
    /// Parts of a function type: return, params, vararg.
    pub fn func_parts(&self, t: Type) -> Option<(Type, &[Type], bool)> {
        match self.data(t) {
            TypeData::Func { ret, params, vararg } => Some((*ret, params, *vararg)),
            _ => None,
        }
    }
    /// Whether the type (after resolving identified structs) is sized.
    pub fn is_sized(&self, t: Type) -> bool {
        self.is_sized_inner(t, &mut rustc_hash::FxHashMap::default())
    }
    /// Sizedness with a memo over the aggregates of the type DAG (shared subtypes are checked once, so deep and
    /// wide nesting stay linear; scalars, the common query, never touch the memo, which then never allocates); a
    /// named struct that contains itself by value is in the memo as unsized while it is being checked, so it
    /// comes out unsized instead of recursing forever.
    fn is_sized_inner(&self, t: Type, memo: &mut rustc_hash::FxHashMap<Type, bool>) -> bool {
        type Memo = rustc_hash::FxHashMap<Type, bool>;
        let aggregate = |memo: &mut Memo, fields: &dyn Fn(&mut Memo) -> bool| {
            if let Some(&r) = memo.get(&t) {
                return r;
            }
            memo.insert(t, false);
            let r = fields(memo);
            memo.insert(t, r);
            r
        };
        match self.data(t) {
            TypeData::Void | TypeData::Label | TypeData::Metadata | TypeData::Token | TypeData::Func { .. } => false,
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => {
                aggregate(memo, &|m| self.is_sized_inner(*elem, m))
            }
            TypeData::Struct { fields, .. } => aggregate(memo, &|m| fields.iter().all(|f| self.is_sized_inner(*f, m))),
            TypeData::Named(i) => match &self.named[*i as usize].body {
                Some(fs) => aggregate(memo, &|m| fs.iter().all(|f| self.is_sized_inner(*f, m))),
                None => false,
            },
            _ => true,
        }
    }

    /// Bit width of a primitive scalar (ints, floats, pointers: 64 for every address space except shared/const/local
    /// when `short_ptr` is asked for — simtc uses 64-bit pointers everywhere).
    pub fn scalar_bits(&self, t: Type) -> Option<u32> {
        Some(match self.data(t) {
            TypeData::Int(n) => *n,
            TypeData::Half | TypeData::BFloat => 16,
            TypeData::Float => 32,
            TypeData::Double => 64,
            TypeData::Fp128 | TypeData::PpcFp128 => 128,
            TypeData::X86Fp80 => 80,
            TypeData::Ptr(_) => 64,
            _ => return None,
        })
    }

    /// ABI alignment in bytes under the NVPTX 64-bit data layout.
    pub fn abi_align(&self, t: Type) -> u64 {
        match self.data(t) {
            TypeData::Int(n) => u64::from(*n).div_ceil(8).next_power_of_two().min(16),
            TypeData::Half | TypeData::BFloat => 2,
            TypeData::Float => 4,
            TypeData::Double | TypeData::Ptr(_) => 8,
            TypeData::Fp128 | TypeData::PpcFp128 | TypeData::X86Fp80 => 16,
            TypeData::Vector { .. } => self.alloc_size(t).next_power_of_two().max(1),
            TypeData::Array { elem, .. } => self.abi_align(*elem),
            TypeData::Struct { .. } | TypeData::Named(_) => {
                if self.struct_packed(t) {
                    1
                } else {
                    self.struct_fields(t).map(|f| f.iter().map(|&f| self.abi_align(f)).max().unwrap_or(1)).unwrap_or(1)
                }
            }
            _ => 1,
        }
    }

    /// Store size in bytes (no trailing padding) under the NVPTX 64-bit data layout.
    pub fn store_size(&self, t: Type) -> u64 {
        match self.data(t) {
            TypeData::Int(n) => u64::from(*n).div_ceil(8),
            TypeData::Vector { len, elem, .. } => {
                let bits = u64::from(self.scalar_bits(*elem).unwrap_or(8)) * u64::from(*len);
                bits.div_ceil(8)
            }
            _ => self.alloc_size(t),
        }
    }

    /// Allocation size in bytes (store size rounded up to the ABI alignment).
    pub fn alloc_size(&self, t: Type) -> u64 {
        match self.data(t) {
            TypeData::Int(_) | TypeData::Vector { .. } => {
                let s = self.store_size(t);
                let a = match self.data(t) {
                    TypeData::Vector { .. } => s.next_power_of_two().max(1),
                    _ => self.abi_align(t),
                };
                s.div_ceil(a) * a
            }
            TypeData::Half | TypeData::BFloat => 2,
            TypeData::Float => 4,
            TypeData::Double | TypeData::Ptr(_) => 8,
            TypeData::Fp128 | TypeData::PpcFp128 | TypeData::X86Fp80 => 16,
            TypeData::Array { len, elem } => len.saturating_mul(self.alloc_size(*elem)),
            TypeData::Struct { .. } | TypeData::Named(_) => self.struct_layout(t).map(|l| l.size).unwrap_or(0),
            _ => 0,
        }
    }

    /// Field offsets and total size of a struct.
    pub fn struct_layout(&self, t: Type) -> Option<StructLayout> {
        let fields = self.struct_fields(t)?;
        let packed = self.struct_packed(t);
        let mut off = 0u64;
        let mut align = 1u64;
        let mut offsets = Vec::with_capacity(fields.len());
        for &f in fields {
            let a = if packed { 1 } else { self.abi_align(f) };
            off = off.div_ceil(a) * a;
            offsets.push(off);
            off += self.alloc_size(f);
            align = align.max(a);
        }
        let size = off.div_ceil(align) * align;
        Some(StructLayout { offsets, size, align })
    }

    /// Iterates all type ids.
    pub fn ids(&self) -> impl Iterator<Item = Type> + '_ {
        (0..self.types.len()).map(Type::new)
    }
}

/// Field offsets of a struct type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructLayout {
    /// Byte offset of each field.
    pub offsets: Vec<u64>,
    /// Total allocation size in bytes.
    pub size: u64,
    /// Alignment in bytes.
    pub align: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_dedups_and_preallocates() {
        let mut s = TypeStore::new();
        assert_eq!(s.int(32), Type::I32);
        assert_eq!(s.ptr(0), Type::PTR);
        let a = s.array(Type::I32, 4);
        assert_eq!(s.array(Type::I32, 4), a);
        assert_ne!(s.array(Type::I32, 5), a);
        assert_eq!(s.alloc_size(a), 16);
    }

    #[test]
    fn struct_layout_pads_fields() {
        let mut s = TypeStore::new();
        let t = s.struct_(vec![Type::I8, Type::I32, Type::DOUBLE, Type::I16], false);
        let l = s.struct_layout(t).unwrap();
        assert_eq!(l.offsets, vec![0, 4, 8, 16]);
        assert_eq!(l.size, 24);
        let p = s.struct_(vec![Type::I8, Type::I32], true);
        assert_eq!(s.alloc_size(p), 5);
    }

    #[test]
    fn named_structs_are_nominal() {
        let mut s = TypeStore::new();
        let a = s.named_struct("struct.A");
        let b = s.named_struct("struct.B");
        assert_ne!(a, b);
        assert!(!s.is_sized(a));
        s.set_named_body(a, vec![Type::FLOAT, Type::I32], false);
        assert!(s.is_sized(a));
        assert_eq!(s.alloc_size(a), 8);
        assert_eq!(s.named_struct("struct.A"), a);
    }
}
