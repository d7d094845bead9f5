//! Vectors of lanes narrower than a byte in memory follow LLVM's data layout: `<8 x i1>`, `<16 x i1>`,
//! `<24 x i1>` and `<2 x i4>` are bit-packed (lane k at bit k·K), and bitcasts between them and integers move the
//! same bits. simtc's PTX and llc-19's PTX of the same IR produce the same memory image in the emulator (a store
//! of `<8 x i1>` once wrote one byte per lane).

mod common;

use std::path::Path;
use std::process::Command;

const IR: &str = r#"target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %i = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %o = mul i32 %i, 16
  %pi = getelementptr i8, ptr addrspace(1) %in, i32 %o
  %po = getelementptr i8, ptr addrspace(1) %out, i32 %o
  %a = load <8 x i1>, ptr addrspace(1) %pi, align 1
  %a2 = xor <8 x i1> %a, <i1 1, i1 0, i1 1, i1 0, i1 0, i1 0, i1 1, i1 1>
  store <8 x i1> %a2, ptr addrspace(1) %po, align 1
  %pi1 = getelementptr i8, ptr addrspace(1) %pi, i32 2
  %po1 = getelementptr i8, ptr addrspace(1) %po, i32 2
  %b = load <16 x i1>, ptr addrspace(1) %pi1, align 2
  %b2 = shufflevector <16 x i1> %b, <16 x i1> poison, <16 x i32> <i32 15, i32 14, i32 13, i32 12, i32 11, i32 10, i32 9, i32 8, i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  store <16 x i1> %b2, ptr addrspace(1) %po1, align 2
  %pi3 = getelementptr i8, ptr addrspace(1) %pi, i32 5
  %po3 = getelementptr i8, ptr addrspace(1) %po, i32 5
  %d = load <2 x i4>, ptr addrspace(1) %pi3, align 1
  %d2 = add <2 x i4> %d, <i4 3, i4 5>
  store <2 x i4> %d2, ptr addrspace(1) %po3, align 1
  %pi4 = getelementptr i8, ptr addrspace(1) %pi, i32 8
  %po4 = getelementptr i8, ptr addrspace(1) %po, i32 8
  %e = load <24 x i1>, ptr addrspace(1) %pi4, align 1
  %e2 = xor <24 x i1> %e, <i1 1, i1 1, i1 1, i1 1, i1 0, i1 0, i1 0, i1 0, i1 1, i1 1, i1 1, i1 1, i1 0, i1 0, i1 0, i1 0, i1 1, i1 0, i1 1, i1 0, i1 1, i1 0, i1 1, i1 0>
  store <24 x i1> %e2, ptr addrspace(1) %po4, align 1
  %pi5 = getelementptr i8, ptr addrspace(1) %pi, i32 12
  %po5 = getelementptr i8, ptr addrspace(1) %po, i32 12
  %x = load i8, ptr addrspace(1) %pi5, align 1
  %v = bitcast i8 %x to <8 x i1>
  %w = shufflevector <8 x i1> %v, <8 x i1> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  %y = bitcast <8 x i1> %w to i8
  store i8 %y, ptr addrspace(1) %po5, align 1
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
"#;

const SPEC: &str = "kernel = \"k\"\ngrid = 1\nblock = 32\n[[args]]\nbuffer = \"in\"\ntype = \"u8\"\nlen = 512\ninit = { random = { seed = 5, min = 0, max = 255 } }\noutput = true\n[[args]]\nbuffer = \"out\"\ntype = \"u8\"\nlen = 512\noutput = true\n";

fn run(dir: &Path, ptx: &Path, tag: &str) -> (Vec<u8>, Vec<u8>) {
    let out = dir.join(tag);
    let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .args([
            "run",
            dir.join("k.toml").to_str().unwrap(),
            "--ptx",
            ptx.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{tag}: {}", String::from_utf8_lossy(&o.stderr));
    (std::fs::read(out.join("in.bin")).unwrap(), std::fs::read(out.join("out.bin")).unwrap())
}

#[test]
fn packed_vectors_in_memory_match_llc() {
    let dir = std::env::temp_dir().join(format!("simtc-vector-i1-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("k.ll"), IR).unwrap();
    std::fs::write(dir.join("k.toml"), SPEC).unwrap();
    let simtc_ptx = dir.join("simtc.ptx");
    let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .args(["compile", dir.join("k.ll").to_str().unwrap(), "--mcpu", "sm_80", "-o", simtc_ptx.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    common::assemble_if_available(&simtc_ptx, "sm_80");
    let (input, ours) = run(&dir, &simtc_ptx, "simtc");
    // The layout by hand, per thread: byte 0 = in ^ 0b1100_0101 (lanes 0, 2, 6, 7 flipped); bytes 2..4 = the 16
    // bits reversed; byte 12 = in with adjacent bits swapped (through bitcasts).
    for t in 0..32 {
        let (i, o) = (&input[16 * t..16 * t + 16], &ours[16 * t..16 * t + 16]);
        assert_eq!(o[0], i[0] ^ 0xC5, "thread {t}: <8 x i1> xor");
        let b = u16::from_le_bytes([i[2], i[3]]);
        assert_eq!(u16::from_le_bytes([o[2], o[3]]), b.reverse_bits(), "thread {t}: <16 x i1> reversed");
        let sw = ((i[12] & 0x55) << 1) | ((i[12] & 0xAA) >> 1);
        assert_eq!(o[12], sw, "thread {t}: bitcast i8 <-> <8 x i1>");
        let lo = (i[5] & 0xF).wrapping_add(3) & 0xF;
        let hi = ((i[5] >> 4).wrapping_add(5)) & 0xF;
        assert_eq!(o[5], lo | (hi << 4), "thread {t}: <2 x i4> add");
    }
    let Some(llc) = common::llvm_tool("llc") else { return };
    let llc_ptx = dir.join("llc.ptx");
    let o = Command::new(llc)
        .args([
            "-O3",
            "-march=nvptx64",
            "-mcpu=sm_80",
            dir.join("k.ll").to_str().unwrap(),
            "-o",
            llc_ptx.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (_, theirs) = run(&dir, &llc_ptx, "llc");
    assert_eq!(ours, theirs, "simtc and llc-19 disagree on the memory image");
}
