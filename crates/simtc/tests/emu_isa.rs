//! Instruction semantics through the whole emulator: each case is a kernel body run by one warp (32 lanes) that
//! leaves a value in `%rd9`; the stored per-lane values are compared with values computed here by hand.

use simtc_emu::{Arg, Buffer, Launch, RunOptions};

fn eval(body: &str) -> Vec<u64> {
    let ptx = format!(
        ".version 7.8\n.target sm_90\n.address_size 64\n.shared .align 8 .b8 sh[256];\n.global .align 8 .b8 gv[64];\n\
         .visible .entry k(.param .u64 out)\n{{\n  .reg .pred %p<8>;\n  .reg .b16 %h<8>;\n  .reg .b32 %r<16>;\n  .reg .f32 %f<16>;\n  .reg .f64 %fd<8>;\n  .reg .b64 %rd<16>;\n\
         ld.param.u64 %rd1, [out];\n  mov.u32 %r1, %tid.x;\n  mov.u64 %rd9, 0;\n{body}\n  mul.wide.u32 %rd2, %r1, 8;\n  add.s64 %rd3, %rd1, %rd2;\n  st.global.u64 [%rd3], %rd9;\n  ret;\n}}\n"
    );
    let prog = simtc_emu::load_ptx(&ptx, "isa.ptx").unwrap_or_else(|e| panic!("{e}\n{body}"));
    let l = Launch {
        kernel: "k".into(),
        grid: [1, 1, 1],
        block: [32, 1, 1],
        dynamic_shared_bytes: 0,
        args: vec![Arg::Buffer(0)],
        buffers: vec![Buffer { name: "out".into(), data: vec![0; 32 * 8] }],
    };
    let r = simtc_emu::run(&prog, &l, &RunOptions::default()).unwrap_or_else(|e| panic!("{e}\n{body}"));
    r.buffers[0].chunks(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect()
}

/// Evaluates `body` (result in the 32-bit `%r9`) and checks lane `l` against `want(l)`.
fn check32(body: &str, want: impl Fn(u32) -> u32) {
    let got = eval(&format!("{body}\n  cvt.u64.u32 %rd9, %r9;"));
    for (l, g) in got.iter().enumerate() {
        assert_eq!(*g as u32, want(l as u32), "lane {l} of:\n{body}");
    }
}

fn check_f32(body: &str, want: impl Fn(u32) -> f32) {
    check32(&format!("{body}\n  mov.b32 %r9, %f9;"), |l| want(l).to_bits());
}

#[test]
fn integer_arithmetic() {
    check32("add.s32 %r9, %r1, -5;", |l| l.wrapping_sub(5));
    check32("mul.hi.u32 %r9, %r1, 0x80000000;", |l| l >> 1);
    check32("mad.lo.s32 %r9, %r1, 3, 7;", |l| l * 3 + 7);
    check32("sub.s32 %r2, 0, %r1;\n  div.s32 %r9, %r2, 2;", |l| (-(l as i32) / 2) as u32);
    check32("sub.s32 %r2, 0, %r1;\n  rem.s32 %r9, %r2, 3;", |l| (-(l as i32) % 3) as u32);
    check32("sub.s32 %r2, %r1, 16;\n  min.s32 %r9, %r2, 3;", |l| (l as i32 - 16).min(3) as u32);
    check32("sub.s32 %r2, %r1, 16;\n  max.u32 %r9, %r2, 3;", |l| (l.wrapping_sub(16)).max(3));
    check32("add.sat.s32 %r9, %r1, 2147483640;", |l| (l as i32).saturating_add(2147483640) as u32);
    check32("shl.b32 %r9, %r1, 33;", |_| 0);
    check32("sub.s32 %r2, 0, %r1;\n  shr.s32 %r9, %r2, 40;", |l| if l == 0 { 0 } else { u32::MAX });
    check32("neg.s32 %r9, %r1;", |l| l.wrapping_neg());
    check32("abs.s32 %r2, %r1;\n  sub.s32 %r3, 0, %r1;\n  abs.s32 %r9, %r3;", |l| l);
    let got = eval("mul.wide.s32 %rd9, %r1, -3;");
    assert_eq!(got[5], (-15i64) as u64);
    let got = eval("mad.wide.u32 %rd9, %r1, 0x80000000, 5;");
    assert_eq!(got[3], 3 * 0x8000_0000u64 + 5);
}

#[test]
fn bit_manipulation() {
    check32("bfe.u32 %r9, 0xABCD1234, %r1, 8;", |l| if l < 32 { ((0xABCD_1234u64 >> l) & 0xFF) as u32 } else { 0 });
    check32("bfe.s32 %r9, 0xF0, 4, 4;", |_| u32::MAX);
    check32("bfi.b32 %r9, 0xF, 0, %r1, 4;", |l| if l < 29 { 0xF << l } else { (0xFu64 << l) as u32 });
    check32("brev.b32 %r9, %r1;", |l| l.reverse_bits());
    check32("popc.b32 %r9, %r1;", |l| l.count_ones());
    check32("clz.b32 %r9, %r1;", |l| l.leading_zeros());
    check32("bfind.u32 %r9, %r1;", |l| if l == 0 { u32::MAX } else { 31 - l.leading_zeros() });
    check32("lop3.b32 %r9, %r1, 0xCC, 0xAA, 0x96;", |l| l ^ 0xCC ^ 0xAA);
    check32("prmt.b32 %r9, 0x44332211, 0x88776655, 0x1054;", |_| 0x2211_6655);
    check32("shf.l.wrap.b32 %r9, 0x80000000, %r1, 1;", |l| (l << 1) | 1);
    check32("not.b32 %r9, %r1;", |l| !l);
    check32("cnot.b32 %r9, %r1;", |l| (l == 0) as u32);
}

#[test]
fn compare_select_and_predicates() {
    check32("setp.lt.u32 %p1, %r1, 10;\n  selp.b32 %r9, 1, 2, %p1;", |l| if l < 10 { 1 } else { 2 });
    check32("set.lt.u32.s32 %r9, %r1, 4;", |l| if l < 4 { u32::MAX } else { 0 });
    check32(
        "setp.lt.u32 %p1, %r1, 10;\n  setp.gt.and.u32 %p2|%p3, %r1, 3, %p1;\n  selp.b32 %r9, 1, 0, %p2;\n  selp.b32 %r8, 2, 0, %p3;\n  or.b32 %r9, %r9, %r8;",
        |l| ((l > 3 && l < 10) as u32) | ((l <= 3) as u32) << 1,
    );
    check32("setp.ge.u32 %p1, %r1, 8;\n  not.pred %p2, %p1;\n  @%p2 mov.u32 %r9, 7;", |l| if l < 8 { 7 } else { 0 });
    check32(
        "mov.u32 %r9, 1;\n  setp.eq.u32 %p1, %r1, 2;\n  @!%p1 add.u32 %r9, %r9, 1;",
        |l| if l == 2 { 1 } else { 2 },
    );
}

#[test]
fn floating_point() {
    check_f32("cvt.rn.f32.u32 %f1, %r1;\n  div.rn.f32 %f9, %f1, 3.0;", |l| l as f32 / 3.0);
    check_f32("cvt.rn.f32.u32 %f1, %r1;\n  sqrt.rn.f32 %f9, %f1;", |l| (l as f32).sqrt());
    check_f32("cvt.rn.f32.u32 %f1, %r1;\n  fma.rn.f32 %f9, %f1, %f1, 0f3F800000;", |l| {
        (l as f32).mul_add(l as f32, 1.0)
    });
    check_f32("add.rz.f32 %f9, 0f3F800000, 0f33000000;", |_| 1.0);
    check_f32("add.rp.f32 %f9, 0f3F800000, 0f33000000;", |_| 1.0f32.next_up());
    check_f32("min.f32 %f9, 0f7FC00000, 0f40000000;", |_| 2.0);
    check_f32("max.f32 %f9, 0f80000000, 0f00000000;", |_| 0.0);
    check_f32("neg.f32 %f1, 0f40000000;\n  abs.f32 %f9, %f1;", |_| 2.0);
    check_f32("mul.rn.sat.f32 %f9, 0f40000000, 0f40000000;", |_| 1.0);
    check_f32("copysign.f32 %f9, 0fBF800000, 0f40000000;", |_| -2.0);
    check_f32("ex2.approx.f32 %f9, 0f40400000;", |_| 8.0);
    check_f32("rcp.rn.f32 %f9, 0f40800000;", |_| 0.25);
    check32("cvt.rzi.s32.f32 %r9, 0fC02CCCCD;", |_| (-2i32) as u32);
    check32("cvt.rni.s32.f32 %r9, 0f40200000;", |_| 2);
    check32("cvt.rmi.s32.f32 %r9, 0fC0200000;", |_| (-3i32) as u32);
    check32("cvt.sat.u8.s32 %r9, 300;", |_| 255);
    check32("cvt.s8.s32 %r2, 200;\n  cvt.s32.s8 %r9, %r2;", |_| (200u8 as i8) as i32 as u32);
    check32("cvt.rn.f16.f32 %h1, 0f3FC00000;\n  cvt.u32.u16 %r9, %h1;", |_| 0x3E00);
    check_f32("mov.b16 %h1, 0x3E00;\n  cvt.f32.f16 %f9, %h1;", |_| 1.5);
    check32("testp.notanumber.f32 %p1, 0f7FC00000;\n  selp.u32 %r9, 1, 0, %p1;", |_| 1);
    let got = eval("cvt.rn.f64.u32 %fd1, %r1;\n  sqrt.rn.f64 %fd2, %fd1;\n  mov.b64 %rd9, %fd2;");
    assert_eq!(f64::from_bits(got[2]), 2f64.sqrt());
    let got = eval("cvt.rn.f32.f64 %f1, 0d3FD5555555555555;\n  cvt.f64.f32 %fd1, %f1;\n  mov.b64 %rd9, %fd1;");
    assert_eq!(f64::from_bits(got[0]), (1.0f64 / 3.0) as f32 as f64);
}

#[test]
fn moves_and_memory() {
    check32("mov.b64 %rd4, {%r1, 7};\n  mov.b64 {%r5, %r9}, %rd4;", |_| 7);
    check32("mov.b64 %rd4, {%r1, 7};\n  cvt.u32.u64 %r9, %rd4;", |l| l);
    check32(
        "mov.u32 %r2, sh;\n  shl.b32 %r3, %r1, 2;\n  add.u32 %r4, %r2, %r3;\n  st.shared.u32 [%r4], %r1;\n  bar.sync 0;\n  xor.b32 %r5, %r3, 4;\n  add.u32 %r6, %r2, %r5;\n  ld.shared.u32 %r9, [%r6];",
        |l| l ^ 1,
    );
    check32(
        "mov.u64 %rd4, sh;\n  cvta.shared.u64 %rd5, %rd4;\n  st.u32 [%rd5+128], 42;\n  bar.sync 0;\n  ld.shared.u32 %r9, [sh+128];",
        |_| 42,
    );
    check32("mov.u64 %rd4, gv;\n  st.global.v2.u32 [%rd4+8], {%r1, 9};\n  ld.global.v2.u32 {%r5, %r9}, [gv+8];", |_| 9);
    check32("st.shared.u8 [sh+3], 0xFF;\n  ld.shared.s8 %r9, [sh+3];", |_| u32::MAX);
    // Atomics: every lane adds 1 to a shared counter and gets a distinct old value (lane order).
    check32("atom.shared.add.u32 %r9, [sh+64], 1;", |l| l);
    check32("atom.shared.add.u32 %r2, [sh+64], 1;\n  bar.sync 0;\n  ld.shared.u32 %r9, [sh+64];", |_| 32);
    // The first lane (lane order) swaps 0 for 5; every later compare fails.
    check32(
        "add.u32 %r3, %r1, 5;\n  atom.global.cas.b32 %r2, [gv], 0, %r3;\n  bar.sync 0;\n  ld.global.u32 %r9, [gv];",
        |_| 5,
    );
    check32(
        "sub.s32 %r3, 0, %r1;\n  atom.global.max.s32 %r2, [gv+16], %r3;\n  bar.sync 0;\n  ld.global.u32 %r9, [gv+16];",
        |_| 0,
    );
    check32("red.global.add.u32 [gv+20], %r1;\n  bar.sync 0;\n  ld.global.u32 %r9, [gv+20];", |_| (0..32).sum());
}

#[test]
fn warp_collectives_and_special_registers() {
    check32("mov.u32 %r9, %laneid;", |l| l);
    check32("mov.u32 %r9, %lanemask_lt;", |l| (1u32 << l) - 1);
    check32("shfl.sync.idx.b32 %r9, %r1, 3, 31, -1;", |_| 3);
    check32("shfl.sync.up.b32 %r9|%p1, %r1, 1, 0, -1;", |l| if l >= 1 { l - 1 } else { l });
    check32("setp.lt.u32 %p1, %r1, 5;\n  vote.sync.ballot.b32 %r9, %p1, -1;", |_| 0x1F);
    check32("setp.lt.u32 %p1, %r1, 40;\n  vote.sync.all.pred %p2, %p1, -1;\n  selp.u32 %r9, 1, 0, %p2;", |_| 1);
    check32("and.b32 %r2, %r1, 3;\n  match.any.sync.b32 %r9, %r2, -1;", |l| 0x1111_1111 << (l & 3));
    check32("redux.sync.add.u32 %r9, %r1, -1;", |_| (0..32).sum());
    check32("redux.sync.max.s32 %r9, %r1, -1;", |_| 31);
    check32("setp.lt.u32 %p1, %r1, 8;\n  @%p1 bra SKIP;\n  activemask.b32 %r9;\nSKIP:", |l| {
        if l < 8 {
            0
        } else {
            0xFFFF_FF00
        }
    });
    check32("mov.u32 %r9, %ntid.x;", |_| 32);
    check32("mov.u32 %r9, %nctaid.x;", |_| 1);
    check32("bar.warp.sync -1;\n  mov.u32 %r9, %warpid;", |_| 0);
}

#[test]
fn half_precision() {
    // 1.5 + 2.25 in f16 and bf16; packed f16x2 multiply; f16 compare; f32 pair → f16x2.
    check32(
        "mov.b16 %h1, 0x3E00;\n  mov.b16 %h2, 0x4080;\n  add.rn.f16 %h3, %h1, %h2;\n  cvt.u32.u16 %r9, %h3;",
        |_| 0x4380,
    );
    check32(
        "mov.b16 %h1, 0x3FC0;\n  mov.b16 %h2, 0x4010;\n  add.rn.bf16 %h3, %h1, %h2;\n  cvt.u32.u16 %r9, %h3;",
        |_| 0x4070,
    );
    check32("mul.rn.f16x2 %r9, 0x40003C00, 0xC2004000;", |_| 0xC600_4000);
    check32("fma.rn.f16 %h3, 0x4000, 0x4200, 0x3C00;\n  cvt.u32.u16 %r9, %h3;", |_| 0x4700);
    check32("neg.f16 %h3, 0x3C00;\n  cvt.u32.u16 %r9, %h3;", |_| 0xBC00);
    check32("setp.lt.f16 %p1, 0x3C00, 0x4000;\n  selp.u32 %r9, 1, 0, %p1;", |_| 1);
    check32("setp.gt.f16x2 %p1|%p2, 0x3C004000, 0x40003C00;\n  selp.u32 %r8, 1, 0, %p1;\n  selp.u32 %r9, 2, 0, %p2;\n  or.b32 %r9, %r9, %r8;", |_| 1);
    check32("cvt.rn.f16x2.f32 %r9, 0f3F800000, 0f40000000;", |_| 0x3C00_4000);
}

#[test]
fn less_common_instructions() {
    check32("mul24.lo.u32 %r9, 0x1000003, %r1;", |l| 3 * l);
    check32("mul24.hi.u32 %r9, 0xFFFFFF, 0xFFFFFF;", |_| ((0xFF_FFFFu64 * 0xFF_FFFF) >> 16) as u32);
    check32("mad24.lo.s32 %r9, 0xFFFFFF, %r1, 100;", |l| 100u32.wrapping_sub(l));
    check32("sad.u32 %r9, %r1, 10, 1;", |l| l.abs_diff(10) + 1);
    check32("mov.u64 %rd4, sh;\n  cvta.shared.u64 %rd5, %rd4;\n  isspacep.shared %p1, %rd5;\n  isspacep.global %p2, %rd5;\n  selp.u32 %r8, 1, 0, %p1;\n  selp.u32 %r9, 2, 0, %p2;\n  or.b32 %r9, %r9, %r8;", |_| 1);
    // 64-bit add with carry through two 32-bit halves: 0xFFFFFFFF + lane.
    check32("add.cc.u32 %r2, 0xFFFFFFFF, %r1;\n  addc.u32 %r9, 0, 0;", |l| (l > 0) as u32);
    check32("sub.cc.u32 %r2, %r1, 1;\n  subc.u32 %r9, 0, 0;", |l| if l == 0 { u32::MAX } else { 0 });
}
