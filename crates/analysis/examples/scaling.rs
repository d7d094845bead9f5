//! A quick version of the scaling benchmark: times every analysis on the generated kernels (best of a few runs)
//! and prints one table, in seconds rather than the minutes criterion needs at 100k blocks.
//!
//! `cargo run --release -p simtc-analysis --example scaling [-- SIZE...]` (default sizes: 10000 100000);
//! `-- --emit SIZE` prints the generated kernel's LLVM IR instead; `-- --file IN.ll...` times the largest function
//! of each file instead of generated kernels.

#[path = "../benches/common/mod.rs"]
mod common;

use simtc_analysis::{
    Cfg, CycleInfo, DominatorTree, Liveness, LoopInfo, PostDominatorTree, RegionInfo, UniformityInfo,
};
use simtc_ir::{FuncId, Module};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Best of `runs` timings of `f`, stopping early once two seconds have been spent.
fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    // `SIMTC_SCALING_RUNS=n`: exactly `n` runs (for instruction counts under valgrind).
    let forced: Option<usize> = std::env::var("SIMTC_SCALING_RUNS").ok().and_then(|v| v.parse().ok());
    let (runs, exact) = forced.map_or((runs, false), |n| (n, true));
    let mut best = Duration::MAX;
    let start = Instant::now();
    for _ in 0..runs {
        let t = Instant::now();
        black_box(f());
        best = best.min(t.elapsed());
        if !exact && start.elapsed() > Duration::from_secs(2) {
            break;
        }
    }
    best
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "--emit") {
        let size = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10_000);
        print!("{}", common::generate(size));
        return;
    }
    let inputs: Vec<(Module, FuncId)> = if args.first().is_some_and(|a| a == "--file") {
        args[1..].iter().map(|p| from_file(p)).collect()
    } else {
        let mut sizes: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
        if sizes.is_empty() {
            sizes = vec![10_000, 100_000];
        }
        sizes.into_iter().map(common::kernel).collect()
    };
    // `SIMTC_SCALING_ONLY=uniformity` times one analysis (for `perf stat`).
    let only = std::env::var("SIMTC_SCALING_ONLY").ok();
    let mut rows: Vec<(&str, Vec<Duration>)> = Vec::new();
    let mut blocks = Vec::new();
    for (m, fid) in &inputs {
        let (m, fid) = (m, *fid);
        let func = &m.funcs[fid];
        blocks.push(func.layout.num_blocks());
        let cfg = Cfg::compute(func);
        let dt = DominatorTree::compute(&cfg);
        let pdt = PostDominatorTree::compute(&cfg);
        let cycles = CycleInfo::compute(&cfg, &dt);
        let r = 5;
        let skip = |name: &str| only.as_deref().is_some_and(|o| o != name);
        let ts = [
            ("cfg", if skip("cfg") { Duration::ZERO } else { time(r, || Cfg::compute(func)) }),
            ("domtree", if skip("domtree") { Duration::ZERO } else { time(r, || DominatorTree::compute(&cfg)) }),
            (
                "postdomtree",
                if skip("postdomtree") { Duration::ZERO } else { time(r, || PostDominatorTree::compute(&cfg)) },
            ),
            ("dom frontiers", if skip("dom frontiers") { Duration::ZERO } else { time(r, || dt.frontiers()) }),
            ("postdom frontiers", if skip("postdom frontiers") { Duration::ZERO } else { time(r, || pdt.frontiers()) }),
            ("loops", if skip("loops") { Duration::ZERO } else { time(r, || LoopInfo::compute(&cfg, &dt)) }),
            ("cycles", if skip("cycles") { Duration::ZERO } else { time(r, || CycleInfo::compute(&cfg, &dt)) }),
            (
                "regions",
                if skip("regions") { Duration::ZERO } else { time(r, || RegionInfo::compute(&cfg, &dt, &pdt)) },
            ),
            ("liveness", if skip("liveness") { Duration::ZERO } else { time(r, || Liveness::compute(func, &cfg)) }),
            (
                "uniformity",
                if skip("uniformity") {
                    Duration::ZERO
                } else {
                    time(r, || UniformityInfo::compute_with(m, fid, &cfg, &dt, &pdt, &cycles))
                },
            ),
        ];
        for (name, t) in ts {
            if skip(name) {
                continue;
            }
            match rows.iter_mut().find(|(n, _)| *n == name) {
                Some(row) => row.1.push(t),
                None => rows.push((name, vec![t])),
            }
        }
    }
    print!("{:<18}", "analysis");
    for b in &blocks {
        print!("{:>14}", format!("{b} blocks"));
    }
    if inputs.len() == 2 {
        print!("{:>8}", "ratio");
    }
    println!();
    for (name, ts) in &rows {
        print!("{name:<18}");
        for t in ts {
            print!("{:>14}", format!("{:.3} ms", t.as_secs_f64() * 1e3));
        }
        if ts.len() == 2 {
            print!("{:>8}", format!("{:.1}x", ts[1].as_secs_f64() / ts[0].as_secs_f64()));
        }
        println!();
    }
}

/// The module in `path` and its function with the most blocks.
fn from_file(path: &str) -> (Module, FuncId) {
    let src = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let m = simtc_llvm_reader::parse_module_named(&src, path).unwrap_or_else(|e| panic!("{e}"));
    let f = m.func_ids().max_by_key(|&f| m.funcs[f].layout.num_blocks()).expect("a function");
    (m, f)
}
