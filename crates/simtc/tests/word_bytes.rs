//! A word stored through its four bytes (`tests/wordbytes/word_bytes.ll`: `trunc <4 x i32> <x, x >> 8, x >> 16,
//! x >> 24> to <4 x i8>`): with align 4 isel stores the word itself, with align 1 it stays byte-wise. simtc's PTX
//! (-O0, -O3; sm_70 and sm_90, ptxas-validated) and llc-19's run in the emulator, and both output buffers must
//! hold the little-endian bytes of the input words, computed here.

mod common;

use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    common::repo_root().join("tests/wordbytes")
}

/// The `out` and `odd` buffers after running `ptx` on the spec.
fn run(ptx: &Path, tmp: &Path, label: &str) -> (Vec<u8>, Vec<u8>) {
    let out = tmp.join(format!("out-{label}"));
    let mut bufs = common::emulate_outputs(&dir().join("word_bytes.toml"), ptx, &out, label, &["out", "odd"]);
    let odd = bufs.pop().expect("odd");
    (bufs.pop().expect("out"), odd)
}

#[test]
fn word_bytes_store_as_one_word_and_keep_their_order() {
    let ll = dir().join("word_bytes.ll");
    let spec = simtc_emu::spec::LaunchSpec::read(&dir().join("word_bytes.toml")).expect("spec");
    let input = spec.initial_bytes("in").expect("input");
    // The input words' bytes are already little-endian in memory: `out` is them, `odd` them one byte on.
    let want_out = input.clone();
    let mut want_odd = vec![0u8; 260];
    want_odd[1..257].copy_from_slice(&input);
    let tmp = std::env::temp_dir().join(format!("simtc-wordbytes-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    for arch in ["sm_70", "sm_90"] {
        for (label, args) in [("O0", "-O0"), ("O3", "-O3")] {
            let ptx = tmp.join(format!("{label}.{arch}.ptx"));
            common::simtc_ptx(&ll, &ptx, arch, &[args]);
            let text = std::fs::read_to_string(&ptx).unwrap();
            assert!(text.contains("st.global.u32"), "{label} {arch}: the aligned store is one word:\n{text}");
            assert_eq!(run(&ptx, &tmp, &format!("{label}.{arch}")), (want_out.clone(), want_odd.clone()), "{label}");
        }
        if let Some(llc) = common::llc_ptx(&ll, &tmp.join(format!("llc.{arch}.ptx")), arch) {
            common::assemble_if_available(&llc, arch);
            assert_eq!(run(&llc, &tmp, &format!("llc.{arch}")), (want_out.clone(), want_odd.clone()), "llc-19");
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
