//! Scaling of SSA destruction (issue 11): generated kernels with about 1k, 10k and 100k phis — a chain of
//! divergent diamonds whose joins swap two values (the swap problem) and small divergent loops with three
//! loop-carried phis, two of them swapping and read after the loop (the lost-copy problem) — compiled at `-O3`
//! with pass timing. Reports the IR pass `cssa`, the MIR coalescer `phi-elim` and the whole pipeline.
//! Run: `cargo run --release -p simtc-codegen --example cssa_scaling [UNITS...]`.

use simtc_codegen::driver::{compile, Pipeline};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// A kernel of `units` units; returns the source and its number of phis.
fn generate(units: usize) -> (String, usize) {
    let mut s = String::from(
        "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n\
         define void @big(ptr %p) {\nentry:\n  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  \
         %x0 = add i32 %t, 1\n  %y0 = add i32 %t, 2\n  br label %u0\n",
    );
    let mut phis = 0;
    for k in 0..units {
        let n = k + 1;
        if k % 3 == 2 {
            phis += 3;
            let _ = write!(
                s,
                "u{k}:\n  br label %h{k}\n\
                 h{k}:\n  %i{k} = phi i32 [ 0, %u{k} ], [ %in{k}, %h{k} ]\n  \
                 %xl{k} = phi i32 [ %x{k}, %u{k} ], [ %yl{k}, %h{k} ]\n  \
                 %yl{k} = phi i32 [ %y{k}, %u{k} ], [ %xl{k}, %h{k} ]\n  \
                 %in{k} = add i32 %i{k}, 1\n  %tm{k} = and i32 %t, 3\n  %e{k} = icmp ult i32 %in{k}, %tm{k}\n  \
                 br i1 %e{k}, label %h{k}, label %ex{k}\n\
                 ex{k}:\n  %x{n} = xor i32 %xl{k}, %i{k}\n  %y{n} = add i32 %yl{k}, 1\n  br label %u{n}\n"
            );
        } else {
            phis += 2;
            let _ = write!(
                s,
                "u{k}:\n  %c{k} = icmp ult i32 %t, {}\n  br i1 %c{k}, label %a{k}, label %b{k}\n\
                 a{k}:\n  %xa{k} = add i32 %x{k}, {k}\n  br label %j{k}\n\
                 b{k}:\n  %yb{k} = mul i32 %y{k}, 3\n  br label %j{k}\n\
                 j{k}:\n  %x{n} = phi i32 [ %xa{k}, %a{k} ], [ %y{k}, %b{k} ]\n  \
                 %y{n} = phi i32 [ %y{k}, %a{k} ], [ %yb{k}, %b{k} ]\n  br label %u{n}\n",
                k % 31 + 1
            );
        }
    }
    let _ = write!(
        s,
        "u{units}:\n  %r = add i32 %x{units}, %y{units}\n  store i32 %r, ptr %p\n  ret void\n}}\n\
         !nvvm.annotations = !{{!0}}\n!0 = !{{ptr @big, !\"kernel\", i32 1}}\n"
    );
    (s, phis)
}

fn pass_time(timings: &[(String, Duration)], name: &str) -> Duration {
    timings.iter().filter(|t| t.0 == name).map(|t| t.1).sum()
}

fn main() {
    println!(
        "{:>8} {:>12} {:>12} {:>12} {:>12} {:>14}",
        "phis", "cssa (ms)", "phi-elim", "total (ms)", "ns/phi", "ns/phi (cssa+pe)"
    );
    // Units per size (about 2.33 phis each); sizes may be given as arguments.
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let sizes = if args.is_empty() { vec![420usize, 4_200, 42_000] } else { args };
    for units in sizes {
        let (src, phis) = generate(units);
        let mut m = simtc_llvm_reader::parse_module(&src).expect("generated IR parses");
        let mut p = Pipeline::default();
        p.verify_each = false;
        p.time_passes = true;
        let t = Instant::now();
        let out = compile(&mut m, &p).expect("compiles");
        let total = t.elapsed();
        let cssa = pass_time(&out.timings, "cssa");
        let pe = pass_time(&out.timings, "phi-elim");
        println!(
            "{phis:>8} {:>12.1} {:>12.1} {:>12.1} {:>12.0} {:>14.0}",
            cssa.as_secs_f64() * 1e3,
            pe.as_secs_f64() * 1e3,
            total.as_secs_f64() * 1e3,
            total.as_nanos() as f64 / phis as f64,
            (cssa + pe).as_nanos() as f64 / phis as f64
        );
        assert!(out.ptx.contains(".entry big"), "kernel emitted");
    }
}
