//! Every example kernel compiles for sm_70, sm_80 and sm_90, ptxas accepts each output, and the sm_90 PTX matches
//! the committed snapshot in `tests/snapshots/ptx/` (run with `SIMTC_UPDATE_SNAPSHOTS=1` to accept changes, then
//! review the diff).

mod common;

use std::path::Path;
use std::process::Command;

const TARGETS: [&str; 3] = ["sm_70", "sm_80", "sm_90"];

fn compile(input: &Path, arch: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .args(["compile", input.to_str().unwrap(), "--mcpu", arch])
        .output()
        .expect("simtc runs");
    assert!(
        out.status.success(),
        "simtc compile {} --mcpu {arch} failed ({}):\n{}",
        input.display(),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("PTX is UTF-8")
}

fn ptxas_accepts(ptx: &str, arch: &str, what: &str) {
    let Some(ptxas) = common::ptxas_for(arch) else { return };
    let dir = std::env::temp_dir().join(format!("simtc-ptxas-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{what}.{arch}.ptx"));
    std::fs::write(&file, ptx).unwrap();
    let out = Command::new(&ptxas)
        .args(["-arch", arch, "-o", "/dev/null", file.to_str().unwrap()])
        .output()
        .expect("ptxas runs");
    assert!(
        out.status.success(),
        "ptxas -arch={arch} rejected {what}:\n{}\n--- PTX ({}) ---\n{ptx}",
        String::from_utf8_lossy(&out.stderr),
        file.display()
    );
}

#[test]
fn every_example_compiles_and_ptxas_accepts_it() {
    let mut failures = Vec::new();
    for ll in common::example_kernels() {
        let stem = ll.file_stem().unwrap().to_string_lossy().to_string();
        for arch in TARGETS {
            let r = std::panic::catch_unwind(|| {
                let ptx = compile(&ll, arch);
                ptxas_accepts(&ptx, arch, &stem);
            });
            if let Err(e) = r {
                let msg = e.downcast_ref::<String>().cloned().unwrap_or_else(|| "panic".into());
                failures.push(format!("{stem} {arch}: {}", msg.lines().take(12).collect::<Vec<_>>().join("\n")));
            }
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n\n"));
}

#[test]
fn sm_90_ptx_matches_the_snapshots() {
    let dir = common::repo_root().join("tests/snapshots/ptx");
    let update = std::env::var_os("SIMTC_UPDATE_SNAPSHOTS").is_some();
    std::fs::create_dir_all(&dir).unwrap();
    let mut stale = Vec::new();
    for ll in common::example_kernels() {
        let stem = ll.file_stem().unwrap().to_string_lossy().to_string();
        let ptx = compile(&ll, "sm_90");
        let snap = dir.join(format!("{stem}.sm_90.ptx"));
        if update {
            std::fs::write(&snap, &ptx).unwrap();
            continue;
        }
        match std::fs::read_to_string(&snap) {
            Ok(old) if old == ptx => {}
            Ok(_) => stale.push(format!("{} differs", snap.display())),
            Err(_) => stale.push(format!("{} is missing", snap.display())),
        }
    }
    assert!(
        stale.is_empty(),
        "PTX snapshots are out of date (rerun with SIMTC_UPDATE_SNAPSHOTS=1 and review the diff):\n{}",
        stale.join("\n")
    );
}
