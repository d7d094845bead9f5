//! Scaling of `structurizecfg` (issue 15): generated functions of about 1k, 10k and 100k blocks — a chain of
//! divergent diamonds, unstructured "shared tail" shapes and small divergent loops — structurized and timed.
//! Run: `cargo run --release -p simtc-opt --example structurize_scaling`.

use simtc_opt::{PassManager, PassManagerOptions};
use std::fmt::Write as _;
use std::time::Instant;

fn generate(units: usize) -> String {
    let mut s = String::from(
        "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\ndefine void @big(ptr %p, i32 %n) {\nentry:\n  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  br label %u0\n",
    );
    for k in 0..units {
        let n = k + 1;
        match k % 3 {
            0 => {
                let _ = write!(
                    s,
                    "u{k}:\n  %c{k} = icmp ult i32 %t, {k}\n  br i1 %c{k}, label %a{k}, label %b{k}\na{k}:\n  store i32 {k}, ptr %p\n  br label %u{n}\nb{k}:\n  br label %u{n}\n"
                );
            }
            1 => {
                let _ = write!(
                    s,
                    "u{k}:\n  %c{k} = icmp ult i32 %t, {k}\n  br i1 %c{k}, label %a{k}, label %b{k}\na{k}:\n  %d{k} = icmp eq i32 %t, 3\n  br i1 %d{k}, label %x{k}, label %u{n}\nb{k}:\n  br i1 %c{k}, label %u{n}, label %x{k}\nx{k}:\n  store i32 {k}, ptr %p\n  br label %u{n}\n"
                );
            }
            _ => {
                let _ = write!(
                    s,
                    "u{k}:\n  br label %h{k}\nh{k}:\n  %i{k} = phi i32 [ 0, %u{k} ], [ %j{k}, %h{k} ]\n  %j{k} = add i32 %i{k}, 1\n  %e{k} = icmp ult i32 %j{k}, %t\n  br i1 %e{k}, label %h{k}, label %u{n}\n"
                );
            }
        }
    }
    let _ = write!(s, "u{units}:\n  ret void\n}}\n");
    s
}

fn main() {
    println!("{:>8} {:>8} {:>12} {:>12}", "blocks", "after", "time (ms)", "ns/block");
    for units in [330usize, 3_300, 33_000] {
        let src = generate(units);
        let mut m = simtc_llvm_reader::parse_module(&src).expect("generated IR parses");
        let f = m.func_ids().find(|&f| !m.funcs[f].is_declaration()).expect("a body");
        let before = m.funcs[f].layout.num_blocks();
        let opts = PassManagerOptions { verify_each: false, ..Default::default() };
        let mut pm = PassManager::from_pipeline("structurizecfg", opts).expect("pipeline");
        let t = Instant::now();
        pm.run(&mut m).expect("structurizes");
        let dt = t.elapsed();
        let after = m.funcs[f].layout.num_blocks();
        println!(
            "{before:>8} {after:>8} {:>12.1} {:>12.0}",
            dt.as_secs_f64() * 1e3,
            dt.as_nanos() as f64 / before as f64
        );
        simtc_opt::verify_structured(&m).expect("structured");
    }
}
