//! simtc's back end: LLVM-shaped SSA IR → PTX-shaped machine IR (MIR) → PTX text.
//!
//! Layout of the crate:
//! - [`target`]: the supported `sm_XX` targets and the minimum `.version` of each (ARCHITECTURE §6).
//! - [`names`]: legal PTX identifiers for IR globals and functions.
//! - [`abi`]: the `.param` layout of kernels and device functions (shared by the printer and isel).
//! - [`module`]: the module printer (seed 004): header, declarations, globals, function headers, kernel
//!   directives; it asks [`compile`]'s body emitter for the text between a function's braces.
//! - [`mir`], [`isel`], [`ssa`], [`dce`], [`emit`]: machine IR, instruction selection, SSA destruction, MIR
//!   dead-code elimination, body printing.
//!
//! Per function the pipeline is: isel (MIR in SSA form) → verify → SSA destruction → dce → verify → print.
#![deny(missing_docs)]

pub mod abi;
pub mod branch_fold;
pub mod convergence;
pub mod dce;
pub mod debuginfo;
pub mod directives;
pub mod emit;
pub mod error;
pub mod globals;
pub mod init;
pub mod isel;
pub mod mir;
pub mod module;
pub mod names;
pub mod peephole;
pub mod refs;
pub mod ssa;
pub mod target;

pub use error::CodegenError;
pub use target::{Options, Target};

use simtc_ir::{EntityRef, FuncId, Module};

/// The optional passes `--disable-pass` can turn off (IR `dce` and MIR `dce` share the name). `simtc check`
/// toggles each of them. `-O0` runs none of the MIR optimizations (`peephole`); the MIR `dce` that cleans up
/// after instruction selection always runs unless disabled by name.
pub const OPTIONAL_PASSES: &[&str] = &["dce", "peephole"];

/// What [`compile_with`] produces besides the PTX.
#[derive(Debug, Default, Clone)]
pub struct Output {
    /// The PTX module text.
    pub ptx: String,
    /// The MIR of every function (for `--emit mir`), in module order: first in SSA form as selected (with
    /// `phi`s), then after SSA destruction.
    pub mir: Vec<(String, String)>,
    /// Static instruction counts by opcode (for `--stats`), sorted by name.
    pub stats: Vec<(String, usize)>,
}

/// Compiles a module to PTX text.
pub fn compile(m: &Module, opts: &Options) -> Result<String, CodegenError> {
    Ok(compile_full(m, opts, false)?.ptx)
}

/// Compiles a module to PTX and also returns the MIR and instruction statistics.
pub fn compile_with(m: &Module, opts: &Options) -> Result<Output, CodegenError> {
    compile_full(m, opts, true)
}

/// Compiles a module; the MIR listings (`--emit mir`) are only rendered when `want_mir` is set, as printing them
/// costs about as much as selecting the instructions.
pub fn compile_full(m: &Module, opts: &Options, want_mir: bool) -> Result<Output, CodegenError> {
    let mut em = Emitter { opts, want_mir, mir: Vec::new(), stats: std::collections::BTreeMap::new() };
    let ptx = module::write_module(m, opts, &mut em)?;
    Ok(Output { ptx, mir: em.mir, stats: em.stats.into_iter().collect() })
}

struct Emitter<'o> {
    opts: &'o Options,
    want_mir: bool,
    mir: Vec<(String, String)>,
    stats: std::collections::BTreeMap<String, usize>,
}

impl module::BodyEmitter for Emitter<'_> {
    fn body(
        &mut self,
        m: &Module,
        f: FuncId,
        abi: &abi::FunctionAbi,
        files: &debuginfo::FileTable,
    ) -> Result<String, CodegenError> {
        let name = &m.funcs[f].name;
        convergence::verify(m, f)?;
        let mut mf = isel::Lower::run(m, f, abi, self.opts, files)?;
        // The MIR verifier runs in debug builds (so in every test) and, in release builds, with SIMTC_VERIFY_MIR set.
        let verify_mir = cfg!(debug_assertions) || std::env::var_os("SIMTC_VERIFY_MIR").is_some();
        let check = |mf: &mir::MFunction, destructed: bool| {
            if !verify_mir {
                return Ok(());
            }
            mir::verify(mf, destructed).map_err(|e| CodegenError::new(format!("internal: {e}")).in_function(name))
        };
        check(&mf, false)?;
        if self.opts.opt_level > 0 && !self.opts.is_disabled("peephole") {
            peephole::run(&mut mf);
        }
        let ssa_text =
            if self.want_mir { emit::mir_text_titled(&mf, &format!("mir {} (ssa)", mf.name)) } else { String::new() };
        ssa::destruct(&mut mf);
        if !self.opts.is_disabled("dce") {
            dce::run(&mut mf);
        }
        check(&mf, true)?;
        // Last: folding leaves blocks that fall through, which only the printer understands.
        branch_fold::run(&mut mf);
        for b in &mf.order {
            for i in &mf.block(*b).insts {
                if !i.is_pseudo() && !i.op.starts_with('{') && !i.op.starts_with('}') && !i.op.starts_with(".param") {
                    let base = if i.op == "inlineasm" { "inline_asm" } else { i.base() };
                    *self.stats.entry(base.to_string()).or_default() += 1;
                }
            }
        }
        let text = emit::body_text(&mf, f.index());
        if self.want_mir {
            self.mir.push((name.clone(), format!("{ssa_text}{}", emit::mir_text(&mf, f.index()))));
        }
        Ok(text)
    }
}
