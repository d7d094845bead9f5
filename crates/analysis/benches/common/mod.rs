//! The generated kernel of the scaling benchmark, shared by `benches/scaling.rs` and `examples/scaling.rs`.
//!
//! The kernel is a chain of segments, in rotation: an if-then-else on the thread index (divergent), an
//! if-then-else on a kernel argument (uniform), a three-deep loop nest whose inner loop has a divergent `break`
//! out of the middle loop and two back edges, a switch with a shared case target, and a loop with three exits.
//! An accumulator flows through every segment in phis, and the thread index and a kernel argument are used in
//! all of them, so values live across long stretches of the CFG.

use simtc_ir::{FuncId, Module};
use std::fmt::Write;

/// A kernel of at least `blocks` blocks, as LLVM IR text.
pub fn generate(blocks: usize) -> String {
    let mut s = String::with_capacity(blocks * 120);
    s.push_str("target triple = \"nvptx64-nvidia-cuda\"\n\n");
    s.push_str("declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n\n");
    s.push_str("define ptx_kernel void @big(ptr addrspace(1) %out, i32 %n) {\n");
    s.push_str(
        "entry:\n  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  %acc.init = add i32 %n, 1\n  br label %seg0\n",
    );
    let mut count = 1usize;
    let mut acc = String::from("%acc.init");
    let mut seg = 0usize;
    while count < blocks {
        let next = format!("%seg{}", seg + 1);
        let k = seg;
        match seg % 5 {
            0 | 1 => {
                // An if-then-else, divergent (thread index) or uniform (kernel argument).
                let cond = if seg.is_multiple_of(5) { "%tid" } else { "%n" };
                let _ = write!(
                    s,
                    "seg{k}:\n  %c{k} = icmp slt i32 {cond}, {m}\n  br i1 %c{k}, label %t{k}, label %f{k}\n\
                     t{k}:\n  %tv{k} = add i32 {acc}, 1\n  br label %j{k}\n\
                     f{k}:\n  %fv{k} = mul i32 {acc}, 3\n  br label %j{k}\n\
                     j{k}:\n  %acc{k} = phi i32 [ %tv{k}, %t{k} ], [ %fv{k}, %f{k} ]\n  br label {next}\n",
                    m = k % 31
                );
                count += 4;
            }
            2 => {
                // A three-deep loop nest; the innermost loop breaks out of the middle one on a divergent test
                // and has two back edges.
                let _ = write!(
                    s,
                    "seg{k}:\n  br label %o{k}\n\
                     o{k}:\n  %oi{k} = phi i32 [ 0, %seg{k} ], [ %oi.n{k}, %ol{k} ]\n  br label %m{k}\n\
                     m{k}:\n  %mi{k} = phi i32 [ 0, %o{k} ], [ %mi.n{k}, %ml{k} ]\n  br label %i{k}\n\
                     i{k}:\n  %ii{k} = phi i32 [ 0, %m{k} ], [ %ii.n{k}, %ic{k} ], [ %ii.n{k}, %icc{k} ]\n  \
                     %ii.n{k} = add i32 %ii{k}, 1\n  %x{k} = icmp eq i32 %ii.n{k}, %tid\n  \
                     br i1 %x{k}, label %brk{k}, label %ic{k}\n\
                     ic{k}:\n  %y{k} = icmp slt i32 %ii.n{k}, 8\n  %yy{k} = icmp eq i32 %ii.n{k}, 3\n  \
                     br i1 %yy{k}, label %i{k}, label %icc{k}\n\
                     icc{k}:\n  br i1 %y{k}, label %i{k}, label %ml{k}\n\
                     ml{k}:\n  %mi.n{k} = add i32 %mi{k}, 1\n  %z{k} = icmp slt i32 %mi.n{k}, %n\n  \
                     br i1 %z{k}, label %m{k}, label %ol{k}\n\
                     brk{k}:\n  br label %ol{k}\n\
                     ol{k}:\n  %oi.n{k} = add i32 %oi{k}, 1\n  %w{k} = icmp slt i32 %oi.n{k}, 4\n  \
                     br i1 %w{k}, label %o{k}, label %oe{k}\n\
                     oe{k}:\n  %acc{k} = add i32 %oi.n{k}, {acc}\n  br label {next}\n"
                );
                count += 10;
            }
            3 => {
                // A switch with a shared case target.
                let _ = write!(
                    s,
                    "seg{k}:\n  %sk{k} = and i32 {acc}, 3\n  \
                     switch i32 %sk{k}, label %sd{k} [\n    i32 0, label %s0{k}\n    i32 1, label %s1{k}\n    \
                     i32 2, label %s1{k}\n  ]\n\
                     s0{k}:\n  br label %sj{k}\n\
                     s1{k}:\n  %sv{k} = add i32 {acc}, %tid\n  br label %sj{k}\n\
                     sd{k}:\n  br label %sj{k}\n\
                     sj{k}:\n  %acc{k} = phi i32 [ 1, %s0{k} ], [ %sv{k}, %s1{k} ], [ {acc}, %sd{k} ]\n  \
                     br label {next}\n"
                );
                count += 5;
            }
            _ => {
                // A loop with three exits (two uniform, one divergent) and two back edges.
                let _ = write!(
                    s,
                    "seg{k}:\n  br label %h{k}\n\
                     h{k}:\n  %hi{k} = phi i32 [ 0, %seg{k} ], [ %hi.n{k}, %hc{k} ], [ %hi.n{k}, %hl{k} ]\n  \
                     %hi.n{k} = add i32 %hi{k}, 1\n  %e1{k} = icmp eq i32 %hi{k}, %n\n  \
                     br i1 %e1{k}, label %hx{k}, label %hb{k}\n\
                     hb{k}:\n  %e2{k} = icmp eq i32 %hi{k}, %tid\n  br i1 %e2{k}, label %hx{k}, label %hc{k}\n\
                     hc{k}:\n  %e3{k} = icmp slt i32 %hi{k}, 2\n  br i1 %e3{k}, label %h{k}, label %hl{k}\n\
                     hl{k}:\n  %e4{k} = icmp slt i32 %hi.n{k}, 16\n  br i1 %e4{k}, label %h{k}, label %hx{k}\n\
                     hx{k}:\n  %acc{k} = phi i32 [ %hi{k}, %h{k} ], [ %hi.n{k}, %hb{k} ], [ {acc}, %hl{k} ]\n  \
                     br label {next}\n"
                );
                count += 6;
            }
        }
        acc = format!("%acc{k}");
        seg += 1;
    }
    let _ = write!(s, "seg{seg}:\n  store i32 {acc}, ptr addrspace(1) %out, align 4\n  ret void\n}}\n");
    s
}

/// The generated kernel of at least `blocks` blocks, parsed and verified.
pub fn kernel(blocks: usize) -> (Module, FuncId) {
    let m = simtc_llvm_reader::parse_module(&generate(blocks)).expect("generated IR parses");
    if let Err(e) = simtc_ir::verifier::verify_module(&m) {
        panic!("generated IR is broken: {e:?}");
    }
    let f = m.func_by_name("big").expect("the kernel");
    (m, f)
}
