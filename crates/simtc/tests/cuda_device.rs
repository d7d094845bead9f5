//! `simtc run --device cuda`: without a CUDA driver or GPU (CI) it is exactly
//! `error: no CUDA driver/GPU found (<reason>)` and exit 1; with one, the GPU's output buffers equal the
//! emulator's and the metrics JSON carries `gpu_ms`. Spec errors are reported before the driver is touched.

mod common;

use std::path::PathBuf;
use std::process::{Command, Output};

fn simtc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_simtc")).args(args).output().unwrap()
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("simtc-cuda-device-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

const NO_GPU: &str = "error: no CUDA driver/GPU found (";

#[test]
fn no_gpu_is_a_clear_error_and_a_gpu_agrees_with_the_emulator() {
    let dir = temp_dir("run");
    let root = common::repo_root();
    let spec = root.join("examples/kernels/warp_reduce.toml");
    let ptx = dir.join("warp_reduce.ptx");
    let o = simtc(&[
        "compile",
        root.join("examples/kernels/warp_reduce.ll").to_str().unwrap(),
        "-o",
        ptx.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (gpu_out, gpu_metrics) = (dir.join("gpu"), dir.join("gpu.json"));
    let o = simtc(&[
        "run",
        spec.to_str().unwrap(),
        "--ptx",
        ptx.to_str().unwrap(),
        "--device",
        "cuda",
        "--reps",
        "3",
        "--warmup",
        "1",
        "--out",
        gpu_out.to_str().unwrap(),
        "--metrics",
        gpu_metrics.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    if err.starts_with(NO_GPU) {
        assert_eq!(o.status.code(), Some(1));
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        assert!(err.trim_end().ends_with(')'), "{err}");
        assert!(o.stdout.is_empty() && !gpu_out.exists() && !gpu_metrics.exists());
    } else {
        assert!(o.status.success(), "--device cuda failed:\n{err}");
        let (emu_out, emu_metrics) = (dir.join("emu"), dir.join("emu.json"));
        let o = simtc(&[
            "run",
            spec.to_str().unwrap(),
            "--ptx",
            ptx.to_str().unwrap(),
            "--out",
            emu_out.to_str().unwrap(),
            "--metrics",
            emu_metrics.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let read =
            |p: &PathBuf| -> serde_json::Value { serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap() };
        let (g, e) = (read(&gpu_metrics), read(&emu_metrics));
        assert_eq!(g["outputs"], e["outputs"], "the GPU's outputs differ from the emulator's");
        assert!(g["gpu_ms"].as_f64().unwrap() > 0.0, "{g}");
        assert_eq!(g["reps"], 3);
        for f in std::fs::read_dir(&emu_out).unwrap().flatten() {
            let name = f.file_name();
            assert_eq!(std::fs::read(f.path()).unwrap(), std::fs::read(gpu_out.join(&name)).unwrap(), "{name:?}");
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn spec_errors_come_before_the_driver() {
    let dir = temp_dir("spec");
    let root = common::repo_root();
    let ptx = dir.join("warp_reduce.ptx");
    let o = simtc(&[
        "compile",
        root.join("examples/kernels/warp_reduce.ll").to_str().unwrap(),
        "-o",
        ptx.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    // The bitonic_sort spec names another kernel.
    let spec = root.join("examples/kernels/bitonic_sort.toml");
    let o = simtc(&["run", spec.to_str().unwrap(), "--ptx", ptx.to_str().unwrap(), "--device", "cuda"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("the PTX has no kernel named 'bitonic_sort'"), "{err}");
    let o = simtc(&["run", spec.to_str().unwrap(), "--ptx", ptx.to_str().unwrap(), "--device", "cuda", "--reps", "0"]);
    assert_eq!(o.status.code(), Some(2), "--reps 0 is a usage error");
    let o = simtc(&["run", spec.to_str().unwrap(), "--ptx", ptx.to_str().unwrap(), "--device", "cuda", "--profile"]);
    assert_eq!(o.status.code(), Some(2), "--profile is emulator-only");
    std::fs::remove_dir_all(&dir).ok();
}
