//! Verifier unit tests: construction helpers, valid IR, block structure, phis and dominance; the other checks are
//! tested in the submodules.

mod module;
mod operands;

use super::*;
use crate::apint::ApInt;
use crate::builder::Builder;
use crate::inst::{CallAttrs, CallConv, CallData, Flags, FloatPredicate, IntPredicate, SyncScope, TailKind};
use crate::module::{GlobalId, GlobalVar};
use smallvec::smallvec;

// ----- construction helpers -----

pub(super) fn add_fn(m: &mut Module, name: &str, ret: Type, params: &[Type]) -> FuncId {
    let ty = m.types.func(ret, params.to_vec(), false);
    m.add_func(Function::new(name, ty, params))
}
pub(super) fn bld(m: &mut Module, f: FuncId, b: Block) -> Builder<'_> {
    Builder::at_end(&mut m.funcs[f], &mut m.types, &mut m.consts, b)
}
pub(super) fn blk(m: &mut Module, f: FuncId, name: &str) -> Block {
    m.funcs[f].append_block(Some(name))
}
pub(super) fn param(m: &Module, f: FuncId, k: usize) -> Value {
    m.funcs[f].params[k]
}
pub(super) fn set_name(m: &mut Module, f: FuncId, v: Value, n: &str) {
    m.funcs[f].dfg.set_value_name(v, Some(n));
}
/// Appends an arbitrary instruction to `b`; returns it and its result.
pub(super) fn raw(
    m: &mut Module,
    f: FuncId,
    b: Block,
    kind: InstKind,
    args: &[Value],
    ty: Type,
) -> (Inst, Option<Value>) {
    let func = &mut m.funcs[f];
    let i = func.dfg.make_inst(InstData::new(kind, args, ty), Type::VOID);
    func.layout.append_inst(i, b);
    (i, func.dfg.result(i))
}
pub(super) fn iconst(m: &mut Module, f: FuncId, ty: Type, v: i128) -> Value {
    let w = m.types.int_width(ty).unwrap();
    let c = m.consts.intern(ConstData::Int(ty, ApInt::from_i128(w, v)));
    m.funcs[f].dfg.const_value(c, ty)
}
pub(super) fn cval(m: &mut Module, f: FuncId, d: ConstData) -> Value {
    let ty = d.ty();
    let c = m.consts.intern(d);
    m.funcs[f].dfg.const_value(c, ty)
}
pub(super) fn func_addr(m: &mut Module, f: FuncId, callee: FuncId) -> Value {
    cval(m, f, ConstData::Global(Type::PTR, GlobalRef::Func(callee)))
}

pub(super) fn dump(es: &[VerifierError]) -> String {
    es.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n")
}
#[track_caller]
pub(super) fn assert_ok(m: &Module) {
    if let Err(es) = verify_module(m) {
        panic!("unexpected verifier errors:\n{}", dump(&es));
    }
}
/// Asserts that verification fails with an error whose message contains `needle`; returns that error.
#[track_caller]
pub(super) fn expect_err(m: &Module, needle: &str) -> VerifierError {
    let es = verify_module(m).expect_err("expected the verifier to fail");
    es.iter()
        .find(|e| e.message.contains(needle))
        .cloned()
        .unwrap_or_else(|| panic!("no error containing {needle:?}; got:\n{}", dump(&es)))
}
#[track_caller]
pub(super) fn expect_err_at(m: &Module, needle: &str, func: &str, block: &str) -> VerifierError {
    let e = expect_err(m, needle);
    assert_eq!(e.func.as_deref(), Some(func), "{e}");
    assert_eq!(e.block.as_deref(), Some(block), "{e}");
    e
}

/// A valid diamond:
/// ```text
/// define i32 @f(i32 %a, i32 %b) {
/// entry: %c = icmp slt i32 %a, %b ; br i1 %c, label %then, label %else
/// then:  %x = add i32 %a, 1       ; br label %join
/// else:  %y = mul i32 %b, 2       ; br label %join
/// join:  %p = phi i32 [%x, %then], [%y, %else] ; ret i32 %p
/// }
/// ```
pub(super) struct Diamond {
    f: FuncId,
    entry: Block,
    then: Block,
    els: Block,
    join: Block,
    a: Value,
    x: Value,
    y: Value,
    phi: Inst,
}

/// Computes a phi's incoming entries from the diamond's blocks and values.
pub(super) type PhiEntries<'a> = &'a dyn Fn(&Diamond) -> Vec<(Value, Block)>;

/// Builds the diamond; the phi gets the given incoming entries (`None`: the valid ones).
pub(super) fn diamond_with(m: &mut Module, phi_entries: Option<PhiEntries<'_>>) -> Diamond {
    let f = add_fn(m, "f", Type::I32, &[Type::I32, Type::I32]);
    let (a, b) = (param(m, f, 0), param(m, f, 1));
    set_name(m, f, a, "a");
    set_name(m, f, b, "b");
    let entry = blk(m, f, "entry");
    let then = blk(m, f, "then");
    let els = blk(m, f, "else");
    let join = blk(m, f, "join");
    let c = bld(m, f, entry).icmp(IntPredicate::Slt, a, b);
    set_name(m, f, c, "c");
    bld(m, f, entry).cond_br(c, then, els);
    let one = iconst(m, f, Type::I32, 1);
    let x = bld(m, f, then).binary(BinaryOp::Add, a, one);
    set_name(m, f, x, "x");
    bld(m, f, then).br(join);
    let two = iconst(m, f, Type::I32, 2);
    let y = bld(m, f, els).binary(BinaryOp::Mul, b, two);
    set_name(m, f, y, "y");
    bld(m, f, els).br(join);
    let (phi, p) = bld(m, f, join).phi(Type::I32);
    set_name(m, f, p, "p");
    bld(m, f, join).ret(Some(p));
    let d = Diamond { f, entry, then, els, join, a, x, y, phi };
    let entries = match phi_entries {
        Some(g) => g(&d),
        None => vec![(x, then), (y, els)],
    };
    for (v, blk) in entries {
        m.funcs[f].dfg.phi_add_incoming(phi, v, blk);
    }
    d
}
pub(super) fn diamond(m: &mut Module) -> Diamond {
    diamond_with(m, None)
}

/// `define void @f(<params>) { entry: ... }` with the given body builder, then `ret void`.
pub(super) fn void_fn(m: &mut Module, params: &[Type], body: impl FnOnce(&mut Module, FuncId, Block)) -> FuncId {
    let f = add_fn(m, "f", Type::VOID, params);
    let entry = blk(m, f, "entry");
    body(m, f, entry);
    bld(m, f, entry).ret(None);
    f
}

// ----- valid IR -----

#[test]
pub(super) fn valid_diamond_passes() {
    let mut m = Module::new();
    let d = diamond(&mut m);
    assert_ok(&m);
    assert_eq!(verify_function(&m, d.f), Ok(()));
}

#[test]
pub(super) fn valid_loop_and_declarations_pass() {
    let mut m = Module::new();
    let decl = add_fn(&mut m, "ext", Type::I32, &[Type::I32]);
    let f = add_fn(&mut m, "loop", Type::I32, &[Type::I32]);
    let n = param(&m, f, 0);
    let entry = blk(&mut m, f, "entry");
    let head = blk(&mut m, f, "head");
    let body = blk(&mut m, f, "body");
    let exit = blk(&mut m, f, "exit");
    bld(&mut m, f, entry).br(head);
    let zero = iconst(&mut m, f, Type::I32, 0);
    let one = iconst(&mut m, f, Type::I32, 1);
    let (phi, i) = bld(&mut m, f, head).phi(Type::I32);
    let cond = bld(&mut m, f, head).icmp(IntPredicate::Slt, i, n);
    bld(&mut m, f, head).cond_br(cond, body, exit);
    let callee = func_addr(&mut m, f, decl);
    let fn_ty = m.funcs[decl].ty;
    let (_, r) = bld(&mut m, f, body).call(fn_ty, callee, &[i]);
    let next = bld(&mut m, f, body).binary(BinaryOp::Add, r.unwrap(), one);
    bld(&mut m, f, body).br(head);
    bld(&mut m, f, exit).ret(Some(i));
    m.funcs[f].dfg.phi_add_incoming(phi, zero, entry);
    m.funcs[f].dfg.phi_add_incoming(phi, next, body);
    assert_ok(&m);
}

#[test]
pub(super) fn valid_memory_vector_and_aggregate_ops_pass() {
    let mut m = Module::new();
    let st = m.types.struct_(vec![Type::I32, Type::FLOAT], false);
    let arr = m.types.array(st, 4);
    let v4 = m.types.vector(Type::FLOAT, 4);
    let v8 = m.types.vector(Type::FLOAT, 8);
    let p1 = m.types.ptr(1);
    let pair = m.types.struct_(vec![Type::I32, Type::I1], false);
    void_fn(&mut m, &[p1, v4, Type::I64], |m, f, e| {
        let (p, v, n) = (param(m, f, 0), param(m, f, 1), param(m, f, 2));
        let zero = iconst(m, f, Type::I64, 0);
        let one32 = iconst(m, f, Type::I32, 1);
        let g = bld(m, f, e).gep(arr, p, &[zero, n, one32], Flags::INBOUNDS);
        let x = bld(m, f, e).load(Type::FLOAT, g, Some(4));
        bld(m, f, e).store(x, g, Some(4));
        let idx = iconst(m, f, Type::I32, 2);
        let (_, el) = raw(m, f, e, InstKind::ExtractElement, &[v, idx], Type::FLOAT);
        let (_, v2) = raw(m, f, e, InstKind::InsertElement, &[v, el.unwrap(), idx], v4);
        let sh = InstKind::ShuffleVector { mask: vec![0, 1, 2, 3, 4, 5, 6, -1] };
        raw(m, f, e, sh, &[v, v2.unwrap()], v8);
        let und = bld(m, f, e).undef(st);
        let (_, agg) = raw(m, f, e, InstKind::InsertValue { indices: smallvec![1] }, &[und, x], st);
        raw(m, f, e, InstKind::ExtractValue { indices: smallvec![1] }, &[agg.unwrap()], Type::FLOAT);
        let alloca = InstKind::Alloca { elem_ty: arr, explicit_count: false, align: Some(8), addrspace: 5 };
        let p5 = m.types.ptr(5);
        raw(m, f, e, alloca, &[], p5);
        let c32 = iconst(m, f, Type::I32, 7);
        let gi = bld(m, f, e).cast(CastOp::AddrSpaceCast, g, Type::PTR);
        let mem = MemFlags { ordering: Some(AtomicOrdering::Monotonic), ..Default::default() };
        raw(m, f, e, InstKind::AtomicRmw(AtomicRmwOp::Add, mem.clone()), &[gi, c32], Type::I32);
        let cx = InstKind::CmpXchg { mem, failure: AtomicOrdering::Monotonic, weak: false };
        raw(m, f, e, cx, &[gi, c32, c32], pair);
        let fence = MemFlags {
            ordering: Some(AtomicOrdering::SeqCst),
            scope: SyncScope::Named("block".into()),
            ..Default::default()
        };
        raw(m, f, e, InstKind::Fence(fence), &[], Type::VOID);
        let t = bld(m, f, e).cast(CastOp::Trunc, n, Type::I16);
        let z = bld(m, f, e).cast(CastOp::ZExt, t, Type::I32);
        let fl = bld(m, f, e).cast(CastOp::BitCast, z, Type::FLOAT);
        let d = bld(m, f, e).cast(CastOp::FPExt, fl, Type::DOUBLE);
        bld(m, f, e).cast(CastOp::FPToSI, d, Type::I64);
        let pi = bld(m, f, e).cast(CastOp::PtrToInt, p, Type::I64);
        bld(m, f, e).cast(CastOp::IntToPtr, pi, Type::PTR);
        let vi = m.types.vector(Type::I32, 4);
        let bv = bld(m, f, e).cast(CastOp::BitCast, v, vi);
        let vc = bld(m, f, e).icmp(IntPredicate::Eq, bv, bv);
        bld(m, f, e).select(vc, v, v);
        let fc = bld(m, f, e).fcmp(FloatPredicate::Olt, x, x);
        bld(m, f, e).select(fc, v, v);
        raw(m, f, e, InstKind::FNeg, &[x], Type::FLOAT);
        raw(m, f, e, InstKind::Freeze, &[x], Type::FLOAT);
    });
    assert_ok(&m);
}

// ----- block structure -----

#[test]
pub(super) fn missing_terminator_is_reported_with_location() {
    let mut m = Module::new();
    let f = add_fn(&mut m, "f", Type::VOID, &[Type::I32]);
    let a = param(&m, f, 0);
    set_name(&mut m, f, a, "a");
    let e = blk(&mut m, f, "entry");
    let x = bld(&mut m, f, e).binary(BinaryOp::Add, a, a);
    set_name(&mut m, f, x, "x");
    let err = expect_err_at(&m, "block does not end with a terminator", "f", "entry");
    assert_eq!(err.inst.as_deref(), Some("%x = add %a, %a"));
    assert_eq!(
        err.to_string(),
        "in function @f, block %entry, instruction `%x = add %a, %a`: block does not end with a terminator"
    );
    // Empty blocks too.
    let b2 = blk(&mut m, f, "empty");
    bld(&mut m, f, e).br(b2);
    expect_err_at(&m, "block does not end with a terminator (the block is empty)", "f", "empty");
}

#[test]
pub(super) fn terminator_in_middle_is_reported() {
    let mut m = Module::new();
    void_fn(&mut m, &[], |m, f, e| {
        bld(m, f, e).ret(None);
    });
    let e = expect_err_at(&m, "terminator found in the middle of a block", "f", "entry");
    assert_eq!(e.inst.as_deref(), Some("ret"));
}

#[test]
pub(super) fn phi_after_non_phi_is_reported() {
    let mut m = Module::new();
    let d = diamond(&mut m);
    // Move the phi below a new instruction at the top of the join block.
    let one = iconst(&mut m, d.f, Type::I32, 1);
    let func = &mut m.funcs[d.f];
    let i = func.dfg.make_inst(InstData::new(InstKind::Binary(BinaryOp::Add), &[one, one], Type::I32), Type::VOID);
    func.layout.insert_inst_before(i, d.phi);
    expect_err_at(&m, "phi nodes must be grouped at the top of their block", "f", "join");
}

#[test]
pub(super) fn entry_block_with_predecessor_is_reported() {
    let mut m = Module::new();
    let f = add_fn(&mut m, "f", Type::VOID, &[]);
    let e = blk(&mut m, f, "entry");
    let b = blk(&mut m, f, "back");
    bld(&mut m, f, e).br(b);
    bld(&mut m, f, b).br(e);
    expect_err_at(&m, "entry block %entry must not have predecessors", "f", "back");
}

#[test]
pub(super) fn branch_to_block_outside_layout_is_reported() {
    let mut m = Module::new();
    let f = add_fn(&mut m, "f", Type::VOID, &[]);
    let e = blk(&mut m, f, "entry");
    let detached = m.funcs[f].dfg.make_block(Some("detached"));
    bld(&mut m, f, e).br(detached);
    expect_err_at(&m, "branch target %detached is not a block of this function", "f", "entry");
    // A nonexistent block id as well.
    let mut m = Module::new();
    let f = add_fn(&mut m, "f", Type::VOID, &[]);
    let e = blk(&mut m, f, "entry");
    bld(&mut m, f, e).br(Block::new(77));
    expect_err(&m, "branch target %bb77 is not a block of this function");
}

// ----- phis -----

#[test]
pub(super) fn phi_missing_predecessor_is_reported() {
    let mut m = Module::new();
    diamond_with(&mut m, Some(&|d: &Diamond| vec![(d.x, d.then)]));
    let e = expect_err_at(&m, "phi node entries do not match predecessors: no entry for %else", "f", "join");
    assert_eq!(e.inst.as_deref(), Some("%p = phi [%x, %then]"));
}

#[test]
pub(super) fn phi_entry_from_non_predecessor_is_reported() {
    let mut m = Module::new();
    diamond_with(&mut m, Some(&|d: &Diamond| vec![(d.x, d.then), (d.y, d.els), (d.a, d.entry)]));
    expect_err_at(&m, "phi node entries do not match predecessors: %entry is not a predecessor", "f", "join");
}

#[test]
pub(super) fn phi_duplicate_entries_need_equal_values() {
    // entry: switch i32 %a, label %other [0, label %join; 1, label %join] -- %entry is a predecessor of %join
    // twice, so the phi may list it once, or twice with the same value.
    let build = |second_same: bool, single: bool| {
        let mut m = Module::new();
        let f = add_fn(&mut m, "f", Type::I32, &[Type::I32]);
        let a = param(&m, f, 0);
        let e = blk(&mut m, f, "entry");
        let join = blk(&mut m, f, "join");
        let other = blk(&mut m, f, "other");
        let c0 = m.consts.int(Type::I32, 32, 0);
        let c1 = m.consts.int(Type::I32, 32, 1);
        let sw = InstKind::Switch { default: other, cases: vec![(c0, join), (c1, join)] };
        raw(&mut m, f, e, sw, &[a], Type::VOID);
        bld(&mut m, f, other).br(join);
        let (phi, p) = bld(&mut m, f, join).phi(Type::I32);
        bld(&mut m, f, join).ret(Some(p));
        let five = iconst(&mut m, f, Type::I32, 5);
        let six = iconst(&mut m, f, Type::I32, 6);
        let dfg = &mut m.funcs[f].dfg;
        dfg.phi_add_incoming(phi, five, e);
        if !single {
            dfg.phi_add_incoming(phi, if second_same { five } else { six }, e);
        }
        dfg.phi_add_incoming(phi, a, other);
        m
    };
    assert_ok(&build(true, false));
    assert_ok(&build(true, true));
    let m = build(false, false);
    expect_err_at(&m, "phi node has multiple entries for block %entry with different values", "f", "join");
}

#[test]
pub(super) fn phi_with_no_entries_is_reported() {
    let mut m = Module::new();
    let f = add_fn(&mut m, "f", Type::I32, &[]);
    let e = blk(&mut m, f, "entry");
    let (_, p) = bld(&mut m, f, e).phi(Type::I32);
    bld(&mut m, f, e).ret(Some(p));
    expect_err_at(&m, "phi node must have at least one entry", "f", "entry");
}

#[test]
pub(super) fn phi_incoming_type_mismatch_is_reported() {
    let mut m = Module::new();
    let f = add_fn(&mut m, "f", Type::I32, &[]);
    let e = blk(&mut m, f, "entry");
    let j = blk(&mut m, f, "j");
    bld(&mut m, f, e).br(j);
    let (phi, p) = bld(&mut m, f, j).phi(Type::I32);
    bld(&mut m, f, j).ret(Some(p));
    let c = iconst(&mut m, f, Type::I64, 1);
    m.funcs[f].dfg.phi_add_incoming(phi, c, e);
    expect_err_at(&m, "phi incoming value 0 has type i64 but the phi has type i32", "f", "j");
}

// ----- dominance -----

#[test]
pub(super) fn use_before_def_in_same_block_is_reported() {
    let mut m = Module::new();
    let f = add_fn(&mut m, "f", Type::VOID, &[Type::I32]);
    let a = param(&m, f, 0);
    let e = blk(&mut m, f, "entry");
    // %x = add %a, %a placed before the instruction defining its operand.
    let y_inst =
        m.funcs[f].dfg.make_inst(InstData::new(InstKind::Binary(BinaryOp::Add), &[a, a], Type::I32), Type::VOID);
    let y = m.funcs[f].dfg.result(y_inst).unwrap();
    set_name(&mut m, f, y, "y");
    let x = bld(&mut m, f, e).binary(BinaryOp::Add, y, a);
    set_name(&mut m, f, x, "x");
    m.funcs[f].layout.append_inst(y_inst, e);
    bld(&mut m, f, e).ret(None);
    let err = expect_err_at(&m, "instruction does not dominate all uses", "f", "entry");
    assert!(err.message.contains("%y (defined later in the same block)"), "{err}");
    assert_eq!(err.inst.as_deref(), Some("%x = add %y, %v0"));
}

#[test]
pub(super) fn use_in_non_dominated_block_is_reported() {
    let mut m = Module::new();
    let d = diamond(&mut m);
    // ret %x in join instead of %p: %then does not dominate %join.
    let ret = m.funcs[d.f].layout.last_inst(d.join).unwrap();
    m.funcs[d.f].dfg.set_arg(ret, 0, d.x);
    let e = expect_err_at(&m, "instruction does not dominate all uses", "f", "join");
    assert!(e.message.contains("%x (defined in block %then)"), "{e}");
}

#[test]
pub(super) fn phi_use_must_dominate_incoming_block_end() {
    let mut m = Module::new();
    // Swapped values: %y (from %else) flows in from %then and vice versa.
    diamond_with(&mut m, Some(&|d: &Diamond| vec![(d.y, d.then), (d.x, d.els)]));
    let es = verify_module(&m).unwrap_err();
    assert_eq!(es.len(), 2, "{}", dump(&es));
    assert!(es.iter().all(|e| e.message.contains("does not dominate the end of incoming block")), "{}", dump(&es));
}

#[test]
pub(super) fn unreachable_blocks_skip_dominance_but_not_existence() {
    let mut m = Module::new();
    let f = add_fn(&mut m, "f", Type::VOID, &[Type::I32]);
    let a = param(&m, f, 0);
    let e = blk(&mut m, f, "entry");
    bld(&mut m, f, e).ret(None);
    let dead = blk(&mut m, f, "dead");
    // Use before def, in an unreachable block: allowed.
    let w_inst =
        m.funcs[f].dfg.make_inst(InstData::new(InstKind::Binary(BinaryOp::Add), &[a, a], Type::I32), Type::VOID);
    let w = m.funcs[f].dfg.result(w_inst).unwrap();
    bld(&mut m, f, dead).binary(BinaryOp::Add, w, a);
    m.funcs[f].layout.append_inst(w_inst, dead);
    bld(&mut m, f, dead).br(dead);
    assert_ok(&m);

    // A self-reference is still an error there.
    let (self_use, _) = raw(&mut m, f, dead, InstKind::Binary(BinaryOp::Add), &[a, a], Type::I32);
    let r = m.funcs[f].dfg.result(self_use).unwrap();
    m.funcs[f].dfg.set_arg(self_use, 0, r);
    m.funcs[f].layout.remove_inst(self_use);
    m.funcs[f].layout.insert_inst_before(self_use, w_inst);
    expect_err_at(&m, "only phi nodes may use their own result", "f", "dead");
}

#[test]
pub(super) fn def_in_unreachable_block_used_in_reachable_block_is_reported() {
    let mut m = Module::new();
    let f = add_fn(&mut m, "f", Type::I32, &[Type::I32]);
    let a = param(&m, f, 0);
    let e = blk(&mut m, f, "entry");
    let dead = blk(&mut m, f, "dead");
    let w = bld(&mut m, f, dead).binary(BinaryOp::Add, a, a);
    bld(&mut m, f, dead).unreachable();
    bld(&mut m, f, e).ret(Some(w));
    expect_err_at(&m, "instruction does not dominate all uses", "f", "entry");
}

#[test]
pub(super) fn loop_and_irreducible_dominance() {
    // entry -> head; head -> body | exit; body -> head. %h (head) dominates exit; %v (body) does not.
    let build = |use_body_value: bool| {
        let mut m = Module::new();
        let f = add_fn(&mut m, "f", Type::I32, &[Type::I32, Type::I1]);
        let (a, c) = (param(&m, f, 0), param(&m, f, 1));
        let e = blk(&mut m, f, "entry");
        let head = blk(&mut m, f, "head");
        let body = blk(&mut m, f, "body");
        let exit = blk(&mut m, f, "exit");
        bld(&mut m, f, e).br(head);
        let h = bld(&mut m, f, head).binary(BinaryOp::Add, a, a);
        bld(&mut m, f, head).cond_br(c, body, exit);
        let v = bld(&mut m, f, body).binary(BinaryOp::Add, h, a);
        bld(&mut m, f, body).br(head);
        bld(&mut m, f, exit).ret(Some(if use_body_value { v } else { h }));
        m
    };
    assert_ok(&build(false));
    expect_err_at(&build(true), "instruction does not dominate all uses", "f", "exit");

    // Irreducible: entry -> a | b; a -> b; b -> a. Neither %a nor %b dominates the other.
    let mut m = Module::new();
    let f = add_fn(&mut m, "f", Type::VOID, &[Type::I32, Type::I1]);
    let (x, c) = (param(&m, f, 0), param(&m, f, 1));
    let e = blk(&mut m, f, "entry");
    let ba = blk(&mut m, f, "a");
    let bb = blk(&mut m, f, "b");
    bld(&mut m, f, e).cond_br(c, ba, bb);
    let va = bld(&mut m, f, ba).binary(BinaryOp::Add, x, x);
    bld(&mut m, f, ba).br(bb);
    bld(&mut m, f, bb).binary(BinaryOp::Add, va, x);
    bld(&mut m, f, bb).br(ba);
    expect_err_at(&m, "instruction does not dominate all uses", "f", "b");
}
