//! simplifycfg's redundant-phi merging: `tests/phis/unrolled_tail.ll` is a runtime-unrolled loop in clang's shape
//! whose join has a phi that is `poison` on the path where the main loop was skipped and otherwise equal to its
//! neighbour. simtc's PTX (-O0, -O3, -O3 without simplifycfg; sm_70 and sm_90) and llc-19's run in the emulator;
//! every output must equal the image computed here, and at -O3 the main loop carries no copy.

mod common;

/// `out[gid] = step^(gid & 63)(gid)` with `step(x) = 5x + 3` modulo 2^32, as little-endian words.
fn image() -> Vec<u8> {
    (0..128u32)
        .flat_map(|gid| {
            let x = (0..gid & 63).fold(gid, |x, _| x.wrapping_mul(5).wrapping_add(3));
            x.to_le_bytes()
        })
        .collect()
}

#[test]
fn a_poison_phi_takes_its_neighbour_and_the_values_stay() {
    let dir = common::repo_root().join("tests/phis");
    let builds: [(&str, &[&str]); 3] =
        [("O0", &["-O0"]), ("O3", &["-O3"]), ("O3-off", &["-O3", "--disable-pass", "simplifycfg"])];
    common::spec_matrix(
        &dir.join("unrolled_tail.ll"),
        &dir.join("unrolled_tail.toml"),
        "redundant-phis",
        &["sm_70", "sm_90"],
        &builds,
        &image(),
        |label, arch, text| {
            if label == "O3" {
                // The four-step loop: a multiply-add and the counter, no register copy.
                let body = text.split("625").nth(1).expect("the main loop's multiply");
                let body = &body[..body.find("bra").expect("its back edge")];
                assert!(!body.contains("mov.b32"), "{arch}: a copy in the main loop\n{text}");
            }
        },
    );
}
