//! isel's `stack-coloring` rule: `tests/stackcolor/stack_color.ll` keeps three 8-word local arrays; the first
//! dies (`llvm.lifetime.end`) before the other two start, so it shares their slot with one of them: a 64-byte
//! depot instead of 96. The arrays are written and read with `volatile` accesses at thread-dependent indices, so
//! a wrongly shared slot shows in the result. simtc's PTX (-O0, -O3, -O3 with the rule off; sm_70 and sm_90) and
//! llc-19's run in the emulator; every output must equal the image computed here.

mod common;

use std::path::PathBuf;

fn dir() -> PathBuf {
    common::repo_root().join("tests/stackcolor")
}

/// `out[g] = a[(g+3)&7] + a[(g+5)&7] + b[(g+1)&7] + c[(g+2)&7] + b[g&7]` with `a[k] = g k + 1`, `b[k] = g + 7 k`,
/// `c[k] = g ^ k`, wrapping.
fn image() -> Vec<u8> {
    (0..256u32)
        .flat_map(|g| {
            let a = |k: u32| g.wrapping_mul(k).wrapping_add(1);
            let b = |k: u32| g.wrapping_add(7 * k);
            let c = |k: u32| g ^ k;
            let s = a((g + 3) & 7).wrapping_add(a((g + 5) & 7));
            let s = s.wrapping_add(b((g + 1) & 7)).wrapping_add(c((g + 2) & 7)).wrapping_add(b(g & 7));
            s.to_le_bytes()
        })
        .collect()
}

#[test]
fn arrays_with_disjoint_lifetimes_share_a_slot_and_keep_their_values() {
    let builds: [(&str, &[&str]); 3] =
        [("O0", &["-O0"]), ("O3", &["-O3"]), ("O3-off", &["-O3", "--knob", "stack-coloring=false"])];
    common::spec_matrix(
        &dir().join("stack_color.ll"),
        &dir().join("stack_color.toml"),
        "stack-color",
        &["sm_70", "sm_90"],
        &builds,
        &image(),
        |label, arch, text| {
            let want = if label == "O3-off" { "__local_depot0[96]" } else { "__local_depot0[64]" };
            assert!(text.contains(want), "{label} {arch}: {want}\n{text}");
        },
    );
}

/// `tests/stackcolor/stack_share.ll`: three arrays alive one after another; a slot holds at most two of them by
/// default (64-byte depot), all three without the limit (32) or when arrays of more than 16 bytes count as large
/// (`stack-coloring-large=16`: large arrays share without the limit; the default, 256, leaves these 32-byte
/// arrays under it), none shared without the rule (96). Same image.
#[test]
fn a_slot_holds_at_most_two_arrays_by_default_and_all_keep_their_values() {
    let builds: [(&str, &[&str]); 5] = [
        ("O0", &["-O0"]),
        ("O3", &["-O3"]),
        ("O3-unlimited", &["-O3", "--knob", "stack-coloring-max-share=0"]),
        ("O3-large", &["-O3", "--knob", "stack-coloring-large=16"]),
        ("O3-off", &["-O3", "--knob", "stack-coloring=false"]),
    ];
    common::spec_matrix(
        &dir().join("stack_share.ll"),
        &dir().join("stack_share.toml"),
        "stack-share",
        &["sm_70", "sm_90"],
        &builds,
        &image(),
        |label, arch, text| {
            let want = match label {
                "O3-off" => "__local_depot0[96]",
                "O3-unlimited" | "O3-large" => "__local_depot0[32]",
                _ => "__local_depot0[64]",
            };
            assert!(text.contains(want), "{label} {arch}: {want}\n{text}");
        },
    );
}
