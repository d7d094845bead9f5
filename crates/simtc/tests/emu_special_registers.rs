//! Every special register and predefined identifier of the PTX ISA, read by a hand-written kernel that ptxas
//! accepts, checked against the values `crates/emu/src/special.rs` documents for every thread of a 3-D grid of
//! 3-D CTAs; `mov` width errors rejected as ptxas rejects them; nvcc's `WARP_SZ`.

mod common;

use simtc_emu::{Arg, Buffer, Launch, RunOptions};
use std::process::Command;

const GRID: [u32; 3] = [2, 3, 1];
const BLOCK: [u32; 3] = [16, 3, 2];
const DYN_SMEM: u32 = 64;
/// Static shared memory of the kernel (a multiple of 16, so the dynamic window follows it directly).
const STATIC_SMEM: u32 = 128;

/// A value the kernel stores, and what it should be for a thread.
struct Probe {
    /// PTX that leaves the value in `%rd9`.
    ptx: String,
    /// What the value is.
    name: String,
    want: Box<dyn Fn(&Thread) -> u64>,
}

/// Where a thread is.
struct Thread {
    tid: [u32; 3],
    ctaid: [u32; 3],
    /// Linear thread index in the CTA.
    linear: u32,
}

fn probe(name: &str, ptx: &str, want: impl Fn(&Thread) -> u64 + 'static) -> Probe {
    Probe { ptx: ptx.into(), name: name.into(), want: Box::new(want) }
}

/// Reads a 32-bit special register into `%rd9`.
fn p32(reg: &str, want: impl Fn(&Thread) -> u64 + 'static) -> Probe {
    probe(reg, &format!("mov.u32 %r9, {reg};\n  cvt.u64.u32 %rd9, %r9;"), want)
}

/// Reads a 64-bit special register into `%rd9`.
fn p64(reg: &str, want: impl Fn(&Thread) -> u64 + 'static) -> Probe {
    probe(reg, &format!("mov.u64 %rd9, {reg};"), want)
}

fn lane(t: &Thread) -> u64 {
    (t.linear % 32) as u64
}

fn probes() -> Vec<Probe> {
    let mut v = Vec::new();
    let xyzw = ["x", "y", "z", "w"];
    // Vector registers, per component (32-bit and, where allowed, 16-bit reads) and whole (`mov.v4`).
    type Comp = fn(&Thread, usize) -> u64;
    let vectors: [(&str, Comp, bool); 8] = [
        ("%tid", |t, c| t.tid[c] as u64, true),
        ("%ntid", |_, c| BLOCK[c] as u64, true),
        ("%ctaid", |t, c| t.ctaid[c] as u64, true),
        ("%nctaid", |_, c| GRID[c] as u64, true),
        ("%clusterid", |t, c| t.ctaid[c] as u64, false),
        ("%nclusterid", |_, c| GRID[c] as u64, false),
        ("%cluster_ctaid", |_, _| 0, false),
        ("%cluster_nctaid", |_, _| 1, false),
    ];
    for (reg, f, legacy16) in vectors {
        for (c, x) in xyzw.iter().enumerate() {
            let w = move |t: &Thread| if c == 3 { 0 } else { f(t, c) };
            v.push(p32(&format!("{reg}.{x}"), w));
        }
        v.push(probe(
            &format!("{reg} (v4)"),
            &format!(
                "mov.v4.u32 {{%r5, %r6, %r7, %r8}}, {reg};\n  cvt.u64.u32 %rd9, %r5;\n  cvt.u64.u32 %rd5, %r6;\n  \
                 shl.b64 %rd5, %rd5, 16;\n  or.b64 %rd9, %rd9, %rd5;\n  cvt.u64.u32 %rd5, %r7;\n  shl.b64 %rd5, %rd5, 32;\n  \
                 or.b64 %rd9, %rd9, %rd5;\n  cvt.u64.u32 %rd5, %r8;\n  shl.b64 %rd5, %rd5, 48;\n  or.b64 %rd9, %rd9, %rd5;"
            ),
            move |t| f(t, 0) | f(t, 1) << 16 | f(t, 2) << 32,
        ));
        if legacy16 {
            v.push(probe(
                &format!("{reg}.y (u16)"),
                &format!("mov.u16 %h1, {reg}.y;\n  cvt.u64.u16 %rd9, %h1;"),
                move |t| f(t, 1),
            ));
        }
    }
    v.push(p32("%cluster_ctarank", |_| 0));
    v.push(p32("%cluster_nctarank", |_| 1));
    v.push(probe("%is_explicit_cluster", "mov.pred %p1, %is_explicit_cluster;\n  selp.u64 %rd9, 7, 9, %p1;", |_| 9));
    v.push(p32("%laneid", lane));
    v.push(p32("%warpid", |t| (t.linear / 32) as u64));
    v.push(p32("%nwarpid", |_| 3));
    v.push(p32("%smid", |_| 0));
    v.push(p32("%nsmid", |_| 1));
    v.push(p64("%gridid", |_| 0));
    v.push(probe("%gridid (u32)", "mov.u32 %r9, %gridid;\n  cvt.u64.u32 %rd9, %r9;", |_| 0));
    v.push(p32("%lanemask_eq", |t| 1 << lane(t)));
    v.push(p32("%lanemask_le", |t| (2u64 << lane(t)) - 1));
    v.push(p32("%lanemask_lt", |t| (1u64 << lane(t)) - 1));
    v.push(p32("%lanemask_ge", |t| 0xFFFF_FFFF & !((1u64 << lane(t)) - 1)));
    v.push(p32("%lanemask_gt", |t| 0xFFFF_FFFF & !((2u64 << lane(t)) - 1)));
    // Clocks: %clock64, then %clock, then %clock64 again strictly increase; %clock_hi is 0 this early.
    v.push(probe(
        "%clock64 < %clock < %clock64",
        "mov.u64 %rd5, %clock64;\n  mov.u32 %r5, %clock;\n  mov.u32 %r6, %clock_hi;\n  mov.u64 %rd6, %clock64;\n  \
         cvt.u64.u32 %rd7, %r5;\n  setp.lt.u64 %p1, %rd5, %rd7;\n  setp.lt.and.u64 %p1, %rd7, %rd6, %p1;\n  \
         setp.eq.and.u32 %p1, %r6, 0, %p1;\n  setp.gt.and.u64 %p1, %rd5, 0, %p1;\n  selp.u64 %rd9, 1, 0, %p1;",
        |_| 1,
    ));
    v.push(probe(
        "%globaltimer < %globaltimer_lo < %globaltimer",
        "mov.u64 %rd5, %globaltimer;\n  mov.u32 %r5, %globaltimer_lo;\n  mov.u32 %r6, %globaltimer_hi;\n  \
         mov.u64 %rd6, %globaltimer;\n  cvt.u64.u32 %rd7, %r5;\n  setp.lt.u64 %p1, %rd5, %rd7;\n  \
         setp.lt.and.u64 %p1, %rd7, %rd6, %p1;\n  setp.eq.and.u32 %p1, %r6, 0, %p1;\n  \
         rem.u64 %rd8, %rd6, 1000;\n  setp.eq.and.u64 %p1, %rd8, 0, %p1;\n  selp.u64 %rd9, 1, 0, %p1;",
        |_| 1,
    ));
    for k in 0..8 {
        v.push(p32(&format!("%pm{k}"), |_| 0));
        v.push(p64(&format!("%pm{k}_64"), |_| 0));
    }
    for k in 0..32 {
        v.push(p32(&format!("%envreg{k}"), |_| 0));
    }
    for s in ["begin", "end", "cap", "0", "1"] {
        v.push(p32(&format!("%reserved_smem_offset_{s}"), |_| 0));
    }
    v.push(p32("%total_smem_size", |_| (STATIC_SMEM + DYN_SMEM) as u64));
    v.push(p32("%aggr_smem_size", |_| (STATIC_SMEM + DYN_SMEM) as u64));
    v.push(p32("%dynamic_smem_size", |_| DYN_SMEM as u64));
    v.push(p64("%current_graph_exec", |_| 0));
    // WARP_SZ as an immediate, in a constant sum, in an address offset and in an initializer.
    v.push(probe("WARP_SZ", "mov.u32 %r9, WARP_SZ;\n  cvt.u64.u32 %rd9, %r9;", |_| 32));
    v.push(probe("WARP_SZ-1", "mov.u32 %r9, %tid.x;\n  add.u32 %r9, %r9, WARP_SZ-1;\n  cvt.u64.u32 %rd9, %r9;", |t| {
        t.tid[0] as u64 + 31
    }));
    v.push(probe(
        "[ws+WARP_SZ-32] and a .global initializer",
        "ld.global.u32 %r9, [ws+4];\n  ld.global.u32 %r8, [ws+WARP_SZ-32];\n  mad.lo.u32 %r9, %r9, 100, %r8;\n  \
         cvt.u64.u32 %rd9, %r9;",
        |_| 3332,
    ));
    v
}

fn kernel(probes: &[Probe]) -> String {
    let mut body = String::new();
    for (k, p) in probes.iter().enumerate() {
        body.push_str(&format!("  // {}\n  {}\n  st.global.u64 [%rd3+{}], %rd9;\n", p.name, p.ptx, k * 8));
    }
    format!(
        ".version 8.1\n.target sm_90\n.address_size 64\n.global .align 4 .u32 ws[2] = {{WARP_SZ, WARP_SZ+1}};\n\
         .extern .shared .align 16 .b8 dyn[];\n\
         .visible .entry k(.param .u64 out)\n{{\n  .reg .pred %p<4>;\n  .reg .b16 %h<4>;\n  .reg .b32 %r<16>;\n  .reg .b64 %rd<16>;\n\
         .shared .align 16 .b8 stat[{STATIC_SMEM}];\n\
         ld.param.u64 %rd1, [out];\n  cvta.to.global.u64 %rd1, %rd1;\n\
         // linear thread index over the grid: ((ctaid linear) * threads per CTA + tid linear)\n\
         mov.u32 %r1, %tid.x;\n  mov.u32 %r2, %tid.y;\n  mov.u32 %r3, %tid.z;\n  mad.lo.u32 %r2, %r3, {by}, %r2;\n  mad.lo.u32 %r1, %r2, {bx}, %r1;\n\
         mov.u32 %r4, %ctaid.x;\n  mov.u32 %r5, %ctaid.y;\n  mov.u32 %r6, %ctaid.z;\n  mad.lo.u32 %r5, %r6, {gy}, %r5;\n  mad.lo.u32 %r4, %r5, {gx}, %r4;\n\
         mad.lo.u32 %r1, %r4, {nt}, %r1;\n  mul.wide.u32 %rd2, %r1, {stride};\n  add.s64 %rd3, %rd1, %rd2;\n\
         // keep the shared variables\n  st.shared.u32 [stat], %r1;\n  st.shared.u32 [dyn], %r1;\n{body}  ret;\n}}\n",
        by = BLOCK[1],
        bx = BLOCK[0],
        gy = GRID[1],
        gx = GRID[0],
        nt = BLOCK.iter().product::<u32>(),
        stride = probes.len() * 8,
    )
}

#[test]
fn every_special_register_reads_its_documented_value() {
    let probes = probes();
    let ptx = kernel(&probes);
    let dir = std::env::temp_dir().join(format!("simtc-emu-sregs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sregs.ptx");
    std::fs::write(&file, &ptx).unwrap();
    common::assemble_if_available(&file, "sm_90");
    let prog = simtc_emu::load_ptx(&ptx, "sregs.ptx").unwrap_or_else(|e| panic!("{e}"));
    let per_cta = BLOCK.iter().product::<u32>();
    let threads = (per_cta * GRID.iter().product::<u32>()) as usize;
    let l = Launch {
        kernel: "k".into(),
        grid: GRID,
        block: BLOCK,
        dynamic_shared_bytes: DYN_SMEM,
        args: vec![Arg::Buffer(0)],
        buffers: vec![Buffer { name: "out".into(), data: vec![0; threads * probes.len() * 8] }],
    };
    let r = simtc_emu::run(&prog, &l, &RunOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    let got: Vec<u64> = r.buffers[0].chunks(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect();
    let mut i = 0;
    for cz in 0..GRID[2] {
        for cy in 0..GRID[1] {
            for cx in 0..GRID[0] {
                for linear in 0..per_cta {
                    let t = Thread {
                        tid: [linear % BLOCK[0], (linear / BLOCK[0]) % BLOCK[1], linear / (BLOCK[0] * BLOCK[1])],
                        ctaid: [cx, cy, cz],
                        linear,
                    };
                    for p in &probes {
                        assert_eq!(got[i], (p.want)(&t), "{} in thread {:?} of CTA {:?}", p.name, t.tid, t.ctaid);
                        i += 1;
                    }
                }
            }
        }
    }
    assert_eq!(i, got.len());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn special_registers_of_the_wrong_width_or_name_are_rejected_as_ptxas_does() {
    let dir = std::env::temp_dir().join(format!("simtc-emu-sregs-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ptxas = common::ptxas_for("sm_90");
    for (k, (inst, needle)) in [
        ("mov.u32 %r1, %clock64;", "cannot be read by 'mov.u32'"),
        ("mov.u64 %rd1, %clock;", "cannot be read by 'mov.u64'"),
        ("mov.u64 %rd1, %globaltimer_hi;", "cannot be read by 'mov.u64'"),
        ("mov.u32 %r1, %current_graph_exec;", "cannot be read by 'mov.u32'"),
        ("mov.u16 %h1, %laneid;", "cannot be read by 'mov.u16'"),
        ("mov.u16 %h1, %clusterid.x;", "cannot be read by 'mov.u16'"),
        ("mov.u32 %r1, %is_explicit_cluster;", "is a predicate special register"),
        ("mov.u32 %r1, %pm8;", "'%pm8'"),
        ("mov.u32 %r1, %envreg32;", "'%envreg32'"),
        ("mov.u32 %r1, %reserved_smem_offset_2;", "'%reserved_smem_offset_2'"),
        ("mov.v2.u32 {%r1, %r2}, %tid;", "has four components"),
        ("mov.u32 %r1, %tid;", "'%tid'"),
        ("mov.v4.u16 {%h1, %h2, %h3, %h0}, %clusterid;", "cannot be read by 'mov.v4.u16'"),
        ("add.u32 %r1, %laneid, 1;", "special register '%laneid' is an operand of 'add.u32'"),
        ("setp.eq.u32 %p1, %lanemask_eq, 1;", "only mov and cvt read special registers"),
    ]
    .into_iter()
    .enumerate()
    {
        let ptx = format!(
            ".version 8.1\n.target sm_90\n.address_size 64\n.visible .entry k()\n{{\n  .reg .pred %p<2>;\n  .reg .b16 %h<4>;\n  .reg .b32 %r<4>;\n  .reg .b64 %rd<4>;\n  {inst}\n  ret;\n}}\n"
        );
        let e = simtc_emu::load_ptx(&ptx, "bad.ptx").map(|_| ()).unwrap_err().to_string();
        assert!(e.contains(needle), "{inst}: {e}");
        if let Some(ptxas) = &ptxas {
            let f = dir.join(format!("bad{k}.ptx"));
            std::fs::write(&f, &ptx).unwrap();
            let o = Command::new(ptxas).args(["-arch=sm_90", "-o", "/dev/null"]).arg(&f).output().unwrap();
            assert!(!o.status.success(), "ptxas accepts {inst}, the emulator rejects it");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn nvcc_warp_sz_runs() {
    let Some(nvcc) = common::cuda_tool("nvcc") else { return };
    let dir = std::env::temp_dir().join(format!("simtc-emu-warpsz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cu = dir.join("ws.cu");
    std::fs::write(
        &cu,
        "extern \"C\" __global__ void ws(int *out) {\n  int t = threadIdx.x;\n  out[t] = warpSize * 3 + t % warpSize;\n}\n",
    )
    .unwrap();
    let ptx = dir.join("ws.ptx");
    let o = Command::new(nvcc).args(["-ptx", "-O3", "-arch=sm_90"]).arg(&cu).arg("-o").arg(&ptx).output().unwrap();
    assert!(o.status.success(), "nvcc: {}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&ptx).unwrap();
    assert!(text.contains("WARP_SZ"), "nvcc no longer writes WARP_SZ:\n{text}");
    let prog = simtc_emu::load_ptx(&text, "ws.ptx").unwrap_or_else(|e| panic!("{e}"));
    let l = Launch {
        kernel: "ws".into(),
        grid: [1, 1, 1],
        block: [80, 1, 1],
        dynamic_shared_bytes: 0,
        args: vec![Arg::Buffer(0)],
        buffers: vec![Buffer { name: "out".into(), data: vec![0; 80 * 4] }],
    };
    let r = simtc_emu::run(&prog, &l, &RunOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    let got: Vec<i32> = r.buffers[0].chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect();
    assert_eq!(got, (0..80).map(|t| 96 + t % 32).collect::<Vec<_>>());
    let _ = std::fs::remove_dir_all(&dir);
}
