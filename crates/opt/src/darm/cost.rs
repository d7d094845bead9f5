//! The latency table DARM's profitability and alignment scores use, derived from PTX instruction costs.
//!
//! Seed 001 (DARM, CGO'22) scores a pair of blocks by the latency its melding saves; ARCHITECTURE §5 restores the
//! artifact's table (add/fadd 5, mul/fmul 10, div 20, load/store 100, others 3). Ours keeps its shape but follows
//! what each IR operation becomes in PTX on sm_70+ (issue latencies from NVIDIA's tuning guides, rounded):
//!
//! | IR operation | PTX | latency |
//! | --- | --- | --- |
//! | `load`/`store`/atomics, global or generic address | `ld`/`st`/`atom` (`.global`, generic) | 100 |
//! | `load`/`store`, `addrspace(3)` | `ld.shared`/`st.shared` | 30 |
//! | `fdiv`, `udiv`/`sdiv`/`urem`/`srem`, `frem` | `div.rn.f32` (a multi-instruction sequence), integer division subroutine | 20 |
//! | calls to `sqrt`/`exp2`/`log2`/`sin`/`cos`-like intrinsics | MUFU ops | 16 |
//! | other calls (`fma`, `fmax`, ...) | one ALU instruction or a call sequence | 5 |
//! | `mul`, `fmul`, `fadd`, `fsub`, `add`, `sub` and their kin | `mul.lo`, `fma`/`add` ALU ops | 5 (int `mul` 10) |
//! | compares, casts, `select`, `getelementptr`, shifts, logic | one ALU instruction (`setp`, `cvt`, `selp`, `mad.wide`) | 3 |
//! | `phi`, terminators | no instruction of their own | 0 |
//!
//! Shared and global memory dominate, as the issue asks. A `select` inserted by melding costs 3.

use simtc_ir::*;

/// Latency of `i` in `func` (see the module table).
pub fn latency(types: &TypeStore, func: &Function, i: Inst) -> u32 {
    let d = func.dfg.inst(i);
    match &d.kind {
        InstKind::Load(_) | InstKind::Store(_) | InstKind::AtomicRmw(..) | InstKind::CmpXchg { .. } => {
            let ptr = match d.kind {
                InstKind::Load(_) => d.args[0],
                _ => d.args[1],
            };
            let ptr =
                if matches!(d.kind, InstKind::AtomicRmw(..) | InstKind::CmpXchg { .. }) { d.args[0] } else { ptr };
            if types.ptr_addrspace(func.dfg.value_ty(ptr)) == Some(3) {
                30
            } else {
                100
            }
        }
        InstKind::Binary(op) => match op {
            BinaryOp::FDiv | BinaryOp::FRem | BinaryOp::UDiv | BinaryOp::SDiv | BinaryOp::URem | BinaryOp::SRem => 20,
            BinaryOp::Mul => 10,
            BinaryOp::FMul | BinaryOp::FAdd | BinaryOp::FSub | BinaryOp::Add | BinaryOp::Sub => 5,
            _ => 3,
        },
        InstKind::Call(_) => 5,
        InstKind::Phi { .. } => 0,
        _ if d.is_terminator() => 0,
        _ => 3,
    }
}

/// Latency of a `select` that melding inserts.
pub const SELECT_LATENCY: u32 = 3;

/// An opcode key for the profitability histogram: instructions of equal key can meld (calls: only calls to the
/// same callee value).
pub fn opcode_key(func: &Function, i: Inst) -> (&'static str, u32) {
    let d = func.dfg.inst(i);
    let sub = match &d.kind {
        InstKind::Binary(op) => *op as u32,
        InstKind::ICmp(p) => *p as u32,
        InstKind::FCmp(p) => *p as u32,
        InstKind::Cast(op) => *op as u32,
        InstKind::Call(_) => d.args[0].as_u32(),
        _ => 0,
    };
    (d.opcode_name(), sub)
}
