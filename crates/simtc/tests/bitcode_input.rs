//! LLVM bitcode input (made by llvm-as): read through llvm-dis by every subcommand that reads LLVM IR, with the
//! same results as the text; the bitcode wrapper is recognised too; diagnostics say their positions are in the
//! disassembly; without llvm-dis (`SIMTC_LLVM_DIS` naming no file) the input is rejected with the command that
//! converts it. Needs llvm-as and llvm-dis (skipped with a note without them, a failure under `CI`).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("simtc-bitcode-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `simtc ARGS` with `SIMTC_LLVM_DIS` set to `dis`.
fn simtc(dis: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_simtc")).env("SIMTC_LLVM_DIS", dis).args(args).output().expect("run simtc")
}

fn ok(o: &Output) -> String {
    assert_eq!(o.status.code(), Some(0), "simtc failed:\n{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Assembles `ll` into `dir/NAME.bc` with llvm-as.
fn assemble(llvm_as: &Path, ll: &Path, dir: &Path, name: &str) -> PathBuf {
    let bc = dir.join(format!("{name}.bc"));
    let o = Command::new(llvm_as).arg(ll).arg("-o").arg(&bc).output().expect("run llvm-as");
    assert!(o.status.success(), "llvm-as failed: {}", String::from_utf8_lossy(&o.stderr));
    bc
}

#[test]
fn bitcode_is_read_through_llvm_dis_by_every_ir_subcommand() {
    let (Some(llvm_as), Some(dis)) = (common::llvm_tool("llvm-as"), common::llvm_tool("llvm-dis")) else { return };
    let d = tmp("found");
    let root = common::repo_root();
    let ll = root.join("examples/kernels/warp_reduce.ll");
    let spec = root.join("examples/kernels/warp_reduce.toml");
    let bc = assemble(&llvm_as, &ll, &d, "warp_reduce");
    let (ll, bc, spec) = (ll.to_str().unwrap(), bc.to_str().unwrap(), spec.to_str().unwrap());
    // compile: the same PTX as from the text.
    assert_eq!(ok(&simtc(&dis, &["compile", bc])), ok(&simtc(&dis, &["compile", ll])));
    // opt and analyze: the same output as from llvm-dis' text (LLVM's round trip through bitcode normalizes
    // some attributes of intrinsics, so the original text can differ).
    let dis_ll = d.join("dis.ll");
    let o = Command::new(&dis).arg(bc).arg("-o").arg(&dis_ll).output().expect("run llvm-dis");
    assert!(o.status.success(), "llvm-dis failed: {}", String::from_utf8_lossy(&o.stderr));
    let dis_ll = dis_ll.to_str().unwrap();
    let opt = ["opt", "--passes", "dce,simplifycfg"];
    let from_bc = ok(&simtc(&dis, &[&opt[..], &[bc]].concat()));
    assert_eq!(from_bc, ok(&simtc(&dis, &[&opt[..], &[dis_ll]].concat())));
    let analyze = ["analyze", "--print", "uniformity"];
    let from_bc = ok(&simtc(&dis, &[&analyze[..], &[bc]].concat()));
    assert_eq!(from_bc, ok(&simtc(&dis, &[&analyze[..], &[dis_ll]].concat())));
    // check and run --ll.
    assert!(ok(&simtc(&dis, &["check", bc, "--spec", spec])).contains("ok: all"));
    let m = ok(&simtc(&dis, &["run", spec, "--ll", bc, "--metrics", "-"]));
    assert!(m.contains("\"warp_instructions\""), "{m}");
    // Standard input.
    let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .env("SIMTC_LLVM_DIS", &dis)
        .args(["compile", "-"])
        .stdin(std::fs::File::open(bc).unwrap())
        .output()
        .unwrap();
    assert_eq!(ok(&o), ok(&simtc(&dis, &["compile", ll])));
    // The default lookup (no `SIMTC_LLVM_DIS`) finds LLVM 19's llvm-dis where scripts/install-tools.sh puts it.
    if Path::new("/usr/lib/llvm-19/bin/llvm-dis").is_file() {
        let o = Command::new(env!("CARGO_BIN_EXE_simtc")).env_remove("SIMTC_LLVM_DIS").args(["compile", bc]).output();
        assert_eq!(ok(&o.unwrap()), ok(&simtc(&dis, &["compile", ll])));
    }
    // The wrapper header (magic 0x0B17C0DE, version, offset, size, CPU type) around the same bitcode.
    let raw = std::fs::read(bc).unwrap();
    let mut wrapped = Vec::new();
    for w in [0x0B17_C0DEu32, 0, 20, raw.len() as u32, 0] {
        wrapped.extend_from_slice(&w.to_le_bytes());
    }
    wrapped.extend_from_slice(&raw);
    let wbc = d.join("wrapped.bc");
    std::fs::write(&wbc, &wrapped).unwrap();
    assert_eq!(ok(&simtc(&dis, &["compile", wbc.to_str().unwrap()])), ok(&simtc(&dis, &["compile", ll])));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn bitcode_diagnostics_say_where_their_positions_are() {
    let (Some(llvm_as), Some(dis)) = (common::llvm_tool("llvm-as"), common::llvm_tool("llvm-dis")) else { return };
    let d = tmp("diag");
    let ll = d.join("alias.ll");
    std::fs::write(&ll, "define void @f() {\n  ret void\n}\n@a = alias void (), ptr @f\n").unwrap();
    let bc = assemble(&llvm_as, &ll, &d, "alias");
    let bc = bc.to_str().unwrap();
    let o = simtc(&dis, &["opt", bc, "--passes", "verify"]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(e.contains(&format!("{bc}:")) && e.contains("error: unsupported: global aliases"), "{e}");
    assert!(e.contains("note:") && e.contains("positions above are in its llvm-dis disassembly"), "{e}");
    // Bitcode llvm-dis cannot read (cut short): llvm-dis' message, exit 1.
    let raw = std::fs::read(bc).unwrap();
    let cut = d.join("cut.bc");
    std::fs::write(&cut, &raw[..raw.len() / 2]).unwrap();
    let o = simtc(&dis, &["compile", cut.to_str().unwrap()]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(e.contains("is LLVM bitcode that") && e.contains("could not read"), "{e}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn bitcode_without_llvm_dis_names_the_conversion() {
    let d = tmp("missing");
    // The bitcode magic is enough: no llvm-as needed.
    let bc = d.join("k.bc");
    std::fs::write(&bc, b"BC\xC0\xDE\x35\x14\x00\x00\x05\x00\x00\x00\x62\x0c\x30\x24").unwrap();
    let bc = bc.to_str().unwrap();
    let none = d.join("no-llvm-dis-here");
    let spec = common::repo_root().join("examples/kernels/warp_reduce.toml");
    let spec = spec.to_str().unwrap();
    for args in [
        vec!["compile", bc],
        vec!["opt", bc, "--passes", "verify"],
        vec!["analyze", bc, "--print", "loops"],
        vec!["check", bc, "--spec", spec],
        vec!["run", spec, "--ll", bc],
    ] {
        let o = simtc(&none, &args);
        let e = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {e}");
        assert!(e.contains(&format!("{bc} is LLVM bitcode")), "{args:?}: {e}");
        assert!(e.contains(&format!("convert it with `llvm-dis {bc} -o {}`", bc.replace(".bc", ".ll"))), "{e}");
        assert!(!e.contains("UTF-8"), "{e}");
    }
    // mir-opt reads MIR text: bitcode is named as such.
    let o = simtc(&none, &["mir-opt", bc, "--passes", "copyprop"]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(e.contains("is LLVM bitcode"), "{e}");
    let _ = std::fs::remove_dir_all(&d);
}
