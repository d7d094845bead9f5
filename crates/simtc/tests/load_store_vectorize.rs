//! `load-store-vectorize` end to end: one kernel with float4-style loads (`in[4g + 0..3]`, aligned by the
//! parameter's `align 16`), four stores in reverse order, a store followed by loads of the same bytes (the
//! stores must not merge across the loads that read them, the loads may merge), four i16 stores of two i32s, and a
//! shared-memory exchange (four stores, a barrier, four loads of the neighbour's slots) is compiled by simtc
//! (-O0, -O3, -O3 without the pass) and llc-19, ptxas-validated and run in the emulator; every build must give
//! Rust's result, and simtc's -O3 PTX must hold the vector accesses.

mod common;

use simtc_emu::{Arg, Buffer, Launch, RunOptions};

const BLOCK: u32 = 64;
const GRID: u32 = 4;
const OUT_PER_THREAD: usize = 12;

const KERNEL: &str = r#"target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] undef, align 16

define ptx_kernel void @k(ptr addrspace(1) align 16 %in, ptr addrspace(1) align 16 %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cb = shl nuw nsw i32 %c, 6
  %g = add nuw nsw i32 %cb, %t
  %g4 = shl nuw nsw i32 %g, 2
  %w0 = zext i32 %g4 to i64
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %w0
  %a = load i32, ptr addrspace(1) %p0, align 4
  %i1 = or disjoint i32 %g4, 1
  %w1 = zext i32 %i1 to i64
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %w1
  %b = load i32, ptr addrspace(1) %p1, align 4
  %i2 = add nuw nsw i32 %g4, 2
  %w2 = zext i32 %i2 to i64
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %w2
  %cc = load i32, ptr addrspace(1) %p2, align 4
  %p3 = getelementptr inbounds i8, ptr addrspace(1) %p0, i64 12
  %d = load i32, ptr addrspace(1) %p3, align 4
  %o = mul nuw nsw i32 %g, 12
  %ow = zext i32 %o to i64
  %q0 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %ow
  %q1 = getelementptr inbounds i32, ptr addrspace(1) %q0, i64 1
  %q2 = getelementptr inbounds i32, ptr addrspace(1) %q0, i64 2
  %q3 = getelementptr inbounds i32, ptr addrspace(1) %q0, i64 3
  %r0 = add i32 %a, %b
  %r1 = mul i32 %b, %cc
  %r2 = sub i32 %cc, %d
  %r3 = xor i32 %d, %a
  store i32 %r3, ptr addrspace(1) %q3, align 4
  store i32 %r2, ptr addrspace(1) %q2, align 4
  store i32 %r1, ptr addrspace(1) %q1, align 4
  store i32 %r0, ptr addrspace(1) %q0, align 4
  %q4 = getelementptr inbounds i32, ptr addrspace(1) %q0, i64 4
  %q5 = getelementptr inbounds i32, ptr addrspace(1) %q0, i64 5
  store i32 %a, ptr addrspace(1) %q4, align 4
  %x = load i32, ptr addrspace(1) %q4, align 4
  %y = load i32, ptr addrspace(1) %q5, align 4
  %xy = add i32 %x, %y
  store i32 %xy, ptr addrspace(1) %q5, align 4
  %h = getelementptr inbounds i8, ptr addrspace(1) %q0, i64 24
  %alo = trunc i32 %a to i16
  %ahs = lshr i32 %a, 16
  %ahi = trunc i32 %ahs to i16
  %blo = trunc i32 %b to i16
  %bhs = lshr i32 %b, 16
  %bhi = trunc i32 %bhs to i16
  %h1 = getelementptr inbounds i16, ptr addrspace(1) %h, i64 1
  %h2 = getelementptr inbounds i16, ptr addrspace(1) %h, i64 2
  %h3 = getelementptr inbounds i16, ptr addrspace(1) %h, i64 3
  store i16 %alo, ptr addrspace(1) %h, align 2
  store i16 %ahi, ptr addrspace(1) %h1, align 2
  store i16 %blo, ptr addrspace(1) %h2, align 2
  store i16 %bhi, ptr addrspace(1) %h3, align 2
  %t4 = shl nuw nsw i32 %t, 2
  %s0 = zext i32 %t4 to i64
  %sp0 = getelementptr inbounds [256 x i32], ptr addrspace(3) @sh, i64 0, i64 %s0
  %sp1 = getelementptr inbounds i32, ptr addrspace(3) %sp0, i64 1
  %sp2 = getelementptr inbounds i32, ptr addrspace(3) %sp0, i64 2
  %sp3 = getelementptr inbounds i32, ptr addrspace(3) %sp0, i64 3
  store i32 %a, ptr addrspace(3) %sp0, align 4
  store i32 %b, ptr addrspace(3) %sp1, align 4
  store i32 %cc, ptr addrspace(3) %sp2, align 4
  store i32 %d, ptr addrspace(3) %sp3, align 4
  call void @llvm.nvvm.barrier0()
  %n1 = add nuw nsw i32 %t, 1
  %n = and i32 %n1, 63
  %n4 = shl nuw nsw i32 %n, 2
  %m0 = zext i32 %n4 to i64
  %np0 = getelementptr inbounds [256 x i32], ptr addrspace(3) @sh, i64 0, i64 %m0
  %np1 = getelementptr inbounds i32, ptr addrspace(3) %np0, i64 1
  %np2 = getelementptr inbounds i32, ptr addrspace(3) %np0, i64 2
  %np3 = getelementptr inbounds i32, ptr addrspace(3) %np0, i64 3
  %e0 = load i32, ptr addrspace(3) %np0, align 4
  %e1 = load i32, ptr addrspace(3) %np1, align 4
  %e2 = load i32, ptr addrspace(3) %np2, align 4
  %e3 = load i32, ptr addrspace(3) %np3, align 4
  %q8 = getelementptr inbounds i32, ptr addrspace(1) %q0, i64 8
  %q9 = getelementptr inbounds i32, ptr addrspace(1) %q0, i64 9
  %q10 = getelementptr inbounds i32, ptr addrspace(1) %q0, i64 10
  %q11 = getelementptr inbounds i32, ptr addrspace(1) %q0, i64 11
  store i32 %e0, ptr addrspace(1) %q8, align 4
  store i32 %e1, ptr addrspace(1) %q9, align 4
  store i32 %e2, ptr addrspace(1) %q10, align 4
  store i32 %e3, ptr addrspace(1) %q11, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier0() #0

attributes #0 = { convergent nocallback nounwind }
"#;

/// simtc's PTX of `ll` at -O0, -O3 and -O3 without the pass (sm_90), as `(label, path)`, written under `dir`.
/// `ll` compiled by simtc at -O0, -O3 and -O3 without the pass (in that order), then by llc-19 when installed.
fn builds(ll: &std::path::Path, dir: &std::path::Path, stem: &str) -> Vec<(String, std::path::PathBuf)> {
    let mut ptxs: Vec<(String, std::path::PathBuf)> = [
        ("O0", &["-O0"][..]),
        ("O3", &["-O3"][..]),
        ("O3-nolsv", &["-O3", "--disable-pass", "load-store-vectorize"][..]),
    ]
    .into_iter()
    .map(|(label, args)| {
        let ptx = dir.join(format!("{stem}.{label}.ptx"));
        common::simtc_ptx(ll, &ptx, "sm_90", args);
        (format!("simtc {label}"), ptx)
    })
    .collect();
    if let Some(ptx) = common::llc_ptx(ll, &dir.join(format!("{stem}.llc.ptx")), "sm_90") {
        ptxs.push(("llc-19".into(), ptx));
    }
    ptxs
}

/// Runs `kernel` of `ptx` on GRID blocks of BLOCK threads with two buffer arguments, `a` and `b` (names and
/// initial bytes); returns `b`'s bytes afterwards.
fn run_two_buffers(
    label: &str,
    ptx: &std::path::Path,
    kernel: &str,
    a: (&str, Vec<u8>),
    b: (&str, Vec<u8>),
) -> Vec<u8> {
    let prog = simtc_emu::load_ptx(&std::fs::read_to_string(ptx).unwrap(), &format!("{kernel}.ptx")).unwrap();
    let launch = Launch {
        kernel: kernel.into(),
        grid: [GRID, 1, 1],
        block: [BLOCK, 1, 1],
        dynamic_shared_bytes: 0,
        args: vec![Arg::Buffer(0), Arg::Buffer(1)],
        buffers: vec![Buffer { name: a.0.into(), data: a.1 }, Buffer { name: b.0.into(), data: b.1 }],
    };
    let r = simtc_emu::run(&prog, &launch, &RunOptions::default()).unwrap_or_else(|e| panic!("{label}: {e}"));
    r.buffers.into_iter().nth(1).expect("two buffers")
}

/// Rust's result: `out` (initially `out[i] = i`) after the kernel.
fn reference(input: &[u32]) -> Vec<u32> {
    let threads = (GRID * BLOCK) as usize;
    let mut out: Vec<u32> = (0..threads * OUT_PER_THREAD).map(|i| i as u32).collect();
    for g in 0..threads {
        let v = |k: usize| input[4 * g + k];
        let (a, b, c, d) = (v(0), v(1), v(2), v(3));
        let o = &mut out[OUT_PER_THREAD * g..OUT_PER_THREAD * (g + 1)];
        o[0] = a.wrapping_add(b);
        o[1] = b.wrapping_mul(c);
        o[2] = c.wrapping_sub(d);
        o[3] = d ^ a;
        o[4] = a;
        o[5] = a.wrapping_add(o[5]);
        o[6] = a;
        o[7] = b;
        let blk = g / BLOCK as usize;
        let n = blk * BLOCK as usize + (g % BLOCK as usize + 1) % BLOCK as usize;
        for k in 0..4 {
            o[8 + k] = input[4 * n + k];
        }
    }
    out
}

#[test]
fn vectorized_accesses_compute_what_the_scalar_ones_do() {
    let dir = common::tmp_dir("lsv");
    let ll = dir.join("lsv.ll");
    std::fs::write(&ll, KERNEL).unwrap();
    let ptxs = builds(&ll, &dir, "lsv");
    // The vector accesses are there: the quad load, the reversed quad store, the i16 quad, the shared quad store
    // and load, the output quad of the exchange; the stores around the re-read stay scalar.
    let o3 = std::fs::read_to_string(&ptxs[1].1).unwrap();
    for want in ["ld.global.v4.u32", "st.global.v4.u32", "st.global.v4.u16", "st.shared.v4.u32", "ld.shared.v4.u32"] {
        assert!(o3.contains(want), "-O3 PTX lacks {want}:\n{o3}");
    }
    assert!(o3.contains("ld.global.v2.u32"), "the re-read pair is one .v2 load:\n{o3}");
    let nolsv = std::fs::read_to_string(&ptxs[2].1).unwrap();
    assert!(!nolsv.contains(".v2.") && !nolsv.contains(".v4."), "without the pass no vector access:\n{nolsv}");
    let threads = (GRID * BLOCK) as usize;
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let input: Vec<u32> = (0..4 * threads)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u32
        })
        .collect();
    let want = reference(&input);
    for (label, ptx) in &ptxs {
        let out = run_two_buffers(
            label,
            ptx,
            "k",
            ("in", input.iter().flat_map(|v| v.to_le_bytes()).collect()),
            ("out", (0..threads * OUT_PER_THREAD).flat_map(|i| (i as u32).to_le_bytes()).collect()),
        );
        let got: Vec<u32> = out.chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(g, w, "{label}: out[{i}] (thread {}, slot {})", i / OUT_PER_THREAD, i % OUT_PER_THREAD);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `dst[g] = src[g]` for `struct S { int a; int b; long c; }`, copied member by member in clang's order (load a,
/// store a, load b, store b, ...) with clang's struct-path TBAA tags, and `dst` not `noalias`: the tags of `S.b`
/// and `S.a` prove the `b` load and the `a` store disjoint, so the two `int`s become one `.v2` load and one `.v2`
/// store (as llc's vectorizer makes them); the copy must still be exact in every build.
const STRUCT_COPY: &str = r#"target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.S = type { i32, i32, i64 }

define ptx_kernel void @copy(ptr addrspace(1) align 8 %src, ptr addrspace(1) align 8 %dst) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cb = shl nuw nsw i32 %c, 6
  %g = add nuw nsw i32 %cb, %t
  %w = zext i32 %g to i64
  %s = getelementptr inbounds %struct.S, ptr addrspace(1) %src, i64 %w
  %d = getelementptr inbounds %struct.S, ptr addrspace(1) %dst, i64 %w
  %a = load i32, ptr addrspace(1) %s, align 8, !tbaa !3
  store i32 %a, ptr addrspace(1) %d, align 8, !tbaa !3
  %s1 = getelementptr inbounds i8, ptr addrspace(1) %s, i64 4
  %b = load i32, ptr addrspace(1) %s1, align 4, !tbaa !4
  %d1 = getelementptr inbounds i8, ptr addrspace(1) %d, i64 4
  store i32 %b, ptr addrspace(1) %d1, align 4, !tbaa !4
  %s2 = getelementptr inbounds i8, ptr addrspace(1) %s, i64 8
  %x = load i64, ptr addrspace(1) %s2, align 8, !tbaa !7
  %d2 = getelementptr inbounds i8, ptr addrspace(1) %d, i64 8
  store i64 %x, ptr addrspace(1) %d2, align 8, !tbaa !7
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

!0 = !{!"Simple C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!6 = !{!"long", !1, i64 0}
!5 = !{!"_ZTS1S", !2, i64 0, !2, i64 4, !6, i64 8}
!3 = !{!5, !2, i64 0}
!4 = !{!5, !2, i64 4}
!7 = !{!5, !6, i64 8}
"#;

#[test]
fn struct_members_copied_in_turn_merge_by_their_tbaa_tags() {
    let dir = common::tmp_dir("lsv-tbaa");
    let ll = dir.join("copy.ll");
    std::fs::write(&ll, STRUCT_COPY).unwrap();
    let ptxs = builds(&ll, &dir, "copy");
    let o3 = std::fs::read_to_string(&ptxs[1].1).unwrap();
    assert!(o3.contains("ld.global.v2.u32") && o3.contains("st.global.v2.u32"), "-O3 PTX:\n{o3}");
    let threads = (GRID * BLOCK) as usize;
    let src: Vec<u8> = (0..threads * 16).map(|i| (i * 7 + 3) as u8).collect();
    for (label, ptx) in &ptxs {
        let dst = run_two_buffers(label, ptx, "copy", ("src", src.clone()), ("dst", vec![0u8; threads * 16]));
        assert_eq!(dst, src, "{label}: the copy");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
