//! Results for people and scripts: the metrics JSON (ARCHITECTURE §8), the per-branch profile, output files and
//! output comparison.
//!
//! Metric definitions: `warp_instructions` counts issued warp instructions (every group issue, control flow
//! included); `thread_instructions` sums the active lanes of those issues; `simt_efficiency` is
//! `thread_instructions / (32 · warp_instructions)`; `simt_efficiency_nonpred` counts only active lanes whose guard
//! predicate was true (`thread_instructions_nonpred`, also reported). `divergent_branches` counts branch issues
//! that sent active lanes to more than one target; `barriers` counts CTA barrier completions summed over CTAs;
//! `uni_violations` counts `.uni` branches (and calls) whose active lanes disagreed; `shared_instructions` counts
//! issued warp instructions that access the `.shared` state space explicitly (`ld`/`st`/`atom`/`red.shared`);
//! `sass_instructions_estimate` weights each issued warp instruction by the SASS instructions ptxas makes of its
//! form on the PTX's target (`sass_cost`'s generated table: a `div.s32` counts about twenty, a register `mov` zero).

use crate::error::EmuError;
use crate::launch::{Launch, RunResult};
use crate::spec::{ElemTy, LaunchSpec};
use serde_json::json;
use sha2::{Digest, Sha256};
use std::path::Path;

/// Hex SHA-256 of `data`.
pub fn sha256_hex(data: &[u8]) -> String {
    let d = Sha256::digest(data);
    d.iter().map(|b| format!("{b:02x}")).collect()
}

fn ratio(n: u64, d: u64) -> f64 {
    if d == 0 {
        0.0
    } else {
        n as f64 / d as f64
    }
}

/// The metrics JSON object of a run.
pub fn metrics_json(spec: &LaunchSpec, launch: &Launch, r: &RunResult, reconvergence: &str) -> serde_json::Value {
    let c = &r.counters;
    let outputs = outputs_json(spec, launch, &r.buffers);
    json!({
        "kernel": launch.kernel,
        "grid": launch.grid,
        "block": launch.block,
        "warp_instructions": c.warp_instructions,
        "sass_instructions_estimate": c.sass_instructions_estimate,
        "thread_instructions": c.thread_instructions,
        "thread_instructions_nonpred": c.thread_instructions_nonpred,
        "simt_efficiency": ratio(c.thread_instructions, 32 * c.warp_instructions),
        "simt_efficiency_nonpred": ratio(c.thread_instructions_nonpred, 32 * c.warp_instructions),
        "divergent_branches": c.divergent_branches,
        "barriers": c.barriers,
        "uni_violations": c.uni_violations,
        "forced_releases": c.forced_releases,
        "shared_instructions": c.shared_instructions,
        "reconvergence": reconvergence,
        "outputs": outputs,
    })
}

/// The metrics' `outputs` object: the SHA-256 of every output buffer's final contents (`buffers` indexed like
/// [`Launch::buffers`]).
pub fn outputs_json(spec: &LaunchSpec, launch: &Launch, buffers: &[Vec<u8>]) -> serde_json::Value {
    let mut outputs = serde_json::Map::new();
    for (name, _) in spec.outputs() {
        if let Some(i) = launch.buffers.iter().position(|b| b.name == name) {
            outputs.insert(name.to_string(), json!(sha256_hex(&buffers[i])));
        }
    }
    serde_json::Value::Object(outputs)
}

/// Writes every output buffer as `dir/<name>.bin`.
pub fn write_outputs(dir: &Path, spec: &LaunchSpec, launch: &Launch, r: &RunResult) -> Result<(), EmuError> {
    write_output_buffers(dir, spec, launch, &r.buffers)
}

/// Writes every output buffer of `buffers` (indexed like [`Launch::buffers`]) as `dir/<name>.bin`.
pub fn write_output_buffers(
    dir: &Path,
    spec: &LaunchSpec,
    launch: &Launch,
    buffers: &[Vec<u8>],
) -> Result<(), EmuError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| EmuError::Io(format!("simtc: error: could not create '{}': {e}", dir.display())))?;
    for (name, _) in spec.outputs() {
        if let Some(i) = launch.buffers.iter().position(|b| b.name == name) {
            let p = dir.join(format!("{name}.bin"));
            std::fs::write(&p, &buffers[i])
                .map_err(|e| EmuError::Io(format!("simtc: error: could not write '{}': {e}", p.display())))?;
        }
    }
    Ok(())
}

/// The per-branch profile as a table, one line per branch instruction in source order.
pub fn profile_text(r: &RunResult) -> String {
    let c = &r.counters;
    let mut s = format!(
        "branch profile: {} warp instructions, SIMT efficiency {:.4} ({:.4} without predicated-off lanes), {} divergent branches\n",
        c.warp_instructions,
        ratio(c.thread_instructions, 32 * c.warp_instructions),
        ratio(c.thread_instructions_nonpred, 32 * c.warp_instructions),
        c.divergent_branches
    );
    if c.forced_releases > 0 {
        s.push_str(&format!(
            "forward-progress releases: {} (waiting lanes were let past a reconvergence point)\n",
            c.forced_releases
        ));
    }
    let with_src = r.branches.iter().any(|b| b.source.is_some());
    let src_col = |t: &str| if with_src { format!("{t:<24}") } else { String::new() };
    s.push_str(&format!(
        "{:>6} {:>12} {:>12} {:>8} {:>12} {:>9}  {}{}\n",
        "line",
        "executions",
        "divergent",
        "div%",
        "mean-active",
        "reconv",
        src_col("source"),
        "instruction"
    ));
    let mut rows: Vec<_> = r.branches.iter().collect();
    rows.sort_by_key(|b| b.line);
    for b in rows {
        let st = &b.stat;
        s.push_str(&format!(
            "{:>6} {:>12} {:>12} {:>7.1}% {:>12.2} {:>9}  {}{}{}\n",
            b.line,
            st.executions,
            st.divergent,
            100.0 * ratio(st.divergent, st.executions),
            ratio(st.active_lanes, st.executions),
            b.reconverge_line.map_or_else(|| "exit".to_string(), |l| l.to_string()),
            src_col(b.source.as_deref().unwrap_or("")),
            b.text,
            if st.executions == 0 { "  (never executed)" } else { "" }
        ));
    }
    s
}

/// Compares two output buffers of type `ty`: integers exactly, floats within `rel` relative difference (NaN
/// equals NaN). Returns a description of the first mismatch.
pub fn compare_buffer(a: &[u8], b: &[u8], ty: ElemTy, rel: f64) -> Option<String> {
    compare_buffer_scaled(a, b, ty, rel, 0.0)
}

/// [`compare_buffer`] with an absolute float allowance of `scale` times the largest finite magnitude in `a` (the
/// reference): `|x - y| <= rel * max(|x|, |y|) + scale * max|a|`. A contracted `a * b + c` (one rounding instead
/// of two) differs from the uncontracted one by rounding errors of the product's size, which under cancellation
/// can be large relative to a near-zero result but stays small relative to the buffer's magnitude.
pub fn compare_buffer_scaled(a: &[u8], b: &[u8], ty: ElemTy, rel: f64, scale: f64) -> Option<String> {
    if a.len() != b.len() {
        return Some(format!("sizes differ: {} vs {} bytes", a.len(), b.len()));
    }
    let es = ty.size();
    let magnitude = |v: f64| if v.is_finite() { v.abs() } else { 0.0 };
    let allowance = scale
        * match ty {
            ElemTy::F32 => a
                .chunks(4)
                .map(|c| magnitude(f32::from_le_bytes(c.try_into().expect("4 bytes")) as f64))
                .fold(0.0, f64::max),
            ElemTy::F64 => {
                a.chunks(8).map(|c| magnitude(f64::from_le_bytes(c.try_into().expect("8 bytes")))).fold(0.0, f64::max)
            }
            _ => 0.0,
        };
    let close = |x: f64, y: f64| float_close(x, y, rel) || (x - y).abs() <= allowance;
    let mut mismatches = 0usize;
    let mut first = None;
    for (i, (x, y)) in a.chunks(es).zip(b.chunks(es)).enumerate() {
        let bad = match ty {
            ElemTy::F32 => {
                let (x, y) = (
                    f32::from_le_bytes(x.try_into().expect("4 bytes")) as f64,
                    f32::from_le_bytes(y.try_into().expect("4 bytes")) as f64,
                );
                !close(x, y)
            }
            ElemTy::F64 => {
                let (x, y) = (
                    f64::from_le_bytes(x.try_into().expect("8 bytes")),
                    f64::from_le_bytes(y.try_into().expect("8 bytes")),
                );
                !close(x, y)
            }
            _ => x != y,
        };
        if bad {
            mismatches += 1;
            if first.is_none() {
                first = Some(i);
            }
        }
    }
    let i = first?;
    let show = |d: &[u8]| -> String {
        let c = &d[i * es..(i + 1) * es];
        match ty {
            ElemTy::F32 => format!("{:e}", f32::from_le_bytes(c.try_into().expect("4 bytes"))),
            ElemTy::F64 => format!("{:e}", f64::from_le_bytes(c.try_into().expect("8 bytes"))),
            ElemTy::I8 => format!("{}", c[0] as i8),
            ElemTy::U8 => format!("{}", c[0]),
            ElemTy::I16 => format!("{}", i16::from_le_bytes(c.try_into().expect("2 bytes"))),
            ElemTy::U16 => format!("{}", u16::from_le_bytes(c.try_into().expect("2 bytes"))),
            ElemTy::I32 => format!("{}", i32::from_le_bytes(c.try_into().expect("4 bytes"))),
            ElemTy::U32 => format!("{}", u32::from_le_bytes(c.try_into().expect("4 bytes"))),
            ElemTy::I64 => format!("{}", i64::from_le_bytes(c.try_into().expect("8 bytes"))),
            ElemTy::U64 => format!("{}", u64::from_le_bytes(c.try_into().expect("8 bytes"))),
        }
    };
    Some(format!("{mismatches} of {} elements differ; first at index {i}: {} vs {}", a.len() / es, show(a), show(b)))
}

/// Whether `x` and `y` agree within relative tolerance `rel` (NaNs agree with NaNs).
pub fn float_close(x: f64, y: f64, rel: f64) -> bool {
    if x.is_nan() || y.is_nan() {
        return x.is_nan() && y.is_nan();
    }
    if x == y {
        return true;
    }
    (x - y).abs() <= rel * x.abs().max(y.abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32b(v: &[f32]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    #[test]
    fn comparison() {
        assert!(compare_buffer(&f32b(&[1.0, 2.0]), &f32b(&[1.0, 2.0 + 1e-6]), ElemTy::F32, 1e-5).is_none());
        let d = compare_buffer(&f32b(&[1.0, 2.0, 3.0]), &f32b(&[1.0, 2.1, 3.5]), ElemTy::F32, 1e-5).unwrap();
        assert!(d.contains("2 of 3 elements differ") && d.contains("index 1"), "{d}");
        assert!(compare_buffer(&f32b(&[f32::NAN]), &f32b(&[f32::NAN]), ElemTy::F32, 1e-5).is_none());
        let d = compare_buffer(&[1, 0, 0, 0], &[2, 0, 0, 0], ElemTy::I32, 1e-5).unwrap();
        assert!(d.contains("1 vs 2"), "{d}");
        assert!(compare_buffer(&[1, 2], &[1, 2, 3], ElemTy::U8, 0.0).unwrap().contains("sizes differ"));
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
