//! libdevice differential test: every public function of NVIDIA's `libdevice.10.bc` (the `__nv_*` math library
//! every CUDA program links) is called from a generated wrapper kernel on sampled inputs, the module is compiled
//! by simtc and by llc-19 (`-O3 -march=nvptx64 -mcpu=sm_XX`, the same IR), and both PTX files run in the
//! emulator in-process: the results (return value and everything written through pointer arguments) must be
//! bit-identical, except that two NaN return values are equal whatever their sign and payload: LLVM IR leaves
//! the bits of a NaN result unspecified, and the two compilers may reach the same NaN through different
//! operations (`rcp.rn` instead of `div.rn 1.0, x`, say), whose NaN the emulator takes from the host.
//!
//! Inputs: each parameter type has a sample list that starts with the special values (NaN with and without
//! payload and sign, ±0, ±inf, the smallest and largest denormals, the smallest and largest normals, huge
//! arguments for trigonometric reduction, exact powers of two and integers, overflow/underflow thresholds, the
//! integer extremes) and continues with pseudo-random bit patterns and ordinary values. Thread `t` of a
//! function's launch takes sample `t` for its first parameter and a strided, shifted index for the others, so
//! single-argument functions see every sample and multi-argument ones see every sample in every position mixed
//! with the others. Integer arguments that are loop counts (`jn`/`yn` orders, `norm` dimensions) come from a
//! bounded list; `nan(tagp)` reads generated tag strings; `norm(dim, t)` reads sampled arrays.
//!
//! `libdevice_matches_llc_sm80` (CI) covers all functions on sm_80 with 128 inputs each;
//! `libdevice_matches_llc_full` (ignored: `cargo test --release -p simtc --test libdevice_diff -- --ignored`)
//! covers sm_70, sm_80 and sm_90 with 1024 inputs each. Under `CI` a missing libdevice, llvm-dis or llc fails.

mod common;

use simtc_emu::{Arg, Buffer, Launch, RunOptions};
use std::fmt::Write as _;
use std::process::Command;

/// Bytes of scratch memory per pointer argument per thread (8 doubles for `norm`).
const SCRATCH: usize = 64;
/// Argument slots of 8 bytes per thread in the input buffer (the widest libdevice signature has 4 parameters).
const SLOTS: usize = 4;
/// Byte pattern in output and scratch memory before the launch, so that unwritten bytes are compared too.
const FILL: u8 = 0xA5;

/// One parameter or return value: its LLVM type and attributes (`zeroext`, ...).
#[derive(Debug, Clone)]
struct Val {
    ty: String,
    attrs: String,
}

/// A libdevice function signature.
#[derive(Debug, Clone)]
struct Func {
    name: String,
    ret: Val,
    params: Vec<Val>,
}

/// Splits `define <ret attrs> <ret ty> @name(<params>) ...` into a [`Func`].
fn parse_define(line: &str) -> Func {
    let rest = line.strip_prefix("define ").unwrap();
    let at = rest.find('@').unwrap();
    let mut ret: Vec<&str> = rest[..at].split_whitespace().collect();
    let ret_ty = ret.pop().unwrap().to_string();
    let open = rest.find('(').unwrap();
    let close = rest.rfind(')').unwrap();
    let name = rest[at + 1..open].to_string();
    let params = rest[open + 1..close]
        .split(", ")
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let toks: Vec<&str> = p.split_whitespace().collect();
            let attrs = toks[1..toks.len() - 1].iter().filter(|a| matches!(**a, "zeroext" | "signext")).copied();
            Val { ty: toks[0].to_string(), attrs: attrs.collect::<Vec<_>>().join(" ") }
        })
        .collect();
    let ret_attrs = ret.into_iter().filter(|a| matches!(*a, "zeroext" | "signext")).collect::<Vec<_>>().join(" ");
    Func { name, ret: Val { ty: ret_ty, attrs: ret_attrs }, params }
}

/// The public `__nv_*` functions of the disassembled libdevice, in file order.
fn functions(ll: &str) -> Vec<Func> {
    ll.lines().filter(|l| l.starts_with("define ") && l.contains("@__nv_")).map(parse_define).collect()
}

/// The wrapper kernel `@__difftest_<name>(in, out, scratch)`: thread `i` loads its arguments from the 8-byte
/// slots `in[i*SLOTS + k]`, points pointer arguments at its own scratch blocks, calls the function and stores the
/// result in `out[i]`.
fn wrapper(f: &Func) -> String {
    let mut s = String::new();
    let nptr = f.params.iter().filter(|p| p.ty == "ptr").count();
    writeln!(
        s,
        "define ptx_kernel void @__difftest{}(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %scratch) {{",
        &f.name[1..]
    )
    .unwrap();
    s.push_str(
        "entry:\n  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n  \
         %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()\n  %m = mul i32 %cta, %nt\n  %i = add i32 %m, %tid\n  \
         %i64 = zext i32 %i to i64\n",
    );
    writeln!(s, "  %slot = mul i64 %i64, {SLOTS}\n  %sbase = mul i64 %i64, {}", nptr * SCRATCH).unwrap();
    let mut args = Vec::new();
    let mut j = 0;
    for (k, p) in f.params.iter().enumerate() {
        if p.ty == "ptr" {
            writeln!(s, "  %so{k} = add i64 %sbase, {}", j * SCRATCH).unwrap();
            writeln!(s, "  %sp{k} = getelementptr i8, ptr addrspace(1) %scratch, i64 %so{k}").unwrap();
            writeln!(s, "  %a{k} = addrspacecast ptr addrspace(1) %sp{k} to ptr").unwrap();
            j += 1;
        } else {
            writeln!(s, "  %s{k} = add i64 %slot, {k}").unwrap();
            writeln!(s, "  %p{k} = getelementptr i64, ptr addrspace(1) %in, i64 %s{k}").unwrap();
            writeln!(s, "  %a{k} = load {}, ptr addrspace(1) %p{k}, align 8", p.ty).unwrap();
        }
        args.push(format!("{} {} %a{k}", p.ty, p.attrs).replace("  ", " "));
    }
    let call = format!("call {} {} @{}({})", f.ret.attrs, f.ret.ty, f.name, args.join(", "));
    if f.ret.ty == "void" {
        writeln!(s, "  {call}").unwrap();
    } else {
        writeln!(s, "  %r = {call}").unwrap();
        writeln!(s, "  %po = getelementptr i64, ptr addrspace(1) %out, i64 %i64").unwrap();
        writeln!(s, "  store {} %r, ptr addrspace(1) %po, align 8", f.ret.ty).unwrap();
    }
    s.push_str("  ret void\n}\n\n");
    s
}

/// xorshift64*: deterministic pseudo-random bits.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Special `f32` values (bit patterns) every float parameter sees.
fn special_f32() -> Vec<u64> {
    let bits = [
        0x7fc0_0000u32, // quiet NaN
        0xffc0_0001,    // negative quiet NaN with payload
        0x7f80_0001,    // signalling NaN
        0x0000_0000,
        0x8000_0000,
        0x7f80_0000, // +inf
        0xff80_0000, // -inf
        0x0000_0001, // smallest denormal
        0x807f_ffff, // largest negative denormal
        0x0040_0000,
        0x0080_0000, // smallest normal
        0x7f7f_ffff, // largest finite
        0xff7f_ffff,
    ];
    let vals = [
        1.0f32,
        -1.0,
        0.5,
        -0.5,
        2.0,
        3.0,
        -2.5,
        0.1,
        core::f32::consts::PI,
        core::f32::consts::FRAC_PI_2,
        -core::f32::consts::FRAC_PI_4,
        10.0,
        100.5,
        -37.25,
        88.72,  // expf overflow threshold
        -103.9, // expf underflow threshold
        1e5,
        -3.0e7,
        1.0e30,
        -1.5e38,
        16_777_217.0,
        1e-30,
        -1e-20,
        0.999_999_9,
        1.000_000_1,
        0.75,
        2147483648.0,
        -2147483904.0,
        4294967296.0,
        9.3e18,
        -0.3,
        12345.678,
    ];
    bits.iter().map(|&b| b as u64).chain(vals.iter().map(|v| v.to_bits() as u64)).collect()
}

/// Special `f64` values (bit patterns) every double parameter sees.
fn special_f64() -> Vec<u64> {
    let bits = [
        0x7ff8_0000_0000_0000u64,
        0xfff8_0000_0000_0001,
        0x7ff0_0000_0000_0001,
        0,
        0x8000_0000_0000_0000,
        0x7ff0_0000_0000_0000,
        0xfff0_0000_0000_0000,
        1,
        0x800f_ffff_ffff_ffff,
        0x0008_0000_0000_0000,
        0x0010_0000_0000_0000,
        0x7fef_ffff_ffff_ffff,
        0xffef_ffff_ffff_ffff,
    ];
    let vals = [
        1.0f64,
        -1.0,
        0.5,
        -0.5,
        2.0,
        3.0,
        -2.5,
        0.1,
        core::f64::consts::PI,
        core::f64::consts::FRAC_PI_2,
        -core::f64::consts::FRAC_PI_4,
        10.0,
        100.5,
        -37.25,
        709.78,  // exp overflow threshold
        -745.13, // exp underflow threshold
        1e5,
        -3.0e7,
        1.0e300,
        -1.5e308,
        9_007_199_254_740_993.0,
        1e-300,
        -1e-310,
        0.999_999_999_999_9,
        1.000_000_000_000_1,
        0.75,
        2147483648.0,
        -2147483649.0,
        1.8446744073709552e19,
        9.3e18,
        -0.3,
        1e22,
    ];
    bits.iter().copied().chain(vals.iter().map(|v| v.to_bits())).collect()
}

/// Special integer values, truncated to `bits`.
fn special_int(bits: u32) -> Vec<u64> {
    let mask = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
    let top = 1u64 << (bits - 1);
    let v = [0, 1, mask, top, top - 1, top + 1, 2, 3, 7, 31, 32, 33, 63, 64, mask - 31, 0xff, 0x100, 0xffff, 0x1_0000];
    let mut out: Vec<u64> = v.iter().map(|x| x & mask).collect();
    out.extend([0x1234_5678_9abc_def0u64 & mask, 0x8000_0000_0000_0001u64 & mask, (1u64 << (bits / 2)) & mask]);
    out
}

/// Special half-precision bit patterns (`__nv_half2float`).
fn special_f16() -> Vec<u64> {
    vec![0, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x7c01, 0x0001, 0x03ff, 0x0400, 0x7bff, 0x3555]
}

/// `n` samples of parameter type `ty`: the specials, then random bit patterns and ordinary values.
fn samples(ty: &str, n: usize, rng: &mut Rng) -> Vec<u64> {
    let mut v = match ty {
        "float" => special_f32(),
        "double" => special_f64(),
        "i16" => special_f16(),
        "i32" => special_int(32),
        "i64" => special_int(64),
        other => panic!("no samples for {other}"),
    };
    let mut k = 0u64;
    while v.len() < n {
        let r = rng.next();
        k += 1;
        let x = match (ty, k % 3) {
            ("float", 0) => (((r % 20_001) as f32 - 10_000.0) / 997.0).to_bits() as u64,
            ("float", 1) => (f32::from_bits(r as u32 & 0x3fff_ffff | 0x1000_0000)
                * if r >> 63 == 1 { -1.0 } else { 1.0 })
            .to_bits() as u64,
            ("float", _) => r as u32 as u64,
            ("double", 0) => (((r % 2_000_001) as f64 - 1_000_000.0) / 99_991.0).to_bits(),
            ("double", 1) => (f64::from_bits(r & 0x3fff_ffff_ffff_ffff | 0x1000_0000_0000_0000)
                * if r >> 63 == 1 { -1.0 } else { 1.0 })
            .to_bits(),
            ("double", _) => r,
            ("i16", _) => r & 0xffff,
            ("i32", 0) => (r % 201).wrapping_sub(100) as u32 as u64,
            ("i32", _) => r & 0xffff_ffff,
            ("i64", 0) => (r % 20_001).wrapping_sub(10_000),
            _ => r,
        };
        v.push(x);
    }
    v.truncate(n);
    v
}

/// The bounded list for integer parameters that are loop counts: Bessel orders and `norm` dimensions.
fn bounded(f: &Func, k: usize, n: usize) -> Option<Vec<u64>> {
    let b = f.name.as_str();
    let lim: Vec<i64> = if matches!(b, "__nv_jn" | "__nv_jnf" | "__nv_yn" | "__nv_ynf") && k == 0 {
        vec![0, 1, 2, 3, -1, -2, 5, 10, 17, 40, -7]
    } else if b.contains("norm") && f.params[k].ty == "i32" {
        (0..=8).collect()
    } else {
        return None;
    };
    Some((0..n).map(|i| lim[i % lim.len()] as u32 as u64).collect())
}

/// The input and scratch buffers of function `f` for `n` threads.
fn inputs(f: &Func, n: usize, seed: u64) -> (Vec<u8>, Vec<u8>) {
    let mut rng = Rng(seed | 1);
    let mut inp = vec![0u8; n * SLOTS * 8];
    let strides = [1usize, 7, 13, 29];
    for (k, p) in f.params.iter().enumerate().filter(|(_, p)| p.ty != "ptr") {
        let s = bounded(f, k, n).unwrap_or_else(|| samples(&p.ty, n, &mut rng));
        for t in 0..n {
            let idx = if k == 0 { t } else { (t * strides[k] + t / s.len() + 3 * k) % s.len() };
            inp[(t * SLOTS + k) * 8..][..8].copy_from_slice(&s[idx].to_le_bytes());
        }
    }
    let nptr = f.params.iter().filter(|p| p.ty == "ptr").count();
    let mut scratch = vec![FILL; n * nptr * SCRATCH];
    let name = f.name.as_str();
    if name.contains("norm") && nptr == 1 {
        // `norm(dim, t)`: t holds the array, floats or doubles as the return type says.
        let elem = samples(&f.ret.ty, 256, &mut rng);
        let w = if f.ret.ty == "float" { 4 } else { 8 };
        for t in 0..n {
            for e in 0..SCRATCH / w {
                let v = elem[(t * 5 + e * 11) % elem.len()].to_le_bytes();
                scratch[t * SCRATCH + e * w..][..w].copy_from_slice(&v[..w]);
            }
        }
    } else if name == "__nv_nan" || name == "__nv_nanf" {
        // `nan(tagp)`: tag strings: decimal, hex, octal, empty, garbage, long.
        let tags = ["", "0", "1", "123", "0x1f", "0X7fffff", "017", "abc", "12a", "99999999999999999999", "-5", "0x"];
        for t in 0..n {
            let tag = if t < tags.len() { tags[t].to_string() } else { format!("{}", rng.next() % 100_000_000) };
            let block = &mut scratch[t * SCRATCH..][..SCRATCH];
            block[..tag.len()].copy_from_slice(tag.as_bytes());
            block[tag.len()] = 0;
        }
    }
    (inp, scratch)
}

/// Disassembles libdevice into `dir`, or `None` (skip) when it or llvm-dis is missing outside CI.
fn libdevice_text(dir: &std::path::Path) -> Option<String> {
    let bc = common::cuda13_prefix().join("nvvm/libdevice/libdevice.10.bc");
    if !bc.is_file() {
        assert!(std::env::var_os("CI").is_none(), "libdevice missing under CI: {}", bc.display());
        eprintln!("note: {} not installed; skipping (run scripts/install-tools.sh)", bc.display());
        return None;
    }
    let dis = common::llvm_tool("llvm-dis")?;
    let ll = dir.join("libdevice.ll");
    let o = Command::new(dis).arg(&bc).arg("-o").arg(&ll).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    Some(std::fs::read_to_string(&ll).unwrap())
}

/// Compiles `ll` with simtc and with llc-19 for `arch`; returns both PTX texts.
fn compile_both(dir: &std::path::Path, ll: &std::path::Path, arch: &str) -> Option<(String, String)> {
    let llc = common::llvm_tool("llc")?;
    let simtc_ptx = dir.join(format!("simtc.{arch}.ptx"));
    let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .args(["compile", ll.to_str().unwrap(), "--mcpu", arch, "-O3", "-o", simtc_ptx.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "simtc {arch}: {}", String::from_utf8_lossy(&o.stderr));
    let llc_ptx = dir.join(format!("llc.{arch}.ptx"));
    let o = Command::new(llc)
        .args(["-O3", "-march=nvptx64", &format!("-mcpu={arch}"), ll.to_str().unwrap(), "-o"])
        .arg(&llc_ptx)
        .output()
        .unwrap();
    assert!(o.status.success(), "llc {arch}: {}", String::from_utf8_lossy(&o.stderr));
    Some((std::fs::read_to_string(&simtc_ptx).unwrap(), std::fs::read_to_string(&llc_ptx).unwrap()))
}

/// Functions left out because llc-19 cannot compile them: `__nv_fast_tanhf` calls `llvm.nvvm.tanh.approx.f32`
/// (on sm_75 and later, behind `__nvvm_reflect`), which LLVM 19 does not know (it arrived in LLVM 20), so llc-19
/// prints a declaration of an external function named `llvm.nvvm.tanh.approx.f32` — on every target, since it
/// emits declarations before folding the reflect branch — and ptxas (like the emulator) rejects that PTX.
/// simtc compiles the function (to `tanh.approx.f32` where the target has it; `libdevice.rs` checks ptxas).
fn excluded(_arch: &str) -> &'static [&'static str] {
    &["__nv_fast_tanhf"]
}

/// `text` without the definition of `@name` (from its `define` line to the closing brace).
fn drop_function(text: &str, name: &str) -> String {
    let head = format!("@{name}(");
    let mut out = String::with_capacity(text.len());
    let mut skipping = false;
    for line in text.lines() {
        if line.starts_with("define ") && line.contains(&head) {
            skipping = true;
        }
        if !skipping {
            out.push_str(line);
            out.push('\n');
        }
        if skipping && line == "}" {
            skipping = false;
        }
    }
    out
}

/// The exact result of the correctly rounded functions the harness spot-checks (so that a harness bug that made
/// both sides agree on garbage would show): `None` for every other function.
fn reference(name: &str, a: &[u64]) -> Option<u64> {
    let (f, d) = (|i: usize| f32::from_bits(a[i] as u32), |i: usize| f64::from_bits(a[i]));
    Some(match name {
        "__nv_fsqrt_rn" => f(0).sqrt().to_bits() as u64,
        "__nv_dsqrt_rn" => d(0).sqrt().to_bits(),
        "__nv_fmaf" => f(0).mul_add(f(1), f(2)).to_bits() as u64,
        "__nv_fma" => d(0).mul_add(d(1), d(2)).to_bits(),
        "__nv_fdiv_rn" => (f(0) / f(1)).to_bits() as u64,
        "__nv_ddiv_rn" => (d(0) / d(1)).to_bits(),
        "__nv_dadd_rn" => (d(0) + d(1)).to_bits(),
        "__nv_fabsf" => f(0).abs().to_bits() as u64,
        "__nv_popc" => (a[0] as u32).count_ones() as u64,
        "__nv_brev" => (a[0] as u32).reverse_bits() as u64,
        "__nv_clzll" => a[0].leading_zeros() as u64,
        _ => return None,
    })
}

/// Whether result `got` (an 8-byte slot holding a `ty`) equals `want`, any NaN matching any NaN.
fn same_value(ty: &str, got: u64, want: u64) -> bool {
    match ty {
        "float" => {
            got as u32 == want as u32 || f32::from_bits(got as u32).is_nan() && f32::from_bits(want as u32).is_nan()
        }
        "double" => got == want || f64::from_bits(got).is_nan() && f64::from_bits(want).is_nan(),
        _ => got as u32 == want as u32,
    }
}

/// Hex of `bytes` as little-endian 8-byte slots.
fn hex_slots(bytes: &[u8]) -> String {
    bytes.chunks(8).map(|c| format!("{:#x}", u64::from_le_bytes(c.try_into().unwrap()))).collect::<Vec<_>>().join(" ")
}

/// Runs the differential test on `arch` with `n` inputs per function (a multiple of 32); returns the number of
/// functions compared, or `None` when a tool is missing outside CI.
fn differential(arch: &str, n: usize) -> Option<usize> {
    assert_eq!(n % 32, 0);
    let dir = std::env::temp_dir().join(format!("simtc-libdevice-diff-{}-{arch}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut text = libdevice_text(&dir)?;
    let all = functions(&text).len();
    assert!(all >= 340, "only {all} __nv_ functions found");
    let excluded = excluded(arch);
    for name in excluded {
        text = drop_function(&text, name);
    }
    let funcs = functions(&text);
    assert_eq!(funcs.len() + excluded.len(), all, "{arch}: excluded functions not all present");
    text.push_str("\n; differential-test wrappers\n");
    for f in &funcs {
        text.push_str(&wrapper(f));
    }
    for r in ["tid", "ctaid", "ntid"] {
        writeln!(text, "declare i32 @llvm.nvvm.read.ptx.sreg.{r}.x()").unwrap();
    }
    let ll = dir.join("wrapped.ll");
    std::fs::write(&ll, &text).unwrap();
    let (ours, theirs) = compile_both(&dir, &ll, arch)?;
    let ours = simtc_emu::load_ptx(&ours, &format!("simtc.{arch}.ptx")).unwrap_or_else(|e| panic!("{e}"));
    let theirs = simtc_emu::load_ptx(&theirs, &format!("llc.{arch}.ptx")).unwrap_or_else(|e| panic!("{e}"));
    let mut failures = Vec::new();
    let mut checked = 0;
    for (fi, f) in funcs.iter().enumerate() {
        let (inp, scratch) = inputs(f, n, 0x9E37_79B9_7F4A_7C15 ^ fi as u64);
        let launch = Launch {
            kernel: format!("__difftest{}", &f.name[1..]),
            grid: [(n / 32) as u32, 1, 1],
            block: [32, 1, 1],
            dynamic_shared_bytes: 0,
            args: vec![Arg::Buffer(0), Arg::Buffer(1), Arg::Buffer(2)],
            buffers: vec![
                Buffer { name: "in".into(), data: inp.clone() },
                Buffer { name: "out".into(), data: vec![FILL; n * 8] },
                Buffer { name: "scratch".into(), data: scratch.clone() },
            ],
        };
        let a = simtc_emu::run(&ours, &launch, &RunOptions::default());
        let b = simtc_emu::run(&theirs, &launch, &RunOptions::default());
        let (a, b) = match (a, b) {
            (Ok(a), Ok(b)) => (a, b),
            (a, b) => {
                failures.push(format!("{}: simtc {:?} / llc {:?}", f.name, a.err(), b.err()));
                continue;
            }
        };
        let nptr = scratch.len() / n;
        let slot = |t: usize| u64::from_le_bytes(b.buffers[1][t * 8..][..8].try_into().unwrap());
        if f.ret.ty != "void" {
            let written = (0..n).filter(|&t| slot(t) as u16 != u16::from_le_bytes([FILL, FILL])).count();
            assert!(written > 0, "{}: llc's PTX wrote no result", f.name);
        }
        for t in 0..n {
            let args: Vec<u64> = inp[t * SLOTS * 8..][..SLOTS * 8]
                .chunks(8)
                .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
                .collect();
            if let Some(want) = reference(&f.name, &args) {
                assert!(
                    same_value(&f.ret.ty, slot(t), want),
                    "{} {args:x?}: llc {:#x}, exact {want:#x}",
                    f.name,
                    slot(t)
                );
                checked += 1;
            }

            let (ro, rt) = (&a.buffers[1][t * 8..][..8], &b.buffers[1][t * 8..][..8]);
            let (so, st) = (&a.buffers[2][t * nptr..][..nptr], &b.buffers[2][t * nptr..][..nptr]);
            let word = |s: &[u8]| u64::from_le_bytes(s.try_into().unwrap());
            let ret_same = ro == rt
                || match f.ret.ty.as_str() {
                    // The slot's upper half is the fill pattern: still compared.
                    "float" => ro[4..] == rt[4..] && same_value("float", word(ro), word(rt)),
                    "double" => same_value("double", word(ro), word(rt)),
                    _ => false,
                };
            if !ret_same || so != st {
                failures.push(format!(
                    "{} thread {t}: args [{}] -> simtc {} [{}] / llc {} [{}]",
                    f.name,
                    hex_slots(&inp[t * SLOTS * 8..][..SLOTS * 8]),
                    hex_slots(ro),
                    hex_slots(so),
                    hex_slots(rt),
                    hex_slots(st)
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(checked >= 11 * n, "{arch}: only {checked} results checked against exact references");
    assert!(
        failures.is_empty(),
        "{arch}: {} mismatches between simtc's and llc-19's PTX of libdevice:\n{}",
        failures.len(),
        failures.iter().take(60).cloned().collect::<Vec<_>>().join("\n")
    );
    Some(funcs.len())
}

#[test]
fn libdevice_matches_llc_sm80() {
    if let Some(n) = differential("sm_80", 128) {
        eprintln!("sm_80: {n} libdevice functions bit-identical to llc-19 on 128 inputs each");
    }
}

#[test]
#[ignore = "heavy: 3 targets x 1024 inputs per function; run in release"]
fn libdevice_matches_llc_full() {
    for arch in ["sm_70", "sm_80", "sm_90"] {
        if let Some(n) = differential(arch, 1024) {
            eprintln!("{arch}: {n} libdevice functions bit-identical to llc-19 on 1024 inputs each");
        }
    }
}

/// The wrapper generator and the sampler agree on the argument layout, and the signature parser keeps the
/// attributes the ABI needs.
#[test]
fn wrapper_and_parser() {
    let f = parse_define("define zeroext i16 @__nv_float2half_rn(float %f) #0 {");
    assert_eq!((f.ret.ty.as_str(), f.ret.attrs.as_str(), f.params.len()), ("i16", "zeroext", 1));
    let w = wrapper(&f);
    assert!(w.contains("%r = call zeroext i16 @__nv_float2half_rn(float %a0)"), "{w}");
    let g = parse_define("define void @__nv_sincosf(float %a, ptr %sptr, ptr %cptr) #0 {");
    let w = wrapper(&g);
    assert!(w.contains("%sbase = mul i64 %i64, 128") && w.contains("%so2 = add i64 %sbase, 64"), "{w}");
    let (inp, scratch) = inputs(&g, 64, 1);
    assert_eq!((inp.len(), scratch.len()), (64 * SLOTS * 8, 64 * 2 * SCRATCH));
    // Thread t's first argument is sample t: the specials come first.
    assert_eq!(u64::from_le_bytes(inp[..8].try_into().unwrap()), 0x7fc0_0000);
}
