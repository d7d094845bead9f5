//! `lsr`'s register budget under a launch-bounds register cap.
//!
//! A kernel with `__launch_bounds__(T, B)` (`maxntid` and `minctasm`), or an explicit `maxnreg`, gets at most
//! `cap` registers per thread from ptxas ([`LaunchBounds::register_cap`]). Beyond the cap ptxas spills
//! to local memory. Every IV `lsr` creates is a value carried around the whole loop (two registers for a
//! 64-bit pointer or offset, one for a narrow integer) that replaces arithmetic inside the loop; when the loop
//! already needs about as many registers as the cap allows, the recomputation is cheaper than a spill.
//!
//! The estimate is what the loop carries: the values live at the top of its header (live-in there, plus the
//! header's phis), weighted 0 for `i1` (predicates live in their own register file) and for a kernel's
//! parameters (ptxas reads them from the constant bank), 2 for 64-bit values and pointers, 4 for 128-bit ones,
//! 1 for any other scalar, and per lane for vectors. Those stay live through every iteration whatever order
//! ptxas schedules the body in, so they are a floor of the loop's pressure. The body needs a few registers of
//! its own ([`WORKING_SET`]: a 64-bit address and a 64-bit value); when the carried values, one more 64-bit IV
//! and that working set do not fit under the cap, the loop spills anyway and the IV adds to it. Measured on a
//! loop of `k` double sums under a 32-register cap (`tests/lsr_cap/`, sm_90): with `k` = 12 the IV keeps it
//! from spilling (24 bytes of spills without it), with `k` = 14 and 16 it adds to the spills (120 bytes with the
//! IV against 72 without, 176 against 128). A finer estimate (the most values live at any point of the body in
//! the IR's order) counted the address computations an IV replaces as live together and withheld the IV at 12.
//!
//! Kernels without launch bounds are not limited here (their cap is 255 and `lsr-max-ivs` bounds the IVs per
//! loop). Cost: one liveness computation per capped function, and per loop one pass over its header's live-in
//! set.

use simtc_analysis::cfg::Cfg;
use simtc_analysis::liveness::Liveness;
use simtc_ir::launch::LaunchBounds;
use simtc_ir::*;

/// The register cap ptxas applies to function `f`, when its launch bounds set one below 255 (a launch bound
/// the PTX printer would reject sets none here).
pub fn register_cap(m: &Module, f: FuncId) -> Option<u32> {
    LaunchBounds::read(m, f).ok()?.register_cap()
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

/// Registers a loop body needs besides what it carries: one 64-bit address and one 64-bit value in flight.
pub const WORKING_SET: u32 = 4;

/// Values carried around loops, for [`carried`]: the liveness of the function before the pass.
pub fn liveness(func: &Function) -> Liveness {
    Liveness::compute(func, &Cfg::compute(func))
}

/// Registers the values live at the top of loop header `h` occupy (module doc): the values live-in there and
/// the header's phis, everything that stays live through every iteration.
/// `kernel`: whether the function is a kernel, whose parameters stay in the constant bank (ptxas reads them as
/// `c[0x0][...]` operands).
pub fn carried(types: &TypeStore, func: &Function, kernel: bool, live: &Liveness, h: Block) -> u32 {
    let w = |v: Value| match func.dfg.value_def(v) {
        ValueDef::Arg(_) if kernel => 0,
        _ => weight(types, func.dfg.value_ty(v)),
    };
    let phis = func
        .layout
        .block_insts(h)
        .take_while(|&i| matches!(func.dfg.inst(i).kind, InstKind::Phi { .. }))
        .filter_map(|i| func.dfg.result(i));
    live.live_in(h).iter().copied().chain(phis).map(w).sum()
}

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
