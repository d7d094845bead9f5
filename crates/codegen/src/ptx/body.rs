//! Printing of a laid-out machine function's body (seed 004, "Stack frame + register decls" and `emitFunctionBody`):
//! the local depot, `%SP`/`%SPL`, one `.reg` line per used class with exact counts (`%r<N>` declares
//! `%r0..%r(N-1)`; numbering starts at 1 as in LLVM's output), call prototypes, then the blocks.
//!
//! Registers are renumbered densely per class in order of first definition so the counts are exact. Labels are
//! `$L__BB<f>_<k>` and printed only for blocks that are branch targets; a `bra.uni` to the next block in layout
//! is dropped (fall-through). `.loc` lines are printed when the source location changes. Inline assembly is
//! framed by `// begin inline asm` / `// end inline asm`. Convergence pseudo-instructions print nothing. A body
//! with no real instruction gets the seed's NOP comment so the function is never zero-length.

use crate::mir::text::{write_inst, Style};
use crate::mir::{MBlock, MFunction, MInst, Mod, OpKind, Operand, RegClass};
use std::fmt::Write;

/// Prints the body of `f` (the text between the braces). `fn_index` numbers the labels and the depot.
pub fn body_text(f: &MFunction, fn_index: usize) -> String {
    let nums = renumber(f);
    let mut out = String::new();
    if let Some((size, align)) = f.depot {
        let _ = writeln!(out, "\t.local .align {align} .b8 \t__local_depot{fn_index}[{size}];");
        let _ = writeln!(out, "\t.reg .b64 \t%SP;");
        let _ = writeln!(out, "\t.reg .b64 \t%SPL;");
    }
    let mut maxn = [0u32; 7];
    for (r, c) in f.regs.iter().enumerate() {
        let k = RegClass::ALL.iter().position(|x| x == c).unwrap_or(0);
        maxn[k] = maxn[k].max(nums[r]);
    }
    for (k, c) in RegClass::ALL.iter().enumerate() {
        if maxn[k] > 0 {
            let _ = writeln!(out, "\t.reg {} \t{}<{}>;", c.decl_type(), c.prefix(), maxn[k] + 1);
        }
    }
    for p in &f.prologue {
        let _ = writeln!(out, "\t{p}");
    }
    out.push('\n');
    // Which blocks need labels.
    let mut targeted = vec![false; f.blocks.len()];
    let pos: Vec<usize> = {
        let mut v = vec![usize::MAX; f.blocks.len()];
        for (k, b) in f.order.iter().enumerate() {
            v[b.0 as usize] = k;
        }
        v
    };
    let label = |b: MBlock| format!("$L__BB{fn_index}_{}", pos[b.0 as usize]);
    for (k, &b) in f.order.iter().enumerate() {
        let next = f.order.get(k + 1).copied();
        for i in &f.block(b).insts {
            if i.is_branch() && !is_fallthrough(i, next) {
                for t in i.targets() {
                    targeted[t.0 as usize] = true;
                }
            }
        }
    }
    let mut last_loc: Option<(u32, u32, u32)> = None;
    let mut real = 0usize;
    for (k, &b) in f.order.iter().enumerate() {
        if targeted[b.0 as usize] {
            let _ = writeln!(out, "{}:", label(b));
        }
        for p in &f.block(b).pragmas {
            let _ = writeln!(out, "\t{p}");
        }
        let next = f.order.get(k + 1).copied();
        for i in &f.block(b).insts {
            if i.is_pseudo() || is_fallthrough(i, next) {
                continue;
            }
            if let Some(l) = i.loc {
                if last_loc != Some(l) {
                    let _ = writeln!(out, "\t.loc\t{} {} {}", l.0, l.1, l.2);
                    last_loc = Some(l);
                }
            }
            write_inst(&mut out, f, &nums, &label, i, Style::Ptx);
            real += 1;
        }
    }
    if real == 0 {
        out.push_str("\t// avoids zero-length function\n");
    }
    out
}

fn is_fallthrough(i: &MInst, next: Option<MBlock>) -> bool {
    i.kind() == OpKind::Bra
        && i.op.has(Mod::Uni)
        && i.guard.is_none()
        && matches!(i.srcs.first(), Some(Operand::Label(t)) if Some(*t) == next)
}

/// Dense per-class numbering (from 1) of the registers that appear in some instruction.
fn renumber(f: &MFunction) -> Vec<u32> {
    let mut used = vec![false; f.regs.len()];
    for b in &f.order {
        for i in &f.block(*b).insts {
            for r in i.defs().into_iter().chain(i.uses()) {
                used[r.0 as usize] = true;
            }
        }
    }
    let mut counters = [0u32; 7];
    let mut nums = vec![0u32; f.regs.len()];
    for (r, c) in f.regs.iter().enumerate() {
        if used[r] {
            let k = RegClass::ALL.iter().position(|x| x == c).unwrap_or(0);
            counters[k] += 1;
            nums[r] = counters[k];
        }
    }
    nums
}
