//! `cvt` to a signed integer type narrower than its destination register sign-extends the result to the
//! register's width; to an unsigned type it zero-extends. These are the values an NVIDIA H200 gave for this exact
//! kernel (`simtc run --device cuda`), for inputs 0x...e8, 0x...a4, 0x...85 and 0x...39.

use simtc_emu::{Arg, Buffer, Launch, RunOptions};

const CVT8: &str = ".version 7.8
.target sm_90
.address_size 64
.visible .entry cvt8(.param .u64 out_p, .param .u64 in_p)
{
	.reg .b16 %rs<8>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out_p];
	ld.param.u64 %rd2, [in_p];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd4, %rd2, %rd3;
	ld.global.u32 %r2, [%rd4];
	mul.wide.u32 %rd5, %r1, 16;
	add.s64 %rd6, %rd1, %rd5;
	cvt.s8.s32 %rs1, %r2;
	cvt.u32.u16 %r3, %rs1;
	st.global.u32 [%rd6], %r3;
	cvt.s8.s32 %r4, %r2;
	st.global.u32 [%rd6+4], %r4;
	cvt.u8.s32 %rs2, %r2;
	cvt.u32.u16 %r5, %rs2;
	st.global.u32 [%rd6+8], %r5;
	cvt.u16.u32 %rs3, %r2;
	cvt.s8.s16 %rs4, %rs3;
	cvt.u32.u16 %r6, %rs4;
	st.global.u32 [%rd6+12], %r6;
	ret;
}
";

#[test]
fn signed_cvt_results_are_sign_extended_to_the_register() {
    let input: [u32; 4] = [0x0001_23e8, 0xfffe_6ba4, 0x0000_7f85, 0x0001_2339];
    let launch = Launch {
        kernel: "cvt8".into(),
        grid: [1, 1, 1],
        block: [4, 1, 1],
        dynamic_shared_bytes: 0,
        args: vec![Arg::Buffer(0), Arg::Buffer(1)],
        buffers: vec![
            Buffer { name: "out".into(), data: vec![0; 64] },
            Buffer { name: "in".into(), data: input.iter().flat_map(|v| v.to_le_bytes()).collect() },
        ],
    };
    let prog = simtc_emu::load_ptx(CVT8, "cvt8.ptx").unwrap();
    let r = simtc_emu::run(&prog, &launch, &RunOptions::default()).unwrap();
    let got: Vec<u32> = r.buffers[0].chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
    #[rustfmt::skip]
    let want: [u32; 16] = [
        0xffe8, 0xffff_ffe8, 0xe8, 0xffe8,
        0xffa4, 0xffff_ffa4, 0xa4, 0xffa4,
        0xff85, 0xffff_ff85, 0x85, 0xff85,
        0x39, 0x39, 0x39, 0x39,
    ];
    assert_eq!(got, want);
}
