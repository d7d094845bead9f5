//! The compile driver: the one place that turns a module into PTX. `simtc compile`, `simtc check`, `simtc run
//! --ll` and every later command call [`compile`] (or its two halves, [`run_ir_pipeline`] and [`codegen`]).
//!
//! ```text
//! IR ──IR pipeline (simtc-opt: dce at -O1+)──► isel ──► MIR passes (peephole, out-of-ssa, machine-dce,
//!        branch-fold) ──► PTX printer (pure)
//! ```
//!
//! Pass names are unique across the IR and MIR registries; [`Pipeline::validate`] rejects an unknown name in
//! `--disable-pass` or `--print-after` with a usage error listing the valid ones, and a mandatory pass in
//! `--disable-pass` likewise. Verification after every pass (`--verify-each`) covers both halves: the IR
//! verifier after each IR pass, the MIR verifier (and the SSA-destruction checker) after each MIR pass.

use crate::abi::function_abi;
use crate::error::CodegenError;
use crate::isel::Lower;
use crate::mir::passes::{self as mir_passes, MirContext, MirPassManager, MirRunOptions};
use crate::mir::{text, OpKind};
use crate::ptx::debuginfo::FileTable;
use crate::ptx::module::ModuleFrame;
use crate::ptx::refs::is_emitted;
use crate::target::Options;
use simtc_analysis::cache::{FunctionAnalyses, ModuleAnalyses};
use simtc_ir::{FuncId, Module};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// What to run and what to report.
#[derive(Clone, Debug)]
pub struct Pipeline {
    /// Target, PTX version, optimization level, debug info.
    pub opts: Options,
    /// Optional passes to skip (IR or MIR names).
    pub disabled: Vec<String>,
    /// Print the IR / MIR after these passes (`all`: after every pass).
    pub print_after: Vec<String>,
    /// Verify after every pass (IR and MIR); default on in debug builds and tests.
    pub verify_each: bool,
    /// Time every pass and instruction selection.
    pub time_passes: bool,
    /// Render MIR listings (`--emit mir`): the SSA form after isel and the final form.
    pub emit_mir: bool,
    /// Knob values (`--knob NAME=VALUE`), parsed against [`knob_registry`].
    pub knobs: simtc_opt::Knobs,
    /// Render the CFG as Graphviz dot after these IR passes (`--dot-after`, `all`).
    pub dot_after: Vec<String>,
    /// Check seed 003's structured-CFG contract after the IR pipeline (`--verify-structured`).
    pub verify_structured: bool,
    /// How many threads code generation may use (the calling thread included; `None`: one per core): `Some(1)`
    /// compiles the functions one after another on the calling thread. The output is the same either way.
    pub threads: Option<usize>,
}

impl Default for Pipeline {
    fn default() -> Self {
        Pipeline::new(Options::default())
    }
}

impl Pipeline {
    /// The default pipeline for these options.
    pub fn new(opts: Options) -> Pipeline {
        Pipeline {
            opts,
            disabled: Vec::new(),
            print_after: Vec::new(),
            verify_each: cfg!(debug_assertions),
            time_passes: false,
            emit_mir: false,
            knobs: knob_registry().parse::<&str>(&[]).expect("no knobs parse"),
            dot_after: Vec::new(),
            verify_structured: false,
            threads: None,
        }
    }

    /// How many threads the IR passes and code generation may use: `threads`, or one per core (at least 1).
    pub fn thread_count(&self) -> usize {
        self.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1)
    }

    /// The IR passes run before instruction selection at this optimization level and with these knobs
    /// (disabled ones included).
    pub fn ir_passes(&self) -> Vec<&'static str> {
        ir_pipeline(self.opts.opt_level, self.knobs.bool("structurize"), self.knobs.bool("do-cssa"))
    }

    /// Checks every pass name given by the user; an error is a usage error (exit 2).
    pub fn validate(&self) -> Result<(), CompileError> {
        for n in &self.disabled {
            if !optional_passes().contains(&n.as_str()) {
                return Err(CompileError::Usage(if STRUCTURIZE_PREREQUISITES.contains(&n.as_str()) {
                    format!(
                        "pass '{n}' is a prerequisite of structurizecfg and runs whenever it does; disable \
                         structurizecfg instead"
                    )
                } else if all_pass_names().contains(&n.as_str()) {
                    format!(
                        "pass '{n}' is mandatory and cannot be disabled (optional passes: {})",
                        optional_passes().join(", ")
                    )
                } else {
                    unknown_pass(n)
                }));
            }
        }
        for n in &self.print_after {
            if n != "all" && !all_pass_names().contains(&n.as_str()) {
                return Err(CompileError::Usage(unknown_pass(n)));
            }
        }
        for n in &self.dot_after {
            if n != "all" && simtc_opt::lookup(n).is_none() {
                return Err(CompileError::Usage(format!(
                    "unknown IR pass '{n}' in --dot-after (IR passes: {})",
                    simtc_opt::registry().iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
                )));
            }
        }
        Ok(())
    }
}

fn unknown_pass(n: &str) -> String {
    format!("unknown pass '{n}' (valid passes: {})", all_pass_names().join(", "))
}

/// The knobs of `simtc compile`: the driver's own, the IR passes' and the MIR passes'.
pub fn knob_registry() -> simtc_opt::KnobRegistry {
    simtc_opt::KnobRegistry::new(&[
        DRIVER_KNOBS,
        simtc_opt::IR_KNOBS,
        crate::isel::KNOBS,
        crate::mir::passes::KNOBS,
        crate::mir::passes::phi_elim::KNOBS,
    ])
}

/// Knobs of the driver itself.
pub const DRIVER_KNOBS: &[simtc_opt::KnobDef] = &[simtc_opt::KnobDef {
    name: "structurize",
    kind: simtc_opt::KnobKind::Bool,
    default: "false",
    seed: "seed 003",
    doc: "run lower-switch, unify-exits, structurizecfg and structured-layout in the -O2/-O3 pipeline (off by \
          default; its cost in warp instructions: doc/structurize.md)",
}];

/// The IR pipeline of an optimization level: `-O1+` `dce,simplifycfg`; `-O2+` adds `darm` (DARM melding, issue
/// 10) after simplifycfg; with the `structurize` knob, `-O2+` adds `lower-switch,unify-exits,structurizecfg,structured-layout`
/// (`simtc_opt::default_pipeline`, seed 003's position); `-O2+` then runs `licm` (hoists what DARM left invariant
/// in loops, pressure-aware by default) and `lsr` (loop strength reduction, issue
/// 16: it keeps the CFG, so the structured shape survives, and its new phis go through `cssa` like any other),
/// `gep-reassociate` (`&B[x + y]` from a dominating `&B[x]`, issue 26), `load-store-vectorize` (issue 26: adjacent aligned scalar accesses become `.v2`/`.v4`, where llc-19 runs
/// LLVM's LoadStoreVectorizer) and `bypass-slow-division` (a 32-bit path for 64-bit division by a run-time
/// divisor, as llc's CodeGenPrepare: last before instruction selection);
/// with `do-cssa`, `-O1+` ends with `cssa` (seed 000: late IR, after structurizecfg, before instruction
/// selection).
pub fn ir_pipeline(opt_level: u8, structurize: bool, cssa: bool) -> Vec<&'static str> {
    let mut full: Vec<&'static str> = REQUIRED_IR.to_vec();
    full.extend(simtc_opt::default_pipeline(opt_level).split(',').filter(|s| !s.is_empty()));
    if opt_level >= 2 {
        let at = full.iter().position(|p| *p == "simplifycfg").map_or(full.len(), |k| k + 1);
        full.insert(at, "darm");
    }
    let mut v: Vec<&'static str> = if structurize {
        full
    } else {
        full.into_iter()
            .filter(|p| !matches!(*p, "lower-switch" | "unify-exits" | "structurizecfg" | "structured-layout"))
            .collect()
    };
    if opt_level >= 2 {
        v.push("licm");
        v.push("lsr");
        v.push("gep-reassociate");
        v.push("load-store-vectorize");
        v.push("bypass-slow-division");
    }
    if cssa && opt_level >= 1 {
        v.push("cssa");
    }
    v
}

/// Every pass name `compile` knows: the IR registry, then the MIR registry (names are unique across both).
pub fn all_pass_names() -> Vec<&'static str> {
    let mut v: Vec<&'static str> = simtc_opt::registry().iter().map(|p| p.name).collect();
    v.extend(mir_passes::registry().iter().map(|p| p.name));
    v
}

/// How `simtc compile` uses a pass (for `--list-passes` and the generated pass tables of the docs).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PassRole {
    /// Always in the pipeline; `--disable-pass` refuses it.
    Required,
    /// In the pipeline (at some level or with a knob); `--disable-pass` turns it off and `simtc check` toggles it.
    Optional,
    /// Runs only as a prerequisite of another pass (`structurizecfg`'s) and cannot be disabled on its own.
    Prerequisite,
    /// Not in `compile`'s pipeline: for `simtc opt` / `simtc mir-opt` (`verify`, ...).
    ToolOnly,
}

impl PassRole {
    /// The word `--list-passes` prints.
    pub fn name(self) -> &'static str {
        match self {
            PassRole::Required => "required",
            PassRole::Optional => "optional",
            PassRole::Prerequisite => "prerequisite",
            PassRole::ToolOnly => "tool-only",
        }
    }
}

/// One row of [`pass_table`].
#[derive(Clone, Debug)]
pub struct PassEntry {
    /// The pass name.
    pub name: &'static str,
    /// An IR pass (`simtc opt`) or a MIR pass (`simtc mir-opt`).
    pub ir: bool,
    /// How `compile` uses it.
    pub role: PassRole,
    /// What it does (the registry's description).
    pub description: &'static str,
}

/// Every pass `compile` knows, IR registry first, with its role in the pipeline: the source of `simtc compile
/// --list-passes` and of the pass tables in the README (a test keeps the two equal).
pub fn pass_table() -> Vec<PassEntry> {
    let optional = optional_passes();
    let pipeline = ir_pipeline(3, true, true);
    let role = |name: &str, in_pipeline: bool, required: bool| {
        if required {
            PassRole::Required
        } else if optional.contains(&name) {
            PassRole::Optional
        } else if STRUCTURIZE_PREREQUISITES.contains(&name) {
            PassRole::Prerequisite
        } else if in_pipeline {
            PassRole::Required
        } else {
            PassRole::ToolOnly
        }
    };
    let mut v: Vec<PassEntry> = simtc_opt::registry()
        .iter()
        .map(|p| PassEntry {
            name: p.name,
            ir: true,
            role: role(p.name, pipeline.contains(&p.name), REQUIRED_IR.contains(&p.name)),
            description: p.description,
        })
        .collect();
    v.extend(mir_passes::registry().iter().map(|p| PassEntry {
        name: p.name,
        ir: false,
        role: role(p.name, true, !p.optional),
        description: p.description,
    }));
    v
}

/// IR passes every pipeline runs, `-O0` included, because the output is wrong without them: `nvvm-reflect`
/// (libdevice's `__nvvm_reflect` must not reach ptxas), `lower-mem-intrinsics` (isel only unrolls memset/memcpy/
/// memmove of small constant lengths) and `expand-reductions` (isel has no vector reductions). `expand-reductions`
/// comes first: it may declare intrinsics, so it runs on the whole module, and the function-local passes after
/// it form one run that `PassManager::run_threads` spreads over threads (the three touch disjoint calls, so
/// their order does not change what they do).
const REQUIRED_IR: &[&str] = &["expand-reductions", "nvvm-reflect", "lower-mem-intrinsics"];

/// IR passes of the pipeline that exist only as prerequisites of `structurizecfg` (it rejects a switch and
/// needs one exit); they run whenever it does and cannot be disabled on their own.
const STRUCTURIZE_PREREQUISITES: &[&str] = &["lower-switch", "unify-exits"];

/// The passes `--disable-pass` may turn off in `compile` (and `simtc check` toggles): the IR passes of the
/// `-O3` pipeline (but structurizecfg's prerequisites) and the optional MIR passes.
pub fn optional_passes() -> Vec<&'static str> {
    let mut v: Vec<&'static str> = ir_pipeline(3, true, true)
        .into_iter()
        .filter(|p| !STRUCTURIZE_PREREQUISITES.contains(p) && !REQUIRED_IR.contains(p))
        .collect();
    v.extend(mir_passes::registry().iter().filter(|p| p.optional).map(|p| p.name));
    v
}

/// Why compilation stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompileError {
    /// The request is wrong (unknown pass name, ...): a usage error, exit 2.
    Usage(String),
    /// An IR pass rejected the module or the module broke (message without `error:` prefix).
    Ir(String),
    /// Code generation rejected the module.
    Codegen(CodegenError),
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CompileError::Usage(m) => write!(f, "error: {m}"),
            CompileError::Ir(m) => write!(f, "error: {m}"),
            CompileError::Codegen(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CompileError {}

impl From<CodegenError> for CompileError {
    fn from(e: CodegenError) -> Self {
        CompileError::Codegen(e)
    }
}

/// What [`compile`] produces.
#[derive(Clone, Debug, Default)]
pub struct Compiled {
    /// The PTX module text.
    pub ptx: String,
    /// `--emit mir`: per function, the SSA form after isel and the final form.
    pub mir: String,
    /// `--print-after` output (IR modules and MIR listings), in pass order.
    pub printed: String,
    /// Static instruction counts by opcode (for `--stats`), sorted by name.
    pub stats: Vec<(String, usize)>,
    /// `--time-passes`: `(pass, time)` in pipeline order (`isel` included).
    pub timings: Vec<(String, Duration)>,
    /// Remarks of the IR passes (e.g. structurizecfg's `UnsupportedIrreducibleCFG`).
    pub remarks: Vec<String>,
    /// `--dot-after`: `(pass, function, dot text)`.
    pub dots: Vec<(String, String, String)>,
}

impl Compiled {
    /// A `--time-passes` report.
    pub fn timing_report(&self) -> String {
        let total: Duration = self.timings.iter().map(|t| t.1).sum();
        let mut s = String::from("===-------------------------------------------------------------------------===\n");
        s.push_str("                          simtc pass execution timing report\n");
        s.push_str("===-------------------------------------------------------------------------===\n");
        s.push_str(&format!("  Total Execution Time: {:.6} seconds\n\n", total.as_secs_f64()));
        s.push_str("   Wall Time     ---  Name ---\n");
        for (name, t) in &self.timings {
            let pct = if total.is_zero() { 0.0 } else { 100.0 * t.as_secs_f64() / total.as_secs_f64() };
            s.push_str(&format!("  {:.6} ({:5.1}%)   {}\n", t.as_secs_f64(), pct, name));
        }
        s
    }
}

/// Validates the pipeline, runs the IR pipeline on `m`, then code generation (which reuses the IR pipeline's
/// analysis cache).
pub fn compile(m: &mut Module, p: &Pipeline) -> Result<Compiled, CompileError> {
    p.validate()?;
    let mut out = Compiled::default();
    let mut analyses = run_ir_pipeline(m, p, &mut out)?;
    codegen_into(m, p, &mut analyses, &mut out)?;
    Ok(out)
}

/// Runs the IR half of the pipeline (what `--emit llvm` prints); IR printing and timings go to `out`. Returns
/// the analysis cache as the last pass left it, for [`codegen_with`].
pub fn run_ir_pipeline(m: &mut Module, p: &Pipeline, out: &mut Compiled) -> Result<ModuleAnalyses, CompileError> {
    let structurizes = !p.disabled.iter().any(|d| d == "structurizecfg");
    let names: Vec<&str> = p
        .ir_passes()
        .into_iter()
        .filter(|n| !p.disabled.iter().any(|d| d == n))
        .filter(|n| structurizes || !STRUCTURIZE_PREREQUISITES.contains(n))
        .collect();
    if names.is_empty() && !p.verify_each && !p.verify_structured {
        return Ok(ModuleAnalyses::new());
    }
    let is_ir = |n: &String| n == "all" || simtc_opt::lookup(n).is_some();
    let opts = simtc_opt::PassManagerOptions {
        verify_each: p.verify_each,
        print_after: p.print_after.iter().filter(|n| is_ir(n)).cloned().collect(),
        disabled: Vec::new(),
        time_passes: p.time_passes,
        knobs: p.knobs.or_set("nvvm-reflect-arch", simtc_opt::KnobValue::Int(p.opts.target.sm() as i64 * 10)),
        dot_after: p.dot_after.clone(),
    };
    // `--verify-structured` checks seed 003's contract where the structurizer's output is final: right after
    // the last structuring pass (the later `lsr` and `cssa` legitimately put code into Flow blocks), or after
    // the whole pipeline when it does not structurize.
    let split = if p.verify_structured {
        names.iter().rposition(|n| *n == "structurizecfg" || *n == "structured-layout").map_or(names.len(), |k| k + 1)
    } else {
        names.len()
    };
    let mut analyses = ModuleAnalyses::new();
    for (part, verify) in [(&names[..split], p.verify_structured), (&names[split..], false)] {
        if part.is_empty() && !verify {
            continue;
        }
        let mut pm = simtc_opt::PassManager::from_pipeline(&part.join(","), opts.clone())
            .map_err(|e| CompileError::Usage(e.to_string()))?;
        // Function-local passes run one function at a time on up to `threads` threads (the module is the same
        // for any number); `dump-before-cssa` prints the whole module from inside `cssa`, so it runs pass by pass.
        let result = if p.knobs.bool("dump-before-cssa") { pm.run(m) } else { pm.run_threads(m, p.thread_count()) };
        out.remarks.append(&mut pm.remarks);
        result.map_err(|e| CompileError::Ir(e.to_string()))?;
        out.dots.extend(pm.dots.iter().map(|(p, f, d)| (p.to_string(), f.clone(), d.clone())));
        if verify {
            simtc_opt::verify_structured(m).map_err(|e| match structurize_hint(p, &names) {
                hint if hint.is_empty() => CompileError::Ir(e),
                hint => CompileError::Ir(format!("{}{hint}", e.trim_end())),
            })?;
        }
        for (name, text) in &pm.printed {
            out.printed.push_str(&format!("; *** IR Dump After {name} ***\n{text}"));
        }
        out.timings.extend(pm.timings.iter().map(|t| (t.name.to_string(), t.time)));
        analyses = pm.take_analyses();
    }
    Ok(analyses)
}

/// Why a `--verify-structured` failure may be expected: a note when the pipeline `names` does not structurize,
/// saying what turns structurization on (empty when it does structurize).
fn structurize_hint(p: &Pipeline, names: &[&str]) -> String {
    if names.contains(&"structurizecfg") {
        return String::new();
    }
    let how = if p.disabled.iter().any(|d| d == "structurizecfg") {
        "drop `--disable-pass structurizecfg`".to_string()
    } else if p.opts.opt_level < 2 {
        format!("structurizecfg runs only at -O2/-O3 (this is -O{}) with `--knob structurize=true`", p.opts.opt_level)
    } else {
        "add `--knob structurize=true` (structurization is off by default)".to_string()
    };
    format!("\nnote: the pipeline does not structurize the CFG, so --verify-structured may well fail: {how}")
}

/// Code generation of an IR module that has been through the IR pipeline: isel and the MIR pipeline per
/// function, then the printer.
pub fn codegen(m: &Module, p: &Pipeline) -> Result<Compiled, CompileError> {
    codegen_with(m, p, &mut ModuleAnalyses::new())
}

/// [`codegen`] with the analyses already computed for `m` (from [`run_ir_pipeline`]); isel computes what is
/// missing. The caches of the emitted functions are consumed (left empty).
pub fn codegen_with(m: &Module, p: &Pipeline, analyses: &mut ModuleAnalyses) -> Result<Compiled, CompileError> {
    p.validate()?;
    let mut out = Compiled::default();
    codegen_into(m, p, analyses, &mut out)?;
    Ok(out)
}

fn codegen_into(
    m: &Module,
    p: &Pipeline,
    analyses: &mut ModuleAnalyses,
    out: &mut Compiled,
) -> Result<(), CompileError> {
    // Without --ptx-version, `.version` follows the module's `+ptxNN` target feature (as llc does), raised to the
    // target's minimum and capped at the newest version simtc emits.
    let mut module_opts = p.opts.clone();
    if module_opts.ptx_version.is_none() {
        if let Some(v) = crate::target::module_ptx_version(m) {
            let v = v.max(module_opts.target.min_ptx_version()).min(crate::target::MAX_PTX_VERSION);
            module_opts.ptx_version = Some(v);
        }
    }
    let opts = &module_opts;
    let files = FileTable::build(m);
    let frame = ModuleFrame::new(m, opts, &files)?;
    let run_opts = MirRunOptions {
        disabled: p.disabled.clone(),
        print_after: p.print_after.iter().filter(|n| *n == "all" || mir_passes::lookup(n).is_some()).cloned().collect(),
        verify_each: p.verify_each,
        time_passes: p.time_passes,
        only: None,
    };
    let cx = MirContext { opts, knobs: &p.knobs };
    let funcs: Vec<FuncId> = m.func_ids().filter(|&f| is_emitted(m, f)).collect();
    let caches = analyses.take(&funcs);
    // Functions are independent from here on: each is selected, optimized and printed on its own (in parallel
    // unless `threads` is 1), and the results are put together in module order, so the PTX, the listings and the
    // first error reported are the same for any number of threads.
    // A function's analyses are dropped as soon as it is compiled (nothing after isel reads them), which keeps
    // the peak memory of large modules down.
    let work = |(f, mut a): (FuncId, FunctionAnalyses)| {
        let r = codegen_function(m, f, p, opts, &files, &mut a, &run_opts, &cx);
        drop(a);
        (f, r)
    };
    let items: Vec<(FuncId, FunctionAnalyses)> = funcs.into_iter().zip(caches).collect();
    let mut text = frame.into_text();
    let mut by_kind = vec![0usize; OpKind::ALL.len()];
    let mut timings: Vec<(&'static str, Duration)> = Vec::new();
    let mut isel_time = Duration::ZERO;
    // Each result is appended to the module text (and freed) in module order; the first error in module order
    // stops compilation (`crate::ordered`: threads take the next function as they finish one, and only a bounded
    // window of finished bodies waits for its turn to be appended).
    let mut append = |(f, r): (FuncId, Result<FunctionOut, CompileError>)| -> Result<(), CompileError> {
        let fo = r?;
        out.mir.push_str(&fo.mir);
        out.printed.push_str(&fo.printed);
        for (k, n) in by_kind.iter_mut().zip(&fo.by_kind) {
            *k += n;
        }
        isel_time += fo.isel_time;
        for (n, t) in fo.timings {
            match timings.iter_mut().find(|(x, _)| *x == n) {
                Some(e) => e.1 += t,
                None => timings.push((n, t)),
            }
        }
        text.push(m, f, &fo.body)?;
        Ok(())
    };
    // One thread per core by default (`threads: None`); the calling thread works too. A window of four results
    // per thread lets fast threads run ahead of a slow function without holding every body in memory.
    let threads = p.thread_count();
    crate::ordered::run(items, threads, 4 * threads, work, &mut append)?;
    out.ptx = text.finish(m)?;
    out.stats = stats(&by_kind);
    if p.time_passes {
        out.timings.push(("isel".into(), isel_time));
        out.timings.extend(timings.iter().map(|(n, t)| (n.to_string(), *t)));
    }
    Ok(())
}

/// What code generation makes of one function.
struct FunctionOut {
    /// The PTX body ([`crate::ptx::body::body_text`]).
    body: String,
    /// `--emit mir` listings.
    mir: String,
    /// `--print-after` listings of the MIR passes.
    printed: String,
    /// Static instruction counts by [`OpKind`] index.
    by_kind: Vec<usize>,
    /// Time in instruction selection.
    isel_time: Duration,
    /// MIR pass times.
    timings: Vec<(&'static str, Duration)>,
}

/// Instruction selection, the MIR pipeline and the body printer for emitted function `f`; its machine function
/// is freed before returning (only its text is kept), so at most one per thread is alive at a time.
fn codegen_function(
    m: &Module,
    f: FuncId,
    p: &Pipeline,
    opts: &Options,
    files: &FileTable,
    analyses: &mut FunctionAnalyses,
    run_opts: &MirRunOptions,
    cx: &MirContext<'_>,
) -> Result<FunctionOut, CompileError> {
    let name = &m.funcs[f].name;
    let abi = function_abi(m, f).map_err(|e| e.in_function(name))?;
    crate::convergence::verify(m, f, analyses).map_err(|e| e.in_function(name))?;
    let t0 = Instant::now();
    let mut mf = Lower::run(m, f, &abi, opts, files, analyses, &p.knobs)?;
    let isel_time = t0.elapsed();
    let mut mir = String::new();
    if p.emit_mir {
        mir.push_str(&text::write_function(&mf));
    }
    let mut pm = MirPassManager::new(run_opts.clone());
    pm.run(&mut mf, cx).map_err(|e| CodegenError::new(e).in_function(name))?;
    if p.emit_mir {
        mir.push_str(&text::write_function(&mf));
    }
    let mut by_kind = vec![0usize; OpKind::ALL.len()];
    for b in &mf.order {
        for i in &mf.block(*b).insts {
            if !i.is_pseudo() && !i.is_call_frame() {
                by_kind[i.kind() as usize] += 1;
            }
        }
    }
    let body = crate::ptx::body::body_text(&mf, simtc_ir::EntityRef::index(f));
    Ok(FunctionOut { body, mir, printed: pm.printed, by_kind, isel_time, timings: pm.timings })
}

/// Static instruction counts by operation (`--stats`): every printed instruction, call-sequence framing and
/// pseudo-instructions excluded; `by_kind` is indexed by [`OpKind`].
fn stats(by_kind: &[usize]) -> Vec<(String, usize)> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for (k, n) in OpKind::ALL.iter().zip(by_kind.iter().copied()).filter(|(_, n)| *n > 0) {
        counts.insert(if *k == OpKind::InlineAsm { "inline_asm" } else { k.as_str() }, n);
    }
    counts.into_iter().map(|(k, n)| (k.to_string(), n)).collect()
}
