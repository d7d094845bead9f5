//! StructurizeCFG end to end (issue 15): every example kernel, run through the structurized IR pipeline
//! (`simtc opt --passes dce,simplifycfg,lower-switch,unify-exits,structurizecfg --verify-structured`), passes the
//! structured-CFG checker, still compiles, and gives the same outputs in the emulator as the unstructured build;
//! `llvm-as` accepts the structurized IR. Also: a property test on random reducible CFGs (structurize, check,
//! emulate, compare).

mod common;

use simtc_emu::{LaunchSpec, RunOptions};
use std::path::Path;
use std::process::Command;

const PIPELINE: &str = "dce,simplifycfg,lower-switch,unify-exits,structurizecfg";

fn simtc(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_simtc")).args(args).output().expect("run simtc")
}

/// `simtc opt IN --passes PIPELINE --verify-structured -o OUT`.
fn structurize(input: &std::path::Path, out: &std::path::Path) -> std::process::Output {
    simtc(&["opt", input.to_str().unwrap(), "--passes", PIPELINE, "--verify-structured", "-o", out.to_str().unwrap()])
}

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("simtc-structurize-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d.join(name)
}

/// Compiles at `-O3` without fma contraction: structurization moves `contract` multiplies and adds into
/// other blocks, so contraction may pair them differently (a legal, last-bit difference); without it the
/// outputs must agree bit for bit.
fn compile(ll: &Path) -> String {
    let out = tmp(&format!("{}.ptx", ll.file_stem().unwrap().to_string_lossy()));
    let o = simtc(&["compile", ll.to_str().unwrap(), "-o", out.to_str().unwrap(), "--knob", "CombineFma=false"]);
    assert!(o.status.success(), "compile {}: {}", ll.display(), String::from_utf8_lossy(&o.stderr));
    std::fs::read_to_string(out).expect("ptx")
}

fn emulate(ptx: &str, spec: &Path, what: &str) -> (Vec<Vec<u8>>, u64) {
    let spec = LaunchSpec::read(spec).expect("spec");
    let launch = spec.materialize().expect("launch");
    let prog = simtc_emu::load_ptx(ptx, what).unwrap_or_else(|e| panic!("{what}: {e}"));
    let r = simtc_emu::run(&prog, &launch, &RunOptions::default()).unwrap_or_else(|e| panic!("{what}: {e}"));
    (r.buffers, r.counters.warp_instructions)
}

#[test]
fn examples_structurized_agree_with_unstructured() {
    let mut failures = Vec::new();
    for ll in common::example_kernels() {
        let name = ll.file_stem().unwrap().to_string_lossy().to_string();
        let spec = ll.with_extension("toml");
        let s_ll = tmp(&format!("{name}.struct.ll"));
        let o = structurize(&ll, &s_ll);
        if !o.status.success() {
            failures.push(format!("{name}: opt failed: {}", String::from_utf8_lossy(&o.stderr)));
            continue;
        }
        if let Some(llvm_as) = common::llvm_tool("llvm-as") {
            let st = Command::new(llvm_as).arg(&s_ll).arg("-o").arg("/dev/null").status().expect("llvm-as");
            if !st.success() {
                failures.push(format!("{name}: llvm-as rejects the structurized IR"));
            }
        }
        let base = emulate(&compile(&ll), &spec, &format!("{name} (base)"));
        let st = emulate(&compile(&s_ll), &spec, &format!("{name} (structurized)"));
        if base.0 != st.0 {
            failures.push(format!("{name}: outputs differ"));
        }
        eprintln!("{name:14} warp instructions {:>10} -> {:>10}", base.1, st.1);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A tiny deterministic generator (xorshift) so the test needs no extra dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random reducible kernel: structured nesting of if/else, loops (with breaks and continues through early
/// exits), and gotos forward to a later join (unstructured but reducible), all on thread-dependent conditions;
/// every block adds to an accumulator that is stored per thread at the end.
fn random_kernel(seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut body = String::new();
    let mut n = 0usize;
    let mut fresh = |p: &str| {
        n += 1;
        format!("{p}{n}")
    };
    // Emits a region that starts in block `cur` (already opened) and returns the name of the block left open.
    fn region(
        rng: &mut Rng,
        fresh: &mut dyn FnMut(&str) -> String,
        out: &mut String,
        cur: String,
        depth: u32,
        acc: &mut String,
        loop_ctx: Option<(&str, &str)>,
    ) -> String {
        let mut cur = cur;
        let parts = 1 + rng.below(3);
        for _ in 0..parts {
            // Every block updates the accumulator.
            let a = fresh("%a");
            out.push_str(&format!("  {a} = add i32 {acc}, {}\n", 1 + rng.below(9)));
            *acc = a;
            let choice = if depth == 0 { 9 } else { rng.below(10) };
            let c = fresh("%c");
            out.push_str(&format!("  {c} = icmp ult i32 %lane{}, {}\n", rng.below(2), rng.below(32)));
            match choice {
                0..=2 => {
                    // if / else
                    let (t, e, j) = (fresh("then"), fresh("else"), fresh("join"));
                    out.push_str(&format!("  br i1 {c}, label %{t}, label %{e}\n{t}:\n"));
                    let mut at = acc.clone();
                    let te = region(rng, fresh, out, t.clone(), depth - 1, &mut at, loop_ctx);
                    out.push_str(&format!("  br label %{j}\n{e}:\n"));
                    let mut ae = acc.clone();
                    let ee = region(rng, fresh, out, e.clone(), depth - 1, &mut ae, loop_ctx);
                    out.push_str(&format!("  br label %{j}\n{j}:\n"));
                    let p = fresh("%p");
                    out.push_str(&format!("  {p} = phi i32 [ {at}, %{te} ], [ {ae}, %{ee} ]\n"));
                    *acc = p;
                    cur = j;
                }
                3..=4 => {
                    // loop: header, body, latch with a divergent trip count; body may break or continue
                    let (h, b, l, x) = (fresh("head"), fresh("body"), fresh("latch"), fresh("exit"));
                    let i = fresh("%i");
                    let ph = fresh("%acc");
                    let inext = fresh("%inext");
                    let lacc = fresh("%lacc");
                    out.push_str(&format!("  br label %{h}\n{h}:\n"));
                    out.push_str(&format!("  {i} = phi i32 [ 0, %{cur} ], [ {inext}, %{l} ]\n"));
                    out.push_str(&format!("  {ph} = phi i32 [ {acc}, %{cur} ], [ {lacc}, %{l} ]\n"));
                    out.push_str(&format!("  br label %{b}\n{b}:\n"));
                    let mut ab = ph.clone();
                    let be = region(rng, fresh, out, b.clone(), depth - 1, &mut ab, Some((&l, &x)));
                    out.push_str(&format!("  br label %{l}\n{l}:\n"));
                    // The latch phi merges the body's value and (when the body continued early) nothing else:
                    // continues below jump to the latch with the loop's value at that point.
                    out.push_str(&format!("  {lacc} = phi i32 [ {ab}, %{be} ]\n"));
                    out.push_str(&format!("  {inext} = add i32 {i}, 1\n"));
                    let lc = fresh("%lc");
                    out.push_str(&format!("  {lc} = icmp ult i32 {inext}, %trip\n"));
                    out.push_str(&format!("  br i1 {lc}, label %{h}, label %{x}\n{x}:\n"));
                    let xa = fresh("%xa");
                    out.push_str(&format!("  {xa} = phi i32 [ {lacc}, %{l} ]\n"));
                    *acc = xa;
                    cur = x;
                }
                5 if loop_ctx.is_some() => {
                    // an early exit from the innermost loop, guarded by a divergent condition: goes to the exit
                    // through a dedicated block so the exit's phi stays simple
                    let (_, x) = loop_ctx.unwrap();
                    let _ = x;
                    let (t, j) = (fresh("skip"), fresh("cont"));
                    out.push_str(&format!("  br i1 {c}, label %{t}, label %{j}\n{t}:\n"));
                    let a2 = fresh("%a");
                    out.push_str(&format!("  {a2} = mul i32 {acc}, 3\n  br label %{j}\n{j}:\n"));
                    let p = fresh("%p");
                    out.push_str(&format!("  {p} = phi i32 [ {acc}, %{cur} ], [ {a2}, %{t} ]\n"));
                    *acc = p;
                    cur = j;
                }
                6..=7 => {
                    // goto-style: two branches that both may jump into a shared tail (reducible, unstructured)
                    let (x, y, tail, j) = (fresh("x"), fresh("y"), fresh("tail"), fresh("j"));
                    let c2 = fresh("%c");
                    out.push_str(&format!("  br i1 {c}, label %{x}, label %{y}\n{x}:\n"));
                    let ax = fresh("%a");
                    out.push_str(&format!("  {ax} = add i32 {acc}, 5\n"));
                    out.push_str(&format!("  {c2} = icmp ult i32 %lane1, {}\n", rng.below(32)));
                    out.push_str(&format!("  br i1 {c2}, label %{tail}, label %{j}\n{y}:\n"));
                    let ay = fresh("%a");
                    out.push_str(&format!("  {ay} = add i32 {acc}, 7\n"));
                    out.push_str(&format!("  br i1 {c}, label %{j}, label %{tail}\n{tail}:\n"));
                    let pt = fresh("%p");
                    out.push_str(&format!("  {pt} = phi i32 [ {ax}, %{x} ], [ {ay}, %{y} ]\n"));
                    let at = fresh("%a");
                    out.push_str(&format!("  {at} = mul i32 {pt}, 5\n  br label %{j}\n{j}:\n"));
                    let pj = fresh("%p");
                    out.push_str(&format!("  {pj} = phi i32 [ {ax}, %{x} ], [ {ay}, %{y} ], [ {at}, %{tail} ]\n"));
                    *acc = pj;
                    cur = j;
                }
                _ => {}
            }
        }
        cur
    }
    let mut acc = String::from("%seed");
    let mut out = String::new();
    region(&mut rng, &mut fresh, &mut out, "entry".into(), 3, &mut acc, None);
    body.push_str(&out);
    format!(
        "target triple = \"nvptx64-nvidia-cuda\"\n\
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n\
define ptx_kernel void @k(ptr addrspace(1) %out) {{\n\
entry:\n\
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n\
  %lane0 = and i32 %tid, 31\n\
  %lane1 = lshr i32 %tid, 1\n\
  %seed = mul i32 %tid, 7\n\
  %t0 = and i32 %tid, 3\n\
  %trip = add i32 %t0, 1\n\
{body}  %slot = getelementptr i32, ptr addrspace(1) %out, i32 %tid\n\
  store i32 {acc}, ptr addrspace(1) %slot\n\
  ret void\n}}\n"
    )
}

#[test]
fn random_reducible_cfgs_stay_equal_and_structured() {
    let spec = tmp("random.toml");
    std::fs::write(
        &spec,
        "kernel = \"k\"\ngrid = [1, 1, 1]\nblock = [64, 1, 1]\n[[args]]\nbuffer = \"out\"\ntype = \"u32\"\nlen = 64\ninit = \"zero\"\noutput = true\n",
    )
    .unwrap();
    let cases: u64 = std::env::var("SIMTC_RANDOM_CFGS").ok().and_then(|s| s.parse().ok()).unwrap_or(40);
    let mut failures = Vec::new();
    for seed in 0..cases {
        let src = random_kernel(seed);
        let ll = tmp(&format!("random{seed}.ll"));
        std::fs::write(&ll, &src).unwrap();
        let s_ll = tmp(&format!("random{seed}.struct.ll"));
        let o = structurize(&ll, &s_ll);
        if !o.status.success() {
            failures.push(format!("seed {seed}: {}", String::from_utf8_lossy(&o.stderr)));
            continue;
        }
        let base = emulate(&compile(&ll), &spec, &format!("random {seed}"));
        let st = emulate(&compile(&s_ll), &spec, &format!("random {seed} structurized"));
        if base.0 != st.0 {
            failures.push(format!("seed {seed}: outputs differ ({})", ll.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The seed-13 `fuzz-diff` programs whose structurized builds differed from `-O0` (tests/fuzz-repro, the
/// unreduced programs: the reduced ones in the failure directory store every thread's result to `out[0]`, a race,
/// so their outputs depend on warp order).
const FUZZ_REPROS: &[&str] = &["seed13-p15", "seed13-p79", "seed13-p108", "seed13-p120", "seed13-p129", "seed13-p186"];

/// The full structurized IR pipeline of `-O3 --knob structurize=true`.
const FULL_IR_PIPELINE: &str = "dce,simplifycfg,darm,lower-switch,unify-exits,structurizecfg,cssa";

fn compile_with(ll: &Path, tag: &str, flags: &[&str]) -> String {
    let out = tmp(&format!("{}.{tag}.ptx", ll.file_stem().unwrap().to_string_lossy()));
    let mut args = vec!["compile", ll.to_str().unwrap(), "-o", out.to_str().unwrap()];
    args.extend_from_slice(flags);
    let o = simtc(&args);
    assert!(o.status.success(), "compile {} {flags:?}: {}", ll.display(), String::from_utf8_lossy(&o.stderr));
    std::fs::read_to_string(out).expect("ptx")
}

/// Every mismatch of these programs comes from the MIR pass `phi-elim` (lost copies on critical edges, also at
/// `-O0`): with `phi-elim` disabled, the IR after the whole structurized IR pipeline gives the outputs of the
/// original at `-O0`, and so does the full structurized `-O3` build. This guards the IR passes independently of
/// `phi-elim`.
#[test]
fn fuzz_repros_structurized_ir_pipeline_preserves_semantics() {
    let dir = common::repo_root().join("tests/fuzz-repro");
    let mut failures = Vec::new();
    for name in FUZZ_REPROS {
        let ll = dir.join(format!("{name}.ll"));
        let spec = dir.join(format!("{name}.toml"));
        let no_phi_elim = ["-O0", "--disable-pass", "phi-elim"];
        let reference = emulate(&compile_with(&ll, "ref", &no_phi_elim), &spec, &format!("{name} (-O0)")).0;
        let s_ll = tmp(&format!("{name}.full.ll"));
        let o = simtc(&["opt", ll.to_str().unwrap(), "--passes", FULL_IR_PIPELINE, "-o", s_ll.to_str().unwrap()]);
        assert!(o.status.success(), "{name}: opt: {}", String::from_utf8_lossy(&o.stderr));
        let ir = emulate(&compile_with(&s_ll, "ir", &no_phi_elim), &spec, &format!("{name} (IR pipeline)")).0;
        if ir != reference {
            failures.push(format!("{name}: the structurized IR pipeline changes the outputs"));
        }
        let full = compile_with(&ll, "full", &["-O3", "--knob", "structurize=true", "--disable-pass", "phi-elim"]);
        if emulate(&full, &spec, &format!("{name} (FULL)")).0 != reference {
            failures.push(format!("{name}: -O3 --knob structurize=true --disable-pass phi-elim differs from -O0"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The same programs through every build of `simtc check`, `phi-elim` included (they failed while phi-elim lost
/// copies on critical edges: seed13-p129, p186 had a wrong `-O0`; p15, p79, p108, p120 a wrong structurized `-O3`
/// minus one pass).
#[test]
fn fuzz_repros_all_builds_agree_with_phi_elim() {
    let dir = common::repo_root().join("tests/fuzz-repro");
    let mut failures = Vec::new();
    for name in FUZZ_REPROS {
        let ll = dir.join(format!("{name}.ll"));
        let spec = dir.join(format!("{name}.toml"));
        let o = simtc(&["check", ll.to_str().unwrap(), "--spec", spec.to_str().unwrap()]);
        if !o.status.success() {
            failures.push(format!("{name}: {}", String::from_utf8_lossy(&o.stderr)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `simtc compile --knob structurize=true --verify-structured` accepts every example: the check runs where the
/// structurizer's output is final (after `structurizecfg`/`structured-layout`; `lsr` and `cssa` later put code
/// into Flow blocks legitimately). At `-O0` nothing structurizes, and a kernel with an unstructured divergent
/// branch is refused with a diagnostic (exit 1).
#[test]
fn every_example_compiles_with_verify_structured() {
    let mut failures = Vec::new();
    for ll in common::example_kernels() {
        let o = simtc(&[
            "compile",
            ll.to_str().unwrap(),
            "--knob",
            "structurize=true",
            "--verify-structured",
            "-o",
            tmp("verify.ptx").to_str().unwrap(),
        ]);
        if !o.status.success() {
            failures.push(format!("{}: {}", ll.display(), String::from_utf8_lossy(&o.stderr)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let sb1 = common::repo_root().join("examples/kernels/sb1.ll");
    let o =
        simtc(&["compile", sb1.to_str().unwrap(), "-O0", "--verify-structured", "-o", tmp("o0.ptx").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("the CFG is not structured"));
}
