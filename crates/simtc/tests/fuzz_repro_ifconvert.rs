//! `simtc fuzz-diff --seed 1` program 4 (reduced: `tests/fuzz-repro/seed1-p4.ll`): `ifconvert` merged two arms
//! whose exits to the same two blocks combined into a constant condition and panicked ("two exits need a
//! non-constant condition"). Every build of `simtc check` must now compile it and agree in the emulator.

mod common;

use std::process::Command;

#[test]
fn seed1_p4_every_build_compiles_and_agrees() {
    let dir = common::repo_root().join("tests/fuzz-repro");
    let ll = dir.join("seed1-p4.ll");
    let spec = dir.join("seed1-p4.toml");
    let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .args(["check", ll.to_str().unwrap(), "--spec", spec.to_str().unwrap()])
        .output()
        .expect("run simtc");
    let stderr = String::from_utf8_lossy(&o.stderr);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "simtc check failed ({:?}):\n{stdout}\n{stderr}", o.status.code());
    assert!(stdout.contains("builds agree"), "{stdout}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
