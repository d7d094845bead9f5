//! `simtc bench DIR`: the reproducible producer of simtc's comparison numbers.
//!
//! For every kernel of `DIR` ([`discover`]) it compiles the LLVM IR with simtc (`-O0`, `-O3`, the structurized
//! `-O3`, and `-O3` minus each optional pass of the driver's registries), with llc-19 and, from the CUDA source,
//! with nvcc; compiles every PTX with `ptxas -O3 -v` (registers, spills, shared memory: occupancy) and counts the
//! SASS of the cubin (`cuobjdump -sass`); counts static PTX instructions and `mov`s; runs every
//! build in the emulator on each launch spec (warp instructions, SIMT efficiency, shared-memory instructions)
//! and compares its outputs with the `-O0` build's; times the three compilers; and, when `simtc run --device
//! cuda` works, times simtc's, llc's and nvcc's PTX on the GPU. It writes `OUT/report.md` (or `--doc FILE`) and
//! SVG charts in `OUT` ([`report`], [`charts`]).
//!
//! Exit status: 0 when every simtc build compiled, passed ptxas, ran, and agreed with `-O0` (llc's and nvcc's
//! outputs too); 1 otherwise (the report is written all the same and marks the rows `MISMATCH` or `FAILED`);
//! 2 on a usage error.

mod charts;
mod discover;
mod measure;
mod occupancy;
mod ptx_stats;
mod report;
mod sass;
pub(crate) mod tools;

use super::{Failure, Rejected};
use measure::{GpuProbe, KernelResult, MeasureOptions};
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(clap::Args)]
pub(crate) struct BenchArgs {
    /// Directory of kernels: `K.ll` (or `K.cu`, compiled by `simtc cuda`) with launch specs `K.toml`,
    /// `K.<variant>.toml` beside them.
    dir: PathBuf,
    /// Directory for the report (`report.md`) and the SVG charts.
    #[arg(long, default_value = "bench-report")]
    out: PathBuf,
    /// Write the report to this file instead of `OUT/report.md` (chart links relative to it), e.g.
    /// `doc/benchmarks.md`.
    #[arg(long, value_name = "FILE")]
    doc: Option<PathBuf>,
    /// Kernels measured in parallel (default: all cores). Compile times are always taken one process at a time.
    #[arg(long)]
    jobs: Option<usize>,
    /// Only these kernels (file stems); repeatable or comma-separated.
    #[arg(long, value_delimiter = ',', value_name = "NAME")]
    only: Vec<String>,
    /// Target GPU.
    #[arg(long, default_value = "sm_90")]
    mcpu: String,
    /// Timed runs of each compiler per kernel (the median is reported).
    #[arg(long, default_value_t = 5)]
    runs: usize,
    /// Relative tolerance for floating-point outputs of simtc's builds against `-O0`.
    #[arg(long, default_value_t = 1e-5)]
    rtol: f64,
    /// Do not try `simtc run --device cuda` for GPU times.
    #[arg(long = "no-gpu")]
    no_gpu: bool,
}

/// What the report needs besides the measurements.
pub(crate) struct Context {
    /// The command that produced the report.
    pub command: String,
    /// Options of the run.
    pub opts: MeasureOptions,
    /// Kernels measured in parallel.
    pub jobs: usize,
    /// Tool versions (or "not installed"), by tool.
    pub tools: Vec<(&'static str, String)>,
    /// Why the GPU column is empty, if it is.
    pub gpu_note: Option<String>,
    /// The simtc builds, in column order.
    pub builds: Vec<measure::BenchBuild>,
}

pub(crate) fn bench(a: BenchArgs) -> Result<(), Failure> {
    super::compile::target_options(&a.mcpu, None, 3)?;
    if a.runs == 0 {
        return Err(Failure::Usage("simtc: error: --runs must be at least 1".into()));
    }
    let kernels = discover::discover(&a.dir, &a.only).map_err(Rejected)?;
    let tools = tools::Tools::find(&a.mcpu);
    let jobs = a.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let opts = MeasureOptions { mcpu: a.mcpu.clone(), runs: a.runs, rtol: a.rtol, gpu: !a.no_gpu };
    let gpu = GpuProbe::new(!a.no_gpu, "not tried (--no-gpu)");
    let builds = measure::bench_builds();
    let scratch = std::env::temp_dir().join(format!("simtc-bench-{}", std::process::id()));
    let kdir = |i: usize| scratch.join(format!("k{i}"));
    for i in 0..kernels.len() {
        std::fs::create_dir_all(kdir(i))
            .map_err(|e| Rejected(format!("simtc: error: could not create '{}': {e}", kdir(i).display())))?;
    }
    let bar = if std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(2 * kernels.len() as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| Failure::Usage(format!("simtc: error: --jobs: {e}")))?;
    bar.set_message("compiling and emulating");
    let mut results: Vec<KernelResult> = pool.install(|| {
        use rayon::prelude::*;
        kernels
            .par_iter()
            .enumerate()
            .map(|(i, k)| {
                let r = measure::measure_kernel(k, &tools, &opts, &builds, &gpu, &kdir(i));
                bar.inc(1);
                r
            })
            .collect()
    });
    // Compile times: one process at a time, after the parallel phase, so the measurements do not compete.
    bar.set_message("timing compilers");
    let timing_tools = tools::Tools { simtc: tools::installed_copy(&tools.simtc, &scratch), ..tools.clone() };
    for (i, (k, r)) in kernels.iter().zip(results.iter_mut()).enumerate() {
        measure::time_compilers(k, r, &timing_tools, &opts, &kdir(i));
        bar.inc(1);
    }
    bar.finish_and_clear();
    let _ = std::fs::remove_dir_all(&scratch);
    let version = |p: &Option<PathBuf>| match p {
        None => "not installed".to_string(),
        Some(p) => tools::version_line(p).unwrap_or_else(|| p.display().to_string()),
    };
    let ctx = Context {
        command: command_line(),
        opts,
        jobs,
        tools: vec![
            ("simtc", format!("simtc {}", env!("CARGO_PKG_VERSION"))),
            ("llc", version(&tools.llc)),
            ("ptxas", version(&tools.ptxas)),
            ("nvcc", version(&tools.nvcc)),
            ("cuobjdump", version(&tools.cuobjdump)),
        ],
        gpu_note: gpu.unavailable(),
        builds,
    };
    std::fs::create_dir_all(&a.out)
        .map_err(|e| Rejected(format!("simtc: error: could not create '{}': {e}", a.out.display())))?;
    let charts = charts::write_charts(&a.out, &results, &ctx).map_err(Rejected)?;
    let report_path = a.doc.clone().unwrap_or_else(|| a.out.join("report.md"));
    let link_base = report_path.parent().map(PathBuf::from).unwrap_or_default();
    let chart_links: Vec<(String, String)> =
        charts.iter().map(|(title, file)| (title.clone(), relative_link(&link_base, &a.out.join(file)))).collect();
    let text = report::render(&results, &ctx, &chart_links);
    if let Some(parent) = report_path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| Rejected(format!("simtc: error: could not create '{}': {e}", parent.display())))?;
    }
    std::fs::write(&report_path, &text)
        .map_err(|e| Rejected(format!("simtc: error: could not write '{}': {e}", report_path.display())))?;
    println!("simtc bench: wrote {} and {} charts in {}", report_path.display(), charts.len(), a.out.display());
    let problems = report::problems(&results);
    if problems.is_empty() {
        return Ok(());
    }
    let mut msg = format!("simtc bench: {} problem(s):\n", problems.len());
    for p in &problems {
        msg.push_str(&format!("  {p}\n"));
    }
    Err(Rejected(msg).into())
}

/// The command line as typed, with the program shown as `simtc`.
fn command_line() -> String {
    let args: Vec<String> = std::env::args().skip(1).map(|a| shell_quote(&a)).collect();
    format!("simtc {}", args.join(" "))
}

fn shell_quote(s: &str) -> String {
    if !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_./=,:+@".contains(c)) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// A link from a file in `base` to `target`, both relative to the current directory (or both absolute).
fn relative_link(base: &std::path::Path, target: &std::path::Path) -> String {
    use std::path::Component;
    let norm = |p: &std::path::Path| -> Vec<String> {
        p.components()
            .filter(|c| !matches!(c, Component::CurDir))
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect()
    };
    let (b, t) = (norm(base), norm(target));
    let common = b.iter().zip(&t).take_while(|(x, y)| x == y).count();
    let mut parts: Vec<String> = vec!["..".to_string(); b.len() - common];
    parts.extend(t[common..].iter().cloned());
    parts.join("/")
}

#[cfg(test)]
mod tests {
    use super::relative_link;
    use std::path::Path;

    #[test]
    fn links_are_relative_to_the_report() {
        assert_eq!(relative_link(Path::new("doc"), Path::new("doc/bench/a.svg")), "bench/a.svg");
        assert_eq!(relative_link(Path::new("out"), Path::new("out/a.svg")), "a.svg");
        assert_eq!(relative_link(Path::new("doc"), Path::new("./out/a.svg")), "../out/a.svg");
        assert_eq!(relative_link(Path::new(""), Path::new("out/a.svg")), "out/a.svg");
    }
}
