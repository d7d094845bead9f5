//! Function bodies: blocks, instructions, local values and forward references.
//!
//! A local used before its definition becomes a placeholder value of the type at the use; its definition fills
//! the placeholder in place (no replace-all-uses), and a definition of another type is an error. Unnamed values
//! and blocks are numbered in order, and an explicit number that breaks the sequence is an error, as in llvm-as.

use super::{AttrTarget, PResult, Parser};
use crate::diag::Diagnostic;
use crate::lexer::{Kind, Tok};
use rustc_hash::{FxHashMap, FxHashSet};
use simtc_ir::writer::type_to_string;
use simtc_ir::*;
use smallvec::SmallVec;
use std::borrow::Cow;
use std::ops::Range;

/// A local name: `%name` or `%N`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum LocalKey<'s> {
    Name(Cow<'s, str>),
    Num(u32),
}

impl LocalKey<'_> {
    fn show(&self) -> String {
        match self {
            LocalKey::Name(n) => format!("%{n}"),
            LocalKey::Num(n) => format!("%{n}"),
        }
    }
}

struct FnState<'s> {
    fid: FuncId,
    f: Function,
    ret_ty: Type,
    locals: FxHashMap<LocalKey<'s>, Value>,
    forward: FxHashMap<Value, (Range<usize>, LocalKey<'s>)>,
    blocks: FxHashMap<LocalKey<'s>, Block>,
    block_defined: FxHashSet<Block>,
    block_first_use: FxHashMap<Block, (Range<usize>, LocalKey<'s>)>,
    next_num: u32,
    cur: Option<Block>,
}

/// The per-function maps, kept by the parser between functions so their storage is reused.
#[derive(Default)]
pub(crate) struct FnMaps<'s> {
    locals: FxHashMap<LocalKey<'s>, Value>,
    forward: FxHashMap<Value, (Range<usize>, LocalKey<'s>)>,
    blocks: FxHashMap<LocalKey<'s>, Block>,
    block_defined: FxHashSet<Block>,
    block_first_use: FxHashMap<Block, (Range<usize>, LocalKey<'s>)>,
}

/// What an instruction parser produced.
struct Parsed {
    data: InstData,
    /// Attribute groups to apply to a call's function attributes.
    groups: SmallVec<[(u32, Range<usize>); 1]>,
}

impl Parsed {
    fn new(data: InstData) -> Self {
        Parsed { data, groups: SmallVec::new() }
    }
}

impl<'s> Parser<'s> {
    pub(crate) fn function_body(
        &mut self,
        fid: FuncId,
        pnames: Vec<(Option<LocalKey<'s>>, Range<usize>)>,
    ) -> PResult<()> {
        let f = std::mem::replace(&mut self.m.funcs[fid], Function::new("", Type::VOID, &[]));
        let ret_ty = self.m.types.func_parts(f.ty).map(|p| p.0).unwrap_or(Type::VOID);
        let mut maps = std::mem::take(&mut self.fn_maps);
        maps.locals.clear();
        maps.forward.clear();
        maps.blocks.clear();
        maps.block_defined.clear();
        maps.block_first_use.clear();
        let mut fs = FnState {
            fid,
            f,
            ret_ty,
            locals: maps.locals,
            forward: maps.forward,
            blocks: maps.blocks,
            block_defined: maps.block_defined,
            block_first_use: maps.block_first_use,
            next_num: 0,
            cur: None,
        };
        for (i, (key, sp)) in pnames.into_iter().enumerate() {
            let v = fs.f.params[i];
            let key = match key {
                Some(LocalKey::Num(n)) => {
                    if n != fs.next_num {
                        return self.err_at(sp, format!("argument expected to be numbered '%{}'", fs.next_num));
                    }
                    fs.next_num += 1;
                    LocalKey::Num(n)
                }
                Some(LocalKey::Name(n)) => {
                    fs.f.dfg.set_value_name(v, Some(&n));
                    LocalKey::Name(n)
                }
                None => {
                    fs.next_num += 1;
                    LocalKey::Num(fs.next_num - 1)
                }
            };
            if fs.locals.insert(key.clone(), v).is_some() {
                return self.err_at(sp, format!("redefinition of argument '{}'", key.show()));
            }
        }
        // Size the function's tables from its token count (about 8 tokens per instruction) instead of regrowing them.
        let mut depth = 0usize;
        let mut ntoks = 0usize;
        for t in &self.toks[self.pos..] {
            ntoks += 1;
            match t.kind {
                Kind::LBrace => depth += 1,
                Kind::RBrace if depth <= 1 => break,
                Kind::RBrace => depth -= 1,
                _ => {}
            }
        }
        let est = ntoks / 8;
        fs.f.dfg.reserve(est, est + est / 4);
        fs.f.layout.reserve_insts(est);
        let open = self.span();
        self.expect(&Tok::LBrace)?;
        let mut first = true;
        loop {
            if self.eat(&Tok::RBrace) {
                break;
            }
            if self.at_end() {
                // At the end of the input, where llvm-as reports it (a truncated file).
                return self.err("found end of file: the function body is not closed by '}'");
            }
            self.block(&mut fs, first)?;
            first = false;
        }
        if first {
            return self.err_at(open, "function body requires at least one basic block");
        }
        // Unresolved forward references.
        let mut fwd: Vec<_> = fs.forward.values().cloned().collect();
        fwd.sort_by_key(|(s, _)| s.start);
        if let Some((sp, key)) = fwd.into_iter().next() {
            return self.err_at(sp, format!("use of undefined value '{}'", key.show()));
        }
        let mut undefined_blocks: Vec<_> =
            fs.block_first_use.iter().filter(|(b, _)| !fs.block_defined.contains(b)).map(|(_, v)| v.clone()).collect();
        undefined_blocks.sort_by_key(|(s, _)| s.start);
        if let Some((sp, key)) = undefined_blocks.into_iter().next() {
            return self.err_at(sp, format!("use of undefined value '{}'", key.show()));
        }
        self.m.funcs[fid] = fs.f;
        self.fn_maps = FnMaps {
            locals: fs.locals,
            forward: fs.forward,
            blocks: fs.blocks,
            block_defined: fs.block_defined,
            block_first_use: fs.block_first_use,
        };
        Ok(())
    }

    fn block(&mut self, fs: &mut FnState<'s>, first: bool) -> PResult<()> {
        let sp = self.span();
        let key = match self.peek() {
            Some(Tok::Label(l)) => {
                self.pos += 1;
                if !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit()) {
                    let n: u32 = l.parse().map_err(|_| Diagnostic::error(sp.clone(), "label number too large"))?;
                    if n != fs.next_num {
                        return self.err_at(sp, format!("label expected to be numbered '{}'", fs.next_num));
                    }
                    fs.next_num += 1;
                    LocalKey::Num(n)
                } else {
                    LocalKey::Name(l)
                }
            }
            _ => {
                let _ = first;
                fs.next_num += 1;
                LocalKey::Num(fs.next_num - 1)
            }
        };
        if let Some(v) = fs.locals.get(&key) {
            let msg = if fs.forward.contains_key(v) {
                format!("'{}' is used as a value, not a basic block", key.show())
            } else {
                format!("multiple definition of local value named '{}'", key.show())
            };
            return self.err_at(sp, msg);
        }
        let b = self.block_for(fs, &key, sp.clone(), true);
        if !fs.block_defined.insert(b) {
            return self.err_at(sp, format!("redefinition of label '{}'", key.show()));
        }
        if let Some(map) = &mut self.map {
            map.blocks.insert((fs.fid, b), sp.clone());
        }
        if let LocalKey::Name(n) = &key {
            fs.f.dfg.set_block_name(b, Some(n));
        }
        fs.f.layout.append_block(b);
        fs.cur = Some(b);
        loop {
            if matches!(self.peek(), Some(Tok::RBrace) | Some(Tok::Label(_)) | None) {
                let end = self.span();
                return self.err_at(end, "expected instruction: basic block does not end with a terminator");
            }
            if self.instruction(fs)? {
                return Ok(());
            }
        }
    }

    fn block_for(&mut self, fs: &mut FnState<'s>, key: &LocalKey<'s>, sp: Range<usize>, defining: bool) -> Block {
        if let Some(&b) = fs.blocks.get(key) {
            return b;
        }
        let b = fs.f.dfg.make_block(None);
        fs.blocks.insert(key.clone(), b);
        if !defining {
            fs.block_first_use.insert(b, (sp, key.clone()));
        }
        b
    }

    /// `label %x`.
    fn label_ref(&mut self, fs: &mut FnState<'s>) -> PResult<Block> {
        self.expect_ident("label")?;
        self.block_name_ref(fs)
    }

    fn block_name_ref(&mut self, fs: &mut FnState<'s>) -> PResult<Block> {
        let sp = self.span();
        let key = match self.bump() {
            Some(Tok::LocalName(n)) => LocalKey::Name(n),
            Some(Tok::LocalNum(n)) => LocalKey::Num(n),
            _ => return self.err_at(sp, "expected a basic block name"),
        };
        if fs.locals.contains_key(&key) {
            return self.err_at(sp, format!("'{}' is a value, not a basic block", key.show()));
        }
        Ok(self.block_for(fs, &key, sp, false))
    }

    /// Parses one instruction into the current block; returns true when it was the terminator.
    fn instruction(&mut self, fs: &mut FnState<'s>) -> PResult<bool> {
        // Debug records are parsed and dropped.
        if let Some(Tok::DebugRecord(_)) = self.peek() {
            self.pos += 1;
            self.skip_balanced_parens()?;
            return Ok(false);
        }
        let start = self.span();
        let result = match (self.peek(), self.peek_at(1)) {
            (Some(Tok::LocalName(n)), Some(Tok::Eq)) => {
                self.pos += 2;
                Some((LocalKey::Name(n), start.clone()))
            }
            (Some(Tok::LocalNum(n)), Some(Tok::Eq)) => {
                self.pos += 2;
                Some((LocalKey::Num(n), start.clone()))
            }
            _ => None,
        };
        let op_sp = self.span();
        let opcode = match self.peek() {
            Some(Tok::Ident(s)) => s,
            _ => return self.expected("instruction opcode"),
        };
        self.pos += 1;
        let parsed = match self.inst_body(fs, opcode, op_sp.clone())? {
            Some(p) => p,
            None => {
                // Dropped (llvm.dbg.* call).
                self.attachments_skip()?;
                return Ok(false);
            }
        };
        let is_term = parsed.data.is_terminator();
        let ty = parsed.data.ty;
        let inst = if ty != Type::VOID {
            let (key, ksp) = match result {
                Some(r) => r,
                None => (LocalKey::Num(fs.next_num), start.clone()),
            };
            if let LocalKey::Num(n) = key {
                if n != fs.next_num {
                    return self.err_at(ksp, format!("instruction expected to be numbered '%{}'", fs.next_num));
                }
                fs.next_num += 1;
            }
            // Values and blocks share one namespace.
            if fs.blocks.contains_key(&key) {
                return self.err_at(ksp, format!("'{}' is a basic block, not a value", key.show()));
            }
            match fs.locals.get(&key).copied() {
                Some(v) if fs.forward.contains_key(&v) => {
                    let want = fs.f.dfg.value_ty(v);
                    if want != ty {
                        let (use_sp, _) = fs.forward[&v].clone();
                        let _ = use_sp;
                        return self.err_at(
                            ksp,
                            format!(
                                "'{}' defined with type '{}' but expected '{}'",
                                key.show(),
                                type_to_string(&self.m.types, ty),
                                type_to_string(&self.m.types, want)
                            ),
                        );
                    }
                    fs.forward.remove(&v);
                    let i = fs.f.dfg.make_inst_with_result(parsed.data, v);
                    if let LocalKey::Name(n) = &key {
                        fs.f.dfg.set_value_name(v, Some(n));
                    }
                    i
                }
                Some(_) => {
                    return self.err_at(ksp, format!("multiple definition of local value named '{}'", key.show()));
                }
                None => {
                    let i = fs.f.dfg.make_inst(parsed.data, Type::VOID);
                    let v = fs.f.dfg.result(i).expect("result");
                    if let LocalKey::Name(n) = &key {
                        fs.f.dfg.set_value_name(v, Some(n));
                    }
                    fs.locals.insert(key, v);
                    i
                }
            }
        } else {
            if let Some((_, ksp)) = result {
                return self.err_at(ksp, "instructions returning void cannot have a name");
            }
            fs.f.dfg.make_inst(parsed.data, Type::VOID)
        };
        fs.f.layout.append_inst(inst, fs.cur.expect("current block"));
        if self.map.is_some() {
            let end = self.prev_span().end;
            if let Some(map) = &mut self.map {
                map.insts.insert((fs.fid, inst), start.start..end);
            }
        }
        for (n, sp) in parsed.groups {
            self.attr_fixups.push((AttrTarget::Call(fs.fid, inst), n, sp));
        }
        // Attachments.
        while self.at(Kind::Comma) && matches!(self.peek_at(1), Some(Tok::MetaName(_))) {
            self.pos += 1;
            let k = match self.bump() {
                Some(Tok::MetaName(k)) => k,
                _ => unreachable!(),
            };
            let kind = self.m.metadata.kind(k);
            let md = self.metadata_ref()?;
            fs.f.dfg.set_inst_md(inst, kind, md);
        }
        if self.at(Kind::Comma) {
            self.pos += 1;
            return self.expected("instruction operand or metadata attachment");
        }
        Ok(is_term)
    }

    fn attachments_skip(&mut self) -> PResult<()> {
        while self.at(Kind::Comma) && matches!(self.peek_at(1), Some(Tok::MetaName(_))) {
            self.pos += 2;
            self.metadata_ref()?;
        }
        Ok(())
    }

    /// Whether the next tokens are `, !kind` (an attachment, ending operand lists).
    fn at_attachment(&self) -> bool {
        self.at(Kind::Comma) && matches!(self.peek_at(1), Some(Tok::MetaName(_)))
    }

    // ----- operands -----

    /// A value of type `ty`: a local, a constant, or (for `metadata`) a metadata operand.
    fn operand(&mut self, fs: &mut FnState<'s>, ty: Type) -> PResult<Value> {
        let sp = self.span();
        match self.peek() {
            Some(Tok::LocalName(n)) => {
                self.pos += 1;
                self.local(fs, LocalKey::Name(n), ty, sp)
            }
            Some(Tok::LocalNum(n)) => {
                self.pos += 1;
                self.local(fs, LocalKey::Num(n), ty, sp)
            }
            _ if ty == Type::METADATA => {
                let op = self.metadata_arg()?;
                Ok(fs.f.dfg.make_value(ValueDef::Metadata(op), Type::METADATA))
            }
            Some(Tok::Ident("asm")) => self.err_at(sp, "inline asm is only valid as a call target"),
            _ => {
                if ty == Type::VOID || ty == Type::LABEL {
                    return self.err_at(sp, "invalid type for a value");
                }
                let c = self.parse_const(ty)?;
                Ok(fs.f.dfg.const_value(c, ty))
            }
        }
    }

    /// `T v`.
    fn typed_operand(&mut self, fs: &mut FnState<'s>) -> PResult<(Type, Value)> {
        let t = self.parse_type()?;
        if t == Type::VOID {
            return self.err_at(self.prev_span(), "invalid use of 'void' as an operand type");
        }
        let v = self.operand(fs, t)?;
        Ok((t, v))
    }

    fn local(&mut self, fs: &mut FnState<'s>, key: LocalKey<'s>, ty: Type, sp: Range<usize>) -> PResult<Value> {
        if let Some(&v) = fs.locals.get(&key) {
            let have = fs.f.dfg.value_ty(v);
            if have != ty {
                return self.err_at(
                    sp,
                    format!(
                        "'{}' defined with type '{}' but expected '{}'",
                        key.show(),
                        type_to_string(&self.m.types, have),
                        type_to_string(&self.m.types, ty)
                    ),
                );
            }
            return Ok(v);
        }
        if fs.blocks.contains_key(&key) {
            return self.err_at(sp, format!("'{}' is a basic block, not a value", key.show()));
        }
        let v = fs.f.dfg.make_value(ValueDef::Placeholder, ty);
        fs.locals.insert(key.clone(), v);
        fs.forward.insert(v, (sp, key));
        Ok(v)
    }

    fn flags(&mut self, allowed: &[Flags]) -> PResult<Flags> {
        let mut f = Flags::NONE;
        while let Some(w) = self.ident().and_then(Flags::from_word) {
            if !allowed.iter().any(|a| a.contains(w) || (w == Flags::FAST && a.contains(Flags::FAST))) {
                break;
            }
            self.pos += 1;
            f.insert(w);
        }
        Ok(f)
    }

    fn syncscope(&mut self) -> PResult<SyncScope> {
        if self.eat_ident("syncscope") {
            self.expect(&Tok::LParen)?;
            let s = self.expect_string_utf8()?;
            self.expect(&Tok::RParen)?;
            return Ok(SyncScope::Named(s.into()));
        }
        Ok(SyncScope::System)
    }

    fn ordering(&mut self) -> PResult<AtomicOrdering> {
        match self.ident().and_then(AtomicOrdering::from_name) {
            Some(o) if o != AtomicOrdering::NotAtomic => {
                self.pos += 1;
                Ok(o)
            }
            _ => self.expected("atomic ordering"),
        }
    }

    /// `, align N` if present (not consuming attachments).
    fn opt_align(&mut self) -> PResult<Option<u64>> {
        if self.at(Kind::Comma) && matches!(self.peek_at(1), Some(Tok::Ident(s)) if s == "align") {
            self.pos += 2;
            let sp = self.span();
            let a = self.expect_u64()?;
            if !a.is_power_of_two() {
                return self.err_at(sp, "alignment is not a power of two");
            }
            return Ok(Some(a));
        }
        Ok(None)
    }

    fn check_type(&self, ok: bool, sp: Range<usize>, msg: &str) -> PResult<()> {
        if ok {
            Ok(())
        } else {
            self.err_at(sp, msg)
        }
    }

    // ----- instructions -----

    fn inst_body(&mut self, fs: &mut FnState<'s>, op: &str, sp: Range<usize>) -> PResult<Option<Parsed>> {
        const INT_WRAP: &[Flags] = &[Flags::NUW, Flags::NSW];
        const FMF: &[Flags] = &[Flags::FAST];
        if let Some(bop) = BinaryOp::from_name(op) {
            let allowed: &[Flags] = match bop {
                BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Shl => INT_WRAP,
                BinaryOp::UDiv | BinaryOp::SDiv | BinaryOp::LShr | BinaryOp::AShr => &[Flags::EXACT],
                BinaryOp::Or => &[Flags::DISJOINT],
                _ if bop.is_float() => FMF,
                _ => &[],
            };
            let flags = self.flags(allowed)?;
            let tsp = self.span();
            let (t, a) = self.typed_operand(fs)?;
            self.expect(&Tok::Comma)?;
            let b = self.operand(fs, t)?;
            let scalar = self.m.types.scalar_type(t);
            let ok = if bop.is_float() { self.m.types.is_float(scalar) } else { self.m.types.is_int(scalar) };
            self.check_type(ok, tsp, "invalid operand type for instruction")?;
            let mut d = InstData::new(InstKind::Binary(bop), &[a, b], t);
            d.flags = flags;
            return Ok(Some(Parsed::new(d)));
        }
        if let Some(cop) = CastOp::from_name(op) {
            let allowed: &[Flags] = match cop {
                CastOp::Trunc => INT_WRAP,
                CastOp::ZExt | CastOp::UIToFP => &[Flags::NNEG],
                CastOp::FPTrunc | CastOp::FPExt | CastOp::FPToUI | CastOp::FPToSI | CastOp::SIToFP => FMF,
                _ => &[],
            };
            let flags = self.flags(allowed)?;
            let (_, v) = self.typed_operand(fs)?;
            self.expect_ident("to")?;
            let to = self.value_type()?;
            let mut d = InstData::new(InstKind::Cast(cop), &[v], to);
            d.flags = flags;
            return Ok(Some(Parsed::new(d)));
        }
        let d = match op {
            "fneg" => {
                let flags = self.flags(FMF)?;
                let (t, a) = self.typed_operand(fs)?;
                let mut d = InstData::new(InstKind::FNeg, &[a], t);
                d.flags = flags;
                d
            }
            "icmp" => {
                let flags = self.flags(&[Flags::SAMESIGN])?;
                let p = match self.ident().and_then(IntPredicate::from_name) {
                    Some(p) => p,
                    None => return self.expected("icmp predicate"),
                };
                self.pos += 1;
                let tsp = self.span();
                let (t, a) = self.typed_operand(fs)?;
                self.expect(&Tok::Comma)?;
                let b = self.operand(fs, t)?;
                let s = self.m.types.scalar_type(t);
                self.check_type(
                    self.m.types.is_int(s) || self.m.types.is_ptr(s),
                    tsp,
                    "icmp requires integer or pointer operands",
                )?;
                let rt = self.m.types.with_scalar(t, Type::I1);
                let mut d = InstData::new(InstKind::ICmp(p), &[a, b], rt);
                d.flags = flags;
                d
            }
            "fcmp" => {
                let flags = self.flags(FMF)?;
                let p = match self.ident().and_then(FloatPredicate::from_name) {
                    Some(p) => p,
                    None => return self.expected("fcmp predicate"),
                };
                self.pos += 1;
                let tsp = self.span();
                let (t, a) = self.typed_operand(fs)?;
                self.expect(&Tok::Comma)?;
                let b = self.operand(fs, t)?;
                let s = self.m.types.scalar_type(t);
                self.check_type(self.m.types.is_float(s), tsp, "fcmp requires floating-point operands")?;
                let rt = self.m.types.with_scalar(t, Type::I1);
                let mut d = InstData::new(InstKind::FCmp(p), &[a, b], rt);
                d.flags = flags;
                d
            }
            "select" => {
                let flags = self.flags(FMF)?;
                let (_, c) = self.typed_operand(fs)?;
                self.expect(&Tok::Comma)?;
                let (t, a) = self.typed_operand(fs)?;
                self.expect(&Tok::Comma)?;
                let bsp = self.span();
                let (t2, b) = self.typed_operand(fs)?;
                self.check_type(t == t2, bsp, "select arms must have the same type")?;
                let mut d = InstData::new(InstKind::Select, &[c, a, b], t);
                d.flags = flags;
                d
            }
            "phi" => {
                let flags = self.flags(FMF)?;
                let t = self.value_type()?;
                let mut args = SmallVec::<[Value; 3]>::new();
                let mut blocks = SmallVec::new();
                loop {
                    self.expect(&Tok::LBracket)?;
                    args.push(self.operand(fs, t)?);
                    self.expect(&Tok::Comma)?;
                    blocks.push(self.block_name_ref(fs)?);
                    self.expect(&Tok::RBracket)?;
                    if !(self.at(Kind::Comma) && self.kind_at(1) == Some(Kind::LBracket)) {
                        break;
                    }
                    self.pos += 1;
                }
                let mut d = InstData::new(InstKind::Phi { blocks }, &args, t);
                d.flags = flags;
                d
            }
            "alloca" => {
                if self.eat_ident("inalloca") {
                    return self.unsupported(sp, "inalloca");
                }
                let elem_ty = self.value_type()?;
                let mut count = None;
                let mut align = None;
                let mut addrspace = 0;
                while self.at(Kind::Comma) && !self.at_attachment() {
                    self.pos += 1;
                    if self.eat_ident("align") {
                        let asp = self.span();
                        let a = self.expect_u64()?;
                        if !a.is_power_of_two() {
                            return self.err_at(asp, "alignment is not a power of two");
                        }
                        align = Some(a);
                    } else if self.eat_ident("addrspace") {
                        addrspace = self.paren_u32_pub()?;
                    } else {
                        let csp = self.span();
                        let (ct, c) = self.typed_operand(fs)?;
                        self.check_type(self.m.types.is_int(ct), csp, "element count must have integer type")?;
                        count = Some(c);
                    }
                }
                let explicit_count = count.is_some();
                let count = match count {
                    Some(c) => c,
                    None => {
                        let c = self.m.consts.int(Type::I32, 32, 1);
                        fs.f.dfg.const_value(c, Type::I32)
                    }
                };
                let pt = self.m.types.ptr(addrspace);
                InstData::new(InstKind::Alloca { elem_ty, explicit_count, align, addrspace }, &[count], pt)
            }
            "load" => {
                let atomic = self.eat_ident("atomic");
                let volatile = self.eat_ident("volatile");
                let t = self.value_type()?;
                self.expect(&Tok::Comma)?;
                let psp = self.span();
                let (pt, p) = self.typed_operand(fs)?;
                self.check_type(self.m.types.is_ptr(pt), psp, "load operand must be a pointer")?;
                let mut mem = MemFlags { volatile, ..Default::default() };
                if atomic {
                    mem.scope = self.syncscope()?;
                    mem.ordering = Some(self.ordering()?);
                }
                mem.align = self.opt_align()?;
                InstData::new(InstKind::Load(mem), &[p], t)
            }
            "store" => {
                let atomic = self.eat_ident("atomic");
                let volatile = self.eat_ident("volatile");
                let (_, v) = self.typed_operand(fs)?;
                self.expect(&Tok::Comma)?;
                let psp = self.span();
                let (pt, p) = self.typed_operand(fs)?;
                self.check_type(self.m.types.is_ptr(pt), psp, "store operand must be a pointer")?;
                let mut mem = MemFlags { volatile, ..Default::default() };
                if atomic {
                    mem.scope = self.syncscope()?;
                    mem.ordering = Some(self.ordering()?);
                }
                mem.align = self.opt_align()?;
                InstData::new(InstKind::Store(mem), &[v, p], Type::VOID)
            }
            "getelementptr" => {
                let flags = self.flags(&[Flags::INBOUNDS, Flags::NUSW, Flags::NUW])?;
                let source_ty = self.parse_type()?;
                self.expect(&Tok::Comma)?;
                let psp = self.span();
                let (pt, base) = self.typed_operand(fs)?;
                let ps = self.m.types.scalar_type(pt);
                self.check_type(self.m.types.is_ptr(ps), psp, "base of getelementptr must be a pointer")?;
                let mut args = vec![base];
                let mut result_ty = pt;
                while self.at(Kind::Comma) && !self.at_attachment() {
                    self.pos += 1;
                    let isp = self.span();
                    let (it, iv) = self.typed_operand(fs)?;
                    let is = self.m.types.scalar_type(it);
                    self.check_type(self.m.types.is_int(is), isp, "getelementptr index must be an integer")?;
                    if self.m.types.is_vector(it) && !self.m.types.is_vector(result_ty) {
                        result_ty = self.m.types.with_scalar(it, pt);
                    }
                    args.push(iv);
                }
                let mut d = InstData::new(InstKind::Gep { source_ty }, &args, result_ty);
                d.flags = flags;
                d
            }
            "call" | "tail" | "musttail" | "notail" => return self.call(fs, op, sp),
            "atomicrmw" => {
                let volatile = self.eat_ident("volatile");
                let rop = match self.ident().and_then(AtomicRmwOp::from_name) {
                    Some(o) => o,
                    None => return self.expected("atomicrmw operation"),
                };
                self.pos += 1;
                let (_, p) = self.typed_operand(fs)?;
                self.expect(&Tok::Comma)?;
                let (t, v) = self.typed_operand(fs)?;
                let scope = self.syncscope()?;
                let ordering = Some(self.ordering()?);
                let align = self.opt_align()?;
                let mem = MemFlags { volatile, align, ordering, scope };
                InstData::new(InstKind::AtomicRmw(rop, mem), &[p, v], t)
            }
            "cmpxchg" => {
                let weak = self.eat_ident("weak");
                let volatile = self.eat_ident("volatile");
                let (_, p) = self.typed_operand(fs)?;
                self.expect(&Tok::Comma)?;
                let (t, c) = self.typed_operand(fs)?;
                self.expect(&Tok::Comma)?;
                let (_, n) = self.typed_operand(fs)?;
                let scope = self.syncscope()?;
                let success = self.ordering()?;
                let failure = self.ordering()?;
                let align = self.opt_align()?;
                let rt = self.m.types.struct_(vec![t, Type::I1], false);
                let mem = MemFlags { volatile, align, ordering: Some(success), scope };
                InstData::new(InstKind::CmpXchg { mem, failure, weak }, &[p, c, n], rt)
            }
            "fence" => {
                let scope = self.syncscope()?;
                let ordering = Some(self.ordering()?);
                InstData::new(InstKind::Fence(MemFlags { ordering, scope, ..Default::default() }), &[], Type::VOID)
            }
            "extractelement" => {
                let vsp = self.span();
                let (t, v) = self.typed_operand(fs)?;
                self.expect(&Tok::Comma)?;
                let (_, i) = self.typed_operand(fs)?;
                let e = match self.m.types.data(t) {
                    TypeData::Vector { elem, .. } => *elem,
                    _ => return self.err_at(vsp, "extractelement operand must be a vector"),
                };
                InstData::new(InstKind::ExtractElement, &[v, i], e)
            }
            "insertelement" => {
                let (t, v) = self.typed_operand(fs)?;
                self.expect(&Tok::Comma)?;
                let (_, e) = self.typed_operand(fs)?;
                self.expect(&Tok::Comma)?;
                let (_, i) = self.typed_operand(fs)?;
                InstData::new(InstKind::InsertElement, &[v, e, i], t)
            }
            "shufflevector" => {
                let vsp = self.span();
                let (t, a) = self.typed_operand(fs)?;
                self.expect(&Tok::Comma)?;
                let (_, b) = self.typed_operand(fs)?;
                self.expect(&Tok::Comma)?;
                let msp = self.span();
                let mt = self.parse_type()?;
                let mc = self.parse_const(mt)?;
                let len = match self.m.types.vector_len(mt) {
                    Some(l) => l,
                    None => return self.err_at(msp, "shufflevector mask must be a vector"),
                };
                let mask = self.shuffle_mask(mc, len, msp)?;
                let elem = match self.m.types.data(t) {
                    TypeData::Vector { elem, .. } => *elem,
                    _ => return self.err_at(vsp, "shufflevector operands must be vectors"),
                };
                let rt = self.m.types.vector(elem, len);
                InstData::new(InstKind::ShuffleVector { mask }, &[a, b], rt)
            }
            "extractvalue" => {
                let asp = self.span();
                let (t, agg) = self.typed_operand(fs)?;
                let indices = self.index_list()?;
                let rt = self.aggregate_path(t, &indices, asp)?;
                InstData::new(InstKind::ExtractValue { indices }, &[agg], rt)
            }
            "insertvalue" => {
                let asp = self.span();
                let (t, agg) = self.typed_operand(fs)?;
                self.expect(&Tok::Comma)?;
                let (vt, v) = self.typed_operand(fs)?;
                let indices = self.index_list()?;
                let want = self.aggregate_path(t, &indices, asp.clone())?;
                self.check_type(want == vt, asp, "insertvalue operand and field disagree in type")?;
                InstData::new(InstKind::InsertValue { indices }, &[agg, v], t)
            }
            "freeze" => {
                let (t, v) = self.typed_operand(fs)?;
                InstData::new(InstKind::Freeze, &[v], t)
            }
            "br" => {
                if self.is_ident("label") {
                    let dest = self.label_ref(fs)?;
                    InstData::new(InstKind::Br { dest }, &[], Type::VOID)
                } else {
                    let csp = self.span();
                    let (ct, c) = self.typed_operand(fs)?;
                    self.check_type(ct == Type::I1, csp, "branch condition must have type i1")?;
                    self.expect(&Tok::Comma)?;
                    let then_dest = self.label_ref(fs)?;
                    self.expect(&Tok::Comma)?;
                    let else_dest = self.label_ref(fs)?;
                    InstData::new(InstKind::CondBr { then_dest, else_dest }, &[c], Type::VOID)
                }
            }
            "switch" => {
                let csp = self.span();
                let (t, v) = self.typed_operand(fs)?;
                self.check_type(self.m.types.is_int(t), csp, "switch condition must have integer type")?;
                self.expect(&Tok::Comma)?;
                let default = self.label_ref(fs)?;
                self.expect(&Tok::LBracket)?;
                let mut cases = Vec::new();
                let mut seen = FxHashSet::default();
                while !self.eat(&Tok::RBracket) {
                    let ksp = self.span();
                    let kt = self.parse_type()?;
                    self.check_type(kt == t, ksp.clone(), "case value type does not match the condition")?;
                    let c = self.parse_const(kt)?;
                    if !matches!(self.m.consts.data(c), ConstData::Int(..)) {
                        return self.err_at(ksp, "case value is not a constant integer");
                    }
                    if !seen.insert(c) {
                        return self.err_at(ksp, "duplicate case value in switch");
                    }
                    self.expect(&Tok::Comma)?;
                    let b = self.label_ref(fs)?;
                    cases.push((c, b));
                }
                InstData::new(InstKind::Switch { default, cases }, &[v], Type::VOID)
            }
            "ret" => {
                let rsp = self.span();
                if self.eat_ident("void") {
                    self.check_type(fs.ret_ty == Type::VOID, rsp, "value doesn't match function result type")?;
                    InstData::new(InstKind::Ret, &[], Type::VOID)
                } else {
                    let (t, v) = self.typed_operand(fs)?;
                    if t != fs.ret_ty {
                        return self.err_at(
                            rsp,
                            format!(
                                "value doesn't match function result type '{}'",
                                type_to_string(&self.m.types, fs.ret_ty)
                            ),
                        );
                    }
                    InstData::new(InstKind::Ret, &[v], Type::VOID)
                }
            }
            "unreachable" => InstData::new(InstKind::Unreachable, &[], Type::VOID),
            "invoke" | "landingpad" | "resume" | "callbr" | "indirectbr" | "catchswitch" | "catchpad"
            | "cleanuppad" | "catchret" | "cleanupret" => {
                return self
                    .unsupported(sp, format!("'{op}' (exception handling and indirect branches cannot reach a GPU)"));
            }
            "va_arg" => return self.unsupported(sp, "'va_arg' (variadic functions cannot reach a GPU)"),
            _ => return self.err_at(sp, format!("expected instruction opcode, found '{op}'")),
        };
        Ok(Some(Parsed::new(d)))
    }

    fn paren_u32_pub(&mut self) -> PResult<u32> {
        self.expect(&Tok::LParen)?;
        let v = self.expect_u32()?;
        self.expect(&Tok::RParen)?;
        Ok(v)
    }

    fn index_list(&mut self) -> PResult<SmallVec<[u32; 2]>> {
        let mut v = SmallVec::new();
        while self.at(Kind::Comma) && !self.at_attachment() {
            self.pos += 1;
            v.push(self.expect_u32()?);
        }
        if v.is_empty() {
            return self.expected("index");
        }
        Ok(v)
    }

    fn aggregate_path(&self, t: Type, idx: &[u32], sp: Range<usize>) -> PResult<Type> {
        let mut cur = t;
        for &i in idx {
            if !self.m.types.is_aggregate(cur) {
                return self.err_at(sp, "extractvalue/insertvalue operand must be an aggregate");
            }
            cur = match self.m.types.element_type(cur, u64::from(i)) {
                Some(e) => e,
                None => return self.err_at(sp, "invalid indices for extractvalue/insertvalue"),
            };
        }
        Ok(cur)
    }

    fn shuffle_mask(&self, c: ConstId, len: u32, sp: Range<usize>) -> PResult<Vec<i32>> {
        match self.m.consts.data(c) {
            ConstData::Zero(_) => Ok(vec![0; len as usize]),
            ConstData::Undef(_) | ConstData::Poison(_) => Ok(vec![-1; len as usize]),
            ConstData::Vector(_, elems) => elems
                .iter()
                .map(|&e| match self.m.consts.data(e) {
                    ConstData::Int(_, v) => v.as_i64().and_then(|x| i32::try_from(x).ok()).ok_or(()),
                    ConstData::Undef(_) | ConstData::Poison(_) => Ok(-1),
                    _ => Err(()),
                })
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| Diagnostic::error(sp, "invalid shufflevector mask")),
            _ => self.err_at(sp, "invalid shufflevector mask"),
        }
    }

    fn call(&mut self, fs: &mut FnState<'s>, op: &str, sp: Range<usize>) -> PResult<Option<Parsed>> {
        let tail = match op {
            "tail" => TailKind::Tail,
            "musttail" => TailKind::MustTail,
            "notail" => TailKind::NoTail,
            _ => TailKind::None,
        };
        if tail != TailKind::None {
            self.expect_ident("call")?;
        }
        let fmf = self.flags(&[Flags::FAST])?;
        let cc = self.calling_conv()?;
        let ret_attrs = self.param_attrs(Type::VOID)?;
        if self.eat_ident("addrspace") {
            self.paren_u32_pub()?;
        }
        let tsp = self.span();
        let ty = self.parse_type()?;
        let explicit_fn_ty = matches!(self.m.types.data(ty), TypeData::Func { .. });
        // Callee.
        let csp = self.span();
        let callee = match self.peek() {
            Some(Tok::Ident("asm")) => {
                self.pos += 1;
                let mut asm = InlineAsm {
                    asm: String::new(),
                    constraints: String::new(),
                    side_effect: false,
                    align_stack: false,
                    intel_dialect: false,
                    can_throw: false,
                };
                loop {
                    if self.eat_ident("sideeffect") {
                        asm.side_effect = true;
                    } else if self.eat_ident("alignstack") {
                        asm.align_stack = true;
                    } else if self.eat_ident("inteldialect") {
                        asm.intel_dialect = true;
                    } else if self.eat_ident("unwind") {
                        asm.can_throw = true;
                    } else {
                        break;
                    }
                }
                asm.asm = String::from_utf8_lossy(&self.expect_string()?).into_owned();
                self.expect(&Tok::Comma)?;
                asm.constraints = String::from_utf8_lossy(&self.expect_string()?).into_owned();
                fs.f.dfg.make_value(ValueDef::InlineAsm(Box::new(asm)), Type::PTR)
            }
            Some(Tok::GlobalName(_)) | Some(Tok::GlobalNum(_)) => {
                let g = self.global_use(true)?;
                if let GlobalRef::Func(f) = g {
                    if self.m.funcs[f].name.starts_with("llvm.dbg.") {
                        // Debug intrinsics are dropped with their operands.
                        self.skip_balanced_parens()?;
                        self.fn_attrs_skip();
                        return Ok(None);
                    }
                }
                let c = self.m.consts.intern(ConstData::Global(Type::PTR, g));
                fs.f.dfg.const_value(c, Type::PTR)
            }
            Some(Tok::LocalName(_)) | Some(Tok::LocalNum(_)) => {
                let key = match self.bump() {
                    Some(Tok::LocalName(n)) => LocalKey::Name(n),
                    Some(Tok::LocalNum(n)) => LocalKey::Num(n),
                    _ => unreachable!(),
                };
                self.local(fs, key, Type::PTR, csp.clone())?
            }
            _ => return self.expected("function to call"),
        };
        // Arguments.
        self.expect(&Tok::LParen)?;
        let mut args: SmallVec<[Value; 8]> = SmallVec::new();
        args.push(callee);
        let mut arg_tys: SmallVec<[Type; 8]> = SmallVec::new();
        let mut arg_attrs = Vec::new();
        if !self.eat(&Tok::RParen) {
            loop {
                self.last_pointee = None;
                let t = self.parse_type()?;
                let a = self.param_attrs(t)?;
                let v = self.operand(fs, t)?;
                args.push(v);
                arg_tys.push(t);
                arg_attrs.push(a);
                if self.eat(&Tok::RParen) {
                    break;
                }
                self.expect(&Tok::Comma)?;
            }
        }
        let fn_ty = if explicit_fn_ty {
            let (ret, params, vararg) = self.m.types.func_parts(ty).expect("function type");
            let ok = if vararg { arg_tys.len() >= params.len() } else { arg_tys.len() == params.len() }
                && params.iter().zip(&arg_tys).all(|(a, b)| a == b);
            if !ok {
                return self.err_at(tsp, "call arguments do not match the function type");
            }
            let _ = ret;
            ty
        } else {
            if !self.m.types.is_first_class(ty) && ty != Type::VOID {
                return self.err_at(tsp, "invalid call return type");
            }
            // A direct call of a declared function usually has the declaration's type: types are interned, so
            // when the parts agree that type is the one interning would return (no parameter list to build).
            let declared = match fs.f.dfg.value_def(callee) {
                ValueDef::Const(c) => match self.m.consts.data(*c) {
                    ConstData::Global(_, GlobalRef::Func(f)) if *f != fs.fid => Some(self.m.funcs[*f].ty),
                    _ => None,
                },
                _ => None,
            };
            match declared
                .filter(|&d| self.m.types.func_parts(d).is_some_and(|(r, p, va)| !va && r == ty && p == &arg_tys[..]))
            {
                Some(d) => d,
                None => self.m.types.func(ty, arg_tys.to_vec(), false),
            }
        };
        // A direct call must agree with the callee's declaration.
        if let ValueDef::Const(c) = fs.f.dfg.value_def(callee).clone() {
            if let ConstData::Global(_, GlobalRef::Func(f)) = self.m.consts.data(c) {
                let f = *f;
                self.note_call(GlobalRef::Func(f), fn_ty);
                if !explicit_fn_ty {
                    if !self.defined.contains(&GlobalRef::Func(f)) {
                        // Declared later in the file: checked when the module is complete.
                        self.pending_calls.push((f, fn_ty, csp));
                    } else if f == fs.fid {
                        // A recursive call: the function is out of the module while its body is read.
                        if fs.f.ty != fn_ty {
                            return self.err_at(csp, "call does not match the callee's function type");
                        }
                    } else if !self.call_matches_decl(f, fn_ty) {
                        return self.err_at(csp, "call does not match the callee's function type");
                    }
                }
            }
        }
        let (ret_ty, _, _) = self.m.types.func_parts(fn_ty).expect("function type");
        let mut groups = SmallVec::new();
        let mut fn_attrs = AttrSet::new();
        loop {
            if let Some(Tok::AttrGroup(n)) = self.peek() {
                groups.push((n, self.span()));
                self.pos += 1;
                continue;
            }
            match self.attribute(None, false)? {
                Some(a) => fn_attrs.0.push(a),
                None => break,
            }
        }
        // Operand bundles.
        let mut bundles = Vec::new();
        if self.eat(&Tok::LBracket) {
            loop {
                let tag = String::from_utf8_lossy(&self.expect_string()?).into_owned();
                self.expect(&Tok::LParen)?;
                let mut count = 0;
                if !self.eat(&Tok::RParen) {
                    loop {
                        let (_, v) = self.typed_operand(fs)?;
                        args.push(v);
                        count += 1;
                        if self.eat(&Tok::RParen) {
                            break;
                        }
                        self.expect(&Tok::Comma)?;
                    }
                }
                bundles.push(Bundle { tag: tag.into(), count });
                if self.eat(&Tok::RBracket) {
                    break;
                }
                self.expect(&Tok::Comma)?;
            }
        }
        let cd = CallData {
            fn_ty,
            tail,
            cc,
            attrs: CallAttrs { func: fn_attrs, ret: ret_attrs, params: arg_attrs },
            bundles,
        };
        let mut d = InstData::new(InstKind::Call(Box::new(cd)), &args, ret_ty);
        d.flags = fmf;
        let _ = sp;
        Ok(Some(Parsed { data: d, groups }))
    }

    /// Whether a call of type `fn_ty` (written without an explicit function type) agrees with the declaration of
    /// `f`: the same type, or a varargs callee whose fixed parameters the call covers.
    pub(crate) fn call_matches_decl(&self, f: FuncId, fn_ty: Type) -> bool {
        let decl_ty = self.m.funcs[f].ty;
        if decl_ty == fn_ty {
            return true;
        }
        let (_, dp, dva) = self.m.types.func_parts(decl_ty).unwrap_or((Type::VOID, &[], false));
        let nargs = self.m.types.func_parts(fn_ty).map_or(0, |p| p.1.len());
        dva && dp.len() <= nargs
    }

    fn fn_attrs_skip(&mut self) {
        while let Some(Tok::AttrGroup(_)) = self.peek() {
            self.pos += 1;
        }
    }
}
