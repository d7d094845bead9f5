//! NVIDIA's libdevice (`libdevice.10.bc` from the PyPI wheels `scripts/install-tools.sh` installs), the math
//! library every CUDA program links: the whole module compiles with simtc at -O3 and -O0 for sm_70, sm_80 and
//! sm_90, and ptxas accepts the PTX (all ~350 public functions are in it). This needs `nvvm-reflect`
//! (`__nvvm_reflect("__CUDA_ARCH")` guards `tanh.approx`, which sm_70 lacks) and the NVVM conversion intrinsics.
//! Under `CI` a missing libdevice, llvm-dis or ptxas fails the test.

mod common;

use std::process::Command;

#[test]
fn libdevice_compiles_and_assembles() {
    let bc = common::cuda13_prefix().join("nvvm/libdevice/libdevice.10.bc");
    if !bc.is_file() {
        assert!(std::env::var_os("CI").is_none(), "libdevice missing under CI: {}", bc.display());
        eprintln!("note: {} not installed; skipping (run scripts/install-tools.sh)", bc.display());
        return;
    }
    let Some(dis) = common::llvm_tool("llvm-dis") else { return };
    let dir = std::env::temp_dir().join(format!("simtc-libdevice-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ll = dir.join("libdevice.ll");
    let o = Command::new(dis).arg(&bc).arg("-o").arg(&ll).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for arch in ["sm_70", "sm_80", "sm_90"] {
        for opt in ["-O3", "-O0"] {
            let ptx = dir.join(format!("libdevice{opt}.{arch}.ptx"));
            let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
                .args(["compile", ll.to_str().unwrap(), "--mcpu", arch, opt, "-o", ptx.to_str().unwrap()])
                .output()
                .unwrap();
            assert!(o.status.success(), "{arch} {opt}: {}", String::from_utf8_lossy(&o.stderr));
            let text = std::fs::read_to_string(&ptx).unwrap();
            assert!(!text.contains("__nvvm_reflect"), "{arch} {opt}: __nvvm_reflect left in the PTX");
            let funcs = text.matches("\n.visible .func").count() + text.matches("\n.weak .func").count();
            assert!(funcs >= 340, "{arch} {opt}: only {funcs} public functions printed");
            common::assemble_if_available(&ptx, arch);
        }
    }
}
