//! The Markdown report of `simtc bench`: header (the command, tools, GPU), geometric-mean summary, charts,
//! per-kernel tables of compile time, static code and emulated runs, the pass ablation tables, problems and notes,
//! and how everything is measured.
//!
//! Invariants: a missing value prints `–` and is left out of every mean; a geometric mean of ratios uses only the
//! rows where both sides are present and non-zero, and says over how many rows; a run whose outputs differ from
//! the `-O0` build's prints `MISMATCH` and is listed under problems, and so is every failed simtc build.

use super::measure::{BuildResult, KernelResult, Producer, LLC, NVCC, O0, O3};
use super::Context;

/// A measured quantity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Metric {
    /// Static SASS instructions of the launched kernel (`ptxas -O3`, `cuobjdump -sass`).
    SassInstructions,
    /// Static FFMA-class SASS instructions.
    Ffma,
    /// ptxas registers of the launched kernel.
    Registers,
    /// ptxas spill stores plus loads of the launched kernel, bytes.
    SpillBytes,
    /// Theoretical occupancy at the spec's block size.
    Occupancy,
    /// Compile time in ms (simtc `-O3`, llc, nvcc only).
    CompileMs,
    /// Static PTX instructions.
    Instructions,
    /// Static `mov` instructions.
    Movs,
    /// Emulated warp instructions.
    WarpInstructions,
    /// Emulated warp instructions weighted by their SASS instructions.
    SassEstimate,
    /// Emulated SIMT efficiency.
    SimtEfficiency,
    /// Emulated warp instructions accessing `.shared`.
    SharedInstructions,
    /// GPU kernel time in ms.
    GpuMs,
}

impl Metric {
    /// Every metric, in report order.
    pub(crate) const ALL: [Metric; 13] = [
        Metric::SassInstructions,
        Metric::Ffma,
        Metric::Registers,
        Metric::SpillBytes,
        Metric::Occupancy,
        Metric::SassEstimate,
        Metric::WarpInstructions,
        Metric::SimtEfficiency,
        Metric::SharedInstructions,
        Metric::GpuMs,
        Metric::Instructions,
        Metric::Movs,
        Metric::CompileMs,
    ];

    /// Its name in tables and charts.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Metric::SassInstructions => "SASS instructions",
            Metric::Ffma => "SASS FFMA-class",
            Metric::Registers => "ptxas registers",
            Metric::SpillBytes => "spill bytes",
            Metric::Occupancy => "occupancy",
            Metric::CompileMs => "compile time (ms)",
            Metric::Instructions => "PTX instructions",
            Metric::Movs => "PTX movs",
            Metric::WarpInstructions => "warp instructions",
            Metric::SassEstimate => "SASS-weighted warp instructions",
            Metric::SimtEfficiency => "SIMT efficiency",
            Metric::SharedInstructions => "shared-memory instructions",
            Metric::GpuMs => "GPU time (ms)",
        }
    }

    /// Whether it is measured per launch spec (else per kernel).
    pub(crate) fn per_run(self) -> bool {
        matches!(
            self,
            Metric::WarpInstructions
                | Metric::SassEstimate
                | Metric::SimtEfficiency
                | Metric::SharedInstructions
                | Metric::GpuMs
                | Metric::Occupancy
        )
    }

    /// Whether the summary adds it up over rows (counts that are often zero) instead of a geometric mean.
    pub(crate) fn summed(self) -> bool {
        matches!(self, Metric::Ffma | Metric::SpillBytes)
    }

    /// Whether a higher value is better.
    pub(crate) fn higher_is_better(self) -> bool {
        matches!(self, Metric::Ffma | Metric::Occupancy | Metric::SimtEfficiency)
    }

    /// The value for build `label` of kernel `k` on spec `spec`.
    pub(crate) fn value(self, k: &KernelResult, label: &str, spec: usize) -> Option<f64> {
        if self == Metric::CompileMs {
            let t = match label {
                O3 => k.times.simtc,
                LLC => k.times.llc,
                NVCC => k.times.nvcc,
                _ => None,
            };
            return t.map(|s| s * 1000.0);
        }
        let b = k.build(label)?;
        match self {
            Metric::SassInstructions => b.sass.map(|c| c.instructions as f64),
            Metric::Ffma => b.sass.map(|c| c.ffma as f64),
            Metric::SpillBytes => b.entry.as_ref().map(|e| f64::from(e.spill_bytes)),
            Metric::Occupancy => b.occupancy.get(spec).copied().flatten(),
            Metric::Registers => b.registers.map(f64::from),
            Metric::Instructions => b.counts.map(|c| c.instructions as f64),
            Metric::Movs => b.counts.map(|c| c.movs as f64),
            _ => {
                let r = b.runs.get(spec)?.as_ref().ok()?;
                match self {
                    Metric::WarpInstructions => Some(r.warp_instructions as f64),
                    Metric::SassEstimate => Some(r.sass_estimate as f64),
                    Metric::SimtEfficiency => Some(r.simt_efficiency),
                    Metric::SharedInstructions => Some(r.shared_instructions as f64),
                    Metric::GpuMs => r.gpu_ms,
                    _ => unreachable!("static metrics handled above"),
                }
            }
        }
    }

    /// Formats a value.
    pub(crate) fn fmt(self, v: Option<f64>) -> String {
        match v {
            None => "–".into(),
            Some(v) => match self {
                Metric::CompileMs => format!("{v:.1}"),
                Metric::SimtEfficiency => format!("{v:.4}"),
                Metric::Occupancy => format!("{v:.3}"),
                Metric::GpuMs => format!("{v:.4}"),
                _ => format!("{v:.0}"),
            },
        }
    }
}

/// The rows of a metric: `(label, kernel index, spec index)`; per-run metrics have a row per launch spec.
pub(crate) fn rows(results: &[KernelResult], m: Metric) -> Vec<(String, usize, usize)> {
    let mut v = Vec::new();
    for (ki, k) in results.iter().enumerate() {
        if m.per_run() {
            for (si, s) in k.specs.iter().enumerate() {
                v.push((s.clone(), ki, si));
            }
        } else {
            v.push((k.name.clone(), ki, 0));
        }
    }
    v
}

/// The geometric mean of `a / b` over rows where both are present and positive, with the row count.
pub(crate) fn geomean_ratio(results: &[KernelResult], m: Metric, a: &str, b: &str) -> Option<(f64, usize)> {
    let ratios = rows(results, m).into_iter().filter_map(|(_, k, s)| {
        let (x, y) = (m.value(&results[k], a, s)?, m.value(&results[k], b, s)?);
        (x > 0.0 && y > 0.0).then(|| x / y)
    });
    geomean(ratios)
}

/// Geometric mean and count of positive values.
pub(crate) fn geomean(v: impl Iterator<Item = f64>) -> Option<(f64, usize)> {
    let (mut s, mut n) = (0.0, 0usize);
    for x in v.filter(|x| *x > 0.0) {
        s += x.ln();
        n += 1;
    }
    (n > 0).then(|| ((s / n as f64).exp(), n))
}

fn cell3(k: &KernelResult, m: Metric, spec: usize) -> String {
    [O3, LLC, NVCC].iter().map(|l| m.fmt(m.value(k, l, spec))).collect::<Vec<_>>().join(" / ")
}

fn ratio_cell(r: Option<(f64, usize)>, total: usize) -> String {
    match r {
        None => "–".into(),
        Some((g, n)) if n == total => format!("{g:.3}"),
        Some((g, n)) => format!("{g:.3} ({n} of {total})"),
    }
}

/// Renders the report; `charts` are `(title, link)` pairs.
pub(crate) fn render(results: &[KernelResult], ctx: &Context, charts: &[(String, String)]) -> String {
    let mut s = String::new();
    let nspecs: usize = results.iter().map(|k| k.specs.len()).sum();
    s.push_str("# simtc benchmarks\n\n");
    s.push_str(&format!(
        "Generated by `{}`; rerun that command (from the repository root, release build) to refresh this file and \
         its charts: everything below is its output.\n\n",
        ctx.command
    ));
    s.push_str(&format!(
        "Target `{}`. {} kernels, {} launch specs. Compile times are the median of {} runs per compiler, one \
         process at a time; kernels were measured {} at a time.\n\n",
        ctx.opts.mcpu,
        results.len(),
        nspecs,
        ctx.opts.runs,
        ctx.jobs
    ));
    s.push_str("| tool | version |\n|---|---|\n");
    for (t, v) in &ctx.tools {
        s.push_str(&format!("| {t} | {v} |\n"));
    }
    s.push_str(&format!(
        "| GPU | {} |\n\n",
        match &ctx.gpu_note {
            None if ctx.opts.gpu => "`simtc run --device cuda` (times in the GPU columns)".to_string(),
            None => "not tried".to_string(),
            Some(n) => format!("none: {}", n.replace('|', "\\|")),
        }
    ));
    summary(&mut s, results);
    if !charts.is_empty() {
        s.push_str("## Charts\n\n");
        for (title, link) in charts {
            s.push_str(&format!("![{title}]({link})\n\n"));
        }
    }
    per_kernel_tables(&mut s, results);
    ablation(&mut s, results, ctx);
    problems_and_notes(&mut s, results);
    method(&mut s);
    s
}

fn summary(s: &mut String, results: &[KernelResult]) {
    s.push_str("## Summary\n\n");
    s.push_str(
        "Machine code first: what ptxas makes of each PTX (SASS, registers, spills, occupancy), then the emulated \
         runs, then the PTX itself and compile time. Geometric means over kernels (static measures) or launch specs \
         (occupancy, emulated and GPU measures); FFMA-class instructions and spill bytes are totals. The ratio \
         columns are geometric means of the per-row ratios (ratios of the totals for totals); below 1 means \
         simtc's number is lower — better, except for FFMA-class, occupancy and SIMT efficiency, where higher is \
         better. A count in parentheses says over how many rows a mean is taken when some lack the value or have \
         a zero.\n\n",
    );
    s.push_str(
        "| metric | simtc -O3 | llc-19 | nvcc | simtc / llc-19 | simtc / nvcc |\n|---|---:|---:|---:|---:|---:|\n",
    );
    for m in Metric::ALL {
        let rows = rows(results, m);
        let total = rows.len();
        if m.summed() {
            let sum = |label: &str| -> Option<f64> {
                let v: Vec<f64> = rows.iter().filter_map(|(_, k, sp)| m.value(&results[*k], label, *sp)).collect();
                (!v.is_empty()).then(|| v.iter().sum())
            };
            let ratio = |a: Option<f64>, b: Option<f64>| match (a, b) {
                (Some(a), Some(b)) if b > 0.0 => format!("{:.3}", a / b),
                _ => "–".into(),
            };
            let (a, b, c) = (sum(O3), sum(LLC), sum(NVCC));
            s.push_str(&format!(
                "| {} (total) | {} | {} | {} | {} | {} |\n",
                m.name(),
                m.fmt(a),
                m.fmt(b),
                m.fmt(c),
                ratio(a, b),
                ratio(a, c)
            ));
            continue;
        }
        let mean = |label: &str| rows_mean(results, &rows, m, label, total);
        let (a, b, c) = (mean(O3), mean(LLC), mean(NVCC));
        s.push_str(&format!(
            "| {} | {a} | {b} | {c} | {} | {} |\n",
            m.name(),
            ratio_cell(geomean_ratio(results, m, O3, LLC), total),
            ratio_cell(geomean_ratio(results, m, O3, NVCC), total)
        ));
    }
    if let Some((g, n)) = geomean_ratio(results, Metric::CompileMs, LLC, O3) {
        s.push_str(&format!("\nllc-19 takes **{g:.1}×** as long as simtc to compile (geometric mean over {n} kernels"));
        if let Some((g2, _)) = geomean_ratio(results, Metric::CompileMs, NVCC, O3) {
            s.push_str(&format!("; nvcc from CUDA source {g2:.1}×"));
        }
        s.push_str(").\n");
    }
    s.push('\n');
    against_llc(s, results);
}

/// How often simtc -O3 is at least as good as llc-19 after ptxas, and the kernels where it is not.
fn against_llc(s: &mut String, results: &[KernelResult]) {
    s.push_str("## After ptxas: simtc -O3 against llc-19\n\n");
    s.push_str("| measure | simtc at least as good | rows |\n|---|---:|---:|\n");
    let mut losers: Vec<String> = Vec::new();
    for m in [Metric::SassInstructions, Metric::Ffma, Metric::Registers, Metric::Occupancy, Metric::SassEstimate] {
        let pairs: Vec<(String, f64, f64)> = rows(results, m)
            .into_iter()
            .filter_map(|(label, k, sp)| Some((label, m.value(&results[k], O3, sp)?, m.value(&results[k], LLC, sp)?)))
            .collect();
        let good = pairs.iter().filter(|(_, a, b)| if m.higher_is_better() { a >= b } else { a <= b }).count();
        let pct = if pairs.is_empty() { 0.0 } else { 100.0 * good as f64 / pairs.len() as f64 };
        s.push_str(&format!("| {} | {good} ({pct:.0}%) | {} |\n", m.name(), pairs.len()));
        if m == Metric::SassInstructions {
            losers = pairs
                .iter()
                .filter(|(_, a, b)| a > b)
                .map(|(l, a, b)| format!("{l} ({a:.0} vs {b:.0}, {:.2}×)", a / b))
                .collect();
        }
    }
    let spills: Vec<String> = results
        .iter()
        .filter_map(|k| {
            let (a, b) = (Metric::SpillBytes.value(k, O3, 0)?, Metric::SpillBytes.value(k, LLC, 0)?);
            (a > 0.0 && b == 0.0).then(|| format!("{} ({a:.0} bytes)", k.name))
        })
        .collect();
    s.push_str(&format!(
        "\nKernels that spill where llc-19 does not: {}.\n\nKernels with more SASS instructions than llc-19: {}.\n\n",
        if spills.is_empty() { "none".to_string() } else { spills.join(", ") },
        if losers.is_empty() { "none".to_string() } else { losers.join(", ") }
    ));
}

fn fmt_mean(m: Metric, g: f64) -> String {
    match m {
        Metric::CompileMs | Metric::GpuMs | Metric::SimtEfficiency | Metric::Occupancy => m.fmt(Some(g)),
        _ => format!("{g:.1}"),
    }
}

fn rows_mean(
    results: &[KernelResult],
    rows: &[(String, usize, usize)],
    m: Metric,
    label: &str,
    total: usize,
) -> String {
    match geomean(rows.iter().filter_map(|(_, k, sp)| m.value(&results[*k], label, *sp))) {
        None => "–".into(),
        Some((g, n)) if n == total => fmt_mean(m, g),
        Some((g, n)) => format!("{} ({n})", fmt_mean(m, g)),
    }
}

fn per_kernel_tables(s: &mut String, results: &[KernelResult]) {
    s.push_str("## Compile time\n\nMilliseconds, wall clock, whole process (start included).\n\n");
    s.push_str("| kernel | simtc -O3 | llc-19 | nvcc | llc / simtc | nvcc / simtc |\n|---|---:|---:|---:|---:|---:|\n");
    for k in results {
        let t = |l: &str| Metric::CompileMs.value(k, l, 0);
        let r = |l: &str| match (t(l), t(O3)) {
            (Some(a), Some(b)) if b > 0.0 => format!("{:.1}×", a / b),
            _ => "–".into(),
        };
        let f = |l: &str| Metric::CompileMs.fmt(t(l));
        s.push_str(&format!("| {} | {} | {} | {} | {} | {} |\n", k.name, f(O3), f(LLC), f(NVCC), r(LLC), r(NVCC)));
    }
    s.push_str("\n## Static code\n\nCells are simtc -O3 / llc-19 / nvcc.\n\n");
    s.push_str(
        "| kernel | SASS instructions | SASS FFMA-class | ptxas registers | spill bytes | PTX instructions | PTX movs | \
         ptxas |\n|---|---|---|---|---|---|---|---|\n",
    );
    for k in results {
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
            k.name,
            cell3(k, Metric::SassInstructions, 0),
            cell3(k, Metric::Ffma, 0),
            cell3(k, Metric::Registers, 0),
            cell3(k, Metric::SpillBytes, 0),
            cell3(k, Metric::Instructions, 0),
            cell3(k, Metric::Movs, 0),
            ptxas_cell(k)
        ));
    }
    s.push_str("\n## Emulated runs\n\nOne row per launch spec; cells are simtc -O3 / llc-19 / nvcc. `outputs` compares every build \
                (all simtc builds, llc-19, nvcc) with simtc -O0.\n\n");
    s.push_str("| spec | occupancy | SASS-weighted warp instructions | warp instructions | SIMT efficiency | shared-memory instructions | GPU ms | outputs |\n|---|---|---|---|---|---|---|---|\n");
    for (label, ki, si) in rows(results, Metric::WarpInstructions) {
        let k = &results[ki];
        s.push_str(&format!(
            "| {label} | {} | {} | {} | {} | {} | {} | {} |\n",
            cell3(k, Metric::Occupancy, si),
            cell3(k, Metric::SassEstimate, si),
            cell3(k, Metric::WarpInstructions, si),
            cell3(k, Metric::SimtEfficiency, si),
            cell3(k, Metric::SharedInstructions, si),
            cell3(k, Metric::GpuMs, si),
            outputs_cell(k, si)
        ));
    }
    s.push('\n');
}

fn ptxas_cell(k: &KernelResult) -> String {
    let bad: Vec<&str> = k
        .builds
        .iter()
        .filter(|b| b.error.as_deref().is_some_and(|e| e.starts_with("ptxas rejected")))
        .map(|b| b.label.as_str())
        .collect();
    if bad.is_empty() {
        if k.builds.iter().any(|b| b.registers.is_some()) {
            "ok".into()
        } else {
            "–".into()
        }
    } else {
        format!("FAILED: {}", bad.join(", "))
    }
}

fn outputs_cell(k: &KernelResult, si: usize) -> String {
    let bad: Vec<&str> = k.builds.iter().filter(|b| run_mismatch(b, si).is_some()).map(|b| b.label.as_str()).collect();
    let failed = k.builds.iter().any(|b| b.producer == Producer::Simtc && run_failed(k, b, si).is_some());
    if !bad.is_empty() {
        format!("MISMATCH: {}", bad.join(", "))
    } else if failed {
        "FAILED (see problems)".into()
    } else if k.build(O0).and_then(|b| b.runs.get(si)).is_some_and(|r| r.is_ok()) {
        "same".into()
    } else {
        "–".into()
    }
}

fn run_mismatch(b: &BuildResult, si: usize) -> Option<&str> {
    b.runs.get(si)?.as_ref().ok()?.mismatch.as_deref()
}

/// Why build `b` of `k` has no emulated run on spec `si`, when that is a simtc failure (not a missing tool or
/// input, or an unusable spec).
fn run_failed<'a>(k: &KernelResult, b: &'a BuildResult, si: usize) -> Option<&'a str> {
    k.ll.as_ref()?;
    match b.runs.get(si)? {
        Err(e) if e != "spec not usable" => Some(e.as_str()),
        _ => None,
    }
}

fn ablation(s: &mut String, results: &[KernelResult], ctx: &Context) {
    s.push_str("## Pass ablation\n\nEach simtc build relative to simtc -O3 (build / -O3; above 1 means the build is worse, i.e. the pass \
                it leaves out helps). Columns: `-O0`; `structurize` = `-O3 --knob structurize=true`; `no P` = `-O3 \
                --disable-pass P` (for a pass that only runs in the structurized pipeline, on top of it). The \
                optional passes come from the driver's IR and MIR registries.\n\n");
    let cols: Vec<&super::measure::BenchBuild> = ctx.builds.iter().filter(|b| b.label != O3).collect();
    for m in [
        Metric::SassEstimate,
        Metric::WarpInstructions,
        Metric::SassInstructions,
        Metric::Registers,
        Metric::Instructions,
    ] {
        s.push_str(&format!("### {} relative to -O3\n\n", m.name()));
        s.push_str(&format!(
            "| {} | {} |\n|---|{}\n",
            if m.per_run() { "spec" } else { "kernel" },
            cols.iter().map(|b| format!("`{}`", b.short)).collect::<Vec<_>>().join(" | "),
            "---:|".repeat(cols.len())
        ));
        let rs = rows(results, m);
        for (label, ki, si) in &rs {
            let k = &results[*ki];
            let base = m.value(k, O3, *si);
            let cells: Vec<String> = cols
                .iter()
                .map(|b| {
                    let build = k.build(&b.label);
                    if m.per_run() && build.and_then(|x| run_mismatch(x, *si)).is_some() {
                        return "MISMATCH".into();
                    }
                    match (m.value(k, &b.label, *si), base) {
                        (Some(v), Some(b)) if b > 0.0 => format!("{:.3}", v / b),
                        (Some(_), Some(_)) => "–".into(),
                        _ if build.is_some_and(|x| x.error.is_some() && k.ll.is_some()) => "FAILED".into(),
                        _ => "–".into(),
                    }
                })
                .collect();
            s.push_str(&format!("| {label} | {} |\n", cells.join(" | ")));
        }
        let means: Vec<String> =
            cols.iter().map(|b| ratio_cell(geomean_ratio(results, m, &b.label, O3), rs.len())).collect();
        s.push_str(&format!("| **geomean** | {} |\n\n", means.join(" | ")));
    }
}

/// Everything that makes the run fail: simtc builds that did not compile, pass ptxas or run, and every build
/// whose outputs differ from `-O0`'s.
pub(crate) fn problems(results: &[KernelResult]) -> Vec<String> {
    let mut v = Vec::new();
    for k in results {
        if k.ll.is_none() {
            continue;
        }
        for b in k.builds.iter().filter(|b| b.producer == Producer::Simtc) {
            if let Some(e) = &b.error {
                v.push(format!("{}: simtc {}: FAILED: {e}", k.name, b.label));
            }
        }
        for (si, spec) in k.specs.iter().enumerate() {
            for b in &k.builds {
                if let Some(d) = run_mismatch(b, si) {
                    v.push(format!("{spec}: {}: MISMATCH with -O0: {d}", b.label));
                }
                if b.producer == Producer::Simtc && b.error.is_none() {
                    if let Some(e) = run_failed(k, b, si) {
                        v.push(format!("{spec}: simtc {}: FAILED: {e}", b.label));
                    }
                }
            }
        }
    }
    v
}

fn problems_and_notes(s: &mut String, results: &[KernelResult]) {
    let p = problems(results);
    s.push_str("## Problems\n\n");
    if p.is_empty() {
        s.push_str(
            "None: every simtc build compiled, passed ptxas and ran, and every build's outputs agree with -O0.\n\n",
        );
    } else {
        for x in &p {
            s.push_str(&format!("- {}\n", x.replace('|', "\\|")));
        }
        s.push('\n');
    }
    let mut notes: Vec<String> = results.iter().flat_map(|k| k.notes.iter().cloned()).collect();
    for k in results {
        for b in k.builds.iter().filter(|b| b.producer != Producer::Simtc) {
            if let Some(e) = &b.error {
                notes.push(format!("{}: {}: {e}", k.name, b.label));
            } else {
                for (si, r) in b.runs.iter().enumerate() {
                    if let Err(e) = r {
                        notes.push(format!("{}: {}: {e}", k.specs[si], b.label));
                    }
                }
            }
        }
    }
    if !notes.is_empty() {
        s.push_str("## Notes\n\n");
        for n in notes {
            s.push_str(&format!("- {}\n", n.replace('|', "\\|")));
        }
        s.push('\n');
    }
}

fn method(s: &mut String) {
    s.push_str(
        "## How it is measured\n\n\
- **Inputs**: every `K.ll` of the directory (or `K.cu` without a `K.ll`: its IR comes from `simtc cuda K.cu \
  --emit-llvm`), with the launch specs `K.toml` and `K.<variant>.toml` beside it; nvcc compiles `K.cu` when it \
  exists.\n\
- **Builds**: simtc in-process at `-O0`, `-O3`, `-O3 --knob structurize=true` and `-O3` minus each optional pass; \
  `llc -O3 -march=nvptx64 -mcpu=<target>`; `nvcc -ptx -O3 -arch=<target>`.\n\
- **Compile time**: wall clock of the whole process (`simtc compile K.ll -O3`, llc, nvcc), median of `--runs` runs, \
  one process at a time after the other measurements. nvcc starts from CUDA source (its front end is included), \
  simtc and llc from the same LLVM IR. simtc runs from a copy of its executable, as an installed file: a file the \
  linker has just written sits in the page cache in small pages and starts 9-12% slower until the cache drops it \
  (llc and nvcc are installed files).\n\
- **SASS instructions, FFMA-class**: `ptxas -O3 -v -arch=<target>` makes a cubin, `cuobjdump -sass` lists it; the \
  instructions of the launched kernel's section (the spec's `kernel`; the largest when there is no spec), without \
  NOPs and the closing self-branch; the section includes the device functions ptxas did not inline. FFMA-class: \
  `FFMA`, `FFMA32I`, `DFMA`, `HFMA2`, `HFMA2.MMA`, except `HFMA2.MMA R, -RZ, RZ, ...` (ptxas's constant move).\n\
- **ptxas registers, spill bytes**: from the same `ptxas -v`: `Used N registers` and the spill stores plus spill \
  loads of the launched kernel. A build ptxas rejects is `FAILED`.\n\
- **Occupancy**: theoretical occupancy of the launched kernel at each spec's block size and dynamic shared memory \
  (plus its static shared memory), by CUDA's rules for the target: warp, block, register (per SM sub-partition) \
  and shared-memory limits (`crates/simtc/src/bench/occupancy.rs` states them).\n\
- **PTX instructions / movs**: statements in the bodies of all `.entry` and `.func` functions of the PTX file, \
  without directives, labels and braces (a multi-line `call` counts once); movs are those whose opcode is `mov`.\n\
- **SASS-weighted warp instructions**: the emulator's `sass_instructions_estimate`: each issued warp instruction \
  weighted by the SASS instructions ptxas makes of its PTX form on the target (`crates/emu/src/sass_cost/table.tsv`, \
  generated by `scripts/sass-cost-table.py`; see `doc/emulator.md`).\n\
- **Warp instructions, SIMT efficiency, shared-memory instructions**: the SIMT emulator (`simtc run`) with one host \
  thread, so runs are deterministic: warp instructions issued, `thread instructions / (32 · warp instructions)`, and \
  warp instructions with an explicit `.shared` state space (`ld`/`st`/`atom`/`red`).\n\
- **Outputs**: every output buffer of every build (simtc builds, llc, nvcc) is compared with simtc `-O0`'s: \
  integers exactly, floats within `--rtol` relative plus `--rtol` of the buffer's largest magnitude for simtc \
  builds (as `simtc check`: `-O3` contracts `contract` multiply-adds into `fma`, `-O0` does not); llc's and nvcc's \
  floats may also differ by 1e-4 relative plus 1e-5 of the buffer's largest magnitude (they contract `a * b + c` into `fma` differently). A \
  difference is a `MISMATCH`, listed under problems, and makes `simtc bench` exit 1.\n\
- **GPU time**: `simtc run SPEC --ptx K.ptx --device cuda --metrics -` for simtc -O3, llc and nvcc, its `gpu_ms` \
  (median of timed launches after warm-ups). Without a CUDA driver or GPU the column is empty and the header says \
  why.\n\
- **Geometric means**: over rows where the value is present and positive; ratio means are means of per-row ratios.\n",
    );
}
