//! `simtc compile`: LLVM IR → PTX (the main job).

use super::{read_module, write_output, Failure, Rejected};
use simtc_codegen::{CompileError, Compiled, Options, Pipeline, Target};
use std::path::PathBuf;

/// What `--emit` prints.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Emit {
    /// PTX text.
    Ptx,
    /// The machine IR of every function in the MIR text form: after isel (SSA) and at the end (laid out);
    /// `simtc mir-opt` reads the SSA listings back (`--phase laid-out` the others).
    Mir,
    /// The LLVM IR after the IR pipeline.
    Llvm,
    /// The CFG of every defined function after the IR pipeline, as Graphviz dot (Flow blocks and divergent
    /// branches marked).
    Dot,
}

#[derive(clap::Args)]
pub(crate) struct CompileArgs {
    /// Input LLVM IR file, text or bitcode (`-` for standard input).
    #[arg(required_unless_present_any = ["list_knobs", "list_passes"])]
    input: Option<PathBuf>,
    /// Output file (standard output when absent).
    #[arg(short = 'o', long)]
    output: Option<PathBuf>,
    #[command(flatten)]
    opts: CompileOptions,
}

// The code generation options `simtc compile` and `simtc cuda` share. (A plain comment: clap turns a doc
// comment here into the `about` of the subcommands that flatten it, which `defer` applies after theirs.)
#[derive(clap::Args)]
pub(crate) struct CompileOptions {
    /// Target GPU: sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a, sm_100, sm_120.
    #[arg(long, default_value = "sm_90")]
    pub(crate) mcpu: String,
    /// PTX ISA version to declare (raised to the target's minimum is an error if lower), e.g. 8.0.
    #[arg(long = "ptx-version", value_name = "X.Y")]
    pub(crate) ptx_version: Option<String>,
    /// Optimization level 0-3 (`-O0` ... `-O3`).
    #[arg(short = 'O', default_value_t = 3, value_parser = clap::value_parser!(u8).range(0..=3))]
    pub(crate) opt_level: u8,
    /// What to write.
    #[arg(long, value_enum, default_value = "ptx")]
    pub(crate) emit: Emit,
    /// Skip an optional pass (IR or MIR); repeatable.
    #[arg(long = "disable-pass", value_name = "NAME")]
    pub(crate) disable_pass: Vec<String>,
    /// Emit debug information (`.target ..., debug`, `.loc`).
    #[arg(short = 'g', long)]
    pub(crate) debug: bool,
    /// Print static instruction counts (`INST_<name>: <count>`) and the DARM counters (`darm.<name>: <count>`) to
    /// standard error.
    #[arg(long)]
    pub(crate) stats: bool,
    /// Print the IR (IR passes) or MIR listing (MIR passes) after this pass, to standard error (`all`: after
    /// every pass); repeatable.
    #[arg(long = "print-after", value_name = "NAME")]
    pub(crate) print_after: Vec<String>,
    /// Verify the IR after every IR pass and the MIR after every MIR pass (always on in debug builds).
    #[arg(long = "verify-each")]
    pub(crate) verify_each: bool,
    /// Print a per-pass timing report (IR passes, isel, MIR passes) to standard error.
    #[arg(long = "time-passes")]
    pub(crate) time_passes: bool,
    /// Set a knob of a pass (`NAME=VALUE`); repeatable. `--list-knobs` lists them.
    #[arg(long = "knob", value_name = "NAME=VALUE")]
    pub(crate) knob: Vec<String>,
    /// List every knob with its default and the seed it comes from, and exit.
    #[arg(long = "list-knobs")]
    pub(crate) list_knobs: bool,
    /// List every pass with its kind (ir/mir), its role in the pipeline (required, optional: `--disable-pass`
    /// accepts it, prerequisite, tool-only) and what it does, and exit.
    #[arg(long = "list-passes")]
    pub(crate) list_passes: bool,
    /// Write the CFG as Graphviz dot after this IR pass (`all`: every pass): to `OUT.<pass>.<function>.dot`
    /// with `-o OUT` (`OUT` without its extension), else to standard error; repeatable. When OUT is not a regular
    /// file (`/dev/null`, a FIFO), the files go to the current directory as `<input stem>.<pass>.<function>.dot`.
    #[arg(long = "dot-after", value_name = "NAME")]
    pub(crate) dot_after: Vec<String>,
    /// Check the structured-CFG contract (seed 003) after the IR pipeline; a violation is an error. The default
    /// pipeline does not structurize: combine with `--knob structurize=true` (at -O2/-O3).
    #[arg(long = "verify-structured")]
    pub(crate) verify_structured: bool,
    /// Read, optimize and compile functions on up to N threads (0: one per core, the default; also
    /// `SIMTC_THREADS`). The output is byte-identical for any N.
    #[arg(short = 'j', long = "threads", value_name = "N")]
    pub(crate) threads: Option<usize>,
}

/// Parses `--mcpu`/`--ptx-version` (usage errors, exit 2, when malformed).
pub(crate) fn target_options(mcpu: &str, ptx_version: Option<&str>, opt_level: u8) -> Result<Options, Failure> {
    let target = Target::parse(mcpu).ok_or_else(|| {
        Failure::Usage(format!(
            "simtc: error: unknown target '{mcpu}' (expected one of {})",
            Target::ALL.iter().map(|t| t.name()).collect::<Vec<_>>().join(", ")
        ))
    })?;
    let ptx_version = match ptx_version {
        None => None,
        Some(s) => Some(simtc_codegen::target::parse_ptx_version(s).ok_or_else(|| {
            Failure::Usage(format!("simtc: error: invalid PTX version '{s}' (expected X.Y, e.g. 8.0)"))
        })?),
    };
    let max = simtc_codegen::target::MAX_PTX_VERSION;
    if let Some(v) = ptx_version.filter(|v| *v > max) {
        return Err(Failure::Usage(format!(
            "simtc: error: PTX version {}.{} is newer than simtc and ptxas support (at most {}.{})",
            v.0, v.1, max.0, max.1
        )));
    }
    Ok(Options { target, ptx_version, opt_level, debug: false })
}

/// Turns a driver error into the CLI's outcome: usage errors exit 2, the rest exit 1 with a diagnostic.
pub(crate) fn driver_failure(name: &str, e: CompileError) -> Failure {
    match e {
        CompileError::Usage(m) => Failure::Usage(format!("simtc: error: {m}")),
        CompileError::Ir(m) => Failure::Rejected(Rejected(super::ir_failure(name, &m))),
        CompileError::Codegen(e) if e.loc.is_some() => Failure::Rejected(Rejected(e.to_string())),
        CompileError::Codegen(e) => {
            let located = e.function.as_deref().and_then(|f| super::at_function(name, f, &e));
            Failure::Rejected(Rejected(located.unwrap_or_else(|| format!("{name}: {e}"))))
        }
    }
}

pub(crate) fn compile(a: CompileArgs) -> Result<(), Failure> {
    if a.opts.list_knobs {
        return Ok(write_output(&None, &simtc_codegen::driver::knob_registry().list())?);
    }
    if a.opts.list_passes {
        return Ok(write_output(&None, &list_passes())?);
    }
    let p = pipeline(&a.opts)?;
    let (name, m) = read_module(&a.input.clone().unwrap_or_default())?;
    compile_module(&name, m, &p, &a.opts, &a.output)
}

/// `--list-passes`: one line per pass, `NAME KIND ROLE DESCRIPTION` in aligned columns.
pub(crate) fn list_passes() -> String {
    let mut s = String::new();
    for p in simtc_codegen::driver::pass_table() {
        let kind = if p.ir { "ir" } else { "mir" };
        s.push_str(&format!("{:<18} {kind:<4} {:<12} {}\n", p.name, p.role.name(), p.description));
    }
    s
}

/// Builds the driver's pipeline from the options (usage errors exit 2).
pub(crate) fn pipeline(o: &CompileOptions) -> Result<Pipeline, Failure> {
    let registry = simtc_codegen::driver::knob_registry();
    let knobs = registry.parse(&o.knob).map_err(|e| Failure::Usage(format!("simtc: error: --knob: {e}")))?;
    let mut opts = target_options(&o.mcpu, o.ptx_version.as_deref(), o.opt_level)?;
    opts.debug = o.debug;
    let mut p = Pipeline::new(opts);
    p.disabled = o.disable_pass.clone();
    p.print_after = o.print_after.clone();
    p.verify_each = o.verify_each || cfg!(debug_assertions);
    p.time_passes = o.time_passes;
    p.emit_mir = o.emit == Emit::Mir;
    // `--stats` also asks the IR passes that keep counters (DARM) for them, as `stat:` remarks summed in
    // `compile_module`.
    p.knobs = if o.stats { knobs.or_set("darm-stats", simtc_opt::KnobValue::Bool(true)) } else { knobs };
    p.dot_after = o.dot_after.clone();
    p.verify_structured = o.verify_structured;
    p.threads = threads(o.threads)?;
    p.validate().map_err(|e| driver_failure("", e))?;
    Ok(p)
}

/// The thread bound of code generation: `-j N`, else `SIMTC_THREADS`, else one per core (`None`). A bound above
/// one also sizes rayon's global pool, whose long-lived threads run the compile loops besides the calling thread
/// (once per process; a later different bound keeps the first pool, and the extra loops then wait their turn).
pub(crate) fn threads(flag: Option<usize>) -> Result<Option<usize>, Failure> {
    let n = match flag {
        Some(n) => n,
        None => match std::env::var("SIMTC_THREADS") {
            Ok(v) if !v.trim().is_empty() => v
                .trim()
                .parse::<usize>()
                .map_err(|_| Failure::Usage(format!("simtc: error: SIMTC_THREADS='{v}' is not a number of threads")))?,
            _ => 0,
        },
    };
    crate::READ_THREADS.store(n, std::sync::atomic::Ordering::Relaxed);
    if n == 0 {
        return Ok(None);
    }
    if n > 1 {
        // An error means the pool already exists (a second compile in one process); it keeps its size.
        let _ = rayon::ThreadPoolBuilder::new().num_threads(n).build_global();
    }
    Ok(Some(n))
}

/// Compiles a verified module named `name` with pipeline `p` and writes what `o.emit` asks for to `output`
/// (standard output when absent); remarks, dumps, statistics and timings go to standard error. For one-shot
/// commands only: the module and the outputs are not freed (the process ends after it).
pub(crate) fn compile_module(
    name: &str,
    mut m: simtc_ir::Module,
    p: &Pipeline,
    o: &CompileOptions,
    output: &Option<PathBuf>,
) -> Result<(), Failure> {
    let mut out = Compiled::default();
    let ir = simtc_codegen::driver::run_ir_pipeline(&mut m, p, &mut out);
    let mut ir_stats: Vec<(String, usize)> = Vec::new();
    for r in &out.remarks {
        match r.strip_prefix("stat: ").and_then(|s| s.rsplit_once(' ')) {
            Some((k, v)) if v.parse::<usize>().is_ok() => {
                let v: usize = v.parse().unwrap_or(0);
                match ir_stats.iter_mut().find(|(n, _)| n == k) {
                    Some(e) => e.1 += v,
                    None => ir_stats.push((k.to_string(), v)),
                }
            }
            _ => eprintln!("{name}: {r}"),
        }
    }
    let mut analyses = ir.map_err(|e| driver_failure(name, e))?;
    write_dots(output, name, &out.dots)?;
    match o.emit {
        Emit::Llvm => {
            eprint!("{}", out.printed);
            return Ok(write_output(output, &simtc_ir::writer::write_module(&m))?);
        }
        Emit::Dot => {
            eprint!("{}", out.printed);
            let mut text = String::new();
            for f in m.func_ids().filter(|&f| !m.funcs[f].is_declaration()) {
                let an = simtc_analysis::cache::FunctionAnalyses::new();
                text.push_str(&simtc_opt::dot::function_dot(&m, f, &an, false));
            }
            return Ok(write_output(output, &text)?);
        }
        _ => {}
    }
    let ir_part = std::mem::take(&mut out);
    // The IR pipeline's analyses stay valid for the module it left: isel reuses them instead of computing them
    // again.
    let mut out = simtc_codegen::driver::codegen_with(&m, p, &mut analyses).map_err(|e| driver_failure(name, e))?;
    out.printed.insert_str(0, &ir_part.printed);
    let mut timings = ir_part.timings;
    timings.append(&mut out.timings);
    out.timings = timings;
    if o.stats {
        let mut s = String::new();
        for (k, v) in &out.stats {
            s.push_str(&format!("INST_{k}: {v}\n"));
        }
        for (k, v) in &ir_stats {
            s.push_str(&format!("{k}: {v}\n"));
        }
        eprint!("{s}");
    }
    eprint!("{}", out.printed);
    if o.time_passes {
        eprint!("{}", out.timing_report());
    }
    let text = match o.emit {
        Emit::Ptx => &out.ptx,
        Emit::Mir => &out.mir,
        Emit::Llvm | Emit::Dot => unreachable!("handled above"),
    };
    let written = write_output(output, text);
    // `compile` and `cuda` end right after this: freeing the module and the outputs would only cost time
    // (clang's `-disable-free` for the same reason). The operating system reclaims the memory.
    std::mem::forget(out);
    std::mem::forget(m);
    Ok(written?)
}

/// `--dot-after`: each CFG to a side file `<base>.<pass>.<function>.dot`, or to standard error without `-o` (and
/// with `-o -`). The base is `-o OUT` without its extension when OUT is a regular file or does not exist yet
/// (followed through symbolic links: `-o /dev/stdout` redirected to a file puts them next to that file); when
/// OUT is anything else (`/dev/null`, a FIFO, a terminal), never next to it but in the current directory, named
/// after the input file (`<input stem>.<pass>.<function>.dot`; `stdin.` for standard input).
pub(crate) fn write_dots(
    output: &Option<PathBuf>,
    input: &str,
    dots: &[(String, String, String)],
) -> Result<(), Rejected> {
    if dots.is_empty() {
        return Ok(());
    }
    let base = match output {
        Some(o) if o.as_os_str() != "-" => Some(side_file_base(o, input)),
        _ => None,
    };
    for (pass, func, dot) in dots {
        match &base {
            Some(b) => {
                let mut path = b.clone().into_os_string();
                path.push(format!(".{pass}.{func}.dot"));
                let path = PathBuf::from(path);
                std::fs::write(&path, dot)
                    .map_err(|e| Rejected(format!("simtc: error: could not write '{}': {e}", path.display())))?;
            }
            None => {
                eprintln!("; *** CFG (dot) of @{func} after {pass} ***");
                eprint!("{dot}");
            }
        }
    }
    Ok(())
}

/// The path side files of output `out` start with (see [`write_dots`]); `input` is the input's name in
/// diagnostics (`<stdin>` for standard input).
pub(crate) fn side_file_base(out: &std::path::Path, input: &str) -> PathBuf {
    let regular = match std::fs::metadata(out) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Some(out.to_path_buf()),
        Ok(m) if m.is_file() => std::fs::canonicalize(out).ok(),
        _ => None,
    };
    match regular {
        Some(p) => p.with_extension(""),
        None => {
            let stem = if input == "<stdin>" {
                "stdin".into()
            } else {
                std::path::Path::new(input).file_stem().map_or_else(|| "out".into(), |s| s.to_os_string())
            };
            PathBuf::from(stem)
        }
    }
}
