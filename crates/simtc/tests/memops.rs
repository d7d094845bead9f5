//! `llvm.memset`/`llvm.memcpy`/`llvm.memmove` of any size and every `llvm.vector.reduce.*` form, end to end:
//! `tests/memops/mem.ll` and `tests/memops/reductions.ll` are compiled by simtc (`-O0`, `-O3`) and llc-19 (`-O3`)
//! for sm_70 and sm_90, each PTX is validated by ptxas, run in the SIMT emulator from a launch spec, and every
//! output buffer is compared with a reference computed here.
//!
//! - Memory: memsets of 6,000 bytes (global, local) and 32,768 bytes (shared), memcpy between spaces above the
//!   128-byte threshold, and run-time lengths (0, non-multiples of the unit) for memset, memcpy and memmove,
//!   overlapping in both directions, at align 1 and align 8 (`lower-mem-intrinsics`' loops and residuals).
//!   `memmove_spaces` (shared ↔ global with a run-time length) is checked on simtc's PTX only: llc-19 deletes a
//!   memmove between two address spaces.
//! - Reductions: integers (i1, i8, i16, i32, i64; power-of-two and other lengths) exactly; floats (half, float,
//!   double) against the reference computed in LLVM's order, and bit for bit against llc-19's PTX on the same
//!   target. The float inputs span 2^24 (f32) or more in magnitude, so the order of the additions shows, and
//!   some threads get NaNs, signed zeros and infinities for the min/max forms.
//!
//! A missing llc or ptxas skips that part with a note, except under `CI`, where it fails (`common`).

mod common;

use simtc_emu::floatops::{f16_to_f32, f64_to_f16, RN};
use simtc_emu::{LaunchSpec, RunOptions};
use std::path::{Path, PathBuf};
use std::process::Command;

const ARCHES: [&str; 2] = ["sm_70", "sm_90"];

fn tmp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("simtc-memops-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn memops_dir() -> PathBuf {
    common::repo_root().join("tests/memops")
}

/// One PTX module and who made it.
struct Build {
    who: String,
    ptx: String,
}

/// simtc `-O0` and `-O3`, and llc-19 `-O3` when installed, of `ll` for `arch`; each validated by ptxas.
fn builds(ll: &Path, arch: &str, dir: &Path, with_llc: bool) -> Vec<Build> {
    let mut out = Vec::new();
    for opt in ["-O0", "-O3"] {
        let ptx = dir.join(format!("simtc{opt}.{arch}.ptx"));
        let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
            .arg("compile")
            .arg(ll)
            .args(["--mcpu", arch, opt, "-o"])
            .arg(&ptx)
            .output()
            .expect("run simtc");
        assert!(o.status.success(), "simtc {opt} {arch} failed: {}", String::from_utf8_lossy(&o.stderr));
        common::assemble_if_available(&ptx, arch);
        out.push(Build { who: format!("simtc {opt} {arch}"), ptx: std::fs::read_to_string(&ptx).unwrap() });
    }
    if with_llc {
        if let Some(llc) = common::llvm_tool("llc") {
            let ptx = dir.join(format!("llc.{arch}.ptx"));
            let o = Command::new(llc)
                .args(["-O3", "-march=nvptx64", &format!("-mcpu={arch}")])
                .arg(ll)
                .arg("-o")
                .arg(&ptx)
                .output()
                .expect("run llc");
            assert!(o.status.success(), "llc {arch} failed: {}", String::from_utf8_lossy(&o.stderr));
            common::assemble_if_available(&ptx, arch);
            out.push(Build { who: format!("llc {arch}"), ptx: std::fs::read_to_string(&ptx).unwrap() });
        }
    }
    out
}

/// A kernel argument of a launch spec.
enum Arg {
    /// A global buffer: name, element type (spec spelling), initial bytes, whether it is an output.
    Buf(&'static str, &'static str, Vec<u8>, bool),
    /// A scalar: type and value.
    Scalar(&'static str, i64),
}

/// Writes the launch spec of `kernel` (its buffers' initial contents as files beside it) and returns its text.
fn spec_text(dir: &Path, kernel: &str, block: u32, args: &[Arg]) -> String {
    let mut s = format!("kernel = \"{kernel}\"\ngrid = [1, 1, 1]\nblock = [{block}, 1, 1]\n");
    for a in args {
        match a {
            Arg::Buf(name, ty, data, output) => {
                let file = format!("{kernel}.{name}.bin");
                std::fs::write(dir.join(&file), data).unwrap();
                s.push_str(&format!(
                    "[[args]]\nbuffer = \"{name}\"\ntype = \"{ty}\"\ninit = {{ file = \"{file}\" }}\noutput = {output}\n"
                ));
            }
            Arg::Scalar(ty, v) => s.push_str(&format!("[[args]]\nscalar = \"{ty}\"\nvalue = {v}\n")),
        }
    }
    s
}

/// Runs `kernel` of `build` from the spec; returns the final bytes of every output buffer, by name.
fn run(build: &Build, dir: &Path, kernel: &str, block: u32, args: &[Arg]) -> Vec<(String, Vec<u8>)> {
    let text = spec_text(dir, kernel, block, args);
    let spec = LaunchSpec::parse(&text, dir).unwrap_or_else(|e| panic!("{kernel}: bad spec: {e}\n{text}"));
    let launch = spec.materialize().unwrap_or_else(|e| panic!("{kernel}: {e}"));
    let prog = simtc_emu::load_ptx(&build.ptx, &format!("{}.ptx", build.who)).unwrap_or_else(|e| panic!("{e}"));
    let r = simtc_emu::run(&prog, &launch, &RunOptions::default())
        .unwrap_or_else(|e| panic!("{kernel} ({}): {e}", build.who));
    spec.outputs()
        .iter()
        .map(|(name, _)| {
            let i = launch.buffers.iter().position(|b| b.name == *name).unwrap();
            (name.to_string(), r.buffers[i].clone())
        })
        .collect()
}

/// A deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| (self.next() >> 32) as u8).collect()
    }
}

fn first_difference(got: &[u8], want: &[u8]) -> Option<usize> {
    if got.len() != want.len() {
        return Some(got.len().min(want.len()));
    }
    got.iter().zip(want).position(|(a, b)| a != b)
}

fn expect_bytes(what: &str, who: &str, got: &[u8], want: &[u8]) {
    if let Some(i) = first_difference(got, want) {
        panic!(
            "{what} ({who}): byte {i} is {:?}, expected {:?} ({} bytes, {} expected)",
            got.get(i),
            want.get(i),
            got.len(),
            want.len()
        );
    }
}

/// The run-time lengths of `runtime_len` and `memmove_spaces`, one per thread: zero, units and their
/// neighbours, up to 256.
const LENS: [u64; 32] = [
    0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 130, 200, 250, 251, 252, 253,
    254, 255, 256, 6,
];

fn lens_bytes() -> Vec<u8> {
    LENS.iter().flat_map(|n| n.to_le_bytes()).collect()
}

/// `(d, s, n)` of `memmove_rt` per thread: backward (d > s) and forward (d < s) overlaps, disjoint ranges,
/// d == s, zero and odd lengths.
fn moves() -> Vec<(u32, u32, u32)> {
    let mut v = vec![
        (1, 0, 200),
        (0, 1, 200),
        (8, 0, 255),
        (0, 8, 255),
        (5, 3, 7),
        (3, 5, 7),
        (10, 10, 100),
        (0, 60, 50),
        (60, 0, 50),
        (7, 6, 0),
        (2, 40, 256),
        (40, 2, 256),
        (63, 0, 129),
        (0, 63, 129),
        (16, 15, 9),
        (15, 16, 9),
    ];
    let mut r = Rng(0x1234_5678);
    while v.len() < 32 {
        let d = (r.next() % 64) as u32;
        let s = (r.next() % 64) as u32;
        let n = (r.next() % 257) as u32;
        v.push((d, s, n));
    }
    v
}

#[test]
fn memset_memcpy_memmove_of_any_size_match_the_reference() {
    let ll = memops_dir().join("mem.ll");
    for arch in ARCHES {
        let dir = tmp_dir(&format!("mem-{arch}"));
        let all = builds(&ll, arch, &dir, true);
        let simtc_only: Vec<&Build> = all.iter().filter(|b| b.who.starts_with("simtc")).collect();
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let v: u8 = 0xC3;

        // memset_big: 32 threads, 6000 bytes at align 16 and 6003 at align 4.
        let fill = vec![0xEEu8; 32 * 6016];
        let mut g = fill.clone();
        let mut h = fill.clone();
        for t in 0..32usize {
            g[6016 * t..6016 * t + 6000].fill(v.wrapping_add(t as u8));
            h[6016 * t + 4..6016 * t + 4 + 6003].fill(0x5A);
        }
        // memset_shared: 128 threads, 32768 bytes of shared memory.
        // memset_local: 32 threads, 6000-byte local arrays with bytes 8..14 cleared.
        let mut local = Vec::new();
        for t in 0..32u8 {
            let mut b = vec![v.wrapping_add(t); 6000];
            b[8..14].fill(0);
            local.extend(b);
        }
        // runtime_len.
        let src = rng.bytes(32 * 512);
        let (mut set, mut cpy) = (vec![0xEEu8; 32 * 512], vec![0xEEu8; 32 * 512]);
        for (t, &n) in LENS.iter().enumerate() {
            let (n, o) = (n as usize, 512 * t);
            set[o..o + n].fill(v);
            set[o + 257..o + 257 + n / 2].fill(!v);
            cpy[o..o + n].copy_from_slice(&src[o..o + n]);
            let m = n - n / 4;
            cpy[o + 259..o + 259 + m].copy_from_slice(&src[o + 261..o + 261 + m]);
        }
        // memmove_rt.
        let mv = moves();
        let (buf0, wide0) = (rng.bytes(32 * 1024), rng.bytes(32 * 1024));
        let (mut buf, mut wide) = (buf0.clone(), wide0.clone());
        for (t, &(d, s, n)) in mv.iter().enumerate() {
            let (d, s, n, o) = (d as usize, s as usize, n as usize, 1024 * t);
            buf.copy_within(o + s..o + s + n, o + d);
            wide.copy_within(o + 8 * s..o + 8 * s + n, o + 8 * d);
        }
        let mv_bytes: Vec<u8> = mv.iter().flat_map(|&(d, s, n)| [d, s, n]).flat_map(|x: u32| x.to_le_bytes()).collect();
        // memmove_spaces.
        let gsrc = rng.bytes(32 * 256);
        let mut spaces = vec![0xEEu8; 32 * 256];
        for (t, &n) in LENS.iter().enumerate() {
            let (n, o) = (n as usize, 256 * t);
            spaces[o..o + n].copy_from_slice(&gsrc[o..o + n]);
        }

        for b in &all {
            let out = run(
                b,
                &dir,
                "memset_big",
                32,
                &[
                    Arg::Buf("g", "u8", fill.clone(), true),
                    Arg::Buf("h", "u8", fill.clone(), true),
                    Arg::Scalar("u8", v as i64),
                ],
            );
            expect_bytes("memset_big g", &b.who, &out[0].1, &g);
            expect_bytes("memset_big h", &b.who, &out[1].1, &h);

            let out = run(
                b,
                &dir,
                "memset_shared",
                128,
                &[
                    Arg::Buf("out", "u8", vec![0x11; 32768], true),
                    Arg::Buf("all", "u8", vec![0x22; 32768], true),
                    Arg::Scalar("u8", v as i64),
                ],
            );
            expect_bytes("memset_shared out", &b.who, &out[0].1, &[v; 32768]);
            expect_bytes("memset_shared all", &b.who, &out[1].1, &[v; 32768]);

            let out = run(
                b,
                &dir,
                "memset_local",
                32,
                &[Arg::Buf("out", "u8", vec![0x33; 32 * 6000], true), Arg::Scalar("u8", v as i64)],
            );
            expect_bytes("memset_local", &b.who, &out[0].1, &local);

            let out = run(
                b,
                &dir,
                "runtime_len",
                32,
                &[
                    Arg::Buf("set", "u8", vec![0xEE; 32 * 512], true),
                    Arg::Buf("cpy", "u8", vec![0xEE; 32 * 512], true),
                    Arg::Buf("src", "u8", src.clone(), false),
                    Arg::Buf("lens", "u64", lens_bytes(), false),
                    Arg::Scalar("u8", v as i64),
                ],
            );
            expect_bytes("runtime_len set", &b.who, &out[0].1, &set);
            expect_bytes("runtime_len cpy", &b.who, &out[1].1, &cpy);

            let out = run(
                b,
                &dir,
                "memmove_rt",
                32,
                &[
                    Arg::Buf("buf", "u8", buf0.clone(), true),
                    Arg::Buf("wide", "u8", wide0.clone(), true),
                    Arg::Buf("mv", "u32", mv_bytes.clone(), false),
                ],
            );
            expect_bytes("memmove_rt buf", &b.who, &out[0].1, &buf);
            expect_bytes("memmove_rt wide", &b.who, &out[1].1, &wide);
        }
        for b in &simtc_only {
            let out = run(
                b,
                &dir,
                "memmove_spaces",
                32,
                &[
                    Arg::Buf("g", "u8", gsrc.clone(), false),
                    Arg::Buf("out", "u8", vec![0xEE; 32 * 256], true),
                    Arg::Buf("lens", "u64", lens_bytes(), false),
                ],
            );
            expect_bytes("memmove_spaces", &b.who, &out[0].1, &spaces);
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Reductions.

/// Threads per reduction kernel; each reduces its own eight input elements.
const THREADS: usize = 64;

/// Integer reductions: `(op, lanes)` per result, in `reductions.ll`'s order.
fn int_forms(bits: u32) -> Vec<(&'static str, usize)> {
    const ALL: [&str; 9] = ["add", "mul", "and", "or", "xor", "smax", "smin", "umax", "umin"];
    let mut v: Vec<(&str, usize)> = Vec::new();
    let (first, rest): (usize, Vec<(usize, &[&str])>) = match bits {
        8 => (4, vec![(8, &["add", "smin", "umax"])]),
        16 => (2, vec![(3, &["mul", "smin", "umax", "xor"])]),
        32 => (8, vec![(5, &["add", "smax", "umin", "or"])]),
        _ => (4, vec![(3, &["smin", "umax"])]),
    };
    v.extend(ALL.iter().map(|&o| (o, first)));
    for (n, ops) in rest {
        v.extend(ops.iter().map(|&o| (o, n)));
    }
    v
}

/// Results the emulator gets wrong (kernel, producer prefix, result index); each entry must still fail, and the
/// test says to remove it once it is right. Empty: llc's `cvt.s8.s32 %rs, %r` for the `i8` signed min/max, which
/// the emulator used to zero-extend into the 16-bit register, now sign-extends as the hardware does.
const KNOWN_EMULATOR_ISSUES: &[(&str, &str, usize)] = &[];

fn known_emulator_issue(kernel: &str, who: &str, form: usize) -> bool {
    KNOWN_EMULATOR_ISSUES.iter().any(|&(k, w, f)| k == kernel && who.starts_with(w) && f == form)
}

/// The `i1` reductions of `red_i32` over `x > 0` for its eight lanes, stored as `zext`.
const BOOL_FORMS: [&str; 6] = ["and", "or", "xor", "add", "smax", "umin"];

/// The halving tree of LLVM's shuffle reduction and the DAG's vector splitting: lane `j` with lane `j + P/2`.
fn tree<T: Copy>(lanes: &[T], f: &dyn Fn(T, T) -> T) -> T {
    let mut v = lanes.to_vec();
    while v.len() > 1 {
        let half = v.len().next_power_of_two() / 2;
        v = (0..half).map(|j| if j + half < v.len() { f(v[j], v[j + half]) } else { v[j] }).collect();
    }
    v[0]
}

fn int_op(op: &str, bits: u32) -> impl Fn(i64, i64) -> i64 {
    let op = op.to_string();
    let mask = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
    let sext = move |x: u64| ((x << (64 - bits)) as i64) >> (64 - bits);
    move |a: i64, b: i64| {
        let (ua, ub) = (a as u64 & mask, b as u64 & mask);
        let (sa, sb) = (sext(ua), sext(ub));
        let r = match op.as_str() {
            "add" => ua.wrapping_add(ub),
            "mul" => ua.wrapping_mul(ub),
            "and" => ua & ub,
            "or" => ua | ub,
            "xor" => ua ^ ub,
            "smax" => sa.max(sb) as u64,
            "smin" => sa.min(sb) as u64,
            "umax" => ua.max(ub),
            "umin" => ua.min(ub),
            o => panic!("no integer op {o}"),
        };
        sext(r & mask)
    }
}

/// A float type of the reductions: its width, how it widens to f64 and rounds back.
#[derive(Copy, Clone)]
struct FloatTy {
    bits: u32,
}

impl FloatTy {
    fn to_f64(self, x: u64) -> f64 {
        match self.bits {
            16 => f16_to_f32(x as u16) as f64,
            32 => f32::from_bits(x as u32) as f64,
            _ => f64::from_bits(x),
        }
    }
    /// Rounds an f64 to this type, to nearest even (used for half, where the f64 sum or product of two halves is
    /// exact, so rounding it once is the correctly rounded half operation).
    fn round(self, x: f64) -> u64 {
        match self.bits {
            16 => f64_to_f16(x, RN) as u64,
            32 => (x as f32).to_bits() as u64,
            _ => x.to_bits(),
        }
    }
    fn is_nan(self, x: u64) -> bool {
        self.to_f64(x).is_nan()
    }
    fn neg_zero(self, x: u64) -> bool {
        let v = self.to_f64(x);
        v == 0.0 && v.is_sign_negative()
    }
    fn nan(self) -> u64 {
        match self.bits {
            16 => 0x7E00,
            32 => 0x7FC0_0000,
            _ => 0x7FF8_0000_0000_0000,
        }
    }
    /// One operation on two values of this type, rounded as PTX does (round to nearest even).
    fn apply(self, op: &str, a: u64, b: u64) -> u64 {
        let (x, y) = (self.to_f64(a), self.to_f64(b));
        match op {
            "fadd" | "fmul" if self.bits == 32 => {
                let (x, y) = (x as f32, y as f32);
                (if op == "fadd" { x + y } else { x * y }).to_bits() as u64
            }
            "fadd" | "fmul" if self.bits == 64 => (if op == "fadd" { x + y } else { x * y }).to_bits(),
            "fadd" => self.round(x + y),
            "fmul" => self.round(x * y),
            // PTX max/min: a NaN operand yields the other; -0 < +0.
            "fmax" | "fmin" => {
                if self.is_nan(a) {
                    b
                } else if self.is_nan(b) {
                    a
                } else {
                    let a_wins = if op == "fmax" {
                        x > y || (x == y && !self.neg_zero(a))
                    } else {
                        x < y || (x == y && self.neg_zero(a))
                    };
                    if a_wins {
                        a
                    } else {
                        b
                    }
                }
            }
            // NaN-propagating.
            "fmaximum" | "fminimum" => {
                if self.is_nan(a) || self.is_nan(b) {
                    self.nan()
                } else {
                    self.apply(if op == "fmaximum" { "fmax" } else { "fmin" }, a, b)
                }
            }
            o => panic!("no float op {o}"),
        }
    }
}

/// `(lanes, op, flags)` per result of `red_<f16|f32|f64>`, in `reductions.ll`'s order.
fn float_forms(bits: u32) -> Vec<(usize, &'static str, &'static str)> {
    match bits {
        16 => vec![
            (4, "fadd", ""),
            (8, "fadd", "reassoc"),
            (3, "fadd", "reassoc"),
            (4, "fmul", "reassoc"),
            (8, "fmax", ""),
            (4, "fmin", ""),
            (4, "fmaximum", ""),
            (8, "fminimum", ""),
            (3, "fmul", ""),
        ],
        32 => vec![
            (8, "fadd", ""),
            (8, "fadd", "reassoc"),
            (3, "fadd", "reassoc"),
            (5, "fadd", "reassoc"),
            (5, "fmul", ""),
            (8, "fmul", "reassoc"),
            (8, "fmax", ""),
            (5, "fmin", ""),
            (8, "fmaximum", ""),
            (3, "fminimum", ""),
            (3, "fadd", "nnan"),
            (8, "fmax", "nnan"),
            (7, "fadd", "reassoc nsz"),
            (6, "fminimum", ""),
        ],
        _ => vec![
            (4, "fadd", ""),
            (4, "fadd", "reassoc"),
            (3, "fadd", "reassoc"),
            (4, "fmul", "reassoc"),
            (4, "fmax", ""),
            (3, "fmin", ""),
            (4, "fmaximum", ""),
            (4, "fminimum", ""),
        ],
    }
}

/// The float inputs: eight per thread. Threads 0..16 get special lanes (a NaN, mixed signed zeros, only
/// negative zeros, infinities); the others values of random sign and significand whose exponents span
/// `±range`, so that the order of additions changes the rounded result.
fn float_inputs(ty: FloatTy, rng: &mut Rng) -> Vec<u64> {
    let (range, man_bits, bias) = match ty.bits {
        16 => (3, 10, 15),
        32 => (12, 23, 127),
        _ => (60, 52, 1023),
    };
    let (pos_zero, neg_zero, inf) = match ty.bits {
        16 => (0u64, 0x8000u64, 0x7C00u64),
        32 => (0, 0x8000_0000, 0x7F80_0000),
        _ => (0, 1 << 63, 0x7FF0_0000_0000_0000),
    };
    let sign = 1u64 << (ty.bits - 1);
    let mut out = Vec::with_capacity(THREADS * 8);
    for t in 0..THREADS {
        for lane in 0..8 {
            let e = (rng.next() % (2 * range + 1)) as i64 - range as i64;
            let man = rng.next() & ((1u64 << man_bits) - 1);
            let s = if rng.next() & 1 == 1 { sign } else { 0 };
            let random = s | (((e + bias) as u64) << man_bits) | man;
            let x = match (t % 4, t < 16) {
                (0, true) if lane == (t / 4) % 8 || lane == 7 - t / 4 => ty.nan(),
                (1, true) => [pos_zero, neg_zero][(lane + t / 4) % 2],
                (2, true) => neg_zero,
                (3, true) if lane % 3 == 0 => inf | if lane % 2 == 1 { sign } else { 0 },
                _ => random,
            };
            out.push(x);
        }
    }
    out
}

fn float_reference(ty: FloatTy, input: &[u64]) -> Vec<u64> {
    let forms = float_forms(ty.bits);
    let mut out = Vec::new();
    for t in 0..THREADS {
        let lanes = &input[8 * t..8 * t + 8];
        for &(n, op, flags) in &forms {
            let f = |a: u64, b: u64| ty.apply(op, a, b);
            let v = &lanes[..n];
            out.push(match op {
                "fadd" | "fmul" if !flags.contains("reassoc") => v.iter().fold(lanes[7], |acc, &x| f(acc, x)),
                "fadd" | "fmul" => f(lanes[6], tree(v, &f)),
                _ => tree(v, &f),
            });
        }
    }
    out
}

fn int_inputs(bits: u32, rng: &mut Rng) -> Vec<i64> {
    let min = if bits == 64 { i64::MIN } else { -(1i64 << (bits - 1)) };
    let max = if bits == 64 { i64::MAX } else { (1i64 << (bits - 1)) - 1 };
    let specials = [0, 1, -1, min, max, 2, -2, min + 1];
    (0..THREADS * 8)
        .map(|_| {
            let r = rng.next();
            if r.is_multiple_of(5) {
                specials[(r >> 8) as usize % specials.len()]
            } else {
                (r as i64) >> (64 - bits)
            }
        })
        .collect()
}

fn encode(vals: &[u64], bytes: usize) -> Vec<u8> {
    vals.iter().flat_map(|v| v.to_le_bytes()[..bytes].to_vec()).collect()
}

fn decode(b: &[u8], bytes: usize) -> Vec<u64> {
    b.chunks(bytes)
        .map(|c| {
            let mut w = [0u8; 8];
            w[..bytes].copy_from_slice(c);
            u64::from_le_bytes(w)
        })
        .collect()
}

/// One integer reduction kernel: its name, results per thread, input and expected output bytes, element type.
struct IntCase {
    kernel: String,
    k: usize,
    input: Vec<u8>,
    want: Vec<u8>,
    ety: &'static str,
}

#[test]
fn vector_reductions_match_the_reference_and_llc_bit_for_bit() {
    let ll = memops_dir().join("reductions.ll");
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    // Integer kernels: exact results.
    let mut cases: Vec<IntCase> = Vec::new();
    for bits in [8u32, 16, 32, 64] {
        let bytes = (bits / 8) as usize;
        let input = int_inputs(bits, &mut rng);
        let forms = int_forms(bits);
        let mut want: Vec<u64> = Vec::new();
        for t in 0..THREADS {
            let lanes = &input[8 * t..8 * t + 8];
            for &(op, n) in &forms {
                let f = int_op(op, bits);
                want.push(tree(&lanes[..n], &f) as u64);
            }
            if bits == 32 {
                let pos: Vec<i64> = lanes.iter().map(|&x| (x > 0) as i64).collect();
                for op in BOOL_FORMS {
                    want.push((tree(&pos, &int_op(op, 1)) & 1) as u64);
                }
            }
        }
        let ety = ["i8", "i16", "i32", "i64"][bytes.trailing_zeros() as usize];
        let k = forms.len() + if bits == 32 { BOOL_FORMS.len() } else { 0 };
        let inb = encode(&input.iter().map(|&x| x as u64).collect::<Vec<_>>(), bytes);
        cases.push(IntCase { kernel: format!("red_i{bits}"), k, input: inb, want: encode(&want, bytes), ety });
    }
    let float_tys = [(16u32, "u16"), (32, "f32"), (64, "f64")];
    let mut float_cases: Vec<(FloatTy, Vec<u8>, Vec<u64>, &'static str)> = Vec::new();
    for (bits, ety) in float_tys {
        let ty = FloatTy { bits };
        let input = float_inputs(ty, &mut rng);
        let want = float_reference(ty, &input);
        float_cases.push((ty, encode(&input, (bits / 8) as usize), want, ety));
    }

    for arch in ARCHES {
        let dir = tmp_dir(&format!("red-{arch}"));
        let all = builds(&ll, arch, &dir, true);
        for IntCase { kernel, k, input, want, ety } in &cases {
            for b in &all {
                let out = run(
                    b,
                    &dir,
                    kernel,
                    THREADS as u32,
                    &[Arg::Buf("in", ety, input.clone(), false), Arg::Buf("out", ety, vec![0; want.len()], true)],
                );
                assert_eq!(out[0].1.len(), want.len(), "{kernel} ({}): output size", b.who);
                let bytes = want.len() / (THREADS * k);
                // The forms (result indices) with a wrong result on some thread.
                let mut wrong: Vec<usize> = Vec::new();
                for (e, (g, w)) in out[0].1.chunks(bytes).zip(want.chunks(bytes)).enumerate() {
                    if g != w && !wrong.contains(&(e % k)) {
                        if !known_emulator_issue(kernel, &b.who, e % k) {
                            panic!(
                                "{kernel} ({}): thread {} result {}: got {g:?}, expected {w:?}",
                                b.who,
                                e / k,
                                e % k
                            );
                        }
                        wrong.push(e % k);
                    }
                }
                for &(kn, who, form) in KNOWN_EMULATOR_ISSUES {
                    if kn == kernel && b.who.starts_with(who) {
                        assert!(
                            wrong.contains(&form),
                            "{kernel} ({}) result {form} is now right: remove it from KNOWN_EMULATOR_ISSUES",
                            b.who
                        );
                    }
                }
            }
        }
        for (ty, input, want, ety) in &float_cases {
            let bytes = (ty.bits / 8) as usize;
            let forms = float_forms(ty.bits);
            let kernel = format!("red_f{}", ty.bits);
            let mut outs: Vec<(String, Vec<u64>)> = Vec::new();
            for b in &all {
                let out = run(
                    b,
                    &dir,
                    &kernel,
                    THREADS as u32,
                    &[
                        Arg::Buf("in", ety, input.clone(), false),
                        Arg::Buf("out", ety, vec![0; want.len() * bytes], true),
                    ],
                );
                let got = decode(&out[0].1, bytes);
                assert_eq!(got.len(), want.len(), "{kernel} ({}): output size", b.who);
                for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
                    let same = g == w || (ty.is_nan(g) && ty.is_nan(w));
                    assert!(
                        same,
                        "{kernel} ({}): thread {} result {} ({:?}): got {:#x} ({}), expected {:#x} ({})",
                        b.who,
                        i / forms.len(),
                        i % forms.len(),
                        forms[i % forms.len()],
                        g,
                        ty.to_f64(g),
                        w,
                        ty.to_f64(w)
                    );
                }
                outs.push((b.who.clone(), got));
            }
            // Bit for bit with llc-19 on the same target (NaN payloads included).
            if let Some((_, llc)) = outs.iter().find(|(w, _)| w.starts_with("llc")) {
                for (who, got) in outs.iter().filter(|(w, _)| w.starts_with("simtc")) {
                    if let Some(i) = got.iter().zip(llc).position(|(a, b)| a != b) {
                        panic!(
                            "{kernel}: {who} and llc {arch} differ at thread {} result {}: {:#x} vs {:#x}",
                            i / forms.len(),
                            i % forms.len(),
                            got[i],
                            llc[i]
                        );
                    }
                }
            }
        }
    }
}

/// `simtc check` builds every pipeline variant (`-O0`, `-O3`, structurized, each optional pass off) of the
/// expanded loops and reductions and finds the same outputs on all of them.
#[test]
fn simtc_check_agrees_on_every_build() {
    let dir = tmp_dir("check");
    let mut rng = Rng(0x5151_7A7A);
    let mv_bytes: Vec<u8> =
        moves().iter().flat_map(|&(d, s, n)| [d, s, n]).flat_map(|x: u32| x.to_le_bytes()).collect();
    let f32_in = encode(&float_inputs(FloatTy { bits: 32 }, &mut rng), 4);
    let runs: Vec<(&str, &str, u32, Vec<Arg>)> = vec![
        (
            "mem.ll",
            "runtime_len",
            32,
            vec![
                Arg::Buf("set", "u8", vec![0xEE; 32 * 512], true),
                Arg::Buf("cpy", "u8", vec![0xEE; 32 * 512], true),
                Arg::Buf("src", "u8", rng.bytes(32 * 512), false),
                Arg::Buf("lens", "u64", lens_bytes(), false),
                Arg::Scalar("u8", 0xC3),
            ],
        ),
        (
            "mem.ll",
            "memmove_rt",
            32,
            vec![
                Arg::Buf("buf", "u8", rng.bytes(32 * 1024), true),
                Arg::Buf("wide", "u8", rng.bytes(32 * 1024), true),
                Arg::Buf("mv", "u32", mv_bytes, false),
            ],
        ),
        (
            "mem.ll",
            "memset_shared",
            128,
            vec![
                Arg::Buf("out", "u8", vec![0x11; 32768], true),
                Arg::Buf("all", "u8", vec![0x22; 32768], true),
                Arg::Scalar("u8", 0x5A),
            ],
        ),
        (
            "reductions.ll",
            "red_f32",
            THREADS as u32,
            vec![Arg::Buf("in", "f32", f32_in, false), Arg::Buf("out", "f32", vec![0; THREADS * 14 * 4], true)],
        ),
    ];
    for (file, kernel, block, args) in runs {
        let spec = dir.join(format!("{kernel}.toml"));
        std::fs::write(&spec, spec_text(&dir, kernel, block, &args)).unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
            .arg("check")
            .arg(memops_dir().join(file))
            .arg("--spec")
            .arg(&spec)
            .output()
            .expect("run simtc check");
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{kernel}: {text}\n{}", String::from_utf8_lossy(&o.stderr));
        assert!(text.contains("ok: all"), "{kernel}: {text}");
    }
}

/// The element-wise unordered-atomic forms (`llvm.memcpy/memmove/memset.element.unordered.atomic`), with element
/// sizes 1, 2, 4 and 8, constant and run-time lengths: simtc -O0 and -O3 on sm_70 and sm_90 against the image
/// computed here. (llc-19 has no expansion for them on NVPTX: it calls a runtime library function that does not
/// exist there.)
#[test]
fn element_wise_atomic_forms_copy_whole_elements() {
    let ll = memops_dir().join("element_atomic.ll");
    let dir = tmp_dir("elem");
    let mut rng = Rng(0x5eed_e1e7);
    let src = rng.bytes(256);
    for arch in ["sm_70", "sm_90"] {
        for b in builds(&ll, arch, &dir, false) {
            // Every unordered-atomic element access is volatile: one whole access per element.
            assert!(b.ptx.contains("ld.volatile.global.u32") && b.ptx.contains("st.volatile.global.u64"), "{}", b.who);
            let args = [
                Arg::Buf("src", "u8", src.clone(), false),
                Arg::Buf("dst", "u8", vec![0u8; 256], true),
                Arg::Scalar("i64", 40),
            ];
            let out = run(&b, &dir, "element_atomic", 1, &args);
            let mut want = vec![0u8; 256];
            // memcpy.element 4-byte, 64 bytes at 0; memcpy.element 8-byte, run-time 40 bytes at 64.
            want[..64].copy_from_slice(&src[..64]);
            want[64..104].copy_from_slice(&src[64..104]);
            // memset.element 2-byte of 0x5a, 24 bytes at 128; memset.element 1-byte of 0x11, 7 bytes at 152.
            want[128..152].fill(0x5a);
            want[152..159].fill(0x11);
            // memmove.element 4-byte within dst: 32 bytes from 0 to 8 (overlapping, copied backward).
            let moved = want[0..32].to_vec();
            want[8..40].copy_from_slice(&moved);
            expect_bytes("element_atomic dst", &b.who, &out[0].1, &want);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
