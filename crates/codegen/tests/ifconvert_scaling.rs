//! `ifconvert` and `late-commoning` on generated large functions: a chain of `n` divergent diamonds (each
//! join feeding the next header) collapses to one block, the result verifies, and the
//! time grows linearly (4× the size may take at most 10× the time, a quadratic pass would take 16×).

use simtc_codegen::mir::passes::{ifconvert, late_commoning};
use simtc_codegen::mir::{text, verify, MFunction};
use std::time::{Duration, Instant};

/// `n` diamonds in sequence: each arm computes from the previous join's value, the join's phi feeds the next.
fn chain(n: usize) -> String {
    let mut s = String::from("mir k ssa {\nbb0:\n\tld.param.u64 \t%rd1, [k_param_0];\n\tmov.u32 \t%r1, %tid.x;\n");
    s.push_str("\tbra.uni \tbb1;\n");
    // Block numbering per diamond k: header 3k+1, arms 3k+2 / 3k+3, join = next header 3k+4.
    for k in 0..n {
        let (h, a, b, j) = (3 * k + 1, 3 * k + 2, 3 * k + 3, 3 * k + 4);
        let v = 3 * k + 1;
        if k > 0 {
            let (pa, pb) = (3 * (k - 1) + 2, 3 * (k - 1) + 3);
            s.push_str(&format!("bb{h}:\n\t%r{v} = phi [%r{pa}, bb{}], [%r{pb}, bb{}];\n", a - 3, b - 3));
        } else {
            s.push_str(&format!("bb{h}:\n"));
        }
        s.push_str(&format!(
            "\tsetp.lt.u32 \t%p{}, %r{v}, %r1;\n\t@%p{} bra \tbb{a};\n\tbra.uni \tbb{b};\n",
            k + 1,
            k + 1
        ));
        s.push_str(&format!("bb{a}: divergent\n\tadd.s32 \t%r{}, %r{v}, {k};\n\tbra.uni \tbb{j};\n", 3 * k + 2));
        s.push_str(&format!("bb{b}: divergent\n\txor.b32 \t%r{}, %r{v}, {k};\n\tbra.uni \tbb{j};\n", 3 * k + 3));
    }
    let (pa, pb, last) = (3 * (n - 1) + 2, 3 * (n - 1) + 3, 3 * n + 1);
    s.push_str(&format!("bb{last}:\n\t%r{} = phi [%r{pa}, bb{}], [%r{pb}, bb{}];\n", 3 * n + 1, last - 2, last - 1));
    s.push_str(&format!("\tst.global.u32 \t[%rd1], %r{};\n\tret;\n}}\n", 3 * n + 1));
    s
}

fn run(src: &str) -> (MFunction, Duration) {
    let mut f = text::parse(src).expect("generated MIR parses").remove(0);
    let limits = ifconvert::Limits { divergent: 8, uniform: 4 };
    let t0 = Instant::now();
    let n = ifconvert::run(&mut f, limits);
    late_commoning::run(&mut f, false, true);
    let dt = t0.elapsed();
    assert!(n > 0);
    verify(&f).expect("verifies after ifconvert + late-commoning");
    (f, dt)
}

#[test]
fn diamond_chains_collapse_in_linear_time() {
    let (small, t1) = run(&chain(1000));
    // The entry (not a converted header) keeps its jump to the first header; everything after is one block.
    assert_eq!(small.order.len(), 2, "every diamond converted and merged");
    let selps = small.blocks[small.order[1].0 as usize].insts.iter().filter(|i| i.op.to_string() == "selp.b32").count();
    assert_eq!(selps, 1000);
    let (big, t4) = run(&chain(4000));
    assert_eq!(big.order.len(), 2);
    assert!(t4 <= t1 * 10 + Duration::from_millis(200), "4x the diamonds took {t4:?} vs {t1:?}");
}
