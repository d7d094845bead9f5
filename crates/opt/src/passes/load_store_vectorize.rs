//! `load-store-vectorize`: merges adjacent scalar loads (and, separately, stores) of one basic block into one
//! `.v2`/`.v4` vector access.
//!
//! Seed: none. Behaviour reference: LLVM's `LoadStoreVectorizer` (`llvm/lib/Transforms/Vectorize/
//! LoadStoreVectorizer.cpp`), which llc-19 runs in NVPTX's IR pipeline right before instruction selection, with
//! NVPTX's legality rule (a chain is legal only when its alignment covers its whole size, at most 16 bytes). The
//! code here is simtc's own, simpler design. `p[4*i]`, `p[4*i+1]`, `p[4*i+2]`, `p[4*i+3]` read as four scalar
//! loads become `load <4 x float>` plus four `extractelement`s, which instruction selection lowers to one
//! `ld.global.v4.f32` and ptxas to one `LDG.E.128` instead of four `LDG.E`.
//!
//! # Rule
//!
//! Within one basic block, simple accesses (not `volatile`, not atomic) of one scalar type `T` (`i8`, `i16`,
//! `i32`, `i64`, `half`, `bfloat`, `float`, `double`) through pointers of one address space are grouped by their
//! address *shape*: every address is decomposed into a root pointer, a sorted sum of variable terms
//! `scale × v` and a constant byte offset, looking through `getelementptr` chains (constant struct and array
//! indices, constant-expression GEPs of a constant root), same-space pointer `bitcast`s, and, inside an index,
//! `add`/`sub`/`or disjoint` of a constant, `shl`/`mul` by a constant, `sext`/`zext` (with the `nsw`/`nuw`
//! flags that make `ext(x + c) = ext(x) + c`, and the implicit sign extension GEP applies to narrow indices).
//! Accesses whose root and terms are equal differ only by their constant offsets, so `p[4*i+2]` sits 8 bytes
//! after `p[4*i]`.
//!
//! A group's members, sorted by offset, form runs of contiguous offsets. A run is cut greedily into chains of 4
//! lanes, else 2 (at most 16 bytes: PTX's widest access), starting at a member whose alignment is at least the
//! chain's size; other members stay scalar. Lanes of 8 or 16 bits also form chains of 16 or 8 lanes when those
//! fill 8 or 16 bytes (`<8 x half>`, `<16 x i8>`, `<8 x i8>`): instruction selection accesses them as 32-bit
//! words (`ld.v4.b32` and unpacking `mov`s, as llc-19 does), since no `.v8` exists. A member's alignment is the larger of its `align` and what the
//! address proves: the root's alignment (a parameter's `align` attribute, an `alloca`'s or a global's `align`),
//! limited by each term's scale and by the offset. A 4-lane run aligned only to its half becomes two 2-lane
//! chains, as llc does. When the root is an `alloca` the pass owns the alignment: like LLVM's vectorizer, it
//! raises the `alloca`'s `align` (to at most 16) when that makes a chain aligned (the local array's
//! `a[0..3] = ...` becomes one `st.local.v4`). A store chain is dropped when one of its stored registers is a lane
//! of a store chain twice (in one chain or two): ptxas would copy it into each register group.
//!
//! A load chain becomes `load <N x T>, ptr P, align A` at the position of its earliest member (P is the lowest
//! member's address, or, when that is computed later in the block, a `getelementptr i8` from the earliest
//! member's address), followed by one `extractelement` per member; a store chain becomes `insertelement`s and
//! `store <N x T>` at the position of its latest member. The vector access keeps the metadata all members carry
//! identically (`!invariant.load`: still `ld.global.nc`) and the anchor's `!dbg`.
//!
//! # Safety
//!
//! Moving a load up to the earliest member, or a store down to the latest, is sound when nothing in between may
//! touch the moved bytes:
//! - an instruction that may write memory and whose address is unknown (a call that is not `memory(none)` /
//!   `readnone` / `readonly` for loads, an atomic, a fence, a volatile access, inline assembly) ends every open
//!   group of the block: chains never span it;
//! - a plain access with a decomposed address ends every open group it may alias: one of another root or
//!   terms, unless both address spaces are specific and different (global, shared, const, local and param
//!   memory are disjoint; generic and any other space alias all). One with the *same* root and terms is kept as a clobber range
//!   (position, bytes); a chain is dropped when a clobber lies between its first and last member and overlaps
//!   its bytes. Loads clobber only store groups; stores clobber both;
//! - a store overlapping an earlier member of its own group ends the group (the later store must stay later);
//! - struct-path TBAA (`!tbaa`, clang's tags): two accesses whose tags name the same struct type node and
//!   disjoint byte ranges within it do not alias (objects of one struct type are one object, whose members do not
//!   overlap, or disjoint objects: LLVM's TBAA rule; llc's vectorizer relies on it). A store group's members move
//!   down past an access of another shape whose tag is disjoint from every member's; a load group stays open
//!   across a tagged store of another shape (its members stay above it), and a later load joins it only when its
//!   own tag is disjoint from every such store's. So `dst[i] = src[i]` of a struct, copied member by member (load
//!   a, store a, load b, store b), becomes one vector load and one vector store.
//!
//! All values a chain needs are available at its insertion point: a load chain's address is either defined
//! before the earliest member or rebuilt from that member's own address; a store chain's values and addresses
//! are defined before their own stores, which precede the latest member.
//!
//! # Invariants and cost
//!
//! The CFG is unchanged (preserves the CFG); the result passes the verifier. A group spans at most
//! [`WINDOW`] instructions and at most [`MAX_OPEN`] groups are open at once (the oldest is closed first), so the
//! scan is linear in the block size; chains are formed by sorting each group (O(n log n) in its members).
//! Address decomposition is bounded by [`MAX_DEPTH`] definitions per address.

use crate::knobs::Knobs;
use crate::registry::{FunctionPass, FunctionPassAdapter, PassInfo, Preserves};
use simtc_analysis::cache::FunctionAnalyses;
use simtc_ir::*;
use smallvec::SmallVec;

/// Registry entry.
pub const INFO: PassInfo = PassInfo {
    name: "load-store-vectorize",
    description: "merge adjacent, aligned scalar loads/stores of a block into .v2/.v4 vector accesses",
    preserves: Preserves::Cfg,
    create: || Box::new(FunctionPassAdapter(LoadStoreVectorize)),
    function: Some(|| Box::new(LoadStoreVectorize)),
};

/// The pass.
pub struct LoadStoreVectorize;

/// Instructions a group may span (LLVM's vectorizer scans chains of up to 64 instructions as well).
pub const WINDOW: u32 = 64;
/// Groups open at once per block.
pub const MAX_OPEN: usize = 32;
/// Definitions followed per address.
pub const MAX_DEPTH: u32 = 12;
/// PTX's widest access in bytes.
const MAX_BYTES: u64 = 16;

/// How a narrow index is extended to pointer width.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Ext {
    /// Already pointer width.
    None,
    /// Sign-extended.
    Sext,
    /// Zero-extended.
    Zext,
}

/// Where an address starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Root {
    /// An SSA pointer.
    Val(Value),
    /// A constant pointer (a global, a constant expression).
    Const(ConstId),
}

/// The variable part of an address: root plus `scale × ext(v)` terms, sorted.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Shape {
    root: Root,
    terms: SmallVec<[(Value, Ext, i64); 2]>,
}

/// A decomposed address.
#[derive(Clone, Debug)]
struct Addr {
    shape: Shape,
    off: i64,
    /// Proven alignment of the shape part (root and terms), a power of two.
    align: u64,
    /// The root when it is an `alloca` (whose alignment the pass may raise), with the terms' alignment.
    alloca: Option<(Inst, u64)>,
}

/// The lowest set bit of `x` as an alignment (`cap` for zero).
fn lowbit(x: i128, cap: u64) -> u64 {
    if x == 0 {
        cap
    } else {
        (1u128 << x.trailing_zeros().min(63)).min(cap as u128) as u64
    }
}

/// Largest alignment the pass claims.
const ALIGN_CAP: u64 = 1 << 12;

struct Decomposer<'a> {
    m: &'a Module,
    func: &'a Function,
}

/// An address being accumulated.
#[derive(Default)]
struct Acc {
    off: i128,
    terms: SmallVec<[(Value, Ext, i64); 2]>,
}

impl Decomposer<'_> {
    fn int_const(&self, v: Value, ext: Ext) -> Option<i128> {
        let c = self.func.dfg.value_const(v)?;
        match self.m.consts.data(c) {
            ConstData::Int(_, ap) => match ext {
                Ext::Zext => (ap.width() <= 64).then(|| ap.as_u128() as i128),
                _ => ap.as_i128(),
            },
            _ => None,
        }
    }

    /// Accumulates `scale × ext(v)` (an index of pointer width after `ext`).
    fn index(&self, v: Value, ext: Ext, scale: i128, acc: &mut Acc, depth: u32) -> Option<()> {
        if let Some(c) = self.int_const(v, ext) {
            acc.off = acc.off.checked_add(c.checked_mul(scale)?)?;
            return Some(());
        }
        let width = self.m.types.int_width(self.func.dfg.value_ty(v))?;
        if width > 64 || ext == Ext::None && width != 64 {
            return None;
        }
        let term = |acc: &mut Acc| {
            acc.terms.push((v, ext, i64::try_from(scale).ok()?));
            Some(())
        };
        if depth >= MAX_DEPTH {
            return term(acc);
        }
        let Some(i) = self.func.dfg.value_inst(v) else {
            return term(acc);
        };
        let d = self.func.dfg.inst(i);
        // `ext(x op c) = ext(x) op c` holds without flags at pointer width (addresses wrap), with `nsw` under
        // sign extension and `nuw` under zero extension.
        let exact = match ext {
            Ext::None => true,
            Ext::Sext => d.flags.contains(Flags::NSW),
            Ext::Zext => d.flags.contains(Flags::NUW),
        };
        match &d.kind {
            InstKind::Binary(BinaryOp::Add) if exact => {
                for (x, y) in [(0, 1), (1, 0)] {
                    if let Some(c) = self.int_const(d.args[y], ext) {
                        acc.off = acc.off.checked_add(c.checked_mul(scale)?)?;
                        return self.index(d.args[x], ext, scale, acc, depth + 1);
                    }
                }
                term(acc)
            }
            InstKind::Binary(BinaryOp::Sub) if exact => match self.int_const(d.args[1], ext) {
                Some(c) => {
                    acc.off = acc.off.checked_sub(c.checked_mul(scale)?)?;
                    self.index(d.args[0], ext, scale, acc, depth + 1)
                }
                None => term(acc),
            },
            // Disjoint bits: no carries, so `x | c = x + c`; under sign extension the constant must leave the sign
            // bit alone.
            InstKind::Binary(BinaryOp::Or) if d.flags.contains(Flags::DISJOINT) => {
                match self.int_const(d.args[1], ext) {
                    Some(c) if ext != Ext::Sext || c >= 0 => {
                        acc.off = acc.off.checked_add(c.checked_mul(scale)?)?;
                        self.index(d.args[0], ext, scale, acc, depth + 1)
                    }
                    _ => term(acc),
                }
            }
            InstKind::Binary(BinaryOp::Shl) if exact => match self.int_const(d.args[1], Ext::Zext) {
                Some(k) if (0..32).contains(&k) => {
                    self.index(d.args[0], ext, scale.checked_mul(1i128 << k)?, acc, depth + 1)
                }
                _ => term(acc),
            },
            InstKind::Binary(BinaryOp::Mul) if exact => match self.int_const(d.args[1], ext) {
                Some(c) if c.unsigned_abs() < 1 << 32 => {
                    self.index(d.args[0], ext, scale.checked_mul(c)?, acc, depth + 1)
                }
                _ => term(acc),
            },
            InstKind::Cast(CastOp::SExt) if matches!(ext, Ext::None | Ext::Sext) => {
                self.index(d.args[0], Ext::Sext, scale, acc, depth + 1)
            }
            // `sext(zext x)` is `zext x`: the zero-extended value's sign bit is clear.
            InstKind::Cast(CastOp::ZExt) => self.index(d.args[0], Ext::Zext, scale, acc, depth + 1),
            _ => term(acc),
        }
    }

    /// Accumulates one GEP index: narrower indices are sign-extended to pointer width.
    fn gep_index(&self, ix: Value, scale: i128, acc: &mut Acc, depth: u32) -> Option<()> {
        let w = self.m.types.int_width(self.func.dfg.value_ty(ix))?;
        self.index(ix, if w < 64 { Ext::Sext } else { Ext::None }, scale, acc, depth)
    }

    /// Accumulates the indices of a GEP over `source_ty`; false when one cannot be followed.
    fn gep_indices(&self, source_ty: Type, indices: &[Value], acc: &mut Acc, depth: u32) -> Option<()> {
        let types = &self.m.types;
        let mut ty = source_ty;
        for (k, &ix) in indices.iter().enumerate() {
            if types.is_vector(self.func.dfg.value_ty(ix)) {
                return None;
            }
            if k == 0 {
                self.gep_index(ix, types.alloc_size(ty) as i128, acc, depth)?;
                continue;
            }
            match types.data(ty) {
                TypeData::Array { elem, .. } => {
                    let elem = *elem;
                    self.gep_index(ix, types.alloc_size(elem) as i128, acc, depth)?;
                    ty = elem;
                }
                TypeData::Struct { .. } | TypeData::Named(_) => {
                    let field = self.int_const(ix, Ext::None)?;
                    let layout = types.struct_layout(ty)?;
                    let off = *layout.offsets.get(usize::try_from(field).ok()?)?;
                    acc.off = acc.off.checked_add(off as i128)?;
                    ty = types.element_type(ty, field as u64)?;
                }
                _ => return None,
            }
        }
        Some(())
    }

    /// Decomposes pointer `p`.
    fn addr(&self, p: Value) -> Option<Addr> {
        let mut acc = Acc::default();
        let mut cur = p;
        let mut depth = 0;
        let root = loop {
            if depth >= MAX_DEPTH {
                break Root::Val(cur);
            }
            depth += 1;
            if let Some(c) = self.func.dfg.value_const(cur) {
                break Root::Const(self.const_root(c, &mut acc)?);
            }
            let Some(i) = self.func.dfg.value_inst(cur) else {
                break Root::Val(cur);
            };
            let d = self.func.dfg.inst(i);
            match &d.kind {
                InstKind::Gep { source_ty } if !self.m.types.is_vector(d.ty) => {
                    self.gep_indices(*source_ty, &d.args[1..], &mut acc, depth)?;
                    cur = d.args[0];
                }
                InstKind::Cast(CastOp::BitCast) if self.m.types.is_ptr(self.func.dfg.value_ty(d.args[0])) => {
                    cur = d.args[0];
                }
                _ => break Root::Val(cur),
            }
        };
        let off = i64::try_from(acc.off).ok().filter(|o| o.unsigned_abs() < 1 << 40)?;
        let mut terms = acc.terms;
        terms.sort_by_key(|t| (t.0.index(), t.1));
        let mut merged: SmallVec<[(Value, Ext, i64); 2]> = SmallVec::new();
        for t in terms {
            match merged.last_mut() {
                Some(l) if l.0 == t.0 && l.1 == t.1 => l.2 = l.2.checked_add(t.2)?,
                _ => merged.push(t),
            }
        }
        merged.retain(|t| t.2 != 0);
        let terms_align = merged.iter().map(|t| lowbit(t.2 as i128, ALIGN_CAP)).min().unwrap_or(ALIGN_CAP);
        let align = self.root_align(root).min(terms_align);
        let alloca = match root {
            Root::Val(v) => self
                .func
                .dfg
                .value_inst(v)
                .filter(|&i| matches!(self.func.dfg.inst(i).kind, InstKind::Alloca { .. }))
                .map(|i| (i, terms_align)),
            Root::Const(_) => None,
        };
        Some(Addr { shape: Shape { root, terms: merged }, off, align, alloca })
    }

    /// Follows constant-expression GEPs with constant indices down to their base constant.
    fn const_root(&self, mut c: ConstId, acc: &mut Acc) -> Option<ConstId> {
        for _ in 0..MAX_DEPTH {
            let ConstData::Expr { op: ConstExprOp::Gep { source_ty, .. }, operands, .. } = self.m.consts.data(c) else {
                return Some(c);
            };
            let mut ty = *source_ty;
            for (k, &ix) in operands[1..].iter().enumerate() {
                let v = self.m.consts.as_i128(ix)?;
                if k == 0 {
                    acc.off = acc.off.checked_add(v.checked_mul(self.m.types.alloc_size(ty) as i128)?)?;
                    continue;
                }
                match self.m.types.data(ty) {
                    TypeData::Array { elem, .. } => {
                        let elem = *elem;
                        acc.off = acc.off.checked_add(v.checked_mul(self.m.types.alloc_size(elem) as i128)?)?;
                        ty = elem;
                    }
                    TypeData::Struct { .. } | TypeData::Named(_) => {
                        let layout = self.m.types.struct_layout(ty)?;
                        acc.off = acc.off.checked_add(*layout.offsets.get(usize::try_from(v).ok()?)? as i128)?;
                        ty = self.m.types.element_type(ty, v as u64)?;
                    }
                    _ => return None,
                }
            }
            c = operands[0];
        }
        None
    }

    /// The alignment the root pointer is known to have.
    fn root_align(&self, root: Root) -> u64 {
        let a = match root {
            Root::Val(v) => match self.func.dfg.value_def(v) {
                ValueDef::Arg(n) => self.func.param_attrs.get(*n as usize).and_then(|a| a.align()),
                ValueDef::Inst(i) => match &self.func.dfg.inst(*i).kind {
                    InstKind::Alloca { align, .. } => *align,
                    _ => None,
                },
                _ => None,
            },
            Root::Const(c) => match self.m.consts.data(c) {
                ConstData::Global(_, GlobalRef::Var(g)) => self.m.globals[*g].align,
                _ => None,
            },
        };
        a.filter(|a| a.is_power_of_two()).unwrap_or(1).min(ALIGN_CAP)
    }
}

/// What an instruction means to the scan.
enum Event {
    /// Nothing to do with memory.
    None,
    /// A plain load or store with a known address (`access` when it may join a group).
    Access { addr: Addr, space: u32, size: u64, store: bool, joins: Option<Type>, tbaa: Option<Tbaa> },
    /// May read memory anywhere (a read-only call).
    ReadAny,
    /// May write memory anywhere, or synchronizes.
    Barrier,
}

/// Whether type `t` may be a lane of a merged access.
fn lane_type(types: &TypeStore, t: Type) -> bool {
    match types.data(t) {
        TypeData::Int(w) => matches!(w, 8 | 16 | 32 | 64),
        TypeData::Half | TypeData::BFloat | TypeData::Float | TypeData::Double => true,
        _ => false,
    }
}

fn classify(m: &Module, func: &Function, i: Inst, tbaa_kind: Option<MdKind>) -> Event {
    let d = func.dfg.inst(i);
    let dec = Decomposer { m, func };
    let plain = |mf: &MemFlags| !mf.volatile && mf.ordering.is_none_or(|o| o == AtomicOrdering::NotAtomic);
    let access = |ptr: Value, ty: Type, mf: &MemFlags, store: bool| {
        let space = m.types.ptr_addrspace(func.dfg.value_ty(ptr)).unwrap_or(0);
        if !plain(mf) || !m.types.is_sized(ty) {
            return Event::Barrier;
        }
        let Some(addr) = dec.addr(ptr) else {
            return if store { Event::Barrier } else { Event::ReadAny };
        };
        let size = m.types.store_size(ty);
        let joins = (lane_type(&m.types, ty) && size == m.types.alloc_size(ty)).then_some(ty);
        let tbaa = Tbaa::of(m, func, i, tbaa_kind, size);
        Event::Access { addr, space, size, store, joins, tbaa }
    };
    match &d.kind {
        InstKind::Load(mf) => access(d.args[0], d.ty, mf, false),
        InstKind::Store(mf) => access(d.args[1], func.dfg.value_ty(d.args[0]), mf, true),
        InstKind::Call(cd) => {
            if let Some(name) = crate::passes::util::callee_name(m, func, i) {
                if name.starts_with("llvm.nvvm.read.ptx.sreg.")
                    || name.starts_with("llvm.dbg.")
                    || name == "llvm.assume"
                    || name.starts_with("llvm.experimental.noalias.scope.decl")
                {
                    return Event::None;
                }
            }
            if func.dfg.value_const(d.args[0]).is_none() {
                return Event::Barrier;
            }
            let has = |key: &str, raw: &str| crate::passes::util::call_has_attr(m, func, i, key, raw);
            let sync = has("convergent", "") || !cd.bundles.is_empty();
            if sync {
                Event::Barrier
            } else if has("readnone", "memory(none)") {
                Event::None
            } else if has("readonly", "memory(read)") {
                Event::ReadAny
            } else {
                Event::Barrier
            }
        }
        InstKind::AtomicRmw(..) | InstKind::CmpXchg { .. } | InstKind::Fence(_) => Event::Barrier,
        _ => Event::None,
    }
}

/// One member of a group.
#[derive(Copy, Clone)]
struct Member {
    pos: u32,
    inst: Inst,
    off: i64,
    align: u64,
    /// The alignment the member would have were its `alloca` root 16-byte aligned (0: not an alloca root).
    raisable: u64,
    /// The member's struct-path TBAA access (see [`Tbaa`]).
    tbaa: Option<Tbaa>,
}

/// A struct-path TBAA access tag read as `(base type node, first byte, end byte)` within the base type: clang's
/// `!{!S, !T, i64 off}` for a scalar member of struct type `S` at offset `off`, of the access's size.
///
/// Two accesses with the same base type node and disjoint byte ranges do not alias (LLVM's TBAA: C and C++
/// objects of one struct type are either the same object, whose distinct members do not overlap, or disjoint
/// objects). Anything else may alias: a different base type (one may contain the other), an overlap, or no tag.
#[derive(Copy, Clone, PartialEq, Eq)]
struct Tbaa {
    base: MdId,
    lo: i64,
    hi: i64,
}

impl Tbaa {
    /// The tag of access `i` of `size` bytes, when it has a struct-path `!tbaa` tag with a constant offset.
    fn of(m: &Module, func: &Function, i: Inst, kind: Option<MdKind>, size: u64) -> Option<Tbaa> {
        let tag = func.dfg.get_inst_md(i, kind?)?;
        let MdNode::Tuple { ops, .. } = m.metadata.node(tag) else { return None };
        let (MdOperand::Node(base), MdOperand::Node(_), MdOperand::Value(off)) =
            (ops.first()?, ops.get(1)?, ops.get(2)?)
        else {
            return None;
        };
        // A struct type node names itself and lists (member type, offset) pairs: at least one pair.
        let MdNode::Tuple { ops: bops, .. } = m.metadata.node(*base) else { return None };
        if bops.len() < 3 || !matches!(bops[0], MdOperand::String(_)) {
            return None;
        }
        let lo = i64::try_from(m.consts.as_i128(*off)?).ok()?;
        Some(Tbaa { base: *base, lo, hi: lo.checked_add(size as i64)? })
    }
    /// Whether the tags prove the two accesses disjoint.
    fn disjoint(a: Option<Tbaa>, b: Option<Tbaa>) -> bool {
        matches!((a, b), (Some(a), Some(b)) if a.base == b.base && (a.hi <= b.lo || b.hi <= a.lo))
    }
}

/// Accesses of one shape, space, type and direction.
struct Group {
    shape: Shape,
    space: u32,
    ty: Type,
    size: u64,
    store: bool,
    /// The root, when it is an `alloca`.
    alloca: Option<Inst>,
    members: Vec<Member>,
    /// Accesses of the same shape that are not members: `(position, first byte, end byte)`.
    clobbers: Vec<(u32, i64, i64)>,
    /// Stores of another shape this load group let pass because their TBAA tags are disjoint from every member's:
    /// a later member would move above them, so it must be disjoint from each of them too.
    passed: SmallVec<[Option<Tbaa>; 2]>,
}

/// A chain to rewrite: members in offset order, the first with the chain's alignment.
struct Chain {
    store: bool,
    ty: Type,
    members: SmallVec<[Member; 4]>,
    align: u64,
    /// An `alloca` whose alignment must first be raised to this many bytes (LLVM's vectorizer does the same).
    raise: Option<(Inst, u64)>,
}

/// Whether two address spaces are distinct NVPTX state spaces (no aliasing): global 1, shared 3, const 4,
/// local 5, param 101. Generic (0) aliases all of them; any other number (e.g. a cluster's shared window, which
/// aliases shared memory) is treated as aliasing everything.
fn disjoint_spaces(a: u32, b: u32) -> bool {
    let specific = |s: u32| matches!(s, 1 | 3 | 4 | 5 | 101);
    a != b && specific(a) && specific(b)
}

/// Cuts a closed group into chains.
fn close(g: Group, out: &mut Vec<Chain>) {
    if g.members.len() < 2 {
        return;
    }
    let mut ms = g.members;
    ms.sort_by_key(|m| (m.off, m.pos));
    ms.dedup_by_key(|m| m.off);
    let sz = g.size as i64;
    let mut j = 0;
    while j + 1 < ms.len() {
        let mut done = false;
        for lanes in [16usize, 8, 4, 2] {
            let bytes = g.size * lanes as u64;
            // More than four lanes only as whole 32-bit words (8- and 16-bit lanes; see the module doc).
            if (lanes > 4 && (g.size > 2 || bytes < 8))
                || bytes > MAX_BYTES
                || j + lanes > ms.len()
                || ms[j].align.max(ms[j].raisable) < bytes
            {
                continue;
            }
            let run = &ms[j..j + lanes];
            if run.iter().enumerate().any(|(k, m)| m.off != ms[j].off + k as i64 * sz) {
                continue;
            }
            let lo_pos = run.iter().map(|m| m.pos).min().unwrap_or(0);
            let hi_pos = run.iter().map(|m| m.pos).max().unwrap_or(0);
            let (lo, hi) = (ms[j].off, ms[j].off + bytes as i64);
            if g.clobbers.iter().any(|&(p, a, b)| p > lo_pos && p < hi_pos && a < hi && lo < b) {
                continue;
            }
            let raise = (ms[j].align < bytes).then_some(g.alloca).flatten().map(|a| (a, bytes));
            out.push(Chain {
                store: g.store,
                ty: g.ty,
                members: run.iter().copied().collect(),
                align: ms[j].align.max(bytes),
                raise,
            });
            j += lanes;
            done = true;
            break;
        }
        if !done {
            j += 1;
        }
    }
}

/// Scans block `b`; returns its chains.
fn scan_block(m: &Module, func: &Function, b: Block, pos_of: &mut SecondaryMap<Inst, u32>) -> Vec<Chain> {
    let tbaa_kind = m.metadata.find_kind("tbaa");
    let mut chains = Vec::new();
    let mut open: Vec<Group> = Vec::new();
    let mut first_pos: Vec<u32> = Vec::new();
    for (pos, i) in func.layout.block_insts(b).enumerate() {
        let pos = pos as u32 + 1;
        pos_of.set(i, pos);
        // Groups older than the window close.
        let mut k = 0;
        while k < open.len() {
            if pos - first_pos[k] > WINDOW {
                first_pos.swap_remove(k);
                close(open.swap_remove(k), &mut chains);
            } else {
                k += 1;
            }
        }
        match classify(m, func, i, tbaa_kind) {
            Event::None => {}
            Event::Barrier => {
                first_pos.clear();
                for g in open.drain(..) {
                    close(g, &mut chains);
                }
            }
            Event::ReadAny => {
                let mut k = 0;
                while k < open.len() {
                    if open[k].store {
                        first_pos.swap_remove(k);
                        close(open.swap_remove(k), &mut chains);
                    } else {
                        k += 1;
                    }
                }
            }
            Event::Access { addr, space, size, store, joins, tbaa } => {
                let (lo, hi) = (addr.off, addr.off + size as i64);
                let mut own = None;
                let mut k = 0;
                while k < open.len() {
                    let g = &mut open[k];
                    let same_group =
                        joins == Some(g.ty) && g.store == store && g.space == space && g.shape == addr.shape;
                    if same_group {
                        // A store over an earlier member's bytes must stay after it: start afresh. A load joining
                        // a load group moves above the stores the group let pass: it must be disjoint from them.
                        let overlaps = store && g.members.iter().any(|mb| mb.off < hi && lo < mb.off + g.size as i64);
                        let passes = g.passed.iter().all(|&p| Tbaa::disjoint(p, tbaa));
                        if !overlaps && passes {
                            own = Some(k);
                            k += 1;
                            continue;
                        }
                    } else if !store && !g.store || disjoint_spaces(space, g.space) {
                        k += 1;
                        continue;
                    } else if g.shape == addr.shape && g.space == space {
                        g.clobbers.push((pos, lo, hi));
                        k += 1;
                        continue;
                    } else if !g.store && tbaa.is_some() {
                        // A store of another shape after a load group's members: they stay above it (the chain
                        // goes to the earliest member), and a later member joins only when the type-based tags
                        // prove it disjoint from the store (`passed`).
                        g.passed.push(tbaa);
                        k += 1;
                        continue;
                    } else if g.store && g.members.iter().all(|mb| Tbaa::disjoint(mb.tbaa, tbaa)) {
                        // An access of another shape that the type-based tags prove disjoint from every member
                        // of a store group: the members move down past it.
                        k += 1;
                        continue;
                    }
                    first_pos.swap_remove(k);
                    close(open.swap_remove(k), &mut chains);
                    if own == Some(open.len()) {
                        own = Some(k);
                    }
                }
                let Some(ty) = joins else {
                    continue;
                };
                let Some(mf_align) = access_align(func, i) else {
                    continue;
                };
                let align = mf_align.max(addr.align.min(lowbit(addr.off as i128, ALIGN_CAP)));
                let raisable =
                    addr.alloca.map_or(0, |(_, ta)| ta.min(MAX_BYTES).min(lowbit(addr.off as i128, ALIGN_CAP)));
                let member = Member { pos, inst: i, off: addr.off, align, raisable, tbaa };
                match own {
                    Some(k) => open[k].members.push(member),
                    None => {
                        if open.len() >= MAX_OPEN {
                            let oldest = (0..open.len()).min_by_key(|&k| first_pos[k]).unwrap_or(0);
                            first_pos.swap_remove(oldest);
                            close(open.swap_remove(oldest), &mut chains);
                        }
                        open.push(Group {
                            alloca: addr.alloca.map(|a| a.0),
                            shape: addr.shape,
                            space,
                            ty,
                            size,
                            store,
                            members: vec![member],
                            clobbers: Vec::new(),
                            passed: SmallVec::new(),
                        });
                        first_pos.push(pos);
                    }
                }
            }
        }
    }
    for g in open {
        close(g, &mut chains);
    }
    chains
}

/// The `align` written on a load or store (1 when absent: the pass only trusts what is proven).
fn access_align(func: &Function, i: Inst) -> Option<u64> {
    match &func.dfg.inst(i).kind {
        InstKind::Load(mf) | InstKind::Store(mf) => Some(mf.align.filter(|a| a.is_power_of_two()).unwrap_or(1)),
        _ => None,
    }
}

/// Drops the store chains one of whose stored values (a register, not a constant) is a lane of a store chain
/// twice: in two lanes of one chain (`{%f1, %f1}`) or in two chains. A vector store's lanes must sit in
/// consecutive registers, so ptxas copies such a value into each group it belongs to (HeCBench's
/// `upsample_forward_kernel2` stores one value to two adjacent slots: `st.v2 {%f1, %f1}` cost one SASS `MOV` more
/// than the two scalar stores, 60 against 59 instructions).
fn drop_shared_store_lanes(func: &Function, chains: &mut Vec<Chain>) {
    let mut lanes: rustc_hash::FxHashMap<Value, u32> = rustc_hash::FxHashMap::default();
    let stored = |mb: &Member| func.dfg.args(mb.inst)[0];
    for c in chains.iter().filter(|c| c.store) {
        for mb in &c.members {
            let v = stored(mb);
            if func.dfg.value_const(v).is_none() {
                *lanes.entry(v).or_default() += 1;
            }
        }
    }
    chains.retain(|c| !c.store || c.members.iter().all(|mb| lanes.get(&stored(mb)).is_none_or(|&n| n == 1)));
}

/// Rewrites one chain.
fn rewrite(m: &mut Module, f: FuncId, c: &Chain, pos_of: &SecondaryMap<Inst, u32>, dbg: Option<MdKind>) {
    let lanes = c.members.len() as u32;
    let vty = m.types.vector(c.ty, lanes);
    let i32t = m.types.int(32);
    let i8t = m.types.int(8);
    let i64t = m.types.int(64);
    let func = &mut m.funcs[f];
    let anchor =
        if c.store { c.members.iter().max_by_key(|mb| mb.pos) } else { c.members.iter().min_by_key(|mb| mb.pos) }
            .copied()
            .expect("a chain has members");
    let ptr_arg = |func: &Function, i: Inst| {
        let d = func.dfg.inst(i);
        if c.store {
            d.args[1]
        } else {
            d.args[0]
        }
    };
    let low = c.members[0];
    let low_ptr = ptr_arg(func, low.inst);
    let available = match func.dfg.value_inst(low_ptr) {
        Some(d) if func.layout.inst_block(d) == func.layout.inst_block(anchor.inst) => pos_of[d] < anchor.pos,
        _ => true,
    };
    // Metadata every member carries identically (`!invariant.load` keeps `ld.global.nc`), and the anchor's `!dbg`.
    let mut mds: Vec<(MdKind, MdId)> = func
        .dfg
        .inst_md(anchor.inst)
        .iter()
        .copied()
        .filter(|&(k, md)| Some(k) == dbg || c.members.iter().all(|mb| func.dfg.get_inst_md(mb.inst, k) == Some(md)))
        .collect();
    mds.dedup();
    let mut bld = Builder { func, types: &mut m.types, consts: &mut m.consts, at: InsertPoint::Before(anchor.inst) };
    let ptr = if available {
        low_ptr
    } else {
        let base = ptr_arg(bld.func, anchor.inst);
        let delta = bld.iconst(i64t, (low.off - anchor.off) as i128);
        bld.gep(i8t, base, &[delta], Flags::NONE)
    };
    let mem = MemFlags { align: Some(c.align), ..Default::default() };
    if c.store {
        let mut acc = bld.poison(vty);
        for (k, mb) in c.members.iter().enumerate() {
            let v = bld.func.dfg.args(mb.inst)[0];
            let idx = bld.iconst(i32t, k as i128);
            let ins = bld.insert(InstData::new(InstKind::InsertElement, &[acc, v, idx], vty));
            acc = bld.func.dfg.result(ins).expect("insertelement result");
        }
        let st = bld.insert(InstData::new(InstKind::Store(mem), &[acc, ptr], Type::VOID));
        for &(k, md) in &mds {
            bld.func.dfg.set_inst_md(st, k, md);
        }
        for mb in &c.members {
            bld.func.remove_inst(mb.inst);
        }
    } else {
        let ld = bld.insert(InstData::new(InstKind::Load(mem), &[ptr], vty));
        for &(k, md) in &mds {
            bld.func.dfg.set_inst_md(ld, k, md);
        }
        let vec = bld.func.dfg.result(ld).expect("load result");
        for (k, mb) in c.members.iter().enumerate() {
            let idx = bld.iconst(i32t, k as i128);
            let ex = bld.insert(InstData::new(InstKind::ExtractElement, &[vec, idx], c.ty));
            let new = bld.func.dfg.result(ex).expect("extractelement result");
            let old = bld.func.dfg.result(mb.inst).expect("load result");
            if let Some(name) = bld.func.dfg.value_name(old).map(str::to_string) {
                bld.func.dfg.set_value_name(old, None);
                bld.func.dfg.set_value_name(new, Some(&name));
            }
            bld.func.dfg.replace_all_uses(old, new);
        }
        for mb in &c.members {
            bld.func.remove_inst(mb.inst);
        }
    }
}

impl FunctionPass for LoadStoreVectorize {
    fn preserves(&self) -> Preserves {
        Preserves::Cfg
    }

    fn run_on_function(
        &mut self,
        m: &mut Module,
        f: FuncId,
        _analyses: &mut FunctionAnalyses,
        _knobs: &Knobs,
        _remarks: &mut Vec<String>,
    ) -> Result<bool, String> {
        let mut pos_of: SecondaryMap<Inst, u32> = SecondaryMap::new();
        let mut chains = Vec::new();
        {
            let func = &m.funcs[f];
            let blocks: Vec<Block> = func.layout.blocks().collect();
            for b in blocks {
                chains.extend(scan_block(m, func, b, &mut pos_of));
            }
            drop_shared_store_lanes(func, &mut chains);
        }
        if chains.is_empty() {
            return Ok(false);
        }
        let dbg = m.metadata.find_kind("dbg");
        for c in &chains {
            if let Some((a, bytes)) = c.raise {
                let abi = |m: &Module, t: Type| m.types.abi_align(t);
                let func = &m.funcs[f];
                if let InstKind::Alloca { elem_ty, align, .. } = &func.dfg.inst(a).kind {
                    let now = align.unwrap_or_else(|| abi(m, *elem_ty));
                    if now < bytes {
                        if let InstKind::Alloca { align, .. } = m.funcs[f].dfg.kind_mut(a) {
                            *align = Some(bytes);
                        }
                    }
                }
            }
        }
        for c in &chains {
            rewrite(m, f, c, &pos_of, dbg);
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::Pass;

    fn run(src: &str) -> (bool, Module) {
        let mut m = simtc_llvm_reader::parse_module(src).expect("parses");
        let changed = FunctionPassAdapter(LoadStoreVectorize).run(&mut m).expect("runs");
        simtc_ir::verifier::verify_module(&m).expect("verifies");
        (changed, m)
    }

    fn count(m: &Module, what: &str) -> usize {
        let f = m.funcs.keys().next().expect("a function");
        let func = &m.funcs[f];
        func.layout
            .blocks()
            .flat_map(|b| func.layout.block_insts(b))
            .filter(|&i| {
                let d = func.dfg.inst(i);
                match (&d.kind, what) {
                    (InstKind::Load(_), "vload") => m.types.is_vector(d.ty),
                    (InstKind::Load(_), "load") => !m.types.is_vector(d.ty),
                    (InstKind::Store(_), "vstore") => m.types.is_vector(func.dfg.value_ty(d.args[0])),
                    _ => false,
                }
            })
            .count()
    }

    /// A block of `n` adjacent pairs, each followed by a store through another pointer (which may alias, so it
    /// ends the group): `n` `.v2` loads, and the pass stays linear (a quadratic scan of 16k instructions
    /// would show in the test's time).
    #[test]
    fn many_pairs_in_one_block() {
        let n = 4096;
        let mut s = String::from("define void @f(ptr align 8 %p, ptr %q) {\n");
        for k in 0..n {
            let _ = std::fmt::Write::write_fmt(
                &mut s,
                format_args!(
                    "  %a{k} = getelementptr inbounds float, ptr %p, i64 {}\n  %x{k} = load float, ptr %a{k}, align 4\n\
                     %b{k} = getelementptr inbounds float, ptr %p, i64 {}\n  %y{k} = load float, ptr %b{k}, align 4\n\
                     %s{k} = fadd float %x{k}, %y{k}\n  store float %s{k}, ptr %q, align 4\n",
                    2 * k,
                    2 * k + 1
                ),
            );
        }
        s.push_str("  ret void\n}\n");
        let (changed, m) = run(&s);
        assert!(changed);
        assert_eq!(count(&m, "vload"), n);
        assert_eq!(count(&m, "load"), 0);
    }

    /// Offsets through `add nsw` under `sext`, but not through a plain `add` (it may wrap before the extension).
    #[test]
    fn sext_needs_nsw() {
        let src = "define void @f(ptr align 16 %p, ptr %o, i32 %i) {\n  %i4 = shl nsw i32 %i, 2\n\
                   %e0 = sext i32 %i4 to i64\n  %a0 = getelementptr float, ptr %p, i64 %e0\n\
                   %x = load float, ptr %a0, align 4\n  %i1 = add i32 %i4, 1\n  %e1 = sext i32 %i1 to i64\n\
                   %a1 = getelementptr float, ptr %p, i64 %e1\n  %y = load float, ptr %a1, align 4\n\
                   %s = fadd float %x, %y\n  store float %s, ptr %o, align 4\n  ret void\n}\n";
        let (changed, _) = run(src);
        assert!(!changed, "i4 + 1 may wrap in i32: not adjacent to i4 after sign extension");
        let (changed, m) = run(&src.replace("add i32 %i4, 1", "add nsw i32 %i4, 1"));
        assert!(changed);
        assert_eq!(count(&m, "vload"), 1);
    }

    /// Stores merge at the last store; an interleaved load of one of their bytes keeps them apart.
    #[test]
    fn stores_not_moved_past_a_load_of_their_bytes() {
        let src = "define void @f(ptr align 8 %p, ptr %o) {\n  store i32 1, ptr %p, align 8\n\
                   %v = load i32, ptr %p, align 4\n  %p1 = getelementptr i32, ptr %p, i64 1\n\
                   store i32 2, ptr %p1, align 4\n  store i32 %v, ptr %o, align 4\n  ret void\n}\n";
        let (changed, _) = run(src);
        assert!(!changed);
        let (changed, m) = run(&src.replace("%v = load i32, ptr %p, align 4", "%v = load i32, ptr %o, align 4"));
        // `%o` may alias `%p`: the load ends the store group as well.
        assert!(!changed, "{}", count(&m, "vstore"));
        let (changed, m) = run(&src.replace("%v = load i32, ptr %p, align 4", "%v = add i32 0, 7"));
        assert!(changed);
        assert_eq!(count(&m, "vstore"), 1);
    }

    /// A struct copied member by member (`dst[i] = src[i]`: load a, store a, load b, store b, clang's order): the
    /// struct-path TBAA tags of the `b` load (`S` at 4) and the `a` store (`S` at 0) prove them disjoint, so the
    /// `b` load moves above the `a` store (one `.v2` load) and the `a` store below the `b` load (one `.v2`
    /// store), as llc's vectorizer does. Without tags, or with tags of one member (`S` at 0 on both loads), the
    /// accesses stay scalar.
    #[test]
    fn tbaa_tags_of_distinct_members_let_accesses_pass() {
        let src = "define void @f(ptr align 8 %s, ptr align 8 %d) {\n\
                   %a = load i32, ptr %s, align 8, !tbaa !3\n  store i32 %a, ptr %d, align 8, !tbaa !3\n\
                   %s1 = getelementptr inbounds i8, ptr %s, i64 4\n  %b = load i32, ptr %s1, align 4, !tbaa !4\n\
                   %d1 = getelementptr inbounds i8, ptr %d, i64 4\n  store i32 %b, ptr %d1, align 4, !tbaa !4\n\
                   ret void\n}\n\
                   !0 = !{!\"Simple C++ TBAA\"}\n!1 = !{!\"omnipotent char\", !0, i64 0}\n\
                   !2 = !{!\"int\", !1, i64 0}\n!5 = !{!\"_ZTS1S\", !2, i64 0, !2, i64 4}\n\
                   !3 = !{!5, !2, i64 0}\n!4 = !{!5, !2, i64 4}\n";
        let (changed, m) = run(src);
        assert!(changed);
        assert_eq!((count(&m, "vload"), count(&m, "vstore"), count(&m, "load")), (1, 1, 0));
        // No tags on the accesses: the store through `%d` may alias `%s + 4`.
        let untagged = src.replace(", !tbaa !3", "").replace(", !tbaa !4", "");
        let (changed, _) = run(&untagged);
        assert!(!changed);
        // Both members tagged as `S` at 0: the tags prove nothing.
        let (changed, _) = run(&src.replace("!4 = !{!5, !2, i64 4}", "!4 = !{!5, !2, i64 0}"));
        assert!(!changed);
        // A scalar access tag (`int` as its own base) proves nothing either.
        let (changed, _) = run(&src.replace("!3 = !{!5, !2, i64 0}", "!3 = !{!2, !2, i64 0}"));
        assert!(!changed);
    }
}
