//! Tests of signature, metadata, module-level checks, reporting and scaling.

use super::*;

// ----- signature -----

#[test]
fn signature_mismatches_are_reported() {
    let mut m = Module::new();
    let ty = m.types.func(Type::VOID, vec![Type::I32, Type::I64], false);
    let f = m.add_func(Function::new("f", ty, &[Type::I32, Type::I32]));
    let e = blk(&mut m, f, "entry");
    bld(&mut m, f, e).ret(None);
    let err = expect_err(&m, "parameter 1 (%v1) has type i32 but the function type says i64");
    assert_eq!(err.func.as_deref(), Some("f"));
    assert_eq!(err.block, None);

    let mut m = Module::new();
    let ty = m.types.func(Type::VOID, vec![Type::I32], false);
    m.add_func(Function::new("g", ty, &[]));
    let err = expect_err(&m, "function has 0 parameter values but its type void (i32) has 1 parameters");
    assert_eq!(err.to_string(), format!("in function @g: {}", err.message));

    let mut m = Module::new();
    let f = add_fn(&mut m, "decl", Type::VOID, &[]);
    m.funcs[f].linkage = Linkage::Internal;
    expect_err(&m, "a function declaration (no blocks) must have external or extern_weak linkage, not internal");
}

// ----- metadata -----

#[test]
fn metadata_attachments_and_references_are_checked() {
    let mut m = Module::new();
    let loc = m.metadata.push(MdNode::Special {
        distinct: false,
        kind: "DILocation".into(),
        fields: vec![(Some("line".into()), MdField::Raw("3".into()))],
    });
    let tuple = m.metadata.push(MdNode::Tuple { distinct: false, ops: vec![MdOperand::Node(loc)] });
    let sp = m.metadata.push(MdNode::Special { distinct: true, kind: "DISubprogram".into(), fields: vec![] });
    let tbaa = m.metadata.kind("tbaa");
    let f = void_fn(&mut m, &[Type::I32], |m, f, e| {
        let a = param(m, f, 0);
        let (i, _) = raw(m, f, e, InstKind::Binary(BinaryOp::Add), &[a, a], Type::I32);
        m.funcs[f].dfg.set_inst_md(i, MetadataTable::dbg_kind(), loc);
        m.funcs[f].dfg.set_inst_md(i, tbaa, tuple);
    });
    m.funcs[f].md.push((MetadataTable::dbg_kind(), sp));
    m.metadata.named.push(("llvm.ident".into(), vec![tuple]));
    assert_ok(&m);

    // A !dbg attachment that is not a DILocation.
    let first = m.funcs[f].layout.first_inst(m.funcs[f].entry().unwrap()).unwrap();
    m.funcs[f].dfg.set_inst_md(first, MetadataTable::dbg_kind(), tuple);
    expect_err_at(&m, "!dbg attachment !1 must be a DILocation node", "f", "entry");
    m.funcs[f].dfg.set_inst_md(first, MetadataTable::dbg_kind(), loc);
    // Dangling references everywhere.
    m.funcs[f].dfg.set_inst_md(first, tbaa, MdId::new(40));
    m.funcs[f].md[0].1 = tuple;
    m.metadata.push(MdNode::Tuple { distinct: false, ops: vec![MdOperand::Node(MdId::new(41))] });
    m.metadata.named.push(("bad".into(), vec![MdId::new(42)]));
    let es = verify_module(&m).unwrap_err();
    expect_err_at(&m, "metadata attachment references nonexistent node !40", "f", "entry");
    expect_err(&m, "!dbg attachment !1 must be a DISubprogram node");
    expect_err(&m, "metadata node !3: references nonexistent metadata node !41");
    expect_err(&m, "named metadata !bad references nonexistent metadata node !42");
    assert_eq!(es.len(), 4, "{}", dump(&es));
}

// ----- module level -----

fn add_global(m: &mut Module, name: &str, ty: Type, init: Option<ConstId>) -> GlobalId {
    let mut g = GlobalVar::new(name, ty, 1);
    g.init = init;
    m.add_global(g)
}

#[test]
fn module_names_must_be_unique() {
    let mut m = Module::new();
    add_global(&mut m, "g", Type::I32, None);
    add_global(&mut m, "g", Type::I32, None);
    add_fn(&mut m, "f", Type::VOID, &[]);
    add_fn(&mut m, "f", Type::VOID, &[]);
    add_fn(&mut m, "g", Type::VOID, &[]);
    let e = expect_err(&m, "duplicate global variable name @g");
    assert_eq!((e.func, e.block, e.inst), (None, None, None));
    expect_err(&m, "duplicate function name @f");
    expect_err(&m, "function name @g conflicts with a global variable");
}

#[test]
fn global_initializers_and_constants_are_checked() {
    let mut m = Module::new();
    let arr = m.types.array(Type::I32, 2);
    let one = m.consts.int(Type::I32, 32, 1);
    let big = m.consts.int(Type::I64, 64, 1);
    let good = m.consts.intern(ConstData::Array(arr, vec![one, one]));
    add_global(&mut m, "ok", arr, Some(good));
    let zero64 = m.consts.intern(ConstData::Zero(Type::I64));
    add_global(&mut m, "mismatch", Type::I32, Some(zero64));
    let bad_elem = m.consts.intern(ConstData::Array(arr, vec![one, big]));
    add_global(&mut m, "bad_elem", arr, Some(bad_elem));
    let short = m.consts.intern(ConstData::Array(arr, vec![one]));
    add_global(&mut m, "short", arr, Some(short));
    let bytes_ty = m.types.array(Type::I8, 3);
    let bytes = m.consts.intern(ConstData::Bytes(bytes_ty, b"ab".to_vec()));
    add_global(&mut m, "bytes", bytes_ty, Some(bytes));
    let mut g = GlobalVar::new("internal_decl", Type::I32, 0);
    g.linkage = Linkage::Internal;
    m.add_global(g);
    expect_err(&m, "global @mismatch: initializer type i64 does not match the global's value type i32");
    expect_err(&m, "global @bad_elem: invalid initializer: element 1 has type i64 but the aggregate expects i32");
    expect_err(&m, "global @short: invalid initializer: array constant has 1 elements but its type [2 x i32] has 2");
    expect_err(&m, "global @bytes: invalid initializer: byte string has 2 bytes but its type is [3 x i8]");
    expect_err(&m, "global @internal_decl: a global without an initializer must have external or extern_weak");
    assert_eq!(verify_module(&m).unwrap_err().len(), 5);
}

#[test]
fn global_references_and_constant_expressions_are_checked() {
    let mut m = Module::new();
    let p1 = m.types.ptr(1);
    let target = add_global(&mut m, "target", Type::I32, None);
    let addr = m.consts.intern(ConstData::Global(p1, GlobalRef::Var(target)));
    add_global(&mut m, "ptr_to_target", p1, Some(addr));
    let as_int = m.consts.intern(ConstData::Expr {
        ty: Type::I64,
        op: ConstExprOp::Cast(CastOp::PtrToInt),
        operands: vec![addr],
    });
    add_global(&mut m, "as_int", Type::I64, Some(as_int));
    let st = m.types.struct_(vec![Type::I32, Type::I32], false);
    let c0 = m.consts.int(Type::I32, 32, 0);
    let c1 = m.consts.int(Type::I32, 32, 1);
    let gep = m.consts.intern(ConstData::Expr {
        ty: p1,
        op: ConstExprOp::Gep { source_ty: st, flags: Flags::INBOUNDS, inrange: None },
        operands: vec![addr, c0, c1],
    });
    add_global(&mut m, "field", p1, Some(gep));
    assert_ok(&m);

    // Wrong address space for the global's address, a bad cast expression, a removed global.
    let wrong_as = m.consts.intern(ConstData::Global(Type::PTR, GlobalRef::Var(target)));
    add_global(&mut m, "wrong_as", Type::PTR, Some(wrong_as));
    let bad_cast =
        m.consts.intern(ConstData::Expr { ty: Type::I32, op: ConstExprOp::Cast(CastOp::ZExt), operands: vec![as_int] });
    add_global(&mut m, "bad_cast", Type::I32, Some(bad_cast));
    let gone = add_global(&mut m, "gone", Type::I32, None);
    m.global_order.retain(|&g| g != gone);
    let dangling = m.consts.intern(ConstData::Global(p1, GlobalRef::Var(gone)));
    add_global(&mut m, "dangling", p1, Some(dangling));
    expect_err(
        &m,
        "global @wrong_as: invalid initializer: address of @target has type ptr but @target is in address space 1",
    );
    expect_err(&m, "global @bad_cast: invalid initializer: invalid constant expression: zext result must be wider");
    expect_err(&m, "global @dangling: invalid initializer: global address refers to removed global @gone");
    assert_eq!(verify_module(&m).unwrap_err().len(), 3);
}

#[test]
fn bad_constant_operands_are_reported_in_functions() {
    let mut m = Module::new();
    void_fn(&mut m, &[], |m, f, e| {
        let arr = m.types.array(Type::I32, 2);
        let one = m.consts.int(Type::I32, 32, 1);
        let bad = cval(m, f, ConstData::Array(arr, vec![one]));
        raw(m, f, e, InstKind::Freeze, &[bad], arr);
    });
    expect_err_at(&m, "invalid constant operand 0: array constant has 1 elements", "f", "entry");
}

// ----- reporting -----

#[test]
fn errors_are_capped() {
    let mut m = Module::new();
    void_fn(&mut m, &[Type::I32, Type::I64], |m, f, e| {
        let (a, b) = (param(m, f, 0), param(m, f, 1));
        for _ in 0..300 {
            bld(m, f, e).binary(BinaryOp::Add, a, b);
        }
    });
    let es = verify_module(&m).unwrap_err();
    assert_eq!(es.len(), MAX_ERRORS);
    assert!(es.iter().all(|e| e.message.starts_with("operand types do not match")));
}

#[test]
fn verify_function_checks_only_that_function() {
    let mut m = Module::new();
    let d = diamond(&mut m);
    let g = add_fn(&mut m, "g", Type::VOID, &[]);
    let e = blk(&mut m, g, "entry");
    bld(&mut m, g, e).unreachable();
    bld(&mut m, g, e).unreachable();
    assert_eq!(verify_function(&m, d.f), Ok(()));
    let es = verify_function(&m, g).unwrap_err();
    assert_eq!(es.len(), 1);
    assert_eq!(
        es[0].to_string(),
        "in function @g, block %entry, instruction `unreachable`: terminator found in the middle of a block"
    );
    let es = verify_function(&m, FuncId::new(99)).unwrap_err();
    assert!(es[0].message.contains("does not exist"));
}

#[test]
fn display_without_location_is_the_message() {
    let e = VerifierError {
        func: None,
        block: None,
        inst: None,
        message: "duplicate function name @f".into(),
        site: ErrorSite::default(),
    };
    assert_eq!(e.to_string(), "duplicate function name @f");
    let e = VerifierError {
        func: Some("k".into()),
        block: Some("bb3".into()),
        inst: None,
        message: "m".into(),
        site: ErrorSite::default(),
    };
    assert_eq!(e.to_string(), "in function @k, block %bb3: m");
}

// ----- scaling -----

#[test]
fn large_straight_line_function_verifies() {
    let mut m = Module::new();
    let f = add_fn(&mut m, "big", Type::I32, &[Type::I32]);
    let a = param(&m, f, 0);
    let e = blk(&mut m, f, "entry");
    let mut b = bld(&mut m, f, e);
    let mut x = a;
    for _ in 0..200_000 {
        x = b.binary(BinaryOp::Add, x, a);
    }
    b.ret(Some(x));
    assert_ok(&m);
}

#[test]
fn long_block_chain_and_diamond_ladder_verify() {
    let mut m = Module::new();
    let f = add_fn(&mut m, "chain", Type::I32, &[Type::I32]);
    let a = param(&m, f, 0);
    let e = blk(&mut m, f, "entry");
    let base = bld(&mut m, f, e).binary(BinaryOp::Add, a, a);
    let mut prev_block = e;
    let mut x = base;
    for _ in 0..20_000 {
        let nb = m.funcs[f].append_block(None);
        bld(&mut m, f, prev_block).br(nb);
        // Every block uses the entry's value: dominance queries span the whole chain.
        x = bld(&mut m, f, nb).binary(BinaryOp::Add, x, base);
        prev_block = nb;
    }
    bld(&mut m, f, prev_block).ret(Some(x));

    // A ladder of 5000 diamonds joined by phis.
    let g = add_fn(&mut m, "ladder", Type::I32, &[Type::I32]);
    let a = param(&m, g, 0);
    let mut cur = blk(&mut m, g, "entry");
    let mut v = a;
    for _ in 0..5_000 {
        let (t, el, j) = {
            let func = &mut m.funcs[g];
            (func.append_block(None), func.append_block(None), func.append_block(None))
        };
        let c = bld(&mut m, g, cur).icmp(IntPredicate::Slt, v, a);
        bld(&mut m, g, cur).cond_br(c, t, el);
        let vt = bld(&mut m, g, t).binary(BinaryOp::Add, v, a);
        bld(&mut m, g, t).br(j);
        let ve = bld(&mut m, g, el).binary(BinaryOp::Sub, v, a);
        bld(&mut m, g, el).br(j);
        let (phi, p) = bld(&mut m, g, j).phi(Type::I32);
        m.funcs[g].dfg.phi_add_incoming(phi, vt, t);
        m.funcs[g].dfg.phi_add_incoming(phi, ve, el);
        v = p;
        cur = j;
    }
    bld(&mut m, g, cur).ret(Some(v));
    assert_ok(&m);
}

#[test]
fn threads_give_the_same_verdict_and_errors() {
    // Twelve functions: the good ones verify on any number of threads; with bad ones among them (each with a bad
    // constant operand, which the threads' own constant verdicts would report again) the errors are exactly the
    // one-thread list, in function order.
    let build = |bad: &[usize]| {
        let mut m = Module::new();
        for k in 0..12 {
            let f = add_fn(&mut m, &format!("f{k}"), Type::VOID, &[Type::I32, Type::I64]);
            let e = blk(&mut m, f, "entry");
            let (a, b) = (param(&m, f, 0), param(&m, f, 1));
            if bad.contains(&k) {
                bld(&mut m, f, e).binary(BinaryOp::Add, a, b);
                let arr = m.types.array(Type::I32, 2);
                let one = m.consts.int(Type::I32, 32, 1);
                let c = cval(&mut m, f, ConstData::Array(arr, vec![one]));
                raw(&mut m, f, e, InstKind::Freeze, &[c], arr);
            } else {
                bld(&mut m, f, e).binary(BinaryOp::Add, a, a);
            }
            bld(&mut m, f, e).ret(None);
        }
        m
    };
    let good = build(&[]);
    for threads in [1, 2, 4, 16] {
        assert_eq!(verify_module_threads(&good, threads), Ok(()));
    }
    let bad = build(&[3, 7, 8]);
    let one = verify_module(&bad).unwrap_err();
    // Three operand mismatches; the shared bad constant is reported once, where it is first used.
    assert_eq!(one.len(), 4);
    for threads in [2, 4, 16] {
        assert_eq!(verify_module_threads(&bad, threads).unwrap_err(), one);
    }
}
