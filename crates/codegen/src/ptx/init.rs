//! Static initializers of global variables (seed 004: "Static initializer expression emission", "Byte-level
//! constant data emission"; LLVM's `printScalarConstant`, `bufferAggregateConstant` and `AggBuffer`).
//!
//! **Scalars** (`iN` for N ∈ {1, 8, 16, 32, 64}, `half`/`bfloat`, `float`, `double`, pointers) print as one value:
//! integers in unsigned decimal (`i1 true` is `1`; LLVM prints `-1`), `float` as `0fXXXXXXXX`, `double` as
//! `0dXXXXXXXXXXXXXXXX`, `half`/`bfloat` as the `.b16` bit pattern `0x3C00` (LLVM 19 prints them as a double,
//! which ptxas rejects), pointers as a symbol expression.
//!
//! **Everything else** is laid out byte by byte in an [`AggBuffer`] of the type's store size, little-endian, with
//! struct fields at their data-layout offsets and `<N x i1>` vectors bit-packed. Pointers inside it are recorded as
//! symbols. Without symbols the bytes print as `.b8 name[N] = {...}` with trailing zeros trimmed (ptxas
//! zero-fills them). With symbols, when the size and every symbol offset are multiples of 8 it prints as 64-bit
//! words `.u64 name[N/8] = {generic(a), 0, ...}`, and otherwise byte by byte with the `mask()` operator on each
//! pointer byte, `0xFF(sym), 0xFF00(sym), ...`, which needs PTX 7.1.
//!
//! **Symbol expressions**: `sym`, `generic(sym)` or either with `+offset`. A pointer value of a generic pointer
//! type (address space 0) that points at a global *variable* is written `generic(sym)`, because the variable's
//! symbol denotes an address in its own state space; function addresses never take `generic()`. Constant
//! `getelementptr` offsets are folded into `+offset`; a negative offset prints as `+-N`, the form ptxas parses
//! (LLVM prints `sym-N`, which ptxas rejects). `bitcast`, `addrspacecast`, `inttoptr` of constants and `ptrtoint`
//! into 64-bit slots are understood; other constant expressions are rejected as unsupported.

use crate::error::CodegenError;
use crate::ptx::names;
use simtc_ir::types::TypeData;
use simtc_ir::{CastOp, ConstData, ConstExprOp, ConstId, GlobalRef, Module, Type};
use std::fmt::{self, Write};

/// A relocatable address: `[generic(]sym[)][+offset]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymExpr {
    /// The PTX symbol.
    pub sym: String,
    /// Wrap the symbol in `generic()`.
    pub generic: bool,
    /// Byte offset added to the address.
    pub offset: i64,
}

impl fmt::Display for SymExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.generic {
            write!(f, "generic({})", self.sym)?;
        } else {
            f.write_str(&self.sym)?;
        }
        if self.offset != 0 {
            write!(f, "+{}", self.offset)?;
        }
        Ok(())
    }
}

/// The value of a pointer constant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PtrValue {
    /// An address relative to a symbol.
    Sym(SymExpr),
    /// An absolute address (`null` is 0, `inttoptr (i64 N to ptr)` is N).
    Int(u64),
}

/// Symbol (and whether it names a variable) plus offset, before `generic()` is decided.
enum Addr {
    Sym { sym: String, is_var: bool, offset: i64 },
    Int(u64),
}

fn unsupported_expr(m: &Module, c: ConstId) -> CodegenError {
    let what = match m.consts.data(c) {
        ConstData::Expr { op: ConstExprOp::Cast(op), .. } => format!("'{op}' constant expression"),
        ConstData::Expr { op: ConstExprOp::Binary(op, _), .. } => format!("'{op}' constant expression"),
        ConstData::Expr { .. } => "constant expression".to_string(),
        _ => "constant".to_string(),
    };
    CodegenError::unsupported(format!("{what} in a global initializer"))
}

/// The byte offset of a constant `getelementptr` with source type `ty` and constant `indices`.
fn gep_offset(m: &Module, ty: Type, indices: &[ConstId]) -> Result<i64, CodegenError> {
    let idx = |c: ConstId| {
        m.consts
            .as_i128(c)
            .and_then(|v| i64::try_from(v).ok())
            .ok_or_else(|| CodegenError::unsupported("non-constant getelementptr index in a global initializer"))
    };
    let Some((&first, rest)) = indices.split_first() else { return Ok(0) };
    let mut off = idx(first)?.wrapping_mul(m.types.alloc_size(ty) as i64);
    let mut cur = ty;
    for &i in rest {
        let i = idx(i)?;
        if let Some(layout) = m.types.struct_layout(cur) {
            let field = usize::try_from(i).ok().filter(|&f| f < layout.offsets.len());
            let field = field.ok_or_else(|| CodegenError::new("getelementptr field index out of range"))?;
            off = off.wrapping_add(layout.offsets[field] as i64);
            cur = m.types.struct_fields(cur).map(|f| f[field]).unwrap_or(cur);
        } else {
            let elem = match m.types.data(cur) {
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => *elem,
                _ => return Err(CodegenError::new("getelementptr index into a non-aggregate type")),
            };
            off = off.wrapping_add(i.wrapping_mul(m.types.alloc_size(elem) as i64));
            cur = elem;
        }
    }
    Ok(off)
}

fn eval_addr(m: &Module, c: ConstId) -> Result<Addr, CodegenError> {
    Ok(match m.consts.data(c) {
        ConstData::Global(_, GlobalRef::Var(g)) => {
            Addr::Sym { sym: names::global_symbol(m, *g), is_var: true, offset: 0 }
        }
        ConstData::Global(_, GlobalRef::Func(f)) => {
            Addr::Sym { sym: names::func_symbol(m, *f), is_var: false, offset: 0 }
        }
        ConstData::Null(_) | ConstData::Zero(_) | ConstData::Undef(_) | ConstData::Poison(_) => Addr::Int(0),
        ConstData::Int(_, v) => Addr::Int(v.words()[0]),
        ConstData::Expr { op, operands, .. } => match op {
            ConstExprOp::Cast(CastOp::BitCast | CastOp::AddrSpaceCast | CastOp::PtrToInt | CastOp::IntToPtr) => {
                eval_addr(m, operands[0])?
            }
            ConstExprOp::Gep { source_ty, .. } => {
                let off = gep_offset(m, *source_ty, &operands[1..])?;
                match eval_addr(m, operands[0])? {
                    Addr::Sym { sym, is_var, offset } => Addr::Sym { sym, is_var, offset: offset.wrapping_add(off) },
                    Addr::Int(v) => Addr::Int(v.wrapping_add(off as u64)),
                }
            }
            _ => return Err(unsupported_expr(m, c)),
        },
        _ => return Err(unsupported_expr(m, c)),
    })
}

/// Evaluates a pointer-typed (or `ptrtoint`) constant; see the module doc for `generic()`.
pub fn eval_ptr(m: &Module, c: ConstId) -> Result<PtrValue, CodegenError> {
    // The pointer type that decides `generic()`: the constant's own, or for `ptrtoint` its operand's.
    let mut ptr_ty = m.consts.ty(c);
    if let ConstData::Expr { op: ConstExprOp::Cast(CastOp::PtrToInt), operands, .. } = m.consts.data(c) {
        ptr_ty = m.consts.ty(operands[0]);
    }
    let generic_ty = m.types.ptr_addrspace(ptr_ty) == Some(0);
    Ok(match eval_addr(m, c)? {
        Addr::Sym { sym, is_var, offset } => PtrValue::Sym(SymExpr { sym, generic: is_var && generic_ty, offset }),
        Addr::Int(v) => PtrValue::Int(v),
    })
}

/// True for constants that initialize nothing: zero, null, `undef`, `poison` (positive zero only for floats).
pub fn is_null_or_undef(m: &Module, c: ConstId) -> bool {
    match m.consts.data(c) {
        ConstData::Int(_, v) => v.is_zero(),
        ConstData::Float(_, bits) => *bits == 0,
        ConstData::Null(_) | ConstData::Zero(_) | ConstData::Undef(_) | ConstData::Poison(_) => true,
        ConstData::Array(_, ops) | ConstData::Struct(_, ops) | ConstData::Vector(_, ops) => {
            ops.iter().all(|&o| is_null_or_undef(m, o))
        }
        ConstData::Bytes(_, b) => b.iter().all(|&b| b == 0),
        _ => false,
    }
}

/// The value of a scalar initializer (see the module doc), `None` when it is zero or undefined.
pub fn scalar_init(m: &Module, c: ConstId) -> Result<Option<String>, CodegenError> {
    if is_null_or_undef(m, c) {
        return Ok(None);
    }
    Ok(Some(match m.consts.data(c) {
        ConstData::Int(_, v) => v.to_unsigned_string(),
        ConstData::Float(t, bits) => match m.types.data(*t) {
            TypeData::Float => format!("0f{:08X}", *bits as u32),
            TypeData::Double => format!("0d{:016X}", *bits as u64),
            TypeData::Half | TypeData::BFloat => format!("0x{:04X}", *bits as u16),
            _ => return Err(CodegenError::unsupported("floating-point type in a global initializer")),
        },
        _ => match eval_ptr(m, c)? {
            PtrValue::Sym(s) => s.to_string(),
            PtrValue::Int(0) => return Ok(None),
            PtrValue::Int(v) => v.to_string(),
        },
    }))
}

/// The bytes of an aggregate initializer and the symbols inside it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AggBuffer {
    /// The bytes; symbol slots hold zeros.
    pub bytes: Vec<u8>,
    /// `(offset, address)` of every pointer-sized symbol, by increasing offset.
    pub syms: Vec<(u64, SymExpr)>,
}

impl AggBuffer {
    /// Lays out constant `c` in `size` bytes.
    pub fn new(m: &Module, c: ConstId, size: u64) -> Result<AggBuffer, CodegenError> {
        let mut b = AggBuffer { bytes: vec![0; size as usize], syms: Vec::new() };
        b.fill(m, c, 0)?;
        b.syms.sort_by_key(|(o, _)| *o);
        Ok(b)
    }

    fn put(&mut self, off: u64, bytes: &[u8]) -> Result<(), CodegenError> {
        let end = off as usize + bytes.len();
        let dst = self.bytes.get_mut(off as usize..end).ok_or_else(|| CodegenError::new("initializer overflows"))?;
        dst.copy_from_slice(bytes);
        Ok(())
    }

    fn fill(&mut self, m: &Module, c: ConstId, off: u64) -> Result<(), CodegenError> {
        let ty = m.consts.ty(c);
        match m.consts.data(c) {
            ConstData::Null(_) | ConstData::Zero(_) | ConstData::Undef(_) | ConstData::Poison(_) => {}
            ConstData::Int(t, v) => {
                // Word by word (no buffer per element: tables of thousands of integers are common).
                let mut left = m.types.store_size(*t) as usize;
                let mut at = off;
                for w in v.words() {
                    if left == 0 {
                        break;
                    }
                    let k = left.min(8);
                    self.put(at, &w.to_le_bytes()[..k])?;
                    left -= k;
                    at += k as u64;
                }
            }
            ConstData::Float(t, bits) => {
                let n = m.types.store_size(*t) as usize;
                if n > 8 {
                    return Err(CodegenError::unsupported("floating-point type in a global initializer"));
                }
                self.put(off, &bits.to_le_bytes()[..n])?;
            }
            ConstData::Bytes(_, b) => self.put(off, b)?,
            ConstData::Struct(_, ops) => {
                let layout = m.types.struct_layout(ty).ok_or_else(|| CodegenError::new("struct without layout"))?;
                for (&o, &field_off) in ops.iter().zip(&layout.offsets) {
                    self.fill(m, o, off + field_off)?;
                }
            }
            ConstData::Array(_, ops) | ConstData::Vector(_, ops) => {
                let elem = m.types.element_type(ty, 0).unwrap_or(ty);
                if m.types.int_width(elem) == Some(1) && m.types.is_vector(ty) {
                    for (i, &o) in ops.iter().enumerate() {
                        if m.consts.as_i128(o).is_some_and(|v| v != 0) {
                            self.bytes[off as usize + i / 8] |= 1 << (i % 8);
                        }
                    }
                    return Ok(());
                }
                let stride = m.types.alloc_size(elem);
                if m.types.is_vector(ty) && stride != m.types.store_size(elem) {
                    return Err(CodegenError::unsupported("vector of non-byte-sized elements in a global initializer"));
                }
                for (i, &o) in ops.iter().enumerate() {
                    self.fill(m, o, off + i as u64 * stride)?;
                }
            }
            ConstData::Global(..) | ConstData::Expr { .. } => {
                let size = m.types.store_size(ty);
                match eval_ptr(m, c)? {
                    PtrValue::Int(v) => self.put(off, &v.to_le_bytes()[..size.min(8) as usize])?,
                    PtrValue::Sym(s) if size == 8 => {
                        if off + 8 > self.bytes.len() as u64 {
                            return Err(CodegenError::new("initializer overflows"));
                        }
                        self.syms.push((off, s));
                    }
                    PtrValue::Sym(_) => {
                        return Err(CodegenError::unsupported("a symbol address in a slot narrower than 64 bits"));
                    }
                }
            }
            ConstData::NoneToken => return Err(CodegenError::unsupported("token constant in a global initializer")),
        }
        Ok(())
    }

    /// Whether every byte is zero and there are no symbols.
    pub fn is_zero(&self) -> bool {
        self.syms.is_empty() && self.bytes.iter().all(|&b| b == 0)
    }

    /// Whether the words form can be used: size and every symbol offset are multiples of 8.
    pub fn fits_words(&self) -> bool {
        self.bytes.len().is_multiple_of(8) && self.syms.iter().all(|(o, _)| o.is_multiple_of(8))
    }

    /// The bytes, trailing zeros trimmed, for a buffer without symbols: `1, 0, 0, 0, 2`.
    pub fn print_bytes(&self) -> String {
        let end = self.bytes.iter().rposition(|&b| b != 0).map_or(0, |p| p + 1);
        let mut out = String::with_capacity(end * 4);
        for (k, &b) in self.bytes[..end].iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            simtc_ir::writer::push_u64(&mut out, u64::from(b));
        }
        out
    }

    /// Byte by byte with `mask()` for the symbol bytes (PTX 7.1).
    pub fn print_masked(&self) -> String {
        let mut out = String::new();
        let mut syms = self.syms.iter().peekable();
        let mut pos = 0u64;
        while pos < self.bytes.len() as u64 {
            if pos > 0 {
                out.push_str(", ");
            }
            if let Some((_, s)) = syms.next_if(|(o, _)| *o == pos) {
                for i in 0..8 {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    let _ = write!(out, "0x{:X}({s})", 0xFFu64 << (8 * i));
                }
                pos += 8;
            } else {
                let _ = write!(out, "{}", self.bytes[pos as usize]);
                pos += 1;
            }
        }
        out
    }

    /// 64-bit little-endian words with symbols in their slots (requires [`AggBuffer::fits_words`]).
    pub fn print_words(&self) -> String {
        let mut syms = self.syms.iter().peekable();
        let mut out = String::with_capacity(self.bytes.len() * 3);
        for (i, w) in self.bytes.chunks(8).enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            match syms.next_if(|(o, _)| *o == i as u64 * 8) {
                Some((_, s)) => {
                    let _ = write!(out, "{s}");
                }
                None => simtc_ir::writer::push_u64(&mut out, u64::from_le_bytes(w.try_into().unwrap_or([0; 8]))),
            }
        }
        out
    }
}
