//! simtc's SIMT emulator: runs PTX text on the CPU with warp semantics, launch specs and divergence metrics.
//!
//! The emulator is a referee for simtc's PTX back end, so it reads any PTX that compilers emit (simtc's, llc's,
//! nvcc's) through its own parser, independent of simtc's printer.
//!
//! Pipeline: [`ptx::parser::parse`] (text → syntax tree) → [`decode::decode`] (tree → [`program::Program`]: a
//! flat instruction array with resolved registers, symbols, labels and reconvergence points) →
//! [`launch::run`] (grid → CTAs in parallel → warps of 32 lanes, [`engine`]) → [`report`] (metrics JSON,
//! per-branch profile, outputs). [`spec::LaunchSpec`] reads the TOML launch specs. [`sanitize`] (off unless
//! [`engine::EngineOptions::sanitize`] asks) checks a run for data races, barrier and warp-synchronization errors
//! and uninitialized reads.
//!
//! Invariants: a program counter indexes [`program::Program::insts`]; registers hold values zero-extended from
//! their type's width ([`lanes`]); every instruction or modifier the decoder does not understand is an error
//! naming it and its line, never a no-op; every run-time fault (out-of-bounds or misaligned access, division by
//! zero, trap, barrier deadlock, livelock) is an [`error::EmuError`] naming kernel, line, CTA and thread.
#![deny(missing_docs)]

pub mod cfg;
pub mod cvt;
pub mod decode;
mod decode_inst;
pub mod engine;
pub mod error;
pub mod exec;
pub mod floatops;
pub mod halfops;
pub mod intops;
pub mod lanes;
pub mod launch;
pub mod memory;
pub mod printf;
pub mod program;
pub mod report;
pub mod sanitize;
mod sass_cost;
pub mod spec;
pub mod special;
pub mod wmma;

/// The PTX reader: lexer, syntax tree, parser.
pub mod ptx {
    pub mod ast;
    pub mod lexer;
    pub mod parser;
}

pub use engine::{BranchStat, Counters, EngineOptions, Reconvergence, SanitizeOptions};
pub use error::{EmuError, RuntimeError};
pub use launch::{run, Arg, Buffer, Launch, RunOptions, RunResult};
pub use program::Program;
pub use spec::{ElemTy, LaunchSpec};

/// Parses and decodes PTX text; `file` names it in diagnostics (`file:line:col: error: ...`).
pub fn load_ptx(text: &str, file: &str) -> Result<Program, EmuError> {
    let m = ptx::parser::parse(text).map_err(|e| EmuError::Ptx(format!("{file}:{e}")))?;
    decode::decode(&m, text).map_err(|e| EmuError::Ptx(format!("{file}:{e}")))
}
