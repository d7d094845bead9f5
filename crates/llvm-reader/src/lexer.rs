//! The LLVM IR lexer (logos).
//!
//! Keywords are not separate tokens: identifiers are compared by the parser, which keeps the token set small and
//! lets new LLVM keywords be accepted without touching the lexer. Labels (`entry:`, `5:`, `"x y":`) and metadata
//! field names (`line:`) are one token kind, as in LLVM's own lexer.

use logos::Logos;
use std::borrow::Cow;

/// A token.
#[derive(Logos, Debug, Clone, PartialEq)]
#[logos(skip r"[ \t\r\n\f]+")]
#[logos(skip r";[^\n]*")]
pub enum Tok<'a> {
    /// `@name`, `@"quoted"`.
    #[regex(r"@[-a-zA-Z$._][-a-zA-Z$._0-9]*", |l| Cow::Borrowed(&l.slice()[1..]))]
    #[regex(r#"@"[^"]*""#, |l| unescape_str(&l.slice()[2..l.slice().len() - 1]))]
    GlobalName(Cow<'a, str>),
    /// `@12`.
    #[regex(r"@[0-9]+", |l| l.slice()[1..].parse::<u32>().ok())]
    GlobalNum(u32),
    /// `%name`, `%"quoted"`.
    #[regex(r"%[-a-zA-Z$._][-a-zA-Z$._0-9]*", |l| Cow::Borrowed(&l.slice()[1..]))]
    #[regex(r#"%"[^"]*""#, |l| unescape_str(&l.slice()[2..l.slice().len() - 1]))]
    LocalName(Cow<'a, str>),
    /// `%12`.
    #[regex(r"%[0-9]+", |l| l.slice()[1..].parse::<u32>().ok())]
    LocalNum(u32),
    /// A label or field name: `entry:`, `12:`, `"a b":`, `line:`.
    #[regex(r"[-a-zA-Z$._0-9]+:", |l| Cow::Borrowed(&l.slice()[..l.slice().len() - 1]))]
    #[regex(r#""[^"]*":"#, |l| unescape_str(&l.slice()[1..l.slice().len() - 2]))]
    Label(Cow<'a, str>),
    /// `!name` (named metadata, attachment kinds, specialized node classes like `!DILocation`).
    #[regex(r"![-a-zA-Z$._][-a-zA-Z$._0-9]*", |l| &l.slice()[1..])]
    MetaName(&'a str),
    /// `!12`.
    #[regex(r"![0-9]+", |l| l.slice()[1..].parse::<u32>().ok())]
    MetaNum(u32),
    /// `!` alone (before `{` or a string).
    #[token("!")]
    Exclaim,
    /// `#12` attribute group.
    #[regex(r"#[0-9]+", |l| l.slice()[1..].parse::<u32>().ok())]
    AttrGroup(u32),
    /// `#dbg_value` and the other debug records.
    #[regex(r"#dbg_[a-z_]+", |l| &l.slice()[1..])]
    DebugRecord(&'a str),
    /// `$name` comdat.
    #[regex(r"\$[-a-zA-Z$._0-9]+", |l| Cow::Borrowed(&l.slice()[1..]))]
    #[regex(r#"\$"[^"]*""#, |l| unescape_str(&l.slice()[2..l.slice().len() - 1]))]
    Comdat(Cow<'a, str>),
    /// A keyword or identifier (`define`, `i32`, `DW_TAG_member`, `c`).
    #[regex(r"[a-zA-Z_][a-zA-Z0-9_]*", |l| l.slice())]
    Ident(&'a str),
    /// A decimal integer, as written.
    #[regex(r"-?[0-9]+", |l| l.slice())]
    Int(&'a str),
    /// `u0x..`/`s0x..` hexadecimal integer, as written.
    #[regex(r"[us]0x[0-9A-Fa-f]+", |l| l.slice())]
    HexInt(&'a str),
    /// A decimal floating-point literal, as written.
    #[regex(r"[-+]?[0-9]+\.[0-9]*([eE][-+]?[0-9]+)?", |l| l.slice())]
    Float(&'a str),
    /// A hexadecimal floating-point literal (`0x3FF0...`, `0xH3C00`, `0xK...`), as written.
    #[regex(r"0x[KLMHR]?[0-9A-Fa-f]+", |l| l.slice())]
    HexFloat(&'a str),
    /// A string literal, escapes decoded into bytes.
    #[regex(r#""[^"]*""#, |l| unescape_cow(&l.slice()[1..l.slice().len() - 1]))]
    Str(Cow<'a, [u8]>),
    /// `=`.
    #[token("=")]
    Eq,
    /// `,`.
    #[token(",")]
    Comma,
    /// `*`.
    #[token("*")]
    Star,
    /// `[`.
    #[token("[")]
    LBracket,
    /// `]`.
    #[token("]")]
    RBracket,
    /// `{`.
    #[token("{")]
    LBrace,
    /// `}`.
    #[token("}")]
    RBrace,
    /// `(`.
    #[token("(")]
    LParen,
    /// `)`.
    #[token(")")]
    RParen,
    /// `<`.
    #[token("<")]
    Less,
    /// `>`.
    #[token(">")]
    Greater,
    /// `:`.
    #[token(":")]
    Colon,
    /// `|`.
    #[token("|")]
    Bar,
    /// `...`.
    #[token("...")]
    Ellipsis,
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

/// Lexes all of `src`; the error is the span of the first character no token matches.
pub fn lex(src: &str) -> Result<Vec<Spanned<'_>>, std::ops::Range<usize>> {
    let mut out = Vec::with_capacity(src.len() / 4);
    let mut lx = Tok::lexer(src);
    while let Some(t) = lx.next() {
        match t {
            Ok(t) => out.push((t, lx.span())),
            Err(()) => return Err(lx.span()),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

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
