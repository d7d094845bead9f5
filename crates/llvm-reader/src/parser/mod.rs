//! Recursive-descent parser: module structure, types, globals and function headers (attributes in `attrs.rs`).
//!
//! Globals and functions may be referenced before they are defined, so a pre-scan over the token stream creates
//! every global and function entity up front (by name or number); the main parse fills them in. A global the
//! pre-scan did not find gets a placeholder at its first use, reported (or, for an intrinsic, declared) after the
//! main parse, so that a syntax error anywhere in the file is reported first. Attribute groups and metadata nodes,
//! usually defined at the end of the file, are resolved after the main parse.

mod attrs;
mod body;
mod consts;
mod deferred;
mod metadata;

use crate::diag::Diagnostic;
use crate::lexer::{self, describe, Kind, RawTok, Tok};
use rustc_hash::{FxHashMap, FxHashSet};
use simtc_ir::*;
use std::ops::Range;
use std::sync::Arc;

pub(crate) type PResult<T> = Result<T, Diagnostic>;

/// Where a `#N` attribute-group reference applies.
#[derive(Copy, Clone, Debug)]
enum AttrTarget {
    Func(FuncId),
    Call(FuncId, Inst),
    Global(GlobalId),
}

/// The deepest nesting of types, constants or inline metadata the reader accepts (LLVM has no limit; real
/// programs stay far below it).
pub(crate) const MAX_NESTING: u32 = 256;

pub(crate) struct Parser<'s> {
    src: &'s str,
    /// The token stream, shared with the threads that read function bodies ([`deferred`]).
    toks: Arc<Vec<RawTok>>,
    pos: usize,
    /// Current nesting of types, constants and inline metadata being parsed (see [`MAX_NESTING`]).
    nesting: u32,
    pub(crate) m: Module,
    global_names: FxHashMap<String, GlobalRef>,
    global_nums: FxHashMap<u32, GlobalRef>,
    defined: FxHashSet<GlobalRef>,
    md_nums: FxHashMap<u32, MdId>,
    md_defined: FxHashSet<u32>,
    md_first_use: FxHashMap<u32, Range<usize>>,
    attr_groups: FxHashMap<u32, AttrSet>,
    attr_fixups: Vec<(AttrTarget, u32, Range<usize>)>,
    numbered_types: FxHashMap<u32, Type>,
    type_defined: FxHashSet<Type>,
    type_first_use: FxHashMap<Type, Range<usize>>,
    /// Pointee of the last typed pointer parsed (`T*`), for `byval` without a type in old IR.
    last_pointee: Option<Type>,
    /// Direct calls (without an explicit function type) of functions declared later in the file: the callee,
    /// the call's function type and the callee's span, checked against the declaration in `finish`.
    pending_calls: Vec<(FuncId, Type, Range<usize>)>,
    /// Comdats referenced by globals and functions (`comdat($c)`, or a bare `comdat` naming the object itself).
    comdat_uses: Vec<(String, Range<usize>)>,
    /// Globals used but defined nowhere in the file (see [`UndefinedGlobal`]), and their index by entity.
    undefined_globals: Vec<UndefinedGlobal>,
    undefined_index: FxHashMap<GlobalRef, usize>,
    /// Per-function maps, reused from one function body to the next.
    fn_maps: body::FnMaps<'s>,
    /// Where entities are in the source, when asked for ([`SourceMap`]).
    pub(crate) map: Option<Box<SourceMap>>,
    /// Function bodies skipped by the top-level parse, read afterwards on several threads ([`deferred`]);
    /// `None` when bodies are read where they stand.
    deferred: Option<Vec<deferred::DeferredBody<'s>>>,
    /// With bodies deferred: the token ranges of the top-level `{ ... }` groups, in order (from the pre-scan),
    /// and how many of them the parse has passed.
    body_spans: Vec<(usize, usize)>,
    body_span_next: usize,
}

/// A global named by a use but defined nowhere in the file (the pre-scan found no definition).
///
/// The parse goes on with a placeholder entity (a function for `llvm.*` names, a variable otherwise) and `finish`
/// reports the name at its first use once the whole file has parsed, as llvm-as does: a syntax error anywhere in
/// the file (above all at the end of a truncated file, whose later definitions are gone) is reported first.
/// Intrinsics (`llvm.*`) only used as callees are declared with the type of their first call instead, as llvm-as
/// 19 declares intrinsics a module calls without declaring them.
#[derive(Clone)]
struct UndefinedGlobal {
    /// The placeholder.
    g: GlobalRef,
    /// `@name` or `@N` as written.
    name: String,
    /// The number of a numbered global (`@N`): llvm-as reports named globals first, then numbered ones.
    num: Option<u32>,
    /// The first use.
    first_use: Range<usize>,
    /// The function type of the first call of the placeholder.
    call_ty: Option<Type>,
    /// Whether some use is not the callee of a call.
    other_use: bool,
}

/// `i1`, `i8`, `i16`, `i32`, `i64`, `i128` without string matching or interning (the reader's most common types).
#[inline]
fn common_int_type(s: &str) -> Option<Type> {
    match s.as_bytes() {
        [b'i', b'1'] => Some(Type::I1),
        [b'i', b'8'] => Some(Type::I8),
        [b'i', b'1', b'6'] => Some(Type::I16),
        [b'i', b'3', b'2'] => Some(Type::I32),
        [b'i', b'6', b'4'] => Some(Type::I64),
        [b'i', b'1', b'2', b'8'] => Some(Type::I128),
        _ => None,
    }
}

/// Where the reader found each entity in the source text: byte spans of function names (in their definition or
/// declaration), block labels (an unlabeled entry block: its first instruction), instructions and global
/// variable names. Filled only by [`crate::parse_module_with_source_map`].
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    funcs: FxHashMap<FuncId, Range<usize>>,
    blocks: FxHashMap<(FuncId, Block), Range<usize>>,
    insts: FxHashMap<(FuncId, Inst), Range<usize>>,
    globals: FxHashMap<GlobalId, Range<usize>>,
}

impl SourceMap {
    /// The name of function `f` where it is defined or declared.
    pub fn func(&self, f: FuncId) -> Option<Range<usize>> {
        self.funcs.get(&f).cloned()
    }
    /// The label of block `b` of function `f`.
    pub fn block(&self, f: FuncId, b: Block) -> Option<Range<usize>> {
        self.blocks.get(&(f, b)).cloned()
    }
    /// Instruction `i` of function `f`.
    pub fn inst(&self, f: FuncId, i: Inst) -> Option<Range<usize>> {
        self.insts.get(&(f, i)).cloned()
    }
    /// The name of global variable `g` in its definition.
    pub fn global(&self, g: GlobalId) -> Option<Range<usize>> {
        self.globals.get(&g).cloned()
    }
}

/// Reads `src`. With `threads`, function bodies are skipped by the top-level parse and read afterwards on up to
/// that many threads ([`deferred`]); any error makes it read the text again the plain way, one body where it
/// stands, so the diagnostic is the one that way reports first (llvm-as' order). Without `threads` (and always
/// with a source map) bodies are read in place.
pub(crate) fn parse(src: &str, with_map: bool, threads: Option<usize>) -> PResult<(Module, Option<SourceMap>)> {
    let toks: Arc<Vec<RawTok>> = lexer::lex_raw_threads(src, threads.unwrap_or(1))
        .map_err(|sp| {
            if sp.len() > RawTok::MAX_LEN {
                return Diagnostic::error(sp, "token longer than 16 MiB (not supported)".to_string());
            }
            let c = src[sp.start..].chars().next().unwrap_or(' ');
            Diagnostic::error(sp, format!("invalid character '{}'", c.escape_default()))
        })?
        .into();
    if let (false, Some(threads)) = (with_map, threads) {
        if let Ok((m, _)) = parse_deferred(src, toks.clone(), threads) {
            return Ok((m, None));
        }
    }
    let mut p = Parser::new(src, toks, with_map);
    p.prescan()?;
    while !p.at_end() {
        p.top_level()?;
    }
    p.finish()?;
    Ok((p.m, p.map.map(|b| *b)))
}

/// The top-level parse with bodies skipped, then the bodies read on up to `threads` threads
/// ([`deferred`]); also returns how many bodies were read again on the calling thread. No fallback: an error is
/// returned as met.
fn parse_deferred(src: &str, toks: Arc<Vec<RawTok>>, threads: usize) -> PResult<(Module, usize)> {
    let mut p = Parser::new(src, toks, false);
    p.deferred = Some(Vec::new());
    p.prescan()?;
    while !p.at_end() {
        p.top_level()?;
    }
    let again = p.read_deferred(threads)?;
    p.finish()?;
    Ok((p.m, again))
}

impl<'s> Parser<'s> {
    fn new(src: &'s str, toks: Arc<Vec<RawTok>>, with_map: bool) -> Self {
        Parser {
            src,
            toks,
            pos: 0,
            nesting: 0,
            m: Module::new(),
            global_names: FxHashMap::default(),
            global_nums: FxHashMap::default(),
            defined: FxHashSet::default(),
            md_nums: FxHashMap::default(),
            md_defined: FxHashSet::default(),
            md_first_use: FxHashMap::default(),
            attr_groups: FxHashMap::default(),
            attr_fixups: Vec::new(),
            numbered_types: FxHashMap::default(),
            type_defined: FxHashSet::default(),
            type_first_use: FxHashMap::default(),
            last_pointee: None,
            pending_calls: Vec::new(),
            comdat_uses: Vec::new(),
            undefined_globals: Vec::new(),
            undefined_index: FxHashMap::default(),
            fn_maps: Default::default(),
            map: with_map.then(Box::default),
            deferred: None,
            body_spans: Vec::new(),
            body_span_next: 0,
        }
    }

    // ----- token helpers -----

    pub(crate) fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }
    /// The token at `i`.
    #[inline]
    pub(crate) fn tok_at(&self, i: usize) -> Option<Tok<'s>> {
        self.toks.get(i).map(|&t| lexer::tok(self.src, t))
    }
    #[inline]
    pub(crate) fn peek(&self) -> Option<Tok<'s>> {
        self.tok_at(self.pos)
    }
    #[inline]
    pub(crate) fn peek_at(&self, k: usize) -> Option<Tok<'s>> {
        self.tok_at(self.pos + k)
    }
    /// The kind of the token `k` ahead (quoted names have their own kinds).
    #[inline]
    pub(crate) fn kind_at(&self, k: usize) -> Option<Kind> {
        self.toks.get(self.pos + k).map(|t| t.kind)
    }
    /// Whether the current token is of kind `k` (a punctuation kind).
    #[inline]
    pub(crate) fn at(&self, k: Kind) -> bool {
        self.kind_at(0) == Some(k)
    }
    pub(crate) fn span(&self) -> Range<usize> {
        match self.toks.get(self.pos) {
            Some(t) => t.span(),
            None => self.src.len()..self.src.len(),
        }
    }
    pub(crate) fn prev_span(&self) -> Range<usize> {
        match self.pos.checked_sub(1).and_then(|i| self.toks.get(i)) {
            Some(t) => t.span(),
            None if self.pos == 0 => 0..0,
            None => self.src.len()..self.src.len(),
        }
    }
    pub(crate) fn bump(&mut self) -> Option<Tok<'s>> {
        let t = self.peek();
        if t.is_some() {
            self.pos += 1;
        }
        t
    }
    pub(crate) fn err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        Err(Diagnostic::error(self.span(), msg))
    }
    pub(crate) fn err_at<T>(&self, span: Range<usize>, msg: impl Into<String>) -> PResult<T> {
        Err(Diagnostic::error(span, msg))
    }
    pub(crate) fn unsupported<T>(&self, span: Range<usize>, msg: impl Into<String>) -> PResult<T> {
        Err(Diagnostic::unsupported(span, msg))
    }
    pub(crate) fn found(&self) -> String {
        match self.peek() {
            Some(t) => describe(&t),
            None => "end of file".into(),
        }
    }
    pub(crate) fn expected<T>(&self, what: &str) -> PResult<T> {
        self.err(format!("expected {what}, found {}", self.found()))
    }
    #[inline]
    pub(crate) fn is_ident(&self, kw: &str) -> bool {
        match self.toks.get(self.pos) {
            Some(t) if t.kind == Kind::Ident => &self.src[t.span()] == kw,
            _ => false,
        }
    }
    pub(crate) fn eat_ident(&mut self, kw: &str) -> bool {
        if self.is_ident(kw) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    pub(crate) fn expect_ident(&mut self, kw: &str) -> PResult<()> {
        if self.eat_ident(kw) {
            Ok(())
        } else {
            self.expected(&format!("'{kw}'"))
        }
    }
    #[inline]
    pub(crate) fn eat(&mut self, t: &Tok<'_>) -> bool {
        let hit = match self.toks.get(self.pos) {
            Some(r) if r.kind == t.kind() => t.is_punct() || lexer::tok(self.src, *r) == *t,
            // Quoted names have their own kinds.
            Some(_) if !t.is_punct() => self.peek().as_ref() == Some(t),
            _ => false,
        };
        if hit {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    pub(crate) fn expect(&mut self, t: &Tok<'_>) -> PResult<()> {
        if self.eat(t) {
            Ok(())
        } else {
            self.expected(&describe(t))
        }
    }
    #[inline]
    pub(crate) fn ident(&self) -> Option<&'s str> {
        match self.peek() {
            Some(Tok::Ident(s)) => Some(s),
            _ => None,
        }
    }
    pub(crate) fn expect_string(&mut self) -> PResult<Vec<u8>> {
        match self.peek() {
            Some(Tok::Str(s)) => {
                let s = s.clone();
                self.pos += 1;
                Ok(s.into_owned())
            }
            _ => self.expected("string constant"),
        }
    }
    pub(crate) fn expect_string_utf8(&mut self) -> PResult<String> {
        let sp = self.span();
        let b = self.expect_string()?;
        String::from_utf8(b).map_err(|_| Diagnostic::error(sp, "string is not valid UTF-8"))
    }
    pub(crate) fn expect_u64(&mut self) -> PResult<u64> {
        match self.peek() {
            Some(Tok::Int(s)) => match s.parse::<u64>() {
                Ok(v) => {
                    self.pos += 1;
                    Ok(v)
                }
                Err(_) => self.err(format!("expected unsigned integer, found '{s}'")),
            },
            _ => self.expected("integer"),
        }
    }
    pub(crate) fn expect_u32(&mut self) -> PResult<u32> {
        let sp = self.span();
        let v = self.expect_u64()?;
        u32::try_from(v).map_err(|_| Diagnostic::error(sp, "integer out of range"))
    }

    // ----- pre-scan -----

    /// Creates every global variable and function so forward references resolve.
    fn prescan(&mut self) -> PResult<()> {
        let mut depth = 0i32;
        let mut i = 0;
        let mut md_defs = Vec::new();
        let kind = |j: usize| self.toks.get(j).map(|t| t.kind);
        let is_global = |k: Option<Kind>| matches!(k, Some(Kind::GlobalName | Kind::GlobalNameQ | Kind::GlobalNum));
        let ident = |j: usize| match self.toks.get(j) {
            Some(t) if t.kind == Kind::Ident => Some(&self.src[t.span()]),
            _ => None,
        };
        let mut defs = Vec::new();
        // With bodies deferred: the extent of every top-level `{ ... }` (a body's is looked up instead of walked
        // again) and the attachment kinds used inside them (`, !kind` not followed by `(`), interned here.
        let deferring = self.deferred.is_some();
        let mut open = 0;
        let mut spans = Vec::new();
        let mut kinds: Vec<usize> = Vec::new();
        while i < self.toks.len() {
            match self.toks[i].kind {
                Kind::LBrace => {
                    if depth == 0 {
                        open = i;
                    }
                    depth += 1;
                }
                Kind::RBrace => {
                    depth -= 1;
                    if depth == 0 && deferring {
                        spans.push((open, i + 1));
                    }
                }
                Kind::MetaName
                    if deferring
                        && depth > 0
                        && kind(i.wrapping_sub(1)) == Some(Kind::Comma)
                        && kind(i + 1) != Some(Kind::LParen) =>
                {
                    kinds.push(i);
                }
                Kind::GlobalName | Kind::GlobalNameQ | Kind::GlobalNum
                    if depth == 0 && kind(i + 1) == Some(Kind::Eq) =>
                {
                    // Aliases/ifuncs are registered like variables so that the main parse reaches them and
                    // rejects them as unsupported (instead of as undefined names).
                    let mut j = i + 2;
                    let mut is_var = false;
                    while let Some(k) = kind(j) {
                        match k {
                            Kind::Ident if matches!(ident(j), Some("global" | "constant" | "alias" | "ifunc")) => {
                                is_var = true;
                                break;
                            }
                            Kind::Ident | Kind::LParen | Kind::RParen | Kind::Int | Kind::Str => j += 1,
                            _ => break,
                        }
                    }
                    if is_var {
                        defs.push((i, true));
                    }
                }
                Kind::MetaNum if depth == 0 && kind(i + 1) == Some(Kind::Eq) => {
                    md_defs.push(i);
                }
                Kind::Ident if depth == 0 && matches!(ident(i), Some("define" | "declare")) => {
                    // The name follows the return type, which may be a literal struct (`{ i32, float }`); a label
                    // or the next `define`/`declare` means the name is missing.
                    let mut j = i + 1;
                    let mut braces = 0u32;
                    while j < self.toks.len() {
                        match self.toks[j].kind {
                            k if braces == 0 && is_global(Some(k)) => break,
                            Kind::LBrace => {
                                braces += 1;
                                j += 1;
                            }
                            Kind::RBrace if braces > 0 => {
                                braces -= 1;
                                j += 1;
                            }
                            Kind::RBrace | Kind::Label | Kind::LabelQ => {
                                j = self.toks.len();
                                break;
                            }
                            Kind::Ident if matches!(ident(j), Some("define" | "declare")) => {
                                j = self.toks.len();
                                break;
                            }
                            _ => j += 1,
                        }
                    }
                    if j < self.toks.len() {
                        defs.push((j, false));
                    }
                }
                _ => {}
            }
            i += 1;
        }
        for (j, is_var) in defs {
            let span = self.toks[j].span();
            let (name, num) = match self.tok_at(j) {
                Some(Tok::GlobalName(n)) => (n.into_owned(), None),
                Some(Tok::GlobalNum(n)) => (String::new(), Some(n)),
                _ => unreachable!(),
            };
            let g = if is_var {
                GlobalRef::Var(self.m.add_global(GlobalVar::new(&name, Type::VOID, 0)))
            } else {
                GlobalRef::Func(self.m.add_func(Function::new(&name, Type::VOID, &[])))
            };
            self.register_global(&name, num, g, span)?;
        }
        let mut md_defs: Vec<u32> = md_defs
            .into_iter()
            .map(|i| match self.tok_at(i) {
                Some(Tok::MetaNum(n)) => n,
                _ => unreachable!(),
            })
            .collect();
        for i in kinds {
            if let Some(Tok::MetaName(k)) = self.tok_at(i) {
                self.m.metadata.kind(k);
            }
        }
        self.body_spans = spans;
        // Numbered metadata nodes get ids in source-number order, so the writer reproduces the numbering.
        md_defs.sort_unstable();
        md_defs.dedup();
        for n in md_defs {
            let id = self.m.metadata.push(MdNode::Tuple { distinct: false, ops: Vec::new() });
            self.md_nums.insert(n, id);
        }
        Ok(())
    }

    fn register_global(&mut self, name: &str, num: Option<u32>, g: GlobalRef, span: Range<usize>) -> PResult<()> {
        let dup = match num {
            Some(n) => self.global_nums.insert(n, g).is_some(),
            None => self.global_names.insert(name.to_string(), g).is_some(),
        };
        if dup {
            let shown = num.map(|n| n.to_string()).unwrap_or_else(|| name.to_string());
            return self.err_at(span, format!("redefinition of global '@{shown}'"));
        }
        Ok(())
    }

    /// Resolves the `@name`/`@N` of a definition at the current token (the pre-scan registered every definition).
    pub(crate) fn global_ref(&mut self) -> PResult<GlobalRef> {
        let sp = self.span();
        let r = match self.peek() {
            Some(Tok::GlobalName(n)) => self.global_names.get(n.as_ref()).copied(),
            Some(Tok::GlobalNum(n)) => self.global_nums.get(&n).copied(),
            _ => return self.expected("global name"),
        };
        match r {
            Some(r) => {
                self.pos += 1;
                Ok(r)
            }
            None => {
                let f = self.found();
                self.err_at(sp, format!("use of undefined global value {f}"))
            }
        }
    }

    /// Resolves a use of `@name`/`@N` at the current token, `as_callee` when it is the callee of a call. A global
    /// defined nowhere in the file gets a placeholder, reported by `finish` (see [`UndefinedGlobal`]).
    pub(crate) fn global_use(&mut self, as_callee: bool) -> PResult<GlobalRef> {
        let sp = self.span();
        let r = match self.peek() {
            Some(Tok::GlobalName(n)) => self.global_names.get(n.as_ref()).copied(),
            Some(Tok::GlobalNum(n)) => self.global_nums.get(&n).copied(),
            _ => return self.expected("global name"),
        };
        let g = match r {
            Some(g) => g,
            None => self.undefined_global(sp),
        };
        self.pos += 1;
        if !as_callee && !self.undefined_globals.is_empty() {
            if let Some(&i) = self.undefined_index.get(&g) {
                self.undefined_globals[i].other_use = true;
            }
        }
        Ok(g)
    }

    /// A placeholder for the global named by the current token, defined nowhere in the file, used first at `sp`.
    fn undefined_global(&mut self, sp: Range<usize>) -> GlobalRef {
        let (name, num) = match self.peek() {
            Some(Tok::GlobalName(n)) => (n.into_owned(), None),
            Some(Tok::GlobalNum(n)) => (String::new(), Some(n)),
            _ => (String::new(), None),
        };
        let g = if num.is_none() && name.starts_with("llvm.") {
            GlobalRef::Func(self.m.add_func(Function::new(&name, Type::VOID, &[])))
        } else {
            GlobalRef::Var(self.m.add_global(GlobalVar::new(&name, Type::VOID, 0)))
        };
        match num {
            Some(n) => self.global_nums.insert(n, g),
            None => self.global_names.insert(name.clone(), g),
        };
        self.undefined_index.insert(g, self.undefined_globals.len());
        self.undefined_globals.push(UndefinedGlobal {
            g,
            name: num.map_or_else(|| format!("@{name}"), |n| format!("@{n}")),
            num,
            first_use: sp,
            call_ty: None,
            other_use: false,
        });
        g
    }

    /// Notes that a call of function type `fn_ty` calls `g` (for the declaration of an undeclared intrinsic).
    pub(crate) fn note_call(&mut self, g: GlobalRef, fn_ty: Type) {
        if self.undefined_globals.is_empty() {
            return;
        }
        if let Some(&i) = self.undefined_index.get(&g) {
            self.undefined_globals[i].call_ty.get_or_insert(fn_ty);
        }
    }

    // ----- top level -----

    fn top_level(&mut self) -> PResult<()> {
        let sp = self.span();
        match self.peek() {
            Some(Tok::Ident(kw)) => match kw {
                "source_filename" => {
                    self.pos += 1;
                    self.expect(&Tok::Eq)?;
                    self.m.source_filename = Some(self.expect_string_utf8()?);
                }
                "target" => {
                    self.pos += 1;
                    let which = self.ident().map(str::to_string);
                    match which.as_deref() {
                        Some("datalayout") => {
                            self.pos += 1;
                            self.expect(&Tok::Eq)?;
                            self.m.datalayout = Some(self.expect_string_utf8()?);
                        }
                        Some("triple") => {
                            self.pos += 1;
                            self.expect(&Tok::Eq)?;
                            self.m.triple = Some(self.expect_string_utf8()?);
                        }
                        _ => return self.expected("'datalayout' or 'triple'"),
                    }
                }
                "module" => {
                    self.pos += 1;
                    self.expect_ident("asm")?;
                    let s = self.expect_string_utf8()?;
                    self.m.module_asm.push(s);
                }
                "define" => self.function(true)?,
                "declare" => self.function(false)?,
                "attributes" => self.attribute_group()?,
                "uselistorder" | "uselistorder_bb" => {
                    return self.unsupported(sp, "uselistorder directives");
                }
                _ => return self.err(format!("expected top-level entity, found '{kw}'")),
            },
            Some(Tok::LocalName(_)) | Some(Tok::LocalNum(_)) => self.type_definition()?,
            Some(Tok::GlobalName(_)) | Some(Tok::GlobalNum(_)) => self.global_var()?,
            Some(Tok::Comdat(name)) => {
                self.pos += 1;
                self.expect(&Tok::Eq)?;
                self.expect_ident("comdat")?;
                let kind = match self.bump() {
                    Some(Tok::Ident(k))
                        if matches!(k, "any" | "exactmatch" | "largest" | "nodeduplicate" | "samesize") =>
                    {
                        k
                    }
                    _ => return self.err_at(self.prev_span(), "expected comdat selection kind"),
                };
                if self.m.comdats.iter().any(|(n, _)| *n == name) {
                    return self.err_at(sp, format!("redefinition of comdat '${name}'"));
                }
                self.m.comdats.push((name.into_owned(), kind.to_string()));
            }
            Some(Tok::MetaName(_)) => self.named_metadata()?,
            Some(Tok::MetaNum(_)) => self.metadata_definition()?,
            _ => return self.expected("top-level entity"),
        }
        Ok(())
    }

    fn type_definition(&mut self) -> PResult<()> {
        let sp = self.span();
        let t = match self.bump() {
            Some(Tok::LocalName(n)) => self.m.types.named_struct(&n),
            Some(Tok::LocalNum(n)) => self.numbered_type(n),
            _ => unreachable!(),
        };
        self.expect(&Tok::Eq)?;
        self.expect_ident("type")?;
        if !self.type_defined.insert(t) {
            return self.err_at(sp, "redefinition of type");
        }
        if self.eat_ident("opaque") {
            return Ok(());
        }
        let packed = self.eat(&Tok::Less);
        if !self.eat(&Tok::LBrace) {
            return self.unsupported(sp, "type definitions other than structs (only identified structs are named)");
        }
        let fields = self.type_list(&Tok::RBrace)?;
        if packed {
            self.expect(&Tok::Greater)?;
        }
        self.m.types.set_named_body(t, fields, packed);
        Ok(())
    }

    fn numbered_type(&mut self, n: u32) -> Type {
        if let Some(&t) = self.numbered_types.get(&n) {
            return t;
        }
        let t = self.m.types.named_struct(&n.to_string());
        self.numbered_types.insert(n, t);
        t
    }

    // ----- types -----

    /// Parses a type, including typed-pointer (`T*`, `T addrspace(N)*`) and function-type suffixes.
    /// Enters one level of nesting of `what`; deeper than [`MAX_NESTING`] is an error at the current token, so
    /// hostile input (types, constant expressions or inline metadata nested thousands deep) gets a diagnostic
    /// instead of overflowing the stack here or in any later recursive walk (verifier, writer, codegen).
    pub(crate) fn enter(&mut self, what: &str) -> PResult<()> {
        self.nesting += 1;
        if self.nesting > MAX_NESTING {
            self.nesting = 0;
            return self.err(format!(
                "{what} too deeply nested: more than {MAX_NESTING} levels of nested types, constants or metadata"
            ));
        }
        Ok(())
    }

    pub(crate) fn parse_type(&mut self) -> PResult<Type> {
        self.enter("type")?;
        let r = self.parse_type_inner();
        self.nesting = self.nesting.saturating_sub(1);
        r
    }

    fn parse_type_inner(&mut self) -> PResult<Type> {
        let sp = self.span();
        let mut t = self.base_type()?;
        loop {
            match self.peek() {
                Some(Tok::Star) => {
                    self.pos += 1;
                    self.last_pointee = Some(t);
                    t = Type::PTR;
                }
                Some(Tok::Ident(s)) if s == "addrspace" && self.kind_at(4) == Some(Kind::Star) => {
                    self.pos += 1;
                    let a = self.paren_u32()?;
                    self.expect(&Tok::Star)?;
                    self.last_pointee = Some(t);
                    t = self.m.types.ptr(a);
                }
                Some(Tok::LParen) => {
                    // A function type `R (A, B, ...)`, only meaningful before `*` or as a call's type.
                    if matches!(self.m.types.data(t), TypeData::Label | TypeData::Metadata) {
                        return self.err_at(sp, "invalid function return type");
                    }
                    self.pos += 1;
                    let (params, vararg) = self.fn_type_params()?;
                    t = self.m.types.func(t, params, vararg);
                }
                _ => break,
            }
        }
        Ok(t)
    }

    fn fn_type_params(&mut self) -> PResult<(Vec<Type>, bool)> {
        let mut params = Vec::new();
        let mut vararg = false;
        if !self.eat(&Tok::RParen) {
            loop {
                if self.eat(&Tok::Ellipsis) {
                    vararg = true;
                    self.expect(&Tok::RParen)?;
                    break;
                }
                let t = self.parse_type()?;
                // Old IR may put attributes in function types; skip them.
                self.param_attrs(t)?;
                params.push(t);
                if self.eat(&Tok::RParen) {
                    break;
                }
                self.expect(&Tok::Comma)?;
            }
        }
        Ok((params, vararg))
    }

    fn paren_u32(&mut self) -> PResult<u32> {
        self.expect(&Tok::LParen)?;
        let v = self.expect_u32()?;
        self.expect(&Tok::RParen)?;
        Ok(v)
    }

    fn base_type(&mut self) -> PResult<Type> {
        let sp = self.span();
        let tok = self.peek();
        match tok {
            Some(Tok::Ident(s)) => {
                self.pos += 1;
                if let Some(t) = common_int_type(s) {
                    return Ok(t);
                }
                let t = match s {
                    "void" => Type::VOID,
                    "half" => Type::HALF,
                    "bfloat" => Type::BFLOAT,
                    "float" => Type::FLOAT,
                    "double" => Type::DOUBLE,
                    "fp128" => self.m.types.intern(TypeData::Fp128),
                    "x86_fp80" => self.m.types.intern(TypeData::X86Fp80),
                    "ppc_fp128" => self.m.types.intern(TypeData::PpcFp128),
                    "label" => Type::LABEL,
                    "metadata" => Type::METADATA,
                    "token" => Type::TOKEN,
                    "ptr" => {
                        if self.is_ident("addrspace") {
                            self.pos += 1;
                            let a = self.paren_u32()?;
                            self.m.types.ptr(a)
                        } else {
                            Type::PTR
                        }
                    }
                    "x86_mmx" | "x86_amx" => return self.unsupported(sp, format!("type '{s}'")),
                    "target" => return self.unsupported(sp, "target extension types"),
                    "opaque" => return self.unsupported(sp, "'opaque' outside a type definition"),
                    _ => {
                        if let Some(w) = s.strip_prefix('i').and_then(|d| d.parse::<u32>().ok()) {
                            if w == 0 || w > (1 << 23) || s.starts_with("i0") {
                                return self.err_at(sp, "bitwidth for integer type out of range");
                            }
                            self.m.types.int(w)
                        } else {
                            return self.err_at(sp, format!("expected type, found '{s}'"));
                        }
                    }
                };
                Ok(t)
            }
            Some(Tok::LocalName(n)) => {
                self.pos += 1;
                let t = self.m.types.named_struct(&n);
                // Only a use before the definition matters (`finish` reports types never defined).
                if !self.type_defined.contains(&t) {
                    self.type_first_use.entry(t).or_insert(sp);
                }
                Ok(t)
            }
            Some(Tok::LocalNum(n)) => {
                self.pos += 1;
                let t = self.numbered_type(n);
                // Only a use before the definition matters (`finish` reports types never defined).
                if !self.type_defined.contains(&t) {
                    self.type_first_use.entry(t).or_insert(sp);
                }
                Ok(t)
            }
            Some(Tok::LBracket) => {
                self.pos += 1;
                let n = self.expect_u64()?;
                self.expect_ident("x")?;
                let e = self.parse_type()?;
                self.expect(&Tok::RBracket)?;
                // A named struct may be used before its definition (LLVM resolves forward references); whether
                // the array ends up sized is the verifier's concern.
                let named = matches!(self.m.types.data(e), TypeData::Named(_));
                if !named && (!self.m.types.is_first_class(e) || e == Type::METADATA || e == Type::TOKEN) {
                    return self.err_at(sp, "invalid array element type");
                }
                Ok(self.m.types.array(e, n))
            }
            Some(Tok::Less) => {
                self.pos += 1;
                if self.eat(&Tok::LBrace) {
                    let f = self.type_list(&Tok::RBrace)?;
                    self.expect(&Tok::Greater)?;
                    return Ok(self.m.types.struct_(f, true));
                }
                let scalable = self.eat_ident("vscale");
                if scalable {
                    self.expect_ident("x")?;
                }
                let n = self.expect_u32()?;
                self.expect_ident("x")?;
                let e = self.parse_type()?;
                self.expect(&Tok::Greater)?;
                if n == 0 {
                    return self.err_at(sp, "zero element vector is illegal");
                }
                let ok = self.m.types.is_int(e) || self.m.types.is_float(e) || self.m.types.is_ptr(e);
                if !ok {
                    return self.err_at(sp, "invalid vector element type");
                }
                Ok(self.m.types.intern(TypeData::Vector { len: n, elem: e, scalable }))
            }
            Some(Tok::LBrace) => {
                self.pos += 1;
                let f = self.type_list(&Tok::RBrace)?;
                Ok(self.m.types.struct_(f, false))
            }
            _ => self.expected("type"),
        }
    }

    /// Comma-separated types up to `close` (consumed).
    fn type_list(&mut self, close: &Tok<'_>) -> PResult<Vec<Type>> {
        let mut v = Vec::new();
        if self.eat(close) {
            return Ok(v);
        }
        loop {
            let sp = self.span();
            let t = self.parse_type()?;
            if t == Type::VOID || t == Type::LABEL || t == Type::METADATA {
                return self.err_at(sp, "invalid element type for struct");
            }
            v.push(t);
            if self.eat(close) {
                return Ok(v);
            }
            self.expect(&Tok::Comma)?;
        }
    }

    /// Parses a first-class value type (not void/label/function).
    pub(crate) fn value_type(&mut self) -> PResult<Type> {
        let sp = self.span();
        let t = self.parse_type()?;
        if t == Type::VOID || matches!(self.m.types.data(t), TypeData::Func { .. }) {
            return self.err_at(sp, "invalid type for a value");
        }
        Ok(t)
    }

    // ----- linkage and friends -----

    fn linkage(&mut self) -> Option<Linkage> {
        let l = self.ident().and_then(Linkage::from_name)?;
        self.pos += 1;
        Some(l)
    }

    fn visibility(&mut self) -> Visibility {
        if self.eat_ident("hidden") {
            Visibility::Hidden
        } else if self.eat_ident("protected") {
            Visibility::Protected
        } else {
            self.eat_ident("default");
            Visibility::Default
        }
    }

    fn dso(&mut self) -> bool {
        let local = self.eat_ident("dso_local");
        self.eat_ident("dso_preemptable");
        local
    }

    fn unnamed_addr(&mut self) -> UnnamedAddr {
        if self.eat_ident("unnamed_addr") {
            UnnamedAddr::Global
        } else if self.eat_ident("local_unnamed_addr") {
            UnnamedAddr::Local
        } else {
            UnnamedAddr::None
        }
    }

    pub(crate) fn calling_conv(&mut self) -> PResult<CallConv> {
        let cc = match self.ident() {
            Some("ccc") => CallConv::C,
            Some("fastcc") => CallConv::Fast,
            Some("coldcc") => CallConv::Cold,
            Some("ptx_kernel") => CallConv::PtxKernel,
            Some("ptx_device") => CallConv::PtxDevice,
            Some("cc") => {
                self.pos += 1;
                let n = self.expect_u32()?;
                return Ok(CallConv::from_number(n));
            }
            _ => return Ok(CallConv::C),
        };
        self.pos += 1;
        Ok(cc)
    }

    // ----- globals -----

    fn global_var(&mut self) -> PResult<()> {
        let name_sp = self.span();
        let gref = self.global_ref()?;
        self.expect(&Tok::Eq)?;
        let id = match gref {
            GlobalRef::Var(id) => id,
            GlobalRef::Func(_) => return self.unsupported(name_sp, "global aliases and ifuncs"),
        };
        if !self.defined.insert(gref) {
            return self.err_at(name_sp, "redefinition of global");
        }
        if let Some(map) = &mut self.map {
            map.globals.insert(id, name_sp.clone());
        }
        let linkage = self.linkage();
        let dso_local = self.dso();
        let visibility = self.visibility();
        if self.eat_ident("dllimport") || self.eat_ident("dllexport") {
            return self.unsupported(self.prev_span(), "DLL storage classes");
        }
        let thread_local = if self.is_ident("thread_local") {
            let s = self.span().start;
            self.pos += 1;
            if self.at(Kind::LParen) {
                self.skip_balanced_parens()?;
            }
            Some(self.src[s..self.prev_span().end].to_string())
        } else {
            None
        };
        let unnamed_addr = self.unnamed_addr();
        let addrspace = if self.eat_ident("addrspace") { self.paren_u32()? } else { 0 };
        let externally_initialized = self.eat_ident("externally_initialized");
        if self.is_ident("alias") || self.is_ident("ifunc") {
            return self.unsupported(self.span(), "global aliases and ifuncs");
        }
        let is_constant = if self.eat_ident("constant") {
            true
        } else if self.eat_ident("global") {
            false
        } else {
            return self.expected("'global' or 'constant'");
        };
        let ty_sp = self.span();
        let ty = self.parse_type()?;
        if !self.m.types.is_first_class(ty) && !self.m.types.is_aggregate(ty) {
            return self.err_at(ty_sp, "invalid type for global variable");
        }
        let is_decl = matches!(linkage, Some(Linkage::External) | Some(Linkage::ExternWeak)) && !self.starts_constant();
        // Without a linkage the initializer is required (llvm-as: "expected value token"; a truncated file).
        let init = if is_decl { None } else { Some(self.parse_const(ty)?) };
        let mut g = GlobalVar::new(&self.m.globals[id].name.clone(), ty, addrspace);
        g.linkage = linkage.unwrap_or(Linkage::External);
        g.dso_local = dso_local;
        g.visibility = visibility;
        g.thread_local = thread_local;
        g.unnamed_addr = unnamed_addr;
        g.externally_initialized = externally_initialized;
        g.is_constant = is_constant;
        g.init = init;
        while self.eat(&Tok::Comma) {
            match self.peek() {
                Some(Tok::Ident("section")) => {
                    self.pos += 1;
                    g.section = Some(self.expect_string_utf8()?);
                }
                Some(Tok::Ident("partition")) => {
                    self.pos += 1;
                    self.expect_string()?;
                }
                Some(Tok::Ident("code_model")) => {
                    self.pos += 1;
                    self.expect_string()?;
                }
                Some(Tok::Ident("comdat")) => {
                    g.comdat = Some(self.comdat(&g.name.clone())?);
                }
                Some(Tok::Ident("align")) => {
                    self.pos += 1;
                    let sp = self.span();
                    let a = self.expect_u64()?;
                    if !a.is_power_of_two() {
                        return self.err_at(sp, "alignment is not a power of two");
                    }
                    g.align = Some(a);
                }
                Some(Tok::MetaName(k)) => {
                    self.pos += 1;
                    let kind = self.m.metadata.kind(k);
                    let md = self.metadata_ref()?;
                    g.md.push((kind, md));
                }
                _ => return self.expected("global variable property"),
            }
        }
        while let Some(Tok::AttrGroup(n)) = self.peek() {
            self.attr_fixups.push((AttrTarget::Global(id), n, self.span()));
            self.pos += 1;
        }
        self.m.globals[id] = g;
        Ok(())
    }

    /// `comdat` or `comdat($name)` after the global or function named `own`.
    fn comdat(&mut self, own: &str) -> PResult<String> {
        let sp = self.span();
        self.expect_ident("comdat")?;
        if self.at(Kind::LParen) {
            if let Some(Tok::Comdat(name)) = self.peek_at(1) {
                self.comdat_uses.push((name.into_owned(), self.toks[self.pos + 1].span()));
            }
            self.skip_balanced_parens()?;
        } else {
            self.comdat_uses.push((own.to_string(), sp.clone()));
        }
        Ok(self.src[sp.start..self.prev_span().end].to_string())
    }

    /// Whether the current token can start a constant (after a global's type).
    fn starts_constant(&self) -> bool {
        match self.peek() {
            Some(Tok::Comma) | Some(Tok::AttrGroup(_)) | None => false,
            Some(Tok::Ident(k)) => !matches!(
                k,
                "define" | "declare" | "attributes" | "source_filename" | "target" | "module" | "section" | "align"
            ),
            Some(Tok::GlobalName(_)) | Some(Tok::GlobalNum(_)) => {
                // `@a = external global i32` followed by `@b = ...` on the next line.
                !matches!(self.peek_at(1), Some(Tok::Eq))
            }
            Some(Tok::LocalName(_)) | Some(Tok::LocalNum(_)) => !matches!(self.peek_at(1), Some(Tok::Eq)),
            Some(Tok::MetaName(_)) | Some(Tok::MetaNum(_)) | Some(Tok::Comdat(_)) => false,
            _ => true,
        }
    }

    // ----- functions -----

    fn function(&mut self, is_def: bool) -> PResult<()> {
        let kw_sp = self.span();
        self.pos += 1;
        // A declaration's metadata attachments come right after `declare` (`declare !dbg !5 void @f()`).
        let mut leading_md = Vec::new();
        while let (false, Some(Tok::MetaName(k))) = (is_def, self.peek()) {
            self.pos += 1;
            let kind = self.m.metadata.kind(k);
            leading_md.push((kind, self.metadata_ref()?));
        }
        let linkage = self.linkage();
        let dso_local = self.dso();
        let visibility = self.visibility();
        if self.eat_ident("dllimport") || self.eat_ident("dllexport") {
            return self.unsupported(self.prev_span(), "DLL storage classes");
        }
        let cc = self.calling_conv()?;
        self.last_pointee = None;
        let ret_attrs = self.param_attrs(Type::VOID)?;
        let ret_sp = self.span();
        let ret = self.parse_type()?;
        if matches!(self.m.types.data(ret), TypeData::Label | TypeData::Metadata | TypeData::Func { .. }) {
            return self.err_at(ret_sp, "invalid function return type");
        }
        let name_sp = self.span();
        let gref = self.global_ref()?;
        let fid = match gref {
            GlobalRef::Func(f) => f,
            GlobalRef::Var(_) => return self.err_at(name_sp, "expected a function name"),
        };
        if !self.defined.insert(gref) {
            return self.err_at(name_sp, format!("invalid redefinition of function '@{}'", self.m.funcs[fid].name));
        }
        if let Some(map) = &mut self.map {
            map.funcs.insert(fid, name_sp.clone());
        }
        // Parameters.
        self.expect(&Tok::LParen)?;
        let mut ptys = Vec::new();
        let mut pattrs = Vec::new();
        let mut pnames: Vec<(Option<body::LocalKey<'s>>, Range<usize>)> = Vec::new();
        let mut vararg = false;
        if !self.eat(&Tok::RParen) {
            loop {
                if self.eat(&Tok::Ellipsis) {
                    vararg = true;
                    self.expect(&Tok::RParen)?;
                    break;
                }
                self.last_pointee = None;
                let tsp = self.span();
                let t = self.parse_type()?;
                if t == Type::VOID || !self.m.types.is_first_class(t) && t != Type::METADATA {
                    return self.err_at(tsp, "invalid type for function argument");
                }
                let a = self.param_attrs(t)?;
                let nsp = self.span();
                let key = match self.peek() {
                    Some(Tok::LocalName(n)) => {
                        self.pos += 1;
                        Some(body::LocalKey::Name(n))
                    }
                    Some(Tok::LocalNum(n)) => {
                        self.pos += 1;
                        Some(body::LocalKey::Num(n))
                    }
                    _ => None,
                };
                ptys.push(t);
                pattrs.push(a);
                pnames.push((key, nsp));
                if self.eat(&Tok::RParen) {
                    break;
                }
                self.expect(&Tok::Comma)?;
            }
        }
        let fty = self.m.types.func(ret, ptys.clone(), vararg);
        let old_name = self.m.funcs[fid].name.clone();
        let mut f = Function::new(&old_name, fty, &ptys);
        f.md = leading_md;
        f.linkage = linkage.unwrap_or(Linkage::External);
        f.dso_local = dso_local;
        f.visibility = visibility;
        f.cc = cc;
        f.ret_attrs = ret_attrs;
        f.param_attrs = pattrs;
        f.unnamed_addr = self.unnamed_addr();
        if self.eat_ident("addrspace") {
            f.addrspace = Some(self.paren_u32()?);
        }
        f.attrs = self.fn_attrs(Some(AttrTarget::Func(fid)))?;
        loop {
            if self.eat_ident("section") {
                f.section = Some(self.expect_string_utf8()?);
            } else if self.eat_ident("partition") {
                self.expect_string()?;
            } else if self.is_ident("comdat") {
                f.comdat = Some(self.comdat(&old_name)?);
            } else if self.eat_ident("align") {
                let sp = self.span();
                let a = self.expect_u64()?;
                if !a.is_power_of_two() {
                    return self.err_at(sp, "alignment is not a power of two");
                }
                f.align = Some(a);
            } else if self.eat_ident("gc") {
                f.gc = Some(self.expect_string_utf8()?);
            } else if self.is_ident("personality") {
                return self.unsupported(self.span(), "personality functions (exception handling cannot reach a GPU)");
            } else if self.is_ident("prefix") || self.is_ident("prologue") {
                return self.unsupported(self.span(), "prefix/prologue data");
            } else if let (Some(Tok::MetaName(k)), false, true) =
                (self.peek(), self.kind_at(1) == Some(Kind::Eq), is_def)
            {
                // `!name = ...` on the next line is named metadata, not an attachment (as in llvm-as); a
                // declaration's attachments come before its header.
                self.pos += 1;
                let kind = self.m.metadata.kind(k);
                let md = self.metadata_ref()?;
                f.md.push((kind, md));
            } else {
                break;
            }
        }
        if is_def {
            if linkage == Some(Linkage::ExternWeak) {
                return self.err_at(kw_sp, "invalid linkage for function definition");
            }
            self.m.funcs[fid] = f;
            match self.deferred.is_some() {
                true => self.defer_body(fid, pnames)?,
                false => self.function_body(fid, pnames)?,
            }
        } else {
            if self.at(Kind::LBrace) {
                return self.err("declarations cannot have a body");
            }
            for (i, (k, sp)) in pnames.into_iter().enumerate() {
                if let Some(body::LocalKey::Name(n)) = k {
                    let v = f.params[i];
                    f.dfg.set_value_name(v, Some(&n));
                } else if k.is_some() {
                    let _ = sp;
                }
            }
            self.m.funcs[fid] = f;
        }
        Ok(())
    }

    // ----- finish -----

    /// The checks that need the whole file, in llvm-as 19's order (`LLParser::validateEndOfModule`): types used
    /// but never defined, comdats, globals (named ones by name, then numbered ones by number, each at its first
    /// use), metadata (by number); then simtc's own: attribute groups (llvm-as drops an undefined group silently;
    /// simtc refuses to, since `convergent` may be in it), calls that disagree with a later declaration.
    fn finish(&mut self) -> PResult<()> {
        // Types used but never defined: numbered ones first, as llvm-as (which reports named ones in hash order;
        // simtc takes the first in the file).
        let numbered: FxHashSet<Type> = self.numbered_types.values().copied().collect();
        let mut undef_types: Vec<(Type, Range<usize>)> = self
            .type_first_use
            .iter()
            .filter(|(t, _)| !self.type_defined.contains(t))
            .map(|(t, s)| (*t, s.clone()))
            .collect();
        undef_types.sort_by_key(|(t, s)| (!numbered.contains(t), s.start));
        if let Some((t, sp)) = undef_types.into_iter().next() {
            let name = self.m.types.named_info(t).map(|n| n.name.clone()).unwrap_or_default();
            return self.err_at(sp, format!("use of undefined type named '{name}'"));
        }
        // Comdats.
        for (name, sp) in std::mem::take(&mut self.comdat_uses) {
            if !self.m.comdats.iter().any(|(n, _)| *n == name) {
                return self.err_at(sp, format!("use of undefined comdat '${name}'"));
            }
        }
        // Globals used but defined nowhere: intrinsics only called are declared, the rest are errors.
        self.declare_intrinsics()?;
        let mut undefined: Vec<&UndefinedGlobal> =
            self.undefined_globals.iter().filter(|u| !self.defined.contains(&u.g)).collect();
        undefined.sort_by(|a, b| (a.num, a.name.as_bytes()).cmp(&(b.num, b.name.as_bytes())));
        if let Some(u) = undefined.first() {
            return self.err_at(u.first_use.clone(), format!("use of undefined value '{}'", u.name));
        }
        // Metadata, by number.
        let undefined_md =
            self.md_first_use.iter().filter(|(n, _)| !self.md_defined.contains(n)).min_by_key(|(n, _)| **n);
        if let Some((n, sp)) = undefined_md {
            return self.err_at(sp.clone(), format!("use of undefined metadata '!{n}'"));
        }
        // Attribute groups.
        let fixups = std::mem::take(&mut self.attr_fixups);
        for (target, n, sp) in fixups {
            let set = match self.attr_groups.get(&n) {
                Some(s) => s.clone(),
                None => return self.err_at(sp, format!("undefined attribute group #{n}")),
            };
            let dst = match target {
                AttrTarget::Func(f) => &mut self.m.funcs[f].attrs,
                AttrTarget::Global(g) => &mut self.m.globals[g].attrs,
                AttrTarget::Call(f, i) => match self.m.funcs[f].dfg.kind_mut(i) {
                    InstKind::Call(c) => &mut c.attrs.func,
                    _ => continue,
                },
            };
            if dst.is_empty() {
                *dst = set;
            } else {
                for a in set.0 {
                    dst.set(a);
                }
            }
        }
        // Calls of functions declared after them.
        for (f, fn_ty, sp) in std::mem::take(&mut self.pending_calls) {
            if !self.call_matches_decl(f, fn_ty) {
                return self.err_at(sp, "call does not match the callee's function type");
            }
        }
        // Globals and functions the pre-scan found but the parse never defined.
        let mut missing: Vec<(String, GlobalRef)> =
            self.global_names.iter().filter(|(_, g)| !self.defined.contains(g)).map(|(n, g)| (n.clone(), *g)).collect();
        missing.sort_by(|a, b| a.0.cmp(&b.0));
        if let Some((n, _)) = missing.into_iter().next() {
            return self.err_at(self.src.len()..self.src.len(), format!("global '@{n}' is never defined"));
        }
        Ok(())
    }

    /// Declares every undefined `llvm.*` function only used as a callee with the type of its first call, as
    /// llvm-as 19 declares the intrinsics a module calls without declaring them (other calls must agree with
    /// that type: `pending_calls`). A debug intrinsic whose calls were all dropped gets its LLVM signature. An
    /// intrinsic used other than as a callee is an error, as in llvm-as. (llvm-as declares only the intrinsics
    /// it knows; simtc declares any `llvm.*` name, and code generation rejects those it does not support.)
    fn declare_intrinsics(&mut self) -> PResult<()> {
        for i in 0..self.undefined_globals.len() {
            let u = &self.undefined_globals[i];
            let GlobalRef::Func(f) = u.g else { continue };
            if u.other_use {
                return self.err_at(u.first_use.clone(), "intrinsic can only be used as callee");
            }
            let fn_ty = match u.call_ty {
                Some(t) => t,
                None => {
                    let n = match self.m.funcs[f].name.as_str() {
                        "llvm.dbg.assign" => 6,
                        "llvm.dbg.label" => 1,
                        _ => 3,
                    };
                    self.m.types.func(Type::VOID, vec![Type::METADATA; n], false)
                }
            };
            let params: Vec<Type> = self.m.types.func_parts(fn_ty).map(|p| p.1.to_vec()).unwrap_or_default();
            let name = self.m.funcs[f].name.clone();
            self.m.funcs[f] = Function::new(&name, fn_ty, &params);
            self.defined.insert(GlobalRef::Func(f));
        }
        Ok(())
    }

    pub(crate) fn int_literal(&mut self, width: u32) -> PResult<ApInt> {
        let sp = self.span();
        match self.peek() {
            Some(Tok::Int(s)) => {
                self.pos += 1;
                ApInt::parse_decimal(width, s)
                    .ok_or_else(|| Diagnostic::error(sp, format!("integer constant '{s}' does not fit in i{width}")))
            }
            Some(Tok::HexInt(s)) => {
                self.pos += 1;
                let signed = s.starts_with('s');
                let digits = &s[3..];
                let v = u128::from_str_radix(digits, 16)
                    .map_err(|_| Diagnostic::error(sp.clone(), "hexadecimal integer too large"))?;
                let _ = signed;
                Ok(ApInt::from_u128(width, v))
            }
            Some(Tok::Ident(k)) if k == "true" || k == "false" => {
                self.pos += 1;
                Ok(ApInt::from_i128(width, if k == "true" { 1 } else { 0 }))
            }
            _ => self.expected("integer constant"),
        }
    }
}
