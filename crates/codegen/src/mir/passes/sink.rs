//! `sink`: moves pure instructions down the dominator tree, next to their uses (LLVM's `MachineSink`).
//!
//! Instruction selection and the IR passes before it leave values where the IR computed them: a kernel's
//! parameter loads, `cvta`s, address arithmetic and special-register reads all sit in the entry block even
//! when only one arm of a branch reads them. Each such instruction is issued by every warp that reaches its
//! block, and its result occupies a register from there to its last use. Sinking it into the block where its
//! uses are cuts both: warps that skip the branch no longer issue it (the emulator's warp instructions), and
//! the value is live only where it is needed (fewer registers for ptxas to allocate).
//!
//! # Rule
//!
//! An instruction of block `B` with one register destination moves to block `T` when:
//! - it is *pure*: no guard, no side effect, barrier, atomic, convergence or control transfer, no memory write,
//!   and it reads no memory but kernel/function parameters and constant memory (`ld.param`, `ld.const`), which
//!   cannot change while the kernel runs; nothing inside a call sequence (its `ld.param [retval0]` belongs to
//!   the call);
//! - `T` is the nearest common dominator of the blocks of all its uses (a phi operand is used at the end of
//!   the incoming block), `T ≠ B` (so `B` strictly dominates `T` and every operand is still available);
//! - `T` is in no loop that `B` is outside of: if it is, `T` is replaced by its immediate dominator until it
//!   is not (an instruction is never moved into a loop, where it would execute once per iteration).
//!
//! - sinking does not lengthen more live ranges than it shortens ([`lengthens_live_ranges`]): the operands that
//!   die at the instruction and whose definitions stay (they have other readers, or cannot move) would live on
//!   to `T`, while only the result's live range shrinks; registers are weighted by size and a predicate twice.
//!
//! It is placed at the top of `T` (after the phis), before every use there. Sinking from `B` to a block it
//! dominates only removes executions (paths through `B` that avoid `T` no longer run it), never adds any, so a
//! pure instruction's result is unchanged wherever it is read.
//!
//! - in a function whose estimated register pressure (the most 32-bit registers live at a block boundary,
//!   `remat`'s measure) reaches `SinkMaxPressure` (default 128), nothing moves past a loop into a block that
//!   post-dominates its source: such a move saves no execution (the block runs whenever the source does), and
//!   near the register limit its live-range trades, each neutral on its own, add up against ptxas. sw4ck's
//!   `curvilinear4sg` stencils moved about 230 double-precision operations past two loops and spilled at 255
//!   registers (`kernel1` 400 bytes, `kernel5` 704; llc none); held back they take 1,646 and 1,638 SASS instructions
//!   instead of 1,716 and 1,741 and spill nothing. Below the limit the moves stay: in every function, no sinking
//!   into a post-dominating block (LLVM MachineSink's rule) made 23 kernels of the tuning sample longer and 14
//!   shorter, and only across loops 8 longer and 3 shorter; with the limit, none of the 139 changes.
//!
//! # Preheaders
//!
//! A rotated loop whose zero-trip guard branches straight into its header (`if (i < n) do { ... } while (...)`,
//! the grid-stride loop: the IR's empty preheader was merged away, or `ifconvert` speculated its few
//! instructions into the guard block) has no block where the loop's invariants can go except above the guard,
//! where every warp issues them, including those that skip the loop. Before sinking, the edge from such a guard
//! (the header's one predecessor outside the loop, with two successors: the header and a block the loop exits
//! to) is split by a new block laid out just before the header, so the rule above can sink into it; a new block
//! that receives nothing is removed again. Besides the instructions saved, this matters to ptxas: kernel
//! parameters loaded above a divergent early exit make it keep the global memory descriptor in vector registers
//! and convert it (`R2UR`) before every access (a grid-stride saxpy: 31 SASS instructions, 27 with the
//! preheader, as llc-19's).
//!
//! # Order and cost
//!
//! Dead instructions are removed first (`machine-dce`). Blocks are then visited children before parents in the
//! dominator tree and each block bottom-up, so every use of a value is at its final place when the value's
//! definition is visited (phi operands, read at the end of their incoming blocks, are recorded up front, since
//! a loop header is visited after its latch), and chains (`ld.param` → `cvta` →
//! `add`) sink together in one pass. The common dominator of a register's use blocks is folded in as each
//! use is placed; a query walks the dominator tree, bounded by [`MAX_WALK`] steps (a longer walk leaves the
//! instruction where it is), so the pass is linear in the number of instructions and operands.
//!
//! # Past a call
//!
//! A second phase works inside one block. Under the PTX ABI every register live across a `call` must be
//! kept by ptxas in a callee-saved register (or spilled), so a value computed before a call sequence and
//! first read after it is one more register held across the call. A movable instruction (same rule as
//! above, never inside a call sequence) whose first in-block reader (or the block end, if its result is
//! live out) follows one or more call sequences moves to just after the last of them before that reader,
//! provided each register operand is *free* across the call: a kernel parameter loaded outside a call
//! sequence (ptxas reloads it from the constant bank where needed), a value live out of the block or read
//! after that call sequence anyway, or a value whose single reader is this instruction and whose own
//! definition is movable (it then moves too: chains such as `ld.param` → `mul` → `add` follow together).
//! An instruction whose operands would all become live across the call in its place stays, since moving
//! it would trade one register for several. The block is walked bottom-up once, so the phase is linear.
//! Moving a pure instruction down within its block, past instructions that neither define its operands
//! (the MIR is in SSA form) nor read its result, cannot change any value.

use crate::mir::{graph, MBlock, MFunction, MInst, OpKind, Spaces};
use simtc_graph::{DomTree, LoopForest, PostDomTree};

/// Most dominator-tree steps one common-dominator query may take.
const MAX_WALK: u32 = 256;

/// The knob bounding the register pressure at which moves past loops into post-dominating blocks stop.
pub const MAX_PRESSURE_KNOB: &str = "SinkMaxPressure";

/// Whether `i` may move to another block (see the module doc; call-sequence membership is checked by the caller).
pub(crate) fn movable(i: &MInst) -> bool {
    if i.guard.is_some() || i.is_phi() || i.is_pseudo() || i.is_call_frame() {
        return false;
    }
    let e = i.effects();
    let read_only = Spaces(Spaces::PARAM.0 | Spaces::CONST.0);
    !(e.side_effect || e.barrier || e.atomic || e.convergent || e.control)
        && e.writes == Spaces::NONE
        && (e.reads.0 & !read_only.0) == 0
        && matches!(i.dsts.as_slice(), [crate::mir::Operand::Reg(_)])
        && i.op.kind != OpKind::Call
}

/// Registers holding a kernel's parameter: the destination of an unguarded `ld.param` outside a call sequence
/// (a call sequence's `ld.param` reads the callee's return value). ptxas reads those from the constant bank
/// wherever they are needed. All `false` in a device function, whose parameters are registers.
pub(crate) fn kernel_params(f: &MFunction) -> Vec<bool> {
    let mut param = vec![false; f.regs.len()];
    if !f.is_kernel {
        return param;
    }
    for b in &f.blocks {
        let mut in_call = false;
        for i in &b.insts {
            match i.op.kind {
                OpKind::CallSeqStart => in_call = true,
                OpKind::CallSeqEnd => in_call = false,
                OpKind::Ld if !in_call && i.guard.is_none() && i.op.space() == Some(crate::mir::Mod::Param) => {
                    if let [crate::mir::Operand::Reg(d)] = i.dsts.as_slice() {
                        param[d.0 as usize] = true;
                    }
                }
                _ => {}
            }
        }
    }
    param
}

/// Whether sinking `i` would keep more register space live on the way than it frees: its result (freed until
/// the new place) against the operands it reads last (read by nothing else) whose definitions stay behind, each
/// weighted by its 32-bit registers, a predicate by two (the machine has seven). A select of a guarded load's
/// result on the load's predicate, sunk past a loop, would keep both the value and the predicate live through
/// it to free one value: with 32 of them, ptxas spills predicates into general registers.
fn lengthens_live_ranges(f: &MFunction, i: &MInst, dies: impl Fn(crate::mir::Reg) -> bool, follows: &[bool]) -> bool {
    let weight = |r: crate::mir::Reg| match f.class(r) {
        crate::mir::RegClass::Pred => 2,
        c => c.bits().div_ceil(32),
    };
    let freed: u32 = i.defs().into_iter().map(weight).sum();
    let mut seen: smallvec::SmallVec<[crate::mir::Reg; 4]> = smallvec::SmallVec::new();
    let mut kept = 0;
    for r in i.uses() {
        if !seen.contains(&r) && dies(r) && !follows[r.0 as usize] {
            kept += weight(r);
        }
        seen.push(r);
    }
    kept > freed
}

/// Whether the dominator-tree path from `b` down to `t` (which `b` dominates) passes through a loop that `b` is
/// outside of: a value moved from `b` to `t` would then be live through that loop. A walk longer than
/// [`MAX_WALK`] steps counts as crossing.
fn crosses_loop(dt: &DomTree, loops: &LoopForest, b: u32, t: u32) -> bool {
    let mut x = t;
    for _ in 0..MAX_WALK {
        if x == b {
            return false;
        }
        if loops.forest.innermost_of(x).is_some_and(|l| !loops.forest.contains(l, b)) {
            return true;
        }
        match dt.idom(x) {
            Some(p) => x = p,
            None => return true,
        }
    }
    true
}

/// The nearest common dominator of `a` and `b`, or `None` when the walk would exceed [`MAX_WALK`] steps.
fn nca(dt: &DomTree, mut a: u32, mut b: u32) -> Option<u32> {
    let mut steps = 0;
    while a != b {
        steps += 1;
        if steps > MAX_WALK {
            return None;
        }
        if dt.depth(a) >= dt.depth(b) {
            a = dt.idom(a)?;
        } else {
            b = dt.idom(b)?;
        }
    }
    Some(a)
}

/// A register's use blocks folded into their common dominator.
#[derive(Copy, Clone, PartialEq)]
enum UseSite {
    /// No use seen yet.
    None,
    /// The common dominator of the uses so far.
    Block(u32),
    /// Too far apart to tell cheaply: stays put.
    Pinned,
}

fn add_use(dt: &DomTree, s: &mut UseSite, b: u32) {
    *s = match *s {
        UseSite::None => UseSite::Block(b),
        UseSite::Block(x) => nca(dt, x, b).map_or(UseSite::Pinned, UseSite::Block),
        UseSite::Pinned => UseSite::Pinned,
    };
}

/// An edge split by [`make_preheaders`]: `(new block, source, header)`.
type Split = (MBlock, MBlock, MBlock);

/// Splits the edge into each loop header whose one predecessor outside the loop also branches elsewhere (the
/// loop has no preheader: an early-exit test jumps straight into it), so that values only the loop reads can
/// sink below the test. Returns `(new block, source, header)` per split edge, and the dominator tree and loop
/// forest it computed when they still describe the CFG (no edge was split).
fn make_preheaders(f: &mut MFunction) -> (Vec<Split>, Option<(DomTree, LoopForest)>) {
    let g = graph::block_graph(f);
    let dt = DomTree::compute(&g);
    let loops = LoopForest::compute(&g, &dt);
    if loops.forest.len() == 0 {
        return (Vec::new(), Some((dt, loops)));
    }
    let preds = f.preds();
    let mut split = Vec::new();
    for l in 0..loops.forest.len() as u32 {
        let h = MBlock(loops.forest.header(l));
        let outside: Vec<MBlock> =
            preds[h.0 as usize].iter().copied().filter(|p| !loops.forest.contains(l, p.0)).collect();
        let [p] = outside.as_slice() else { continue };
        // Only the zero-trip guard of a rotated loop: `p` branches to the header or past the loop, to a block the
        // loop also exits to (`if (i < n) do { ... } while (...)`); llc lays out a preheader there too.
        let succs = f.succs(*p);
        let exits = loops.forest.exit_nodes(&g, l);
        let guard = succs.len() == 2 && succs.iter().all(|s| *s == h || exits.contains(&s.0));
        if !guard || !dt.is_reachable(p.0) {
            continue;
        }
        let n = f.new_detached_block();
        // The edge block runs for the threads of `p` that enter the loop: a divergent subset when `p` runs with
        // one or its branch splits the warp (then the header, entered with that subset, is marked divergent).
        f.divergent_blocks[n.0 as usize] = f.is_divergent_block(*p) || f.is_divergent_block(h);
        f.block_mut(n).insts.push(MInst::jump(h));
        f.retarget_branches(*p, h, n);
        f.rename_phi_pred(h, *p, n);
        let at = f.order.iter().position(|&b| b == h).expect("a header is laid out");
        f.order.insert(at, n);
        split.push((n, *p, h));
    }
    let kept = split.is_empty().then_some((dt, loops));
    (split, kept)
}

/// Runs the pass; returns how many instructions moved.
pub fn run(f: &mut MFunction, max_pressure: usize) -> usize {
    run_with(f, max_pressure, false)
}

/// Runs the pass, with `arms_only`: no instruction moves into a block that post-dominates its own (only into
/// the arms of branches, where it then runs on fewer paths; `early-sink`'s mode); returns how many moved.
pub(crate) fn run_with(f: &mut MFunction, max_pressure: usize, arms_only: bool) -> usize {
    // Dead instructions (address arithmetic the peephole folded away, say) would pin their operands.
    super::machine_dce::run(f);
    let (preheaders, analyses) = make_preheaders(f);
    let moved = sink(f, analyses, max_pressure, arms_only);
    // A preheader that received nothing goes again (its source branches to the header as before).
    for (n, p, h) in preheaders {
        if f.block(n).insts.len() == 1 {
            unsplit(f, n, p, h);
        }
    }
    moved
}

/// Undoes one split of [`make_preheaders`]: `p` branches to `h` again, `h`'s phis read from `p`, and the empty
/// edge block `n` leaves the layout.
fn unsplit(f: &mut MFunction, n: MBlock, p: MBlock, h: MBlock) {
    f.retarget_branches(p, n, h);
    f.rename_phi_pred(h, n, p);
    f.block_mut(n).insts.clear();
    f.order.retain(|&b| b != n);
}

/// The sinking proper (module doc, "Rule"), with the CFG's dominator tree and loop forest when already known;
/// returns how many instructions moved.
fn sink(f: &mut MFunction, analyses: Option<(DomTree, LoopForest)>, max_pressure: usize, arms_only: bool) -> usize {
    let mut g = None;
    let (dt, loops) = analyses.unwrap_or_else(|| {
        let graph = graph::block_graph(f);
        let dt = DomTree::compute(&graph);
        let loops = LoopForest::compute(&graph, &dt);
        g = Some(graph);
        (dt, loops)
    });
    // Only a function with a loop whose registers together could reach the limit needs the liveness solve.
    let crowded = loops.forest.len() > 0 && super::remat::boundary_crowded(f, max_pressure);
    // Under `crowded` (or `arms_only`), the block graph (the CFG does not change below) and its post-dominator
    // tree on the first move that crosses a loop (or the first move).
    if (crowded || arms_only) && g.is_none() {
        g = Some(graph::block_graph(f));
    }
    let mut pdt: Option<PostDomTree> = None;
    // May a computation move from `from` into `to` (dominated by it) without entering a loop?
    let outside_new_loops = |from: u32, to: u32| match loops.forest.innermost_of(to) {
        Some(l) => loops.forest.contains(l, from),
        None => true,
    };
    let mut site = vec![UseSite::None; f.regs.len()];
    let mut incoming: Vec<Vec<MInst>> = vec![Vec::new(); f.blocks.len()];
    // Uses in unreachable blocks (not in the dominator tree) pin their registers. Phi operands are recorded
    // up front, at the end of their incoming blocks: a loop header's phi is visited after the latch that
    // defines its operand.
    for &b in &f.order {
        let reachable = dt.is_reachable(b.0);
        for i in &f.blocks[b.0 as usize].insts {
            if !reachable {
                for r in i.uses() {
                    site[r.0 as usize] = UseSite::Pinned;
                }
            } else if i.is_phi() {
                for (s, p) in i.srcs.iter().zip(&i.phi_blocks) {
                    if let Some(r) = s.reg() {
                        if dt.is_reachable(p.0) {
                            add_use(&dt, &mut site[r.0 as usize], p.0);
                        } else {
                            site[r.0 as usize] = UseSite::Pinned;
                        }
                    }
                }
            }
        }
    }
    // Registers whose definition follows its one reader when that reader sinks (a movable, single-read value:
    // its use site is then the reader's new block), and the registers read once.
    let reads = f.read_counts();
    let mut follows = vec![false; f.regs.len()];
    for blk in &f.blocks {
        for i in &blk.insts {
            if let [crate::mir::Operand::Reg(d)] = i.dsts.as_slice() {
                follows[d.0 as usize] = reads[d.0 as usize] == 1 && movable(i);
            }
        }
    }
    let mut moved = 0;
    let order: Vec<u32> = dt.preorder().iter().rev().copied().collect();
    // Per block: reads of each register in the block (phi operands excluded), and reads below the current
    // instruction; a register dies at an instruction when every read of it is in the block and none is below.
    let mut in_block = vec![0u32; f.regs.len()];
    let mut below = vec![0u32; f.regs.len()];
    for b in order {
        let n = f.blocks[b as usize].insts.len();
        let mut touched: Vec<crate::mir::Reg> = Vec::new();
        for i in f.blocks[b as usize].insts.iter().filter(|i| !i.is_phi()) {
            for r in i.uses() {
                in_block[r.0 as usize] += 1;
                touched.push(r);
            }
        }
        // Each instruction's destination block, decided bottom-up on the block as it is; the block is rebuilt
        // only when something leaves it (most blocks keep everything).
        let mut dests: Vec<u32> = Vec::new();
        // Walking bottom-up, a call sequence starts at its `CallSeqEnd` and ends at its `CallSeqStart`.
        let mut in_call = false;
        for k in (0..n).rev() {
            let i = &f.blocks[b as usize].insts[k];
            match i.op.kind {
                OpKind::CallSeqEnd => in_call = true,
                OpKind::CallSeqStart => in_call = false,
                _ => {}
            }
            let mut dest = b;
            if !in_call && movable(i) {
                let d = i.dsts[0].reg().expect("movable: one register destination");
                if let UseSite::Block(mut t) = site[d.0 as usize] {
                    let dies =
                        |r: crate::mir::Reg| in_block[r.0 as usize] == reads[r.0 as usize] && below[r.0 as usize] == 0;
                    if t != b && dt.dominates(b, t) && !lengthens_live_ranges(f, i, dies, &follows) {
                        while t != b && !outside_new_loops(b, t) {
                            t = dt.idom(t).expect("b dominates t");
                        }
                        let blocked = (arms_only || (crowded && crosses_loop(&dt, &loops, b, t)))
                            && t != b
                            && pdt
                                .get_or_insert_with(|| PostDomTree::compute(g.as_ref().expect("computed when crowded")))
                                .post_dominates(t, b);
                        if !blocked {
                            dest = t;
                        }
                    }
                }
            }
            // Record where this instruction's operands are read (phis: done up front).
            if !i.is_phi() {
                for r in i.uses() {
                    add_use(&dt, &mut site[r.0 as usize], dest);
                    below[r.0 as usize] += 1;
                }
            }
            if dest != b {
                if dests.is_empty() {
                    dests = vec![b; n];
                }
                dests[k] = dest;
            }
        }
        if !dests.is_empty() {
            let insts = std::mem::take(&mut f.blocks[b as usize].insts);
            let mut kept: Vec<MInst> = Vec::with_capacity(n);
            // Bottom-up, as the destinations were decided: each `incoming` list is in reverse program order.
            for (k, i) in insts.into_iter().enumerate().rev() {
                if dests[k] == b {
                    kept.push(i);
                } else {
                    incoming[dests[k] as usize].push(i);
                    moved += 1;
                }
            }
            kept.reverse();
            f.blocks[b as usize].insts = kept;
        }
        for r in touched {
            in_block[r.0 as usize] = 0;
            below[r.0 as usize] = 0;
        }
    }
    // Place the sunk instructions at the top of their blocks, after the phis: the last one sunk (the earliest
    // in its original block, or from a dominating block) first.
    for (t, mut list) in incoming.into_iter().enumerate() {
        if list.is_empty() {
            continue;
        }
        list.reverse();
        let block = &mut f.blocks[t].insts;
        let at = block.iter().position(|i| !i.is_phi()).unwrap_or(block.len());
        block.splice(at..at, list);
    }
    moved + past_calls(f)
}

/// The second phase (module doc, "Past a call"): within each block, a pure instruction whose result is first
/// read after a call sequence moves to just after the last call sequence before that read, when each of its
/// register operands is free to keep across the call. Returns how many instructions moved.
fn past_calls(f: &mut MFunction) -> usize {
    if !f.blocks.iter().any(|b| b.insts.iter().any(|i| i.op.kind == OpKind::CallSeqEnd)) {
        return 0;
    }
    let live = graph::liveness(f);
    // Kernel parameters, loaded outside a call sequence: ptxas reads them from the constant bank again where
    // it needs them, so keeping one "live" across a call costs no register.
    let param = kernel_params(f);
    let mut moved = 0;
    for b in 0..f.blocks.len() {
        if !f.blocks[b].insts.iter().any(|i| i.op.kind == OpKind::CallSeqEnd) {
            continue;
        }
        let insts = std::mem::take(&mut f.blocks[b].insts);
        let n = insts.len();
        // Positions are doubled: an instruction moved past the call sequence ending at `e` sits at `2e + 1`.
        let mut in_call = vec![false; n];
        let mut last_end: Vec<Option<usize>> = vec![None; n + 1];
        let (mut cur, mut inside) = (None, false);
        for (k, i) in insts.iter().enumerate() {
            last_end[k] = cur;
            if i.op.kind == OpKind::CallSeqStart {
                inside = true;
            }
            in_call[k] = inside;
            if i.op.kind == OpKind::CallSeqEnd {
                inside = false;
                cur = Some(k);
            }
        }
        last_end[n] = cur;
        // The last call sequence ending before doubled position `p` (positions are doubled: an instruction
        // moved past the call sequence ending at `e` sits at `2e + 1`).
        let end_before = |p: usize| last_end[p.div_ceil(2).min(n)];
        // In-block definitions and use counts (phi reads count as reads at the predecessors, in `live_out`).
        let mut def_at: rustc_hash::FxHashMap<u32, usize> = Default::default();
        let mut uses: rustc_hash::FxHashMap<u32, u32> = Default::default();
        for (k, i) in insts.iter().enumerate() {
            if !i.is_phi() {
                for r in i.uses() {
                    *uses.entry(r.0).or_insert(0) += 1;
                }
            }
            for r in i.defs() {
                def_at.insert(r.0, k);
            }
        }
        let live_out = |r: u32| live.live_out.contains(b as u32, r);
        let chain_ok = |r: u32, k: usize| {
            def_at.get(&r).is_some_and(|&j| j < k && !in_call[j] && movable(&insts[j]))
                && uses.get(&r) == Some(&1)
                && !live_out(r)
        };
        // Bottom-up: every in-block reader of a value is placed before its definition is looked at.
        let mut first_read: rustc_hash::FxHashMap<u32, usize> = Default::default();
        let mut last_read: rustc_hash::FxHashMap<u32, usize> = Default::default();
        let mut dest: Vec<Option<usize>> = vec![None; n];
        for k in (0..n).rev() {
            let i = &insts[k];
            let mut pos = 2 * k;
            if !in_call[k] && movable(i) {
                let d = i.dsts[0].reg().expect("movable: one register destination").0;
                let read_at = match first_read.get(&d) {
                    Some(&p) => Some(p),
                    None if live_out(d) => Some(2 * n),
                    None => None,
                };
                if let Some(e) = read_at.and_then(end_before).filter(|&e| e > k) {
                    // Free across the call: a kernel parameter, a value live across it anyway, or one whose
                    // only reader is this instruction and whose definition can follow it.
                    let free = |r: u32| {
                        param[r as usize]
                            || live_out(r)
                            || last_read.get(&r).is_some_and(|&l| l > 2 * e)
                            || chain_ok(r, k)
                    };
                    if i.uses().iter().all(|r| free(r.0)) {
                        dest[k] = Some(e);
                        pos = 2 * e + 1;
                        moved += 1;
                    }
                }
            }
            if !i.is_phi() {
                for r in i.uses() {
                    let f = first_read.entry(r.0).or_insert(pos);
                    *f = (*f).min(pos);
                    let l = last_read.entry(r.0).or_insert(pos);
                    *l = (*l).max(pos);
                }
            }
        }
        let mut after: Vec<Vec<MInst>> = vec![Vec::new(); n];
        let mut kept: Vec<Option<MInst>> = Vec::with_capacity(n);
        for (k, i) in insts.into_iter().enumerate() {
            match dest[k] {
                Some(e) => {
                    after[e].push(i);
                    kept.push(None);
                }
                None => kept.push(Some(i)),
            }
        }
        let block = &mut f.blocks[b].insts;
        for (k, i) in kept.into_iter().enumerate() {
            block.extend(i);
            block.append(&mut after[k]);
        }
    }
    moved
}
