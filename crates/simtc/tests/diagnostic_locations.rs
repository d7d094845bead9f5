//! Diagnostics carry `file:line:col` wherever the input locates the problem: the IR verifier's errors (at the
//! instruction, block, function or global they name, through every subcommand that reads LLVM IR), invalid
//! UTF-8, launch-spec errors (`run`, `check`: at the key of the argument they name), and MIR text errors
//! (`mir-opt`: parse, verifier, phase). Each with the source line and a caret; exit 1.

use std::path::PathBuf;
use std::process::{Command, Output};

mod common;

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("simtc-diag-loc-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn simtc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_simtc")).args(args).output().expect("run simtc")
}

/// Asserts exit 1 and that standard error starts with `start` (after any lines that do not hold `file`) and
/// contains every needle.
fn rejected_at(o: &Output, start: &str, needles: &[&str]) {
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "expected exit 1:\n{e}");
    assert!(e.lines().any(|l| l.starts_with(start)), "no line starts with '{start}':\n{e}");
    for n in needles {
        assert!(e.contains(n), "stderr lacks '{n}':\n{e}");
    }
}

const BROKEN: &str = "define ptx_kernel void @k(ptr addrspace(1) %p) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %t, 7
  br i1 %c, label %a, label %b
a:
  %x = add i32 %t, 1
  br label %b
b:
  store i32 %x, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
";

#[test]
fn verifier_errors_point_at_the_instruction() {
    let d = tmp("verifier");
    let f = d.join("broken.ll");
    std::fs::write(&f, BROKEN).unwrap();
    let f = f.to_str().unwrap();
    for args in [
        vec!["compile", f, "-o", "/dev/null"],
        vec!["opt", f, "--passes", "verify"],
        vec!["analyze", f, "--print", "loops"],
    ] {
        rejected_at(
            &simtc(&args),
            &format!("{f}:10:3: error: in function @k, block %b"),
            &["instruction does not dominate all uses: %x", "\n  store i32 %x, ptr addrspace(1) %p\n  ^~~~"],
        );
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn invalid_utf8_is_located() {
    let d = tmp("utf8");
    let f = d.join("u.ll");
    std::fs::write(&f, b"define void @f() {\n  ret void ; caf\xe9\n}\n").unwrap();
    let f = f.to_str().unwrap();
    rejected_at(&simtc(&["compile", f]), &format!("{f}:2:17: error: input is not valid UTF-8"), &[]);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn spec_errors_point_at_the_key() {
    let d = tmp("spec");
    let spec = d.join("k.toml");
    std::fs::write(
        &spec,
        "kernel = \"warp_reduce\"\ngrid = 1\nblock = 32\n[[args]]\nbuffer = \"in\"\ntype = \"i32\"\nlen = 4\n\
         [[args]]\nbuffer = \"result\"\ntype = \"i32\"\nlen = 1\ninit = { fill = 0.5 }\n",
    )
    .unwrap();
    let spec = spec.to_str().unwrap();
    let ll = common::repo_root().join("examples/kernels/warp_reduce.ll");
    let ll = ll.to_str().unwrap();
    for args in [vec!["run", spec, "--ll", ll], vec!["check", ll, "--spec", spec]] {
        rejected_at(
            &simtc(&args),
            &format!("{spec}:12:10: error: argument 2: buffer 'result': fill value 0.5 does not fit in i32"),
            &["\ninit = { fill = 0.5 }\n         ^"],
        );
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn mir_text_errors_are_located() {
    let d = tmp("mir");
    let f = d.join("k.mir");
    std::fs::write(&f, "mir k ssa {\nbb0:\n\tmov.b32 %r1, 0;\n\tmov.b32 %r1, 1;\n\tret;\n}\n").unwrap();
    let f = f.to_str().unwrap();
    rejected_at(
        &simtc(&["mir-opt", f]),
        &format!("{f}:4:2: error: MIR verifier: in 'k', block bb0 inst 1: register %r1 defined more than once"),
        &[],
    );
    std::fs::write(f, "mir k ssa {\nbb0:\n\tfrob.s32 %r1, 0;\n\tret;\n}\n").unwrap();
    rejected_at(&simtc(&["mir-opt", f]), &format!("{f}:3:2: error: unknown operation `frob`"), &[]);
    std::fs::write(f, "mir k ssa {\nbb0:\n\tret;\n}\n").unwrap();
    rejected_at(
        &simtc(&["mir-opt", f, "--passes", "branch-fold"]),
        &format!("{f}:1:7: error: pass 'branch-fold' expects MIR in phase phi-free, but 'k' is in phase ssa"),
        &[],
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn codegen_errors_point_into_the_function() {
    let d = tmp("codegen");
    let f = d.join("cg.ll");
    // The instruction the error names by its callee (the only call of it).
    std::fs::write(
        &f,
        "define ptx_kernel void @k(ptr addrspace(1) %p) {\n  %t = call i32 @llvm.nvvm.read.ptx.sreg.foo()\n  \
         store i32 %t, ptr addrspace(1) %p\n  ret void\n}\ndeclare i32 @llvm.nvvm.read.ptx.sreg.foo()\n",
    )
    .unwrap();
    let file = f.to_str().unwrap();
    rejected_at(
        &simtc(&["compile", file, "-o", "/dev/null"]),
        &format!("{file}:2:17: error: unsupported in codegen: intrinsic @llvm.nvvm.read.ptx.sreg.foo"),
        &["\n  %t = call i32 @llvm.nvvm.read.ptx.sreg.foo()\n                ^"],
    );
    // Nothing finer than the function: its name in the definition.
    std::fs::write(
        &f,
        "define ptx_kernel void @k(ptr addrspace(1) %p) {\n  %v = load i128, ptr addrspace(1) %p\n  \
         %w = add i128 %v, 1\n  store i128 %w, ptr addrspace(1) %p\n  ret void\n}\n",
    )
    .unwrap();
    rejected_at(
        &simtc(&["compile", file, "-o", "/dev/null"]),
        &format!("{file}:1:24: error: unsupported in codegen:"),
        &["(in function 'k')"],
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn ptx_meaning_errors_point_at_the_name() {
    // Valid syntax the emulator cannot give a meaning to (an undeclared register) is located at the name, like
    // the parser's syntax errors.
    let d = tmp("ptx");
    let ptx = d.join("bad.ptx");
    std::fs::write(
        &ptx,
        ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry warp_reduce()\n{\n  .reg .b32 %r<3>;\n  \
         add.s32 %r1, %r2, %q;\n  ret;\n}\n",
    )
    .unwrap();
    let spec = common::repo_root().join("examples/kernels/warp_reduce.toml");
    let ptx = ptx.to_str().unwrap();
    rejected_at(
        &simtc(&["run", spec.to_str().unwrap(), "--ptx", ptx]),
        &format!("{ptx}:7:21: error: undeclared register '%q'"),
        &["\n    add.s32 %r1, %r2, %q;\n                      ^"],
    );
    let _ = std::fs::remove_dir_all(&d);
}
