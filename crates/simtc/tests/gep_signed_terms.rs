//! isel's `gep-signed-terms` rule: `tests/gep/signed_terms.ll` reads three words through indices `sext ((((g - 128)
//! << 2) | K) - t)`, K = 1, 2, 3, whose variable terms are negative for half the threads and whose `shl` carries
//! `nsw` on one of the three only. At -O3 the three loads share one base (`[b+4]`, `[b+8]`, `[b+12]`). simtc's PTX
//! (-O0, -O3, -O3 with the rule off; sm_70 and sm_90) and llc-19's run in the emulator; every output must equal the
//! image computed here from the spec's input. The same kernel reads `in[7 - t]`, `in[9 - t]` and `in[5 - d]` (`sub
//! nsw` of a constant and a variable: `c - ext x`, the first two off one `base - 4t`).

mod common;

use std::path::PathBuf;

/// The initial bytes of the spec's `in` buffer.
fn spec_input(spec: &std::path::Path) -> Vec<u8> {
    simtc_emu::spec::LaunchSpec::read(spec).expect("spec").initial_bytes("in").expect("input")
}

fn dir() -> PathBuf {
    common::repo_root().join("tests/gep")
}

/// `out[g] = 3 in[i + 1] + 5 in[i + 2] + 7 in[i + 3] + 11 in[640 + 7 - t] + 13 in[640 + 9 - t]
/// + 17 in[640 + 5 - (g - 128)]` with `i = 640 + 4 (g - 128) - t`, `t = g mod 64`, wrapping.
fn image(input: &[i32], n: usize) -> Vec<u8> {
    (0..n)
        .flat_map(|g| {
            let t = (g % 64) as i64;
            let i = 640 + 4 * (g as i64 - 128) - t;
            let at = |k: i64| input[(i + k) as usize];
            let v = at(1).wrapping_mul(3).wrapping_add(at(2).wrapping_mul(5)).wrapping_add(at(3).wrapping_mul(7));
            let b = |k: i64| input[(640 + k) as usize];
            let d = g as i64 - 128;
            let v = v.wrapping_add(b(7 - t).wrapping_mul(11)).wrapping_add(b(9 - t).wrapping_mul(13));
            let v = v.wrapping_add(b(5 - d).wrapping_mul(17));
            v.to_le_bytes()
        })
        .collect()
}

#[test]
fn signed_terms_share_a_base_and_keep_their_values() {
    let spec = dir().join("signed_terms.toml");
    let bytes = spec_input(&spec);
    let input: Vec<i32> = bytes.chunks_exact(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let builds: [(&str, &[&str]); 3] =
        [("O0", &["-O0"]), ("O3", &["-O3"]), ("O3-off", &["-O3", "--knob", "gep-signed-terms=false"])];
    common::spec_matrix(
        &dir().join("signed_terms.ll"),
        &spec,
        "gep-signed",
        &["sm_70", "sm_90"],
        &builds,
        &image(&input, 256),
        |label, arch, text| {
            let shared = ["+4];", "+8];", "+12];"].iter().all(|o| text.contains(o));
            assert_eq!(shared, label == "O3", "{label} {arch}: shared base\n{text}");
            // `7 - t` and `9 - t` off one `base - 4t` (gep-const-offset's rule; -O0 folds no offsets).
            let sub = text.contains("+28];") && text.contains("+36];");
            assert_eq!(sub, label != "O0", "{label} {arch}: c - x\n{text}");
        },
    );
}
