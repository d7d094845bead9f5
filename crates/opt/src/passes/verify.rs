//! `verify`: runs the IR verifier as a pass, so pipelines can check the IR at chosen points.
//!
//! Preserves everything; fails the pipeline with the verifier's messages when the module is broken.

use crate::registry::{Pass, PassInfo, Preserves};
use simtc_ir::verifier::verify_module;
use simtc_ir::Module;

/// Registry entry.
pub const INFO: PassInfo = PassInfo {
    name: "verify",
    description: "check IR invariants (types, SSA dominance, terminators, phis, metadata)",
    preserves: Preserves::All,
    create: || Box::new(Verify),
    function: None,
};

/// The verify pass.
pub struct Verify;

impl Pass for Verify {
    fn run(&mut self, m: &mut Module) -> Result<bool, String> {
        verify_module(m).map_err(|errs| errs.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))?;
        Ok(false)
    }
}
