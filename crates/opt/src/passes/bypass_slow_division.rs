//! `bypass-slow-division`: a 64-bit `udiv`/`sdiv`/`urem`/`srem` by a run-time divisor gets a 32-bit fast path,
//! taken when both operands fit in 32 bits.
//!
//! Seed: none; this is what LLVM does for NVPTX in `CodeGenPrepare` (`BypassSlowDivision`, enabled by the NVPTX
//! target for 64-bit division bypassed by 32-bit division), rebuilt here from its behaviour. Why it matters: PTX
//! `div.u64`/`rem.s64` have no hardware instruction; ptxas calls a subroutine of some 55-90 SASS instructions
//! (`crates/emu/src/sass_cost/table.tsv`: `div.u64` 72, `rem.s64` 82 on sm_90), against 18-25 for `div.u32`
//! and `rem.u32`. CUDA index arithmetic divides `size_t` values that almost always fit in 32 bits (`i / (nx *
//! ny)` with 64-bit sizes), so llc-19's PTX divides in 32 bits at run time where simtc's called the 64-bit
//! routine. Divisions by constants never reach this pass's rewrite (instruction selection multiplies by a magic
//! number instead).
//!
//! # What it does
//!
//! Per block, the 64-bit divisions and remainders by a non-constant divisor are grouped by (signedness, dividend,
//! divisor): a `udiv` and a `urem` of the same operands in one block share one fast path, which computes the
//! quotient with `udiv i32` and the remainder as `a - q * b` (one division). For each group, each operand is
//! classified ([`Range`]):
//!
//! - **short**: provably below 2^32 as an unsigned number (a `zext` from at most 32 bits, an `and` with a short
//!   operand, a right shift by at least 32 or of a short value, the quotient of a short dividend, the remainder
//!   by a short divisor or of a short dividend, a `select`/`phi`/`or` whose operands are all short, a constant
//!   below 2^32; looked through to a depth of 6 and at most 64 values per operand);
//! - **long**: a constant of 2^32 or more, an `or` with one, a `xor` of values not both short, or a `mul` by a
//!   constant that does not fit in 32 signed bits (LLVM's "hash-like" values: the fast path would almost never
//!   be taken, and its test would cost on every execution);
//! - otherwise unknown.
//!
//! Then:
//!
//! 1. either operand long: no fast path; a group with both a quotient and a remainder computes the remainder as
//!    `a - q * b` (one 64-bit division instead of two);
//! 2. both short: the operations become 32-bit ones, zero-extended (no branch);
//! 3. an unsigned group whose dividend is short: `b > a` gives quotient 0 and remainder `a` without dividing;
//!    otherwise `b <= a < 2^32` and the 32-bit path runs (`icmp uge a, b`; a zero divisor is undefined
//!    behaviour either way);
//! 4. otherwise: `((a | b) >> 32) == 0` (only the operands not known short are or'ed) selects the 32-bit path,
//!    and the 64-bit operations run in a block of their own when it fails (a remainder next to a quotient as
//!    `a - q * b` there too: one 64-bit division instead of two).
//!
//! Signed groups use the unsigned 32-bit operations on the fast path: it is taken only when both operands are in
//! `[0, 2^32)`, where signed and unsigned division agree (and `INT64_MIN / -1` never takes it).
//!
//! The new blocks are `bypass.fast`, `bypass.slow` and `bypass.join` (the rest of the original block, whose phis
//! give the results); every new instruction takes the first grouped operation's `!dbg` location. `exact` flags
//! are dropped from the new operations (a refinement).
//!
//! # Position
//!
//! `-O2` and above, after `load-store-vectorize` and before `cssa`: after the loop passes (`licm` has hoisted
//! invariant divisions, `lsr` has seen the loops unchanged), like LLVM's `CodeGenPrepare` right before
//! instruction selection.
//!
//! Invariants: O(instructions) plus a bounded walk per operand; each group adds a constant number of blocks and
//! instructions; nothing but the grouped operations changes. Preserves nothing (a group may add blocks).

use super::util::split_block_before;
use crate::knobs::Knobs;
use crate::registry::{FunctionPass, FunctionPassAdapter, PassInfo, Preserves};
use rustc_hash::FxHashMap;
use simtc_analysis::cache::FunctionAnalyses;
use simtc_ir::builder::InsertPoint;
use simtc_ir::*;

/// Registry entry.
pub const INFO: PassInfo = PassInfo {
    name: "bypass-slow-division",
    description: "64-bit div/rem by a run-time divisor: a 32-bit path when both operands fit in 32 bits",
    preserves: Preserves::Nothing,
    create: || Box::new(FunctionPassAdapter(BypassSlowDivision)),
    function: Some(|| Box::new(BypassSlowDivision)),
};

/// The pass.
pub struct BypassSlowDivision;

/// How far [`range`] looks through operands.
const DEPTH: u32 = 6;

/// How many values one [`range`] query looks at, at most.
const VISITS: u32 = 64;

/// What is known of a 64-bit value's high half.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Range {
    /// Below 2^32 as an unsigned number.
    Short,
    /// Likely or certainly at least 2^32 (see the module doc).
    Long,
    /// Nothing known.
    Unknown,
}

/// The division and remainder operations of one block that share a fast path.
#[derive(Clone)]
struct Group {
    signed: bool,
    a: Value,
    b: Value,
    /// The group's first operation in the block.
    first: Inst,
    divs: Vec<Inst>,
    rems: Vec<Inst>,
}

impl Group {
    /// The group's own division and remainder operators (64-bit).
    fn ops(&self) -> (BinaryOp, BinaryOp) {
        if self.signed {
            (BinaryOp::SDiv, BinaryOp::SRem)
        } else {
            UNSIGNED
        }
    }
}

impl FunctionPass for BypassSlowDivision {
    fn preserves(&self) -> Preserves {
        Preserves::Nothing
    }
    fn run_on_function(
        &mut self,
        m: &mut Module,
        f: FuncId,
        _analyses: &mut FunctionAnalyses,
        _knobs: &Knobs,
        _remarks: &mut Vec<String>,
    ) -> Result<bool, String> {
        let groups = collect(m, &m.funcs[f]);
        let mut changed = false;
        for g in &groups {
            changed |= bypass(m, f, g);
        }
        Ok(changed)
    }
}

/// The 64-bit division/remainder of `i`, if it divides by a non-constant: (signed, is a remainder).
fn division(m: &Module, func: &Function, i: Inst) -> Option<(bool, bool)> {
    let d = func.dfg.inst(i);
    let (signed, rem) = match d.kind {
        InstKind::Binary(BinaryOp::UDiv) => (false, false),
        InstKind::Binary(BinaryOp::SDiv) => (true, false),
        InstKind::Binary(BinaryOp::URem) => (false, true),
        InstKind::Binary(BinaryOp::SRem) => (true, true),
        _ => return None,
    };
    if m.types.int_width(d.ty) != Some(64) || func.dfg.value_const(d.args[1]).is_some() {
        return None;
    }
    Some((signed, rem))
}

/// Every block's groups, in layout order of their first operation.
fn collect(m: &Module, func: &Function) -> Vec<Group> {
    let mut out = Vec::new();
    for b in func.layout.blocks() {
        let mut index: FxHashMap<(bool, Value, Value), usize> = FxHashMap::default();
        for i in func.layout.block_insts(b) {
            let Some((signed, rem)) = division(m, func, i) else { continue };
            let args = func.dfg.args(i);
            let (a, d) = (args[0], args[1]);
            let g = *index.entry((signed, a, d)).or_insert_with(|| {
                out.push(Group { signed, a, b: d, first: i, divs: Vec::new(), rems: Vec::new() });
                out.len() - 1
            });
            if rem {
                out[g].rems.push(i);
            } else {
                out[g].divs.push(i);
            }
        }
    }
    out
}

/// An integer constant's value, if `v` is one.
fn const_value(m: &Module, func: &Function, v: Value) -> Option<u128> {
    match m.consts.data(func.dfg.value_const(v)?) {
        ConstData::Int(_, a) => Some(a.as_u128()),
        ConstData::Zero(_) => Some(0),
        _ => None,
    }
}

/// What is known of the high 32 bits of the 64-bit (or narrower) integer `v` (module doc): looked through at most
/// [`DEPTH`] levels of operands and [`VISITS`] values in all (a phi of many incoming values, each a phi again,
/// would otherwise make the walk exponential in the depth).
pub fn range(m: &Module, func: &Function, v: Value) -> Range {
    range_in(m, func, v, DEPTH, &std::cell::Cell::new(VISITS))
}

fn range_in(m: &Module, func: &Function, v: Value, depth: u32, budget: &std::cell::Cell<u32>) -> Range {
    if budget.get() == 0 {
        return Range::Unknown;
    }
    budget.set(budget.get() - 1);
    if func.dfg.value_const(v).is_some() {
        return match const_value(m, func, v) {
            Some(c) if c >> 32 == 0 => Range::Short,
            Some(_) => Range::Long,
            None => Range::Unknown,
        };
    }
    if depth == 0 {
        return Range::Unknown;
    }
    let Some(i) = func.dfg.value_inst(v) else { return Range::Unknown };
    let d = func.dfg.inst(i);
    let r = |k: usize| range_in(m, func, d.args[k], depth - 1, budget);
    let both = |x: Range, y: Range| match (x, y) {
        (Range::Short, Range::Short) => Range::Short,
        (Range::Long, Range::Long) => Range::Long,
        _ => Range::Unknown,
    };
    match d.kind {
        InstKind::Cast(CastOp::ZExt) => {
            if m.types.int_width(func.dfg.value_ty(d.args[0])).is_some_and(|w| w <= 32) {
                Range::Short
            } else {
                r(0)
            }
        }
        InstKind::Binary(BinaryOp::And) => {
            if r(0) == Range::Short || r(1) == Range::Short {
                Range::Short
            } else {
                Range::Unknown
            }
        }
        InstKind::Binary(BinaryOp::LShr) => {
            if const_value(m, func, d.args[1]).is_some_and(|k| k >= 32) || r(0) == Range::Short {
                Range::Short
            } else {
                Range::Unknown
            }
        }
        InstKind::Binary(BinaryOp::UDiv) => {
            if r(0) == Range::Short {
                Range::Short
            } else {
                Range::Unknown
            }
        }
        InstKind::Binary(BinaryOp::URem) => {
            if r(0) == Range::Short || r(1) == Range::Short {
                Range::Short
            } else {
                Range::Unknown
            }
        }
        InstKind::Binary(BinaryOp::Or) => {
            let (x, y) = (r(0), r(1));
            if x == Range::Long && func.dfg.value_const(d.args[0]).is_some()
                || y == Range::Long && func.dfg.value_const(d.args[1]).is_some()
            {
                // A bit at or above 2^32 is set.
                Range::Long
            } else if x == Range::Short && y == Range::Short {
                Range::Short
            } else {
                Range::Unknown
            }
        }
        InstKind::Binary(BinaryOp::Xor) => {
            if r(0) == Range::Short && r(1) == Range::Short {
                Range::Short
            } else {
                Range::Long
            }
        }
        InstKind::Binary(BinaryOp::Mul) => {
            // A product by a constant wider than 32 signed bits: a hash, not an index.
            let wide = |k: usize| {
                func.dfg.value_const(d.args[k]).is_some()
                    && const_value(m, func, d.args[k]).is_some_and(|c| {
                        let c = c as u64 as i64;
                        c < i32::MIN as i64 || c > i32::MAX as i64
                    })
            };
            if wide(0) || wide(1) {
                Range::Long
            } else {
                Range::Unknown
            }
        }
        InstKind::Select => both(r(1), r(2)),
        InstKind::Phi { .. } => {
            let mut acc: Option<Range> = None;
            for &x in &d.args {
                let rx = range_in(m, func, x, depth - 1, budget);
                acc = Some(match acc {
                    None => rx,
                    Some(a) => both(a, rx),
                });
                if acc == Some(Range::Unknown) {
                    break;
                }
            }
            acc.unwrap_or(Range::Unknown)
        }
        _ => Range::Unknown,
    }
}

/// The quotient (`dop`) and the remainder (`rop`) of `a` by `d`, as asked: a remainder next to a quotient is
/// `a - q * d` (one division).
fn div_rem(
    b: &mut Builder<'_>,
    (dop, rop): (BinaryOp, BinaryOp),
    a: Value,
    d: Value,
    want_q: bool,
    want_r: bool,
) -> (Option<Value>, Option<Value>) {
    let q = want_q.then(|| b.binary(dop, a, d));
    let r = want_r.then(|| match q {
        Some(q) => {
            let p = b.binary(BinaryOp::Mul, q, d);
            b.binary(BinaryOp::Sub, a, p)
        }
        None => b.binary(rop, a, d),
    });
    (q, r)
}

/// The fast path's quotient and remainder: [`div_rem`] in 32 bits, zero-extended.
fn fast_ops(b: &mut Builder<'_>, a: Value, d: Value, want_q: bool, want_r: bool) -> (Option<Value>, Option<Value>) {
    let a32 = b.cast(CastOp::Trunc, a, Type::I32);
    let d32 = b.cast(CastOp::Trunc, d, Type::I32);
    let (q32, r32) = div_rem(b, UNSIGNED, a32, d32, want_q, want_r);
    (q32.map(|q| b.cast(CastOp::ZExt, q, Type::I64)), r32.map(|r| b.cast(CastOp::ZExt, r, Type::I64)))
}

/// The unsigned division and remainder operators (the fast path's, and an unsigned group's).
const UNSIGNED: (BinaryOp, BinaryOp) = (BinaryOp::UDiv, BinaryOp::URem);

/// The instructions of `block` after `after` (all of them when `None`), up to `stop` (excluded) or the end.
fn insts_after(func: &Function, block: Block, after: Option<Inst>, stop: Option<Inst>) -> Vec<Inst> {
    let mut at = match after {
        Some(p) => func.layout.next_inst(p),
        None => func.layout.first_inst(block),
    };
    let mut out = Vec::new();
    while let Some(i) = at.filter(|&i| Some(i) != stop) {
        out.push(i);
        at = func.layout.next_inst(i);
    }
    out
}

/// A group left in 64 bits that wants both results: one division at the group's first operation, the remainder
/// `a - q * b` (one subroutine call instead of two).
fn pair_only(m: &mut Module, f: FuncId, g: &Group) -> bool {
    let Module { funcs, consts, types, .. } = m;
    let func = &mut funcs[f];
    let dbg = func.dfg.get_inst_md(g.first, MetadataTable::dbg_kind());
    let head = func.layout.inst_block(g.first).expect("in layout");
    let before = func.layout.prev_inst(g.first);
    let mut b = Builder::at_end(func, types, consts, head);
    b.at = InsertPoint::Before(g.first);
    let (q, r) = div_rem(&mut b, g.ops(), g.a, g.b, true, true);
    let new = insts_after(b.func, head, before, Some(g.first));
    let func = &mut m.funcs[f];
    replace_group(func, g, dbg, &new, q, r);
    true
}

/// Rewrites one group (module doc, "What it does"); false when it is left alone.
fn bypass(m: &mut Module, f: FuncId, g: &Group) -> bool {
    // The operands as they are now: an earlier group's rewrite may have replaced them (a quotient divided again).
    let (a, d) = {
        let args = m.funcs[f].dfg.args(g.first);
        (args[0], args[1])
    };
    let g = &Group { a, b: d, ..g.clone() };
    let (ra, rb) = {
        let func = &m.funcs[f];
        (range(m, func, g.a), range(m, func, g.b))
    };
    let (want_q, want_r) = (!g.divs.is_empty(), !g.rems.is_empty());
    if ra == Range::Long || rb == Range::Long {
        return want_q && want_r && pair_only(m, f, g);
    }
    let first = g.first;
    let Module { funcs, consts, types, .. } = m;
    let func = &mut funcs[f];
    let dbg = func.dfg.get_inst_md(first, MetadataTable::dbg_kind());
    let head = func.layout.inst_block(first).expect("in layout");
    let before = func.layout.prev_inst(first);
    let mut new: Vec<Inst> = Vec::new();
    let (q, r) = if ra == Range::Short && rb == Range::Short {
        // Both fit: 32-bit operations in place.
        let mut b = Builder::at_end(func, types, consts, head);
        b.at = InsertPoint::Before(first);
        let out = fast_ops(&mut b, g.a, g.b, want_q, want_r);
        new = insts_after(b.func, head, before, Some(first));
        out
    } else {
        let join = split_block_before(func, first, "bypass.join");
        let fast = func.dfg.make_block(Some("bypass.fast"));
        func.layout.insert_block_after(fast, head);
        let mut b = Builder::at_end(func, types, consts, head);
        let slow = if ra == Range::Short && !g.signed {
            // b > a: quotient 0, remainder a; otherwise b <= a < 2^32.
            let c = b.icmp(IntPredicate::Uge, g.a, g.b);
            b.cond_br(c, fast, join);
            None
        } else {
            let wide = match (ra, rb) {
                (Range::Short, _) => g.b,
                (_, Range::Short) => g.a,
                _ => b.binary(BinaryOp::Or, g.a, g.b),
            };
            let k = b.iconst(Type::I64, 32);
            let hi = b.binary(BinaryOp::LShr, wide, k);
            let zero = b.iconst(Type::I64, 0);
            let c = b.icmp(IntPredicate::Eq, hi, zero);
            let slow = b.func.dfg.make_block(Some("bypass.slow"));
            b.func.layout.insert_block_after(slow, fast);
            b.cond_br(c, fast, slow);
            Some(slow)
        };
        new.extend(insts_after(b.func, head, before, None));
        b.at = InsertPoint::End(fast);
        let (fq, fr) = fast_ops(&mut b, g.a, g.b, want_q, want_r);
        b.br(join);
        new.extend(b.func.layout.block_insts(fast));
        let (sq, sr) = match slow {
            Some(slow) => {
                b.at = InsertPoint::End(slow);
                // Next to the quotient, the remainder is `a - q * b` (one subroutine call instead of two).
                let (sq, sr) = div_rem(&mut b, g.ops(), g.a, g.b, want_q, want_r);
                b.br(join);
                new.extend(b.func.layout.block_insts(slow));
                (sq, sr)
            }
            None => {
                let z = b.iconst(Type::I64, 0);
                (want_q.then_some(z), want_r.then_some(g.a))
            }
        };
        let other = slow.unwrap_or(head);
        b.at = InsertPoint::Before(first);
        let mut phi = |fv: Option<Value>, sv: Option<Value>| -> Option<Value> {
            let (fv, sv) = (fv?, sv?);
            let (pi, pv) = b.phi(Type::I64);
            b.func.dfg.phi_add_incoming(pi, fv, fast);
            b.func.dfg.phi_add_incoming(pi, sv, other);
            new.push(pi);
            Some(pv)
        };
        let q = phi(fq, sq);
        let r = phi(fr, sr);
        (q, r)
    };
    let func = &mut m.funcs[f];
    replace_group(func, g, dbg, &new, q, r);
    true
}

/// Gives the new instructions the group's `!dbg` location, and replaces the group's quotients by `q` and its
/// remainders by `r` (each when given), deleting them.
fn replace_group(func: &mut Function, g: &Group, dbg: Option<MdId>, new: &[Inst], q: Option<Value>, r: Option<Value>) {
    if let Some(loc) = dbg {
        for &i in new {
            func.dfg.set_inst_md(i, MetadataTable::dbg_kind(), loc);
        }
    }
    for (insts, v) in [(&g.divs, q), (&g.rems, r)] {
        let Some(v) = v else { continue };
        for &i in insts {
            if let Some(old) = func.dfg.result(i) {
                func.dfg.replace_all_uses(old, v);
            }
            func.remove_inst(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write as _;

    /// A chain of phis `levels` deep, each merging `fan` copies of the level below over a switch (a tree of
    /// `fan^levels` paths to the leaf, a zero-extended i32 argument: short), and `x = udiv i64 root, %d`.
    fn phi_tree(levels: usize, fan: usize) -> String {
        let mut s = String::from("define i64 @f(i32 %a, i32 %s, i64 %d) {\nentry:\n  %z = zext i32 %a to i64\n");
        let mut prev = "%z".to_string();
        for l in 0..levels {
            let _ = writeln!(s, "  switch i32 %s, label %l{l}_0 [");
            for k in 1..fan {
                let _ = writeln!(s, "    i32 {k}, label %l{l}_{k}");
            }
            s.push_str("  ]\n");
            for k in 0..fan {
                let _ = writeln!(s, "l{l}_{k}:\n  br label %m{l}");
            }
            let _ = write!(s, "m{l}:\n  %p{l} = phi i64 ");
            let incoming: Vec<String> = (0..fan).map(|k| format!("[ {prev}, %l{l}_{k} ]")).collect();
            s.push_str(&incoming.join(", "));
            s.push('\n');
            prev = format!("%p{l}");
        }
        let _ = writeln!(s, "  %x = udiv i64 {prev}, %d\n  ret i64 %x\n}}");
        s
    }

    fn root_range(src: &str) -> Range {
        let m = simtc_llvm_reader::parse_module(src).expect("parses");
        let f = m.funcs.keys().next().expect("a function");
        let func = &m.funcs[f];
        let div = func
            .layout
            .blocks()
            .flat_map(|b| func.layout.block_insts(b))
            .find(|&i| matches!(func.dfg.inst(i).kind, InstKind::Binary(BinaryOp::UDiv)))
            .expect("the division");
        range(&m, func, func.dfg.args(div)[0])
    }

    /// Phis of short values are short, through a few levels.
    #[test]
    fn shallow_phi_tree_is_short() {
        assert_eq!(root_range(&phi_tree(2, 3)), Range::Short);
    }

    /// Six levels of 40-way phis would be 40^6 visits without the budget; with it the query gives up (the dividend
    /// is then tested at run time) after at most `VISITS` values, so this returns at once.
    #[test]
    fn wide_deep_phi_tree_stays_within_the_budget() {
        assert_eq!(root_range(&phi_tree(6, 40)), Range::Unknown);
    }
}
