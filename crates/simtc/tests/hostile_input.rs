//! Hostile LLVM IR gets a diagnostic (exit 1) or compiles, never a crash: nesting deep enough to overflow any
//! recursive walk (types, constant expressions, metadata), types nested deeper than 64 (sized, compiled),
//! a named struct used as an array element before its definition (accepted, as llvm-as does), and clear messages
//! for what codegen refuses.

use std::path::PathBuf;
use std::process::{Command, Output};

fn compile(name: &str, src: &str) -> Output {
    let dir = std::env::temp_dir().join(format!("simtc-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p: PathBuf = dir.join(name);
    std::fs::write(&p, src).unwrap();
    Command::new(env!("CARGO_BIN_EXE_simtc"))
        .args(["compile", p.to_str().unwrap(), "-o", "/dev/null"])
        .output()
        .unwrap()
}

fn rejected(o: &Output, needle: &str) {
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "expected exit 1, got {:?}:\n{e}", o.status.code());
    assert!(e.contains(needle), "stderr lacks '{needle}':\n{e}");
    // Long lines are shown as a window, not whole.
    assert!(e.lines().all(|l| l.chars().count() < 400), "a diagnostic line is too long:\n{e}");
}

#[test]
fn deep_types_are_a_diagnostic() {
    let mut t = String::from("i32");
    for _ in 0..20_000 {
        t = format!("[1 x {t}]");
    }
    rejected(&compile("types.ll", &format!("@g = global {t} zeroinitializer\n")), "too deeply nested");
    let mut s = String::from("i32");
    for _ in 0..15_000 {
        s = format!("{{ {s} }}");
    }
    rejected(&compile("structs.ll", &format!("@g = global {s} zeroinitializer\n")), "too deeply nested");
}

#[test]
fn deep_constant_expressions_are_a_diagnostic() {
    let mut e = String::from("ptr @g0");
    for _ in 0..8_000 {
        e = format!("ptr getelementptr (i8, {e}, i64 1)");
    }
    let src = format!("@g0 = global i8 0\n@g1 = global {e}\n");
    rejected(&compile("gep.ll", &src), "too deeply nested");
}

#[test]
fn deep_metadata_is_a_diagnostic_or_works() {
    // A chain of numbered nodes: each refers to the next by number (no recursion in the reader).
    let mut src = String::from("!named = !{!0}\n");
    for k in 0..9_000 {
        src.push_str(&format!("!{k} = !{{!{}}}\n", k + 1));
    }
    src.push_str("!9000 = !{}\ndefine void @f() { ret void }\n");
    let o = compile("md_chain.ll", &src);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    // Inline nesting recurses: limited.
    let mut m = String::from("!{}");
    for _ in 0..9_000 {
        m = format!("!{{{m}}}");
    }
    rejected(&compile("md_inline.ll", &format!("!named = !{{!0}}\n!0 = {m}\n")), "too deeply nested");
}

#[test]
fn types_deeper_than_64_are_sized() {
    let mut t = String::from("i32");
    for _ in 0..70 {
        t = format!("{{ {t} }}");
    }
    let src = format!(
        "define ptx_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q) {{\n  %v = load {t}, ptr addrspace(1) %p\n  store {t} %v, ptr addrspace(1) %q\n  ret void\n}}\n"
    );
    let o = compile("deep70.ll", &src);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn named_struct_before_its_definition_as_array_element() {
    let src = "%T = type { [2 x %S] }\n%S = type { i32 }\n@g = global %T zeroinitializer\n";
    let o = compile("fwd.ll", src);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    // Still opaque at the end: the verifier says the global is unsized.
    rejected(
        &compile("opaque.ll", "%T = type { [2 x %S] }\n%S = type opaque\n@g = external global %T\n"),
        "unsized type",
    );
}

#[test]
fn cmpxchg_on_i8_names_8_bits() {
    let src = "define void @f(ptr %p) {\n  %r = cmpxchg ptr %p, i8 0, i8 1 seq_cst seq_cst\n  ret void\n}\n";
    rejected(&compile("cmpxchg8.ll", src), "cmpxchg on 8-bit values");
}
