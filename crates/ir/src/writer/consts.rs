//! Names, types, floating-point literals and constants in LLVM assembly syntax.

use super::Ctx;
use crate::constant::{float, ConstData, ConstExprOp, ConstId, GlobalRef};
use crate::inst::Flags;
use crate::types::{Type, TypeData, TypeStore};

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Pushes `\XX` (upper-case hex) for one byte.
fn push_hex_escape(out: &mut String, b: u8) {
    out.push('\\');
    out.push(HEX[usize::from(b >> 4)] as char);
    out.push(HEX[usize::from(b & 15)] as char);
}

/// Pushes bytes as the inside of an LLVM string literal: `\` as `\\`, printable ASCII except `"` verbatim, every
/// other byte as `\XX` (LLVM's `printEscapedString`).
pub(super) fn push_escaped(out: &mut String, bytes: &[u8]) {
    for &b in bytes {
        if b == b'\\' {
            out.push_str("\\\\");
        } else if (0x20..=0x7e).contains(&b) && b != b'"' {
            out.push(b as char);
        } else {
            push_hex_escape(out, b);
        }
    }
}

/// Pushes `"text"` with escapes.
pub(super) fn push_quoted(out: &mut String, bytes: &[u8]) {
    out.push('"');
    push_escaped(out, bytes);
    out.push('"');
}

/// Whether a global or local name must be written in quotes: empty, starting with a digit, or holding a byte
/// outside `[-a-zA-Z._0-9]`. (`$` is legal unquoted, but LLVM quotes it and so do we, to print identical text.)
pub(super) fn name_needs_quotes(name: &str) -> bool {
    let b = name.as_bytes();
    b.is_empty()
        || b[0].is_ascii_digit()
        || !b.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_'))
}

/// Pushes a name (without its sigil), quoted and escaped when needed, exactly as the writer prints it.
pub fn push_name(out: &mut String, name: &str) {
    if name_needs_quotes(name) {
        push_quoted(out, name.as_bytes());
    } else {
        out.push_str(name);
    }
}

/// Pushes a metadata identifier (named metadata, attachment kinds) without its `!`.
pub(super) fn push_md_ident(out: &mut String, name: &str) {
    for (i, &c) in name.as_bytes().iter().enumerate() {
        let ok = if i == 0 { c.is_ascii_alphabetic() } else { c.is_ascii_alphanumeric() };
        if ok || matches!(c, b'-' | b'$' | b'.' | b'_') {
            out.push(c as char);
        } else {
            push_hex_escape(out, c);
        }
    }
}

/// Pushes the `%name` of an identified struct. An all-digit name is a numbered type (`%0`) and printed bare, as
/// LLVM accepts type numbers in any order; the (single) struct with an empty name is numbered after the largest
/// numbered type.
fn push_struct_name(out: &mut String, types: &TypeStore, name: &str) {
    out.push('%');
    if name.is_empty() {
        let next = types
            .named_structs()
            .filter_map(|(_, s)| if is_number(&s.name) { s.name.parse::<u64>().ok() } else { None })
            .max()
            .map_or(0, |n| n + 1);
        out.push_str(&next.to_string());
    } else if is_number(name) {
        out.push_str(name);
    } else {
        push_name(out, name);
    }
}

fn is_number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Pushes the body of an identified struct (`{ i32, float }`, `<{ i8 }>`, `opaque`).
pub(super) fn write_struct_body(out: &mut String, types: &TypeStore, fields: Option<&[Type]>, packed: bool) {
    match fields {
        None => out.push_str("opaque"),
        Some(f) => write_struct_fields(out, types, f, packed),
    }
}

fn write_struct_fields(out: &mut String, types: &TypeStore, fields: &[Type], packed: bool) {
    if packed {
        out.push('<');
    }
    if fields.is_empty() {
        out.push_str("{}");
    } else {
        out.push_str("{ ");
        for (i, &f) in fields.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            write_type(out, types, f);
        }
        out.push_str(" }");
    }
    if packed {
        out.push('>');
    }
}

/// Pushes a type.
pub(super) fn write_type(out: &mut String, types: &TypeStore, t: Type) {
    match types.data(t) {
        TypeData::Void => out.push_str("void"),
        TypeData::Int(n) => {
            out.push('i');
            super::push_u64(out, u64::from(*n));
        }
        TypeData::Half => out.push_str("half"),
        TypeData::BFloat => out.push_str("bfloat"),
        TypeData::Float => out.push_str("float"),
        TypeData::Double => out.push_str("double"),
        TypeData::Fp128 => out.push_str("fp128"),
        TypeData::X86Fp80 => out.push_str("x86_fp80"),
        TypeData::PpcFp128 => out.push_str("ppc_fp128"),
        TypeData::Ptr(0) => out.push_str("ptr"),
        TypeData::Ptr(a) => {
            out.push_str("ptr addrspace(");
            super::push_u64(out, u64::from(*a));
            out.push(')');
        }
        TypeData::Vector { len, elem, scalable } => {
            out.push('<');
            if *scalable {
                out.push_str("vscale x ");
            }
            super::push_u64(out, u64::from(*len));
            out.push_str(" x ");
            write_type(out, types, *elem);
            out.push('>');
        }
        TypeData::Array { len, elem } => {
            out.push('[');
            super::push_u64(out, *len);
            out.push_str(" x ");
            write_type(out, types, *elem);
            out.push(']');
        }
        TypeData::Struct { fields, packed } => write_struct_fields(out, types, fields, *packed),
        TypeData::Named(_) => {
            let name = types.named_info(t).map(|n| n.name.as_str()).unwrap_or("");
            push_struct_name(out, types, name);
        }
        TypeData::Func { ret, params, vararg } => {
            write_type(out, types, *ret);
            out.push_str(" (");
            for (i, &p) in params.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_type(out, types, p);
            }
            if *vararg {
                out.push_str(if params.is_empty() { "..." } else { ", ..." });
            }
            out.push(')');
        }
        TypeData::Label => out.push_str("label"),
        TypeData::Token => out.push_str("token"),
        TypeData::Metadata => out.push_str("metadata"),
    }
}

// ----- floating point -----

/// A minimal unsigned big integer (little-endian 32-bit limbs) for exact decimal conversion.
struct Big(Vec<u32>);

impl Big {
    fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for l in self.0.iter_mut() {
            let p = u64::from(*l) * u64::from(m) + carry;
            *l = p as u32;
            carry = p >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }
    fn shl(&mut self, bits: u32) {
        for _ in 0..bits / 32 {
            self.0.insert(0, 0);
        }
        let r = bits % 32;
        if r != 0 {
            let mut carry = 0u32;
            for l in self.0.iter_mut() {
                let nl = (*l << r) | carry;
                carry = *l >> (32 - r);
                *l = nl;
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
    }
    fn divrem10(&mut self) -> u8 {
        let mut rem = 0u64;
        for l in self.0.iter_mut().rev() {
            let cur = (rem << 32) | u64::from(*l);
            *l = (cur / 10) as u32;
            rem = cur % 10;
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        rem as u8
    }
    fn active_bits(&self) -> u32 {
        match self.0.iter().rposition(|&l| l != 0) {
            Some(i) => i as u32 * 32 + (32 - self.0[i].leading_zeros()),
            None => 0,
        }
    }
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }
}

/// The decimal text LLVM's `APFloat::toString(Str, 6, 0, false)` produces for a finite value: six significant
/// digits in scientific notation with six digits after the point (the last one a padding zero), using LLVM's own
/// truncate-then-round digit generation so the text matches LLVM byte for byte.
fn llvm_scientific(v: f64) -> String {
    const PRECISION: usize = 6;
    let mut s = String::new();
    if v.is_sign_negative() {
        s.push('-');
    }
    if v == 0.0 {
        s.push_str("0.000000e+00");
        return s;
    }
    let bits = v.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (mut n, mut e) = if biased == 0 { (frac, -1074) } else { (frac | (1u64 << 52), biased - 1075) };
    let tz = n.trailing_zeros();
    n >>= tz;
    e += tz as i32;
    let mut sig = Big(vec![n as u32, (n >> 32) as u32]);
    let mut exp: i64 = 0;
    if e > 0 {
        sig.shl(e as u32);
    } else if e < 0 {
        let mut k = -e;
        while k >= 13 {
            sig.mul_small(1_220_703_125); // 5^13
            k -= 13;
        }
        sig.mul_small(5u32.pow(k as u32));
        exp = i64::from(e);
    }
    // First precision adjustment: drop (by truncation) decimal digits far beyond the precision.
    let active = sig.active_bits() as usize;
    let required = (PRECISION * 196).div_ceil(59);
    if active > required {
        let tens = (active - required) * 59 / 196;
        exp += tens as i64;
        for _ in 0..tens {
            sig.divrem10();
        }
    }
    // Digits, least significant first, without trailing zeros.
    let mut buf: Vec<u8> = Vec::new();
    let mut in_trail = true;
    while !sig.is_zero() {
        let d = sig.divrem10();
        if in_trail && d == 0 {
            exp += 1;
        } else {
            buf.push(b'0' + d);
            in_trail = false;
        }
    }
    // Second precision adjustment: round half up on the first dropped digit.
    let nd = buf.len();
    if nd > PRECISION {
        let mut first = nd - PRECISION;
        if buf[first - 1] < b'5' {
            while first < nd && buf[first] == b'0' {
                first += 1;
            }
            exp += first as i64;
            buf.drain(..first);
        } else {
            let mut i = first;
            while i != nd {
                if buf[i] == b'9' {
                    first += 1;
                    i += 1;
                } else {
                    buf[i] += 1;
                    break;
                }
            }
            exp += first as i64;
            if first == nd {
                buf = vec![b'1'];
            } else {
                buf.drain(..first);
            }
        }
    }
    let nd = buf.len();
    exp += nd as i64 - 1;
    s.push(buf[nd - 1] as char);
    s.push('.');
    for i in 1..nd {
        s.push(buf[nd - 1 - i] as char);
    }
    for _ in 0..(PRECISION + 1).saturating_sub(nd) {
        s.push('0');
    }
    s.push('e');
    s.push(if exp >= 0 { '+' } else { '-' });
    let a = exp.unsigned_abs();
    if a < 10 {
        s.push('0');
    }
    s.push_str(&a.to_string());
    s
}

/// Formats a `float`/`double` value (given as an `f64`) the way LLVM does: the six-digit decimal form when it
/// parses back to exactly the same double, otherwise `0x` and the upper-case hex bits of the double.
fn float_or_double_text(v: f64) -> String {
    if v.is_finite() {
        let s = llvm_scientific(v);
        if s.parse::<f64>().is_ok_and(|p| p.to_bits() == v.to_bits()) {
            return s;
        }
    }
    format!("0x{:X}", v.to_bits())
}

/// The LLVM literal of a floating-point constant of type `ty` whose bit pattern (in its own format) is `bits`.
///
/// `float` and `double` print in decimal (`1.000000e+00`) when that text reads back exactly, otherwise as the hex
/// bits of the value converted to double (`0x3FB99999A0000000` for `float 0.1`); `half` is `0xH`, `bfloat` `0xR`,
/// `fp128` `0xL` (low word first), `x86_fp80` `0xK`, `ppc_fp128` `0xM`.
pub fn float_to_string(types: &TypeStore, ty: Type, bits: u128) -> String {
    match types.data(ty) {
        TypeData::Half => format!("0xH{:04X}", bits as u16),
        TypeData::BFloat => format!("0xR{:04X}", bits as u16),
        TypeData::Float => float_or_double_text(float::to_f64(32, bits)),
        TypeData::Double => float_or_double_text(f64::from_bits(bits as u64)),
        TypeData::Fp128 => format!("0xL{:016X}{:016X}", bits as u64, (bits >> 64) as u64),
        TypeData::PpcFp128 => format!("0xM{:016X}{:016X}", bits as u64, (bits >> 64) as u64),
        TypeData::X86Fp80 => format!("0xK{:04X}{:016X}", (bits >> 64) as u16, bits as u64),
        _ => format!("0x{bits:X}"),
    }
}

// ----- constants -----

/// Pushes the flag words of a constant or instruction `getelementptr`: `inbounds` (or `nusw`), then `nuw`.
pub(super) fn push_gep_flags(out: &mut String, flags: Flags) {
    if flags.contains(Flags::INBOUNDS) {
        out.push_str(" inbounds");
    } else if flags.contains(Flags::NUSW) {
        out.push_str(" nusw");
    }
    if flags.contains(Flags::NUW) {
        out.push_str(" nuw");
    }
}

/// Pushes the non-GEP flag words in LLVM's order: wrap flags, `exact`, `disjoint`, `nneg`, then the fast-math
/// flags (`fast` when all are set). `samesign` (LLVM 20) is not written: `llvm-as` 19 rejects it, and dropping a
/// poison-generating flag only makes the program more defined.
pub(super) fn push_flags(out: &mut String, flags: Flags) {
    for (w, f) in [
        ("nuw", Flags::NUW),
        ("nsw", Flags::NSW),
        ("exact", Flags::EXACT),
        ("disjoint", Flags::DISJOINT),
        ("nneg", Flags::NNEG),
    ] {
        if flags.contains(f) {
            out.push(' ');
            out.push_str(w);
        }
    }
    let fm = flags.fast_math();
    if fm == Flags::FAST {
        out.push_str(" fast");
        return;
    }
    for (w, f) in [
        ("reassoc", Flags::REASSOC),
        ("nnan", Flags::NNAN),
        ("ninf", Flags::NINF),
        ("nsz", Flags::NSZ),
        ("arcp", Flags::ARCP),
        ("contract", Flags::CONTRACT),
        ("afn", Flags::AFN),
    ] {
        if fm.contains(f) {
            out.push(' ');
            out.push_str(w);
        }
    }
}

impl Ctx<'_> {
    /// Pushes `@name` (or `@N`) of a global variable or function.
    pub(super) fn push_global_ref(&self, out: &mut String, r: GlobalRef) {
        out.push('@');
        let (name, slot) = match r {
            GlobalRef::Var(g) => (self.m.globals.get(g).map(|g| g.name.as_str()), self.gslots.get(&g)),
            GlobalRef::Func(f) => (self.m.funcs.get(f).map(|f| f.name.as_str()), self.fslots.get(&f)),
        };
        match (name, slot) {
            (Some(n), _) if !n.is_empty() => push_name(out, n),
            (_, Some(&s)) => super::push_u64(out, u64::from(s)),
            _ => out.push_str("<badref>"),
        }
    }

    /// Pushes `ty c`.
    pub(super) fn write_typed_const(&self, out: &mut String, c: ConstId) {
        write_type(out, &self.m.types, self.m.consts.ty(c));
        out.push(' ');
        self.write_const(out, c);
    }

    fn write_const_list(&self, out: &mut String, elems: &[ConstId]) {
        for (i, &e) in elems.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.write_typed_const(out, e);
        }
    }

    /// Pushes a constant without its type.
    pub(super) fn write_const(&self, out: &mut String, c: ConstId) {
        let types = &self.m.types;
        match self.m.consts.data(c) {
            ConstData::Int(t, v) => {
                if types.int_width(*t) == Some(1) {
                    out.push_str(if v.is_zero() { "false" } else { "true" });
                } else {
                    out.push_str(&v.to_signed_string());
                }
            }
            ConstData::Float(t, bits) => {
                // Printing a float exactly is costly and kernels repeat a few constants many times.
                let mut cache = self.float_text.borrow_mut();
                let text = cache.entry(c).or_insert_with(|| float_to_string(types, *t, *bits).into_boxed_str());
                out.push_str(text);
            }
            ConstData::Null(_) => out.push_str("null"),
            ConstData::Undef(_) => out.push_str("undef"),
            ConstData::Poison(_) => out.push_str("poison"),
            ConstData::Zero(_) => out.push_str("zeroinitializer"),
            ConstData::NoneToken => out.push_str("none"),
            ConstData::Array(_, elems) => {
                out.push('[');
                self.write_const_list(out, elems);
                out.push(']');
            }
            ConstData::Vector(_, elems) => {
                out.push('<');
                self.write_const_list(out, elems);
                out.push('>');
            }
            ConstData::Struct(t, elems) => {
                let packed = types.struct_packed(*t);
                if packed {
                    out.push('<');
                }
                if elems.is_empty() {
                    out.push_str("{}");
                } else {
                    out.push_str("{ ");
                    self.write_const_list(out, elems);
                    out.push_str(" }");
                }
                if packed {
                    out.push('>');
                }
            }
            ConstData::Bytes(_, bytes) => {
                out.push('c');
                push_quoted(out, bytes);
            }
            ConstData::Global(_, r) => self.push_global_ref(out, *r),
            ConstData::Expr { ty, op, operands } => match op {
                ConstExprOp::Cast(op) => {
                    out.push_str(op.name());
                    out.push_str(" (");
                    if let Some(&v) = operands.first() {
                        self.write_typed_const(out, v);
                    }
                    out.push_str(" to ");
                    write_type(out, types, *ty);
                    out.push(')');
                }
                ConstExprOp::Binary(op, flags) => {
                    out.push_str(op.name());
                    push_flags(out, *flags);
                    out.push_str(" (");
                    self.write_const_list(out, operands);
                    out.push(')');
                }
                ConstExprOp::Gep { source_ty, flags, inrange } => {
                    out.push_str("getelementptr");
                    push_gep_flags(out, *flags);
                    if let Some(r) = inrange {
                        out.push(' ');
                        out.push_str(r);
                    }
                    out.push_str(" (");
                    write_type(out, types, *source_ty);
                    for &o in operands {
                        out.push_str(", ");
                        self.write_typed_const(out, o);
                    }
                    out.push(')');
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dbl(v: f64) -> String {
        float_or_double_text(v)
    }

    #[test]
    fn doubles_match_llvm_text() {
        // Expected strings are what llvm-dis 19 prints for these values.
        assert_eq!(dbl(1.0), "1.000000e+00");
        assert_eq!(dbl(0.1), "1.000000e-01");
        assert_eq!(dbl(-0.0), "-0.000000e+00");
        assert_eq!(dbl(0.0), "0.000000e+00");
        assert_eq!(dbl(0.5), "5.000000e-01");
        assert_eq!(dbl(-1.25), "-1.250000e+00");
        assert_eq!(dbl(1.0e100), "1.000000e+100");
        assert_eq!(dbl(1.0e-5), "1.000000e-05");
        assert_eq!(dbl(2.5e-7), "2.500000e-07");
        assert_eq!(dbl(0.3), "3.000000e-01");
        assert_eq!(dbl(1234560.0), "1.234560e+06");
        assert_eq!(dbl(1234567.0), "0x4132D68700000000");
        assert_eq!(dbl(12345678.0), "0x41678C29C0000000");
        assert_eq!(dbl(123456.5), "0x40FE240800000000");
        assert_eq!(dbl(9.999995e10), "0x4237487624B00000");
        assert_eq!(dbl(99999.95), "0x40F869FF33333333");
        assert_eq!(dbl(f64::from_bits(1)), "4.940660e-324");
        assert_eq!(dbl(1.0e-320), "9.999880e-321");
        assert_eq!(dbl(f64::from_bits(0x000F_FFFF_FFFF_FFFF)), "0xFFFFFFFFFFFFF");
        assert_eq!(dbl(f64::INFINITY), "0x7FF0000000000000");
        assert_eq!(dbl(f64::NEG_INFINITY), "0xFFF0000000000000");
        assert_eq!(dbl(f64::NAN), "0x7FF8000000000000");
    }

    #[test]
    fn other_float_types() {
        let mut t = TypeStore::new();
        let f = |t: &TypeStore, ty, b| float_to_string(t, ty, b);
        assert_eq!(f(&t, Type::FLOAT, u128::from(1.0f32.to_bits())), "1.000000e+00");
        assert_eq!(f(&t, Type::FLOAT, u128::from(0.1f32.to_bits())), "0x3FB99999A0000000");
        assert_eq!(f(&t, Type::FLOAT, u128::from(0.25f32.to_bits())), "2.500000e-01");
        assert_eq!(f(&t, Type::FLOAT, u128::from(f32::INFINITY.to_bits())), "0x7FF0000000000000");
        assert_eq!(f(&t, Type::FLOAT, 0x7fc0_0000), "0x7FF8000000000000");
        assert_eq!(f(&t, Type::FLOAT, 0x7fa0_0000), "0x7FF4000000000000");
        assert_eq!(f(&t, Type::FLOAT, u128::from(1234567.0f32.to_bits())), "0x4132D68700000000");
        assert_eq!(f(&t, Type::HALF, 0x3c00), "0xH3C00");
        assert_eq!(f(&t, Type::BFLOAT, 0x3f80), "0xR3F80");
        let q = t.intern(TypeData::Fp128);
        assert_eq!(f(&t, q, 0x3fff_u128 << 112), "0xL00000000000000003FFF000000000000");
        let k = t.intern(TypeData::X86Fp80);
        assert_eq!(f(&t, k, (0x3fff_u128 << 64) | 0x8000_0000_0000_0000), "0xK3FFF8000000000000000");
        let m = t.intern(TypeData::PpcFp128);
        assert_eq!(f(&t, m, 0x3ff0_0000_0000_0000), "0xM3FF00000000000000000000000000000");
    }

    #[test]
    fn names_and_escapes() {
        let q = |s: &str| {
            let mut o = String::new();
            push_name(&mut o, s);
            o
        };
        assert_eq!(q("foo.bar-1_"), "foo.bar-1_");
        assert_eq!(q("a$b"), "\"a$b\"");
        assert_eq!(q("foo bar"), "\"foo bar\"");
        assert_eq!(q("5"), "\"5\"");
        assert_eq!(q("1abc"), "\"1abc\"");
        assert_eq!(q(""), "\"\"");
        assert_eq!(q("a\"b\\c\n"), "\"a\\22b\\\\c\\0A\"");
        assert_eq!(q("é"), "\"\\C3\\A9\"");
        let mut o = String::new();
        push_md_ident(&mut o, "nvvm.annotations");
        assert_eq!(o, "nvvm.annotations");
        let mut o = String::new();
        push_md_ident(&mut o, "1a b");
        assert_eq!(o, "\\31a\\20b");
    }

    #[test]
    fn type_spellings() {
        let mut t = TypeStore::new();
        let s = |t: &TypeStore, ty| {
            let mut o = String::new();
            write_type(&mut o, t, ty);
            o
        };
        let p3 = t.ptr(3);
        assert_eq!(s(&t, p3), "ptr addrspace(3)");
        let v = t.vector(Type::FLOAT, 4);
        assert_eq!(s(&t, v), "<4 x float>");
        let sv = t.intern(TypeData::Vector { len: 2, elem: Type::I64, scalable: true });
        assert_eq!(s(&t, sv), "<vscale x 2 x i64>");
        let a = t.array(v, 3);
        assert_eq!(s(&t, a), "[3 x <4 x float>]");
        let st = t.struct_(vec![Type::I32, p3], false);
        assert_eq!(s(&t, st), "{ i32, ptr addrspace(3) }");
        let ps = t.struct_(vec![Type::I8], true);
        assert_eq!(s(&t, ps), "<{ i8 }>");
        let es = t.struct_(vec![], false);
        assert_eq!(s(&t, es), "{}");
        let n = t.named_struct("struct.a b");
        assert_eq!(s(&t, n), "%\"struct.a b\"");
        let n7 = t.named_struct("7");
        assert_eq!(s(&t, n7), "%7");
        let anon = t.named_struct("");
        assert_eq!(s(&t, anon), "%8");
        let f = t.func(Type::I32, vec![Type::I32], true);
        assert_eq!(s(&t, f), "i32 (i32, ...)");
        let f0 = t.func(Type::VOID, vec![], true);
        assert_eq!(s(&t, f0), "void (...)");
    }
}
