//! `lsr`'s register budget under a launch-bounds register cap.
//!
//! A kernel with `__launch_bounds__(T, B)` (`maxntid` and `minctasm`), or an explicit `maxnreg`, gets at most
//! `cap` registers per thread from ptxas: `maxnreg`, else `65536 / (⌈T/32⌉·32 · B)` rounded down to ptxas'
//! allocation granularity of 8 registers (`maxntid` alone: `B = 1`), at most 255. Beyond the cap ptxas spills
//! to local memory. Every IV `lsr` creates is a value carried around the whole loop (two registers for a
//! 64-bit pointer or offset, one for a narrow integer) that replaces arithmetic inside the loop; when the loop
//! already needs about as many registers as the cap allows, the recomputation is cheaper than a spill.
//!
//! The estimate is the SSA register pressure of the IR before the pass: per block, the largest weighted number
//! of values live at one point (live-out of the block, walked backward through its instructions), with weight
//! 0 for `i1` (predicates live in their own register file), 2 for 64-bit values and pointers, 4 for 128-bit
//! ones, 1 for any other scalar, and per lane for vectors. A loop's pressure is the largest over its blocks
//! (inner loops included). Instruction selection adds temporaries the IR does not show, so the estimate is a
//! lower bound; [`HEADROOM`] keeps a margin for them.
//!
//! Kernels without launch bounds are not limited here (their cap is 255 and `lsr-max-ivs` bounds the IVs per
//! loop). Cost: one liveness computation and one backward walk per block, only for capped functions.

use simtc_analysis::cfg::Cfg;
use simtc_analysis::liveness::Liveness;
use simtc_ir::*;

/// Registers kept free for what instruction selection adds (address halves, temporaries of wide operations).
pub const HEADROOM: u32 = 6;

/// The register cap ptxas applies to function `f`, when its launch bounds set one below 255.
pub fn register_cap(m: &Module, f: FuncId) -> Option<u32> {
    let mut maxntid: Option<u64> = None;
    let mut minctasm: Option<u64> = None;
    let mut maxnreg: Option<u64> = None;
    let mut dims = [None::<u64>; 3];
    for (k, v) in m.annotations(f) {
        let v = u64::try_from(v).ok().filter(|&v| v > 0);
        match k.as_str() {
            "maxntidx" => dims[0] = v,
            "maxntidy" => dims[1] = v,
            "maxntidz" => dims[2] = v,
            "minctasm" => minctasm = v,
            "maxnreg" => maxnreg = v,
            _ => {}
        }
    }
    if dims.iter().any(Option::is_some) {
        maxntid = Some(dims.iter().map(|d| d.unwrap_or(1)).product());
    }
    for a in &m.funcs[f].attrs.0 {
        let Attribute::Str(k, Some(v)) = a else { continue };
        let num = |s: &str| s.trim().parse::<u64>().ok().filter(|&v| v > 0);
        match &**k {
            "nvvm.maxntid" => {
                let parts: Option<Vec<u64>> = v.split(',').map(num).collect();
                maxntid = parts.map(|p| p.iter().product());
            }
            "nvvm.minctasm" => minctasm = num(v),
            "nvvm.maxnreg" => maxnreg = num(v),
            _ => {}
        }
    }
    let from_bounds = maxntid.map(|t| {
        let warps_threads = t.div_ceil(32) * 32;
        let per_thread = 65536 / (warps_threads * minctasm.unwrap_or(1)).max(1);
        per_thread / 8 * 8
    });
    let cap = match (maxnreg, from_bounds) {
        (Some(a), Some(b)) => a.min(b),
        (a, b) => a.or(b)?,
    };
    (cap < 255).then(|| cap.max(16) as u32)
}

/// Registers a value of type `t` occupies (module doc).
pub fn weight(types: &TypeStore, t: Type) -> u32 {
    let lanes = types.vector_len(t).unwrap_or(1);
    let bits = types.scalar_bits(types.scalar_type(t)).unwrap_or(32);
    match bits {
        1 => 0,
        b => b.div_ceil(32) * lanes,
    }
}

/// Estimated register pressure of each block of `func` (module doc), indexed by block.
pub fn block_pressure(types: &TypeStore, func: &Function) -> SecondaryMap<Block, u32> {
    let cfg = Cfg::compute(func);
    let live = Liveness::compute(func, &cfg);
    let w = |v: Value| weight(types, func.dfg.value_ty(v));
    let mut out: SecondaryMap<Block, u32> = SecondaryMap::new();
    let mut live_now: FxHashSet<Value> = FxHashSet::default();
    for b in func.layout.blocks() {
        live_now.clear();
        live_now.extend(live.live_out(b).iter().copied());
        let mut cur: u32 = live_now.iter().map(|&v| w(v)).sum();
        let mut max = cur;
        let insts: Vec<Inst> = func.layout.block_insts(b).collect();
        for &i in insts.iter().rev() {
            if let Some(r) = func.dfg.result(i) {
                if live_now.remove(&r) {
                    cur -= w(r);
                }
            }
            if matches!(func.dfg.inst(i).kind, InstKind::Phi { .. }) {
                continue;
            }
            for &a in func.dfg.args(i) {
                if matches!(func.dfg.value_def(a), ValueDef::Inst(_) | ValueDef::Arg(_)) && live_now.insert(a) {
                    cur += w(a);
                }
            }
            max = max.max(cur);
        }
        out.set(b, max);
    }
    out
}

use rustc_hash::FxHashSet;

#[cfg(test)]
mod tests {
    use super::*;

    fn caps(src: &str) -> Vec<Option<u32>> {
        let m = simtc_llvm_reader::parse_module(src).expect("parses");
        m.func_ids().map(|f| register_cap(&m, f)).collect()
    }

    #[test]
    fn caps_from_launch_bounds() {
        let src = r#"
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @a() { ret void }
define ptx_kernel void @b() { ret void }
define ptx_kernel void @c() { ret void }
define ptx_kernel void @d() { ret void }
define ptx_kernel void @e() #0 { ret void }
define ptx_kernel void @f() #1 { ret void }
define ptx_kernel void @g() { ret void }
attributes #0 = { "nvvm.maxntid"="16,16,1" "nvvm.minctasm"="4" }
attributes #1 = { "nvvm.maxnreg"="40" }
!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6, !7}
!0 = !{ptr @a, !"maxntidx", i32 1024}
!1 = !{ptr @a, !"minctasm", i32 2}
!2 = !{ptr @b, !"maxntidx", i32 1024}
!3 = !{ptr @c, !"maxntidx", i32 128}
!4 = !{ptr @d, !"maxntidx", i32 100}
!5 = !{ptr @d, !"minctasm", i32 3}
!6 = !{ptr @g, !"maxnreg", i32 64}
!7 = !{ptr @g, !"maxntidx", i32 1024}
"#;
        // a: 65536 / 2048 = 32. b: 64. c: 512 -> no cap. d: 100 threads are 4 warps (128), 65536 / 384 = 170,
        // rounded down to 168. e: 256 threads x 4 = 64. f: maxnreg 40. g: the smaller of maxnreg 64 and 64.
        assert_eq!(caps(src), vec![Some(32), Some(64), None, Some(168), Some(64), Some(40), Some(64)]);
    }

    #[test]
    fn weights() {
        let mut t = TypeStore::new();
        let v2f = t.vector(Type::FLOAT, 2);
        assert_eq!(weight(&t, Type::I1), 0);
        assert_eq!(weight(&t, Type::I32), 1);
        assert_eq!(weight(&t, Type::I16), 1);
        assert_eq!(weight(&t, Type::I64), 2);
        assert_eq!(weight(&t, Type::PTR), 2);
        assert_eq!(weight(&t, Type::I128), 4);
        assert_eq!(weight(&t, v2f), 2);
    }
}
