//! `simtc mir-opt` reads what `simtc compile --emit mir` writes: every function listed after instruction
//! selection (phase `ssa`) and at the end of the MIR pipeline (phase `laid-out`). By default mir-opt takes the
//! first listing of each function (the SSA one), `--phase` another; running the compile's MIR pipeline on the SSA
//! listings reproduces the laid-out listings exactly. Phase errors point at the function's header.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;

fn simtc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_simtc")).args(args).output().expect("run simtc")
}

fn ok(o: &Output) -> String {
    assert_eq!(o.status.code(), Some(0), "simtc failed:\n{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("simtc-mir-opt-emit-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The listings of `text` in `phase`, concatenated.
fn listings(text: &str, phase: &str) -> String {
    let mut out = String::new();
    let mut keep = false;
    for l in text.lines() {
        if l.starts_with("mir ") {
            keep = l.split_whitespace().nth(2) == Some(phase);
        }
        if keep {
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}

/// Compiles example `kernel` with `--emit mir` into `dir`; returns the file and the MIR passes the compile ran,
/// in order (from `--print-after all`).
fn emit_mir(dir: &Path, kernel: &str) -> (String, Vec<String>) {
    let ll = common::repo_root().join(format!("examples/kernels/{kernel}.ll"));
    let mir = dir.join(format!("{kernel}.mir"));
    let o =
        simtc(&["compile", ll.to_str().unwrap(), "--emit", "mir", "--print-after", "all", "-o", mir.to_str().unwrap()]);
    ok(&o);
    let mut passes: Vec<String> = Vec::new();
    for l in String::from_utf8_lossy(&o.stderr).lines() {
        if let Some(p) = l.strip_prefix("; *** MIR after ").and_then(|r| r.strip_suffix(" ***")) {
            if !passes.iter().any(|q| q == p) {
                passes.push(p.to_string());
            }
        }
    }
    assert!(passes.len() > 5, "no MIR passes seen in --print-after all");
    (mir.to_str().unwrap().to_string(), passes)
}

#[test]
fn mir_opt_reads_emit_mir_files() {
    let d = tmp("roundtrip");
    for kernel in ["warp_reduce", "bitonic_sort", "device_call"] {
        let (mir, pipeline) = emit_mir(&d, kernel);
        let text = std::fs::read_to_string(&mir).unwrap();
        let (ssa, laid_out) = (listings(&text, "ssa"), listings(&text, "laid-out"));
        assert!(!ssa.is_empty() && !laid_out.is_empty(), "{kernel}: --emit mir lacks a phase:\n{text}");
        // No passes: each function's first (SSA) listing, read back unchanged; `--phase laid-out` the other.
        assert_eq!(ok(&simtc(&["mir-opt", &mir])), ssa, "{kernel}: the SSA listings do not read back");
        assert_eq!(ok(&simtc(&["mir-opt", &mir, "--phase", "laid-out"])), laid_out, "{kernel}");
        // A few passes, through SSA destruction to the final layout.
        let out = ok(&simtc(&["mir-opt", &mir, "--passes", "copyprop,gvn-cse,phi-elim,machine-dce,branch-fold"]));
        assert_eq!(out.matches("mir ").count(), ssa.matches("mir ").count(), "{kernel}:\n{out}");
        assert!(out.lines().filter(|l| l.starts_with("mir ")).all(|l| l.ends_with(" laid-out {")), "{kernel}:\n{out}");
        assert!(!out.contains(" = phi "), "{kernel}: phis left:\n{out}");
        // The compile's own MIR pipeline on the SSA listings gives its laid-out listings.
        let all = ok(&simtc(&["mir-opt", &mir, "--passes", &pipeline.join(",")]));
        assert_eq!(all, laid_out, "{kernel}: mir-opt --passes {} differs from the compile", pipeline.join(","));
        // Passes for the laid-out listings: none apply; the error is at the first function's header.
        let o = simtc(&["mir-opt", &mir, "--phase", "laid-out", "--passes", "copyprop"]);
        let e = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{e}");
        let header = text.lines().position(|l| l.ends_with(" laid-out {")).unwrap() + 1;
        assert!(e.contains(&format!("{mir}:{header}:")), "{kernel}: not at line {header}:\n{e}");
        assert!(e.contains("expects MIR in phase ssa, but"), "{e}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn mir_opt_phase_errors_carry_file_line_col() {
    let d = tmp("phase");
    let (mir, _) = emit_mir(&d, "warp_reduce");
    // A pass that needs another phase than the passes before it leave.
    let o = simtc(&["mir-opt", &mir, "--passes", "copyprop,machine-dce"]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(e.starts_with(&format!("{mir}:1:17: error: pass 'machine-dce' expects MIR in phase phi-free")), "{e}");
    assert!(e.contains("phi-elim or out-of-ssa lead on to phase phi-free"), "{e}");
    // A phase no listing has.
    let o = simtc(&["mir-opt", &mir, "--phase", "phi-free"]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(
        e.starts_with(&format!("{mir}:1:17: error: function 'warp_reduce' has no listing in phase phi-free")),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&d);
}
