//! isel's `bool-bytes` rule: `tests/boolbytes/bool_bytes.ll` combines bytes holding CUDA bools (`trunc nuw i8 to
//! i1`) with `&&` and `||` (clang's logical `select`s), `^`, `&` and `!`, and stores the `zext` of each result; at
//! every level these are `and.b16`/`or.b16`/`xor.b16` on the bytes, with no predicate. simtc's PTX (-O0, -O3, -O3
//! with the rule off; sm_70 and sm_90) and llc-19's run in the emulator; every output must equal the image computed
//! here from the spec's input.

mod common;

use std::path::PathBuf;

/// The initial bytes of the spec's `in` buffer.
fn spec_input(spec: &std::path::Path) -> Vec<u8> {
    simtc_emu::spec::LaunchSpec::read(spec).expect("spec").initial_bytes("in").expect("input")
}

fn dir() -> PathBuf {
    common::repo_root().join("tests/boolbytes")
}

/// `a && b`, `(a || b) ^ c`, `!(a & c) | b` and `c` for each thread, in four 256-byte rows.
fn image(input: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; 1024];
    for g in 0..256 {
        let (a, b, c) = (input[g] == 1, input[g + 256] == 1, input[g + 512] == 1);
        out[g] = u8::from(a && b);
        out[g + 256] = u8::from((a || b) ^ c);
        out[g + 512] = u8::from(!(a & c) | b);
        out[g + 768] = u8::from(c);
    }
    out
}

#[test]
fn bool_bytes_combine_as_integers_and_keep_their_values() {
    let spec = dir().join("bool_bytes.toml");
    let input = spec_input(&spec);
    assert!(input.iter().all(|&x| x <= 1) && input.contains(&0) && input.contains(&1), "the input holds bools");
    let builds: [(&str, &[&str]); 3] =
        [("O0", &["-O0"]), ("O3", &["-O3"]), ("O3-off", &["-O3", "--knob", "bool-bytes=false"])];
    common::spec_matrix(
        &dir().join("bool_bytes.ll"),
        &spec,
        "bool-bytes",
        &["sm_70", "sm_90"],
        &builds,
        &image(&input),
        |label, arch, text| {
            if label != "O3-off" {
                assert!(!text.contains("setp") && !text.contains("selp"), "{label} {arch}: predicates left\n{text}");
                assert!(text.contains("and.b16") && text.contains("or.b16") && text.contains("xor.b16"), "{text}");
            } else {
                assert!(text.contains("selp"), "{label} {arch}: the plain lowering selects\n{text}");
            }
        },
    );
}
