//! Measuring one kernel: every simtc build, llc-19 and nvcc compile it; ptxas validates each PTX and reports its
//! registers; the PTX text gives static counts; the emulator runs each build on every launch spec and its
//! outputs are compared with the `-O0` build's; compile times of simtc, llc and nvcc are wall-clock medians.
//!
//! Invariants: `KernelResult::builds` has the same labels in the same order for every kernel (the simtc builds
//! of [`bench_builds`], then llc-19, then nvcc); a build's failure (compile, ptxas, emulator) is recorded in the
//! build, never aborts the run; every emulator run uses one host thread, so its outputs and counters are
//! deterministic; an output that differs from the `-O0` build's marks the build's run as a mismatch.

use super::discover::{spec_label, Kernel};
use super::occupancy;
use super::ptx_stats::{static_counts, StaticCounts};
use super::sass::{pick, ptxas_entries, sass_functions, EntryInfo, SassCounts};
use super::tools::{first_lines, median, run, Tools};
use simtc_codegen::Pipeline;
use simtc_emu::{ElemTy, Launch, LaunchSpec, RunOptions};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// Who produced a PTX file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Producer {
    /// simtc (one of [`bench_builds`]).
    Simtc,
    /// LLVM 19's `llc -O3`.
    Llc,
    /// `nvcc -ptx -O3` from the CUDA source.
    Nvcc,
}

/// One simtc build of the benchmark.
#[derive(Clone, Debug)]
pub(crate) struct BenchBuild {
    /// The `simtc compile` flags that reproduce it.
    pub label: String,
    /// Short column name (`-O3`, `structurize`, `no darm`).
    pub short: String,
    /// `-O` level.
    pub opt_level: u8,
    /// `--disable-pass` names.
    pub disabled: Vec<String>,
    /// `--knob` settings.
    pub knobs: Vec<String>,
}

/// Label of the reference build.
pub(crate) const O0: &str = "-O0";
/// Label of the default optimized build.
pub(crate) const O3: &str = "-O3";
/// Label of llc's build.
pub(crate) const LLC: &str = "llc-19 -O3";
/// Label of nvcc's build.
pub(crate) const NVCC: &str = "nvcc -O3";

/// `-O0` (the reference), `-O3`, `-O3` structurized, and `-O3` minus each optional pass of the driver. A pass
/// that does not run at plain `-O3` (`structurizecfg`) is toggled on top of the structurized `-O3`.
pub(crate) fn bench_builds() -> Vec<BenchBuild> {
    let structurize = "structurize=true".to_string();
    let plain_o3 =
        Pipeline::new(simtc_codegen::Options { opt_level: 3, ..simtc_codegen::Options::default() }).ir_passes();
    let is_ir_pass = |p: &str| simtc_opt::lookup(p).is_some();
    let mut v = vec![
        BenchBuild { label: O0.into(), short: O0.into(), opt_level: 0, disabled: vec![], knobs: vec![] },
        BenchBuild { label: O3.into(), short: O3.into(), opt_level: 3, disabled: vec![], knobs: vec![] },
        BenchBuild {
            label: format!("-O3 --knob {structurize}"),
            short: "structurize".into(),
            opt_level: 3,
            disabled: vec![],
            knobs: vec![structurize.clone()],
        },
    ];
    for p in super::super::builds::optional_passes() {
        let at_plain = !is_ir_pass(p) || plain_o3.contains(&p);
        let knobs = if at_plain { vec![] } else { vec![structurize.clone()] };
        let label = if at_plain {
            format!("-O3 --disable-pass {p}")
        } else {
            format!("-O3 --knob {structurize} --disable-pass {p}")
        };
        v.push(BenchBuild { label, short: format!("no {p}"), opt_level: 3, disabled: vec![p.to_string()], knobs });
    }
    v
}

/// Options of a benchmark run.
#[derive(Clone, Debug)]
pub(crate) struct MeasureOptions {
    /// Target (`sm_90`).
    pub mcpu: String,
    /// Timed repetitions per compiler (median).
    pub runs: usize,
    /// Relative tolerance of float outputs between simtc builds.
    pub rtol: f64,
    /// Whether to try `simtc run --device cuda`.
    pub gpu: bool,
}

/// One emulator (and GPU) run of one build on one spec.
#[derive(Clone, Debug, Default)]
pub(crate) struct RunMetrics {
    /// Warp instructions issued.
    pub warp_instructions: u64,
    /// Warp instructions weighted by the SASS instructions of each (the emulator's estimate).
    pub sass_estimate: u64,
    /// `thread_instructions / (32 · warp_instructions)`.
    pub simt_efficiency: f64,
    /// Warp instructions accessing `.shared`.
    pub shared_instructions: u64,
    /// Median kernel time on the GPU (`simtc run --device cuda`), when one ran it.
    pub gpu_ms: Option<f64>,
    /// How the outputs differ from the `-O0` build's, if they do.
    pub mismatch: Option<String>,
}

/// One PTX build of a kernel and its measures.
#[derive(Clone, Debug)]
pub(crate) struct BuildResult {
    /// The build's label (`-O3`, `llc-19 -O3`, ...).
    pub label: String,
    /// Who compiled it.
    pub producer: Producer,
    /// Why it has no PTX (compile failure, tool missing), or ptxas rejected it.
    pub error: Option<String>,
    /// ptxas registers of the launched kernel (the largest entry without a spec).
    pub registers: Option<u32>,
    /// What `ptxas -v` says about the launched kernel (registers, spills, static shared memory).
    pub entry: Option<EntryInfo>,
    /// Static SASS counts of the launched kernel (`cuobjdump -sass` of `ptxas -O3`'s cubin).
    pub sass: Option<SassCounts>,
    /// Per spec: theoretical occupancy at the spec's block size and dynamic shared memory.
    pub occupancy: Vec<Option<f64>>,
    /// Static counts over all functions of the PTX.
    pub counts: Option<StaticCounts>,
    /// Per spec: the run's measures, or why it failed.
    pub runs: Vec<Result<RunMetrics, String>>,
}

/// Compile times (seconds, median, process start included).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Times {
    /// `simtc compile -O3`.
    pub simtc: Option<f64>,
    /// `llc -O3`.
    pub llc: Option<f64>,
    /// `nvcc -ptx -O3` (from CUDA source: its front end is included).
    pub nvcc: Option<f64>,
}

/// Everything measured for one kernel.
#[derive(Clone, Debug)]
pub(crate) struct KernelResult {
    /// The kernel's file stem.
    pub name: String,
    /// Spec labels, in [`BuildResult::runs`] order.
    pub specs: Vec<String>,
    /// Builds: [`bench_builds`] in order, then llc, then nvcc.
    pub builds: Vec<BuildResult>,
    /// Compile times.
    pub times: Times,
    /// Remarks for the report (how the IR was obtained, missing specs, ...).
    pub notes: Vec<String>,
    /// The LLVM IR simtc and llc compiled (the `.ll`, or `simtc cuda`'s output in the scratch directory).
    pub ll: Option<PathBuf>,
}

impl KernelResult {
    /// The build labelled `label`.
    pub(crate) fn build(&self, label: &str) -> Option<&BuildResult> {
        self.builds.iter().find(|b| b.label == label)
    }
}

/// Whether `simtc run --device cuda` works: unknown until first tried, then the answer (with the reason when not).
pub(crate) struct GpuProbe {
    state: Mutex<Option<Result<(), String>>>,
}

impl GpuProbe {
    /// A probe that tries on first use (`enabled`), or one that is off with `reason`.
    pub(crate) fn new(enabled: bool, reason: &str) -> GpuProbe {
        GpuProbe { state: Mutex::new(if enabled { None } else { Some(Err(reason.to_string())) }) }
    }

    /// Why GPU times are missing, if they are (`None` when the GPU ran or was never tried).
    pub(crate) fn unavailable(&self) -> Option<String> {
        match &*self.state.lock().expect("no poisoned lock") {
            Some(Err(e)) => Some(e.clone()),
            _ => None,
        }
    }

    /// Runs `ptx` on the GPU with `spec` through `simtc run --device cuda`, returning the median kernel time
    /// (`gpu_ms` of its metrics JSON). The first failure turns the probe off (the reason is kept for the report).
    fn time(&self, simtc: &Path, spec: &Path, ptx: &Path) -> Option<f64> {
        let mut st = self.state.lock().expect("no poisoned lock");
        if let Some(Err(_)) = &*st {
            return None;
        }
        let r = run(Command::new(simtc).arg("run").arg(spec).arg("--ptx").arg(ptx).args([
            "--device",
            "cuda",
            "--metrics",
            "-",
        ]));
        let ms = r.and_then(|r| {
            let v: serde_json::Value = serde_json::from_str(r.stdout.trim_start_matches(|c| c != '{'))
                .map_err(|e| format!("simtc run --device cuda printed no metrics JSON: {e}"))?;
            v.get("gpu_ms").and_then(serde_json::Value::as_f64).ok_or_else(|| "its metrics have no gpu_ms".to_string())
        });
        match ms {
            Ok(ms) => {
                *st = Some(Ok(()));
                Some(ms)
            }
            Err(e) => {
                // One failure on a machine where the GPU worked before is that run's; the first one turns it off.
                if st.is_none() {
                    *st = Some(Err(e));
                }
                None
            }
        }
    }
}

/// A launch spec of the kernel: its label, file, and the parsed spec with its materialized launch (or why not).
struct SpecEntry {
    label: String,
    path: PathBuf,
    parsed: Result<(LaunchSpec, Launch), String>,
}

/// Compiles, validates and emulates every build of kernel `k`; `scratch` is a directory of its own for PTX files.
pub(crate) fn measure_kernel(
    k: &Kernel,
    tools: &Tools,
    o: &MeasureOptions,
    builds: &[BenchBuild],
    gpu: &GpuProbe,
    scratch: &Path,
) -> KernelResult {
    let mut notes = Vec::new();
    let ll = match (&k.ll, &k.cu) {
        (Some(ll), _) => Some(ll.clone()),
        (None, Some(cu)) => {
            let out = scratch.join(format!("{}.ll", k.name));
            let r = run(Command::new(&tools.simtc)
                .arg("cuda")
                .arg(cu)
                .args(["--mcpu", &o.mcpu, "--emit-llvm", "-o"])
                .arg(&out));
            match r {
                Ok(_) => {
                    notes.push(format!("{}: LLVM IR from `simtc cuda {}.cu --emit-llvm`", k.name, k.name));
                    Some(out)
                }
                Err(e) => {
                    notes.push(format!("{}: no LLVM IR: `simtc cuda` failed: {e}", k.name));
                    None
                }
            }
        }
        (None, None) => None,
    };
    let mut specs: Vec<SpecEntry> = Vec::new();
    for s in &k.specs {
        let parsed = LaunchSpec::read(s).map_err(|e| e.to_string()).and_then(|spec| {
            let launch = spec.materialize().map_err(|e| e.to_string())?;
            Ok((spec, launch))
        });
        if let Err(e) = &parsed {
            notes.push(format!("{}: spec not usable: {}", spec_label(s), first_lines(e, 2)));
        }
        specs.push(SpecEntry { label: spec_label(s), path: s.clone(), parsed });
    }
    if k.specs.is_empty() {
        notes.push(format!("{}: no launch spec ({}.toml): static measures only", k.name, k.name));
    }
    let kernel_name = specs.iter().find_map(|s| s.parsed.as_ref().ok().map(|(sp, _)| sp.kernel.clone()));
    let mut results: Vec<BuildResult> = Vec::new();
    let mut ptx_files: Vec<Option<PathBuf>> = Vec::new();
    for (i, b) in builds.iter().enumerate() {
        let ptx = match &ll {
            None => Err("no LLVM IR".to_string()),
            Some(ll) => compile_simtc(ll, &o.mcpu, b),
        };
        let (r, f) = finish_build(
            &b.label,
            Producer::Simtc,
            ptx,
            scratch,
            &format!("simtc{i}"),
            tools,
            &o.mcpu,
            kernel_name.as_deref(),
        );
        results.push(r);
        ptx_files.push(f);
    }
    let llc_ptx = match (&tools.llc, &ll) {
        (None, _) => Err("llc-19 not installed".to_string()),
        (_, None) => Err("no LLVM IR".to_string()),
        (Some(llc), Some(ll)) => {
            let out = scratch.join("llc.ptx");
            run(Command::new(llc)
                .args(["-O3", "-march=nvptx64", &format!("-mcpu={}", o.mcpu)])
                .arg(ll)
                .arg("-o")
                .arg(&out))
            .and_then(|_| std::fs::read_to_string(&out).map_err(|e| e.to_string()))
        }
    };
    let (r, f) = finish_build(LLC, Producer::Llc, llc_ptx, scratch, "llc", tools, &o.mcpu, kernel_name.as_deref());
    results.push(r);
    ptx_files.push(f);
    let nvcc_ptx = match (&tools.nvcc, &k.cu) {
        (None, _) => Err("nvcc not installed".to_string()),
        (_, None) => Err(format!("no {}.cu", k.name)),
        (Some(nvcc), Some(cu)) => {
            let out = scratch.join("nvcc.ptx");
            run(&mut nvcc_command(nvcc, cu, &o.mcpu, &out))
                .and_then(|_| std::fs::read_to_string(&out).map_err(|e| e.to_string()))
        }
    };
    let (r, f) = finish_build(NVCC, Producer::Nvcc, nvcc_ptx, scratch, "nvcc", tools, &o.mcpu, kernel_name.as_deref());
    results.push(r);
    ptx_files.push(f);
    emulate_all(&mut results, &ptx_files, &specs, tools, o, gpu);
    let shapes: Vec<Option<(u32, u32)>> = specs
        .iter()
        .map(|s| {
            let (spec, _) = s.parsed.as_ref().ok()?;
            Some((spec.block.iter().product(), spec.dynamic_shared_bytes))
        })
        .collect();
    for r in &mut results {
        r.occupancy = shapes
            .iter()
            .map(|shape| {
                let ((threads, dynamic), e) = (shape.as_ref()?, r.entry.as_ref()?);
                let l = occupancy::Launch { threads: *threads, registers: e.registers, smem: e.smem_bytes + dynamic };
                occupancy::occupancy(&o.mcpu, l)
            })
            .collect();
    }
    KernelResult {
        name: k.name.clone(),
        specs: specs.iter().map(|s| s.label.clone()).collect(),
        builds: results,
        times: Times::default(),
        notes,
        ll,
    }
}

fn nvcc_command(nvcc: &Path, cu: &Path, mcpu: &str, out: &Path) -> Command {
    let mut c = Command::new(nvcc);
    c.args(["-ptx", "-O3", &format!("-arch={mcpu}"), "-I"])
        .arg(cu.parent().unwrap_or(Path::new(".")))
        .arg(cu)
        .arg("-o")
        .arg(out);
    c
}

/// Compiles `ll` with simtc in this process.
fn compile_simtc(ll: &Path, mcpu: &str, b: &BenchBuild) -> Result<String, String> {
    let fail = |f: crate::Failure| match f {
        crate::Failure::Rejected(crate::Rejected(m)) | crate::Failure::Usage(m) | crate::Failure::Findings(m) => {
            first_lines(&m, 4)
        }
    };
    let mut p = Pipeline::new(crate::compile::target_options(mcpu, None, b.opt_level).map_err(fail)?);
    p.disabled = b.disabled.clone();
    p.knobs = simtc_codegen::driver::knob_registry().parse(&b.knobs).map_err(|e| format!("--knob: {e}"))?;
    p.validate().map_err(|e| e.to_string())?;
    let (name, mut m) = crate::read_module(&ll.to_path_buf()).map_err(|e| first_lines(&e.0, 4))?;
    simtc_codegen::compile(&mut m, &p).map(|c| c.ptx).map_err(|e| fail(crate::compile::driver_failure(&name, e)))
}

/// Writes the PTX, validates it with ptxas and counts it; returns the build and its PTX file.
fn finish_build(
    label: &str,
    producer: Producer,
    ptx: Result<String, String>,
    scratch: &Path,
    file: &str,
    tools: &Tools,
    mcpu: &str,
    kernel: Option<&str>,
) -> (BuildResult, Option<PathBuf>) {
    let mut r = BuildResult {
        label: label.into(),
        producer,
        error: None,
        registers: None,
        entry: None,
        sass: None,
        occupancy: vec![],
        counts: None,
        runs: vec![],
    };
    let text = match ptx {
        Ok(t) => t,
        Err(e) => {
            r.error = Some(e);
            return (r, None);
        }
    };
    r.counts = Some(static_counts(&text));
    let path = scratch.join(format!("{file}.ptx"));
    if let Err(e) = std::fs::write(&path, &text) {
        r.error = Some(format!("could not write '{}': {e}", path.display()));
        return (r, None);
    }
    if let Some(ptxas) = &tools.ptxas {
        let cubin = scratch.join(format!("{file}.cubin"));
        match run(Command::new(ptxas).args(["-O3", "-v", &format!("-arch={mcpu}"), "-o"]).arg(&cubin).arg(&path)) {
            Ok(o) => {
                let entries = ptxas_entries(&o.stderr);
                r.entry = pick(&entries, |e| e.name.as_str(), |e| u64::from(e.registers), kernel).cloned();
                r.registers = r.entry.as_ref().map(|e| e.registers);
                if let Some(cuobjdump) = &tools.cuobjdump {
                    if let Ok(o) = run(Command::new(cuobjdump).arg("-sass").arg(&cubin)) {
                        let funcs = sass_functions(&o.stdout);
                        r.sass = pick(&funcs, |f| f.0.as_str(), |f| f.1.instructions, kernel).map(|f| f.1);
                    }
                }
            }
            Err(e) => r.error = Some(format!("ptxas rejected it: {e}")),
        }
    }
    (r, Some(path))
}

/// Runs every build that has PTX on every spec; compares outputs with the `-O0` build's.
fn emulate_all(
    results: &mut [BuildResult],
    ptx_files: &[Option<PathBuf>],
    specs: &[SpecEntry],
    tools: &Tools,
    o: &MeasureOptions,
    gpu: &GpuProbe,
) {
    let opts = RunOptions { jobs: Some(1), ..RunOptions::default() };
    for (si, SpecEntry { path: spec_path, parsed, .. }) in specs.iter().enumerate() {
        let Ok((spec, launch)) = parsed else {
            for r in results.iter_mut() {
                r.runs.push(Err("spec not usable".into()));
            }
            continue;
        };
        let mut reference: Option<Vec<Vec<u8>>> = None;
        for (r, file) in results.iter_mut().zip(ptx_files) {
            let Some(file) = file else {
                r.runs.push(Err(r.error.clone().unwrap_or_default()));
                continue;
            };
            let outcome = std::fs::read_to_string(file)
                .map_err(|e| e.to_string())
                .and_then(|t| {
                    simtc_emu::load_ptx(&t, &file.display().to_string()).map_err(|e| first_lines(&e.to_string(), 3))
                })
                .and_then(|prog| simtc_emu::run(&prog, launch, &opts).map_err(|e| first_lines(&e.to_string(), 3)));
            let res = match outcome {
                Err(e) => Err(format!("emulator: {e}")),
                Ok(res) => Ok(run_metrics(res)),
            };
            let res = res.map(|(mut m, bufs)| {
                if r.label == O0 {
                    reference = Some(bufs);
                } else if let Some(base) = &reference {
                    m.mismatch = compare_outputs(spec, launch, base, &bufs, r.producer, o.rtol);
                }
                let gpu_build = matches!(r.label.as_str(), O3 | LLC | NVCC);
                if o.gpu && gpu_build {
                    m.gpu_ms = gpu.time(&tools.simtc, spec_path, file);
                }
                m
            });
            debug_assert_eq!(r.runs.len(), si);
            r.runs.push(res);
        }
    }
}

fn run_metrics(res: simtc_emu::RunResult) -> (RunMetrics, Vec<Vec<u8>>) {
    let c = &res.counters;
    let eff =
        if c.warp_instructions == 0 { 0.0 } else { c.thread_instructions as f64 / (32.0 * c.warp_instructions as f64) };
    let m = RunMetrics {
        warp_instructions: c.warp_instructions,
        sass_estimate: c.sass_instructions_estimate,
        simt_efficiency: eff,
        shared_instructions: c.shared_instructions,
        gpu_ms: None,
        mismatch: None,
    };
    (m, res.buffers)
}

/// Compares the output buffers of a build with the reference's. simtc builds must agree as `simtc check`
/// requires (integers exactly, floats within `rtol` relative plus `rtol` of the buffer's largest magnitude: `-O3`
/// contracts `contract` multiply-adds into `fma`, `-O0` does not); llc's and nvcc's PTX contract `a * b + c` into `fma`
/// differently, so their floats may also differ by 1e-4 relative plus 1e-5 of the buffer's largest magnitude.
fn compare_outputs(
    spec: &LaunchSpec,
    launch: &Launch,
    base: &[Vec<u8>],
    bufs: &[Vec<u8>],
    producer: Producer,
    rtol: f64,
) -> Option<String> {
    let mut diffs = Vec::new();
    for (name, ty) in spec.outputs() {
        let Some(i) = launch.buffers.iter().position(|b| b.name == name) else { continue };
        let d = if producer == Producer::Simtc || !ty.is_float() {
            simtc_emu::report::compare_buffer_scaled(&base[i], &bufs[i], ty, rtol, rtol)
        } else {
            compare_floats_loosely(&base[i], &bufs[i], ty, rtol.max(1e-4), 1e-5)
        };
        if let Some(d) = d {
            diffs.push(format!("{name}: {d}"));
        }
    }
    (!diffs.is_empty()).then(|| diffs.join("; "))
}

/// Float buffers agree when every element is within `rel` relative or `abs_scale` times the largest magnitude of
/// the reference buffer (NaN only with NaN).
fn compare_floats_loosely(a: &[u8], b: &[u8], ty: ElemTy, rel: f64, abs_scale: f64) -> Option<String> {
    let decode = |d: &[u8]| -> Vec<f64> {
        if ty.size() == 4 {
            d.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]) as f64).collect()
        } else {
            d.chunks_exact(8).map(|c| f64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]])).collect()
        }
    };
    let (x, y) = (decode(a), decode(b));
    if x.len() != y.len() {
        return Some(format!("sizes differ: {} vs {} elements", x.len(), y.len()));
    }
    let scale = x.iter().filter(|v| v.is_finite()).fold(0f64, |m, v| m.max(v.abs()));
    let bad: Vec<usize> = (0..x.len())
        .filter(|&i| {
            let (p, q) = (x[i], y[i]);
            if p.is_nan() || q.is_nan() {
                return !(p.is_nan() && q.is_nan());
            }
            p != q && (p - q).abs() > rel * p.abs().max(q.abs()) + abs_scale * scale
        })
        .collect();
    let &i = bad.first()?;
    Some(format!("{} of {} elements differ; first at index {i}: {:e} vs {:e}", bad.len(), x.len(), x[i], y[i]))
}

/// Times `simtc compile -O3`, `llc -O3` and `nvcc -ptx -O3` on kernel `r` (median of `runs` processes each).
pub(crate) fn time_compilers(k: &Kernel, r: &mut KernelResult, tools: &Tools, o: &MeasureOptions, scratch: &Path) {
    let Some(ll) = r.ll.clone() else { return };
    let mcpu = o.mcpu.as_str();
    let out = scratch.join("timed.ptx");
    // A compiler whose build failed was reported there; it is not timed.
    let ok = |label: &str| r.build(label).is_some_and(|b| b.error.is_none() || b.counts.is_some());
    let (llc_ok, nvcc_ok) = (ok(LLC), ok(NVCC));
    let mut timed = |cmd: &mut dyn FnMut() -> Command| -> Option<f64> {
        let mut v = Vec::new();
        for _ in 0..o.runs.max(1) {
            match run(&mut cmd()) {
                Ok(ran) => v.push(ran.seconds),
                Err(e) => {
                    r.notes.push(format!("{}: timing: {e}", k.name));
                    return None;
                }
            }
        }
        Some(median(&mut v))
    };
    let simtc = timed(&mut || {
        let mut c = Command::new(&tools.simtc);
        c.arg("compile").arg(&ll).args(["-O3", "--mcpu", mcpu, "-o"]).arg(&out);
        c
    });
    let llc = tools.llc.as_ref().filter(|_| llc_ok).and_then(|llc| {
        timed(&mut || {
            let mut c = Command::new(llc);
            c.args(["-O3", "-march=nvptx64", &format!("-mcpu={mcpu}")]).arg(&ll).arg("-o").arg(&out);
            c
        })
    });
    let nvcc = match (&tools.nvcc, &k.cu) {
        (Some(nvcc), Some(cu)) if nvcc_ok => timed(&mut || nvcc_command(nvcc, cu, mcpu, &out)),
        _ => None,
    };
    r.times = Times { simtc, llc, nvcc };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_cover_every_optional_pass() {
        let b = bench_builds();
        assert_eq!((b[0].label.as_str(), b[1].label.as_str()), (O0, O3));
        for p in crate::builds::optional_passes() {
            let x = b.iter().find(|x| x.disabled == [p.to_string()]).unwrap_or_else(|| panic!("{p}"));
            assert_eq!(x.short, format!("no {p}"));
        }
        // structurizecfg does not run at plain -O3: it is toggled on the structurized pipeline.
        let s = b.iter().find(|x| x.short == "no structurizecfg").expect("structurizecfg is optional");
        assert_eq!(s.knobs, ["structurize=true"]);
    }

    #[test]
    fn loose_float_comparison() {
        let f = |v: &[f32]| -> Vec<u8> { v.iter().flat_map(|x| x.to_le_bytes()).collect() };
        let a = f(&[1000.0, 1.0, f32::NAN]);
        assert_eq!(compare_floats_loosely(&a, &f(&[1000.0, 1.005, f32::NAN]), ElemTy::F32, 1e-4, 1e-5), None);
        let d = compare_floats_loosely(&a, &f(&[1000.0, 1.5, f32::NAN]), ElemTy::F32, 1e-4, 1e-5).expect("differs");
        assert!(d.starts_with("1 of 3 elements differ; first at index 1"), "{d}");
        assert!(compare_floats_loosely(&a, &f(&[1000.0, 1.0, 0.0]), ElemTy::F32, 1e-4, 1e-5).is_some());
    }
}
