//! Branches that are divergent for the uniformity analysis but split a thread block between one thread and the
//! rest: `darm` does not meld them.
//!
//! A condition `icmp eq/ne a, u` with `u` uniform and `a` *thread-index-affine* — built from
//! `llvm.nvvm.read.ptx.sreg.tid.{x,y,z}` by adding or subtracting uniform values (either way round),
//! multiplying by a uniform value, shifting left by one, and sign or zero extension — holds on at most one
//! thread of the block for a nonzero coefficient (on all or none when it is zero). So at most one warp runs both
//! sides; every other warp runs one side only. Melding helps that one warp and makes all the others issue the
//! melded code: the selects, the guarded runs of unaligned instructions and, for each pair, the longer of the
//! two latencies. Measured on HeCBench's tridiagonal solvers (sm_90): `cyclic_small_systems_kernel`'s
//! `if (2*s*(tid+1) == n)` melded was 320 SASS instructions against 298 unmelded (llc-19: 296).
//!
//! This is the equality case of `ifconvert`'s "likely warp-coherent" conditions (see that pass's cost model);
//! ordering comparisons are left to the uniformity analysis and the profitability estimate.

use crate::passes::util::callee_name;
use simtc_analysis::uniformity::UniformityInfo;
use simtc_ir::*;

/// How deep [`tid_affine`] follows operands.
const MAX_DEPTH: u32 = 8;

/// Whether the conditional branch ending `b` tests one thread of the block against the others (module doc).
pub fn single_thread_branch(m: &Module, func: &Function, uni: &UniformityInfo, b: Block) -> bool {
    let Some(t) = func.terminator(b) else { return false };
    let data = func.dfg.inst(t);
    if !matches!(data.kind, InstKind::CondBr { .. }) {
        return false;
    }
    let Some(&c) = data.args.first() else { return false };
    let &ValueDef::Inst(ci) = func.dfg.value_def(c) else { return false };
    let cmp = func.dfg.inst(ci);
    if !matches!(cmp.kind, InstKind::ICmp(IntPredicate::Eq | IntPredicate::Ne)) {
        return false;
    }
    let [x, y] = cmp.args[..] else { return false };
    (uni.is_uniform(y) && tid_affine(m, func, uni, x, 0)) || (uni.is_uniform(x) && tid_affine(m, func, uni, y, 0))
}

/// Whether `v` is a thread-index-affine value (module doc).
fn tid_affine(m: &Module, func: &Function, uni: &UniformityInfo, v: Value, depth: u32) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    let &ValueDef::Inst(i) = func.dfg.value_def(v) else { return false };
    let data = func.dfg.inst(i);
    let affine = |w: Value| tid_affine(m, func, uni, w, depth + 1);
    match (&data.kind, &data.args[..]) {
        (InstKind::Call(_), _) => {
            callee_name(m, func, i).is_some_and(|n| n.starts_with("llvm.nvvm.read.ptx.sreg.tid."))
        }
        (InstKind::Binary(BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul), &[a, b]) => {
            (uni.is_uniform(b) && affine(a)) || (uni.is_uniform(a) && affine(b))
        }
        (InstKind::Binary(BinaryOp::Shl), &[a, b]) => uni.is_uniform(b) && affine(a),
        (InstKind::Cast(CastOp::ZExt | CastOp::SExt), &[a]) => affine(a),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn branches(src: &str) -> Vec<(String, bool)> {
        let m = simtc_llvm_reader::parse_module(src).expect("parses");
        let f = m.funcs.keys().find(|&f| m.funcs[f].name == "k").expect("the kernel");
        let func = &m.funcs[f];
        let uni = UniformityInfo::compute(&m, f);
        func.layout
            .blocks()
            .filter(|&b| func.terminator(b).is_some_and(|t| matches!(func.dfg.inst(t).kind, InstKind::CondBr { .. })))
            .map(|b| (func.block_label(b), single_thread_branch(&m, func, &uni, b)))
            .collect()
    }

    #[test]
    fn equality_of_an_affine_thread_index_with_a_uniform_value() {
        let src = r#"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define void @k(i32 %n, i32 %s, ptr %p) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t1 = add i32 %t, 1
  %s2 = shl i32 %s, 1
  %m = mul i32 %s2, %t1
  %w = sext i32 %m to i64
  %c = icmp eq i64 %w, 64
  br i1 %c, label %a, label %b
a:
  %pp = getelementptr i32, ptr %p, i32 %t
  %ld = load i32, ptr %pp
  %d = icmp ne i32 %ld, %t
  br i1 %d, label %b, label %c2
b:
  %lt = icmp ult i32 %t1, %n
  br i1 %lt, label %c2, label %e
c2:
  %sq = mul i32 %t, %t
  %e2 = icmp eq i32 %sq, %n
  br i1 %e2, label %e, label %e
e:
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
"#;
        let got = branches(src);
        assert_eq!(
            got,
            vec![
                ("%entry".to_string(), true),
                ("%a".to_string(), false),
                ("%b".to_string(), false),
                ("%c2".to_string(), false),
            ]
        );
    }
}
