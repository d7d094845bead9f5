//! The `simtc` command line.
//!
//! Exit codes: 0 success, 1 the input was rejected (a diagnostic was printed), 2 usage error. A panic (101) is
//! always a bug.
//!
//! On Linux the process enters at `entry::main` (a C `main`) rather than through the Rust runtime's start-up,
//! which reads and parses `/proc/self/maps` and installs a stack-overflow handler on every start: 12% of a
//! `simtc compile`'s wall time, whose budget is whole-process time (see the `entry` module).

#![cfg_attr(all(target_os = "linux", not(test)), no_main)]

mod alloc;
mod bench;
mod bitcode;
mod builds;
mod check;
mod compile;
mod cuda;
#[cfg(all(target_os = "linux", not(test)))]
mod entry;
mod fuzzdiff;
mod mir_opt;
mod run;
mod spec_diag;

/// Small blocks from per-thread size classes (see the `alloc` module).
#[global_allocator]
static GLOBAL: alloc::SizeClasses = alloc::SizeClasses;

use clap::{Parser, Subcommand};
use simtc_opt::{PassManager, PassManagerOptions};
use std::io::{Read, Write};
use std::path::PathBuf;

#[derive(Parser)]
#[command(name = "simtc", version, about = "A divergence-aware GPU compiler back end: LLVM IR in, PTX out")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands. Each one's arguments are built only when it is the one invoked (`defer`): building all of
/// them cost about 0.1 ms of every start (half of the command-line parsing time, measured in-process).
#[derive(Subcommand)]
#[command(defer = true)]
enum Command {
    /// Run IR passes: read LLVM IR, run the pipeline, write LLVM IR.
    Opt(OptArgs),
    /// Print analyses of every function (or one): read and verify LLVM IR, run the analyses, print them.
    Analyze(AnalyzeArgs),
    /// Compile LLVM IR to PTX (the main job).
    Compile(compile::CompileArgs),
    /// Compile CUDA source to PTX: clang-19 makes the device LLVM IR, simtc compiles it in the same process.
    Cuda(cuda::CudaArgs),
    /// Run a kernel in the SIMT emulator from a launch spec; write outputs and divergence metrics.
    Run(run::RunArgs),
    /// Compile at -O0, -O3 and -O3 minus each optional pass, emulate all, compare outputs.
    Check(check::CheckArgs),
    /// Run MIR passes on MIR text (what `compile --emit mir` writes; its SSA listings unless `--phase` says
    /// otherwise): read, verify, run the passes, write MIR text.
    MirOpt(mir_opt::MirOptArgs),
    /// Random-program differential testing: generate kernels, compile every build, emulate, compare, reduce.
    FuzzDiff(fuzzdiff::FuzzDiffArgs),
    /// Benchmark a directory of kernels against llc-19 and nvcc: report (Markdown) and SVG charts.
    Bench(bench::BenchArgs),
}

#[derive(clap::Args)]
struct AnalyzeArgs {
    /// Input LLVM IR file, text or bitcode (`-` for standard input).
    input: PathBuf,
    /// What to print; repeatable or comma-separated, printed per function in the order given.
    #[arg(long, value_enum, value_delimiter = ',', required = true, value_name = "ANALYSIS")]
    print: Vec<Analysis>,
    /// Only this function (name without `@`).
    #[arg(long, value_name = "NAME")]
    function: Option<String>,
    /// `cfg-dot`: label the nodes with block names only, not their instructions.
    #[arg(long = "names-only")]
    names_only: bool,
    /// Output file (standard output when absent).
    #[arg(short = 'o', long)]
    output: Option<PathBuf>,
}

/// The printable analyses.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Analysis {
    /// Divergence of values and branches, in the layout of LLVM's `print<uniformity>`.
    Uniformity,
    /// The dominator tree, as LLVM's `print<domtree>`.
    Domtree,
    /// The post-dominator tree, as LLVM's `print<postdomtree>`.
    Postdomtree,
    /// Natural loops, as LLVM's `print<loops>`.
    Loops,
    /// The SESE region tree, as LLVM's `print<regions>`.
    Regions,
    /// The CFG as Graphviz DOT, divergent branches and blocks marked.
    CfgDot,
    /// Live-in and live-out values of every block.
    Liveness,
}

#[derive(clap::Args)]
struct OptArgs {
    /// Input LLVM IR file, text or bitcode (`-` for standard input).
    #[arg(required_unless_present_any = ["list_passes", "list_knobs"])]
    input: Option<PathBuf>,
    /// Comma-separated pass pipeline, e.g. `verify,dce`.
    #[arg(long, default_value = "")]
    passes: String,
    /// Output file (standard output when absent).
    #[arg(short = 'o', long)]
    output: Option<PathBuf>,
    /// Print the module after this pass (`all` for every pass); repeatable.
    #[arg(long = "print-after", value_name = "NAME")]
    print_after: Vec<String>,
    /// Skip this pass; repeatable.
    #[arg(long = "disable-pass", value_name = "NAME")]
    disable_pass: Vec<String>,
    /// Verify the module after every pass (always on in debug builds).
    #[arg(long = "verify-each")]
    verify_each: bool,
    /// Print a per-pass timing report to standard error.
    #[arg(long = "time-passes")]
    time_passes: bool,
    /// List the registered passes and exit.
    #[arg(long = "list-passes")]
    list_passes: bool,
    /// Set a knob of a pass (`NAME=VALUE`); repeatable. `--list-knobs` lists them.
    #[arg(long = "knob", value_name = "NAME=VALUE")]
    knob: Vec<String>,
    /// List every knob with its default and the seed it comes from, and exit.
    #[arg(long = "list-knobs")]
    list_knobs: bool,
    /// Write every function's CFG as Graphviz after this pass (`all` for every pass); repeatable. The files are
    /// `<output stem>.<pass>.<function>.dot` next to `-o OUT`, or standard error with no `-o`; when OUT is not a
    /// regular file (`/dev/null`, a FIFO), `<input stem>.<pass>.<function>.dot` in the current directory.
    #[arg(long = "dot-after", value_name = "NAME")]
    dot_after: Vec<String>,
    /// After the pipeline, check seed 003's structured-CFG contract; a violation is an error (exit 1). Only a
    /// pipeline with `structurizecfg` (after `lower-switch,unify-exits`) is expected to pass it.
    #[arg(long = "verify-structured")]
    verify_structured: bool,
}

/// A rejected input: the message is printed as is, exit code 1.
struct Rejected(String);

/// Why a command failed: a rejected input (exit 1), a usage error (exit 2), or sanitizer findings (exit 3).
enum Failure {
    /// Exit 1.
    Rejected(Rejected),
    /// Exit 2; the message is printed as is.
    Usage(String),
    /// Exit 3: `simtc run --sanitize` found something (the report is already printed; outputs are written).
    Findings(String),
}

impl From<Rejected> for Failure {
    fn from(r: Rejected) -> Failure {
        Failure::Rejected(r)
    }
}

/// Runs the command line and returns the process exit status (0, 1, 2, or 3 for sanitizer findings).
fn simtc_main() -> u8 {
    let cli = Cli::parse();
    let result: Result<(), Failure> = match cli.command {
        Command::Opt(a) => opt(a),
        Command::Analyze(a) => analyze(a).map_err(Failure::from),
        Command::Compile(a) => compile::compile(a),
        Command::Cuda(a) => cuda::cuda(a),
        Command::Run(a) => run::run(a),
        Command::Check(a) => check::check(a),
        Command::MirOpt(a) => mir_opt::mir_opt(a),
        Command::FuzzDiff(a) => fuzzdiff::fuzz_diff(a),
        Command::Bench(a) => bench::bench(a),
    };
    let (msg, code) = match result {
        Ok(()) => return 0,
        Err(Failure::Rejected(Rejected(msg))) => (msg, 1),
        Err(Failure::Usage(msg)) => (msg, 2),
        Err(Failure::Findings(msg)) => (msg, 3),
    };
    let mut e = std::io::stderr().lock();
    let _ = e.write_all(msg.as_bytes());
    if !msg.ends_with('\n') {
        let _ = e.write_all(b"\n");
    }
    code
}

#[cfg(not(all(target_os = "linux", not(test))))]
fn main() -> std::process::ExitCode {
    alloc::tune_system_allocator();
    std::process::ExitCode::from(simtc_main())
}

/// The input's name in diagnostics (`<stdin>` for `-`) and its bytes.
fn read_bytes(path: &PathBuf) -> Result<(String, Vec<u8>), Rejected> {
    let name = path.display().to_string();
    let mut bytes = Vec::new();
    let r = if name == "-" {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes).map(|_| ()))
    };
    r.map_err(|e| Rejected(format!("simtc: error: could not read '{name}': {e}")))?;
    Ok((if name == "-" { "<stdin>".into() } else { name }, bytes))
}

/// The input's text (UTF-8); the first invalid byte is reported at its `file:line:col`.
fn utf8_text(name: &str, bytes: Vec<u8>) -> Result<String, Rejected> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let valid = std::str::from_utf8(&e.as_bytes()[..at]).unwrap_or_default();
        let (line, col) = simtc_llvm_reader::diag::line_col(valid, at);
        Rejected(format!("{name}:{line}:{col}: error: input is not valid UTF-8 (byte offset {at})"))
    })
}

/// Reads a text input (MIR): its name in diagnostics and its text. LLVM bitcode is named as such.
fn read_input(path: &PathBuf) -> Result<(String, String), Rejected> {
    let (name, bytes) = read_bytes(path)?;
    if bitcode::is_bitcode(&bytes) {
        return Err(Rejected(format!("{name}: error: {name} is LLVM bitcode, not a text file")));
    }
    let text = utf8_text(&name, bytes)?;
    Ok((name, text))
}

fn write_output(path: &Option<PathBuf>, text: &str) -> Result<(), Rejected> {
    match path {
        Some(p) if p.as_os_str() != "-" => replace_contents(p, text)
            .map_err(|e| Rejected(format!("simtc: error: could not write '{}': {e}", p.display()))),
        _ => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|_| out.flush())
                .map_err(|e| Rejected(format!("simtc: error: could not write standard output: {e}")))
        }
    }
}

/// Makes `text` the contents of file `p` (created when missing): written over the old contents, then cut to
/// length, rather than truncated first. The result is the same file (inode, permissions, links), but on ext4
/// truncating a file that has blocks and writing it again costs some 120-200 us (the blocks are freed and the
/// replace-via-truncate heuristic flushes at close), a tenth of a small kernel's whole compile; writing over
/// the old blocks costs about 10 us. Devices and pipes (`/dev/stdout`) are written without cutting. As with
/// truncation, a process killed mid-write leaves a broken file.
fn replace_contents(p: &std::path::Path, text: &str) -> std::io::Result<()> {
    let mut f = std::fs::OpenOptions::new().write(true).create(true).truncate(false).open(p)?;
    f.write_all(text.as_bytes())?;
    if f.metadata()?.is_file() {
        f.set_len(text.len() as u64)?;
    }
    Ok(())
}

/// Reads and verifies a module, as `opt` does before running anything: LLVM IR text, or bitcode read through
/// llvm-dis (see the `bitcode` module).
fn read_module(path: &PathBuf) -> Result<(String, simtc_ir::Module), Rejected> {
    let (name, bytes) = read_bytes(path)?;
    if bitcode::is_bitcode(&bytes) {
        let src = bitcode::disassemble(&name, &bytes)?;
        let m = parse_verified(&src, &name).map_err(|Rejected(msg)| {
            let sep = if msg.ends_with('\n') { "" } else { "\n" };
            Rejected(format!("{msg}{sep}{}", bitcode::position_note(&name)))
        })?;
        return Ok((name, m));
    }
    let src = utf8_text(&name, bytes)?;
    let m = parse_verified(&src, &name)?;
    // A file is read again if a diagnostic needs it: keeping its text alive would add its size to the peak
    // memory of every compile (41 MB on a 1M-instruction module) for the rare error that points into it.
    let kept = if path.as_os_str() == "-" { InputText::Kept(src) } else { InputText::File(path.clone()) };
    let _ = INPUT_TEXT.set((name.clone(), kept));
    Ok((name, m))
}

/// An IR pipeline failure `m` on input `name`: at the function it names (`function @f`) when the input text has
/// it, else `name: error: m`.
pub(crate) fn ir_failure(name: &str, m: &str) -> String {
    let func = m.split_once("function @").map(|(_, r)| {
        let r = r.trim_start_matches('"');
        r[..r.find(|c: char| !(c.is_alphanumeric() || "._$-".contains(c))).unwrap_or(r.len())].to_string()
    });
    let e = format!("error: {m}");
    func.filter(|f| !f.is_empty()).and_then(|f| at_function(name, &f, &e)).unwrap_or_else(|| format!("{name}: {e}"))
}

/// The LLVM IR text `read_module` read (its name in diagnostics and where its text is), to point later errors,
/// code generation's, at it. Commands read one module (`check` reads the same one once per build). Bitcode input
/// leaves it unset: its disassembly is no file the user has.
static INPUT_TEXT: std::sync::OnceLock<(String, InputText)> = std::sync::OnceLock::new();

/// Where the text of the input module is, for diagnostics.
enum InputText {
    /// Standard input: the text itself (it cannot be read again).
    Kept(String),
    /// A file: read again when a diagnostic needs it.
    File(PathBuf),
}

/// Renders error `e` (its `Display` starts with `error: `) at function `func` of input `name`: at the
/// instruction the message names inside the function's body (`(at '%x = ...')`: the line defining `%x`; else a
/// call of the `@callee` it names, when the body has exactly one), else at the function's name in its
/// definition. `None` when the input text is not at hand or has no such definition.
pub(crate) fn at_function(name: &str, func: &str, e: &dyn std::fmt::Display) -> Option<String> {
    let (input, kept) = INPUT_TEXT.get()?;
    if input != name {
        return None;
    }
    let reread;
    let src = match kept {
        InputText::Kept(s) => s.as_str(),
        InputText::File(p) => {
            reread = std::fs::read_to_string(p).ok()?;
            reread.as_str()
        }
    };
    let lines: Vec<&str> = src.lines().collect();
    let (plain, quoted) = (format!("@{func}("), format!("@\"{func}\"("));
    let def = lines.iter().position(|l| l.starts_with("define") && (l.contains(&plain) || l.contains(&quoted)))?;
    let body = def + 1..(def..lines.len()).find(|&i| lines[i].starts_with('}')).unwrap_or(lines.len());
    let msg = e.to_string();
    let ident =
        |r: &str| r[..r.find(|c: char| !(c.is_alphanumeric() || "._$-".contains(c))).unwrap_or(r.len())].to_string();
    let at_inst = msg.split_once("(at '").map(|(_, r)| r);
    // `(at '%x = ...')`: the line that defines `%x`.
    let by_result = at_inst.and_then(|r| r.strip_prefix('%')).map(|r| format!("%{} = ", ident(r))).and_then(|def_of| {
        body.clone()
            .find_map(|i| lines[i].trim_start().starts_with(&def_of).then(|| (i, lines[i].find(&def_of).unwrap_or(0))))
    });
    // Else the one call of the `@callee` the message (or its instruction) names.
    let by_callee = || {
        let r = at_inst.unwrap_or(&msg);
        let callee = format!("@{}(", ident(r.split_once('@')?.1));
        if callee == plain {
            return None;
        }
        let calls: Vec<(usize, usize)> = body.clone().filter_map(|i| lines[i].find(&callee).map(|k| (i, k))).collect();
        (callee.len() > 2 && calls.len() == 1).then(|| calls[0])
    };
    let at_def = || (def, lines[def].find(&plain).or_else(|| lines[def].find(&quoted)).unwrap_or(0));
    let (line, at) = by_result.or_else(by_callee).unwrap_or_else(at_def);
    let text = lines[line];
    let col = text[..at].chars().count() + 1;
    let pad: String = text[..at].chars().map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
    Some(format!("{name}:{}:{col}: {msg}\n{text}\n{pad}^", line + 1))
}

/// Parses LLVM IR text named `name` (in diagnostics) and verifies the module.
/// How many threads read function bodies (`-j N` / `SIMTC_THREADS` of `compile`; 0: one per core).
pub(crate) static READ_THREADS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn parse_verified(src: &str, name: &str) -> Result<simtc_ir::Module, Rejected> {
    let threads = match READ_THREADS.load(std::sync::atomic::Ordering::Relaxed) {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let m = simtc_llvm_reader::parse_module_named_threads(src, name, threads).map_err(Rejected)?;
    let r = simtc_ir::verifier::verify_module_threads(&m, threads);
    if let Err(errs) = r {
        return Err(Rejected(verifier_report(src, name, &errs)));
    }
    Ok(m)
}

/// The verifier's errors about the module read from `src`, each at the `file:line:col` of the instruction,
/// block, function or global it names (found by reading `src` again with a source map: only on this error
/// path, so reading stays as fast as it is), with the source line and a caret.
fn verifier_report(src: &str, name: &str, errs: &[simtc_ir::verifier::VerifierError]) -> String {
    let map = simtc_llvm_reader::parse_module_with_source_map(src).map(|(_, map)| map).ok();
    let mut s = String::new();
    for e in errs {
        let site = &e.site;
        let span = map.as_ref().and_then(|map| {
            let f = site.func;
            f.zip(site.inst)
                .and_then(|(f, i)| map.inst(f, i))
                .or_else(|| f.zip(site.block).and_then(|(f, b)| map.block(f, b)))
                .or_else(|| f.and_then(|f| map.func(f)))
                .or_else(|| site.global.and_then(|g| map.global(g)))
        });
        match span {
            Some(sp) => s.push_str(&simtc_llvm_reader::Diagnostic::error(sp, e.to_string()).render(name, src)),
            None => s.push_str(&format!("{name}: error: input module is broken: {e}\n")),
        }
    }
    s
}

fn analyze(a: AnalyzeArgs) -> Result<(), Rejected> {
    use simtc_analysis::print;
    use simtc_analysis::{
        Cfg, CycleInfo, DominatorTree, Liveness, LoopInfo, PostDominatorTree, RegionInfo, UniformityInfo,
    };
    let (name, m) = read_module(&a.input)?;
    let funcs: Vec<simtc_ir::FuncId> = match &a.function {
        Some(f) => {
            let id = m.func_by_name(f).ok_or_else(|| Rejected(format!("{name}: error: no function named '@{f}'")))?;
            if m.funcs[id].is_declaration() {
                return Err(Rejected(format!(
                    "{name}: error: function '@{f}' is a declaration: it has no body to analyze"
                )));
            }
            vec![id]
        }
        None => m.func_ids().filter(|&f| !m.funcs[f].is_declaration()).collect(),
    };
    let mut out = String::new();
    for fid in funcs {
        let f = &m.funcs[fid];
        let names = print::SlotNames::compute(f);
        let cfg = Cfg::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let mut pdt: Option<PostDominatorTree> = None;
        let mut uni: Option<UniformityInfo> = None;
        for &what in &a.print {
            if matches!(what, Analysis::Uniformity | Analysis::CfgDot) && uni.is_none() {
                let pdt = pdt.get_or_insert_with(|| PostDominatorTree::compute(&cfg));
                let cycles = CycleInfo::compute(&cfg, &dt);
                uni = Some(UniformityInfo::compute_with(&m, fid, &cfg, &dt, pdt, &cycles));
            }
            match what {
                Analysis::Domtree => out.push_str(&print::print_domtree(f, &names, &dt)),
                Analysis::Postdomtree => {
                    let pdt = pdt.get_or_insert_with(|| PostDominatorTree::compute(&cfg));
                    out.push_str(&print::print_postdomtree(f, &names, pdt, &cfg));
                }
                Analysis::Loops => {
                    let li = LoopInfo::compute(&cfg, &dt);
                    out.push_str(&print::print_loops(f, &names, &li, &cfg));
                }
                Analysis::Regions => {
                    let pdt = pdt.get_or_insert_with(|| PostDominatorTree::compute(&cfg));
                    let ri = RegionInfo::compute(&cfg, &dt, pdt);
                    out.push_str(&print::print_regions(f, &names, &ri, &dt));
                }
                Analysis::Liveness => {
                    let live = Liveness::compute(f, &cfg);
                    out.push_str(&print::print_liveness(f, &names, &live, &cfg));
                }
                Analysis::CfgDot => {
                    let divergence = uni.as_ref().map(|u| print::DotDivergence {
                        divergent_branches: u.divergent_branches().to_vec(),
                        divergent_blocks: u.divergent_blocks(),
                    });
                    let opts = print::DotOptions { names_only: a.names_only, divergence };
                    out.push_str(&print::cfg_dot(&m, fid, &names, &cfg, &opts));
                }
                Analysis::Uniformity => {
                    if let Some(u) = &uni {
                        out.push_str(&u.to_text(&m));
                    }
                }
            }
        }
    }
    write_output(&a.output, &out)
}

/// Whether the comma-separated pipeline `passes` names pass `name`.
fn pm_runs(passes: &str, name: &str) -> bool {
    passes.split(',').any(|p| p.trim() == name)
}

/// Prints a usage error (clap's format) and exits with code 2.
fn usage_error(msg: &str) -> ! {
    use clap::CommandFactory;
    Cli::command().error(clap::error::ErrorKind::InvalidValue, msg).exit()
}

fn opt(a: OptArgs) -> Result<(), Failure> {
    if a.list_passes {
        let mut s = String::new();
        for p in simtc_opt::registry() {
            s.push_str(&format!("{:<16} {}\n", p.name, p.description));
        }
        return Ok(write_output(&None, &s)?);
    }
    let registry = simtc_opt::KnobRegistry::default();
    if a.list_knobs {
        return Ok(write_output(&None, &registry.list())?);
    }
    let knobs = match registry.parse(&a.knob) {
        Ok(k) => k,
        Err(e) => usage_error(&format!("--knob: {e}")),
    };
    let (name, mut m) = read_module(&a.input.clone().unwrap_or_default())?;
    let opts = PassManagerOptions {
        verify_each: a.verify_each || cfg!(debug_assertions),
        print_after: a.print_after,
        disabled: a.disable_pass.clone(),
        time_passes: a.time_passes,
        knobs,
        dot_after: a.dot_after,
    };
    let mut pm = match PassManager::from_pipeline(&a.passes, opts) {
        Ok(pm) => pm,
        Err(e) => return Err(Failure::Usage(format!("simtc: error: {e}"))),
    };
    let result = pm.run(&mut m);
    for r in &pm.remarks {
        eprintln!("{name}: {r}");
    }
    result.map_err(|e| Rejected(ir_failure(&name, &e.to_string())))?;
    let dots: Vec<(String, String, String)> =
        pm.dots.iter().map(|(p, f, d)| (p.to_string(), f.clone(), d.clone())).collect();
    compile::write_dots(&a.output, &name, &dots)?;
    if a.verify_structured {
        simtc_opt::verify_structured(&m).map_err(|e| {
            let ran_structurizecfg =
                pm_runs(&a.passes, "structurizecfg") && !a.disable_pass.iter().any(|d| d == "structurizecfg");
            let hint = if ran_structurizecfg {
                ""
            } else {
                "\nnote: --passes does not structurize the CFG, so --verify-structured may well fail: add \
                 `lower-switch,unify-exits,structurizecfg` to --passes"
            };
            let e = if hint.is_empty() { e.as_str() } else { e.trim_end() };
            Rejected(format!("{name}: error: {e}{hint}"))
        })?;
    }
    for (pass, text) in &pm.printed {
        eprintln!("; *** IR Dump After {pass} ***");
        eprint!("{text}");
    }
    if a.time_passes {
        eprint!("{}", pm.timing_report());
    }
    Ok(write_output(&a.output, &simtc_ir::writer::write_module(&m))?)
}
