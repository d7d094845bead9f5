//! Scaling of the analyses on generated CFGs of 10k and 100k blocks.
//!
//! `cargo bench -p simtc-analysis --bench scaling` times each analysis (dominator tree, post-dominator tree, loops,
//! regions, uniformity, liveness) and all of them together on one kernel of about 10k and about 100k blocks.
//! Throughput is reported in blocks per second: linear scaling means the two sizes show the same throughput (the
//! 100k times ~10x the 10k ones).
//!
//! `SIMTC_SCALING_SIZES=10000,30000,300000` picks other sizes.
//!
//! The kernel is a chain of segments, in rotation: an if-then-else on the thread index (divergent), an
//! if-then-else on a kernel argument (uniform), a three-deep loop nest whose inner loop has a divergent `break`
//! out of the middle loop and two back edges, a switch with a shared case target, and a loop with three exits.
//! An accumulator flows through every segment in phis, and the thread index and a kernel argument are used in
//! all of them, so values live across long stretches of the CFG.

mod common;

use common::kernel;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use simtc_analysis::{
    Cfg, CycleInfo, DominatorTree, Liveness, LoopInfo, PostDominatorTree, RegionInfo, UniformityInfo,
};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("scaling");
    // `SIMTC_SCALING_SIZES=10000,300000` overrides the sizes.
    let sizes: Vec<usize> = std::env::var("SIMTC_SCALING_SIZES")
        .ok()
        .map(|v| v.split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![10_000, 100_000]);
    for blocks in sizes {
        let (m, fid) = kernel(blocks);
        let func = &m.funcs[fid];
        let n = func.layout.num_blocks();
        g.throughput(Throughput::Elements(n as u64));
        let cfg = Cfg::compute(func);
        let dt = DominatorTree::compute(&cfg);
        let pdt = PostDominatorTree::compute(&cfg);
        let cycles = CycleInfo::compute(&cfg, &dt);
        g.bench_with_input(BenchmarkId::new("cfg", blocks), &(), |b, _| b.iter(|| black_box(Cfg::compute(func))));
        g.bench_with_input(BenchmarkId::new("domtree", blocks), &(), |b, _| {
            b.iter(|| black_box(DominatorTree::compute(&cfg)))
        });
        g.bench_with_input(BenchmarkId::new("postdomtree", blocks), &(), |b, _| {
            b.iter(|| black_box(PostDominatorTree::compute(&cfg)))
        });
        g.bench_with_input(BenchmarkId::new("loops", blocks), &(), |b, _| {
            b.iter(|| black_box(LoopInfo::compute(&cfg, &dt)))
        });
        g.bench_with_input(BenchmarkId::new("cycles", blocks), &(), |b, _| {
            b.iter(|| black_box(CycleInfo::compute(&cfg, &dt)))
        });
        g.bench_with_input(BenchmarkId::new("regions", blocks), &(), |b, _| {
            b.iter(|| black_box(RegionInfo::compute(&cfg, &dt, &pdt)))
        });
        g.bench_with_input(BenchmarkId::new("uniformity", blocks), &(), |b, _| {
            b.iter(|| black_box(UniformityInfo::compute_with(&m, fid, &cfg, &dt, &pdt, &cycles)))
        });
        g.bench_with_input(BenchmarkId::new("liveness", blocks), &(), |b, _| {
            b.iter(|| black_box(Liveness::compute(func, &cfg)))
        });
        g.bench_with_input(BenchmarkId::new("all", blocks), &(), |b, _| {
            b.iter(|| {
                let cfg = Cfg::compute(func);
                let dt = DominatorTree::compute(&cfg);
                let pdt = PostDominatorTree::compute(&cfg);
                let li = LoopInfo::compute(&cfg, &dt);
                let ri = RegionInfo::compute(&cfg, &dt, &pdt);
                let cycles = CycleInfo::compute(&cfg, &dt);
                let ui = UniformityInfo::compute_with(&m, fid, &cfg, &dt, &pdt, &cycles);
                let lv = Liveness::compute(func, &cfg);
                black_box((li, ri, ui, lv))
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
