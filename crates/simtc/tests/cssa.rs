//! CSSA and phi elimination end to end (issue 11, seed 000): the lost-copy, swap and divergent-loop kernels of
//! `tests/cssa/` give the reference outputs in the SIMT emulator with the default phi elimination (`phi-elim`,
//! CSSA webs + coalescing), with the IR pass `cssa`, and with the pre-CSSA `out-of-ssa` (`usedessa=1`); the
//! naive phi elimination (`phi-elim-naive`, one register per phi web without an interference test) gets them
//! wrong. Every PTX produced passes ptxas when it is installed.

mod common;

use simtc_emu::{LaunchSpec, RunOptions};
use std::process::Command;

fn simtc(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_simtc")).args(args).output().expect("run simtc")
}

fn run(kernel: &str, knobs: &[&str]) -> Vec<i32> {
    let dir = common::repo_root().join("tests/cssa");
    let ll = dir.join(format!("{kernel}.ll"));
    let out = std::env::temp_dir().join(format!("simtc-cssa-{}-{kernel}-{}.ptx", std::process::id(), knobs.join("_")));
    let mut args = vec!["compile", ll.to_str().unwrap(), "--verify-each", "-o", out.to_str().unwrap()];
    for k in knobs {
        args.push("--knob");
        args.push(k);
    }
    let o = simtc(&args);
    assert!(o.status.success(), "{kernel} {knobs:?}: {}", String::from_utf8_lossy(&o.stderr));
    if let Some(ptxas) = common::ptxas_for("sm_90") {
        let st = Command::new(ptxas).args(["-arch=sm_90", "-o", "/dev/null"]).arg(&out).status().expect("ptxas");
        assert!(st.success(), "{kernel} {knobs:?}: ptxas rejects the PTX");
    }
    let ptx = std::fs::read_to_string(&out).expect("ptx");
    let spec = LaunchSpec::read(&dir.join(format!("{kernel}.toml"))).expect("spec");
    let launch = spec.materialize().expect("launch");
    let prog = simtc_emu::load_ptx(&ptx, kernel).expect("load");
    let r = simtc_emu::run(&prog, &launch, &RunOptions::default()).expect("emulate");
    r.buffers[0].chunks(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

fn lost_copy(t: i32) -> i32 {
    t.max(1) - 1
}

fn swap(t: i32) -> i32 {
    if (t.max(1) - 1) % 2 == 0 {
        12
    } else {
        21
    }
}

fn divergent_loop(t: i32) -> i32 {
    let n = t % 7 + 1;
    let (mut s, mut s2) = (0, 0);
    for i in 0..n {
        s = s2;
        s2 = if (i + t) % 2 == 1 { s + i } else { s };
    }
    1000 * s + s2
}

type Reference = fn(i32) -> i32;

const CASES: &[(&str, Reference)] = &[("lost_copy", lost_copy), ("swap", swap), ("divergent_loop", divergent_loop)];

fn expected(f: Reference) -> Vec<i32> {
    (0..40).map(f).collect()
}

#[test]
fn cssa_phi_elimination_is_correct_under_divergence() {
    for (k, f) in CASES {
        let want = expected(*f);
        assert_eq!(run(k, &[]), want, "{k}: phi-elim");
        assert_eq!(run(k, &["do-cssa=true"]), want, "{k}: cssa + phi-elim");
        assert_eq!(run(k, &["usedessa=1"]), want, "{k}: out-of-ssa");
        for level in ["0", "1", "2", "3"] {
            assert_eq!(
                run(k, &["do-cssa=true", &format!("cssa-coalesce={level}")]),
                want,
                "{k}: cssa-coalesce={level}"
            );
        }
    }
}

#[test]
fn naive_phi_elimination_breaks_every_case() {
    for (k, f) in CASES {
        assert_ne!(run(k, &["phi-elim-naive=true"]), expected(*f), "{k}: the naive elimination should be wrong");
    }
}
