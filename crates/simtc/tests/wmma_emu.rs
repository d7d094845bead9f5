//! Tensor-core wmma in the emulator, for every element type: one warp loads A (row-major), B (column-major) and
//! C (row-major) from global memory, multiplies, and stores D; the result must equal a matrix multiply computed
//! here from the same bytes (in the precision the PTX ISA gives each type), for simtc's PTX and for llc-19's PTX
//! of the same IR, and simtc's PTX must be accepted by ptxas for sm_80.
//!
//! The kernels are generated from the shape and types, like the intrinsic names they use.

mod common;

use simtc_emu::{Arg, Buffer, Launch, RunOptions};
use std::process::Command;

/// One configuration: shape, PTX types of A/B, C and D, the intrinsic signature, `.satfinite`, b1 operation.
struct Case {
    shape: (usize, usize, usize),
    ab: &'static str,
    c: &'static str,
    d: &'static str,
    sig: &'static str,
    satf: bool,
    b1op: &'static str,
}

fn bits(t: &str) -> usize {
    match t {
        "f16" | "bf16" => 16,
        "f32" | "tf32" | "s32" => 32,
        "f64" => 64,
        "s8" | "u8" => 8,
        "s4" | "u4" => 4,
        "b1" => 1,
        _ => unreachable!("{t}"),
    }
}

/// IR type of one fragment register.
fn ir_elem(t: &str) -> &'static str {
    match t {
        "f16" => "<2 x half>",
        "f32" => "float",
        "f64" => "double",
        _ => "i32",
    }
}

/// Registers of a fragment of `rows x cols` elements of `t` (`ab`: an A/B fragment).
fn nregs(rows: usize, cols: usize, t: &str, ab: bool) -> usize {
    let per_lane = rows * cols / 32;
    match t {
        "f16" if ab => 8,
        "f64" => per_lane,
        _ => (per_lane * bits(t)).div_ceil(32).max(1),
    }
}

fn shape_name((m, n, k): (usize, usize, usize)) -> String {
    format!("m{m}n{n}k{k}")
}

fn frag_ty(t: &str, n: usize) -> String {
    if n == 1 {
        ir_elem(t).to_string()
    } else {
        format!("{{ {} }}", vec![ir_elem(t); n].join(", "))
    }
}

/// Extracts the `cnt` fields of fragment `%name` (a lone register is used as is); returns `type %value` operands.
fn fields(name: &str, ty: &str, t: &str, cnt: usize, body: &mut String) -> Vec<String> {
    if cnt == 1 {
        return vec![format!("{} %{name}", ir_elem(t))];
    }
    (0..cnt)
        .map(|i| {
            body.push_str(&format!("  %{name}{i} = extractvalue {ty} %{name}, {i}\n"));
            format!("{} %{name}{i}", ir_elem(t))
        })
        .collect()
}

/// The kernel `wmma(a, b, c, d)` for a case.
fn kernel_ir(cs: &Case) -> String {
    let (m, n, k) = cs.shape;
    let sh = shape_name(cs.shape);
    let (na, nb, nc, nd) =
        (nregs(m, k, cs.ab, true), nregs(k, n, cs.ab, true), nregs(m, n, cs.c, false), nregs(m, n, cs.d, false));
    let (ta, tb, tc, td) = (frag_ty(cs.ab, na), frag_ty(cs.ab, nb), frag_ty(cs.c, nc), frag_ty(cs.d, nd));
    let mut body = String::new();
    let mut decls = String::new();
    for (v, frag, lay, ty, t, stride) in
        [("fa", "a", "row", &ta, cs.ab, k), ("fb", "b", "col", &tb, cs.ab, k), ("fc", "c", "row", &tc, cs.c, n)]
    {
        let arg = match frag {
            "a" => "%a",
            "b" => "%b",
            _ => "%c",
        };
        let f = format!("llvm.nvvm.wmma.{sh}.load.{frag}.{lay}.stride.{t}.p1");
        body.push_str(&format!("  %{v} = call {ty} @{f}(ptr addrspace(1) {arg}, i32 {stride})\n"));
        decls.push_str(&format!("declare {ty} @{f}(ptr addrspace(1), i32)\n"));
    }
    let a = fields("fa", &ta, cs.ab, na, &mut body);
    let b = fields("fb", &tb, cs.ab, nb, &mut body);
    let c = fields("fc", &tc, cs.c, nc, &mut body);
    let b1 = if cs.b1op.is_empty() { String::new() } else { format!(".{}.popc", cs.b1op) };
    let satf = if cs.satf { ".satfinite" } else { "" };
    let f = format!("llvm.nvvm.wmma.{sh}.mma{b1}.row.col.{}{satf}", cs.sig);
    let args: Vec<String> = a.into_iter().chain(b).chain(c).collect();
    let arg_tys: Vec<&str> = args.iter().map(|x| x.rsplit_once(' ').unwrap().0).collect();
    body.push_str(&format!("  %fd = call {td} @{f}({})\n", args.join(", ")));
    decls.push_str(&format!("declare {td} @{f}({})\n", arg_tys.join(", ")));
    let d = fields("fd", &td, cs.d, nd, &mut body);
    let f = format!("llvm.nvvm.wmma.{sh}.store.d.row.stride.{}.p1", cs.d);
    body.push_str(&format!("  call void @{f}(ptr addrspace(1) %d, {}, i32 {n})\n", d.join(", ")));
    let dt: Vec<&str> = vec![ir_elem(cs.d); nd];
    decls.push_str(&format!("declare void @{f}(ptr addrspace(1), {}, i32)\n", dt.join(", ")));
    format!(
        "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\ntarget triple = \"nvptx64-nvidia-cuda\"\n\n\
         define ptx_kernel void @wmma(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, ptr addrspace(1) %d) {{\n\
         {body}  ret void\n}}\n\n{decls}"
    )
}

/// A deterministic byte pattern for a matrix of `count` elements of `t`: small values for floats (exact sums),
/// any bits for integers; tf32 inputs carry low mantissa bits the multiply must ignore.
fn matrix_bytes(t: &str, count: usize, seed: u64) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut out = Vec::new();
    let small = |r: u64| ((r % 17) as f64 - 8.0) * 0.5;
    match t {
        "f16" => (0..count).for_each(|_| out.extend(f16_bits(small(next())).to_le_bytes())),
        "bf16" => (0..count).for_each(|_| out.extend((((small(next()) as f32).to_bits() >> 16) as u16).to_le_bytes())),
        "tf32" => (0..count)
            .for_each(|_| out.extend(((small(next()) as f32).to_bits() | (next() as u32 & 0x1fff)).to_le_bytes())),
        "f32" => (0..count).for_each(|_| out.extend((small(next()) as f32 * 4.0).to_le_bytes())),
        "f64" => (0..count).for_each(|_| out.extend(((next() % 2001) as f64 / 7.0 - 140.0).to_le_bytes())),
        "s32" => (0..count).for_each(|_| out.extend(((next() % 2001) as i32 - 1000).to_le_bytes())),
        _ => out.extend((0..(count * bits(t)).div_ceil(8)).map(|_| next() as u8)),
    }
    out
}

/// The f16 bits of a value exactly representable in f16 (small multiples of 1/2 here).
fn f16_bits(v: f64) -> u16 {
    if v == 0.0 {
        return 0;
    }
    let sign = if v < 0.0 { 0x8000 } else { 0 };
    let a = v.abs();
    let e = a.log2().floor() as i32;
    let man = ((a / 2f64.powi(e) - 1.0) * 1024.0).round() as u16;
    sign | (((e + 15) as u16) << 10) | man
}

fn f16_value(h: u16) -> f64 {
    let e = ((h >> 10) & 0x1f) as i32;
    let man = (h & 0x3ff) as f64;
    let v = if e == 0 { man * 2f64.powi(-24) } else { (1.0 + man / 1024.0) * 2f64.powi(e - 15) };
    if h & 0x8000 != 0 {
        -v
    } else {
        v
    }
}

/// Raw element `i` of a matrix of `t` in `bytes`.
fn raw(bytes: &[u8], t: &str, i: usize) -> u64 {
    let b = bits(t);
    if b < 8 {
        ((bytes[i * b / 8] >> (i * b % 8)) & ((1u16 << b) - 1) as u8) as u64
    } else {
        let s = b / 8;
        let mut v = [0u8; 8];
        v[..s].copy_from_slice(&bytes[i * s..i * s + s]);
        u64::from_le_bytes(v)
    }
}

fn float_of(t: &str, r: u64) -> f64 {
    match t {
        "f16" => f16_value(r as u16),
        "bf16" => f32::from_bits((r as u32) << 16) as f64,
        "tf32" => f32::from_bits(r as u32 & !0x1fff) as f64,
        "f32" => f32::from_bits(r as u32) as f64,
        _ => f64::from_bits(r),
    }
}

fn int_of(t: &str, r: u64) -> i64 {
    match t {
        "s8" => r as u8 as i8 as i64,
        "s4" => ((r as u8) << 4) as i8 as i64 >> 4,
        "s32" => r as u32 as i32 as i64,
        _ => r as i64,
    }
}

/// The expected D as raw element values, row-major `m x n`.
fn reference(cs: &Case, a: &[u8], b: &[u8], c: &[u8]) -> Vec<u64> {
    let (m, n, k) = cs.shape;
    let mut out = Vec::with_capacity(m * n);
    for i in 0..m {
        for j in 0..n {
            let ra = |kk: usize| raw(a, cs.ab, i * k + kk);
            let rb = |kk: usize| raw(b, cs.ab, j * k + kk);
            let rc = raw(c, cs.c, i * n + j);
            out.push(match cs.ab {
                "f64" => {
                    let mut acc = f64::from_bits(rc);
                    for kk in 0..k {
                        acc = f64::from_bits(ra(kk)).mul_add(f64::from_bits(rb(kk)), acc);
                    }
                    acc.to_bits()
                }
                "f16" | "bf16" | "tf32" => {
                    let mut acc = float_of(cs.c, rc) as f32;
                    for kk in 0..k {
                        acc += (float_of(cs.ab, ra(kk)) * float_of(cs.ab, rb(kk))) as f32;
                    }
                    if cs.d == "f16" {
                        f16_bits(acc as f64) as u64
                    } else {
                        acc.to_bits() as u64
                    }
                }
                _ => {
                    let mut acc = int_of("s32", rc);
                    for kk in 0..k {
                        acc += match cs.b1op {
                            "xor" => (ra(kk) ^ rb(kk)) as i64,
                            "and" => (ra(kk) & rb(kk)) as i64,
                            _ => int_of(cs.ab, ra(kk)) * int_of(cs.ab, rb(kk)),
                        };
                    }
                    let acc = if cs.satf { acc.clamp(i32::MIN as i64, i32::MAX as i64) } else { acc };
                    acc as i32 as u32 as u64
                }
            });
        }
    }
    out
}

fn compile_simtc(ir: &std::path::Path, ptx: &std::path::Path) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .args(["compile", "--mcpu", "sm_80"])
        .arg(ir)
        .arg("-o")
        .arg(ptx)
        .output()
        .expect("run simtc");
    assert!(o.status.success(), "simtc failed: {}", String::from_utf8_lossy(&o.stderr));
    std::fs::read_to_string(ptx).expect("simtc output")
}

fn run_case(name: &str, cs: Case) {
    let dir = std::env::temp_dir().join(format!("simtc-wmma-emu-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let ir = dir.join("k.ll");
    std::fs::write(&ir, kernel_ir(&cs)).expect("write IR");
    let mut ptxs = vec![("simtc", compile_simtc(&ir, &dir.join("k.simtc.ptx")))];
    if let Some(ptxas) = common::ptxas_for("sm_80") {
        let o = Command::new(ptxas).args(["-arch=sm_80", "-o", "/dev/null"]).arg(dir.join("k.simtc.ptx")).output();
        let o = o.expect("run ptxas");
        assert!(o.status.success(), "{name}: ptxas rejected simtc's PTX: {}", String::from_utf8_lossy(&o.stderr));
    }
    if let Some(llc) = common::llvm_tool("llc") {
        let p = dir.join("k.llc.ptx");
        let st = Command::new(llc).args(["-mcpu=sm_80"]).arg(&ir).arg("-o").arg(&p).status().expect("run llc");
        assert!(st.success(), "{name}: llc failed");
        ptxs.push(("llc", std::fs::read_to_string(&p).expect("llc output")));
    }
    let (m, n, k) = cs.shape;
    let a = matrix_bytes(cs.ab, m * k, 1);
    let b = matrix_bytes(cs.ab, k * n, 2);
    let c = matrix_bytes(cs.c, m * n, 3);
    let want = reference(&cs, &a, &b, &c);
    let dbytes = m * n * bits(cs.d) / 8;
    let launch = Launch {
        kernel: "wmma".into(),
        grid: [1, 1, 1],
        block: [32, 1, 1],
        dynamic_shared_bytes: 0,
        args: (0..4).map(Arg::Buffer).collect(),
        buffers: [("a", a), ("b", b), ("c", c), ("d", vec![0u8; dbytes])]
            .into_iter()
            .map(|(nm, data)| Buffer { name: nm.into(), data })
            .collect(),
    };
    for (producer, ptx) in ptxs {
        let prog = simtc_emu::load_ptx(&ptx, &format!("{name}.{producer}.ptx")).unwrap_or_else(|e| panic!("{e}"));
        let r = simtc_emu::run(&prog, &launch, &RunOptions::default()).unwrap_or_else(|e| panic!("{producer}: {e}"));
        let got: Vec<u64> = (0..m * n).map(|i| raw(&r.buffers[3], cs.d, i)).collect();
        if let Some(i) = (0..m * n).find(|&i| got[i] != want[i]) {
            panic!("{name} ({producer} PTX): d[{}][{}] = {:#x}, expected {:#x}", i / n, i % n, got[i], want[i]);
        }
    }
}

macro_rules! cases {
    ($($name:ident: $shape:expr, $ab:literal, $c:literal, $d:literal, $sig:literal, $satf:expr, $b1:literal;)*) => {
        $(#[test]
        fn $name() {
            run_case(stringify!($name), Case { shape: $shape, ab: $ab, c: $c, d: $d, sig: $sig, satf: $satf, b1op: $b1 });
        })*
    };
}

cases! {
    f16_f32_m16n16k16: (16, 16, 16), "f16", "f32", "f32", "f32.f32", false, "";
    f16_f16_m32n8k16: (32, 8, 16), "f16", "f16", "f16", "f16.f16", false, "";
    f16_f32acc_f16d_m8n32k16: (8, 32, 16), "f16", "f32", "f16", "f16.f32", false, "";
    bf16_m16n16k16: (16, 16, 16), "bf16", "f32", "f32", "bf16", false, "";
    bf16_m8n32k16: (8, 32, 16), "bf16", "f32", "f32", "bf16", false, "";
    tf32_m16n16k8: (16, 16, 8), "tf32", "f32", "f32", "tf32", false, "";
    f64_m8n8k4: (8, 8, 4), "f64", "f64", "f64", "f64", false, "";
    u8_m16n16k16_satfinite: (16, 16, 16), "u8", "s32", "s32", "u8", true, "";
    s8_m32n8k16: (32, 8, 16), "s8", "s32", "s32", "s8", false, "";
    s4_m8n8k32: (8, 8, 32), "s4", "s32", "s32", "s4", false, "";
    b1_xor_m8n8k128: (8, 8, 128), "b1", "s32", "s32", "b1", false, "xor";
}

#[test]
fn a_divergent_warp_executing_wmma_is_an_error() {
    let ptx = r#"
.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 p)
{
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    .reg .f32 %f<9>;
    .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [p];
    mov.u32 %r1, %tid.x;
    setp.lt.u32 %p1, %r1, 16;
    @%p1 bra DONE;
    wmma.load.c.sync.aligned.row.m16n16k16.global.f32 {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, [%rd1], 16;
DONE:
    ret;
}
"#;
    let prog = simtc_emu::load_ptx(ptx, "div.ptx").unwrap_or_else(|e| panic!("{e}"));
    let launch = Launch {
        kernel: "k".into(),
        grid: [1, 1, 1],
        block: [32, 1, 1],
        dynamic_shared_bytes: 0,
        args: vec![Arg::Buffer(0)],
        buffers: vec![Buffer { name: "c".into(), data: vec![0u8; 1024] }],
    };
    let e = simtc_emu::run(&prog, &launch, &RunOptions::default()).expect_err("a divergent wmma must fail");
    assert!(e.to_string().contains("warp-wide"), "{e}");
}

#[test]
fn malformed_wmma_is_rejected_when_decoding() {
    let ptx = |inst: &str| {
        format!(
            ".version 7.0\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u64 p)\n{{\n\
             .reg .b32 %r<9>;\n.reg .f64 %fd<3>;\n.reg .b64 %rd<2>;\nld.param.u64 %rd1, [p];\n{inst}\nret;\n}}\n"
        )
    };
    for (inst, why) in [
        ("wmma.load.c.sync.aligned.row.m16n16k16.f32 {%r1, %r2, %r3, %r4}, [%rd1];", "registers"),
        ("wmma.load.a.sync.aligned.row.m8n8k4.f64 {%r1}, [%rd1];", "64-bit"),
        ("wmma.load.a.sync.aligned.diag.m16n16k16.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1];", "row"),
        ("wmma.load.a.aligned.row.m16n16k16.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1];", ".sync"),
    ] {
        let e = simtc_emu::load_ptx(&ptx(inst), "bad.ptx").expect_err(inst);
        assert!(e.to_string().contains(why), "{inst}: {e}");
    }
}
