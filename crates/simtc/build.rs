//! Links the `simtc` executable position-dependent (`-no-pie`) on Linux with glibc.
//!
//! A kernel compiles in about a millisecond, so process start is most of `simtc compile`'s wall time (the
//! standing budget is at least 10x faster than llc-19 per kernel, whole process). As a position-independent
//! executable, the loader applies some 5,000 relative relocations at every start and dirties the pages they
//! land on; linked position-dependent, the linker resolves them once. The objects stay position-independent
//! (only the final link changes), `dlopen` of the CUDA driver is unaffected, and other targets keep their
//! defaults. Measured together with not freeing the compiled module at exit (`compile_module`): `--version`
//! 1.20-1.25 -> 1.13-1.20 ms, `simtc compile` of six example kernels 4-10% less wall time, page faults 213 -> 190
//! (`perf stat`, interleaved runs).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bin=simtc=-no-pie");
    }
}
