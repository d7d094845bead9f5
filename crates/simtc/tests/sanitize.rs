//! `simtc run --sanitize` (issue 28, `doc/sanitizer.md`): the buggy kernels of `tests/sanitize/buggy.cu` are
//! found with exactly the kinds their spec's `# expect:` line lists and exit status 3, the clean kernels of
//! `tests/sanitize/clean.cu` and every example kernel report nothing and exit 0 — each from simtc's, llc-19's and
//! nvcc's PTX of the same source. Also: the sanitizer is off by default, its findings do not depend on the
//! number of worker threads, and bad `--sanitize` lists are rejected.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

const ARCH: &str = "sm_90";

fn san_dir() -> PathBuf {
    common::repo_root().join("tests/sanitize")
}

fn tmp_dir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("simtc-sanitize-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// PTX files of `tests/sanitize/{stem}.cu` from each available producer: clang-19 → IR → simtc and llc-19, and
/// nvcc. Under `CI` every tool is required (the helpers fail instead of skipping).
fn producers(stem: &str) -> Vec<(&'static str, PathBuf)> {
    let tmp = tmp_dir();
    let cu = san_dir().join(format!("{stem}.cu"));
    let inc = common::repo_root().join("examples/kernels");
    let mut out = Vec::new();
    if let Some(clang) = common::llvm_tool("clang") {
        let ll = tmp.join(format!("{stem}.ll"));
        let o = Command::new(clang)
            .args(["-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90", "-nocudainc", "-nocudalib"])
            .args(["-Xclang", "-target-feature", "-Xclang", "+ptx80", "-O3", "-S", "-emit-llvm", "-I"])
            .arg(&inc)
            .arg("-I")
            .arg(san_dir())
            .arg(&cu)
            .arg("-o")
            .arg(&ll)
            .output()
            .expect("run clang");
        assert!(o.status.success(), "clang failed on {stem}.cu: {}", String::from_utf8_lossy(&o.stderr));
        let ptx = tmp.join(format!("{stem}.simtc.ptx"));
        common::simtc_ptx(&ll, &ptx, ARCH, &["-O3"]);
        out.push(("simtc", ptx));
        let ptx = tmp.join(format!("{stem}.llc.ptx"));
        if common::llc_ptx(&ll, &ptx, ARCH).is_some() {
            common::assemble_if_available(&ptx, ARCH);
            out.push(("llc", ptx));
        }
    }
    if let Some(nvcc) = common::cuda_tool("nvcc") {
        let ptx = tmp.join(format!("{stem}.nvcc.ptx"));
        let o = Command::new(nvcc)
            .args(["-ptx", "-O3", &format!("-arch={ARCH}"), "-I"])
            .arg(&inc)
            .arg("-I")
            .arg(san_dir())
            .arg(&cu)
            .arg("-o")
            .arg(&ptx)
            .output()
            .expect("run nvcc");
        assert!(o.status.success(), "nvcc failed on {stem}.cu: {}", String::from_utf8_lossy(&o.stderr));
        out.push(("nvcc", ptx));
    }
    out
}

fn buggy() -> &'static [(&'static str, PathBuf)] {
    static P: OnceLock<Vec<(&'static str, PathBuf)>> = OnceLock::new();
    P.get_or_init(|| producers("buggy"))
}

fn clean() -> &'static [(&'static str, PathBuf)] {
    static P: OnceLock<Vec<(&'static str, PathBuf)>> = OnceLock::new();
    P.get_or_init(|| producers("clean"))
}

/// The specs of `tests/sanitize` with their expected findings (`kind/space` or `kind`; empty for `none`).
fn specs() -> Vec<(PathBuf, BTreeSet<String>)> {
    let mut v: Vec<(PathBuf, BTreeSet<String>)> = std::fs::read_dir(san_dir())
        .expect("tests/sanitize")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let line = text
                .lines()
                .find_map(|l| l.strip_prefix("# expect:"))
                .unwrap_or_else(|| panic!("{} has no `# expect:` line", p.display()));
            let set: BTreeSet<String> =
                line.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty() && s != "none").collect();
            (p, set)
        })
        .collect();
    v.sort();
    v
}

struct Outcome {
    code: i32,
    kinds: BTreeSet<String>,
    report: serde_json::Value,
    stderr: String,
}

fn sanitize(spec: &Path, ptx: &Path, extra: &[&str]) -> Outcome {
    let tmp = tmp_dir();
    let tag = format!(
        "{}-{}",
        spec.file_stem().unwrap().to_string_lossy(),
        ptx.file_name().unwrap().to_string_lossy().replace('.', "_")
    );
    let report = tmp.join(format!("{tag}{}.json", extra.join("").replace('-', "_")));
    let out = tmp.join(format!("{tag}-out"));
    let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .arg("run")
        .arg(spec)
        .arg("--ptx")
        .arg(ptx)
        .args(["--sanitize", "all", "--sanitize-report"])
        .arg(&report)
        .arg("--out")
        .arg(&out)
        .args(extra)
        .output()
        .expect("run simtc");
    let stderr = String::from_utf8_lossy(&o.stderr).to_string();
    let text = std::fs::read_to_string(&report)
        .unwrap_or_else(|e| panic!("no report for {} on {}: {e}\n{stderr}", spec.display(), ptx.display()));
    let report: serde_json::Value = serde_json::from_str(&text).expect("report is JSON");
    let kinds = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| match f["space"].as_str() {
            Some(s) => format!("{}/{s}", f["kind"].as_str().unwrap()),
            None => f["kind"].as_str().unwrap().to_string(),
        })
        .collect();
    // Outputs are written whether or not something was found.
    assert!(out.join("out.bin").is_file(), "{}: outputs not written", spec.display());
    Outcome { code: o.status.code().unwrap_or(-1), kinds, report, stderr }
}

#[test]
fn buggy_kernels_are_found_with_the_right_kind() {
    let bugs: Vec<_> = specs().into_iter().filter(|(_, e)| !e.is_empty()).collect();
    assert!(bugs.len() >= 12, "at least 12 buggy kernels, found {}", bugs.len());
    let mut checked = 0;
    for (spec, want) in &bugs {
        for (producer, ptx) in buggy() {
            let o = sanitize(spec, ptx, &[]);
            assert_eq!(o.code, 3, "{} ({producer}): exit {}\n{}", spec.display(), o.code, o.stderr);
            assert_eq!(&o.kinds, want, "{} ({producer}): findings differ\n{}", spec.display(), o.stderr);
            // Every finding names both sides (the second always; the first for races and sync findings) with a
            // PTX line, and memory findings name their buffer or variable.
            for f in o.report["findings"].as_array().unwrap() {
                assert!(f["second"]["ptx_line"].as_u64().is_some_and(|l| l > 0), "{f}");
                assert!(f["count"].as_u64().is_some_and(|c| c > 0), "{f}");
                if f["kind"] == "race" {
                    assert!(f["first"]["ptx_line"].as_u64().is_some(), "{f}");
                    assert!(["RAW", "WAR", "WAW"].contains(&f["race"].as_str().unwrap()), "{f}");
                }
                if f["space"].is_string() && f["space"] != "local" {
                    assert!(f["location"].is_string(), "{f}");
                }
            }
            assert!(o.stderr.contains("sanitizer: "), "{}: no text report\n{}", spec.display(), o.stderr);
            checked += 1;
        }
    }
    eprintln!("{checked} buggy kernel runs ({} kernels)", bugs.len());
}

#[test]
fn clean_kernels_report_nothing() {
    let ok: Vec<_> = specs().into_iter().filter(|(_, e)| e.is_empty()).collect();
    assert!(ok.len() >= 12, "at least 12 clean kernels, found {}", ok.len());
    for (spec, _) in &ok {
        for (producer, ptx) in clean() {
            let o = sanitize(spec, ptx, &[]);
            assert!(o.kinds.is_empty(), "{} ({producer}): false positive\n{}", spec.display(), o.stderr);
            assert_eq!(o.code, 0, "{} ({producer}): exit {}\n{}", spec.display(), o.code, o.stderr);
            assert!(o.stderr.contains("sanitizer: no findings"), "{}", o.stderr);
        }
    }
}

#[test]
fn every_example_kernel_is_clean_under_every_producer() {
    let dir = common::repo_root().join("examples/kernels");
    let tmp = tmp_dir();
    for ll in common::example_kernels() {
        let name = ll.file_stem().unwrap().to_str().unwrap().to_string();
        let spec = dir.join(format!("{name}.toml"));
        let mut ptxs = Vec::new();
        let p = tmp.join(format!("ex-{name}.simtc.ptx"));
        common::simtc_ptx(&ll, &p, ARCH, &["-O3"]);
        ptxs.push(("simtc", p));
        let p = tmp.join(format!("ex-{name}.llc.ptx"));
        if common::llc_ptx(&ll, &p, ARCH).is_some() {
            ptxs.push(("llc", p));
        }
        if let Some(nvcc) = common::cuda_tool("nvcc") {
            let p = tmp.join(format!("ex-{name}.nvcc.ptx"));
            let o = Command::new(nvcc)
                .args(["-ptx", "-O3", &format!("-arch={ARCH}"), "-I"])
                .arg(&dir)
                .arg(dir.join(format!("{name}.cu")))
                .arg("-o")
                .arg(&p)
                .output()
                .expect("run nvcc");
            assert!(o.status.success(), "nvcc failed on {name}: {}", String::from_utf8_lossy(&o.stderr));
            ptxs.push(("nvcc", p));
        }
        for (producer, ptx) in ptxs {
            let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
                .arg("run")
                .arg(&spec)
                .arg("--ptx")
                .arg(&ptx)
                .args(["--sanitize", "all"])
                .output()
                .expect("run simtc");
            let stderr = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(0), "{name} ({producer}): {stderr}");
            assert!(stderr.contains("sanitizer: no findings"), "{name} ({producer}): {stderr}");
        }
    }
}

#[test]
fn the_sanitizer_is_off_by_default_and_findings_do_not_depend_on_jobs() {
    let spec = san_dir().join("intercta_raw.toml");
    let Some((_, ptx)) = buggy().first() else { return };
    let o = Command::new(env!("CARGO_BIN_EXE_simtc")).arg("run").arg(&spec).arg("--ptx").arg(ptx).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(!String::from_utf8_lossy(&o.stderr).contains("sanitizer"));
    let one = sanitize(&spec, ptx, &["--jobs", "1"]);
    let two = sanitize(&spec, ptx, &["--jobs", "2"]);
    assert_eq!(one.report, two.report, "findings depend on the number of worker threads");
}

#[test]
fn sanitizer_lists_select_checks() {
    let Some((_, ptx)) = buggy().first() else { return };
    let run = |spec: &str, list: &str| {
        Command::new(env!("CARGO_BIN_EXE_simtc"))
            .arg("run")
            .arg(san_dir().join(spec))
            .arg("--ptx")
            .arg(ptx)
            .args(["--sanitize", list])
            .output()
            .unwrap()
            .status
            .code()
    };
    assert_eq!(run("uninit_shared.toml", "race,sync"), Some(0));
    assert_eq!(run("uninit_shared.toml", "init"), Some(3));
    assert_eq!(run("racy_reduction.toml", "init,sync"), Some(0));
    assert_eq!(run("racy_reduction.toml", "race"), Some(3));
    assert_eq!(run("partial_shfl.toml", "race,init"), Some(0));
    assert_eq!(run("partial_shfl.toml", "sync"), Some(3));
}

#[test]
fn bad_sanitizer_options_are_rejected() {
    let spec = san_dir().join("reduction_ok.toml");
    let ptx = tmp_dir().join("never-read.ptx");
    for (list, msg) in [
        ("races", "unknown sanitizer check 'races' (expected race, sync, init or all)"),
        ("race,,init", "empty item"),
        ("", "empty item"),
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
            .arg("run")
            .arg(&spec)
            .arg("--ptx")
            .arg(&ptx)
            .args(["--sanitize", list])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "--sanitize '{list}': {stderr}");
        assert!(stderr.contains(msg), "--sanitize '{list}': {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    // --sanitize-report needs --sanitize (a usage error).
    let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .arg("run")
        .arg(&spec)
        .arg("--ptx")
        .arg(&ptx)
        .args(["--sanitize-report", "x.json"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stderr));
    // The sanitizer is the emulator's.
    let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .arg("run")
        .arg(&spec)
        .arg("--ptx")
        .arg(&ptx)
        .args(["--sanitize", "all", "--device", "cuda"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--sanitize needs the emulator"));
    // An unknown `init` string names the new "none".
    let bad = tmp_dir().join("bad-init.toml");
    std::fs::write(
        &bad,
        "kernel = \"k\"\ngrid = 1\nblock = 32\n[[args]]\nbuffer = \"b\"\ntype = \"i32\"\nlen = 4\ninit = \"undefined\"\n",
    )
    .unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .arg("run")
        .arg(&bad)
        .arg("--ptx")
        .arg(&ptx)
        .args(["--sanitize", "all"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("\"none\""), "{stderr}");
}

#[test]
fn reports_name_the_cuda_line_when_the_ptx_has_line_information() {
    let Some(nvcc) = common::cuda_tool("nvcc") else { return };
    let ptx = tmp_dir().join("buggy.lineinfo.ptx");
    let o = Command::new(nvcc)
        .args(["-ptx", "-O3", "-lineinfo", &format!("-arch={ARCH}"), "-I"])
        .arg(common::repo_root().join("examples/kernels"))
        .arg("-I")
        .arg(san_dir())
        .arg(san_dir().join("buggy.cu"))
        .arg("-o")
        .arg(&ptx)
        .output()
        .unwrap();
    assert!(o.status.success(), "nvcc: {}", String::from_utf8_lossy(&o.stderr));
    let o = sanitize(&san_dir().join("stencil_no_barrier.toml"), &ptx, &[]);
    assert_eq!(o.code, 3);
    let cu = std::fs::read_to_string(san_dir().join("buggy.cu")).unwrap();
    let line_of = |needle: &str| cu.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let write = format!("buggy.cu:{}", line_of("s[t] = l + s[t] + r;"));
    let f = &o.report["findings"][0];
    assert_eq!(f["second"]["source"].as_str(), Some(write.as_str()), "{f}");
    assert!(f["first"]["source"].as_str().is_some_and(|s| s.starts_with("buggy.cu:")), "{f}");
    assert!(o.stderr.contains(&write), "{}", o.stderr);
}

/// Warp 0 waits at barrier 0, warp 1 at barrier 1: a deadlock. With `sync` the sanitizer reports it and breaks
/// it; without, it stays the deadlock error.
const DEADLOCK: &str = r#".version 8.0
.target sm_90
.address_size 64
.visible .entry deadlock(.param .u64 out) {
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 32;
  @%p1 bra $W0;
  bar.sync 1;
  bra $END;
$W0:
  bar.sync 0;
$END:
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r1;
  ret;
}
"#;

#[test]
fn barrier_deadlocks_are_reported_and_broken() {
    let dir = tmp_dir();
    let ptx = dir.join("deadlock.ptx");
    std::fs::write(&ptx, DEADLOCK).unwrap();
    common::assemble_if_available(&ptx, ARCH);
    let spec = dir.join("deadlock.toml");
    std::fs::write(
        &spec,
        "kernel = \"deadlock\"\ngrid = 1\nblock = 64\n[[args]]\nbuffer = \"out\"\ntype = \"u32\"\nlen = 64\noutput = true\n",
    )
    .unwrap();
    let plain =
        Command::new(env!("CARGO_BIN_EXE_simtc")).arg("run").arg(&spec).arg("--ptx").arg(&ptx).output().unwrap();
    assert_eq!(plain.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&plain.stderr).contains("barrier deadlock"));
    let o = sanitize(&spec, &ptx, &[]);
    assert_eq!(o.code, 3, "{}", o.stderr);
    assert_eq!(o.kinds, BTreeSet::from(["barrier-divergence".to_string()]), "{}", o.stderr);
    // The run went on: every thread stored its index.
    let out = std::fs::read(dir.join("deadlock-deadlock_ptx-out/out.bin")).unwrap();
    let words: Vec<u32> = out.chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
    assert_eq!(words, (0..64).collect::<Vec<u32>>());
}

/// A full-mask shuffle whose guard is false in half of the warp: the mask names lanes that do not execute it.
const PREDICATED_SHFL: &str = r#".version 8.0
.target sm_90
.address_size 64
.visible .entry pshfl(.param .u64 out) {
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %r1;
  setp.lt.u32 %p1, %r1, 16;
  @%p1 shfl.sync.idx.b32 %r2, %r1, 0, 31, -1;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}
"#;

#[test]
fn predicated_collectives_whose_mask_names_guarded_off_lanes_are_found() {
    let dir = tmp_dir();
    let ptx = dir.join("pshfl.ptx");
    std::fs::write(&ptx, PREDICATED_SHFL).unwrap();
    common::assemble_if_available(&ptx, ARCH);
    let spec = dir.join("pshfl.toml");
    std::fs::write(
        &spec,
        "kernel = \"pshfl\"\ngrid = 1\nblock = 32\n[[args]]\nbuffer = \"out\"\ntype = \"u32\"\nlen = 32\noutput = true\n",
    )
    .unwrap();
    let o = sanitize(&spec, &ptx, &[]);
    assert_eq!(o.code, 3, "{}", o.stderr);
    assert_eq!(o.kinds, BTreeSet::from(["warp-sync".to_string()]), "{}", o.stderr);
}

/// Each lane stores its word, then loads its neighbour's, with no `__syncwarp` between.
fn lockstep_ptx(sm: u32) -> String {
    format!(
        r#".version 7.0
.target sm_{sm}
.address_size 64
.visible .entry lockstep(.param .u64 out) {{
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  .shared .align 4 .b32 s[32];
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  shl.b32 %r2, %r1, 2;
  mov.u32 %r3, s;
  add.u32 %r4, %r3, %r2;
  st.shared.u32 [%r4], %r1;
  xor.b32 %r5, %r2, 4;
  add.u32 %r6, %r3, %r5;
  ld.shared.u32 %r7, [%r6];
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r7;
  ret;
}}
"#
    )
}

#[test]
fn lockstep_orders_intra_warp_accesses_only_before_sm_70() {
    let dir = tmp_dir();
    let spec = dir.join("lockstep.toml");
    std::fs::write(
        &spec,
        "kernel = \"lockstep\"\ngrid = 1\nblock = 32\n[[args]]\nbuffer = \"out\"\ntype = \"u32\"\nlen = 32\noutput = true\n",
    )
    .unwrap();
    for (sm, want) in [(60, vec![]), (70, vec!["race/shared".to_string()])] {
        let ptx = dir.join(format!("lockstep{sm}.ptx"));
        std::fs::write(&ptx, lockstep_ptx(sm)).unwrap();
        // ptxas 12.9 (the one sm_70 uses) still accepts sm_60.
        if let Some(ptxas) = common::ptxas_for("sm_70") {
            let o = Command::new(ptxas).arg(format!("-arch=sm_{sm}")).args(["-o", "/dev/null"]).arg(&ptx).output();
            let o = o.unwrap();
            assert!(o.status.success(), "ptxas: {}", String::from_utf8_lossy(&o.stderr));
        }
        let o = sanitize(&spec, &ptx, &[]);
        assert_eq!(o.kinds, want.into_iter().collect::<BTreeSet<_>>(), "sm_{sm}: {}", o.stderr);
    }
}

/// Warp 0 produces into shared memory and `bar.arrive 1, 64`s; warp 1 `bar.sync 1, 64`s and consumes; warp 2 does
/// not take part in barrier 1 (`reader`: it reads the data anyway).
fn named_barrier_ptx(reader: bool) -> String {
    let read = if reader { "ld.shared.u32 %r7, [%r5];" } else { "" };
    format!(
        r#".version 8.0
.target sm_90
.address_size 64
.visible .entry named(.param .u64 out) {{
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  .reg .pred %p<3>;
  .shared .align 4 .b32 s[32];
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  shr.u32 %r2, %r1, 5;
  and.b32 %r3, %r1, 31;
  shl.b32 %r4, %r3, 2;
  mov.u32 %r6, s;
  add.u32 %r5, %r6, %r4;
  mov.u32 %r7, 0;
  setp.eq.u32 %p1, %r2, 0;
  @%p1 bra $PRODUCER;
  setp.eq.u32 %p2, %r2, 1;
  @%p2 bra $CONSUMER;
  {read}
  bra $END;
$PRODUCER:
  st.shared.u32 [%r5], %r1;
  bar.arrive 1, 64;
  bra $END;
$CONSUMER:
  bar.sync 1, 64;
  ld.shared.u32 %r7, [%r5];
$END:
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r7;
  ret;
}}
"#
    )
}

#[test]
fn named_barriers_order_exactly_the_warps_that_take_part() {
    let dir = tmp_dir();
    let spec = dir.join("named.toml");
    std::fs::write(
        &spec,
        "kernel = \"named\"\ngrid = 1\nblock = 96\n[[args]]\nbuffer = \"out\"\ntype = \"u32\"\nlen = 96\noutput = true\n",
    )
    .unwrap();
    for (reader, want) in [(false, vec![]), (true, vec!["race/shared".to_string()])] {
        let ptx = dir.join(format!("named{reader}.ptx"));
        std::fs::write(&ptx, named_barrier_ptx(reader)).unwrap();
        common::assemble_if_available(&ptx, ARCH);
        let o = sanitize(&spec, &ptx, &[]);
        assert_eq!(o.kinds, want.into_iter().collect::<BTreeSet<_>>(), "reader {reader}: {}", o.stderr);
        // The consumer got the producer's values.
        let out = std::fs::read(dir.join(format!("named-named{reader}_ptx-out/out.bin"))).unwrap();
        let words: Vec<u32> = out.chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
        assert_eq!(&words[32..64], &(0..32).collect::<Vec<u32>>()[..]);
    }
}
