//! Under-aligned memory accesses, end to end: `tests/align/packed.ll` (from `packed.cu`) reads and writes every
//! member of packed structs at addresses below their natural alignment — in global, shared, local and param
//! memory, and through a device call's by-value packed argument and return value. simtc must split each such
//! access as the alignment allows (a misaligned `ld.global.u32` faults on the GPU and stops the emulator).
//!
//! For each kernel: the PTX of simtc (`-O0` and `-O3`, sm_70 and sm_90) and of llc-19 is assembled by ptxas and
//! run in the emulator, and every output must equal an image computed here from the launch spec's inputs; `simtc
//! check` must find all of simtc's differential builds agreeing.

mod common;

use simtc_emu::LaunchSpec;
use std::path::{Path, PathBuf};
use std::process::Command;

fn dir() -> PathBuf {
    common::repo_root().join("tests/align")
}

fn tmp() -> PathBuf {
    let d = std::env::temp_dir().join(format!("simtc-align-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn simtc(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_simtc")).args(args).output().expect("run simtc")
}

/// The PTX builds to run: (label, PTX path), each already accepted by ptxas for its target.
fn builds() -> Vec<(String, PathBuf)> {
    let ll = dir().join("packed.ll");
    let t = tmp();
    let mut out = Vec::new();
    for arch in ["sm_70", "sm_90"] {
        for opt in ["-O0", "-O3"] {
            let ptx = t.join(format!("packed.simtc{opt}.{arch}.ptx"));
            common::simtc_ptx(&ll, &ptx, arch, &[opt]);
            out.push((format!("simtc {opt} {arch}"), ptx));
        }
    }
    if let Some(ptx) = common::llc_ptx(&ll, &t.join("packed.llc.ptx"), "sm_90") {
        out.push(("llc-19".into(), ptx));
    }
    out
}

/// Runs `spec` on `ptx` in the emulator; returns the output buffers by name.
fn run(spec: &Path, ptx: &Path, label: &str) -> Vec<(String, Vec<u8>)> {
    let out = tmp().join(format!("out-{}-{}", spec.file_stem().unwrap().to_string_lossy(), label.replace(' ', "_")));
    let o = simtc(&["run", spec.to_str().unwrap(), "--ptx", ptx.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{label} on {}: {}", spec.display(), String::from_utf8_lossy(&o.stderr));
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(&out)
        .expect("outputs written")
        .flatten()
        .map(|e| {
            let name = e.path().file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(e.path()).unwrap())
        })
        .collect();
    v.sort();
    v
}

/// The input bytes the spec's buffer `name` starts with (its `init` expanded by the emulator's own rules).
fn init_bytes(spec: &LaunchSpec, name: &str) -> Vec<u8> {
    spec.initial_bytes(name).expect("initial bytes")
}

/// `packed_rw`'s image: record t of `out` is f(in[t & !3], t) for t < n, zero bytes beyond.
fn packed_rw_image(input: &[u8], n: usize, len: usize) -> Vec<u8> {
    const SZ: usize = 27;
    let mut out = vec![0u8; len];
    for t in 0..n {
        let p = &input[(t & !3) * SZ..][..SZ];
        let q = &mut out[t * SZ..][..SZ];
        let i32_at = |o: usize| i32::from_le_bytes(p[o..o + 4].try_into().unwrap());
        let i64_at = |o: usize| i64::from_le_bytes(p[o..o + 8].try_into().unwrap());
        q[0] = p[0].wrapping_add(1);
        q[1..5].copy_from_slice(&i32_at(1).wrapping_mul(3).wrapping_add(t as i32).to_le_bytes());
        q[5..13].copy_from_slice(&(i64_at(5) ^ ((t as i64) << 33)).to_le_bytes());
        let f = f32::from_bits(i32_at(13) as u32) * 2.0;
        q[13..17].copy_from_slice(&f.to_le_bytes());
        let d = f64::from_bits(i64_at(17) as u64) + t as f64;
        q[17..25].copy_from_slice(&d.to_le_bytes());
        let s = i16::from_le_bytes(p[25..27].try_into().unwrap()).wrapping_sub(7);
        q[25..27].copy_from_slice(&s.to_le_bytes());
    }
    out
}

/// Equal, except that a NaN float member only needs to be a NaN (its payload is the hardware's choice).
fn same_records(got: &[u8], want: &[u8]) -> Result<(), String> {
    if got.len() != want.len() {
        return Err(format!("{} bytes, expected {}", got.len(), want.len()));
    }
    for (r, (g, w)) in got.chunks(27).zip(want.chunks(27)).enumerate() {
        let fnan = |x: &[u8]| f32::from_le_bytes(x[13..17].try_into().unwrap()).is_nan();
        let dnan = |x: &[u8]| f64::from_le_bytes(x[17..25].try_into().unwrap()).is_nan();
        let mut g = g.to_vec();
        let mut w = w.to_vec();
        if fnan(&g) && fnan(&w) {
            g[13..17].fill(0);
            w[13..17].fill(0);
        }
        if dnan(&g) && dnan(&w) {
            g[17..25].fill(0);
            w[17..25].fill(0);
        }
        if g != w {
            return Err(format!("record {r}: {g:02x?}, expected {w:02x?}"));
        }
    }
    Ok(())
}

#[test]
fn packed_struct_members_are_accessed_at_their_real_alignment() {
    let builds = builds();
    let rw = dir().join("packed_rw.toml");
    let spec = LaunchSpec::read(&rw).expect("spec");
    let want = packed_rw_image(&init_bytes(&spec, "in"), 100, 128 * 27);
    for (label, ptx) in &builds {
        let outs = run(&rw, ptx, label);
        assert_eq!(outs.len(), 1, "{label}: outputs {:?}", outs.iter().map(|o| &o.0).collect::<Vec<_>>());
        if let Err(e) = same_records(&outs[0].1, &want) {
            panic!("{label}: packed_rw out: {e}");
        }
    }
    let param = dir().join("packed_param.toml");
    // W = { a, b }, Q = { c, a } from the spec's bytes.
    let (wa, wb, qc, qa) = (1_000_000_007i64, 0x1234_5678_9abc_def0i64, -3i8, 77_777i32);
    let want_out: Vec<u8> = (0..64i64).flat_map(|t| (wa + wb + t).to_le_bytes()).collect();
    let want_out2: Vec<u8> = (0..64i32)
        .flat_map(|t| {
            let rc = qc ^ t as i8;
            let ra = qa.wrapping_mul(5) - t;
            (ra + i32::from(rc)).to_le_bytes()
        })
        .collect();
    for (label, ptx) in &builds {
        let outs = run(&param, ptx, label);
        assert_eq!(outs.len(), 2, "{label}: outputs {:?}", outs.iter().map(|o| &o.0).collect::<Vec<_>>());
        assert_eq!(outs[0], ("out".to_string(), want_out.clone()), "{label}: packed_param out");
        assert_eq!(outs[1], ("out2".to_string(), want_out2.clone()), "{label}: packed_param out2");
    }
    for spec in [&rw, &param] {
        let ll = dir().join("packed.ll");
        let o = simtc(&["check", "--spec", spec.to_str().unwrap(), ll.to_str().unwrap()]);
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{text}\n{}", String::from_utf8_lossy(&o.stderr));
        assert!(text.contains("ok: all"), "{text}");
    }
}

/// simtc's PTX of the packed kernels has no access wider than the alignment its address is known to have: every
/// `ld`/`st` of `packed_rw`'s records is a byte access, as in llc-19's.
#[test]
fn packed_records_use_byte_accesses() {
    let ll = dir().join("packed.ll");
    let o = simtc(&["compile", ll.to_str().unwrap(), "-O3", "--mcpu", "sm_90"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let ptx = String::from_utf8_lossy(&o.stdout);
    let start = ptx.find(".entry packed_rw(").expect("packed_rw");
    let body = &ptx[start..];
    let body = &body[..body[1..].find(".entry ").map_or(body.len(), |e| e + 1)];
    let wide: Vec<&str> = body
        .lines()
        .filter(|l| {
            let l = l.trim();
            (l.starts_with("ld.global") || l.starts_with("st.global") || l.starts_with("ld.shared"))
                && !l.contains(".u8")
                && !l.contains(".b8")
        })
        .collect();
    assert!(wide.is_empty(), "wider than byte accesses to packed records:\n{}", wide.join("\n"));
}
