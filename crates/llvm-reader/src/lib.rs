//! Reads LLVM IR text into simtc's IR.
//!
//! Accepts what clang-19 `-O3` emits for CUDA device code and the LLVM 12–19 text forms common in NVPTX code:
//! typed pointers (`i32 addrspace(1)*`, read as opaque `ptr addrspace(1)`), numbered and named values, quoted
//! names, attribute groups, named and numbered metadata with specialized `DI*` nodes, instruction attachments,
//! debug records (`#dbg_value(...)`, parsed and dropped, like calls to `llvm.dbg.*`), operand bundles, inline asm,
//! atomics, vector and aggregate operations.
//!
//! Constructs that can never reach a GPU (`invoke`, `landingpad`, `callbr`, `indirectbr`, `va_arg`, EH pads,
//! personality functions, aliases, ifuncs) are rejected with an "unsupported" [`Diagnostic`]; malformed input is
//! rejected with an error pointing at `file:line:col`. The reader never panics on any input (a fuzz target checks).
//!
//! Errors are reported where llvm-as 19 reports them: syntax errors as the parse meets them (at the end of the
//! input for a truncated file), and what needs the whole file afterwards, in llvm-as' order: undefined types,
//! comdats, globals (the first name in name order, at its first use), metadata (by number). Intrinsics (`llvm.*`)
//! called without a declaration are declared from the call, as llvm-as 19 does.
//!
//! Constant expressions that LLVM 19 no longer has (`and`, `or`, `lshr`, `zext`, `icmp`, `select`, ...) are folded
//! when their operands are integer constants, and rejected as unsupported otherwise.
//!
//! The module is kept as written: kernels marked only through `nvvm.annotations` keep their calling convention;
//! [`simtc_ir::Module::is_kernel`] answers for both forms.

#![deny(missing_docs)]

pub mod diag;
pub mod lexer;
mod parser;

pub use diag::{DiagKind, Diagnostic};
pub use parser::SourceMap;

use simtc_ir::Module;

/// Parses LLVM IR text into a module (function bodies on the calling thread).
pub fn parse_module(src: &str) -> Result<Module, Diagnostic> {
    parse_module_threads(src, 1)
}

/// Parses LLVM IR text into a module, reading function bodies on up to `threads` threads (rayon's current pool
/// and the calling thread; `threads <= 1`: the calling thread only). The module is the same for any `threads`:
/// the same entities with the same ids, the same constants in the same pool order.
pub fn parse_module_threads(src: &str, threads: usize) -> Result<Module, Diagnostic> {
    parser::parse(src, false, Some(threads.max(1))).map(|(m, _)| m)
}

/// Parses LLVM IR text into a module and records where each function, block, instruction and global variable
/// is in `src` (to point diagnostics about the module, such as the verifier's, at the text). The same text
/// parses to the same globals, functions, blocks and instructions, with the same ids, as with [`parse_module`]
/// (constants and types may be numbered differently: bodies are read in place here).
pub fn parse_module_with_source_map(src: &str) -> Result<(Module, SourceMap), Diagnostic> {
    parser::parse(src, true, None).map(|(m, map)| (m, map.unwrap_or_default()))
}

/// Parses `src`; on failure renders the diagnostic against `file_name` (`file:line:col: error: ...`).
pub fn parse_module_named(src: &str, file_name: &str) -> Result<Module, String> {
    parse_module(src).map_err(|d| d.render(file_name, src))
}

/// [`parse_module_named`] reading function bodies on up to `threads` threads (see [`parse_module_threads`]).
pub fn parse_module_named_threads(src: &str, file_name: &str, threads: usize) -> Result<Module, String> {
    parse_module_threads(src, threads).map_err(|d| d.render(file_name, src))
}
