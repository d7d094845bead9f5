//! Integer division and remainder by constants (`udiv`/`urem`/`sdiv`/`srem` of i8, i16, i32 and i64 by
//! powers of two, negative divisors, 1 and -1, the extremes and ordinary odd and even constants), end to end: the
//! kernels are generated here, compiled by simtc (-O0 and -O3, sm_70 and sm_90; `--knob div-by-const=false` too)
//! and by llc-19, ptxas-validated, and run in the emulator; every result must equal Rust's arithmetic. i8 and i16
//! are exhaustive (65,536 threads, one numerator each); i32 and i64 take 8,192 random numerators with the extremes.
//! `x - x % d` (both signs) is checked too: reassociate cancels it to the multiple of `d` alone.

mod common;

use simtc_emu::{Arg, Buffer, Launch, RunOptions};
use std::fmt::Write as _;

/// The operations; `udown`/`sdown` are `x - x % d` (unsigned/signed remainder): rounding toward zero to a
/// multiple of `d`, whose `x - (x - q*d)` reassociate cancels to `q*d`.
const OPS: [&str; 6] = ["udiv", "urem", "sdiv", "srem", "udown", "sdown"];

/// The divisors of each width (as signed values of that width).
fn divisors(bits: u32) -> Vec<i64> {
    match bits {
        8 => vec![1, -1, 2, -2, 3, 7, -7, 10, 16, -16, 100, 127, -128, 255u8 as i8 as i64],
        16 => vec![1, -1, 2, -2, 3, 7, 10, -7, 1000, -1000, 641, 32767, -32768, 256, 0xfff1u16 as i16 as i64],
        32 => vec![
            1,
            -1,
            2,
            -2,
            3,
            7,
            10,
            1000,
            -7,
            641,
            1 << 20,
            i32::MAX as i64,
            i32::MIN as i64,
            0x8000_0001u32 as i32 as i64,
            1_000_000_007,
        ],
        _ => vec![
            1,
            -1,
            2,
            -2,
            3,
            7,
            10,
            1_000_003,
            -3,
            1 << 40,
            i64::MAX,
            i64::MIN,
            0xffff_ffff_0000_0001u64 as i64,
            6_700_417,
        ],
    }
}

/// A kernel `k(ptr in, ptr out)`: thread t reads `in[t]` (i64), truncates it to each width, and writes every
/// op by every divisor, zero-extended to i64, to `out[t * N + j]`.
fn kernel(widths: &[u32]) -> (String, usize) {
    let mut s = String::from(
        "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\ntarget triple = \"nvptx64-nvidia-cuda\"\n\n\
         define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {\nentry:\n\
         %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n\
         %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()\n  %cb = mul i32 %c, %nt\n  %g = add i32 %cb, %t\n\
         %g64 = zext i32 %g to i64\n  %pi = getelementptr i64, ptr addrspace(1) %in, i64 %g64\n\
         %x = load i64, ptr addrspace(1) %pi, align 8\n",
    );
    let n: usize = widths.iter().map(|&b| divisors(b).len() * OPS.len()).sum();
    let _ = writeln!(s, "  %base = mul i64 %g64, {n}");
    let mut j = 0;
    for &b in widths {
        if b == 64 {
            let _ = writeln!(s, "  %x64 = add i64 %x, 0");
        } else {
            let _ = writeln!(s, "  %x{b} = trunc i64 %x to i{b}");
        }
        for (k, d) in divisors(b).into_iter().enumerate() {
            for op in OPS {
                match op {
                    "udown" | "sdown" => {
                        let rem = if op == "udown" { "urem" } else { "srem" };
                        let _ = writeln!(s, "  %m{b}_{k}_{op} = {rem} i{b} %x{b}, {d}");
                        let _ = writeln!(s, "  %r{b}_{k}_{op} = sub i{b} %x{b}, %m{b}_{k}_{op}");
                    }
                    _ => {
                        let _ = writeln!(s, "  %r{b}_{k}_{op} = {op} i{b} %x{b}, {d}");
                    }
                }
                let ext = if b == 64 {
                    format!("add i64 %r64_{k}_{op}, 0")
                } else {
                    format!("zext i{b} %r{b}_{k}_{op} to i64")
                };
                let _ = writeln!(s, "  %z{b}_{k}_{op} = {ext}");
                let _ = writeln!(s, "  %o{j} = add i64 %base, {j}");
                let _ = writeln!(s, "  %p{j} = getelementptr i64, ptr addrspace(1) %out, i64 %o{j}");
                let _ = writeln!(s, "  store i64 %z{b}_{k}_{op}, ptr addrspace(1) %p{j}, align 8");
                j += 1;
            }
        }
    }
    s.push_str(
        "  ret void\n}\n\ndeclare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\ndeclare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n\
         declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()\n",
    );
    (s, n)
}

/// Rust's result of `op` on `x` truncated to `bits`, by `d`, zero-extended; `None` when undefined (MIN / -1).
fn reference(op: &str, bits: u32, x: i64, d: i64) -> Option<u64> {
    let mask = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
    let sx = |v: i64| -> i64 { (v << (64 - bits)) >> (64 - bits) };
    let (xu, du) = (x as u64 & mask, d as u64 & mask);
    let (xs, ds) = (sx(x), sx(d));
    let min = sx(1i64 << (bits - 1));
    let r = match op {
        "udiv" => xu / du,
        "urem" => xu % du,
        "udown" => xu - xu % du,
        _ if xs == min && ds == -1 => return None,
        "sdiv" => (xs / ds) as u64,
        "sdown" => xs.wrapping_sub(xs % ds) as u64,
        _ => (xs % ds) as u64,
    };
    Some(r & mask)
}

fn run_case(widths: &[u32], inputs: &[i64]) {
    let (ll_text, n) = kernel(widths);
    let dir = std::env::temp_dir().join(format!("simtc-divconst-{}-{}", std::process::id(), widths[0]));
    std::fs::create_dir_all(&dir).unwrap();
    let ll = dir.join("div.ll");
    std::fs::write(&ll, &ll_text).unwrap();
    let mut ptxs = Vec::new();
    for (arch, opt, knob) in [
        ("sm_70", "-O0", "div-by-const=true"),
        ("sm_90", "-O3", "div-by-const=true"),
        ("sm_70", "-O3", "div-by-const=true"),
        ("sm_90", "-O3", "div-by-const=false"),
    ] {
        let ptx = dir.join(format!("div{opt}.{arch}.{knob}.ptx"));
        common::simtc_ptx(&ll, &ptx, arch, &[opt, "--knob", knob]);
        ptxs.push((format!("simtc {opt} {arch} {knob}"), ptx));
    }
    if let Some(ptx) = common::llc_ptx(&ll, &dir.join("div.llc.ptx"), "sm_90") {
        ptxs.push(("llc-19".into(), ptx));
    }
    // The divisions by a constant are gone from simtc's -O3 PTX (only the knob-off build keeps div/rem).
    let o3 = std::fs::read_to_string(&ptxs[1].1).unwrap();
    assert!(!o3.contains("div.s") && !o3.contains("div.u") && !o3.contains("rem."), "div/rem left in -O3 PTX");
    let threads = inputs.len();
    for (label, ptx) in &ptxs {
        let prog = simtc_emu::load_ptx(&std::fs::read_to_string(ptx).unwrap(), "div.ptx").unwrap();
        let launch = Launch {
            kernel: "k".into(),
            grid: [(threads / 256) as u32, 1, 1],
            block: [256, 1, 1],
            dynamic_shared_bytes: 0,
            args: vec![Arg::Buffer(0), Arg::Buffer(1)],
            buffers: vec![
                Buffer { name: "in".into(), data: inputs.iter().flat_map(|v| v.to_le_bytes()).collect() },
                Buffer { name: "out".into(), data: vec![0; threads * n * 8] },
            ],
        };
        let r = simtc_emu::run(&prog, &launch, &RunOptions::default()).unwrap_or_else(|e| panic!("{label}: {e}"));
        let got: Vec<u64> = r.buffers[1].chunks(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect();
        for (t, &x) in inputs.iter().enumerate() {
            let mut j = 0;
            for &b in widths {
                for d in divisors(b) {
                    for op in OPS {
                        if let Some(want) = reference(op, b, x, d) {
                            let g = got[t * n + j];
                            assert_eq!(g, want, "{label}: {op} i{b} {x:#x} by {d}: got {g:#x}, expected {want:#x}");
                        }
                        j += 1;
                    }
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn narrow_divisions_by_constants_are_exact_for_every_numerator() {
    // Low 16 bits = the thread index: every i16 (and every i8, 256 times); upper bits random (must be ignored).
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let inputs: Vec<i64> = (0..65_536u64)
        .map(|t| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            ((x & !0xffff) | t) as i64
        })
        .collect();
    run_case(&[8, 16], &inputs);
}

#[test]
fn wide_divisions_by_constants_are_exact_on_random_and_extreme_numerators() {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut inputs: Vec<i64> = vec![0, 1, -1, i64::MIN, i64::MAX, i32::MIN as i64, i32::MAX as i64, 0xffff_ffff];
    while inputs.len() < 8192 {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        // Mixed magnitudes: shifts make small and large numerators equally likely.
        inputs.push((x >> (x % 64)) as i64 * if x & 1 == 0 { 1 } else { -1 });
    }
    run_case(&[32, 64], &inputs);
}
