//! Miscompiles of `phi-elim` found by `simtc fuzz-diff` (seed 13, programs 38, 100, 145, 195; reduced): each
//! kernel of `tests/cssa/fuzz/` must give, compiled at `-O3` (phi-elim, under `--verify-each` so the SSA
//! destruction checker also runs), the outputs it gives at `-O0`, in the SIMT emulator with its launch spec.
//! Before the fix, edge copies were sunk into a divergent branch block although the registers they write were
//! live on its other edge (swaps of loop phis, a divergent inner loop after a lowered switch).

mod common;

use simtc_emu::{LaunchSpec, RunOptions};
use std::process::Command;

const KERNELS: &[&str] = &["seed13_p38", "seed13_p100", "seed13_p145", "seed13_p195"];

fn outputs(name: &str, opt: &str, extra: &[&str]) -> Vec<Vec<u8>> {
    let dir = common::repo_root().join("tests/cssa/fuzz");
    let ll = dir.join(format!("{name}.ll"));
    let out = std::env::temp_dir().join(format!("simtc-phi-elim-fuzz-{}-{name}-{opt}.ptx", std::process::id()));
    let mut args = vec!["compile", ll.to_str().unwrap(), opt, "-o", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let o = Command::new(env!("CARGO_BIN_EXE_simtc")).args(&args).output().expect("run simtc");
    assert!(o.status.success(), "{name} {opt}: {}", String::from_utf8_lossy(&o.stderr));
    let ptx = std::fs::read_to_string(&out).expect("ptx");
    let _ = std::fs::remove_file(&out);
    let spec = LaunchSpec::read(&dir.join(format!("{name}.toml"))).expect("spec");
    let launch = spec.materialize().expect("launch");
    let prog = simtc_emu::load_ptx(&ptx, &spec.kernel).expect("load");
    let r = simtc_emu::run(&prog, &launch, &RunOptions::default()).expect("emulate");
    r.buffers
}

#[test]
fn fuzz_reproducers_agree_with_o0() {
    for k in KERNELS {
        let want = outputs(k, "-O0", &[]);
        assert_eq!(outputs(k, "-O3", &["--verify-each"]), want, "{k}: -O3 (phi-elim) differs from -O0");
        assert_eq!(outputs(k, "-O3", &["--knob", "usedessa=1"]), want, "{k}: -O3 with out-of-ssa differs from -O0");
    }
}
