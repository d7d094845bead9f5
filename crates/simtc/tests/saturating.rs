//! `llvm.{u,s}{add,sub}.sat` for i8, i16, i32 and i64 and `llvm.nvvm.atomic.load.inc/dec.32` (CUDA's
//! atomicInc/atomicDec), compiled by simtc, validated by ptxas and run in the emulator against Rust's
//! saturating arithmetic and the PTX definition of inc/dec, on edge values (0, ±1, MIN, MAX) and random ones.

mod common;

use std::path::PathBuf;
use std::process::Command;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("simtc-sat-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run(d: &std::path::Path, ll: &str, spec: &str) -> Vec<u8> {
    let llp = d.join("k.ll");
    std::fs::write(&llp, ll).unwrap();
    let ptx = d.join("k.ptx");
    let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .args(["compile", llp.to_str().unwrap(), "--mcpu", "sm_80", "-o", ptx.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    common::assemble_if_available(&ptx, "sm_80");
    let sp = d.join("k.toml");
    std::fs::write(&sp, spec).unwrap();
    let out = d.join("out");
    let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .args(["run", sp.to_str().unwrap(), "--ptx", ptx.to_str().unwrap(), "--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::read(out.join("r.bin")).unwrap()
}

/// Values of `bits` bits as i64 (sign-extended for signed use, the same bit patterns either way).
fn samples(bits: u32) -> Vec<i64> {
    let min = if bits == 64 { i64::MIN } else { -(1i64 << (bits - 1)) };
    let max = if bits == 64 { i64::MAX } else { (1i64 << (bits - 1)) - 1 };
    let mut v = vec![0, 1, -1, 2, -2, min, max, min + 1, max - 1];
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..23 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let r = (x as i64) >> (64 - bits);
        v.push(r);
    }
    v
}

#[test]
fn saturating_arithmetic_matches_rust() {
    for bits in [8u32, 16, 32, 64] {
        let t = format!("i{bits}");
        let ll = format!(
            "define ptx_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %r) {{
  %i = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr {t}, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr {t}, ptr addrspace(1) %b, i32 %i
  %x = load {t}, ptr addrspace(1) %pa
  %y = load {t}, ptr addrspace(1) %pb
  %s0 = call {t} @llvm.uadd.sat.{t}({t} %x, {t} %y)
  %s1 = call {t} @llvm.usub.sat.{t}({t} %x, {t} %y)
  %s2 = call {t} @llvm.sadd.sat.{t}({t} %x, {t} %y)
  %s3 = call {t} @llvm.ssub.sat.{t}({t} %x, {t} %y)
  %j = mul i32 %i, 4
  %q0 = getelementptr {t}, ptr addrspace(1) %r, i32 %j
  store {t} %s0, ptr addrspace(1) %q0
  %q1 = getelementptr {t}, ptr addrspace(1) %q0, i32 1
  store {t} %s1, ptr addrspace(1) %q1
  %q2 = getelementptr {t}, ptr addrspace(1) %q0, i32 2
  store {t} %s2, ptr addrspace(1) %q2
  %q3 = getelementptr {t}, ptr addrspace(1) %q0, i32 3
  store {t} %s3, ptr addrspace(1) %q3
  ret void
}}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare {t} @llvm.uadd.sat.{t}({t}, {t})
declare {t} @llvm.usub.sat.{t}({t}, {t})
declare {t} @llvm.sadd.sat.{t}({t}, {t})
declare {t} @llvm.ssub.sat.{t}({t}, {t})
"
        );
        let xs = samples(bits);
        let n = xs.len() * xs.len();
        let (mut av, mut bv) = (Vec::new(), Vec::new());
        for &x in &xs {
            for &y in &xs {
                av.push(x);
                bv.push(y);
            }
        }
        let d = dir(&t);
        let bytes = (bits / 8) as usize;
        let enc = |v: &[i64]| -> Vec<u8> { v.iter().flat_map(|x| x.to_le_bytes()[..bytes].to_vec()).collect() };
        std::fs::write(d.join("a.bin"), enc(&av)).unwrap();
        std::fs::write(d.join("b.bin"), enc(&bv)).unwrap();
        let ety = format!("i{bits}");
        let spec = format!(
            "kernel = \"k\"\ngrid = 1\nblock = {n}\n[[args]]\nbuffer = \"a\"\ntype = \"{ety}\"\ninit = {{ file = \"a.bin\" }}\n[[args]]\nbuffer = \"b\"\ntype = \"{ety}\"\ninit = {{ file = \"b.bin\" }}\n[[args]]\nbuffer = \"r\"\ntype = \"{ety}\"\nlen = {}\noutput = true\n",
            4 * n
        );
        let out = run(&d, &ll, &spec);
        let mask = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
        let sx = |v: u64| -> i64 { ((v << (64 - bits)) as i64) >> (64 - bits) };
        for (k, (&x, &y)) in av.iter().zip(&bv).enumerate() {
            let (ux, uy) = (x as u64 & mask, y as u64 & mask);
            let want = [
                (ux.checked_add(uy).filter(|s| *s <= mask).unwrap_or(mask)) as i64,
                ux.saturating_sub(uy) as i64,
                (x as i128 + y as i128).clamp(sx(1 << (bits - 1)) as i128, sx(mask >> 1) as i128) as i64,
                (x as i128 - y as i128).clamp(sx(1 << (bits - 1)) as i128, sx(mask >> 1) as i128) as i64,
            ];
            for (j, w) in want.iter().enumerate() {
                let off = (4 * k + j) * bytes;
                let mut b8 = [0u8; 8];
                b8[..bytes].copy_from_slice(&out[off..off + bytes]);
                let got = u64::from_le_bytes(b8) & mask;
                assert_eq!(got, *w as u64 & mask, "i{bits} op {j} on ({x}, {y})");
            }
        }
    }
}

#[test]
fn atomic_inc_and_dec_wrap_as_ptx_defines() {
    let ll = "define ptx_kernel void @k(ptr addrspace(1) %c, ptr addrspace(1) %r) {
  %i = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p0 = getelementptr i32, ptr addrspace(1) %c, i32 0
  %p1 = getelementptr i32, ptr addrspace(1) %c, i32 1
  %pg = addrspacecast ptr addrspace(1) %p0 to ptr
  %pd = addrspacecast ptr addrspace(1) %p1 to ptr
  %o = call i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr %pg, i32 9)
  %q = call i32 @llvm.nvvm.atomic.load.dec.32.p0(ptr %pd, i32 9)
  %s = add i32 %o, %q
  %pr = getelementptr i32, ptr addrspace(1) %r, i32 %i
  store i32 %s, ptr addrspace(1) %pr
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.load.dec.32.p0(ptr, i32)
";
    let d = dir("incdec");
    let spec = "kernel = \"k\"\ngrid = 1\nblock = 1\n[[args]]\nbuffer = \"c\"\ntype = \"u32\"\nlen = 2\ninit = { fill = 9 }\noutput = true\n[[args]]\nbuffer = \"r\"\ntype = \"u32\"\nlen = 1\noutput = true\n";
    let out = run(&d, ll, spec);
    // inc: old 9 >= 9 → 0; dec: old 9 > 9 is false and 9 != 0 → 8. Both return the old value 9.
    assert_eq!(u32::from_le_bytes(out[..4].try_into().unwrap()), 18);
    let c = std::fs::read(d.join("out/c.bin")).unwrap();
    assert_eq!(
        (u32::from_le_bytes(c[..4].try_into().unwrap()), u32::from_le_bytes(c[4..8].try_into().unwrap())),
        (0, 8)
    );
}
