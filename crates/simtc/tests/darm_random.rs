//! Property test of DARM (seed 001, issue 10): random kernels with one divergent if/else whose two sides are
//! similar (both derived from one random template with random mutations) keep their outputs in the SIMT emulator
//! when DARM melds them. Side shapes are random: a single block, a triangle (if-then) or a diamond (if/else) on a
//! uniform or a data-dependent inner condition, so the cases cover basic block–basic block, region–region and
//! block–region (region replication) melding, and non-isomorphic sides that must be left alone. Sides load from
//! an input buffer at computed indices and store to per-thread output slots (memory operations in guarded runs).
//!
//! Each case is compiled in-process at `-O3` with DARM on and with `--disable-pass darm`, both run in the emulator
//! (64 threads, two warps), and the output buffers must be identical. The test also checks that DARM melded in a
//! meaningful share of the cases (its `darm-stats` counters), and that block–region melds happened, so it is not
//! vacuous. Deterministic: a fixed list of seeds (SplitMix64).
//!
//! A second family (`kernel_common`) has sides that **join before the exit**: each side's head branches to a
//! common block (directly or through a private block) or to the exit, the common block has a phi of both sides'
//! values and may lead to a second common block, and the exit's phi reads every block entering it — the shape
//! Definition 4's simplification (`darm::simplify`) splits, as in clang's IR of the paper's bitonic sort. The heads
//! also store to a per-thread slot addressed from before the branch, one side possibly once more than the other:
//! the unaligned store is then fully predicated (load, select, store). The test checks that blocks were split and
//! stores predicated.

use simtc_codegen::{Options, Pipeline};
use simtc_emu::{LaunchSpec, RunOptions};
use std::collections::HashMap;
use std::fmt::Write as _;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, pct: u64) -> bool {
        self.below(100) < pct
    }
}

/// One operation of a side's template: kind, two operand selectors (indices into the values available), a
/// constant.
#[derive(Clone, Copy)]
struct Op {
    kind: u8,
    a: usize,
    b: usize,
    k: i32,
}

const BIN: [&str; 6] = ["add", "sub", "mul", "xor", "and", "or"];
const KINDS: u8 = 9; // 0..6 binary, 6 shl by a constant, 7 load, 8 store

fn random_op(rng: &mut Rng) -> Op {
    Op {
        kind: rng.below(KINDS as u64) as u8,
        a: rng.below(64) as usize,
        b: rng.below(64) as usize,
        k: rng.below(41) as i32 - 20,
    }
}

fn mutate(rng: &mut Rng, ops: &[Op], pct: u64) -> Vec<Op> {
    let mut out = Vec::new();
    for &op in ops {
        if rng.chance(pct / 3) {
            continue; // dropped
        }
        let mut o = op;
        if rng.chance(pct) {
            match rng.below(3) {
                0 => o.kind = rng.below(KINDS as u64) as u8,
                1 => o.a = rng.below(64) as usize,
                _ => o.k = rng.below(41) as i32 - 20,
            }
        }
        out.push(o);
        if rng.chance(pct / 3) {
            out.push(random_op(rng)); // inserted
        }
    }
    out
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Shape {
    Block,
    Triangle,
    Diamond,
}

struct Gen {
    text: String,
    n: usize,
}

impl Gen {
    fn fresh(&mut self, p: &str) -> String {
        self.n += 1;
        format!("%{p}{}", self.n)
    }
    fn label(&mut self, p: &str) -> String {
        self.n += 1;
        format!("{p}{}", self.n)
    }
    /// Emits `ops` into the current block; values are appended to `env`.
    fn ops(&mut self, ops: &[Op], env: &mut Vec<String>) {
        for op in ops {
            let a = env[op.a % env.len()].clone();
            let b = env[op.b % env.len()].clone();
            match op.kind {
                0..=5 => {
                    let r = self.fresh("v");
                    let rhs = if op.b % 3 == 0 { op.k.to_string() } else { b };
                    writeln!(self.text, "  {r} = {} i32 {a}, {rhs}", BIN[op.kind as usize]).unwrap();
                    env.push(r);
                }
                6 => {
                    let r = self.fresh("v");
                    writeln!(self.text, "  {r} = shl i32 {a}, {}", op.k.rem_euclid(16)).unwrap();
                    env.push(r);
                }
                7 => {
                    let (i, p, r) = (self.fresh("i"), self.fresh("p"), self.fresh("v"));
                    writeln!(self.text, "  {i} = and i32 {a}, 127").unwrap();
                    writeln!(self.text, "  {p} = getelementptr inbounds i32, ptr addrspace(1) %in, i32 {i}").unwrap();
                    writeln!(self.text, "  {r} = load i32, ptr addrspace(1) {p}, align 4").unwrap();
                    env.push(r);
                }
                _ => {
                    let (s, p) = (self.fresh("s"), self.fresh("p"));
                    writeln!(self.text, "  {s} = add i32 %slot, {}", op.k.rem_euclid(7)).unwrap();
                    writeln!(self.text, "  {p} = getelementptr inbounds i32, ptr addrspace(1) %out, i32 {s}").unwrap();
                    writeln!(self.text, "  store i32 {a}, ptr addrspace(1) {p}, align 4").unwrap();
                }
            }
        }
    }

    /// Emits one side starting at block `head`, ending with a branch to `exit`; returns (value, last block).
    fn side(
        &mut self,
        head: &str,
        exit: &str,
        shape: Shape,
        parts: &[Vec<Op>; 4],
        inner_uniform: bool,
    ) -> (String, String) {
        let mut env: Vec<String> = ["%x0", "%x1", "%tid", "%n"].iter().map(|s| s.to_string()).collect();
        writeln!(self.text, "{head}:").unwrap();
        self.ops(&parts[0], &mut env);
        if shape == Shape::Block {
            writeln!(self.text, "  br label %{exit}").unwrap();
            return (env.last().unwrap().clone(), head.to_string());
        }
        let cond = if inner_uniform {
            "%u".to_string()
        } else {
            let c = self.fresh("c");
            writeln!(self.text, "  {c} = icmp slt i32 {}, 0", env.last().unwrap()).unwrap();
            c
        };
        let (t, e, j) = (self.label("t"), self.label("e"), self.label("j"));
        let base = env.last().unwrap().clone();
        let fdest = if shape == Shape::Diamond { e.clone() } else { j.clone() };
        writeln!(self.text, "  br i1 {cond}, label %{t}, label %{fdest}").unwrap();
        writeln!(self.text, "{t}:").unwrap();
        let mut tenv = env.clone();
        self.ops(&parts[1], &mut tenv);
        writeln!(self.text, "  br label %{j}").unwrap();
        let (fv, fblock) = if shape == Shape::Diamond {
            writeln!(self.text, "{e}:").unwrap();
            let mut fenv = env.clone();
            self.ops(&parts[2], &mut fenv);
            writeln!(self.text, "  br label %{j}").unwrap();
            (fenv.last().unwrap().clone(), e.clone())
        } else {
            (base, head.to_string())
        };
        writeln!(self.text, "{j}:").unwrap();
        let m = self.fresh("m");
        writeln!(self.text, "  {m} = phi i32 [ {}, %{t} ], [ {fv}, %{fblock} ]", tenv.last().unwrap()).unwrap();
        env.push(m);
        self.ops(&parts[3], &mut env);
        writeln!(self.text, "  br label %{exit}").unwrap();
        (env.last().unwrap().clone(), j)
    }
}

/// The kernel's entry block up to the divergent branch's condition `%c` (thread- or data-dependent).
fn prelude(g: &mut Gen, rng: &mut Rng) {
    g.text.push_str(
        "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n\n\
         define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {\n\
         entry:\n\
         \x20 %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n\
         \x20 %slot = mul i32 %tid, 8\n\
         \x20 %pin0 = getelementptr inbounds i32, ptr addrspace(1) %in, i32 %tid\n\
         \x20 %x0 = load i32, ptr addrspace(1) %pin0, align 4\n\
         \x20 %t64 = add i32 %tid, 64\n\
         \x20 %pin1 = getelementptr inbounds i32, ptr addrspace(1) %in, i32 %t64\n\
         \x20 %x1 = load i32, ptr addrspace(1) %pin1, align 4\n\
         \x20 %u = icmp sgt i32 %n, 2\n",
    );
    let cond = match rng.below(3) {
        0 => "  %tb = and i32 %tid, 1\n  %c = icmp ne i32 %tb, 0\n",
        1 => "  %c = icmp slt i32 %x0, 0\n",
        _ => "  %c = icmp ult i32 %tid, 13\n",
    };
    g.text.push_str(cond);
}

/// A random kernel; returns its text.
fn kernel(seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D));
    let len = |rng: &mut Rng| 1 + rng.below(6) as usize;
    let template: [Vec<Op>; 4] = std::array::from_fn(|_| (0..len(&mut rng)).map(|_| random_op(&mut rng)).collect());
    let pct = [0, 10, 30, 60][rng.below(4) as usize];
    let shapes = [Shape::Block, Shape::Triangle, Shape::Diamond];
    let st = shapes[rng.below(3) as usize];
    let sf = match rng.below(4) {
        0 | 1 => st,
        2 if st != Shape::Block => Shape::Block,
        _ => shapes[rng.below(3) as usize],
    };
    let mut g = Gen { text: String::new(), n: 0 };
    prelude(&mut g, &mut rng);
    g.text.push_str("  br i1 %c, label %T, label %F\n");
    let inner_uniform = rng.chance(50);
    let parts_t: [Vec<Op>; 4] = std::array::from_fn(|k| mutate(&mut rng, &template[k], pct));
    let parts_f: [Vec<Op>; 4] = std::array::from_fn(|k| mutate(&mut rng, &template[k], pct));
    let (vt, bt) = g.side("T", "X", st, &parts_t, inner_uniform);
    let (vf, bf) = g.side("F", "X", sf, &parts_f, inner_uniform);
    writeln!(g.text, "X:\n  %r = phi i32 [ {vt}, %{bt} ], [ {vf}, %{bf} ]").unwrap();
    g.text.push_str(
        "  %sfin = add i32 %slot, 7\n\
         \x20 %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %sfin\n\
         \x20 store i32 %r, ptr addrspace(1) %po, align 4\n\
         \x20 ret void\n}\n",
    );
    g.text
}

/// A random kernel whose two sides join before the exit (Definition 4's simplification, `darm::simplify`): each
/// side is a head (mutated template ops, then a branch on its last value, or on the uniform `%u`, to the common
/// block `J` or the exit), optionally through a private block; `J` (a phi of both sides' values, shared ops with
/// stores) may go on to a second common block `J2`; the exit's phi reads values of every block entering it.
fn kernel_common(seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0xC0FF_EE00);
    let len = |rng: &mut Rng| 1 + rng.below(6) as usize;
    let template: [Vec<Op>; 2] = std::array::from_fn(|_| (0..len(&mut rng)).map(|_| random_op(&mut rng)).collect());
    let common: [Vec<Op>; 2] = std::array::from_fn(|_| (0..len(&mut rng)).map(|_| random_op(&mut rng)).collect());
    let pct = [0, 10, 30][rng.below(3) as usize];
    let mids = [rng.chance(40), rng.chance(40)];
    let mids = if rng.chance(70) { [mids[0], mids[0]] } else { mids };
    let chain = rng.chance(50);
    let inner_uniform = rng.chance(25);
    let mut g = Gen { text: String::new(), n: 0 };
    prelude(&mut g, &mut rng);
    // Stores of the heads' last values to a per-thread slot computed before the branch: one side may store
    // there once more than the other, leaving an unaligned store the other side's threads may fully predicate.
    g.text.push_str(
        "  %sfix = add i32 %slot, 6\n\
         \x20 %pfix = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %sfix\n",
    );
    let fixed = [rng.below(3), rng.below(3)];
    g.text.push_str("  br i1 %c, label %T, label %F\n");
    let base: Vec<String> = ["%x0", "%x1", "%tid", "%n"].iter().map(|s| s.to_string()).collect();
    let mut exit_in: Vec<(String, String)> = Vec::new();
    let mut join_in: Vec<(String, String)> = Vec::new();
    for (side, mid) in ["T", "F"].into_iter().zip(mids) {
        let parts: [Vec<Op>; 2] = std::array::from_fn(|k| mutate(&mut rng, &template[k], pct));
        let mut env = base.clone();
        writeln!(g.text, "{side}:").unwrap();
        g.ops(&parts[0], &mut env);
        for k in 0..fixed[(side == "F") as usize] {
            let v = &env[env.len() - 1 - (k as usize % env.len())];
            writeln!(g.text, "  store i32 {v}, ptr addrspace(1) %pfix, align 4").unwrap();
        }
        let cond = if inner_uniform {
            "%u".to_string()
        } else {
            let c = g.fresh("c");
            writeln!(g.text, "  {c} = icmp sgt i32 {}, -30", env.last().unwrap()).unwrap();
            c
        };
        let to = if mid { format!("{side}m") } else { "J".to_string() };
        writeln!(g.text, "  br i1 {cond}, label %{to}, label %X").unwrap();
        exit_in.push((env.last().unwrap().clone(), side.to_string()));
        if mid {
            writeln!(g.text, "{side}m:").unwrap();
            g.ops(&parts[1], &mut env);
            writeln!(g.text, "  br label %J").unwrap();
        }
        join_in.push((env.last().unwrap().clone(), if mid { to } else { side.to_string() }));
    }
    writeln!(g.text, "J:").unwrap();
    let phi: Vec<String> = join_in.iter().map(|(v, b)| format!("[ {v}, %{b} ]")).collect();
    writeln!(g.text, "  %m = phi i32 {}", phi.join(", ")).unwrap();
    let mut env = base.clone();
    env.push("%m".to_string());
    g.ops(&common[0], &mut env);
    if chain {
        let c = g.fresh("c");
        writeln!(g.text, "  {c} = icmp slt i32 {}, 50", env.last().unwrap()).unwrap();
        writeln!(g.text, "  br i1 {c}, label %J2, label %X").unwrap();
        exit_in.push((env.last().unwrap().clone(), "J".to_string()));
        writeln!(g.text, "J2:").unwrap();
        g.ops(&common[1], &mut env);
        writeln!(g.text, "  br label %X").unwrap();
        exit_in.push((env.last().unwrap().clone(), "J2".to_string()));
    } else {
        writeln!(g.text, "  br label %X").unwrap();
        exit_in.push((env.last().unwrap().clone(), "J".to_string()));
    }
    let phi: Vec<String> = exit_in.iter().map(|(v, b)| format!("[ {v}, %{b} ]")).collect();
    writeln!(g.text, "X:\n  %r = phi i32 {}", phi.join(", ")).unwrap();
    g.text.push_str(
        "  %sfin = add i32 %slot, 7\n\
         \x20 %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %sfin\n\
         \x20 store i32 %r, ptr addrspace(1) %po, align 4\n\
         \x20 ret void\n}\n",
    );
    g.text
}

const SPEC: &str = r#"
kernel = "k"
grid = [1, 1, 1]
block = [64, 1, 1]
[[args]]
buffer = "in"
type = "i32"
len = 128
init = { random = { seed = 5, min = -100, max = 100 } }
[[args]]
buffer = "out"
type = "i32"
len = 512
output = true
[[args]]
scalar = "i32"
value = 3
"#;

/// Compiles and runs `src`; returns the output buffers and the sums of the DARM counters (`darm-stats`).
fn run(src: &str, darm: bool, spec: &LaunchSpec) -> (Vec<Vec<u8>>, HashMap<String, usize>) {
    let mut m =
        simtc_llvm_reader::parse_module(src).unwrap_or_else(|e| panic!("generated IR does not parse: {e:?}\n{src}"));
    let mut p = Pipeline::new(Options::default());
    p.knobs = simtc_codegen::driver::knob_registry().parse(&["darm-stats=1".to_string()]).expect("knob");
    if !darm {
        p.disabled = vec!["darm".to_string()];
    }
    p.verify_each = true;
    let out = simtc_codegen::compile(&mut m, &p).unwrap_or_else(|e| panic!("compile (darm {darm}): {e:?}\n{src}"));
    let mut stats: HashMap<String, usize> = HashMap::new();
    for r in &out.remarks {
        if let Some((k, v)) = r.strip_prefix("stat: ").and_then(|s| s.split_once(' ')) {
            *stats.entry(k.to_string()).or_insert(0) += v.trim().parse::<usize>().unwrap();
        }
    }
    let launch = spec.materialize().expect("launch");
    let prog = simtc_emu::load_ptx(&out.ptx, "k").unwrap_or_else(|e| panic!("load: {e:?}\n{}", out.ptx));
    let r = simtc_emu::run(&prog, &launch, &RunOptions::default()).unwrap_or_else(|e| panic!("emulate: {e:?}\n{src}"));
    (r.buffers, stats)
}

const MELDS: [&str; 3] = ["darm.melded.bb-bb", "darm.melded.region-region", "darm.melded.block-region"];

/// Runs `cases` kernels from `gen` with DARM off and on; outputs must agree. Returns the number of cases that
/// melded and the summed counters.
fn property(gen: fn(u64) -> String, cases: u64) -> (usize, HashMap<String, usize>) {
    let spec = LaunchSpec::parse(SPEC, std::path::Path::new(".")).expect("spec");
    let (mut melded, mut totals) = (0usize, HashMap::new());
    for seed in 0..cases {
        let src = gen(seed);
        let (off, none) = run(&src, false, &spec);
        assert!(MELDS.iter().all(|k| none.get(*k).is_none_or(|&v| v == 0)), "seed {seed}: melds while disabled");
        let (on, stats) = run(&src, true, &spec);
        assert!(on == off, "seed {seed}: outputs differ with DARM on\n{src}");
        if MELDS.iter().any(|k| stats.get(*k).is_some_and(|&v| v > 0)) {
            melded += 1;
        }
        for (k, v) in stats {
            *totals.entry(k).or_insert(0) += v;
        }
    }
    (melded, totals)
}

#[test]
fn random_similar_sides_keep_their_outputs_under_darm() {
    let cases = 160u64;
    let (melded, totals) = property(kernel, cases);
    let t = |k: &str| totals.get(k).copied().unwrap_or(0);
    eprintln!(
        "darm_random: {melded}/{cases} cases melded; bb-bb {}, region-region {}, block-region {}; {} stores predicated",
        t(MELDS[0]),
        t(MELDS[1]),
        t(MELDS[2]),
        t("darm.stores-predicated")
    );
    assert!(melded * 4 >= cases as usize, "DARM melded only {melded} of {cases} cases: the test would be vacuous");
    assert!(t(MELDS[2]) >= 5, "only {} block-region melds", t(MELDS[2]));
    assert!(t(MELDS[1]) >= 5, "only {} region-region melds", t(MELDS[1]));
}

#[test]
fn random_sides_joining_before_the_exit_keep_their_outputs_under_darm() {
    let cases = 80u64;
    let (melded, totals) = property(kernel_common, cases);
    let t = |k: &str| totals.get(k).copied().unwrap_or(0);
    eprintln!(
        "darm_random (common blocks): {melded}/{cases} cases melded; region-region {}, {} blocks split; {} stores predicated",
        t(MELDS[1]),
        t("darm.blocks-split"),
        t("darm.stores-predicated")
    );
    assert!(melded * 4 >= cases as usize, "DARM melded only {melded} of {cases} cases: the test would be vacuous");
    assert!(t("darm.blocks-split") >= 10, "only {} common blocks split", t("darm.blocks-split"));
    assert!(t("darm.stores-predicated") >= 3, "only {} stores predicated", t("darm.stores-predicated"));
}
