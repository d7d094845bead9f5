//! `simtc run` and `simtc check` end to end: outputs, metrics JSON, the profile, and clear errors (exit 1, never a
//! panic) for bad PTX, bad specs and kernels that fault.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn simtc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_simtc")).args(args).output().expect("run simtc")
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("simtc-emu-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write(dir: &Path, file: &str, text: &str) -> String {
    let p = dir.join(file);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const HEADER: &str = ".version 7.8\n.target sm_90\n.address_size 64\n";

/// A one-parameter kernel `k(out)` with `body` between loading the parameter and `ret`.
fn kernel(body: &str) -> String {
    format!(
        "{HEADER}.visible .entry k(.param .u64 out)\n{{\n  .reg .pred %p<3>;\n  .reg .b32 %r<9>;\n  .reg .b64 %rd<9>;\n  ld.param.u64 %rd1, [out];\n  mov.u32 %r1, %tid.x;\n{body}\n  ret;\n}}\n"
    )
}

const SPEC: &str = "kernel = \"k\"\ngrid = [2, 1, 1]\nblock = [64, 1, 1]\n[[args]]\nbuffer = \"out\"\ntype = \"u32\"\nlen = 64\noutput = true\n";

fn run_kernel(dir: &Path, body: &str) -> Output {
    let ptx = write(dir, "k.ptx", &kernel(body));
    let spec = write(dir, "k.toml", SPEC);
    simtc(&["run", &spec, "--ptx", &ptx])
}

fn assert_rejected(o: &Output, needles: &[&str]) {
    let e = stderr(o);
    assert_eq!(o.status.code(), Some(1), "expected exit 1, got {:?}; stderr:\n{e}", o.status.code());
    for n in needles {
        assert!(e.contains(n), "stderr lacks '{n}':\n{e}");
    }
}

#[test]
fn run_writes_outputs_metrics_and_profile() {
    let d = tmp("run");
    let root = common::repo_root();
    let Some(llc) = common::llvm_tool("llc") else { return };
    let ptx = d.join("bitonic_sort.ptx");
    let st = Command::new(llc)
        .args(["-O3", "-march=nvptx64", "-mcpu=sm_90"])
        .arg(root.join("examples/kernels/bitonic_sort.ll"))
        .arg("-o")
        .arg(&ptx)
        .status()
        .unwrap();
    assert!(st.success());
    let metrics = d.join("m.json");
    let out = d.join("out");
    let spec = root.join("examples/kernels/bitonic_sort.toml");
    let o = simtc(&[
        "run",
        spec.to_str().unwrap(),
        "--ptx",
        ptx.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--metrics",
        metrics.to_str().unwrap(),
        "--profile",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let values = std::fs::read(out.join("values.bin")).unwrap();
    assert_eq!(values.len(), 4096 * 4);
    let v: Vec<i32> = values.chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect();
    assert!(v.chunks(256).all(|b| b.windows(2).all(|w| w[0] <= w[1])));
    let m: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&metrics).unwrap()).unwrap();
    for key in [
        "kernel",
        "grid",
        "block",
        "warp_instructions",
        "thread_instructions",
        "simt_efficiency",
        "simt_efficiency_nonpred",
        "divergent_branches",
        "barriers",
        "uni_violations",
        "outputs",
    ] {
        assert!(m.get(key).is_some(), "metrics lack '{key}': {m}");
    }
    assert_eq!(m["kernel"], "bitonic_sort");
    assert_eq!(m["barriers"], 16 * 37, "37 barriers per CTA");
    let sha = m["outputs"]["values"].as_str().unwrap();
    assert_eq!(sha, simtc_emu::report::sha256_hex(&values));
    let eff = m["simt_efficiency"].as_f64().unwrap();
    assert!(eff > 0.0 && eff <= 1.0);
    let profile = String::from_utf8_lossy(&o.stdout);
    assert!(
        profile.contains("executions") && profile.contains("divergent") && profile.contains("mean-active"),
        "{profile}"
    );
    assert!(profile.lines().any(|l| l.contains("bra")), "{profile}");
    // The `reconv` column: the PTX line where the threads split by a conditional branch meet again (its
    // immediate post-dominator), after the branch in this forward, structured layout; or `exit`.
    let mut reconv_lines = 0;
    for row in profile.lines().filter(|l| l.contains("@%p") || l.contains("@!%p")) {
        let cols: Vec<&str> = row.split_whitespace().collect();
        let line: u32 = cols[0].parse().unwrap_or_else(|_| panic!("line column: {row}"));
        match cols[5] {
            "exit" => {}
            r => {
                let r: u32 = r.parse().unwrap_or_else(|_| panic!("reconv column: {row}"));
                assert!(r > line, "reconvergence before the branch: {row}");
                reconv_lines += 1;
            }
        }
    }
    assert!(reconv_lines > 0, "{profile}");
    // Deterministic: a second run (one host thread) gives the same metrics.
    let o2 = simtc(&["run", spec.to_str().unwrap(), "--ptx", ptx.to_str().unwrap(), "--metrics", "-", "--jobs", "1"]);
    let m2: serde_json::Value = serde_json::from_slice(&o2.stdout).unwrap();
    assert_eq!(m2["warp_instructions"], m["warp_instructions"]);
    assert_eq!(m2["outputs"], m["outputs"]);
}

#[test]
fn run_compiles_ll_with_simtc_and_check_compares_builds() {
    let root = common::repo_root();
    let ll = root.join("examples/kernels/warp_reduce.ll");
    let spec = root.join("examples/kernels/warp_reduce.toml");
    let o = simtc(&["run", spec.to_str().unwrap(), "--ll", ll.to_str().unwrap(), "--metrics", "-"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let m: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(m["warp_instructions"].as_u64().unwrap() > 0);
    let o = simtc(&["check", ll.to_str().unwrap(), "--spec", spec.to_str().unwrap()]);
    assert!(o.status.success(), "{}{}", String::from_utf8_lossy(&o.stdout), stderr(&o));
    let s = String::from_utf8_lossy(&o.stdout);
    assert!(s.contains("-O0") && s.contains("-O3") && s.contains("--disable-pass"), "{s}");
}

#[test]
fn unknown_instructions_are_named_with_their_line() {
    let d = tmp("unknown");
    let o = run_kernel(&d, "  frobnicate.u32 %r2, %r1;");
    assert_rejected(&o, &["k.ptx:11", "unknown instruction 'frobnicate.u32'"]);
    let o = run_kernel(&d, "  add.u32.bogus %r2, %r1, 1;");
    assert_rejected(&o, &["k.ptx:11", "unsupported modifier '.bogus'"]);
    let o = run_kernel(&d, "  add.u32 %r2, %r1 1;");
    assert_rejected(&o, &["k.ptx:11:", "expected"]);
    let o = run_kernel(&d, "  add.u32 %r2, %nope, 1;");
    assert_rejected(&o, &["undeclared register '%nope'"]);
    let o = run_kernel(&d, "  bra $L_nowhere;");
    assert_rejected(&o, &["unknown label '$L_nowhere'"]);
}

#[test]
fn bad_specs_are_rejected() {
    let d = tmp("spec");
    let ptx = write(&d, "k.ptx", &kernel(""));
    let cases: &[(&str, &[&str])] = &[
        ("kernel = \"nope\"\ngrid = 1\nblock = 32\n[[args]]\nbuffer = \"out\"\ntype = \"u32\"\nlen = 4\n", &["no kernel named 'nope'", "kernels: k"]),
        ("kernel = \"k\"\ngrid = 1\nblock = 32\n", &["takes 1 parameters but the launch passes 0"]),
        ("kernel = \"k\"\ngrid = 1\nblock = 32\n[[args]]\nscalar = \"u32\"\nvalue = 1\n", &["has 4 bytes but parameter"]),
        ("kernel = \"k\"\ngrid = 1\nblock = 2048\n[[args]]\nbuffer = \"out\"\ntype = \"u32\"\nlen = 4\n", &["exceeds the limit of 1024"]),
        ("kernel = \"k\"\ngrid = 1\nblock = 32\n[[args]]\nbuffer = \"out\"\ntype = \"u33\"\nlen = 4\n", &["unknown type 'u33'"]),
        ("kernel = \"k\"\ngrid = 1\nblock = 32\n[[args]]\nbuffer = \"out\"\ntype = \"u32\"\nlen = 4\ninit = { gauss = 1 }\n", &["'init' must be"]),
        ("kernel = \"k\"\ngrid = 1\nblock = 32\n[[args]]\nbuffer = \"out\"\ntype = \"u32\"\ninit = { file = \"missing.bin\" }\n", &["could not read", "missing.bin"]),
        ("kernel = \"k\"\ngrid = 1\nblok = 32\n", &["k.toml:3:1: error:", "blok"]),
        ("this is not toml", &["k.toml:1:6: error:"]),
        // Errors the spec reader names by argument and key are shown at that key.
        ("kernel = \"k\"\ngrid = 1\nblock = 32\n[[args]]\nbuffer = \"out\"\ntype = \"u33\"\nlen = 4\n", &["k.toml:6:1: error: argument 1: unknown type 'u33'", "type = \"u33\"\n^"]),
        ("kernel = \"k\"\ngrid = [1, 1, 1, 1]\nblock = 32\n", &["k.toml:2:1: error: 'grid' must have 1 to 3 dimensions"]),
    ];
    for (spec, needles) in cases {
        let s = write(&d, "k.toml", spec);
        let o = simtc(&["run", &s, "--ptx", &ptx]);
        assert_rejected(&o, needles);
    }
    let o = simtc(&["run", &write(&d, "k.toml", SPEC), "--ptx", &d.join("absent.ptx").display().to_string()]);
    assert_rejected(&o, &["could not read", "absent.ptx"]);
    // `--device cuda` (with or without a GPU) is tested in cuda_device.rs.
}

#[test]
fn faults_name_kernel_line_cta_and_thread() {
    let d = tmp("faults");
    // Thread (5,0,0) of CTA 1 stores past the end of `out` (64 words).
    let o = run_kernel(&d, "  mov.u32 %r2, %ctaid.x;\n  mul.wide.u32 %rd2, %r1, 1024;\n  setp.eq.u32 %p1, %r2, 1;\n  @!%p1 bra DONE;\n  add.s64 %rd3, %rd1, %rd2;\n  st.global.u32 [%rd3], %r1;\nDONE:");
    assert_rejected(
        &o,
        &[
            "out-of-bounds 4-byte store to .global",
            "kernel 'k'",
            "CTA (1, 0, 0)",
            "thread (1, 0, 0)",
            "line 16",
            "st.global.u32",
        ],
    );
    let o = run_kernel(&d, "  add.s64 %rd2, %rd1, 2;\n  ld.global.u32 %r2, [%rd2];");
    assert_rejected(&o, &["misaligned 4-byte load", "thread (0, 0, 0)"]);
    let o = run_kernel(&d, "  sub.u32 %r2, %r1, 7;\n  div.u32 %r3, 100, %r2;");
    assert_rejected(&o, &["integer division by zero", "thread (7, 0, 0)", "div.u32"]);
    let o = run_kernel(&d, "  setp.eq.u32 %p1, %r1, 9;\n  @%p1 trap;");
    assert_rejected(&o, &["trap executed", "thread (9, 0, 0)"]);
    let o = run_kernel(&d, "  ld.shared.u32 %r2, [4096];");
    assert_rejected(&o, &["out-of-bounds 4-byte load from .shared"]);
    // Half of each warp waits at barrier 0, the other half at barrier 1: a deadlock. (Threads that skip a
    // barrier and exit do not hold it up: `emu_barriers.rs`.)
    let o = run_kernel(
        &d,
        "  and.b32 %r2, %r1, 1;\n  setp.eq.u32 %p1, %r2, 0;\n  @%p1 bra SKIP;\n  bar.sync 0;\n  bra.uni DONE;\nSKIP:\n  bar.sync 1;\nDONE:",
    );
    assert_rejected(
        &o,
        &["barrier deadlock", "wait at barrier 0", "wait at barrier 1", "barrier 1: 0 of 2 warps arrived"],
    );
    // A shuffle whose member mask leaves out the executing lane.
    let o = run_kernel(&d, "  shfl.sync.idx.b32 %r2, %r1, 0, 31, 1;");
    assert_rejected(&o, &["is not in its member mask"]);
}

#[test]
fn the_profile_names_cuda_source_lines_when_the_ptx_has_them() {
    let root = common::repo_root();
    let Some(llc) = common::llvm_tool("llc") else { return };
    let d = tmp("loc");
    let ptx = d.join("debug_info.ptx");
    let st = Command::new(llc)
        .args(["-O3", "-march=nvptx64", "-mcpu=sm_90"])
        .arg(root.join("examples/kernels/debug_info.ll"))
        .arg("-o")
        .arg(&ptx)
        .status()
        .unwrap();
    assert!(st.success());
    let spec = root.join("examples/kernels/debug_info.toml");
    let o = simtc(&["run", spec.to_str().unwrap(), "--ptx", ptx.to_str().unwrap(), "--profile"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let p = String::from_utf8_lossy(&o.stdout);
    // `if (gid >= n) return;` is line 23 of debug_info.cu: the only divergent branch (the last block is partial).
    let line = p.lines().find(|l| l.contains("debug_info.cu:23")).unwrap_or_else(|| panic!("{p}"));
    assert!(line.contains("bra"), "{line}");
    let cols: Vec<&str> = line.split_whitespace().collect();
    assert_eq!((cols[1], cols[2]), ("32", "1"), "{line}");
}

/// Hostile launch specs: grids and blocks beyond PTX's limits, absurd shared memory, a grid too large to emulate,
/// and init values outside the element type are clear errors (exit 1), never a panic or a huge allocation.
#[test]
fn hostile_launch_specs_are_refused() {
    let d = tmp("hostile");
    let ptx = write(&d, "k.ptx", &kernel("  st.global.u32 [%rd1], %r1;"));
    let buf = "[[args]]\nbuffer = \"out\"\ntype = \"u32\"\nlen = 64\noutput = true\n";
    let cases: &[(&str, &[&str])] = &[
        ("grid = [2147483648, 1, 1]\nblock = [32, 1, 1]\n", &["exceeds PTX's limits", "2147483647"]),
        ("grid = [1, 65536, 1]\nblock = [32, 1, 1]\n", &["exceeds PTX's limits"]),
        ("grid = [2147483647, 65535, 65535]\nblock = [32, 1, 1]\n", &["CTAs, more than the emulator runs"]),
        ("grid = [1, 1, 1]\nblock = [1, 1, 65]\n", &["exceeds PTX's limits", "z ≤ 64"]),
        ("grid = [0, 1, 1]\nblock = [32, 1, 1]\n", &["at least 1"]),
        ("grid = [-1, 1, 1]\nblock = [32, 1, 1]\n", &["grid"]),
        ("grid = 1\nblock = 32\ndynamic_shared_bytes = 4000000000\n", &["dynamic_shared_bytes", "exceeds"]),
    ];
    for (k, (dims, needles)) in cases.iter().enumerate() {
        let spec = write(&d, &format!("s{k}.toml"), &format!("kernel = \"k\"\n{dims}{buf}"));
        assert_rejected(&simtc(&["run", &spec, "--ptx", &ptx]), needles);
    }
    let inits: &[(&str, &str, &str)] = &[
        ("u8", "{ fill = 300 }", "fill value 300 does not fit in u8"),
        ("u8", "{ fill = -1 }", "does not fit in u8"),
        ("i32", "{ fill = 1.5 }", "does not fit in i32"),
        ("u16", "{ random = { seed = 1, min = 0, max = 70000 } }", "random max 70000 does not fit in u16"),
        ("i8", "{ iota = { start = 0, step = 3 } }", "iota's last value 189 does not fit in i8"),
        ("f32", "{ fill = 1e300 }", "does not fit in f32"),
    ];
    for (k, (ty, init, needle)) in inits.iter().enumerate() {
        let spec = write(
            &d,
            &format!("i{k}.toml"),
            &format!("kernel = \"k\"\ngrid = 1\nblock = 32\n[[args]]\nbuffer = \"out\"\ntype = \"{ty}\"\nlen = 64\ninit = {init}\n"),
        );
        assert_rejected(&simtc(&["run", &spec, "--ptx", &ptx]), &[needle]);
    }
}

/// CTAs are streamed: a grid of a quarter million CTAs of a trivial kernel runs (memory does not grow with the
/// number of CTAs; the printf output and metrics are folded in CTA order).
#[test]
fn large_grids_stream_ctas() {
    let d = tmp("stream");
    let ptx = write(
        &d,
        "k.ptx",
        &kernel("  setp.ne.s32 %p1, %r1, 0;\n  @%p1 bra DONE;\n  atom.global.add.u32 %r2, [%rd1], 1;\nDONE:"),
    );
    let spec = write(
        &d,
        "s.toml",
        "kernel = \"k\"\ngrid = [512, 512, 1]\nblock = [1, 1, 1]\n[[args]]\nbuffer = \"out\"\ntype = \"u32\"\nlen = 1\noutput = true\n",
    );
    let out = d.join("out");
    let o = simtc(&["run", &spec, "--ptx", &ptx, "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bytes = std::fs::read(out.join("out.bin")).unwrap();
    assert_eq!(u32::from_le_bytes(bytes[..4].try_into().unwrap()), 512 * 512);
}

/// The emulator type-checks register operands as ptxas does: an arithmetic or logic instruction whose register
/// has the wrong size is rejected, not run.
#[test]
fn ill_typed_ptx_is_rejected() {
    let d = tmp("types");
    for (body, needle) in [
        ("  cvt.u64.u32 %rd3, %r1;\n  add.s32 %r2, %rd3, %r1;", "operand 2 of 'add.s32' is '%rd3', a 64-bit register"),
        ("  and.b64 %rd2, %rd1, %r1;", "operand 3 of 'and.b64' is '%r1', a 32-bit register"),
        (
            "  mul.wide.u32 %r2, %r1, %r1;",
            "operand 1 of 'mul.wide.u32' is '%r2', a 32-bit register, but the instruction needs 64 bits",
        ),
    ] {
        assert_rejected(&run_kernel(&d, body), &[needle]);
    }
    // The well-typed forms run.
    let o = run_kernel(&d, "  mul.wide.u32 %rd2, %r1, 4;\n  add.s64 %rd3, %rd1, %rd2;\n  st.global.u32 [%rd3], %r1;");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// `.version` and `.target` are checked as ptxas does: an impossible version, an unknown target, a target the
/// declared version cannot express, an unknown target option.
#[test]
fn bad_version_and_target_are_rejected() {
    let d = tmp("target");
    let spec = write(&d, "k.toml", SPEC);
    let body = ".address_size 64\n.visible .entry k(.param .u64 out)\n{\n  ret;\n}\n";
    for (head, needle) in [
        (".version 99.9\n.target sm_90\n", "invalid PTX ISA version 99.9"),
        (".version 7.8\n.target sm_13\n", "unknown target 'sm_13'"),
        (".version 7.0\n.target sm_90\n", "target sm_90 needs PTX ISA 7.8 or later"),
        (".version 7.8\n.target sm_90, banana\n", "unknown .target option 'banana'"),
    ] {
        let ptx = write(&d, "k.ptx", &format!("{head}{body}"));
        assert_rejected(&simtc(&["run", &spec, "--ptx", &ptx]), &[needle]);
    }
}

/// `--timeout SECONDS` stops a spinning kernel with a clear error (exit 1, as the instruction budget), in
/// `simtc run` and in every build of `simtc check`; bad values are usage errors.
#[test]
fn a_spinning_kernel_stops_at_the_wall_clock_limit() {
    let d = tmp("timeout");
    // Every thread spins forever (about 7 minutes to the default instruction budget).
    let spin = "LOOP:\n  add.u32 %r2, %r2, 1;\n  bra.uni LOOP;";
    let ptx = write(&d, "k.ptx", &kernel(spin));
    let spec = write(&d, "k.toml", SPEC);
    let t = std::time::Instant::now();
    let o = simtc(&["run", &spec, "--ptx", &ptx, "--timeout", "1"]);
    let took = t.elapsed();
    assert_rejected(
        &o,
        &[
            "time limit exceeded: the launch ran longer than 1s of wall-clock time",
            "--timeout",
            "kernel 'k'",
            "CTA (0, 0, 0)",
        ],
    );
    assert!(took < std::time::Duration::from_secs(20), "simtc run --timeout 1 took {took:?}");
    // A fraction of a second, with one host thread.
    let o = simtc(&["run", &spec, "--ptx", &ptx, "--timeout", "0.25", "--jobs", "1"]);
    assert_rejected(&o, &["the launch ran longer than 250ms"]);
    // `simtc check`: the first build that spins is named.
    let ll = write(
        &d,
        "spin.ll",
        "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\ntarget triple = \"nvptx64-nvidia-cuda\"\n\n\
         define ptx_kernel void @k(ptr addrspace(1) %flag) {\nentry:\n  br label %loop\n\nloop:\n  \
         %v = load volatile i32, ptr addrspace(1) %flag, align 4\n  %c = icmp eq i32 %v, 0\n  \
         br i1 %c, label %loop, label %exit\n\nexit:\n  ret void\n}\n",
    );
    let t = std::time::Instant::now();
    let o = simtc(&["check", &ll, "--spec", &spec, "--timeout", "1"]);
    assert_rejected(&o, &["the -O0 build failed in the emulator", "time limit exceeded"]);
    assert!(t.elapsed() < std::time::Duration::from_secs(30), "simtc check --timeout 1 took {:?}", t.elapsed());
    // 0 is no limit (a kernel that finishes); bad values are usage errors (exit 2).
    let ok = write(&d, "ok.ptx", &kernel(""));
    assert_eq!(simtc(&["run", &spec, "--ptx", &ok, "--timeout", "0"]).status.code(), Some(0));
    for bad in ["abc", "=-1", "1e300", "nan"] {
        let o = if let Some(v) = bad.strip_prefix('=') {
            simtc(&["run", &spec, "--ptx", &ok, &format!("--timeout={v}")])
        } else {
            simtc(&["run", &spec, "--ptx", &ok, "--timeout", bad])
        };
        assert_eq!(o.status.code(), Some(2), "--timeout {bad}: {}", stderr(&o));
        assert!(stderr(&o).contains("--timeout"), "{}", stderr(&o));
    }
}
