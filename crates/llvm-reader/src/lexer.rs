//! The LLVM IR lexer: a hand-written byte-level scanner producing compact tokens.
//!
//! Keywords are not separate tokens: identifiers are compared by the parser, which keeps the token set small and
//! lets new LLVM keywords be accepted without touching the lexer. Labels (`entry:`, `5:`, `"x y":`) and metadata
//! field names (`line:`) are one token kind, as in LLVM's own lexer.
//!
//! The lexer stores a [`RawTok`] per token (kind and 32-bit span, 12 bytes) and the parser materializes the
//! [`Tok`] view (with its string slice, number or unescaped name) on demand. The token grammar is the longest match
//! among the rules documented on [`Tok`]'s variants, and a test checks it against a `logos` lexer of those rules.

use std::borrow::Cow;
use std::ops::Range;

/// A token, as the parser sees it.
#[derive(Debug, Clone, PartialEq)]
pub enum Tok<'a> {
    /// `@name` (`@[-a-zA-Z$._][-a-zA-Z$._0-9]*`), `@"quoted"`.
    GlobalName(Cow<'a, str>),
    /// `@12`.
    GlobalNum(u32),
    /// `%name`, `%"quoted"`.
    LocalName(Cow<'a, str>),
    /// `%12`.
    LocalNum(u32),
    /// A label or field name: `entry:`, `12:`, `"a b":`, `line:` (`[-a-zA-Z$._0-9]+:`).
    Label(Cow<'a, str>),
    /// `!name` (named metadata, attachment kinds, specialized node classes like `!DILocation`).
    MetaName(&'a str),
    /// `!12`.
    MetaNum(u32),
    /// `!` alone (before `{` or a string).
    Exclaim,
    /// `#12` attribute group.
    AttrGroup(u32),
    /// `#dbg_value` and the other debug records (`#dbg_[a-z_]+`).
    DebugRecord(&'a str),
    /// `$name` comdat (`\$[-a-zA-Z$._0-9]+`), `$"quoted"`.
    Comdat(Cow<'a, str>),
    /// A keyword or identifier (`define`, `i32`, `DW_TAG_member`, `c`): `[a-zA-Z_][a-zA-Z0-9_]*`.
    Ident(&'a str),
    /// A decimal integer, as written: `-?[0-9]+`.
    Int(&'a str),
    /// `u0x..`/`s0x..` hexadecimal integer, as written: `[us]0x[0-9A-Fa-f]+`.
    HexInt(&'a str),
    /// A decimal floating-point literal, as written: `[-+]?[0-9]+\.[0-9]*([eE][-+]?[0-9]+)?`.
    Float(&'a str),
    /// A hexadecimal floating-point literal (`0x3FF0...`, `0xH3C00`, `0xK...`), as written.
    HexFloat(&'a str),
    /// A string literal, escapes decoded into bytes.
    Str(Cow<'a, [u8]>),
    /// `=`.
    Eq,
    /// `,`.
    Comma,
    /// `*`.
    Star,
    /// `[`.
    LBracket,
    /// `]`.
    RBracket,
    /// `{`.
    LBrace,
    /// `}`.
    RBrace,
    /// `(`.
    LParen,
    /// `)`.
    RParen,
    /// `<`.
    Less,
    /// `>`.
    Greater,
    /// `:`.
    Colon,
    /// `|`.
    Bar,
    /// `...`.
    Ellipsis,
}

/// A token's kind; `*Q` kinds are the quoted (`"..."`) spellings.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Kind {
    GlobalName,
    GlobalNameQ,
    GlobalNum,
    LocalName,
    LocalNameQ,
    LocalNum,
    Label,
    LabelQ,
    MetaName,
    MetaNum,
    Exclaim,
    AttrGroup,
    DebugRecord,
    Comdat,
    ComdatQ,
    Ident,
    Int,
    HexInt,
    Float,
    HexFloat,
    Str,
    Eq,
    Comma,
    Star,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    LParen,
    RParen,
    Less,
    Greater,
    Colon,
    Bar,
    Ellipsis,
}

impl Tok<'_> {
    /// Whether the token has no payload (punctuation, `!`, `...`).
    #[inline]
    pub fn is_punct(&self) -> bool {
        self.kind() as u8 >= Kind::Eq as u8 || matches!(self, Tok::Exclaim)
    }
    /// The token's kind (an unquoted kind for names).
    #[inline]
    pub fn kind(&self) -> Kind {
        match self {
            Tok::GlobalName(_) => Kind::GlobalName,
            Tok::GlobalNum(_) => Kind::GlobalNum,
            Tok::LocalName(_) => Kind::LocalName,
            Tok::LocalNum(_) => Kind::LocalNum,
            Tok::Label(_) => Kind::Label,
            Tok::MetaName(_) => Kind::MetaName,
            Tok::MetaNum(_) => Kind::MetaNum,
            Tok::Exclaim => Kind::Exclaim,
            Tok::AttrGroup(_) => Kind::AttrGroup,
            Tok::DebugRecord(_) => Kind::DebugRecord,
            Tok::Comdat(_) => Kind::Comdat,
            Tok::Ident(_) => Kind::Ident,
            Tok::Int(_) => Kind::Int,
            Tok::HexInt(_) => Kind::HexInt,
            Tok::Float(_) => Kind::Float,
            Tok::HexFloat(_) => Kind::HexFloat,
            Tok::Str(_) => Kind::Str,
            Tok::Eq => Kind::Eq,
            Tok::Comma => Kind::Comma,
            Tok::Star => Kind::Star,
            Tok::LBracket => Kind::LBracket,
            Tok::RBracket => Kind::RBracket,
            Tok::LBrace => Kind::LBrace,
            Tok::RBrace => Kind::RBrace,
            Tok::LParen => Kind::LParen,
            Tok::RParen => Kind::RParen,
            Tok::Less => Kind::Less,
            Tok::Greater => Kind::Greater,
            Tok::Colon => Kind::Colon,
            Tok::Bar => Kind::Bar,
            Tok::Ellipsis => Kind::Ellipsis,
        }
    }
}

/// A lexed token: its kind and byte span, in 8 bytes (the text is in the source). The token vector is the
/// reader's largest transient structure (about one token per 4.5 bytes of input): at 12 bytes a token it set the
/// peak memory of a compile of a 1M-instruction module; the length takes 24 bits, so a single token (a string
/// constant) is at most [`RawTok::MAX_LEN`] bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RawTok {
    /// The kind.
    pub kind: Kind,
    /// The length in bytes, little-endian.
    len: [u8; 3],
    /// Byte offset of the first byte.
    pub start: u32,
}

const _: () = assert!(std::mem::size_of::<RawTok>() == 8);

impl RawTok {
    /// The longest token: 16 MiB - 1 bytes.
    pub const MAX_LEN: usize = (1 << 24) - 1;

    /// A token of kind `kind` at `start..end`; `None` when longer than [`RawTok::MAX_LEN`].
    #[inline]
    pub fn new(kind: Kind, start: usize, end: usize) -> Option<RawTok> {
        let n = end - start;
        (n <= Self::MAX_LEN).then_some(RawTok {
            kind,
            len: [n as u8, (n >> 8) as u8, (n >> 16) as u8],
            start: start as u32,
        })
    }
    /// Byte offset after the last byte.
    #[inline]
    pub fn end(self) -> u32 {
        self.start + (self.len[0] as u32 | (self.len[1] as u32) << 8 | (self.len[2] as u32) << 16)
    }
    /// The byte span.
    #[inline]
    pub fn span(self) -> Range<usize> {
        self.start as usize..self.end() as usize
    }
}

/// The [`Tok`] view of `t`, a token of `src`.
#[inline]
pub fn tok(src: &str, t: RawTok) -> Tok<'_> {
    let (s, e) = (t.start as usize, t.end() as usize);
    match t.kind {
        Kind::GlobalName => Tok::GlobalName(Cow::Borrowed(&src[s + 1..e])),
        Kind::GlobalNameQ => Tok::GlobalName(unescape_str(&src[s + 2..e - 1])),
        Kind::GlobalNum => Tok::GlobalNum(num(&src[s + 1..e])),
        Kind::LocalName => Tok::LocalName(Cow::Borrowed(&src[s + 1..e])),
        Kind::LocalNameQ => Tok::LocalName(unescape_str(&src[s + 2..e - 1])),
        Kind::LocalNum => Tok::LocalNum(num(&src[s + 1..e])),
        Kind::Label => Tok::Label(Cow::Borrowed(&src[s..e - 1])),
        Kind::LabelQ => Tok::Label(unescape_str(&src[s + 1..e - 2])),
        Kind::MetaName => Tok::MetaName(&src[s + 1..e]),
        Kind::MetaNum => Tok::MetaNum(num(&src[s + 1..e])),
        Kind::Exclaim => Tok::Exclaim,
        Kind::AttrGroup => Tok::AttrGroup(num(&src[s + 1..e])),
        Kind::DebugRecord => Tok::DebugRecord(&src[s + 1..e]),
        Kind::Comdat => Tok::Comdat(Cow::Borrowed(&src[s + 1..e])),
        Kind::ComdatQ => Tok::Comdat(unescape_str(&src[s + 2..e - 1])),
        Kind::Ident => Tok::Ident(&src[s..e]),
        Kind::Int => Tok::Int(&src[s..e]),
        Kind::HexInt => Tok::HexInt(&src[s..e]),
        Kind::Float => Tok::Float(&src[s..e]),
        Kind::HexFloat => Tok::HexFloat(&src[s..e]),
        Kind::Str => Tok::Str(unescape_cow(&src[s + 1..e - 1])),
        Kind::Eq => Tok::Eq,
        Kind::Comma => Tok::Comma,
        Kind::Star => Tok::Star,
        Kind::LBracket => Tok::LBracket,
        Kind::RBracket => Tok::RBracket,
        Kind::LBrace => Tok::LBrace,
        Kind::RBrace => Tok::RBrace,
        Kind::LParen => Tok::LParen,
        Kind::RParen => Tok::RParen,
        Kind::Less => Tok::Less,
        Kind::Greater => Tok::Greater,
        Kind::Colon => Tok::Colon,
        Kind::Bar => Tok::Bar,
        Kind::Ellipsis => Tok::Ellipsis,
    }
}

/// The value of a decimal number the lexer checked to fit in `u32`.
#[inline]
fn num(s: &str) -> u32 {
    s.bytes().fold(0u32, |v, d| v.wrapping_mul(10).wrapping_add(u32::from(d - b'0')))
}

/// Byte classes.
const LABEL: u8 = 1; // [-a-zA-Z$._0-9]
const NAME0: u8 = 2; // [-a-zA-Z$._]
const IDENT: u8 = 4; // [a-zA-Z0-9_]
const DIGIT: u8 = 8; // [0-9]
const HEX: u8 = 16; // [0-9A-Fa-f]
const SPACE: u8 = 32; // [ \t\r\n\f]

const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let alpha = b.is_ascii_alphabetic();
        let digit = b.is_ascii_digit();
        let mut k = 0;
        if alpha || digit || b == b'-' || b == b'$' || b == b'.' || b == b'_' {
            k |= LABEL;
        }
        if alpha || b == b'-' || b == b'$' || b == b'.' || b == b'_' {
            k |= NAME0;
        }
        if alpha || digit || b == b'_' {
            k |= IDENT;
        }
        if digit {
            k |= DIGIT;
        }
        if b.is_ascii_hexdigit() {
            k |= HEX;
        }
        if b == b' ' || b == b'\t' || b == b'\r' || b == b'\n' || b == 0x0c {
            k |= SPACE;
        }
        t[c] = k;
        c += 1;
    }
    t
};

#[inline]
fn is(b: &[u8], i: usize, class: u8) -> bool {
    i < b.len() && CLASS[b[i] as usize] & class != 0
}

/// The end of the run of `class` bytes from `i`.
#[inline]
fn run(b: &[u8], mut i: usize, class: u8) -> usize {
    while i < b.len() && CLASS[b[i] as usize] & class != 0 {
        i += 1;
    }
    i
}

/// The end of a decimal number of at most `u32::MAX` from `i`, or `None` (too large).
#[inline]
fn u32_end(b: &[u8], i: usize) -> Option<usize> {
    let e = run(b, i, DIGIT);
    let mut v = 0u64;
    for &d in &b[i..e] {
        v = v * 10 + u64::from(d - b'0');
        if v > u64::from(u32::MAX) {
            return None;
        }
    }
    Some(e)
}

/// The end of a `"..."` string starting at `i` (after the closing quote).
#[inline]
fn quoted_end(b: &[u8], i: usize) -> Option<usize> {
    b[i + 1..].iter().position(|&c| c == b'"').map(|p| i + p + 2)
}

/// Lexes all of `src` into compact tokens; the error is the span of the first text no token matches, or of a
/// token longer than [`RawTok::MAX_LEN`].
pub fn lex_raw(src: &str) -> Result<Vec<RawTok>, Range<usize>> {
    if u32::try_from(src.len()).is_err() {
        return Err(0..0);
    }
    // About one token per 4.5 bytes in typical IR; the vector grows if needed.
    let mut out: Vec<RawTok> = Vec::with_capacity(src.len() / 4 + 16);
    lex_range(src, 0, src.len(), &mut out)?;
    Ok(out)
}

/// [`lex_raw`] on up to `threads` threads: the text is cut into pieces just after a newline that starts a
/// `define`, each piece is lexed on its own, and the tokens are concatenated. A cut is only right if the plain
/// lexer would start a token (or skip blanks) there: a token of one piece that runs past its end (a string
/// with a newline and `define` inside) or any error makes it lex the whole text on the calling thread instead, so
/// the tokens and errors are always [`lex_raw`]'s. (A comment ends at a newline, so none runs past a cut.)
pub fn lex_raw_threads(src: &str, threads: usize) -> Result<Vec<RawTok>, Range<usize>> {
    let n = src.len();
    // Below about 256 KiB per piece the threads cost more than they save.
    let pieces = threads.min(n / (256 << 10)).max(1);
    if pieces == 1 || u32::try_from(n).is_err() {
        return lex_raw(src);
    }
    let mut cuts = vec![0usize];
    for k in 1..pieces {
        let from = (n * k / pieces).max(*cuts.last().unwrap_or(&0));
        match src[from..].find("\ndefine ") {
            Some(p) if from + p + 1 < n => cuts.push(from + p + 1),
            _ => break,
        }
    }
    cuts.dedup();
    cuts.push(n);
    if cuts.len() < 3 {
        return lex_raw(src);
    }
    // The first piece goes straight into the result (sized for the whole text, as `lex_raw` sizes it); the
    // others into their own vectors, appended after.
    let lex_piece = |k: usize, out: &mut Vec<RawTok>| -> bool {
        let (s, e) = (cuts[k], cuts[k + 1]);
        out.reserve((e - s) / 4 + 16);
        lex_range(src, s, e, out).is_ok() && out.last().is_none_or(|t| t.end() as usize <= e)
    };
    let mut out: Vec<RawTok> = Vec::with_capacity(n / 4 + 16);
    let mut parts: Vec<(bool, Vec<RawTok>)> = (1..cuts.len() - 1).map(|_| (false, Vec::new())).collect();
    let mut first = false;
    rayon::in_place_scope(|scope| {
        for (k, part) in parts.iter_mut().enumerate() {
            let lex_piece = &lex_piece;
            scope.spawn(move |_| part.0 = lex_piece(k + 1, &mut part.1));
        }
        first = lex_piece(0, &mut out);
    });
    if !first || parts.iter().any(|p| !p.0) {
        return lex_raw(src);
    }
    for (_, p) in parts {
        out.extend_from_slice(&p);
    }
    Ok(out)
}

/// Lexes the tokens that start in `from..to` of `src` (the last may end past `to`; blanks and comments are
/// skipped) onto `out`.
fn lex_range(src: &str, from: usize, to: usize, out: &mut Vec<RawTok>) -> Result<(), Range<usize>> {
    let b = src.as_bytes();
    let n = b.len();
    let mut i = from;
    while i < to {
        let c = b[i];
        let (kind, end) = match c {
            b' ' | b'\t' | b'\r' | b'\n' | 0x0c => {
                i = run(b, i + 1, SPACE);
                continue;
            }
            b';' => {
                i = b[i..].iter().position(|&c| c == b'\n').map_or(n, |p| i + p);
                continue;
            }
            b'%' | b'@' => {
                let (name, name_q, number) = if c == b'%' {
                    (Kind::LocalName, Kind::LocalNameQ, Kind::LocalNum)
                } else {
                    (Kind::GlobalName, Kind::GlobalNameQ, Kind::GlobalNum)
                };
                if is(b, i + 1, NAME0) {
                    (name, run(b, i + 2, LABEL))
                } else if is(b, i + 1, DIGIT) {
                    match u32_end(b, i + 1) {
                        Some(e) => (number, e),
                        None => slow(src, i)?,
                    }
                } else if i + 1 < n && b[i + 1] == b'"' {
                    match quoted_end(b, i + 1) {
                        Some(e) => (name_q, e),
                        None => slow(src, i)?,
                    }
                } else {
                    slow(src, i)?
                }
            }
            b'!' => {
                if is(b, i + 1, NAME0) {
                    (Kind::MetaName, run(b, i + 2, LABEL))
                } else if is(b, i + 1, DIGIT) {
                    match u32_end(b, i + 1) {
                        Some(e) => (Kind::MetaNum, e),
                        None => slow(src, i)?,
                    }
                } else {
                    (Kind::Exclaim, i + 1)
                }
            }
            b'#' => {
                if is(b, i + 1, DIGIT) {
                    match u32_end(b, i + 1) {
                        Some(e) => (Kind::AttrGroup, e),
                        None => slow(src, i)?,
                    }
                } else if b[i + 1..].starts_with(b"dbg_") && i + 5 < n && is_lower_or_underscore(b[i + 5]) {
                    let mut e = i + 6;
                    while e < n && is_lower_or_underscore(b[e]) {
                        e += 1;
                    }
                    (Kind::DebugRecord, e)
                } else {
                    slow(src, i)?
                }
            }
            b'"' => match quoted_end(b, i) {
                Some(e) if e < n && b[e] == b':' => (Kind::LabelQ, e + 1),
                Some(e) => (Kind::Str, e),
                None => slow(src, i)?,
            },
            b'=' => (Kind::Eq, i + 1),
            b',' => (Kind::Comma, i + 1),
            b'*' => (Kind::Star, i + 1),
            b'[' => (Kind::LBracket, i + 1),
            b']' => (Kind::RBracket, i + 1),
            b'{' => (Kind::LBrace, i + 1),
            b'}' => (Kind::RBrace, i + 1),
            b'(' => (Kind::LParen, i + 1),
            b')' => (Kind::RParen, i + 1),
            b'<' => (Kind::Less, i + 1),
            b'>' => (Kind::Greater, i + 1),
            b':' => (Kind::Colon, i + 1),
            b'|' => (Kind::Bar, i + 1),
            b'+' => match float_walk(b, i, true) {
                (e, true) => (Kind::Float, e),
                (_, false) => slow(src, i)?,
            },
            _ if CLASS[c as usize] & LABEL != 0 => match word(b, i) {
                Ok(t) => t,
                Err(_) => slow(src, i)?,
            },
            _ => slow(src, i)?,
        };
        out.push(RawTok::new(kind, i, end).ok_or(i..end)?);
        i = end;
    }
    Ok(())
}

/// The token at `i` (its kind and end) where the fast path finds none, by the `logos` lexer: it backtracks to an
/// earlier match in some cases and sets the span of an error.
#[cold]
#[inline(never)]
fn slow(src: &str, i: usize) -> Result<(Kind, usize), Range<usize>> {
    use logos::Logos;
    let mut lx = reference::Tok::lexer(&src[i..]);
    let t = match lx.next() {
        Some(Ok(t)) => t,
        Some(Err(())) => {
            let sp = lx.span();
            return Err(i + sp.start..i + sp.end);
        }
        None => return Err(i..src.len()),
    };
    let sp = lx.span();
    let quoted = |sigil: usize| src.as_bytes().get(i + sigil) == Some(&b'"');
    use reference::Tok as R;
    let kind = match t {
        R::GlobalName(_) if quoted(1) => Kind::GlobalNameQ,
        R::GlobalName(_) => Kind::GlobalName,
        R::GlobalNum(_) => Kind::GlobalNum,
        R::LocalName(_) if quoted(1) => Kind::LocalNameQ,
        R::LocalName(_) => Kind::LocalName,
        R::LocalNum(_) => Kind::LocalNum,
        R::Label(_) if quoted(0) => Kind::LabelQ,
        R::Label(_) => Kind::Label,
        R::MetaName(_) => Kind::MetaName,
        R::MetaNum(_) => Kind::MetaNum,
        R::Exclaim => Kind::Exclaim,
        R::AttrGroup(_) => Kind::AttrGroup,
        R::DebugRecord(_) => Kind::DebugRecord,
        R::Comdat(_) if quoted(1) => Kind::ComdatQ,
        R::Comdat(_) => Kind::Comdat,
        R::Ident(_) => Kind::Ident,
        R::Int(_) => Kind::Int,
        R::HexInt(_) => Kind::HexInt,
        R::Float(_) => Kind::Float,
        R::HexFloat(_) => Kind::HexFloat,
        R::Str(_) => Kind::Str,
        R::Eq => Kind::Eq,
        R::Comma => Kind::Comma,
        R::Star => Kind::Star,
        R::LBracket => Kind::LBracket,
        R::RBracket => Kind::RBracket,
        R::LBrace => Kind::LBrace,
        R::RBrace => Kind::RBrace,
        R::LParen => Kind::LParen,
        R::RParen => Kind::RParen,
        R::Less => Kind::Less,
        R::Greater => Kind::Greater,
        R::Colon => Kind::Colon,
        R::Bar => Kind::Bar,
        R::Ellipsis => Kind::Ellipsis,
    };
    if sp.start != 0 {
        // Not a token at `i` (the fast path skips blanks and comments itself).
        return Err(i..i + sp.end);
    }
    Ok((kind, i + sp.end))
}

#[inline]
fn is_lower_or_underscore(c: u8) -> bool {
    c.is_ascii_lowercase() || c == b'_'
}

// The token is the longest prefix that some rule can still extend (the rules' union DFA runs until it is stuck, as
// `logos` did); it is an error when no rule matches that prefix exactly. Each `*_walk` returns how far its rule can
// read from `i` and whether it matches exactly that far.

/// `[-+]?[0-9]+\.[0-9]*([eE][-+]?[0-9]+)?` (the sign only if `signed`).
#[inline]
fn float_walk(b: &[u8], i: usize, signed: bool) -> (usize, bool) {
    let j = if signed && i < b.len() && (b[i] == b'-' || b[i] == b'+') { i + 1 } else { i };
    let d = run(b, j, DIGIT);
    if d == j {
        return (j, false);
    }
    if d >= b.len() || b[d] != b'.' {
        return (d, false);
    }
    let f = run(b, d + 1, DIGIT);
    if f < b.len() && (b[f] == b'e' || b[f] == b'E') {
        let mut x = f + 1;
        if x < b.len() && (b[x] == b'-' || b[x] == b'+') {
            x += 1;
        }
        let xe = run(b, x, DIGIT);
        return if xe > x { (xe, true) } else { (x, false) };
    }
    (f, true)
}

/// `prefix` then `class+`, from `i`.
#[inline]
fn prefixed_walk(b: &[u8], i: usize, prefix: &[u8], class: u8) -> (usize, bool) {
    let mut j = i;
    for &p in prefix {
        if j < b.len() && b[j] == p {
            j += 1;
        } else {
            return (j, false);
        }
    }
    let e = run(b, j, class);
    (e, e > j)
}

/// The token at `i`, a byte of the label class: a label, identifier, number, comdat or `...`.
#[inline]
fn word(b: &[u8], i: usize) -> Result<(Kind, usize), usize> {
    let c = b[i];
    // `[-a-zA-Z$._0-9]+:` reads the whole run of label bytes.
    let r = run(b, i + 1, LABEL);
    if r < b.len() && b[r] == b':' {
        return Ok((Kind::Label, r + 1));
    }
    if c.is_ascii_alphabetic() || c == b'_' {
        // `[a-zA-Z_][a-zA-Z0-9_]*`; `[us]0x[0-9A-Fa-f]+` wins over an identifier of the same length.
        let e = run(b, i + 1, IDENT);
        if e == r {
            if c == b'u' || c == b's' {
                if let (h, true) = prefixed_walk(b, i + 1, b"0x", HEX) {
                    if h == e {
                        return Ok((Kind::HexInt, e));
                    }
                }
            }
            return Ok((Kind::Ident, e));
        }
        return Err(r);
    }
    if c.is_ascii_digit() || c == b'-' {
        // `-?[0-9]+`, floats, `0x[KLMHR]?[0-9A-Fa-f]+`.
        let (fe, fok) = float_walk(b, i, true);
        if fe > r {
            return if fok { Ok((Kind::Float, fe)) } else { Err(fe) };
        }
        if fe == r && fok {
            return Ok((Kind::Float, fe));
        }
        if c == b'0' && i + 1 < b.len() && b[i + 1] == b'x' {
            let k = i + 2 + usize::from(i + 2 < b.len() && matches!(b[i + 2], b'K' | b'L' | b'M' | b'H' | b'R'));
            let (he, hok) = prefixed_walk(b, k, b"", HEX);
            if hok && he == r {
                return Ok((Kind::HexFloat, he));
            }
        }
        let j = i + usize::from(c == b'-');
        let d = run(b, j, DIGIT);
        if d > j && d == r {
            return Ok((Kind::Int, d));
        }
        return Err(r);
    }
    match c {
        b'$' => {
            if r > i + 1 {
                Ok((Kind::Comdat, r))
            } else if i + 1 < b.len() && b[i + 1] == b'"' {
                quoted_end(b, i + 1).map(|e| (Kind::ComdatQ, e)).ok_or(b.len())
            } else {
                Err(r)
            }
        }
        b'.' if r == i + 3 && b[i..].starts_with(b"...") => Ok((Kind::Ellipsis, i + 3)),
        _ => Err(r),
    }
}

/// Decodes `\XX` hex escapes and `\\` into bytes.
pub fn unescape(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            if i + 1 < b.len() && b[i + 1] == b'\\' {
                out.push(b'\\');
                i += 2;
                continue;
            }
            if i + 2 < b.len() && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit() {
                let h = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
                out.push(h(b[i + 1]) * 16 + h(b[i + 2]));
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

fn unescape_str(s: &str) -> Cow<'_, str> {
    if s.contains('\\') {
        Cow::Owned(String::from_utf8_lossy(&unescape(s)).into_owned())
    } else {
        Cow::Borrowed(s)
    }
}

fn unescape_cow(s: &str) -> Cow<'_, [u8]> {
    if s.contains('\\') {
        Cow::Owned(unescape(s))
    } else {
        Cow::Borrowed(s.as_bytes())
    }
}

/// Token kind names for "expected X" diagnostics.
pub fn describe(t: &Tok<'_>) -> String {
    match t {
        Tok::GlobalName(n) => format!("'@{n}'"),
        Tok::GlobalNum(n) => format!("'@{n}'"),
        Tok::LocalName(n) => format!("'%{n}'"),
        Tok::LocalNum(n) => format!("'%{n}'"),
        Tok::Label(n) => format!("label '{n}:'"),
        Tok::MetaName(n) => format!("'!{n}'"),
        Tok::MetaNum(n) => format!("'!{n}'"),
        Tok::Exclaim => "'!'".into(),
        Tok::AttrGroup(n) => format!("'#{n}'"),
        Tok::DebugRecord(n) => format!("'#{n}'"),
        Tok::Comdat(n) => format!("'${n}'"),
        Tok::Ident(s) => format!("'{s}'"),
        Tok::Int(s) | Tok::HexInt(s) | Tok::Float(s) | Tok::HexFloat(s) => format!("'{s}'"),
        Tok::Str(_) => "string constant".into(),
        Tok::Eq => "'='".into(),
        Tok::Comma => "','".into(),
        Tok::Star => "'*'".into(),
        Tok::LBracket => "'['".into(),
        Tok::RBracket => "']'".into(),
        Tok::LBrace => "'{'".into(),
        Tok::RBrace => "'}'".into(),
        Tok::LParen => "'('".into(),
        Tok::RParen => "')'".into(),
        Tok::Less => "'<'".into(),
        Tok::Greater => "'>'".into(),
        Tok::Colon => "':'".into(),
        Tok::Bar => "'|'".into(),
        Tok::Ellipsis => "'...'".into(),
    }
}

/// A token with its byte span.
pub type Spanned<'a> = (Tok<'a>, std::ops::Range<usize>);

/// Lexes all of `src` into [`Tok`]s; the error is the span of the first text no token matches.
pub fn lex(src: &str) -> Result<Vec<Spanned<'_>>, std::ops::Range<usize>> {
    Ok(lex_raw(src)?.into_iter().map(|t| (tok(src, t), t.span())).collect())
}

/// The `logos` lexer of the token grammar: the slow path for text the fast path does not lex, and the reference
/// the tests compare the fast path with.
mod reference {
    use logos::Logos;
    use std::borrow::Cow;

    fn unescape_str(s: &str) -> Cow<'_, str> {
        super::unescape_str(s)
    }
    fn unescape_cow(s: &str) -> Cow<'_, [u8]> {
        super::unescape_cow(s)
    }

    #[derive(Logos, Debug, Clone, PartialEq)]
    #[logos(skip r"[ \t\r\n\f]+")]
    #[logos(skip r";[^\n]*")]
    #[allow(missing_docs)]
    pub enum Tok<'a> {
        #[regex(r"@[-a-zA-Z$._][-a-zA-Z$._0-9]*", |l| Cow::Borrowed(&l.slice()[1..]))]
        #[regex(r#"@"[^"]*""#, |l| unescape_str(&l.slice()[2..l.slice().len() - 1]))]
        GlobalName(Cow<'a, str>),
        #[regex(r"@[0-9]+", |l| l.slice()[1..].parse::<u32>().ok())]
        GlobalNum(u32),
        #[regex(r"%[-a-zA-Z$._][-a-zA-Z$._0-9]*", |l| Cow::Borrowed(&l.slice()[1..]))]
        #[regex(r#"%"[^"]*""#, |l| unescape_str(&l.slice()[2..l.slice().len() - 1]))]
        LocalName(Cow<'a, str>),
        #[regex(r"%[0-9]+", |l| l.slice()[1..].parse::<u32>().ok())]
        LocalNum(u32),
        #[regex(r"[-a-zA-Z$._0-9]+:", |l| Cow::Borrowed(&l.slice()[..l.slice().len() - 1]))]
        #[regex(r#""[^"]*":"#, |l| unescape_str(&l.slice()[1..l.slice().len() - 2]))]
        Label(Cow<'a, str>),
        #[regex(r"![-a-zA-Z$._][-a-zA-Z$._0-9]*", |l| &l.slice()[1..])]
        MetaName(&'a str),
        #[regex(r"![0-9]+", |l| l.slice()[1..].parse::<u32>().ok())]
        MetaNum(u32),
        #[token("!")]
        Exclaim,
        #[regex(r"#[0-9]+", |l| l.slice()[1..].parse::<u32>().ok())]
        AttrGroup(u32),
        #[regex(r"#dbg_[a-z_]+", |l| &l.slice()[1..])]
        DebugRecord(&'a str),
        #[regex(r"\$[-a-zA-Z$._0-9]+", |l| Cow::Borrowed(&l.slice()[1..]))]
        #[regex(r#"\$"[^"]*""#, |l| unescape_str(&l.slice()[2..l.slice().len() - 1]))]
        Comdat(Cow<'a, str>),
        #[regex(r"[a-zA-Z_][a-zA-Z0-9_]*", |l| l.slice())]
        Ident(&'a str),
        #[regex(r"-?[0-9]+", |l| l.slice())]
        Int(&'a str),
        #[regex(r"[us]0x[0-9A-Fa-f]+", |l| l.slice())]
        HexInt(&'a str),
        #[regex(r"[-+]?[0-9]+\.[0-9]*([eE][-+]?[0-9]+)?", |l| l.slice())]
        Float(&'a str),
        #[regex(r"0x[KLMHR]?[0-9A-Fa-f]+", |l| l.slice())]
        HexFloat(&'a str),
        #[regex(r#""[^"]*""#, |l| unescape_cow(&l.slice()[1..l.slice().len() - 1]))]
        Str(Cow<'a, [u8]>),
        #[token("=")]
        Eq,
        #[token(",")]
        Comma,
        #[token("*")]
        Star,
        #[token("[")]
        LBracket,
        #[token("]")]
        RBracket,
        #[token("{")]
        LBrace,
        #[token("}")]
        RBrace,
        #[token("(")]
        LParen,
        #[token(")")]
        RParen,
        #[token("<")]
        Less,
        #[token(">")]
        Greater,
        #[token(":")]
        Colon,
        #[token("|")]
        Bar,
        #[token("...")]
        Ellipsis,
    }

    /// Debug renderings and spans of the tokens, or the error span.
    #[cfg(test)]
    pub fn lex(src: &str) -> Result<Vec<(String, std::ops::Range<usize>)>, std::ops::Range<usize>> {
        let mut out = Vec::new();
        let mut lx = Tok::lexer(src);
        while let Some(t) = lx.next() {
            match t {
                Ok(t) => out.push((format!("{t:?}"), lx.span())),
                Err(()) => return Err(lx.span()),
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// About `kib` KiB of functions, with `extra` spliced in at about the middle (so that the cut of two
    /// threads, searched from the middle of the whole text, falls inside it).
    fn big_module(kib: usize, extra: &str) -> String {
        let mut s = String::new();
        let mut k = 0;
        let mut spliced = false;
        while s.len() < kib << 10 {
            if !spliced && s.len() >= (kib << 10) / 2 - extra.len() / 4 {
                s.push_str(extra);
                spliced = true;
            }
            s.push_str(&format!(
                "define i32 @f{k}(i32 %x) {{ ; comment {k}\n  %y = add i32 %x, {k}\n  ret i32 %y\n}}\n\n"
            ));
            k += 1;
        }
        s
    }

    #[test]
    fn threads_lex_the_same_tokens() {
        // Plain text; a string holding a newline and `define` where a cut may fall; a comment with `define`;
        // an error past the middle (the threads must report the plain lexer's error).
        let plain = big_module(1200, "");
        let string = big_module(1200, &format!("@s = constant [9000 x i8] c\"{}\"\n", "\ndefine x".repeat(900)));
        let comment = big_module(1200, "; a comment\n; define\n");
        let error = big_module(1200, "define void @bad() { ret void ` }\n");
        for src in [&plain, &string, &comment, &error] {
            let one = lex_raw(src);
            for threads in [2, 3, 4, 8] {
                assert_eq!(lex_raw_threads(src, threads), one, "{threads} threads");
            }
        }
        assert!(lex_raw(&error).is_err());
    }

    fn new_lex(src: &str) -> Result<Vec<(String, std::ops::Range<usize>)>, std::ops::Range<usize>> {
        Ok(lex(src)?.into_iter().map(|(t, sp)| (format!("{t:?}"), sp)).collect())
    }

    /// Random sequences of token fragments lex as the `logos` lexer lexed them.
    #[test]
    fn matches_reference_lexer() {
        const PIECES: &[&str] = &[
            "@",
            "%",
            "!",
            "#",
            "$",
            "\"",
            ":",
            ";",
            "\n",
            " ",
            " ",
            "\t",
            "\r",
            "\x0c",
            "-",
            "+",
            ".",
            "..",
            "...",
            "0",
            "1",
            "9",
            "42",
            "x",
            "0x",
            "u0x",
            "s0x",
            "e",
            "E",
            "e+",
            "e-",
            "K",
            "H",
            "L",
            "R",
            "M",
            "a",
            "f",
            "Z",
            "_",
            "dbg_",
            "#dbg_",
            "#dbg_value",
            "\\",
            "\\0A",
            "\\\\",
            ",",
            "=",
            "*",
            "[",
            "]",
            "{",
            "}",
            "(",
            ")",
            "<",
            ">",
            "|",
            "?",
            "é",
            "4294967295",
            "4294967296",
            "99999999999",
            "^",
            "i32",
            "entry",
            "1.5",
            "-7",
            "'",
            "/",
            "~",
            "&",
            "`",
            "\"a b\"",
            "0xH3C00",
            "ü",
            "\u{1F600}",
        ];
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..200_000 {
            let len = 1 + (next() % 10) as usize;
            let mut s = String::new();
            for _ in 0..len {
                s.push_str(PIECES[(next() % PIECES.len() as u64) as usize]);
            }
            assert_eq!(new_lex(&s), reference::lex(&s), "input {s:?}");
        }
    }

    fn toks(s: &str) -> Vec<Tok<'_>> {
        lex(s).unwrap().into_iter().map(|(t, _)| t).collect()
    }

    #[test]
    fn lexes_names_numbers_labels() {
        assert_eq!(
            toks("%x = add i32 %0, -7 ; comment\nentry:"),
            vec![
                Tok::LocalName("x".into()),
                Tok::Eq,
                Tok::Ident("add"),
                Tok::Ident("i32"),
                Tok::LocalNum(0),
                Tok::Comma,
                Tok::Int("-7"),
                Tok::Label("entry".into()),
            ]
        );
        assert_eq!(
            toks("@\"a b\" !12 !dbg #3"),
            vec![Tok::GlobalName("a b".into()), Tok::MetaNum(12), Tok::MetaName("dbg"), Tok::AttrGroup(3)]
        );
        assert_eq!(
            toks("1.5e+00 0x3FF0000000000000 0xH3C00"),
            vec![Tok::Float("1.5e+00"), Tok::HexFloat("0x3FF0000000000000"), Tok::HexFloat("0xH3C00")]
        );
        assert_eq!(toks(r#"c"hi\0A\00""#), vec![Tok::Ident("c"), Tok::Str(b"hi\n\0".as_slice().into())]);
        assert_eq!(toks("line: 3"), vec![Tok::Label("line".into()), Tok::Int("3")]);
    }
}
