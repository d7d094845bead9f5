//! `combine`: instruction combining on SSA MIR (issue 16 item 6; what llc does in its DAG combiner).
//!
//! Rules (each needs the multiply to be unguarded, to have exactly one use — the add — so nothing is computed
//! twice, and the add to be unguarded; the add's other operand is `c`; for the two integer rules, see below for
//! a multiply with several uses):
//! - `mul.lo.T %t, %a, b` + `add.T %d, %t, c` (either order) → `mad.lo.T %d, %a, b, c` (integer; wrapping
//!   arithmetic is exact, so this is always allowed);
//! - `mul.wide.{s,u}32 %t, %a, b` + `add.{s,u}64 %d, %t, c` → `mad.wide.{s,u}32 %d, %a, b, c` — off by default
//!   (knob `CombineMadWide`): ptxas makes better code of `mul.wide` + `add.s64` (llc's form), which it turns into
//!   one `IMAD.WIDE` per address itself, than of `mad.wide`s off one product, which it splits into
//!   `IMAD.SHL`/`IMAD.HI` + `IADD3`/`IADD3.X` pairs. Measured with ptxas -O3 on sm_90 over 139 kernels of 63
//!   HeCBench programs: SASS at or below llc-19's on 53% of the kernels instead of 36%, geometric mean
//!   0.978× llc's instead of 1.025× (registers at or below llc's on 66% instead of 73%: the 64-bit product is
//!   live until its last add);
//! - `mul.F %t, %a, b` + `add.F %d, %t, c` (`F` = `f32`/`f64`) → `fma.rn.F %d, %a, b, c` only when *both*
//!   carry no rounding modifier;
//! - the same with `sub.F`: `%t - c` → `fma.rn.F %a, b, -c`, `c - %t` → `fma.rn.F -a, b, c` (LLVM's
//!   `fma(a, b, fneg c)` and `fma(fneg a, b, c)`). The negation is taken for free where it can be: a float
//!   immediate, or a single-use register computed by a `mul`/`div` chain ending in an immediate (`c = (i * 0.5) /
//!   n` becomes `(i * -0.5) / n`, exact since round-to-nearest/-zero are symmetric about zero; see
//!   `negate_free`); otherwise a `neg.F` is inserted before the `fma`, as llc does (`neg` + `fma` is as many PTX
//!   instructions as `mul` + `sub`; ptxas folds the `neg` into the `FFMA`'s operand negation). ptxas contracts a
//!   contractable `mul.F` + `add.F`/`sub.F` pair (no rounding modifier) into one `FFMA` by itself, single or
//!   multi-use (measured on sm_90), so these float rules change the PTX — shorter, and llc's shape — not the
//!   SASS; they matter where the pair would reach ptxas through a `.rn` form.
//!
//! **Multi-use rule**: a `mul.lo`/`mul.wide`/contractable float `mul` whose uses are *all* fusable adds (for
//! floats also subs; unguarded, matching type, not `t + t`, in the multiply's loops) is fused into every one of
//! them and deleted: `k` adds and one multiply become `k` `mad`s/`fma`s, one instruction fewer, and the product
//! (64 bits for `mul.wide`) is no longer live between them — only its factors are. For `mul.wide` this is the
//! shape of GVN-shared index scaling (`off = sext(i) * 4` added to several array bases), which ptxas compiles
//! worse than the unfused form (see the `mad.wide` rule above: off by default). For floats it is llc's
//! aggressive FMA fusion (NVPTX enables it): each `fma` rounds once, as `contract` allows. A
//! multi-use float product never has a factor negated by flipping an immediate (the factor is shared by all the
//! fused uses); it gets a `neg` instead. Not in a function whose estimated peak register pressure
//! ([`super::remat::peak_pressure`], 32-bit registers live at any point) reaches `CombineMultiUseMaxPressure`
//! (default 128): there the factors, live to the last fused add instead of the one product, are what ptxas runs
//! out of. sw4ck's `curvilinear4sg` stencils (254 registers, `f64`): 1,363 -> 1,333 SASS instructions in
//! `kernel2`, 1,373 -> 1,346 in `kernel3`, 1,120 -> 1,111 and 254 -> 172 registers in `kernel4`, although ptxas
//! contracts fewer of the unfused pairs (DFMA 1,037 -> 1,000 over the five kernels); over HeCBench's 1,824
//! kernels 7 changed, 6 shorter and rushlarsen's 254-register kernel 5 longer, -95 SASS instructions, FFMA-class
//! -53.
//!
//! **Partial float rule**: a contractable float product with other readers (a `neg`, a store, a compare) is
//! still fused into the adds/subs that read it *in its own block*, and stays for the others (llc's aggressive
//! fusion does the same per block). ptxas does not contract a product that has other readers, so without this
//! the pair stays `FMUL` + `FADD`; with it, `FFMA` (same instruction count, one rounding, one dependent
//! instruction fewer on the critical path). Other blocks are left alone: fusing there would keep both factors
//! live across blocks besides the product.
//!
//! Contraction flag: instruction selection already carries LLVM's `contract` (or `fast`) flag into MIR — an
//! `fadd`/`fmul` with it is selected without `.rn` (`add.f32`), one without it as `add.rn.f32`. That is PTX's own
//! contract semantics (an explicit rounding modifier forbids contraction), so no side table is needed: the rule
//! requires both instructions to have been selected from contractable IR, exactly LLVM's condition (both nodes
//! allow contraction). Anything with `.rn`, `.ftz`, `.sat` or another modifier is left alone, so a function
//! compiled without contraction is bit-exact.
//!
//! The float rules are on by default (knob `CombineFma`; llc-19 -O3 contracts the same pairs, and clang's CUDA
//! default `-ffp-contract=fast` marks them `contract`). `simtc check` compares every build with `-O0`, which
//! does not contract, so its float comparison allows a rounding error of the buffer's magnitude (see
//! `simtc check`'s module doc); `fuzz-diff` programs carry no `contract` flag and stay bit-exact.
//!
//! Loops: the multiply is not moved into a loop it is outside of. When the add sits in a loop that does not
//! contain the multiply's block (LICM hoisted a loop-invariant `a * b` into the preheader), fusing would execute
//! no fewer instructions per iteration (one `mad` instead of one `add`) but would keep both factors live through
//! the loop instead of their one product: more register pressure for one static instruction. The pair is left
//! alone then (llc's DAG combiner, working per block, never sees such a pair either).
//!
//! Linear: one use count over the function, one loop forest (near-linear), one pass over the instructions.

use crate::mir::{graph, MFunction, MInst, Mod, OpKind, Opcode, Operand, Reg};
use simtc_graph::LoopForest;

enum MulKind {
    Lo(Mod),
    Wide(Mod),
    Float(Mod),
}

fn mul_kind(i: &MInst) -> Option<MulKind> {
    if i.guard.is_some() || i.kind() != OpKind::Mul || i.srcs.len() != 2 || !matches!(i.srcs[0], Operand::Reg(_)) {
        return None;
    }
    match i.op.mods.as_slice() {
        [Mod::Lo, t] if t.is_type() && !t.is_float() => Some(MulKind::Lo(*t)),
        [Mod::Wide, t @ (Mod::S32 | Mod::U32)] => Some(MulKind::Wide(*t)),
        [t @ (Mod::F32 | Mod::F64)] => Some(MulKind::Float(*t)),
        _ => None,
    }
}

/// A float immediate negated (sign bit flipped), `None` for anything else.
fn neg_imm(o: &Operand) -> Option<Operand> {
    match o {
        Operand::F32(b) => Some(Operand::F32(b ^ 0x8000_0000)),
        Operand::F64(b) => Some(Operand::F64(b ^ (1 << 63))),
        _ => None,
    }
}

/// Where to negate the single-use float register `r` for free, by flipping one immediate in its definition
/// chain: `(block, instruction, operand)`. Free: `r = mul.F x, imm` (the immediate flips sign), or `r = mul.F x,
/// y` / `r = div.F x, y` with `x` (for `mul` also `y`) itself free to negate (single use, recursively, bounded
/// depth). Exact: round-to-nearest and round-toward-zero are symmetric about zero, so `-(x * y) = (-x) * y` and
/// `-(x / y) = (-x) / y` bit for bit; directed roundings (`.rm`/`.rp`) are not, and are refused.
fn negate_free(
    f: &MFunction,
    def: &[Option<(u32, usize)>],
    uses: &[u32],
    r: Reg,
    depth: u32,
) -> Option<(u32, usize, usize)> {
    if depth > 4 || uses[r.0 as usize] != 1 {
        return None;
    }
    let (b, k) = def[r.0 as usize]?;
    let i = &f.blocks[b as usize].insts[k];
    if i.guard.is_some() || i.srcs.len() != 2 || i.dsts.len() != 1 {
        return None;
    }
    let sym_round = matches!(i.op.mods.as_slice(), [Mod::F32 | Mod::F64] | [Mod::Rn | Mod::Rz, Mod::F32 | Mod::F64]);
    let is_mul = i.kind() == OpKind::Mul && sym_round;
    let is_div = i.kind() == OpKind::Div && sym_round && i.op.mods.len() == 2;
    if !is_mul && !is_div {
        return None;
    }
    let sides: &[usize] = if is_mul { &[1, 0] } else { &[0] };
    for &side in sides {
        match &i.srcs[side] {
            o @ (Operand::F32(_) | Operand::F64(_)) if neg_imm(o).is_some() => return Some((b, k, side)),
            Operand::Reg(x) => {
                if let Some(at) = negate_free(f, def, uses, *x, depth + 1) {
                    return Some(at);
                }
            }
            _ => {}
        }
    }
    None
}

/// Whether operand `o` (of a `sub` being fused) can be negated for free: a register per [`negate_free`]
/// (immediates are handled by the caller).
fn negate_site(f: &MFunction, def: &[Option<(u32, usize)>], uses: &[u32], o: &Operand) -> Option<(u32, usize, usize)> {
    match o {
        Operand::Reg(r) => negate_free(f, def, uses, *r, 0),
        _ => None,
    }
}

/// A new register holding `-o`, computed by a `neg.F` queued to go before instruction `at` (its location too).
fn negated(f: &mut MFunction, inserts: &mut Vec<(u32, usize, MInst)>, at: (u32, usize), ty: Mod, o: &Operand) -> Reg {
    let class = match o {
        Operand::Reg(r) => f.class(*r),
        _ => f.class(match f.blocks[at.0 as usize].insts[at.1].dsts[0] {
            Operand::Reg(d) => d,
            _ => unreachable!("a sub defines a register"),
        }),
    };
    let n = f.new_reg(class);
    if let Operand::Reg(r) = o {
        f.uniform[n.0 as usize] = f.uniform[r.0 as usize];
    }
    let mut neg = MInst::new(Opcode::new(OpKind::Neg, &[ty]), &[Operand::Reg(n)], std::slice::from_ref(o));
    neg.loc = f.blocks[at.0 as usize].insts[at.1].loc;
    inserts.push((at.0, at.1, neg));
    n
}

/// Flips the immediate at `at` (found by [`negate_free`]).
fn flip(f: &mut MFunction, at: (u32, usize, usize)) {
    let o = &mut f.blocks[at.0 as usize].insts[at.1].srcs[at.2];
    *o = neg_imm(o).expect("an immediate");
}

/// The knob enabling the `fma.rn` rule.
pub const FMA_KNOB: &str = "CombineFma";
/// The knob enabling the `mad.wide` rule.
pub const MAD_WIDE_KNOB: &str = "CombineMadWide";
/// The knob: the estimated peak register pressure from which the multi-use rule is not applied.
pub const MULTI_USE_MAX_PRESSURE_KNOB: &str = "CombineMultiUseMaxPressure";

/// Runs the combines (`fma`: also the float rules; `mad_wide`: also the `mad.wide` rule; no multi-use rule in a
/// function whose estimated peak register pressure reaches `multi_use_limit`, 0: no limit); returns how many
/// were made.
pub fn run(f: &mut MFunction, fma: bool, mad_wide: bool, multi_use_limit: usize) -> usize {
    // Measured on the first multi-use candidate only (most functions have none).
    let mut crowded: Option<bool> = None;
    let n = f.regs.len();
    let mut uses = f.read_counts();
    let mut def: Vec<Option<(u32, usize)>> = vec![None; n];
    for &b in &f.order {
        for (k, i) in f.block(b).insts.iter().enumerate() {
            if let [Operand::Reg(d)] = i.dsts.as_slice() {
                def[d.0 as usize] = Some((b.0, k));
            }
        }
    }
    let g = graph::block_graph(f);
    let loops = LoopForest::compute(&g, &simtc_graph::DomTree::compute(&g));
    // Whether moving a computation from block `from` to block `to` keeps it out of loops `from` is outside of.
    let same_loops = |from: u32, to: u32| match loops.forest.innermost_of(to) {
        Some(l) => loops.forest.contains(l, from),
        None => true,
    };
    // Multiplies every use of which is a fusable add (module doc: multi-use rule): the number of those adds per
    // multiply, compared with its use count below.
    let mut int_adds = vec![0u32; n];
    for &b in &f.order {
        for add in &f.block(b).insts {
            let (is_add, is_sub) = (add.kind() == OpKind::Add, add.kind() == OpKind::Sub);
            if add.guard.is_some() || !(is_add || is_sub) || add.srcs.len() != 2 || add.srcs[0] == add.srcs[1] {
                continue;
            }
            for o in &add.srcs {
                let Operand::Reg(t) = *o else { continue };
                let Some((mb, mk)) = def[t.0 as usize] else { continue };
                let fusable = match (mul_kind(&f.blocks[mb as usize].insts[mk]), add.op.mods.as_slice()) {
                    (Some(MulKind::Lo(t1)), [t2]) => is_add && t1 == *t2,
                    (Some(MulKind::Wide(_)), [Mod::S64 | Mod::U64]) => is_add && mad_wide,
                    (Some(MulKind::Float(t1)), [t2]) => fma && t1 == *t2,
                    _ => false,
                };
                if fusable && same_loops(mb, b.0) {
                    int_adds[t.0 as usize] += 1;
                }
            }
        }
    }
    let mut dead: Vec<(u32, usize)> = Vec::new();
    // `neg`s to insert before `(block, instruction)` (original positions).
    let mut inserts: Vec<(u32, usize, MInst)> = Vec::new();
    let mut count = 0;
    for b in f.order.clone() {
        for k in 0..f.blocks[b.0 as usize].insts.len() {
            let add = &f.blocks[b.0 as usize].insts[k];
            if add.guard.is_some() || !matches!(add.kind(), OpKind::Add | OpKind::Sub) || add.srcs.len() != 2 {
                continue;
            }
            let is_sub = add.kind() == OpKind::Sub;
            let amods = add.op.mods.clone();
            // Which operand is a single-use multiply of a matching kind?
            let mut found = None;
            for side in 0..2 {
                let Operand::Reg(t) = add.srcs[side] else { continue };
                let u = uses[t.0 as usize];
                // A product with readers that are not fusable adds stays; a float one is still fused into its
                // adds in its own block (module doc: partial float rule).
                let partial = u > 1 && int_adds[t.0 as usize] != u;
                // Near the register limit, a product fused into all its adds would keep both factors live to
                // the last of them (module doc: multi-use rule).
                if u == 0
                    || (u > 1 && !partial && *crowded.get_or_insert_with(|| super::remat::crowded(f, multi_use_limit)))
                {
                    continue;
                }
                let Some((mb, mk)) = def[t.0 as usize] else { continue };
                if !same_loops(mb, b.0) {
                    continue;
                }
                let m = &f.blocks[mb as usize].insts[mk];
                if partial && !(mb == b.0 && fma && matches!(mul_kind(m), Some(MulKind::Float(_)))) {
                    continue;
                }
                let op = match (mul_kind(m), amods.as_slice()) {
                    (Some(MulKind::Lo(t1)), [t2]) if !is_sub && t1 == *t2 => Opcode::new(OpKind::Mad, &[Mod::Lo, t1]),
                    (Some(MulKind::Wide(t1)), [Mod::S64 | Mod::U64]) if !is_sub && mad_wide => {
                        Opcode::new(OpKind::Mad, &[Mod::Wide, t1])
                    }
                    (Some(MulKind::Float(t1)), [t2]) if fma && t1 == *t2 => Opcode::new(OpKind::Fma, &[Mod::Rn, t1]),
                    _ => continue,
                };
                found = Some((side, t, mb, mk, op));
                break;
            }
            let Some((side, t, mb, mk, op)) = found else { continue };
            let (a, bb) = {
                let m = &f.blocks[mb as usize].insts[mk];
                (m.srcs[0].clone(), m.srcs[1].clone())
            };
            let mut c = f.blocks[b.0 as usize].insts[k].srcs[1 - side].clone();
            let (mut a, mut bb) = (a, bb);
            if is_sub {
                let shared = uses[t.0 as usize] > 1;
                let ty = op.mods[1];
                if side == 0 {
                    if let Some(n) = neg_imm(&c) {
                        c = n;
                    } else if let Some(at) = negate_site(f, &def, &uses, &c) {
                        flip(f, at);
                    } else {
                        c = Operand::Reg(negated(f, &mut inserts, (b.0, k), ty, &c));
                    }
                } else if let Some(n) = neg_imm(&bb) {
                    bb = n;
                } else if let Some(n) = neg_imm(&a) {
                    a = n;
                } else if let Some(at) = (!shared)
                    .then(|| negate_site(f, &def, &uses, &bb).or_else(|| negate_site(f, &def, &uses, &a)))
                    .flatten()
                {
                    flip(f, at);
                } else {
                    a = Operand::Reg(negated(f, &mut inserts, (b.0, k), ty, &a));
                }
            }
            let add = &mut f.blocks[b.0 as usize].insts[k];
            add.op = op;
            add.srcs = [a, bb, c].into_iter().collect();
            uses[t.0 as usize] -= 1;
            int_adds[t.0 as usize] = int_adds[t.0 as usize].saturating_sub(1);
            if uses[t.0 as usize] == 0 {
                dead.push((mb, mk));
            }
            count += 1;
        }
    }
    // Remove the consumed multiplies and insert the `neg`s: one rebuild per touched block.
    dead.sort_unstable();
    inserts.sort_by_key(|x| (x.0, x.1));
    let mut touched: Vec<u32> = dead.iter().map(|d| d.0).chain(inserts.iter().map(|x| x.0)).collect();
    touched.sort_unstable();
    touched.dedup();
    let mut di = 0;
    let mut inserts = inserts.into_iter().peekable();
    for b in touched {
        let old = std::mem::take(&mut f.blocks[b as usize].insts);
        let mut new = Vec::with_capacity(old.len() + 1);
        for (idx, inst) in old.into_iter().enumerate() {
            while let Some((_, _, neg)) = inserts.next_if(|x| (x.0, x.1) == (b, idx)) {
                new.push(neg);
            }
            if di < dead.len() && dead[di] == (b, idx) {
                di += 1;
                continue;
            }
            new.push(inst);
        }
        f.blocks[b as usize].insts = new;
    }
    debug_assert!(di == dead.len() && inserts.next().is_none(), "every removal and insertion was made");
    count
}
