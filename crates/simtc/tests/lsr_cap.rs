//! `lsr` under a launch-bounds register cap: `tests/lsr_cap/capped_sums.ll` carries 14 double sums around a loop
//! in a kernel capped at 32 registers, so `lsr` adds no pointer IV there (`tests/filetests/lsr/register_cap.ll`
//! checks the decision). simtc's PTX (-O0, -O3, -O3 without `lsr`; sm_70 and sm_90) is assembled by ptxas with
//! the cap and run in the emulator; every output must equal the sums computed here from the spec's input.

mod common;

use simtc_emu::spec::LaunchSpec;
use std::path::PathBuf;

const K: usize = 14;
const N: usize = 6;
const THREADS: usize = 64;

fn dir() -> PathBuf {
    common::repo_root().join("tests/lsr_cap")
}

#[test]
fn capped_loop_without_new_ivs_keeps_its_sums() {
    let ll = dir().join("capped_sums.ll");
    let toml = dir().join("capped_sums.toml");
    let spec = LaunchSpec::read(&toml).expect("spec");
    let bytes = spec.initial_bytes("x").expect("input");
    let x: Vec<f64> = bytes.chunks_exact(8).map(|c| f64::from_le_bytes(c.try_into().unwrap())).collect();
    // out[K*t + k] = sum over i < N of x[t + 64*K*i + 64*k], added in loop order.
    let want: Vec<u8> = (0..THREADS)
        .flat_map(|t| (0..K).map(move |k| (t, k)))
        .flat_map(|(t, k)| {
            let mut s = 0.0f64;
            for i in 0..N {
                s += x[t + THREADS * K * i + THREADS * k];
            }
            s.to_le_bytes()
        })
        .collect();
    let t = std::env::temp_dir().join(format!("simtc-lsr-cap-{}", std::process::id()));
    std::fs::create_dir_all(&t).unwrap();
    for arch in ["sm_70", "sm_90"] {
        let builds: [(&str, &[&str]); 3] =
            [("O0", &["-O0"]), ("O3", &["-O3"]), ("O3-no-lsr", &["-O3", "--disable-pass", "lsr"])];
        for (label, args) in builds {
            let ptx = t.join(format!("{label}.{arch}.ptx"));
            common::simtc_ptx(&ll, &ptx, arch, args);
            let text = std::fs::read_to_string(&ptx).unwrap();
            assert!(text.contains(".maxntid 256, 1, 1") && text.contains(".minnctapersm 8"), "{label}: {text}");
            let out = t.join(format!("out-{label}-{arch}"));
            let got = common::emulate_outputs(&toml, &ptx, &out, label, &["out"]).remove(0);
            assert!(got == want, "{label} {arch}: sums differ");
        }
    }
}
