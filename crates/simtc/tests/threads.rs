//! Parallel code generation (issue 27): the output of `simtc compile` is byte-identical for any `-j N` (PTX,
//! `--emit mir`, `--stats`), and the error reported is the first in module order, whichever thread finds it.

use std::process::{Command, Output};

fn simtc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_simtc")).args(args).env_remove("SIMTC_THREADS").output().unwrap()
}

/// A module of `n` functions of a few blocks each (a divergent diamond with a phi and a loop).
fn module(n: usize) -> String {
    let mut s = String::from("target triple = \"nvptx64-nvidia-cuda\"\n");
    s.push_str("declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n");
    for f in 0..n {
        s.push_str(&format!(
            "define ptx_kernel void @k{f}(ptr addrspace(1) %p, i32 %n) {{\nentry:\n  \
             %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  %c = icmp slt i32 %t, {f}\n  br i1 %c, label %a, label %b\n\
             a:\n  %x = mul i32 %t, {m}\n  br label %j\nb:\n  %y = add i32 %t, {f}\n  br label %j\n\
             j:\n  %v = phi i32 [ %x, %a ], [ %y, %b ]\n  br label %l\n\
             l:\n  %i = phi i32 [ 0, %j ], [ %i2, %l ]\n  %s = phi i32 [ %v, %j ], [ %s2, %l ]\n  \
             %s2 = xor i32 %s, %i\n  %i2 = add i32 %i, 1\n  %d = icmp slt i32 %i2, %n\n  br i1 %d, label %l, label %e\n\
             e:\n  %g = getelementptr i32, ptr addrspace(1) %p, i32 %t\n  store i32 %s2, ptr addrspace(1) %g\n  ret void\n}}\n",
            m = f + 3
        ));
    }
    s
}

#[test]
fn output_is_the_same_for_any_thread_count() {
    let dir = std::env::temp_dir().join(format!("simtc-threads-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ll = dir.join("many.ll");
    std::fs::write(&ll, module(40)).unwrap();
    let ll = ll.to_str().unwrap();
    for extra in [&["--emit", "ptx"][..], &["--emit", "mir"], &["--stats"]] {
        let run = |j: &str| {
            let mut args = vec!["compile", ll, "-O3", "-j", j];
            args.extend_from_slice(extra);
            let o = simtc(&args);
            assert!(o.status.success(), "-j {j} {extra:?}: {}", String::from_utf8_lossy(&o.stderr));
            (o.stdout, o.stderr)
        };
        let one = run("1");
        assert!(!one.0.is_empty());
        for j in ["2", "4", "0"] {
            assert!(run(j) == one, "-j {j} {extra:?} differs from -j 1");
        }
    }
}

#[test]
fn the_first_error_in_module_order_is_reported() {
    let mut text = module(12);
    for k in 0..6 {
        text.push_str(&format!(
            "define void @bad{k}(ptr %p, float %x) {{\n  %v = fptoui float %x to i128\n  store i128 %v, ptr %p\n  \
             ret void\n}}\n"
        ));
    }
    let dir = std::env::temp_dir().join(format!("simtc-threads-err-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ll = dir.join("bad.ll");
    std::fs::write(&ll, text).unwrap();
    let ll = ll.to_str().unwrap();
    for j in ["1", "2", "4"] {
        let o = simtc(&["compile", ll, "-O3", "-j", j, "-o", "/dev/null"]);
        assert_eq!(o.status.code(), Some(1), "-j {j}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("'bad0'") && !err.contains("'bad1'"), "-j {j}: {err}");
    }
}

#[test]
fn simtc_threads_must_be_a_number() {
    let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .args(["compile", "-", "-o", "/dev/null"])
        .env("SIMTC_THREADS", "many")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("SIMTC_THREADS"));
}
