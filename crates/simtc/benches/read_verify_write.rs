//! Reader + verifier + writer throughput on generated modules of 100k and 1M instructions.
//!
//! `cargo bench -p simtc --bench read_verify_write` prints time and MB/s per stage and size; linear scaling means
//! the 1M figures are ~10x the 100k ones. The generator makes CUDA-like code: GEPs, loads and stores in several
//! address spaces, integer and float arithmetic, compares, selects, intrinsic calls, and a branchy CFG with phis.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;

#[path = "common/generate.rs"]
mod common;
use common::generate;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("llvm-ir");
    g.sample_size(10);
    for n in [100_000usize, 1_000_000] {
        let text = generate(n);
        let m = simtc_llvm_reader::parse_module(&text).expect("generated module reads");
        simtc_ir::verifier::verify_module(&m).expect("generated module verifies");
        let insts = m.num_insts();
        assert!(insts >= n, "generated {insts} instructions, wanted {n}");
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_with_input(BenchmarkId::new("read", n), &text, |b, t| {
            b.iter(|| black_box(simtc_llvm_reader::parse_module(t).unwrap()))
        });
        g.bench_with_input(BenchmarkId::new("verify", n), &m, |b, m| {
            b.iter(|| black_box(simtc_ir::verifier::verify_module(m).is_ok()))
        });
        g.bench_with_input(BenchmarkId::new("write", n), &m, |b, m| {
            b.iter(|| black_box(simtc_ir::writer::write_module(m)))
        });
        g.bench_with_input(BenchmarkId::new("read+verify+write", n), &text, |b, t| {
            b.iter(|| {
                let m = simtc_llvm_reader::parse_module(t).unwrap();
                simtc_ir::verifier::verify_module(&m).unwrap();
                black_box(simtc_ir::writer::write_module(&m))
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
