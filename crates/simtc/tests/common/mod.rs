//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// The repository root.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Path to an LLVM 19 tool (`llvm-as`, `clang`, ...), from `SIMTC_LLVM_BIN` or `/usr/lib/llvm-19/bin`.
/// Under `CI` a missing tool fails the test; elsewhere the caller skips with a note.
pub fn llvm_tool(name: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("SIMTC_LLVM_BIN").map(PathBuf::from).unwrap_or_else(|| "/usr/lib/llvm-19/bin".into());
    found_or_skip(dir.join(name))
}

/// Every example kernel `.ll`, sorted.
pub fn example_kernels() -> Vec<PathBuf> {
    let dir = repo_root().join("examples/kernels");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("examples/kernels exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ll"))
        .collect();
    v.sort();
    assert!(v.len() >= 19, "expected the example kernels in {}", dir.display());
    v
}

/// The CUDA 13 prefix (`nvidia/cu13/...`) installed by `scripts/install-tools.sh`, or `SIMTC_CUDA13`.
pub fn cuda13_prefix() -> PathBuf {
    std::env::var_os("SIMTC_CUDA13").map(PathBuf::from).unwrap_or_else(|| repo_root().join("tools/cuda13/nvidia/cu13"))
}

/// A CUDA 13 tool (`ptxas`, `nvcc`) from `tools/cuda13/nvidia/cu13/bin`, or `cicc` from its `nvvm/bin`.
/// Under `CI` a missing tool fails the test; elsewhere the caller skips with a note.
pub fn cuda_tool(name: &str) -> Option<PathBuf> {
    let prefix = cuda13_prefix();
    let p = if name == "cicc" { prefix.join("nvvm/bin/cicc") } else { prefix.join("bin").join(name) };
    found_or_skip(p)
}

/// The ptxas that accepts `arch` (`sm_70`, `sm_90`, ...): CUDA 13 dropped sm_70/sm_72, so those use the
/// ptxas 12.9 that `scripts/install-tools.sh` puts in `tools/cuda12` (or `SIMTC_PTXAS12`).
pub fn ptxas_for(arch: &str) -> Option<PathBuf> {
    if matches!(arch, "sm_70" | "sm_72") {
        let p = std::env::var_os("SIMTC_PTXAS12")
            .map(PathBuf::from)
            .unwrap_or_else(|| repo_root().join("tools/cuda12/nvidia/cuda_nvcc/bin/ptxas"));
        found_or_skip(p)
    } else {
        cuda_tool("ptxas")
    }
}

fn found_or_skip(p: PathBuf) -> Option<PathBuf> {
    if p.is_file() {
        return Some(p);
    }
    if std::env::var_os("CI").is_some() {
        panic!("{} is required under CI but missing (run scripts/install-tools.sh)", p.display());
    }
    eprintln!("note: {} not found; skipping the part of this test that needs it", p.display());
    None
}

/// Assembles `ptx` with ptxas for `arch` when ptxas is installed (under CI a missing ptxas fails, through
/// [`ptxas_for`]); panics with ptxas' message when it rejects the file.
#[allow(dead_code)]
pub fn assemble_if_available(ptx: &std::path::Path, arch: &str) {
    let Some(ptxas) = ptxas_for(arch) else { return };
    let o = std::process::Command::new(ptxas)
        .arg(format!("-arch={arch}"))
        .args(["-o", "/dev/null"])
        .arg(ptx)
        .output()
        .expect("ptxas runs");
    assert!(o.status.success(), "ptxas rejected {}:\n{}", ptx.display(), String::from_utf8_lossy(&o.stderr));
}

/// Compiles `ll` with this simtc (`simtc compile <args> --mcpu arch`) into `out`, panicking with simtc's message
/// when it fails, and has ptxas validate the PTX for `arch` (see [`assemble_if_available`]).
#[allow(dead_code)]
pub fn simtc_ptx(ll: &std::path::Path, out: &std::path::Path, arch: &str, args: &[&str]) {
    // `option_env!`: other crates' tests include this module too, where simtc's executable is not built.
    let Some(simtc) = option_env!("CARGO_BIN_EXE_simtc") else { panic!("simtc_ptx is for simtc's integration tests") };
    let o = std::process::Command::new(simtc)
        .arg("compile")
        .args(args)
        .args(["--mcpu", arch])
        .arg(ll)
        .arg("-o")
        .arg(out)
        .output()
        .expect("run simtc");
    assert!(o.status.success(), "simtc {args:?} {arch} on {}: {}", ll.display(), String::from_utf8_lossy(&o.stderr));
    assemble_if_available(out, arch);
}

/// llc-19's PTX of `ll` (`llc -O3 -march=nvptx64 -mcpu=arch`) written to `out`; `None` when llc is not installed
/// (under `CI` that fails, through [`llvm_tool`]).
#[allow(dead_code)]
pub fn llc_ptx(ll: &std::path::Path, out: &std::path::Path, arch: &str) -> Option<PathBuf> {
    let llc = llvm_tool("llc")?;
    let st = std::process::Command::new(llc)
        .args(["-O3", "-march=nvptx64"])
        .arg(format!("-mcpu={arch}"))
        .arg(ll)
        .arg("-o")
        .arg(out)
        .status()
        .expect("run llc");
    assert!(st.success(), "llc failed on {}", ll.display());
    Some(out.to_path_buf())
}

/// Runs `ptx` on launch spec `spec` in this simtc's emulator (`simtc run --out out`), panicking with simtc's
/// message when it fails, and returns the bytes of the output buffers `names`, in that order.
pub fn emulate_outputs(
    spec: &std::path::Path,
    ptx: &std::path::Path,
    out: &std::path::Path,
    label: &str,
    names: &[&str],
) -> Vec<Vec<u8>> {
    let Some(simtc) = option_env!("CARGO_BIN_EXE_simtc") else { panic!("emulate_outputs is for simtc's tests") };
    let o = std::process::Command::new(simtc)
        .arg("run")
        .arg(spec)
        .arg("--ptx")
        .arg(ptx)
        .arg("--out")
        .arg(out)
        .output()
        .expect("run simtc");
    assert!(o.status.success(), "{label}: {}", String::from_utf8_lossy(&o.stderr));
    names
        .iter()
        .map(|n| std::fs::read(out.join(format!("{n}.bin"))).unwrap_or_else(|e| panic!("{label}: {n}.bin: {e}")))
        .collect()
}

/// A fresh temporary directory for one test process: `simtc-<tag>-<pid>` under the system's temporary directory.
pub fn tmp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("simtc-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A spec-driven build matrix: `ll` compiled by simtc with each of `builds` (label, arguments) for each of
/// `archs` and by llc-19 (when installed), every PTX ptxas-validated and run on `spec` in the emulator; each
/// run's output buffer `out` must equal `want`. `check` sees each simtc build's label, target and PTX text.
pub fn spec_matrix(
    ll: &std::path::Path,
    spec: &std::path::Path,
    tag: &str,
    archs: &[&str],
    builds: &[(&str, &[&str])],
    want: &[u8],
    check: impl Fn(&str, &str, &str),
) {
    let t = tmp_dir(tag);
    let run = |ptx: &std::path::Path, label: &str| {
        emulate_outputs(spec, ptx, &t.join(format!("out-{label}")), label, &["out"]).remove(0)
    };
    for arch in archs {
        for (label, args) in builds {
            let ptx = t.join(format!("{label}.{arch}.ptx"));
            simtc_ptx(ll, &ptx, arch, args);
            check(label, arch, &std::fs::read_to_string(&ptx).unwrap());
            assert_eq!(run(&ptx, &format!("{label}.{arch}")), want, "simtc {label} {arch}");
        }
        if let Some(llc) = llc_ptx(ll, &t.join(format!("llc.{arch}.ptx")), arch) {
            assemble_if_available(&llc, arch);
            assert_eq!(run(&llc, &format!("llc.{arch}")), want, "llc-19 {arch}");
        }
    }
    let _ = std::fs::remove_dir_all(&t);
}
