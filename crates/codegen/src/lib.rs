//! simtc's back end: LLVM-shaped SSA IR → PTX-shaped machine IR (MIR) → PTX text.
//!
//! Layout of the crate:
//! - [`driver`]: the one compile driver ([`driver::compile`]): IR pipeline, then per function instruction
//!   selection and the MIR pass pipeline, then the PTX printer. Every command uses it.
//! - [`isel`]: instruction selection, IR function → [`mir::MFunction`] in SSA form.
//! - [`mir`]: the machine IR (typed opcodes, operands, effects, phases), its verifier, its text form, and
//!   [`mir::passes`] (the MIR pass registry and manager, and the passes).
//! - [`ptx`]: the PTX printer (seed 004), a pure function of the module and the laid-out machine functions.
//! - [`abi`]: the `.param` layout of kernels and device functions (shared by the printer and isel).
//! - [`target`]: the supported `sm_XX` targets, the minimum `.version` of each and the code-generation options.
//! - [`convergence`]: the convergence-control verifier run before isel.
//! - [`ordered`]: the ordered parallel map that compiles a module's functions on several threads.
#![deny(missing_docs)]

pub mod abi;
pub mod convergence;
pub mod driver;
pub mod error;
pub mod isel;
pub mod mir;
pub mod ordered;
pub mod ptx;
pub mod target;

pub use driver::{compile, CompileError, Compiled, Pipeline};
pub use error::CodegenError;
pub use target::{Options, Target};
