//! `simtc run`: emulate a kernel from a launch spec on PTX (or on LLVM IR that simtc compiles first), write the
//! output buffers and the metrics JSON, optionally print the per-branch divergence profile.

use super::{Failure, Rejected};
use simtc_emu::{EngineOptions, Reconvergence, RunOptions};
use std::path::PathBuf;
use std::time::Duration;

/// Where kernels run.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Device {
    /// The SIMT emulator.
    Emu,
    /// An NVIDIA GPU through the CUDA driver (`simtc-cuda`; the `cuda` cargo feature, on by default).
    Cuda,
}

/// Reconvergence policy (see `doc/emulator.md`).
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ReconvArg {
    /// Per-thread PCs with convergence barriers at immediate post-dominators (Volta and later).
    Pcs,
    /// The classic IPDOM reconvergence stack (pre-Volta).
    Stack,
}

#[derive(clap::Args)]
pub(crate) struct RunArgs {
    /// Launch spec (TOML).
    spec: PathBuf,
    /// PTX to run.
    #[arg(long, conflicts_with = "ll", required_unless_present = "ll")]
    ptx: Option<PathBuf>,
    /// LLVM IR (text or bitcode) to compile with simtc and run.
    #[arg(long)]
    ll: Option<PathBuf>,
    /// Directory for the output buffers (`<name>.bin`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write the metrics JSON here (`-` for standard output).
    #[arg(long)]
    metrics: Option<PathBuf>,
    /// Where to run.
    #[arg(long, value_enum, default_value = "emu")]
    device: Device,
    /// Print per-branch executions, divergent executions and mean active lanes.
    #[arg(long)]
    profile: bool,
    /// Reconvergence policy.
    #[arg(long, value_enum, default_value = "pcs")]
    reconvergence: ReconvArg,
    /// Host threads running CTAs (default: all cores; 1 runs CTAs in order, fully deterministic).
    #[arg(long)]
    jobs: Option<usize>,
    /// Stop a CTA after this many warp instructions (livelock guard).
    #[arg(long = "max-warp-instructions", default_value_t = EngineOptions::default().max_warp_instructions)]
    max_warp_instructions: u64,
    /// Stop the emulator after this many seconds of wall-clock time (0: no limit).
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = parse_timeout)]
    timeout: Timeout,
    /// With --ll: optimization level.
    #[arg(short = 'O', default_value_t = 3, value_parser = clap::value_parser!(u8).range(0..=3))]
    opt_level: u8,
    /// With --ll: target GPU.
    #[arg(long, default_value = "sm_90")]
    mcpu: String,
    /// --device cuda: timed launches (`gpu_ms` is their median).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    reps: u32,
    /// --device cuda: untimed launches before the timed ones.
    #[arg(long, default_value_t = 3)]
    warmup: u32,
    /// Run the sanitizer: `race`, `sync`, `init` (comma-separated) or `all`; findings exit with status 3
    /// (doc/sanitizer.md).
    #[arg(long, value_name = "LIST")]
    sanitize: Option<String>,
    /// With --sanitize: write the findings as JSON to this file.
    #[arg(long = "sanitize-report", value_name = "FILE", requires = "sanitize")]
    sanitize_report: Option<PathBuf>,
    /// --device cuda: the CUDA device ordinal.
    #[arg(long, default_value_t = 0)]
    gpu: usize,
}

pub(crate) fn engine_options(r: ReconvArg, max: u64, timeout: Option<Duration>) -> EngineOptions {
    EngineOptions {
        reconvergence: match r {
            ReconvArg::Pcs => Reconvergence::Pcs,
            ReconvArg::Stack => Reconvergence::Stack,
        },
        max_warp_instructions: max,
        timeout,
        ..EngineOptions::default()
    }
}

/// The emulator's wall-clock limit (`--timeout`; `None`: no limit).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Timeout(pub(crate) Option<Duration>);

/// `--timeout SECONDS`: a non-negative number of seconds (a fraction is allowed); 0 is no limit.
pub(crate) fn parse_timeout(s: &str) -> Result<Timeout, String> {
    let secs: f64 = s.trim().parse().map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if secs == 0.0 {
        return Ok(Timeout(None));
    }
    if secs.is_nan() || secs < 0.0 {
        return Err(format!("'{s}' is not a non-negative number of seconds"));
    }
    Duration::try_from_secs_f64(secs).map(|d| Timeout(Some(d))).map_err(|_| format!("'{s}' seconds is too long"))
}

pub(crate) fn run(a: RunArgs) -> Result<(), Failure> {
    if a.device == Device::Cuda {
        if a.profile {
            return Err(Failure::Usage("simtc: error: --profile needs the emulator (--device emu)".into()));
        }
        if a.sanitize.is_some() {
            return Err(Failure::Usage("simtc: error: --sanitize needs the emulator (--device emu)".into()));
        }
        return run_cuda(&a);
    }
    let kinds = match &a.sanitize {
        Some(list) => Some(
            simtc_emu::sanitize::Kinds::parse(list).map_err(|e| Rejected(format!("simtc: error: --sanitize: {e}")))?,
        ),
        None => None,
    };
    let spec = crate::spec_diag::read_spec(&a.spec)?;
    let (text, file) = ptx_text(&a)?;
    let prog = simtc_emu::load_ptx(&text, &file).map_err(|e| Rejected(e.to_string()))?;
    let launch = spec.materialize().map_err(|e| Rejected(e.to_string()))?;
    let mut engine = engine_options(a.reconvergence, a.max_warp_instructions, a.timeout.0);
    engine.sanitize =
        kinds.map(|kinds| simtc_emu::SanitizeOptions { kinds, undefined_buffers: spec.undefined_buffers() });
    let opts = RunOptions { engine, jobs: a.jobs };
    let result = simtc_emu::run(&prog, &launch, &opts).map_err(|e| Rejected(e.to_string()))?;
    if !result.output.is_empty() {
        print!("{}", result.output);
    }
    if let Some(dir) = &a.out {
        simtc_emu::report::write_outputs(dir, &spec, &launch, &result).map_err(|e| Rejected(e.to_string()))?;
    }
    let reconv = match a.reconvergence {
        ReconvArg::Pcs => "pcs",
        ReconvArg::Stack => "stack",
    };
    write_metrics(&a.metrics, &simtc_emu::report::metrics_json(&spec, &launch, &result, reconv))?;
    if a.profile {
        print!("{}", simtc_emu::report::profile_text(&result));
    }
    let c = &result.counters;
    eprintln!(
        "{}: {} CTAs, {} warp instructions, {} thread instructions, SIMT efficiency {:.4}, {} divergent branches{}",
        launch.kernel,
        launch.grid.iter().product::<u32>(),
        c.warp_instructions,
        c.thread_instructions,
        if c.warp_instructions == 0 { 0.0 } else { c.thread_instructions as f64 / (32.0 * c.warp_instructions as f64) },
        c.divergent_branches,
        if c.uni_violations > 0 { format!(", {} .uni violations", c.uni_violations) } else { String::new() }
    );
    if let Some(report) = &result.sanitizer {
        if let Some(p) = &a.sanitize_report {
            let json = serde_json::to_string_pretty(&report.json).unwrap_or_default() + "\n";
            std::fs::write(p, json)
                .map_err(|e| Rejected(format!("simtc: error: could not write '{}': {e}", p.display())))?;
        }
        if !report.findings.is_empty() {
            return Err(Failure::Findings(report.text.clone()));
        }
        eprintln!("sanitizer: no findings");
    }
    Ok(())
}

/// Writes the metrics JSON where `--metrics` says (`-`: standard output).
fn write_metrics(path: &Option<PathBuf>, metrics: &serde_json::Value) -> Result<(), Rejected> {
    let json = serde_json::to_string_pretty(metrics).unwrap_or_default() + "\n";
    match path {
        Some(p) if p.as_os_str() == "-" => print!("{json}"),
        Some(p) => std::fs::write(p, &json)
            .map_err(|e| Rejected(format!("simtc: error: could not write '{}': {e}", p.display())))?,
        None => {}
    }
    Ok(())
}

/// The PTX text to run and its name in diagnostics: the `--ptx` file, or `--ll` compiled by simtc.
fn ptx_text(a: &RunArgs) -> Result<(String, String), Failure> {
    match (&a.ptx, &a.ll) {
        (Some(p), _) => {
            let text = std::fs::read_to_string(p)
                .map_err(|e| Rejected(format!("simtc: error: could not read '{}': {e}", p.display())))?;
            Ok((text, p.display().to_string()))
        }
        (None, Some(ll)) => Ok((
            super::check::compile_ll(ll, &a.mcpu, a.opt_level, &[], &[])?,
            format!("{} (compiled by simtc)", ll.display()),
        )),
        (None, None) => Err(Rejected("simtc: error: give --ptx or --ll".into()).into()),
    }
}

/// `--device cuda`: the same outputs as the emulator and a metrics JSON with `gpu_ms` (see `doc/cuda.md`).
#[cfg(feature = "cuda")]
fn run_cuda(a: &RunArgs) -> Result<(), Failure> {
    let spec = crate::spec_diag::read_spec(&a.spec)?;
    let (ptx, file) = ptx_text(a)?;
    let launch = spec.materialize().map_err(|e| Rejected(e.to_string()))?;
    let opts = simtc_cuda::GpuOptions { warmup: a.warmup, reps: a.reps, device: a.gpu };
    let r = simtc_cuda::run(&ptx, &file, &launch, &opts).map_err(|e| Rejected(e.to_string()))?;
    if !r.jit_log.is_empty() {
        eprintln!("{}", r.jit_log);
    }
    if let Some(dir) = &a.out {
        simtc_emu::report::write_output_buffers(dir, &spec, &launch, &r.buffers)
            .map_err(|e| Rejected(e.to_string()))?;
    }
    write_metrics(&a.metrics, &simtc_cuda::metrics_json(&spec, &launch, &r))?;
    eprintln!(
        "{}: {} CTAs on {} (sm_{}{}), {} registers, median {:.4} ms over {} launches ({} warm-up)",
        launch.kernel,
        launch.grid.iter().map(|&x| x as u64).product::<u64>(),
        r.device_name,
        r.compute_capability.0,
        r.compute_capability.1,
        r.registers,
        r.median_ms(),
        r.times_ms.len(),
        r.warmup
    );
    Ok(())
}

/// `--device cuda` in a build without the `cuda` feature.
#[cfg(not(feature = "cuda"))]
fn run_cuda(_: &RunArgs) -> Result<(), Failure> {
    Err(Rejected("simtc: error: --device cuda is not available: simtc was built without the `cuda` feature".into())
        .into())
}
