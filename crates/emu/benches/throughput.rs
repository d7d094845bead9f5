//! Emulator throughput in thread instructions per second, on one host thread and on two:
//! * compute-heavy: `float_heavy` (N-body forces) with n = 2048 bodies (16 CTAs of 128 threads);
//! * bitonic sort of 2^20 elements: `bitonic_sort` with 4096 CTAs of 256 threads.
//!
//! The PTX comes from llc-19 (`SIMTC_LLVM_BIN` or `/usr/lib/llvm-19/bin`); without llc the benchmark prints a
//! note and exits. Only `simtc_emu::run` is timed (not parsing or buffer set-up); each configuration runs
//! `SIMTC_BENCH_REPS` times (default 3) and the best time is reported.
//!
//! `cargo bench -p simtc-emu --bench throughput`

use simtc_emu::spec::ArgSpec;
use simtc_emu::{LaunchSpec, RunOptions};
use std::path::PathBuf;
use std::time::Instant;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn llc_ptx(name: &str) -> Option<String> {
    let dir = std::env::var_os("SIMTC_LLVM_BIN").map(PathBuf::from).unwrap_or_else(|| "/usr/lib/llvm-19/bin".into());
    let llc = dir.join("llc");
    if !llc.is_file() {
        return None;
    }
    let out = std::env::temp_dir().join(format!("simtc-emu-bench-{name}.ptx"));
    let ll = repo().join(format!("examples/kernels/{name}.ll"));
    let st = std::process::Command::new(llc)
        .args(["-O3", "-march=nvptx64", "-mcpu=sm_90"])
        .arg(&ll)
        .arg("-o")
        .arg(&out)
        .status()
        .ok()?;
    if !st.success() {
        return None;
    }
    std::fs::read_to_string(out).ok()
}

fn spec(name: &str) -> LaunchSpec {
    LaunchSpec::read(&repo().join(format!("examples/kernels/{name}.toml"))).expect("example spec")
}

fn bench(label: &str, ptx: &str, spec: &LaunchSpec) {
    let prog = simtc_emu::load_ptx(ptx, label).expect("PTX loads");
    let launch = spec.materialize().expect("launch");
    let reps: usize = std::env::var("SIMTC_BENCH_REPS").ok().and_then(|s| s.parse().ok()).unwrap_or(3);
    for jobs in [1, 2] {
        let opts = RunOptions { jobs: Some(jobs), ..RunOptions::default() };
        let mut best = f64::MAX;
        let mut best_cpu = f64::MAX;
        let mut thread_insts = 0;
        for _ in 0..reps {
            let (t, c) = (Instant::now(), cpu_seconds());
            let r = simtc_emu::run(&prog, &launch, &opts).expect("runs");
            best = best.min(t.elapsed().as_secs_f64());
            if let (Some(c0), Some(c1)) = (c, cpu_seconds()) {
                best_cpu = best_cpu.min(c1 - c0);
            }
            thread_insts = r.counters.thread_instructions;
        }
        let cpu = if best_cpu < f64::MAX {
            format!("  cpu {best_cpu:>6.2} s  {:>6.1} M/s per core", thread_insts as f64 / best_cpu / 1e6)
        } else {
            String::new()
        };
        println!(
            "{label:<20} jobs={jobs}  {thread_insts:>10} thread instructions  wall {best:>6.3} s  {:>6.1} M/s{cpu}",
            thread_insts as f64 / best / 1e6
        );
    }
}

/// User + system CPU time of this process, in seconds (Linux `/proc/self/stat`, clock ticks of 10 ms).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let (Some(fh), Some(bs)) = (llc_ptx("float_heavy"), llc_ptx("bitonic_sort")) else {
        println!("note: llc-19 not found; skipping the emulator throughput benchmark");
        return;
    };
    let mut f = spec("float_heavy");
    f.grid = [16, 1, 1];
    for a in &mut f.args {
        match a {
            ArgSpec::Buffer(b) => b.len = Some(2048),
            ArgSpec::Scalar(_, v) if v.len() == 4 && u32::from_le_bytes(v[..4].try_into().unwrap()) == 256 => {
                *v = 2048u32.to_le_bytes().to_vec()
            }
            _ => {}
        }
    }
    bench("float_heavy n=2048", &fh, &f);
    let mut b = spec("bitonic_sort");
    b.grid = [4096, 1, 1];
    for a in &mut b.args {
        if let ArgSpec::Buffer(buf) = a {
            buf.len = Some(1 << 20);
        }
    }
    bench("bitonic_sort 2^20", &bs, &b);
}
