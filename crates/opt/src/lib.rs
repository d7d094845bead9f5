//! simtc's IR passes and the machinery that runs them.
//!
//! Every pass lives in its own file under [`passes`], registers itself in the [`registry`] by name, and declares
//! what it preserves. The [`PassManager`] runs a pipeline by name, verifies the IR after every pass (always in
//! tests and debug builds, on request in release builds), prints the IR after chosen passes and times them.

#![deny(missing_docs)]

pub mod manager;
pub mod passes;
pub mod registry;

pub use manager::{PassManager, PassManagerOptions, PassTiming, PipelineError};
pub use registry::{lookup, registry, Pass, PassInfo, Preserves};
