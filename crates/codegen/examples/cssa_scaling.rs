//! Scaling of SSA construction-to-destruction (issue 11): generated kernels with a chosen number of phis in
//! four shapes, compiled at `-O3` with pass timing. Reports parsing, the IR pass `cssa`, the MIR coalescer
//! `phi-elim`, the slowest other pass and the whole pipeline (parse + IR passes + isel + MIR passes + printing).
//!
//! Shapes (`doc/cssa.md` describes them with the measured table):
//! - `chain`: a chain of divergent diamonds whose joins swap two values (the swap problem) and small divergent
//!   loops with three loop-carried phis, two of them swapping and read after the loop (the lost-copy problem);
//! - `flat`: one divergent diamond whose join block holds every phi (each choosing between two values computed
//!   on the two sides), summed after the join;
//! - `nested`: divergent ifs nested to depth phis/2, each join adding two phis that swap the inner join's pair;
//! - `loops`: a chain of divergent loops with four loop-carried phis each (counter, swapping pair, sum).
//!
//! Run: `cargo run --release -p simtc-codegen --example cssa_scaling [SHAPE...] [PHIS...]` (default: every shape at
//! 10k and 100k phis); `--passes` also lists every pass over 5% of the pipeline; `--emit SHAPE PHIS` writes the
//! kernel's LLVM IR to standard output instead (for `simtc compile -O3` on it).

use simtc_codegen::driver::{compile, Pipeline};
use std::time::{Duration, Instant};

#[path = "../tests/common/cssa_shapes.rs"]
mod cssa_shapes;

use cssa_shapes::{generate, SHAPES};

fn pass_time(timings: &[(String, Duration)], name: &str) -> Duration {
    timings.iter().filter(|t| t.0 == name).map(|t| t.1).sum()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--emit") {
        let shape = args.get(1).map(String::as_str).unwrap_or("chain");
        let phis = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(10_000);
        print!("{}", generate(shape, phis).0);
        return;
    }
    let list_passes = args.iter().any(|a| a == "--passes");
    let mut shapes: Vec<&str> = args.iter().map(String::as_str).filter(|a| SHAPES.contains(a)).collect();
    if shapes.is_empty() {
        shapes = SHAPES.to_vec();
    }
    let mut sizes: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
    if sizes.is_empty() {
        sizes = vec![10_000, 100_000];
    }
    println!(
        "{:>7} {:>7} {:>10} {:>10} {:>10} {:>10} {:>10} {:>8} {:>22}",
        "shape", "phis", "parse ms", "cssa ms", "phi-elim", "pipeline", "total ms", "ns/phi", "slowest other pass"
    );
    for shape in shapes {
        for &size in &sizes {
            let (src, phis) = generate(shape, size);
            let t = Instant::now();
            let mut m = simtc_llvm_reader::parse_module(&src).expect("generated IR parses");
            let parse = t.elapsed();
            let p = Pipeline { verify_each: false, time_passes: true, ..Pipeline::default() };
            let t = Instant::now();
            let out = compile(&mut m, &p).expect("compiles");
            let pipeline = t.elapsed();
            let total = parse + pipeline;
            assert!(out.ptx.contains(".entry big"), "kernel emitted");
            let mut others: Vec<(String, Duration)> = Vec::new();
            for (n, d) in &out.timings {
                match others.iter_mut().find(|o| &o.0 == n) {
                    Some(o) => o.1 += *d,
                    None => others.push((n.clone(), *d)),
                }
            }
            others.sort_by_key(|o| std::cmp::Reverse(o.1));
            let slowest = others.iter().find(|o| o.0 != "cssa" && o.0 != "phi-elim");
            println!(
                "{shape:>7} {phis:>7} {:>10.1} {:>10.1} {:>10.1} {:>10.1} {:>10.1} {:>8.0} {:>22}",
                ms(parse),
                ms(pass_time(&out.timings, "cssa")),
                ms(pass_time(&out.timings, "phi-elim")),
                ms(pipeline),
                ms(total),
                total.as_nanos() as f64 / phis as f64,
                slowest.map(|o| format!("{} {:.1}", o.0, ms(o.1))).unwrap_or_default()
            );
            if list_passes {
                for (n, d) in others.iter().filter(|o| o.1 * 20 > pipeline) {
                    println!("{:>16} {n}: {:.1} ms", "", ms(*d));
                }
            }
        }
    }
}
