//! Constants and constant expressions.

use super::{PResult, Parser};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use simtc_ir::constant::float;
use simtc_ir::*;

impl Parser<'_> {
    /// Parses a constant of type `ty` (the type was already read).
    pub(crate) fn parse_const(&mut self, ty: Type) -> PResult<ConstId> {
        self.enter("constant")?;
        let r = self.parse_const_inner(ty);
        self.nesting = self.nesting.saturating_sub(1);
        r
    }

    fn parse_const_inner(&mut self, ty: Type) -> PResult<ConstId> {
        let sp = self.span();
        let tok = match self.peek() {
            Some(t) => t.clone(),
            None => return self.expected("constant"),
        };
        let data = match tok {
            Tok::Int(_) | Tok::HexInt(_) => {
                if let Some(w) = self.m.types.int_width(ty) {
                    let v = self.int_literal(w)?;
                    ConstData::Int(ty, v)
                } else if self.m.types.is_float(ty) {
                    // LLVM accepts integer spellings for floats in a few places; be strict like llvm-as.
                    return self.err_at(sp, "floating point constant invalid for type");
                } else {
                    return self.err_at(sp, "integer constant must have integer type");
                }
            }
            Tok::Float(s) | Tok::HexFloat(s) => {
                self.pos += 1;
                self.float_const(ty, s, sp)?
            }
            Tok::GlobalName(_) | Tok::GlobalNum(_) => {
                let g = self.global_use(false)?;
                if !self.m.types.is_ptr(ty) {
                    return self.err_at(sp, "global variable reference must have pointer type");
                }
                ConstData::Global(ty, g)
            }
            Tok::Ident(k) => {
                self.pos += 1;
                match k {
                    "true" | "false" => {
                        if self.m.types.int_width(ty) != Some(1) {
                            return self.err_at(sp, "boolean constant must have type i1");
                        }
                        ConstData::Int(ty, ApInt::from_i128(1, if k == "true" { 1 } else { 0 }))
                    }
                    "null" => {
                        if !self.m.types.is_ptr(ty) {
                            return self.err_at(sp, "null must be a pointer type");
                        }
                        ConstData::Null(ty)
                    }
                    "undef" => ConstData::Undef(ty),
                    "poison" => ConstData::Poison(ty),
                    "zeroinitializer" => {
                        // A struct type defined later in the file (as LLVM allows) is not sized yet.
                        let later = self.m.types.named_info(ty).is_some() && !self.type_defined.contains(&ty);
                        if !self.m.types.is_sized(ty) && ty != Type::TOKEN && !later {
                            return self.err_at(sp, "invalid type for null constant");
                        }
                        ConstData::Zero(ty)
                    }
                    "none" => {
                        if ty != Type::TOKEN {
                            return self.err_at(sp, "invalid type for none constant");
                        }
                        ConstData::NoneToken
                    }
                    "c" => {
                        let bytes = self.expect_string()?;
                        match self.m.types.data(ty) {
                            TypeData::Array { len, elem } if *elem == Type::I8 && *len == bytes.len() as u64 => {}
                            _ => {
                                return self.err_at(
                                    sp,
                                    format!("constant string of {} bytes does not match its type", bytes.len()),
                                )
                            }
                        }
                        ConstData::Bytes(ty, bytes)
                    }
                    "blockaddress" | "dso_local_equivalent" | "no_cfi" | "ptrauth" => {
                        return self.unsupported(sp, format!("'{k}' constants"));
                    }
                    _ => {
                        self.pos -= 1;
                        return self.const_expr(ty, k);
                    }
                }
            }
            Tok::LBracket => {
                self.pos += 1;
                let (len, elem) = match *self.m.types.data(ty) {
                    TypeData::Array { len, elem } => (len, elem),
                    _ => return self.err_at(sp, "array constant must have array type"),
                };
                let elems = self.typed_const_list(&Tok::RBracket, Some(elem))?;
                if elems.len() as u64 != len {
                    return self.err_at(sp, format!("array constant has {} elements, type says {len}", elems.len()));
                }
                ConstData::Array(ty, elems)
            }
            Tok::LBrace => {
                self.pos += 1;
                let fields = match self.m.types.struct_fields(ty) {
                    Some(f) if !self.m.types.struct_packed(ty) => f.to_vec(),
                    _ => return self.err_at(sp, "struct constant must have a non-packed struct type"),
                };
                let elems = self.struct_elems(&Tok::RBrace, &fields, sp.clone())?;
                ConstData::Struct(ty, elems)
            }
            Tok::Less => {
                self.pos += 1;
                if self.eat(&Tok::LBrace) {
                    let fields = match self.m.types.struct_fields(ty) {
                        Some(f) if self.m.types.struct_packed(ty) => f.to_vec(),
                        _ => return self.err_at(sp, "packed struct constant must have a packed struct type"),
                    };
                    let elems = self.struct_elems(&Tok::RBrace, &fields, sp.clone())?;
                    self.expect(&Tok::Greater)?;
                    ConstData::Struct(ty, elems)
                } else {
                    let (len, elem) = match *self.m.types.data(ty) {
                        TypeData::Vector { len, elem, .. } => (len, elem),
                        _ => return self.err_at(sp, "vector constant must have vector type"),
                    };
                    let elems = self.typed_const_list(&Tok::Greater, Some(elem))?;
                    if elems.len() != len as usize {
                        return self
                            .err_at(sp, format!("vector constant has {} elements, type says {len}", elems.len()));
                    }
                    ConstData::Vector(ty, elems)
                }
            }
            Tok::LocalName(_) | Tok::LocalNum(_) => {
                return self.err_at(sp, "expected a constant, found a local value");
            }
            _ => return self.expected("constant"),
        };
        Ok(self.m.consts.intern(data))
    }

    fn struct_elems(&mut self, close: &Tok<'_>, fields: &[Type], sp: std::ops::Range<usize>) -> PResult<Vec<ConstId>> {
        let elems = self.typed_const_list(close, None)?;
        if elems.len() != fields.len() {
            return self.err_at(sp, "struct constant has the wrong number of fields");
        }
        for (i, (&c, &f)) in elems.iter().zip(fields).enumerate() {
            if self.m.consts.ty(c) != f {
                return self.err_at(sp, format!("struct constant field {i} has the wrong type"));
            }
        }
        Ok(elems)
    }

    /// `T a, T b, ...` up to `close`; each element's type must equal `elem` when given.
    fn typed_const_list(&mut self, close: &Tok<'_>, elem: Option<Type>) -> PResult<Vec<ConstId>> {
        let mut v = Vec::new();
        if self.eat(close) {
            return Ok(v);
        }
        loop {
            let sp = self.span();
            let t = self.value_type()?;
            if let Some(e) = elem {
                if t != e {
                    return self.err_at(sp, "element type does not match the aggregate's element type");
                }
            }
            v.push(self.parse_const(t)?);
            if self.eat(close) {
                return Ok(v);
            }
            self.expect(&Tok::Comma)?;
        }
    }

    /// A typed constant `T c`.
    pub(crate) fn typed_const(&mut self) -> PResult<ConstId> {
        let t = self.value_type()?;
        self.parse_const(t)
    }

    fn float_const(&mut self, ty: Type, s: &str, sp: std::ops::Range<usize>) -> PResult<ConstData> {
        let bits = match self.m.types.data(ty) {
            TypeData::Half | TypeData::BFloat => 16,
            TypeData::Float => 32,
            TypeData::Double => 64,
            TypeData::Fp128 | TypeData::PpcFp128 => 128,
            TypeData::X86Fp80 => 80,
            _ => return self.err_at(sp, "floating point constant invalid for type"),
        };
        let bad = || Diagnostic::error(sp.clone(), "floating point constant invalid for type");
        let pattern: u128 = if let Some(h) = s.strip_prefix("0x") {
            let (kind, digits) = match h.chars().next() {
                Some(c @ ('K' | 'L' | 'M' | 'H' | 'R')) => (Some(c), &h[1..]),
                _ => (None, h),
            };
            let raw = u128::from_str_radix(digits, 16).map_err(|_| bad())?;
            if kind.is_none() && raw > u128::from(u64::MAX) {
                return self.err_at(sp, "hexadecimal floating-point constant is bigger than 64 bits");
            }
            match (kind, self.m.types.data(ty)) {
                (None, TypeData::Double) => raw,
                (None, TypeData::Float) => {
                    let d = f64::from_bits(raw as u64);
                    float::from_f64_exact(32, d).ok_or_else(bad)?
                }
                (None, TypeData::Half) => {
                    let d = f64::from_bits(raw as u64);
                    float::from_f64_exact(16, d).ok_or_else(bad)?
                }
                (Some('H'), TypeData::Half) | (Some('R'), TypeData::BFloat) => raw & 0xffff,
                // As in LLVM's lexer, the first 16 digits are the low word and the rest the high word.
                (Some('L'), TypeData::Fp128) | (Some('M'), TypeData::PpcFp128) => {
                    let (lo, hi) = digits.split_at(digits.len().min(16));
                    let lo = u64::from_str_radix(lo, 16).map_err(|_| bad())?;
                    let hi = if hi.is_empty() { 0 } else { u64::from_str_radix(hi, 16).map_err(|_| bad())? };
                    (u128::from(hi) << 64) | u128::from(lo)
                }
                (Some('K'), TypeData::X86Fp80) => raw,
                _ => return Err(bad()),
            }
        } else {
            let d: f64 = s.parse().map_err(|_| bad())?;
            match bits {
                64 => u128::from(d.to_bits()),
                32 | 16 if !matches!(self.m.types.data(ty), TypeData::BFloat) => float::from_f64_exact(bits, d)
                    .ok_or_else(|| {
                        Diagnostic::error(
                            sp.clone(),
                            "floating point constant is not exactly representable in its type",
                        )
                    })?,
                _ => return self.err_at(sp, "decimal constants of this floating-point type are not supported"),
            }
        };
        Ok(ConstData::Float(ty, pattern))
    }

    /// Constant expressions: `getelementptr`, casts, binary operators; LLVM < 19 forms are folded.
    fn const_expr(&mut self, ty: Type, kw: &str) -> PResult<ConstId> {
        let sp = self.span();
        self.pos += 1;
        if kw == "getelementptr" {
            let mut flags = Flags::NONE;
            let mut inrange = None;
            loop {
                if self.eat_ident("inbounds") {
                    flags.insert(Flags::INBOUNDS);
                } else if self.eat_ident("nusw") {
                    flags.insert(Flags::NUSW);
                } else if self.eat_ident("nuw") {
                    flags.insert(Flags::NUW);
                } else if self.is_ident("inrange") {
                    let s = self.span().start;
                    self.pos += 1;
                    self.skip_balanced_parens()?;
                    inrange = Some(self.src[s..self.prev_span().end].to_string());
                } else {
                    break;
                }
            }
            self.expect(&Tok::LParen)?;
            let source_ty = self.parse_type()?;
            let mut ops = Vec::new();
            while self.eat(&Tok::Comma) {
                if self.is_ident("inrange") {
                    return self.unsupported(self.span(), "pre-LLVM-19 'inrange' index markers");
                }
                ops.push(self.typed_const()?);
            }
            self.expect(&Tok::RParen)?;
            if ops.is_empty() {
                return self.err_at(sp, "getelementptr needs a base pointer");
            }
            let base_ty = self.m.consts.ty(ops[0]);
            if !self.m.types.is_ptr(base_ty) {
                return self.err_at(sp, "base of getelementptr must be a pointer");
            }
            if base_ty != ty {
                return self.err_at(sp, "constant expression type does not match its use");
            }
            let op = ConstExprOp::Gep { source_ty, flags, inrange };
            return Ok(self.m.consts.intern(ConstData::Expr { ty, op, operands: ops }));
        }
        if let Some(op) = CastOp::from_name(kw) {
            self.expect(&Tok::LParen)?;
            let v = self.typed_const()?;
            self.expect_ident("to")?;
            let to = self.parse_type()?;
            self.expect(&Tok::RParen)?;
            if to != ty {
                return self.err_at(sp, "constant expression type does not match its use");
            }
            return match op {
                CastOp::BitCast | CastOp::AddrSpaceCast | CastOp::PtrToInt | CastOp::IntToPtr | CastOp::Trunc => {
                    Ok(self.m.consts.intern(ConstData::Expr { ty, op: ConstExprOp::Cast(op), operands: vec![v] }))
                }
                CastOp::ZExt | CastOp::SExt => {
                    let (src_w, dst_w) = (self.int_width_of(v), self.m.types.int_width(ty));
                    match (self.m.consts.data(v).clone(), src_w, dst_w) {
                        (ConstData::Int(_, a), Some(_), Some(dw)) => {
                            let val = if op == CastOp::SExt {
                                a.as_i128().map(|x| ApInt::from_i128(dw, x))
                            } else {
                                Some(ApInt::from_u128(dw, a.as_u128()))
                            };
                            match val {
                                Some(x) => Ok(self.m.consts.intern(ConstData::Int(ty, x))),
                                None => self.unsupported(sp, "constant extension wider than 128 bits"),
                            }
                        }
                        _ => self.unsupported(sp, format!("'{kw}' constant expressions (removed in LLVM 18)")),
                    }
                }
                _ => self.unsupported(sp, format!("'{kw}' constant expressions (removed in LLVM 18)")),
            };
        }
        if let Some(op) = BinaryOp::from_name(kw) {
            let mut flags = Flags::NONE;
            while let Some(f) = self.ident().and_then(Flags::from_word) {
                self.pos += 1;
                flags.insert(f);
            }
            self.expect(&Tok::LParen)?;
            let a = self.typed_const()?;
            self.expect(&Tok::Comma)?;
            let b = self.typed_const()?;
            self.expect(&Tok::RParen)?;
            if self.m.consts.ty(a) != ty || self.m.consts.ty(b) != ty {
                return self.err_at(sp, "constant expression operand types do not match");
            }
            if matches!(op, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Xor) {
                return Ok(self.m.consts.intern(ConstData::Expr {
                    ty,
                    op: ConstExprOp::Binary(op, flags),
                    operands: vec![a, b],
                }));
            }
            // Older constant expressions: fold integer operands.
            if let (Some(x), Some(y), Some(w)) =
                (self.m.consts.as_i128(a), self.m.consts.as_i128(b), self.m.types.int_width(ty))
            {
                if w <= 64 {
                    let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
                    let (ux, uy) = (x as u64 & mask, y as u64 & mask);
                    let r: Option<i128> = match op {
                        BinaryOp::And => Some((ux & uy) as i128),
                        BinaryOp::Or => Some((ux | uy) as i128),
                        BinaryOp::LShr if uy < u64::from(w) => Some((ux >> uy) as i128),
                        BinaryOp::AShr if uy < u64::from(w) => Some(x >> uy),
                        BinaryOp::UDiv if uy != 0 => Some((ux / uy) as i128),
                        BinaryOp::URem if uy != 0 => Some((ux % uy) as i128),
                        BinaryOp::SDiv if y != 0 => x.checked_div(y),
                        BinaryOp::SRem if y != 0 => x.checked_rem(y),
                        // `shl` (removed in LLVM 19) folds unless a wrap flag makes the result poison.
                        BinaryOp::Shl if uy < u64::from(w) => {
                            let r = (ux << uy) & mask;
                            let sext = |v: u64| ((v << (64 - w)) as i64) >> (64 - w);
                            let nuw_bad = flags.contains(Flags::NUW) && r >> uy != ux;
                            let nsw_bad = flags.contains(Flags::NSW) && sext(r) >> uy != sext(ux);
                            (!nuw_bad && !nsw_bad).then_some(r as i128)
                        }
                        _ => None,
                    };
                    if let Some(r) = r {
                        return Ok(self.m.consts.intern(ConstData::Int(ty, ApInt::from_i128(w, r))));
                    }
                }
            }
            let version = if op == BinaryOp::Shl { 19 } else { 18 };
            return self.unsupported(sp, format!("'{kw}' constant expressions (removed in LLVM {version})"));
        }
        match kw {
            "icmp" | "fcmp" | "select" | "extractvalue" | "insertvalue" | "extractelement" | "insertelement"
            | "shufflevector" | "fneg" => {
                self.unsupported(sp, format!("'{kw}' constant expressions (removed from LLVM)"))
            }
            _ => self.err_at(sp, format!("expected constant, found '{kw}'")),
        }
    }

    fn int_width_of(&self, c: ConstId) -> Option<u32> {
        self.m.types.int_width(self.m.consts.ty(c))
    }
}
