//! GEP indices with a constant part (isel's `gep-const-offset` rule): `tests/gep/const_offset.ll` reads five
//! words through `zext (add nuw)`, `zext nneg (add nuw nsw)`, `sext (add nsw)` with a negative constant, a 64-bit
//! `add`, a wrapping 32-bit `add` without `nuw` that must keep its add, and two adds without `nsw` that split all
//! the same (`sext` in an inbounds GEP, `gep-inbounds-nonneg`; `zext nneg`). simtc's PTX (-O0, -O3, and -O3 with
//! each rule off; sm_70 and sm_90) and llc-19's run in the emulator; every output must equal the image computed
//! here from the spec's input.

mod common;

use simtc_emu::spec::LaunchSpec;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    common::repo_root().join("tests/gep")
}

fn tmp() -> PathBuf {
    let d = std::env::temp_dir().join(format!("simtc-gep-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The `out` buffer after running `ptx` on the spec.
fn run(ptx: &Path, label: &str) -> Vec<u8> {
    let out = tmp().join(format!("out-{label}"));
    common::emulate_outputs(&dir().join("const_offset.toml"), ptx, &out, label, &["out"]).remove(0)
}

/// `out[g]` = (((((in[b+g+16]*3 + in[b+g+40])*5 + in[b+g-8])*7 + in[b+g+3])*11 + in[b+g])*13 + in[b+g+12])*17
/// plus in[b+g+20], then `*19 + in[b+2x+1]`, `*23 + in[b+2x-1]`, `*29 + in[b+3x+8]` and `*31 + in[b+2x+1-c]`
/// and `*37 + in[b+3x+5+c7]`, with x = g mod 64 (the thread index), c = (g / 64) & 3, c7 = (g / 64) & 7, b = 64,
/// wrapping.
fn image(input: &[i32], n: usize) -> Vec<u8> {
    (0..n)
        .flat_map(|g| {
            let at = |k: i64| input[(64 + g as i64 + k) as usize];
            let v = at(16).wrapping_mul(3).wrapping_add(at(40));
            let v = v.wrapping_mul(5).wrapping_add(at(-8));
            let v = v.wrapping_mul(7).wrapping_add(at(3));
            let v = v.wrapping_mul(11).wrapping_add(at(0));
            let v = v.wrapping_mul(13).wrapping_add(at(12));
            let v = v.wrapping_mul(17).wrapping_add(at(20));
            let x = (g % 64) as i64;
            let v = v.wrapping_mul(19).wrapping_add(input[(64 + 2 * x + 1) as usize]);
            let v = v.wrapping_mul(23).wrapping_add(input[(64 + 2 * x - 1) as usize]);
            let v = v.wrapping_mul(29).wrapping_add(input[(64 + 3 * x + 8) as usize]);
            let c = (g / 64) as i64 & 3;
            let v = v.wrapping_mul(31).wrapping_add(input[(64 + 2 * x + 1 - c) as usize]);
            let c7 = (g / 64) as i64 & 7;
            let v = v.wrapping_mul(37).wrapping_add(input[(64 + 3 * x + 5 + c7) as usize]);
            v.to_le_bytes()
        })
        .collect()
}

#[test]
fn constant_index_parts_become_offsets_and_keep_their_values() {
    let ll = dir().join("const_offset.ll");
    let spec = LaunchSpec::read(&dir().join("const_offset.toml")).expect("spec");
    let bytes = spec.initial_bytes("in").expect("input");
    let input: Vec<i32> = bytes.chunks_exact(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let want = image(&input, 256);
    let t = tmp();
    for arch in ["sm_70", "sm_90"] {
        let builds: [(&str, &[&str]); 4] = [
            ("O0", &["-O0"]),
            ("O3", &["-O3"]),
            ("O3-off", &["-O3", "--knob", "gep-const-offset=false"]),
            ("O3-no-inbounds-assumption", &["-O3", "--knob", "gep-inbounds-nonneg=false"]),
        ];
        for (label, args) in builds {
            let ptx = t.join(format!("{label}.{arch}.ptx"));
            common::simtc_ptx(&ll, &ptx, arch, args);
            let text = std::fs::read_to_string(&ptx).unwrap();
            if label == "O3" {
                // The loads off `zext x` share one base: +64 (16 words) and +160 (40 words) bytes; the ones off
                // `sext x` +48 (12 words, no nsw, inbounds) and +80 (20 words, zext nneg without nsw).
                for off in ["+64];", "+160];", "+48];", "+80];"] {
                    assert!(text.contains(off), "{arch}: no {off}\n{text}");
                }
            }
            assert_eq!(run(&ptx, &format!("{label}.{arch}")), want, "simtc {label} {arch}");
        }
        if let Some(llc) = common::llc_ptx(&ll, &t.join(format!("llc.{arch}.ptx")), arch) {
            common::assemble_if_available(&llc, arch);
            assert_eq!(run(&llc, &format!("llc.{arch}")), want, "llc-19 {arch}");
        }
    }
    let _ = std::fs::remove_dir_all(&t);
}
