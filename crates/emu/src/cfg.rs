//! Reconvergence points: the immediate post-dominator of every branch.
//!
//! Per function, basic blocks are split at branch targets and after control transfers; `ret`, `exit` and `trap`
//! lead to a virtual exit node. Post-dominators are the dominators of the reverse graph rooted at the virtual exit,
//! computed by `simtc_graph`'s dominator tree. A branch's reconvergence point is the first instruction of
//! its block's immediate post-dominator; when that is the virtual exit (paths that only meet by leaving the
//! function) or the block cannot reach an exit (an infinite loop), the branch has no reconvergence point
//! ([`NO_RPC`]) and its sides run independently until they exit.

use crate::program::{Op, Program, NO_RPC};
use simtc_graph::{DiGraph, DomTree};

/// Fills in `rpc` of every `bra` and `brx.idx`.
pub fn compute_reconvergence(p: &mut Program) {
    for fi in 0..p.funcs.len() {
        let f = &p.funcs[fi];
        if !f.defined || f.start == f.end {
            continue;
        }
        let (start, end) = (f.start as usize, f.end as usize);
        let rpcs = function_rpcs(p, start, end);
        for (pc, rpc) in rpcs {
            match &mut p.insts[pc].op {
                Op::Bra { rpc: r, .. } | Op::BrxIdx { rpc: r, .. } => *r = rpc,
                _ => {}
            }
        }
    }
}

fn successors(p: &Program, pc: usize, end: usize, exit: usize, block_of: &[usize]) -> Vec<usize> {
    let i = &p.insts[pc];
    let next = || if pc + 1 < end { block_of[pc + 1] } else { exit };
    let mut v = match &i.op {
        Op::Bra { target, .. } => {
            let mut v = vec![block_of[*target as usize]];
            if i.guard.is_some() {
                v.push(next());
            }
            v
        }
        Op::BrxIdx { targets, .. } => {
            let mut v: Vec<usize> = targets.iter().map(|t| block_of[*t as usize]).collect();
            if i.guard.is_some() {
                v.push(next());
            }
            v
        }
        Op::Ret | Op::Exit | Op::Trap => {
            let mut v = vec![exit];
            if i.guard.is_some() {
                v.push(next());
            }
            v
        }
        _ => vec![next()],
    };
    v.sort_unstable();
    v.dedup();
    v
}

fn is_terminator(op: &Op) -> bool {
    matches!(op, Op::Bra { .. } | Op::BrxIdx { .. } | Op::Ret | Op::Exit | Op::Trap)
}

/// (branch pc, reconvergence pc) for the branches in `[start, end)`.
fn function_rpcs(p: &Program, start: usize, end: usize) -> Vec<(usize, u32)> {
    let n = end - start;
    let mut leader = vec![false; n];
    leader[0] = true;
    for pc in start..end {
        let op = &p.insts[pc].op;
        match op {
            Op::Bra { target, .. } => leader[*target as usize - start] = true,
            Op::BrxIdx { targets, .. } => {
                for t in targets {
                    leader[*t as usize - start] = true;
                }
            }
            _ => {}
        }
        if is_terminator(op) && pc + 1 < end {
            leader[pc + 1 - start] = true;
        }
    }
    // block_of is indexed by absolute pc (with an offset table for simplicity).
    let mut block_of_rel = vec![0usize; n];
    let mut starts = Vec::new();
    for k in 0..n {
        if leader[k] {
            starts.push(start + k);
        }
        block_of_rel[k] = starts.len() - 1;
    }
    let nb = starts.len();
    let exit = nb;
    let mut block_of = vec![usize::MAX; end];
    block_of[start..start + n].copy_from_slice(&block_of_rel);
    let mut succ: Vec<Vec<usize>> = vec![Vec::new(); nb + 1];
    for b in 0..nb {
        let last = if b + 1 < nb { starts[b + 1] - 1 } else { end - 1 };
        succ[b] = successors(p, last, end, exit, &block_of);
    }
    // Post-dominators: dominators of the reverse graph rooted at the virtual exit. Blocks that cannot reach an
    // exit are unreachable there and get no immediate post-dominator.
    let edges = succ.iter().enumerate().flat_map(|(b, ss)| ss.iter().map(move |&s| (s as u32, b as u32)));
    let reverse = DiGraph::new(nb + 1, exit as u32, edges);
    let tree = DomTree::compute(&reverse);
    let mut out = Vec::new();
    for b in 0..nb {
        let last = if b + 1 < nb { starts[b + 1] - 1 } else { end - 1 };
        if matches!(p.insts[last].op, Op::Bra { .. } | Op::BrxIdx { .. }) {
            let rpc = match tree.idom(b as u32) {
                Some(d) if d as usize != exit => starts[d as usize] as u32,
                _ => NO_RPC,
            };
            out.push((last, rpc));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::program::{Op, NO_RPC};

    fn rpcs(src: &str) -> Vec<(u32, u32)> {
        let m = crate::ptx::parser::parse(src).unwrap();
        let p = crate::decode::decode(&m, src).unwrap();
        p.insts
            .iter()
            .filter_map(|i| match i.op {
                Op::Bra { rpc, .. } => Some((i.line, rpc)),
                _ => None,
            })
            .map(|(l, r)| (l, if r == NO_RPC { 0 } else { p.insts[r as usize].line }))
            .collect()
    }

    #[test]
    fn diamond_and_loop() {
        let src = "
.entry k()
{
  .reg .pred %p<3>;
  .reg .b32 %r<3>;
  mov.u32 %r1, %tid.x;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 bra THEN;
  add.u32 %r2, %r1, 1;
  bra.uni JOIN;
THEN:
  add.u32 %r2, %r1, 2;
JOIN:
  setp.lt.u32 %p2, %r2, 5;
  @%p2 bra JOIN;
  ret;
}";
        // Lines: 8 = @%p1 bra, 10 = bra.uni JOIN, 14 = loop latch; JOIN's first instruction is line 14.
        assert_eq!(rpcs(src), vec![(8, 14), (10, 14), (15, 16)]);
    }
}
