//! isel's `gep-signed-terms` rule: `tests/gep/signed_terms.ll` reads three words through indices `sext ((((g - 128)
//! << 2) | K) - t)`, K = 1, 2, 3, whose variable terms are negative for half the threads and whose `shl` carries
//! `nsw` on one of the three only. At -O3 the three loads share one base (`[base+2564]`, `[base+2568]`,
//! `[base+2572]`: the 640-word offset of the base pointer folded in). simtc's PTX (-O0, -O3, -O3 with the rule off;
//! sm_70 and sm_90) and llc-19's run in the emulator; every output must equal the image computed here from the
//! spec's input.

mod common;

use std::path::PathBuf;

/// The initial bytes of the spec's `in` buffer.
fn spec_input(spec: &std::path::Path) -> Vec<u8> {
    let s = simtc_emu::spec::LaunchSpec::read(spec).expect("spec");
    let b = s.buffers().find(|b| b.name == "in").expect("in");
    simtc_emu::spec::init_buffer(b, &s.base_dir).expect("input")
}

fn dir() -> PathBuf {
    common::repo_root().join("tests/gep")
}

/// `out[g] = 3 in[i + 1] + 5 in[i + 2] + 7 in[i + 3]` with `i = 640 + 4 (g - 128) - t`, `t = g mod 64`, wrapping.
fn image(input: &[i32], n: usize) -> Vec<u8> {
    (0..n)
        .flat_map(|g| {
            let t = (g % 64) as i64;
            let i = 640 + 4 * (g as i64 - 128) - t;
            let at = |k: i64| input[(i + k) as usize];
            let v = at(1).wrapping_mul(3).wrapping_add(at(2).wrapping_mul(5)).wrapping_add(at(3).wrapping_mul(7));
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
            let shared = ["+2564];", "+2568];", "+2572];"].iter().all(|o| text.contains(o));
            assert_eq!(shared, label == "O3", "{label} {arch}: shared base\n{text}");
        },
    );
}
