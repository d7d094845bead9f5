//! Liveness of SSA values at block boundaries.
//!
//! # Definition
//!
//! Only values with use lists are tracked: function arguments and instruction results. Constants, metadata and
//! inline asm are never live. A value is **live-in** at block `B` when some path from the top of `B` reaches a
//! use of it without passing its definition, and **live-out** at `B` when it is live-in at a successor of `B` or
//! used by a phi of a successor on the edge from `B`.
//!
//! Phis follow the usual SSA convention: an incoming value of a phi is used at the end of the corresponding
//! predecessor (it is live-out there and not live-in at the phi's block, unless it is live-in there for another
//! reason), and a phi's result is defined at the top of its block (it is not live-in there). Arguments are defined
//! above the entry block: an argument with a use is live-in at the entry.
//!
//! Uses in unreachable blocks are handled like any other: the value is live along the (unreachable) paths that
//! lead to them, and never becomes live in reachable blocks through them.
//!
//! # Algorithm
//!
//! [`simtc_graph::SsaLiveness`] over the CFG, fed with every tracked value's defining block and uses (a phi's
//! uses at the end of the incoming blocks). Per-variable path exploration (Brandner, Boissinot, Darte, Dupont de Dinechin, Rastello, *Computing Liveness
//! Sets for SSA-Form Programs*, 2011): for every value and every use, walk backward from the using block (for a
//! phi use, from the end of the incoming block) to the defining block, marking each block passed live-in and each
//! of its predecessors live-out; a walk stops at the defining block and at blocks already marked for this value.
//! Values are processed in increasing id order, so "already marked for this value" is one comparison with the
//! last value marked at the block (no hashing and no per-value clearing). The marks are collected as
//! `(block, value)` pairs and grouped by block at the end (a counting sort that keeps each block's values in id
//! order), so the sets are two flat arrays with offsets rather than a vector per block.
//!
//! # Complexity
//!
//! O(V + Σ_v (uses(v) + Σ_{B ∈ LiveIn(v)} preds(B))) time: every use is visited once, and each block is entered
//! at most once per value live-in there (its predecessors scanned then). That is linear in the size of the
//! result plus the edges it crosses — near-linear in practice, since most values are live in few blocks. Memory is
//! O(V + size of the sets). Queries: `live_in`/`live_out` O(1), `is_live_in`/`is_live_out` O(log |set|).

use crate::cfg::Cfg;
use crate::graph::NONE;
use simtc_graph::{LiveSets, SsaLiveness};
use simtc_ir::{Block, Function, SecondaryMap, Value, ValueDef};

/// Live-in and live-out sets of every block of a function (see the module documentation).
#[derive(Clone, Debug)]
pub struct Liveness {
    index: SecondaryMap<Block, u32>,
    sets: LiveSets<Value>,
}

impl Liveness {
    /// Computes liveness for `func`; `cfg` must be its CFG.
    pub fn compute(func: &Function, cfg: &Cfg) -> Self {
        let g = cfg.graph();
        let mut index = SecondaryMap::with_default(NONE);
        for (i, &b) in cfg.blocks().iter().enumerate() {
            index.set(b, i as u32);
        }
        let mut live = SsaLiveness::new(g);
        // Tracked values in increasing id order, with their defining block (`None` = above the entry).
        for (v, data) in func.dfg.values() {
            let def = match data.def {
                ValueDef::Arg(_) => None,
                ValueDef::Inst(i) => match func.layout.inst_block(i) {
                    Some(b) if index[b] != NONE => Some(index[b]),
                    _ => continue,
                },
                _ => continue,
            };
            live.var(v, def);
            for u in func.dfg.uses(v) {
                let Some(ub) = func.layout.inst_block(u.inst) else {
                    continue;
                };
                let ui = index[ub];
                if ui == NONE {
                    continue;
                }
                if func.dfg.inst(u.inst).is_phi() {
                    // Used at the end of the incoming block.
                    let Some(&p) = func.dfg.phi_blocks(u.inst).get(u.index as usize) else {
                        continue;
                    };
                    let pi = index[p];
                    if pi != NONE {
                        live.use_at_exit(pi);
                    }
                } else {
                    live.use_in(ui);
                }
            }
        }
        Liveness { index, sets: live.finish() }
    }

    fn idx(&self, b: Block) -> Option<usize> {
        let i = *self.index.get(b);
        (i != NONE).then_some(i as usize)
    }

    /// Values live at the top of `b`, sorted by id (empty for a block outside the function's layout).
    pub fn live_in(&self, b: Block) -> &[Value] {
        self.idx(b).map_or(&[], |i| self.sets.live_in.get(i as u32))
    }
    /// Values live at the bottom of `b` (phi operands of its successors included), sorted by id.
    pub fn live_out(&self, b: Block) -> &[Value] {
        self.idx(b).map_or(&[], |i| self.sets.live_out.get(i as u32))
    }
    /// Whether `v` is live at the top of `b`.
    pub fn is_live_in(&self, b: Block, v: Value) -> bool {
        self.live_in(b).binary_search(&v).is_ok()
    }
    /// Whether `v` is live at the bottom of `b`.
    pub fn is_live_out(&self, b: Block, v: Value) -> bool {
        self.live_out(b).binary_search(&v).is_ok()
    }
    /// The largest number of values live-in or live-out at any block boundary (a lower bound on register
    /// pressure at block boundaries).
    pub fn max_live(&self) -> usize {
        self.sets.max_live()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use simtc_ir::Module;

    fn module(src: &str) -> Module {
        simtc_llvm_reader::parse_module(src).unwrap_or_else(|e| panic!("{e:?}"))
    }

    fn block(f: &Function, name: &str) -> Block {
        f.layout.blocks().find(|&b| f.dfg.block_name(b) == Some(name)).unwrap()
    }

    fn names(f: &Function, vs: &[Value]) -> Vec<String> {
        vs.iter().map(|&v| f.dfg.value_name(v).unwrap_or("?").to_string()).collect()
    }

    /// (live-in, live-out) names of every block.
    fn sets(src: &str) -> Vec<(String, Vec<String>, Vec<String>)> {
        let m = module(src);
        let f = &m.funcs[m.func_ids().next().unwrap()];
        let cfg = Cfg::compute(f);
        let l = Liveness::compute(f, &cfg);
        cfg.blocks()
            .iter()
            .map(|&b| {
                let sorted = |vs: &[Value]| {
                    let mut n = names(f, vs);
                    n.sort();
                    n
                };
                (f.dfg.block_name(b).unwrap().to_string(), sorted(l.live_in(b)), sorted(l.live_out(b)))
            })
            .collect()
    }

    fn get<'a>(s: &'a [(String, Vec<String>, Vec<String>)], b: &str) -> (&'a [String], &'a [String]) {
        let e = s.iter().find(|e| e.0 == b).unwrap();
        (&e.1, &e.2)
    }

    /// Expected names, sorted (the sets are compared as sorted name lists).
    fn v(xs: &[&str]) -> Vec<String> {
        let mut r: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
        r.sort();
        r
    }

    #[test]
    fn straight_line_and_dead_values() {
        let s = sets(
            r#"
define i32 @f(i32 %a, i32 %unused) {
entry:
  %x = add i32 %a, 1
  %dead = mul i32 %a, 7
  br label %next
next:
  %y = add i32 %x, %a
  ret i32 %y
}
"#,
        );
        assert_eq!(get(&s, "entry"), (&v(&["a"])[..], &v(&["a", "x"])[..]));
        assert_eq!(get(&s, "next"), (&v(&["a", "x"])[..], &[][..]));
    }

    #[test]
    fn diamond_with_phi_operands_live_out_of_predecessors_only() {
        let s = sets(
            r#"
define i32 @f(i1 %c, i32 %a) {
entry:
  %x = add i32 %a, 1
  %y = add i32 %a, 2
  br i1 %c, label %l, label %r
l:
  br label %join
r:
  %z = mul i32 %y, 3
  br label %join
join:
  %p = phi i32 [ %x, %l ], [ %z, %r ]
  ret i32 %p
}
"#,
        );
        assert_eq!(get(&s, "entry"), (&v(&["c", "a"])[..], &v(&["x", "y"])[..]));
        assert_eq!(get(&s, "l"), (&v(&["x"])[..], &v(&["x"])[..]));
        assert_eq!(get(&s, "r"), (&v(&["y"])[..], &v(&["z"])[..]));
        // Neither %x nor %z is live-in at the join: they are used on the edges.
        assert_eq!(get(&s, "join"), (&[][..], &[][..]));
    }

    #[test]
    fn loop_carried_values_and_values_live_across_a_loop() {
        let s = sets(
            r#"
define i32 @f(i32 %n, i32 %k) {
entry:
  %base = mul i32 %k, 3
  %after = add i32 %k, 5
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %acc.next = add i32 %acc, %base
  %i.next = add i32 %i, 1
  br label %header
exit:
  %r = add i32 %acc, %after
  ret i32 %r
}
"#,
        );
        // %after is not used in the loop but lives across it.
        assert_eq!(get(&s, "entry"), (&v(&["n", "k"])[..], &v(&["n", "base", "after"])[..]));
        assert_eq!(get(&s, "header"), (&v(&["n", "base", "after"])[..], &v(&["n", "base", "after", "i", "acc"])[..]));
        assert_eq!(
            get(&s, "body"),
            (&v(&["n", "base", "after", "i", "acc"])[..], &v(&["n", "base", "after", "acc.next", "i.next"])[..])
        );
        assert_eq!(get(&s, "exit"), (&v(&["after", "acc"])[..], &[][..]));
    }

    #[test]
    fn phi_using_its_own_block_value_over_a_back_edge() {
        let s = sets(
            r#"
define void @f(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#,
        );
        assert_eq!(get(&s, "entry"), (&v(&["n"])[..], &v(&["n"])[..]));
        // %i.next is live-out of the latch (the phi's use) but not live-in anywhere.
        assert_eq!(get(&s, "loop"), (&v(&["n"])[..], &v(&["n", "i.next"])[..]));
        assert_eq!(get(&s, "exit"), (&[][..], &[][..]));
    }

    #[test]
    fn value_used_only_by_a_phi_in_a_successor_two_levels_down() {
        let s = sets(
            r#"
define i32 @f(i1 %c, i32 %a) {
entry:
  %x = add i32 %a, 1
  br i1 %c, label %mid, label %join
mid:
  br label %mid2
mid2:
  br label %join
join:
  %p = phi i32 [ 0, %entry ], [ %x, %mid2 ]
  ret i32 %p
}
"#,
        );
        assert_eq!(get(&s, "entry"), (&v(&["c", "a"])[..], &v(&["x"])[..]));
        assert_eq!(get(&s, "mid"), (&v(&["x"])[..], &v(&["x"])[..]));
        assert_eq!(get(&s, "mid2"), (&v(&["x"])[..], &v(&["x"])[..]));
        assert_eq!(get(&s, "join"), (&[][..], &[][..]));
    }

    #[test]
    fn nested_loops_with_several_exits() {
        let src = r#"
define i32 @f(i1 %c, i32 %a) {
entry:
  %inv = add i32 %a, 1
  br label %outer
outer:
  %o = phi i32 [ 0, %entry ], [ %o.next, %outer.latch ]
  br label %inner
inner:
  %j = phi i32 [ %o, %outer ], [ %j.next, %inner ]
  %j.next = add i32 %j, %inv
  br i1 %c, label %inner, label %inner.exit
inner.exit:
  %early = icmp eq i32 %j.next, 7
  br i1 %early, label %ret1, label %outer.latch
outer.latch:
  %o.next = add i32 %o, 1
  br i1 %c, label %outer, label %ret2
ret1:
  ret i32 %j.next
ret2:
  ret i32 %o.next
}
"#;
        let m = module(src);
        let f = &m.funcs[m.func_ids().next().unwrap()];
        let cfg = Cfg::compute(f);
        let l = Liveness::compute(f, &cfg);
        let val = |n: &str| f.dfg.values().find(|(v, _)| f.dfg.value_name(*v) == Some(n)).unwrap().0;
        let inner = block(f, "inner");
        let outer = block(f, "outer");
        let latch = block(f, "outer.latch");
        assert!(l.is_live_in(inner, val("inv")) && l.is_live_out(inner, val("inv")));
        assert!(l.is_live_in(inner, val("o")) && !l.is_live_in(outer, val("o")));
        assert!(l.is_live_in(inner, val("c")));
        assert!(!l.is_live_in(inner, val("j")) && l.is_live_out(inner, val("j.next")));
        assert!(l.is_live_out(latch, val("o.next")) && !l.is_live_in(latch, val("o.next")));
        assert!(!l.is_live_in(block(f, "ret1"), val("o.next")));
        assert!(l.is_live_in(block(f, "ret1"), val("j.next")));
        assert_eq!(names(f, l.live_in(block(f, "ret2"))), v(&["o.next"]));
        // Sets are sorted by value id: the parameters in order.
        assert_eq!(names(f, l.live_in(block(f, "entry"))), ["c", "a"]);
        assert!(l.max_live() >= 4);
    }

    /// Reference: iterate the dataflow equations to a fixpoint and compare on random CFGs.
    #[test]
    fn agrees_with_iterative_dataflow() {
        use std::collections::BTreeSet;
        // A small deterministic generator of functions with loops, phis and cross-block uses.
        let mut seed = 0x2545F4914F6CDD1Du64;
        let mut rnd = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _case in 0..200 {
            let nb = 2 + rnd(8) as usize;
            // Successors: each block branches to one or two blocks; the last block returns.
            let mut succ: Vec<Vec<usize>> = Vec::new();
            for b in 0..nb {
                if b + 1 == nb {
                    succ.push(vec![]);
                } else {
                    let a = 1 + rnd(nb as u64 - 1) as usize;
                    let c = 1 + rnd(nb as u64 - 1) as usize;
                    succ.push(if a == c { vec![a] } else { vec![a, c] });
                }
            }
            // Make every block reachable in layout order: 0 -> 1 -> ... as a fallback edge.
            for (b, s) in succ.iter_mut().enumerate().take(nb - 1) {
                if !s.contains(&(b + 1)) {
                    if s.len() == 2 {
                        s[1] = b + 1;
                    } else {
                        s.push(b + 1);
                    }
                }
            }
            let mut preds: Vec<Vec<usize>> = vec![Vec::new(); nb];
            for (b, s) in succ.iter().enumerate() {
                for &t in s {
                    preds[t].push(b);
                }
            }
            // Dominance-respecting uses: the arguments anywhere, each block's value in the phis of its
            // successors, and the entry's value (which dominates everything) in some blocks.
            let mut src = String::from("define void @f(i32 %a, i1 %c) {\n");
            for b in 0..nb {
                src.push_str(&format!("b{b}:\n"));
                if b > 0 {
                    let inc: Vec<String> = preds[b].iter().map(|&p| format!("[ %v{p}, %b{p} ]")).collect();
                    src.push_str(&format!("  %p{b} = phi i32 {}\n", inc.join(", ")));
                    src.push_str(&format!("  %v{b} = add i32 %p{b}, %a\n"));
                    if rnd(2) == 0 {
                        // A use of the entry's value (which dominates every block), live across any loop.
                        src.push_str(&format!("  %w{b} = add i32 %v{b}, %v0\n"));
                    }
                } else {
                    src.push_str("  %v0 = add i32 %a, 1\n");
                }
                match succ[b].as_slice() {
                    [] => src.push_str("  ret void\n"),
                    [t] => src.push_str(&format!("  br label %b{t}\n")),
                    [t, e] => src.push_str(&format!("  br i1 %c, label %b{t}, label %b{e}\n")),
                    _ => unreachable!(),
                }
            }
            src.push_str("}\n");
            let m = module(&src);
            let f = &m.funcs[m.func_ids().next().unwrap()];
            let cfg = Cfg::compute(f);
            let l = Liveness::compute(f, &cfg);
            // Fixpoint: in = uses ∪ (out − defs); out = ∪ (in(s) − phidefs(s)) ∪ phiuses(s, b).
            let blocks = cfg.blocks();
            let mut defs: Vec<BTreeSet<Value>> = vec![BTreeSet::new(); nb];
            let mut upward: Vec<BTreeSet<Value>> = vec![BTreeSet::new(); nb];
            let mut phi_uses: Vec<BTreeSet<Value>> = vec![BTreeSet::new(); nb];
            for (bi, &b) in blocks.iter().enumerate() {
                for i in f.layout.block_insts(b) {
                    let d = f.dfg.inst(i);
                    if d.is_phi() {
                        for (k, &a) in f.dfg.args(i).iter().enumerate() {
                            if f.dfg.value_def(a).tracks_uses() {
                                let p = f.dfg.phi_blocks(i)[k];
                                phi_uses[cfg.index(p) as usize].insert(a);
                            }
                        }
                    } else {
                        for &a in f.dfg.args(i) {
                            if f.dfg.value_def(a).tracks_uses() && !defs[bi].contains(&a) {
                                upward[bi].insert(a);
                            }
                        }
                    }
                    if let Some(r) = f.dfg.result(i) {
                        defs[bi].insert(r);
                    }
                }
            }
            let mut lin: Vec<BTreeSet<Value>> = vec![BTreeSet::new(); nb];
            let mut lout: Vec<BTreeSet<Value>> = vec![BTreeSet::new(); nb];
            let mut changed = true;
            while changed {
                changed = false;
                for b in (0..nb).rev() {
                    let mut out: BTreeSet<Value> = phi_uses[b].clone();
                    for &s in cfg.graph().succs(b as u32) {
                        for &x in &lin[s as usize] {
                            out.insert(x);
                        }
                    }
                    let mut inn = upward[b].clone();
                    for &x in &out {
                        if !defs[b].contains(&x) {
                            inn.insert(x);
                        }
                    }
                    if out != lout[b] || inn != lin[b] {
                        changed = true;
                        lout[b] = out;
                        lin[b] = inn;
                    }
                }
            }
            for (bi, &b) in blocks.iter().enumerate() {
                assert_eq!(l.live_in(b), lin[bi].iter().copied().collect::<Vec<_>>().as_slice(), "{src}");
                assert_eq!(l.live_out(b), lout[bi].iter().copied().collect::<Vec<_>>().as_slice(), "{src}");
            }
        }
    }
}
