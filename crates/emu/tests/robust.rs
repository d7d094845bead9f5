//! Robustness: mutated PTX and arbitrary launch specs never crash the emulator — every input is either run or
//! rejected with an error value.

use simtc_emu::sanitize::Kinds;
use simtc_emu::{Arg, Buffer, EngineOptions, Launch, LaunchSpec, RunOptions, SanitizeOptions};
use std::path::Path;

const KERNEL: &str = r#".version 7.8
.target sm_90
.address_size 64
.const .align 4 .b8 tbl[16] = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4};
.func (.param .b32 rv) twice(.param .b32 x)
{
	.reg .b32 %r<3>;
	ld.param.u32 %r1, [x];
	add.s32 %r2, %r1, %r1;
	st.param.b32 [rv], %r2;
	ret;
}
.visible .entry k(.param .u64 out, .param .u32 n)
{
	.reg .pred %p<4>;
	.reg .b32 %r<12>;
	.reg .f32 %f<4>;
	.reg .b64 %rd<8>;
	.shared .align 4 .b8 s[512];
	ld.param.u64 %rd1, [out];
	ld.param.u32 %r2, [n];
	mov.u32 %r1, %tid.x;
	shl.b32 %r3, %r1, 2;
	mov.u32 %r4, s;
	add.s32 %r5, %r4, %r3;
	st.shared.u32 [%r5], %r1;
	bar.sync 0;
	mov.u32 %r6, 0;
$L_loop:
	and.b32 %r7, %r6, 3;
	shl.b32 %r8, %r7, 2;
	cvt.u64.u32 %rd2, %r8;
	mov.u64 %rd3, tbl;
	add.s64 %rd4, %rd3, %rd2;
	ld.const.u32 %r9, [%rd4];
	add.s32 %r6, %r6, %r9;
	setp.lt.u32 %p1, %r6, %r1;
	@%p1 bra $L_loop;
	{
	.param .b32 p0;
	st.param.b32 [p0], %r6;
	.param .b32 r0;
	call.uni (r0), twice, (p0);
	ld.param.b32 %r10, [r0];
	}
	cvt.rn.f32.u32 %f1, %r10;
	sqrt.rn.f32 %f2, %f1;
	shfl.sync.bfly.b32 %r11, %r10, 1, 31, -1;
	setp.lt.u32 %p2, %r1, %r2;
	@!%p2 bra $L_done;
	mul.wide.u32 %rd5, %r1, 4;
	add.s64 %rd6, %rd1, %rd5;
	st.global.u32 [%rd6], %r11;
$L_done:
	ret;
}
"#;

/// A tiny deterministic generator (xorshift).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn launch() -> Launch {
    Launch {
        kernel: "k".into(),
        grid: [2, 1, 1],
        block: [64, 1, 1],
        dynamic_shared_bytes: 0,
        args: vec![Arg::Buffer(0), Arg::Bytes(64u32.to_le_bytes().to_vec())],
        buffers: vec![Buffer { name: "out".into(), data: vec![0; 256] }],
    }
}

#[test]
fn the_unmutated_kernel_runs() {
    let p = simtc_emu::load_ptx(KERNEL, "k.ptx").unwrap_or_else(|e| panic!("{e}"));
    let r = simtc_emu::run(&p, &launch(), &RunOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.counters.divergent_branches > 0);
}

#[test]
fn mutated_ptx_is_run_or_rejected_never_a_crash() {
    let lines: Vec<&str> = KERNEL.lines().collect();
    let words: Vec<&str> = KERNEL.split_whitespace().collect();
    let opts = RunOptions {
        engine: EngineOptions { max_warp_instructions: 20_000, spin_limit: 2_000, ..EngineOptions::default() },
        jobs: Some(1),
    };
    let mut sanitized = opts.clone();
    sanitized.engine.sanitize =
        Some(SanitizeOptions { kinds: Kinds::parse("all").unwrap(), undefined_buffers: vec!["out".into()] });
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut loaded, mut rejected) = (0, 0);
    for _ in 0..1500 {
        let mut ls: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(ls.len());
            match rng.below(6) {
                0 => {
                    ls.remove(i);
                }
                1 => {
                    let d = ls[rng.below(ls.len())].clone();
                    ls.insert(i, d);
                }
                2 => {
                    let w = words[rng.below(words.len())];
                    let line = &mut ls[i];
                    let at = rng.below(line.len() + 1);
                    let at = (0..=at).rev().find(|&k| line.is_char_boundary(k)).unwrap_or(0);
                    line.insert_str(at, w);
                }
                3 => {
                    let line = &mut ls[i];
                    let digits: String = line
                        .chars()
                        .map(|c| if c.is_ascii_digit() { char::from(b'0' + ((c as u8 - b'0') * 7 % 10)) } else { c })
                        .collect();
                    *line = digits;
                }
                4 => {
                    let j = rng.below(ls.len());
                    ls.swap(i, j);
                }
                _ => {
                    let line = &mut ls[i];
                    if let Some(k) = (0..line.len()).rev().find(|&k| line.is_char_boundary(k)) {
                        line.truncate(k);
                    }
                }
            }
        }
        let text = ls.join("\n");
        match simtc_emu::load_ptx(&text, "m.ptx") {
            Ok(p) => {
                loaded += 1;
                let _ = simtc_emu::run(&p, &launch(), &opts);
                // And under the sanitizer (which breaks deadlocks and skips partial-warp wmma instead of failing).
                let _ = simtc_emu::run(&p, &launch(), &sanitized);
            }
            Err(e) => {
                rejected += 1;
                assert!(e.to_string().contains("m.ptx:"), "{e}");
            }
        }
    }
    assert!(loaded > 0 && rejected > 0, "loaded {loaded}, rejected {rejected}");
}

#[test]
fn mutated_specs_are_parsed_or_rejected_never_a_crash() {
    let base = "kernel = \"k\"\ngrid = [2, 1, 1]\nblock = [64]\n[[args]]\nbuffer = \"out\"\ntype = \"u32\"\nlen = 64\ninit = { random = { seed = 3, min = 0, max = 9 } }\noutput = true\n[[args]]\nscalar = \"u32\"\nvalue = 64\n";
    let mut rng = Rng(12345);
    let p = simtc_emu::load_ptx(KERNEL, "k.ptx").unwrap();
    let opts = RunOptions {
        engine: EngineOptions { max_warp_instructions: 20_000, ..EngineOptions::default() },
        jobs: Some(1),
    };
    for _ in 0..800 {
        let mut s: Vec<char> = base.chars().collect();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(s.len());
            match rng.below(3) {
                0 => {
                    s.remove(i);
                }
                1 => s.insert(i, ['0', '9', '-', '"', '[', '=', 'x', '\n'][rng.below(8)]),
                _ => s[i] = ['1', '0', '4', 'f', ' '][rng.below(5)],
            }
        }
        let text: String = s.into_iter().collect();
        if let Ok(spec) = LaunchSpec::parse(&text, Path::new(".")) {
            if spec.buffers().all(|b| b.len.unwrap_or(0) < 1 << 16)
                && spec.grid.iter().chain(&spec.block).all(|&d| d < 4096)
            {
                if let Ok(l) = spec.materialize() {
                    let _ = simtc_emu::run(&p, &l, &opts);
                }
            }
        }
    }
}
