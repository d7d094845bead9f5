//! The pass manager: runs a named pipeline with verification, printing and timing.

use crate::knobs::Knobs;
use crate::registry::{lookup, registry, PassContext, PassInfo};
use simtc_ir::verifier::verify_module;
use simtc_ir::writer::write_module;
use simtc_ir::Module;
use std::time::{Duration, Instant};

/// Options of a pipeline run.
#[derive(Clone, Debug)]
pub struct PassManagerOptions {
    /// Verify the module after every pass (default: on in debug builds and tests).
    pub verify_each: bool,
    /// Pass names after which to print the module (`all` prints after every pass).
    pub print_after: Vec<String>,
    /// Passes to skip.
    pub disabled: Vec<String>,
    /// Collect per-pass timings.
    pub time_passes: bool,
    /// Knob values the passes read.
    pub knobs: Knobs,
    /// Pass names after which to render every function's CFG as Graphviz (`all` for every pass).
    pub dot_after: Vec<String>,
}

// In release builds `cfg!(debug_assertions)` is `false` and clippy sees a derivable impl; the explicit impl keeps
// verification on by default in debug builds and tests.
#[allow(clippy::derivable_impls)]
impl Default for PassManagerOptions {
    fn default() -> Self {
        PassManagerOptions {
            verify_each: cfg!(debug_assertions),
            print_after: Vec::new(),
            disabled: Vec::new(),
            time_passes: false,
            knobs: Knobs::default(),
            dot_after: Vec::new(),
        }
    }
}

/// Time spent in one pass.
#[derive(Clone, Debug)]
pub struct PassTiming {
    /// Pass name.
    pub name: &'static str,
    /// Wall time.
    pub time: Duration,
    /// Whether it changed the IR.
    pub changed: bool,
}

/// Why a pipeline failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PipelineError {
    /// An unknown pass name.
    UnknownPass(String),
    /// A pass rejected its input.
    PassFailed {
        /// The pass.
        pass: String,
        /// Its message.
        message: String,
    },
    /// The module failed verification after a pass (`None`: before the first pass).
    Verify {
        /// The pass after which verification failed.
        after: Option<String>,
        /// The verifier's messages.
        errors: Vec<String>,
    },
}

impl std::fmt::Display for PipelineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PipelineError::UnknownPass(n) => {
                let names: Vec<&str> = registry().iter().map(|p| p.name).collect();
                write!(f, "unknown pass '{n}' (known passes: {})", names.join(", "))
            }
            PipelineError::PassFailed { pass, message } => {
                write!(f, "pass '{pass}' failed: {message}")
            }
            PipelineError::Verify { after, errors } => {
                match after {
                    Some(p) => writeln!(f, "module is broken after pass '{p}':")?,
                    None => writeln!(f, "input module is broken:")?,
                }
                for e in errors {
                    writeln!(f, "  {e}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for PipelineError {}

/// Runs named passes over a module.
pub struct PassManager {
    pub(crate) passes: Vec<&'static PassInfo>,
    pub(crate) opts: PassManagerOptions,
    /// Timings of the last run (when `time_passes`).
    pub timings: Vec<PassTiming>,
    /// Modules printed after passes: `(pass name, text)`.
    pub printed: Vec<(&'static str, String)>,
    /// CFGs rendered after passes (`--dot-after`): `(pass name, function name, dot text)`.
    pub dots: Vec<(&'static str, String, String)>,
    /// Remarks the passes left (`remark: ...`), in order.
    pub remarks: Vec<String>,
    pub(crate) cx: PassContext,
}

impl PassManager {
    /// A pipeline from comma-separated names (`"verify,dce"`); empty names are ignored.
    pub fn from_pipeline(pipeline: &str, opts: PassManagerOptions) -> Result<Self, PipelineError> {
        let mut passes = Vec::new();
        for name in pipeline.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            passes.push(lookup(name).ok_or_else(|| PipelineError::UnknownPass(name.to_string()))?);
        }
        for d in opts
            .disabled
            .iter()
            .chain(opts.print_after.iter().filter(|p| *p != "all"))
            .chain(opts.dot_after.iter().filter(|p| *p != "all"))
        {
            if lookup(d).is_none() {
                return Err(PipelineError::UnknownPass(d.clone()));
            }
        }
        let cx = PassContext { knobs: opts.knobs.clone(), ..PassContext::default() };
        Ok(PassManager {
            passes,
            opts,
            timings: Vec::new(),
            printed: Vec::new(),
            dots: Vec::new(),
            remarks: Vec::new(),
            cx,
        })
    }

    /// The passes that will run (disabled ones excluded).
    pub fn pass_names(&self) -> Vec<&'static str> {
        self.passes.iter().filter(|p| !self.opts.disabled.iter().any(|d| d == p.name)).map(|p| p.name).collect()
    }

    /// Runs the pipeline; returns whether any pass changed the module.
    pub fn run(&mut self, m: &mut Module) -> Result<bool, PipelineError> {
        if self.opts.verify_each {
            check(m, None)?;
        }
        let mut any = false;
        for info in self.passes.clone() {
            if self.opts.disabled.iter().any(|d| d == info.name) {
                continue;
            }
            any |= self.run_pass(m, info)?;
            if self.opts.print_after.iter().any(|p| p == "all" || p == info.name) {
                self.printed.push((info.name, write_module(m)));
            }
            if self.opts.dot_after.iter().any(|p| p == "all" || p == info.name) {
                for f in m.func_ids().filter(|&f| !m.funcs[f].is_declaration()).collect::<Vec<_>>() {
                    let dot = crate::dot::function_dot(m, f, self.cx.analyses.func(f), false);
                    self.dots.push((info.name, m.funcs[f].name.clone(), dot));
                }
            }
        }
        Ok(any)
    }

    /// Runs one pass over the module (timed, verified after when asked); returns whether it changed anything.
    pub(crate) fn run_pass(&mut self, m: &mut Module, info: &'static PassInfo) -> Result<bool, PipelineError> {
        let mut pass = (info.create)();
        let start = Instant::now();
        let result = pass.run_in(m, &mut self.cx);
        self.remarks.append(&mut self.cx.remarks);
        let changed = result.map_err(|message| PipelineError::PassFailed { pass: info.name.to_string(), message })?;
        let time = start.elapsed();
        // No wholesale invalidation here: every pass keeps the cache valid for what it changed (function
        // passes per changed function, module passes as they document; `Pass::run_in`'s default drops all),
        // so the analyses of functions a pass left alone survive to the next pass and to isel.
        if self.opts.time_passes {
            self.timings.push(PassTiming { name: info.name, time, changed });
        }
        if self.opts.verify_each {
            check(m, Some(info.name))?;
        }
        Ok(changed)
    }

    /// The analysis cache after the run, valid for the module as the last pass left it (the compile driver
    /// hands it to instruction selection so nothing is computed twice).
    pub fn take_analyses(&mut self) -> simtc_analysis::cache::ModuleAnalyses {
        std::mem::take(&mut self.cx.analyses)
    }

    /// A `--time-passes` report.
    pub fn timing_report(&self) -> String {
        let total: Duration = self.timings.iter().map(|t| t.time).sum();
        let mut s = String::from("===-------------------------------------------------------------------------===\n");
        s.push_str("                          simtc pass execution timing report\n");
        s.push_str("===-------------------------------------------------------------------------===\n");
        s.push_str(&format!("  Total Execution Time: {:.6} seconds\n\n", total.as_secs_f64()));
        s.push_str("   Wall Time     ---  Changed  ---  Name ---\n");
        for t in &self.timings {
            let pct = if total.is_zero() { 0.0 } else { 100.0 * t.time.as_secs_f64() / total.as_secs_f64() };
            s.push_str(&format!(
                "  {:.6} ({:5.1}%)  {:>7}   {}\n",
                t.time.as_secs_f64(),
                pct,
                if t.changed { "yes" } else { "no" },
                t.name
            ));
        }
        s
    }
}

pub(crate) fn check(m: &Module, after: Option<&str>) -> Result<(), PipelineError> {
    verify_module(m).map_err(|errs| PipelineError::Verify {
        after: after.map(str::to_string),
        errors: errs.iter().map(|e| e.to_string()).collect(),
    })
}
