//! Recursive-descent PTX parser: tokens → [`Module`].
//!
//! The grammar accepted is the subset of PTX ISA 8.x that compilers emit: module directives, variables with
//! initializers, `.entry`/`.func` with parameters and performance directives, and bodies of labels, register and
//! variable declarations, scopes and instructions. `.section` blocks (DWARF) are skipped as balanced braces;
//! `.file`, `.loc`, `.pragma` and `.alias` are read and dropped. Anything else is an error with a line and column.
//!
//! **Integer constants.** Wherever an integer literal is accepted (operands, address offsets, initializers, array
//! sizes, alignments) so is the predefined identifier `WARP_SZ`, the warp size 32 (nvcc writes `mov.u32 %r3,
//! WARP_SZ;` for `warpSize`), and both may be combined with `+` and `-` (`WARP_SZ-1`, `-WARP_SZ`, `[%rd1+WARP_SZ]`);
//! the parser folds them into one integer. Other constant-expression operators (`*`, `/`, `<<`, parentheses, ...)
//! are not supported.

use super::ast::*;
use super::lexer::{lex, LineIndex, Spanned, Tok};
use std::fmt;

/// A syntax error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
    /// What went wrong.
    pub msg: String,
    /// The source line.
    pub text: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: error: {}\n  {}\n  {}^",
            self.line,
            self.col,
            self.msg,
            self.text,
            " ".repeat(self.col as usize - 1)
        )
    }
}

/// Parses PTX text.
pub fn parse(src: &str) -> Result<Module, ParseError> {
    let lines = LineIndex::new(src);
    let toks = match lex(src) {
        Ok(t) => t,
        Err(pos) => {
            let (line, col) = lines.line_col(pos);
            let ch = src[pos..].chars().next().unwrap_or(' ');
            return Err(ParseError {
                line,
                col,
                msg: format!("unexpected character '{ch}'"),
                text: lines.line_text(src, line).to_string(),
            });
        }
    };
    let mut p = Parser { src, lines, toks, pos: 0 };
    p.module()
}

struct Parser<'a> {
    src: &'a str,
    lines: LineIndex,
    toks: Vec<Spanned<'a>>,
    pos: usize,
}

type PResult<T> = Result<T, ParseError>;

/// The predefined identifier for the warp size, usable wherever an integer constant is.
const WARP_SZ: &str = "WARP_SZ";
/// Its value.
const WARP_SIZE: i128 = 32;

fn parse_int(s: &str) -> Option<i128> {
    let s = s.strip_suffix('U').unwrap_or(s);
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        i128::from_str_radix(h, 16).ok()
    } else if let Some(b) = s.strip_prefix("0b").or_else(|| s.strip_prefix("0B")) {
        i128::from_str_radix(b, 2).ok()
    } else if s.len() > 1 && s.starts_with('0') {
        i128::from_str_radix(&s[1..], 8).ok()
    } else {
        s.parse().ok()
    }
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<Tok<'a>> {
        self.toks.get(self.pos).map(|t| t.tok)
    }

    fn peek_at(&self, k: usize) -> Option<Tok<'a>> {
        self.toks.get(self.pos + k).map(|t| t.tok)
    }

    fn bump(&mut self) -> Option<Tok<'a>> {
        let t = self.peek();
        if t.is_some() {
            self.pos += 1;
        }
        t
    }

    fn offset(&self) -> usize {
        self.toks.get(self.pos).map_or(self.src.len(), |t| t.start)
    }

    fn line(&self) -> u32 {
        self.lines.line_col(self.offset()).0
    }

    fn err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        let (line, col) = self.lines.line_col(self.offset());
        Err(ParseError { line, col, msg: msg.into(), text: self.lines.line_text(self.src, line).to_string() })
    }

    fn describe(&self) -> String {
        match self.toks.get(self.pos) {
            None => "end of file".into(),
            Some(t) => format!("'{}'", &self.src[t.start..t.end]),
        }
    }

    fn expect(&mut self, t: Tok<'a>, what: &str) -> PResult<()> {
        if self.peek() == Some(t) {
            self.pos += 1;
            Ok(())
        } else {
            self.err(format!("expected {what}, found {}", self.describe()))
        }
    }

    fn eat(&mut self, t: Tok<'a>) -> bool {
        if self.peek() == Some(t) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn ident(&mut self, what: &str) -> PResult<&'a str> {
        match self.peek() {
            Some(Tok::Ident(s)) => {
                self.pos += 1;
                Ok(s)
            }
            _ => self.err(format!("expected {what}, found {}", self.describe())),
        }
    }

    /// Whether the token `k` ahead is an integer: a literal or `WARP_SZ`.
    fn int_at(&self, k: usize) -> bool {
        matches!(self.peek_at(k), Some(Tok::Int(_)) | Some(Tok::Ident(WARP_SZ)))
    }

    /// An optionally negated integer literal or `WARP_SZ`.
    fn int(&mut self, what: &str) -> PResult<i128> {
        let neg = self.eat(Tok::Minus);
        match self.peek() {
            Some(Tok::Int(s)) => match parse_int(s) {
                Some(v) => {
                    self.pos += 1;
                    Ok(if neg { -v } else { v })
                }
                None => self.err(format!("integer literal '{s}' out of range")),
            },
            Some(Tok::Ident(WARP_SZ)) => {
                self.pos += 1;
                Ok(if neg { -WARP_SIZE } else { WARP_SIZE })
            }
            _ => self.err(format!("expected {what}, found {}", self.describe())),
        }
    }

    /// An integer ([`Self::int`]) followed by any number of `+ int` / `- int` terms, folded.
    fn int_sum(&mut self, what: &str) -> PResult<i128> {
        let mut v = self.int(what)?;
        loop {
            if self.peek() == Some(Tok::Plus) && self.int_at(1) {
                self.bump();
                v = v.saturating_add(self.int(what)?);
            } else if self.peek() == Some(Tok::Minus) && self.int_at(1) {
                v = v.saturating_add(self.int(what)?);
            } else {
                return Ok(v);
            }
        }
    }

    fn uint(&mut self, what: &str) -> PResult<u64> {
        let v = self.int_sum(what)?;
        u64::try_from(v).or_else(|_| self.err(format!("{what} must be a non-negative integer")))
    }

    fn module(&mut self) -> PResult<Module> {
        let mut m = Module { address_size: 64, ..Default::default() };
        while let Some(t) = self.peek() {
            match t {
                Tok::Dot(".version") => {
                    self.bump();
                    let v = match self.bump() {
                        Some(Tok::Float(s)) => s.to_string(),
                        Some(Tok::Int(s)) => s.to_string(),
                        _ => {
                            self.pos -= 1;
                            return self.err("expected a version number like 7.8");
                        }
                    };
                    let mut it = v.split('.');
                    let major: u32 = it.next().and_then(|x| x.parse().ok()).unwrap_or(0);
                    let minor: u32 = it.next().and_then(|x| x.parse().ok()).unwrap_or(0);
                    if !(1..=9).contains(&major) || minor > 9 || it.next().is_some() {
                        self.pos -= 1;
                        return self.err(format!("invalid PTX ISA version {v} (versions are 1.0 ... 9.x)"));
                    }
                    m.version = Some((major, minor));
                }
                Tok::Dot(".target") => {
                    self.bump();
                    loop {
                        let name = self.ident("a target name")?.to_string();
                        if m.target.is_empty() {
                            let Some(min) = target_min_version(&name) else {
                                self.pos -= 1;
                                return self.err(format!("unknown target '{name}' (expected sm_NN, e.g. sm_90)"));
                            };
                            if let Some(v) = m.version.filter(|v| *v < min) {
                                self.pos -= 1;
                                return self.err(format!(
                                    "target {name} needs PTX ISA {}.{} or later, but the module declares .version {}.{}",
                                    min.0, min.1, v.0, v.1
                                ));
                            }
                        } else if !matches!(
                            name.as_str(),
                            "texmode_unified" | "texmode_independent" | "debug" | "map_f64_to_f32"
                        ) {
                            self.pos -= 1;
                            return self.err(format!("unknown .target option '{name}'"));
                        }
                        m.target.push(name);
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                }
                Tok::Dot(".address_size") => {
                    self.bump();
                    m.address_size = self.uint("an address size")? as u32;
                    if m.address_size != 64 {
                        return self.err("only .address_size 64 is supported");
                    }
                }
                Tok::Dot(".file") => {
                    self.bump();
                    let n = self.uint("a file number")? as u32;
                    match self.bump() {
                        Some(Tok::Str(s)) => m.files.push((n, s.to_string())),
                        _ => return self.err("expected a file name string"),
                    }
                    while self.eat(Tok::Comma) {
                        self.uint("a timestamp or size")?;
                    }
                }
                Tok::Dot(".section") => {
                    self.bump();
                    self.bump(); // section name (a dotted word)
                    self.skip_braces()?;
                }
                Tok::Dot(".pragma") => {
                    self.bump();
                    self.skip_to_semi()?;
                }
                Tok::Dot(".alias") => {
                    self.bump();
                    self.skip_to_semi()?;
                }
                Tok::Dot(_) => self.module_decl(&mut m)?,
                Tok::Semi => {
                    self.bump();
                }
                _ => return self.err(format!("expected a directive, found {}", self.describe())),
            }
        }
        Ok(m)
    }

    fn skip_to_semi(&mut self) -> PResult<()> {
        while let Some(t) = self.bump() {
            if t == Tok::Semi {
                return Ok(());
            }
        }
        self.err("expected ';'")
    }

    fn skip_braces(&mut self) -> PResult<()> {
        self.expect(Tok::LBrace, "'{'")?;
        let mut depth = 1;
        while depth > 0 {
            match self.bump() {
                Some(Tok::LBrace) => depth += 1,
                Some(Tok::RBrace) => depth -= 1,
                Some(_) => {}
                None => return self.err("unterminated '{'"),
            }
        }
        Ok(())
    }

    fn linkage(&mut self) -> Linkage {
        let l = match self.peek() {
            Some(Tok::Dot(".visible")) => Linkage::Visible,
            Some(Tok::Dot(".extern")) => Linkage::Extern,
            Some(Tok::Dot(".weak")) => Linkage::Weak,
            Some(Tok::Dot(".common")) => Linkage::Common,
            _ => return Linkage::Internal,
        };
        self.bump();
        l
    }

    fn module_decl(&mut self, m: &mut Module) -> PResult<()> {
        let linkage = self.linkage();
        match self.peek() {
            Some(Tok::Dot(".entry")) | Some(Tok::Dot(".func")) => {
                let f = self.function(linkage)?;
                m.funcs.push(f);
                Ok(())
            }
            Some(Tok::Dot(w)) if Space::from_word(w).is_some() => {
                let vs = self.var_decl(linkage)?;
                m.vars.extend(vs);
                Ok(())
            }
            _ => self.err(format!("unknown or unsupported directive {}", self.describe())),
        }
    }

    /// `.space [.align N] [.vN] .type name[dims] [= init] {, name...} ;` — the current token is the space word.
    fn var_decl(&mut self, linkage: Linkage) -> PResult<Vec<VarDecl>> {
        let line = self.line();
        let space = match self.bump() {
            Some(Tok::Dot(w)) => Space::from_word(w).expect("checked by caller"),
            _ => unreachable!("var_decl is called on a space word"),
        };
        let mut align = None;
        let mut vec = 1;
        let mut ty = None;
        loop {
            match self.peek() {
                Some(Tok::Dot(".align")) => {
                    self.bump();
                    align = Some(self.uint("an alignment")? as u32);
                }
                Some(Tok::Dot(".v2")) => {
                    self.bump();
                    vec = 2;
                }
                Some(Tok::Dot(".v4")) => {
                    self.bump();
                    vec = 4;
                }
                Some(Tok::Dot(".ptr")) | Some(Tok::Dot(".global")) | Some(Tok::Dot(".shared")) => {
                    self.bump();
                }
                Some(Tok::Dot(w)) if Ty::from_word(w).is_some() => {
                    self.bump();
                    ty = Ty::from_word(w);
                }
                _ => break,
            }
        }
        let Some(ty) = ty else {
            return self.err(format!("expected a type in the declaration, found {}", self.describe()));
        };
        let mut out = Vec::new();
        loop {
            let name = self.ident("a variable name")?.to_string();
            let mut dims = Vec::new();
            while self.eat(Tok::LBrack) {
                if self.eat(Tok::RBrack) {
                    dims.push(None);
                } else {
                    dims.push(Some(self.uint("an array length")?));
                    self.expect(Tok::RBrack, "']'")?;
                }
            }
            let init = if self.eat(Tok::Eq) {
                let mut v = Vec::new();
                self.init_elems(&mut v)?;
                Some(v)
            } else {
                None
            };
            out.push(VarDecl { space, linkage, ty, vec, align, name, dims, init, line });
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::Semi, "';' after the declaration")?;
        Ok(out)
    }

    fn init_elems(&mut self, out: &mut Vec<InitElem>) -> PResult<()> {
        if self.eat(Tok::LBrace) {
            if self.eat(Tok::RBrace) {
                return Ok(());
            }
            loop {
                self.init_elems(out)?;
                if self.eat(Tok::RBrace) {
                    return Ok(());
                }
                self.expect(Tok::Comma, "',' or '}' in the initializer")?;
            }
        }
        let neg = self.eat(Tok::Minus);
        match self.peek() {
            Some(Tok::Int(_)) | Some(Tok::Ident(WARP_SZ)) => {
                if neg {
                    self.pos -= 1;
                }
                out.push(InitElem::Int(self.int_sum("an integer")?));
            }
            Some(Tok::F32(b)) => {
                self.bump();
                out.push(InitElem::F32(if neg { b ^ 0x8000_0000 } else { b }));
            }
            Some(Tok::F64(b)) => {
                self.bump();
                out.push(InitElem::F64(if neg { b ^ (1 << 63) } else { b }));
            }
            Some(Tok::Float(s)) => {
                self.bump();
                let v: f64 = s.parse().or_else(|_| self.err("bad float literal"))?;
                out.push(InitElem::Float(if neg { -v } else { v }));
            }
            Some(Tok::Ident("generic")) if self.peek_at(1) == Some(Tok::LParen) => {
                self.bump();
                self.bump();
                let name = self.ident("a symbol")?.to_string();
                self.expect(Tok::RParen, "')'")?;
                let offset = self.sym_offset()?;
                out.push(InitElem::Sym { name, offset, generic: true });
            }
            Some(Tok::Ident(name)) => {
                self.bump();
                let offset = self.sym_offset()?;
                out.push(InitElem::Sym { name: name.to_string(), offset, generic: false });
            }
            _ => return self.err(format!("expected an initializer value, found {}", self.describe())),
        }
        Ok(())
    }

    fn sym_offset(&mut self) -> PResult<i64> {
        if self.peek() == Some(Tok::Plus) {
            self.bump();
            Ok(self.int_sum("an offset")? as i64)
        } else if self.peek() == Some(Tok::Minus) && self.int_at(1) {
            Ok(self.int_sum("an offset")? as i64)
        } else {
            Ok(0)
        }
    }

    fn param_decl(&mut self) -> PResult<ParamDecl> {
        let line = self.line();
        let space = match self.bump() {
            Some(Tok::Dot(".param")) => Space::Param,
            Some(Tok::Dot(".reg")) => Space::Reg,
            _ => {
                self.pos -= 1;
                return self.err(format!("expected '.param', found {}", self.describe()));
            }
        };
        let mut align = None;
        let mut ty = None;
        loop {
            match self.peek() {
                Some(Tok::Dot(".align")) => {
                    self.bump();
                    align = Some(self.uint("an alignment")? as u32);
                }
                Some(Tok::Dot(w)) if Ty::from_word(w).is_some() => {
                    self.bump();
                    ty = Ty::from_word(w);
                }
                Some(Tok::Dot(".ptr" | ".global" | ".shared" | ".const" | ".local" | ".v2" | ".v4")) => {
                    self.bump();
                }
                _ => break,
            }
        }
        let Some(ty) = ty else { return self.err("expected a parameter type") };
        let name = match self.peek() {
            Some(Tok::Ident(s)) => {
                self.bump();
                s.to_string()
            }
            Some(Tok::Sink) => {
                self.bump();
                "_".to_string()
            }
            _ => return self.err(format!("expected a parameter name, found {}", self.describe())),
        };
        let array = if self.eat(Tok::LBrack) {
            let n = self.uint("an array length")?;
            self.expect(Tok::RBrack, "']'")?;
            Some(n)
        } else {
            None
        };
        Ok(ParamDecl { space, ty, align, name, array, line })
    }

    fn param_list(&mut self) -> PResult<Vec<ParamDecl>> {
        self.expect(Tok::LParen, "'('")?;
        let mut v = Vec::new();
        if self.eat(Tok::RParen) {
            return Ok(v);
        }
        loop {
            v.push(self.param_decl()?);
            if self.eat(Tok::RParen) {
                return Ok(v);
            }
            self.expect(Tok::Comma, "',' or ')' in the parameter list")?;
        }
    }

    fn function(&mut self, linkage: Linkage) -> PResult<Function> {
        let line = self.line();
        let entry = self.bump() == Some(Tok::Dot(".entry"));
        let rets = if !entry && self.peek() == Some(Tok::LParen) { self.param_list()? } else { Vec::new() };
        let name = self.ident("a function name")?.to_string();
        let params = if self.peek() == Some(Tok::LParen) { self.param_list()? } else { Vec::new() };
        let mut directives = Vec::new();
        loop {
            match self.peek() {
                Some(Tok::Dot(".noreturn")) => {
                    self.bump();
                    directives.push(("noreturn".to_string(), vec![]));
                }
                Some(Tok::Dot(".pragma")) => {
                    self.bump();
                    self.skip_to_semi()?;
                }
                Some(Tok::Dot(d)) => {
                    self.bump();
                    let mut vals = Vec::new();
                    if matches!(self.peek(), Some(Tok::Int(_))) {
                        vals.push(self.uint("a value")?);
                        while self.eat(Tok::Comma) {
                            vals.push(self.uint("a value")?);
                        }
                    }
                    directives.push((d[1..].to_string(), vals));
                }
                _ => break,
            }
        }
        let body = if self.eat(Tok::Semi) {
            None
        } else {
            self.expect(Tok::LBrace, "'{' to open the function body")?;
            Some(self.body()?)
        };
        Ok(Function { entry, name, linkage, rets, params, directives, body, line })
    }

    /// Statements up to the `}` that closes the function body (consumed).
    fn body(&mut self) -> PResult<Vec<Stmt>> {
        let mut out = Vec::new();
        let mut depth = 0usize;
        loop {
            let line = self.line();
            match self.peek() {
                None => return self.err("unterminated function body"),
                Some(Tok::RBrace) => {
                    self.bump();
                    if depth == 0 {
                        return Ok(out);
                    }
                    depth -= 1;
                    out.push(Stmt::Close);
                }
                Some(Tok::LBrace) => {
                    self.bump();
                    depth += 1;
                    out.push(Stmt::Open);
                }
                Some(Tok::Semi) => {
                    self.bump();
                }
                Some(Tok::Ident(name)) if self.peek_at(1) == Some(Tok::Colon) => {
                    self.bump();
                    self.bump();
                    match self.peek() {
                        Some(Tok::Dot(".branchtargets")) => {
                            self.bump();
                            let mut targets = Vec::new();
                            loop {
                                targets.push(self.ident("a label")?.to_string());
                                if !self.eat(Tok::Comma) {
                                    break;
                                }
                            }
                            self.expect(Tok::Semi, "';'")?;
                            out.push(Stmt::BranchTargets { name: name.to_string(), targets, line });
                        }
                        Some(Tok::Dot(".callprototype")) => {
                            self.skip_to_semi()?;
                            out.push(Stmt::CallPrototype { name: name.to_string(), line });
                        }
                        _ => out.push(Stmt::Label { name: name.to_string(), line }),
                    }
                }
                Some(Tok::Dot(".reg")) => {
                    self.bump();
                    let mut vec = 1;
                    let mut ty = None;
                    loop {
                        match self.peek() {
                            Some(Tok::Dot(".v2")) => vec = 2,
                            Some(Tok::Dot(".v4")) => vec = 4,
                            Some(Tok::Dot(w)) if Ty::from_word(w).is_some() => ty = Ty::from_word(w),
                            _ => break,
                        }
                        self.bump();
                    }
                    let Some(ty) = ty else { return self.err("expected a register type") };
                    let mut names = Vec::new();
                    loop {
                        let n = self.ident("a register name")?.to_string();
                        let count = if self.eat(Tok::Lt) {
                            let c = self.uint("a register count")?;
                            self.expect(Tok::Gt, "'>'")?;
                            Some(c as u32)
                        } else {
                            None
                        };
                        names.push((n, count));
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::Semi, "';'")?;
                    out.push(Stmt::Reg { ty, vec, names, line });
                }
                Some(Tok::Dot(".loc")) => {
                    self.bump();
                    let file = self.uint("a file number")? as u32;
                    let l = self.uint("a line number")? as u32;
                    self.skip_to_semi_or_line()?;
                    out.push(Stmt::Loc { file, line: l });
                }
                Some(Tok::Dot(".pragma" | ".file" | ".maxnreg" | ".maxntid" | ".reqntid" | ".minnctapersm")) => {
                    self.bump();
                    self.skip_to_semi_or_line()?;
                }
                Some(Tok::Dot(w)) if Space::from_word(w).is_some() => {
                    for v in self.var_decl(Linkage::Internal)? {
                        out.push(Stmt::Var(v));
                    }
                }
                Some(Tok::Dot(w)) => {
                    return self.err(format!("unknown or unsupported directive '{w}' in a function body"))
                }
                Some(Tok::At) | Some(Tok::Ident(_)) => out.push(Stmt::Inst(self.inst()?)),
                _ => return self.err(format!("expected an instruction, found {}", self.describe())),
            }
        }
    }

    /// `.loc` has no terminating `;`: skip the rest of its line.
    fn skip_to_semi_or_line(&mut self) -> PResult<()> {
        let line = self.line();
        while let Some(t) = self.peek() {
            if self.line() != line {
                return Ok(());
            }
            self.bump();
            if t == Tok::Semi {
                return Ok(());
            }
        }
        Ok(())
    }

    fn inst(&mut self) -> PResult<Inst> {
        let line = self.line();
        let guard = if self.eat(Tok::At) {
            let neg = self.eat(Tok::Bang);
            Some((self.ident("a predicate register")?.to_string(), neg))
        } else {
            None
        };
        let opcode = self.ident("an opcode")?.to_string();
        let mut mods = Vec::new();
        while let Some(Tok::Dot(m)) = self.peek() {
            self.bump();
            mods.push(m.to_string());
        }
        let mut ops = Vec::new();
        if !self.eat(Tok::Semi) {
            loop {
                let mut o = self.operand()?;
                if self.eat(Tok::Pipe) {
                    o = Operand::Pair(Box::new(o), Box::new(self.operand()?));
                }
                ops.push(o);
                if self.eat(Tok::Semi) {
                    break;
                }
                self.expect(Tok::Comma, "',' or ';' after an operand")?;
            }
        }
        Ok(Inst { guard, opcode, mods, ops, line })
    }

    fn operand(&mut self) -> PResult<Operand> {
        match self.peek() {
            Some(Tok::LBrace) => {
                self.bump();
                Ok(Operand::Vec(self.operand_list(Tok::RBrace)?))
            }
            Some(Tok::LParen) => {
                self.bump();
                Ok(Operand::List(self.operand_list(Tok::RParen)?))
            }
            Some(Tok::LBrack) => {
                self.bump();
                let base = match self.peek() {
                    Some(Tok::Ident(s)) if s != WARP_SZ => {
                        self.bump();
                        if s.starts_with('%') {
                            AddrBase::Reg(s.to_string())
                        } else {
                            AddrBase::Sym(s.to_string())
                        }
                    }
                    _ => AddrBase::None,
                };
                let off = if base == AddrBase::None {
                    self.int_sum("an address")? as i64
                } else if self.eat(Tok::Plus) || self.peek() == Some(Tok::Minus) {
                    self.int_sum("an offset")? as i64
                } else {
                    0
                };
                self.expect(Tok::RBrack, "']'")?;
                Ok(Operand::Addr(base, off))
            }
            Some(Tok::Bang) => {
                self.bump();
                Ok(Operand::Not(Box::new(self.operand()?)))
            }
            Some(Tok::Sink) => {
                self.bump();
                Ok(Operand::Sink)
            }
            Some(Tok::Minus) => match self.peek_at(1) {
                Some(Tok::Int(_)) | Some(Tok::Ident(WARP_SZ)) => Ok(Operand::Int(self.int_sum("an integer")?)),
                Some(Tok::F32(b)) => {
                    self.pos += 2;
                    Ok(Operand::F32(b ^ 0x8000_0000))
                }
                Some(Tok::F64(b)) => {
                    self.pos += 2;
                    Ok(Operand::F64(b ^ (1 << 63)))
                }
                Some(Tok::Float(s)) => {
                    self.pos += 2;
                    Ok(Operand::Float(-s.parse::<f64>().or_else(|_| self.err("bad float literal"))?))
                }
                _ => self.err("expected a number after '-'"),
            },
            Some(Tok::Int(_)) | Some(Tok::Ident(WARP_SZ)) => Ok(Operand::Int(self.int_sum("an integer")?)),
            Some(Tok::F32(b)) => {
                self.bump();
                Ok(Operand::F32(b))
            }
            Some(Tok::F64(b)) => {
                self.bump();
                Ok(Operand::F64(b))
            }
            Some(Tok::Float(s)) => {
                self.bump();
                Ok(Operand::Float(s.parse().or_else(|_| self.err("bad float literal"))?))
            }
            Some(Tok::Ident(s)) => {
                self.bump();
                if s.starts_with('%') {
                    if let Some(Tok::Dot(c)) = self.peek() {
                        if matches!(c, ".x" | ".y" | ".z" | ".w") {
                            self.bump();
                            return Ok(Operand::Reg(format!("{s}{c}")));
                        }
                    }
                    Ok(Operand::Reg(s.to_string()))
                } else {
                    let off = self.sym_offset()?;
                    Ok(Operand::Sym(s.to_string(), off))
                }
            }
            _ => self.err(format!("expected an operand, found {}", self.describe())),
        }
    }

    fn operand_list(&mut self, close: Tok<'a>) -> PResult<Vec<Operand>> {
        let mut v = Vec::new();
        if self.eat(close) {
            return Ok(v);
        }
        loop {
            v.push(self.operand()?);
            if self.eat(close) {
                return Ok(v);
            }
            self.expect(Tok::Comma, "','")?;
        }
    }
}

/// The PTX ISA version a target needs (ptxas rejects a module that declares less), or `None` for a name that is
/// not a target.
fn target_min_version(name: &str) -> Option<(u32, u32)> {
    let arch = name.strip_prefix("sm_")?;
    let digits = arch.trim_end_matches(['a', 'f']);
    let n: u32 = digits.parse().ok()?;
    let suffixed = digits.len() != arch.len();
    Some(match n {
        20 | 21 | 30 | 32 | 35 | 37 => (1, 0),
        50 => (4, 0),
        52 => (4, 1),
        53 => (4, 2),
        60..=62 => (5, 0),
        70 => (6, 0),
        72 => (6, 1),
        75 => (6, 3),
        80 => (7, 0),
        86 => (7, 1),
        87 => (7, 4),
        88 => (9, 0),
        89 => (7, 8),
        90 if suffixed => (8, 0),
        90 => (7, 8),
        100 | 101 => (8, 6),
        103 | 121 => (8, 8),
        110 => (9, 0),
        120 => (8, 7),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_kernel() {
        let src = r#"
.version 7.8
.target sm_90
.address_size 64
.global .align 4 .b8 tbl[8] = {1, 2, 3, 4, 5};
.extern .shared .align 4 .b8 dyn[];
.visible .entry k(
	.param .u64 k_param_0,
	.param .align 8 .b8 k_param_1[16]
)
.maxntid 128, 1, 1
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<5>;
	mov.u32 	%r1, %tid.x;
	setp.lt.u32 	%p1|%p2, %r1, 16;
	@!%p1 bra 	$L__BB0_2;
	{ .reg .b32 t; add.s32 t, %r1, -1; }
	ld.global.v2.u32 	{%r2, %r3}, [tbl+4];
$L__BB0_2:
	ret;
}
"#;
        let m = parse(src).unwrap();
        assert_eq!(m.version, Some((7, 8)));
        assert_eq!(m.vars.len(), 2);
        assert_eq!(m.vars[0].size(), 8);
        assert_eq!(m.vars[1].dims, vec![None]);
        let f = &m.funcs[0];
        assert!(f.entry);
        assert_eq!(f.params[1].size(), 16);
        assert_eq!(f.directives[0], ("maxntid".to_string(), vec![128, 1, 1]));
        let body = f.body.as_ref().unwrap();
        let insts: Vec<&Inst> =
            body.iter().filter_map(|s| if let Stmt::Inst(i) = s { Some(i) } else { None }).collect();
        assert_eq!(insts.len(), 6);
        assert_eq!(insts[0].ops[1], Operand::Reg("%tid.x".into()));
        assert_eq!(insts[2].guard, Some(("%p1".into(), true)));
        assert_eq!(insts[4].ops[1], Operand::Addr(AddrBase::Sym("tbl".into()), 4));
        assert_eq!(insts[5].line, 21);
    }

    #[test]
    fn warp_sz_is_an_integer_constant() {
        let src = ".version 7.8\n.target sm_90\n.address_size 64\n.global .u32 g[WARP_SZ] = {WARP_SZ, WARP_SZ+1, -WARP_SZ};\n\
                   .entry k(.param .u64 p) {\n  mov.u32 %r1, WARP_SZ;\n  shfl.sync.idx.b32 %r2, %r1, 0, WARP_SZ-1, -1;\n\
                   mov.u32 %r3, -WARP_SZ;\n  ld.param.u64 %rd1, [p+WARP_SZ-32];\n  ld.u32 %r4, [WARP_SZ];\n  ld.u32 %r4, [g-WARP_SZ];\n}";
        let m = parse(src).unwrap();
        assert_eq!(m.vars[0].dims, vec![Some(32)]);
        assert_eq!(m.vars[0].init, Some(vec![InitElem::Int(32), InitElem::Int(33), InitElem::Int(-32)]));
        let body = m.funcs[0].body.as_ref().unwrap();
        let ops: Vec<&Vec<Operand>> =
            body.iter().filter_map(|s| if let Stmt::Inst(i) = s { Some(&i.ops) } else { None }).collect();
        assert_eq!(ops[0][1], Operand::Int(32));
        assert_eq!(ops[1][3], Operand::Int(31));
        assert_eq!(ops[2][1], Operand::Int(-32));
        assert_eq!(ops[3][1], Operand::Addr(AddrBase::Sym("p".into()), 0));
        assert_eq!(ops[4][1], Operand::Addr(AddrBase::None, 32));
        assert_eq!(ops[5][1], Operand::Addr(AddrBase::Sym("g".into()), -32));
    }

    #[test]
    fn reports_line_and_column() {
        let e = parse(".version 7.8\n.entry k() {\n  mov.u32 %r1, #;\n}").unwrap_err();
        assert_eq!((e.line, e.col), (3, 16));
        let e = parse(".entry k() {\n  .bogus 3;\n}").unwrap_err();
        assert!(e.msg.contains(".bogus"), "{}", e.msg);
    }
}
