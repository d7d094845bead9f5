//! By-value array parameters read through pointers, end to end: `tests/byval/byval_array.ll` (from
//! `byval_array.cu`). In `byval_array` the loop's dynamic indices become a pointer induction variable (`lsr`) and
//! a select picks between two addresses into the parameter; both read it in place with `ld.param` through a
//! register, as llc-19 does, instead of copying 1 KB into local memory first. In `byval_mixed` the pointer may
//! also be a global one, so the parameter is copied. `simtc check` finds every build giving the same output in the
//! SIMT emulator for both kernels (ptxas validates each build's PTX when installed).

mod common;

use std::process::Command;

fn simtc(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_simtc")).args(args).output().expect("run simtc")
}

/// The body of entry `name` in `ptx` (from its `.entry` line to the next entry or the end).
fn entry<'a>(ptx: &'a str, name: &str) -> &'a str {
    let start = ptx.find(&format!(".entry {name}(")).unwrap_or_else(|| panic!("no entry {name}:\n{ptx}"));
    let rest = &ptx[start..];
    let end = rest[1..].find(".entry ").map_or(rest.len(), |e| e + 1);
    &rest[..end]
}

#[test]
fn byval_arrays_are_read_in_place_through_pointers() {
    let dir = common::repo_root().join("tests/byval");
    let ll = dir.join("byval_array.ll");
    let o = simtc(&["compile", ll.to_str().unwrap(), "-O3", "--verify-each"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let ptx = String::from_utf8_lossy(&o.stdout);
    let in_place = entry(&ptx, "byval_array");
    assert!(!in_place.contains("__local_depot"), "byval_array copies its parameter:\n{in_place}");
    let register_reads = in_place.lines().filter(|l| l.contains("ld.param.u32") && l.contains("[%rd")).count();
    assert!(register_reads >= 2, "byval_array does not read the parameter through registers:\n{in_place}");
    let mixed = entry(&ptx, "byval_mixed");
    assert!(mixed.contains("__local_depot"), "byval_mixed must copy its parameter:\n{mixed}");
    for spec in ["byval_array.toml", "byval_array.mixed.toml"] {
        let spec = dir.join(spec);
        let o = simtc(&["check", "--spec", spec.to_str().unwrap(), ll.to_str().unwrap()]);
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{text}\n{}", String::from_utf8_lossy(&o.stderr));
        assert!(text.contains("ok: all"), "{text}");
    }
}
