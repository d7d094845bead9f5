//! The pass registry: every pass by name, with its description and what it preserves.

use simtc_ir::Module;

/// What a pass keeps valid when it changes the IR.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Preserves {
    /// Nothing: analyses must be recomputed.
    Nothing,
    /// The CFG (blocks and edges) is unchanged; instruction-level analyses must be recomputed.
    Cfg,
    /// Everything (analysis-only passes such as `verify`).
    All,
}

/// A transformation or check over a whole module.
pub trait Pass {
    /// Runs the pass; returns whether the IR changed, or a message when the pass rejects the input.
    fn run(&mut self, m: &mut Module) -> Result<bool, String>;
}

/// A registry entry.
#[derive(Copy, Clone)]
pub struct PassInfo {
    /// The name used by `--passes`, `--disable-pass` and `--print-after`.
    pub name: &'static str,
    /// One-line description.
    pub description: &'static str,
    /// What the pass preserves.
    pub preserves: Preserves,
    /// Creates a fresh instance.
    pub create: fn() -> Box<dyn Pass>,
}

impl std::fmt::Debug for PassInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PassInfo").field("name", &self.name).field("preserves", &self.preserves).finish()
    }
}

/// Every registered pass, in a stable order.
pub fn registry() -> &'static [PassInfo] {
    &[crate::passes::verify::INFO, crate::passes::dce::INFO]
}

/// Looks a pass up by name.
pub fn lookup(name: &str) -> Option<&'static PassInfo> {
    registry().iter().find(|p| p.name == name)
}
