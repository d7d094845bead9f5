//! 64-bit division and remainder by run-time divisors (`bypass-slow-division`), end to end: one kernel computes
//! every shape the pass distinguishes — unknown operands (a `udiv`/`urem` pair and an `sdiv`/`srem` pair sharing a
//! block), a zero-extended 32-bit dividend (unsigned: the `b > a` test; signed: the divisor-only test), both
//! operands zero-extended (32-bit operations, no branch), a quotient divided again (the second group's operand is
//! the first group's result), and a dividend with a bit above 2^32 set (left alone) — on operand pairs that take
//! both paths (zero, small, 2^31, 2^32 - 1, 2^32, 2^63 - 1, INT64_MIN, -1, random mixed magnitudes). It is
//! compiled by simtc (`-O0`, `-O3` on sm_70 and sm_90, `-O3` without the pass) and llc-19, validated by ptxas, run
//! in the emulator, and every defined result must equal Rust's arithmetic; with the pass the emulator's
//! SASS-weighted instruction estimate must be lower than without it, and less than half of it when every operand
//! fits in 32 bits.

mod common;

use simtc_emu::{Arg, Buffer, Launch, RunOptions};

/// The results each thread writes, in order.
const OPS: [&str; 15] = [
    "udiv",
    "urem",
    "sdiv",
    "srem",
    "udiv_zx",
    "urem_zx",
    "sdiv_zx",
    "srem_zx",
    "udiv_zz",
    "urem_zz",
    "sdiv_zz",
    "chain",
    "urem_only",
    "udiv_long",
    "urem_long",
];

const KERNEL: &str = r#"target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %xs, ptr addrspace(1) %ys, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cb = mul i32 %c, %nt
  %g = add i32 %cb, %t
  %g64 = zext i32 %g to i64
  %px = getelementptr i64, ptr addrspace(1) %xs, i64 %g64
  %py = getelementptr i64, ptr addrspace(1) %ys, i64 %g64
  %x = load i64, ptr addrspace(1) %px, align 8
  %y = load i64, ptr addrspace(1) %py, align 8
  %base = mul i64 %g64, 15
  %o = getelementptr i64, ptr addrspace(1) %out, i64 %base
  %r0 = udiv i64 %x, %y
  %r1 = urem i64 %x, %y
  %r2 = sdiv i64 %x, %y
  %r3 = srem i64 %x, %y
  %x32 = trunc i64 %x to i32
  %zx = zext i32 %x32 to i64
  %r4 = udiv i64 %zx, %y
  %r5 = urem i64 %zx, %y
  %r6 = sdiv i64 %zx, %y
  %r7 = srem i64 %zx, %y
  %y32 = trunc i64 %y to i32
  %zy0 = zext i32 %y32 to i64
  %zy = or i64 %zy0, 1
  %r8 = udiv i64 %zx, %zy
  %r9 = urem i64 %zx, %zy
  %r10 = sdiv i64 %zx, %zy
  %r11 = udiv i64 %r0, %zy
  %p = icmp ne i64 %x, 12345
  br i1 %p, label %more, label %done

more:
  %x1 = or i64 %x, 1
  %r12 = urem i64 %y, %x1
  %xl = or i64 %x, 1099511627776
  %r13 = udiv i64 %xl, %y
  %r14 = urem i64 %xl, %y
  br label %done

done:
  %s12 = phi i64 [ %r12, %more ], [ 0, %entry ]
  %s13 = phi i64 [ %r13, %more ], [ 0, %entry ]
  %s14 = phi i64 [ %r14, %more ], [ 0, %entry ]
  store i64 %r0, ptr addrspace(1) %o, align 8
  %o1 = getelementptr i64, ptr addrspace(1) %o, i64 1
  store i64 %r1, ptr addrspace(1) %o1, align 8
  %o2 = getelementptr i64, ptr addrspace(1) %o, i64 2
  store i64 %r2, ptr addrspace(1) %o2, align 8
  %o3 = getelementptr i64, ptr addrspace(1) %o, i64 3
  store i64 %r3, ptr addrspace(1) %o3, align 8
  %o4 = getelementptr i64, ptr addrspace(1) %o, i64 4
  store i64 %r4, ptr addrspace(1) %o4, align 8
  %o5 = getelementptr i64, ptr addrspace(1) %o, i64 5
  store i64 %r5, ptr addrspace(1) %o5, align 8
  %o6 = getelementptr i64, ptr addrspace(1) %o, i64 6
  store i64 %r6, ptr addrspace(1) %o6, align 8
  %o7 = getelementptr i64, ptr addrspace(1) %o, i64 7
  store i64 %r7, ptr addrspace(1) %o7, align 8
  %o8 = getelementptr i64, ptr addrspace(1) %o, i64 8
  store i64 %r8, ptr addrspace(1) %o8, align 8
  %o9 = getelementptr i64, ptr addrspace(1) %o, i64 9
  store i64 %r9, ptr addrspace(1) %o9, align 8
  %o10 = getelementptr i64, ptr addrspace(1) %o, i64 10
  store i64 %r10, ptr addrspace(1) %o10, align 8
  %o11 = getelementptr i64, ptr addrspace(1) %o, i64 11
  store i64 %r11, ptr addrspace(1) %o11, align 8
  %o12 = getelementptr i64, ptr addrspace(1) %o, i64 12
  store i64 %s12, ptr addrspace(1) %o12, align 8
  %o13 = getelementptr i64, ptr addrspace(1) %o, i64 13
  store i64 %s13, ptr addrspace(1) %o13, align 8
  %o14 = getelementptr i64, ptr addrspace(1) %o, i64 14
  store i64 %s14, ptr addrspace(1) %o14, align 8
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
"#;

/// Rust's value of result `op` for operands `x`, `y`; `None` where LLVM leaves it undefined (a zero divisor,
/// `INT64_MIN / -1`).
fn reference(op: &str, x: i64, y: i64) -> Option<u64> {
    let (xu, yu) = (x as u64, y as u64);
    let zx = xu & 0xffff_ffff;
    let zy = (yu & 0xffff_ffff) | 1;
    let udiv = |a: u64, b: u64| (b != 0).then(|| a / b);
    let urem = |a: u64, b: u64| (b != 0).then(|| a % b);
    let sdiv = |a: i64, b: i64| (b != 0 && !(a == i64::MIN && b == -1)).then(|| a.wrapping_div(b) as u64);
    let srem = |a: i64, b: i64| (b != 0 && !(a == i64::MIN && b == -1)).then(|| a.wrapping_rem(b) as u64);
    let xl = xu | (1 << 40);
    match op {
        "udiv" => udiv(xu, yu),
        "urem" => urem(xu, yu),
        "sdiv" => sdiv(x, y),
        "srem" => srem(x, y),
        "udiv_zx" => udiv(zx, yu),
        "urem_zx" => urem(zx, yu),
        "sdiv_zx" => sdiv(zx as i64, y),
        "srem_zx" => srem(zx as i64, y),
        "udiv_zz" => udiv(zx, zy),
        "urem_zz" => urem(zx, zy),
        "sdiv_zz" => sdiv(zx as i64, zy as i64),
        "chain" => udiv(udiv(xu, yu)?, zy),
        "urem_only" => Some(if x == 12345 { 0 } else { urem(yu, xu | 1)? }),
        "udiv_long" => Some(if x == 12345 { 0 } else { udiv(xl, yu)? }),
        _ => Some(if x == 12345 { 0 } else { urem(xl, yu)? }),
    }
}

/// Operand pairs: every pair of the edge values, then random pairs of mixed magnitudes (both paths), 4,096 in all;
/// no zero divisor and no `INT64_MIN / -1` (the emulator reports both as errors, as a GPU gives no defined value).
fn inputs() -> Vec<(i64, i64)> {
    let edges: Vec<i64> = vec![
        0,
        1,
        2,
        3,
        7,
        12345,
        0x7fff_ffff,
        0x8000_0000,
        0xffff_ffff,
        0x1_0000_0000,
        0x1_0000_0001,
        0x1_2345_6789,
        1 << 40,
        i64::MAX,
        i64::MIN,
        -1,
        -2,
        -7,
        -0x8000_0000,
        -0x1_0000_0000,
    ];
    let ok = |&(x, y): &(i64, i64)| y != 0 && !(x == i64::MIN && y == -1);
    let mut v: Vec<(i64, i64)> = edges.iter().flat_map(|&x| edges.iter().map(move |&y| (x, y))).filter(ok).collect();
    let mut s = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    while v.len() < 4096 {
        let (a, b) = (next(), next());
        // Shifts make 8-, 16-, 32- and 64-bit magnitudes about equally likely; some operands negative.
        let x = (a >> (a % 64)) as i64 * if a & 2 == 0 { 1 } else { -1 };
        let y = (b >> (32 + b % 32)) as i64 * if b & 2 == 0 || b & 4 == 0 { 1 } else { -1 };
        let y = if b & 8 == 0 { y } else { (b >> (b % 64)) as i64 };
        if ok(&(x, y)) {
            v.push((x, y));
        }
    }
    v
}

/// Runs kernel `k` of `ptx` on the operand pairs in the emulator (256-thread blocks, one pair per thread).
fn run(ptx: &std::path::Path, pairs: &[(i64, i64)]) -> Result<simtc_emu::RunResult, String> {
    let prog = simtc_emu::load_ptx(&std::fs::read_to_string(ptx).unwrap(), "div.ptx").unwrap();
    let threads = pairs.len();
    let launch = Launch {
        kernel: "k".into(),
        grid: [(threads / 256) as u32, 1, 1],
        block: [256, 1, 1],
        dynamic_shared_bytes: 0,
        args: vec![Arg::Buffer(0), Arg::Buffer(1), Arg::Buffer(2)],
        buffers: vec![
            Buffer { name: "xs".into(), data: pairs.iter().flat_map(|p| p.0.to_le_bytes()).collect() },
            Buffer { name: "ys".into(), data: pairs.iter().flat_map(|p| p.1.to_le_bytes()).collect() },
            Buffer { name: "out".into(), data: vec![0; threads * OPS.len() * 8] },
        ],
    };
    simtc_emu::run(&prog, &launch, &RunOptions::default()).map_err(|e| e.to_string())
}

#[test]
fn sixty_four_bit_division_by_runtime_divisors_matches_rust_on_every_build() {
    let dir = std::env::temp_dir().join(format!("simtc-bypassdiv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ll = dir.join("div.ll");
    std::fs::write(&ll, KERNEL).unwrap();
    let mut ptxs = Vec::new();
    for (k, (arch, args)) in [
        ("sm_70", vec!["-O0"]),
        ("sm_90", vec!["-O3"]),
        ("sm_70", vec!["-O3"]),
        ("sm_90", vec!["-O3", "--disable-pass", "bypass-slow-division"]),
    ]
    .into_iter()
    .enumerate()
    {
        let ptx = dir.join(format!("div{k}.{arch}.ptx"));
        common::simtc_ptx(&ll, &ptx, arch, &args);
        ptxs.push((format!("simtc {args:?} {arch}"), ptx));
    }
    if let Some(ptx) = common::llc_ptx(&ll, &dir.join("div.llc.ptx"), "sm_90") {
        ptxs.push(("llc-19".into(), ptx));
    }
    // The pass made 32-bit paths at -O3 (`div.u32`/`rem.u32` or their multiply-back form) and kept the 64-bit
    // operations for the slow paths and the long dividend; without it every division is 64-bit.
    let o3 = std::fs::read_to_string(&ptxs[1].1).unwrap();
    assert!(o3.contains("div.u32") && o3.contains("div.u64") && o3.contains("rem.u64"), "{o3}");
    let off = std::fs::read_to_string(&ptxs[3].1).unwrap();
    assert!(!off.contains("div.u32") && !off.contains("rem.u32"), "{off}");
    let pairs = inputs();
    let threads = pairs.len();
    let n = OPS.len();
    let mut estimates = Vec::new();
    for (label, ptx) in &ptxs {
        let r = run(ptx, &pairs).unwrap_or_else(|e| panic!("{label}: {e}"));
        let got: Vec<u64> = r.buffers[2].chunks(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect();
        let mut checked = 0;
        for (t, &(x, y)) in pairs.iter().enumerate() {
            for (j, op) in OPS.iter().enumerate() {
                if let Some(want) = reference(op, x, y) {
                    let g = got[t * n + j];
                    assert_eq!(g, want, "{label}: {op} {x:#x}, {y:#x}: got {g:#x}, expected {want:#x}");
                    checked += 1;
                }
            }
        }
        assert!(checked > threads * (n - 2), "{label}: only {checked} defined results");
        estimates.push(r.counters.sass_instructions_estimate);
    }
    // What the pass is for: the SASS-weighted emulated instructions (each PTX instruction weighted by the SASS
    // ptxas makes of it: `div.u64` is a 56-88-instruction subroutine) fall below the build without it on these
    // mixed operands, and below half of it when every operand fits in 32 bits (index arithmetic).
    let (on, off) = (estimates[1], estimates[3]);
    assert!(on < off, "SASS-weighted estimate with the pass {on}, without {off}");
    let small: Vec<(i64, i64)> = pairs.iter().map(|&(x, y)| (x & 0x7fff_ffff, (y & 0xffff) | 1)).collect();
    let estimate = |ptx: &std::path::Path| run(ptx, &small).unwrap().counters.sass_instructions_estimate;
    let (on, off) = (estimate(&ptxs[1].1), estimate(&ptxs[3].1));
    assert!(on * 2 < off, "32-bit operands: SASS-weighted estimate with the pass {on}, without {off}");
    let _ = std::fs::remove_dir_all(&dir);
}
