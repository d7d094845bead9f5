//! `simtc check`: differential testing of the compiler through the emulator.
//!
//! The kernel is compiled at `-O0`, at `-O3`, and at `-O3` with each optional pass disabled in turn; every build
//! runs in the emulator on the same launch spec, and every build's output buffers are compared with the `-O0`
//! build's (integers exactly, floats within 1e-5 relative or 1e-5 of the reference buffer's largest magnitude).
//! A mismatch names the build, so a pass that breaks the program is identified: if `-O3` differs but `-O3`
//! without pass P agrees, P is the culprit.
//!
//! Why the magnitude term: `-O1`+ contracts `contract`-flagged `fmul`/`fadd` pairs into `fma.rn` (`combine`, as
//! llc-19 does and as clang's CUDA default `-ffp-contract=fast` asks), and `-O0` does not (llc-19 -O0 does
//! not either). The fused result is rounded once instead of twice; the difference is a rounding error of the
//! product, which is small against the buffer's values but can be large *relative* to a near-zero result
//! produced by cancellation. Code without contraction (no `contract`/`fast` flag: every `fuzz-diff` program)
//! is never fused, and `fuzz-diff` keeps comparing bit for bit.

use super::builds::{diagnose, differential_builds};
use super::compile::{driver_failure, target_options};
use super::{read_module, Failure, Rejected};
use simtc_codegen::Pipeline;
use simtc_emu::RunOptions;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub(crate) struct CheckArgs {
    /// LLVM IR input, text or bitcode.
    #[arg(required_unless_present = "list_builds")]
    input: Option<PathBuf>,
    /// Launch spec.
    #[arg(long, required_unless_present = "list_builds")]
    spec: Option<PathBuf>,
    /// List the builds `check` compiles and compares (one label per line), and exit.
    #[arg(long = "list-builds")]
    list_builds: bool,
    /// Target GPU.
    #[arg(long, default_value = "sm_90")]
    mcpu: String,
    /// Host threads running CTAs.
    #[arg(long)]
    jobs: Option<usize>,
    /// Relative tolerance for floating-point outputs.
    #[arg(long, default_value_t = 1e-5)]
    rtol: f64,
    /// Stop each build's emulator run after this many seconds of wall-clock time (0: no limit).
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = super::run::parse_timeout)]
    timeout: super::run::Timeout,
}

/// Compiles LLVM IR to PTX through the compile driver, as `simtc compile` does.
pub(crate) fn compile_ll(
    path: &Path,
    mcpu: &str,
    opt_level: u8,
    disabled: &[String],
    knobs: &[String],
) -> Result<String, Failure> {
    let mut p = Pipeline::new(target_options(mcpu, None, opt_level)?);
    // A testing tool: verify after every pass so a broken pass is named, not just a different output.
    p.verify_each = true;
    p.disabled = disabled.to_vec();
    p.knobs = simtc_codegen::driver::knob_registry()
        .parse(knobs)
        .map_err(|e| Failure::Usage(format!("simtc: error: --knob: {e}")))?;
    p.validate().map_err(|e| driver_failure("", e))?;
    let (name, mut m) = read_module(&path.to_path_buf())?;
    let out = simtc_codegen::compile(&mut m, &p).map_err(|e| driver_failure(&name, e))?;
    Ok(out.ptx)
}

pub(crate) fn check(a: CheckArgs) -> Result<(), Failure> {
    if a.list_builds {
        let labels: String = differential_builds().into_iter().map(|b| b.label + "\n").collect();
        return Ok(super::write_output(&None, &labels)?);
    }
    let (Some(input), Some(spec_path)) = (a.input.as_ref(), a.spec.as_ref()) else {
        return Err(Failure::Usage("simtc: error: check needs an input and --spec".into()));
    };
    target_options(&a.mcpu, None, 3)?;
    let spec = crate::spec_diag::read_spec(spec_path)?;
    let launch = spec.materialize().map_err(|e| Rejected(e.to_string()))?;
    let outputs = spec.outputs();
    if outputs.is_empty() {
        return Err(
            Rejected(format!("{}: error: the spec has no output buffers to compare", spec_path.display())).into()
        );
    }
    let builds: Vec<(String, u8, Vec<String>, Vec<String>)> =
        differential_builds().into_iter().map(|b| (b.label, b.opt_level, b.disabled, b.knobs)).collect();
    let mut opts = RunOptions { jobs: a.jobs, ..RunOptions::default() };
    opts.engine.timeout = a.timeout.0;
    let mut results: Vec<(String, Vec<Vec<u8>>)> = Vec::new();
    let width = builds.iter().map(|b| b.0.len()).max().unwrap_or(0);
    for (label, o, disabled, knobs) in &builds {
        let ptx = compile_ll(input, &a.mcpu, *o, disabled, knobs)?;
        let prog = simtc_emu::load_ptx(&ptx, &format!("{} ({label})", input.display()))
            .map_err(|e| Rejected(format!("simtc check: the {label} build is not valid PTX:\n{e}")))?;
        let r = simtc_emu::run(&prog, &launch, &opts)
            .map_err(|e| Rejected(format!("simtc check: the {label} build failed in the emulator:\n{e}")))?;
        println!(
            "{label:<width$} {:>12} warp instructions, SIMT efficiency {:.4}",
            r.counters.warp_instructions,
            if r.counters.warp_instructions == 0 {
                0.0
            } else {
                r.counters.thread_instructions as f64 / (32.0 * r.counters.warp_instructions as f64)
            }
        );
        results.push((label.clone(), r.buffers));
    }
    let (base_label, base) = &results[0];
    let mut failures = Vec::new();
    for (label, bufs) in &results[1..] {
        for (name, ty) in &outputs {
            let i = launch.buffers.iter().position(|b| b.name == *name).expect("output buffers exist");
            if let Some(d) = simtc_emu::report::compare_buffer_scaled(&base[i], &bufs[i], *ty, a.rtol, a.rtol) {
                failures.push((label.clone(), name.to_string(), d));
            }
        }
    }
    if failures.is_empty() {
        println!("ok: all {} builds agree on {} output buffer(s)", results.len(), outputs.len());
        return Ok(());
    }
    let mut msg = String::from("simtc check: outputs differ\n");
    for (label, name, d) in &failures {
        msg.push_str(&format!("  {label} vs {base_label}: buffer '{name}': {d}\n"));
    }
    let failed: Vec<&str> = failures.iter().map(|f| f.0.as_str()).collect();
    msg.push_str(&diagnose(&failed));
    Err(Rejected(msg).into())
}
