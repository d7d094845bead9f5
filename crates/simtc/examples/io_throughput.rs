//! Reader / verifier / writer throughput on one file, measured in CPU time of this process (robust on a loaded
//! machine): `cargo run --release -p simtc --example io_throughput -- FILE [ITERATIONS]`.
//!
//! `io_throughput -- --gen N FILE` writes the bench's generated module of about `N` instructions to `FILE`;
//! `io_throughput -- --roundtrip IN OUT` reads, verifies and writes `IN` to `OUT` once (to compare writers).

use std::time::Duration;

#[path = "../benches/common/generate.rs"]
mod common;

fn cpu_time() -> Duration {
    // /proc/thread-self/schedstat: nanoseconds this thread spent on a CPU (all work here is on the main thread).
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").expect("/proc/thread-self/schedstat (Linux)");
    Duration::from_nanos(s.split_whitespace().next().and_then(|x| x.parse().ok()).unwrap_or(0))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut path = args.next().expect("usage: io_throughput FILE [ITERATIONS] | --gen N FILE");
    if path == "--gen" {
        let n: usize = args.next().and_then(|s| s.parse().ok()).expect("--gen N FILE");
        path = args.next().expect("--gen N FILE");
        std::fs::write(&path, common::generate(n)).expect("writable file");
        return;
    }
    if path == "--roundtrip" {
        let (inp, out) = (args.next().expect("--roundtrip IN OUT"), args.next().expect("--roundtrip IN OUT"));
        let m = simtc_llvm_reader::parse_module(&std::fs::read_to_string(inp).expect("readable file")).unwrap();
        simtc_ir::verifier::verify_module(&m).unwrap();
        std::fs::write(out, simtc_ir::writer::write_module(&m)).expect("writable file");
        return;
    }
    let iters: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(10);
    let text = std::fs::read_to_string(&path).expect("readable file");
    let mb = text.len() as f64 / (1024.0 * 1024.0);
    let m = simtc_llvm_reader::parse_module(&text).expect("file reads");
    println!("{path}: {:.1} MiB ({:.1} MB), {} instructions", mb, text.len() as f64 / 1e6, m.num_insts());
    let measure = |name: &str, f: &dyn Fn()| {
        let t0 = cpu_time();
        for _ in 0..iters {
            f();
        }
        let per = (cpu_time() - t0).as_secs_f64() / f64::from(iters);
        println!(
            "{name:<20} {:>8.1} ms/iter  {:>7.1} MiB/s  {:>7.1} MB/s (CPU time)",
            per * 1e3,
            mb / per,
            text.len() as f64 / 1e6 / per
        );
    };
    measure("read", &|| drop(std::hint::black_box(simtc_llvm_reader::parse_module(&text).unwrap())));
    measure("verify", &|| assert!(std::hint::black_box(simtc_ir::verifier::verify_module(&m).is_ok())));
    measure("write", &|| drop(std::hint::black_box(simtc_ir::writer::write_module(&m))));
    measure("read+verify+write", &|| {
        let m = simtc_llvm_reader::parse_module(&text).unwrap();
        simtc_ir::verifier::verify_module(&m).unwrap();
        drop(std::hint::black_box(simtc_ir::writer::write_module(&m)));
    });
}
