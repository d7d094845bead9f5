//! simtc's GPU runner (`simtc run --device cuda`): runs a kernel from a launch spec on an NVIDIA GPU through the
//! CUDA driver API ([cudarc], with libcuda loaded at run time, so building needs no CUDA install).
//!
//! [`run`] reads the kernel's parameters from the PTX, marshals the launch's arguments exactly as the emulator
//! does ([`params`]), then ([`gpu`]): finds a driver and a device (else [`GpuError::NoDevice`]), JIT-compiles the
//! PTX with `cuModuleLoadDataEx` (the JIT's error log is the error message when it fails, its info log is kept),
//! uploads every buffer, launches `warmup` times and then `reps` times, each launch timed alone by a pair of CUDA
//! events on the stream, and copies the buffers back. Before every launch but the first, every buffer is restored
//! from a pristine device copy (outside the timed span), so each launch sees the spec's initial memory and the
//! final buffers are those of one launch, as in the emulator. [`RunResult::median_ms`] is the median of the
//! `reps` times ([`median`]).
//!
//! [`metrics_json`] gives the emulator's metrics JSON fields that a GPU can report (kernel, grid, block, the
//! outputs' SHA-256) plus `gpu_ms` and the timing details; warp-level counters exist only in the emulator.
#![deny(missing_docs)]

pub mod gpu;
pub mod params;

use serde_json::json;
use simtc_emu::{EmuError, Launch, LaunchSpec};

/// How to run on the GPU.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GpuOptions {
    /// Untimed launches before the timed ones (warm caches, clocks and the JIT'd code).
    pub warmup: u32,
    /// Timed launches (at least 1); `gpu_ms` is their median.
    pub reps: u32,
    /// CUDA device ordinal.
    pub device: usize,
}

impl Default for GpuOptions {
    fn default() -> Self {
        GpuOptions { warmup: 3, reps: 10, device: 0 }
    }
}

/// What a GPU run produced.
#[derive(Debug, Clone, PartialEq)]
pub struct RunResult {
    /// Final contents of each buffer, in [`Launch::buffers`] order.
    pub buffers: Vec<Vec<u8>>,
    /// Milliseconds of each timed launch, in launch order.
    pub times_ms: Vec<f64>,
    /// The device's name.
    pub device_name: String,
    /// Compute capability (major, minor).
    pub compute_capability: (i32, i32),
    /// Registers per thread of the kernel as the driver's JIT compiled it.
    pub registers: i32,
    /// The JIT's info log (may be empty).
    pub jit_log: String,
    /// Warm-up launches done.
    pub warmup: u32,
}

impl RunResult {
    /// The median of [`RunResult::times_ms`].
    pub fn median_ms(&self) -> f64 {
        median(&self.times_ms)
    }
}

/// Why a GPU run failed.
#[derive(Debug, Clone, PartialEq)]
pub enum GpuError {
    /// No usable driver or device; the reason is inside (`error: no CUDA driver/GPU found (<reason>)`).
    NoDevice(String),
    /// The spec or the PTX does not fit (the emulator's message).
    Launch(EmuError),
    /// The driver's JIT rejected the PTX: the driver's error, then the JIT's error log.
    Jit(String),
    /// A driver call failed (what was being done, and the driver's error name and description).
    Driver(String),
}

impl std::fmt::Display for GpuError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GpuError::NoDevice(why) => write!(f, "error: no CUDA driver/GPU found ({why})"),
            GpuError::Launch(e) => write!(f, "{e}"),
            GpuError::Jit(log) => write!(f, "error: the CUDA driver could not compile the PTX: {log}"),
            GpuError::Driver(msg) => write!(f, "error: {msg}"),
        }
    }
}

impl From<EmuError> for GpuError {
    fn from(e: EmuError) -> GpuError {
        GpuError::Launch(e)
    }
}

/// Runs `launch` on the PTX text `ptx` (named `file` in errors) on a GPU.
pub fn run(ptx: &str, file: &str, launch: &Launch, opts: &GpuOptions) -> Result<RunResult, GpuError> {
    let params = params::entry_params(ptx, file, &launch.kernel)?;
    // Check the arguments against the kernel before any driver call (addresses are filled in later).
    params::ArgStorage::new(launch, &params, &vec![0; launch.buffers.len()])?;
    for (what, d) in [("grid", launch.grid), ("block", launch.block)] {
        if d.contains(&0) {
            return Err(EmuError::Launch(format!("error: {what} dimensions must be at least 1, got {d:?}")).into());
        }
    }
    if opts.reps == 0 {
        return Err(GpuError::Driver("--reps must be at least 1".into()));
    }
    gpu::run(ptx, launch, &params, opts)
}

/// One launch of a run's schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LaunchStep {
    /// Restore every buffer from its pristine copy first (outside the timed span).
    pub restore: bool,
    /// Keep the launch's time (a timed repetition, not a warm-up).
    pub timed: bool,
}

/// The launches of a run: `warmup` untimed ones, then `reps` timed ones; every launch but the first restores the
/// buffers first, so each starts from the spec's memory.
pub fn schedule(opts: &GpuOptions) -> impl Iterator<Item = LaunchStep> {
    let (warmup, reps) = (opts.warmup, opts.reps);
    (0..warmup + reps).map(move |i| LaunchStep { restore: i > 0, timed: i >= warmup })
}

/// What is uploaded for a buffer: its bytes, or one zero byte for an empty buffer (the driver refuses empty
/// allocations; the read-back is truncated to the real length).
pub fn device_image(data: &[u8]) -> Vec<u8> {
    if data.is_empty() {
        vec![0]
    } else {
        data.to_vec()
    }
}

/// The median of `xs` (the mean of the middle two for an even count; 0 for none).
pub fn median(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// The metrics JSON of a GPU run: kernel, grid, block and the outputs' SHA-256 as the emulator writes them, plus
/// `device`, `gpu`, `compute_capability`, `registers`, `gpu_ms` (median), `gpu_ms_min`, `gpu_ms_max`,
/// `gpu_times_ms`, `warmup` and `reps`.
pub fn metrics_json(spec: &LaunchSpec, launch: &Launch, r: &RunResult) -> serde_json::Value {
    let min = r.times_ms.iter().copied().fold(f64::INFINITY, f64::min);
    let max = r.times_ms.iter().copied().fold(0.0, f64::max);
    json!({
        "kernel": launch.kernel,
        "grid": launch.grid,
        "block": launch.block,
        "device": "cuda",
        "gpu": r.device_name,
        "compute_capability": format!("{}.{}", r.compute_capability.0, r.compute_capability.1),
        "registers": r.registers,
        "gpu_ms": r.median_ms(),
        "gpu_ms_min": if r.times_ms.is_empty() { 0.0 } else { min },
        "gpu_ms_max": max,
        "gpu_times_ms": r.times_ms,
        "warmup": r.warmup,
        "reps": r.times_ms.len(),
        "outputs": simtc_emu::report::outputs_json(spec, launch, &r.buffers),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_even_and_empty() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(&[]), 0.0);
        assert_eq!(median(&[0.5]), 0.5);
    }

    #[test]
    fn schedule_warms_up_then_times_and_restores_before_every_relaunch() {
        let steps: Vec<LaunchStep> = schedule(&GpuOptions { warmup: 2, reps: 3, device: 0 }).collect();
        let flags: Vec<(bool, bool)> = steps.iter().map(|s| (s.restore, s.timed)).collect();
        assert_eq!(flags, [(false, false), (true, false), (true, true), (true, true), (true, true)]);
        let steps: Vec<LaunchStep> = schedule(&GpuOptions { warmup: 0, reps: 1, device: 0 }).collect();
        assert_eq!(steps, [LaunchStep { restore: false, timed: true }]);
    }

    #[test]
    fn empty_buffers_upload_one_byte() {
        assert_eq!(device_image(&[]), [0]);
        assert_eq!(device_image(&[1, 2, 3]), [1, 2, 3]);
    }

    #[test]
    fn metrics_have_the_emulators_fields_and_gpu_ms() {
        let spec = LaunchSpec::parse(
            "kernel = \"k\"\ngrid = 3\nblock = 64\n[[args]]\nbuffer = \"o\"\ntype = \"u8\"\nlen = 3\noutput = true\n",
            std::path::Path::new("."),
        )
        .unwrap();
        let launch = spec.materialize().unwrap();
        let r = RunResult {
            buffers: vec![b"abc".to_vec()],
            times_ms: vec![0.25, 0.5, 0.125],
            device_name: "NVIDIA H100".into(),
            compute_capability: (9, 0),
            registers: 24,
            jit_log: String::new(),
            warmup: 3,
        };
        let m = metrics_json(&spec, &launch, &r);
        assert_eq!(m["kernel"], "k");
        assert_eq!(m["grid"], json!([3, 1, 1]));
        assert_eq!(m["gpu_ms"], 0.25);
        assert_eq!(m["gpu_ms_min"], 0.125);
        assert_eq!(m["gpu_ms_max"], 0.5);
        assert_eq!(m["reps"], 3);
        assert_eq!(m["compute_capability"], "9.0");
        assert_eq!(m["outputs"]["o"], "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn spec_errors_come_before_the_driver() {
        let ptx = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n\tret;\n}\n";
        let spec = LaunchSpec::parse("kernel = \"k\"\ngrid = 1\nblock = 32\n", std::path::Path::new(".")).unwrap();
        let e = run(ptx, "k.ptx", &spec.materialize().unwrap(), &GpuOptions::default()).unwrap_err();
        assert!(matches!(e, GpuError::Launch(_)), "{e}");
        assert!(e.to_string().contains("takes 1 parameters but the launch passes 0"), "{e}");
        let spec = LaunchSpec::parse("kernel = \"x\"\ngrid = 1\nblock = 32\n", std::path::Path::new(".")).unwrap();
        let e = run(ptx, "k.ptx", &spec.materialize().unwrap(), &GpuOptions::default()).unwrap_err();
        assert!(e.to_string().contains("no kernel named 'x'"), "{e}");
    }
}
