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
//!
//! It also links the unwinder statically from `libgcc_eh.a` (see `static_libgcc`): 5% less wall time per
//! `simtc compile` in interleaved A/B runs.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=CC");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bin=simtc=-no-pie");
        static_libgcc();
    }
}

/// Links the unwinder from `libgcc_eh.a` instead of `libgcc_s.so.1`: the standard library asks for `-lgcc_s`,
/// so a linker script of that name in `OUT_DIR` (searched before the system directories) names the archive.
/// One shared library fewer to map and relocate at every start, and no `__cpu_indicator_init` (libgcc_s's
/// constructor, which runs `cpuid` several times: slow under virtualization). Skipped when the C compiler does
/// not know `libgcc_eh.a` (the default `libgcc_s` is then linked).
fn static_libgcc() {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let Ok(out) = std::process::Command::new(&cc).arg("-print-file-name=libgcc_eh.a").output() else { return };
    let path = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let archive = std::path::Path::new(&path);
    if !out.status.success() || !archive.is_absolute() || !archive.is_file() {
        return;
    }
    let Some(dir) = std::env::var_os("OUT_DIR").map(std::path::PathBuf::from) else { return };
    if std::fs::write(dir.join("libgcc_s.so"), format!("INPUT({path})\n")).is_ok() {
        println!("cargo:rustc-link-search=native={}", dir.display());
    }
}
