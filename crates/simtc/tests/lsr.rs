//! Loop strength reduction end to end (issue 16 item 7): `tests/lsr/lsr_loops.ll` (grid-stride, nested 2-D,
//! backwards, early-exit and unrolled loops, from `lsr_loops.cu`) gets new IVs in several loops, and
//! `simtc check` finds every build — `-O0`, `-O3`, and `-O3` without each optional pass, `lsr` included — giving
//! the same output in the SIMT emulator (it runs ptxas on each build's PTX when installed). `tests/lsr/shared_offset.ll`
//! (three arrays, one divergent index) gets one shared 64-bit offset IV, `tests/lsr/invariant_sum.ll` (offsets
//! `x + c` computed before the loop) one pointer IV, and their builds agree too.

mod common;

use std::process::Command;

fn simtc(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_simtc")).args(args).output().expect("run simtc")
}

#[test]
fn lsr_reduces_loops_and_keeps_semantics() {
    let dir = common::repo_root().join("tests/lsr");
    let ll = dir.join("lsr_loops.ll");
    let spec = dir.join("lsr_loops.toml");
    let out = std::env::temp_dir().join(format!("simtc-lsr-{}.ptx", std::process::id()));
    let o = simtc(&[
        "compile",
        ll.to_str().unwrap(),
        "-O3",
        "--verify-each",
        "--knob",
        "lsr-report=1",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    let loops = err.lines().filter(|l| l.contains("remark: lsr:")).count();
    assert!(loops >= 3, "lsr reduced only {loops} loops:\n{err}");
    assert!(err.contains("uniform), "), "{err}");
    let o = simtc(&["check", "--spec", spec.to_str().unwrap(), ll.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{text}\n{}", String::from_utf8_lossy(&o.stderr));
    assert!(text.contains("--disable-pass lsr"), "check must build without lsr:\n{text}");
    assert!(text.contains("ok: all"), "{text}");
}

#[test]
fn shared_offset_and_invariant_sum_ivs_keep_semantics() {
    let dir = common::repo_root().join("tests/lsr");
    // (kernel, new phi wanted, phi that must not appear)
    for (name, want, not) in [("shared_offset", "= phi i64", "= phi ptr"), ("invariant_sum", "= phi ptr", "%lsr.iv1 =")]
    {
        let ll = dir.join(format!("{name}.ll"));
        let spec = dir.join(format!("{name}.toml"));
        let o = simtc(&["compile", ll.to_str().unwrap(), "-O3", "--print-after", "lsr", "-o", "/dev/null"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let ir = String::from_utf8_lossy(&o.stderr);
        assert!(ir.contains(want) && !ir.contains(not), "{name}: one IV:\n{ir}");
        let o = simtc(&["check", "--spec", spec.to_str().unwrap(), ll.to_str().unwrap()]);
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(
            o.status.success() && text.contains("ok: all"),
            "{name}: {text}\n{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}
