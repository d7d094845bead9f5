//! Helpers shared by the integration tests.

use std::path::PathBuf;

/// The repository root.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Path to an LLVM 19 tool (`llvm-as`, `clang`, ...), from `SIMTC_LLVM_BIN` or `/usr/lib/llvm-19/bin`.
/// Under `CI` a missing tool fails the test; elsewhere the caller skips with a note.
pub fn llvm_tool(name: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("SIMTC_LLVM_BIN").map(PathBuf::from).unwrap_or_else(|| "/usr/lib/llvm-19/bin".into());
    let p = dir.join(name);
    if p.is_file() {
        return Some(p);
    }
    if std::env::var_os("CI").is_some() {
        panic!("{} is required under CI but missing (run scripts/install-tools.sh)", p.display());
    }
    eprintln!("note: {} not found; skipping the part of this test that needs it", p.display());
    None
}

/// Every example kernel `.ll`, sorted.
pub fn example_kernels() -> Vec<PathBuf> {
    let dir = repo_root().join("examples/kernels");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("examples/kernels exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ll"))
        .collect();
    v.sort();
    assert!(v.len() >= 19, "expected the example kernels in {}", dir.display());
    v
}
