//! SVG charts of the report, drawn with `plotters`' SVG backend (no fonts or system libraries: the SVG names a
//! font family and the viewer renders the text).
//!
//! Charts: SASS instructions, registers, PTX instructions, PTX movs, SASS-weighted and plain warp instructions,
//! shared-memory instructions and GPU time of simtc -O3 and nvcc relative to llc-19 (= 1, the reference line);
//! compile time of llc-19 and nvcc relative to simtc; SIMT efficiency of the three; and the geometric means of the
//! pass-ablation builds (warp instructions, SASS instructions, registers) relative to simtc -O3. A chart without
//! any value (no nvcc, no GPU, no shared memory) is not written.

use super::measure::{KernelResult, LLC, NVCC, O3};
use super::report::{geomean_ratio, rows, Metric};
use super::Context;
use plotters::prelude::*;
use std::path::Path;

/// A series of bars.
struct Series {
    name: String,
    color: RGBColor,
    values: Vec<Option<f64>>,
}

const SIMTC_COLOR: RGBColor = RGBColor(0x1f, 0x77, 0xb4);
const LLC_COLOR: RGBColor = RGBColor(0xff, 0x7f, 0x0e);
const NVCC_COLOR: RGBColor = RGBColor(0x2c, 0xa0, 0x2c);
const FOURTH_COLOR: RGBColor = RGBColor(0x94, 0x67, 0xbd);

/// Writes the charts into `out`; returns `(title, file name)` of each chart written.
pub(crate) fn write_charts(
    out: &Path,
    results: &[KernelResult],
    ctx: &Context,
) -> Result<Vec<(String, String)>, String> {
    let mut written = Vec::new();
    let mut chart =
        |file: &str, title: String, y: &str, cats: Vec<String>, series: Vec<Series>, reference: Option<f64>| {
            if series.iter().all(|s| s.values.iter().all(Option::is_none)) {
                // Stale charts of an earlier run would be linked nowhere; remove them.
                let _ = std::fs::remove_file(out.join(file));
                return Ok(());
            }
            bar_chart(&out.join(file), &title, y, &cats, &series, reference)?;
            written.push((title, file.to_string()));
            Ok::<(), String>(())
        };
    for (m, file) in [
        (Metric::SassInstructions, "sass_instructions.svg"),
        (Metric::Registers, "registers.svg"),
        (Metric::Instructions, "instructions.svg"),
        (Metric::Movs, "movs.svg"),
        (Metric::SassEstimate, "sass_estimate.svg"),
        (Metric::WarpInstructions, "warp_instructions.svg"),
        (Metric::SharedInstructions, "shared_instructions.svg"),
        (Metric::GpuMs, "gpu_ms.svg"),
    ] {
        let rs = rows(results, m);
        let rel = |label: &str| -> Vec<Option<f64>> {
            rs.iter()
                .map(|(_, k, s)| {
                    let (a, b) = (m.value(&results[*k], label, *s)?, m.value(&results[*k], LLC, *s)?);
                    (b > 0.0).then(|| a / b)
                })
                .collect()
        };
        chart(
            file,
            format!("{} relative to llc-19 (lower is better)", capitalize(m.name())),
            "value / llc-19's value",
            rs.iter().map(|r| r.0.clone()).collect(),
            vec![
                Series { name: "simtc -O3".into(), color: SIMTC_COLOR, values: rel(O3) },
                Series { name: "nvcc".into(), color: NVCC_COLOR, values: rel(NVCC) },
            ],
            Some(1.0),
        )?;
    }
    // Compile time: llc and nvcc relative to simtc.
    let m = Metric::CompileMs;
    let rs = rows(results, m);
    let rel = |label: &str, base: &str| -> Vec<Option<f64>> {
        rs.iter()
            .map(|(_, k, s)| {
                let (a, b) = (m.value(&results[*k], label, *s)?, m.value(&results[*k], base, *s)?);
                (b > 0.0).then(|| a / b)
            })
            .collect()
    };
    chart(
        "compile_time.svg",
        "Compile time relative to simtc -O3 (higher: simtc is faster)".into(),
        "time / simtc's time",
        rs.iter().map(|r| r.0.clone()).collect(),
        vec![
            Series { name: "llc-19".into(), color: LLC_COLOR, values: rel(LLC, O3) },
            Series { name: "nvcc (from CUDA source)".into(), color: NVCC_COLOR, values: rel(NVCC, O3) },
        ],
        Some(1.0),
    )?;
    let m = Metric::SimtEfficiency;
    let rs = rows(results, m);
    let abs =
        |label: &str| -> Vec<Option<f64>> { rs.iter().map(|(_, k, s)| m.value(&results[*k], label, *s)).collect() };
    chart(
        "simt_efficiency.svg",
        "SIMT efficiency (higher is better)".into(),
        "active lanes / 32 per warp instruction",
        rs.iter().map(|r| r.0.clone()).collect(),
        vec![
            Series { name: "simtc -O3".into(), color: SIMTC_COLOR, values: abs(O3) },
            Series { name: "llc-19".into(), color: LLC_COLOR, values: abs(LLC) },
            Series { name: "nvcc".into(), color: NVCC_COLOR, values: abs(NVCC) },
        ],
        None,
    )?;
    // Pass ablation: geometric means of each build relative to -O3.
    let cols: Vec<&super::measure::BenchBuild> = ctx.builds.iter().filter(|b| b.label != O3).collect();
    let mean = |m: Metric| -> Vec<Option<f64>> {
        cols.iter().map(|b| geomean_ratio(results, m, &b.label, O3).map(|g| g.0)).collect()
    };
    chart(
        "passes.svg",
        "simtc builds relative to -O3, geometric mean (above 1: the pass left out helps)".into(),
        "build / -O3",
        cols.iter().map(|b| b.short.clone()).collect(),
        vec![
            Series { name: "warp instructions".into(), color: SIMTC_COLOR, values: mean(Metric::WarpInstructions) },
            Series { name: "SASS instructions".into(), color: LLC_COLOR, values: mean(Metric::SassInstructions) },
            Series { name: "ptxas registers".into(), color: FOURTH_COLOR, values: mean(Metric::Registers) },
        ],
        Some(1.0),
    )?;
    Ok(written)
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// A grouped bar chart: one group per category, one bar per series, an optional horizontal reference line.
fn bar_chart(
    path: &Path,
    title: &str,
    y_desc: &str,
    cats: &[String],
    series: &[Series],
    reference: Option<f64>,
) -> Result<(), String> {
    let err = |e: &dyn std::fmt::Display| format!("simtc: error: could not draw '{}': {e}", path.display());
    let n = cats.len().max(1);
    let k = series.len().max(1);
    let width = (120 + n * (k * 12 + 12)).max(720) as u32;
    let longest = cats.iter().map(|c| c.len()).max().unwrap_or(0);
    let label_area = (16 + 7 * longest).clamp(40, 200) as u32;
    let height = 420 + label_area;
    let top = series.iter().flat_map(|s| s.values.iter().flatten()).fold(0f64, |a, &b| a.max(b));
    // Headroom above the tallest bar for the legend.
    let ymax = (top.max(reference.unwrap_or(0.0)) * 1.3).max(1e-9);
    let root = SVGBackend::new(path, (width, height)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 18))
        .margin(14)
        .x_label_area_size(label_area)
        .y_label_area_size(64)
        .build_cartesian_2d(0f64..n as f64, 0f64..ymax)
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_desc(y_desc)
        .y_label_formatter(&|v| format!("{v:.2}"))
        .draw()
        .map_err(|e| err(&e))?;
    let slot = 0.8 / k as f64;
    for (si, s) in series.iter().enumerate() {
        if s.values.iter().all(Option::is_none) {
            continue;
        }
        let color = s.color;
        let bars = s.values.iter().enumerate().filter_map(|(i, v)| {
            let x0 = i as f64 + 0.1 + si as f64 * slot;
            v.map(|v| Rectangle::new([(x0, 0.0), (x0 + slot, v)], color.filled()))
        });
        chart
            .draw_series(bars)
            .map_err(|e| err(&e))?
            .label(s.name.as_str())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
    }
    if let Some(r) = reference {
        chart
            .draw_series(std::iter::once(PathElement::new(vec![(0.0, r), (n as f64, r)], BLACK.stroke_width(1))))
            .map_err(|e| err(&e))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(|e| err(&e))?;
    let style = ("sans-serif", 12).into_font().transform(FontTransform::Rotate90).color(&BLACK);
    for (i, c) in cats.iter().enumerate() {
        let (px, py) = chart.backend_coord(&(i as f64 + 0.5, 0.0));
        root.draw(&Text::new(c.as_str(), (px - 5, py + 8), style.clone())).map_err(|e| err(&e))?;
    }
    root.present().map_err(|e| err(&e))?;
    Ok(())
}
