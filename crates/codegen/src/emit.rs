//! Printing of a machine function's body (seed 004, "Stack frame + register decls" and `emitFunctionBody`):
//! the local depot, `%SP`/`%SPL`, one `.reg` line per used class with exact counts (`%r<N>` declares
//! `%r0..%r(N-1)`; numbering starts at 1 as in LLVM's output), call prototypes, then the blocks.
//!
//! Registers are renumbered densely per class in order of first definition so the counts are exact. Labels are
//! `$L__BB<f>_<k>` and printed only for blocks that are branch targets; a `bra.uni` to the next block in layout
//! is dropped (fall-through). `.loc` lines are printed when the source location changes. Inline assembly is
//! framed by `// begin inline asm` / `// end inline asm`. Convergence pseudo-instructions print nothing. A body
//! with no real instruction gets the seed's NOP comment so the function is never zero-length.

use crate::mir::{write_operand, MBlock, MFunction, MInst, Operand, RegClass};
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
            write_inst(&mut out, f, &nums, &label, i);
            real += 1;
        }
    }
    if real == 0 {
        out.push_str("\t// avoids zero-length function\n");
    }
    out
}

fn is_fallthrough(i: &MInst, next: Option<MBlock>) -> bool {
    i.op == "bra.uni" && i.guard.is_none() && matches!(i.srcs.first(), Some(Operand::Label(t)) if Some(*t) == next)
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

fn write_inst(out: &mut String, f: &MFunction, nums: &[u32], label: &dyn Fn(MBlock) -> String, i: &MInst) {
    let op = i.op.as_str();
    if op.starts_with('{') || op.starts_with('}') {
        let _ = writeln!(out, "\t{op}");
        return;
    }
    if op.starts_with(".param") {
        let _ = writeln!(out, "\t{op};");
        return;
    }
    if op == "inlineasm" {
        let Some(Operand::Raw(tmpl)) = i.srcs.first() else { return };
        let n_out = i.dsts.len();
        let mut text = String::new();
        let bytes = tmpl.as_bytes();
        let mut k = 0;
        while k < bytes.len() {
            if bytes[k] == b'$' && k + 1 < bytes.len() && bytes[k + 1].is_ascii_digit() {
                let mut e = k + 1;
                while e < bytes.len() && bytes[e].is_ascii_digit() {
                    e += 1;
                }
                let idx: usize = tmpl[k + 1..e].parse().unwrap_or(0);
                let o = if idx < n_out { i.dsts.get(idx) } else { i.srcs.get(1 + idx - n_out) };
                if let Some(o) = o {
                    write_operand(&mut text, f, nums, label, o);
                }
                k = e;
            } else if bytes[k] == b'$' && k + 1 < bytes.len() && bytes[k + 1] == b'$' {
                text.push('$');
                k += 2;
            } else {
                let ch = tmpl[k..].chars().next().unwrap_or(' ');
                text.push(ch);
                k += ch.len_utf8();
            }
        }
        let _ = writeln!(out, "\t// begin inline asm\n\t{text}\n\t// end inline asm");
        return;
    }
    out.push('\t');
    if let Some((g, neg)) = i.guard {
        let _ = write!(out, "@{}{} ", if neg { "!" } else { "" }, crate::mir::reg_name(f, nums, g));
    }
    if op == "call.indirect" {
        // srcs: Raw("(retval0), " or ""), callee register, Raw(", (params), prototype").
        out.push_str("call \t");
        for s in &i.srcs {
            write_operand(out, f, nums, label, s);
        }
        out.push_str(";\n");
        return;
    }
    out.push_str(op);
    let mut first = true;
    if op.starts_with("shfl.sync") || op.starts_with("match.all") {
        // d|p form for the predicate output.
        out.push_str(" \t");
        for (k, d) in i.dsts.iter().enumerate() {
            if k > 0 {
                out.push('|');
            }
            write_operand(out, f, nums, label, d);
        }
        first = false;
    } else {
        for d in &i.dsts {
            out.push_str(if first { " \t" } else { ", " });
            write_operand(out, f, nums, label, d);
            first = false;
        }
    }
    for s in &i.srcs {
        out.push_str(if first { " \t" } else { ", " });
        write_operand(out, f, nums, label, s);
        first = false;
    }
    out.push_str(";\n");
}

/// A debug listing of MIR (`--emit mir`): like the body text, but every block is labelled with its number and
/// its predecessors, and pseudo-instructions (`phi`, convergence markers) are shown.
pub fn mir_text(f: &MFunction, fn_index: usize) -> String {
    let _ = fn_index;
    mir_text_titled(f, &format!("mir {}", f.name))
}

/// [`mir_text`] with its own title line (`<title> {`), e.g. for the SSA form before destruction.
pub fn mir_text_titled(f: &MFunction, title: &str) -> String {
    let nums = renumber_all(f);
    let mut preds = f.preds();
    // After branch folding a block may fall through into the next one in layout: that is an edge too.
    for w in f.order.windows(2) {
        let falls = !f.block(w[0]).insts.last().is_some_and(|i| i.is_terminator());
        if falls && !preds[w[1].0 as usize].contains(&w[0]) {
            preds[w[1].0 as usize].push(w[0]);
        }
    }
    let label = |b: MBlock| format!("bb{}", b.0);
    let mut out = format!("{title} {{\n");
    for &b in &f.order {
        let p: Vec<String> = preds[b.0 as usize].iter().map(|x| label(*x)).collect();
        let _ = writeln!(
            out,
            "{}:{}",
            label(b),
            if p.is_empty() { String::new() } else { format!("  ; preds: {}", p.join(", ")) }
        );
        for i in &f.block(b).insts {
            if i.is_phi() {
                let _ = write!(out, "\t{} = phi", crate::mir::reg_name(f, &nums, i.defs()[0]));
                for (k, s) in i.srcs.iter().enumerate() {
                    out.push_str(if k == 0 { " " } else { ", " });
                    out.push('[');
                    write_operand(&mut out, f, &nums, &label, s);
                    let _ = write!(out, ", {}]", i.phi_blocks.get(k).map(|x| label(*x)).unwrap_or_default());
                }
                out.push('\n');
            } else {
                write_inst(&mut out, f, &nums, &label, i);
            }
        }
    }
    out.push_str("}\n");
    out
}

fn renumber_all(f: &MFunction) -> Vec<u32> {
    f.class_numbers()
}
