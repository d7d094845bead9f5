//! The PTX lexer (logos).
//!
//! Opcodes are not keywords: `ld.global.v2.u32` lexes as the identifier `ld` followed by the dotted words
//! `.global`, `.v2`, `.u32`, and the parser decides from context whether a dotted word is a directive or a
//! modifier. Registers (`%r1`), labels (`$L__BB0_2`) and symbols are all [`Tok::Ident`]; special registers with a
//! component (`%tid.x`) are an identifier followed by a dotted word. Comments (`//`, `/* */`) are skipped.

use logos::Logos;

/// A PTX token.
#[derive(Logos, Debug, Clone, Copy, PartialEq)]
#[logos(skip r"[ \t\r\n\f]+")]
#[logos(skip r"//[^\n]*")]
pub enum Tok<'a> {
    /// A dotted word: a directive (`.entry`) or an opcode modifier (`.u32`, `.L2::evict_last`).
    #[regex(r"\.[A-Za-z_][A-Za-z0-9_$]*(::[A-Za-z0-9_]+)*", |l| l.slice())]
    Dot(&'a str),
    /// An identifier: opcode, register, label, symbol.
    #[regex(r"[A-Za-z][A-Za-z0-9_$]*", |l| l.slice())]
    #[regex(r"[_$%][A-Za-z0-9_$]+", |l| l.slice())]
    Ident(&'a str),
    /// `_`: the sink operand.
    #[token("_")]
    Sink,
    /// An integer literal, as written (decimal, `0x` hex, octal, binary `0b`, optional `U` suffix).
    #[regex(r"[0-9]+U?", |l| l.slice())]
    #[regex(r"0[xX][0-9A-Fa-f]+U?", |l| l.slice())]
    #[regex(r"0[bB][01]+U?", |l| l.slice())]
    Int(&'a str),
    /// `0fXXXXXXXX` single-precision bit pattern.
    #[regex(r"0[fF][0-9A-Fa-f]{8}", |l| u32::from_str_radix(&l.slice()[2..], 16).ok())]
    F32(u32),
    /// `0dXXXXXXXXXXXXXXXX` double-precision bit pattern.
    #[regex(r"0[dD][0-9A-Fa-f]{16}", |l| u64::from_str_radix(&l.slice()[2..], 16).ok())]
    F64(u64),
    /// A decimal floating-point literal (`1.5`, `2.0e-3`), as written.
    #[regex(r"[0-9]+\.[0-9]*([eE][-+]?[0-9]+)?", |l| l.slice())]
    #[regex(r"[0-9]+[eE][-+]?[0-9]+", |l| l.slice())]
    Float(&'a str),
    /// A string literal, without the quotes.
    #[regex(r#""([^"\\\n]|\\.)*""#, |l| { let s = l.slice(); &s[1..s.len() - 1] })]
    Str(&'a str),
    /// `,`
    #[token(",")]
    Comma,
    /// `;`
    #[token(";")]
    Semi,
    /// `:`
    #[token(":")]
    Colon,
    /// `{`
    #[token("{")]
    LBrace,
    /// `}`
    #[token("}")]
    RBrace,
    /// `[`
    #[token("[")]
    LBrack,
    /// `]`
    #[token("]")]
    RBrack,
    /// `(`
    #[token("(")]
    LParen,
    /// `)`
    #[token(")")]
    RParen,
    /// `<`
    #[token("<")]
    Lt,
    /// `>`
    #[token(">")]
    Gt,
    /// `+`
    #[token("+")]
    Plus,
    /// `-`
    #[token("-")]
    Minus,
    /// `!`
    #[token("!")]
    Bang,
    /// `@`
    #[token("@")]
    At,
    /// `=`
    #[token("=")]
    Eq,
    /// `|`
    #[token("|")]
    Pipe,
    /// `*`
    #[token("*")]
    Star,
    /// `~`
    #[token("~")]
    Tilde,
    /// A `/* ... */` comment (never produced: the callback skips it).
    #[token("/*", block_comment)]
    BlockComment,
}

fn block_comment<'a>(lex: &mut logos::Lexer<'a, Tok<'a>>) -> logos::FilterResult<(), ()> {
    match lex.remainder().find("*/") {
        Some(i) => {
            lex.bump(i + 2);
            logos::FilterResult::Skip
        }
        None => logos::FilterResult::Error(()),
    }
}

/// A token with its byte span.
#[derive(Debug, Clone, Copy)]
pub struct Spanned<'a> {
    /// The token.
    pub tok: Tok<'a>,
    /// Byte offset of its first character.
    pub start: usize,
    /// Byte offset one past its last character.
    pub end: usize,
}

/// Lexes `src` completely; on an unknown character, returns its byte offset.
pub fn lex(src: &str) -> Result<Vec<Spanned<'_>>, usize> {
    let mut lexer = Tok::lexer(src);
    let mut out = Vec::with_capacity(src.len() / 4);
    while let Some(t) = lexer.next() {
        let span = lexer.span();
        match t {
            Ok(tok) => out.push(Spanned { tok, start: span.start, end: span.end }),
            Err(()) => return Err(span.start),
        }
    }
    Ok(out)
}

/// Maps byte offsets to 1-based line and column numbers.
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes the line starts of `src`.
    pub fn new(src: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(src.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// The 1-based line and column of byte offset `pos`.
    pub fn line_col(&self, pos: usize) -> (u32, u32) {
        let line = self.starts.partition_point(|&s| s <= pos);
        let col = pos - self.starts[line - 1] + 1;
        (line as u32, col as u32)
    }

    /// The text of 1-based line `line` (without the newline).
    pub fn line_text<'s>(&self, src: &'s str, line: u32) -> &'s str {
        let i = line as usize - 1;
        let start = self.starts.get(i).copied().unwrap_or(src.len());
        let end = self.starts.get(i + 1).map(|&e| e - 1).unwrap_or(src.len());
        src[start..end.max(start)].trim_end_matches('\r')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok<'_>> {
        lex(s).unwrap().into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn instruction_tokens() {
        assert_eq!(
            toks("@!%p1 ld.global.v2.u32 {%r1, %r2}, [%rd1+-8]; // c"),
            vec![
                Tok::At,
                Tok::Bang,
                Tok::Ident("%p1"),
                Tok::Ident("ld"),
                Tok::Dot(".global"),
                Tok::Dot(".v2"),
                Tok::Dot(".u32"),
                Tok::LBrace,
                Tok::Ident("%r1"),
                Tok::Comma,
                Tok::Ident("%r2"),
                Tok::RBrace,
                Tok::Comma,
                Tok::LBrack,
                Tok::Ident("%rd1"),
                Tok::Plus,
                Tok::Minus,
                Tok::Int("8"),
                Tok::RBrack,
                Tok::Semi,
            ]
        );
    }

    #[test]
    fn literals() {
        assert_eq!(toks("0f3F800000 0d3FF0000000000000 0x1F 12 1.5 /* x */ $L__BB0_2:"), {
            vec![
                Tok::F32(0x3F80_0000),
                Tok::F64(0x3FF0_0000_0000_0000),
                Tok::Int("0x1F"),
                Tok::Int("12"),
                Tok::Float("1.5"),
                Tok::Ident("$L__BB0_2"),
                Tok::Colon,
            ]
        });
        assert_eq!(toks("%tid.x"), vec![Tok::Ident("%tid"), Tok::Dot(".x")]);
        assert_eq!(toks("ld.global.L2::128B"), vec![Tok::Ident("ld"), Tok::Dot(".global"), Tok::Dot(".L2::128B")]);
    }

    #[test]
    fn line_index() {
        let src = "a\nbc\n\nd";
        let li = LineIndex::new(src);
        assert_eq!(li.line_col(0), (1, 1));
        assert_eq!(li.line_col(3), (2, 2));
        assert_eq!(li.line_col(6), (4, 1));
        assert_eq!(li.line_text(src, 2), "bc");
    }
}
