//! Legal PTX identifiers for IR globals and functions.
//!
//! PTX identifiers are `[a-zA-Z][a-zA-Z0-9_$]*` or `[_$%][a-zA-Z0-9_$]+`. LLVM's NVPTX back end
//! (`NVPTXAssignValidGlobalNames`) replaces every other character with `_$_`, so `@.str` prints as `_$_str`; seed 004
//! prints names as the symbol table holds them. simtc keeps LLVM's spelling for the common cases and makes the
//! mapping **injective**, so two distinct IR names can never print as the same PTX name (LLVM's rule maps `a.b` and
//! `a@b` to the same string):
//!
//! | IR name character | PTX |
//! |---|---|
//! | `A-Z a-z 0-9 _` | itself |
//! | `.` | `_$_` (LLVM's spelling) |
//! | `$` | `$$` |
//! | any other byte `b` (UTF-8 bytes one by one) | `_$` + two lowercase hex digits of `b` + `_` |
//!
//! A name starting with a digit gets the prefix `$_`; the name `_` alone (too short for PTX) is spelled `_$5f_`.
//! Decoding reads `$$` as `$`, `_$_` as `.`, `_$hh_` as byte `hh` and a leading `$_` as nothing, so the encoding is
//! invertible (the unit tests decode every encoded name and check round trips on random inputs). Every `$` the
//! encoder produces is therefore either doubled, inside `_$…_`, or the leading `$_` before a digit; the symbols simtc
//! invents itself are chosen outside that image:
//! - unnamed globals and functions (`@0`; the IR keeps their name empty) are `$__unnamed_N`, numbered in module order
//!   (globals first, then functions, as LLVM numbers them) — `$_` followed by `_` is never produced by [`ptx_ident`];
//! - parameters are `NAME_param_I`, return values `func_retval0`, local depots `__local_depot` (LLVM's spellings);
//!   these live in function scope and cannot clash with each other.
//!
//! Everything is a pure function of the module, so output is deterministic.

use simtc_ir::{FuncId, GlobalId, Module};
use std::fmt::Write;

/// A legal PTX identifier for the IR global or function name `name` (without `@`); see the module doc.
/// `name` must be non-empty; use [`global_symbol`]/[`func_symbol`] for symbols that may be unnamed.
pub fn ptx_ident(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 2);
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        out.push_str("$_");
    }
    if name == "_" {
        return "_$5f_".to_string();
    }
    for b in name.bytes() {
        match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_' => out.push(b as char),
            b'.' => out.push_str("_$_"),
            b'$' => out.push_str("$$"),
            _ => {
                let _ = write!(out, "_${b:02x}_");
            }
        }
    }
    out
}

/// Whether `name` needs no escaping (it prints as itself).
pub fn is_plain_ident(name: &str) -> bool {
    ptx_ident(name) == name
}

/// The PTX symbol of global variable `g`: [`ptx_ident`] of its name, or `$__unnamed_N` when it has none.
pub fn global_symbol(m: &Module, g: GlobalId) -> String {
    let name = &m.globals[g].name;
    if !name.is_empty() {
        return ptx_ident(name);
    }
    let n = m.global_ids().take_while(|&x| x != g).filter(|&x| m.globals[x].name.is_empty()).count();
    format!("$__unnamed_{n}")
}

/// The PTX symbol of function `f`: [`ptx_ident`] of its name, or `$__unnamed_N` when it has none (unnamed globals
/// are numbered first).
pub fn func_symbol(m: &Module, f: FuncId) -> String {
    let name = &m.funcs[f].name;
    if !name.is_empty() {
        return ptx_ident(name);
    }
    let globals = m.global_ids().filter(|&x| m.globals[x].name.is_empty()).count();
    let n = m.func_ids().take_while(|&x| x != f).filter(|&x| m.funcs[x].name.is_empty()).count();
    format!("$__unnamed_{}", globals + n)
}

/// The name of parameter `index` of the function whose PTX symbol is `func_sym`: `func_sym_param_index`.
pub fn param_name(func_sym: &str, index: usize) -> String {
    format!("{func_sym}_param_{index}")
}

/// The return-value parameter of every `.func`.
pub const RETVAL: &str = "func_retval0";

#[cfg(test)]
mod tests {
    use super::*;

    /// Inverts [`ptx_ident`]; `None` when `s` is not in its image.
    fn decode(s: &str) -> Option<String> {
        let b = s.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        if s == "_$5f_" {
            return Some("_".into());
        }
        if s.starts_with("$_") {
            if !b.get(2)?.is_ascii_digit() {
                return None;
            }
            i = 2;
        }
        while i < b.len() {
            match b[i] {
                b'$' if b.get(i + 1) == Some(&b'$') => {
                    out.push(b'$');
                    i += 2;
                }
                b'_' if b.get(i + 1) == Some(&b'$') && b.get(i + 2) != Some(&b'$') => {
                    if b.get(i + 2) == Some(&b'_') {
                        out.push(b'.');
                        i += 3;
                    } else {
                        let hex = std::str::from_utf8(b.get(i + 2..i + 4)?).ok()?;
                        if b.get(i + 4) != Some(&b'_') || hex.to_lowercase() != hex {
                            return None;
                        }
                        out.push(u8::from_str_radix(hex, 16).ok()?);
                        i += 5;
                    }
                }
                c if c.is_ascii_alphanumeric() || c == b'_' => {
                    out.push(c);
                    i += 1;
                }
                _ => return None,
            }
        }
        String::from_utf8(out).ok()
    }

    fn is_legal_ptx(s: &str) -> bool {
        let b = s.as_bytes();
        let rest_ok = |r: &[u8]| r.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'$');
        match b.first() {
            Some(c) if c.is_ascii_alphabetic() => rest_ok(&b[1..]),
            Some(b'_' | b'$' | b'%') => b.len() >= 2 && rest_ok(&b[1..]),
            _ => false,
        }
    }

    #[test]
    fn llvm_spellings_for_common_names() {
        assert_eq!(ptx_ident("_Z6kernelPf"), "_Z6kernelPf");
        assert_eq!(ptx_ident(".str"), "_$_str");
        assert_eq!(ptx_ident("my.dotted.name"), "my_$_dotted_$_name");
        assert_eq!(ptx_ident("0"), "$_0");
        assert_eq!(ptx_ident("a$b"), "a$$b");
        assert_eq!(ptx_ident("a b"), "a_$20_b");
        assert_eq!(ptx_ident("_"), "_$5f_");
        assert!(is_plain_ident("kernel_1"));
        assert!(!is_plain_ident("x.y"));
    }

    #[test]
    fn encoding_is_legal_and_injective() {
        let samples =
            ["a.b", "a@b", "a_$_b", "a$b", "a$$b", "$", "$_0", "0", "00", "_", "__", ".", "_$_", "é", "x-y", "9.x"];
        let mut seen = std::collections::HashMap::new();
        for s in samples {
            let e = ptx_ident(s);
            assert!(is_legal_ptx(&e), "{s:?} -> {e:?} is not a PTX identifier");
            assert_eq!(decode(&e).as_deref(), Some(s), "{s:?} -> {e:?} does not decode");
            if let Some(prev) = seen.insert(e.clone(), s) {
                panic!("{prev:?} and {s:?} both encode to {e:?}");
            }
        }
        // Pseudo-random names over an alphabet rich in the special characters.
        let alphabet: Vec<char> = "a_$.0-@é9Z".chars().collect();
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = 1 + (x % 7) as usize;
            let s: String = (0..len).map(|i| alphabet[((x >> (i * 5)) % alphabet.len() as u64) as usize]).collect();
            let e = ptx_ident(&s);
            assert!(is_legal_ptx(&e), "{s:?} -> {e:?}");
            assert_eq!(decode(&e).as_deref(), Some(s.as_str()), "{s:?} -> {e:?}");
        }
    }

    #[test]
    fn invented_names_are_outside_the_image() {
        assert_eq!(decode("$__unnamed_0"), None);
        assert!(is_legal_ptx("$__unnamed_0"));
    }

    #[test]
    fn unnamed_symbols_are_numbered() {
        let src = "@0 = addrspace(1) global i32 1\n@x = addrspace(1) global i32 2\n@1 = addrspace(1) global i32 3\n\
                   define void @2() { ret void }\n";
        let m = simtc_llvm_reader::parse_module(src).unwrap();
        let g: Vec<_> = m.global_ids().collect();
        assert_eq!(global_symbol(&m, g[0]), "$__unnamed_0");
        assert_eq!(global_symbol(&m, g[1]), "x");
        assert_eq!(global_symbol(&m, g[2]), "$__unnamed_1");
        let f = m.func_ids().next().unwrap();
        assert_eq!(func_symbol(&m, f), "$__unnamed_2");
        assert_eq!(param_name("k", 3), "k_param_3");
    }
}
