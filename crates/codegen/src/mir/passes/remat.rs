//! `remat`: rematerializes, after a loop, a value that would otherwise stay live through the loop without
//! being read in it, when recomputing it costs no register (the idea of NVVM's rematerialization pass and
//! of LLVM's rematerialization of cheap definitions in the register allocator, done before ptxas sees the
//! code).
//!
//! # Why
//!
//! `bucket[tid] = s[tid]` after a sorting loop: the address `bucket + tid * 4` is computed in the entry
//! block, where `bucket[tid]` is also loaded, and stored to after the loop. Its 64-bit value then occupies two
//! registers through the whole loop. ptxas keeps it there (it does not rematerialize across loops), and the
//! loop is where the register maximum is. Recomputed after the loop from the kernel parameter, `%ctaid.x` and
//! `%tid.x` (special registers, read again for free) it occupies nothing in the loop: bitonic_dyn 12 → 10
//! ptxas registers (nvcc 10), for five instructions executed once per thread.
//!
//! # Rule
//!
//! A 64-bit register `v` that is not warp-uniform, defined in block `D`, is a candidate when it is live into
//! the header of a loop that does not contain `D` (so it is live through that loop). The reads that keep it
//! live there are those in blocks reachable from such a header through blocks `v` is live into; each of them
//! must be in a block that is in no loop `D` is outside of (a copy is never placed where it would run once per
//! iteration; a read inside the loop itself fails this, and then nothing is done) and must not be a phi (the
//! value would be needed on an edge). For each such block `B`, `v`'s definition is copied into `B` together
//! with the definitions of its operands, recursively, except an operand that is
//! - an immediate or a symbol,
//! - a kernel parameter (its `ld.param` or the `cvta.to.global` of it): ptxas reads those from the constant
//!   bank wherever they are needed, so reading the original costs no register,
//! - a symbol's address (`mov.u64 %rd, sym`): a global's is an immediate ptxas rematerializes itself, and a
//!   shared variable's on sm_90 is the CTA's window offset, which ptxas computes in five SASS instructions into
//!   a uniform register; copying the `mov` made ptxas compute it again after the loop (resnet's
//!   `kernel_256_one_1024`: 106 SASS instructions, 101 when read in place),
//! - a register live into `B`, or live into the header of every loop `v` is live through (reading it in `B`
//!   lengthens its range only outside those loops),
//! - a register already copied into `B` for another value (the copies share it).
//!
//! Every copied instruction must be pure as in `sink` (no guard, no memory but parameter and constant reads,
//! nothing inside a call sequence), a parameter load only in a kernel (a device function's parameters are
//! registers under the ABI), and a special-register read only of `%tid`, `%ntid`, `%ctaid`, `%nctaid` or
//! `%laneid` (fixed for a thread; `%warpid`, `%smid` and the clocks may change). At most [`MAX_COPY`]
//! instructions per copy. A block's copies go, in the order they were made, right before its first read of
//! any of the values; the reads in `B` then read the copies; the reads before the loop keep the originals,
//! which now die before the loop.
//!
//! Why only these values: a warp-uniform value lives in ptxas' uniform registers, which do not count against
//! the vector registers that limit occupancy (float_heavy's uniform array bases gained nothing and cost six
//! instructions). A 32-bit value saves one register, which the copy's temporaries at the loop exit can cost
//! back: rematerializing merge_rank's 32-bit global index took ptxas from 13 to 15 registers. Reading a
//! uniform computed 64-bit value in place instead of copying it did cost vector registers (bitonic_dyn's
//! `bucket` base: 10 → 12), so only parameters are read in place.
//!
//! A register that served as a live operand of a copy is not rematerialized afterwards, and a rematerialized
//! register does not serve as a live operand, so the liveness computed up front stays right for every
//! decision.
//!
//! # When
//!
//! Only in a function whose estimated register pressure ([`pressure`]: the most 32-bit registers live at a block
//! boundary) is at least `RematMinPressure` (default 32, the registers per thread at which every target still
//! runs its full 2,048 threads per multiprocessor). Below that a saved register cannot lower occupancy, and each
//! copy is instructions ptxas executes for nothing, where it often rematerializes the value itself: on 139
//! HeCBench kernels, rematerializing everywhere left 112 at or below llc-19's SASS count, this threshold 116
//! (layout's `SoAKernel` 37 → 35, scan2's `prefixSum` 54 → 50, haccmk 122 → 111 SASS instructions), with the
//! registers at or below llc's on as many kernels; kernels with more pressure (`selective_scan`: 63 → 56
//! registers) keep it.
//!
//! # Exactness and cost
//!
//! Every copied instruction is pure and reads only registers whose definitions dominate `v`'s (they are
//! operands of its definition tree), which dominate `B`; the parameter, constant and special-register reads
//! give the same value wherever they run in the thread. So each copy computes `v`'s value. One liveness
//! solve, one loop forest; per candidate, a walk over the blocks it is live into (bounded by the liveness
//! sets' total size) and copies bounded by [`MAX_COPY`] per block; one rebuild per block that receives
//! copies. Linear in the instructions plus the liveness sets.

use super::sink::{kernel_params, movable};
use crate::mir::{graph, MFunction, MInst, Mod, OpKind, Operand, Reg, RegClass};
use rustc_hash::{FxHashMap, FxHashSet};
use simtc_graph::{DomTree, FlowGraph, LoopForest};

/// Most instructions copied for one rematerialization.
pub const MAX_COPY: usize = 10;

/// Special registers whose value is fixed for a thread.
fn fixed_special(o: &Operand) -> bool {
    matches!(o, Operand::Sym(s) if ["%tid.", "%ntid.", "%ctaid.", "%nctaid."].iter().any(|p| s.starts_with(p))
        || &**s == "%laneid")
}

/// Whether `i` may be copied (module doc): pure, a kernel's parameter load, fixed special registers only.
fn copyable(i: &MInst, kernel: bool, in_call: bool) -> bool {
    if in_call || !movable(i) {
        return false;
    }
    if i.op.kind == OpKind::Ld && i.op.space() == Some(Mod::Param) && !kernel {
        return false;
    }
    !i.srcs.iter().any(|s| s.is_special_reg() && !fixed_special(s))
}

/// The knob: the estimated register pressure below which the pass does nothing (module doc, "When").
pub const MIN_PRESSURE_KNOB: &str = "RematMinPressure";

/// How many 32-bit registers a register of class `c` takes: a 64-bit one two, a 128-bit one four, a predicate
/// none (predicates have their own file).
pub(crate) fn weight(c: RegClass) -> usize {
    match c {
        RegClass::B64 | RegClass::F64 => 2,
        RegClass::B128 => 4,
        RegClass::Pred => 0,
        _ => 1,
    }
}

/// All of `f`'s registers by [`weight`]: a bound on [`pressure`] that needs no liveness.
pub(crate) fn weight_bound(f: &MFunction) -> usize {
    f.regs.iter().map(|&c| weight(c)).sum()
}

/// The largest number of 32-bit registers ([`weight`]) live at a block boundary. An estimate: ptxas's own count
/// adds the temporaries of the instructions it expands and depends on its schedule.
pub(crate) fn pressure(f: &MFunction, live: &simtc_graph::LiveSets) -> usize {
    let w = |r: &u32| weight(f.regs[*r as usize]);
    let mut peak = 0;
    for &b in &f.order {
        peak = peak.max(live.live_in.get(b.0).iter().map(w).sum()).max(live.live_out.get(b.0).iter().map(w).sum());
    }
    peak
}

/// Whether `f`'s estimated peak register pressure ([`peak_pressure`]) reaches `limit` (0: never): the
/// liveness solve runs only when the two bounds that need none ([`weight_bound`], [`peak_pressure_bound`]) reach
/// it. `reassociate`'s and `combine`'s test for a function near the register limit.
pub(crate) fn crowded(f: &MFunction, limit: usize) -> bool {
    limit > 0
        && weight_bound(f) >= limit
        && peak_pressure_bound(f) >= limit
        && peak_pressure(f, &crate::mir::graph::liveness(f)) >= limit
}

/// Whether `f`'s estimated pressure at block boundaries ([`pressure`]) reaches `limit` (0: never), with the same
/// two liveness-free bounds first as [`crowded`] (the pressure at a boundary is at most the peak). `sink`'s and
/// `early-sink`'s test.
pub(crate) fn boundary_crowded(f: &MFunction, limit: usize) -> bool {
    limit > 0
        && weight_bound(f) >= limit
        && peak_pressure_bound(f) >= limit
        && pressure(f, &crate::mir::graph::liveness(f)) >= limit
}

/// A bound on [`peak_pressure`] that needs no liveness solve (linear): every *global* register (read outside
/// its defining block or by a phi, defined more than once, or a phi's result) counted as live everywhere, plus
/// the most *local* registers (defined and read only in one block) live at once in any block, from one
/// bottom-up walk per block. Far below [`weight_bound`] in a function of many blocks whose values are mostly
/// block-local, such as libdevice's.
pub(crate) fn peak_pressure_bound(f: &MFunction) -> usize {
    const NONE: u32 = u32::MAX;
    const GLOBAL: u32 = u32::MAX - 1;
    let n = f.regs.len();
    // Per register: its defining block, `NONE` (no definition seen yet) or `GLOBAL`.
    let mut home = vec![NONE; n];
    for &b in &f.order {
        for i in &f.block(b).insts {
            let phi = i.is_phi();
            i.for_each_def(&mut |r| {
                let h = &mut home[r.0 as usize];
                *h = if *h == NONE && !phi { b.0 } else { GLOBAL };
            });
        }
    }
    for &b in &f.order {
        for i in &f.block(b).insts {
            let phi = i.is_phi();
            i.for_each_use(&mut |r| {
                let h = &mut home[r.0 as usize];
                if phi || *h != b.0 {
                    *h = GLOBAL;
                }
            });
        }
    }
    let global: usize = (0..n).filter(|&r| home[r] == GLOBAL).map(|r| weight(f.regs[r])).sum();
    let mut on = vec![false; n];
    let mut local_peak = 0;
    for &b in &f.order {
        let mut cur = 0;
        for i in f.block(b).insts.iter().rev() {
            i.for_each_def(&mut |r| {
                if home[r.0 as usize] == b.0 && std::mem::replace(&mut on[r.0 as usize], false) {
                    cur -= weight(f.regs[r.0 as usize]);
                }
            });
            i.for_each_use(&mut |r| {
                if home[r.0 as usize] == b.0 && !std::mem::replace(&mut on[r.0 as usize], true) {
                    cur += weight(f.regs[r.0 as usize]);
                }
            });
            local_peak = local_peak.max(cur);
        }
    }
    global + local_peak
}

/// The largest number of 32-bit registers ([`weight`]) live at any point of the function, between instructions
/// as well as at block boundaries: each block is walked bottom-up from its live-out set (a definition ends a
/// live range, a read starts one; a guarded definition does not end it). Linear in the function's size.
pub(crate) fn peak_pressure(f: &MFunction, live: &simtc_graph::LiveSets) -> usize {
    let mut on = vec![false; f.regs.len()];
    let mut peak = 0;
    for &b in &f.order {
        let mut cur: usize = 0;
        let mut touched: Vec<u32> = Vec::new();
        for &r in live.live_out.get(b.0) {
            on[r as usize] = true;
            touched.push(r);
            cur += weight(f.regs[r as usize]);
        }
        peak = peak.max(cur);
        for i in f.block(b).insts.iter().rev() {
            if i.is_phi() {
                break;
            }
            if i.guard.is_none() {
                i.for_each_def(&mut |r| {
                    if std::mem::replace(&mut on[r.0 as usize], false) {
                        cur -= weight(f.regs[r.0 as usize]);
                    }
                });
            }
            i.for_each_use(&mut |r| {
                if !std::mem::replace(&mut on[r.0 as usize], true) {
                    touched.push(r.0);
                    cur += weight(f.regs[r.0 as usize]);
                }
            });
            peak = peak.max(cur);
        }
        for r in touched {
            on[r as usize] = false;
        }
    }
    peak
}

/// Runs the pass on a function whose estimated register pressure is at least `min_pressure`; returns the
/// number of copies placed.
pub fn run(f: &mut MFunction, min_pressure: usize) -> usize {
    // Every register live at once bounds the pressure: below the threshold, no loop or liveness is needed.
    if weight_bound(f) < min_pressure {
        return 0;
    }
    let g = graph::block_graph(f);
    let dt = DomTree::compute(&g);
    let loops = LoopForest::compute(&g, &dt);
    if loops.forest.len() == 0 {
        return 0;
    }
    let live = graph::liveness(f);
    if pressure(f, &live) < min_pressure {
        return 0;
    }
    let n = f.regs.len();
    // Definition site, copyability, and reads (block, is-phi) of every register.
    let mut def: Vec<Option<(u32, usize)>> = vec![None; n];
    let mut ok = vec![false; n];
    let mut param = kernel_params(f);
    let mut reads: Vec<Vec<(u32, bool)>> = vec![Vec::new(); n];
    for &b in &f.order {
        let mut in_call = false;
        for (k, i) in f.block(b).insts.iter().enumerate() {
            if i.op.kind == OpKind::CallSeqStart {
                in_call = true;
            }
            if let [Operand::Reg(d)] = i.dsts.as_slice() {
                def[d.0 as usize] = Some((b.0, k));
                ok[d.0 as usize] = copyable(i, f.is_kernel, in_call);
                // The `cvta.to.global` of a kernel parameter is read from the constant bank like the parameter.
                if let (OpKind::Cvta, [Operand::Reg(x)], false, None) =
                    (i.op.kind, i.srcs.as_slice(), in_call, &i.guard)
                {
                    param[d.0 as usize] |= i.op.mods.first() == Some(&Mod::To) && param[x.0 as usize];
                }
                // A symbol's address: a constant to ptxas (a global's is an immediate it rematerializes; a shared
                // variable's on sm_90 is its window offset, kept in a uniform register), read in place as well.
                if let (OpKind::Mov, [s @ Operand::Sym(_)], None) = (i.op.kind, i.srcs.as_slice(), &i.guard) {
                    param[d.0 as usize] |= !s.is_special_reg() && !in_call;
                }
            }
            if i.is_phi() {
                for (s, p) in i.srcs.iter().zip(&i.phi_blocks) {
                    if let Some(r) = s.reg() {
                        reads[r.0 as usize].push((p.0, true));
                    }
                }
            } else {
                for r in i.uses() {
                    reads[r.0 as usize].push((b.0, false));
                }
            }
            if i.op.kind == OpKind::CallSeqEnd {
                in_call = false;
            }
        }
    }
    // Candidates: live into the header of a loop that does not contain their definition; with those headers.
    let mut headers: FxHashMap<u32, Vec<u32>> = FxHashMap::default();
    for l in 0..loops.forest.len() as u32 {
        let h = loops.forest.header(l);
        for &v in live.live_in.get(h) {
            if let Some((d, _)) = def[v as usize] {
                let wide_divergent = f.regs[v as usize] == RegClass::B64 && !f.is_uniform(Reg(v));
                if ok[v as usize] && wide_divergent && !loops.forest.contains(l, d) {
                    headers.entry(v).or_default().push(h);
                }
            }
        }
    }
    let mut cands: Vec<u32> = headers.keys().copied().collect();
    cands.sort_unstable();
    // A block `b` is in no loop that block `d` is outside of.
    let same_loops = |d: u32, b: u32| match loops.forest.innermost_of(b) {
        Some(l) => loops.forest.contains(l, d),
        None => true,
    };
    let mut used_live: FxHashSet<u32> = FxHashSet::default();
    let mut rematted: FxHashSet<u32> = FxHashSet::default();
    // Per use block, the copies to insert: (block, v, instructions); and the registers already copied into
    // each block (a later copy there reads them instead of copying them again).
    let mut plans: Vec<(u32, Reg, Vec<MInst>)> = Vec::new();
    let mut copied: FxHashMap<(u32, Reg), Reg> = FxHashMap::default();
    let mut count = 0;
    'cand: for v in cands {
        if used_live.contains(&v) {
            continue;
        }
        let (d, _) = def[v as usize].expect("a candidate has a definition");
        // The blocks reachable from those loops' headers through blocks `v` is live into: the reads there
        // are what keeps `v` live through the loops; reads elsewhere keep the original.
        let mut after: FxHashSet<u32> = FxHashSet::default();
        let mut work: Vec<u32> = headers[&v].clone();
        after.extend(work.iter().copied());
        while let Some(x) = work.pop() {
            for &y in g.succs(x) {
                if y != d && live.live_in.contains(y, v) && after.insert(y) {
                    work.push(y);
                }
            }
        }
        let mut blocks: Vec<u32> = Vec::new();
        for &(b, phi) in &reads[v as usize] {
            if !after.contains(&b) {
                continue;
            }
            if phi || !same_loops(d, b) {
                continue 'cand;
            }
            blocks.push(b);
        }
        blocks.sort_unstable();
        blocks.dedup();
        if blocks.is_empty() {
            continue;
        }
        // The copy per block: the definition tree in post-order, leaves live into the block.
        let mut per_block: Vec<(u32, Vec<Reg>, Vec<Reg>)> = Vec::new();
        for &b in &blocks {
            let mut order: Vec<Reg> = Vec::new();
            let mut leaves: Vec<Reg> = Vec::new();
            let hs = &headers[&v];
            let cx = Ctx {
                f,
                def: &def,
                ok: &ok,
                live: &live,
                rematted: &rematted,
                headers: hs,
                param: &param,
                copied: &copied,
                b,
            };
            if !collect(&cx, Reg(v), true, &mut order, &mut leaves) {
                continue 'cand;
            }
            per_block.push((b, order, leaves));
        }
        for (b, order, leaves) in per_block {
            let mut map: FxHashMap<Reg, Reg> = FxHashMap::default();
            let mut list = Vec::with_capacity(order.len());
            for r in order {
                let (db, dk) = def[r.0 as usize].expect("copied registers have definitions");
                let mut inst = f.blocks[db as usize].insts[dk].clone();
                let nr = f.new_reg(f.class(r));
                f.uniform[nr.0 as usize] = f.is_uniform(r);
                inst.map_uses(&mut |x| map.get(&x).or_else(|| copied.get(&(b, x))).copied().unwrap_or(x));
                inst.dsts[0] = Operand::Reg(nr);
                map.insert(r, nr);
                list.push(inst);
            }
            used_live.extend(leaves.iter().map(|r| r.0));
            copied.extend(map.into_iter().map(|(r, nr)| ((b, r), nr)));
            plans.push((b, Reg(v), list));
            count += 1;
        }
        rematted.insert(v);
    }
    // Place the copies: one rebuild per block, all of the block's copies (in the order they were made, as
    // a later one may read an earlier one's registers) before the first read of any of its values.
    plans.sort_by_key(|p| p.0); // stable: keeps the order of creation within a block
    let mut p = 0;
    while p < plans.len() {
        let b = plans[p].0;
        let mut all: Vec<MInst> = Vec::new();
        let mut root: FxHashMap<Reg, Reg> = FxHashMap::default();
        while p < plans.len() && plans[p].0 == b {
            let v = plans[p].1;
            let list = std::mem::take(&mut plans[p].2);
            root.insert(v, list.last().and_then(|i| i.dsts[0].reg()).expect("a copy defines the value"));
            all.extend(list);
            p += 1;
        }
        let insts = std::mem::take(&mut f.blocks[b as usize].insts);
        let mut out = Vec::with_capacity(insts.len() + all.len());
        for mut i in insts {
            if !i.is_phi() && !all.is_empty() && i.uses().iter().any(|r| root.contains_key(r)) {
                out.append(&mut all);
            }
            if !i.is_phi() {
                i.map_uses(&mut |x| root.get(&x).copied().unwrap_or(x));
            }
            out.push(i);
        }
        debug_assert!(all.is_empty(), "every planned block reads its values");
        f.blocks[b as usize].insts = out;
    }
    count
}

/// What [`collect`] reads.
struct Ctx<'a> {
    f: &'a MFunction,
    def: &'a [Option<(u32, usize)>],
    ok: &'a [bool],
    live: &'a simtc_graph::LiveSets,
    rematted: &'a FxHashSet<u32>,
    /// The headers of the loops the value is live through.
    headers: &'a [u32],
    /// Registers holding a kernel parameter (its load or its `cvta.to.global`): ptxas reads those from the
    /// constant bank wherever they are needed, so reading one anywhere costs no register.
    param: &'a [bool],
    /// Registers already copied, by (block, original).
    copied: &'a FxHashMap<(u32, Reg), Reg>,
    /// The block the copy goes to.
    b: u32,
}

/// Collects, in post-order, the registers of `r`'s definition tree to copy into block `b`: stops at
/// registers live into `b` or through every loop the value is live through (reading those at `b` adds
/// nothing inside a loop; recorded in `leaves`); fails when a definition is not copyable, was
/// rematerialized, or the tree exceeds [`MAX_COPY`].
fn collect(cx: &Ctx<'_>, r: Reg, root: bool, order: &mut Vec<Reg>, leaves: &mut Vec<Reg>) -> bool {
    let b = cx.b;
    if order.contains(&r) || leaves.contains(&r) || (!root && cx.copied.contains_key(&(b, r))) {
        return true;
    }
    // The root itself is always copied; an operand live there anyway is read in place.
    let live_there = cx.param[r.0 as usize]
        || cx.live.live_in.contains(b, r.0)
        || cx.headers.iter().all(|&h| cx.live.live_in.contains(h, r.0));
    if !root && live_there && !cx.rematted.contains(&r.0) {
        leaves.push(r);
        return true;
    }
    if !cx.ok[r.0 as usize] || cx.rematted.contains(&r.0) {
        return false;
    }
    let Some((db, dk)) = cx.def[r.0 as usize] else { return false };
    for x in cx.f.blocks[db as usize].insts[dk].uses() {
        if !collect(cx, x, false, order, leaves) {
            return false;
        }
    }
    order.push(r);
    order.len() <= MAX_COPY
}

#[cfg(test)]
mod pressure_tests {
    use super::{peak_pressure, peak_pressure_bound, pressure, weight_bound};
    use crate::mir::{graph, text};

    /// The estimates are ordered: all registers ≥ the liveness-free bound ≥ the peak ≥ the block-boundary
    /// pressure, on functions with loops, diamonds with phis, guarded code and long straight-line blocks.
    #[test]
    fn estimates_are_ordered() {
        let sources = [
            include_str!("../../../../../tests/filetests/mir/early_sink.mir"),
            include_str!("../../../../../tests/filetests/mir/sink_max_pressure.mir"),
            include_str!("../../../../../tests/filetests/mir/gvn_hoist_expensive.mir"),
            include_str!("../../../../../tests/filetests/mir/redundant_mov_pred.mir"),
            include_str!("../../../../../tests/filetests/value-redundancy/reassociate_crowded.mir"),
        ];
        let mut n = 0;
        for src in sources {
            for f in text::parse(src).expect("filetest MIR parses") {
                let live = graph::liveness(&f);
                let (all, bound, peak, edge) =
                    (weight_bound(&f), peak_pressure_bound(&f), peak_pressure(&f, &live), pressure(&f, &live));
                assert!(all >= bound && bound >= peak && peak >= edge, "{}: {all} {bound} {peak} {edge}", f.name);
                n += 1;
            }
        }
        assert!(n >= 6, "{n} functions");
    }

    /// The peak of a straight-line block is exact: seven 32-bit registers at once in reassociate_crowded.mir
    /// (the pointer, three loaded words and two partial sums), and the bound needs no liveness to see it.
    #[test]
    fn straight_line_peak() {
        let src = include_str!("../../../../../tests/filetests/value-redundancy/reassociate_crowded.mir");
        let f = text::parse(src).expect("parses").remove(0);
        assert_eq!(peak_pressure(&f, &graph::liveness(&f)), 7);
        assert_eq!(peak_pressure_bound(&f), 7);
    }
}
