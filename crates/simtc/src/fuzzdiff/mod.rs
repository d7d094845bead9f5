//! `simtc fuzz-diff`: random-program differential testing.
//!
//! For each of `--count` programs from the generator ([`gen`]; program `i` of `--seed S` is a pure function of
//! `(S, i)`), every build of the differential list ([`crate::builds`]: `-O0`, `-O3`, the structurized `-O3`, and
//! that minus each optional driver pass) is compiled in-process, each distinct PTX text is validated with ptxas
//! (when one is found) and run in the emulator on the program's launch spec, and each build's `out` buffer is
//! compared with `-O0`'s bit for bit. A failure (outputs differ, a compile error, a panic, ptxas or the
//! emulator rejecting a build) is reduced ([`reduce`]) with the same build and failure kind kept, and written to
//! the failure directory with the command that shows it. The summary `N programs, M mismatches` ends the run;
//! the exit status is 1 when M > 0.
//!
//! **An independent reference.** Every simtc build is compared with simtc's own `-O0`, so a fault shared by all
//! builds (instruction selection, the PTX printer) would be invisible. When llc-19 is found (the way `simtc
//! bench` finds its tools: `$SIMTC_LLC`, `$SIMTC_LLVM_BIN/llc`, `/usr/lib/llvm-19/bin/llc`, `llc-19`/`llc` on
//! `PATH`), each program is also compiled by `llc -O3 -march=nvptx64 -mcpu=<mcpu>` and its PTX runs in the
//! emulator as the build `llc-19`, compared with `-O0` like the others: when only it differs, the fault is shared
//! by every simtc build (or is llc's). Under `CI=true` a missing llc or ptxas is an error (`--no-llc`,
//! `--no-ptxas` say so explicitly). ptxas is found the same way (`$SIMTC_PTXAS`, the checkout's `tools/` under
//! the current directory or above the executable, `PATH`).
//!
//! **Coverage.** The run ends with the share of programs whose PTX each optional pass changed (its build without
//! it differs from the full pipeline's) and, for the passes gated by a knob (`backcopyprop`), whose PTX the
//! knob's own build changed; `cssa`, `machine-dce`, `remat` and `early-sink` also count where their exposure builds
//! ([`crate::builds::exposures`]) differ.

pub(crate) mod gen;
pub(crate) mod reduce;
pub(crate) mod vectorize;

use super::builds::{differential_builds, Build, FULL};
use super::{Failure, Rejected};
use simtc_codegen::Pipeline;
use simtc_emu::{LaunchSpec, RunOptions};
use std::collections::HashMap;
use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

#[derive(clap::Args)]
pub(crate) struct FuzzDiffArgs {
    /// Number of programs.
    #[arg(long, default_value_t = 100)]
    count: u64,
    /// Seed of the run; program `i` is a function of (seed, i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Index of the first program (with `--count 1`, reproduces one program of a run).
    #[arg(long, default_value_t = 0)]
    start: u64,
    /// Keep every generated program (`.ll` and `.toml`) in DIR; reduced failures go there too.
    #[arg(long, value_name = "DIR")]
    keep: Option<PathBuf>,
    /// Where failures are written when `--keep` is not given.
    #[arg(long, value_name = "DIR", default_value = "fuzz-diff-failures")]
    failures: PathBuf,
    /// Programs tested in parallel (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Target GPU.
    #[arg(long, default_value = "sm_90")]
    mcpu: String,
    /// ptxas to validate with (default: `$SIMTC_PTXAS`, the checkout's `tools/`, then `PATH`, as `simtc bench`).
    #[arg(long)]
    ptxas: Option<PathBuf>,
    /// llc-19 for the independent reference build (default: found as `simtc bench` finds it).
    #[arg(long)]
    llc: Option<PathBuf>,
    /// Do not compare with llc-19's PTX.
    #[arg(long = "no-llc")]
    no_llc: bool,
    /// Do not run ptxas.
    #[arg(long = "no-ptxas")]
    no_ptxas: bool,
    /// Do not reduce failures.
    #[arg(long = "no-reduce")]
    no_reduce: bool,
    /// Predicate evaluations one reduction may spend.
    #[arg(long, default_value_t = 3000)]
    reduce_tests: usize,
}

/// Why a build failed, against the `-O0` reference.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Kind {
    /// Output buffers differ from `-O0`'s.
    Mismatch,
    /// The compiler returned an error.
    CompileError,
    /// The compiler or the emulator panicked.
    Panic,
    /// ptxas rejected the PTX.
    Ptxas,
    /// The emulator rejected or failed to run the PTX.
    Emulator,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Mismatch => "outputs differ from -O0",
            Kind::CompileError => "compile error",
            Kind::Panic => "panic",
            Kind::Ptxas => "ptxas rejects the PTX",
            Kind::Emulator => "emulator failure",
        })
    }
}

/// One failure of one build.
#[derive(Clone, Debug)]
struct Fail {
    label: String,
    kind: Kind,
    detail: String,
}

fn panic_msg(e: Box<dyn std::any::Any + Send>) -> String {
    e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default()
}

/// The shared, read-only state of a run.
struct Ctx {
    mcpu: String,
    ptxas: Option<PathBuf>,
    llc: Option<PathBuf>,
    builds: Vec<Build>,
    tmp: PathBuf,
    tmp_n: AtomicU64,
}

impl Ctx {
    fn compile(&self, ll: &str, b: &Build) -> Result<String, (Kind, String)> {
        let opts = super::compile::target_options(&self.mcpu, None, b.opt_level)
            .map_err(|_| (Kind::CompileError, "bad target".to_string()))?;
        let mut p = Pipeline::new(opts);
        // Verify after every pass: the IR verifier, the MIR verifier and the SSA-destruction checker turn a
        // miscompile into an error that names the pass (a wrong -O0 reference is then caught too).
        p.verify_each = true;
        p.disabled = b.disabled.clone();
        p.knobs = simtc_codegen::driver::knob_registry()
            .parse(&b.knobs)
            .map_err(|e| (Kind::CompileError, format!("--knob: {e}")))?;
        let r = catch_unwind(AssertUnwindSafe(|| -> Result<String, String> {
            let mut m = simtc_llvm_reader::parse_module_named(ll, "fuzz.ll")?;
            if let Err(errs) = simtc_ir::verifier::verify_module(&m) {
                return Err(format!(
                    "input module is broken: {}",
                    errs.first().map(|e| e.to_string()).unwrap_or_default()
                ));
            }
            simtc_codegen::compile(&mut m, &p).map(|c| c.ptx).map_err(|e| e.to_string())
        }));
        match r {
            Ok(Ok(ptx)) => Ok(ptx),
            Ok(Err(e)) => Err((Kind::CompileError, e)),
            Err(e) => Err((Kind::Panic, format!("compiler panicked: {}", panic_msg(e)))),
        }
    }

    fn ptxas_check(&self, ptx: &str) -> Result<(), String> {
        let Some(ptxas) = &self.ptxas else { return Ok(()) };
        let n = self.tmp_n.fetch_add(1, Ordering::Relaxed);
        let file = self.tmp.join(format!("{n}.ptx"));
        std::fs::write(&file, ptx).map_err(|e| format!("{}: {e}", file.display()))?;
        let out = std::process::Command::new(ptxas)
            .args(["-arch", &self.mcpu, "-o", "/dev/null"])
            .arg(&file)
            .output()
            .map_err(|e| format!("running {}: {e}", ptxas.display()))?;
        let _ = std::fs::remove_file(&file);
        if out.status.success() {
            Ok(())
        } else {
            Err(String::from_utf8_lossy(&out.stderr).into_owned())
        }
    }

    /// llc-19's PTX of `ll`, or `None` when llc rejects the program (then there is no reference to compare).
    fn llc_ptx(&self, ll: &str) -> Option<String> {
        let llc = self.llc.as_ref()?;
        let n = self.tmp_n.fetch_add(1, Ordering::Relaxed);
        let (src, out) = (self.tmp.join(format!("{n}.ll")), self.tmp.join(format!("{n}.llc.ptx")));
        std::fs::write(&src, ll).ok()?;
        let st = std::process::Command::new(llc)
            .args(["-O3", "-march=nvptx64"])
            .arg(format!("-mcpu={}", self.mcpu))
            .arg(&src)
            .arg("-o")
            .arg(&out)
            .stderr(std::process::Stdio::null())
            .status();
        let ptx = st.ok().filter(|s| s.success()).and_then(|_| std::fs::read_to_string(&out).ok());
        let _ = std::fs::remove_file(&src);
        let _ = std::fs::remove_file(&out);
        ptx
    }

    fn emulate(&self, ptx: &str, launch: &simtc_emu::Launch, out_idx: usize) -> Result<Vec<u8>, (Kind, String)> {
        let mut opts = RunOptions { jobs: Some(1), ..RunOptions::default() };
        opts.engine.max_warp_instructions = 20_000_000;
        let r = catch_unwind(AssertUnwindSafe(|| -> Result<Vec<u8>, String> {
            let prog = simtc_emu::load_ptx(ptx, "fuzz.ptx").map_err(|e| e.to_string())?;
            let mut r = simtc_emu::run(&prog, launch, &opts).map_err(|e| e.to_string())?;
            Ok(std::mem::take(&mut r.buffers[out_idx]))
        }));
        match r {
            Ok(Ok(b)) => Ok(b),
            Ok(Err(e)) => Err((Kind::Emulator, e)),
            Err(e) => Err((Kind::Panic, format!("emulator panicked: {}", panic_msg(e)))),
        }
    }

    /// Runs the chosen builds (indices into `self.builds`; the first must be `-O0`), then, with `llc`, llc-19's
    /// PTX as the build [`LLC`]; returns the failures and the PTX of each simtc build that compiled.
    fn evaluate(
        &self,
        ll: &str,
        spec: &str,
        which: &[usize],
        ptxas: bool,
        llc: bool,
    ) -> (Vec<Fail>, Vec<Option<String>>) {
        let mut fails = vec![];
        let launch = match LaunchSpec::parse(spec, Path::new("."))
            .map_err(|e| e.to_string())
            .and_then(|s| s.materialize().map_err(|e| e.to_string()))
        {
            Ok(l) => l,
            Err(e) => {
                fails.push(Fail { label: "-O0".into(), kind: Kind::Emulator, detail: format!("launch spec: {e}") });
                return (fails, vec![]);
            }
        };
        let out_idx = launch.buffers.iter().position(|b| b.name == "out").unwrap_or(0);
        let mut ptxs = vec![];
        // PTX text -> emulation result: identical builds are validated and run once.
        let mut seen: HashMap<String, Result<Vec<u8>, (Kind, String)>> = HashMap::new();
        let mut reference: Option<Vec<u8>> = None;
        for &bi in which {
            let b = &self.builds[bi];
            let ptx = match self.compile(ll, b) {
                Ok(p) => p,
                // Disabling a pass another one requires (`structurizecfg` needs `lower-switch` and `unify-exits`)
                // is refused with a diagnostic by design: that build does not exist for this program.
                Err((Kind::CompileError, detail)) if b.without.is_some() && is_prerequisite_error(&detail) => {
                    ptxs.push(None);
                    continue;
                }
                Err((kind, detail)) => {
                    fails.push(Fail { label: b.label.clone(), kind, detail });
                    ptxs.push(None);
                    continue;
                }
            };
            let res = seen
                .entry(ptx.clone())
                .or_insert_with(|| {
                    if ptxas {
                        self.ptxas_check(&ptx).map_err(|e| (Kind::Ptxas, e))?;
                    }
                    self.emulate(&ptx, &launch, out_idx)
                })
                .clone();
            ptxs.push(Some(ptx));
            match res {
                Err((kind, detail)) => fails.push(Fail { label: b.label.clone(), kind, detail }),
                Ok(buf) => match &reference {
                    None if bi == 0 => reference = Some(buf),
                    None => {}
                    Some(r) => {
                        if let Some(d) = simtc_emu::report::compare_buffer(r, &buf, simtc_emu::spec::ElemTy::I32, 0.0) {
                            fails.push(Fail {
                                label: b.label.clone(),
                                kind: Kind::Mismatch,
                                detail: format!("buffer 'out': {d}"),
                            });
                        }
                    }
                },
            }
        }
        if let (true, Some(r), Some(ptx)) = (llc, &reference, llc.then(|| self.llc_ptx(ll)).flatten()) {
            match self.emulate(&ptx, &launch, out_idx) {
                Err((kind, detail)) => fails.push(Fail { label: LLC.into(), kind, detail }),
                Ok(buf) => {
                    if let Some(d) = simtc_emu::report::compare_buffer(r, &buf, simtc_emu::spec::ElemTy::I32, 0.0) {
                        fails.push(Fail {
                            label: LLC.into(),
                            kind: Kind::Mismatch,
                            detail: format!("buffer 'out': {d}"),
                        });
                    }
                }
            }
        }
        (fails, ptxs)
    }
}

/// The label of llc-19's reference build.
const LLC: &str = "llc-19";

/// A pass refusing to run because a pass it requires was disabled ("... run lower-switch first").
fn is_prerequisite_error(detail: &str) -> bool {
    detail.contains("; run ") && detail.trim_end().ends_with(" first")
}

/// The result of one program.
struct Outcome {
    features: gen::Features,
    /// Optional passes whose removal changed the PTX of the full pipeline.
    changed: Vec<&'static str>,
    /// Optional passes that could not be disabled because another pass requires them.
    required: Vec<&'static str>,
    failure: Option<String>,
}

/// ptxas and llc-19, as `simtc bench` finds them (or as given); under `CI` a tool that is wanted and missing is
/// an error.
fn find_tools(a: &FuzzDiffArgs) -> Result<(Option<PathBuf>, Option<PathBuf>), Failure> {
    let found = crate::bench::tools::Tools::find(&a.mcpu);
    let ptxas = if a.no_ptxas { None } else { a.ptxas.clone().or(found.ptxas) };
    let llc = if a.no_llc { None } else { a.llc.clone().or(found.llc) };
    if std::env::var_os("CI").is_some() {
        for (tool, got, flag) in [("ptxas", &ptxas, a.no_ptxas), ("llc-19", &llc, a.no_llc)] {
            if got.is_none() && !flag {
                return Err(Rejected(format!(
                    "simtc fuzz-diff: error: {tool} is required under CI but was not found (run \
                     scripts/install-tools.sh)\n"
                ))
                .into());
            }
        }
    }
    Ok((ptxas, llc))
}

/// The seed of program `i` of a run.
fn program_seed(seed: u64, i: u64) -> u64 {
    gen::Rng::new(seed ^ i.wrapping_mul(0xA076_1D64_78BD_642F)).next()
}

fn test_program(ctx: &Ctx, a: &FuzzDiffArgs, i: u64, out_dir: &Path) -> Outcome {
    let pseed = program_seed(a.seed, i);
    let prog = gen::generate(pseed);
    if let Some(k) = &a.keep {
        let _ = std::fs::write(k.join(format!("p{i}.ll")), &prog.ll);
        let _ = std::fs::write(k.join(format!("p{i}.toml")), &prog.spec);
    }
    let all: Vec<usize> = (0..ctx.builds.len()).collect();
    let (fails, ptxs) = ctx.evaluate(&prog.ll, &prog.spec, &all, ctx.ptxas.is_some(), ctx.llc.is_some());
    let full = ctx.builds.iter().position(|b| b.label == FULL);
    let mut changed = vec![];
    let required = ctx
        .builds
        .iter()
        .enumerate()
        .filter(|(bi, b)| matches!(ptxs.get(*bi), Some(None)) && !fails.iter().any(|f| f.label == b.label))
        .filter_map(|(_, b)| b.without)
        .collect();
    if let Some(f) = full {
        if let Some(Some(fp)) = ptxs.get(f) {
            for (bi, b) in ctx.builds.iter().enumerate() {
                // A pass disabled: compared with the full pipeline; a gated pass switched on by its knob
                // (`backcopyprop`'s own builds): compared with the same build without the knob.
                let rule =
                    super::builds::ISEL_RULE_KNOBS.iter().find(|k| b.label == format!("{FULL} --knob {k}=false"));
                let (pass, base) = match (b.without.or(rule.copied()), super::builds::gated_base(&b.label)) {
                    // A pass disabled or an isel rule turned off: compared with the full pipeline.
                    (Some(p), _) => (p, Some(fp)),
                    (None, Some((p, base))) => {
                        let k = ctx.builds.iter().position(|x| x.label == base);
                        (p, k.and_then(|k| ptxs.get(k)).and_then(|x| x.as_ref()))
                    }
                    _ => continue,
                };
                if let (Some(base), Some(Some(bp))) = (base, ptxs.get(bi)) {
                    if bp != base && !changed.contains(&pass) {
                        changed.push(pass);
                    }
                }
            }
        }
    }
    // The passes [`FULL`] hides, compared between their exposure builds.
    let ptx_of = |label: &str| ctx.builds.iter().position(|b| b.label == label).and_then(|k| ptxs.get(k)?.as_ref());
    for e in super::builds::exposures() {
        if let (Some(w), Some(wo)) = (ptx_of(&e.with), ptx_of(&e.without)) {
            if w != wo && !changed.contains(&e.pass) {
                changed.push(e.pass);
            }
        }
    }
    let failure = fails.first().cloned().map(|f| report_failure(ctx, a, i, &prog, &fails, f, out_dir));
    Outcome { features: prog.features, changed, required, failure }
}

/// Reduces a failure and writes it out; returns the message for the terminal.
fn report_failure(
    ctx: &Ctx,
    a: &FuzzDiffArgs,
    i: u64,
    prog: &gen::Program,
    fails: &[Fail],
    first: Fail,
    out_dir: &Path,
) -> String {
    let dir = out_dir.join(format!("seed{}-p{i}", a.seed));
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(dir.join("original.ll"), &prog.ll);
    let _ = std::fs::write(dir.join("spec.toml"), &prog.spec);
    let is_llc = first.label == LLC;
    let bi = ctx.builds.iter().position(|b| b.label == first.label).unwrap_or(0);
    let which: Vec<usize> = if bi == 0 { vec![0] } else { vec![0, bi] };
    let check_ptxas = first.kind == Kind::Ptxas;
    let (reduced, tests) = if a.no_reduce {
        (prog.ll.clone(), 0)
    } else {
        reduce::reduce(
            &prog.ll,
            &mut |cand: &str| {
                let (f, _) = ctx.evaluate(cand, &prog.spec, &which, check_ptxas, is_llc);
                if bi == 0 && !is_llc {
                    f.iter().any(|x| x.label == first.label && x.kind == first.kind)
                } else {
                    f.len() == 1 && f[0].label == first.label && f[0].kind == first.kind
                }
            },
            a.reduce_tests,
        )
    };
    let _ = std::fs::write(dir.join("reduced.ll"), &reduced);
    let show = if is_llc {
        format!(
            "llc -O3 -march=nvptx64 -mcpu={m} {d}/reduced.ll -o r.ptx && simtc run {d}/spec.toml --ptx r.ptx; \
             simtc run {d}/spec.toml --ll {d}/reduced.ll -O 0",
            m = ctx.mcpu,
            d = dir.display()
        )
    } else if first.kind == Kind::Mismatch || first.kind == Kind::Emulator {
        format!("simtc check {}/reduced.ll --spec {}/spec.toml", dir.display(), dir.display())
    } else if first.kind == Kind::Ptxas {
        format!(
            "simtc compile {}/reduced.ll --mcpu {} {} -o r.ptx && ptxas -arch {} r.ptx",
            dir.display(),
            ctx.mcpu,
            first.label,
            ctx.mcpu
        )
    } else {
        format!("simtc compile {}/reduced.ll --mcpu {} {}", dir.display(), ctx.mcpu, first.label)
    };
    let mut note = format!(
        "program {i} of --seed {} (reproduce: simtc fuzz-diff --seed {} --start {i} --count 1)\n",
        a.seed, a.seed
    );
    for f in fails {
        note.push_str(&format!("  {}: {}: {}\n", f.label, f.kind, f.detail.lines().next().unwrap_or("")));
    }
    let labels: Vec<&str> =
        fails.iter().filter(|f| f.kind == Kind::Mismatch && f.label != LLC).map(|f| f.label.as_str()).collect();
    if !labels.is_empty() {
        note.push_str(&super::builds::diagnose(&labels));
    } else if is_llc {
        note.push_str(
            "  every simtc build agrees with -O0 but llc-19 differs: the fault is shared by all simtc builds \
             (instruction selection, the PTX printer) or is llc-19's\n",
        );
    }
    note.push_str(&format!(
        "  reduced {} -> {} lines in {tests} tests: {}\n  show it: {show}\n",
        prog.ll.lines().count(),
        reduced.lines().count(),
        dir.join("reduced.ll").display()
    ));
    let _ = std::fs::write(dir.join("README"), &note);
    note
}

pub(crate) fn fuzz_diff(a: FuzzDiffArgs) -> Result<(), Failure> {
    super::compile::target_options(&a.mcpu, None, 3)?;
    let out_dir = a.keep.clone().unwrap_or_else(|| a.failures.clone());
    if let Some(k) = &a.keep {
        std::fs::create_dir_all(k).map_err(|e| Rejected(format!("simtc fuzz-diff: {}: {e}\n", k.display())))?;
    }
    let tmp = std::env::temp_dir().join(format!("simtc-fuzz-diff-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).map_err(|e| Rejected(format!("simtc fuzz-diff: {}: {e}\n", tmp.display())))?;
    let (ptxas, llc) = find_tools(&a)?;
    let ctx = Ctx { mcpu: a.mcpu.clone(), ptxas, llc, builds: differential_builds(), tmp, tmp_n: AtomicU64::new(0) };
    if ctx.ptxas.is_none() && !a.no_ptxas {
        eprintln!("simtc fuzz-diff: note: no ptxas found; PTX is not validated");
    }
    if ctx.llc.is_none() && !a.no_llc {
        eprintln!("simtc fuzz-diff: note: no llc-19 found; there is no independent reference");
    }
    // Panics are caught and reported as failures; keep the default hook from printing each one.
    std::panic::set_hook(Box::new(|_| {}));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.jobs.unwrap_or(0))
        .build()
        .map_err(|e| Failure::Usage(format!("simtc: error: --jobs: {e}")))?;
    let bar = indicatif::ProgressBar::new(a.count);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} programs, {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let started = Instant::now();
    let mismatches = AtomicU64::new(0);
    let outcomes: Mutex<Vec<Outcome>> = Mutex::new(vec![]);
    pool.install(|| {
        use rayon::prelude::*;
        (a.start..a.start + a.count).into_par_iter().for_each(|i| {
            let o = test_program(&ctx, &a, i, &out_dir);
            if let Some(msg) = &o.failure {
                let m = mismatches.fetch_add(1, Ordering::Relaxed) + 1;
                bar.suspend(|| eprint!("simtc fuzz-diff: FAIL {msg}"));
                bar.set_message(format!("{m} mismatches"));
            }
            outcomes.lock().expect("no poisoned lock").push(o);
            bar.inc(1);
        })
    });
    bar.finish_and_clear();
    let _ = std::fs::remove_dir_all(&ctx.tmp);
    let outcomes = outcomes.into_inner().expect("no poisoned lock");
    let n = outcomes.len().max(1) as f64;
    let pct =
        |f: &dyn Fn(&gen::Features) -> bool| 100.0 * outcomes.iter().filter(|o| f(&o.features)).count() as f64 / n;
    println!(
        "coverage: divergent branches {:.0}%, divergent loop exits {:.0}%, shuffles/votes {:.0}%, barriers {:.0}%, \
         calls {:.0}%, divergent early returns {:.0}%, switches {:.0}%, local arrays {:.0}%, atomics {:.0}%",
        pct(&|f| f.divergent_branch),
        pct(&|f| f.divergent_loop_exit),
        pct(&|f| f.shuffle),
        pct(&|f| f.barrier),
        pct(&|f| f.call),
        pct(&|f| f.early_return),
        pct(&|f| f.switch),
        pct(&|f| f.local_array),
        pct(&|f| f.atomic),
    );
    let mut changed = String::new();
    for p in super::builds::optional_passes() {
        let c = outcomes.iter().filter(|o| o.changed.contains(&p)).count();
        let r = outcomes.iter().filter(|o| o.required.contains(&p)).count();
        changed.push_str(&format!(" {p} {:.0}%", 100.0 * c as f64 / n));
        if r > 0 {
            changed.push_str(&format!(" (required by another pass in {:.0}%)", 100.0 * r as f64 / n));
        }
        changed.push(',');
    }
    println!("passes that changed the PTX:{}", changed.trim_end_matches(','));
    let rules: Vec<String> = super::builds::ISEL_RULE_KNOBS
        .iter()
        .map(|k| format!("{k} {:.0}%", 100.0 * outcomes.iter().filter(|o| o.changed.contains(k)).count() as f64 / n))
        .collect();
    println!("instruction-selection rules that changed the PTX: {}", rules.join(", "));
    if let Some(llc) = &ctx.llc {
        println!("reference: llc-19 ({}) on every program llc accepts", llc.display());
    }
    let m = mismatches.load(Ordering::Relaxed);
    println!("{} programs, {m} mismatches ({:.1}s)", outcomes.len(), started.elapsed().as_secs_f64());
    if m > 0 {
        return Err(Rejected(format!("simtc fuzz-diff: reduced reproducers are in {}\n", out_dir.display())).into());
    }
    Ok(())
}
