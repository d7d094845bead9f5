//! simtc's IR passes and the machinery that runs them.
//!
//! Every pass lives in its own file under [`passes`], registers itself in the [`registry`] by name, and declares
//! what it preserves. The [`PassManager`] runs a pipeline by name, verifies the IR after every pass (always in
//! tests and debug builds, on request in release builds), prints the IR after chosen passes and times them.

#![deny(missing_docs)]

pub mod darm;
pub mod dot;
pub mod knobs;
pub mod manager;
mod manager_threads;
pub mod passes;
pub mod registry;

pub use knobs::{KnobDef, KnobKind, KnobRegistry, KnobValue, Knobs, IR_KNOBS};
pub use manager::{PassManager, PassManagerOptions, PassTiming, PipelineError};
pub use registry::{lookup, registry, FunctionPass, FunctionPassAdapter, Pass, PassContext, PassInfo, Preserves};

/// The IR pipeline `simtc compile -O<level>` runs before instruction selection (comma-separated pass names):
/// `-O0` none; `-O1` `dce,simplifycfg`; `-O2`/`-O3` also `lower-switch,unify-exits,structurizecfg` (seed 003's
/// position: after SimplifyCFG, before CSSA and instruction selection; ARCHITECTURE §1), then
/// `structured-layout` (reverse post-order block layout, so structured bodies fall into their Flow blocks).
pub fn default_pipeline(opt_level: u8) -> &'static str {
    match opt_level {
        0 => "",
        1 => "dce,simplifycfg",
        _ => "dce,simplifycfg,lower-switch,unify-exits,structurizecfg,structured-layout",
    }
}

/// `--verify-structured`: checks seed 003's structured-CFG contract on every function
/// ([`simtc_analysis::structured`]); the error lists one violation per line, each naming the function, the block
/// and the invariant.
pub fn verify_structured(m: &simtc_ir::Module) -> Result<(), String> {
    simtc_analysis::structured::check_module(m).map_err(|vs| {
        let mut s = String::from("the CFG is not structured:\n");
        for v in vs {
            s.push_str(&format!("  {v}\n"));
        }
        s
    })
}
