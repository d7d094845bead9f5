//! `lower-mem-intrinsics`: `llvm.memset`, `llvm.memcpy` and `llvm.memmove` (and their `.inline` forms) with a
//! run-time length, or a constant length above `max-aggr-copy-size` bytes, become loops; so do their
//! element-wise unordered-atomic forms (`llvm.memcpy.element.unordered.atomic.*`, any length), with one
//! `volatile` access of the element size per element.
//!
//! Seed: none; this is what LLVM's NVPTX back end does with `NVPTXLowerAggrCopies` (every length above
//! `MaxAggrCopySize` = 128 bytes, and every run-time length) on top of `LowerMemIntrinsics` (the loop shapes).
//! Instruction selection unrolls the remaining calls, whose lengths are constants of at most the knob's value
//! (the knob is capped at isel's unrolling limit, 4,096 bytes); it cannot expand anything else, so this pass is
//! required: it runs in every pipeline, `-O0` included, right after `nvvm-reflect`.
//!
//! # Shapes
//!
//! The unit `U` is the widest integer of at most 8 bytes the call's `align` parameter attributes allow (for a
//! copy the smaller of the two alignments; no attribute means 1). The length `L` is widened to `i64` when it is
//! narrower, so no index is ever sign-extended by a `getelementptr`. `n = L / U` units go through a main loop
//! whose index `k` addresses `getelementptr iU, ptr p, i64 k` with `align U`; the `L % U` bytes left after
//! `n * U` are the residual:
//!
//! - a constant length: the residual is straight-line code, one access per set bit of `L % U` from the widest
//!   (4, 2, 1 bytes: each lands on an offset that is a multiple of its size), and the main loop has no guard
//!   (`n` is known; with `n = 0` there is no loop);
//! - a run-time length: the main loop is guarded by `n != 0` and the residual is a byte loop guarded by
//!   `L % U != 0` (with `U = 1` there is only the main loop, guarded by `L != 0`): a zero length does nothing.
//!
//! `memset` stores its byte splatted to `iU` (`zext` and a multiply by `0x01…01`, or a constant). `memcpy` loads
//! `iU` from the source and stores it to the destination. `memmove` compares the addresses (`icmp ult src, dst`,
//! after casting both to the generic space when their spaces differ) and copies backward (the residual first,
//! from its last byte down, then the units from `n - 1` down to 0) when the destination lies above the source,
//! forward (units up, then the residual up) otherwise: every load reads a source byte no earlier store has
//! overwritten. The volatile flag goes to every load and store; loads and stores keep the address spaces of the
//! call's pointers; every new instruction takes the call's `!dbg` location.
//!
//! LLVM 19 copies one byte per iteration on NVPTX (its `getMemcpyLoopLoweringType` is `i8`); the wider unit is
//! simtc's own choice and changes nothing observable. (LLVM 19 also deletes a `memmove` between two different
//! address spaces instead of expanding it; this pass copies it.)
//!
//! Invariants: O(number of instructions + new instructions); each call becomes a constant number of blocks and
//! instructions (the residual of a constant length is at most three accesses); nothing else changes.
//! Preserves nothing (the CFG changes).

use super::util::{callee_name, split_block_after};
use crate::knobs::Knobs;
use crate::registry::{FunctionPass, FunctionPassAdapter, PassInfo, Preserves};
use simtc_analysis::cache::FunctionAnalyses;
use simtc_ir::builder::InsertPoint;
use simtc_ir::*;

/// Registry entry.
pub const INFO: PassInfo = PassInfo {
    name: "lower-mem-intrinsics",
    description: "turn memset/memcpy/memmove with a run-time or large constant length into loops",
    preserves: Preserves::Nothing,
    create: || Box::new(FunctionPassAdapter(LowerMemIntrinsics)),
    function: Some(|| Box::new(LowerMemIntrinsics)),
};

/// The knob holding the largest constant length left to instruction selection (LLVM's `MaxAggrCopySize`).
pub const THRESHOLD_KNOB: &str = "max-aggr-copy-size";

/// The pass.
pub struct LowerMemIntrinsics;

/// Which intrinsic a call is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum MemOp {
    Set,
    Copy,
    Move,
}

impl MemOp {
    fn prefix(self) -> &'static str {
        match self {
            MemOp::Set => "memset",
            MemOp::Copy => "memcpy",
            MemOp::Move => "memmove",
        }
    }
}

/// The memory intrinsic `name` names, if any (`llvm.memcpy.p0.p0.i64`, `llvm.memset.inline.p1.i32`, the typed
/// pointer spellings `llvm.memcpy.p0i8.p0i8.i64`), and whether it is an element-wise unordered-atomic form
/// (`llvm.memcpy.element.unordered.atomic.p0.p0.i64`, whose fourth operand is the element size, not a volatile
/// flag).
fn classify(name: &str) -> Option<(MemOp, bool)> {
    let rest = name.strip_prefix("llvm.")?;
    let op = [MemOp::Set, MemOp::Copy, MemOp::Move]
        .into_iter()
        .find(|op| rest.strip_prefix(op.prefix()).is_some_and(|r| r.starts_with('.')))?;
    Some((op, rest[op.prefix().len()..].starts_with(".element.unordered.atomic")))
}

impl FunctionPass for LowerMemIntrinsics {
    fn preserves(&self) -> Preserves {
        Preserves::Nothing
    }
    fn run_on_function(
        &mut self,
        m: &mut Module,
        f: FuncId,
        _analyses: &mut FunctionAnalyses,
        knobs: &Knobs,
        _remarks: &mut Vec<String>,
    ) -> Result<bool, String> {
        let threshold = u128::try_from(knobs.int(THRESHOLD_KNOB)).unwrap_or(0);
        let mut work: Vec<(Inst, MemOp, bool)> = Vec::new();
        {
            let func = &m.funcs[f];
            for b in func.layout.blocks() {
                for i in func.layout.block_insts(b) {
                    let Some((op, elementwise)) = callee_name(m, func, i).and_then(classify) else { continue };
                    let args = func.dfg.inst(i).call_args();
                    if args.len() != 4 {
                        return Err(format!(
                            "lower-mem-intrinsics: a call to a {} intrinsic in @{} has {} arguments, not 4",
                            op.prefix(),
                            func.name,
                            args.len()
                        ));
                    }
                    // Instruction selection unrolls only the plain forms.
                    let small = !elementwise && const_int(m, func, args[2]).is_some_and(|n| n <= threshold);
                    if !small {
                        work.push((i, op, elementwise));
                    }
                }
            }
        }
        for &(i, op, elementwise) in &work {
            expand(m, f, i, op, elementwise)?;
        }
        Ok(!work.is_empty())
    }
}

/// The value of an integer constant operand, as an unsigned number.
fn const_int(m: &Module, func: &Function, v: Value) -> Option<u128> {
    match m.consts.data(func.dfg.value_const(v)?) {
        ConstData::Int(_, a) => Some(a.as_u128()),
        ConstData::Zero(_) => Some(0),
        _ => None,
    }
}

/// A count known at compile time or computed at run time (`i64`).
#[derive(Copy, Clone)]
enum Count {
    Known(u64),
    Var(Value),
}

/// What the expansion of one call knows.
struct Call {
    op: MemOp,
    dst: Value,
    /// The source pointer (`memcpy`, `memmove`) or the byte (`memset`).
    src: Value,
    /// The unit in bytes (1, 2, 4, 8).
    unit: u64,
    volatile: bool,
}

/// Emits the loops of one call, block by block, before the block that holds the rest of the call's block.
struct Emitter<'a> {
    b: Builder<'a>,
    /// Where new blocks go (before it in the layout): the block after the call.
    tail: Block,
    call: Call,
    /// The unit's integer type.
    unit_ty: Type,
    /// The value `memset` stores per unit (its byte splatted), `None` for copies.
    splat: Option<Value>,
}

fn expand(m: &mut Module, f: FuncId, call: Inst, op: MemOp, elementwise: bool) -> Result<(), String> {
    let Module { funcs, consts, types, .. } = m;
    let func = &mut funcs[f];
    let data = func.dfg.inst(call).clone();
    let args: Vec<Value> = data.call_args().to_vec();
    let align = |k: usize| -> u64 {
        data.call_data().and_then(|cd| cd.attrs.params.get(k)).and_then(|a| a.align()).unwrap_or(1).max(1)
    };
    let flag = consts.data(func.dfg.value_const(args[3]).ok_or_else(|| {
        let what = if elementwise { "element size" } else { "volatile flag" };
        format!("lower-mem-intrinsics: the {what} of a {} call in @{} is not a constant", op.prefix(), func.name)
    })?);
    let flag = match flag {
        ConstData::Int(_, a) => a.as_u128(),
        _ => 0,
    };
    let (unit, volatile) = if elementwise {
        // Element-wise unordered-atomic forms: every element is read and written whole, by one access of its
        // size (LLVM requires the pointers aligned to it); `volatile` makes each access morally strong in the
        // PTX memory model, which is what guarantees it is not torn.
        if !matches!(flag, 1 | 2 | 4 | 8) {
            return Err(format!(
                "lower-mem-intrinsics: element size {flag} of an element-wise atomic {} in @{} is not supported \
                 (1, 2, 4 or 8 bytes)",
                op.prefix(),
                func.name
            ));
        }
        (flag as u64, true)
    } else {
        let a = if op == MemOp::Set { align(0) } else { align(0).min(align(1)) };
        // Alignments are powers of two; the unit is the largest power of two dividing it, at most 8.
        ((1u64 << a.trailing_zeros().min(3)).min(8), flag != 0)
    };
    let len = args[2];
    let len_const = func.dfg.value_const(len).and_then(|c| match consts.data(c) {
        ConstData::Int(_, v) => Some(v.as_u128()),
        ConstData::Zero(_) => Some(0),
        _ => None,
    });
    let len_ty = func.dfg.value_ty(len);
    let len_width = types.int_width(len_ty).ok_or_else(|| {
        format!("lower-mem-intrinsics: the length of a {} call in @{} is not an integer", op.prefix(), func.name)
    })?;
    if len_width > 64 {
        return Err(format!("lower-mem-intrinsics: a {}-bit length of {} in @{}", len_width, op.prefix(), func.name));
    }
    let dbg = func.dfg.get_inst_md(call, MetadataTable::dbg_kind());
    let head = func.layout.inst_block(call).expect("call in the layout");
    let tail = split_block_after(func, call, &format!("{}.done", op.prefix()));
    let last_old = func.layout.prev_inst(call);
    func.remove_inst(call);

    let unit_ty = types.int(unit as u32 * 8);
    let b = Builder::at_end(func, types, consts, head);
    let mut e =
        Emitter { b, tail, call: Call { op, dst: args[0], src: args[1], unit, volatile }, unit_ty, splat: None };
    let shift = unit.trailing_zeros() as i128;
    // The counts: units in the main loop and bytes in the residual, and the offset where the residual starts.
    let (units, rest, rest_at) = match len_const {
        Some(l) => {
            let l = u64::try_from(l).map_err(|_| "lower-mem-intrinsics: a length above 2^64".to_string())?;
            (Count::Known(l / unit), Count::Known(l % unit), None)
        }
        None => {
            let l = if len_width < 64 { e.b.cast(CastOp::ZExt, len, Type::I64) } else { len };
            if unit == 1 {
                (Count::Var(l), Count::Known(0), None)
            } else {
                let sh = e.b.iconst(Type::I64, shift);
                let n = e.b.binary(BinaryOp::LShr, l, sh);
                name(&mut e, n, "units");
                let mask = e.b.iconst(Type::I64, unit as i128 - 1);
                let r = e.b.binary(BinaryOp::And, l, mask);
                name(&mut e, r, "restlen");
                let done = e.b.binary(BinaryOp::Sub, l, r);
                name(&mut e, done, "restoff");
                (Count::Var(n), Count::Var(r), Some(done))
            }
        }
    };
    if op == MemOp::Set {
        e.splat = Some(e.splat_value(unit, None));
    }
    if op == MemOp::Move {
        let back = e.compare_addresses();
        let bwd = e.new_block("memmove.bwd");
        // The forward half is laid out after the backward one.
        let fwd = e.b.func.dfg.make_block(Some("memmove.fwd"));
        e.b.cond_br(back, bwd, fwd);
        e.b.at = InsertPoint::End(bwd);
        e.residual(rest, rest_at, units, true);
        e.main_loop(units, true);
        e.b.br(tail);
        e.b.func.layout.insert_block_before(fwd, tail);
        e.b.at = InsertPoint::End(fwd);
        e.main_loop(units, false);
        e.residual(rest, rest_at, units, false);
        e.b.br(tail);
    } else {
        e.main_loop(units, false);
        e.residual(rest, rest_at, units, false);
        e.b.br(tail);
    }
    let func = &mut *e.b.func;
    skip_forwarders(func, head, tail);
    // The call's location on everything new: the instructions after the old ones in the head block and every
    // instruction of the new blocks (those between the head and the tail in the layout).
    if let Some(loc) = dbg {
        let kind = MetadataTable::dbg_kind();
        let mut next = match last_old {
            Some(i) => func.layout.next_inst(i),
            None => func.layout.first_inst(head),
        };
        while let Some(i) = next {
            func.dfg.set_inst_md(i, kind, loc);
            next = func.layout.next_inst(i);
        }
        let mut blk = func.layout.next_block(head);
        while let Some(bb) = blk.filter(|&bb| bb != tail) {
            let insts: Vec<Inst> = func.layout.block_insts(bb).collect();
            for i in insts {
                func.dfg.set_inst_md(i, kind, loc);
            }
            blk = func.layout.next_block(bb);
        }
    }
    Ok(())
}

/// Removes the new blocks (between `head` and `tail` in the layout) that only branch to `tail` (a loop's exit
/// block when nothing follows the loop), pointing their predecessors, all new blocks or `head`, at `tail`.
fn skip_forwarders(func: &mut Function, head: Block, tail: Block) {
    let mut new_blocks: Vec<Block> = Vec::new();
    let mut blk = func.layout.next_block(head);
    while let Some(b) = blk.filter(|&b| b != tail) {
        new_blocks.push(b);
        blk = func.layout.next_block(b);
    }
    let forwards = |func: &Function, b: Block| {
        func.layout.first_inst(b).is_some_and(|i| {
            func.layout.last_inst(b) == Some(i)
                && matches!(func.dfg.inst(i).kind, InstKind::Br { dest } if dest == tail)
        })
    };
    let gone: Vec<Block> = new_blocks.iter().copied().filter(|&b| forwards(func, b)).collect();
    if gone.is_empty() {
        return;
    }
    for &b in std::iter::once(&head).chain(&new_blocks) {
        if let Some(t) = func.terminator(b) {
            let retarget = |x: &mut Block| {
                if gone.contains(x) {
                    *x = tail;
                }
            };
            match func.dfg.kind_mut(t) {
                InstKind::Br { dest } => retarget(dest),
                InstKind::CondBr { then_dest, else_dest } => {
                    retarget(then_dest);
                    retarget(else_dest);
                }
                _ => {}
            }
        }
    }
    for g in gone {
        func.remove_block(g);
    }
}

fn name(e: &mut Emitter<'_>, v: Value, what: &str) {
    let n = format!("{}.{what}", e.call.op.prefix());
    e.b.func.dfg.set_value_name(v, Some(&n));
}

impl Emitter<'_> {
    fn new_block(&mut self, name: &str) -> Block {
        let nb = self.b.func.dfg.make_block(Some(name));
        self.b.func.layout.insert_block_before(nb, self.tail);
        nb
    }

    fn volatile_mem(&self, align: u64) -> MemFlags {
        MemFlags { volatile: self.call.volatile, align: Some(align), ..Default::default() }
    }

    fn load(&mut self, ty: Type, p: Value, align: u64) -> Value {
        let mem = self.volatile_mem(align);
        let i = self.b.insert(InstData::new(InstKind::Load(mem), &[p], ty));
        self.b.func.dfg.result(i).expect("load result")
    }

    fn store(&mut self, v: Value, p: Value, align: u64) {
        let mem = self.volatile_mem(align);
        self.b.insert(InstData::new(InstKind::Store(mem), &[v, p], Type::VOID));
    }

    /// `memset`'s byte splatted to `size` bytes: a constant for a constant byte, else the byte zero-extended and
    /// multiplied by `0x01…01` (`splat`, the unit's value, is truncated for narrower sizes).
    fn splat_value(&mut self, size: u64, splat: Option<Value>) -> Value {
        let byte = self.call.src;
        if size == 1 {
            return byte;
        }
        let ty = self.b.types.int(size as u32 * 8);
        let ones: u128 = (0..size).fold(0, |acc, _| (acc << 8) | 1);
        if let Some(c) = self.b.func.dfg.value_const(byte) {
            if let ConstData::Int(_, a) = self.b.consts.data(c) {
                let v = (a.as_u128() & 0xff) * ones;
                return self.b.iconst(ty, v as i128);
            }
        }
        if let Some(s) = splat {
            return self.b.cast(CastOp::Trunc, s, ty);
        }
        let w = self.b.cast(CastOp::ZExt, byte, ty);
        let k = self.b.iconst(ty, ones as i128);
        let s = self.b.binary(BinaryOp::Mul, w, k);
        name(self, s, "splat");
        s
    }

    /// `memmove`: whether the destination lies above the source (copy backward), comparing generic addresses
    /// when the two pointers live in different spaces.
    fn compare_addresses(&mut self) -> Value {
        let (mut d, mut s) = (self.call.dst, self.call.src);
        let (dt, st) = (self.b.func.dfg.value_ty(d), self.b.func.dfg.value_ty(s));
        if dt != st {
            let generic = self.b.types.ptr(0);
            if dt != generic {
                d = self.b.cast(CastOp::AddrSpaceCast, d, generic);
            }
            if st != generic {
                s = self.b.cast(CastOp::AddrSpaceCast, s, generic);
            }
        }
        let c = self.b.icmp(IntPredicate::Ult, s, d);
        name(self, c, "backward");
        c
    }

    /// Moves one piece of `ty` at byte offset `off` (an `i64` value) or unit index `idx`.
    fn piece(&mut self, ty: Type, index: Value, align: u64, value: Option<Value>) {
        let dst = self.call.dst;
        match self.call.op {
            MemOp::Set => {
                let v = value.expect("memset value");
                let p = self.b.gep(ty, dst, &[index], Flags::INBOUNDS);
                self.store(v, p, align);
            }
            MemOp::Copy | MemOp::Move => {
                let src = self.call.src;
                let ps = self.b.gep(ty, src, &[index], Flags::INBOUNDS);
                let v = self.load(ty, ps, align);
                let pd = self.b.gep(ty, dst, &[index], Flags::INBOUNDS);
                self.store(v, pd, align);
            }
        }
    }

    /// The main loop over `units` units (nothing when known to be zero; guarded when not known).
    fn main_loop(&mut self, units: Count, backward: bool) {
        let (ty, align) = (self.unit_ty, self.call.unit);
        let splat = self.splat;
        self.counted_loop(units, backward, "loop", |e, k| e.piece(ty, k, align, splat));
    }

    /// The `rest` bytes after the units: straight-line for a known count, a guarded byte loop otherwise
    /// (`rest_at` is then the byte offset of the first one).
    fn residual(&mut self, rest: Count, rest_at: Option<Value>, units: Count, backward: bool) {
        let unit = self.call.unit;
        match (rest, units) {
            (Count::Known(0), _) => {}
            (Count::Known(r), Count::Known(n)) => {
                // One access per set bit, widest first (each offset is a multiple of its size).
                let mut pieces: Vec<(u64, u64)> = Vec::new();
                let mut off = n * unit;
                for size in [4u64, 2, 1] {
                    if r & size != 0 {
                        pieces.push((off, size));
                        off += size;
                    }
                }
                if backward {
                    pieces.reverse();
                }
                for (off, size) in pieces {
                    let ty = self.b.types.int(size as u32 * 8);
                    let value = match self.splat {
                        Some(s) if size == unit => Some(s),
                        Some(s) => Some(self.splat_value(size, Some(s))),
                        None => None,
                    };
                    let idx = self.b.iconst(Type::I64, (off / size) as i128);
                    self.piece(ty, idx, size, value);
                }
            }
            _ => {
                let base = rest_at.expect("a run-time residual has a start offset");
                let byte = (self.call.op == MemOp::Set).then_some(self.call.src);
                self.counted_loop(rest, backward, "rest", |e, j| {
                    let off = e.b.binary(BinaryOp::Add, base, j);
                    e.piece(Type::I8, off, 1, byte);
                });
            }
        }
    }

    /// `for k in 0..n` (or `n-1` down to 0) around `body(k)`, in a new block; continues in a new block after it.
    /// A count known to be zero emits nothing; an unknown count is guarded by `n != 0`.
    fn counted_loop(&mut self, n: Count, backward: bool, what: &str, body: impl FnOnce(&mut Self, Value)) {
        let op = self.call.op.prefix();
        let dir = if backward { ".bwd" } else { "" };
        let n = match n {
            Count::Known(0) => return,
            Count::Known(k) => self.b.iconst(Type::I64, k as i128),
            Count::Var(v) => v,
        };
        let known = self.b.func.dfg.value_const(n).is_some();
        let pre = match self.b.at {
            InsertPoint::End(b) => b,
            InsertPoint::Before(i) => self.b.func.layout.inst_block(i).expect("insertion point in the layout"),
        };
        let lp = self.new_block(&format!("{op}.{what}{dir}"));
        let after = self.new_block(&format!("{op}.{what}{dir}.exit"));
        if known {
            self.b.br(lp);
        } else {
            let zero = self.b.iconst(Type::I64, 0);
            let c = self.b.icmp(IntPredicate::Ne, n, zero);
            self.b.cond_br(c, lp, after);
        }
        self.b.at = InsertPoint::End(lp);
        let (phi, k) = self.b.phi(Type::I64);
        self.b.func.dfg.set_value_name(k, Some(&format!("{op}.{what}.i")));
        let one = self.b.iconst(Type::I64, 1);
        let (next, cont) = if backward {
            // k runs from n down to 1; the body sees k - 1.
            let next = self.b.binary(BinaryOp::Sub, k, one);
            body(self, next);
            let zero = self.b.iconst(Type::I64, 0);
            (next, self.b.icmp(IntPredicate::Ne, next, zero))
        } else {
            body(self, k);
            let next = self.b.binary(BinaryOp::Add, k, one);
            (next, self.b.icmp(IntPredicate::Ult, next, n))
        };
        let start = if backward { n } else { self.b.iconst(Type::I64, 0) };
        self.b.func.dfg.phi_add_incoming(phi, start, pre);
        self.b.func.dfg.phi_add_incoming(phi, next, lp);
        self.b.cond_br(cont, lp, after);
        self.b.at = InsertPoint::End(after);
    }
}
