//! `simtc fuzz-diff --seed 1` programs that made `ifconvert` panic (reduced, in `tests/fuzz-repro/`): program 4,
//! where two arms' exits to the same two blocks combined into a constant condition ("two exits need a
//! non-constant condition"), and programs 4056, 4955 and 7994, where an arm's guard contradicted the side
//! predicate (`p ∧ ¬p`, "a side predicate is never constant"). Both now become a constant predicate register.
//! Also `--seed 47` program 5, miscompiled by `redundant-mov` (a block entered from the middle of its
//! predecessor got the facts of the predecessor's end). Every build of `simtc check` must compile them and
//! agree in the emulator.

mod common;

use std::process::Command;

const REPROS: &[&str] = &["seed1-p4", "seed1-p4056", "seed1-p4955", "seed1-p7994", "seed47-p5"];

#[test]
fn ifconvert_repros_every_build_compiles_and_agrees() {
    let dir = common::repo_root().join("tests/fuzz-repro");
    let mut failures = Vec::new();
    for name in REPROS {
        let ll = dir.join(format!("{name}.ll"));
        let spec = dir.join(format!("{name}.toml"));
        let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
            .args(["check", ll.to_str().unwrap(), "--spec", spec.to_str().unwrap()])
            .output()
            .expect("run simtc");
        let stdout = String::from_utf8_lossy(&o.stdout);
        let stderr = String::from_utf8_lossy(&o.stderr);
        if !o.status.success() || !stdout.contains("builds agree") || stderr.contains("panicked") {
            failures.push(format!("{name} ({:?}):\n{stdout}\n{stderr}", o.status.code()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
