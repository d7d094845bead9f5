//! Likely warp-coherent branches are not predicated (ifconvert's cost model): the shared-memory tree reduction of
//! `tests/coherent/tree_reduce.cu` (`if (tid < s) sh[tid] += sh[tid + s]` with a halving bound) must run no more
//! emulated warp instructions, and no more SASS-weighted ones, at `-O3` than at `-O0` and than llc-19's `-O3`, on
//! sm_80 and sm_90, with the same outputs. Before the rule, `-O3` predicated the loads and the store and ran 22%
//! more warp instructions than `-O0` (61,952 against 50,816; llc 47,232).

mod common;

use std::path::{Path, PathBuf};

fn tmp() -> PathBuf {
    let d = std::env::temp_dir().join(format!("simtc-coherent-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `(warp_instructions, sass_instructions_estimate, outputs hash)` of one run of `ptx`.
fn metrics(ptx: &Path) -> (u64, u64, String) {
    let spec = common::repo_root().join("tests/coherent/tree_reduce.toml");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_simtc"))
        .arg("run")
        .arg(&spec)
        .arg("--ptx")
        .arg(ptx)
        .args(["--metrics", "-"])
        .output()
        .expect("run simtc");
    assert!(o.status.success(), "simtc run {}: {}", ptx.display(), String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("metrics JSON");
    let n = |k: &str| v[k].as_u64().unwrap_or_else(|| panic!("{k} in {v}"));
    (n("warp_instructions"), n("sass_instructions_estimate"), v["outputs"].to_string())
}

#[test]
fn tree_reduction_is_not_slower_at_o3() {
    let ll = common::repo_root().join("tests/coherent/tree_reduce.ll");
    let t = tmp();
    for arch in ["sm_80", "sm_90"] {
        let o0 = t.join(format!("o0.{arch}.ptx"));
        let o3 = t.join(format!("o3.{arch}.ptx"));
        common::simtc_ptx(&ll, &o0, arch, &["-O0"]);
        common::simtc_ptx(&ll, &o3, arch, &["-O3"]);
        let text = std::fs::read_to_string(&o3).unwrap();
        assert!(
            // (`if (tid == 0) out[b] = sh[0]` is predicated: it reads `[sh]`, not a register address.)
            !text.lines().any(|l| l.trim_start().starts_with('@') && l.contains("ld.shared") && l.contains("[%")),
            "{arch}: the reduction step's loads are predicated:\n{text}"
        );
        let (w0, s0, out0) = metrics(&o0);
        let (w3, s3, out3) = metrics(&o3);
        assert_eq!(out0, out3, "{arch}: -O3 outputs differ from -O0");
        assert!(w3 <= w0 && s3 <= s0, "{arch}: -O3 runs {w3} warp / {s3} SASS-weighted, -O0 {w0} / {s0}");
        if let Some(llc) = common::llc_ptx(&ll, &t.join(format!("llc.{arch}.ptx")), arch) {
            common::assemble_if_available(&llc, arch);
            let (wl, sl, outl) = metrics(&llc);
            assert_eq!(out0, outl, "{arch}: llc's outputs differ");
            assert!(w3 <= wl && s3 <= sl, "{arch}: -O3 runs {w3} warp / {s3} SASS-weighted, llc-19 {wl} / {sl}");
        }
    }
    let _ = std::fs::remove_dir_all(&t);
}
