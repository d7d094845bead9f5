//! The pass registry: every pass by name, with its description and what it preserves.
//!
//! A pass is either a module pass ([`Pass`]) or a function pass ([`FunctionPass`], run once per defined function
//! through [`FunctionPassAdapter`]). Both receive a [`PassContext`]: the pipeline's [`Knobs`], the per-function
//! analysis cache ([`ModuleAnalyses`]) and a list where they can leave remarks for the user. Each pass keeps the
//! cache valid for what it changed: a function pass adapter invalidates the one function a pass changed (by the
//! pass's [`FunctionPass::preserves`]) as soon as it has changed it, a module pass the functions it changed; the
//! pass manager never drops the analyses of functions a pass left alone.

use crate::knobs::Knobs;
use simtc_analysis::cache::{FunctionAnalyses, ModuleAnalyses, Preserved};
use simtc_ir::{FuncId, Module};

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

impl Preserves {
    /// The analysis cache's view of it.
    pub fn to_preserved(self) -> Preserved {
        match self {
            Preserves::Nothing => Preserved::Nothing,
            Preserves::Cfg => Preserved::Cfg,
            Preserves::All => Preserved::All,
        }
    }
}

/// What a pass gets besides the module.
#[derive(Default)]
pub struct PassContext {
    /// Knob values.
    pub knobs: Knobs,
    /// The analysis cache, per function.
    pub analyses: ModuleAnalyses,
    /// Remarks for the user (printed to standard error by the driver): `remark: ...` lines.
    pub remarks: Vec<String>,
}

/// A transformation or check over a whole module.
pub trait Pass {
    /// Runs the pass; returns whether the IR changed, or a message when the pass rejects the input.
    fn run(&mut self, m: &mut Module) -> Result<bool, String>;
    /// Runs the pass with knobs, cached analyses and a remark sink. The default ignores them, calls
    /// [`Pass::run`] and drops every cached analysis when the IR changed. An override must itself invalidate the
    /// cache of each function it changed (the pass manager does not): that is what keeps the analyses of
    /// untouched functions alive across passes.
    fn run_in(&mut self, m: &mut Module, cx: &mut PassContext) -> Result<bool, String> {
        let changed = self.run(m)?;
        if changed {
            cx.analyses.invalidate_all(Preserved::Nothing);
        }
        Ok(changed)
    }
}

/// A pass over one function at a time.
pub trait FunctionPass {
    /// What the pass keeps valid when it changes a function.
    fn preserves(&self) -> Preserves;
    /// Runs on defined function `f`; `analyses` is `f`'s cache, valid for its current body. Returns whether `f`
    /// changed, or a message when the pass rejects it.
    fn run_on_function(
        &mut self,
        m: &mut Module,
        f: FuncId,
        analyses: &mut FunctionAnalyses,
        knobs: &Knobs,
        remarks: &mut Vec<String>,
    ) -> Result<bool, String>;
}

/// Runs a [`FunctionPass`] over every defined function of a module, in module order.
pub struct FunctionPassAdapter<P: FunctionPass>(pub P);

impl<P: FunctionPass> Pass for FunctionPassAdapter<P> {
    fn run(&mut self, m: &mut Module) -> Result<bool, String> {
        self.run_in(m, &mut PassContext::default())
    }
    fn run_in(&mut self, m: &mut Module, cx: &mut PassContext) -> Result<bool, String> {
        let ids: Vec<FuncId> = m.func_ids().filter(|&f| !m.funcs[f].is_declaration()).collect();
        let mut any = false;
        for f in ids {
            let a = cx.analyses.func(f);
            let changed = self.0.run_on_function(m, f, a, &cx.knobs, &mut cx.remarks)?;
            if changed {
                a.invalidate(self.0.preserves().to_preserved());
            }
            any |= changed;
        }
        Ok(any)
    }
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
    /// The pass as a [`FunctionPass`], for a pass that changes nothing but the function it runs on and the
    /// constants and literal types it interns (no declarations, globals, metadata or named types added, no other
    /// function's body read): such a pass can run on one function at a time against a private copy of the
    /// module's tables, on several threads ([`crate::PassManager::run_threads`]). `None` otherwise.
    pub function: Option<fn() -> Box<dyn FunctionPass>>,
}

impl std::fmt::Debug for PassInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PassInfo").field("name", &self.name).field("preserves", &self.preserves).finish()
    }
}

/// Every registered pass, in a stable order.
pub fn registry() -> &'static [PassInfo] {
    &[
        crate::passes::verify::INFO,
        crate::passes::dce::INFO,
        crate::passes::simplifycfg::INFO,
        crate::passes::nvvm_reflect::INFO,
        crate::passes::lower_mem_intrinsics::INFO,
        crate::passes::expand_reductions::INFO,
        crate::passes::lower_switch::INFO,
        crate::passes::unify_exits::INFO,
        crate::passes::structurizecfg::INFO,
        crate::passes::structured_layout::INFO,
        crate::darm::INFO,
        crate::passes::cssa::INFO,
        crate::passes::licm::INFO,
        crate::passes::lsr::INFO,
        crate::passes::gep_reassociate::INFO,
        crate::passes::load_store_vectorize::INFO,
        crate::passes::bypass_slow_division::INFO,
    ]
}

/// Looks a pass up by name.
pub fn lookup(name: &str) -> Option<&'static PassInfo> {
    registry().iter().find(|p| p.name == name)
}
