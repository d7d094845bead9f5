//! simtc's uniformity analysis against LLVM 19's on the example kernels: runs `scripts/compare-uniformity.py`
//! (`simtc analyze --print uniformity` vs `opt -passes='print<uniformity>'`), which fails when a value or branch
//! that LLVM proves uniform is divergent for simtc. `doc/uniformity.md` explains the differences it tolerates.
//!
//! Needs `opt` from LLVM 19 (`common::llvm_tool`: skipped with a note when missing, a failure under `CI`) and
//! `python3`.

mod common;

use std::process::Command;

#[test]
fn uniformity_is_at_least_as_precise_as_llvm_19() {
    let Some(opt) = common::llvm_tool("opt") else { return };
    let root = common::repo_root();
    let script = root.join("scripts/compare-uniformity.py");
    let out = match Command::new("python3")
        .arg(&script)
        .env("SIMTC", env!("CARGO_BIN_EXE_simtc"))
        .env("OPT", &opt)
        .current_dir(&root)
        .output()
    {
        Ok(out) => out,
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("note: cannot run python3 ({e}); skipping the comparison with LLVM");
            return;
        }
        Err(e) => panic!("python3 is required under CI: {e}"),
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    eprintln!("{stdout}");
    assert!(out.status.success(), "{} exited with {}:\n{stdout}\n{stderr}", script.display(), out.status);
    assert!(
        stdout.lines().any(|l| l.starts_with("ok: ")),
        "no `ok:` line in the output of {}:\n{stdout}\n{stderr}",
        script.display()
    );
    // The table covers every example kernel.
    for kernel in common::example_kernels() {
        let name = kernel.file_name().unwrap().to_string_lossy().into_owned();
        assert!(stdout.contains(&name), "{name} missing from the comparison:\n{stdout}");
    }
}
