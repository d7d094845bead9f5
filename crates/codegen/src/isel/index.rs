//! Facts about integer values that instruction selection uses to shape addresses: the constant part of a GEP
//! index that can leave it as an `[r+imm]` offset (LLVM's SeparateConstOffsetFromGEP, which llc runs for NVPTX:
//! the `gep-const-offset` and `gep-inbounds-nonneg` rules), values known to be non-negative (a `sext` of one is its
//! `zext`, so signed and unsigned indexes of one value share their base), and the four bytes of one word stored as a
//! `<4 x i8>` (stored as the word). Each function states the identity it relies on.

use super::Lower;
use simtc_ir::*;
use smallvec::SmallVec;

/// How the variable part of a split GEP index ([`Lower::constant_part_of_index`]) is widened to 64 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IndexExt {
    /// Already 64-bit.
    None,
    /// `sext` (a 32-bit register: `scaled_index` sign-extends it).
    Signed,
    /// `zext`.
    Unsigned,
    /// `sext` of each 32-bit term on its own, the terms then added (or subtracted) in 64 bits: for a tree of
    /// `nsw` adds whose terms may be negative, where the 32-bit sum of the terms without the constant might wrap.
    SignedEach,
    /// `c - x`: `x` sign-extended (zero-extended for [`IndexExt::UnsignedNeg`]) and subtracted.
    SignedNeg,
    /// `c - x` with `x` known non-negative: `x` zero-extended and subtracted.
    UnsignedNeg,
    /// `x` is 64-bit; each 32-bit term `y` is zero-extended and added in 64 bits.
    WideZext,
    /// `x` is 64-bit; each 32-bit term `y` is sign-extended and added in 64 bits.
    WideSext,
}

/// The variable terms of an index, compared by shape ([`Lower::terms_key`]).
pub(crate) type TermsKey = SmallVec<[(Option<BinaryOp>, Value, Value); 4]>;

/// For each set of variable terms, the blocks and non-zero constants of the GEP indices that add a constant to it.
pub(crate) type TermGroups = rustc_hash::FxHashMap<TermsKey, SmallVec<[(Block, i128); 4]>>;

/// A split GEP index: `(x, ys, how it is widened, c)` for `widen(x ± y1 ± y2 ...) + c` (the terms added in that
/// order); each `y` carries whether it is subtracted.
pub(crate) type SplitIndex = (Value, SmallVec<[(Value, bool); 2]>, IndexExt, i64);

/// How many adds deep [`Lower::nested_constant_part`] looks for constants, and how many variable terms the rest may
/// have.
const NESTED_DEPTH: u32 = 4;
const NESTED_TERMS: usize = 4;
/// How many indices with the same variable terms [`Lower::signed_split_shared`] looks at.
const SHARE_SCAN: usize = 32;

impl Lower<'_> {
    /// The operands of `v` when it is an `add` carrying the flags `want` (none wanted: any `add`) or an
    /// `or disjoint`, which has no carries: an add that wraps neither way (`nuw nsw`).
    fn add_operands(&self, v: Value, want: Flags) -> Option<[Value; 2]> {
        let dfg = &self.f.dfg;
        let &ValueDef::Inst(a) = dfg.value_def(v) else { return None };
        let d = dfg.inst(a);
        // (`Flags::contains` is false for the empty set: no flag wanted is checked apart.)
        let ok = match d.kind {
            InstKind::Binary(BinaryOp::Add) => want == Flags::default() || d.flags.contains(want),
            InstKind::Binary(BinaryOp::Or) => d.flags.contains(Flags::DISJOINT),
            _ => false,
        };
        let [x, y] = dfg.args(a) else { return None };
        ok.then_some([*x, *y])
    }

    /// The constant part of GEP index `ix`, when it can leave the index exactly (LLVM's
    /// `SeparateConstOffsetFromGEP`, which llc runs for NVPTX): `(x, y, how it is widened, c)` with
    /// `ix = widen(x) + c` (or `widen(x + y) + c` for the nested form, [`Lower::nested_constant_part`]) as 64-bit
    /// values:
    /// - `add i64 x, c`: always (GEP arithmetic wraps at 64 bits, so `(x + c) * s = x * s + c * s`);
    /// - `sext (add nsw i32 x, c)`, and `zext nneg (add nsw i32 x, c)` (a non-negative result is its own sign
    ///   extension): `sext x + c`;
    /// - `zext nneg (add i32 x, c)` with `c >= 0`, no `nsw` needed: the sum is non-negative (`nneg`), and adding a
    ///   non-negative constant can only overflow into a negative result, so it did not: `sext x + c`;
    /// - `sext (add i32 x, c)` with `c >= 0` in an `inbounds` GEP, no `nsw` (knob `gep-inbounds-nonneg`, on by
    ///   default): LLVM's SeparateConstOffsetFromGEP assumes an inbounds GEP's index is non-negative, and then
    ///   the same argument holds. This is an assumption, not a theorem (an inbounds GEP may step back from an
    ///   interior pointer): it differs from the source only for an index that wrapped to about `-2^31`, i.e.
    ///   an access 8 GiB or more before the base pointer. llc-19 makes the same split.
    /// - `zext (add nuw i32 x, c)`: `zext x + c` (`c` read unsigned);
    /// - `sext (sub nsw i32 c, x)` (and `zext nneg` of it): `c - sext x` ([`IndexExt::SignedNeg`]).
    ///
    /// The add itself stays for its other readers (dead code elimination removes it when there are none); the
    /// widened, scaled `x` is one value that GVN shares between the accesses.
    pub(crate) fn constant_part_of_index(&self, ix: Value, inbounds: bool, block: Block) -> Option<SplitIndex> {
        if !self.gep_const_offset {
            return None;
        }
        let (x, ext, c) = match self.constant_part_of_index_flat(ix, inbounds) {
            Some(found) => found,
            None => {
                return self
                    .nested_constant_part(ix, block)
                    .or_else(|| self.constant_before_sub(ix))
                    .or_else(|| self.constant_in_widened_term(ix))
            }
        };
        Some((x, SmallVec::new(), ext, c))
    }

    /// `(op, flags, x)` when `ix` is a 64-bit `sext`/`zext` (`op`, with its `flags`) of a 32-bit `x`.
    fn widened_i32(&self, ix: Value) -> Option<(CastOp, Flags, Value)> {
        let dfg = &self.f.dfg;
        let &ValueDef::Inst(i) = dfg.value_def(ix) else { return None };
        let d = dfg.inst(i);
        let InstKind::Cast(op @ (CastOp::SExt | CastOp::ZExt)) = d.kind else { return None };
        let src = dfg.args(i)[0];
        (self.int_width(self.ty(ix)) == Some(64) && self.int_width(self.ty(src)) == Some(32))
            .then_some((op, d.flags, src))
    }

    /// `sext (sub nsw (add nsw a, c), s)` (or `or disjoint a, c`; `zext nneg` alike) with `a` and `s` known
    /// non-negative: `sext (a - s) + c`. The whole index is `(a + c) - s` exactly (both flags), and `a - s` lies in
    /// `[-2^31 + 1, 2^31 - 1]` (both operands in `[0, 2^31)`), so it is computed in 32 bits without wrapping. A
    /// scan's `(2t | 1) - stride` then shares the address of `2t - stride`.
    fn constant_before_sub(&self, ix: Value) -> Option<SplitIndex> {
        let dfg = &self.f.dfg;
        let (op, flags, src) = self.widened_i32(ix)?;
        if op == CastOp::ZExt && !flags.contains(simtc_ir::Flags::NNEG) {
            return None;
        }
        let &ValueDef::Inst(sub) = dfg.value_def(src) else { return None };
        let sd = dfg.inst(sub);
        if !matches!(sd.kind, InstKind::Binary(simtc_ir::BinaryOp::Sub)) || !sd.flags.contains(simtc_ir::Flags::NSW) {
            return None;
        }
        let [p, s] = *dfg.args(sub) else { return None };
        let [a, k] = self.add_operands(p, Flags::NSW)?;
        let c = dfg.value_const(k).and_then(|k| self.m.consts.as_i128(k))?;
        let is_var = |v: Value| matches!(dfg.value_def(v), ValueDef::Inst(_) | ValueDef::Arg(_));
        if !is_var(a) || !is_var(s) || !self.known_nonneg(a, 0) || !self.known_nonneg(s, 0) {
            return None;
        }
        Some((a, smallvec::smallvec![(s, true)], IndexExt::Signed, c as i32 as i64))
    }

    /// A 64-bit `add a, w` (any flags; either order) whose term `w` is `zext (add nuw t, c)` or `sext (add nsw t,
    /// c)` of a 32-bit `t`: `(a + widen t) + c`. The flag makes `widen (t + c)` equal `widen t + c` exactly (`c`
    /// read unsigned for `zext`, signed for `sext`), and 64-bit addition is associative whatever the outer add's
    /// flags. CUB's `for_each` writes `tile_base + (tid + 256)` for its second item, which then shares
    /// `tile_base + tid`'s address as `[r+1024]` (llc's SeparateConstOffsetFromGEP does the same).
    fn constant_in_widened_term(&self, ix: Value) -> Option<SplitIndex> {
        let dfg = &self.f.dfg;
        let &ValueDef::Inst(i) = dfg.value_def(ix) else { return None };
        if !matches!(dfg.inst(i).kind, InstKind::Binary(simtc_ir::BinaryOp::Add))
            || self.int_width(self.ty(ix)) != Some(64)
        {
            return None;
        }
        let [p, q] = *dfg.args(i) else { return None };
        let is_var = |v: Value| matches!(dfg.value_def(v), ValueDef::Inst(_) | ValueDef::Arg(_));
        for (a, w) in [(p, q), (q, p)] {
            let Some((op, _, src)) = self.widened_i32(w) else { continue };
            let want = if op == CastOp::ZExt { Flags::NUW } else { Flags::NSW };
            let Some([t, k]) = self.add_operands(src, want) else { continue };
            let Some(c) = dfg.value_const(k).and_then(|k| self.m.consts.as_i128(k)) else { continue };
            if !is_var(a) || !is_var(t) || c == 0 {
                continue;
            }
            return Some(if op == CastOp::ZExt {
                (a, smallvec::smallvec![(t, false)], IndexExt::WideZext, c as u32 as i64)
            } else {
                (a, smallvec::smallvec![(t, false)], IndexExt::WideSext, c as i32 as i64)
            });
        }
        None
    }

    /// `zext` of a tree of `add nuw` (up to [`NESTED_DEPTH`] deep; `or disjoint` counts as such an add) whose leaves
    /// are constants and two to [`NESTED_TERMS`] variable terms: `zext (t1 + t2 + ...) + c`, `c` the constants'
    /// sum; `zext nneg`/`sext` of a tree of `nsw` adds whose variable terms are known non-negative and whose
    /// constants sum to `c >= 0`; and `sext` of any tree of `nsw` adds, its terms widened one by one
    /// ([`IndexExt::SignedEach`]). clang writes these for unrolled strided accesses (`x + (k*stride + c)`) and
    /// stencils (`((x + 1) + y*W) + z*W*H`).
    ///
    /// Unsigned: every add of the tree is free of unsigned wrap, so the 32-bit result is the mathematical sum
    /// `S` of the leaves, all read unsigned; the variable terms sum to `S - c <= S < 2^32`, so adding them in any
    /// order does not wrap either. Signed: every leaf is in `[0, 2^31)` and the tree does not wrap signed, so
    /// `S < 2^31`, and the terms' sum lies between 0 and `S`.
    fn nested_constant_part(&self, ix: Value, block: Block) -> Option<SplitIndex> {
        let (op, terms, c) = self.index_add_tree(ix)?;
        if c == 0 || terms.len() < 2 {
            return None;
        }
        let rest: SmallVec<[(Value, bool); 2]> = terms[1..].iter().map(|&t| (t, false)).collect();
        if op == CastOp::ZExt {
            return (c <= u32::MAX as i128).then(|| (terms[0], rest, IndexExt::Unsigned, c as i64));
        }
        let nonneg = c > 0 && c < i32::MAX as i128 && terms.iter().all(|&t| self.known_nonneg(t, 0));
        if nonneg {
            return Some((terms[0], rest, IndexExt::Unsigned, c as i64));
        }
        // Terms of any sign (`sext` only): every add of the tree wraps neither way, so each partial sum is the
        // exact sum of its leaves and the sign extension of the whole is the 64-bit sum of the leaves' sign
        // extensions, `c` included; dropping `c` from a 32-bit sum could wrap, so the terms are widened apart
        // (llc's SeparateConstOffsetFromGEP splits these too: an unrolled `a[(j << 10 | 4096) + i]`). Widening
        // each term costs a 64-bit add per term, so this is done only where another index on the same dominator
        // path adds a different non-zero constant to the same terms: the widened sum is then one base for both
        // (an index without a constant is not split, so it shares nothing: `a[h*W + w]` next to
        // `a[h*W + w + 1]` stays).
        (op == CastOp::SExt && self.gep_split_signed_terms && self.signed_split_shared(block, &terms, c))
            .then(|| (terms[0], rest, IndexExt::SignedEach, c as i64))
    }

    /// The key of a set of variable terms: each term as its operation and operands when it is a binary
    /// operation (flags ignored: clang repeats `shl j, 10` with and without `nsw` for each access of an unrolled
    /// loop), else as the value itself; sorted, since the order of an add tree's leaves does not matter.
    fn terms_key(&self, terms: &[Value]) -> TermsKey {
        let dfg = &self.f.dfg;
        let mut key: TermsKey = terms
            .iter()
            .map(|&t| match dfg.value_def(t) {
                &ValueDef::Inst(i) => match (&dfg.inst(i).kind, dfg.args(i)) {
                    (InstKind::Binary(op), [a, b]) => (Some(*op), *a, *b),
                    _ => (None, t, t),
                },
                _ => (None, t, t),
            })
            .collect();
        key.sort_unstable_by_key(|&(op, a, b)| (op.map(|o| o as u32 + 1).unwrap_or(0), a.index(), b.index()));
        key
    }

    /// Whether another GEP index of the function that is `sext` of an `nsw` add tree with the same variable terms
    /// as `terms` (by [`Lower::terms_key`]) adds a different non-zero constant than `c` to them, in a block that
    /// dominates `block` or that `block` dominates: GVN then shares the widened terms (accesses on paths that do
    /// not meet so would each pay for them). The first call indexes every GEP of the function once; a query looks
    /// at most [`SHARE_SCAN`] entries of its key.
    fn signed_split_shared(&self, block: Block, terms: &[Value], c: i128) -> bool {
        let groups = self.signed_split_groups.get_or_init(|| {
            let dfg = &self.f.dfg;
            let mut seen: TermGroups = Default::default();
            for b in self.f.layout.blocks() {
                for i in self.f.layout.block_insts(b) {
                    if !matches!(dfg.inst(i).kind, InstKind::Gep { .. }) {
                        continue;
                    }
                    for &ix in &dfg.args(i)[1..] {
                        let Some((CastOp::SExt, terms, k)) = self.index_add_tree(ix) else { continue };
                        if k != 0 && !terms.is_empty() {
                            let e = seen.entry(self.terms_key(&terms)).or_default();
                            if !e.contains(&(b, k)) {
                                e.push((b, k));
                            }
                        }
                    }
                }
            }
            seen
        });
        let Some(list) = groups.get(&self.terms_key(terms)) else { return false };
        let dt = self.analyses.domtree(self.f);
        list.iter()
            .take(SHARE_SCAN)
            .any(|&(b, k)| k != c && (b == block || dt.dominates(b, block) || dt.dominates(block, b)))
    }

    /// `(cast, terms, c)` when 64-bit index `ix` is a `zext`/`sext` of a 32-bit tree of adds carrying `nuw`
    /// (for `zext`) or `nsw` (for `sext`), `or disjoint` counted as one, at most [`NESTED_DEPTH`] deep, whose
    /// leaves are constants (summed into `c`, read unsigned for `zext`) and at most [`NESTED_TERMS`] variable
    /// terms, in tree order.
    fn index_add_tree(&self, ix: Value) -> Option<(CastOp, SmallVec<[Value; 4]>, i128)> {
        let (op, _, src) = self.widened_i32(ix)?;
        let want = if op == CastOp::ZExt { simtc_ir::Flags::NUW } else { simtc_ir::Flags::NSW };
        self.add_operands(src, want)?;
        let mut terms: SmallVec<[Value; 4]> = SmallVec::new();
        let mut c: i128 = 0;
        if !self.sum_leaves(src, want, NESTED_DEPTH, op == CastOp::ZExt, &mut terms, &mut c) {
            return None;
        }
        Some((op, terms, c))
    }

    /// Collects the leaves of the add tree at `v` (adds carrying `want`, or `or disjoint`, at most `depth` deep):
    /// variable terms in tree order into `terms`, constants summed into `c` (read unsigned when `unsigned`).
    /// False when a leaf is neither.
    fn sum_leaves(
        &self,
        v: Value,
        want: Flags,
        depth: u32,
        unsigned: bool,
        terms: &mut SmallVec<[Value; 4]>,
        c: &mut i128,
    ) -> bool {
        let dfg = &self.f.dfg;
        if let Some(k) = dfg.value_const(v).and_then(|k| self.m.consts.as_i128(k)) {
            *c += if unsigned { k as u32 as i128 } else { k as i32 as i128 };
            return true;
        }
        if depth > 0 {
            if let Some([p, q]) = self.add_operands(v, want) {
                return self.sum_leaves(p, want, depth - 1, unsigned, terms, c)
                    && self.sum_leaves(q, want, depth - 1, unsigned, terms, c);
            }
        }
        if !matches!(dfg.value_def(v), ValueDef::Inst(_) | ValueDef::Arg(_)) || terms.len() >= NESTED_TERMS {
            return false;
        }
        terms.push(v);
        true
    }

    fn constant_part_of_index_flat(&self, ix: Value, inbounds: bool) -> Option<(Value, IndexExt, i64)> {
        let dfg = &self.f.dfg;
        let &ValueDef::Inst(i) = dfg.value_def(ix) else { return None };
        let add_of = |v: Value, want: Flags| -> Option<(Value, i64)> {
            let [x, c] = self.add_operands(v, want)?;
            let ValueDef::Const(k) = dfg.value_def(c) else { return None };
            let k = self.m.consts.as_i128(*k)?;
            (matches!(dfg.value_def(x), ValueDef::Inst(_) | ValueDef::Arg(_))).then_some((x, k as i64))
        };
        if matches!(dfg.inst(i).kind, InstKind::Binary(simtc_ir::BinaryOp::Add)) {
            return (self.int_width(self.ty(ix)) == Some(64))
                .then(|| add_of(ix, simtc_ir::Flags::default()).map(|(x, c)| (x, IndexExt::None, c)))
                .flatten();
        }
        let (op, flags, src) = self.widened_i32(ix)?;
        // A zero extension prefers `zext x` (clang's `zext nneg (add nuw nsw x, c)` indexes then share their base
        // with the plain `zext x` ones).
        if op == CastOp::ZExt {
            if let Some((x, c)) = add_of(src, simtc_ir::Flags::NUW) {
                return Some((x, IndexExt::Unsigned, c as u32 as i64));
            }
        }
        let nneg = flags.contains(simtc_ir::Flags::NNEG);
        if op == CastOp::ZExt && !nneg {
            return None;
        }
        // `sext x` of an `x` known non-negative is `zext x`: the base then matches the plain `zext x` (and
        // `zext nneg`) indexes of the same `x`.
        let ext_of = |x: Value| if self.known_nonneg(x, 0) { IndexExt::Unsigned } else { IndexExt::Signed };
        if let Some((x, c)) = add_of(src, simtc_ir::Flags::NSW) {
            return Some((x, ext_of(x), c as i32 as i64));
        }
        // `sub nsw c, x` (libdevice's `result[6 - q]`, `result[5 - q]`): `sext c - sext x` exactly, so the
        // constant leaves the index and the accesses share `base - x * size`.
        if let &ValueDef::Inst(sd) = dfg.value_def(src) {
            let d = dfg.inst(sd);
            if matches!(d.kind, InstKind::Binary(simtc_ir::BinaryOp::Sub)) && d.flags.contains(simtc_ir::Flags::NSW) {
                let [k, x] = *dfg.args(sd) else { return None };
                let k = dfg.value_const(k).and_then(|k| self.m.consts.as_i128(k));
                if let (Some(k), ValueDef::Inst(_) | ValueDef::Arg(_)) = (k, dfg.value_def(x)) {
                    let neg = if self.known_nonneg(x, 0) { IndexExt::UnsignedNeg } else { IndexExt::SignedNeg };
                    return Some((x, neg, k as i32 as i64));
                }
            }
        }
        // Without `nsw`: a non-negative sum (known from `nneg`, or assumed for an inbounds index as LLVM does) of
        // `x` and a non-negative constant did not overflow.
        if !(nneg || (inbounds && self.gep_inbounds_nonneg)) {
            return None;
        }
        add_of(src, simtc_ir::Flags::default())
            .filter(|&(_, c)| c as i32 >= 0)
            .map(|(x, c)| (x, ext_of(x), c as i32 as i64))
    }

    /// The word `x` when `v` is `trunc <4 x i32> <x, x >> 8, x >> 16, x >> 24> to <4 x i8>` (lanes set by an
    /// `insertelement` chain from `poison`/`undef`, the shifts `lshr` by constants): the bytes of `x` in
    /// little-endian order, i.e. `bitcast i32 x to <4 x i8>`. clang's vectorizers write byte-wise stores of a
    /// word (`out[4i + k] = (uint8_t)(x >> 8k)`) so.
    pub(crate) fn word_bytes(&self, v: Value) -> Option<Value> {
        let dfg = &self.f.dfg;
        let m = self.m;
        let vt = self.ty(v);
        if m.types.vector_len(vt) != Some(4) || self.int_width(m.types.scalar_type(vt)) != Some(8) {
            return None;
        }
        let &ValueDef::Inst(t) = dfg.value_def(v) else { return None };
        if !matches!(dfg.inst(t).kind, InstKind::Cast(CastOp::Trunc)) {
            return None;
        }
        let mut vec = dfg.args(t)[0];
        if self.int_width(m.types.scalar_type(self.ty(vec))) != Some(32) {
            return None;
        }
        // Walking the chain from its last insert back, the first value seen for a lane is the one it holds.
        let mut lanes: [Option<Value>; 4] = [None; 4];
        for _ in 0..8 {
            match dfg.value_def(vec) {
                &ValueDef::Inst(i) if matches!(dfg.inst(i).kind, InstKind::InsertElement) => {
                    let [agg, val, idx] = dfg.args(i) else { return None };
                    let k = dfg.value_const(*idx).and_then(|c| m.consts.as_i128(c))?;
                    let lane = lanes.get_mut(usize::try_from(k).ok()?)?;
                    if lane.is_none() {
                        *lane = Some(*val);
                    }
                    vec = *agg;
                }
                ValueDef::Const(c) if m.consts.is_undef_or_poison(*c) => break,
                _ => return None,
            }
        }
        let x = lanes[0]?;
        for (k, lane) in lanes.iter().enumerate().skip(1) {
            let &ValueDef::Inst(i) = dfg.value_def((*lane)?) else { return None };
            let d = dfg.inst(i);
            let [a, sh] = dfg.args(i) else { return None };
            let amount = dfg.value_const(*sh).and_then(|c| m.consts.as_i128(c));
            if !matches!(d.kind, InstKind::Binary(simtc_ir::BinaryOp::LShr | simtc_ir::BinaryOp::AShr))
                || *a != x
                || amount != Some(8 * k as i128)
            {
                return None;
            }
        }
        Some(x)
    }

    /// Whether integer `v` is known non-negative (as a signed value of its width): a non-negative constant, a
    /// zero extension, a PTX special register (`%tid`, `%ntid`, `%ctaid`, ... all below 2^31), `and` with a
    /// non-negative operand, `lshr` by a non-zero constant, `urem` by a non-negative value, `add`/`mul`/`shl`
    /// with `nsw` (and `or disjoint`, `udiv`) of non-negative operands, and a phi all of whose incoming values
    /// are, assuming the phi itself is (induction over the iterations of the loop it heads: true on entry, kept
    /// by every step). Bounded in depth.
    pub(crate) fn known_nonneg(&self, v: Value, depth: u32) -> bool {
        let mut assumed: SmallVec<[Value; 4]> = SmallVec::new();
        self.nonneg(v, depth, &mut assumed)
    }

    fn nonneg(&self, v: Value, depth: u32, assumed: &mut SmallVec<[Value; 4]>) -> bool {
        if depth > 6 {
            return false;
        }
        let dfg = &self.f.dfg;
        match dfg.value_def(v) {
            ValueDef::Const(k) => self.m.consts.as_i128(*k).is_some_and(|k| k >= 0),
            &ValueDef::Inst(i) => {
                let d = dfg.inst(i);
                let args: SmallVec<[Value; 4]> = dfg.args(i).into();
                let const_pos = |k: usize| {
                    args.get(k)
                        .and_then(|&a| dfg.value_const(a))
                        .and_then(|c| self.m.consts.as_i128(c))
                        .is_some_and(|c| c > 0)
                };
                let nn = |k: usize, assumed: &mut SmallVec<[Value; 4]>| {
                    args.get(k).is_some_and(|&a| self.nonneg(a, depth + 1, assumed))
                };
                use simtc_ir::BinaryOp as B;
                match &d.kind {
                    InstKind::Phi { .. } => {
                        if assumed.contains(&v) {
                            return true;
                        }
                        assumed.push(v);
                        let all = (0..args.len()).all(|k| nn(k, assumed));
                        assumed.retain(|x| *x != v);
                        all
                    }
                    InstKind::Cast(CastOp::ZExt) => {
                        self.int_width(self.ty(args[0])) < self.int_width(self.ty(v)) || nn(0, assumed)
                    }
                    // (`cssa`'s `pcp` copies are same-type bitcasts.)
                    InstKind::Cast(CastOp::SExt | CastOp::BitCast) => nn(0, assumed),
                    InstKind::Binary(B::And) => nn(0, assumed) || nn(1, assumed),
                    InstKind::Binary(B::LShr) => const_pos(1) || nn(0, assumed),
                    InstKind::Binary(B::URem) => nn(1, assumed),
                    InstKind::Binary(B::UDiv) => nn(0, assumed),
                    InstKind::Binary(B::Or) if d.flags.contains(simtc_ir::Flags::DISJOINT) => {
                        nn(0, assumed) && nn(1, assumed)
                    }
                    InstKind::Binary(B::Add | B::Mul | B::Shl) if d.flags.contains(simtc_ir::Flags::NSW) => {
                        nn(0, assumed) && nn(1, assumed)
                    }
                    // The index, count and id registers; not the clocks and counters, which may wrap.
                    InstKind::Call { .. } => simtc_opt::passes::util::callee_name(self.m, self.f, i)
                        .and_then(|n| n.strip_prefix("llvm.nvvm.read.ptx.sreg."))
                        .is_some_and(|r| {
                            ["tid.", "ntid.", "ctaid.", "nctaid.", "laneid", "warpid", "nwarpid", "smid", "nsmid"]
                                .iter()
                                .any(|p| r.starts_with(p))
                        }),
                    _ => false,
                }
            }
            _ => false,
        }
    }
}
