//! Funnel shifts narrower than their register (`@llvm.fshl.i8` is how clang compiles a byte rotation, e.g.
//! HeCBench's present-cuda), end to end: `tests/funnel/funnel.ll` computes fshl/fshr on i8, i16 and i24 with
//! variable and constant amounts; simtc's PTX (-O0, -O3; sm_70, sm_90) and llc-19's are ptxas-validated and run
//! in the emulator on 4,096 random operand triples, and every result must equal the one computed here.

mod common;

use simtc_emu::{Arg, Buffer, Launch, RunOptions};

/// LLVM's funnel shift of width `w`: `fshl(a, b, s)` is the high `w` bits of `(a:b) << (s mod w)`, `fshr` the low
/// `w` bits of `(a:b) >> (s mod w)`.
fn fsh(left: bool, w: u32, a: u32, b: u32, s: u32) -> u32 {
    let m = (1u64 << w) - 1;
    let x = ((a as u64 & m) << w) | (b as u64 & m);
    let s = (s as u64 & m) % w as u64;
    (if left { (x << s) >> w } else { x >> s } & m) as u32
}

fn expected(input: &[u32], n: usize) -> Vec<u32> {
    let mut out = Vec::with_capacity(8 * n);
    for t in 0..n {
        let (a, b, s) = (input[t], input[t + 1], input[t + 2]);
        out.extend([
            fsh(true, 8, a, b, s),
            fsh(false, 8, a, b, s),
            fsh(true, 8, a, a, 5),
            fsh(true, 16, a, b, s),
            fsh(false, 16, a, b, s),
            fsh(false, 16, 0xffff, b, 0xfffd),
            fsh(true, 24, a, b, s),
            fsh(false, 24, a, b, s),
        ]);
    }
    out
}

#[test]
fn narrow_funnel_shifts_match_llvm_semantics() {
    let ll = common::repo_root().join("tests/funnel/funnel.ll");
    let dir = std::env::temp_dir().join(format!("simtc-funnel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut ptxs = Vec::new();
    for arch in ["sm_70", "sm_90"] {
        for opt in ["-O0", "-O3"] {
            let ptx = dir.join(format!("funnel{opt}.{arch}.ptx"));
            common::simtc_ptx(&ll, &ptx, arch, &[opt]);
            ptxs.push((format!("simtc {opt} {arch}"), ptx));
        }
    }
    if let Some(ptx) = common::llc_ptx(&ll, &dir.join("funnel.llc.ptx"), "sm_90") {
        ptxs.push(("llc-19".into(), ptx));
    }
    let n = 4096;
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let input: Vec<u32> = (0..n + 2)
        .map(|k| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            // Every shift amount from 0 to 47 appears among the small values, wrapped ones among the large.
            if k % 3 == 0 {
                (x >> 58) as u32
            } else {
                (x >> 32) as u32
            }
        })
        .collect();
    let want = expected(&input, n);
    for (label, ptx) in &ptxs {
        let prog = simtc_emu::load_ptx(&std::fs::read_to_string(ptx).unwrap(), "funnel.ptx").unwrap();
        let launch = Launch {
            kernel: "funnel".into(),
            grid: [(n / 128) as u32, 1, 1],
            block: [128, 1, 1],
            dynamic_shared_bytes: 0,
            args: vec![Arg::Buffer(0), Arg::Buffer(1)],
            buffers: vec![
                Buffer { name: "in".into(), data: input.iter().flat_map(|v| v.to_le_bytes()).collect() },
                Buffer { name: "out".into(), data: vec![0; 8 * n * 4] },
            ],
        };
        let r = simtc_emu::run(&prog, &launch, &RunOptions::default()).unwrap_or_else(|e| panic!("{label}: {e}"));
        let got: Vec<u32> = r.buffers[1].chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
        if let Some(k) = (0..got.len()).find(|&k| got[k] != want[k]) {
            let t = k / 8;
            panic!(
                "{label}: result {} of thread {t} (a={:#x} b={:#x} s={:#x}) is {:#x}, expected {:#x}",
                k % 8,
                input[t],
                input[t + 1],
                input[t + 2],
                got[k],
                want[k]
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
