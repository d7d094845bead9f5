//! Integer idioms the compiler rewrites, end to end: `tests/idioms/idioms.ll` exercises signed division by 2
//! (the sign bit as the rounding bias), `(y + k) * z` with and without an earlier `y * z` (reassociate's
//! sibling-product distribution and `(y + 1) * z` as one `mad.lo`), 64-bit products of two zero- or two
//! sign-extended 32-bit values (`mul.wide`), in-register extensions and a signed field (`cvt.s32.s8`,
//! `and`, `bfe.s32`, `cvt.s64.s32`), a counter that only counts (lsr counts it down to zero) and a loop over a
//! per-thread slice with a uniform trip count (lsr's uniform counter), and a small memset of a variable byte at
//! alignment 1 (byte stores of the byte). simtc's PTX (-O0, -O3, and -O3 without
//! the rewrites that can be switched off; sm_70 and sm_90) and llc-19's run in the emulator and must produce the
//! image computed here with Rust's wrapping arithmetic; at -O3 the rewritten forms must be in the PTX.

mod common;

/// `out[16 * gid + i]`, per the comments of `idioms.ll` (n = 7).
fn image() -> Vec<u8> {
    let n: i32 = 7;
    let mut words: Vec<u32> = Vec::new();
    for gid in 0..128i32 {
        let x = gid.wrapping_mul(-1_640_531_535);
        let mut w = [0u32; 16];
        w[0] = (x / 2) as u32;
        w[1] = x.wrapping_add(1).wrapping_mul(n) as u32;
        w[2] = gid.wrapping_mul(n) as u32;
        w[3] = gid.wrapping_add(3).wrapping_mul(n) as u32;
        w[4] = gid.wrapping_sub(1).wrapping_mul(n) as u32;
        let uw = (x as u32 as u64).wrapping_mul(gid as u32 as u64);
        (w[5], w[6]) = (uw as u32, (uw >> 32) as u32);
        let sw = (x as i64).wrapping_mul((n - 100) as i64) as u64;
        (w[7], w[8]) = (sw as u32, (sw >> 32) as u32);
        w[9] = ((x << 24) >> 24) as u32;
        w[10] = ((x << 16) >> 24) as u32;
        w[11] = ((x / 2) as u32) << 24 >> 24;
        let wx = ((gid as u32 as u64) << 40) | x as u32 as u64;
        let e12 = ((wx << 32) as i64 >> 32) as u64;
        (w[12], w[13]) = (e12 as u32, (e12 >> 32) as u32);
        // Bytes 1-3 of word 13: the memset of x's low byte.
        let b = x as u32 & 0xff;
        w[13] = (w[13] & 0xff) | b << 8 | b << 16 | b << 24;
        w[14] = (0..n + 5).fold(x, |a, _| a.wrapping_mul(3).wrapping_add(1)) as u32;
        let start = gid.wrapping_mul(n);
        w[15] = (0..n).map(|i| start.wrapping_add(i) & 5).fold(0i32, i32::wrapping_add) as u32;
        words.extend_from_slice(&w);
    }
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// The words buffer `in` of launch spec `spec` starts with.
fn input_words(spec: &std::path::Path) -> Vec<i32> {
    let bytes = simtc_emu::spec::LaunchSpec::read(spec).expect("spec").initial_bytes("in").expect("input");
    bytes.chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect()
}

#[test]
fn integer_idioms_compute_what_the_ir_says() {
    let dir = common::repo_root().join("tests/idioms");
    let builds: [(&str, &[&str]); 4] = [
        ("O0", &["-O0"]),
        ("O3", &["-O3"]),
        ("O3-nolsr", &["-O3", "--disable-pass", "lsr"]),
        ("O3-noreassoc", &["-O3", "--disable-pass", "reassociate", "--disable-pass", "peephole"]),
    ];
    common::spec_matrix(
        &dir.join("idioms.ll"),
        &dir.join("idioms.toml"),
        "idioms",
        &["sm_70", "sm_90"],
        &builds,
        &image(),
        |label, arch, text| {
            if label == "O3" {
                for want in [
                    "shr.u32", // the bias of x / 2: the sign bit alone
                    "mul.wide.u32",
                    "mul.wide.s32",
                    "cvt.s32.s8",
                    "bfe.s32",
                    "cvt.s64.s32",
                    "sub.s32",
                    "mad.lo.s32",
                ] {
                    assert!(text.contains(want), "{arch}: no `{want}` at -O3\n{text}");
                }
                assert!(!text.contains("mul.lo.s64"), "{arch}: a 64-bit multiply of extended values\n{text}");
            }
        },
    );
}

/// The tree reduction of `tests/idioms/reduce.ll`: each block's sum of its 128 inputs, through `gep-reassociate`
/// (its `s[tid + stride]` addressed from `s[tid]` at -O3), against Rust and llc-19.
#[test]
fn a_tree_reduction_through_reassociated_addresses_sums_each_block() {
    let dir = common::repo_root().join("tests/idioms");
    let spec = dir.join("reduce.toml");
    let want: Vec<u8> = input_words(&spec)
        .chunks(128)
        .flat_map(|b| b.iter().fold(0i32, |a, &x| a.wrapping_add(x)).to_le_bytes())
        .collect();
    let builds: [(&str, &[&str]); 3] =
        [("O0", &["-O0"]), ("O3", &["-O3"]), ("O3-off", &["-O3", "--disable-pass", "gep-reassociate"])];
    idiom(
        "reduce",
        &builds,
        &want,
        |text| {
            // In the step, before its loads: one widened stride added to &s[tid], no 32-bit tid + stride.
            let step = text.split("bar.sync").nth(1).expect("the loop's barrier");
            !step[..step.find("ld.shared").expect("the step's loads")].contains("add.s32")
        },
        "tid + stride still computed",
    );
}

/// `tests/idioms/devptr.ll`: a pointer held as an integer in a by-value parameter (thrust's `device_ptr`) is a
/// global address: `ld.global` after one `cvta.to.global` at -O3, and the values read through it are right.
#[test]
fn a_pointer_in_a_byval_integer_is_read_as_global() {
    let dir = common::repo_root().join("tests/idioms");
    let spec = dir.join("devptr.toml");
    let want: Vec<u8> = input_words(&spec).iter().flat_map(|w| w.wrapping_shl(1).to_le_bytes()).collect();
    let builds: [(&str, &[&str]); 2] = [("O0", &["-O0"]), ("O3", &["-O3"])];
    idiom(
        "devptr",
        &builds,
        &want,
        |text| text.contains("cvta.to.global.u64") && text.contains("ld.global"),
        "a generic load",
    );
}

/// `tests/idioms/seek.ll`: a pointer walked to a negative word and written through after the loop; at -O3 the
/// store addresses the incremented pointer (`[p + -4]`), and every thread's mark is replaced by its index.
#[test]
fn a_pointer_read_after_its_increment_addresses_the_new_value() {
    let want: Vec<u8> =
        (0..1024u32).map(|w| if w % 16 == (w / 16) % 13 { w / 16 } else { w }).flat_map(u32::to_le_bytes).collect();
    let builds: [(&str, &[&str]); 3] =
        [("O0", &["-O0"]), ("O3", &["-O3"]), ("O3-off", &["-O3", "--disable-pass", "update-sink"])];
    idiom("seek", &builds, &want, |text| text.contains("+-4]"), "the store does not read the incremented pointer");
}

/// `tests/idioms/scan.ll`: a Blelloch scan whose eight hoisted thread-index tests would keep more predicates live
/// through its segment loop than SASS has; at -O3 `sink-compares` tests each inside the loop, after its step's
/// barrier, and every segment gets its exclusive prefix sums (also without the pass, at -O0 and from llc-19).
#[test]
fn a_scan_whose_compares_are_sunk_into_its_loop_scans_every_segment() {
    let dir = common::repo_root().join("tests/idioms");
    let spec = dir.join("scan.toml");
    let want: Vec<u8> = input_words(&spec)
        .chunks(128)
        .flat_map(|seg| {
            seg.iter()
                .scan(0i32, |acc, &x| {
                    let before = *acc;
                    *acc = acc.wrapping_add(x);
                    Some(before)
                })
                .collect::<Vec<i32>>()
        })
        .flat_map(i32::to_le_bytes)
        .collect();
    let builds: [(&str, &[&str]); 3] =
        [("O0", &["-O0"]), ("O3", &["-O3"]), ("O3-off", &["-O3", "--disable-pass", "sink-compares"])];
    common::spec_matrix(
        &dir.join("scan.ll"),
        &spec,
        "idioms-scan",
        &["sm_70", "sm_90"],
        &builds,
        &want,
        |label, arch, text| {
            // Before the loop's first barrier: the loop's own test only.
            let head = &text[..text.find("bar.sync").expect("the scan's barriers")];
            let hoisted = head.matches("setp.").count();
            if label == "O3" {
                assert!(hoisted <= 1, "{arch}: {hoisted} compares above the loop\n{text}");
            } else if label == "O3-off" {
                assert!(hoisted >= 8, "{arch}: the compares were not hoisted to begin with ({hoisted})\n{text}");
            }
        },
    );
}

/// `tests/idioms/memset.ll`: small memsets of global memory, a constant byte in 64-bit stores where aligned (and a
/// 32-bit one for the last 4 of 12 bytes) and a run-time byte splatted into 32-bit ones, against the bytes they
/// must leave.
#[test]
fn small_memsets_in_wide_units_write_every_byte() {
    let dir = common::repo_root().join("tests/idioms");
    let want: Vec<u8> = (0..128u32)
        .flat_map(|gid| {
            let b = gid & 0xff;
            let mut w = [0u32; 12];
            w[3] = u32::MAX;
            w[4..10].fill(b * 0x0101_0101);
            w[10] = 0xabab_abab;
            w[11] = gid + 1;
            w
        })
        .flat_map(u32::to_le_bytes)
        .collect();
    let builds: [(&str, &[&str]); 2] = [("O0", &["-O0"]), ("O3", &["-O3"])];
    common::spec_matrix(
        &dir.join("memset.ll"),
        &dir.join("memset.toml"),
        "idioms-memset",
        &["sm_70", "sm_90"],
        &builds,
        &want,
        |_, arch, text| {
            for want in ["st.global.b64", "st.global.b32"] {
                assert!(text.contains(want), "{arch}: no `{want}`\n{text}");
            }
        },
    );
}

/// `tests/idioms/offset_eq.ll`: equality tests of `x + c` against constants, which peephole turns into tests of
/// `x` against the difference (32 and 64 bits, wrapping), give the flags Rust computes.
#[test]
fn equality_tests_of_an_offset_value_give_the_same_flags() {
    let want: Vec<u8> = (0..128i32)
        .map(|gid| {
            let x = gid.wrapping_sub(20);
            let a = x.wrapping_add(1);
            let flags = u32::from(a == 7)
                | u32::from(x.wrapping_add(5) != 2) << 1
                | u32::from(x.wrapping_sub(4) == 20) << 2
                | u32::from(a == 0) << 3
                | u32::from(i64::from(x) - 8 == 18) << 4;
            ((a.wrapping_mul(514) as u32 & 0xffff) << 8) | flags
        })
        .flat_map(u32::to_le_bytes)
        .collect();
    let builds: [(&str, &[&str]); 3] =
        [("O0", &["-O0"]), ("O3", &["-O3"]), ("O3-nopeephole", &["-O3", "--disable-pass", "peephole"])];
    idiom("offset_eq", &builds, &want, |text| text.contains(", 6;") && text.contains(", 26;"), "tests not rewritten");
}

/// `tests/idioms/const_table.ll`: pointer induction variables over a `constant` table and a writable one of
/// address space 0 (global: `ld.global.nc` and `ld.global`), stopped by an equality test against the table's end,
/// give Rust's sums.
#[test]
fn pointer_walks_over_global_tables_give_the_same_sums() {
    let table = [1i32, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53];
    let weights = [2i32, -1, 4, 0, 9, -7, 6, 1, -3, 8, 5, -2, 7, 3, -5, 10];
    let want: Vec<u8> = (0..128usize)
        .map(|gid| (gid % 16..16).map(|i| table[i].wrapping_mul(weights[i])).fold(0i32, i32::wrapping_add))
        .flat_map(i32::to_le_bytes)
        .collect();
    let builds: [(&str, &[&str]); 2] = [("O0", &["-O0"]), ("O3", &["-O3"])];
    idiom(
        "const_table",
        &builds,
        &want,
        |text| text.contains("ld.global.nc.u32") && text.contains("ld.global.u32") && !text.contains("cvta"),
        "the tables are not read as global memory",
    );
}

/// `tests/idioms/sext_field.ll`: signed fields extracted by a shift up and an arithmetic shift down (`__mul24`'s
/// operands, a field above bit 0), which peephole selects as `bfe.s32`, give Rust's values.
#[test]
fn signed_fields_by_shift_pairs_give_the_same_values() {
    let want: Vec<u8> = (0..128u32)
        .map(|gid| {
            let x = gid.wrapping_mul(0x9E37_79B1) as i32;
            let y = x ^ 0x5A5A_5A5A;
            let m = ((x << 8) >> 8).wrapping_mul((y << 8) >> 8);
            m.wrapping_add((x << 4) >> 12)
        })
        .flat_map(i32::to_le_bytes)
        .collect();
    let builds: [(&str, &[&str]); 3] =
        [("O0", &["-O0"]), ("O3", &["-O3"]), ("O3-nopeephole", &["-O3", "--disable-pass", "peephole"])];
    idiom(
        "sext_field",
        &builds,
        &want,
        |text| text.contains(", 0, 24;") && text.contains(", 8, 20;") && !text.contains("shr.s32"),
        "the fields are not bfe.s32",
    );
}

/// `tests/idioms/widened_term.ll`: 64-bit indices whose widened 32-bit term carries a constant
/// (`tile + zext (tid + 256)`, `(tile + 100) + sext (tid - 3)`), split by isel into a shared base and `[r+imm]`
/// offsets, store where Rust says.
#[test]
fn widened_index_terms_with_constants_store_in_place() {
    let mut out = vec![0u32; 1024];
    for b in 0..2usize {
        for t in 0..64usize {
            let g = (64 * b + t) as u32;
            out[512 * b + t] = g;
            out[512 * b + t + 256] = g + 1000;
            out[512 * b + 97 + t] = g + 2000;
        }
    }
    let want: Vec<u8> = out.iter().flat_map(|w| w.to_le_bytes()).collect();
    let builds: [(&str, &[&str]); 3] =
        [("O0", &["-O0"]), ("O3", &["-O3"]), ("O3-nosplit", &["-O3", "--knob", "gep-const-offset=false"])];
    idiom("widened_term", &builds, &want, |text| text.contains("+1024]"), "tid + 256 does not share the base");
}

/// Runs `tests/idioms/STEM.ll` with `STEM.toml` through `common::spec_matrix` on sm_70 and sm_90 against `want`,
/// asserting `o3_ok` on the `-O3` build's PTX (`what` names the property in the failure message).
fn idiom(stem: &str, builds: &[(&str, &[&str])], want: &[u8], o3_ok: impl Fn(&str) -> bool, what: &str) {
    let dir = common::repo_root().join("tests/idioms");
    common::spec_matrix(
        &dir.join(format!("{stem}.ll")),
        &dir.join(format!("{stem}.toml")),
        &format!("idioms-{}", stem.replace('_', "-")),
        &["sm_70", "sm_90"],
        builds,
        want,
        |label, arch, text| {
            if label == "O3" {
                assert!(o3_ok(text), "{arch}: {what}\n{text}");
            }
        },
    );
}

/// `tests/idioms/packed_lanes.ll`: runs of 8- and 16-bit lanes filling 8 or 16 bytes are read and written as
/// 32-bit words (`ld.global.v4.b32` and `.v2.b32`, unpacked with `mov.b32 {lo, hi}` or `bfe.u32`, packed with
/// `mov.b32 %r, {lo, hi}` or `bfi.b32`), and every lane keeps its value.
#[test]
fn narrow_lanes_are_accessed_as_words() {
    let dir = common::repo_root().join("tests/idioms");
    let input: Vec<u8> = input_words(&dir.join("packed_lanes.toml")).iter().flat_map(|w| w.to_le_bytes()).collect();
    let mut want = vec![0u8; input.len()];
    for (src, dst) in input.chunks(64).zip(want.chunks_mut(64)) {
        let h = |o: usize| u16::from_le_bytes([src[o], src[o + 1]]);
        for k in 0..8 {
            let v = h(2 * k).wrapping_add(3 * (k as u16 + 1));
            dst[2 * k..2 * k + 2].copy_from_slice(&v.to_le_bytes());
            let e = h(48 + 2 * k) << 1;
            dst[48 + 2 * k..50 + 2 * k].copy_from_slice(&e.to_le_bytes());
            dst[32 + k] = src[32 + k].wrapping_add(1);
            dst[40 + k] = src[40 + k].wrapping_mul(3);
        }
        for k in 0..16 {
            dst[16 + k] = src[16 + k] ^ (7 * k as u8);
        }
    }
    let builds: [(&str, &[&str]); 3] =
        [("O0", &["-O0"]), ("O3", &["-O3"]), ("O3-off", &["-O3", "--disable-pass", "load-store-vectorize"])];
    idiom(
        "packed_lanes",
        &builds,
        &want,
        |text| {
            text.contains("ld.global.v4.b32")
                && text.contains("st.global.v4.b32")
                && text.contains("ld.global.v2.b32")
                && text.contains("bfi.b32")
                && text.contains("st.global.b32")
        },
        "narrow lanes not accessed as words",
    );
}

/// `tests/idioms/guarded_default.ll`: a bounds-checked read with constant defaults. At -O3 the defaults are
/// set before the branch (`hoist-edge-copies`), so the branch skips only the load and no arm is left that only
/// copies; every thread's four results are right whichever way it went.
#[test]
fn a_guarded_read_with_defaults_sets_them_before_the_branch() {
    let dir = common::repo_root().join("tests/idioms");
    let input = input_words(&dir.join("guarded_default.toml"));
    let want: Vec<u8> = input
        .chunks(4)
        .enumerate()
        .flat_map(|(g, v)| {
            let a = if 4 * g < 100 { [v[0], v[1], v[2], v[3]] } else { [7, -1, 0, 3] };
            [a[0], a[1].wrapping_shl(1), a[2].wrapping_mul(3), a[3].wrapping_shl(2)]
        })
        .flat_map(i32::to_le_bytes)
        .collect();
    let builds: [(&str, &[&str]); 3] =
        [("O0", &["-O0"]), ("O3", &["-O3"]), ("O3-off", &["-O3", "--disable-pass", "hoist-edge-copies"])];
    idiom(
        "guarded_default",
        &builds,
        &want,
        |text| {
            // The four defaults come before the only conditional branch.
            let before = &text[..text.find("bra").expect("the guard's branch")];
            ["7;", "-1;", "0;", "3;"].iter().all(|k| before.contains(k)) && text.matches("bra").count() == 1
        },
        "the defaults are not set before the branch",
    );
}

/// `tests/idioms/bit_chain.ll`: tests of the bits of one word in a row, each arm reading five table words at
/// a row address. At -O3 the word is shifted instead of each bit's constant (`bit-test`: one `shr.u32`, no
/// `shl.b32` left) and the row address is computed once per row above the arms (`gvn-hoist`: one
/// `mul.wide.s32` where each of the eight arms had its own); every thread's XOR of the selected words is right.
#[test]
fn bit_tests_in_a_row_share_the_shift_and_the_row_address() {
    let dir = common::repo_root().join("tests/idioms");
    let spec = simtc_emu::spec::LaunchSpec::read(&dir.join("bit_chain.toml")).expect("spec");
    let words = |name: &str| -> Vec<u32> {
        let bytes = spec.initial_bytes(name).expect("buffer");
        bytes.chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect()
    };
    let (input, tbl) = (words("in"), words("tbl"));
    let want: Vec<u8> = input
        .iter()
        .map(|&x| {
            let mut acc = 0u32;
            for i in (0..32).step_by(8) {
                for k in 0..8 {
                    if x & ((1u32 << k) << i) != 0 {
                        (0..5).for_each(|w| acc ^= tbl[5 * i + 5 * k + w]);
                    }
                }
            }
            acc
        })
        .flat_map(u32::to_le_bytes)
        .collect();
    let builds: [(&str, &[&str]); 4] = [
        ("O0", &["-O0"]),
        ("O3", &["-O3"]),
        ("O3-nohoist", &["-O3", "--disable-pass", "gvn-hoist"]),
        ("O3-nobittest", &["-O3", "--disable-pass", "bit-test"]),
    ];
    idiom(
        "bit_chain",
        &builds,
        &want,
        |text| {
            text.matches("shr.u32").count() == 1
                && !text.contains("shl.b32")
                && text.matches("mul.wide.s32").count() == 1
        },
        "the bit tests do not share one shift and one row address",
    );
}

/// `tests/idioms/packed_copy.ll`: under-aligned words copied between packed layouts. At -O3 the stores write
/// the pieces the loads read (four `st.global.u8` and two `st.global.u16`, with no `shr` to take the value
/// apart again), and the one value also used whole is still reassembled for it; every byte lands in place.
#[test]
fn packed_copies_store_the_pieces_they_read() {
    let dir = common::repo_root().join("tests/idioms");
    let spec = simtc_emu::spec::LaunchSpec::read(&dir.join("packed_copy.toml")).expect("spec");
    let input = spec.initial_bytes("in").expect("input");
    let mut want = vec![0u8; input.len()];
    for (src, dst) in input.chunks(16).zip(want.chunks_mut(16)) {
        dst[1..5].copy_from_slice(&src[1..5]);
        dst[6..10].copy_from_slice(&src[6..10]);
        let a = u32::from_le_bytes(src[1..5].try_into().unwrap());
        dst[12..16].copy_from_slice(&a.wrapping_add(1).to_le_bytes());
    }
    let builds: [(&str, &[&str]); 2] = [("O0", &["-O0"]), ("O3", &["-O3"])];
    idiom(
        "packed_copy",
        &builds,
        &want,
        |text| {
            text.matches("st.global.u8").count() == 4
                && text.matches("st.global.u16").count() == 2
                && !text.contains("shr.")
        },
        "the copies do not store the loaded pieces",
    );
}

/// `tests/idioms/guarded_undef.ll`: reads under bounds guards whose phis take `undef` on the path that skips
/// them. At -O3 the reads become predicated loads whose registers are the phis' values: the only `selp`s left
/// are the four counters' (no select against a zero standing for `undef`), and every point's count is right.
#[test]
fn guarded_reads_left_undefined_need_no_select() {
    let dir = common::repo_root().join("tests/idioms");
    let spec = simtc_emu::spec::LaunchSpec::read(&dir.join("guarded_undef.toml")).expect("spec");
    let words = |name: &str| -> Vec<i32> {
        let bytes = spec.initial_bytes(name).expect("buffer");
        bytes.chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect()
    };
    let (input, tbl) = (words("in"), words("tbl"));
    let n = 300;
    let want: Vec<u8> = (0..input.len())
        .map(|i| if i < n { (0..8).filter(|&j| tbl[j] < input[i]).map(|j| j as i32).sum() } else { 0 })
        .flat_map(i32::to_le_bytes)
        .collect();
    let builds: [(&str, &[&str]); 3] =
        [("O0", &["-O0"]), ("O3", &["-O3"]), ("O3-noifconvert", &["-O3", "--disable-pass", "ifconvert"])];
    idiom(
        "guarded_undef",
        &builds,
        &want,
        |text| text.matches("selp").count() == 4 && text.matches("@%p").count() >= 6,
        "a select or copy stands for an undefined read",
    );
}
