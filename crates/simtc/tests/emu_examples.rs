//! Every example kernel runs in the emulator from its launch spec (`examples/kernels/K.toml`) on the PTX of three
//! producers — llc-19 (from `K.ll`), nvcc 13 (from `K.cu`) and simtc (from `K.ll`) — and the outputs must match a
//! reference computed here from the same inputs and agree across producers (integers exactly, floats within
//! 1e-4 relative plus 1e-5 of the buffer's magnitude: producers contract `a * b + c` into `fma` differently).
//! PTX is generated at test time into a temporary directory; a missing tool skips its producer with a note,
//! except under `CI`, where it fails.

mod common;

use simtc_emu::{LaunchSpec, RunOptions, RunResult};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Example kernels simtc currently miscompiles (found by this test). Each must still fail its reference check:
/// when the back end is fixed this test fails and the kernel must be removed from the list.
const KNOWN_SIMTC_MISCOMPILES: &[&str] = &[];

fn tmp_dir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("simtc-emu-examples-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn kernels_dir() -> PathBuf {
    common::repo_root().join("examples/kernels")
}

/// PTX of `name` from each available producer.
fn producers(name: &str) -> Vec<(&'static str, String)> {
    let dir = kernels_dir();
    let tmp = tmp_dir();
    let ll = dir.join(format!("{name}.ll"));
    let mut out = Vec::new();
    if let Some(llc) = common::llvm_tool("llc") {
        let ptx = tmp.join(format!("{name}.llc.ptx"));
        let st = Command::new(llc)
            .args(["-O3", "-march=nvptx64", "-mcpu=sm_90"])
            .arg(&ll)
            .arg("-o")
            .arg(&ptx)
            .status()
            .expect("run llc");
        assert!(st.success(), "llc failed on {name}");
        out.push(("llc", std::fs::read_to_string(&ptx).expect("llc output")));
    }
    if let Some(nvcc) = common::cuda_tool("nvcc") {
        let ptx = tmp.join(format!("{name}.nvcc.ptx"));
        let o = Command::new(nvcc)
            .args(["-ptx", "-O3", "-arch=sm_90", "-I"])
            .arg(&dir)
            .arg(dir.join(format!("{name}.cu")))
            .arg("-o")
            .arg(&ptx)
            .output()
            .expect("run nvcc");
        assert!(o.status.success(), "nvcc failed on {name}: {}", String::from_utf8_lossy(&o.stderr));
        out.push(("nvcc", std::fs::read_to_string(&ptx).expect("nvcc output")));
    }
    let ptx = tmp.join(format!("{name}.simtc.ptx"));
    let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .arg("compile")
        .arg(&ll)
        .arg("-o")
        .arg(&ptx)
        .output()
        .expect("run simtc");
    assert!(o.status.success(), "simtc compile failed on {name}: {}", String::from_utf8_lossy(&o.stderr));
    out.push(("simtc", std::fs::read_to_string(&ptx).expect("simtc output")));
    out
}

struct Bufs<'a> {
    names: Vec<&'a str>,
    init: Vec<&'a [u8]>,
    out: &'a [Vec<u8>],
}

impl Bufs<'_> {
    fn idx(&self, n: &str) -> usize {
        self.names.iter().position(|x| *x == n).unwrap_or_else(|| panic!("no buffer {n}"))
    }
    fn init_i32(&self, n: &str) -> Vec<i32> {
        self.init[self.idx(n)].chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect()
    }
    fn init_f32(&self, n: &str) -> Vec<f32> {
        self.init[self.idx(n)].chunks(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect()
    }
    fn init_f64(&self, n: &str) -> Vec<f64> {
        self.init[self.idx(n)].chunks(8).map(|c| f64::from_le_bytes(c.try_into().unwrap())).collect()
    }
    fn out_i32(&self, n: &str) -> Vec<i32> {
        self.out[self.idx(n)].chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect()
    }
    fn out_f32(&self, n: &str) -> Vec<f32> {
        self.out[self.idx(n)].chunks(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect()
    }
    fn out_f64(&self, n: &str) -> Vec<f64> {
        self.out[self.idx(n)].chunks(8).map(|c| f64::from_le_bytes(c.try_into().unwrap())).collect()
    }
}

fn close_all(what: &str, got: &[f64], want: &[f64]) -> Result<(), String> {
    if got.len() != want.len() {
        return Err(format!("{what}: {} elements, expected {}", got.len(), want.len()));
    }
    let scale = want.iter().fold(0f64, |m, x| m.max(x.abs()));
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let ok = (g.is_nan() && w.is_nan()) || (g - w).abs() <= 1e-4 * g.abs().max(w.abs()) + 1e-5 * scale;
        if !ok {
            return Err(format!("{what}[{i}] = {g}, expected {w}"));
        }
    }
    Ok(())
}

fn f32s(v: &[f32]) -> Vec<f64> {
    v.iter().map(|&x| x as f64).collect()
}

fn eq_i32(what: &str, got: &[i32], want: &[i32]) -> Result<(), String> {
    match got.iter().zip(want).position(|(a, b)| a != b) {
        Some(i) => Err(format!("{what}[{i}] = {}, expected {}", got[i], want[i])),
        None if got.len() != want.len() => Err(format!("{what}: {} elements, expected {}", got.len(), want.len())),
        None => Ok(()),
    }
}

fn scalar_i32(spec: &LaunchSpec, k: usize) -> i32 {
    match &spec.args[k] {
        simtc_emu::spec::ArgSpec::Scalar(_, b) => i32::from_le_bytes(b[..4].try_into().unwrap()),
        _ => panic!("argument {k} is not a scalar"),
    }
}

fn scalar_f32(spec: &LaunchSpec, k: usize) -> f32 {
    f32::from_bits(scalar_i32(spec, k) as u32)
}

/// Merges adjacent sorted runs of `width` (stable: left run first on ties).
fn merge_runs(v: &[i32], width: usize) -> Vec<i32> {
    let mut out = Vec::with_capacity(v.len());
    let mut lo = 0;
    while lo < v.len() {
        let mid = (lo + width).min(v.len());
        let hi = (mid + width).min(v.len());
        let (mut i, mut j) = (lo, mid);
        while i < mid && j < hi {
            if v[i] <= v[j] {
                out.push(v[i]);
                i += 1;
            } else {
                out.push(v[j]);
                j += 1;
            }
        }
        out.extend_from_slice(&v[i..mid]);
        out.extend_from_slice(&v[j..hi]);
        lo = hi;
    }
    out
}

/// The DARM synthetic kernels, one block of 256 threads at a time.
fn sb_reference(name: &str, b: &Bufs<'_>, iters: i32, n: i32) -> Vec<(String, Vec<f64>)> {
    const BS: usize = 256;
    let names: &[&str] = if name.starts_with("sb4") { &["a", "b", "c"] } else { &["a", "b"] };
    let inputs: Vec<Vec<f32>> = names.iter().map(|x| b.init_f32(x)).collect();
    let w = b.init_f32("weights");
    let len = inputs[0].len();
    let mut outs: Vec<Vec<f32>> = vec![vec![0.0; len]; names.len()];
    for blk in 0..len / BS {
        let mut s: Vec<Vec<f32>> = inputs.iter().map(|v| v[blk * BS..(blk + 1) * BS].to_vec()).collect();
        let k = names.len();
        let (mut r, mut m, mut q, mut nn) =
            (vec![vec![0f32; BS]; k], vec![vec![0f32; BS]; k], vec![vec![0f32; BS]; k], vec![vec![0f32; BS]; k]);
        for _ in 0..iters {
            for i in 0..n as usize {
                let wi = w[i];
                for t in 0..BS {
                    let side = if name.starts_with("sb4") {
                        if t & 1 != 0 {
                            0
                        } else if t & 2 != 0 {
                            1
                        } else {
                            2
                        }
                    } else {
                        t % 2
                    };
                    let other = name.ends_with("_r") && side != 0;
                    let std = |x: f32| {
                        let y = x * wi + 1.0;
                        y * x - wi
                    };
                    match (&name[..3], other, side) {
                        ("sb1", false, c) => {
                            let y = std(s[c][(t + i) % BS]);
                            r[c][t] = r[c][t] * 0.5 + y;
                            m[c][t] = m[c][t].max(y);
                        }
                        ("sb1", true, c) => {
                            let x = s[c][(t + 3 * i) % BS];
                            let y = (x - wi) * 0.25;
                            let y = y / (x * x + 2.0);
                            r[c][t] += y * y;
                            m[c][t] = m[c][t].min(y);
                        }
                        ("sb2" | "sb3", false, c) => {
                            let x = s[c][(t + i) % BS];
                            if x > wi {
                                let y = std(x);
                                r[c][t] = r[c][t] * 0.5 + y;
                                m[c][t] = m[c][t].max(y);
                            }
                            if name.starts_with("sb3") {
                                let z = s[c][(t + 2 * i + 1) % BS];
                                if z < wi {
                                    let qq = (z * z - wi) / (wi * wi + 1.0);
                                    q[c][t] += qq;
                                    nn[c][t] = nn[c][t].min(qq);
                                }
                            }
                        }
                        ("sb2", true, c) => {
                            let x = s[c][(t + 5 * i) % BS];
                            if x < 2.0 * wi {
                                let y = (x + wi) * 0.125;
                                let y = y / (x * x + 1.0);
                                r[c][t] -= y * x;
                                m[c][t] = m[c][t].min(y);
                            }
                        }
                        ("sb3", true, c) => {
                            let x = s[c][(t + 7 * i) % BS];
                            if x >= 0.5 * wi {
                                let y = (x - wi) * (x + wi);
                                let y = y * 0.0625 + 3.0;
                                r[c][t] += y;
                                m[c][t] = m[c][t].min(y * x);
                            }
                            let z = s[c][(t + i + 3) % BS];
                            if z > 1.0 {
                                let qq = 1.0 / (z + wi * 4.0);
                                q[c][t] = q[c][t] * 0.75 - qq;
                                nn[c][t] = nn[c][t].max(qq + z);
                            }
                        }
                        ("sb4", false, c) => {
                            let y = std(s[c][(t + i) % BS]);
                            r[c][t] = r[c][t] * 0.5 + y;
                            m[c][t] = m[c][t].max(y);
                            nn[c][t] = nn[c][t].min(y);
                        }
                        ("sb4", true, 1) => {
                            let x = s[1][(t + 3 * i) % BS];
                            let y = (x - wi) / (x * x + 1.0);
                            r[1][t] += y * 0.125;
                            m[1][t] = m[1][t].min(x - y);
                        }
                        ("sb4", true, _) => {
                            let x = s[2][(t + i + 17) % BS];
                            let y = (x * x * x - 2.0 * wi).max(-4.0);
                            r[2][t] = r[2][t] * 0.875 - y;
                            m[2][t] = m[2][t].max(y * 0.5);
                            nn[2][t] += 1.0;
                        }
                        _ => unreachable!("{name}"),
                    }
                }
            }
            for t in 0..BS {
                for c in 0..k {
                    let other = name.ends_with("_r") && c != 0;
                    s[c][t] = match (&name[..3], other, c) {
                        ("sb1" | "sb2", false, _) => r[c][t] + 0.25 * m[c][t],
                        ("sb1", true, _) => r[c][t] - 0.75 * m[c][t],
                        ("sb2", true, _) => r[c][t] - 0.5 * m[c][t],
                        ("sb3", false, _) => r[c][t] + 0.25 * m[c][t] - q[c][t] + nn[c][t],
                        ("sb3", true, _) => r[c][t] - 0.5 * m[c][t] + q[c][t] - nn[c][t],
                        ("sb4", false, _) => r[c][t] + 0.25 * (m[c][t] + nn[c][t]),
                        ("sb4", true, 1) => r[1][t] - 0.5 * (m[1][t] + nn[1][t]),
                        _ => r[2][t] + 0.125 * (m[2][t] - nn[2][t]),
                    };
                }
            }
        }
        for c in 0..k {
            outs[c][blk * BS..(blk + 1) * BS].copy_from_slice(&s[c]);
        }
    }
    names.iter().zip(outs).map(|(n, v)| (n.to_string(), f32s(&v))).collect()
}

/// Checks a run's outputs against the reference of kernel `name`.
/// Host reference of `examples/kernels/darm_chain.cu` (the same float operations in the same order).
fn darm_chain_reference(b: &Bufs<'_>, iters: i32, n: i32) -> Vec<(String, Vec<f32>)> {
    const BS: usize = 256;
    let (a_in, b_in, w) = (b.init_f32("a"), b.init_f32("b"), b.init_f32("w"));
    let len = a_in.len();
    let (mut a_out, mut b_out) = (vec![0f32; len], vec![0f32; len]);
    for blk in 0..len / BS {
        let mut sa = a_in[blk * BS..(blk + 1) * BS].to_vec();
        let mut sb = b_in[blk * BS..(blk + 1) * BS].to_vec();
        let z = || vec![0f32; BS];
        let (mut ra, mut rb, mut ma, mut mb, mut cnt) = (z(), z(), z(), z(), z());
        let (mut pa, mut pb, mut qa, mut qb, mut ru) = (z(), z(), z(), z(), z());
        for _ in 0..iters {
            for i in 0..n as usize {
                let wi = w[i];
                for t in 0..BS {
                    if t % 3 == 0 {
                        let x = sa[(t + i) % BS];
                        let y = x * wi + 1.0;
                        ra[t] = ra[t] * 0.5 + y;
                        ma[t] = ma[t].max(y);
                    } else {
                        let x = sb[(t + 2 * i) % BS];
                        let y = x * wi - 1.0;
                        if x > 0.25 {
                            cnt[t] += 1.0;
                        }
                        rb[t] = rb[t] * 0.75 + y;
                        mb[t] = mb[t].max(y);
                    }
                    if t & 1 != 0 {
                        let x = sa[(t + 5 * i) % BS];
                        let y = x * x + wi;
                        pa[t] = pa[t] * 0.5 + y;
                        qa[t] = qa[t].min(y * 0.5);
                    } else if t & 2 != 0 {
                        let x = sb[(t + 7 * i) % BS];
                        let y = x * x - wi;
                        pb[t] = pb[t] * 0.25 + y;
                        qb[t] = qb[t].min(y * 0.25);
                    } else {
                        let k = (sb[(t + i) % BS] * 8.0) as i32;
                        ru[t] = ru[t] + (k & 3) as f32 - wi / (1.0 + i as f32);
                    }
                }
            }
            for t in 0..BS {
                sa[t] = ra[t] + 0.25 * ma[t] + pa[t] - qa[t];
                sb[t] = rb[t] - 0.5 * mb[t] + cnt[t] + pb[t] + qb[t] + ru[t];
            }
        }
        a_out[blk * BS..(blk + 1) * BS].copy_from_slice(&sa);
        b_out[blk * BS..(blk + 1) * BS].copy_from_slice(&sb);
    }
    vec![("a".to_string(), a_out), ("b".to_string(), b_out)]
}

fn check_reference(name: &str, spec: &LaunchSpec, b: &Bufs<'_>) -> Result<(), String> {
    match name {
        "bitonic_sort" | "bitonic_dyn" => {
            let (inp, out) = (b.init_i32("values"), b.out_i32("values"));
            for (k, (i, o)) in inp.chunks(256).zip(out.chunks(256)).enumerate() {
                let mut want = i.to_vec();
                want.sort();
                eq_i32(&format!("bucket {k}"), o, &want)?;
            }
            Ok(())
        }
        "darm_chain" => {
            let (iters, n) = (scalar_i32(spec, 3), scalar_i32(spec, 4));
            for (buf, want) in darm_chain_reference(b, iters, n) {
                close_all(&buf, &f32s(&b.out_f32(&buf)), &f32s(&want))?;
            }
            Ok(())
        }
        n if n.starts_with("sb") => {
            for (buf, want) in
                sb_reference(n, b, scalar_i32(spec, spec.args.len() - 2), scalar_i32(spec, spec.args.len() - 1))
            {
                close_all(&buf, &f32s(&b.out_f32(&buf)), &want)?;
            }
            Ok(())
        }
        "merge_step" | "merge_rank" => {
            let width = scalar_i32(spec, 3) as usize;
            eq_i32("out", &b.out_i32("out"), &merge_runs(&b.init_i32("in"), width))
        }
        "warp_reduce" => {
            let n = scalar_i32(spec, 2) as usize;
            let s = b.init_i32("in")[..n].iter().fold(0i32, |a, x| a.wrapping_add(*x));
            eq_i32("result", &b.out_i32("result"), &[s])
        }
        "device_call" => {
            let (inp, bias, scale, n) =
                (b.init_f32("in"), b.init_f32("bias"), scalar_f32(spec, 3), scalar_i32(spec, 4) as usize);
            let term = |idx: usize, s: f32| {
                let mut v = inp[idx] * s;
                if v < 0.0 {
                    v = -v * 0.5;
                }
                v + bias[idx & 3]
            };
            let mut want = vec![0f32; 2 * n];
            for g in 0..n {
                let a = term(g, scale);
                let c = term(n - 1 - g, 2.0 * scale);
                want[2 * g] = a;
                want[2 * g + 1] = a + c;
            }
            close_all("out", &f32s(&b.out_f32("out")), &f32s(&want))
        }
        "switch_kernel" => {
            let inp = b.init_i32("in");
            let n = b.out_i32("out").len();
            let (mut out, mut aux, mut counter) = (vec![-1i32; n], vec![-1i32; n], 0i32);
            for g in 0..n {
                let v = inp[g];
                match (g % 128) % 16 {
                    0 => out[g] = v + 1,
                    1 => aux[g] = v * 3,
                    2 => {
                        out[g] = inp[g + 1] - v;
                        aux[g] = 0;
                    }
                    5 => counter = counter.wrapping_add(v),
                    7 | 8 => {
                        out[g] = v << 2;
                        aux[g] = v >> 1;
                    }
                    13 => aux[g ^ 1] = -v,
                    _ => out[g] = 0,
                }
            }
            eq_i32("out", &b.out_i32("out"), &out)?;
            eq_i32("aux", &b.out_i32("aux"), &aux)?;
            eq_i32("counter", &b.out_i32("counter"), &[counter])
        }
        "byval_struct" => {
            let inp = b.init_f32("in");
            let want: Vec<f32> =
                (0..inp.len()).map(|i| if !(100..900).contains(&i) { 0.0 } else { inp[i] * 2.5 }).collect();
            close_all("out", &f32s(&b.out_f32("out")), &f32s(&want))
        }
        "globals" => {
            let (table, lut, coeffs) = ([3, 1, 4, 1, 5, 9, 2, 6], [10, 20, 30, 40], [0.5f32, -1.25, 2.0, 0.125]);
            let msg = b"simtc constant string\0";
            let inp = b.init_i32("in");
            let (mut out, mut fout, mut m) = (vec![0i32; inp.len()], vec![0f32; inp.len()], vec![0u8; inp.len()]);
            for (g, &v) in inp.iter().enumerate() {
                let t = table[(v & 7) as usize] + lut[((v >> 3) & 3) as usize] + 7;
                out[g] = t + 42;
                let mut acc = 0.25f32;
                for c in coeffs {
                    acc = acc * v as f32 + c;
                }
                fout[g] = acc * 1.5;
                if g < msg.len() {
                    m[g] = msg[g] ^ [b'o', b'k'][g & 1];
                }
            }
            eq_i32("out", &b.out_i32("out"), &out)?;
            close_all("fout", &f32s(&b.out_f32("fout")), &f32s(&fout))?;
            let got = &b.out[b.idx("msg_out")];
            if got[..] != m[..] {
                return Err(format!("msg_out = {got:?}, expected {m:?}"));
            }
            Ok(())
        }
        "local_array" => {
            let (inp, idx) = (b.init_f32("in"), b.init_i32("idx"));
            let nt = b.out_f32("out").len();
            let (mut out, mut hist) = (vec![0f32; nt], vec![0i32; nt * 8]);
            for g in 0..nt {
                let buf: Vec<f32> = (0..16).map(|i| inp[g * 16 + i] * (i + 1) as f32).collect();
                for i in 0..16 {
                    hist[g * 8 + (idx[g * 16 + i] & 7) as usize] += 1;
                }
                let k = (idx[g * 16] & 15) as usize;
                out[g] = buf[k] + buf[(k + 5) & 15];
            }
            close_all("out", &f32s(&b.out_f32("out")), &f32s(&out))?;
            eq_i32("hist_out", &b.out_i32("hist_out"), &hist)
        }
        "float_heavy" => {
            let (px, py, pz, mass) = (b.init_f32("px"), b.init_f32("py"), b.init_f32("pz"), b.init_f32("mass"));
            let (n, soft, dt) = (scalar_i32(spec, 8) as usize, scalar_f32(spec, 9), scalar_f32(spec, 10));
            let mut want: [Vec<f64>; 4] = Default::default();
            for i in 0..n {
                let (mut fx, mut fy, mut fz, mut pot) = (0f32, 0f32, 0f32, 0f32);
                for j in 0..n {
                    let (dx, dy, dz) = (px[j] - px[i], py[j] - py[i], pz[j] - pz[i]);
                    let d2 = dx.mul_add(dx, dy.mul_add(dy, dz.mul_add(dz, soft)));
                    let dist = d2.sqrt();
                    let inv = 1.0 / dist;
                    let s = mass[j] * inv * inv * inv;
                    fx = dx.mul_add(s, fx);
                    fy = dy.mul_add(s, fy);
                    fz = dz.mul_add(s, fz);
                    pot -= mass[j] / dist;
                }
                let damp = (-dt * i as f32 / n as f32).exp();
                for (k, f) in [fx, fy, fz].into_iter().enumerate() {
                    want[k].push((f * damp).clamp(-1e4, 1e4) as f64);
                }
                want[3].push((pot.abs() * 0.5 * mass[i]) as f64);
            }
            for (k, nm) in ["ax", "ay", "az", "energy"].iter().enumerate() {
                close_all(nm, &f32s(&b.out_f32(nm)), &want[k])?;
            }
            Ok(())
        }
        "fp64" => {
            let a = match &spec.args[0] {
                simtc_emu::spec::ArgSpec::Scalar(_, v) => f64::from_le_bytes(v[..8].try_into().unwrap()),
                _ => unreachable!(),
            };
            let (x, y0, z, n) = (b.init_f64("x"), b.init_f64("y"), b.init_f64("z"), scalar_i32(spec, 5) as usize);
            let threads = b.out_f64("norms").len();
            // daxpy is not grid-stride: only the first `threads` elements are updated.
            let y: Vec<f64> = (0..n).map(|i| if i < threads { a.mul_add(x[i], y0[i]) } else { y0[i] }).collect();
            let norms: Vec<f64> = (0..threads)
                .map(|g| {
                    let mut s = 0.0;
                    let mut i = g;
                    while i < n {
                        s += x[i] * z[i] - 0.5 * i as f64 / n as f64;
                        i += threads;
                    }
                    s.abs().sqrt() / (1.0 + a.abs())
                })
                .collect();
            close_all("y", &b.out_f64("y"), &y)?;
            close_all("norms", &b.out_f64("norms"), &norms)
        }
        "launch_bounds" => {
            let (a, x, y, n) = (scalar_f32(spec, 0), b.init_f32("x"), b.init_f32("y"), scalar_i32(spec, 3) as usize);
            let want: Vec<f32> = (0..y.len()).map(|i| if i < n { a * x[i] + y[i] } else { y[i] }).collect();
            close_all("y", &f32s(&b.out_f32("y")), &f32s(&want))
        }
        "debug_info" => {
            let (inp, n, r) = (b.init_f32("in"), scalar_i32(spec, 2), scalar_i32(spec, 3));
            let want: Vec<f32> = (0..n)
                .map(|g| {
                    let mut s = 0f32;
                    for d in -r..=r {
                        s += inp[(g + d).clamp(0, n - 1) as usize];
                    }
                    s / (2 * r + 1) as f32
                })
                .collect();
            close_all("out", &f32s(&b.out_f32("out")), &f32s(&want))
        }
        "wmma_gemm" => {
            // D = A * B + C on tensor cores, checked against a host matrix multiply. The inputs are small
            // integers and quarter-integers, so every f16 input, product and f32 partial sum is exact: the
            // result must be equal, whatever order the hardware (or emulator) sums in.
            let (a, bm, c) = (b.init_i32("a"), b.init_i32("b"), b.init_f32("c"));
            let (n, k) = (scalar_i32(spec, 4) as usize, scalar_i32(spec, 5) as usize);
            let m = c.len() / n;
            let mut want = vec![0f64; m * n];
            for i in 0..m {
                for j in 0..n {
                    let dot: i64 = (0..k).map(|kk| a[i * k + kk] as i64 * bm[kk * n + j] as i64).sum();
                    want[i * n + j] = c[i * n + j] as f64 + dot as f64;
                }
            }
            let got = f32s(&b.out_f32("d"));
            match got.iter().zip(&want).position(|(g, w)| g != w) {
                Some(i) => Err(format!("d[{i}] = {}, expected {}", got[i], want[i])),
                None if got.len() != want.len() => Err(format!("d: {} elements, expected {}", got.len(), want.len())),
                None => Ok(()),
            }
        }
        other => Err(format!("no reference for kernel '{other}'")),
    }
}

fn run_example(name: &str) {
    let spec_path = kernels_dir().join(format!("{name}.toml"));
    let spec = LaunchSpec::read(&spec_path).unwrap_or_else(|e| panic!("{e}"));
    let launch = spec.materialize().unwrap_or_else(|e| panic!("{e}"));
    let mut results: Vec<(&str, RunResult)> = Vec::new();
    for (producer, ptx) in producers(name) {
        let prog = simtc_emu::load_ptx(&ptx, &format!("{name}.{producer}.ptx")).unwrap_or_else(|e| panic!("{e}"));
        let r = simtc_emu::run(&prog, &launch, &RunOptions::default()).unwrap_or_else(|e| panic!("{producer}: {e}"));
        let bufs = Bufs {
            names: launch.buffers.iter().map(|b| b.name.as_str()).collect(),
            init: launch.buffers.iter().map(|b| b.data.as_slice()).collect(),
            out: &r.buffers,
        };
        let verdict = check_reference(name, &spec, &bufs);
        if producer == "simtc" && KNOWN_SIMTC_MISCOMPILES.contains(&name) {
            assert!(verdict.is_err(), "{name}: simtc's PTX now passes: remove it from KNOWN_SIMTC_MISCOMPILES");
            eprintln!("note: {name}: simtc's PTX is a known miscompile: {}", verdict.unwrap_err());
            continue;
        }
        if let Err(e) = verdict {
            panic!("{name} ({producer} PTX): {e}");
        }
        assert!(r.counters.warp_instructions > 0);
        // simtc marks a branch `.uni` only where the uniformity analysis proves it: the emulator must agree.
        if producer == "simtc" {
            assert_eq!(r.counters.uni_violations, 0, "{name}: simtc's PTX has divergent `.uni` branches");
        }
        results.push((producer, r));
    }
    // Producers agree with each other.
    let outputs = spec.outputs();
    for (p, r) in &results[1..] {
        for (buf, ty) in &outputs {
            let i = launch.buffers.iter().position(|b| b.name == *buf).unwrap();
            let (x, y) = (&results[0].1.buffers[i], &r.buffers[i]);
            if ty.is_float() {
                let to = |v: &[u8]| -> Vec<f64> {
                    if ty.size() == 4 {
                        v.chunks(4).map(|c| f32::from_le_bytes(c.try_into().unwrap()) as f64).collect()
                    } else {
                        v.chunks(8).map(|c| f64::from_le_bytes(c.try_into().unwrap())).collect()
                    }
                };
                close_all(&format!("{buf} ({p} vs {})", results[0].0), &to(y), &to(x))
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
            } else {
                assert!(x == y, "{name}: buffer {buf} differs between {} and {p}", results[0].0);
            }
        }
    }
}

macro_rules! examples {
    ($($k:ident),* $(,)?) => {
        $(#[test] fn $k() { run_example(stringify!($k)); })*

        #[test]
        fn every_example_kernel_has_a_spec_and_a_test() {
            let tested = [$(stringify!($k)),*];
            for ll in common::example_kernels() {
                let name = ll.file_stem().unwrap().to_str().unwrap().to_string();
                assert!(tested.contains(&name.as_str()), "example kernel {name} has no test here");
                assert!(Path::new(&kernels_dir().join(format!("{name}.toml"))).is_file(), "{name}.toml is missing");
            }
        }
    };
}

examples!(
    wmma_gemm,
    bitonic_sort,
    bitonic_dyn,
    sb1,
    sb1_r,
    sb2,
    sb2_r,
    sb3,
    sb3_r,
    sb4,
    sb4_r,
    darm_chain,
    merge_step,
    merge_rank,
    warp_reduce,
    device_call,
    switch_kernel,
    byval_struct,
    globals,
    local_array,
    float_heavy,
    fp64,
    launch_bounds,
    debug_info,
);
